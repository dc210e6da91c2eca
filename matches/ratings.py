"""Ratings in the match service: a finished rated match updates its players' OpenSkill ratings once (`ratings`
computes, `data.ratings` stores atomically with a per-match record); leaderboards, profiles and the rebuild."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from data.ratings import RatedResult, RatingChangeRow, RatingRow
from i18n import _, ngettext
from matches.computers import is_computer
from matches.model import result_of
from ratings import Change, Skill, rate
from rules import Game

if TYPE_CHECKING:
    from data import MatchRecord, SeatRecord
    from matches.core import MatchCore
    from matches.model import Match

log = logging.getLogger(__name__)

RECENT = 10  # rated matches a profile lists


@dataclass(frozen=True)
class TournamentPlacement:
    """A player's place in a finished tournament, for /profile (filled by the tournament service)."""

    tournament_id: int
    title: str  # e.g. "Cintos Swiss · 5 rounds"
    place: int | None  # None: withdrew before the end (no place, as on the final standings)
    entrants: int
    place_to: int | None = None  # a shared place's last (3 and 4: the knockout's semi-final losers), as the standings

    @property
    def words(self) -> str:
        """'2 of 11', a shared place '3–4 of 8', or 'withdrew (11 entrants)', in the language being spoken."""
        if self.place is None:
            return ngettext("withdrew ({n} entrant)", "withdrew ({n} entrants)", self.entrants)
        if self.place_to is not None and self.place_to > self.place:
            # Translators: a shared place in a tournament of {entrants} players, e.g. "3–4 of 8".
            return _("{place}–{place_to} of {entrants}", place=self.place, place_to=self.place_to,
                     entrants=self.entrants)
        # Translators: a place in a tournament of {entrants} players, e.g. "2 of 11".
        return _("{place} of {entrants}", place=self.place, entrants=self.entrants)


@dataclass(frozen=True)
class Profile:
    """Everything /profile shows about one player."""

    user_id: int
    ratings: list[tuple[str, Skill, RatingRow]]  # (game, skill, record) per game played rated
    recent: list[RatedResult]
    tournaments: list[TournamentPlacement] = field(default_factory=list)


def skill_of(row: RatingRow | None) -> Skill:
    return Skill() if row is None else Skill(row.mu, row.sigma, row.games)


def as_changes(rows: Sequence[RatingChangeRow]) -> list[Change]:
    """Stored change rows as `ratings.Change` (for the '1512 → 1531 (+19)' lines)."""
    return [Change(r.seat, Skill(r.mu_before, r.sigma_before, r.games_before),
                   Skill(r.mu_after, r.sigma_after, r.games_before + 1), r.rank, r.result) for r in rows]


def computer(games: Mapping[str, Game]) -> Callable[[MatchRecord, list[SeatRecord], dict[int, RatingRow]],
                                                      list[RatingChangeRow]]:
    """The one computation both the live update and the rebuild use: same inputs, same floats. The result model
    (`rules.results`) decides who is rated: nobody for a forfeit, a double forfeit or an abort, and never a match
    with a computer seat."""
    def compute(record: MatchRecord, seats: list[SeatRecord], current: dict[int, RatingRow]) -> list[RatingChangeRow]:
        result = result_of(games[record.game], record)
        users = [s.user_id for s in seats]
        if result is None or any(is_computer(u) for u in users):
            return []
        changes = rate(result, [skill_of(current.get(u)) for u in users])
        return [RatingChangeRow(record.id, c.seat, users[c.seat], c.rank, c.result, c.before.mu, c.before.sigma,
                                c.before.games, c.after.mu, c.after.sigma) for c in changes]
    return compute


async def no_placements(user_id: int) -> list[TournamentPlacement]:
    """The placements where no tournament service answers (`Ratings.placements_from`): none."""
    return []


class Ratings:
    """`service.ratings`: rating updates, leaderboards, profiles and the rebuild, over the match service's core."""

    def __init__(self, core: MatchCore) -> None:
        self.core = core
        self._placements: Callable[[int], Awaitable[list[TournamentPlacement]]] = no_placements

    async def match_rated(self, match_id: int) -> bool:
        """Whether the match counts for the ratings."""
        return await self.core.store.ratings.match_rated(match_id)

    def default_rated(self, players: int, server_default: bool) -> bool:
        """Unless the creator chooses: 2-player matches follow the server's setting (on by default); matches of
        more players are unrated."""
        return players == 2 and server_default

    async def apply(self, match: Match) -> list[Change] | None:
        """Apply a finished rated match's update once (a second call returns the recorded changes: the update and
        its per-match record are one transaction); None when the match is not rated or did not finish (an aborted
        match never counts). A failure raises: `matches.consequences` leaves the match to its sweep."""
        if match.status != "finished":
            return None
        rows = await self.core.store.ratings.apply_rating(match.id, computer(self.core.games), self.core.now())
        return None if rows is None else as_changes(rows)

    async def rate_finished(self, match: Match) -> list[Change] | None:
        """`apply`, for a caller that shows the changes (the final board message): a failure is logged, not raised,
        and None returned; the match stays unsettled and the sweep (`matches.consequences`) applies it."""
        try:
            return await self.apply(match)
        except Exception:
            log.exception("rating update of match %s failed; the sweep applies it", match.id)
            return None

    async def rating_changes(self, match_id: int) -> list[Change] | None:
        """What a match did to its players' ratings, per seat; None if it changed none."""
        rows = await self.core.store.ratings.rating_changes(match_id)
        return None if rows is None else as_changes(rows)

    async def rebuild_ratings(self, *, write: bool = True) -> tuple[list[RatingChangeRow], list[RatingChangeRow]]:
        """Recompute every rating from the stored results in order (`store.ratings.rebuild_ratings`)."""
        return await self.core.store.ratings.rebuild_ratings(computer(self.core.games), self.core.now(), write=write)

    async def leaderboard(self, game: str, *, guild_id: int | None, page: int,
                          per_page: int) -> tuple[int, list[tuple[int, RatingRow, Skill]]]:
        """(players in total, [(place, record, skill)] on that page) of one game, best first."""
        total, rows = await self.core.store.ratings.leaderboard(game, guild_id=guild_id, offset=(page - 1) * per_page,
                                                                limit=per_page)
        return total, [((page - 1) * per_page + i + 1, row, skill_of(row)) for i, row in enumerate(rows)]

    async def profile(self, user_id: int) -> Profile:
        rows = await self.core.store.ratings.ratings_of(user_id)
        recent = await self.core.store.ratings.recent_rated(user_id, RECENT)
        return Profile(user_id, [(r.game, skill_of(r), r) for r in rows], recent,
                       await self.tournament_placements(user_id))

    def placements_from(self, source: Callable[[int], Awaitable[list[TournamentPlacement]]]) -> None:
        """The hook for the tournament service: `source(user_id)` gives the player's places in finished tournaments,
        newest first (`tournaments.TournamentService.placements`); /profile's "Tournaments" section shows them."""
        self._placements = source

    async def tournament_placements(self, user_id: int) -> list[TournamentPlacement]:
        """The player's places in finished tournaments, newest first, from `placements_from`'s source (none
        without one)."""
        return await self._placements(user_id)
