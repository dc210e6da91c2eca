"""`python -m matches.rebuild_ratings DATABASE [--check]`: recompute every rating from the stored match results, in
the order the updates were applied, and compare with the changes recorded live (exit 0 same, 1 different, 2 error)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path

from data import Store, StoreUnavailable
from data.ratings import RatingChangeRow
from matches.service import MatchService

USAGE = "usage: python -m matches.rebuild_ratings DATABASE [--check]"


def differences(recorded: Sequence[RatingChangeRow], recomputed: Sequence[RatingChangeRow]) -> list[str]:
    """Where the recomputed changes differ from the recorded ones, one line each (exact floats, no tolerance)."""
    lines = [f"{len(recorded)} recorded changes, {len(recomputed)} recomputed"] \
        if len(recorded) != len(recomputed) else []
    for old, new in zip(recorded, recomputed, strict=False):
        if old != new:
            lines.append(f"match #{new.match_id} seat {new.seat}: recorded μ {old.mu_after!r} σ {old.sigma_after!r}, "
                         f"recomputed μ {new.mu_after!r} σ {new.sigma_after!r}")
    return lines


async def rebuild(path: str, *, write: bool) -> tuple[int, list[str]]:
    """(matches rebuilt, differences); with `write`, the recomputed ratings replace the stored ones."""
    store = await Store.open(Path(path))
    try:
        recorded, recomputed = await MatchService(store).rebuild_ratings(write=write)
    finally:
        await store.close()
    return len({c.match_id for c in recomputed}), differences(recorded, recomputed)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    check = "--check" in args
    paths = [a for a in args if a != "--check"]
    if len(paths) != 1 or any(a.startswith("-") for a in paths):
        print(USAGE, file=sys.stderr)
        return 2
    try:
        count, diff = asyncio.run(rebuild(paths[0], write=not check))
    except StoreUnavailable as exc:
        print(f"cannot open {paths[0]}: {exc}", file=sys.stderr)
        return 2
    done = "checked" if check else "rebuilt"
    if not diff:
        print(f"{count} rated matches {done}: every rating equals the one recorded live.")
        return 0
    print(f"{count} rated matches {done}: {len(diff)} differences from the ratings recorded live"
          + ("" if check else " (the recomputed ratings are now stored)") + ":")
    for line in diff[:50]:
        print("  " + line)
    return 1


if __name__ == "__main__":
    sys.exit(main())
