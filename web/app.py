"""The web companion's HTTP side (aiohttp): routes under each server's secret token, the templates (Jinja2, every
value escaped), security headers on every answer, a plain 404 for anything unknown, and live updates by SSE.

Read-only: no page changes anything. `WebServer` runs it in the bot's process or in its own (`python -m web`).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from pathlib import Path
from typing import Any

import jinja2
from aiohttp import web

import i18n
from matches import MatchService, Refusal
from matches.sharing import CODE_PATTERN, TOKEN_PATTERN, index_path, player_of
from render.fonts import FACES, face_path
from reviews import Reviews
from tournaments import TournamentService
from web.live import Hub
from web.pages import Companion, Lru
from web.words import PLAIN, choose, picker, script_words, with_lang, words

log = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
STATIC = HERE / "static"
# Nothing from elsewhere, no inline script or style, never in a frame; links never tell other sites the token.
HEADERS = {
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; "
                               "font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; "
                               "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
}
TOKEN = "{token:" + TOKEN_PATTERN + "}"
NUMBER = r"[1-9][0-9]{0,11}"
COMPANION: web.AppKey[Companion] = web.AppKey("companion", Companion)
HUB: web.AppKey[Hub] = web.AppKey("hub", Hub)
PAGES: web.AppKey[Lru[tuple[Any, ...], bytes]] = web.AppKey("pages", Lru)
# The Japanese face the images draw with, for the pages too: the CSS names the systems' own Japanese fonts first, so
# a browser fetches this one (16 MB, cached for a year) only on a machine that has none.
CJK_FONT = face_path(next(i for i, face in enumerate(FACES) if face.name == "Noto Sans CJK JP"))
LANGUAGE: web.RequestKey[str] = web.RequestKey("language", str)  # the code of the language a request speaks
# The language the reader chose with `?lang=` (kept in every link of the page), or None: links stay as they are.
CHOSEN: ContextVar[str | None] = ContextVar("web_chosen_language", default=None)


def templates() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "templates"), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                             enable_async=False)
    env.globals["asset"] = asset_url
    env.globals["href"] = href
    return env


def href(path: str) -> str:
    """A link of the page, keeping the language the reader chose on it."""
    return with_lang(path, CHOSEN.get())


_ASSETS: dict[str, str] = {}


def asset_url(name: str) -> str:
    """`/static/<name>?v=<size-mtime>`: cached for a long time, and a new file is a new URL."""
    found = _ASSETS.get(name)
    if found is None:
        stat = (STATIC / name).stat()
        found = _ASSETS[name] = f"/static/{name}?v={stat.st_size:x}{int(stat.st_mtime):x}"
    return found


ENV = templates()


def languages(request: web.Request, keep_page: bool = True) -> list[dict[str, Any]]:
    """The language picker: this page in each shipped language, as a link of the query alone (`?lang=de`, and the
    list's page): nothing of the path is repeated (a 404 echoes nothing of the request)."""
    page = request.query.get("page", "")
    kept = f"page={page}&" if keep_page and page.isdecimal() and len(page) < 6 else ""
    shown = i18n.active().code
    return [{"code": code, "name": name, "current": code == shown, "link": f"?{kept}lang={code}"}
            for code, name in picker()]


def render_page(request: web.Request, template: str, *, keep_page: bool = True, **values: Any) -> str:
    """A template in the language being spoken: its words, `<html lang>`, the picker and the script's words."""
    return ENV.get_template(template).render(
        w=words(), lang=i18n.active().code, languages=languages(request, keep_page),
        script_words=json.dumps(script_words(), ensure_ascii=False, separators=(",", ":")),
        query=f"lang={CHOSEN.get()}" if CHOSEN.get() else "", **values)


def page(request: web.Request, template: str, code: int = 200, *, keep_page: bool = True,
         **values: Any) -> web.Response:
    html = render_page(request, template, keep_page=keep_page, **values)
    return web.Response(text=html, status=code, content_type="text/html", charset="utf-8",
                        headers={"Cache-Control": "private, no-cache"})


def plain(key: str, status: int, **headers: str) -> web.Response:
    """A short plain-text answer in the reader's language."""
    return web.Response(text=PLAIN[key]() + "\n", status=status, headers=headers)


def not_found(request: web.Request) -> web.Response:
    return page(request, "notfound.html", code=404, keep_page=False, title=words().not_found)


async def server_language(request: web.Request) -> str | None:
    """The `/settings language` of the server whose token the path holds (None: none, or no such server)."""
    token = request.match_info.get("token")
    if token is None:
        return None
    try:
        return await request.app[COMPANION].server_language(token)
    except Exception:  # the language is not worth a failed page: the page says why it fails, in English
        log.exception("could not read the language of the server of %s", request.path)
        return None


@web.middleware
async def speak(request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                ) -> web.StreamResponse:
    """Each request speaks its reader's language, in its own task: `?lang=` (kept in the page's links), else the
    browser's Accept-Language, else the server's `/settings language`, else English."""
    code, chosen = choose(request.query.get("lang"), request.headers.get("Accept-Language"))
    if code is None:
        code = i18n.resolve(await server_language(request) or i18n.ENGLISH)
    request[LANGUAGE] = code
    token = CHOSEN.set(code if chosen else None)
    try:
        with i18n.speaking(code):
            return await handler(request)
    finally:
        CHOSEN.reset(token)


async def language_headers(request: web.Request, response: web.StreamResponse) -> None:
    """Which language a page speaks, and that it depends on the browser's (caches keep one copy per language)."""
    code = request.get(LANGUAGE)
    if code is None or request.path.startswith(("/static/", "/fonts/")):
        return
    response.headers["Content-Language"] = code
    vary = response.headers.get("Vary", "")
    if "accept-language" not in vary.lower():
        response.headers["Vary"] = f"{vary}, Accept-Language" if vary else "Accept-Language"


@web.middleware
async def guard(request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                ) -> web.StreamResponse:
    """Every answer gets the security headers; unknown paths, tokens and ids (a `Refusal` from a service
    included) are one plain 404 page that echoes nothing; an unexpected error is a plain 500, logged."""
    try:
        response = await handler(request)
    except (web.HTTPNotFound, Refusal):
        response = not_found(request)
    except web.HTTPMethodNotAllowed:
        response = plain("method", 405, Allow="GET, HEAD")
    except web.HTTPException as exc:
        response = exc
    except (asyncio.CancelledError, ConnectionResetError):
        raise
    except Exception:
        log.exception("error serving %s", request.path)
        response = plain("error", 500)
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


async def guild_of(request: web.Request) -> tuple[str, int]:
    """The token in the path and its server; a 404 when the token is not (or no longer) a server's."""
    token = request.match_info["token"]
    guild = await request.app[COMPANION].guild_of(token)
    if guild is None:
        raise web.HTTPNotFound()
    return token, guild


def number(request: web.Request, name: str) -> int:
    return int(request.match_info[name])


# ---- pages ----------------------------------------------------------------------------------------------------
def page_number(request: web.Request) -> int:
    """The `?page=` of a paged list: a whole number from 1 (absent: 1); anything else is a 404."""
    text = request.query.get("page", "1")
    if not (text.isdecimal() and len(text) < 6 and int(text) >= 1):
        raise web.HTTPNotFound()
    return int(text)


async def index(request: web.Request) -> web.Response:
    token, guild = await guild_of(request)
    values = await request.app[COMPANION].index_page(token, guild, page_number(request))
    return page(request, "index.html", title="Tabletop", base=request.path, **values)


async def match_page(request: web.Request) -> web.Response:
    token, guild = await guild_of(request)
    companion = request.app[COMPANION]
    match = await companion.match_on(guild, number(request, "match"))
    names = tuple(await companion.names(match))
    r = match.record  # the in-memory copy's revision lags its own writes: the version and the status do not
    analysed = await companion.analysis(match)  # an analysis made since changes the page too
    # one page per language, and per chosen language (its links keep it)
    key = ("m", token, match.id, r.revision, r.version, r.status, r.deadline, r.overdue, names,
           analysed.iterations if analysed is not None else None, i18n.active().code, CHOSEN.get())
    cached = request.app[PAGES].get(key)
    if cached is None:
        view = await companion.match_page(token, match)
        html = render_page(request, "match.html", page=view, title=view.title, home=index_path(token),
                           payload=json.dumps(view.payload(), ensure_ascii=False, separators=(",", ":")))
        cached = request.app[PAGES].put(key, html.encode())
    return web.Response(body=cached, content_type="text/html", charset="utf-8",
                        headers={"Cache-Control": "private, no-cache"})


async def board_image(request: web.Request) -> web.Response:
    _token, guild = await guild_of(request)
    companion = request.app[COMPANION]
    match = await companion.match_on(guild, number(request, "match"))
    n = int(request.match_info["n"])
    png = await companion.board(match, n)
    # A past position never changes; the last one changes when the match ends.
    age = 3600 if n < match.record.version or match.status != "active" else 5
    return web.Response(body=png, content_type="image/png", headers={"Cache-Control": f"private, max-age={age}"})


async def analysis_graph(request: web.Request) -> web.Response:
    """The graph of a finished match's analysis (a 404 until one is made)."""
    _token, guild = await guild_of(request)
    companion = request.app[COMPANION]
    match = await companion.match_on(guild, number(request, "match"))
    png = await companion.analysis_graph(match)  # Refusal (404) without an analysis
    return web.Response(body=png, content_type="image/png", headers={"Cache-Control": "private, max-age=3600"})


async def export(request: web.Request) -> web.Response:
    _token, guild = await guild_of(request)
    companion = request.app[COMPANION]
    match = await companion.match_on(guild, number(request, "match"))
    data = await companion.export(match)  # Refusal (404) unless finished
    name = f"{match.game.name}-match-{match.id}.json"
    return web.Response(body=data, content_type="application/json", charset="utf-8",
                        headers={"Content-Disposition": f'attachment; filename="{name}"',
                                 "Cache-Control": "private, max-age=3600"})


async def update_of(companion: Companion, token: str, match_id: int) -> tuple[int, bytes]:
    """The SSE message for a match as it is now, in the language being spoken: `id` is its version, `data` the
    page's new values."""
    match = await companion.get(match_id)
    view = await companion.match_page(token, match)
    data = json.dumps(view.payload(), ensure_ascii=False, separators=(",", ":"))
    return view.version, f"id: {view.version}\nevent: update\ndata: {data}\n\n".encode()


async def live(request: web.Request) -> web.StreamResponse:
    """Server-Sent Events: the current values at once if the page is behind, then one message per change."""
    token, guild = await guild_of(request)
    companion = request.app[COMPANION]
    hub = request.app[HUB]
    match = await companion.match_on(guild, number(request, "match"))
    seen_text = request.headers.get("Last-Event-ID") or request.query.get("v", "")
    seen = int(seen_text) if seen_text.isdecimal() and len(seen_text) < 10 else -1
    language = i18n.active().code
    channel = hub.channel(match.id, language)
    if channel is None or channel.version != match.record.version:
        version, message = await update_of(companion, token, match.id)
    else:
        version, message = channel.version, channel.message
    joined = hub.join(match.id, language, version, message, token)
    if joined is None:
        return plain("busy", 503, **{"Retry-After": "60"})
    response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache",
                                           "X-Accel-Buffering": "no"})
    for name, value in HEADERS.items():
        response.headers[name] = value
    try:
        await response.prepare(request)
        await response.write(b"retry: 3000\n\n")
        shown = seen
        while True:
            if joined.version != shown and joined.message:
                shown = joined.version
                await response.write(joined.message)
                if companion_over(joined.message):
                    break  # the page reloads to show the result, the export and the dice check
            await joined.woken.wait()  # a new message, the hub's keep-alive tick, or closing
            if hub.closing or joined.token not in ("", token):
                break  # closing, or the server made new links (or turned its pages off): this link is dead
            if joined.version == shown:
                await response.write(b": keep-alive\n\n")
    except (ConnectionResetError, asyncio.CancelledError):
        pass
    finally:
        hub.leave(match.id, language, joined)
    return response


