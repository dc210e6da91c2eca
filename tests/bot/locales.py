"""Interactions in another language: simcord sends every interaction as en-US, so its payload is given the locale a
test asks for (the user's client) and the server's preferred locale, as Discord sends them."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest.mock import patch

import simcord.interactions


@contextmanager
def speaking(locale: str, guild_locale: str | None = None) -> Iterator[None]:
    """Every interaction made inside comes from a client in `locale` (and a server whose preferred locale is
    `guild_locale`, when given)."""
    original = simcord.interactions.base_payload

    def localized(*args: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = original(*args, **kwargs)
        payload["locale"] = locale
        if guild_locale is not None and "guild_locale" in payload:
            payload["guild_locale"] = guild_locale
        return record, payload

    with patch.object(simcord.interactions, "base_payload", localized):
        yield
