"""The language settings in the store, on SQLite and PostgreSQL: a server's language for its public posts (None until
`/settings language` picks one, kept when another setting is saved) and each user's last seen Discord locale (kept
when a write does not know it)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from data import GuildSettings, Store
from data.migrations import MIGRATIONS
from matches import MatchService, Refusal


async def test_a_servers_language_is_stored_and_kept(store: Store) -> None:
    users = store.users
    assert (await users.guild_settings(5)).language is None
    await users.put_guild_settings(GuildSettings(5, language="ja"))
    assert (await users.guild_settings(5)).language == "ja"
    saved = replace(await users.guild_settings(5), use_threads=True)  # another setting: the language stays
    await users.put_guild_settings(saved)
    assert await users.guild_settings(5) == GuildSettings(5, use_threads=True, language="ja")
    await users.put_guild_settings(replace(saved, language=None))  # back to the server's own locale
    assert (await users.guild_settings(5)).language is None


async def test_a_users_last_seen_locale_is_stored(store: Store) -> None:
    users = store.users
    assert await users.user_locale(7) is None
    await users.touch_user(7, "ada", "pt-BR")
    assert await users.user_locale(7) == "pt-BR"
    await users.touch_user(7, "ada")  # a write without a locale (another path) keeps the last one seen
    assert await users.user_locale(7) == "pt-BR"
    await users.touch_user(7, "Ada", "ja")
    assert await users.user_locale(7) == "ja" and (await users.get_user(7)).name == "Ada"  # type: ignore[union-attr]
    await users.set_dm_open(8, False)  # a user first met as a DM route has no locale yet
    assert await users.user_locale(8) is None


async def test_an_unknown_language_is_refused_and_nothing_changes(store: Store) -> None:
    service = MatchService(store)
    await service.save_guild_settings(GuildSettings(5, language="de"))
    with pytest.raises(Refusal, match="Tabletop speaks en, de, fr, es-ES, pt-BR, ja; not"):
        await service.save_guild_settings(GuildSettings(5, language="tlh"))
    assert (await service.guild_settings(5)).language == "de"


def test_the_language_columns_come_from_one_migration() -> None:
    steps = [str(step) for migration in MIGRATIONS for step in migration]
    assert sum("ADD COLUMN language" in step for step in steps) == 1
    assert sum("ADD COLUMN locale" in step for step in steps) == 1