def companion_over(message: bytes) -> bool:
    return b'"over":true' in message


async def event_page(request: web.Request) -> web.Response:
    token, guild = await guild_of(request)
    companion = request.app[COMPANION]
    event = await companion.event_on(guild, number(request, "event"))
    values = await companion.event_page(token, event)
    return page(request, "event.html", home=index_path(token), **values)


async def leaderboard(request: web.Request) -> web.Response:
    token, guild = await guild_of(request)
    values = await request.app[COMPANION].leaderboard_page(token, guild, request.match_info["game"],
                                                           page_number(request))
    return page(request, "leaderboard.html", home=index_path(token), base=request.path, **values)


async def profile(request: web.Request) -> web.Response:
    token, guild = await guild_of(request)
    user = player_of(token, request.match_info["code"])
    if user is None:
        raise web.HTTPNotFound()
    values = await request.app[COMPANION].profile_page(token, guild, user)
    return page(request, "profile.html", home=index_path(token), title=values["name"], **values)


async def root(request: web.Request) -> web.Response:
    """No page lists servers: the bare address says what this is and nothing more."""
    return page(request, "root.html", title="Tabletop")


async def health(request: web.Request) -> web.Response:
    return web.Response(text="ok\n")


async def cjk_font(request: web.Request) -> web.FileResponse:
    """The Japanese face, for a browser without one of its own (the CSS's last choice for those characters)."""
    return web.FileResponse(CJK_FONT, headers={"Content-Type": "font/otf"})


