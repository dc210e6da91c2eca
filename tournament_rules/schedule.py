"""Rounds as announced: an event's total in words ("6 rounds", "6 or 7 rounds", "3 rounds or more") and each round's
heading ("Round 3 of 6 · Winners' final · Losers' round 3", "Round 7 of 7 · Grand final reset"), so no heading ever
says "Round 7 of 6": a bracket's total is the last round if no draw is replayed and no reset is needed from here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from i18n import _, ngettext
from tournament_rules import double, elimination, playoff
from tournament_rules.model import Entrant, Game, TournamentSettings
from tournament_rules.pairing import rounds_for
from tournament_rules.views import stage_names


@dataclass(frozen=True)
class Heading:
    """One round as announced: its number, the event's total as it stands (never below the number) and, in a
    bracket, what it plays."""

    number: int
    total: int | None  # None: not known (fewer than two entrants)
    stage: str = ""  # "Semi-finals", "Winners' final · Losers' round 2", "Grand final reset", "Swiss"

    @property
    def words(self) -> str:
        """'Round 3 of 6', 'Round 7 of 7 · Grand final reset' (in the language being spoken)."""
        if self.total is None:
            count = _("Round {n}", n=self.number)
        else:
            count = _("Round {n} of {total}", n=self.number, total=self.total)
        return _("{round} · {stage}", round=count, stage=self.stage) if self.stage else count


def _bracket(settings: TournamentSettings) -> bool:
    return settings.format in ("elimination", "double-elimination") or settings.playoff is not None


def total_words(settings: TournamentSettings, count: int) -> str:
    """The rounds an event of ``count`` entrants plans, said so that the total stays true: a bracket where a drawn
    match is replayed can take more ('3 rounds or more'); a double elimination's reset adds one ('6 or 7 rounds')."""
    planned = rounds_for(settings, count)
    base = ngettext("{n} round", "{n} rounds", planned)
    if not _bracket(settings) or settings.playoff is not None:
        return base  # a top cut's part is said as "+ top 8" by the title
    if settings.replays > 0:
        return ngettext("{n} round or more", "{n} rounds or more", planned)
    if settings.format == "double-elimination" and settings.reset:
        return _("{n} or {more} rounds", n=planned, more=planned + 1)
    return base


def heading(settings: TournamentSettings, entrants: Sequence[Entrant], games: Sequence[Game],
            round_no: int) -> Heading:
    """'Round 3 of 5' (Swiss, round robin, pods: the planned total), a bracket's round with what it plays and the
    total as it stands ('Round 2 of 3 · Semi-finals', 'Round 4 of 4 · Semi-finals (replays)', 'Round 7 of 7 · Grand
    final reset'), a top cut's stage rounds counted with its playoff ('Round 2 of 6 · Swiss', 'Round 5 of 6 ·
    Semi-finals')."""
    count = len(entrants)
    if count < 2:
        return Heading(round_no, None)
    before = [g for g in games if g.round < round_no]
    now = [g for g in games if g.round == round_no]
    if settings.playoff is not None:
        stage = playoff.stage_rounds(settings, count)
        if round_no <= stage:
            name = _("Swiss") if settings.format == "swiss" else _("Pods")
            return Heading(round_no, stage + playoff.playoff_rounds(settings, count), name)
        _stage, stage_games, played = playoff.split(settings, entrants, before)
        cut = playoff.seeds(settings, entrants, stage_games, stage)
        if len(cut) < 2:
            return Heading(round_no, None)
        inner = [*played, *(Game(g.round - stage, g.entrants, g.points, g.played) for g in now)]
        total, name = _single(playoff.bracket_settings(settings), cut, inner, round_no - stage)
        return Heading(round_no, total + stage, name)
    if settings.format == "elimination":
        return Heading(round_no, *_single(settings, entrants, [*before, *now], round_no))
    if settings.format == "double-elimination":
        return Heading(round_no, *_double(settings, entrants, [*before, *now], round_no))
    return Heading(round_no, max(rounds_for(settings, count), round_no))


def _single(settings: TournamentSettings, entrants: Sequence[Entrant], games: Sequence[Game],
            round_no: int) -> tuple[int, str]:
    """(the last round if no draw is replayed from here, what round ``round_no`` plays)."""
    now = elimination.state(settings, entrants, [g for g in games if g.round < round_no], round_no)
    stages = len(now.stages[0]).bit_length()
    s = len(now.stages) - 1
    name = stage_names(stages)[min(s, stages - 1)]
    if s == stages - 1 and any(m.third_place for m in now.stages[-1]):
        name = _("{stage} & 3rd place", stage=name)
    if any(m.games for m in now.stages[-1]):  # drawn matches of this stage played again
        name = _("{stage} (replays)", stage=name)
    return round_no + max(stages - 1 - s, 0), name


def _double(settings: TournamentSettings, entrants: Sequence[Entrant], games: Sequence[Game],
            round_no: int) -> tuple[int, str]:
    """(the last round if no draw is replayed and no reset is needed from here, the stages round ``round_no``
    plays)."""
    now = double.state(settings, entrants, [g for g in games if g.round < round_no], round_no)
    winners = double.winners_names(len(now.winners))
    memo: dict[str, int] = {}

    def last(node: double.Node) -> int:
        """The round ``node``'s match is decided in, at the earliest."""
        if node.key not in memo:
            if node.match.decided:
                memo[node.key] = round_no - 1
            elif node.ready:
                memo[node.key] = round_no
            else:
                memo[node.key] = 1 + max((last(now.nodes[feed[1]]) for feed in node.feeds if feed[0] != double.SEED),
                                         default=round_no - 1)
        return memo[node.key]

    total = max(last(now.reset if now.reset is not None else now.final), round_no)
    playing = [g for g in games if g.round == round_no]
    names: list[str] = []
    for node in double.nodes_in_order(now):
        match = node.match
        if not node.ready or match.decided or not any(match.covers(g) for g in playing):
            continue
        name = double.node_name(node.key, winners)
        if match.games:
            name = _("{stage} (replay)", stage=name)
        if name not in names:
            names.append(name)
    return total, " · ".join(names) or _("walkovers")
