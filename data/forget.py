"""`python -m data.forget USER_ID`: the operator's way to forget a person on request (what `/privacy forget` does
for a player themself), on the database the settings name (DATABASE_URL or DATABASE_PATH)."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from data.health import StoreUnavailable
from data.privacy import Stored, Unfinished, is_stand_in
from data.store import Store
from settings import Settings, load_or_exit, redacted, stop

EXIT_DONE = 0
EXIT_LEFT = 1  # refused (nothing changed) or done in part: the person still plays, see the message
EXIT_USAGE = 2  # a bad argument or setting
EXIT_DATABASE = 3  # the database cannot be used (as the bot's exit code)
SMALLEST_ID = 1 << 22  # a Discord id (snowflake) made after the first millisecond of 2015 is at least this


def user_id(text: str) -> int:
    """A Discord user id as typed (digits, or a mention `<@123>`); ArgumentTypeError with the reason if not."""
    digits = text.strip().removeprefix("<@").removeprefix("!").removesuffix(">")
    if not digits.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r} is not a Discord user id (the digits of Copy User ID)")
    value = int(digits)
    if value < SMALLEST_ID or value >= 1 << 63:
        raise argparse.ArgumentTypeError(f"{value} is not a Discord user id (those are 17 to 20 digits)")
    if is_stand_in(value):
        raise argparse.ArgumentTypeError(f"{value} is already a forgotten person's stand-in, not a Discord user id")
    return value


def describe(data: Stored) -> str:
    matches = ", ".join(f"{n} {status}" for status, n in sorted(data.matches.items())) or "none"
    return (f"user {data.user_id}: name {'none' if data.name is None else repr(data.name)}; matches: {matches}; "
            f"{len(data.ratings)} ratings, {data.rating_changes} rating changes, {data.preferences} notice "
            f"preferences, {data.tournaments} tournaments entered, {data.organised} organised")


def unfinished_words(left: Unfinished) -> str:
    parts = [f"{what} {', '.join(f'#{i}' for i in ids)}" for what, ids in
             (("running matches", left.running), ("lobbies", left.lobbies), ("tournaments", left.tournaments)) if ids]
    return "; ".join(parts)


async def run(settings: Settings, person: int, *, dry_run: bool, leave_running: bool,
              export: str | None = None) -> int:
    store = await Store.open(settings.database, pool_size=settings.database_pool_size)
    try:
        data = await store.privacy.stored(person)
        print(describe(data))
        if export is not None:  # what /privacy export sends, for one too large for a Discord file
            body = json.dumps(await store.privacy.export(person), indent=1, ensure_ascii=False)
            Path(export).write_text(body + "\n", encoding="utf-8")
            print(f"exported to {export} ({len(body.encode('utf-8')):,} bytes): nothing was changed")
            return EXIT_DONE
        if dry_run:
            print("dry run: nothing was changed")
            return EXIT_DONE
        if data.unfinished and not leave_running:
            print(f"not forgotten, nothing was changed: they still play ({unfinished_words(data.unfinished)}). "
                  "Their own /privacy forget resigns and leaves these; otherwise wait until they end, or run again "
                  "with --leave-running to forget the rest now (their name goes from those too) and once more "
                  "after they end.", file=sys.stderr)
            return EXIT_LEFT
        forgotten = await store.privacy.forget(person)
    finally:
        await store.close()
    shown = f" as {forgotten.name}" if forgotten.name is not None else ""
    print(f"forgotten{shown}: {len(forgotten.matches)} ended matches and {len(forgotten.tournaments)} tournaments "
          f"cut, {forgotten.removed} personal rows removed")
    if forgotten.unfinished:
        print(f"left running: {unfinished_words(forgotten.unfinished)}; run this again once they end",
              file=sys.stderr)
        return EXIT_LEFT
    return EXIT_DONE


def main(argv: Sequence[str] | None = None) -> int:
    """Exit 0 done, 1 refused or done in part (the person still plays), 2 a bad argument or setting, 3 the
    database cannot be used. On SQLite the running bot keeps its copies of the matches changed until they leave
    its memory: stop it first, or restart it after (PostgreSQL: it notices at once)."""
    parser = argparse.ArgumentParser(prog="python -m data.forget", description=__doc__.splitlines()[0])
    parser.add_argument("user", type=user_id, metavar="USER_ID", help="the person's Discord user id")
    parser.add_argument("--dry-run", action="store_true", help="only show what is stored about them")
    parser.add_argument("--export", metavar="FILE", help="only write what is stored about them to FILE as JSON (what "
                        "/privacy export sends them; for an export too large for a Discord file)")
    parser.add_argument("--leave-running", action="store_true",
                        help="forget them although they still play (their running matches go on with their id)")
    args = parser.parse_args(argv)  # a bad argument: usage and exit 2
    settings = load_or_exit()  # a bad setting: one line and exit 2, before the database is opened
    if settings.database_url is None and not os.path.exists(settings.database_path):
        stop(f"There is no database {settings.database_path!r}: set DATABASE_PATH (or DATABASE_URL) to the bot's.",
             EXIT_DATABASE)
    try:
        return asyncio.run(run(settings, args.user, dry_run=args.dry_run, leave_running=args.leave_running,
                               export=args.export))
    except StoreUnavailable as error:
        stop(f"Cannot use the database {redacted(str(error))}.", EXIT_DATABASE)


if __name__ == "__main__":
    sys.exit(main())
