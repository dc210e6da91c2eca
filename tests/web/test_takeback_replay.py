"""A casual match with a takeback on its web page: the `takeback N` line listed like any other, and the replay's
board after it is the position before the move taken back (the slider's frames are the log's lines)."""

from __future__ import annotations

from rules.replay import takeback_text
from tests.web.helpers import USERS, Site, play, started

ADA, BOB, _CY, _DI = USERS


async def test_the_replay_goes_back_with_a_takeback(site: Site) -> None:
    match = await started(site.matches, "cintos", [ADA, BOB], rated=False)
    match = await play(site.matches, match.id, 3)
    moved = match.record.version  # the line of the move taken back
    mover, other = (BOB, ADA) if match.actors() == [match.seat_of(ADA)] else (ADA, BOB)  # who moved last
    await site.matches.takebacks.ask(match.id, mover)
    await site.matches.takebacks.answer(match.id, other, accept=True)
    match = await play(site.matches, match.id, 1)
    taken = moved + 1
    assert [e.text for e in await site.store.log(match.id)][taken - 1] == takeback_text(moved)

    status, _headers, body = await site.get(site.path(f"m/{match.id}"))
    html = body.decode()
    assert status == 200
    assert f'<li id="line-{taken}" class="kind-takeback">' in html and takeback_text(moved) in html
    frames = {}
    for n in (moved - 1, moved, taken):
        status, _headers, frames[n] = await site.get(site.path(f"m/{match.id}/board/{n}.png"))
        assert status == 200 and frames[n].startswith(b"\x89PNG")
    assert frames[taken] == frames[moved - 1]  # back to the position before the move
    assert frames[taken] != frames[moved]
