"""Every setting of the bot, the local table and the benches, in one typed model read once at start.

`load()` reads the environment (and the `.env` of the folder started from), checks every value and returns a
frozen `Settings`; a bad value raises `SettingsError` with one line naming the setting and what it accepts.
`load_or_exit()` is what an entry point calls first: that line on stderr and exit 2, before anything is created
or contacted. Nothing below an entry point reads the environment: values are passed down from here.

A new setting is one field of `Settings` with its `setting(...)` metadata (environment name, parser, what it
accepts); docs/operators/configuration.md, .env.example and tests/test_settings_module.py list every one.
"""

from __future__ import annotations

import logging
import os
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any, NoReturn
from urllib.parse import urlsplit

from dotenv import dotenv_values, find_dotenv

EXIT_SETTINGS = 2  # a setting is missing or wrong
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
MAX_SHARDS = 10_000  # far above what one bot needs (Discord asks for a shard per 2,500 servers); a typo guard
QUOTE_LIMIT = 40  # a quoted bad value is cut to this many characters


class SettingsError(ValueError):
    """A setting's value cannot be used; the message is one line naming the setting, quoting the value (never a
    password) and saying what it accepts."""


def quoted(text: str) -> str:
    """A value as a message shows it, on one line: `'abc'`, or `'abcdefg…' (N characters)` when long (the same
    form as the players' refusals, rules.base.quote)."""
    if len(text) <= QUOTE_LIMIT:
        return repr(text)
    return f"{text[:QUOTE_LIMIT - 1]!r}… ({len(text)} characters)"


def redacted(url: str) -> str:
    """The URL with its password replaced by ***: settings messages and logs never show it."""
    return re.sub(r"(://[^/@:]*:)[^/@]*@", r"\1***@", url)


# ---- parsers: the raw text (stripped, never empty: empty means the default) to a value, or SettingsError ----------
Parser = Callable[[str, str], Any]  # (name, raw) -> value


def text(name: str, raw: str) -> str:
    return raw


def flag(name: str, raw: str) -> bool:
    value = raw.lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise SettingsError(f"{name} must be 1 or 0 (also true/false, yes/no, on/off), not {quoted(raw)}.")


def whole(low: int, high: int, what: str) -> Parser:
    def parse(name: str, raw: str) -> int:
        if not (raw.isascii() and raw.isdecimal() and low <= int(raw) <= high):
            raise SettingsError(f"{name} must be {what} from {low:,} to {high:,}, not {quoted(raw)}.")
        return int(raw)
    return parse


def seconds(low: float, high: float) -> Parser:
    def parse(name: str, raw: str) -> float:
        try:
            value = float(raw) if raw.isascii() else None
        except ValueError:
            value = None
        if value is None or not low <= value <= high:  # also NaN, which compares false
            raise SettingsError(f"{name} must be a number of seconds from {low:g} to {high:g} (like 2 or 0.5), "
                                f"not {quoted(raw)}.")
        return value
    return parse


# A bot token is three dot-separated base64url parts, the first the bot's id; a pasted URL, a client secret or a
# line with a stray quote is caught here instead of after the database was opened.
TOKEN = re.compile(r"[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}")


def token(name: str, raw: str) -> str:
    if not TOKEN.fullmatch(raw):
        raise SettingsError(f"{name} is not a bot token (three parts separated by dots, like MTA…Gx.AbCdEf.xyz…; "
                            "Discord Developer Portal > your application > Bot > Reset Token, not the client secret "
                            "or public key).")
    return raw


def guild_id(name: str, raw: str) -> int:
    if not (raw.isascii() and raw.isdecimal() and 0 < int(raw) < 2**64):
        raise SettingsError(f"{name} must be a server id (a number: right-click the server > Copy Server ID), not "
                            f"{quoted(raw)}.")
    return int(raw)


def log_level(name: str, raw: str) -> str:
    level = raw.upper()
    if level not in LOG_LEVELS:
        raise SettingsError(f"{name} must be one of {', '.join(LOG_LEVELS)}, not {quoted(level)}.")
    return level


def database_url(name: str, raw: str) -> str:
    """A PostgreSQL URL's form (whether the server answers is the database's check, exit 3). `postgres://` is the
    same as `postgresql://`."""
    shown = quoted(redacted(raw))
    example = "postgresql://user:password@host:5432/database"
    try:
        parts = urlsplit(raw)
        parts.port  # noqa: B018 -- raises ValueError for a port that is not a number
    except ValueError:
        raise SettingsError(f"{name} is not a valid URL ({example}): {shown}.") from None
    if parts.scheme not in ("postgresql", "postgres"):
        raise SettingsError(f"{name} must be a PostgreSQL URL ({example}), not {shown}. For a SQLite file, set "
                            "DATABASE_PATH instead.")
    if any(c.isspace() for c in raw) or not (parts.netloc or parts.path.strip("/") or parts.query):
        raise SettingsError(f"{name} is not a valid URL ({example}): {shown}.")
    return "postgresql" + raw[len(parts.scheme):]


