"""Forgetting a player, whole (`/privacy forget`): out of their tournaments and matches through the services first,
each step committed with its usual consequences, then their data cut and removed (`matches.privacy.forget`)."""

from __future__ import annotations

from dataclasses import dataclass

from matches import Refusal, Turn
from matches.privacy import Forgotten, Left, forget, leave_matches
from tournaments.service import TournamentService


@dataclass(frozen=True)
class Withdrawn:
    """What leaving everything did before the data goes: tournaments left (sign-ups withdrawn, entries dropped,
    their running tournament matches resigned) and the other matches left (`Left`)."""

    tournaments: tuple[int, ...]
    tournament_turns: tuple[Turn, ...]
    matches: Left

    @property
    def turns(self) -> tuple[Turn, ...]:
        """Every resignation, each match once: the boards to post."""
        seen = {t.match.id for t in self.tournament_turns}
        return self.tournament_turns + tuple(t for t in self.matches.resigned if t.match.id not in seen)


async def withdraw(tournaments: TournamentService, user_id: int) -> Withdrawn:
    """Take `user_id` out of every tournament (a drop: their results stand, they are not paired again, their
    running match there is resigned) and then out of every other match and lobby."""
    left: list[int] = []
    turns: list[Turn] = []
    for tournament_id in (await tournaments.store.privacy.unfinished(user_id)).tournaments:
        try:
            _event, resigned = await tournaments.drop(tournament_id, user_id)
        except Refusal:  # started, ended or left meanwhile: the store step records what stands
            continue
        left.append(tournament_id)
        turns += resigned
    return Withdrawn(tuple(left), tuple(turns), await leave_matches(tournaments.matches, user_id))


async def forget_player(tournaments: TournamentService, user_id: int) -> Forgotten:
    """After `withdraw` (and the boards posted): cut and remove the player's data (`data.privacy.Privacy.forget`)."""
    return await forget(tournaments.matches, user_id)
