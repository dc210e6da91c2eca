"""OpenSkill (Plackett-Luce) ratings per game: one match's update from its result (`rules.results`: who played,
their places, teams as one side) and the number shown (1500 + 25 · (μ − 3σ), "?" for the first 10). Pure."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from rules.results import Result, Verdict

MU = 25.0
SIGMA = MU / 3
BASE = 1500  # the displayed number of a new player's ordinal 0
SCALE = 25  # displayed points per unit of ordinal
PROVISIONAL_GAMES = 10  # rated matches in a game before the number loses its "?"

_MODEL = PlackettLuce(mu=MU, sigma=SIGMA)

WIN, DRAW, LOSS = Verdict.WIN.value, Verdict.DRAW.value, Verdict.LOSS.value  # a change's result (stored)


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


def rate(result: Result, skills: Sequence[Skill]) -> list[Change]:
    """One finished match's update: `skills` per seat before it; the changes of the seats whose side played over the
    board (`Result.rated_sides`: team members rated as one side, every member updated), in seat order; none when
    the result is not rated (a forfeit, a double forfeit, an abort). Deterministic: the same inputs give the same
    floats (the rebuild relies on it)."""
    if len(skills) != result.players:
        raise ValueError(f"{len(skills)} ratings for {result.players} seats")
    rated = result.rated_sides()
    if not rated:
        return []
    new = _MODEL.rate([[_MODEL.rating(mu=skills[s].mu, sigma=skills[s].sigma) for s in side] for side, _, _ in rated],
                      ranks=[float(place) for _, place, _ in rated])
    changes: list[Change] = []
    for (side, place, verdict), after_side in zip(rated, new, strict=True):
        for seat, after in zip(side, after_side, strict=True):
            before = skills[seat]
            changes.append(Change(seat, before, Skill(after.mu, after.sigma, before.games + 1), place, verdict.value))
    return sorted(changes, key=lambda c: c.seat)
