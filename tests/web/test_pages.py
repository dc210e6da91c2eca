"""The web companion over HTTP (no browser): who may see what (the per-server token, reset and off, other servers,
unknown and malformed paths), security headers, escaping of what users typed, no user ids, the dice seed only after
the end with `/verify`'s verdict, the export, and a live update by SSE."""

from __future__ import annotations

import asyncio
import json
import re

import aiohttp
import pytest
from markupsafe import escape

from matches.history import verify_match
from matches.sharing import player_code, player_of
from matches.verify import WHAT_IT_PROVES, verify_record
from tests.web.helpers import EVIL, GUILD, OTHER_GUILD, USERS, Site, play, round_one_played, started
from web import pages
from web.app import HEADERS

ADA, BOB, CY, DI = USERS


def text(body: bytes) -> str:
    return body.decode()


async def test_a_match_page_shows_the_board_players_and_moves(site: Site) -> None:
    match = await started(site.matches, "sinoda", [ADA, BOB])
    match = await play(site.matches, match.id, 4)
    status, headers, body = await site.get(site.path(f"m/{match.id}"))
    html = text(body)
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert f"Sinoda · match #{match.id}" in html and "ada" in html and "bob" in html
    assert f'src="/s/{site.token}/m/{match.id}/board/{match.record.version}.png"' in html
    log = await site.store.log(match.id)
    for entry in log:  # every line, numbered, with its own link (…/m/812#41)
        assert f'id="line-{entry.n}"' in html and f'href="#{entry.n}"' in html
    status, headers, png = await site.get(site.path(f"m/{match.id}/board/{match.record.version}.png"))
    assert status == 200 and headers["Content-Type"] == "image/png" and png.startswith(b"\x89PNG")
    assert (await site.get(site.path(f"m/{match.id}/board/0.png")))[0] == 200
    assert (await site.get(site.path(f"m/{match.id}/board/{match.record.version + 1}.png")))[0] == 404


async def test_wrong_tokens_other_servers_unknown_ids_and_malformed_paths_are_a_plain_404(site: Site) -> None:
    match = await started(site.matches, "sinoda", [ADA, BOB])
    elsewhere = await started(site.matches, "sinoda", [CY, DI], guild=OTHER_GUILD)
    other_token = await site.matches.web.turn_on(OTHER_GUILD)
    wrong = "A" * 22
    missing = [f"/s/{wrong}/", f"/s/{wrong}/m/{match.id}", site.path(f"m/{elsewhere.id}"),
               site.path(f"m/{match.id + 99}"), site.path("m/0"), site.path("m/abc"), site.path("m/1/board/x.png"),
               site.path("e/5"), site.path("lb/chess"), site.path("p/" + "0" * 16), site.path("p/zz"),
               f"/s/{site.token[:-1]}/", "/s/", "/matches", "/s/<script>/m/1", site.path(f"m/{match.id}/export.json"),
               site.path("lb/sinoda?page=0"), site.path("lb/sinoda?page=9"), site.path("lb/sinoda?page=%3Cb%3E"),
               f"/s/{other_token}/m/{match.id}"]
    not_found = await site.get("/nope")
    for path in missing:
        status, _headers, body = await site.get(path)
        assert status == 404, path
        assert body == not_found[2], path  # one plain page: nothing of the request is echoed
        assert "<script>" not in text(body)
    assert (await site.get(f"/s/{other_token}/m/{elsewhere.id}"))[0] == 200
    # No page lists servers: the bare address says what this is and links nowhere.
    status, _, body = await site.get("/")
    assert status == 200 and "/s/" not in text(body)


async def test_reset_makes_old_links_404_and_off_turns_every_page_off(site: Site) -> None:
    match = await started(site.matches, "sinoda", [ADA, BOB])
    old = site.path(f"m/{match.id}")
    assert (await site.get(old))[0] == 200
    new_token = await site.matches.web.reset(GUILD)
    assert new_token != site.token
    assert (await site.get(old))[0] == 404
    assert (await site.get(f"/s/{new_token}/m/{match.id}"))[0] == 200
    await site.matches.web.turn_off(GUILD)
    assert (await site.get(f"/s/{new_token}/m/{match.id}"))[0] == 404
    assert (await site.get(f"/s/{new_token}/"))[0] == 404


