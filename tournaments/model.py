"""A tournament as the service holds it: its record, sign-ups, entrants and tables, seen through `tournaments`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar, overload

import tournament_rules
from data.tournaments import EntrantRecord, TableRecord, TournamentRecord
from i18n import N_, _, ngettext
from rules.results import Result

T = TypeVar("T")

# The formats' names in English, marked for the catalogs: shown with `format_name` (in the language being spoken)
FORMAT_NAMES = {"swiss": N_("Swiss"), "roundrobin": N_("Round robin"), "double-roundrobin": N_("Double round robin"),
                "elimination": N_("Elimination"), "double-elimination": N_("Double elimination"), "pods": N_("Pods")}
BRACKETS = ("elimination", "double-elimination")  # formats drawn as a bracket (a top cut's playoff too)
RESULTS = ("first", "second", "draw", "double-forfeit")  # what an organiser can adjudicate


# What a table's stored note says (`TableRecord.note`, facts, worded where shown by `note_words`): the computer
# adjudicated it, the round's deadline decided it, or an organiser (the note's rest is their display name)
NOTE_COMPUTER, NOTE_DEADLINE, NOTE_ORGANISER = "computer", "deadline", "organiser:"
# Notes written in English before they were stored as facts (read as the same facts)
LEGACY_NOTES = {"adjudicated by the computer": NOTE_COMPUTER, "decided at the round's deadline": NOTE_DEADLINE}
LEGACY_ORGANISER = "adjudicated by "


# An event's status as a sentence says it ("Tournament #3 is paused"), marked for the catalogs: `status_word`
STATUS_WORDS = {"signup": N_("signing up"), "running": N_("running"), "paused": N_("paused"),
                "finished": N_("finished"), "cancelled": N_("cancelled")}


def status_word(status: str) -> str:
    """An event's status in the language being spoken ('running', 'läuft')."""
    # Translators: the statuses complete "Tournament #3 is …" and stand alone in /tournament list
    return _(STATUS_WORDS[status]) if status in STATUS_WORDS else status


def format_name(fmt: str) -> str:
    """A format's name in the language being spoken ('Swiss', 'Schweizer System')."""
    return _(FORMAT_NAMES[fmt]) if fmt in FORMAT_NAMES else fmt


def note_words(note: str | None) -> str:
    """A table's note in the language being spoken: "adjudicated by the computer", "decided at the round's
    deadline", "adjudicated by Ada" ('' for none). An old note in English is read as the facts it says."""
    if not note:
        return ""
    note = LEGACY_NOTES.get(note, note)
    if note == NOTE_COMPUTER:
        return _("adjudicated by the computer")
    if note == NOTE_DEADLINE:
        return _("decided at the round's deadline")
    if note.startswith(NOTE_ORGANISER) or note.startswith(LEGACY_ORGANISER):
        name = note.removeprefix(NOTE_ORGANISER) if note.startswith(NOTE_ORGANISER) \
            else note.removeprefix(LEGACY_ORGANISER)
        return _("adjudicated by {name}", name=name)
    return note


