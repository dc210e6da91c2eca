"""A match's past: its numbered log as a viewer may read it, any earlier position, and a portable JSON record.

Everything here is rebuilt from the stored log with the rules engine (`rules.replay`), the same way recovery works.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import i18n
from data import LogEntry
from i18n import N_, _
from matches import dice
from matches.model import Match, Refusal
from matches.service import MatchService
from matches.verify import Verdict, verify_log
from rules import GAMES, Game, State
from rules.base import Message
from rules.outcomes import result_words
from rules.replay import TakeBack, replay, steps, takeback_of

RECORD_FORMAT = "tabletop-match-record"
RECORD_VERSION = 1


@dataclass(frozen=True)
class HistoryLine:
    """One numbered log line as its viewer may read it."""

    n: int
    seat: int | None
    seat_name: str | None
    user_id: int | None
    text: str  # the notation, with what the viewer may not know masked
    created_at: float
    kind: str  # "player" | "chance" | "auto" | "takeback"


def line_kind(entry: LogEntry) -> str:
    """What made a log line: "chance" (a draw), "auto" (the server's own action), "takeback" (a seat took back a
    move, `matches.takebacks`) or "player"."""
    if takeback_of(entry.seat, entry.text) is not None:
        return "takeback"
    if entry.seat is None:
        return "chance"
    # The service stores no user for actions it made itself (forced passes).
    return "auto" if entry.user_id is None else "player"


async def _started(service: MatchService, match_id: int) -> tuple[Match, list[LogEntry]]:
    match = await service.get(match_id)
    if match.state is None:
        raise Refusal(_("Match #{id} has not started yet, so it has no history.", id=match.id))
    return match, await service.store.log(match_id)


def _replayed(match: Match, entries: Sequence[LogEntry]) -> list[tuple[State, Any, State]]:
    """(before, action, after) for every log line (a takeback's action a `TakeBack`): CPU work, run in a thread."""
    pairs = [(e.seat, e.text) for e in entries]
    return [(before, action, after) for before, action, _, after
            in steps(match.game, match.players, match.record.options, pairs)]


def revealed(match: Match, final: State) -> bool:
    """Once a match is over, every secret in its log is public."""
    return match.status == "finished" or match.game.outcome(final) is not None


async def history(service: MatchService, match_id: int, viewer_user_id: int | None) -> list[HistoryLine]:
    """The numbered log of a match, each line as `viewer_user_id` may read it (None or a non-player: the public)."""
    match, entries = await _started(service, match_id)
    played = await asyncio.to_thread(_replayed, match, entries)
    game = match.game
    final = played[-1][2] if played else game.setup(match.players, match.record.options)
    open_book = revealed(match, final)
    viewer = match.seat_of(viewer_user_id) if viewer_user_id is not None else None
    lines = []
    for entry, (before, action, _after) in zip(entries, played, strict=True):
        if isinstance(action, TakeBack):  # the match's own line (`takeback N`), no game action: as logged
            text = entry.text
        else:
            text = game.notation(before, action) if open_book else game.log_text(before, action, viewer)
        name = game.seat_name(final, entry.seat) if entry.seat is not None else None
        lines.append(HistoryLine(entry.n, entry.seat, name, entry.user_id, text, entry.created_at, line_kind(entry)))
    return lines


async def state_at(service: MatchService, match_id: int, n: int) -> State:
    """The state after log line `n` (0: the setup, before any line). Show it with `game.view(state, seat)`."""
    match, entries = await _started(service, match_id)
    if not 0 <= n <= len(entries):
        raise Refusal(_("Match #{id} has log lines 1 to {last}; there is no line {n}.", id=match.id,
                        last=len(entries), n=n))
    pairs = [(e.seat, e.text) for e in entries[:n]]
    return await asyncio.to_thread(replay, match.game, match.players, match.record.options, pairs)


def settled(game: Game, state: State) -> bool:
    """A position players saw: someone must act (no draw or server action pending), or the game is over."""
    return game.is_over(state) or (not game.is_chance(state) and game.automatic_action(state) is None)


async def public_views(service: MatchService, match_id: int) -> list[dict[str, Any]]:
    """The public view of every position a player had to act in, in order, ending with the final one."""
    match, entries = await _started(service, match_id)
    game = match.game

    def collect() -> list[dict[str, Any]]:
        start = game.setup(match.players, match.record.options)
        states = [start] + [after for _, _, after in _replayed(match, entries)]
        kept = [s for s in states if settled(game, s)]
        if not kept or kept[-1] is not states[-1]:
            kept.append(states[-1])
        views = [game.view(s, None) for s in kept]
        match.with_ending(views[-1])  # an agreed draw or an abort shows on the last frame as on the board
        return views

    return await asyncio.to_thread(collect)


def _iso(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


async def export_record(service: MatchService, match_id: int) -> dict[str, Any]:
    """A self-contained JSON record of a finished match: enough to replay it with the rules engine alone.

    User ids are strings (Discord ids exceed the integers JavaScript reads exactly); times are UTC ISO 8601.
    """
    match = await service.get(match_id)
    if match.status != "finished":
        why = {"lobby": _("Only finished matches can be exported; match #{id} has not started.", id=match.id),
               "active": _("Only finished matches can be exported; match #{id} is still being played.", id=match.id),
               "aborted": _("Only finished matches can be exported; match #{id} was closed.", id=match.id)}
        raise Refusal(why.get(match.status) or _("Only finished matches can be exported; match #{id} is not "
                                                 "finished.", id=match.id))
    entries = await service.store.log(match_id)
    game = match.game
    final = await asyncio.to_thread(replay, game, match.players, match.record.options,
                                    [(e.seat, e.text) for e in entries])
    names = await service.names(match)
    ended = game.outcome(final)
    outcome = match.record.outcome or (ended.to_json() if ended is not None else None)
    words = result_words(match.with_ending(game.view(final, None)), names, outcome)
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "match": match.id,
        "language": i18n.active().code,  # of the human words below (the seats' names, the result); the rest is facts
        "game": game.name,
        "title": game.title,
        "players": match.players,
        "options": dict(match.record.options),
        "seats": [{"seat": i, "name": game.seat_name(final, i), "user_id": str(uid), "user": names[i]}
                  for i, uid in enumerate(match.user_ids)],
        "log": [{"n": e.n, "seat": e.seat, "text": e.text, "time": _iso(e.created_at)} for e in entries],
        "outcome": outcome,
        "result": words.sentence() if words is not None else None,  # as the match message words it
        "final_position": game.position(final),
        "dice": await dice_record(service, match),  # commitment, seed and seat draw; None before verifiable dice
        # the computer's analysis once someone asked for it (reviews/, format tabletop-analysis), else None
        "analysis": await service.store.analyses.latest(match.id),
        "started": _iso(entries[0].created_at) if entries else _iso(match.record.created_at),
        "finished": _iso(match.record.updated_at),
    }


def ended(match: Match) -> bool:
    """Over (finished or aborted): from then on the dice seed is public."""
    return match.status in ("finished", "aborted")


async def dice_record(service: MatchService, match: Match) -> dict[str, Any] | None:
    """The match's dice as `matches.dice` draws them: the commitment and the seat draw, and the seed only once the
    match is over (before that it would give away every future roll). None for matches from before the commitment.
    """
    r = match.record
    if r.commitment is None:
        return None
    out: dict[str, Any] = {"procedure": dice.PROCEDURE, "commitment": r.commitment}
    first = await service.store.log(match.id, with_seat_draw=True)
    if first and first[0].n == 0:
        out["seat_draw"] = first[0].text
    if ended(match) and r.seed is not None:
        out["seed"] = r.seed
    return out


async def verify_match(service: MatchService, match_id: int, user_id: int, guild_id: int | None) -> Verdict:
    """`/verify`: recompute a finished match's draws from its revealed seed and its log (`matches.verify`)."""
    return await verify_dice(service, await service.get_visible(match_id, user_id, guild_id))


async def verify_dice(service: MatchService, match: Match) -> Verdict:
    """The check `/verify` and the match's web page show: a Refusal saying why when there is nothing to check."""
    if not ended(match):
        if match.status == "lobby":
            raise Refusal(_("Match #{id} is still open: its dice seed stays secret until the end, so its draws can "
                            "be checked once it is over.", id=match.id))
        raise Refusal(_("Match #{id} is still being played: its dice seed stays secret until the end, so its draws "
                        "can be checked once it is over.", id=match.id))
    if match.state is None:
        raise Refusal(_("Match #{id} closed before it started: nothing was drawn, so there is nothing to check.",
                        id=match.id))
    if match.record.commitment is None or match.record.seed is None:
        raise Refusal(_("Match #{id} was played before verifiable dice: it has no committed seed to check.",
                        id=match.id))
    entries = await service.store.log(match.id, with_seat_draw=True)
    seat_draw = entries[0].text if entries and entries[0].n == 0 else None
    lines = [(e.n, e.seat, e.text) for e in entries if e.n > 0]
    if seat_draw == dice.SEATS_FIXED and await service.store.tournaments.table_of_match(match.id) is None:
        return Verdict(False, 0, 0, seat_draw, None,
                       Message(N_("Line 0 says the seats were fixed by a pairing (`{logged}`), but match #{id} is no "
                                  "tournament match: its seats should have been drawn."),
                               {"logged": seat_draw, "id": match.id}))
    return await asyncio.to_thread(verify_log, match.game, match.players, match.record.options, match.id,
                                   match.record.seed, match.record.commitment, lines, seat_draw)


def replay_record(record: dict[str, Any]) -> State:
    """Rebuild the final state of an exported record with the rules engine alone; `ValueError` if it does not hold.

    The record's final position, when present, must be what its log replays to.
    """
    if record.get("format") != RECORD_FORMAT:
        raise ValueError(f"not a Tabletop match record (format {record.get('format')!r})")
    if record.get("version") != RECORD_VERSION:
        raise ValueError(f"record version {record.get('version')!r} is not supported (this reads {RECORD_VERSION})")
    game = GAMES.get(record["game"])
    if game is None:
        raise ValueError(f"unknown game {record['game']!r}")
    lines = sorted(record["log"], key=lambda line: line["n"])
    if [line["n"] for line in lines] != list(range(1, len(lines) + 1)):
        raise ValueError("the log's lines are not numbered 1, 2, 3, ... without gaps")
    state = replay(game, int(record["players"]), record.get("options") or {},
                   [(line["seat"], line["text"]) for line in lines])
    expected = record.get("final_position")
    if expected is not None and game.position(state) != expected:
        raise ValueError(f"the log replays to {game.position(state)!r}, not the recorded {expected!r}")
    return state


__all__ = ["RECORD_FORMAT", "RECORD_VERSION", "HistoryLine", "dice_record", "ended", "export_record", "history",
           "public_views", "replay_record", "revealed", "settled", "state_at", "verify_dice", "verify_match"]
