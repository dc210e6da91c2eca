"""Nothing hidden, ever: a match page is built from the public view only. Every hidden fact (hands, hidden ranks,
racks, the pile) is re-dealt with `resample_hidden` — in the current position and in every position of the replay —
and the page, its live update and every board image stay byte for byte the same."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules import State
from tests.web.helpers import USERS, Site, play, started
from web.app import COMPANION, PAGES, update_of
from web.pages import Companion, Lru

ADA, BOB, *_ = USERS


async def everything(site: Site, match_id: int) -> dict[str, bytes]:
    """The page, its SSE update and every board image of the match, as a watcher gets them."""
    match = await site.matches.get(match_id)
    out = {"page": (await site.get(site.path(f"m/{match_id}")))[2],
           "update": (await update_of(site.server.app[COMPANION], site.token, match_id))[1]}
    for n in range(match.record.version + 1):
        status, _, png = await site.get(site.path(f"m/{match_id}/board/{n}.png"))
        assert status == 200
        out[f"board {n}"] = png
    return out


def forget(site: Site) -> Companion:
    companion = site.server.app[COMPANION]
    companion.boards, companion.positions = Lru(256), Lru(32)
    site.server.app[PAGES]._items.clear()
    return companion


@pytest.mark.parametrize(("game", "moves"), [("sakamichi", 6), ("sanae", 4), ("bodsoi", 6)])
async def test_re_dealing_every_hidden_fact_changes_no_byte_of_the_page(site: Site, game: str, moves: int,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    match = await started(site.matches, game, [ADA, BOB])
    match = await play(site.matches, match.id, moves)
    assert match.status == "active" and match.state is not None
    before = await everything(site, match.id)

    rng = random.Random(7)
    rules = match.game
    real_states = Companion.states
    changed: list[bool] = []

    async def re_dealt(self: Companion, shown: Any) -> list[State]:
        states = [rules.resample_hidden(s, None, rng) for s in await real_states(self, shown)]
        return states

    true_state = match.state
    match.state = rules.resample_hidden(true_state, None, rng)  # the service's own copy: the current board
    changed.append(rules.to_json(match.state) != rules.to_json(true_state))
    monkeypatch.setattr(Companion, "states", re_dealt)
    forget(site)
    states = await real_states(site.server.app[COMPANION], match)
    changed += [rules.to_json(rules.resample_hidden(s, None, random.Random(3))) != rules.to_json(s) for s in states]
    assert any(changed), "nothing was hidden: the test would prove nothing"
    after = await everything(site, match.id)
    assert after.keys() == before.keys()
    for name in before:
        assert after[name] == before[name], name
    match.state = true_state
