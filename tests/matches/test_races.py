"""Races and double submissions on the service: each reproduced deterministically, in one process and across two."""

from __future__ import annotations

import asyncio
import contextlib
import random
from pathlib import Path

import pytest
import pytest_asyncio

from data import Store
from matches import MatchService, Refusal
from tests.matches.helpers import FakeClock

ADA, BOB, CY = 11, 22, 33


@pytest_asyncio.fixture
async def path(tmp_path: Path) -> Path:
    return tmp_path / "r.sqlite3"


async def open_service(path: Path, clock: FakeClock | None = None, seed: int = 1) -> MatchService:
    return MatchService(await Store.open(path), rng=random.Random(seed), clock=clock or FakeClock())


async def started(service: MatchService, game: str = "cintos", players: int = 2, **kwargs):
    match = await service.create(game, guild_id=1, channel_id=2, creator_id=ADA, players=players, **kwargs)
    for user in (BOB, CY)[: players - 1]:
        await service.join(match.id, user)
    return (await service.start(match.id, ADA)).match


async def first_move(service: MatchService, match) -> str:
    user = match.user_at(match.actors()[0])
    return (await service.legal_texts(match.id, user))[0]


async def test_rematch_pressed_together_opens_one_lobby(path: Path) -> None:
    service = await open_service(path)
    match = await started(service)
    await service.resign(match.id, ADA)
    results = await asyncio.gather(service.rematch(match.id, ADA), service.rematch(match.id, BOB),
                                   return_exceptions=True)
    lobbies = [r for r in results if not isinstance(r, BaseException)]
    refusals = [r for r in results if isinstance(r, Refusal)]
    assert len(lobbies) == 1 and len(refusals) == 1, results
    assert f"match #{lobbies[0].id}" in refusals[0].message
    assert [m.id for m in await service.matches_for(ADA, ("lobby",))] == [lobbies[0].id]
    await service.store.close()


async def test_rematch_from_two_processes_opens_one_lobby(path: Path) -> None:
    first = await open_service(path)
    match = await started(first)
    await first.resign(match.id, ADA)
    second = await open_service(path)  # another bot process on the same database
    results = await asyncio.gather(first.rematch(match.id, ADA), second.rematch(match.id, BOB),
                                   return_exceptions=True)
    assert sum(isinstance(r, Refusal) for r in results) == 1, results
    assert len(await first.store.matches_for_user(BOB, ("lobby",))) == 1
    await first.store.close()
    await second.store.close()


async def test_reminder_racing_a_move_does_not_spoil_the_next_turn(path: Path) -> None:
    clock = FakeClock()
    service = await open_service(path, clock)
    match = await started(service, time_control=1000)
    clock.now += 500
    [(kind, due)] = await service.due()
    assert kind == "remind"
    mover = match.user_at(match.actors()[0])
    text = await first_move(service, match)
    # The move starts committing first; the reminder is processed while the commit is in flight.
    turn, count = await asyncio.gather(service.act(match.id, mover, text), service.mark_reminded(due))
    assert count is None  # the turn it was for is over: no "half of your time is gone" to the next player
    record = await service.store.get_match(match.id)
    assert record is not None and record.reminders == 0 and record.version == turn.match.record.version
    assert match.record.version == record.version  # the service's copy did not go back to the old turn
    clock.now += 500  # half of the NEW turn: the real reminder comes
    assert [k for k, _ in await service.due()] == ["remind"]
    assert await service.mark_reminded(match) == 1
    assert await service.mark_reminded(match) is None  # and only once
    await service.store.close()


async def test_joins_from_two_processes_lose_no_seat(path: Path) -> None:
    first = await open_service(path)
    lobby = await first.create("cintos", guild_id=1, channel_id=2, creator_id=ADA, players=4)
    second = await open_service(path)
    await second.get(lobby.id)  # both processes have seen the lobby with one seat
    results = await asyncio.gather(first.join(lobby.id, BOB), second.join(lobby.id, CY), return_exceptions=True)
    seated = {s.user_id for s in await first.store.seats(lobby.id)}
    joined = {user for user, r in zip((BOB, CY), results, strict=True) if not isinstance(r, BaseException)}
    assert seated == {ADA} | joined  # whoever was told "joined" is seated; a refused join changed nothing
    for r in results:
        assert not isinstance(r, BaseException) or isinstance(r, Refusal), r
    await first.store.close()
    await second.store.close()


