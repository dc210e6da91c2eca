"""Computer seats: a lobby seat taken by a computer player at a level, whose moves the service makes by itself.

The choice is computed off the event loop in a process pool (`think` rebuilds the state from its JSON there).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import random
import signal
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any

import players
from i18n import _, pgettext
from matches.model import Match, Refusal, Turn
from rules import GAMES
from rules.base import one_of, quote
from rules.outcomes import TAKEN_BACK
from rules.replay import replay
from settings import DEFAULTS

if TYPE_CHECKING:
    from matches.agreements import Agreements
    from matches.core import MatchCore
    from matches.lobby import Lobby

log = logging.getLogger(__name__)

LEVELS = players.LEVELS
SLOT = 100  # a computer's user id is -(SLOT * slot + level index + 1): unique in its match, level readable
RETRIES = 3  # a choice that cannot be played (a refusal) is thought again this often before the computer gives up

_pool: ProcessPoolExecutor | None = None


def computer_id(level: str, slot: int) -> int:
    """The user id of the `slot`-th computer (1, 2, ...) of a match, playing at `level`."""
    return -(SLOT * slot + LEVELS.index(level) + 1)


def is_computer(user_id: int | None) -> bool:
    """Computer seats have negative user ids; Discord ids are never negative."""
    return user_id is not None and user_id < 0


def level_of(user_id: int) -> str:
    index = (-user_id) % SLOT - 1
    return LEVELS[index] if 0 <= index < len(LEVELS) else "normal"  # an id not made by `computer_id`


def level_word(level: str) -> str:
    """A computer's level in the language being spoken (the level itself, `easy`, is what commands take)."""
    words = {"easy": pgettext("computer level", "easy"), "normal": pgettext("computer level", "normal"),
             "hard": pgettext("computer level", "hard")}
    return words.get(level, level)


def computer_name(user_id: int) -> str:
    """'Computer (hard)', or 'Computer 2 (hard)' for a match's second computer, in the language being spoken."""
    slot = (-user_id) // SLOT
    level = level_word(level_of(user_id))
    if slot == 1:
        return _("Computer ({level})", level=level)
    return _("Computer {number} ({level})", number=slot, level=level)


def think(game_name: str, state_json: dict[str, Any], seat: int, level: str, seed: int, iterations: int | None,
          seconds: float | None) -> str:
    """In a worker process: the computer's action for `seat`, in notation. The clock is injected here, so the
    players package stays pure; without seconds or iterations, hard searches its default iterations."""
    game = GAMES[game_name]
    state = game.from_json(state_json)
    if iterations is None and seconds is None:
        budget = players.Budget()
    else:
        budget = players.Budget(iterations=iterations, seconds=seconds,
                                clock=time.monotonic if seconds is not None else None)
    action = players.choose(game, state, seat, level, random.Random(seed), budget)
    return game.notation(state, action)


def shared_pool(workers: int = DEFAULTS.computer_workers) -> ProcessPoolExecutor:
    """One pool per process of `workers` processes (TABLETOP_COMPUTER_WORKERS), made on first use. Spawned (not
    forked) workers: the parent runs threads (aiosqlite)."""
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                                    initializer=_ignore_interrupts)
    return _pool


