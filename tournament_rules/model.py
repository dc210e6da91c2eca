"""The tournament core's value types: entrants, games (tables of a round), settings and standings."""

from __future__ import annotations

from dataclasses import dataclass

from i18n import _

FORMATS = ("swiss", "roundrobin", "double-roundrobin", "elimination", "double-elimination", "pods")
# What a round's deadline does to the matches still running: tell the organiser, a double forfeit, or the computer's
# adjudication (tournaments/adjudicator.py)
DEADLINES = ("ping", "forfeit", "adjudicate")


@dataclass(frozen=True)
class Entrant:
    """A player or a fixed team."""

    id: int  # stable id within the event (the service maps it to users/teams)
    seed: int  # sign-up order, 0-based
    rating: float  # before the event (seeding, last tie-break)
    dropped_after: int | None = None  # last round played before dropping (None: still in)


@dataclass(frozen=True)
class Game:
    """One table of one round, with its result once known."""

    round: int  # 1-based
    entrants: tuple[int, ...]  # seat order: entrants[0] moves first where the game has a first player
    points: tuple[float, ...] | None  # per entrant once finished: 1/½/0 (two-entrant) or placement points (pods)
    played: bool = True  # False for a bye or a forfeit (a win/loss, but not over the board)
    places: tuple[int, ...] | None = None  # pods: 1-based place per entrant (ties share)
    sides: tuple[int, ...] | None = None  # per entrant, its side (team drawn for this round); None: one each

    def side(self, at: int) -> int:
        return self.sides[at] if self.sides is not None else at

    def opponents(self, who: int) -> list[int]:
        """The entrants on other sides than ``who`` (teammates of a drawn team are not opponents)."""
        mine = self.side(self.entrants.index(who))
        return [w for i, w in enumerate(self.entrants) if self.side(i) != mine]

    @property
    def is_bye(self) -> bool:
        return len(self.entrants) == 1


@dataclass(frozen=True)
class TournamentSettings:
    format: str  # one of FORMATS
    rounds: int | None = None  # swiss: None means ⌈log2 n⌉+1; other formats derive it
    bye_points: float = 1.0
    pod_size: int = 2  # entrants per table (pods)
    placement_points: tuple[float, ...] = (3, 1, 0)
    third_place: bool = False
    replays: int = 1  # elimination: replays of a drawn match before the seed decides
    reset: bool = True  # double elimination: a second grand final when the losers' bracket's winner wins the first
    playoff: int | None = None  # Swiss or pods: a single-elimination top cut of this many after the rounds
    first_player: bool = True  # balance who moves first
    pod_min: int | None = None  # pods: fewest seats the game allows at a table (None: pod_size only, byes)
    deadline: str = "ping"  # one of DEADLINES: what a round's deadline does to the matches still running

    def __post_init__(self) -> None:
        if self.format not in FORMATS:
            raise ValueError(_("Unknown tournament format {format}; use one of {formats}.",
                               format=repr(self.format[:40]), formats=", ".join(FORMATS)))
        if self.rounds is not None and self.rounds < 1:
            raise ValueError(_("A tournament needs at least one round."))
        if self.format == "pods" and self.pod_size < 2:
            raise ValueError(_("A pod seats at least two entrants."))
        if self.pod_min is not None and not 2 <= self.pod_min <= self.pod_size:
            raise ValueError(_("The smallest pod must seat at least two and no more than a full pod."))
        if self.deadline not in DEADLINES:
            raise ValueError(_("At a round's deadline the rule is {rules}; not {rule}.", rules=", ".join(DEADLINES),
                               rule=repr(self.deadline[:20])))
        if self.replays < 0:
            raise ValueError(_("Replays of a drawn match cannot be negative."))
        if self.playoff is not None and (self.format not in ("swiss", "pods") or self.playoff not in (4, 8, 16)):
            raise ValueError(_("A top cut (playoff) takes the best 4, 8 or 16 after a Swiss or pods stage."))


@dataclass(frozen=True)
class Standing:
    entrant: int
    rank: int  # 1-based position in the table, withdrawn entrants included (the order of tie-breaks; TRF's rank)
    place: int | None  # the place among the entrants still in (podium, profile, the table's #); None: withdrawn.
    # Shared by those level on every sporting criterion (a knockout's losers of one round, a shared win): the first
    # of the places they cover, `place_to` the last (3 and 4: "3–4")
    points: float
    buchholz_cut1: float  # pods: Buchholz over pod opponents (mean of the others' scores per table)
    sonneborn_berger: float  # 0 for pods
    direct: float | None  # points against the tied group when every pair of it played, else None
    wins: int  # won over the board (pods: 1st places)
    withdrawn: bool
    # per round: "W" "D" "L" "B" (bye) "F+" "F-" "-" (absent) "…" (being played); pods: the place, "B", "-", "…"
    results: tuple[str, ...]
    place_to: int | None = None  # the last place of a shared place (None or equal to `place`: not shared)

    @property
    def shared(self) -> bool:
        return self.place is not None and self.place_to is not None and self.place_to > self.place
