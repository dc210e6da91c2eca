"""Sinoda's fast engine against plain recounts: carried facts, the end test decided per action, the checked apply
path, and seeded games of every configuration whose text (notation, position, JSON, outcome) must never change."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from rules import RESIGN
from rules.base import Configuration
from rules.sinoda import GAME, Change, Move, SinodaState
from rules.sinoda import moves as sinoda_moves
from rules.sinoda.state import facts


def games(config: Configuration, seed: int) -> Iterator[tuple[SinodaState, object, int | None, SinodaState]]:
    """(before, action, seat, after) along one seeded random game; resigns now and then."""
    rng = random.Random(seed)
    state = GAME.setup(config.players, config.options)
    while GAME.outcome(state) is None:
        chances = GAME.chance_outcomes(state)
        if chances:
            action, seat = rng.choice(chances)[0], None
        else:
            seat = rng.choice(sorted(GAME.actors(state)))
            action = RESIGN if rng.random() < 0.002 else rng.choice(GAME.legal_actions(state, seat))
        after = GAME.apply(state, action, seat)
        yield state, action, seat, after
        state = after


def recount(state: SinodaState) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """Occupancy, per-seat piece masks and value sums counted from the cells."""
    masks, sums = [0] * state.players, [0] * state.players
    for i, piece in enumerate(state.cells):
        if piece is not None:
            masks[piece[0]] |= 1 << i
            sums[piece[0]] += piece[1]
    occupied = 0
    for mask in masks:
        occupied |= mask
    return occupied, tuple(masks), tuple(sums)


CONFIGS = GAME.configurations()


@pytest.mark.parametrize("config", CONFIGS, ids=[f"{c.players}p-{c.options}" for c in CONFIGS])
def test_carried_facts_and_outcome_equal_a_recount_at_every_step(config: Configuration) -> None:
    steps = 0
    for seed in range(3):
        for _, _, _, after in games(config, seed):
            assert tuple(facts(after)) == recount(after)
            fresh = replace(after)  # built by __init__: no carried facts, no remembered outcome
            assert "_facts" not in fresh.__dict__ and "_outcome" not in fresh.__dict__
            assert GAME.outcome(after) == GAME.outcome(fresh)
            assert tuple(facts(fresh)) == recount(after)
            steps += 1
    assert steps > 50


@pytest.mark.parametrize("config", CONFIGS, ids=[f"{c.players}p-{c.options}" for c in CONFIGS])
def test_every_legal_action_equals_the_checked_path(config: Configuration) -> None:
    """The fast apply and the step-by-step one (which gives the refusals) agree on every legal action."""
    checked = 0
    for before, _, seat, _ in games(config, 7):
        if seat is None or checked > 3000:
            continue
        for action in GAME.legal_actions(before, seat):
            fast = GAME.apply(before, action, seat)
            plain = sinoda_moves._checked_play(replace(before), action, seat)
            assert fast == plain and fast.last == plain.last and GAME.to_json(fast) == GAME.to_json(plain)
            assert GAME.outcome(fast) == GAME.outcome(plain)
            checked += 1
    assert checked > 100


def test_fast_apply_refuses_like_the_checked_path() -> None:
    """Actions that are not legal fall through to the checked path: same refusal, state unchanged."""
    state = next(after for _, _, seat, after in games(Configuration(4, {"teams": "2x2"}), 3)
                 if seat is not None and after.actions > 40 and GAME.outcome(after) is None)
    seat = state.turn
    assert seat is not None
    labels = state.board.labels
    legal = set(GAME.legal_actions(state, seat))
    tried = 0
    for a in labels:
        for action in [Change(a, 1), Change(a, -1), *(Move(a, b) for b in labels)]:
            if action in legal:
                continue
            with pytest.raises(ValueError) as fast:
                GAME.apply(state, action, seat)
            with pytest.raises(ValueError) as plain:
                sinoda_moves._checked_play(replace(state), action, seat)  # type: ignore[arg-type]  # a wrong kind on purpose
            assert str(fast.value) == str(plain.value) and fast.value.code == plain.value.code  # type: ignore[attr-defined]
            tried += 1
    assert tried > 1000


def trace_digest(config: Configuration, seed: int) -> str:
    """sha256 of every action's notation and description and every position, JSON and outcome of one game."""
    lines = []
    for before, action, _, after in games(config, seed):
        result = GAME.outcome(after)
        lines.append("|".join([GAME.notation(before, action), GAME.describe(before, action, after),
                               GAME.position(after), json.dumps(GAME.to_json(after), sort_keys=True),
                               json.dumps(None if result is None else result.to_json(), sort_keys=True)]))
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


# Recorded from the engine before issue 13's speed-ups (commit b35758e); the text is a contract.
DIGESTS: dict[str, str] = {
    "2 []": "0175f89df7094507b6d33aa55cab57e978ac130337ce5109f90bdab8477d4157",
    "3 []": "f75960bfa759d4276c745ccac6e2fbee9637a1d9ea71b6b46164284ba5f1da6a",
    "4 []": "30cb9e22710fb86bffa0b6b1c82f57440be4accd5a85d7632513d1e14970ec60",
    "6 []": "0d06d07fbe0bba2f7a316e2a6b4e7f4f06af01b8837ca97d23b8f1a84c10be26",
    "4 [('teams', '2x2')]": "52fcf93aebde527b80a58858b131b9f559ffb4afa2c368c5fb6358eb5a5d3724",
    "6 [('teams', '2x3')]": "813e3538e1762ad834d55a34a717513d624592ad87c1347c889e59552ce6bbef",
    "6 [('teams', '3x2')]": "67b3a194aba9301122f79fbc8f35b14e093b9b0218214400afda421ac2013fb5",
    "2 [('sinoda-win', 'off')]": "c36b4f9e628fe50f93b04a352a79da969bfceefcffd1f376320c82b64fde2ea1",
    "3 [('round-limit', '10')]": "07daa0d9b1bab538f7d3497fcf0f5e619d25f2d4efeedfce3ed1556fe80210a5",
    "2 [('round-limit', 'off')]": "4047677cfa8d34e0f52223d7dab7b9c55e82d30f37217e516cb53f9ab8cebaf2",
}


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=[f"{c.players}p-{c.options}" for c in CONFIGS])
def test_seeded_games_give_the_recorded_text(index: int) -> None:
    config = CONFIGS[index]
    key = f"{config.players} {sorted(config.options.items())}"
    assert trace_digest(config, 1000 + index) == DIGESTS[key]