def _ignore_interrupts() -> None:
    """In a worker: Ctrl-C in a terminal reaches the whole process group; the parent decides what stops (the
    local table, the bot's SIGINT shutdown), so a worker neither dies with a traceback nor stops on its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _drop_pool() -> None:
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
    _pool = None


class Computers:
    """`service.computers`: adding computers to a lobby (`lobby`), taking a move back (an ending by `agreements`) and
    playing their turns after every commit, over the match service's core.

    Computers get no notices, never offer, accept or are asked about draws (the humans' agreement is enough) and
    never claim. Each match has at most one task playing its computers; a commit that leaves a computer to act
    wakes it (`committed`, a listener of `MatchCore.commit`, under the match lock).
    """

    def __init__(self, core: MatchCore, lobby: Lobby, agreements: Agreements) -> None:
        self.core = core
        self.lobby = lobby
        self.agreements = agreements
        # Called with every move a computer committed (the Discord layer posts the board from here).
        self.on_move: list[Callable[[Turn], Awaitable[None]]] = []
        # Awaited with (match, version) before a computer thinks about that position: the Discord layer waits there
        # until the board of the move before is posted, so the boards come in the order of the moves.
        self.gates: list[Callable[[Match, int], Awaitable[None]]] = []
        # Hard's time per move (TABLETOP_COMPUTER_SECONDS; easy and normal need no budget) and how many processes
        # think at once (TABLETOP_COMPUTER_WORKERS): the entry point sets them from its settings.
        self.seconds: float | None = DEFAULTS.computer_seconds
        self.workers: int = DEFAULTS.computer_workers
        self.iterations: int | None = None  # a cap on hard's searches (tests: a tiny budget)
        self.executor: Executor | None = None  # None: the shared process pool
        self.thinking: dict[int, asyncio.Task[None]] = {}  # the task playing each match's computers

    # ---- the lobby -------------------------------------------------------------------------------------------------
    async def add(self, match_id: int, user_id: int, level: str) -> Match:
        """The lobby's creator seats a computer at `level`; the match becomes unrated."""
        if level not in LEVELS:
            raise Refusal(_("A computer plays at level {levels}; not {level}.", levels=one_of(LEVELS),
                            level=quote(level, 20)))
        match = await self.core.get(match_id)
        async with match.lock:
            self.lobby.require_lobby(match)
            if user_id != match.record.creator_id:
                raise Refusal(_("Only the player who opened the lobby can add a computer."))
            rows = [(s.user_id, s.invited, s.joined) for s in match.seats]
            if len(rows) >= match.players:
                if any(r[1] for r in rows):
                    raise Refusal(_("Match #{id} is full ({seats} seats, some kept for invited players).",
                                    id=match.id, seats=match.players))
                raise Refusal(_("Match #{id} is full ({seats} seats).", id=match.id, seats=match.players))
            used = {(-u) // SLOT for u, _, _ in rows if is_computer(u)}
            slot = next(k for k in range(1, match.players + 1) if k not in used)
            await self.lobby.put_seats(match, [*rows, (computer_id(level, slot), False, True)])
            await self.core.store.set_unrated(match.id)
            return match

    async def take_back(self, match_id: int, user_id: int) -> Match:
        """Undo against computers: the log is append-only, so the match ends ("taken back") and a NEW match goes on
        from its log minus the caller's last move and everything after it (the computers' replies).

        The kept lines, chance outcomes included, are copied as they were; the new match has no dice seed, so its
        later draws come from the core's generator and are not verifiable (a local table's trade-off)."""
        old = await self.core.get(match_id)
        async with old.lock:
            if old.seat_of(user_id) is None or old.state is None or old.status not in ("active", "finished"):
                raise Refusal(_("There is no move of yours to take back in match #{id}.", id=match_id))
            if any(not is_computer(u) for u in old.user_ids if u != user_id):
                raise Refusal(_("Undo is only for a match against computers: other players' moves would be lost."))
            lines = await self.core.store.log(old.id)
            mine = [e.n for e in lines if e.user_id == user_id]
            if not mine:
                raise Refusal(_("You have made no move yet: there is nothing to take back."))
            kept = [e for e in lines if e.n < mine[-1]]
            state = replay(old.game, old.players, old.record.options, [(e.seat, e.text) for e in kept])
            r = old.record
            new = await self.lobby.create(old.game.name, guild_id=r.guild_id, channel_id=r.channel_id,
                                    creator_id=user_id, players=old.players, options=r.options,
                                    time_control=r.time_control, timeout_rule=r.timeout_rule, rated=False)
            now = self.core.now()
            computer_turn = old.game.outcome(state) is None and any(is_computer(old.user_ids[s])
                                                                    for s in old.game.actors(state))
            await self.core.store.append(new.id, expected_version=0, expected_status="lobby",
                                    entries=[(e.seat, e.user_id, e.text) for e in kept], state=old.game.to_json(state),
                                    status="active", outcome=None, now=now,
                                    seats=old.user_ids, deadline=now + r.time_control if r.time_control else None,
                                    computer_turn=computer_turn)
            if old.status == "active":
                await self.agreements.end_by_agreement(old, "aborted", TAKEN_BACK)
        fresh = await self.core.load(new.id)
        self.core.cache[new.id] = fresh
        async with fresh.lock:
            self.wake(fresh)
        return fresh

    # ---- playing ---------------------------------------------------------------------------------------------------
    def to_act(self, match: Match) -> list[int]:
        """The seats to act now that computers hold."""
        if match.outcome() is not None:
            return []
        return [s for s in match.actors() if is_computer(match.user_at(s))]

    def playing(self, match: Match) -> bool:
        """Whether a computer task is playing `match` (a `MatchCore.busy` check: it stays in the cache meanwhile)."""
        task = self.thinking.get(match.id)
        return task is not None and not task.done()

    async def committed(self, match: Match) -> None:
        """The commit listener: a computer to act now starts thinking (`wake`)."""
        self.wake(match)

    def wake(self, match: Match) -> None:
        """Start the match's computer task if a computer is to act and none is running (call under the lock)."""
        if not self.to_act(match):
            return
        task = self.thinking.get(match.id)
        if task is not None and not task.done():
            return  # it loops until no computer is to act, so it will see this turn too
        self.thinking[match.id] = asyncio.get_running_loop().create_task(
            self._computer_turns(match.id), name=f"computers-{match.id}")

    async def resume(self, *, idle: float = 0.0) -> int:
        """At start-up (and from the scheduler): play every running match where a computer is to act.

        `idle` > 0: only turns begun at least that many seconds ago. On a shared database the process whose commit
        began a computer's turn is thinking on it; the scheduler's leader takes over only a turn left that long
        (that process died or gave up), instead of thinking the same move twice.
        """
        woken = 0
        now = self.core.now()
        for match_id in await self.core.store.computer_matches(begun_before=now - idle if idle > 0 else None):
            match = await self.core.get(match_id)
            async with match.lock:
                begun = match.record.turn_started
                if idle > 0 and begun is not None and now - begun < idle:
                    continue  # a move since the look began a new turn
                if self.to_act(match):
                    self.wake(match)
                    woken += 1
        return woken

    async def settled(self) -> None:
        """Wait until no computer is thinking (tests, the local table)."""
        while self.thinking:
            await asyncio.gather(*list(self.thinking.values()), return_exceptions=True)

    async def stop(self) -> None:
        """Cancel every computer task (shutdown); a restart resumes their turns from the store."""
        tasks = list(self.thinking.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.thinking.clear()

    async def _computer_turns(self, match_id: int) -> None:
        me = asyncio.current_task()
        failures = 0
        try:
            while True:
                match = await self.core.get(match_id)
                async with match.lock:
                    seats = self.to_act(match)
                    if not seats:
                        self.thinking.pop(match_id, None)  # under the lock: the next commit wakes a new task
                        return
                    seat, version = seats[0], match.record.version
                    user = match.user_at(seat)
                    assert match.record.state is not None  # a computer acts only in a running match
                    job = (match.game.name, match.record.state, seat, level_of(user), self.core.rng.getrandbits(64))
                for gate in list(self.gates):
                    try:
                        await gate(match, version)
                    except Exception:
                        log.exception("a computer gate of match %s failed", match_id)
                try:
                    text = await self._think(*job)
                except Exception:  # a worker died or the state could not be read: try again, a little
                    log.exception("computer of match %s could not think", match_id)
                    failures += 1
                    if failures >= RETRIES:
                        return
                    continue
                async with match.lock:
                    if self.core.store.shared:  # another process may have moved or ended the match meanwhile
                        await self.core.reload_if_changed(match)
                    if match.record.version != version or match.status != "active":
                        # Someone acted meanwhile (a simultaneous turn, a resignation) or ended the match (an abort,
                        # an agreed draw: the status changes, not the version): look again; an ended match stops.
                        continue
                    try:
                        action = match.game.parse(match.state, text, seat)
                        turn = await self.core.apply(match, seat, user, action,
                                                key=f"computer:{version}:{seat}")
                    except Exception as exc:  # a refusal, or a choice the rules reject: log and retry a little
                        failures += 1
                        log.warning("computer move %r in match %s failed: %s", text, match_id, exc)
                        if failures >= RETRIES:
                            log.error("computer of match %s gives up after %s failures", match_id, failures)
                            return
                        continue
                failures = 0
                for listener in list(self.on_move):
                    try:
                        await listener(turn)
                    except Exception:
                        log.exception("a listener of match %s's computer move failed", match_id)
        finally:
            if self.thinking.get(match_id) is me:
                self.thinking.pop(match_id, None)

    async def _think(self, game: str, state: dict[str, Any], seat: int, level: str, seed: int) -> str:
        seconds = self.seconds if level == "hard" else None
        iterations = self.iterations if level == "hard" else None
        loop = asyncio.get_running_loop()
        executor = self.executor or shared_pool(self.workers)
        try:
            return await loop.run_in_executor(executor, think, game, state, seat, level, seed, iterations, seconds)
        except BrokenProcessPool:
            if executor is _pool:
                _drop_pool()  # a worker died: the next move gets a fresh pool
            raise
