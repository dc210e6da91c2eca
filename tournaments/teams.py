"""Team events for the tournament service: teams registered at sign-up or drawn at the start (fixed for the
event), or drawn anew each round (the entrants are then the players)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import tournament_rules
from i18n import _, ngettext
from matches import Refusal
from tournaments.core import EventCore
from tournaments.model import Tournament

TEAM_MODES = ("fixed", "per-round")  # what the organiser chooses at /tournament create
PER_ROUND_FORMATS = ("swiss", "pods")  # rounds paired by standing; a bracket or a schedule needs fixed entrants


def team_column(mode: str, team_size: int, fmt: str) -> str:
    """The stored `teams` of a new event ("none", "random" for fixed teams, "per-round"); a Refusal for a mode
    the event cannot have."""
    if mode not in TEAM_MODES:
        raise Refusal(_("Teams are fixed or per-round."))
    if team_size == 1:
        if mode == "per-round":
            raise Refusal(_("Teams drawn each round are for team games (Sinoda teams=2x2/2x3/3x2, Bodsoi 2v2): in "
                            "this game everyone plays alone."))
        return "none"
    if mode == "per-round" and fmt not in PER_ROUND_FORMATS:
        raise Refusal(_("Teams drawn each round play Swiss (or pods): round robin and elimination need the same "
                        "entrants every round — use teams fixed."))
    return "per-round" if mode == "per-round" else "random"


class Teams:
    """Team events: registering a fixed team at sign-up, the entrants at the start (registered teams, the rest
    drawn), and a round's tables when teams are drawn anew each round. Works through the `EventCore`."""

    def __init__(self, core: EventCore) -> None:
        self.core = core

    async def register_team(self, tournament_id: int, captain: int, members: Sequence[int]) -> Tournament:
        """A fixed team for a team event: the captain and `members` sign up (if not yet) and play together."""
        async with self.core.lock(tournament_id):
            event = await self.core.get(tournament_id)
            size = event.sides.team_size
            team = list(dict.fromkeys([captain, *members]))
            if event.status != "signup":
                raise Refusal(_("Tournament #{id} has already started: teams are fixed.", id=event.id))
            if size == 1:
                raise Refusal(_("Tournament #{id} is not a team event: everyone plays alone.", id=event.id))
            if event.per_round:
                raise Refusal(_("Tournament #{id} draws new teams every round: there are no registered teams — "
                                "press Join to sign up on your own.", id=event.id))
            if len(team) != size:
                raise Refusal(ngettext("A team here is {size} players: you and {n} other (you named {named}).",
                                       "A team here is {size} players: you and {n} others (you named {named}).",
                                       size - 1, size=size, named=len(team) - 1))
            teams = [list(t) for t in event.record.settings.get("teams", [])]
            taken = [u for u in team if any(u in t for t in teams)]
            if taken:
                raise Refusal(ngettext("{players} already plays in a registered team.",
                                       "{players} already play in a registered team.", len(taken),
                                       players=", ".join(f"<@{u}>" for u in taken)))
            room = event.record.max_players
            new = [u for u in team if u not in event.signups]
            if room is not None and len(event.signups) + len(new) > room:
                raise Refusal(ngettext("Tournament #{id} has room for {n} more player.",
                                       "Tournament #{id} has room for {n} more players.", room - len(event.signups),
                                       id=event.id))
            # The team first (a compare-and-set on the settings read, like a check-in), then its sign-ups: a Start of
            # another process in between leaves at most a team whose members are not all in, which it ignores.
            await self.core.set_signup_settings(event, {**event.record.settings, "teams": [*teams, team]})
            for user in new:
                if not await self.core.store.tournaments.add_signup(event.id, user, self.core.matches.now(), room):
                    raise Refusal(_("Tournament #{id} started or filled up at the same moment: {player} could not "
                                    "sign up.", id=event.id, player=f"<@{user}>"))
        return await self.core.get(tournament_id)

    def entrant_rows(self, event: Tournament, players: Sequence[int],
                     known: Mapping[int, float]) -> list[tuple[int, tuple[int, ...], float]]:
        """The entrants at the start as (seed, members, rating): players, or fixed teams (registered teams whose
        members are all still in play together; everyone else is drawn). Per-round teams: the players."""
        size = event.sides.team_size
        if size == 1 or event.per_round:
            return [(i, (p,), known.get(p, 0.0)) for i, p in enumerate(players)]
        fixed = [tuple(t) for t in event.record.settings.get("teams", []) if set(t) <= set(players)]
        pool = [p for p in players if not any(p in t for t in fixed)]
        if len(pool) % size:
            raise Refusal(_("{n} players without a registered team do not split into teams of {size}.", n=len(pool),
                            size=size))
        teams = fixed + tournament_rules.draw_teams(pool, size, self.core.rng)
        order = {p: i for i, p in enumerate(players)}
        teams.sort(key=lambda team: min(order[p] for p in team))  # seeds follow sign-up order
        return [(i, team, sum(known.get(p, 0.0) for p in team) / len(team)) for i, team in enumerate(teams)]

    def pair_next(self, event: Tournament, round_no: int) -> list[tournament_rules.Game]:
        """The tables of the next round: by the format, or (teams drawn each round) teams drawn from the players
        still in and paired by their mean score."""
        settings, entrants, games = event.settings(), event.core_entrants(), event.core_games()
        if event.per_round:
            return tournament_rules.pair_drawn(settings, entrants, games, round_no, event.sides.team_size,
                                          event.sides.per_table, self.core.rng)
        return tournament_rules.pair_round(settings, entrants, games, round_no)
