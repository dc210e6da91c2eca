"""What the pairing needs to know of the rounds so far: scores, who met whom, byes, first-player history."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tournament_rules.model import Entrant, Game

FIRST, SECOND = 0, 1
# Strength of a first-player ("colour") preference, FIDE-style: absolute (the balance is off by two, or the
# last two games had the same seat), strong (off by one), mild (balanced: the other seat than last time).
NONE, MILD, STRONG, ABSOLUTE = 0, 1, 2, 3


@dataclass
class Record:
    entrant: Entrant
    score: float = 0.0
    met: set[int] = field(default_factory=set)
    byes: int = 0
    seats: list[int] = field(default_factory=list)  # FIRST/SECOND per played two-entrant game, in round order
    rank: int = 0  # pairing order: score, then rating, then sign-up (0 = top)
    floated: int = 0  # in the round before: -1 floated down (met a lower score, or had the bye), +1 up, 0 not
    group_pos: int = 0  # place within its score group among those present (set by the pairing)
    group_size: int = 1
    wish: tuple[int | None, int] = (None, NONE)  # preference(), kept while pairing

    @property
    def id(self) -> int:
        return self.entrant.id

    @property
    def balance(self) -> int:
        """Games moved first minus games moved second."""
        return self.seats.count(FIRST) - self.seats.count(SECOND)

    def preference(self) -> tuple[int | None, int]:
        """(the seat wanted, strength)."""
        if not self.seats:
            return None, NONE
        balance = self.balance
        if balance > 1 or self.seats[-2:] == [FIRST, FIRST]:
            return SECOND, ABSOLUTE
        if balance < -1 or self.seats[-2:] == [SECOND, SECOND]:
            return FIRST, ABSOLUTE
        if balance == 1:
            return SECOND, STRONG
        if balance == -1:
            return FIRST, STRONG
        return 1 - self.seats[-1], MILD


def present(entrant: Entrant, round_no: int) -> bool:
    """Still in for ``round_no``: not dropped before it."""
    return entrant.dropped_after is None or entrant.dropped_after >= round_no


def records(entrants: Sequence[Entrant], games: Sequence[Game], round_no: int) -> dict[int, Record]:
    """Every entrant's record over the rounds before ``round_no`` (each must be finished)."""
    recs = {e.id: Record(e) for e in entrants}
    for game in sorted((g for g in games if g.round < round_no), key=lambda g: g.round):
        if game.points is None:
            raise ValueError(f"Round {game.round} is not finished: every game needs its result first.")
        for who, pts in zip(game.entrants, game.points, strict=True):
            if who not in recs:
                raise ValueError(f"Round {game.round} names entrant {who}, who is not in this event.")
            recs[who].score += pts
        if game.is_bye:
            recs[game.entrants[0]].byes += 1
            continue
        # a forfeit still counts as a meeting: the pair is not paired again
        for who in game.entrants:
            recs[who].met.update(w for w in game.entrants if w != who)
        if game.played and len(game.entrants) == 2:
            recs[game.entrants[0]].seats.append(FIRST)
            recs[game.entrants[1]].seats.append(SECOND)
    _floats(recs, [g for g in games if g.round == round_no - 1])
    ordered = sorted(recs.values(), key=lambda r: (-r.score, -r.entrant.rating, r.entrant.seed))
    for i, rec in enumerate(ordered):
        rec.rank = i
    return recs


def _floats(recs: dict[int, Record], last_round: Sequence[Game]) -> None:
    """Who floated in the last round, by the scores the two had before it."""
    for game in last_round:
        if game.is_bye:
            recs[game.entrants[0]].floated = -1
        elif len(game.entrants) == 2 and game.points is not None:
            (a, b), (pa, pb) = game.entrants, game.points
            before_a, before_b = recs[a].score - pa, recs[b].score - pb
            if before_a != before_b:
                recs[a].floated, recs[b].floated = (-1, 1) if before_a > before_b else (1, -1)


def seat(a: Record, b: Record, board: int, first_player: bool) -> tuple[Record, Record]:
    """Who moves first of a pair, FIDE-style: both preferences granted when they differ; else the stronger
    preference, then the larger imbalance, then alternate from the last round the two had different seats,
    then the higher-ranked gets its preference.  No history at all: the higher-ranked moves first on even
    boards (0-based), second on odd ones, so the first round alternates down the boards."""
    top, low = (a, b) if a.rank < b.rank else (b, a)
    if not first_player:
        return top, low
    want_top, str_top = top.preference()
    want_low, str_low = low.preference()
    if want_top is None and want_low is None:
        return (top, low) if board % 2 == 0 else (low, top)
    if want_top is None:
        return (low, top) if want_low == FIRST else (top, low)
    if want_low is None or want_top != want_low:
        return (top, low) if want_top == FIRST else (low, top)
    # both want the same seat
    if str_top != str_low:
        winner = top if str_top > str_low else low
    elif abs(top.balance) != abs(low.balance):
        winner = top if abs(top.balance) > abs(low.balance) else low
    else:
        winner = top
        for st, sl in zip(reversed(top.seats), reversed(low.seats), strict=False):
            if st != sl:
                # alternate: each takes the other seat than in that round
                return (top, low) if st == SECOND else (low, top)
    other = low if winner is top else top
    return (winner, other) if want_top == FIRST else (other, winner)
