"""A board's post lock lives only while a post uses it: idle matches leave nothing behind in `Tables`."""

from __future__ import annotations

import gc

from cogs.tables import Tables


async def test_a_post_lock_is_shared_while_in_use_and_gone_after() -> None:
    tables = Tables(None)  # type: ignore[arg-type]  # the locks need no bot
    async with tables.post_lock(7) as held:
        assert tables.post_lock(7) is tables.post_lock(7)  # a second post of match 7 waits on the same lock
        assert held is None and tables.post_lock(7).locked()
    gc.collect()
    assert 7 not in tables._post_locks, "a match's post lock outlived every post"
