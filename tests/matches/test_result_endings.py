"""The endings the match service records read as sentences through `Match.result_words`, and survive a restart."""

from __future__ import annotations

import random

from matches import MatchService
from matches.history import export_record, public_views
from render.panels import status_line

ADA, BOB = 11, 22
NAMES = ["ada", "bob"]


async def started(service: MatchService, **kwargs):
    match = await service.create("cintos", guild_id=1, channel_id=2, creator_id=ADA, players=2, **kwargs)
    await service.join(match.id, BOB)
    return (await service.start(match.id, ADA)).match


async def reloaded(service: MatchService, match_id: int):
    """The match as a restarted bot reads it from the store."""
    return await MatchService(service.store, rng=random.Random(2), clock=service.core.clock).get(match_id)


async def test_a_timeout_forfeit_says_so_not_resigned(setup) -> None:
    service, clock = setup
    match = await started(service, time_control=60, timeout_rule="forfeit")
    late = match.actors()[0]
    clock.now += 61
    await service.timeout(match.id)
    for found in (match, await reloaded(service, match.id)):
        words = found.result_words(NAMES)
        assert words is not None
        assert words.reason == f"{found.seat_name(late)} ran out of time and forfeits"
        assert words.winners == (1 - late,) and words.headline == f"{NAMES[1 - late]} wins"


async def test_a_claimed_win_says_who_ran_out_of_time(setup) -> None:
    service, clock = setup
    match = await started(service, time_control=60)
    late = match.actors()[0]
    clock.now += 61
    await service.timeout(match.id)
    await service.claim(match.id, match.user_at(1 - late))
    words = (await reloaded(service, match.id)).result_words(NAMES)
    assert words is not None and words.reason == f"{match.seat_name(late)} ran out of time and forfeits"


async def test_a_resignation_is_a_resignation(setup) -> None:
    service, _ = setup
    match = await started(service)
    await service.resign(match.id, BOB)
    words = match.result_words(NAMES)
    assert words is not None and words.reason == f"{match.seat_name(match.seat_of(BOB))} resigned"


async def test_agreed_draw_and_aborts_read_as_sentences(setup) -> None:
    service, _ = setup
    match = await started(service)
    await service.offer_draw(match.id, ADA)
    await service.answer_draw(match.id, BOB, accept=True)
    found = await reloaded(service, match.id)
    assert found.result_words(NAMES).sentence() == "Drawn: The players agreed to a draw."
    assert found.view(None)["match_outcome"]["reason"] == "draw agreed"  # the board image words it alike

    record = await export_record(service, match.id)
    assert record["result"] == "Drawn: The players agreed to a draw."
    last = (await public_views(service, match.id))[-1]  # the GIF's last frame
    assert status_line(last, NAMES)[1] == "Drawn"

    aborted = await started(service)
    await service.abort(aborted.id, ADA)
    words = aborted.result_words(NAMES)
    assert words is not None and (words.headline, words.reason) == (
        "Aborted", "A player aborted the match in its first moves")

    lobby = await service.create("cintos", guild_id=1, channel_id=2, creator_id=ADA, players=2)
    await service.leave(lobby.id, ADA)
    words = (await reloaded(service, lobby.id)).result_words(NAMES)
    assert words is not None and words.sentence() == "Aborted: The lobby was closed by its creator."


async def test_no_words_while_a_match_runs(setup) -> None:
    service, _ = setup
    match = await started(service)
    assert match.result_words(NAMES) is None and "match_outcome" not in match.view(None)
