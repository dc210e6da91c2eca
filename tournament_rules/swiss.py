"""Swiss pairing by maximum-weight matching (networkx): no rematch, score groups, halves, first move, byes."""

from __future__ import annotations

from collections.abc import Sequence

from tournament_rules.history import ABSOLUTE, NONE, STRONG, Record, present, records, seat
from tournament_rules.model import Entrant, Game, TournamentSettings

EXACT = 40  # entrants present up to which one exact matching pairs the round
BLOCK = 16  # most entrants in one block (blossom's time per entrant grows fast past ~16)
BYE = "bye"  # the bye's node (entrant ids are ints)


def rounds(count: int) -> int:
    """⌈log2 n⌉ + 1 rounds by default."""
    return max(1, (count - 1).bit_length() + 1)


def pair(settings: TournamentSettings, entrants: Sequence[Entrant], games: Sequence[Game], round_no: int) -> list[Game]:
    """The tables of Swiss round ``round_no`` (points None), the bye last.

    The criteria, most important first (each outweighs all later ones together):
    0. nobody gets a second bye;  1. nobody meets an opponent again;
    2. no two entrants with the same *absolute* first-player preference meet (FIDE C3: it would give one of them a
       third first move in a row or a balance beyond ±2);
    3. score groups: the sum of the squared score differences of the pairs is as small as possible (in half
       points; the bye counts as a pair with the lowest score present), so few and short floats;
    4. first-player preferences granted (strong 2, mild 1 for each entrant who does not get its wish);
    5. nobody floats the same way twice running (down after down, up after up; the bye is a float down);
    6. top half against bottom half within a score group (the 1st of a group of m meets the (m/2+1)th …); a
       float goes from the bottom of its group to the top of the next; the bye to the lowest-ranked.
    Up to ``EXACT`` entrants present, one matching over everyone gives the exact optimum.  Larger events are
    paired block by block down the standings (a score group, or a slice of the top and the bottom half of a
    large one), the unpaired of a block floating to the next, because networkx's blossom algorithm is cubic; if
    the last block cannot be completed, blocks are merged from the bottom up until it can.
    """
    if round_no < 1:
        raise ValueError("Rounds are numbered from 1.")
    if any(g.round >= round_no for g in games):
        raise ValueError(f"Round {round_no} has already been paired.")
    recs = records(entrants, games, round_no)
    playing = sorted((r for r in recs.values() if present(r.entrant, round_no)), key=lambda r: r.rank)
    if len(playing) < 2:
        raise ValueError("Fewer than two entrants are still in: nothing to pair.")
    _rerank(playing)
    pairs, bye = _exact(playing, settings) if len(playing) <= EXACT else _by_blocks(playing, settings)
    pairs.sort(key=lambda p: min(p[0].rank, p[1].rank))
    out: list[Game] = []
    for board, (a, b) in enumerate(pairs):
        first, second = seat(a, b, board, settings.first_player)
        out.append(Game(round_no, (first.id, second.id), None))
    if bye is not None:
        out.append(Game(round_no, (bye.id,), (settings.bye_points,), played=False))
    return out


def _rerank(playing: list[Record]) -> None:
    """Ranks among those present (dropped entrants leave no gaps), and each one's place in its score group."""
    for i, rec in enumerate(playing):
        rec.rank = i
    groups: dict[float, list[Record]] = {}
    for rec in playing:
        groups.setdefault(rec.score, []).append(rec)
    for group in groups.values():
        for i, rec in enumerate(group):
            rec.group_pos = i
            rec.group_size = len(group)
            rec.wish = rec.preference()


