"""A player's own data through the match service: what is stored about them, its export, and the match side of
forgetting them (their running matches resigned and their lobbies left, each committed like any other request)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from data.privacy import Forgotten, Stored, Unfinished
from matches.model import Match, Refusal, Turn

if TYPE_CHECKING:
    from matches.service import MatchService

__all__ = ["Forgotten", "Left", "Stored", "Unfinished", "export", "forget", "leave_matches", "stored"]


@dataclass(frozen=True)
class Left:
    """What leaving every match did: the turns of the resignations (their boards to post), the lobbies left or
    closed, and the matches that could not be left (a refusal's words, e.g. resigned before in a game of four)."""

    resigned: tuple[Turn, ...] = ()
    lobbies: tuple[Match, ...] = ()
    kept: tuple[tuple[int, str], ...] = ()


async def stored(service: MatchService, user_id: int) -> Stored:
    return await service.store.privacy.stored(user_id)


async def export(service: MatchService, user_id: int) -> dict[str, Any]:
    return await service.store.privacy.export(user_id)


async def leave_matches(service: MatchService, user_id: int) -> Left:
    """Resign every running match `user_id` plays and leave every lobby they sit in (closing those they opened),
    through the service: each resignation is committed with its normal consequences (rating, tournament result,
    the next round). The key makes a repeated request harmless."""
    resigned: list[Turn] = []
    lobbies: list[Match] = []
    kept: list[tuple[int, str]] = []
    for match in await service.matches_for(user_id, ("lobby", "active")):
        try:
            if match.status == "active":
                resigned.append(await service.resign(match.id, user_id, key=f"privacy-forget:{user_id}"))
            elif match.seat_of(user_id) is not None:  # an invitation not taken is no seat: it lapses with the lobby
                lobbies.append(await service.leave(match.id, user_id))
        except Refusal as refusal:
            kept.append((match.id, refusal.message))
    return Left(tuple(resigned), tuple(lobbies), tuple(kept))


async def forget(service: MatchService, user_id: int) -> Forgotten:
    """Forget `user_id` in the store (`data.privacy.Privacy.forget`), then reload the copies of the matches it
    changed that this process holds (another process sees their new revision)."""
    forgotten = await service.store.privacy.forget(user_id)
    for match_id in forgotten.matches:
        if match_id in service.core.cache:
            await service.fresh(match_id)
    return forgotten
