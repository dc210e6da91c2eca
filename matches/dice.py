"""Verifiable dice: every chance outcome of a match drawn from an HMAC-SHA256 stream keyed by the match's secret seed.

Pure and deterministic (no clock, no I/O): the service draws with it, and `matches.verify` recomputes with it.

The procedure ("tabletop-chance-v1"):
1. At the start the service draws a 32-byte seed and publishes `commitment = SHA-256(seed)` (hex).
2. The draw for log line `n` of match `m` (line 0: the seat order at the start) reads blocks
   `B_k = HMAC-SHA256(key=seed, msg=f"tabletop-chance:{m}:{n}:{k}")` for k = 0, 1, 2, ... each as a 256-bit
   big-endian integer.
3. A uniform integer below `bound` (1 to 2**256) takes the next block `x`; if `x < 2**256 - 2**256 % bound` it is
   `x % bound`, else the block is rejected and the next one is read (so every value is exactly equally likely).
4. A chance outcome: the game lists its outcomes with probabilities `p_i` (in the game's order). Each `p_i` becomes
   the fraction `Fraction(p_i).limit_denominator(10**6)`; with `D` the least common multiple of their denominators,
   the weights are the integers `w_i = p_i * D`. With `u` uniform below `sum(w_i)`, the outcome is the first `i`
   with `w_0 + ... + w_i > u`. A positive probability whose fraction is 0 (below 5e-7) is refused, never drawn
   as impossible.
5. The seat order: the joined players in lobby order `0 .. N-1` are shuffled by Fisher-Yates — for i = N-1 down
   to 1, `j` = uniform below `i + 1`, swap positions i and j — and logged as line 0, `seats a b c`: game seat 0 is
   lobby seat a, and so on. A match seated in a fixed order (a tournament's pairing) draws nothing there and logs
   line 0 as `seats fixed`. Every match with a commitment has a line 0; a check without it fails.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from math import lcm

from rules.replay import SEAT_DRAW

PROCEDURE = "tabletop-chance-v1"
SEED_BYTES = 32
SEATS = SEAT_DRAW  # the first word of log line 0
SEATS_FIXED = f"{SEATS} fixed"  # line 0 of a match seated in a given order (a tournament's pairing): nothing drawn
_BLOCK_RANGE = 1 << 256
MAX_DENOMINATOR = 10**6


def commitment(seed: bytes) -> str:
    """What is published at the start: the seed's SHA-256, in hex."""
    return hashlib.sha256(seed).hexdigest()


class Stream:
    """The blocks for one log line of one match, read in order."""

    def __init__(self, seed: bytes, match_id: int, position: int) -> None:
        self._seed = seed
        self._prefix = f"tabletop-chance:{match_id}:{position}:"
        self.blocks = 0  # how many blocks were read (rejections included)

    def block(self) -> int:
        message = (self._prefix + str(self.blocks)).encode()
        self.blocks += 1
        return int.from_bytes(hmac.new(self._seed, message, hashlib.sha256).digest(), "big")

    def below(self, bound: int) -> int:
        """A uniform integer in [0, bound), by rejection sampling."""
        if bound < 1:
            raise ValueError(f"nothing to draw from (bound {bound})")
        if bound > _BLOCK_RANGE:  # the limit below would be 0 and every block rejected: it would never return
            raise ValueError(f"a bound above 2**256 cannot be drawn from one block (bound {bound})")
        limit = _BLOCK_RANGE - _BLOCK_RANGE % bound
        while True:
            x = self.block()
            if x < limit:
                return x % bound


def weights(probabilities: Sequence[float]) -> list[int]:
    """The game's probabilities as exact integer weights (step 4)."""
    return list(_weights(tuple(probabilities)))


@lru_cache(maxsize=4096)
def _fraction(p: float) -> Fraction:
    return Fraction(p).limit_denominator(MAX_DENOMINATOR)


@lru_cache(maxsize=1024)  # the same few distributions recur (a die, a bag of a given make-up)
def _weights(probabilities: tuple[float, ...]) -> tuple[int, ...]:
    fractions = [_fraction(p) for p in probabilities]
    if not fractions or any(f < 0 for f in fractions) or sum(fractions) <= 0:
        raise ValueError(f"not a distribution: {list(probabilities)}")
    lost = [p for p, f in zip(probabilities, fractions, strict=True) if p > 0 and f == 0]
    if lost:  # it would be drawn as impossible: refuse rather than quietly change the game's odds
        raise ValueError(f"probability {lost[0]!r} is below the dice's resolution (1/{MAX_DENOMINATOR}, "
                         "rounded to 0): it cannot be drawn faithfully")
    common = lcm(*(f.denominator for f in fractions))
    return tuple(int(f * common) for f in fractions)


def pick(probabilities: Sequence[float], seed: bytes, match_id: int, position: int) -> int:
    """The index of the chance outcome drawn for log line `position`."""
    w = weights(probabilities)
    u = Stream(seed, match_id, position).below(sum(w))
    for i, weight in enumerate(w):
        u -= weight
        if u < 0:
            return i
    raise AssertionError("unreachable: u < sum(w)")


def seat_order(players: int, seed: bytes, match_id: int) -> list[int]:
    """The lobby seats in game-seat order (step 5), drawn at position 0."""
    order = list(range(players))
    stream = Stream(seed, match_id, 0)
    for i in range(players - 1, 0, -1):
        j = stream.below(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def seat_line(order: Sequence[int]) -> str:
    return " ".join([SEATS, *(str(i) for i in order)])


def parse_seat_line(text: str) -> list[int] | None:
    """The order in a `seats a b c` line; None if the text is not one."""
    words = text.split()
    if len(words) < 2 or words[0] != SEATS or not all(w.isdigit() for w in words[1:]):
        return None
    order = [int(w) for w in words[1:]]
    return order if sorted(order) == list(range(len(order))) else None
