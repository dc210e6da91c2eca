"""The web pages in the reader's language (issue 40), over HTTP: Accept-Language with its quality values, `?lang=`
kept in every link, the server's `/settings language` when the browser asks for no shipped language, the headers
(`Content-Language`, `Vary`), the 404 and the live updates, and concurrent requests in different languages that
never mix (the browser's side: tests/web/test_browser_languages.py)."""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import replace

import pytest
from markupsafe import escape

import i18n
from matches.history import verify_dice
from tests.web.helpers import GUILD, USERS, Site, play, started
from web import pages
from web.words import choose, negotiate, with_lang

ADA, BOB, CY, DI = USERS


@pytest.mark.parametrize(("header", "expected"), [
    ("de-DE,de;q=0.9,en;q=0.8", "de"),
    ("ko, ja;q=0.5, de;q=0.4", "ja"),  # Korean is not shipped: the next by quality
    ("en;q=0.2, fr;q=0.9", "fr"),  # quality decides, not the order
    ("fr;q=0.5, de;q=0.5", "fr"),  # a tie: the order
    ("es-419", "es-ES"),
    ("pt", "pt-BR"),
    ("de-AT", "de"),
    ("en-US,en;q=0.9,de;q=0.8", "en"),  # English is a match: the server's language does not override it
    ("en-XA", "en-XA"),
    ("de;q=0, fr", "fr"),  # q=0 refuses a language
    ("ko, zh-CN;q=0.9", None),
    ("*", None),
    ("", None),
    (None, None),
    ("de;q=abc, ja;q=0.3", "ja"),  # a malformed weight is ignored rather than guessed
    ("de;q=2", None),  # out of range
])
def test_accept_language_picks_the_best_shipped_language(header: str | None, expected: str | None) -> None:
    assert negotiate(header) == expected


def test_lang_in_the_query_comes_first_and_only_for_a_shipped_language() -> None:
    assert choose("ja", "de") == ("ja", True)
    assert choose("zz", "de") == ("de", False)  # not a language: ignored, never echoed
    assert choose("", None) == (None, False)
    assert with_lang("/s/t/m/1", "de") == "/s/t/m/1?lang=de"
    assert with_lang("/s/t/lb/sinoda?page=2", "ja") == "/s/t/lb/sinoda?page=2&lang=ja"
    assert with_lang("/s/t/m/1", None) == "/s/t/m/1"


async def get(site: Site, path: str, language: str | None = None) -> tuple[int, dict[str, str], str]:
    headers = {"Accept-Language": language} if language is not None else {}
    async with site.session.get(site.url(path), headers=headers) as response:
        return response.status, dict(response.headers), await response.text()


async def test_a_german_browser_gets_german_pages_with_their_headers(site: Site) -> None:
    match = await started(site.matches, "sinoda", [ADA, BOB])
    await play(site.matches, match.id, 2)
    status, headers, html = await get(site, site.path(), "de-DE,de;q=0.9,en;q=0.5")
    assert status == 200 and headers["Content-Language"] == "de" and "Accept-Language" in headers["Vary"]
    assert '<html lang="de">' in html and "Partien auf diesem Server" in html and "Games on this server" not in html
    status, headers, html = await get(site, site.path(f"m/{match.id}"), "de")
    assert headers["Content-Language"] == "de" and "Züge" in html and "Stellung nach Zeile" in html
    assert f"Sinoda · Partie #{match.id}" in html
    # without a choice on the page the links stay as they are: the browser's language speaks on every page
    assert "?lang=" not in re.sub(r'<nav class="languages".*?</nav>', "", html, flags=re.S)
    status, headers, html = await get(site, site.path(), "en-US,en;q=0.9")
    assert headers["Content-Language"] == "en" and "Games on this server" in html


async def test_lang_in_the_query_overrides_the_browser_and_is_kept_in_every_link(site: Site) -> None:
    match = await started(site.matches, "sinoda", [ADA, BOB])
    await play(site.matches, match.id, 2)
    status, headers, html = await get(site, site.path(f"m/{match.id}?lang=ja"), "de")
    assert status == 200 and headers["Content-Language"] == "ja" and '<html lang="ja">' in html
    assert "指し手" in html
    links = re.findall(r'(?:href|src)="(/s/[^"]+)"', html)
    assert links and all("lang=ja" in link for link in links), links
    assert 'data-query="lang=ja"' in html  # the script's board and live addresses keep it too
    # the picker: every shipped language in its own name, the current one marked
    picker = re.search(r'<nav class="languages".*?</nav>', html, flags=re.S)
    assert picker is not None
    assert re.findall(r'hreflang="([^"]+)"', picker.group()) == ["en", "de", "fr", "es-ES", "pt-BR", "ja"]
    assert 'lang="ja" translate="no" aria-current="true">日本語' in picker.group() and "Deutsch" in picker.group()
    status, headers, html = await get(site, site.path("?lang=%3Cb%3E"), "fr")
    assert headers["Content-Language"] == "fr" and "%3Cb%3E" not in html and "<b>" not in html


