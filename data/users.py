"""User and server storage (`store.users`): names and direct-message routes, notice preferences, and each server's
settings."""

from __future__ import annotations

import json
from collections.abc import Sequence

from data.records import GuildSettings, NotifyPreference, UserRecord
from data.sql import Database


class Users:
    """Users, their notice preferences and servers' settings, on the store's database."""

    def __init__(self, db: Database) -> None:
        self._db = db

    # ---- users --------------------------------------------------------------------------------------------
    async def touch_user(self, user_id: int, name: str, locale: str | None = None) -> None:
        """Record a user's current name and, when given, the Discord locale of their client (what a DM or reminder
        is written in); using a command reopens DMs for them (we will try again)."""
        await self._db.execute(
            "INSERT INTO users (id, name, dm_open, locale) VALUES (?, ?, 1, ?) "
            "ON CONFLICT(id) DO UPDATE SET name = excluded.name, dm_open = 1, "
            "locale = COALESCE(excluded.locale, users.locale)",
            (user_id, name, locale),
        )

    async def user_locale(self, user_id: int) -> str | None:
        """The Discord locale a user was last seen with (None: never seen, or before it was recorded)."""
        row = await self._db.fetchone("SELECT locale FROM users WHERE id = ?", (user_id,))
        return row[0] if row else None

    async def set_dm_open(self, user_id: int, dm_open: bool) -> None:
        await self._db.execute(
            "INSERT INTO users (id, name, dm_open) VALUES (?, '', ?) "
            "ON CONFLICT(id) DO UPDATE SET dm_open = excluded.dm_open",
            (user_id, int(dm_open)),
        )

    async def get_user(self, user_id: int) -> UserRecord | None:
        row = await self._db.fetchone("SELECT id, name, dm_open, dm_channel FROM users WHERE id = ?", (user_id,))
        return UserRecord(row[0], row[1], bool(row[2]), row[3]) if row else None

    async def set_dm_channel(self, user_id: int, channel_id: int | None) -> None:
        """Remember (None: forget) the user's DM channel with the bot."""
        await self._db.execute(
            "INSERT INTO users (id, name, dm_open, dm_channel) VALUES (?, '', 1, ?) "
            "ON CONFLICT(id) DO UPDATE SET dm_channel = excluded.dm_channel", (user_id, channel_id))

    async def user_names(self, user_ids: Sequence[int]) -> dict[int, str]:
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        rows = await self._db.fetchall(f"SELECT id, name FROM users WHERE id IN ({marks})", tuple(user_ids))
        return {row[0]: row[1] for row in rows}

    async def notify_preferences(self, user_id: int) -> list[NotifyPreference]:
        """A user's stored notice preferences, the every-game row ('') first."""
        rows = await self._db.fetchall("SELECT game, turns, reminders FROM notify_prefs WHERE user_id = ? "
                                       "ORDER BY game", (user_id,))
        return [NotifyPreference(row[0], None if row[1] is None else bool(row[1]),
                                 None if row[2] is None else bool(row[2])) for row in rows]

    async def put_notify_preference(self, user_id: int, preference: NotifyPreference) -> None:
        """Store one game's preferences; a row with nothing set is removed (it would only say "inherit")."""
        if preference.turns is None and preference.reminders is None:
            await self._db.execute("DELETE FROM notify_prefs WHERE user_id = ? AND game = ?",
                                   (user_id, preference.game))
            return
        await self._db.execute(
            "INSERT INTO notify_prefs (user_id, game, turns, reminders) VALUES (?, ?, ?, ?) "
            "ON CONFLICT(user_id, game) DO UPDATE SET turns = excluded.turns, reminders = excluded.reminders",
            (user_id, preference.game, None if preference.turns is None else int(preference.turns),
             None if preference.reminders is None else int(preference.reminders)))

    # ---- server settings ---------------------------------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self._db.fetchone(
            "SELECT channel_id, use_threads, time_control, timeout_rule, disabled_games, rated, language "
            "FROM guild_settings WHERE guild_id = ?", (guild_id,))
        if row is None:
            return GuildSettings(guild_id)
        return GuildSettings(guild_id, row[0], bool(row[1]), row[2], row[3], tuple(json.loads(row[4])), bool(row[5]),
                             row[6])

    async def put_guild_settings(self, settings: GuildSettings) -> None:
        await self._db.execute(
            "INSERT INTO guild_settings "
            "(guild_id, channel_id, use_threads, time_control, timeout_rule, disabled_games, rated, language) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT(guild_id) DO UPDATE SET channel_id = excluded.channel_id, "
            "use_threads = excluded.use_threads, time_control = excluded.time_control, "
            "timeout_rule = excluded.timeout_rule, disabled_games = excluded.disabled_games, rated = excluded.rated, "
            "language = excluded.language",
            (settings.guild_id, settings.channel_id, int(settings.use_threads), settings.time_control,
             settings.timeout_rule, json.dumps(sorted(settings.disabled_games)), int(settings.rated),
             settings.language))