async def test_security_headers_on_pages_images_errors_and_streams(site: Site) -> None:
    match = await started(site.matches, "sinoda", [ADA, BOB])
    for path in (site.path(), site.path(f"m/{match.id}"), site.path(f"m/{match.id}/board/0.png"), "/nope",
                 "/static/web.js"):
        _, headers, _ = await site.get(path)
        for name, value in HEADERS.items():
            assert headers.get(name) == value, (path, name)
    csp = HEADERS["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp and "unsafe-inline" not in csp
    async with site.session.get(site.url(site.path(f"m/{match.id}/live"))) as response:
        assert response.headers["Content-Type"] == "text/event-stream"
        assert response.headers["X-Content-Type-Options"] == "nosniff"
    async with site.session.post(site.url(site.path(f"m/{match.id}"))) as response:
        assert response.status == 405  # read-only


async def test_script_in_names_is_escaped_on_every_page_and_no_user_id_is_shown(site: Site) -> None:
    await site.store.users.touch_user(ADA, EVIL)
    await site.store.users.touch_user(CY, f'"><img src=x onerror=alert(1)>{EVIL}')
    match = await started(site.matches, "sinoda", [ADA, BOB], rated=True)
    await site.matches.resign(match.id, BOB)
    event = await site.tournaments.create("sinoda", "swiss", guild_id=GUILD, channel_id=7, organiser_id=ADA, rounds=2)
    for user in (ADA, BOB, CY, DI):
        await site.tournaments.join(event.id, user)
    await site.tournaments.start(event.id, ADA, organiser=True)
    pages = [site.path(), site.path(f"m/{match.id}"), site.path(f"e/{event.id}"), site.path("lb/sinoda"),
             site.path("p/" + player_code(site.token, ADA))]
    for path in pages:
        status, _, body = await site.get(path)
        html = text(body)
        assert status == 200, path
        assert "<script>alert" not in html and "<img src=x" not in html, path
        for user in USERS:
            assert str(user) not in html, (path, user)
    html = text((await site.get(site.path(f"m/{match.id}")))[2])
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;" in html
    scripts = re.findall(r"<script[^>]*>", html)  # the page's one script file, and no other
    assert len(scripts) == 1 and scripts[0].startswith('<script src="/static/web.js?v=')


async def test_the_seed_shows_only_after_the_end_with_the_verify_verdict_and_the_export(site: Site) -> None:
    match = await started(site.matches, "sinoda", [ADA, BOB])
    match = await play(site.matches, match.id, 3)
    seed = match.record.seed
    assert seed and match.record.commitment
    html = text((await site.get(site.path(f"m/{match.id}")))[2])
    assert match.record.commitment in html and seed not in html
    assert (await site.get(site.path(f"m/{match.id}/export.json")))[0] == 404
    async with site.session.get(site.url(site.path(f"m/{match.id}/live"))) as response:
        first = await response.content.readuntil(b"\n\n") + await asyncio.wait_for(
            response.content.readuntil(b"\n\n"), 10)
        assert b"event: update" in first
        assert seed.encode() not in first
    await site.matches.resign(match.id, ADA)
    html = text((await site.get(site.path(f"m/{match.id}")))[2])
    verdict = await verify_match(site.matches, match.id, ADA, GUILD)
    assert seed in html and verdict.ok and "✓ Verified" in html and verdict.summary() in html
    for heading, words in WHAT_IT_PROVES:  # what the check proves, as /verify and the offline check word it
        assert f"<dt>{heading}</dt><dd>{escape(words)}</dd>" in html
    status, headers, body = await site.get(site.path(f"m/{match.id}/export.json"))
    record = json.loads(body)
    assert status == 200 and "attachment" in headers["Content-Disposition"]
    assert record["dice"]["seed"] == seed and verify_record(record).ok
    assert all("user_id" not in seat for seat in record["seats"]) and str(ADA) not in body.decode()


async def test_leaderboard_profile_and_index_read_the_services(site: Site) -> None:
    for loser in (BOB, CY):
        match = await started(site.matches, "sinoda", [ADA, loser], rated=True)
        await play(site.matches, match.id, 2)  # both move: the resignation is a game lost, and rated
        await site.matches.resign(match.id, loser)
    running = await started(site.matches, "sinoda", [CY, DI])
    total, rows = await site.matches.leaderboard("sinoda", guild_id=GUILD, page=1, per_page=25)
    html = text((await site.get(site.path("lb/sinoda")))[2])
    shown = re.findall(r"<tr><td>(\d+)</td><th scope=\"row\"[^>]*><a href=\"[^\"]+\">(\w+)</a></th>\s*"
                       r"<td[^>]*>([^<]+)</td>", html)
    assert [(int(p), n, r) for p, n, r in shown] == [(place, USERS[row.user_id], skill.label)
                                                     for place, row, skill in rows]
    assert total == 3
    profile = text((await site.get(site.path("p/" + player_code(site.token, ADA))))[2])
    skill = (await site.matches.profile(ADA)).ratings[0][1]
    assert '<h1 translate="no">ada</h1>' in profile and skill.label in profile and "2 won, 0 drawn, 0 lost" in profile
    assert player_of(site.token, player_code(site.token, ADA)) == ADA
    stranger = 991234567890123409
    assert (await site.get(site.path("p/" + player_code(site.token, stranger))))[0] == 404
    index = text((await site.get(site.path()))[2])
    assert f"/m/{running.id}" in index and "Sinoda leaderboard" not in index and "Sinoda</a>" in index



async def test_the_index_pages_through_older_finished_matches(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pages, "RECENT_MATCHES", 2)
    finished = []
    for loser in (BOB, CY, DI, BOB, CY):  # five finished matches: pages of 2, 2 and 1, newest first
        match = await started(site.matches, "sinoda", [ADA, loser])
        await site.matches.resign(match.id, loser)
        finished.append(match.id)
    running = await started(site.matches, "sinoda", [CY, DI])

    def listed(html: str) -> list[int]:
        section = html.split('id="finished-h"')[1]
        return [int(n) for n in re.findall(r'/m/(\d+)">', section)]

    shown = []
    for number in (1, 2, 3):
        html = text((await site.get(site.path() + ("" if number == 1 else f"?page={number}")))[2])
        assert f"/m/{running.id}" in html  # the running matches on every page
        shown.append(listed(html))
        assert ('rel="next"' in html) == (number < 3) and ('rel="prev"' in html) == (number > 1)
    assert shown == [finished[::-1][:2], finished[::-1][2:4], finished[::-1][4:]]
    for wrong in ("?page=4", "?page=0", "?page=-1", "?page=x", "?page=%3Cb%3E"):
        assert (await site.get(site.path() + wrong))[0] == 404, wrong


async def test_a_move_reaches_a_watching_page_by_sse(site: Site) -> None:
    match = await started(site.matches, "sinoda", [ADA, BOB])
    version = match.record.version
    async with site.session.get(site.url(site.path(f"m/{match.id}/live?v={version}"))) as response:
        assert await response.content.readuntil(b"\n\n") == b"retry: 3000\n\n"
        await play(site.matches, match.id, 1)
        message = await asyncio.wait_for(response.content.readuntil(b"\n\n"), 10)
    fields = dict(line.split(": ", 1) for line in message.decode().strip().splitlines())
    data = json.loads(fields["data"])
    assert fields["event"] == "update" and int(fields["id"]) == data["version"] > version
    log = await site.store.log(match.id)
    assert [line[0] for line in data["lines"]] == [e.n for e in log]
    assert site.server.hub.watchers == 0 or await _drained(site)


async def _drained(site: Site) -> bool:
    for _ in range(100):
        if site.server.hub.watchers == 0:
            return True
        await asyncio.sleep(0.02)
    return False


@pytest.mark.parametrize("path", ["/static/web.js", "/static/web.css"])
async def test_static_files_are_small_and_cached(site: Site, path: str) -> None:
    status, headers, body = await site.get(path)
    assert status == 200 and len(body) < 8_000 and "immutable" in headers["Cache-Control"]


async def test_a_page_of_another_session_sees_moves_of_this_one(site: Site) -> None:
    """The match page rendered after a move shows it (the cache is keyed by the match's revision)."""
    match = await started(site.matches, "sinoda", [ADA, BOB])
    before = text((await site.get(site.path(f"m/{match.id}")))[2])
    match = await play(site.matches, match.id, 1)
    after = text((await site.get(site.path(f"m/{match.id}")))[2])
    assert f'id="line-{match.record.version}"' in after and f'id="line-{match.record.version}"' not in before
    async with aiohttp.ClientSession() as other, other.get(site.url(site.path(f"m/{match.id}"))) as response:
        assert await response.text() == after


async def test_an_elimination_event_shows_its_bracket_with_the_winners_marked(site: Site) -> None:
    event = await round_one_played(site, "elimination", 1)
    names = await site.tournaments.names(event)
    html = text((await site.get(site.path(f"e/{event.id}")))[2])
    assert 'id="bracket"' in html and "Round 2" in html
    winners = re.findall(r'class="bracket-side won"><span class="bracket-name"[^>]*>([^<]+)</span>', html)
    expected = [names[t.entrants[t.points.index(max(t.points))]] for t in event.round_tables(1) if t.points]
    assert winners == expected and len(winners) == 2


async def test_a_reset_ends_the_live_streams_of_the_old_links(site: Site) -> None:
    match = await started(site.matches, "sinoda", [ADA, BOB])
    url = site.url(site.path(f"m/{match.id}/live?v={match.record.version}"))
    async with site.session.get(url) as stream:
        assert await stream.content.readuntil(b"\n\n") == b"retry: 3000\n\n"
        await site.matches.web.reset(GUILD)
        await play(site.matches, match.id, 1)  # the next change is built with the new token: the old stream ends
        rest = await asyncio.wait_for(stream.content.read(), 10)
    assert rest == b""  # closed without the move: an old link shows nothing new
    assert await _drained(site)
