"""The pure rating wrapper: OpenSkill updates from a result (`rules.results`: places, teams as sides, who played),
the displayed number."""

from __future__ import annotations

import pytest

from ratings import BASE, PROVISIONAL_GAMES, SCALE, Skill, display, rate
from rules import GAMES
from rules.results import Facts, Result


def outcome(winners: list[int], scores: list[int] | None = None, teams: object = (), players: int = 0,
            moves: tuple[int, ...] | None = None, timed_out: tuple[int, ...] = ()) -> Result:
    """A result of a game every seat played (a move each) unless `moves` says otherwise."""
    players = players or (len(scores) if scores else 2)
    facts = Facts(moves if moves is not None else (1,) * players, (), timed_out)
    return Result(players, frozenset(winners), tuple(scores) if scores else None, facts,
                  sides=teams)  # type: ignore[arg-type]


def test_two_player_win_moves_both_ratings_the_opposite_way() -> None:
    loser, winner = rate(outcome([1]), [Skill(), Skill()])
    assert (loser.result, winner.result) == ("loss", "win")
    first, second = rate(outcome([0]), [Skill(), Skill()])
    assert first.result == "win" and second.result == "loss"
    assert first.after.mu > first.before.mu and second.after.mu < second.before.mu
    assert first.after.mu - 25 == pytest.approx(25 - second.after.mu)  # zero-sum in μ between equals
    assert first.after.sigma < first.before.sigma and second.after.sigma < second.before.sigma
    assert first.after.games == second.after.games == 1
    assert first.delta > 0 > second.delta
    assert (winner.rank, loser.rank) == (1, 2)


def test_a_draw_between_equals_keeps_mu_and_shares_first_place() -> None:
    a, b = rate(outcome([]), [Skill(), Skill()])
    assert a.rank == b.rank == 1 and a.result == b.result == "draw"
    assert a.after.mu == pytest.approx(25.0) and b.after.mu == pytest.approx(25.0)
    assert a.after.sigma < a.before.sigma


def test_four_player_placements_follow_scores_after_the_winners() -> None:
    assert outcome([2], [5, 1, 9, 3]).places() == (2, 4, 1, 3)
    changes = rate(outcome([2], [5, 1, 9, 3]), [Skill()] * 4)
    mus = [c.after.mu for c in changes]
    assert mus[2] > mus[0] > mus[3] > mus[1]  # 1st, 2nd, 3rd, 4th
    assert [c.result for c in changes] == ["loss", "loss", "win", "loss"]


def test_ties_share_a_place_and_the_same_change() -> None:
    # Equal scores behind the winner share 2nd; without scores every non-winner shares the next place; a place
    # shared by two leaves the next one out (1, 1, 3).
    assert outcome([0], [9, 4, 4]).places() == (1, 2, 2)
    assert outcome([0, 1], players=4).places() == (1, 1, 3, 3)
    changes = rate(outcome([0], [9, 4, 4]), [Skill()] * 3)
    assert changes[1].after == changes[2].after
    shared = rate(outcome([0, 1], players=4), [Skill()] * 4)
    assert shared[0].after == shared[1].after and shared[2].after == shared[3].after
    assert shared[0].after.mu > 25 > shared[2].after.mu
    # a first place shared is a draw for those who share it, not a win for each (defect 3 of issue 25)
    assert [c.result for c in shared] == ["draw", "draw", "loss", "loss"]
    assert [c.result for c in rate(outcome([0, 1]), [Skill(), Skill()])] == ["draw", "draw"]


def test_team_games_rate_every_member_as_one_side() -> None:
    teams = [seats for _, seats in GAMES["bodsoi"].teams({"players": 4})]  # the game's own 2v2 sides
    assert sorted(map(sorted, teams)) == [[0, 2], [1, 3]]
    before = [Skill(30, 6, 3), Skill(), Skill(20, 7, 2), Skill()]
    changes = rate(outcome([0, 2], players=4, teams=teams), before)
    assert [c.result for c in changes] == ["win", "loss", "win", "loss"]
    assert all(c.after.mu > c.before.mu for c in (changes[0], changes[2]))
    assert all(c.after.mu < c.before.mu for c in (changes[1], changes[3]))
    assert all(c.after.games == c.before.games + 1 for c in changes)
    # As a team the side is one entrant: 2 sides, not 4 individuals (4 individuals would split 1st/2nd/3rd).
    assert outcome([0, 2], players=4, teams=teams).places() == (1, 2)
    assert rate(outcome([0, 2], players=4), [Skill()] * 4)[1].after != changes[1].after


def test_sinoda_teams_come_from_the_game_and_scores_order_the_other_teams() -> None:
    game = GAMES["sinoda"]
    view = game.view(game.setup(6, {"teams": "3x2"}), None)
    teams = [seats for _, seats in game.teams(view)]
    assert len(teams) == 3 and sorted(s for t in teams for s in t) == list(range(6))
    scores = [0] * 6
    first, second, third = teams
    for seat in second:
        scores[seat] = 5
    for seat in third:
        scores[seat] = 2
    assert outcome(list(first), scores, teams).places() == (1, 2, 3)
    with pytest.raises(ValueError, match="do not split"):
        outcome([0], players=4, teams=[(0, 1), (1, 2)])


def test_displayed_number_and_provisional_mark() -> None:
    assert Skill().display == BASE == 1500 and Skill().label == "1500?"
    assert Skill(30, 5, 0).display == BASE + SCALE * 15 == 1875
    assert display(-0.02) == 1500 and display(0.02) == 1501  # 1499.5 → 1500, 1500.5 → 1501 (half up)
    assert Skill(25, 8, PROVISIONAL_GAMES - 1).provisional and Skill(25, 8, PROVISIONAL_GAMES - 1).label.endswith("?")
    assert not Skill(25, 8, PROVISIONAL_GAMES).provisional and "?" not in Skill(25, 8, PROVISIONAL_GAMES).label
    a, b = Skill(), Skill()
    for n in range(PROVISIONAL_GAMES):
        assert a.provisional, n
        a, b = (c.after for c in rate(outcome([n % 2]), [a, b]))
    assert a.games == PROVISIONAL_GAMES and not a.provisional


def test_change_line_reads_before_arrow_after_and_delta() -> None:
    before = Skill(27, 3, 12)
    change = rate(outcome([0]), [before, Skill(27, 3, 12)])[0]
    line = change.line("Alice")
    assert line == f"Alice {before.display} → {change.after.display} ({change.after.display - before.display:+d})"
    assert "→" in line and "(+" in line


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="3 ratings for 2 seats"):
        rate(outcome([0]), [Skill()] * 3)


def test_forfeits_and_double_forfeits_change_no_rating() -> None:
    # issue 31 point 6: a forfeit is not rated; a double forfeit changes no rating
    assert rate(outcome([1], moves=(0, 0)), [Skill(), Skill()]) == []  # resigned at once
    assert rate(outcome([0], moves=(3, 2), timed_out=(1,)), [Skill(), Skill()]) == []  # lost on time
    assert rate(outcome([1], moves=(0, 0), timed_out=(0,)), [Skill(), Skill()]) == []  # nobody moved
    # in a pod, the seat that forfeited is left out and the others are rated among themselves
    pod = rate(outcome([1], [3, 5, 1], moves=(4, 4, 0)), [Skill()] * 3)
    assert [c.seat for c in pod] == [0, 1] and [c.result for c in pod] == ["loss", "win"]
