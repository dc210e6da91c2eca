"""Double elimination for two-entrant games: a winners' bracket seeded as single elimination, a losers' bracket that
its losers drop into, and a grand final between the two brackets' winners with an optional reset.

Each event round plays every bracket match whose two entrants are known (so the losers' bracket runs beside the
winners'): with 2^k places, winners' round r is event round r, losers' round j event round j + 1, the grand final
event round 2k (its reset 2k + 1). A draw is replayed with the seats swapped (``TournamentSettings.replays``
times), then the better seed goes through, as in single elimination.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Final, Literal

from i18n import _, pgettext
from tournament_rules.elimination import Match, bracket, check_next, decide, match_box, next_game, seeded
from tournament_rules.model import Entrant, Game, TournamentSettings
from tournament_rules.views import Box, BracketView, Column, Section, Side, stage_names, stage_short

SEED: Final = "seed"
WINNER: Final = "winner"
LOSER: Final = "loser"
# Where a side of a match comes from: a seed (the entrant, None for a bye), or the winner or loser of a node (its key).
Feed = tuple[Literal["seed"], int | None] | tuple[Literal["winner", "loser"], str]


@dataclass
class Node:
    """One match of the double bracket and where its two sides come from."""

    key: str  # "W1·2" (winners' round 1, match 2), "L3·1", "GF", "GF2"
    feeds: tuple[Feed, Feed]
    match: Match = field(default_factory=lambda: Match(None, None))
    ready: bool = False  # both sides known


@dataclass
class Double:
    """The double bracket as the games so far have decided it."""

    winners: list[list[Node]]  # winners' rounds 1…k
    losers: list[list[Node]]  # losers' rounds 1…2k−2
    final: Node
    nodes: dict[str, Node]
    reset_on: bool = True  # a reset is played when the losers' side wins the grand final
    reset: Node | None = None  # the grand final's second match, once needed
    rank: dict[int, int] = field(default_factory=dict)

    def needs_reset(self) -> bool:
        """The losers' side won the grand final over the board or by forfeit; not by walkover (the winners' side had
        dropped: there is nobody left to play the reset)."""
        final = self.final.match
        walkover = bool(final.games) and final.games[-1].is_bye
        return self.reset_on and final.decided and final.a is not None and final.winner is not None \
            and final.winner == final.b and not walkover

    @property
    def done(self) -> bool:
        if self.reset is not None:
            return self.reset.match.decided
        return self.final.match.decided and not self.needs_reset()

    @property
    def champion(self) -> int | None:
        return (self.reset or self.final).match.winner if self.done else None


def _skeleton(count: int, order: list[int], reset: bool) -> Double:
    pairs = bracket(count)
    size = 2 * len(pairs)
    k = size.bit_length() - 1
    nodes: dict[str, Node] = {}

    def node(key: str, a: Feed, b: Feed) -> Node:
        nodes[key] = Node(key, (a, b))
        return nodes[key]

    winners = [[node(f"W1·{i + 1}", (SEED, order[a - 1]), (SEED, order[b - 1] if b is not None else None))
                for i, (a, b) in enumerate(pairs)]]
    for r in range(2, k + 1):
        before = winners[-1]
        winners.append([node(f"W{r}·{i + 1}", (WINNER, before[2 * i].key), (WINNER, before[2 * i + 1].key))
                        for i in range(len(before) // 2)])
    losers: list[list[Node]] = []
    if k >= 2:
        first = winners[0]
        losers.append([node(f"L1·{i + 1}", (LOSER, first[2 * i].key), (LOSER, first[2 * i + 1].key))
                       for i in range(len(first) // 2)])
        for j in range(1, k):
            dropping = winners[j]  # their losers come down, in reverse order (fewer immediate rematches)
            losers.append([node(f"L{2 * j}·{i + 1}", (WINNER, losers[-1][i].key),
                                (LOSER, dropping[len(dropping) - 1 - i].key)) for i in range(len(dropping))])
            if j < k - 1:
                before = losers[-1]
                losers.append([node(f"L{2 * j + 1}·{i + 1}", (WINNER, before[2 * i].key),
                                    (WINNER, before[2 * i + 1].key)) for i in range(len(before) // 2)])
    last_loser: Feed = (WINNER, losers[-1][0].key) if losers else (LOSER, winners[-1][0].key)
    final = node("GF", (WINNER, winners[-1][0].key), last_loser)
    return Double(winners, losers, final, nodes, reset)


def _value(double: Double, feed: Feed) -> tuple[bool, int | None]:
    """(known, entrant) of one side."""
    if feed[0] == SEED:
        return True, feed[1]
    kind, key = feed
    source = double.nodes[key].match
    if not source.decided:
        return False, None
    return True, source.winner if kind == WINNER else source.loser


def _settle(double: Double, settings: TournamentSettings, dropped: dict[int, int], round_no: int | None) -> None:
    """Fill in every side now known, decide byes (and, before ``round_no``, matches whose entrants have all
    dropped), and open the reset when the losers' side won the grand final; until nothing changes."""
    changed = True
    while changed:
        changed = False
        for node in nodes_in_order(double):
            match = node.match
            if not node.ready:
                (ka, a), (kb, b) = (_value(double, f) for f in node.feeds)
                if ka and kb:
                    node.ready, match.a, match.b = True, a, b
                    changed = True
            if not node.ready or match.decided:
                continue
            if match.a is None or match.b is None:
                match.winner = match.a if match.b is None else match.b
                match.loser, match.decided, changed = None, True, True
            elif round_no is not None and not match.games and all(
                    dropped.get(e, round_no) < round_no for e in (match.a, match.b)):
                match.winner, match.loser, match.decided, changed = None, None, True, True
        if double.needs_reset() and double.reset is None:
            final = double.final.match
            double.reset = Node("GF2", ((WINNER, "GF"), (LOSER, "GF")))
            double.reset.match = Match(final.a, final.b)
            double.reset.ready = True
            double.nodes["GF2"] = double.reset
            changed = True


