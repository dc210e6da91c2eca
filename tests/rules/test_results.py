"""The result model (rules/results.py): every way a match ends, per side, from structured facts only."""

from __future__ import annotations

import pytest

from rules import GAMES, RESIGN
from rules.results import (
    ABORTED,
    AGREED,
    RESIGN_TEXT,
    Facts,
    Result,
    Verdict,
    facts_from_log,
    sides_of,
    stored_facts,
)

W, D, L, FW, FL, NP = (Verdict.WIN, Verdict.DRAW, Verdict.LOSS, Verdict.FORFEIT_WIN, Verdict.FORFEIT_LOSS,
                       Verdict.NOT_PLAYED)


def two(winners: tuple[int, ...], moves: tuple[int, int], *, resigned: tuple[int, ...] = (),
        timed_out: tuple[int, ...] = (), ended: str = "rules") -> tuple[Verdict, ...]:
    return Result(2, frozenset(winners), None, Facts(moves, resigned, timed_out), ended).verdicts()


@pytest.mark.parametrize(("case", "verdicts"), [
    (dict(winners=(0,), moves=(12, 11)), (W, L)),  # played out
    (dict(winners=(1,), moves=(5, 5), resigned=(0,)), (L, W)),  # resigned after moving: over the board
    (dict(winners=(1,), moves=(0, 0), resigned=(0,)), (FL, FW)),  # resigned at once: a forfeit
    (dict(winners=(0,), moves=(1, 0), resigned=(1,)), (FW, FL)),  # resigned before its own first move
    (dict(winners=(1,), moves=(1, 0), resigned=(0,)), (FL, FW)),  # the winner never moved: not over the board
    (dict(winners=(0,), moves=(7, 6), timed_out=(1,)), (FW, FL)),  # a forfeit on time
    (dict(winners=(1,), moves=(0, 0), timed_out=(0,)), (NP, NP)),  # nobody moved before the deadline
    (dict(winners=(), moves=(9, 9)), (D, D)),  # the game's own draw
    (dict(winners=(0, 1), moves=(9, 9)), (D, D)),  # a first place shared ("share the most pieces"): a draw
    (dict(winners=(), moves=(0, 0), ended=AGREED), (D, D)),  # agreed
    (dict(winners=(), moves=(2, 1), ended=ABORTED), (NP, NP)),
])
def test_two_sided_verdicts(case: dict, verdicts: tuple[Verdict, ...]) -> None:
    assert two(**case) == verdicts


def test_points_and_played() -> None:
    assert [v.points for v in (W, D, L, FW, FL, NP)] == [1.0, 0.5, 0.0, 1.0, 0.0, 0.0]
    assert [v.played for v in (W, D, L, FW, FL, NP)] == [True, True, True, False, False, False]
    assert Result(2, frozenset({0}), None, Facts((3, 3))).played
    assert not Result(2, frozenset({0}), None, Facts((3, 0), (1,))).played
    assert Result(2, frozenset(), None, Facts((0, 0)), ABORTED).nobody_scores


def test_pods_rank_the_sides_that_played_and_forfeit_the_absent() -> None:
    result = Result(4, frozenset({2}), (5, 1, 9, 3), Facts((4, 4, 4, 2), (), (3,)))
    assert result.places() == (2, 4, 1, 3)
    assert result.verdicts() == (L, L, W, FL)
    assert [(side, place) for side, place, _ in result.rated_sides()] == [((0,), 2), ((1,), 4), ((2,), 1)]
    shared = Result(3, frozenset({0, 1}), (10, 10, 2), Facts((3, 3, 3)))
    assert shared.places() == (1, 1, 3) and shared.verdicts() == (D, D, L)
    assert Result(3, frozenset({2}), None, Facts((1, 1, 1))).places() == (2, 2, 1)  # no scores: the rest share 2nd
    assert Result(4, frozenset({0}), (10, 7, 7, 3), Facts((1,) * 4)).places() == (1, 2, 2, 4)


def test_teams_are_one_side_and_a_side_moved_when_any_member_did() -> None:
    teams = ((0, 2), (1, 3))
    result = Result(4, frozenset({0, 2}), None, Facts((3, 2, 0, 0)), sides=teams)
    assert result.verdicts() == (W, L) and result.verdict(2) is W and result.verdict(3) is L
    forfeit = Result(4, frozenset({1, 3}), None, Facts((0, 0, 0, 0), (0,)), sides=teams)
    assert forfeit.verdicts() == (FL, FW)
    assert sides_of(5, [(3, 1)]) == ((3, 1), (0,), (2,), (4,))
    with pytest.raises(ValueError, match="do not split"):
        sides_of(4, [(0, 1), (1, 2)])


def test_facts_from_log_lines() -> None:
    # (seat, user, text): a player's moves and resignation, a forfeit on time (no user), forced lines, chance
    lines = [(None, None, "roll 3"), (0, 11, "a1-a2"), (1, None, "pass"), (1, 22, "b1-b2"), (0, 11, "a2-a3"),
             (2, None, RESIGN_TEXT), (1, 22, RESIGN_TEXT)]
    facts = facts_from_log(3, lines)
    assert facts == Facts((2, 1, 0), (1,), (2,))
    assert stored_facts(facts.to_json()) == facts
    legacy = stored_facts({"winners": [0], "scores": None, "reason": "x", "forfeit": [1]})
    assert legacy.moves is None and legacy.timed_out == (1,)  # unknown moves: every seat counts as having moved
    assert Result(2, frozenset({0}), None, legacy).verdicts() == (FW, FL)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_writes_a_resignation_as_the_one_resign_text(name: str) -> None:
    game = GAMES[name]
    players = game.player_counts[0]
    state = game.setup(players, game.check_options(players, None))
    assert game.notation(state, RESIGN) == RESIGN_TEXT
