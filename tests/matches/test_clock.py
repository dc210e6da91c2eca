"""Time controls on the service with a fake clock: reminders, forfeits, claims, lobby expiry, agreements, rematch."""

from __future__ import annotations

import pytest

from matches import MatchService, Refusal

ADA, BOB, CY, DI = 11, 22, 33, 44


async def started(service: MatchService, players: int = 2, **kwargs):
    match = await service.create("cintos", guild_id=1, channel_id=2, creator_id=ADA, players=players, **kwargs)
    for user in (BOB, CY, DI)[: players - 1]:
        await service.join(match.id, user)
    return (await service.start(match.id, ADA)).match


async def move(service: MatchService, match) -> None:
    user = match.user_at(match.actors()[0])
    await service.act(match.id, user, (await service.legal_texts(match.id, user))[0])


async def test_deadline_reminders_and_claim(setup) -> None:
    service, clock = setup
    match = await started(service, time_control=1000)
    assert match.record.deadline == clock.now + 1000
    assert await service.next_due() == clock.now + 500
    assert await service.due() == []
    clock.now += 500
    assert [k for k, _ in await service.due()] == ["remind"]
    assert await service.mark_reminded(match) == 1
    assert await service.due() == []
    clock.now += 400
    assert [k for k, _ in await service.due()] == ["remind"]
    assert await service.mark_reminded(match) == 2
    clock.now += 100
    assert [k for k, _ in await service.due()] == ["timeout"]
    waiting = await service.timeout(match.id)  # rule "claim": wait for the opponent
    assert waiting is not None and waiting.events == [] and match.status == "active"
    assert match.record.overdue and await service.due() == []
    assert await service.timeout(match.id) is None  # once: a second look finds it handled, and says so
    late = match.user_at(match.actors()[0])
    winner = BOB if late == ADA else ADA
    with pytest.raises(Refusal, match="out of time"):
        await service.claim(match.id, late)
    turn = await service.claim(match.id, winner)
    assert turn.outcome is not None and turn.outcome.winners == frozenset({match.seat_of(winner)})
    assert turn.events[0].kind == "timeout" and "ran out of time" in turn.events[0].description


async def test_a_move_restarts_the_clock(setup) -> None:
    service, clock = setup
    match = await started(service, time_control=1000)
    clock.now += 600
    await move(service, match)
    assert match.record.deadline == clock.now + 1000 and match.record.reminders == 0


async def test_forfeit_rule_ends_two_player_match_and_removes_late_player_in_four(setup) -> None:
    service, clock = setup
    match = await started(service, time_control=60, timeout_rule="forfeit")
    late = match.actors()[0]
    clock.now += 61
    turn = await service.timeout(match.id)
    assert turn is not None and turn.outcome is not None and late not in turn.outcome.winners
    four = await started(service, players=4, time_control=60, timeout_rule="forfeit")
    late = four.actors()[0]
    clock.now += 61
    turn = await service.timeout(four.id)
    assert turn is not None and four.outcome() is None and late not in four.actors()
    assert four.record.deadline == clock.now + 60  # the next player's clock runs


async def test_no_clock_means_no_deadline(setup) -> None:
    service, _ = setup
    match = await started(service, time_control=0)
    assert match.record.deadline is None and await service.next_due() is None


async def test_lobby_expires(setup) -> None:
    service, clock = setup
    lobby = await service.create("cintos", guild_id=1, channel_id=2, creator_id=ADA, players=2)
    clock.now += 3601
    assert [(k, m.id) for k, m in await service.due()] == [("expire", lobby.id)]
    await service.expire_lobby(lobby.id)
    assert lobby.status == "aborted" and "expired" in lobby.outcome().reason
    with pytest.raises(Refusal):
        await service.join(lobby.id, BOB)


async def test_draw_offer_accept_decline_and_lapse(setup) -> None:
    service, _ = setup
    match = await started(service)
    await service.offer_draw(match.id, ADA)
    await service.answer_draw(match.id, BOB, accept=False)
    assert match.record.draw_offer == ()
    with pytest.raises(Refusal, match="no draw offer"):
        await service.answer_draw(match.id, BOB, accept=True)
    await service.offer_draw(match.id, ADA)
    await move(service, match)  # any move lets the offer lapse
    assert match.record.draw_offer == ()
    await service.offer_draw(match.id, BOB)
    await service.answer_draw(match.id, ADA, accept=True)
    assert match.status == "finished" and match.outcome().winners == frozenset()
    assert match.outcome().reason == "draw agreed"


async def test_abort_only_in_first_moves_then_rematch(setup) -> None:
    service, _ = setup
    match = await started(service)
    await move(service, match)
    assert await service.can_abort(match)
    await move(service, match)
    with pytest.raises(Refusal, match="no longer be aborted"):
        await service.abort(match.id, ADA)
    other = await started(service)
    await service.abort(other.id, BOB)
    assert other.status == "aborted"
    rematch = await service.rematch(other.id, BOB)
    assert rematch.status == "lobby" and rematch.record.creator_id == BOB
    assert [s.user_id for s in rematch.seats] == [BOB, ADA] and rematch.seats[1].invited
    assert rematch.record.options == other.record.options
    with pytest.raises(Refusal, match="already open"):
        await service.rematch(other.id, ADA)


async def test_an_unanswered_question_counts_as_no(setup) -> None:
    """Sanae's Zed Inel: when the defender lets the deadline pass, it counts as "zed no" (not a forfeit)."""
    from tests.rules.test_sanae import EXAMPLE_B

    service, clock = setup
    match = await service.create("sanae", guild_id=1, channel_id=2, creator_id=ADA, players=2, time_control=100)
    await service.join(match.id, BOB)
    await service.start(match.id, ADA)
    match.state = match.game.from_position(EXAMPLE_B)  # Red's Void is attacked; Red must answer
    assert match.actors() == [0]
    clock.now += 101
    turn = await service.timeout(match.id)
    assert turn is not None and [(e.text, e.kind) for e in turn.events][:1] == [("zed no", "timeout")]
    assert match.outcome() is not None and match.outcome().winners == frozenset({1})