def nodes_in_order(double: Double) -> list[Node]:
    return [n for stage in double.winners for n in stage] + [n for stage in double.losers for n in stage] + \
        [double.final] + ([double.reset] if double.reset is not None else [])


def state(settings: TournamentSettings, entrants: Sequence[Entrant], games: Sequence[Game],
          round_no: int | None = None) -> Double:
    """Replay the games (in round order) through the double bracket; with ``round_no`` (the round about to be
    paired), matches whose entrants have all dropped before it are decided with nobody going through."""
    order = seeded(entrants)
    if len(order) < 2:
        raise ValueError("A bracket needs at least two entrants.")
    double = _skeleton(len(order), [e.id for e in order], settings.reset)
    double.rank = {e.id: i + 1 for i, e in enumerate(order)}
    dropped = {e.id: e.dropped_after for e in entrants if e.dropped_after is not None}
    for r in sorted({g.round for g in games}):
        _settle(double, settings, dropped, r)
        for game in (g for g in games if g.round == r):
            node = next((n for n in nodes_in_order(double) if n.ready and not n.match.decided and n.match.covers(game)),
                        None)
            if node is None:
                raise ValueError(f"Round {r}: {game.entrants} is not a pairing of this bracket.")
            node.match.games.append(game)
        for node in nodes_in_order(double):
            if node.ready:
                decide(node.match, settings, double.rank)
    _settle(double, settings, dropped, round_no)
    return double


def pair(settings: TournamentSettings, entrants: Sequence[Entrant], games: Sequence[Game], round_no: int) -> list[Game]:
    """Every match of the double bracket ready to be played: replays of draws (seats swapped), else the better
    seed first; an entrant whose opponent has dropped gets a walkover (a bye)."""
    check_next(games, round_no)
    now = state(settings, entrants, games, round_no)
    if now.done:
        raise ValueError("The bracket is decided: there is no next round.")
    present = {e.id for e in entrants if e.dropped_after is None or e.dropped_after >= round_no}
    games_now = [next_game(settings, n.match, now.rank, present, round_no) for n in nodes_in_order(now)
                 if n.ready and not n.match.decided and n.match.a is not None and n.match.b is not None]
    return [g for g in games_now if g is not None]


def rounds(count: int) -> int:
    """Event rounds of a double bracket of ``count`` entrants, without replays or a reset."""
    size = 1
    while size < count:
        size *= 2
    return 2 * (size.bit_length() - 1)


def decided(settings: TournamentSettings, entrants: Sequence[Entrant], games: Sequence[Game]) -> bool:
    return state(settings, entrants, games).done


def places(settings: TournamentSettings, entrants: Sequence[Entrant], games: Sequence[Game]) -> dict[int, int]:
    """1 the champion, 2 the grand finalist, then by how late each was knocked out of the losers' bracket (3rd, 4th,
    5th–6th, 7th–8th …); entrants still in share the best place left."""
    now = state(settings, entrants, games)
    out_at: dict[int, int] = {}  # entrant -> how far it got before being knocked out (higher is further)
    for j, stage in enumerate(now.losers, start=1):
        for node in stage:
            if node.match.decided and node.match.loser is not None:
                out_at[node.match.loser] = j
    depth = len(now.losers) + 1
    if now.done:
        last = (now.reset or now.final).match
        if last.loser is not None:
            out_at[last.loser] = depth
    progress = {e.id: out_at.get(e.id, depth + 1) for e in entrants}
    return {e: 1 + sum(1 for other in progress.values() if other > mine) for e, mine in progress.items()}


