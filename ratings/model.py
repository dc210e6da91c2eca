"""OpenSkill (Plackett-Luce) ratings per game: placements from an outcome, teams as units, one match's update and
the number shown (1500 + 25 · (μ − 3σ), provisional "?" for the first 10 rated matches). Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

MU = 25.0
SIGMA = MU / 3
BASE = 1500  # the displayed number of a new player's ordinal 0
SCALE = 25  # displayed points per unit of ordinal
PROVISIONAL_GAMES = 10  # rated matches in a game before the number loses its "?"

_MODEL = PlackettLuce(mu=MU, sigma=SIGMA)

WIN, DRAW, LOSS = "win", "draw", "loss"


@dataclass(frozen=True)
class Skill:
    """One player's rating in one game: OpenSkill's μ and σ and how many rated matches it rests on."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative estimate μ − 3σ: what leaderboards sort by."""
        return self.mu - 3 * self.sigma

    @property
    def display(self) -> int:
        return display(self.ordinal)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES

    @property
    def label(self) -> str:
        """'1512', or '1512?' while provisional."""
        return f"{self.display}{'?' if self.provisional else ''}"


def display(ordinal: float) -> int:
    """The ordinal on the familiar scale: 1500 + 25 · ordinal, rounded half away from zero (no banker's rounding)."""
    value = BASE + SCALE * ordinal
    return int(value + 0.5) if value >= 0 else -int(-value + 0.5)


@dataclass(frozen=True)
class Change:
    """What one rated match did to one seat's rating."""

    seat: int
    before: Skill
    after: Skill
    rank: int  # 1 = first place (shared on ties)
    result: str  # win | draw | loss

    @property
    def delta(self) -> int:
        """The change of the displayed number (what '+19' shows)."""
        return self.after.display - self.before.display

    def line(self, name: str) -> str:
        """'Alice 1512 → 1531 (+19)'."""
        return f"{name} {self.before.label} → {self.after.label} ({self.delta:+d})"


def units(players: int, teams: Sequence[Sequence[int]] = ()) -> list[tuple[int, ...]]:
    """The rated sides: each team as one unit, every seat outside a team alone; ordered by their first seat."""
    grouped = [tuple(sorted(team)) for team in teams if team]
    inside = {seat for team in grouped for seat in team}
    if len(inside) != sum(len(team) for team in grouped) or any(not 0 <= s < players for s in inside):
        raise ValueError(f"teams {list(teams)} do not split {players} seats")
    alone = [(seat,) for seat in range(players) if seat not in inside]
    return sorted([*grouped, *alone])


def placements(outcome: Mapping[str, Any], sides: Sequence[tuple[int, ...]]) -> list[int]:
    """Each side's place from a finished game's outcome (`Outcome.to_json()`): the winners share 1st; the others
    follow ordered by the game's scores (a team's is its members' sum) where the game scores, otherwise they share
    the next place. No winners (a draw) is everyone sharing 1st."""
    winners = set(outcome.get("winners") or ())
    if not winners:
        return [1] * len(sides)
    scores = outcome.get("scores")
    won = [any(seat in winners for seat in side) for side in sides]
    if scores is None:
        return [1 if w else 2 for w in won]
    totals = [sum(scores[seat] for seat in side) for side in sides]
    levels = sorted({t for t, w in zip(totals, won, strict=True) if not w}, reverse=True)
    return [1 if w else 2 + levels.index(t) for t, w in zip(totals, won, strict=True)]


def result_of(outcome: Mapping[str, Any], seat: int) -> str:
    winners = set(outcome.get("winners") or ())
    return DRAW if not winners else WIN if seat in winners else LOSS


def rate(outcome: Mapping[str, Any], players: int, skills: Sequence[Skill],
         teams: Sequence[Sequence[int]] = ()) -> list[Change]:
    """One finished match's update: `skills` per seat before it; the changes per seat (team members rated as one
    side, every member updated). Deterministic: the same inputs give the same floats (the rebuild relies on it)."""
    if len(skills) != players:
        raise ValueError(f"{len(skills)} ratings for {players} seats")
    sides = units(players, teams)
    ranks = placements(outcome, sides)
    if len(sides) < 2:
        raise ValueError("a rated match needs two sides")
    rated = _MODEL.rate([[_MODEL.rating(mu=skills[s].mu, sigma=skills[s].sigma) for s in side] for side in sides],
                        ranks=[float(r) for r in ranks])
    changes: dict[int, Change] = {}
    for side, rank, new in zip(sides, ranks, rated, strict=True):
        for seat, after in zip(side, new, strict=True):
            before = skills[seat]
            changes[seat] = Change(seat, before, Skill(after.mu, after.sigma, before.games + 1), rank,
                                   result_of(outcome, seat))
    return [changes[seat] for seat in range(players)]
