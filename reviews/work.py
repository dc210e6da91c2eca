"""What the analysis's worker process runs (in `Reviews`' process pool): one player's log line of a finished match
judged, and the lines and sides of a match, each rebuilt from the match's record with the rules."""

from __future__ import annotations

import signal
from typing import Any

from analysis import AnalysedMove, Analysis, Record, analyse_move, standing_moves, summarise
from players import Budget
from players.evaluate import teams_of
from rules import GAMES, Action, State

# The last record replayed in this process and its player lines (n -> the position before, the action, its seat):
# the lines of one match come one after another, so each costs one judgement rather than one replay of the log.
_last: tuple[tuple[str, Record], dict[int, tuple[State, Action, int]]] | None = None


def quiet_worker() -> None:
    """In a worker: Ctrl-C in a terminal reaches the whole process group; the parent decides what stops."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def record_of(data: dict[str, Any]) -> Record:
    return Record(int(data["players"]), tuple((str(k), str(v)) for k, v in data["options"]),
                  tuple((None if seat is None else int(seat), str(text)) for seat, text in data["log"]))


def record_json(record: Record) -> dict[str, Any]:
    return {"players": record.players, "options": [list(o) for o in record.options],
            "log": [list(line) for line in record.log]}


def _positions(game_name: str, record: Record) -> dict[int, tuple[State, Action, int]]:
    """Each player line's number and the position before it, with who played it (chance lines and moves taken back
    left out)."""
    global _last
    if _last is None or _last[0] != (game_name, record):
        lines = {n: (before, action, seat) for n, before, action, seat in standing_moves(GAMES[game_name], record)}
        _last = ((game_name, record), lines)
    return _last[1]


def player_lines(game_name: str, record: dict[str, Any]) -> list[int]:
    """The log line numbers a player (or the server for a player: a forced pass) played, in order."""
    return sorted(_positions(game_name, record_of(record)))


def judge_line(game_name: str, record: dict[str, Any], seed: int | str, iterations: int, n: int) -> dict[str, Any]:
    """Log line `n` judged exactly as `analysis.analyse` judges it (the same seed, line number and budget give the
    same judgement), as JSON."""
    before, action, seat = _positions(game_name, record_of(record))[n]
    return analyse_move(GAMES[game_name], before, seat, action, budget=Budget(iterations=iterations), seed=seed,
                        n=n).to_json()


def assemble(game_name: str, record: dict[str, Any], seed: int | str, iterations: int,
             moves: list[dict[str, Any]]) -> dict[str, Any]:
    """The whole analysis from its judged lines, as `analysis.analyse` makes it: sides and each seat's summary."""
    game = GAMES[game_name]
    rec = record_of(record)
    judged = [AnalysedMove.from_json(m) for m in moves]
    start = game.setup(rec.players, rec.options_dict())
    return Analysis(game.name, rec.players, tuple(teams_of(game, start)), seed, iterations, tuple(judged),
                    summarise(judged, rec.players)).to_json()


def judge_move(game_name: str, record: dict[str, Any], seed: int | str, iterations: int, n: int,
               move: str) -> dict[str, Any]:
    """A move other than the one played at log line `n` (a player's try in /analysis learn), judged in the same
    position with the line's own random stream: its drop against the best move found."""
    before, _, seat = _positions(game_name, record_of(record))[n]
    game = GAMES[game_name]
    action = game.parse(before, move, seat)
    return analyse_move(game, before, seat, action, budget=Budget(iterations=iterations), seed=seed, n=n).to_json()


def legal_moves(game_name: str, record: dict[str, Any], n: int) -> list[str]:
    """The legal moves of the player of line `n` in the position before it, in notation."""
    before, _, seat = _positions(game_name, record_of(record))[n]
    game = GAMES[game_name]
    return [game.notation(before, a) for a in game.legal_actions(before, seat)]
