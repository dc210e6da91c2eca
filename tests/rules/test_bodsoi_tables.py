"""Bodsoi's short cuts (issue 38) against the plain rules: legal placements made from per-tile tables in notation
order are the spec's matching rule sorted by notation, a view's tile drawings are its own to change, and scores
walked from the anchors alone are those of every path."""

from __future__ import annotations

import copy
import random

import pytest

from rules import Configuration
from rules.bodsoi import GAME, tile_geometry
from rules.bodsoi.board import SQUARES
from rules.bodsoi.game import facing_edges, fits
from rules.bodsoi.paths import analyse
from rules.bodsoi.state import PASS, BodsoiState, Place, action_text, side_of
from rules.bodsoi.tiles import quarters_of
from tests.players.positions import positions


def plain_legal_actions(state: BodsoiState, seat: int) -> list[object]:
    """Section 5 read literally: every distinct tile in hand on every empty square in every distinct orientation
    that fits, sorted by the text of its notation, after `pass`."""
    colour = side_of(seat)
    found = [Place(t, square, q) for t in set(state.hands[seat]) for square in range(SQUARES)
             if state.board[square] is None for q in quarters_of(t) if fits(state, Place(t, square, q), colour)]
    return [PASS, *sorted(found, key=action_text)]


def config_id(config: Configuration) -> str:
    return f"{config.players}p-" + ("-".join(f"{k}={v}" for k, v in sorted(config.options.items())) or "default")


@pytest.mark.parametrize("config", GAME.configurations(), ids=config_id)
def test_legal_actions_are_the_matching_rule_in_notation_order(config: Configuration) -> None:
    listed = 0
    for state in positions(GAME, config, 60, seed=11, limit=150):
        for seat in range(state.players):  # the seat to move, and the others (who may not act: nothing)
            expected = plain_legal_actions(state, seat) if seat in GAME.actors(state) else []
            assert GAME.legal_actions(state, seat) == expected, GAME.position(state)
            listed += len(expected)
    assert listed > 1500  # boards from empty to crowded, with hands of several tiles


def test_every_view_draws_its_tiles_in_dicts_of_its_own() -> None:
    """The drawings come from a table made once; changing one view (or one geometry) changes no other."""
    state = positions(GAME, Configuration(2), 1, seed=3, limit=1)[0]
    while len(GAME.view(state, None)["board"]) < 2:
        seat = min(GAME.actors(state)) if GAME.actors(state) else None
        action = GAME.chance_outcomes(state)[0][0] if seat is None else GAME.legal_actions(state, seat)[-1]
        state = GAME.apply(state, action, seat)
    first = GAME.view(state, None)
    tile = first["board"][0]
    expected = copy.deepcopy(tile_geometry(tile["tile"], tile["rotation"]))  # a copy: shares nothing with the table
    tile["bands"]["blue"]["edges"].append("X")
    tile["edges"]["N"] = "red"
    geometry = tile_geometry(tile["tile"], tile["rotation"])
    geometry["bands"]["yellow"]["name"] = "changed"
    again = GAME.view(state, None)["board"][0]
    assert again["bands"] == expected["bands"] and again["edges"] == expected["edges"]
    assert tile_geometry(tile["tile"], tile["rotation"]) == expected


def test_scores_best_and_bodsoi_from_the_anchors_are_those_of_every_path() -> None:
    """`Analysis` finds scores, best paths and Bodsoi paths by walking from the anchors only: on random boards from
    sparse to full (long chains of straight tiles, loops, chains anchored at both ends), they are what every path of
    `paths` gives: its scores best first, the first of its best paths, its first Bodsoi path."""
    anchored = on_bodsoi = 0
    for seed in range(300):
        rng = random.Random(seed)
        fill = (0.4, 0.8, 1.0, 1.0)[seed % 4]  # full boards of straight tiles make long chains and Bodsoi paths
        tiles = [rng.randrange(25, 50) if rng.random() < (0.5, 1.0)[seed % 2] else rng.randrange(25) for _ in range(64)]
        board = tuple((t, rng.choice(quarters_of(t))) if rng.random() < fill else None for t in tiles)
        for axes in ("any-axis", "fixed-axes"):
            for links in ("colour", "symbol"):
                analyse.cache_clear()  # scores first, from the anchors, before `paths` is asked for
                found = analyse(board, axes, links)
                scores, best, bodsoi = found.scores, found.best, found.bodsoi
                for colour, paths in enumerate(found.paths):
                    scoring = [p for p in paths if p.score > 0]
                    assert scores[colour] == tuple(sorted((p.score for p in scoring), reverse=True))
                    assert best[colour] == max(scoring, key=lambda p: p.score, default=None)
                    assert bodsoi[colour] == next((p for p in paths if p.bodsoi), None)
                    anchored += len(scoring)
                    on_bodsoi += bodsoi[colour] is not None
    assert anchored > 5000 and on_bodsoi > 20


@pytest.mark.parametrize("config", [Configuration(2), Configuration(4)], ids=["2p", "4p"])
def test_the_edges_carried_from_state_to_state_are_the_boards_own(config: Configuration) -> None:
    """Each state hands the edges facing every empty square on to the next (one new tile updates its neighbours);
    along seeded games, through draws, passes, placements and re-deals, they are what the board shows afresh."""
    carried_on = 0
    for number, state in enumerate(positions(GAME, config, 150, seed=7, limit=70)):
        carried_on += "_facing_edges" in state.__dict__  # moves were listed on the way here (not at the start)
        seat = min(GAME.actors(state))
        after = GAME.apply(state, GAME.legal_actions(state, seat)[-1], seat)  # one more tile, on a board known now
        world = GAME.resample_hidden(after, None, random.Random(number))
        for known in (state, after, world) if GAME.outcome(after) is None else (state,):
            carried = known.__dict__.get("_facing_edges")
            fresh = facing_edges(GAME.from_json(GAME.to_json(known)))  # read back: nothing carried
            assert carried is not None and fresh is not carried
            assert [None if edges is None else sorted(edges) for edges in carried] == \
                [None if edges is None else sorted(edges) for edges in fresh]
    assert carried_on > 100
