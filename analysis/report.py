"""The analysis's value types: small frozen dataclasses, each with a JSON form that reads back equal (to be stored).

Winning chances are in percent (0-100) for every seat, rounded to `DIGITS` decimals when made, so what is stored is
exactly what was computed from; drops are in percentage points of the mover's chance.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

FORMAT = "tabletop-analysis"
VERSION = 3  # 2: chances calibrated to how games end (analysis.calibration); 3: maps fitted on self-play; older
# analyses are made again
DIGITS = 2

KINDS = ("move", "forced", "setup", "resign")
# move: judged against the best move found. forced: the only legal move, or one the server made (a forced pass);
# its chances are there, but no judgement. setup: a private set-up answered the quick way (Sanae's layout), and
# resign: a resignation; neither has chances.


def percent(chance: float) -> float:
    """A chance in [0, 1] as a rounded percentage."""
    return round(100 * chance, DIGITS)


@dataclass(frozen=True)
class Record:
    """A finished match as the match service stores it: its player count, options and log, each line (seat,
    notation), seat None for a chance outcome (a leading seat-draw line, `seats 1 0`, is skipped on replay)."""

    players: int
    options: tuple[tuple[str, str], ...]
    log: tuple[tuple[int | None, str], ...]

    @classmethod
    def of(cls, players: int, options: Mapping[str, str] | None,
           log: Iterable[tuple[int | None, str]]) -> Record:
        return cls(players, tuple(sorted((options or {}).items())), tuple((seat, text) for seat, text in log))

    @classmethod
    def from_export(cls, data: Mapping[str, Any]) -> Record:
        """The record of `matches.history.export_record`'s JSON (its "players", "options" and "log")."""
        lines = sorted(data["log"], key=lambda line: line["n"])
        return cls.of(int(data["players"]), data.get("options") or {},
                      [(line["seat"], str(line["text"])) for line in lines])

    def options_dict(self) -> dict[str, str]:
        return dict(self.options)


@dataclass(frozen=True)
class AnalysedMove:
    """One player's log line: `n` its number in the match log, `seat` who played `notation`, of `kind` (KINDS).

    `before`: every seat's winning chance with the best move found (`best`), as the mover could know it; `after`:
    with the move played (a move after which a side wins is counted at that result). `drop`: the fall in the mover's
    chance, `before[seat] - after[seat]`, in points; `accuracy` and `label` ("inaccuracy", "mistake", "blunder" or
    None) follow from it. `worlds`: the re-dealt worlds the judgement rests on. Chances and judgement are None where
    the kind has none."""

    n: int
    seat: int
    notation: str
    kind: str
    best: str | None = None
    before: tuple[float, ...] | None = None
    after: tuple[float, ...] | None = None
    drop: float | None = None
    accuracy: float | None = None
    label: str | None = None
    worlds: int = 0

    @property
    def judged(self) -> bool:
        return self.kind == "move"

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "seat": self.seat, "notation": self.notation, "kind": self.kind, "best": self.best,
                "before": _list(self.before), "after": _list(self.after), "drop": self.drop,
                "accuracy": self.accuracy, "label": self.label, "worlds": self.worlds}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> AnalysedMove:
        return cls(int(data["n"]), int(data["seat"]), str(data["notation"]), str(data["kind"]), data.get("best"),
                   _tuple(data.get("before")), _tuple(data.get("after")), data.get("drop"), data.get("accuracy"),
                   data.get("label"), int(data.get("worlds", 0)))


@dataclass(frozen=True)
class PlayerSummary:
    """A seat's game: its accuracy (Lichess's game accuracy; None with no move judged), the moves judged, how many
    of them were inaccuracies, mistakes and blunders, and its mean drop in points."""

    seat: int
    accuracy: float | None
    moves: int
    inaccuracies: int
    mistakes: int
    blunders: int
    mean_drop: float | None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "accuracy": self.accuracy, "moves": self.moves, "inaccuracies": self.inaccuracies,
                "mistakes": self.mistakes, "blunders": self.blunders, "mean_drop": self.mean_drop}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PlayerSummary:
        return cls(int(data["seat"]), data.get("accuracy"), int(data["moves"]), int(data["inaccuracies"]),
                   int(data["mistakes"]), int(data["blunders"]), data.get("mean_drop"))


@dataclass(frozen=True)
class Analysis:
    """A finished match analysed: the game, its player count, its sides (teams, or every seat alone; a side's seats
    share one winning chance), the seed and iterations per position it was analysed with, every player's log line
    (`moves`, in log order) and a summary per seat (`summaries`, by seat)."""

    game: str
    players: int
    sides: tuple[tuple[int, ...], ...]
    seed: int | str
    iterations: int | None
    moves: tuple[AnalysedMove, ...]
    summaries: tuple[PlayerSummary, ...]

    def judged(self, seat: int | None = None) -> list[AnalysedMove]:
        """The moves judged, of `seat` or of everyone."""
        return [m for m in self.moves if m.judged and (seat is None or m.seat == seat)]

    def labelled(self, seat: int | None = None) -> list[AnalysedMove]:
        """The inaccuracies, mistakes and blunders, of `seat` or of everyone: the moves to look at again."""
        return [m for m in self.judged(seat) if m.label is not None]

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "game": self.game, "players": self.players,
                "sides": [list(side) for side in self.sides], "seed": self.seed, "iterations": self.iterations,
                "moves": [m.to_json() for m in self.moves], "summaries": [s.to_json() for s in self.summaries]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Analysis:
        if data.get("format") != FORMAT or data.get("version") != VERSION:
            raise ValueError(f"not a {FORMAT} version {VERSION} (format {data.get('format')!r}, "
                             f"version {data.get('version')!r})")
        sides = tuple(tuple(int(s) for s in side) for side in data["sides"])
        return cls(str(data["game"]), int(data["players"]), sides, _seed(data["seed"]), data.get("iterations"),
                   tuple(AnalysedMove.from_json(m) for m in data["moves"]),
                   tuple(PlayerSummary.from_json(s) for s in data["summaries"]))


def _list(values: Sequence[float] | None) -> list[float] | None:
    return None if values is None else list(values)


def _tuple(values: Sequence[float] | None) -> tuple[float, ...] | None:
    return None if values is None else tuple(float(v) for v in values)


def _seed(value: Any) -> int | str:
    return value if isinstance(value, str) else int(value)
