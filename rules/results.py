"""The result model: what a finished match means for each side (won, drawn, lost, won or lost by forfeit, not
played), from the structured facts stored with it. The one definition that ratings, tournaments, profiles,
leaderboards and exports read; nothing here reads a result's wording.

Pure. A stored outcome (`Outcome.to_json()` plus the keys below) carries the facts; `Result.of` reads it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

# The canonical notation of `rules.RESIGN` in every game (tests/rules/test_results.py checks it).
RESIGN_TEXT = "resign"

# Keys of a stored outcome besides the game's own "winners", "scores" and "reason".
FORFEIT_KEY = "forfeit"  # the seats whose forfeit on time ended the match (the result's words name them)
TIMED_OUT_KEY = "timed_out"  # every seat that ran out of time and forfeited (the server resigned for it), in order
RESIGNED_KEY = "resigned"  # seats whose player resigned
MOVES_KEY = "moves"  # per seat: the moves its player made (not resignations, server-made or chance lines)
ENDED_KEY = "ended"  # how the match ended: BY_RULES, AGREED or ABORTED

BY_RULES = "rules"  # the game's rules ended it (a position, a resignation, a forfeit on time)
AGREED = "agreed"  # the players agreed a draw
ADJUDICATED = "adjudicated"  # a tournament's organiser decided it (a win, or a draw: no winners)
ABORTED = "aborted"  # nobody's result: aborted early, nobody moved, the lobby expired or closed, a take-back


class Verdict(Enum):
    """One side's result."""

    WIN = "win"
    DRAW = "draw"  # also a first place shared with other sides (a "shared win" is not a win)
    LOSS = "loss"
    FORFEIT_WIN = "forfeit win"  # the opponents did not play: scores as a win, not played over the board
    FORFEIT_LOSS = "forfeit loss"  # ran out of time, or resigned (or the game ended) before making a move
    NOT_PLAYED = "not played"  # aborted, or a double forfeit (nobody moved before the deadline): nobody scores

    @property
    def played(self) -> bool:
        """Played over the board: counts for ratings, for tie-breaks over played games and for wins."""
        return self in (Verdict.WIN, Verdict.DRAW, Verdict.LOSS)

    @property
    def points(self) -> float:
        """Points in a two-sided event: win 1, draw ½, loss 0; a forfeit is a win or a loss; not played 0."""
        return 1.0 if self in (Verdict.WIN, Verdict.FORFEIT_WIN) else 0.5 if self is Verdict.DRAW else 0.0


@dataclass(frozen=True)
class Facts:
    """What happened at the table, per seat: moves made, who resigned, who forfeited on time."""

    moves: tuple[int, ...] | None  # None: unknown (a record from before facts were stored, without its log)
    resigned: tuple[int, ...] = ()
    timed_out: tuple[int, ...] = ()

    def moved(self, seat: int) -> bool:
        return self.moves is None or (seat < len(self.moves) and self.moves[seat] > 0)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {RESIGNED_KEY: list(self.resigned), TIMED_OUT_KEY: list(self.timed_out)}
        if self.moves is not None:
            out[MOVES_KEY] = list(self.moves)
        return out


def facts_from_log(players: int, lines: Iterable[tuple[int | None, int | None, str]]) -> Facts:
    """The facts of a match from its log lines (seat, user id, canonical notation), in order.

    A line with a seat and a user is that player's action (a move, or a resignation); a line with a seat and no user
    is one the server made for that seat (a forfeit on time is a resignation, other lines are forced or default
    actions); a line without a seat is chance."""
    moves = [0] * players
    resigned: list[int] = []
    timed_out: list[int] = []
    for seat, user, text in lines:
        if seat is None or not 0 <= seat < players:
            continue
        if text == RESIGN_TEXT:
            (resigned if user is not None else timed_out).append(seat)
        elif user is not None:
            moves[seat] += 1
    return Facts(tuple(moves), tuple(resigned), tuple(timed_out))


def stored_facts(outcome: Mapping[str, Any]) -> Facts:
    """The facts stored in an outcome (one stored before facts were: moves unknown, its forfeits as timed out)."""
    moves = outcome.get(MOVES_KEY)
    timed_out = outcome.get(TIMED_OUT_KEY, outcome.get(FORFEIT_KEY)) or ()
    return Facts(tuple(int(m) for m in moves) if moves is not None else None,
                 tuple(outcome.get(RESIGNED_KEY) or ()), tuple(timed_out))


def has_facts(outcome: Mapping[str, Any] | None) -> bool:
    return outcome is not None and MOVES_KEY in outcome


def sides_of(players: int, teams: Sequence[Sequence[int]] = ()) -> tuple[tuple[int, ...], ...]:
    """The sides of a match: each team as one (in the order given), then every seat outside a team alone."""
    grouped = [tuple(team) for team in teams if team]
    inside = {seat for team in grouped for seat in team}
    if len(inside) != sum(len(team) for team in grouped) or any(not 0 <= s < players for s in inside):
        raise ValueError(f"teams {list(teams)} do not split {players} seats")
    return (*grouped, *((seat,) for seat in range(players) if seat not in inside))


