"""Takebacks in casual matches (`service.takebacks`, matches/takebacks.py): asked by the player who made the last
move, accepted by every other human (computers at once) or declined by one; every refusal; the position restored
exactly; the log growing by a `takeback N` line that replays, exports and verifies; two processes on one database."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

from data import Store
from data.takebacks import TakebackRow
from matches import Match, MatchService, Refusal, history
from matches.verify import verify_record
from rules.replay import takeback_text
from rules.results import stored_facts
from tests.matches.helpers import FakeClock

ADA, BOB, CY, DI = 11, 22, 33, 44


@pytest_asyncio.fixture
async def service(target: str) -> AsyncIterator[MatchService]:
    opened = await open_service(target)
    yield opened
    await opened.store.close()


async def open_service(target: str, clock: FakeClock | None = None) -> MatchService:
    service = MatchService(await Store.open(target), rng=random.Random(5), clock=clock or FakeClock())
    service.computer_iterations, service.computer_seconds = 4, None  # tiny: the computer's strength is not tested
    return service


async def started(service: MatchService, game: str = "cintos", players: int = 2, rated: bool = False,
                  **kwargs: Any) -> Match:
    match = await service.create(game, guild_id=1, channel_id=2, creator_id=ADA, players=players, rated=rated,
                                 **kwargs)
    for user in (BOB, CY, DI)[: players - 1]:
        await service.join(match.id, user)
    return (await service.start(match.id, ADA)).match


async def move(service: MatchService, match: Match, pick: int = 0) -> int:
    """The player to move plays their `pick`-th legal move; who it was."""
    user = match.user_at(match.actors()[0])
    texts = await service.legal_texts(match.id, user)
    await service.act(match.id, user, texts[pick % len(texts)])
    return user


async def test_accepted_takeback_restores_the_position_exactly(service: MatchService) -> None:
    match = await started(service)
    first = await move(service, match)
    second = await move(service, match)
    before = match.game.to_json(match.state)
    version = match.record.version
    mover = await move(service, match, pick=3)
    assert mover == first
    asked = await service.takebacks.ask(match.id, mover)
    assert asked.status == "pending" and asked.waiting == (match.seat_of(second),) and asked.line == version + 1
    assert match.record.version == version + 1  # asking writes no log line
    done = await service.takebacks.answer(match.id, second, accept=True)
    assert done.status == "taken back" and done.turn is not None
    assert match.game.to_json(match.state) == before  # exactly the position before the move
    assert match.actors() == [match.seat_of(mover)]  # and its player is to move again
    log = await service.store.log(match.id)
    assert len(log) == version + 2  # the move stays in the log, and the takeback is a line of its own
    assert (log[-1].seat, log[-1].user_id, log[-1].text) == (match.seat_of(mover), None, takeback_text(version + 1))
    assert match.game.to_json(await service.replay(match.id)) == before  # the log replays to it
    stored = await service.store.get_match(match.id)
    assert stored is not None and stored.state == before
    lines = await history.history(service, match.id, None)
    assert lines[-1].kind == "takeback" and lines[-1].text == takeback_text(version + 1)
    # play goes on from there: the same player moves again, another move this time
    await move(service, match, pick=1)
    assert match.record.version == version + 3


async def test_every_refusal_changes_nothing(service: MatchService) -> None:
    match = await started(service)
    first = match.user_at(match.actors()[0])
    other = BOB if first == ADA else ADA
    with pytest.raises(Refusal, match="no move to take back"):
        await service.takebacks.ask(match.id, first)
    await move(service, match)
    with pytest.raises(Refusal, match="not playing"):
        await service.takebacks.ask(match.id, CY)
    with pytest.raises(Refusal, match="You have made no move"):  # the last move was not theirs
        await service.takebacks.ask(match.id, other)
    with pytest.raises(Refusal, match="no takeback request"):
        await service.takebacks.answer(match.id, other, accept=True)
    await service.takebacks.ask(match.id, first)
    with pytest.raises(Refusal, match="already asked"):  # at most one pending
        await service.takebacks.ask(match.id, first)
    with pytest.raises(Refusal, match="You asked for this takeback"):
        await service.takebacks.answer(match.id, first, accept=True)
    declined = await service.takebacks.answer(match.id, other, accept=False)
    assert declined.status == "declined" and declined.declined == match.seat_of(other)
    with pytest.raises(Refusal, match="declined taking back this move"):  # not asked again for the same move
        await service.takebacks.ask(match.id, first)
    with pytest.raises(Refusal, match="declined already"):
        await service.takebacks.answer(match.id, other, accept=True)
    version, state = match.record.version, match.game.to_json(match.state)
    await move(service, match)  # the other player moves
    with pytest.raises(Refusal, match="has already moved since your last move"):
        await service.takebacks.ask(match.id, first)
    assert match.record.version == version + 1 and match.game.to_json(match.state) != state
    assert len(await service.store.log(match.id)) == version + 1  # refusals wrote no line


async def test_the_opponent_moving_lets_the_request_lapse(service: MatchService) -> None:
    match = await started(service)
    mover = await move(service, match)
    other = BOB if mover == ADA else ADA
    await service.takebacks.ask(match.id, mover)
    assert await service.takebacks.pending(match.id) is not None
    await move(service, match)  # the opponent plays on instead of answering
    assert await service.takebacks.pending(match.id) is None
    with pytest.raises(Refusal, match="lapses with the next move"):
        await service.takebacks.answer(match.id, other, accept=True)
    # and the next move of the asker may be asked about afresh (a declined or lapsed request holds one position)
    await move(service, match)
    assert (await service.takebacks.ask(match.id, mover)).status == "pending"


async def test_rated_and_tournament_matches_have_no_takebacks(service: MatchService,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    rated = await started(service, rated=True)
    mover = await move(service, rated)
    with pytest.raises(Refusal, match="is rated"):
        await service.takebacks.ask(rated.id, mover)
    casual = await started(service)
    mover = await move(service, casual)

    async def a_table(match_id: int) -> object:
        return object() if match_id == casual.id else None

    monkeypatch.setattr(service.store.tournaments, "table_of_match", a_table)
    with pytest.raises(Refusal, match="tournament match"):
        await service.takebacks.ask(casual.id, mover)


async def test_never_across_a_chance_outcome(service: MatchService) -> None:
    # Bodsoi: every turn starts with a drawn tile, so the draw after a placement is logged before anyone can ask.
    match = await started(service, "bodsoi")
    mover = match.user_at(match.actors()[0])
    texts = await service.legal_texts(match.id, mover)
    turn = await service.act(match.id, mover, next(t for t in texts if t != "P"))
    assert turn.events[-1].kind == "chance"
    with pytest.raises(Refusal, match="chance outcome came after your move"):
        await service.takebacks.ask(match.id, mover)


async def test_four_players_every_other_must_accept_and_one_decline_ends_it(service: MatchService) -> None:
    match = await started(service, players=4)
    mover = await move(service, match)
    others = [u for u in match.user_ids if u != mover]
    asked = await service.takebacks.ask(match.id, mover)
    assert len(asked.waiting) == 3
    partly = await service.takebacks.answer(match.id, others[0], accept=True)
    assert partly.status == "pending" and len(partly.waiting) == 2
    with pytest.raises(Refusal, match="already agreed"):
        await service.takebacks.answer(match.id, others[0], accept=True)
    declined = await service.takebacks.answer(match.id, others[1], accept=False)
    assert declined.status == "declined"
    with pytest.raises(Refusal, match="declined already"):
        await service.takebacks.answer(match.id, others[2], accept=True)
    # the next move of the same player (a new round) can be taken back with everyone's agreement
    for _ in range(4):
        await move(service, match)
    before = match.record.version
    await service.takebacks.ask(match.id, mover)
    for user in others:
        done = await service.takebacks.answer(match.id, user, accept=True)
    assert done.status == "taken back" and match.record.version == before + 1


async def test_against_a_computer_it_is_taken_back_at_once_with_its_reply(service: MatchService) -> None:
    lobby = await service.create("cintos", guild_id=1, channel_id=2, creator_id=ADA, players=2)
    await service.add_computer(lobby.id, ADA, "easy")
    match = (await service.start(lobby.id, ADA)).match
    await service.computers_settled()
    before = match.game.to_json(match.state)
    version = match.record.version
    await service.act(match.id, ADA, (await service.legal_texts(match.id, ADA))[0])
    await service.computers_settled()
    assert match.record.version == version + 2  # the computer replied
    done = await service.takebacks.ask(match.id, ADA)
    assert done.status == "taken back"
    await service.computers_settled()
    assert match.game.to_json(match.state) == before  # its reply was taken back with the move
    assert match.actors() == [match.seat_of(ADA)]
    assert [e.text for e in await service.store.log(match.id)][-1] == takeback_text(version + 1)


async def test_a_match_with_a_takeback_replays_exports_and_verifies(service: MatchService) -> None:
    # Sinoda draws who moves first (a chance line), then moves only: a takeback there leaves every draw checkable.
    match = await started(service, "sinoda")
    for pick in (0, 1, 2):
        await move(service, match, pick)
    mover = await move(service, match, 5)
    other = next(u for u in match.user_ids if u != mover)
    await service.takebacks.ask(match.id, mover)
    await service.takebacks.answer(match.id, other, accept=True)
    await move(service, match, 2)
    await service.resign(match.id, other)
    stored = await service.store.get_match(match.id)
    assert stored is not None and stored.outcome is not None
    moves = stored_facts(stored.outcome).moves
    assert moves is not None and sum(moves) == 4  # three, the one taken back not counted, and one after it
    record = await history.export_record(service, match.id)
    texts = [line["text"] for line in record["log"]]
    assert sum(text.startswith("takeback ") for text in texts) == 1
    final = history.replay_record(record)  # the record replays to its final position, takeback included
    assert match.game.position(final) == record["final_position"]
    verdict = await history.verify_dice(service, await service.get(match.id))
    assert verdict.ok, verdict.summary()
    assert verify_record(record).ok
    views = await history.public_views(service, match.id)
    assert len(views) >= 7  # the slider shows the position taken back to as a frame of its own
    # a tampered takeback (of the other seat's move) does not replay
    broken = dict(record, log=[dict(line) for line in record["log"]])
    line = next(line for line in broken["log"] if line["text"].startswith("takeback "))
    line["seat"] = 1 - line["seat"]
    with pytest.raises(ValueError, match="no move of seat"):
        history.replay_record(broken)
    assert not verify_record(broken).ok


async def test_a_move_that_showed_something_hidden_stays(monkeypatch: pytest.MonkeyPatch,
                                                         service: MatchService) -> None:
    # A game whose hidden information a move would show: every world dealt differs in its mover's view.
    match = await started(service)
    mover = await move(service, match)
    game = match.game

    def resample(state: Any, seat: int | None, rng: random.Random) -> Any:
        return game.from_json(game.to_json(state))  # another object: the check deals worlds

    real_view = game.view

    def view(state: Any, seat: int | None) -> dict[str, Any]:
        return real_view(state, seat) | {"hidden": id(state)}  # each world looks different to its viewer

    monkeypatch.setattr(game, "resample_hidden", resample)
    monkeypatch.setattr(game, "view", view)
    with pytest.raises(Refusal, match="showed you something hidden"):
        await service.takebacks.ask(match.id, mover)


async def test_two_processes_accept_at_once_and_no_agreement_is_lost(target: str,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    first = await open_service(target)
    match = await started(first, players=4)
    before = match.game.to_json(match.state)
    mover = await move(first, match)
    others = [u for u in match.user_ids if u != mover]
    await first.takebacks.ask(match.id, mover)
    second = await open_service(target)  # another bot process on the same database
    await second.get(match.id)
    real_answer = first.store.takebacks.answer

    async def answer_after_the_other(row: TakebackRow, **kwargs: Any) -> bool:
        # The second process's accept lands between this process's read of the request and its write.
        await second.takebacks.answer(match.id, others[1], accept=True)
        return await real_answer(row, **kwargs)

    monkeypatch.setattr(first.store.takebacks, "answer", answer_after_the_other)
    with pytest.raises(Refusal, match="changed at the same moment"):
        await first.takebacks.answer(match.id, others[0], accept=True)
    monkeypatch.undo()
    pending = await first.takebacks.pending(match.id)
    assert pending is not None and pending.agreed == (match.seat_of(others[1]),)  # the landed one, nothing else
    await first.takebacks.answer(match.id, others[0], accept=True)
    done = await second.takebacks.answer(match.id, others[2], accept=True)
    assert done.status == "taken back"
    # the first process reads the match as the second left it: back before the move, its player to move
    fresh = await first.fresh(match.id)
    assert fresh.game.to_json(fresh.state) == before and fresh.actors() == [fresh.seat_of(mover)]
    assert (await first.store.log(match.id))[-1].text.startswith("takeback ")
    await first.store.close()
    await second.store.close()


async def test_a_takeback_and_a_move_from_two_processes_one_wins(target: str) -> None:
    first = await open_service(target)
    match = await started(first)
    mover = await move(first, match)
    other = next(u for u in match.user_ids if u != mover)
    await first.takebacks.ask(match.id, mover)
    second = await open_service(target)
    copy = await second.get(match.id)
    await second.act(match.id, other, (await second.legal_texts(match.id, other))[0])  # moves on, elsewhere
    with pytest.raises(Refusal):  # the first process still saw the request: its accept is refused, not applied
        await first.takebacks.answer(match.id, other, accept=True)
    fresh = await first.store.get_match(match.id)
    assert fresh is not None and fresh.version == copy.record.version
    assert not [e for e in await first.store.log(match.id) if e.text.startswith("takeback")]
    await first.store.close()
    await second.store.close()
