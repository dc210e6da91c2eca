"""Computer seats in the match service: whole games against each level, restarts, and the in-turn decisions
(Sanae's Zed Inel, Sakamichi's colour) that a computer must answer by itself."""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from data import Store
from matches import Match, MatchService, Refusal
from matches.computers import computer_id, computer_name, is_computer, level_of
from rules.sanae.board import SIDES

ADA, BOB = 11, 22
MAX_TURNS = 3000  # a guard: every game here ends well before


@pytest_asyncio.fixture
async def store(tmp_path: Path):
    opened = await Store.open(tmp_path / "c.sqlite3")
    yield opened
    await opened.close()


def service_for(store: Store, seed: int = 1) -> MatchService:
    service = MatchService(store, rng=random.Random(seed))
    service.computer_iterations, service.computer_seconds = 4, None  # tiny: hard's search is not under test
    return service


async def vs_computer(service: MatchService, game: str, level: str, **options: str) -> Match:
    lobby = await service.create(game, guild_id=1, channel_id=2, creator_id=ADA, players=2, options=options)
    await service.add_computer(lobby.id, ADA, level)
    turn = await service.start(lobby.id, ADA)
    return turn.match


async def human_turn(service: MatchService, match: Match, pick: Any) -> bool:
    """Let the computers finish, then play one human action chosen by `pick`; False once the match is over."""
    await service.computers_settled()
    if match.outcome() is not None:
        return False
    mine = [s for s in match.actors() if not is_computer(match.user_at(s))]
    assert mine, "the computers settled but nobody human is to act: a computer's turn was dropped"
    texts = await service.legal_texts(match.id, ADA)
    await service.act(match.id, ADA, pick(match, texts))
    return True


@pytest.mark.parametrize("level", ["easy", "normal"])
@pytest.mark.parametrize("game", ["sinoda", "sakamichi", "cintos", "sanae", "bodsoi"])
async def test_a_human_plays_a_computer_to_the_end(store: Store, game: str, level: str) -> None:
    service = service_for(store)
    match = await vs_computer(service, game, level)
    rng = random.Random(7)
    pick = towards_the_void if game == "sanae" else lambda _m, texts: rng.choice(texts)  # sanae: a shorter game
    for _ in range(MAX_TURNS):
        if not await human_turn(service, match, pick):
            break
    assert match.outcome() is not None and match.status == "finished"
    log = await store.log(match.id)
    computer = next(u for u in match.user_ids if is_computer(u))
    assert any(e.user_id == computer for e in log), "the computer never moved"
    assert (await service.replay(match.id)) == match.state  # the log alone rebuilds it
    assert not await store.ratings.match_rated(match.id)
    assert await service.rate_finished(match) is None


async def test_computer_seats_in_the_lobby(store: Store) -> None:
    service = service_for(store)
    lobby = await service.create("cintos", guild_id=1, channel_id=2, creator_id=ADA, players=2)
    await service.join(lobby.id, BOB)
    with pytest.raises(Refusal, match="full"):
        await service.add_computer(lobby.id, ADA, "hard")
    await service.leave(lobby.id, BOB)
    with pytest.raises(Refusal, match="level"):
        await service.add_computer(lobby.id, ADA, "expert")
    with pytest.raises(Refusal, match="Only the player who opened"):
        await service.add_computer(lobby.id, BOB, "hard")
    assert await store.ratings.match_rated(lobby.id)  # 2 players: rated by default, until a computer sits down
    await service.add_computer(lobby.id, ADA, "hard")
    assert not await store.ratings.match_rated(lobby.id)
    assert (await service.names(lobby))[1] == "Computer (hard)"
    assert not await service.wants_notice(lobby.user_ids[1], "cintos", "turns")
    big = await service.create("bodsoi", guild_id=1, channel_id=2, creator_id=ADA, players=4)
    for level in ("easy", "easy", "normal"):
        await service.add_computer(big.id, ADA, level)
    assert await service.names(big) == ["Player 1", "Computer (easy)", "Computer 2 (easy)", "Computer 3 (normal)"]
    assert len(set(big.user_ids)) == 4 and level_of(big.user_ids[3]) == "normal"
    turn = await service.start(big.id, ADA)
    with pytest.raises(Refusal, match="does not take draws"):
        await service.offer_draw(turn.match.id, ADA)
    await service.computers_settled()
    assert ADA in [turn.match.user_at(s) for s in turn.match.actors()] or turn.match.outcome() is not None


class Stuck(Executor):
    """A pool whose computers think forever: the process "dies" while one is thinking."""

    def __init__(self) -> None:
        self.asked = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.asked += 1
        return Future()


