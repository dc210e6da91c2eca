"""Bodsoi's hard: its evaluation ranks the sides as the game's scoring does (best path against best path, then the
second, and so on), so it does not walk into a stall or a full board the scoring decides against it."""

from __future__ import annotations

import math
import random

import pytest

from players import Budget
from players.evaluate import SCALES, evaluate, teams_of
from players.levels import TIE, one_ply
from players.measures import bodsoi_lead
from players.search import ROOT_TIES, ROOT_WIDTH, search
from rules import GAMES, Configuration
from rules.bodsoi.paths import analyse, compare
from rules.bodsoi.state import side_of
from tests.players.positions import along, positions

GAME = GAMES["bodsoi"]


@pytest.mark.parametrize("config", [Configuration(2), Configuration(4)], ids=["2p", "4p"])
def test_the_evaluation_ranks_the_sides_as_the_scoring_does(config: Configuration) -> None:
    """On positions of random games (many paths of 1 and 2 rows, ties broken deep down the lists): the seat the
    evaluation puts ahead is on the side the scoring would name if the game ended there, and an even board is
    even."""
    checked = broken_deep = 0
    for state in along(GAME, config, 400, seed=5, limit=250):
        blue, yellow = analyse(state.board, state.axes, state.links).scores
        winner = compare(blue, yellow)
        values = evaluate(GAME, state)
        for seat in range(config.players):
            if winner is None:
                assert values[seat] == pytest.approx(0.5)
            else:
                assert (values[seat] > 0.5) == (side_of(seat) == winner), (blue, yellow, values)
        checked += 1
        broken_deep += winner is not None and blue[:3] == yellow[:3]
    assert checked == 400 and broken_deep >= 10


def test_a_tie_broken_far_down_keeps_its_sign() -> None:
    """Twenty equal paths, then one more on Blue's side: Blue is ahead, by a lead the squashing to [0, 1] keeps."""
    lead = bodsoi_lead((3,) * 20 + (1,), (3,) * 20)
    assert lead > 0 and 0.5 + 0.45 * math.tanh(lead / SCALES["bodsoi"]) > 0.5
    assert bodsoi_lead((5, 1), (4, 4, 4, 4)) > 0 > bodsoi_lead((4, 4, 4, 4), (5,))
    assert bodsoi_lead((2, 2), (2, 2)) == 0 == bodsoi_lead((), ())


def test_the_root_searches_every_move_its_look_ahead_cannot_tell_apart() -> None:
    """Most Bodsoi placements leave every path's score as it is, so the one-ply look-ahead gives dozens of moves the
    same value: a block of the opponent's path or a step that prepares one's own is among them. The search's root
    takes every move tied with the last one its width admits (up to `ROOT_TIES`), drawn at random when more tie,
    not the first few in notation order (it searched the squares near a1 and never looked at the rest)."""
    checked = 0
    for state in positions(GAME, Configuration(2), 30, seed=3, limit=70):
        seat = min(GAME.actors(state))
        legal = GAME.legal_actions(state, seat)
        world = GAME.resample_hidden(state, seat, random.Random(0))
        priors = one_ply(GAME, [world], seat, legal, random.Random(0), teams_of(GAME, world))
        cut = sorted(priors, reverse=True)[min(ROOT_WIDTH, len(legal)) - 1]
        tied = [action for action, prior in zip(legal, priors, strict=True) if abs(prior - cut) <= TIE]
        if len(legal) <= ROOT_WIDTH or not ROOT_WIDTH < len(tied) + ROOT_WIDTH <= ROOT_TIES["bodsoi"]:
            continue
        ranked = search(GAME, world, seat, legal, priors, random.Random(0), Budget(iterations=50).start(),
                        teams_of(GAME, world), True)
        above = [action for action, prior in zip(legal, priors, strict=True) if prior > cut + TIE]
        assert set(ranked) == {*above, *tied}, (len(ranked), len(above), len(tied))
        checked += 1
    assert checked >= 5
