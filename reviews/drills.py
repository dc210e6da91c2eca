"""Learn from your mistakes (`reviews.drills`): the position before each of a player's mistakes and blunders in a
finished match, one at a time; a move tried is judged by the analysis in the same position with the same seed and
accepted within `ACCEPT` points of the best; hints, "show me", and the tally. Progress is stored, never held."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from analysis import AnalysedMove, Analysis
from i18n import _, option
from matches.history import state_at
from matches.model import Match, Refusal
from reviews import work
from reviews.report import to_learn
from rules import State

if TYPE_CHECKING:
    from reviews.service import Reviews

ACCEPT = 4.0  # points of winning chance below the best that still count as solved
SOLVED, SHOWN, MISSED = "solved", "shown", "missed"  # how each position ended (None: not yet)


@dataclass(frozen=True)
class Drill:
    """A player's progress through one match's mistakes: the log lines to solve, each one's result so far and
    whether a hint was taken."""

    lines: tuple[int, ...]
    results: tuple[str | None, ...]
    hints: tuple[bool, ...]

    @property
    def at(self) -> int:
        """The index of the position to solve now (`len(lines)`: all done)."""
        return next((k for k, r in enumerate(self.results) if r is None), len(self.lines))

    @property
    def done(self) -> bool:
        return self.at == len(self.lines)

    @property
    def solved(self) -> int:
        return self.results.count(SOLVED)

    def to_json(self) -> dict[str, Any]:
        return {"lines": list(self.lines), "results": list(self.results), "hints": list(self.hints)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Drill:
        return cls(tuple(int(n) for n in data["lines"]), tuple(data["results"]), tuple(bool(h) for h in data["hints"]))

    def ended(self, result: str) -> Drill:
        k = self.at
        return Drill(self.lines, (*self.results[:k], result, *self.results[k + 1:]), self.hints)


@dataclass(frozen=True)
class Puzzle:
    """The position to solve: the seat that played, the mistake made there (`move`), the state before it, its
    number among the player's mistakes and whether a hint was taken."""

    seat: int
    move: AnalysedMove
    before: State
    number: int
    total: int
    hinted: bool


@dataclass(frozen=True)
class Attempt:
    """A move tried: accepted or not, its winning chance and the best one found, in percent (for the mover)."""

    move: str
    accepted: bool
    chance: float | None
    best_chance: float | None


