"""Single elimination: seeded bracket (1 v n …), byes to the top seeds, replays of draws, third place."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from i18n import _, pgettext
from tournament_rules.model import Entrant, Game, TournamentSettings
from tournament_rules.views import Box, BracketView, Column, Section, Side, game_marks, stage_names, stage_short


def bracket(count: int) -> list[tuple[int, int | None]]:
    """First-round pairs of 1-based seeds in bracket order (neighbouring pairs' winners meet next);
    ``None`` is a bye, which falls to the top seeds when ``count`` is not a power of two."""
    if count < 2:
        raise ValueError("A bracket needs at least two entrants.")
    size = 1
    while size < count:
        size *= 2
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return [(a, b if b <= count else None) for a, b in zip(order[::2], order[1::2], strict=True)]


def seeded(entrants: Sequence[Entrant]) -> list[Entrant]:
    """Seeds by rating before the event (best first), then sign-up order."""
    return sorted(entrants, key=lambda e: (-e.rating, e.seed))


@dataclass
class Match:
    """One pairing of the bracket and the games it took (the first, then replays of draws)."""

    a: int | None  # the better seed
    b: int | None
    games: list[Game] = field(default_factory=list)
    winner: int | None = None
    loser: int | None = None
    decided: bool = False
    third_place: bool = False

    def covers(self, game: Game) -> bool:
        return set(game.entrants) <= {self.a, self.b} - {None}


@dataclass
class Bracket:
    """The bracket as the games so far have decided it."""

    stages: list[list[Match]]  # stage 1 first; the final stage also holds the third-place match
    rank: dict[int, int]  # entrant -> seed (1-based)
    done: bool = False  # the final (and the third-place match) decided


def decide(match: Match, settings: TournamentSettings, rank: dict[int, int]) -> None:
    if match.decided:
        return
    if match.a is None or match.b is None:
        match.winner = match.a if match.b is None else match.b
        match.loser, match.decided = None, True
        return
    if not match.games:
        return
    last = match.games[-1]
    if last.points is None:
        return
    if last.is_bye:  # the opponent had dropped
        match.winner, match.decided = last.entrants[0], True
        match.loser = match.b if match.winner == match.a else match.a
        return
    first, second = last.points
    if first != second:
        match.winner = last.entrants[0] if first > second else last.entrants[1]
    elif len(match.games) > settings.replays:
        match.winner = min((match.a, match.b), key=lambda e: rank[e])  # replays used up: the seed decides
    else:
        return  # a draw with a replay to come
    match.loser = match.b if match.winner == match.a else match.a
    match.decided = True


def _next_stage(stage: list[Match], settings: TournamentSettings, rank: dict[int, int]) -> list[Match]:
    def by_seed(x: int | None, y: int | None) -> Match:
        if x is not None and y is not None and rank[y] < rank[x]:
            x, y = y, x
        return Match(x, y) if x is not None else Match(y, None)

    winners = [m.winner for m in stage if not m.third_place]
    nxt = [by_seed(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]
    if settings.third_place and len(stage) == 2:
        losers = [m.loser for m in stage]
        if None not in losers:
            third = by_seed(losers[0], losers[1])
            third.third_place = True
            nxt.append(third)
    return nxt


def state(settings: TournamentSettings, entrants: Sequence[Entrant], games: Sequence[Game],
          round_no: int | None = None) -> Bracket:
    """Replay the games (in round order) through the bracket.  With ``round_no`` (the round about to be
    paired), a match whose entrants have all dropped before it is decided with nobody going through, and a
    stage of only such matches gives way to the next at once."""
    order = seeded(entrants)
    rank = {e.id: i + 1 for i, e in enumerate(order)}
    dropped = {e.id: e.dropped_after for e in entrants if e.dropped_after is not None}
    stage = [Match(order[a - 1].id, order[b - 1].id if b is not None else None) for a, b in bracket(len(order))]
    result = Bracket([stage], rank)

    def advance() -> bool:
        nonlocal stage
        if len([m for m in stage if not m.third_place]) == 1:
            result.done = True
            return False
        stage = _next_stage(stage, settings, rank)
        result.stages.append(stage)
        return True

    for r in sorted({g.round for g in games}):
        _nobody(stage, dropped, r)
        for game in (g for g in games if g.round == r):
            match = next((m for m in stage if not m.decided and m.covers(game)), None)
            if match is None:
                raise ValueError(f"Round {r}: {game.entrants} is not a pairing of this bracket.")
            match.games.append(game)
        for match in stage:
            decide(match, settings, rank)
        if all(m.decided for m in stage) and not advance():
            break
    while not result.done:
        if round_no is not None:
            _nobody(stage, dropped, round_no)
        for match in stage:  # byes of a stage not yet played decide at once
            if match.a is None or match.b is None:
                decide(match, settings, rank)
        if not all(m.decided and m.winner is None and not m.games for m in stage) or not advance():
            break
    return result


def _nobody(stage: list[Match], dropped: dict[int, int], round_no: int) -> None:
    """Matches not begun whose entrants have all dropped before ``round_no``: nobody goes through."""
    for match in stage:
        entrants = [e for e in (match.a, match.b) if e is not None]
        if not match.decided and not match.games and all(dropped.get(e, round_no) < round_no for e in entrants):
            match.decided, match.winner, match.loser = True, None, None


def check_next(games: Sequence[Game], round_no: int) -> None:
    """Refuse to pair a round already paired, or one whose round before has a game without its result."""
    if any(g.round >= round_no for g in games):
        raise ValueError(f"Round {round_no} has already been paired.")
    if any(g.points is None for g in games):
        raise ValueError("The last round is not finished: every game needs its result first.")


def next_game(settings: TournamentSettings, match: Match, rank: dict[int, int], present: set[int],
              round_no: int) -> Game | None:
    """A match's game in round ``round_no``: a replay of a draw swaps the seats, else the better seed first; the
    entrant left alone (a bye, or the opponent has dropped) gets a bye; None when neither is present."""
    seats: tuple[int, ...]
    if match.games:
        last = match.games[-1]
        seats = (last.entrants[1], last.entrants[0])
    else:
        seats = tuple(sorted((e for e in (match.a, match.b) if e is not None), key=rank.__getitem__))
    here = tuple(e for e in seats if e in present)
    if len(here) == 2:
        return Game(round_no, here, None)
    if len(here) == 1:
        return Game(round_no, here, (settings.bye_points,), played=False)
    return None


def pair(settings: TournamentSettings, entrants: Sequence[Entrant], games: Sequence[Game], round_no: int) -> list[Game]:
    """The next bracket round: replays of drawn matches if any, else the next stage (with the third-place
    match beside the final).  The better seed moves first; a replay swaps the seats."""
    check_next(games, round_no)
    now = state(settings, entrants, games, round_no)
    if now.done:
        raise ValueError("The bracket is decided: there is no next round.")
    present = {e.id for e in entrants if e.dropped_after is None or e.dropped_after >= round_no}
    games_now = [next_game(settings, m, now.rank, present, round_no) for m in now.stages[-1]
                 if not (m.decided and (m.games or m.b is not None))]
    return [g for g in games_now if g is not None]


def decided(settings: TournamentSettings, entrants: Sequence[Entrant], games: Sequence[Game]) -> bool:
    return state(settings, entrants, games).done


def places(settings: TournamentSettings, entrants: Sequence[Entrant], games: Sequence[Game]) -> dict[int, int]:
    """How far each entrant got, as a place: 1 the champion, 2 the finalist, 3 and 4 the semi-finalists (by
    the third-place match when there is one), then 5 for the quarter-finals' losers …; still in: 1."""
    now = state(settings, entrants, games)
    out = {e.id: 1 for e in entrants}
    stages = [[m for m in stage if not m.third_place] for stage in now.stages]
    total = len(stages[0]).bit_length()  # stages in the full bracket
    for k, stage in enumerate(stages):
        for match in stage:
            if match.decided and match.loser is not None:
                out[match.loser] = 2 ** (total - k - 1) + 1
    for stage in now.stages:
        for match in stage:
            if match.third_place and match.decided and match.loser is not None:
                out[match.loser] = 4
    return out


def view(settings: TournamentSettings, entrants: Sequence[Entrant], games: Sequence[Game]) -> BracketView:
    """The bracket as it stands, for drawing: every stage as a column (stages to come with who will play there),
    the third-place match beside the final."""
    now = state(settings, entrants, games)
    total = len(now.stages[0]).bit_length()
    names = stage_names(total)
    columns: list[Column] = []
    previous: list[Match] = []
    for s in range(total):
        built = now.stages[s] if s < len(now.stages) else []
        main = [m for m in built if not m.third_place]
        boxes = []
        for i in range(2 ** (total - s - 1)):
            feeds = (2 * i, 2 * i + 1) if s else (None, None)
            if not main:  # a stage not begun: a winner already known is carried in at once, the other awaited
                before = stage_short(total, s - 1)
                upper, lower = (carried(previous, f, now.rank, _("winner {match}", match=f"{before}·{f + 1}"))
                                for f in (2 * i, 2 * i + 1))
                boxes.append(Box(upper, lower, feeds))
                continue
            match = main[i]
            top, bottom = match.a, match.b
            if s and previous and bottom is not None and previous[2 * i].winner == bottom:
                top, bottom = bottom, top  # each side drawn where its line comes from
            boxes.append(match_box(match, top, bottom, now.rank, feeds))
        if s == total - 1 and total >= 2 and settings.third_place:
            third = next((m for m in built if m.third_place), None)
            if third is not None:
                boxes.append(match_box(third, third.a, third.b, now.rank, (None, None), _("3rd place")))
            else:
                before = stage_short(total, s - 1)
                upper, lower = (carried(previous, f, now.rank, _("loser {match}", match=f"{before}·{f + 1}"),
                                        loser=True) for f in (0, 1))
                boxes.append(Box(upper, lower, label=_("3rd place")))
        columns.append(Column(names[s], tuple(boxes)))
        previous = main if main else [Match(b.top.entrant, b.bottom.entrant) for b in boxes if not b.label]
    final = now.stages[-1][0] if now.done else None
    return BracketView((Section("", tuple(columns)),), final.winner if final is not None else None)


def carried(previous: list[Match], feed: int, rank: dict[int, int], waiting: str, *, loser: bool = False) -> Side:
    """One side of a match not begun: the winner (or loser) of the match it comes from once that is decided, else
    whose place it is ("winner QF·1")."""
    source = previous[feed] if feed < len(previous) else None
    who = None if source is None or not source.decided else source.loser if loser else source.winner
    if who is None:
        return Side(None, None, waiting=waiting)
    return Side(who, rank.get(who))


def match_box(match: Match, top: int | None, bottom: int | None, rank: dict[int, int],
              feeds: tuple[int | None, int | None], label: str = "") -> Box:
    """A decided, ready or bye match as a box: each side's seed, game results and whether it went through."""
    bye = (top is None) != (bottom is None)

    def side(who: int | None) -> Side:
        if who is None:
            # Translators: a bracket's empty side: "bye" (the other goes through) or "nobody" (both dropped)
            return Side(None, None, waiting=pgettext("bracket side", "bye") if bye else _("nobody"))
        marks = () if bye else tuple(game_marks(g, who) for g in match.games if who in g.entrants)
        return Side(who, rank.get(who), marks, match.decided and match.winner == who)

    state = "bye" if bye or (top is None and bottom is None) else "done" if match.decided else "ready"
    return Box(side(top), side(bottom), feeds, label, state)
