"""`/notify` on simcord: the settings shown only to the caller, turn DMs off for one game only, reminders off."""

from __future__ import annotations

from typing import Any

from matches import Match
from tests.bot.helpers import actor_of, answer, open_match, world

HOUR = 3600


def dms(person: Any, match: Match, word: str) -> list[str]:
    """The DMs this person got about `match` that contain `word` ("Your turn", "Reminder")."""
    return [m.content for m in person.user.dm_channel.history() if word in m.content and f"#{match.id}" in m.content]


async def play_one(channel: Any, match: Match, people: list[Any]) -> None:
    mover = actor_of(match, people)
    (first, *_rest) = await mover.autocomplete(channel, f"{match.game.name} move", "move", "")
    result = await mover.slash(channel, f"{match.game.name} move", move=first["value"])
    assert answer(result).content.startswith("Played"), answer(result).content


async def test_notify_alone_shows_the_defaults_only_to_the_caller(simcord_env: Any) -> None:
    channel, (ada, _bob) = world(simcord_env)
    result = await ada.slash(channel, "notify")
    assert result.ephemeral
    embed = answer(result).embeds[0]
    assert embed.title == "Your notices"
    lines = embed.description.splitlines()
    assert lines[0] == "**Every game:** turn DMs on · reminders on"
    assert "**Cintos:** turn DMs on · reminders on" in lines and len(lines) == 6
    one = answer(await ada.slash(channel, "notify", game="sinoda")).embeds[0].description.splitlines()
    assert one == ["**Every game:** turn DMs on · reminders on", "**Sinoda:** turn DMs on · reminders on"]


async def test_turn_dms_off_for_one_game_stops_them_for_that_game_only(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    ada, bob = people
    saved = await ada.slash(channel, "notify", turns=False, game="cintos")
    assert saved.ephemeral and "Saved your notices in Cintos" in answer(saved).content
    assert "**Cintos:** turn DMs off (set for this game) · reminders on" in answer(saved).embeds[0].description

    cintos = await open_match(simcord_env, "cintos", channel, people)
    for _ in range(3):  # each player is to move at least once
        await play_one(channel, cintos, people)
    assert dms(ada, cintos, "Your turn") == []
    assert dms(bob, cintos, "Your turn")  # the other player's defaults are unchanged
    board = channel.last_message
    assert board.content == f"<@{cintos.user_at(cintos.actors()[0])}>"  # the board message still mentions the mover

    other_channel = channel.guild.create_text_channel("more-games")
    await ada.slash(other_channel, "sinoda new", players=2)
    await bob.click(other_channel.last_message, label="Join")
    await ada.click(other_channel.last_message, label="Start")
    (sinoda,) = [m for m in await simcord_env.bot.service.matches_for(ada.id) if m.game.name == "sinoda"]
    for _ in range(3):
        await play_one(other_channel, sinoda, people)
    assert dms(ada, sinoda, "Your turn") and dms(bob, sinoda, "Your turn")  # Sinoda DMs still arrive


async def test_reminders_off_means_no_reminder_at_all(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "cintos", channel, people, time=HOUR)
    mover = actor_of(match, people)
    other = next(p for p in people if p is not mover)
    await mover.slash(channel, "notify", reminders=False)
    posted = len(channel.history())
    await simcord_env.advance_time(HOUR * 0.95)  # past both the half and the 90 % reminder
    assert dms(mover, match, "Reminder") == []
    assert len(channel.history()) == posted  # nor a channel mention instead
    assert match.record.reminders == 2  # both reminders were due (and are not sent later)

    await play_one(channel, match, people)  # the other player kept the default: they are reminded
    await simcord_env.advance_time(HOUR / 2 + 1)
    assert len(dms(other, match, "Reminder")) == 1


async def test_reminders_back_on_for_one_game(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "cintos", channel, people, time=HOUR)
    mover = actor_of(match, people)
    await mover.slash(channel, "notify", reminders=False)
    shown = await mover.slash(channel, "notify", reminders=True, game="cintos")
    assert "**Sinoda:** turn DMs on · reminders off" in answer(shown).embeds[0].description
    await simcord_env.advance_time(HOUR / 2 + 1)
    assert len(dms(mover, match, "Reminder")) == 1
