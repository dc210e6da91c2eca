"""Round robin (single and double) by Berger tables: every pair meets once per cycle, colours alternate."""

from __future__ import annotations

from collections.abc import Sequence

from tournament_rules.model import Entrant, Game, TournamentSettings


def berger_table(n: int) -> list[list[tuple[int, int]]]:
    """The rounds of a Berger table for ``n`` entrants: (first, second) 0-based index pairs, a bye as -1.

    FIDE's tables: with an even count m (an odd count adds a dummy, the bye), the last entrant sits against
    the others in turn; entrants i and j (both below m) meet in the round r with i + j ≡ r (mod m - 1),
    counted 1-based.  The colour rule that makes everyone alternate: of i < j, the lower moves first when
    j - i is odd, the higher when it is even; the last entrant moves second in odd rounds, first in even.
    """
    if n < 2:
        raise ValueError("A round robin needs at least two entrants.")
    m = n + n % 2
    k = m - 1  # rounds
    table: list[list[tuple[int, int]]] = []
    for r in range(1, k + 1):
        pairs: list[tuple[int, int]] = []
        # players 1..k (1-based) pair by sum ≡ r + 1 (mod k); the one paired with itself meets player m
        for i in range(1, k + 1):
            j = (r + 1 - i) % k or k
            if j == i:
                pairs.append((i, m) if r % 2 == 1 else (m, i))
            elif i < j:
                pairs.append((i, j) if (j - i) % 2 == 1 else (j, i))
        # list the last entrant's table first, then the others by first mover, as printed tables do
        pairs.sort(key=lambda p: (m not in p, min(p)))
        table.append([(_index(a, n), _index(b, n)) for a, b in _bye_last(pairs, n)])
    return table


def _bye_last(pairs: list[tuple[int, int]], n: int) -> list[tuple[int, int]]:
    # the dummy (number n + 1 for an odd n) is the bye: the real entrant is listed first
    return [(b, a) if a == n + 1 else (a, b) for a, b in pairs]


def _index(one_based: int, n: int) -> int:
    return -1 if one_based > n else one_based - 1


def rounds(settings: TournamentSettings, count: int) -> int:
    cycle = count - 1 + count % 2
    return cycle * (2 if settings.format == "double-roundrobin" else 1)


def pair(settings: TournamentSettings, entrants: Sequence[Entrant], round_no: int) -> list[Game]:
    """Round ``round_no`` of the table, entrants numbered by seed; the second cycle swaps the seats."""
    order = sorted(entrants, key=lambda e: e.seed)
    table = berger_table(len(order))
    cycle = len(table)
    if not 1 <= round_no <= rounds(settings, len(order)):
        raise ValueError(f"This round robin has {rounds(settings, len(order))} rounds, not {round_no}.")
    second_cycle = round_no > cycle
    games: list[Game] = []
    for a, b in table[(round_no - 1) % cycle]:
        first, second = (b, a) if second_cycle and b >= 0 else (a, b)
        present = [order[x] for x in (first, second) if x >= 0 and _present(order[x], round_no)]
        if len(present) == 2:
            games.append(Game(round_no, (present[0].id, present[1].id), None))
        elif len(present) == 1:
            # a bye, or the opponent has dropped: the entrant left scores the bye
            games.append(Game(round_no, (present[0].id,), (settings.bye_points,), played=False))
    return games


def _present(entrant: Entrant, round_no: int) -> bool:
    return entrant.dropped_after is None or entrant.dropped_after >= round_no
