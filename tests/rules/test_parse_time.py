"""No parser can be driven super-linear (issue 11.2): long adversarial inputs, bare parser, a generous time bound.

A guard, not a benchmark (the figures are in bench/parsers.py): linear parsers read 100,000 characters in tens of
milliseconds, while the quadratic layout-code expander this replaced took over a second for 6,000 digits.
"""

from __future__ import annotations

import contextlib
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import GAMES, RulesError
from rules.base import unguarded_parse
from tests.rules.adversarial import make, patterns, started

BOUND = 1.0  # seconds for one parse of up to 100,000 characters: about 30 times the slowest linear parse


STATES = {name: started(name) for name in GAMES}


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=25, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_long_inputs_parse_in_bounded_time(name: str, data: st.DataObject) -> None:
    game, state = GAMES[name], STATES[name]
    prefix, filler = data.draw(st.one_of(
        st.sampled_from(patterns(name)),
        st.tuples(st.sampled_from([p for p, _ in patterns(name)]), st.text("1aF/.-+ r٤w", min_size=1, max_size=4)),
    ), label="pattern")
    text = make(prefix, filler, data.draw(st.integers(20_000, 100_000), label="length"))
    seat = sorted(game.actors(state))[0]
    start = time.perf_counter()
    with contextlib.suppress(RulesError):
        unguarded_parse(game)(state, text, seat)
    took = time.perf_counter() - start
    assert took < BOUND, f"{name}: {prefix!r}+{filler!r}×{len(text)} took {took:.2f}s"