def hint_of(best: str) -> str:
    """The start of the best move's notation (its first square or word): where to look, not the answer."""
    for mark in ("-", " ", "x", "+", ":"):
        if mark in best.strip(mark):
            return best.split(mark, 1)[0] or best[:1]
    return best[: max(1, len(best) // 2)]


class Drills:
    """`reviews.drills`: the drill of each player and match over the analysis service (its store and pool)."""

    def __init__(self, reviews: Reviews) -> None:
        self.reviews = reviews
        self.store = reviews.store

    def seat(self, match: Match, user_id: int) -> int:
        seat = match.seat_of(user_id)
        if seat is None:
            raise Refusal(_("You did not play in match #{id}: only its players learn from its mistakes.", id=match.id))
        return seat

    async def drill(self, match: Match, user_id: int, analysis: Analysis, *, keep: bool = True) -> Drill:
        """The player's drill of `match` as stored, or a new one of their mistakes and blunders (stored unless
        `keep` is False: an autocomplete only looks)."""
        seat = self.seat(match, user_id)
        stored = await self.store.analyses.drill(user_id, match.id)
        if stored is not None:
            return Drill.from_json(stored)
        lines = tuple(m.n for m in to_learn(analysis, seat))
        drill = Drill(lines, (None,) * len(lines), (False,) * len(lines))
        if keep:
            await self.store.analyses.save_drill(user_id, match.id, drill.to_json(), self.reviews.service.now())
        return drill

    async def restart(self, match: Match, user_id: int, analysis: Analysis) -> Drill:
        """The drill from its first position again, every result forgotten."""
        lines = tuple(m.n for m in to_learn(analysis, self.seat(match, user_id)))
        drill = Drill(lines, (None,) * len(lines), (False,) * len(lines))
        await self.store.analyses.save_drill(user_id, match.id, drill.to_json(), self.reviews.service.now())
        return drill

    async def puzzle(self, match: Match, drill: Drill, analysis: Analysis) -> Puzzle | None:
        """The position to solve now (None when the drill is done)."""
        if drill.done:
            return None
        n = drill.lines[drill.at]
        move = next(m for m in analysis.moves if m.n == n)
        before = await state_at(self.reviews.service, match.id, n - 1)
        return Puzzle(move.seat, move, before, drill.at + 1, len(drill.lines), drill.hints[drill.at])

    async def legal(self, match: Match, puzzle: Puzzle) -> list[str]:
        """The moves the player could make in the puzzle's position, in notation."""
        game = match.game
        actions = await asyncio.to_thread(game.legal_actions, puzzle.before, puzzle.seat)
        return [game.notation(puzzle.before, a) for a in actions]

    async def attempt(self, match: Match, user_id: int, analysis: Analysis, text: str) -> tuple[Attempt, Drill]:
        """`text` tried in the position to solve: judged with the analysis's seed and budget at that log line;
        accepted (and the drill moves on) within `ACCEPT` points of the best found, or the best itself."""
        drill = await self.drill(match, user_id, analysis)
        puzzle = await self.puzzle(match, drill, analysis)
        if puzzle is None:
            raise Refusal(_("You have been through every mistake of match #{id}: solved {solved} of {total}. "
                            "{restart} goes through them again.", id=match.id, solved=drill.solved,
                            total=len(drill.lines), restart=option("restart", "True")))
        game = match.game
        try:
            action = game.parse(puzzle.before, text.strip(), puzzle.seat)
            if action not in game.legal_actions(puzzle.before, puzzle.seat):
                raise ValueError("not legal")
        except ValueError:
            raise Refusal(_("That is not a legal move in this position: pick one from the list.")) from None
        move = game.notation(puzzle.before, action)
        if move == puzzle.move.best:
            tried = Attempt(move, True, puzzle.move.before[puzzle.seat] if puzzle.move.before else None,
                            puzzle.move.before[puzzle.seat] if puzzle.move.before else None)
        else:
            record = await self.reviews.record(match)
            loop = asyncio.get_running_loop()
            judged = AnalysedMove.from_json(await loop.run_in_executor(
                self.reviews.pool(), work.judge_move, game.name, record, analysis.seed,
                analysis.iterations or self.reviews.iterations_for(game.name), puzzle.move.n, move))
            accepted = move == judged.best or (judged.drop is not None and judged.drop <= ACCEPT) or \
                judged.kind == "forced"
            seat = puzzle.seat
            tried = Attempt(move, accepted, judged.after[seat] if judged.after else None,
                            judged.before[seat] if judged.before else None)
        if tried.accepted:
            drill = drill.ended(SOLVED)
            await self.store.analyses.save_drill(user_id, match.id, drill.to_json(), self.reviews.service.now())
        return tried, drill

    async def hint(self, match: Match, user_id: int, analysis: Analysis) -> tuple[str, Drill]:
        """Where the best move starts (the hint is remembered with the position)."""
        drill = await self.drill(match, user_id, analysis)
        puzzle = await self.puzzle(match, drill, analysis)
        if puzzle is None or puzzle.move.best is None:
            raise Refusal(_("Nothing left to solve in match #{id}.", id=match.id))
        k = drill.at
        drill = Drill(drill.lines, drill.results, (*drill.hints[:k], True, *drill.hints[k + 1:]))
        await self.store.analyses.save_drill(user_id, match.id, drill.to_json(), self.reviews.service.now())
        return hint_of(puzzle.move.best), drill

    async def reveal(self, match: Match, user_id: int, analysis: Analysis) -> tuple[AnalysedMove, Drill]:
        """Show me: the best move of the position to solve; it counts as not solved, and the drill moves on."""
        drill = await self.drill(match, user_id, analysis)
        puzzle = await self.puzzle(match, drill, analysis)
        if puzzle is None:
            raise Refusal(_("Nothing left to solve in match #{id}.", id=match.id))
        drill = drill.ended(SHOWN)
        await self.store.analyses.save_drill(user_id, match.id, drill.to_json(), self.reviews.service.now())
        return puzzle.move, drill
