"""Sanae re-deals of hidden ranks (`resample_hidden`): they fit what the seat knows and never fall back on the truth."""

from __future__ import annotations

import random

import pytest

from rules.sanae import GAME
from rules.sanae import view as views
from rules.sanae.moves import has_moves, zed_pause
from rules.sanae.state import SanaeState
from tests.rules.test_sanae import BOARD, cell, load, position
from tests.rules.test_sanae_hidden import choose

VOID, ATTACKER, CAPTAIN = "B2.06", "B2.05", "B2.07"
# Blue's full set less its Void (face up, attacked), the captured Captain and the one hidden Captain.
OTHERS = "KQWD" + "L" * 4 + "N" * 4 + "A" + "F" * 20


def lone_captain() -> SanaeState:
    """Red has hit Blue's Void; with zed-prompt eligible-only and zed-range 1 the pause proves a Captain next to
    it, and Blue's only hidden Captain is on the one hidden cell next to the Void. A plain shuffle puts it there
    1 time in 34, so 40 shuffles all miss about 30 % of the time."""
    near = {BOARD.labels[n] for n in BOARD.neighbours[cell(VOID)]} | {VOID}
    far = [label for label in BOARD.labels if label.startswith("B") and label not in near]
    blue = [f"{label}=b{letter}" for label, letter in zip(far, OTHERS, strict=False)]
    assert len(blue) == len(OTHERS)
    stones = " ".join([f"{VOID}=bV*", f"{ATTACKER}=rF*", f"{CAPTAIN}=bC", "R1.06=rV", "R1.00=rK", "R2.00=rQ",
                       *blue])
    head = "options king-queen=flag-draw quiet-limit=200 zed-prompt=eligible-only zed-range=1 board=lens93"
    text = position(stones, captured="captured red=- blue=C", head=head).replace(
        "pending -", f"pending zed {ATTACKER} {VOID}")
    return load(text)


def fits(twin: SanaeState, state: SanaeState, viewer: int | None) -> None:
    """`twin` is a state `viewer` cannot tell from `state` and agrees with everything `viewer` has seen."""
    assert GAME.view(twin, viewer) == GAME.view(state, viewer)
    assert sorted(twin.cells[c][:2] for c in range(BOARD.size)) == sorted(state.cells[c][:2] for c in range(93))
    assert all(twin.cells[c][1] != "V" for c in state.moved), "a stone seen moving is not the Void"
    if state.pending is not None and state.pending.kind == "zed":
        assert zed_pause(twin, state.pending.target)
    if state.phase == "play" and state.pending is None and state.turn is not None:
        assert has_moves(twin.cells, twin.grid, state.turn)
    if state.result is not None and state.result[1] == "no_moves":
        assert not has_moves(twin.cells, twin.grid, state.turn or 0)


def test_a_redeal_never_falls_back_on_the_true_ranks() -> None:
    state = lone_captain()
    truths = 0
    for seed in range(30):
        twin = GAME.resample_hidden(state, 0, random.Random(seed))
        fits(twin, state, 0)
        assert twin.cells[cell(CAPTAIN)] == "bC"
        truths += twin.cells == state.cells
    assert truths == 0, f"{truths} of 30 re-deals handed Red the true Blue ranks"


def test_a_built_deal_fits_where_shuffles_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(views, "QUICK_TRIES", 0)  # straight to the built deal
    state = lone_captain()
    deals = set()
    for seed in range(20):
        twin = GAME.resample_hidden(state, 0, random.Random(seed))
        fits(twin, state, 0)
        deals.add(twin.cells)
    assert state.cells not in deals and len(deals) == 20


def random_states(seed: int, every: int = 5) -> list[SanaeState]:
    """Published states along one random game (every `every` steps, and the end)."""
    rng = random.Random(seed)
    state = GAME.setup(2, {"zed-prompt": "eligible-only", "zed-range": "2"} if seed % 2 else None)
    found, steps = [], 0
    while GAME.outcome(state) is None:
        steps += 1
        chances = GAME.chance_outcomes(state)
        if chances:
            state = GAME.apply(state, rng.choices([a for a, _ in chances], [p for _, p in chances])[0], None)
        else:
            seat = rng.choice(sorted(GAME.actors(state)))
            state = GAME.apply(state, choose(state, seat, rng), seat)
        if views.published(state) and (steps % every == 0 or state.pending is not None):
            found.append(state)
    return [*found, state]


@pytest.mark.parametrize("quick", [40, 0])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_redeal_fits_the_view_and_ignores_the_true_ranks(seed: int, quick: int,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Two states with the same view (the second a re-deal of the first) re-deal alike under the same seed."""
    monkeypatch.setattr(views, "QUICK_TRIES", quick)
    rng = random.Random(seed)
    states = random_states(seed)
    assert len(states) > 10
    for number, state in enumerate(states):
        for viewer in (None, 0, 1):
            twin = GAME.resample_hidden(state, viewer, rng)
            fits(twin, state, viewer)
            again = GAME.resample_hidden(twin, viewer, random.Random(number))
            fits(again, state, viewer)
            assert again.cells == GAME.resample_hidden(state, viewer, random.Random(number)).cells


def test_a_built_deal_lets_the_mover_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """Blue to move with only hidden stones: the built deal (witness path) gives it a stone that can move, with
    the Void on either cell across seeds."""
    monkeypatch.setattr(views, "QUICK_TRIES", 0)
    state = load(position("R1.06=rV R2.06=rF B1.06=bV B2.06=bF", turn="blue"))
    voids = set()
    for seed in range(12):
        twin = GAME.resample_hidden(state, 0, random.Random(seed))
        fits(twin, state, 0)
        voids.add(next(BOARD.labels[c] for c, t in enumerate(twin.cells) if t == "bV"))
    assert voids == {"B1.06", "B2.06"}
