"""Long adversarial inputs for every game's parser: a prefix that steers into one grammar rule, then a filler
repeated to any length. Shared by the linear-time guard (tests/rules/test_parse_time.py) and bench/parsers.py."""

from __future__ import annotations

import random

from rules import GAMES, State

COMMON: tuple[tuple[str, str], ...] = (("", "1"), ("", "a"), ("", " "), ("", "-"), ("", "\u0664"), ("", "ab1-"),
                                       ("", "'"))
PATTERNS: dict[str, tuple[tuple[str, str], ...]] = {
    "sinoda": (("c", "1"), ("first ", "1"), ("a1-c", "1"), ("", "a1-"), ("c4", "+")),
    "sakamichi": (("place white ", "1"), ("redraw w", "1"), ("stack black 4 ", "w1b3 "), ("stack black 4 ", "w1 / "),
                  ("exchange ", "w1"), ("choose ", "colour ")),
    "cintos": (("b", "1"), ("b2-b", "1"), ("", "b2 up "), ("b2", "u")),
    "bodsoi": (("place C-su-mo d", "1"), ("place ", "csumo"), ("", "p "), ("draw ", "c-su-")),
    "sanae": (("layout code ", "1"), ("layout code ", "1F"), ("layout code ", "F/"), ("layout code ", "99"),
              ("r", "1"), ("move r1.0", "1"), ("layout swap ", "r1.0"), ("layout preset ", "a-"), ("zed ", "r1")),
}


def started(name: str) -> State:
    """The game's first position where a player acts (chance resolved with a fixed seed): what parsers read."""
    game = GAMES[name]
    rng = random.Random(1)
    state = game.setup(game.player_counts[0])
    while game.chance_outcomes(state):
        state = game.apply(state, rng.choice(game.chance_outcomes(state))[0], None)
    return state


def patterns(game: str) -> tuple[tuple[str, str], ...]:
    return COMMON + PATTERNS[game]


def make(prefix: str, filler: str, length: int) -> str:
    """`prefix` then `filler` repeated to `length` characters in all (a trailing `+` closes Sinoda's `c…` cells)."""
    body = (filler * (length // max(1, len(filler)) + 1))[: max(0, length - len(prefix))]
    return prefix + body
