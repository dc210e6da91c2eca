"""A tournament as the service holds it: its record, sign-ups, entrants and tables, seen through `tournaments`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import tournaments
from data.tournaments import EntrantRecord, TableRecord, TournamentRecord
from tournaments.pods import places_from_scores

FORMAT_NAMES = {"swiss": "Swiss", "roundrobin": "Round robin", "double-roundrobin": "Double round robin",
                "elimination": "Elimination", "pods": "Pods"}
RESULTS = ("first", "second", "draw", "double-forfeit")  # what an organiser can adjudicate


def clock_words(seconds: int | None) -> str:
    if not seconds:
        return "no clock"
    if seconds % 86400 == 0:
        return f"{seconds // 86400 * 24} h per move" if seconds < 3 * 86400 else f"{seconds // 86400} days per move"
    if seconds % 3600 == 0:
        return f"{seconds // 3600} h per move"
    return f"{max(seconds // 60, 1)} min per move"


@dataclass(frozen=True)
class Sides:
    """How one match of the event is seated: seat groups per entrant (one seat each unless teams play)."""

    groups: tuple[tuple[int, ...], ...]

    @property
    def per_table(self) -> int:
        return len(self.groups)

    @property
    def team_size(self) -> int:
        return len(self.groups[0])


@dataclass
class Tournament:
    record: TournamentRecord
    signups: list[int]
    entrants: list[EntrantRecord]
    tables: list[TableRecord]
    game_title: str
    sides: Sides

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def status(self) -> str:
        return self.record.status

    @property
    def round(self) -> int:
        return self.record.round

    @property
    def per_round(self) -> bool:
        """Teams drawn anew each round: the entrants are the players, a table holds its teams' members."""
        return self.record.teams == "per-round"

    def table_sides(self, table: TableRecord) -> list[tuple[int, ...]]:
        """A table's entrants per side (one each, or the round's drawn teams in seat order)."""
        size = self.sides.team_size if self.per_round and len(table.entrants) > 1 else 1
        return [table.entrants[i:i + size] for i in range(0, len(table.entrants), size)]

    def per_entrant(self, table: TableRecord, values: Sequence[Any] | None) -> tuple[Any, ...] | None:
        """Per-side values (points, places) spread over the table's entrants (each member shares its team's)."""
        if values is None:
            return None
        return tuple(v for v, side in zip(values, self.table_sides(table), strict=True) for _ in side)

    def settings(self) -> tournaments.Settings:
        extra = self.record.settings
        pods = self.record.format == "pods"
        return tournaments.Settings(self.record.format, rounds=self.record.rounds,
                                    bye_points=float(extra.get("bye_points", 1.0)),
                                    pod_size=self.sides.per_table if pods else 2,
                                    placement_points=tuple(extra.get("placement_points", (3, 1, 0))))

    def core_entrants(self) -> list[tournaments.Entrant]:
        return [tournaments.Entrant(e.entrant, e.seed, e.rating, e.dropped_after) for e in self.entrants]

    def core_games(self) -> list[tournaments.Game]:
        return [tournaments.Game(t.round, t.entrants, t.points, t.played, t.places, self._side_numbers(t))
                for t in self.tables]

    def _side_numbers(self, table: TableRecord) -> tuple[int, ...] | None:
        if not self.per_round or len(table.entrants) < 2:
            return None
        return tuple(i for i, side in enumerate(self.table_sides(table)) for _ in side)

    def total_rounds(self) -> int | None:
        count = len(self.entrants) or len(self.signups) // (1 if self.per_round else max(self.sides.team_size, 1))
        if count < 2:
            return self.record.rounds
        return tournaments.rounds_for(self.settings(), count)

    def standings(self) -> list[tournaments.Standing]:
        return tournaments.standings(self.settings(), self.core_entrants(), self.core_games())

    def entrant_of(self, user_id: int) -> EntrantRecord | None:
        return next((e for e in self.entrants if user_id in e.members), None)

    def entrant(self, entrant_id: int) -> EntrantRecord:
        return next(e for e in self.entrants if e.entrant == entrant_id)

    def round_tables(self, round_no: int | None = None) -> list[TableRecord]:
        want = self.round if round_no is None else round_no
        return [t for t in self.tables if t.round == want]

    def round_done(self) -> bool:
        current = self.round_tables()
        return bool(current) and all(t.points is not None for t in current)

    def seats_of(self, table: TableRecord) -> list[int]:
        """The users of a table's match in seat order: entrant i takes the i-th seat group."""
        # per round: the entrants are players, a side is the round's drawn team; else an entrant is a side
        members = ([tuple(self.entrant(e).members[0] for e in side) for side in self.table_sides(table)]
                   if self.per_round else [self.entrant(e).members for e in table.entrants])
        users = {seat: user for group, team in zip(self.sides.groups, members, strict=True)
                 for seat, user in zip(group, team, strict=True)}
        return [users[s] for s in sorted(users)]

    def title(self) -> str:
        rounds = self.total_rounds()
        parts = [f"{self.game_title} {FORMAT_NAMES.get(self.record.format, self.record.format)}"]
        if self.sides.team_size > 1:
            parts.append(f"teams of {self.sides.team_size}" + (" drawn each round" if self.per_round else ""))
        if rounds:
            parts.append(f"{rounds} round{'s' if rounds != 1 else ''}")
        parts.append(clock_words(self.record.time_control))
        return " · ".join(parts)

    def names(self, users: Mapping[int, str]) -> dict[int, str]:
        """Entrant id -> display name ('ada', or 'ada & bob' for a team)."""
        out = {}
        for e in self.entrants:
            names = [users.get(u) or f"player {u % 10000}" for u in e.members]
            out[e.entrant] = " & ".join(names)
        return out


def entrant_results(sides: Sides, outcome: Mapping[str, Any] | None, aborted: bool,
                    settings: tournaments.Settings, forfeit: bool) -> tuple[tuple[float, ...], tuple[int, ...] | None,
                                                                            bool]:
    """A finished match's (points, places, played) per entrant of its table.

    Two entrants: win 1 / draw ½ / loss 0; a forfeit (timeout, resignation before the first move) counts but is
    not played. Pods: places from the outcome (winners share 1st, the rest by the game's scores) and placement
    points. An aborted match (nobody played before the deadline) is a double forfeit: nobody scores."""
    n = sides.per_table
    pods = settings.format == "pods"
    if aborted or outcome is None:
        return (0.0,) * n, ((n,) * n if pods else None), False
    winners = set(outcome.get("winners") or ())
    scores: Sequence[float] | None = outcome.get("scores")
    won = [i for i, group in enumerate(sides.groups) if winners & set(group)]
    if not pods:
        if len(won) == 1:
            return tuple(1.0 if i == won[0] else 0.0 for i in range(n)), None, not forfeit
        return (0.5,) * n, None, not forfeit
    per = [max(float(scores[s]) for s in group) if scores else 0.0 for group in sides.groups]
    places = (1,) * n if not won or len(won) == n else places_from_scores(per, won)  # all won: all share 1st
    return tournaments.placement_points(settings, places), places, True