@dataclass(frozen=True)
class Result:
    """A finished (or aborted) match's result: the game's winners and scores, the facts, and the sides (the game's
    teams, every other seat alone)."""

    players: int
    winners: frozenset[int]
    scores: tuple[float, ...] | None
    facts: Facts
    ended: str = BY_RULES
    sides: tuple[tuple[int, ...], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "sides", sides_of(self.players, self.sides))

    @classmethod
    def of(cls, outcome: Mapping[str, Any] | None, players: int, *, aborted: bool = False,
           sides: Sequence[Sequence[int]] = ()) -> Result:
        """The result a stored outcome describes (`aborted`: the match's status says so; a closed lobby stores no
        outcome at all)."""
        outcome = outcome or {}
        ended = str(outcome.get(ENDED_KEY) or BY_RULES)
        if aborted:
            ended = ABORTED
        scores = outcome.get("scores")
        return cls(players, frozenset(outcome.get("winners") or ()), tuple(scores) if scores is not None else None,
                   stored_facts(outcome), ended, tuple(tuple(side) for side in sides))

    def with_sides(self, sides: Sequence[Sequence[int]]) -> Result:
        """The same result seen by other sides (a tournament's seat groups)."""
        return Result(self.players, self.winners, self.scores, self.facts, self.ended,
                      tuple(tuple(side) for side in sides))

    # ---- per side ---------------------------------------------------------------------------------------------
    def places(self) -> tuple[int, ...]:
        """Each side's place: the winners share 1st (no winners: everyone does); the others follow by the game's
        scores (a side's is its members' sum) where the game scores, otherwise they share the next place. Ties
        share a place and the next is skipped (1, 1, 3), so tied sides cover the places they share."""
        won = [any(seat in self.winners for seat in side) for side in self.sides]
        if not any(won):
            return (1,) * len(self.sides)
        totals = [sum(self.scores[seat] for seat in side) if self.scores is not None else 0.0 for side in self.sides]
        key = [(0, 0.0) if w else (1, -t) for w, t in zip(won, totals, strict=True)]
        return tuple(1 + sum(other < mine for other in key) for mine in key)

    def absent(self) -> tuple[bool, ...]:
        """Per side: did not play: ran out of time, or made no move at all (resigned at once, or never moved)."""
        late = set(self.facts.timed_out)
        return tuple(bool(late & set(side)) or not any(self.facts.moved(s) for s in side) for side in self.sides)

    def verdicts(self) -> tuple[Verdict, ...]:
        """Each side's result.

        Aborted: not played. A draw agreed by the players (or adjudicated): drawn. Ended on time before anyone
        moved: a double forfeit, not played. Otherwise a side that ran out of time or never moved forfeits (a
        forfeit win if it is among the winners nonetheless); the sides that did play won (alone in 1st place), drew
        (1st place shared, or no winner) or lost, over the board when at least two of them played, else by
        forfeit."""
        n = len(self.sides)
        if self.ended == ABORTED:
            return (Verdict.NOT_PLAYED,) * n
        if self.ended == AGREED or (self.ended == ADJUDICATED and not self.winners):
            return (Verdict.DRAW,) * n
        if self.facts.timed_out and self.facts.moves is not None and not any(self.facts.moves):
            return (Verdict.NOT_PLAYED,) * n
        places = self.places()
        firsts = places.count(1)
        absent = self.absent()
        present = n - sum(absent)
        out = []
        for place, away in zip(places, absent, strict=True):
            if away or present < 2:
                out.append(Verdict.FORFEIT_WIN if place == 1 else Verdict.FORFEIT_LOSS)
            else:
                out.append(Verdict.LOSS if place != 1 else Verdict.WIN if firsts == 1 else Verdict.DRAW)
        return tuple(out)

    def side_of(self, seat: int) -> int:
        return next(i for i, side in enumerate(self.sides) if seat in side)

    def verdict(self, seat: int) -> Verdict:
        """The result of the side `seat` plays on."""
        return self.verdicts()[self.side_of(seat)]

    @property
    def played(self) -> bool:
        """At least two sides played it over the board (so it is rated, and counts as a game played)."""
        return sum(v.played for v in self.verdicts()) >= 2

    @property
    def nobody_scores(self) -> bool:
        """Aborted or a double forfeit."""
        return all(v is Verdict.NOT_PLAYED for v in self.verdicts())

    def rated_sides(self) -> list[tuple[tuple[int, ...], int, Verdict]]:
        """(side, place, verdict) of the sides a rating update ranks: those that played over the board; empty when
        fewer than two did (a forfeit, a double forfeit, an abort change no rating)."""
        rated = [(side, place, v) for side, place, v in zip(self.sides, self.places(), self.verdicts(), strict=True)
                 if v.played]
        return rated if len(rated) >= 2 else []
