"""Top cut: a Swiss (or pods) stage, then a single-elimination playoff of its best 4, 8 or 16, seeded by the stage's
standings. The playoff's places decide the final places of those in it (the stage's order breaks ties); everyone
else keeps their place in the stage. The playoff's rounds follow the stage's in the event's numbering."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tournament_rules import elimination, swiss
from tournament_rules.model import Entrant, Game, Standing, TournamentSettings
from tournament_rules.standings import IN_PLAY, numbered, result_code
from tournament_rules.standings import standings as plain_standings
from tournament_rules.views import BracketView

CUTS = (4, 8, 16)  # the sizes `TournamentSettings.playoff` takes


def stage_settings(settings: TournamentSettings) -> TournamentSettings:
    return replace(settings, playoff=None)


def bracket_settings(settings: TournamentSettings) -> TournamentSettings:
    return TournamentSettings("elimination", bye_points=settings.bye_points, third_place=settings.third_place,
                    replays=settings.replays, first_player=settings.first_player)


def stage_rounds(settings: TournamentSettings, count: int) -> int:
    return settings.rounds or swiss.rounds(count)


def playoff_rounds(settings: TournamentSettings, count: int) -> int:
    size = min(settings.playoff or 0, count)
    return (size - 1).bit_length() if size >= 2 else 0


def split(settings: TournamentSettings, entrants: Sequence[Entrant],
          games: Sequence[Game]) -> tuple[int, list[Game], list[Game]]:
    """(stage rounds, the stage's games, the playoff's games numbered from 1)."""
    stage = stage_rounds(settings, len(entrants))
    return (stage, [g for g in games if g.round <= stage],
            [replace(g, round=g.round - stage) for g in games if g.round > stage])


def seeds(settings: TournamentSettings, entrants: Sequence[Entrant], stage_games: Sequence[Game],
          stage: int) -> list[Entrant]:
    """The playoff's entrants: the best of the stage's standings still in, seeded in that order. Still in means not
    dropped by the end of the stage: a drop recorded at the stage's last round (during it, or before the playoff
    was paired) takes no seed; a drop during the playoff keeps the seed (counted in playoff rounds)."""
    table = plain_standings(stage_settings(settings), entrants, stage_games)
    by_id = {e.id: e for e in entrants}
    still = [by_id[s.entrant] for s in table if not s.withdrawn or (by_id[s.entrant].dropped_after or 0) > stage]
    cut = still[:min(settings.playoff or 0, len(still))]
    return [Entrant(e.id, i, 0.0, None if e.dropped_after is None else e.dropped_after - stage)
            for i, e in enumerate(cut)]


def pair(settings: TournamentSettings, entrants: Sequence[Entrant], games: Sequence[Game], round_no: int) -> list[Game]:
    """A round of the playoff (``round_no`` past the stage's rounds)."""
    stage, stage_games, played = split(settings, entrants, games)
    if any(g.points is None for g in stage_games):
        raise ValueError("The last round is not finished: every game needs its result first.")
    cut = seeds(settings, entrants, stage_games, stage)
    if len(cut) < 2:
        raise ValueError("Fewer than two entrants make the top cut: there is no playoff.")
    return [replace(g, round=g.round + stage)
            for g in elimination.pair(bracket_settings(settings), cut, played, round_no - stage)]


def finished(settings: TournamentSettings, entrants: Sequence[Entrant], games: Sequence[Game]) -> bool:
    stage, stage_games, played = split(settings, entrants, games)
    if any(g.points is None for g in games) or max((g.round for g in stage_games), default=0) < stage:
        return False
    cut = seeds(settings, entrants, stage_games, stage)
    return len(cut) < 2 or (bool(played) and elimination.decided(bracket_settings(settings), cut, played))


def standings(settings: TournamentSettings, entrants: Sequence[Entrant], games: Sequence[Game]) -> list[Standing]:
    """The stage's standings (points and tie-breaks over its rounds); once the playoff has begun, its entrants
    first, by the place the playoff gave them (the losers of one round share it, in the stage's order), each row's
    results carrying its playoff rounds too."""
    stage, stage_games, played = split(settings, entrants, games)
    table = plain_standings(stage_settings(settings), entrants, stage_games)
    if not played:
        return table
    cut = seeds(settings, entrants, stage_games, stage)
    finished_games = [g for g in played if g.points is not None]
    places = elimination.places(bracket_settings(settings), cut, finished_games)
    order = {s.entrant: i for i, s in enumerate(table)}
    last = max(g.round for g in played)
    rows = sorted(table, key=lambda s: (places.get(s.entrant, len(cut) + 1), order[s.entrant]))
    out = []
    for row in rows:
        results = row.results
        if row.entrant in places:
            mine = {g.round: g for g in played if row.entrant in g.entrants}
            results += tuple(IN_PLAY if r in mine and mine[r].points is None else
                             result_code(mine[r], row.entrant) if r in mine else "-" for r in range(1, last + 1))
        out.append(replace(row, results=results))
    # the playoff's losers of one round share a place (3–4, 5–8); the others keep the stage's, shared or not
    level = {s.entrant: ("playoff", places[s.entrant]) if s.entrant in places else ("stage", s.place) for s in table}
    return numbered(out, level)


def view(settings: TournamentSettings, entrants: Sequence[Entrant], games: Sequence[Game]) -> BracketView | None:
    """The playoff's bracket once the stage is over (None before)."""
    stage, stage_games, played = split(settings, entrants, games)
    if max((g.round for g in stage_games), default=0) < stage or any(g.points is None for g in stage_games):
        return None
    cut = seeds(settings, entrants, stage_games, stage)
    if len(cut) < 2:
        return None
    return elimination.view(bracket_settings(settings), cut, [g for g in played if g.points is not None])
