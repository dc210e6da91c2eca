"""Swiss pairing properties over random events of 3–200 entrants (what "score groups respected" means:
see ``Seen.cost``)."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.tournament_rules.helpers import field, play
from tournament_rules import Entrant, Game, TournamentSettings, pair_round, rounds_for

FAST = settings(max_examples=40, deadline=None, derandomize=True, database=None)


class Seen:
    """An independent account of the rounds so far (not the module's own records)."""

    def __init__(self, games: list[Game], entrants: list[Entrant], round_no: int) -> None:
        self.score = {e.id: 0.0 for e in entrants}
        self.met: set[frozenset[int]] = set()
        self.byes = {e.id: 0 for e in entrants}
        self.seats: dict[int, list[int]] = {e.id: [] for e in entrants}
        for g in sorted(games, key=lambda g: g.round):
            for who, pts in zip(g.entrants, g.points or (), strict=False):
                self.score[who] += pts
            if len(g.entrants) == 1:
                self.byes[g.entrants[0]] += 1
            else:
                self.met.add(frozenset(g.entrants))
                if g.played:
                    self.seats[g.entrants[0]].append(0)
                    self.seats[g.entrants[1]].append(1)
        self.present = [e.id for e in entrants if e.dropped_after is None or e.dropped_after >= round_no]

    def must(self, who: int) -> int | None:
        """The seat an entrant must have (0 first, 1 second) to keep |balance| ≤ 2 and no three in a row."""
        s = self.seats[who]
        balance = s.count(0) - s.count(1)
        if balance >= 2 or s[-2:] == [0, 0]:
            return 1
        if balance <= -2 or s[-2:] == [1, 1]:
            return 0
        return None

    def cost(self, pairs: list[tuple[int, int]], bye: int | None, colours: bool = True) -> tuple[int, ...]:
        """(second byes, rematches, clashes of forced seats, spread) of a pairing.

        What "score groups respected as far as possible" means here: among the pairings that give nobody a
        second bye, repeat no pairing and seat no two entrants with the same forced seat together (in that
        order of importance), the sum over the pairs of the squared score difference (in half points; the bye
        counting as a pair with the lowest score present) is the least possible.  Small events are checked
        against every possible pairing; larger exact ones by no two pairs being better exchanged (2-opt); the
        block-by-block pairing above 40 by at most one float out of each score group.
        """
        low = min(self.score[p] for p in self.present)
        second_bye = int(bye is not None and self.byes[bye] > 0)
        rematch = sum(frozenset(p) in self.met for p in pairs)
        clash = sum(colours and self.must(a) is not None and self.must(a) == self.must(b) for a, b in pairs)
        spread = sum(round(2 * abs(self.score[a] - self.score[b])) ** 2 for a, b in pairs)
        if bye is not None:
            spread += round(2 * (self.score[bye] - low)) ** 2
        return (second_bye, rematch, clash, spread)


def matchings(items: list[int]) -> list[list[tuple[int, int]]]:
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    out = []
    for i, other in enumerate(rest):
        for m in matchings(rest[:i] + rest[i + 1:]):
            out.append([(first, other), *m])
    return out


def split(new: list[Game]) -> tuple[list[tuple[int, int]], int | None]:
    pairs = [(g.entrants[0], g.entrants[1]) for g in new if len(g.entrants) == 2]
    byes = [g.entrants[0] for g in new if len(g.entrants) == 1]
    assert len(byes) <= 1
    return pairs, (byes[0] if byes else None)


def check_basic(entrants: list[Entrant], history: list[Game], new: list[Game], colours: bool) -> Seen:
    round_no = new[0].round
    seen = Seen(history, entrants, round_no)
    pairs, bye = split(new)
    seated = [w for g in new for w in g.entrants]
    assert sorted(seated) == sorted(seen.present), "everyone present exactly once, dropped entrants never"
    assert all(g.points is None and g.played for g in new if len(g.entrants) == 2)
    assert (bye is None) == (len(seen.present) % 2 == 0)
    for g in new:
        if len(g.entrants) == 1:
            assert not g.played and g.points is not None
    if colours:
        for a, b in pairs:
            # a player forced to a seat gets it unless both were forced to the same seat
            if seen.must(a) is not None and seen.must(a) != seen.must(b):
                assert seen.must(a) == 0, (a, b, seen.seats[a], seen.seats[b])
            if seen.must(b) is not None and seen.must(b) != seen.must(a):
                assert seen.must(b) == 1, (a, b, seen.seats[a], seen.seats[b])
    return seen


@FAST
@given(n=st.integers(3, 9), rounds=st.integers(1, 6), seed=st.integers(0, 10**6), colours=st.booleans(),
       drop=st.integers(0, 3))
def test_small_events_pair_optimally_against_every_possible_pairing(n: int, rounds: int, seed: int,
                                                                    colours: bool, drop: int) -> None:
    rng = random.Random(seed)
    drops = {rng.randrange(n): rng.randint(1, rounds)} if drop and n > 3 else {}
    entrants = field(n, drops)
    s = TournamentSettings("swiss", rounds, first_player=colours)

    def check(history: list[Game], new: list[Game]) -> None:
        seen = check_basic(entrants, history, new, colours)
        pairs, bye = split(new)
        people = list(seen.present)
        options = []
        for left_out in (people if len(people) % 2 else [None]):
            rest = [p for p in people if p != left_out]
            options += [seen.cost(m, left_out, colours) for m in matchings(rest)]
        assert seen.cost(pairs, bye, colours) == min(options)

    play(s, entrants, rounds, rng, check=check)


def two_opt(seen: Seen, pairs: list[tuple[int, int]], bye: int | None, colours: bool) -> None:
    """No two pairs can be re-paired across each other for a better (byes, rematches, clashes, spread)."""
    for p, q in combinations(pairs, 2):
        now = seen.cost([p, q], None, colours)
        for alt in ([(p[0], q[0]), (p[1], q[1])], [(p[0], q[1]), (p[1], q[0])]):
            assert seen.cost(alt, None, colours) >= now, (p, q, alt)
    if bye is not None:  # the bye and a pair: hand the bye to either of the pair instead
        for p in pairs:
            now = seen.cost([p], bye, colours)
            for keep, out in ((p[0], p[1]), (p[1], p[0])):
                assert seen.cost([(bye, keep)], out, colours) >= now


@settings(max_examples=12, deadline=None, derandomize=True, database=None)
@given(n=st.integers(10, 40), seed=st.integers(0, 10**6), colours=st.booleans())
def test_exact_events_up_to_40_are_two_opt(n: int, seed: int, colours: bool) -> None:
    rng = random.Random(seed)
    entrants = field(n, {rng.randrange(n): rng.randint(1, 3)})
    s = TournamentSettings("swiss", None, first_player=colours)

    def check(history: list[Game], new: list[Game]) -> None:
        seen = check_basic(entrants, history, new, colours)
        pairs, bye = split(new)
        two_opt(seen, pairs, bye, colours)
        if len(seen.present) >= 2 * new[0].round + 2:
            assert not any(frozenset(p) in seen.met for p in pairs)
        assert bye is None or seen.byes[bye] == 0

    play(s, entrants, rounds_for(s, n), rng, check=check)


@settings(max_examples=5, deadline=None, derandomize=True, database=None)
@given(n=st.integers(41, 200), seed=st.integers(0, 10**6))
@example(n=200, seed=4)
def test_large_events_pair_block_by_block_with_the_same_guarantees(n: int, seed: int) -> None:
    rng = random.Random(seed)
    entrants = field(n, {rng.randrange(n): 2, rng.randrange(n): 4})
    s = TournamentSettings("swiss", None)
    floats: list[int] = []

    def check(history: list[Game], new: list[Game]) -> None:
        seen = check_basic(entrants, history, new, True)
        pairs, bye = split(new)
        assert not any(frozenset(p) in seen.met for p in pairs)  # n ≥ 2·rounds + 2: always avoidable
        assert bye is None or seen.byes[bye] == 0
        # score groups: at most one entrant floats out of each score group (its odd one)
        groups = {seen.score[p] for p in seen.present}
        cross = [(a, b) for a, b in pairs if seen.score[a] != seen.score[b]]
        assert len(cross) <= len(groups) - 1
        floats.append(len(cross))

    play(s, entrants, rounds_for(s, n), rng, check=check)
    assert len(floats) == rounds_for(s, n)


def test_colour_balance_over_a_whole_event() -> None:
    # with no clash allowed to pass unforced: nobody beyond ±2, nobody first three times in a row
    rng = random.Random(7)
    for n in (8, 13, 30, 64):
        entrants = field(n)
        s = TournamentSettings("swiss", 7)
        games = play(s, entrants, 7, rng)
        for e in entrants:
            seats = [0 if g.entrants[0] == e.id else 1
                     for g in sorted(games, key=lambda g: g.round) if e.id in g.entrants and len(g.entrants) == 2
                     and g.played]
            assert abs(seats.count(0) - seats.count(1)) <= 2
            assert all(seats[i:i + 3] not in ([0, 0, 0], [1, 1, 1]) for i in range(len(seats) - 2)), seats


def test_first_round_is_top_half_against_bottom_half_with_alternating_seats() -> None:
    entrants = field(8)
    new = pair_round(TournamentSettings("swiss", None), entrants, [], 1)
    assert [g.entrants for g in new] == [(0, 4), (5, 1), (2, 6), (7, 3)]


def test_first_round_of_a_large_event_is_one_against_half_plus_one() -> None:
    entrants = field(101)  # block-by-block pairing; the odd one out (the lowest) has the bye
    new = pair_round(TournamentSettings("swiss", None), entrants, [], 1)
    assert new[-1].entrants == (100,)
    tables = [g.entrants for g in new[:-1]]
    assert tables == [(i, i + 50) if i % 2 == 0 else (i + 50, i) for i in range(50)]


def test_bye_goes_to_the_lowest_ranked_without_one() -> None:
    entrants = field(5)
    s = TournamentSettings("swiss", 4)
    first = pair_round(s, entrants, [], 1)
    assert first[-1].entrants == (4,)
    games = [g if g.points is not None else Game(1, g.entrants, (1.0, 0.0)) for g in first]
    assert [g.entrants for g in first[:2]] == [(0, 2), (3, 1)]
    second = pair_round(s, entrants, games, 2)
    # after round 1: 0 and 3 won (1), 4 had the bye (1), 1 and 2 lost (0): the lowest-ranked is 2
    assert [g.entrants for g in second if len(g.entrants) == 1] == [(2,)]
    games += [g if g.points is not None else Game(2, g.entrants, (1.0, 0.0)) for g in second]
    third = pair_round(s, entrants, games, 3)
    byes = [g.entrants[0] for g in games + third if len(g.entrants) == 1]
    assert len(byes) == len(set(byes)) == 3


def test_refuses_an_unfinished_round_and_a_repeated_round() -> None:
    entrants = field(4)
    s = TournamentSettings("swiss", 3)
    first = pair_round(s, entrants, [], 1)
    for bad, message in ((first, "not finished"), ([], "at least")):
        try:
            pair_round(s, entrants, bad, 2 if bad else 0)
        except ValueError as error:
            assert message in str(error) or "Rounds are numbered" in str(error)
        else:
            raise AssertionError("accepted")
    games = [Game(r, (0, 1), (1.0, 0.0)) for r in (1, 2, 3)]
    try:
        pair_round(s, entrants, games, 4)
    except ValueError as error:
        assert "3 rounds" in str(error)
    else:
        raise AssertionError("a fourth round of a three-round event was paired")
