"""The rows the store hands out: matches, server settings, seats, log lines, users and notice preferences."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class MatchRecord:
    id: int
    game: str
    guild_id: int | None
    channel_id: int
    message_id: int | None
    creator_id: int
    status: str  # lobby | active | finished | aborted
    players: int
    options: dict[str, str]
    state: dict[str, Any] | None  # the game's to_json snapshot after `version` log entries
    version: int  # number of log entries
    outcome: dict[str, Any] | None
    created_at: float
    updated_at: float
    time_control: int = 0  # seconds per move; 0: no clock
    timeout_rule: str = "claim"  # claim | forfeit
    turn_started: float | None = None
    deadline: float | None = None
    reminders: int = 0  # reminders sent for the current deadline
    overdue: bool = False  # the deadline passed and the opponents may claim the win
    expires_at: float | None = None  # when an unstarted lobby closes
    draw_offer: tuple[int, ...] = ()  # users who agree to a draw
    rematch_of: int | None = None
    # The dice: SHA-256 of the secret seed (public from the start) and the seed (hex; secret until the end).
    commitment: str | None = None
    seed: str | None = field(default=None, repr=False)
    revision: int = 0  # +1 at every change of the match row or its seats (migration 8)


@dataclass(frozen=True)
class GuildSettings:
    guild_id: int
    channel_id: int | None = None  # where new matches are posted (None: where the command was used)
    use_threads: bool = False  # each match in its own thread
    time_control: int | None = None  # default seconds per move; None: the bot's default; 0: no clock
    timeout_rule: str = "claim"
    disabled_games: tuple[str, ...] = ()
    rated: bool = True  # new 2-player matches are rated unless the creator says no (data/ratings.py)
    language: str | None = None  # public posts' language (`/settings language`; None: the server's preferred locale)


@dataclass(frozen=True)
class SeatRecord:
    match_id: int
    seat: int  # join order in the lobby, the game's seat once started
    user_id: int
    invited: bool
    joined: bool


@dataclass(frozen=True)
class LogEntry:
    """One numbered line of a match's log: a player's action (seat set) or a chance outcome (seat None)."""

    n: int
    seat: int | None
    user_id: int | None
    text: str  # the game's canonical notation, enough to replay
    created_at: float


@dataclass(frozen=True)
class UserRecord:
    id: int
    name: str
    dm_open: bool
    dm_channel: int | None = None  # the DM channel with the bot, once opened


@dataclass(frozen=True)
class NotifyPreference:
    """One player's notice choices for one game ('' = every game); None means "as the wider setting says"."""

    game: str
    turns: bool | None = None  # a DM when it is their turn
    reminders: bool | None = None  # reminders as the deadline nears


@dataclass(frozen=True)
class Lease:
    """A leadership held by this process (`Store.lead`): its name, the holder (this process's id) and the epoch,
    one more with every new holder. Writes fenced with a lease are refused once another holder took over."""

    name: str
    holder: str
    epoch: int