class _Weights:
    """Integer edge weights that encode the criteria lexicographically (networkx is exact on integers)."""

    def __init__(self, playing: Sequence[Record], settings: TournamentSettings) -> None:
        n = len(playing) + 1
        self.colours = settings.first_player
        self.low = min(r.score for r in playing)
        top = max(r.score for r in playing)
        pairs = n // 2 + 1
        bounds = [1, 1, 1, 4 * int(2 * (top - self.low) + 1) ** 2, 4, 2, 2 * n * n]  # per-edge cost bound per level
        self.scale = [1] * len(bounds)
        for level in range(len(bounds) - 2, -1, -1):
            self.scale[level] = self.scale[level + 1] * (bounds[level + 1] * pairs + 1)
        self.ceiling = self.scale[0] * (bounds[0] * pairs + 1) * 4

    def cost(self, a: Record, b: Record) -> list[int]:
        hi, lo = (a, b) if a.rank < b.rank else (b, a)
        want_a, str_a = a.wish if self.colours else (None, NONE)
        want_b, str_b = b.wish if self.colours else (None, NONE)
        same = want_a is not None and want_a == want_b
        absolute = int(same and str_a == ABSOLUTE and str_b == ABSOLUTE)
        unmet = min(_weight(str_a), _weight(str_b)) if same else 0
        diff = round(2 * (hi.score - lo.score))
        if hi.score == lo.score:
            halves = (abs(hi.group_pos - lo.group_pos) - hi.group_size // 2) ** 2
        else:  # a float: from the bottom of the higher group to the top of the lower
            halves = (hi.group_size - 1 - hi.group_pos) + lo.group_pos
        again = int(hi.score != lo.score) * (int(hi.floated == -1) + int(lo.floated == 1))
        return [0, int(b.id in a.met), absolute, diff * diff, unmet, again, halves]

    def bye_cost(self, a: Record, count: int) -> list[int]:
        diff = round(2 * (a.score - self.low))
        return [int(a.byes > 0), 0, 0, diff * diff, 0, int(a.floated == -1), count - 1 - a.rank]

    def weight(self, cost: list[int], bonus: int = 0) -> int:
        return self.ceiling - sum(c * s for c, s in zip(cost, self.scale, strict=True)) + bonus


def _weight(strength: int) -> int:
    return 2 if strength >= STRONG else 1


def _exact(playing: list[Record], settings: TournamentSettings) -> tuple[list[tuple[Record, Record]], Record | None]:
    """One maximum-weight perfect matching over everyone present (plus the bye's node when the count is odd)."""
    import networkx as nx  # here, not at the top: every process that draws or plays imports this package, few pair

    w = _Weights(playing, settings)
    graph = nx.Graph()
    for i, a in enumerate(playing):
        for b in playing[i + 1:]:
            graph.add_edge(a.id, b.id, weight=w.weight(w.cost(a, b)))
        if len(playing) % 2:
            graph.add_edge(a.id, BYE, weight=w.weight(w.bye_cost(a, len(playing))))
    by_id = {r.id: r for r in playing}
    pairs: list[tuple[Record, Record]] = []
    bye = None
    for x, y in nx.max_weight_matching(graph, maxcardinality=True):
        if BYE in (x, y):
            bye = by_id[x if y == BYE else y]
        else:
            pairs.append((by_id[x], by_id[y]))
    return pairs, bye


def _blocks(playing: list[Record]) -> list[list[Record]]:
    """Score groups down the standings; a group larger than BLOCK is cut into slices that each take the same
    stretch of its top half and of its bottom half, so that 1 still meets m/2+1."""
    groups: list[list[Record]] = []
    for rec in playing:
        if groups and groups[-1][0].score == rec.score:
            groups[-1].append(rec)
        else:
            groups.append([rec])
    blocks: list[list[Record]] = []
    for group in groups:
        if len(group) <= BLOCK:
            blocks.append(group)
            continue
        half = len(group) // 2
        step = BLOCK // 2
        for start in range(0, half, step):
            blocks.append(group[start:min(start + step, half)] + group[half + start:half + min(start + step, half)])
        if len(group) % 2:
            blocks[-1].append(group[-1])
    return blocks


def _by_blocks(playing: list[Record],
               settings: TournamentSettings) -> tuple[list[tuple[Record, Record]], Record | None]:
    """Block by block down the standings, with the bye given first to the lowest-ranked entrant without one."""
    bye = None
    rest = playing
    if len(playing) % 2:
        eligible = [r for r in playing if r.byes == 0] or playing
        bye = max(eligible, key=lambda r: (-r.score, r.rank))
        rest = [r for r in playing if r is not bye]
    w = _Weights(rest, settings)
    blocks = _blocks(rest)
    halves_only = True
    while True:
        pairs, left = _pipeline(blocks, w, halves_only)
        if not left:
            return pairs, bye
        if len(blocks) == 1:
            # every block merged and still incomplete: rematches cannot be avoided; pair everyone exactly
            return _exact(playing, settings)
        blocks = [*blocks[:-2], blocks[-2] + blocks[-1]]
        halves_only = False


def _pipeline(blocks: list[list[Record]], w: _Weights,
              halves_only: bool) -> tuple[list[tuple[Record, Record]], list[Record]]:
    """Pair block after block; with ``halves_only``, a slice of a large score group is paired only top half
    against bottom half (which its weights want anyway): half the edges, twice the speed."""
    import networkx as nx  # imported where it is used, as in `_exact`

    pairs: list[tuple[Record, Record]] = []
    carry: list[Record] = []
    for block in blocks:
        half = len(block) // 2
        if not carry and len(block) % 2 == 0 and block[0].score == block[-1].score:
            canonical = list(zip(block[:half], block[half:], strict=True))
            if not any(any(w.cost(x, y)) for x, y in canonical):
                pairs.extend(canonical)  # 1 v m/2+1 … with nothing to improve: the optimum, without a matching
                continue
        members = carry + block
        floaters = {r.id for r in carry}
        graph = nx.Graph()
        graph.add_nodes_from(r.id for r in members)
        # the floaters that came down are paired first; of the rest, the lowest-ranked is left to float on
        bonus = {r.id: w.scale[2] * (r.id in floaters) + len(members) - i for i, r in enumerate(members)}
        for i, a in enumerate(members):
            for b in members[i + 1:]:
                if b.id in a.met:
                    continue  # no rematch here; the unpaired float on (or the blocks merge)
                if halves_only and _same_half(a, b) and a.id not in floaters and b.id not in floaters:
                    continue
                graph.add_edge(a.id, b.id, weight=w.weight(w.cost(a, b), bonus[a.id] + bonus[b.id]))
        by_id = {r.id: r for r in members}
        matched: set[int] = set()
        for x, y in nx.max_weight_matching(graph, maxcardinality=True):
            pairs.append((by_id[x], by_id[y]))
            matched.update((x, y))
        carry = [r for r in members if r.id not in matched]
    return pairs, carry


def _same_half(a: Record, b: Record) -> bool:
    """Both in the same half of one score group too large for one block."""
    size = a.group_size
    return (size > BLOCK and a.score == b.score
            and (a.group_pos < size // 2) == (b.group_pos < size // 2))
