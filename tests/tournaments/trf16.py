"""A reader of FIDE's Tournament Report File, TRF-16 (Handbook C.04 Annex 2), written from FIDE's published layout and
not from our writer, as a byte-based pairing program reads it; and the Swiss history it holds, for our pairing."""

from __future__ import annotations

from dataclasses import dataclass, field

from tournament_rules import Entrant, Game, TournamentSettings

# The player section, 1-based inclusive byte columns (TRF-16): the record's code, starting rank, sex, title, name,
# FIDE rating, federation, FIDE number, birth date, points, rank; then from column 92 ten columns per round.
PLAYER_COLUMNS = {"code": (1, 3), "start": (5, 8), "sex": (10, 10), "title": (11, 13), "name": (15, 47),
                  "rating": (49, 52), "federation": (54, 56), "fide_id": (58, 68), "birth": (70, 79),
                  "points": (81, 84), "rank": (86, 89)}
FIRST_ROUND = 92  # round r's block: opponent at 92 + 10(r-1) .. +3, colour at +5, result at +7
ROUND_WIDTH = 10
RESULT_POINTS = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, "W": 1.0, "D": 0.5, "L": 0.0}
OVER_THE_BOARD = {"1", "=", "0"}  # "+" "-" forfeits; W D L games that lasted less than a move (not rated)
ABSENT = {"Z", "", "-"}  # with opponent 0000: zero-point bye (known absence), blank, or a forfeit of the round


class TRFError(ValueError):
    """The bytes are not a TRF-16 file a byte-based reader accepts."""


@dataclass(frozen=True)
class RoundEntry:
    opponent: int  # starting rank of the scheduled opponent, 0 for none (bye, absent)
    colour: str  # "w" "b" or "-"
    result: str


@dataclass
class Player:
    start: int
    sex: str
    title: str
    name: str
    rating: int | None  # blank: unrated
    federation: str
    fide_id: str
    birth: str
    points: float
    rank: int
    rounds: dict[int, RoundEntry] = field(default_factory=dict)  # round number -> its entry, where one is written


@dataclass
class Report:
    tags: dict[str, list[str]]  # "012" -> the text from column 5 of each such line (XXR, XXC, BBU … likewise)
    players: dict[int, Player]  # by starting rank
    round_dates: dict[int, str]  # from 132: round -> YY/MM/DD

    def tag(self, code: str) -> str | None:
        lines = self.tags.get(code)
        return lines[0] if lines else None

    @property
    def rounds(self) -> int | None:
        """XXR: the tournament's number of rounds (JaVaFo's and bbpPairings' extension)."""
        value = self.tag("XXR")
        return int(value) if value else None

    @property
    def paired_rounds(self) -> int:
        """The last round in which anyone met an opponent or had the pairing-allocated bye."""
        return max((r for p in self.players.values() for r, e in p.rounds.items()
                    if e.opponent or e.result.upper() == "U"), default=0)


def columns(raw: bytes, first: int, last: int) -> str:
    """Bytes ``first``..``last`` (1-based, inclusive), one character per byte as a byte-based reader sees them."""
    return raw[first - 1:last].decode("latin-1").strip()


def read(data: bytes) -> Report:
    """Every line ends in CR LF; columns are counted in bytes."""
    if not data.endswith(b"\r\n"):
        raise TRFError("the last line does not end in CR LF")
    lines = data[:-2].split(b"\r\n")
    tags: dict[str, list[str]] = {}
    players: dict[int, Player] = {}
    dates: dict[int, str] = {}
    for number, raw in enumerate(lines, 1):
        if b"\n" in raw or b"\r" in raw:
            raise TRFError(f"line {number} is not ended by CR LF")
        code = columns(raw, 1, 3)
        if code == "001":
            player = _player(raw, number)
            if player.start in players:
                raise TRFError(f"starting rank {player.start} appears twice")
            players[player.start] = player
        elif code == "132":
            at, round_no = 92, 1
            while len(raw) >= at:
                if columns(raw, at, at + 7):
                    dates[round_no] = columns(raw, at, at + 7)
                at, round_no = at + ROUND_WIDTH, round_no + 1
        elif code and not code.startswith("###"):
            tags.setdefault(code, []).append(columns(raw, 5, max(len(raw), 5)))
    return Report(tags, players, dates)


