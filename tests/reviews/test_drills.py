"""Learn from your mistakes (reviews/drills.py): the player's mistakes and blunders in order, a move judged with the
analysis's seed (the mistake itself is judged as the analysis judged it, so it is refused; the best is accepted),
hints, show me, the tally, and every step stored."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from data import Store
from matches import MatchService, Refusal
from reviews import Reviews
from reviews.drills import SHOWN, SOLVED, hint_of
from tests.reviews.helpers import Counting, finished


@pytest_asyncio.fixture
async def reviews(tmp_path: Path) -> AsyncIterator[Reviews]:
    store = await Store.open(tmp_path / "drills.sqlite3")
    yield Reviews(MatchService(store, rng=random.Random(5)), iterations=30, executor=Counting())
    await store.close()


async def test_a_drill_goes_through_the_player_s_mistakes(reviews: Reviews) -> None:
    service = reviews.service
    match_id = await finished(service, plies=24, seed=7)
    match = await service.get(match_id)
    analysis = await reviews.analyse(match_id, match.user_ids[0], 1)
    seat, user = max(((s, u) for s, u in enumerate(match.user_ids)),
                     key=lambda su: len([m for m in analysis.labelled(su[0]) if m.label != "inaccuracy"]))
    mistakes = [m for m in analysis.labelled(seat) if m.label in ("mistake", "blunder")]
    assert len(mistakes) >= 2, "this game must have mistakes to learn from"
    drills = reviews.drills
    drill = await drills.drill(match, user, analysis)
    assert drill.lines == tuple(m.n for m in mistakes) and drill.at == 0
    puzzle = await drills.puzzle(match, drill, analysis)
    assert puzzle is not None and puzzle.move == mistakes[0] and (puzzle.number, puzzle.total) == (1, len(mistakes))
    assert mistakes[0].notation in await drills.legal(match, puzzle)

    with pytest.raises(Refusal, match="not a legal move"):
        await drills.attempt(match, user, analysis, "z9-z9")
    again, drill = await drills.attempt(match, user, analysis, mistakes[0].notation)  # the mistake itself
    assert not again.accepted and drill.at == 0
    after = mistakes[0].after
    assert after is not None and again.chance == after[seat]  # judged as the analysis did: same seed, same line

    hint, drill = await drills.hint(match, user, analysis)
    assert mistakes[0].best is not None and mistakes[0].best.startswith(hint) and drill.hints[0]
    best, drill = await drills.attempt(match, user, analysis, mistakes[0].best)
    assert best.accepted and drill.results[0] == SOLVED and drill.at == 1

    shown, drill = await drills.reveal(match, user, analysis)
    assert shown == mistakes[1] and drill.results[1] == SHOWN
    stored = await service.store.analyses.drill(user, match_id)  # every step is in the database
    assert stored is not None and stored["results"][:2] == [SOLVED, SHOWN]
    while not drill.done:
        _, drill = await drills.reveal(match, user, analysis)
    assert drill.solved == 1
    with pytest.raises(Refusal, match=f"solved 1 of {len(mistakes)}"):
        await drills.attempt(match, user, analysis, mistakes[0].notation)
    drill = await drills.restart(match, user, analysis)
    assert drill.at == 0 and drill.solved == 0

    with pytest.raises(Refusal, match="did not play"):
        await drills.drill(match, 999, analysis)


def test_a_hint_names_where_the_move_starts() -> None:
    assert hint_of("c6-c5") == "c6"
    assert hint_of("b2 stack") == "b2"
    assert hint_of("pass") == "pa"