async def test_a_browser_asking_for_no_shipped_language_reads_the_servers(site: Site,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    match = await started(site.matches, "sinoda", [ADA, BOB])
    settings = await site.matches.guild_settings(GUILD)
    await site.matches.save_guild_settings(replace(settings, language="fr"))
    for asked in (None, "ko", "*"):
        _status, headers, html = await get(site, site.path(f"m/{match.id}"), asked)
        assert headers["Content-Language"] == "fr" and "Joueurs" in html, asked
    assert (await get(site, site.path(f"m/{match.id}"), "de"))[1]["Content-Language"] == "de"
    assert (await get(site, site.path(f"m/{match.id}"), "en"))[1]["Content-Language"] == "en"
    # the bare address belongs to no server: English
    assert (await get(site, "/", "ko"))[1]["Content-Language"] == "en"
    # the server's language is kept a few seconds (read on every request of a page); a new one shows after that
    await site.matches.save_guild_settings(replace(settings, language="ja"))
    assert (await get(site, site.path(f"m/{match.id}"), "ko"))[1]["Content-Language"] == "fr"
    monkeypatch.setattr(pages, "LANGUAGE_SECONDS", 0.0)
    assert (await get(site, site.path(f"m/{match.id}"), "ko"))[1]["Content-Language"] == "ja"


async def test_the_404_and_the_plain_answers_speak_the_readers_language(site: Site) -> None:
    status, headers, html = await get(site, site.path("m/999"), "ja")
    assert status == 404 and headers["Content-Language"] == "ja" and "見つかりません" in html
    assert "/m/999" not in html  # still echoes nothing of the request (the picker links are `?lang=…` only)
    async with site.session.post(site.url(site.path()), headers={"Accept-Language": "de"}) as response:
        assert response.status == 405 and await response.text() == "Hier wird nur GET bedient.\n"


async def test_the_deadline_and_numbers_are_written_for_the_locale(site: Site) -> None:
    match = await started(site.matches, "sinoda", [ADA, BOB], time_control=86400)
    html = (await get(site, site.path(f"m/{match.id}"), "ja"))[2]
    deadline = re.search(r'<time id="deadline" datetime="[^"]+">([^<]+)</time>', html)
    assert deadline is not None and "年" in deadline.group(1) and "月" in deadline.group(1)
    html = (await get(site, site.path(f"m/{match.id}"), "de"))[2]
    deadline = re.search(r'<time id="deadline" datetime="[^"]+">([^<]+)</time>', html)
    assert deadline is not None
    assert re.search(r"\d+\. \w+ \d{4}", deadline.group(1)), deadline.group(1)  # "29. November 2026"


async def test_concurrent_requests_in_two_languages_do_not_mix(site: Site) -> None:
    """Many requests at once, German and Japanese interleaved on the same pages (the match page's cache and its dice
    verdict's, the index, a leaderboard, a 404): each answer is wholly in its own language."""
    match = await started(site.matches, "sinoda", [ADA, BOB])
    await play(site.matches, match.id, 3)
    finished = await started(site.matches, "sinoda", [CY, DI])
    await play(site.matches, finished.id, 2)
    await site.matches.resign(finished.id, DI)
    verdicts = {}  # the dice check's verdict, in words made by the match service (kept by the pages per language)
    for language in ("de", "ja"):
        with i18n.speaking(language):
            verdicts[language] = str(escape((await verify_dice(site.matches, await site.matches.get(finished.id)))
                                            .summary()))
    assert verdicts["de"] != verdicts["ja"]
    # each page with a word of its own in German and in Japanese
    pages = [(site.path(f"m/{finished.id}"), verdicts),
             (site.path(f"m/{match.id}"), {"de": "Züge", "ja": "指し手"}),
             (site.path(), {"de": "Turniere", "ja": "大会"}),
             (site.path("lb/sinoda"), {"de": "Spieler", "ja": "プレイヤー"}),
             (site.path("m/999"), {"de": "Nicht gefunden", "ja": "見つかりません"})]

    async def one(i: int) -> None:
        language, other = (("de", "ja"), ("ja", "de"))[i % 2]
        path, words = pages[i // 2 % len(pages)]
        _status, headers, html = await get(site, path, language)
        assert headers["Content-Language"] == language and f'<html lang="{language}">' in html, (path, language)
        assert words[language] in html and words[other] not in html, (path, language)

    await asyncio.gather(*(one(i) for i in range(0, 24, 2)))  # German first: what it caches, Japanese must not read
    for wave in range(3):  # then both at once; the later waves read what the first ones cached
        await asyncio.gather(*(one(wave + i) for i in range(30)))


async def test_live_updates_reach_each_watcher_in_its_own_language(site: Site) -> None:
    match = await started(site.matches, "sinoda", [ADA, BOB])
    version = match.record.version
    url = site.url(site.path(f"m/{match.id}/live?v={version}"))
    async with site.session.get(url, headers={"Accept-Language": "de"}) as german, \
            site.session.get(url + "&lang=ja", headers={"Accept-Language": "de"}) as japanese:
        for stream in (german, japanese):
            assert await stream.content.readuntil(b"\n\n") == b"retry: 3000\n\n"
        assert german.headers["Content-Language"] == "de" and japanese.headers["Content-Language"] == "ja"
        await play(site.matches, match.id, 1)
        messages = [await asyncio.wait_for(stream.content.readuntil(b"\n\n"), 10) for stream in (german, japanese)]
    data = [json.loads(dict(line.split(": ", 1) for line in m.decode().strip().splitlines())["data"])
            for m in messages]
    assert data[0]["version"] == data[1]["version"] > version
    assert data[0]["status"] == "läuft" and data[0]["to_move"].startswith("Am Zug: ")
    assert data[1]["status"] == "対局中" and data[1]["to_move"].startswith("手番：")