def web_url(name: str, raw: str) -> str:
    parts = urlsplit(raw)
    if parts.scheme not in ("http", "https") or not parts.netloc or any(c.isspace() for c in raw):
        raise SettingsError(f"{name} must be a web address (https://…), not {quoted(raw)}.")
    return raw.rstrip("/") + "/"


def listen_host(name: str, raw: str) -> str:
    if any(c.isspace() or c in "/?#@" for c in raw):
        raise SettingsError(f"{name} must be an address to listen on (like 127.0.0.1 or 0.0.0.0), not {quoted(raw)}.")
    return raw


def base_url(name: str, raw: str) -> str:
    """The address people open, without a trailing slash (links append /s/…); a path is allowed."""
    parts = urlsplit(raw)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment \
            or any(c.isspace() for c in raw):
        raise SettingsError(f"{name} must be the address people open, like https://tabletop.example.org (http or "
                            f"https, no query), not {quoted(raw)}.")
    return raw.rstrip("/")


def shard_ids(name: str, raw: str) -> tuple[int, ...]:
    ids: list[int] = []
    for item in (part.strip() for part in raw.split(",")):
        if not (item.isascii() and item.isdecimal() and len(item) <= 9):
            raise SettingsError(f"{name} must be shard numbers separated by commas (like 0,1), not {quoted(raw)}.")
        if int(item) in ids:
            raise SettingsError(f"{name} names shard {int(item)} twice: {quoted(raw)}.")
        ids.append(int(item))
    return tuple(ids)


def setting(env: str, parse: Parser, accepts: str, default: Any = None) -> Any:
    """A field of `Settings`: read from environment variable `env` with `parse`; `accepts` is what the docs say."""
    return field(default=default, metadata={"env": env, "parse": parse, "accepts": accepts})


@dataclass(frozen=True)
class Settings:
    """Every setting, typed. Build with `load()`; tests may build one directly (`Settings(token="…")`)."""

    token: str = setting("DISCORD_TOKEN", token, "the bot token (required to run the bot)", "")
    database_path: str = setting("DATABASE_PATH", text, "a file path", "tabletop.sqlite3")
    database_url: str | None = setting("DATABASE_URL", database_url, "postgresql://user:password@host:port/database")
    database_pool_size: int = setting("DATABASE_POOL_SIZE", whole(1, 1000, "a number of connections"), "1 to 1000",
                                      10)
    shard_count: int | None = setting("SHARD_COUNT", whole(1, MAX_SHARDS, "a number of shards"),
                                      f"1 to {MAX_SHARDS:,}")
    shard_ids: tuple[int, ...] | None = setting("SHARD_IDS", shard_ids, "shard numbers separated by commas")
    dev_guild_id: int | None = setting("DEV_GUILD_ID", guild_id, "a server id")
    log_level: str = setting("LOG_LEVEL", log_level, ", ".join(LOG_LEVELS), "INFO")
    sync_commands: bool = setting("SYNC_COMMANDS", flag, "1 or 0", False)
    init_db: bool = setting("INIT_DB", flag, "1 or 0", False)
    match_cache: int = setting("TABLETOP_MATCH_CACHE", whole(1, 10_000_000, "a number of matches"),
                               "1 to 10,000,000", 10_000)
    computer_seconds: float = setting("TABLETOP_COMPUTER_SECONDS", seconds(0.05, 600), "0.05 to 600 seconds", 2.0)
    docs_url: str | None = setting("DOCS_URL", web_url, "a web address (https://…)")
    computer_workers: int = setting("TABLETOP_COMPUTER_WORKERS", whole(1, 64, "a number of processes"), "1 to 64",
                                    2)
    # The web pages (web/, docs/operators/web.md): served by the bot's process on WEB_PORT when set (`python -m web`
    # serves on 8080 without it), listening on WEB_HOST; the links in Discord start with WEB_BASE_URL.
    web_host: str = setting("WEB_HOST", listen_host, "an address to listen on (127.0.0.1, 0.0.0.0)", "127.0.0.1")
    web_port: int | None = setting("WEB_PORT", whole(1, 65_535, "a port number"), "1 to 65,535")
    web_base_url: str | None = setting("WEB_BASE_URL", base_url, "the address people open (https://…)")
    render_workers: int = setting("TABLETOP_RENDER_WORKERS", whole(0, 64, "a number of processes"), "0 to 64", 2)
    # The computer analysis of a finished match (reviews/, /analysis): iterations per position for every game; unset:
    # each game's own default (analysis.default_budget: a 60-move game in about a minute of one core).
    analysis_iterations: int | None = setting("TABLETOP_ANALYSIS_ITERATIONS", whole(10, 1_000_000,
                                              "a number of iterations"), "10 to 1,000,000")
    # Vacation days each player may take in any 365 days (/vacation; matches/vacation.py); 0: no vacations.
    vacation_days: int = setting("TABLETOP_VACATION_DAYS", whole(0, 365, "a number of days"), "0 to 365", 14)

    @property
    def database(self) -> str:
        """What `Store.open` opens: the PostgreSQL URL if there is one, else the SQLite file."""
        return self.database_url or self.database_path

    @property
    def web_links(self) -> str | None:
        """What the links in Discord start with: WEB_BASE_URL, else this machine's WEB_PORT, else none (no links)."""
        if self.web_base_url:
            return self.web_base_url
        if self.web_port is None:
            return None
        host = "localhost" if self.web_host in ("0.0.0.0", "::", "127.0.0.1") else self.web_host
        return f"http://{host}:{self.web_port}"

    def but(self, **changes: Any) -> Settings:
        """A copy with some values changed (a command-line flag over the environment)."""
        return replace(self, **changes)


