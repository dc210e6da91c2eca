"""Standings: points and the tie-breaks of design/tournaments.md (Buchholz cut 1, SB, direct, wins, rating)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import replace
from itertools import combinations

from tournament_rules import double, elimination
from tournament_rules.model import Entrant, Game, Standing, TournamentSettings

IN_PLAY = "…"  # a round's result code while its game is being played


def scores(games: Sequence[Game]) -> dict[int, float]:
    """Points per entrant over the finished games (byes and forfeits included)."""
    total: dict[int, float] = defaultdict(float)
    for game in games:
        if game.points is not None:
            for who, pts in zip(game.entrants, game.points, strict=True):
                total[who] += pts
    return total


def result_code(game: Game, who: int) -> str:
    """W/D/L over the board, F+/F- for a forfeit, B for a bye; pods: the place (a digit), B for a bye."""
    if game.is_bye:
        return "B"
    assert game.points is not None
    at = game.entrants.index(who)
    if game.places is not None and len(set(map(game.side, range(len(game.entrants))))) > 2:
        return str(game.places[at]) if game.played else ("F+" if game.places[at] == 1 else "F-")
    mine = game.points[at]
    best_other = max(p for i, p in enumerate(game.points) if game.side(i) != game.side(at))
    if not game.played:
        return "F+" if mine > best_other else "F-"
    return "W" if mine > best_other else "D" if mine == best_other else "L"


def won(game: Game, who: int) -> bool:
    """Won over the board: a played game with more points than every other entrant (pods: 1st place)."""
    if not game.played or game.is_bye or game.points is None:
        return False
    at = game.entrants.index(who)
    if game.places is not None and len(set(map(game.side, range(len(game.entrants))))) > 2:
        return game.places[at] == 1
    return all(game.points[at] > p for i, p in enumerate(game.points) if game.side(i) != game.side(at))


def standings(settings: TournamentSettings, entrants: Sequence[Entrant], games: Sequence[Game]) -> list[Standing]:
    """Ranked standings over the finished games.  Two-entrant formats: points, Buchholz cut 1 (own score for a
    round without a played game), Sonneborn-Berger, direct encounter, wins, rating, sign-up order.  While a round is
    being played, a game without its result yet shows ``IN_PLAY`` and counts nothing (no points, no Buchholz for
    that round); its results already in (byes included) count.  Pods:
    points, Buchholz cut 1 over pod opponents (the mean of the others' scores at the table), 1st places,
    rating, sign-up order.  A game with ``sides`` (teams drawn for the round) counts only the other sides'
    entrants as opponents: the mean of their scores stands for the opponent, and results compare sides.  With a
    top cut, `playoff.standings`."""
    if settings.playoff is not None:
        from tournament_rules import playoff  # the playoff's standings are built on these (a cycle at import time)
        return playoff.standings(settings, entrants, games)
    done = [g for g in games if g.points is not None]
    total = scores(done)
    last_round = max((g.round for g in games), default=0)
    by_entrant: dict[int, dict[int, list[Game]]] = defaultdict(lambda: defaultdict(list))
    for game in games:
        for who in game.entrants:
            by_entrant[who][game.round].append(game)
    pods = settings.format == "pods"

    rows: dict[int, dict] = {}
    for entrant in entrants:
        me = entrant.id
        own = total.get(me, 0.0)
        contributions: list[float] = []
        sb = 0.0
        wins = 0
        results: list[str] = []
        for r in range(1, last_round + 1):
            round_games = by_entrant[me].get(r, [])
            if not round_games:
                contributions.append(own)
                results.append("-")
            for game in round_games:
                if game.points is None:  # still being played: no result yet, nothing counted for the round
                    results.append(IN_PLAY)
                    continue
                results.append(result_code(game, me))
                wins += won(game, me)
                others = game.opponents(me)  # a drawn team's members are not each other's opponents
                if not game.played or not others:
                    contributions.append(own)
                    continue
                opponent = sum(total.get(w, 0.0) for w in others) / len(others)
                contributions.append(opponent)
                if not pods:
                    assert game.points is not None
                    sb += opponent * game.points[game.entrants.index(me)]
        cut1 = sum(contributions) - min(contributions) if contributions else 0.0
        rows[me] = {"points": own, "bh": cut1, "sb": sb, "wins": wins, "results": tuple(results), "entrant": entrant}

    direct = {} if pods else _direct_encounter(rows, done)
    # elimination: how far each got comes first (the champion, the finalist, the third-place match …)
    reached = (elimination.places(settings, entrants, done) if settings.format == "elimination"
               else double.places(settings, entrants, done) if settings.format == "double-elimination" else {})

    def sporting(entrant: Entrant) -> tuple:
        """What decides a place: how far the entrant got in a bracket (nothing else there: the losers of one round
        share a place, as Challonge and start.gg show it), else points and the tie-breaks."""
        if reached:
            return (reached.get(entrant.id, 0),)
        row = rows[entrant.id]
        d = direct.get(entrant.id)
        return (-row["points"], -row["bh"], -row["sb"], -(d if d is not None else 0.0), -row["wins"])

    def key(entrant: Entrant) -> tuple:
        row = rows[entrant.id]
        d = direct.get(entrant.id)
        return (reached.get(entrant.id, 0), -row["points"], -row["bh"], -row["sb"],
                -(d if d is not None else 0.0), -row["wins"], -entrant.rating, entrant.seed)

    ordered = sorted(entrants, key=key)
    return numbered([
        Standing(entrant=e.id, rank=0, place=None, points=rows[e.id]["points"], buchholz_cut1=rows[e.id]["bh"],
                 sonneborn_berger=rows[e.id]["sb"], direct=direct.get(e.id), wins=rows[e.id]["wins"],
                 withdrawn=e.dropped_after is not None, results=rows[e.id]["results"])
        for e in ordered
    ], {e.id: sporting(e) for e in ordered} if done else None)


def numbered(rows: Sequence[Standing], level: Mapping[int, Hashable] | None = None) -> list[Standing]:
    """Rows in their final order, each given its row number (rank) and its place: a withdrawn entrant keeps their
    row where their score puts it but takes no place, and those still in close up behind them. With ``level``
    (entrant -> what decides its place), neighbouring entrants still in with equal values share a place, as
    ``place`` … ``place_to`` (rating and sign-up order then only order their rows); an entrant missing from it
    shares with nobody."""
    places: list[tuple[int | None, int | None]] = []
    still_in = 0
    group: list[int] = []  # indexes (into places) of the open group of entrants sharing a place
    previous: object = None
    for row in rows:
        if row.withdrawn:
            places.append((None, None))
            continue
        still_in += 1
        mine = level.get(row.entrant) if level is not None else None
        if group and mine is not None and mine == previous:
            group.append(len(places))
        else:
            group = [len(places)]
        previous = mine
        places.append((still_in, still_in))
        first = places[group[0]][0]
        for i in group:
            places[i] = (first, still_in)
    return [replace(row, rank=rank, place=place, place_to=last)
            for rank, (row, (place, last)) in enumerate(zip(rows, places, strict=True), start=1)]


def _direct_encounter(rows: dict[int, dict], games: Sequence[Game]) -> dict[int, float]:
    """Among entrants still tied after points, Buchholz and SB: the points they scored against each other,
    given only when every pair of the group has played (over the board)."""
    groups: dict[tuple, list[int]] = defaultdict(list)
    for who, row in rows.items():
        groups[(row["points"], row["bh"], row["sb"])].append(who)
    met: dict[frozenset[int], list[tuple[Game, tuple[float, ...]]]] = defaultdict(list)  # with their points
    for game in games:
        if len(game.entrants) == 2 and game.points is not None:  # every game given has its points
            met[frozenset(game.entrants)].append((game, game.points))
    out: dict[int, float] = {}
    for group in groups.values():
        if len(group) < 2:
            continue
        if not all(any(g.played for g, _ in met.get(frozenset(pair), ())) for pair in combinations(group, 2)):
            continue
        members = set(group)
        for who in group:
            out[who] = float(sum(
                points[g.entrants.index(who)]
                for pair in combinations(group, 2) if who in pair
                for g, points in met[frozenset(pair)] if set(g.entrants) <= members
            ))
    return out