def create_app(matches: MatchService, tournaments: TournamentService | None = None, *,
               other_writers: bool = False, reviews: Reviews | None = None) -> web.Application:
    """The application over the services; `WebServer` starts it and feeds its hub from the store's watcher.
    `other_writers`: a SQLite file written by another process (the bot), so cached matches are checked."""
    app = web.Application(middlewares=[speak, guard])
    companion = Companion(matches, tournaments, other_writers=other_writers, reviews=reviews)
    app[COMPANION] = companion
    app[PAGES] = Lru(512)

    async def build(match_id: int, language: str) -> tuple[int, bytes, str | None]:
        with i18n.speaking(language):  # the store's watcher speaks no one's language: say whose
            version, message = await update_of(companion, "", match_id)  # no link in an update: no token in it
        guild = (await companion.get(match_id)).record.guild_id
        return version, message, await matches.web.token(guild)
    app[HUB] = Hub(build)
    s = f"/s/{TOKEN}"
    app.router.add_get("/", root)
    app.router.add_get("/healthz", health)
    app.router.add_static("/static/", STATIC, append_version=False)
    app.router.add_get("/fonts/noto-sans-cjk-jp.otf", cjk_font)
    app.router.add_get(s, index)
    app.router.add_get(s + "/", index)
    app.router.add_get(s + "/m/{match:" + NUMBER + "}", match_page)
    app.router.add_get(s + "/m/{match:" + NUMBER + "}/live", live)
    app.router.add_get(s + "/m/{match:" + NUMBER + "}/board/{n:(?:0|[1-9][0-9]{0,5})}.png", board_image)
    app.router.add_get(s + "/m/{match:" + NUMBER + "}/export.json", export)
    app.router.add_get(s + "/m/{match:" + NUMBER + "}/analysis.png", analysis_graph)
    app.router.add_get(s + "/e/{event:" + NUMBER + "}", event_page)
    app.router.add_get(s + "/lb/{game:[a-z]{1,20}}", leaderboard)
    app.router.add_get(s + "/p/{code:" + CODE_PATTERN + "}", profile)

    async def static_headers(request: web.Request, response: web.StreamResponse) -> None:
        if request.path.startswith(("/static/", "/fonts/")) and response.status == 200:
            response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
    app.on_response_prepare.append(static_headers)
    app.on_response_prepare.append(language_headers)
    return app


