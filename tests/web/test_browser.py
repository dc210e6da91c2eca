"""The pages in a real headless Chromium: a match page changes without a reload when a move is made through the
service, the replay steps with the keyboard and opens at a move's link, an event page's standings read as the
service computes them, and every page type (every table in it included) fits a phone's width (screenshots at phone
and desktop widths are kept where WEB_SCREENSHOTS points). One browser for the module: few and fast."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from matches.sharing import player_code
from tests.web.browser import DESKTOP, PHONE, TABLES_WIDER, BrowserMissing, call, screenshot, start_browser, until
from tests.web.helpers import GUILD, USERS, Site, play, round_one_played, started
from tournament_rules import place_text
from tournaments import Tournament

ADA, BOB, CY, DI = USERS


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    try:
        driver, profile = start_browser()
    except BrowserMissing as error:  # never skipped: CI installs it (.ci/chromium.sh)
        pytest.fail(str(error), pytrace=False)
    yield driver
    driver.quit()
    profile.cleanup()


async def test_a_move_shows_without_reload_and_the_replay_steps_with_the_keyboard(site: Site,
                                                                                   browser: webdriver.Chrome) -> None:
    match = await started(site.matches, "sinoda", [ADA, BOB])
    match = await play(site.matches, match.id, 3)
    url = site.url(site.path(f"m/{match.id}"))
    await call(browser.set_window_size, *DESKTOP)
    await call(browser.get, url)
    await until(browser, "document.getElementById('board').complete && window.tabletopUpdates === 0")
    await call(browser.execute_script, "window.sameDocument = 'yes'")

    match = await play(site.matches, match.id, 1)  # through the service, as a Discord command would
    version = match.record.version
    await until(browser, f"document.querySelectorAll('#moves li').length === {version}")
    assert await call(browser.execute_script, "return window.sameDocument") == "yes"  # no reload
    assert await call(browser.execute_script, "return window.tabletopUpdates") >= 1
    src = await call(browser.execute_script, "return document.getElementById('board').src")
    assert src.endswith(f"/board/{version}.png")
    await until(browser, "document.getElementById('board').complete && "
                         "document.getElementById('board').naturalWidth > 0")

    body = await call(browser.find_element, By.TAG_NAME, "body")
    await call(body.send_keys, Keys.ARROW_LEFT)
    await until(browser, f"location.hash === '#{version - 1}'")
    assert (await call(browser.execute_script, "return document.querySelector('#moves li.current').id")
            == f"line-{version - 1}")
    assert (await call(browser.execute_script, "return document.getElementById('board').src")).endswith(
        f"/board/{version - 1}.png")
    assert await call(browser.execute_script, "return document.getElementById('slider').value") == str(version - 1)
    await call(body.send_keys, Keys.HOME)
    await until(browser, "document.getElementById('caption').textContent.startsWith('The start')")
    await call(body.send_keys, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    await until(browser, "location.hash === '#2'")

    # A move's own link opens the replay there.
    await call(browser.get, url + "#1")
    await until(browser, "document.getElementById('board').src.endsWith('/board/1.png')")
    assert await call(browser.execute_script, "return document.querySelector('#moves li.current').id") == "line-1"


async def round_played(site: Site) -> Tournament:
    """A 4-player Swiss whose first round is over (the first-listed side of each board resigns)."""
    return await round_one_played(site, "swiss", 0, rounds=3)


async def test_an_event_page_reads_the_standings_the_service_computes(site: Site, browser: webdriver.Chrome) -> None:
    event = await round_played(site)
    assert event.round == 2
    names = await site.tournaments.names(event)
    await call(browser.get, site.url(site.path(f"e/{event.id}")))
    rows = await call(browser.find_elements, By.CSS_SELECTOR, "#standings tbody tr")
    shown = [await call(lambda r=row: [c.text for c in r.find_elements(By.CSS_SELECTOR, "td, th")]) for row in rows]
    expected = event.standings()
    assert len(shown) == len(expected) == 4
    for cells, standing in zip(shown, expected, strict=True):
        assert cells[0] == place_text(standing.place, standing.place_to) and cells[1] == names[standing.entrant]
        assert cells[2] == ("1" if standing.points == 1 else "0") and cells[3] == f"{standing.buchholz_cut1:g}"
        assert cells[4] == f"{standing.sonneborn_berger:g}" and cells[5] == str(standing.wins)
    links = await call(browser.find_elements, By.CSS_SELECTOR, ".pairings a")
    assert {await call(lambda a=link: a.get_attribute("href")) for link in links} >= {
        site.url(site.path(f"m/{t.match_id}")) for t in event.round_tables(2)}


async def test_every_page_type_fits_a_phone_and_a_desktop(site: Site, browser: webdriver.Chrome,
                                                           tmp_path: Path) -> None:
    await site.store.users.touch_user(CY, "Cyrielle with a rather long display name")
    event = await round_played(site)
    finished = next(t.match_id for t in event.round_tables(1))
    running = next(t.match_id for t in event.round_tables(2))
    assert finished is not None and running is not None
    await play(site.matches, running, 5)
    sakamichi = await started(site.matches, "sakamichi", [ADA, BOB])
    await play(site.matches, sakamichi.id, 4)
    knockout = await site.tournaments.create("sinoda", "elimination", guild_id=GUILD, channel_id=7, organiser_id=ADA)
    for user in USERS:
        await site.tournaments.join(knockout.id, user)
    knockout = await site.tournaments.start(knockout.id, ADA, organiser=True)
    for table in knockout.round_tables(1)[:1]:
        assert table.match_id is not None
        await site.matches.resign(table.match_id, (await site.matches.get(table.match_id)).user_at(1))
    pages = {"index": site.path(), "match-running": site.path(f"m/{running}"),
             "match-finished": site.path(f"m/{finished}"), "match-sakamichi": site.path(f"m/{sakamichi.id}"),
             "event": site.path(f"e/{event.id}"), "event-elimination": site.path(f"e/{knockout.id}"),
             "leaderboard": site.path("lb/sinoda"),
             "profile": site.path("p/" + player_code(site.token, CY)), "notfound": site.path("m/999999")}
    folder = Path(os.environ.get("WEB_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    for name, path in pages.items():
        for width, size in (("phone", PHONE), ("desktop", DESKTOP)):
            file = folder / f"{name}-{width}.png"
            overflow = await screenshot(browser, site.url(path), str(file), size)
            assert overflow <= 0, f"{name} is {overflow}px wider than a {width}"
            # a table that scrolls sideways in its box hides columns (the standings' rounds) off a phone's screen
            wider = await call(browser.execute_script, TABLES_WIDER)
            assert wider <= 0, f"a table of {name} is {wider}px wider than its box on a {width}"
            assert file.stat().st_size > 5_000