def clock_words(seconds: int | None) -> str:
    """The time per move as a title says it ('24 h per move', '3 days per move'), in the language being spoken."""
    if not seconds:
        return _("no clock")
    if seconds % 86400 == 0 and seconds >= 3 * 86400:
        return ngettext("{n} day per move", "{n} days per move", seconds // 86400)
    if seconds % 3600 == 0:
        return _("{n} h per move", n=seconds // 3600)
    return _("{n} min per move", n=max(seconds // 60, 1))


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

    @overload
    def per_entrant(self, table: TableRecord, values: Sequence[T]) -> tuple[T, ...]: ...

    @overload
    def per_entrant(self, table: TableRecord, values: Sequence[T] | None) -> tuple[T, ...] | None: ...

    def per_entrant(self, table: TableRecord, values: Sequence[T] | None) -> tuple[T, ...] | None:
        """Per-side values (points, places) spread over the table's entrants (each member shares its team's)."""
        if values is None:
            return None
        return tuple(v for v, side in zip(values, self.table_sides(table), strict=True) for _ in side)

    def settings(self) -> tournament_rules.TournamentSettings:
        extra = self.record.settings
        pods = self.record.format == "pods"
        return tournament_rules.TournamentSettings(self.record.format, rounds=self.record.rounds,
                                    bye_points=float(extra.get("bye_points", 1.0)),
                                    pod_size=self.sides.per_table if pods else 2,
                                    placement_points=tuple(extra.get("placement_points", (3, 1, 0))),
                                    reset=bool(extra.get("reset", True)), playoff=extra.get("playoff"),
                                    deadline=str(extra.get("deadline", "ping")))

    @property
    def playoff(self) -> int | None:
        """The top cut's size, if the event has one."""
        return self.record.settings.get("playoff")

    def entrant_count(self) -> int:
        """The entrants, or before the start the sign-ups (as entrants: teams count once)."""
        return len(self.entrants) or len(self.signups) // (1 if self.per_round else max(self.sides.team_size, 1))

    def stage_rounds(self) -> int | None:
        """With a top cut: the rounds before the playoff (None without one, or before two have signed up)."""
        count = self.entrant_count()
        if self.playoff is None or count < 2:
            return self.record.rounds if self.playoff is not None else None
        plan = tournament_rules.TournamentSettings(self.record.format, rounds=self.record.rounds)
        return tournament_rules.rounds_for(plan, count)

    def in_playoff(self, round_no: int) -> bool:
        stage = self.stage_rounds() if self.entrants else None
        return stage is not None and round_no > stage

    @property
    def round_hours(self) -> int | None:
        """The organiser's length of a round, if set."""
        return self.record.settings.get("round_hours")

    def round_deadline(self) -> float | None:
        """When the current round ends: its start plus the organiser's round length, else plus the time per move
        (the first move's deadline: a match nobody has started by then is a double forfeit); None without either."""
        start = self.record.round_started
        if start is None or self.status not in ("running", "paused"):
            return None
        if self.round_hours is not None:
            return start + self.round_hours * 3600
        return start + self.record.time_control if self.record.time_control else None

    def in_bracket(self, round_no: int) -> bool:
        """Whether round `round_no` is played in a bracket (elimination formats, a top cut's playoff)."""
        return self.record.format in BRACKETS or self.in_playoff(round_no)

    def pods_at(self, round_no: int) -> bool:
        """Whether the round's tables are pods (placement points): a pods event's rounds before any playoff."""
        return self.record.format == "pods" and not self.in_playoff(round_no)

    def sides_at(self, table: TableRecord) -> Sides:
        """How a table's match is seated: the event's seat groups; a pods event's playoff plays one against one."""
        if self.record.format == "pods" and self.in_playoff(table.round):
            return Sides(((0,), (1,)))
        return self.sides

    def bracket(self) -> tournament_rules.BracketView | None:
        """The bracket to draw: an elimination event's, a double elimination's, or a top cut's once it began."""
        settings, entrants, games = self.settings(), self.core_entrants(), self.core_games()
        if len(entrants) < 2:
            return None
        if self.playoff is not None:
            return tournament_rules.playoff.view(settings, entrants, games)
        if self.record.format == "elimination":
            return tournament_rules.elimination.view(settings, entrants, games)
        if self.record.format == "double-elimination":
            return tournament_rules.double.view(settings, entrants, games)
        return None

    def core_entrants(self) -> list[tournament_rules.Entrant]:
        return [tournament_rules.Entrant(e.entrant, e.seed, e.rating, e.dropped_after) for e in self.entrants]

    def core_games(self) -> list[tournament_rules.Game]:
        return [tournament_rules.Game(t.round, t.entrants, t.points, t.played, t.places, self._side_numbers(t))
                for t in self.tables]

    def _side_numbers(self, table: TableRecord) -> tuple[int, ...] | None:
        if not self.per_round or len(table.entrants) < 2:
            return None
        return tuple(i for i, side in enumerate(self.table_sides(table)) for _ in side)

    def total_rounds(self) -> int | None:
        """The rounds the event plans (a bracket: without replays of draws or a reset; `round_heading` says the
        total as it stands)."""
        count = self.entrant_count()
        if count < 2:
            return self.record.rounds
        return tournament_rules.rounds_for(self.settings(), count)

    def rounds_words(self) -> str:
        """The planned total as the title says it: '5 rounds', '3 rounds or more' (a drawn knockout match is
        replayed), '6 or 7 rounds' (a double elimination's reset); '' before two have signed up."""
        count = self.entrant_count()
        if count < 2:
            rounds = self.record.rounds
            return ngettext("{n} round", "{n} rounds", rounds) if rounds else ""
        return tournament_rules.schedule.total_words(self.settings(), count)

    def round_heading(self, round_no: int) -> tournament_rules.schedule.Heading:
        """Round `round_no` as announced: 'Round 3 of 6', 'Round 7 of 7 · Grand final reset' (never past its
        total: a bracket's grows with replays and a reset)."""
        return tournament_rules.schedule.heading(self.settings(), self.core_entrants(), self.core_games(), round_no)

    def standings(self, *, before_round: int | None = None) -> list[tournament_rules.Standing]:
        """The standings now (a round being played counts the results already in), or before round
        `before_round` (the rounds before it only)."""
        games = [g for g in self.core_games() if before_round is None or g.round < before_round]
        return tournament_rules.standings(self.settings(), self.core_entrants(), games)

    def standings_note(self, *, before_round: int | None = None) -> str:
        """What the standings count, for their titles: "final standings", "after round 2", or "after round 2 · round
        3 in progress: 4 of 6 results in" (a bye is a result)."""
        if self.status == "finished" and before_round is None:
            return _("final standings")
        if before_round is not None:
            return _("after round {n}", n=before_round - 1) if before_round > 1 else _("seeded order")
        current = self.round_tables()
        if not current:
            return _("seeded order")
        done = sum(t.points is not None for t in current)
        after = _("after round {n}", n=self.round - 1) if self.round > 1 else _("no round finished")
        if done == len(current):
            return _("after round {n}", n=self.round)
        return _("{after} · round {n} in progress: {done} of {total} results in", after=after, n=self.round,
                 done=done, total=len(current))

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
        users = {seat: user for group, team in zip(self.sides_at(table).groups, members, strict=True)
                 for seat, user in zip(group, team, strict=True)}
        return [users[s] for s in sorted(users)]

    def title(self) -> str:
        rounds = self.rounds_words()
        # Translators: a tournament's title begins "Cintos Swiss": the game's name, then the format's
        parts = [_("{game} {format}", game=self.game_title, format=format_name(self.record.format))]
        if self.sides.team_size > 1:
            parts.append(_("teams of {n} drawn each round", n=self.sides.team_size) if self.per_round
                         else _("teams of {n}", n=self.sides.team_size))
        stage = self.stage_rounds()
        if stage is not None:
            parts.append(ngettext("{n} round + top {cut}", "{n} rounds + top {cut}", stage, cut=self.playoff))
        elif self.playoff is not None:
            parts.append(_("top {cut} playoff", cut=self.playoff))
        elif rounds:
            parts.append(rounds)
        parts.append(clock_words(self.record.time_control))
        return " · ".join(parts)

    def names(self, users: Mapping[int, str]) -> dict[int, str]:
        """Entrant id -> display name ('ada', or 'ada & bob' for a team)."""
        out = {}
        for e in self.entrants:
            names = [users.get(u) or _("player {n}", n=u % 10000) for u in e.members]
            out[e.entrant] = " & ".join(names)
        return out


def entrant_results(sides: Sides, result: Result, settings: tournament_rules.TournamentSettings, *,
                    pods: bool) -> tuple[tuple[float, ...], tuple[int, ...] | None, bool]:
    """A finished match's (points, places, played) per side of its table, as the result model (`rules.results`)
    reads it for the table's seat groups.

    Two sides: win 1 / draw ½ / loss 0, a forfeit (ran out of time, resigned or never moved before the first move)
    counts but is not played. Pods: places from the outcome (winners share 1st, the rest by the game's scores) and
    placement points. Aborted or a double forfeit (nobody moved before the deadline): nobody scores."""
    seen = result.with_sides(sides.groups)
    n = sides.per_table
    if seen.nobody_scores:
        return (0.0,) * n, ((n,) * n if pods else None), False
    if not pods:
        verdicts = seen.verdicts()
        return tuple(v.points for v in verdicts), None, all(v.played for v in verdicts)
    places = seen.places()
    return tournament_rules.placement_points(settings, places), places, True
