"""What one move costs in calls to Discord's REST API: no user lookup per turn notice (GET /users/{id} was made for
every notice), a DM channel opened once per player and then kept (in the database: it outlives the process), and a
fixed handful of calls per move however long the match runs."""

from __future__ import annotations

from collections import Counter
from typing import Any

from bot import TabletopBot
from tests.bot.conftest import make_bot
from tests.bot.helpers import actor_of, answer, open_match, world

MOVES = 12
PER_MOVE = 6  # the deferred answer and its follow-up, the new board, the old board shortened, the DM, one spare


class Calls:
    """Every REST call the bot makes, as (method, route template: `/users/{user_id}`)."""

    def __init__(self, bot: TabletopBot) -> None:
        self.seen: list[tuple[str, str]] = []
        http = bot.http
        request = http.request

        async def counted(route: Any, **kwargs: Any) -> Any:
            self.seen.append((route.method, route.path))
            return await request(route, **kwargs)

        http.request = counted  # type: ignore[method-assign]

    def count(self, method: str, path: str) -> int:
        return sum(1 for seen in self.seen if seen == (method, path))


async def play(env: Any, channel: Any, people: list[Any], match_id: int, moves: int) -> None:
    for _ in range(moves):
        bot: TabletopBot = env.bot  # the running one: a restart replaces it
        mover = actor_of(await bot.service.get(match_id), people)
        (first, *_rest) = await mover.autocomplete(channel, "cintos move", "move", "")
        result = await mover.slash(channel, "cintos move", move=first["value"])
        assert answer(result).content.startswith("Played"), answer(result).content


async def test_a_move_makes_no_user_lookup_and_few_calls(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "cintos", channel, people)
    calls = Calls(simcord_env.bot)
    await play(simcord_env, channel, people, match.id, MOVES)
    assert calls.count("GET", "/users/{user_id}") == 0, Counter(calls.seen)  # names and DM channels are known
    assert calls.count("POST", "/users/@me/channels") <= len(people), Counter(calls.seen)  # opened once each
    assert calls.count("POST", "/channels/{channel_id}/messages") >= 2 * MOVES  # the boards and the DMs went out
    assert len(calls.seen) <= PER_MOVE * MOVES, Counter(calls.seen)
    for person in people:  # every turn notice arrived
        assert any(f"match #{match.id}" in m.content for m in person.user.dm_channel.history())


async def test_a_restarted_bot_opens_no_dm_channel_again(simcord_env: Any, db_path: str) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "cintos", channel, people)
    await play(simcord_env, channel, people, match.id, 2)  # each player got a notice: their DM channels are known
    await simcord_env.restart_bot(make_bot(db_path, seed=3))
    calls = Calls(simcord_env.bot)
    before = {p.id: len(p.user.dm_channel.history()) for p in people}
    await play(simcord_env, channel, people, match.id, 4)
    assert calls.count("POST", "/users/@me/channels") == 0 and calls.count("GET", "/users/{user_id}") == 0, \
        calls.seen
    assert all(len(p.user.dm_channel.history()) > before[p.id] for p in people)


async def test_a_dm_channel_that_is_gone_is_opened_again(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "cintos", channel, people)
    bot: TabletopBot = simcord_env.bot
    waiting = next(p for p in people if p is not actor_of(match, people))
    await bot.service.remember_dm_channel(waiting.id, 4242)  # a channel Discord no longer knows
    before = len(waiting.user.dm_channel.history())
    await play(simcord_env, channel, people, match.id, 1)  # now it is their turn: a notice
    assert len(waiting.user.dm_channel.history()) == before + 1
    record = await bot.service.store.users.get_user(waiting.id)
    assert record is not None and record.dm_channel == waiting.user.dm_channel.id and record.dm_open
