"""Deadlines that decide, through Discord (simcord): `/tournament create deadline:adjudicate` (refused without a
round length), and at the round's end the computer's ruling posted with its evaluation, the match's board ended, and
the organiser's `/tournament result` still over it."""

from __future__ import annotations

import random
from typing import Any

import discord
import pytest

from cogs import limits
from tests.bot.helpers import answer
from tests.bot.test_hostile_names import problems
from tests.bot.test_swiss_standings_bot import move
from tests.bot.test_tournament_bot import fresh, open_event, person, server
from tests.tournaments.test_deadlines import AtOnce
from tournaments import rounds as rounds_module
from tournaments.adjudicator import Evaluation, verdict

HOUR = 3600
LENGTH: dict[str, Any] = {"round-hours": 2}  # not a Python name


def fixed_chances(monkeypatch: pytest.MonkeyPatch, env: Any, chances: tuple[float, float]) -> None:
    """The worker's evaluation replaced by fixed chances (tests/tournaments/test_deadlines.py tests the real one)."""
    def fake(game_name: str, state_json: dict[str, Any], groups: list[list[int]], seed: str,
             iterations: int | None) -> dict[str, Any]:
        return Evaluation(chances, verdict(chances), 1, 10).to_json()

    monkeypatch.setattr(rounds_module, "evaluate_json", fake)
    env.bot.tournaments.clock.executor = AtOnce()


async def two_moves_then_the_deadline(env: Any, channel: Any, people: list[Any], match_id: int | None,
                                      seed: int) -> None:
    rng = random.Random(seed)
    await move(env, channel, people, match_id, rng)
    await move(env, channel, people, match_id, rng)
    await env.advance_time(2 * HOUR + 5)


def test_a_long_list_of_rulings_is_posted_whole_in_several_messages() -> None:
    lines = ["head", *(f"• match #{n}: " + "x" * 90 for n in range(60)), "tail"]
    texts = limits.in_messages(lines)
    assert len(texts) > 1 and all(len(t) <= limits.CONTENT for t in texts)
    assert "\n".join(texts).split("\n") == lines  # every line once, whole, in order
    assert limits.in_messages(["y" * 2500]) == [limits.cut("y" * 2500, limits.CONTENT)]


async def test_adjudicate_needs_a_round_length(simcord_env: Any) -> None:
    env = simcord_env
    channel, boss, _people = server(env, 2)
    result = await boss.slash(channel, "tournament create", game="cintos", format="swiss", deadline="adjudicate")
    text = answer(result).content
    assert result.ephemeral and "round-hours" in text and "open for sign-up" not in text, text
    assert await env.bot.tournaments.listing(channel.guild.id) == []


async def test_the_computer_adjudicates_at_the_deadline_and_the_organiser_overrules(
        simcord_env: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    env = simcord_env
    fixed_chances(monkeypatch, env, (0.07, 0.93))
    channel, boss, people = server(env, 2)
    event = await open_event(env, channel, boss, people, game="cintos", format="swiss", rounds=1, time=86400,
                             deadline="adjudicate", **LENGTH)
    event = await fresh(env, event)
    assert event.settings().deadline == "adjudicate"
    (post,) = [m for m in channel.history() if m.embeds and "Round 1 of" in (m.embeds[0].title or "")]
    (ends,) = [f for f in post.embeds[0].fields if f.name == "Round ends"]
    assert ends.value.endswith("a match still running then is adjudicated by the computer (a win from 90 %, else a "
                               "draw)"), ends.value
    (table,) = event.round_tables()
    assert table.match_id is not None
    await two_moves_then_the_deadline(env, channel, people, table.match_id, 2)
    (post,) = [m for m in channel.history() if "reached its deadline; decided" in m.content]
    match = await env.bot.service.get(table.match_id)
    first, second = (person(people, u).name for u in match.user_ids)
    assert (f"match #{match.id}: {second} wins, adjudicated by the computer (winning chances {first} 7 %, "
            f"{second} 93 %; 90 % wins)") in post.content, post.content
    assert "/tournament result" in post.content and "still playing" not in channel.last_message.content
    assert match.status == "finished"
    result = match.result()
    assert result is not None and result.winners == frozenset({1})
    event = await fresh(env, event)
    assert event.status == "finished" and event.tables[0].points == (0.0, 1.0)
    pairings = await boss.slash(channel, "tournament pairings", round=1, tournament=event.id)
    assert "adjudicated by the computer" in str(answer(pairings).embeds[0].description), answer(pairings)
    board = next(m for m in channel.history() if m.id == match.record.message_id)
    assert "The computer adjudicated it at the round's deadline" in str(board.embeds[0].to_dict()), board
    overrule = await boss.slash(channel, "tournament result", match=match.id, result="draw")
    assert "draw" in answer(overrule).content, answer(overrule).content
    event = await fresh(env, event)
    assert event.tables[0].points == (0.5, 0.5)


async def test_a_draw_below_ninety_percent_and_a_double_forfeit_for_nobody_moved(
        simcord_env: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    env = simcord_env
    fixed_chances(monkeypatch, env, (0.6, 0.4))
    channel, boss, people = server(env, 4)
    event = await open_event(env, channel, boss, people, game="cintos", format="swiss", rounds=2, time=86400,
                             deadline="adjudicate", **LENGTH)
    event = await fresh(env, event)
    busy, idle = event.round_tables()
    await two_moves_then_the_deadline(env, channel, people, busy.match_id, 3)
    (post,) = [m for m in channel.history() if "reached its deadline; decided" in m.content]
    assert f"match #{busy.match_id}: drawn, adjudicated by the computer (winning chances" in post.content
    assert "60 %" in post.content and "nobody reached 90 %" in post.content
    assert f"match #{idle.match_id}: double forfeit (nobody moved)" in post.content
    for user in (await env.bot.service.get(idle.match_id)).user_ids:  # warned at halfway what the end will do
        (reminder,) = [m for m in person(people, user).user.dm_channel.history() if "is half over" in m.content]
        assert "a match still running then is adjudicated by the computer" in reminder.content, reminder.content
    event = await fresh(env, event)
    assert event.round == 2  # both decided: the next round is paired


async def test_the_rulings_post_shows_hostile_names_as_written(simcord_env: Any,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    env = simcord_env
    fixed_chances(monkeypatch, env, (0.95, 0.05))
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("boss"), roles=[admins])
    people = [guild.add_member(env.create_user(name)) for name in ("**loud**", "@everyone")]
    event = await open_event(env, channel, boss, people, game="cintos", format="swiss", rounds=1, time=86400,
                             deadline="adjudicate", **LENGTH)
    (table,) = (await fresh(env, event)).round_tables()
    await two_moves_then_the_deadline(env, channel, people, table.match_id, 4)
    (post,) = [m for m in channel.history() if "reached its deadline; decided" in m.content]
    assert "wins, adjudicated by the computer" in post.content and problems(post.content) == [], post.content
    assert "\\*\\*loud\\*\\*" in post.content  # the name, escaped, not dropped