async def test_a_restart_resumes_a_computer_that_was_thinking(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite3"
    first_store = await Store.open(db)
    first = service_for(first_store)
    stuck = first.computer_executor = Stuck()
    match = await vs_computer(first, "cintos", "normal")
    if ADA in [match.user_at(s) for s in match.actors()]:
        await first.act(match.id, ADA, (await first.legal_texts(match.id, ADA))[0])
    await asyncio.sleep(0.05)
    assert stuck.asked == 1 and first.computers_to_act(match)
    version = match.record.version
    await first.stop_computers()  # the process goes away mid-thought: nothing of the computer's was committed
    await first_store.close()

    again_store = await Store.open(db)
    try:
        again = service_for(again_store)
        assert await again.resume_computers() == 1
        await again.computers_settled()
        resumed = await again.get(match.id)
        assert resumed.record.version > version
        assert not again.computers_to_act(resumed)
        computer = computer_id("normal", 1)
        assert [e.user_id for e in await again_store.log(match.id)].count(computer) == 1
        assert await again.resume_computers() == 0  # nothing left to do: it is the human's turn
    finally:
        await again_store.close()


async def test_a_computer_chooses_sakamichis_colour(store: Store) -> None:
    """The human with the privilege chooses to go first, so the computer must choose the colours in their turn."""
    for seed in range(40):
        service = service_for(store, seed)
        match = await vs_computer(service, "sakamichi", "normal", mode="advanced")
        await service.computers_settled()
        texts = await service.legal_texts(match.id, ADA)
        if "choose first" not in texts:
            continue  # the computer had the privilege; try another seat draw
        await service.act(match.id, ADA, "choose first")
        await service.computers_settled()
        last = (await store.log(match.id))[-1]
        choices = [e for e in await store.log(match.id) if e.text.startswith("choose colour")]
        assert choices and is_computer(choices[0].user_id)
        assert match.state is not None and match.state.phase == "play" and match.state.choice is None, last
        return
    pytest.fail("no seed gave the human the privilege")


def towards_the_void(match: Match, texts: list[str]) -> str:
    """A Sanae human who knows where the Void is: attack it when possible, else close in on it."""
    game, state = match.game, match.state
    seat = match.seat_of(ADA)
    assert seat is not None and state is not None
    if "ready" in texts:
        return "ready"
    if "layout random" in texts and state.phase == "setup":
        return "layout random"
    mine, theirs = SIDES[seat].lower(), SIDES[1 - seat].lower()
    void = next((i for i, token in enumerate(state.cells) if token[:1] == theirs and token[1:2] == "V"), None)
    if void is None:  # not laid out yet
        return texts[0]

    def closeness(text: str) -> tuple[int, int]:
        after = game.apply(state, game.parse(state, text, seat), seat)
        if after.pending is not None and after.pending.kind == "zed":
            return (-1, 0)
        near = [after.grid.distance[i][void] for i, token in enumerate(after.cells) if token[:1] == mine]
        return (0, min(near, default=99))

    return min(texts, key=closeness)


async def test_a_computer_answers_zed_inel(store: Store) -> None:
    service = service_for(store)
    match = await vs_computer(service, "sanae", "normal")
    for _ in range(MAX_TURNS):
        zeds = [e for e in await store.log(match.id) if e.text.startswith("zed")]
        if zeds or not await human_turn(service, match, towards_the_void):
            break
    zeds = [e for e in await store.log(match.id) if e.text.startswith("zed")]
    assert zeds, "the human never reached the computer's Void"
    assert zeds[0].user_id is not None and is_computer(zeds[0].user_id)
    assert computer_name(zeds[0].user_id) == "Computer (normal)"
    state = match.state
    assert state is not None and (state.pending is None or state.pending.kind != "zed")


async def test_take_back_goes_on_as_a_new_match_without_the_last_move(store: Store) -> None:
    service = service_for(store)
    match = await vs_computer(service, "cintos", "easy")
    await service.computers_settled()
    with pytest.raises(Refusal, match="no move yet"):
        await service.take_back(match.id, ADA)
    for _ in range(3):
        await human_turn(service, match, lambda _m, texts: texts[0])
    await service.computers_settled()
    old_log = await store.log(match.id)
    last_mine = max(e.n for e in old_log if e.user_id == ADA)
    new = await service.take_back(match.id, ADA)
    await service.computers_settled()
    assert new.id != match.id and match.status == "aborted"
    words = match.result_words(await service.names(match))
    assert words is not None and words.reason.startswith("A move was taken back")
    assert [(e.seat, e.user_id, e.text) for e in await store.log(new.id)] == \
        [(e.seat, e.user_id, e.text) for e in old_log if e.n < last_mine]
    assert new.user_ids == match.user_ids and ADA in [new.user_at(s) for s in new.actors()]
    assert new.state == await service.replay(new.id) and not await store.ratings.match_rated(new.id)
    people = await service.create("cintos", guild_id=1, channel_id=2, creator_id=ADA, players=2)
    await service.join(people.id, BOB)
    started = (await service.start(people.id, ADA)).match
    mover = started.user_at(started.actors()[0])
    await service.act(started.id, mover, (await service.legal_texts(started.id, mover))[0])
    with pytest.raises(Refusal, match="only for a match against computers"):
        await service.take_back(started.id, mover)
