"""`/privacy` on simcord: show lists what is stored, export sends a JSON file by DM (or hands it over when DMs are
closed), forget asks to confirm with a button only its asker can press for five minutes, then resigns the running
match (its board posted), cuts the name to "Player 1" in history and exports, and does not record the name again."""

from __future__ import annotations

import json
from typing import Any

import discord

from bot import TabletopBot
from cogs.privacy import CONFIRM_SECONDS, FORGET_LABEL, forget_view
from matches.history import export_record
from tests.bot.helpers import actor_of, answer, labels, open_match, world


async def one_move(env: Any, channel: Any, people: list[Any], game: str = "cintos") -> Any:
    match = await open_match(env, game, channel, people)
    mover = actor_of(match, people)
    (first, *_rest) = await mover.autocomplete(channel, f"{game} move", "move", "")
    await mover.slash(channel, f"{game} move", move=first["value"])
    return match


async def test_show_lists_what_is_stored_only_to_the_asker(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    ada, _bob = people
    await ada.slash(channel, "notify", turns=False)
    await one_move(simcord_env, channel, people)
    result = await ada.slash(channel, "privacy show")
    assert result.ephemeral
    embed = answer(result).embeds[0]
    assert embed.title == "What Tabletop stores about you"
    assert "ada" in embed.description
    fields = {f.name: f.value for f in embed.fields}
    assert "0 finished matches, 0 aborted, 1 running" in fields["Matches"]
    assert "1 notice preference" in fields["Choices"]
    assert "1 running match" in fields["Not over yet"]


async def test_export_arrives_by_dm_as_json_and_in_the_reply_when_dms_are_closed(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    ada, bob = people
    match = await one_move(simcord_env, channel, people)
    result = await ada.slash(channel, "privacy export")
    assert result.ephemeral and "Sent you a direct message" in answer(result).content
    dm = ada.user.dm_channel.history()[-1]
    (attachment,) = dm.attachments
    assert attachment.filename == f"tabletop-data-{ada.id}.json"
    data = json.loads(await attachment.read())
    assert data["user_id"] == str(ada.id) and data["user"]["name"] == "ada"
    assert "locale" in data["user"] and data["lessons_finished"] == []
    (row,) = data["matches"]
    assert row["match"] == match.id and row["status"] == "active"
    assert str(bob.id) not in json.dumps(data)  # the other player appears by seat only

    simcord_env.inject_error("POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403, code=50007,
                             message="Cannot send messages to this user", times=None)
    closed = await bob.slash(channel, "privacy export")
    message = answer(closed)
    assert closed.ephemeral and "direct messages are closed" in message.content
    (attachment,) = message.attachments
    assert json.loads(await attachment.read())["user_id"] == str(bob.id)


async def test_forget_is_only_for_yourself_and_expires(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    ada, bob = people
    await one_move(simcord_env, channel, people)
    bot: TabletopBot = simcord_env.bot
    refused = await bob.slash(channel, "privacy forget", user=ada.user)
    assert refused.ephemeral and "only forget your own data" in answer(refused).content
    assert "python -m data.forget" in answer(refused).content

    asked = await ada.slash(channel, "privacy forget")
    confirm = answer(asked)
    assert asked.ephemeral and FORGET_LABEL in labels(confirm)
    assert confirm.embeds[0].title == "Forget everything about you?"
    # The confirmation is ephemeral: someone else could press it only on a message crafted to carry it
    posted = bot.get_channel(channel.id)
    assert isinstance(posted, discord.TextChannel)
    await posted.send("crafted", view=forget_view(ada.id, int(bot.service.now()) + 60))
    await simcord_env.settle()
    other = await bob.click(channel.last_message, label=FORGET_LABEL)
    assert "only forget your own data" in answer(other).content
    await simcord_env.advance_time(CONFIRM_SECONDS + 1)
    late = await ada.click(confirm, label=FORGET_LABEL)
    assert "expired" in answer(late).content and "nothing was deleted" in answer(late).content
    kept = await bot.service.store.users.get_user(ada.id)
    assert kept is not None and kept.name == "ada"
    assert (await bot.service.matches_for(ada.id))[0].status == "active"


async def test_forget_resigns_cuts_the_name_and_starts_afresh(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    ada, bob = people
    bot: TabletopBot = simcord_env.bot
    match = await one_move(simcord_env, channel, people)
    await ada.slash(channel, "notify", reminders=False)

    confirm = answer(await ada.slash(channel, "privacy forget"))
    done = await ada.click(confirm, label=FORGET_LABEL)
    text = answer(done).content
    assert "Done" in text and "Resigned 1 match" in text and "**Player 1**" in text, text
    board = channel.last_message  # the resignation's board, posted as any resignation's
    assert board.embeds and f"match #{match.id}" in board.embeds[0].title and "resign" in board.embeds[0].description

    ended = await bot.service.get(match.id)
    assert ended.status == "finished" and ada.id not in ended.user_ids
    assert set(await bot.service.names(ended)) == {"Player 1", "bob"}
    record = await export_record(bot.service, match.id)
    assert "Player 1" in {s["user"] for s in record["seats"]}
    history = answer(await bob.slash(channel, "history", match=match.id))
    assert "ada" not in json.dumps([e.to_dict() for e in history.embeds])
    assert await bot.service.store.users.get_user(ada.id) is None  # not recorded again after the button
    assert await bot.service.notice_settings(ada.id) == await bot.service.notice_settings(10**18)  # defaults

    # She comes back: recorded afresh, nothing of before is hers
    shown = answer(await ada.slash(channel, "privacy show")).embeds[0]
    assert "0 finished matches, 0 aborted, 0 running" in {f.name: f.value for f in shown.fields}["Matches"]
    back = await bot.service.store.users.get_user(ada.id)
    assert back is not None and back.name == "ada"
    assert "Player 1" in await bot.service.names(await bot.service.get(match.id))
