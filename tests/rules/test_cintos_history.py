"""Cintos repetition history as counts of 64-bit position hashes (issue 14): kept by XORs, small in the JSON, and
snapshots written before it (65-character positions) still load."""

from __future__ import annotations

import json
import random

import pytest

from rules.cintos import GAME, CintosState
from rules.cintos.state import position_hash

# A snapshot as the engine wrote it before issue 14 (setup, then a8-b8 h1-g1 b8-a8 g1-h1): matches stored today.
OLD_SNAPSHOT = json.loads(
    '{"position": "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B R-B- R 4 RB 4", "history": ['
    '"....B..B.....BB......BB.....B..BR..R.....RR......RR.....R..R....R", '
    '"....B..B.....BB......BB.....B..BR..R.....RR......RR......R.R....B", '
    '"....B.B......BB......BB.....B..BR..R.....RR......RR......R.R....R", '
    '"....B.B......BB......BB.....B..BR..R.....RR......RR.....R..R....B", '
    '"....B..B.....BB......BB.....B..BR..R.....RR......RR.....R..R....R"], '
    '"last": {"seat": 1, "kind": "move", "from": "g1", "to": "h1", "captured": [], "rule": null, "eliminated": []}}')


def play(state: CintosState, *moves: str) -> CintosState:
    for text in moves:
        (seat,) = GAME.actors(state)
        state = GAME.apply(state, GAME.parse(state, text, seat), seat)
    return state


def random_game(seed: int, turns: int, options: dict[str, str] | None = None) -> tuple[list[CintosState], int]:
    """The states of a seeded random 2-player game of at most `turns` turns, and how many turns had a capture."""
    rng, state = random.Random(seed), GAME.setup(2, options)
    states, captures = [state], 0
    while GAME.outcome(state) is None and len(states) <= turns:
        (seat,) = GAME.actors(state)
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state, seat)), seat)
        states.append(state)
        captures += bool(state.last is not None and state.last.captured)
    return states, captures


def test_the_hash_kept_by_xors_is_the_hash_of_the_position() -> None:
    """Every move's hash, made from the one before by the keys that changed, equals the hash made from scratch."""
    total = 0
    for seed in range(4):
        states, captures = random_game(seed, 400, {"quiet-limit": "off", "turn-limit": "off"})
        total += captures
        for state in states:
            if GAME.outcome(state) is None:
                assert state.history.last == position_hash(state.board, state.to_move)
                assert state.history.count(state.history.last) in (1, 2)
        assert len(states[-1].history) == len(states) - (GAME.outcome(states[-1]) is not None)
    assert total > 50  # captures (and the colour changes they hash) were exercised


def test_an_old_snapshot_loads_and_its_history_still_counts() -> None:
    old = GAME.from_json(OLD_SNAPSHOT)
    moves = ("a8-b8", "h1-g1", "b8-a8", "g1-h1")
    assert old == play(GAME.setup(2), *moves) and len(old.history) == 5 and old.history.last is not None
    assert old.history.count(old.history.last) == 2
    assert GAME.to_json(old)["history"] == GAME.to_json(play(GAME.setup(2), *moves))["history"]
    assert all(len(entry) == 16 for entry in GAME.to_json(old)["history"])
    drawn = play(old, *moves)  # the start position (twice in the old history) a third time
    outcome = GAME.outcome(drawn)
    assert outcome is not None and "repetition" in outcome.reason
    assert GAME.outcome(play(old, *moves[:3])) is None


@pytest.mark.parametrize("history", [
    "....B..B", ["x" * 65], ["....B..B" * 8 + "Q"], ["Z" + "." * 63 + "R"], ["0123456789ABCDEF"], ["0123456789abcde"],
    [5], [None], ["....B..B" * 8],
])
def test_a_malformed_history_is_refused(history: object) -> None:
    with pytest.raises(ValueError, match="history"):
        GAME.from_json(OLD_SNAPSHOT | {"history": history})


def test_a_long_game_stores_20_bytes_a_turn_not_69() -> None:
    """A 600-turn game's snapshot: 12,248 bytes, 20 a turn (a 16-hex-digit hash with its quotes and separator);
    it was 41,697, 69 a turn, when the history held each position as 65 characters."""
    states, _ = random_game(7, 600, {"quiet-limit": "off", "turn-limit": "off"})
    final = states[-1]
    assert final.turns == 600 and GAME.outcome(final) is None and len(final.history) == 601
    data = GAME.to_json(final)
    old = data | {"history": [state.board + state.to_move for state in states]}  # the snapshot as written before
    new_size, old_size = len(json.dumps(data)), len(json.dumps(old))
    assert new_size == 12_248 and old_size == 41_697 and (new_size - len(json.dumps(data | {"history": []}))) \
        == 20 * 601 - 2
    assert GAME.from_json(json.loads(json.dumps(data))) == final == GAME.from_json(json.loads(json.dumps(old)))
