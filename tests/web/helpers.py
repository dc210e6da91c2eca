"""What the web tests share: a server's site (a store, the services, the web server on a free port, the token)
and a few moves played through the match service."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import aiohttp

from data import Store
from matches import Match, MatchService
from reviews import Reviews
from tests.reviews.helpers import Counting
from tournaments import Tournament, TournamentService
from web import WebServer

GUILD = 424242424242424242
OTHER_GUILD = 515151515151515151
# Discord-sized ids: a page that printed one would be caught by a plain substring search.
USERS = {881234567890123401: "ada", 881234567890123402: "bob", 881234567890123403: "cy",
         881234567890123404: "di"}
EVIL = "<script>alert('x')</script>"


@dataclass
class Site:
    store: Store
    matches: MatchService
    tournaments: TournamentService
    server: WebServer
    token: str
    session: aiohttp.ClientSession

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.server.port}"

    def url(self, path: str) -> str:
        return self.origin + path

    def path(self, rest: str = "") -> str:
        return f"/s/{self.token}/{rest}"

    async def get(self, path: str) -> tuple[int, Any, bytes]:
        async with self.session.get(self.url(path)) as response:
            return response.status, response.headers, await response.read()

    async def close(self) -> None:
        await self.session.close()
        await self.server.stop()
        await self.store.close()


def quick_reviews(matches: MatchService) -> Reviews:
    """The analysis service of the pages' tests: a small search, in this process."""
    return Reviews(matches, iterations=12, executor=Counting())


async def open_site(target: str, *, seed: int = 1, names: dict[int, str] | None = None,
                    reviews: Callable[[MatchService], Reviews] | None = None) -> Site:
    store = await Store.open(target)
    matches = MatchService(store, rng=random.Random(seed))
    tournaments = TournamentService(matches, rng=random.Random(seed))
    for user, name in (names or USERS).items():
        await store.users.touch_user(user, name)
    token = await matches.web.turn_on(GUILD)
    server = WebServer(matches, tournaments, reviews=reviews(matches) if reviews is not None else None)
    await server.start("127.0.0.1", 0)
    return Site(store, matches, tournaments, server, token, aiohttp.ClientSession())


async def started(matches: MatchService, game: str, users: list[int], guild: int = GUILD,
                  **options: Any) -> Match:
    match = await matches.create(game, guild_id=guild, channel_id=7, creator_id=users[0], players=len(users),
                                 **options)
    for user in users[1:]:
        await matches.join(match.id, user)
    return (await matches.start(match.id, users[0])).match


async def play(matches: MatchService, match_id: int, moves: int) -> Match:
    """`moves` actions, each the first legal one of a seat to act."""
    for _ in range(moves):
        match = await matches.get(match_id)
        actors = match.actors()
        if not actors:
            break
        user = match.user_at(actors[0])
        await matches.act(match_id, user, (await matches.legal_texts(match_id, user))[0])
    return await matches.get(match_id)


async def round_one_played(site: Site, format: str, loser_seat: int, **options: Any) -> Tournament:
    """A 4-player Sinoda event of `format` whose first round is over: the player in `loser_seat` of each board
    resigns."""
    event = await site.tournaments.create("sinoda", format, guild_id=GUILD, channel_id=7,
                                          organiser_id=next(iter(USERS)), **options)
    for user in USERS:
        await site.tournaments.join(event.id, user)
    event = await site.tournaments.start(event.id, next(iter(USERS)), organiser=True)
    for table in event.round_tables(1):
        assert table.match_id is not None
        match = await site.matches.get(table.match_id)
        await site.matches.resign(match.id, match.user_at(loser_seat))
    return await site.tournaments.get(event.id)
