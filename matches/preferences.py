"""Each player's notice preferences (a DM when it is their turn, reminders as a deadline nears; everywhere or per
game; unset means "on") and how to reach them: their DM channel and the name they were last seen with."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from data import NotifyPreference
from i18n import _
from matches.model import Refusal
from rules.base import quote

if TYPE_CHECKING:
    from matches.core import MatchCore

NOTICES = ("turns", "reminders")  # the kinds of notice a player can switch off
EVERY_GAME = ""  # the game key of the every-game preferences


@dataclass(frozen=True)
class NoticeSettings:
    """A player's preferences: the every-game row, and per game the choices that override it."""

    everywhere: NotifyPreference = field(default_factory=lambda: NotifyPreference(EVERY_GAME))
    games: dict[str, NotifyPreference] = field(default_factory=dict)

    def wants(self, game: str, kind: str) -> bool:
        """Whether this player gets `kind` notices in `game`: the game's choice, else the every-game one, else on."""
        if kind not in NOTICES:
            raise ValueError(f"unknown notice kind {kind!r}")
        for preference in (self.games.get(game), self.everywhere):
            value = getattr(preference, kind) if preference is not None else None
            if value is not None:
                return bool(value)
        return True


class Preferences:
    """`service.preferences`: what each player wants to be told, and where, over the match service's core."""

    def __init__(self, core: MatchCore) -> None:
        self.core = core

    async def notice_settings(self, user_id: int) -> NoticeSettings:
        rows = await self.core.store.users.notify_preferences(user_id)
        everywhere = next((p for p in rows if p.game == EVERY_GAME), NotifyPreference(EVERY_GAME))
        return NoticeSettings(everywhere, {p.game: p for p in rows if p.game != EVERY_GAME})

    async def set_notices(self, user_id: int, *, game: str | None = None, turns: bool | None = None,
                          reminders: bool | None = None) -> NoticeSettings:
        """Switch turn DMs and/or reminders on or off, for every game (game None) or one game; None leaves as is."""
        key = EVERY_GAME if game is None else game.strip().lower()
        if game is not None and key not in self.core.games:
            raise Refusal(_("There is no game {name}; games: {games}.", name=quote(game),
                            games=", ".join(sorted(self.core.games))))
        settings = await self.notice_settings(user_id)
        current = settings.everywhere if key == EVERY_GAME else settings.games.get(key, NotifyPreference(key))
        changed = replace(current, turns=current.turns if turns is None else turns,
                          reminders=current.reminders if reminders is None else reminders)
        await self.core.store.users.put_notify_preference(user_id, changed)
        return await self.notice_settings(user_id)

    async def wants_notice(self, user_id: int, game: str, kind: str) -> bool:
        """Whether to send this user a `kind` notice ("turns" or "reminders") about a match of `game`."""
        if user_id < 0:  # a computer seat (matches/computers.py) gets no DMs
            return False
        return (await self.notice_settings(user_id)).wants(game, kind)

    async def touch_user(self, user_id: int, name: str, locale: str | None = None) -> None:
        """Record the user's current display name (boards and pages show it) and their client's locale (DMs and
        reminders speak it); using a command reopens their DMs."""
        await self.core.store.users.touch_user(user_id, name, locale)

    async def user_locale(self, user_id: int) -> str | None:
        """The Discord locale the user was last seen with (None: unknown): what a DM or reminder is written in."""
        return await self.core.store.users.user_locale(user_id)

    async def dm_route(self, user_id: int) -> tuple[bool, int | None]:
        """Whether DMs are worth trying (unknown users: yes; closed until the user uses a command again) and the
        user's DM channel if one was opened, in one read."""
        record = await self.core.store.users.get_user(user_id)
        return (True, None) if record is None else (record.dm_open, record.dm_channel)

    async def remember_dm_channel(self, user_id: int, channel_id: int | None) -> None:
        await self.core.store.users.set_dm_channel(user_id, channel_id)

    async def dms_closed(self, user_id: int) -> None:
        await self.core.store.users.set_dm_open(user_id, False)