def _player(raw: bytes, number: int) -> Player:
    f = {name: columns(raw, a, b) for name, (a, b) in PLAYER_COLUMNS.items()}
    try:
        start = int(f["start"])
        rating = int(f["rating"]) if f["rating"] else None
        points = float(f["points"]) if f["points"] else 0.0
        rank = int(f["rank"]) if f["rank"] else 0
    except ValueError as exc:
        raise TRFError(f"line {number}: {exc}") from None
    player = Player(start, f["sex"], f["title"], f["name"], rating, f["federation"], f["fide_id"], f["birth"], points,
                    rank)
    at, round_no = FIRST_ROUND, 1
    while len(raw) >= at:
        block = raw[at - 1:at - 1 + 8]
        opponent_text = columns(raw, at, at + 3)
        if block.strip():
            try:
                opponent = int(opponent_text) if opponent_text else 0
            except ValueError:
                raise TRFError(f"line {number}, round {round_no}: opponent {opponent_text!r}") from None
            colour = columns(raw, at + 5, at + 5) or "-"
            if colour not in ("w", "b", "-"):
                raise TRFError(f"line {number}, round {round_no}: colour {colour!r}")
            player.rounds[round_no] = RoundEntry(opponent, colour, columns(raw, at + 7, at + 7))
        at, round_no = at + ROUND_WIDTH, round_no + 1
    return player


def history(report: Report,
            bye_points: float | None = None) -> tuple[TournamentSettings, list[Entrant], list[Game], int]:
    """The Swiss settings, entrants (id = starting rank, in starting-rank order), games and the round to pair next,
    as the file alone says them. The round to pair is the one after the last with a pairing; a player with an
    absence in it (``0000`` with Z or blank) or in any round before is out from that round on."""
    last = report.paired_rounds
    bye = bye_points if bye_points is not None else float(report.tag("BBU") or 1.0)
    entrants: list[Entrant] = []
    games: list[Game] = []
    for start in sorted(report.players):
        player = report.players[start]
        out = next((r for r in range(1, last + 2) if (e := player.rounds.get(r)) is not None and not e.opponent
                    and e.result.upper() in ABSENT), None)
        if out is None:
            missing = [r for r in range(1, last + 1) if r not in player.rounds]
            if missing:
                raise TRFError(f"player {start} has no entry for round {missing[0]}")
        entrants.append(Entrant(start, start - 1, 0.0, None if out is None else out - 1))
        for round_no, entry in sorted(player.rounds.items()):
            result = entry.result.upper()
            if round_no > last or (not entry.opponent and result in ABSENT):
                continue
            if not entry.opponent:
                if result != "U":
                    raise TRFError(f"player {start}, round {round_no}: a bye coded {result!r} is not ours")
                games.append(Game(round_no, (start,), (bye,), played=False))
                continue
            if result not in RESULT_POINTS:
                raise TRFError(f"player {start}, round {round_no}: result {result!r}")
            other = report.players.get(entry.opponent)
            back = other.rounds.get(round_no) if other else None
            if back is None or back.opponent != start or {entry.colour, back.colour} != {"w", "b"}:
                raise TRFError(f"round {round_no}: {start} v {entry.opponent} is not written on both lines")
            if entry.colour != "w":
                continue  # the game is taken once, from the first player's line
            other_result = back.result.upper()
            played = result in OVER_THE_BOARD and other_result in OVER_THE_BOARD
            games.append(Game(round_no, (start, entry.opponent),
                              (RESULT_POINTS[result], RESULT_POINTS[other_result]), played=played))
    games.sort(key=lambda g: (g.round, g.entrants))
    return TournamentSettings("swiss", rounds=report.rounds, bye_points=bye), entrants, games, last + 1