DEFAULTS = Settings()  # what an unset setting is: layers take their defaults from here, never from the environment


def variables() -> dict[str, str]:
    """Every setting's environment name -> its field name."""
    return {f.metadata["env"]: f.name for f in fields(Settings)}


def load(environ: Mapping[str, str] | None = None, *, dotenv: bool = True) -> Settings:
    """The settings from `environ` (default `os.environ`) over the `.env` file of the current folder (the
    environment wins, as with python-dotenv's `load_dotenv`). Raises `SettingsError` for the first bad value."""
    source: dict[str, str] = {}
    if dotenv:
        path = find_dotenv(usecwd=True)
        if path:
            source.update({k: v for k, v in dotenv_values(path).items() if v is not None})
    source.update(os.environ if environ is None else environ)
    values: dict[str, Any] = {}
    for f in fields(Settings):
        name = f.metadata["env"]
        raw = source.get(name, "").strip()
        if raw:
            values[f.name] = f.metadata["parse"](name, raw)
    settings = Settings(**values)
    _check_together(settings)
    if settings.shard_count is not None and settings.shard_ids is None:
        settings = settings.but(shard_ids=tuple(range(settings.shard_count)))  # every shard in this process
    return settings


def _check_together(s: Settings) -> None:
    """What one value alone cannot tell."""
    if s.shard_ids is not None:
        if s.shard_count is None:
            shown = quoted(",".join(map(str, s.shard_ids)))
            raise SettingsError(f"SHARD_IDS ({shown}) needs SHARD_COUNT: how many shards the bot has in all, across "
                                "every process.")
        beyond = [shard for shard in s.shard_ids if shard >= s.shard_count]
        if beyond:
            raise SettingsError(f"SHARD_IDS names shard {beyond[0]}, but with SHARD_COUNT={s.shard_count} the shards "
                                f"are 0 to {s.shard_count - 1}.")
        if s.database_url is None and len(s.shard_ids) < s.shard_count:
            # The other shards run in other processes, and two processes cannot share a SQLite file safely.
            raise SettingsError(f"SHARD_IDS={','.join(map(str, s.shard_ids))} of SHARD_COUNT={s.shard_count} leaves "
                                "the other shards to other processes, and several processes need PostgreSQL: set "
                                "DATABASE_URL=postgresql://…, or leave SHARD_IDS unset to run every shard in this "
                                "process on SQLite.")


def load_or_exit(environ: Mapping[str, str] | None = None, *, dotenv: bool = True) -> Settings:
    """`load()` for an entry point: a bad setting is one line on stderr and exit 2, never a traceback."""
    try:
        return load(environ, dotenv=dotenv)
    except SettingsError as error:
        stop(str(error))


def stop(message: str, code: int = EXIT_SETTINGS) -> NoReturn:
    print(message, file=sys.stderr)
    raise SystemExit(code)


class _ReconnectOneLine(logging.Filter):
    """discord.py logs every failed attempt to reach Discord's gateway with a full traceback (one every few seconds
    during an outage): keep each to one line naming the error, as the bot's own outage lines are."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if error is not None and record.getMessage().startswith("Attempting a reconnect"):
            cause = error.__cause__ if str(error) == "" and error.__cause__ is not None else error
            record.msg = f"{record.getMessage()}: {type(cause).__name__}: {cause}".replace("\n", " ")
            record.args = None
            record.exc_info = None
            record.exc_text = None
        return True


def configure_logging(settings: Settings) -> None:
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for name in ("discord.client", "discord.shard"):
        logging.getLogger(name).addFilter(_ReconnectOneLine())


__all__ = ["DEFAULTS", "EXIT_SETTINGS", "LOG_LEVELS", "Settings", "SettingsError", "configure_logging", "load",
           "load_or_exit", "redacted", "variables"]