class WebServer:
    """The app on a host and port, its hub fed by the store's match watcher."""

    def __init__(self, matches: MatchService, tournaments: TournamentService | None = None, *,
                 other_processes: bool = False, reviews: Reviews | None = None) -> None:
        self.app = create_app(matches, tournaments, other_writers=other_processes, reviews=reviews)
        self.matches = matches
        self.other_processes = other_processes  # SQLite written by another process (`python -m web`)
        self._runner: web.AppRunner | None = None
        self._unwatch: Callable[[], Awaitable[None]] | None = None
        self.port: int | None = None

    @property
    def hub(self) -> Hub:
        return self.app[HUB]

    async def start(self, host: str, port: int) -> None:
        """Listen on host:port; `OSError` (the port taken, an address not this machine's) leaves nothing running."""
        self.hub.start()
        self._unwatch = await self.matches.web.watch(self.hub.changed, other_processes=self.other_processes)
        self._runner = web.AppRunner(self.app, access_log=None, handler_cancellation=True,
                                     shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port, backlog=2048)
        try:
            await site.start()
        except BaseException:
            await self.stop()
            raise
        addresses = self._runner.addresses  # with port 0, the port the system chose
        self.port = int(addresses[0][1]) if addresses else port
        log.info("web pages on http://%s:%s", host, self.port)

    async def stop(self) -> None:
        if self._unwatch is not None:
            await self._unwatch()
            self._unwatch = None
        await self.hub.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None


__all__ = ["HEADERS", "WebServer", "create_app"]
