"""A finished match's web page and the computer analysis: a note on how to ask for one until it is made, then the
graph (the same picture as in Discord), each player's accuracy and counts, and the moves marked by label; nothing of
the kind on a running match."""

from __future__ import annotations

import io
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from PIL import Image

from tests.web.browser import PHONE, BrowserMissing, call, screenshot, start_browser
from tests.web.helpers import USERS as NAMES
from tests.web.helpers import Site, open_site, play, quick_reviews, started

ADA, BOB = list(NAMES)[:2]


@pytest_asyncio.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    opened = await open_site(str(tmp_path / "web.sqlite3"), reviews=quick_reviews)
    yield opened
    await opened.close()


async def test_a_finished_match_shows_its_analysis_once_made(site: Site) -> None:
    match = await started(site.matches, "cintos", [ADA, BOB])
    running = await started(site.matches, "cintos", [ADA, BOB])
    await play(site.matches, match.id, 12)
    await site.matches.resign(match.id, BOB)
    page = site.path(f"m/{match.id}")
    html = (await site.get(page))[2].decode()
    assert 'id="no-analysis"' in html and f"/analysis show match:{match.id}" in html
    assert (await site.get(site.path(f"m/{match.id}/analysis.png")))[0] == 404

    made = await quick_reviews(site.matches).analyse(match.id, ADA, None)
    html = (await site.get(page))[2].decode()
    assert 'id="no-analysis"' not in html and "Computer analysis" in html
    graph = re.search(r'id="analysis-graph" src="([^"]+)"', html)
    assert graph is not None
    status, headers, png = await site.get(graph.group(1))
    assert status == 200 and headers["Content-Type"] == "image/png"
    assert Image.open(io.BytesIO(png)).size == (800, 460)
    for summary in made.summaries:
        accuracy = "—" if summary.accuracy is None else f"{summary.accuracy:.0f}%"
        assert f"<td>{accuracy}</td><td>{summary.inaccuracies}</td><td>{summary.mistakes}</td>" \
               f"<td>{summary.blunders}</td>" in html
    labelled = made.labelled()
    assert labelled, "this game must have marked moves"
    symbols = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
    for move in labelled:  # each marked move is tinted and carries its mark
        line = re.search(rf'<li id="line-{move.n}" class="([^"]+)">(.*?)</li>', html)
        assert line is not None and f"label-{move.label}" in line.group(1)
        assert f'title="{move.label}">{symbols[move.label or ""]}</span>' in line.group(2)
    unmarked = {m.n for m in made.moves} - {m.n for m in labelled}
    assert all(f'<li id="line-{n}" class="kind-player">' in html for n in unmarked)

    html = (await site.get(site.path(f"m/{running.id}")))[2].decode()
    assert "Computer analysis" not in html and 'id="no-analysis"' not in html


async def test_the_analysis_fits_a_phone_in_a_real_browser(site: Site, tmp_path: Path) -> None:
    try:
        driver, profile = start_browser()
    except BrowserMissing as error:  # never skipped: CI installs it (.ci/chromium.sh)
        pytest.fail(str(error), pytrace=False)
    try:
        match = await started(site.matches, "cintos", [ADA, BOB])
        await play(site.matches, match.id, 12)
        await site.matches.resign(match.id, BOB)
        await quick_reviews(site.matches).analyse(match.id, ADA, None)
        url = site.url(site.path(f"m/{match.id}"))
        overflow = await screenshot(driver, url, str(tmp_path / "analysis-phone.png"), PHONE)
        assert overflow <= 0  # nothing wider than the phone's screen
        width = await call(driver.execute_script, "return document.getElementById('analysis-graph').clientWidth")
        page = await call(driver.execute_script, "return document.documentElement.clientWidth")
        assert 0.9 * page <= width <= page  # the graph takes the screen's width, no more
        marked = await call(driver.execute_script, "return document.querySelectorAll('#moves li .label').length")
        assert marked > 0
    finally:
        driver.quit()
        profile.cleanup()
