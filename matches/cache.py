"""The core's bounded cache of loaded matches (`MatchCore.cache`): least recently used first out, never one in use.

The store is the truth (every write is a compare-and-set on the match's version), so an evicted match is simply
loaded again by the next `MatchCore.get`; on a shared store (several processes) `get` also checks a cached match's
revision and reloads it in place when another process changed it.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator

from matches.model import Match


def lock_in_use(match: Match) -> bool:
    """Held, or awaited: a released lock is briefly unlocked before its next waiter runs (asyncio hands it over
    on the waiter's next step), and that waiter already holds this very object."""
    return match.lock.locked() or bool(getattr(match.lock, "_waiters", None))


class MatchCache:
    """Up to `capacity` idle matches by id, in order of use. `busy(match)` says a match must stay (its lock is held
    or awaited, a task is playing it): busy matches are kept beyond the capacity rather than evicted, so two
    objects for one match never live side by side in this process."""

    def __init__(self, capacity: int, busy: Callable[[Match], bool]) -> None:
        if capacity < 1:
            raise ValueError("the match cache holds at least one match")
        self.capacity = capacity
        self._busy = busy
        self._matches: OrderedDict[int, Match] = OrderedDict()
        self.evictions = 0

    def get(self, match_id: int) -> Match | None:
        match = self._matches.get(match_id)
        if match is not None:
            self._matches.move_to_end(match_id)
        return match

    def __getitem__(self, match_id: int) -> Match:
        match = self.get(match_id)
        if match is None:
            raise KeyError(match_id)
        return match

    def __setitem__(self, match_id: int, match: Match) -> None:
        self._matches[match_id] = match
        self._matches.move_to_end(match_id)
        self._evict(keep=match_id)

    def __delitem__(self, match_id: int) -> None:
        """Forget a match (tests: as after a restart); the next request loads it again."""
        del self._matches[match_id]

    def __contains__(self, match_id: object) -> bool:
        return match_id in self._matches

    def __len__(self) -> int:
        return len(self._matches)

    def __iter__(self) -> Iterator[int]:
        return iter(self._matches)

    def loaded(self) -> list[Match]:
        """Every match held now."""
        return list(self._matches.values())

    def _evict(self, keep: int) -> None:
        # Oldest first; a busy one goes to the back (it is in use: recently used), so each is looked at once.
        # `keep`, just put in, is about to be used by whoever put it.
        for _ in range(len(self._matches)):
            if len(self._matches) <= self.capacity:
                return
            match_id, match = next(iter(self._matches.items()))
            if match_id == keep or self._busy(match):
                self._matches.move_to_end(match_id)
            else:
                del self._matches[match_id]
                self.evictions += 1
