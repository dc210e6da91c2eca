"""The verifiable-dice stream (`matches.dice`): pure, deterministic, exact; and the offline check (`matches.verify`)."""

from __future__ import annotations

import hashlib
import hmac
import itertools
from collections import Counter

import pytest

from matches import dice
from matches.verify import verify_log
from rules import GAMES
from rules.replay import replay, steps

SEED = bytes(range(32))


def test_blocks_are_the_documented_hmac_and_deterministic() -> None:
    stream = dice.Stream(SEED, 5, 3)
    first, second = stream.block(), stream.block()
    expect = [int.from_bytes(hmac.new(SEED, f"tabletop-chance:5:3:{k}".encode(), hashlib.sha256).digest(), "big")
              for k in (0, 1)]
    assert [first, second] == expect and stream.blocks == 2
    assert dice.Stream(SEED, 5, 3).block() == first  # same seed, match and line: same block
    assert dice.Stream(SEED, 5, 4).block() != first and dice.Stream(SEED, 6, 3).block() != first
    assert dice.commitment(SEED) == hashlib.sha256(SEED).hexdigest()


def test_pick_is_the_documented_procedure() -> None:
    # 1/6 each: weights 1 each, total 6; line 3 of match 5 reads block 0 (rejection is ~2**-253 likely here).
    block = int.from_bytes(hmac.new(SEED, b"tabletop-chance:5:3:0", hashlib.sha256).digest(), "big")
    assert dice.pick([1 / 6] * 6, SEED, 5, 3) == block % 6
    assert dice.weights([1 / 3, 2 / 3]) == [1, 2]
    assert dice.weights([3 / 10, 7 / 10]) == [3, 7]
    assert dice.weights([1 / 30] * 30) == [1] * 30


def test_rejection_sampling_stays_in_bounds_and_rejects() -> None:
    for bound in (1, 2, 3, 6, 7, 36, 1000, 2**64 + 13):
        stream = dice.Stream(SEED, 1, bound % 97)
        assert all(0 <= stream.below(bound) < bound for _ in range(200))
    # Just over half the block range: about half the blocks are rejected, and no value reaches the bound.
    bound = 2**255 + 1
    stream = dice.Stream(SEED, 2, 0)
    values = [stream.below(bound) for _ in range(200)]
    assert all(0 <= v < bound for v in values)
    assert stream.blocks > 300  # rejections happened (expected ~400 blocks for 200 draws)
    with pytest.raises(ValueError):
        dice.Stream(SEED, 1, 1).below(0)


def test_distribution_is_sane_with_a_fixed_seed() -> None:
    counts = Counter(dice.pick([1 / 6] * 6, SEED, 9, n) for n in range(1, 6001))
    assert set(counts) == set(range(6)) and all(850 <= c <= 1150 for c in counts.values()), counts
    weighted = Counter(dice.pick([0.1, 0.9], SEED, 10, n) for n in range(1, 5001))
    assert 400 <= weighted[0] <= 600, weighted


def test_seat_order_is_a_permutation_covering_every_order() -> None:
    orders = {tuple(dice.seat_order(3, SEED, match_id)) for match_id in range(1, 200)}
    assert orders == set(itertools.permutations(range(3)))
    assert dice.seat_order(4, SEED, 7) == dice.seat_order(4, SEED, 7)
    line = dice.seat_line([2, 0, 1])
    assert line == "seats 2 0 1" and dice.parse_seat_line(line) == [2, 0, 1]
    assert dice.parse_seat_line("seats 1 1") is None and dice.parse_seat_line("first 1") is None


def test_replay_skips_a_seat_draw_line_and_old_logs_still_replay() -> None:
    game = GAMES["sinoda"]
    log = [(None, "first 1")]
    assert replay(game, 2, {}, [(None, "seats 1 0"), *log]) == replay(game, 2, {}, log)
    assert len(list(steps(game, 2, {}, [(None, "seats 1 0"), *log]))) == 1


def test_verify_log_names_the_first_line_that_disagrees() -> None:
    game = GAMES["sinoda"]
    state = game.setup(2, {})
    chances = game.chance_outcomes(state)
    drawn = game.notation(state, chances[dice.pick([p for _, p in chances], SEED, 4, 1)][0])
    other = next(game.notation(state, a) for a, _ in chances if game.notation(state, a) != drawn)
    seats = dice.seat_line(dice.seat_order(2, SEED, 4))
    good = verify_log(game, 2, {}, 4, SEED.hex(), dice.commitment(SEED), [(1, None, drawn)], seats)
    assert good.ok and good.checked == 2
    bad = verify_log(game, 2, {}, 4, SEED.hex(), dice.commitment(SEED), [(1, None, other)], seats)
    assert not bad.ok and bad.line == 1 and bad.expected == drawn and "Line 1" in bad.summary()
    swapped = "seats " + " ".join(reversed(seats.split()[1:]))
    wrong_seats = verify_log(game, 2, {}, 4, SEED.hex(), dice.commitment(SEED), [(1, None, drawn)], swapped)
    assert not wrong_seats.ok and wrong_seats.line == 0
    other_seed = bytes(32)
    assert "commitment" in verify_log(game, 2, {}, 4, other_seed.hex(), dice.commitment(SEED),
                                      [(1, None, drawn)], seats).summary()


def test_a_bound_above_2_256_is_refused_not_looped_on() -> None:
    """Rejection sampling from one 256-bit block cannot serve a larger bound (every block would be rejected)."""
    import threading

    outcome: list[BaseException | int] = []

    def draw() -> None:
        try:
            outcome.append(dice.Stream(SEED, 1, 1).below(2**256 + 1))
        except BaseException as exc:
            outcome.append(exc)

    worker = threading.Thread(target=draw, daemon=True)
    worker.start()
    worker.join(5)
    assert not worker.is_alive(), "below(2**256 + 1) did not return (it loops forever)"
    assert isinstance(outcome[0], ValueError) and "2**256" in str(outcome[0])
    assert 0 <= dice.Stream(SEED, 1, 1).below(2**256) < 2**256  # the largest bound still works


def test_a_probability_below_the_resolution_is_refused() -> None:
    """A probability that the 10**6 denominators would round to 0 must not become an impossible outcome."""
    with pytest.raises(ValueError, match="resolution"):
        dice.weights([4e-7, 1 - 4e-7])
    with pytest.raises(ValueError, match="resolution"):
        dice.pick([0.5, 0.5 - 1e-7, 1e-7], SEED, 1, 1)
    assert dice.weights([1e-6, 1 - 1e-6]) == [1, 999_999]  # at the resolution: kept
    assert dice.weights([0.0, 1.0]) == [0, 1]  # an explicit 0 is the game's own
