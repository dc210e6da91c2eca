"""`?` lists every legal move exactly once, each entry written as the parser accepts it: in every game, at
positions of random play (Sanae's set-up with its hundreds of swaps included), at a wide and a narrow width."""

from __future__ import annotations

import random

import pytest

from matches import Match
from rules import GAMES, Game, State
from tabletop.listing import listing
from tests.tabletop.test_table_newcomer import entries


def positions(game: Game, seed: int, plies: int) -> list[tuple[State, int]]:
    """(state, the seat to act) along a random game: `ready` is played when it can be (Sanae's set-up would
    otherwise swap stones for ever)."""
    rng = random.Random(seed)
    state = game.setup(game.player_counts[0])
    seen: list[tuple[State, int]] = []
    while len(seen) < plies and not game.is_over(state):
        if game.is_chance(state):
            outcomes, weights = zip(*game.chance_outcomes(state), strict=True)
            state = game.apply(state, rng.choices(outcomes, weights)[0], None)
            continue
        seat = min(game.actors(state))
        seen.append((state, seat))
        actions = game.legal_actions(state, seat)
        ready = [a for a in actions if game.notation(state, a) == "ready"]
        state = game.apply(state, ready[0] if ready and rng.random() < 0.5 else rng.choice(actions), seat)
    return seen


def every_page(match: Match, seat: int, legal: list[str], width: int) -> list[str]:
    listed: list[str] = []
    page = 1
    while True:
        shown = listing(match, seat, legal, page, width)
        assert all(len(line) <= width for line in shown.splitlines()), shown
        listed += entries(shown)
        if f"(? {page + 1} for the next page" not in shown:
            return listed
        page += 1


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_every_listed_entry_is_accepted_as_typed_and_every_move_is_listed_once(game_name: str) -> None:
    game = GAMES[game_name]
    checked = 0
    for seed in (1, 2):
        for k, (state, seat) in enumerate(positions(game, seed, 60)):
            if k % 9 and k > 3:
                continue
            match = Match.__new__(Match)
            match.__dict__.update(state=state, game=game)
            actions = game.legal_actions(state, seat)
            legal = [game.notation(state, a) for a in actions]
            listed = every_page(match, seat, legal, 100 if k % 2 else 40)
            parsed = [game.parse(state, entry, seat) for entry in listed]  # raises if one is not accepted
            assert sorted(map(repr, parsed)) == sorted(map(repr, actions)), (listed, legal)
            checked += 1
    assert checked >= 8


def test_sanae_set_up_starts_with_ready_and_groups_the_swaps_by_stone() -> None:
    game = GAMES["sanae"]
    state = game.setup(2)
    state = game.apply(state, game.parse(state, "layout preset classic", 0), 0)
    match = Match.__new__(Match)
    match.__dict__.update(state=state, game=game)
    legal = [game.notation(state, a) for a in game.legal_actions(state, 0)]
    first = listing(match, 0, legal, 1, 100)
    lines = first.splitlines()
    assert lines[1:4] == ["  ready", "  layout random", "  layout preset keep, layout preset wall, "
                          "layout preset classic"] or lines[1:3] == ["  ready", "  layout random"], first
    assert lines[4].startswith("  Void R1.06: layout swap R1.06 "), first  # the Void's swaps first, its cell first