async def test_draw_accepted_after_it_lapsed_elsewhere_is_refused(path: Path) -> None:
    first = await open_service(path)
    match = await started(first)
    await first.offer_draw(match.id, ADA)
    second = await open_service(path)
    await second.get(match.id)  # the second process still sees the offer
    mover = match.user_at(match.actors()[0])
    await first.act(match.id, mover, await first_move(first, match))  # the move lapses the offer
    with pytest.raises(Refusal):
        await second.answer_draw(match.id, BOB, accept=True)
    record = await first.store.get_match(match.id)
    assert record is not None and record.status == "active" and record.draw_offer == ()
    await first.store.close()
    await second.store.close()


async def sanae_swap(service: MatchService):
    """A Sanae match in setup where ADA has laid a preset: a layout swap is legal again right after itself."""
    match = await started(service, "sanae")
    preset = next(t for t in await service.legal_texts(match.id, ADA) if t.startswith("layout preset"))
    await service.act(match.id, ADA, preset, key="preset-1")
    swap = next(t for t in await service.legal_texts(match.id, ADA) if t.startswith("layout swap"))
    return match, swap


async def test_same_key_twice_is_applied_once(path: Path) -> None:
    service = await open_service(path)
    match, swap = await sanae_swap(service)
    laid = match.state.cells
    first = await service.act(match.id, ADA, swap, key="interaction-77")
    swapped = match.state.cells
    assert swapped != laid
    version = match.record.version
    with pytest.raises(Refusal, match="Already played"):
        await service.act(match.id, ADA, swap, key="interaction-77")  # the retry: the swap would undo itself
    assert match.record.version == version and match.state.cells == swapped
    assert getattr(await service.store.keyed(match.id, "interaction-77"), "n", None) == first.events[0].n
    await service.act(match.id, ADA, swap, key="interaction-78")  # a new click is a new request
    assert match.state.cells == laid
    with pytest.raises(Refusal, match="Already played"):  # resign with a used key changes nothing either
        await service.resign(match.id, ADA, key="interaction-78")
    assert match.status == "active"
    await service.store.close()


async def test_same_key_at_the_same_moment_is_applied_once(path: Path) -> None:
    service = await open_service(path)
    match, swap = await sanae_swap(service)
    version = match.record.version
    results = await asyncio.gather(*(service.act(match.id, ADA, swap, key="k") for _ in range(2)),
                                   return_exceptions=True)
    assert sum(isinstance(r, Refusal) and "Already played" in r.message for r in results) == 1, results
    assert match.record.version == version + 1
    await service.store.close()


async def test_same_key_from_two_processes_is_applied_once(path: Path) -> None:
    first = await open_service(path)
    match, swap = await sanae_swap(first)
    second = await open_service(path)
    await second.get(match.id)
    await first.act(match.id, ADA, swap, key="retried")
    with pytest.raises(Refusal, match="Already played"):  # the retry reached the other process
        await second.act(match.id, ADA, swap, key="retried")
    assert len(await first.store.log(match.id)) == match.record.version
    await first.store.close()
    await second.store.close()


async def test_scheduler_reload_racing_a_move_keeps_the_new_turn(path: Path) -> None:
    clock = FakeClock()
    service = await open_service(path, clock)
    match = await started(service, time_control=1000)
    clock.now += 500
    mover = match.user_at(match.actors()[0])
    text = await first_move(service, match)
    # Injected pauses force the bad order: the move's commit waits until the scheduler has read the old turn (or
    # half a second, when a correct scheduler waits for the match instead), and the scheduler finishes reloading
    # only after the move was acknowledged. It must not put the old turn back.
    store = service.store
    read_old, committed = asyncio.Event(), asyncio.Event()
    read, append = store.get_match, store.append

    async def slow_read(match_id: int):
        record = await read(match_id)
        read_old.set()
        await committed.wait()
        return record

    async def late_append(*args, **kwargs):
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(read_old.wait(), 0.5)
        return await append(*args, **kwargs)

    async def move():
        done = await service.act(match.id, mover, text)
        committed.set()
        return done

    store.get_match, store.append = slow_read, late_append  # type: ignore[method-assign]
    turn, _ = await asyncio.gather(move(), service.due())
    store.get_match, store.append = read, append  # type: ignore[method-assign]
    record = await service.store.get_match(match.id)
    assert record is not None and match.record.version == record.version == turn.match.record.version
    assert match.state == await service.replay(match.id)
    await service.store.close()