def view(settings: TournamentSettings, entrants: Sequence[Entrant], games: Sequence[Game]) -> BracketView:
    """Both brackets for drawing: the grand final (and its reset) after the winners' final."""
    now = state(settings, entrants, games)
    names = winners_names(len(now.winners))
    bye = pgettext("bracket side", "bye")

    def waiting(feed: Feed) -> str:
        if feed[0] == SEED:
            return bye
        kind, key = feed
        where = _label(key, len(now.winners))
        return _("winner {match}", match=where) if kind == WINNER else _("loser {match}", match=where)

    def box(node: Node, feeds: tuple[int | None, int | None], label: str = "") -> Box:
        if node.ready:
            return match_box(node.match, node.match.a, node.match.b, now.rank, feeds, label)
        sides = []
        for feed in node.feeds:
            known, who = _value(now, feed)
            sides.append(Side(who, now.rank.get(who) if who is not None else None,
                              waiting="" if known and who is not None else bye if known else waiting(feed)))
        return Box(sides[0], sides[1], feeds, label)

    winners = [Column(names[r], tuple(box(n, (2 * i, 2 * i + 1) if r else (None, None)) for i, n in enumerate(stage)))
               for r, stage in enumerate(now.winners)]
    losers = []
    for j, stage in enumerate(now.losers, start=1):
        feeds: list[tuple[int | None, int | None]]
        if j == 1:
            feeds = [(None, None)] * len(stage)
        elif j % 2 == 0:
            feeds = [(i, None) for i in range(len(stage))]
        else:
            feeds = [(2 * i, 2 * i + 1) for i in range(len(stage))]
        losers.append(Column(_("Losers' round {n}", n=j), tuple(box(n, f) for n, f in zip(stage, feeds, strict=True))))
    finals = [replace(box(now.final, (0, None)), from_next_section=bool(now.losers))]
    if now.reset is not None:
        # Translators: the label over a double elimination's second grand final
        finals.append(box(now.reset, (None, None), pgettext("bracket label", "reset")))
    elif now.reset_on and not now.final.match.decided:
        finals.append(Box(Side(None, None, waiting=_("if needed")), Side(None, None, waiting=" "),
                          label=pgettext("bracket label", "reset")))
    winners.append(Column(_("Grand final"), tuple(finals)))
    sections = [Section(_("Winners' bracket"), tuple(winners))]
    if losers:
        sections.append(Section(_("Losers' bracket"), tuple(losers)))
    return BracketView(tuple(sections), now.champion)


def winners_names(stages: int) -> list[str]:
    """'Round 1' … 'Winners' semi-finals', 'Winners' final' (in the language being spoken)."""
    out = []
    for k, name in enumerate(stage_names(stages)):
        left = stages - k
        out.append(_("Winners' final") if left == 1 else _("Winners' semi-finals") if left == 2
                   else _("Winners' quarter-finals") if left == 3 else name)
    return out


def winners_short(stages: int, k: int) -> str:
    """Winners' round `k` (0-based) in a few letters: 'WF', 'WSF', 'WQF', 'R1'."""
    left = stages - k
    if left == 1:
        # Translators: short for "Winners' final", as in "loser WF·1"
        return pgettext("bracket short", "WF")
    if left == 2:
        # Translators: short for "Winners' semi-finals", as in "loser WSF·2"
        return pgettext("bracket short", "WSF")
    if left == 3:
        # Translators: short for "Winners' quarter-finals", as in "loser WQF·3"
        return pgettext("bracket short", "WQF")
    return stage_short(stages, k)


def node_name(key: str, winners: list[str]) -> str:
    """A match's stage in words: 'W2·1' -> "Winners' final" (``winners``: `winners_names`), 'L3·1' -> "Losers' round
    3", 'GF' -> 'Grand final', 'GF2' -> 'Grand final reset'."""
    stage = key.partition("·")[0]
    if stage == "GF":
        return _("Grand final")
    if stage == "GF2":
        return _("Grand final reset")
    if stage.startswith("W"):
        return winners[int(stage[1:]) - 1]
    return _("Losers' round {n}", n=int(stage[1:]))


def _label(key: str, stages: int) -> str:
    """'W2·1' -> 'WF·1' (the winners' stage's short name, of a winners' bracket of `stages` rounds), 'L3·1' ->
    'L3·1', 'GF' -> 'GF'."""
    stage, _sep, number = key.partition("·")
    if stage.startswith("W"):
        return f"{winners_short(stages, int(stage[1:]) - 1)}·{number}"
    return key
