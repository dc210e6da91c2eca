"""One generic suite over every game in `rules.GAMES`: seeded random playouts of every configuration to the end."""

from __future__ import annotations

import json
import math
import random

import pytest

from rules import GAMES, RESIGN, Configuration, Game, IllegalAction
from rules.outcomes import result_words

VIEW_KEYS = {"game", "players", "seat_names", "actors", "turn", "scores", "outcome", "last"}
MAX_STEPS = 6000
SEEDS = (1, 2)

def case_id(name: str, config: Configuration, seed: int) -> str:
    options = "-".join(f"{k}={v}" for k, v in sorted(config.options.items())) or "default"
    return f"{name}-{config.players}p-{options}-s{seed}"


CASES = [
    pytest.param(game, config, seed, id=case_id(name, config, seed))
    for name, game in sorted(GAMES.items())
    for config in game.configurations()
    for seed in SEEDS
]


def check_state(game: Game, state: object, rng: random.Random) -> None:
    data = game.to_json(state)
    text = json.dumps(data)  # JSON-safe
    again = game.from_json(json.loads(text))
    assert game.to_json(again) == data
    assert again == state
    pos = game.position(state)
    assert game.position(game.from_position(pos)) == pos
    for viewer in [None, *range(game.players(state))]:
        view = game.view(state, viewer)
        json.dumps(view)
        assert set(view) >= VIEW_KEYS, f"view lacks {VIEW_KEYS - set(view)}"
        twin = game.resample_hidden(state, viewer, rng)
        # A game of perfect information hands the state itself back: nothing was re-dealt, nothing to compare.
        if twin is not state:
            assert game.view(twin, viewer) == view, f"view for {viewer} depends on what it should not know"


def check_server_actions(game: Game, state: object, rng: random.Random) -> None:
    """What the server does by itself (a forced action, a timeout's effect) depends only on what the public knows:
    it is the same in every re-deal of the hidden facts (else the server's move reveals a hidden hand)."""
    twin = game.resample_hidden(state, None, rng)
    if twin == state:
        return
    assert game.automatic_action(twin) == game.automatic_action(state), \
        f"automatic_action depends on hidden facts: {game.automatic_action(state)!r}"
    for seat in range(game.players(state)):
        assert game.timeout_action(twin, seat) == game.timeout_action(state, seat), \
            f"timeout_action for seat {seat} depends on hidden facts"


def check_words_hide(game: Game, state: object, action: object, seat: int | None, after: object,
                     rng: random.Random) -> None:
    """Two states the public cannot tell apart, before and after the same action, get the same public words.

    The twin re-deals every hidden fact; where the action is also legal there and leaves the same public view,
    `describe` and the public `log_text` must not differ (they would say something the public could not know).
    """
    twin = game.resample_hidden(state, None, rng)
    if twin == state:
        return
    try:
        twin_after = game.apply(twin, action, seat)
    except IllegalAction:
        return  # the action itself tells these two apart
    if game.view(twin_after, None) != game.view(after, None):
        return
    public = game.log_text(state, action, None)
    assert game.log_text(twin, action, None) == public, f"the public log line {public!r} depends on hidden facts"
    words = game.describe(state, action, after)
    assert game.describe(twin, action, twin_after) == words, f"describe() reveals hidden facts: {words!r}"


def check_public_words(game: Game, state: object, outcomes: list[object]) -> None:
    """Outcomes the public cannot tell apart (same public log line) must be described in the same words."""
    seen: dict[str, str] = {}
    for action in outcomes[:40]:
        public = game.log_text(state, action, None)
        words = game.describe(state, action, game.apply(state, action, None))
        assert seen.setdefault(public, words) == words, f"describe() reveals what {public!r} hides: {words!r}"


def check_words(game: Game, state: object) -> None:
    """The end reads as words: a reason code the game declares, worded as a sentence, never the code itself."""
    outcome = game.outcome(state)
    assert outcome is not None
    names = [f"player {s}" for s in range(game.players(state))]
    words = result_words(game.view(state, None), names)
    assert words is not None and words.reason and words.headline
    # A capital first, unless the sentence starts with a player's name (Sakamichi names players, not colours).
    assert not words.reason[0].islower() or words.reason.startswith(tuple(names)), words.reason
    assert not words.reason.endswith("."), words.reason
    if game.reason_codes:  # else the game's reasons are sentences already (Cintos)
        assert outcome.reason in game.reason_codes, f"{outcome.reason!r} is not in {game.name}'s reason_codes"
        assert "_" not in words.reason and words.reason.lower() != outcome.reason.lower(), words.reason
    assert set(words.winners) <= outcome.winners


def play(game: Game, config: Configuration, seed: int, resign_at: int | None = None) -> object:
    rng = random.Random(seed)
    twins = random.Random(seed + 1000)  # re-deals for the hiding checks; `rng` alone steers the playout
    state = game.setup(config.players, config.options)
    for step in range(MAX_STEPS):
        check_state(game, state, rng)
        if game.outcome(state) is not None:
            assert not game.actors(state) and not game.chance_outcomes(state)
            return state
        before = game.to_json(state)
        check_server_actions(game, state, twins)
        chances = game.chance_outcomes(state)
        if chances:
            assert not game.actors(state), "a chance node has no actors"
            assert math.isclose(sum(p for _, p in chances), 1.0, abs_tol=1e-9)
            assert all(p > 0 for _, p in chances)
            assert all(game.notation(state, a) for a, _ in chances)
            check_public_words(game, state, [a for a, _ in chances])
            action = rng.choices([a for a, _ in chances], weights=[p for _, p in chances])[0]
            after = game.apply(state, action, None)
            check_words_hide(game, state, action, None, after, twins)
            state = after
        else:
            actors = sorted(game.actors(state))
            assert actors, "a running game with no chance node must have someone to act"
            seat = rng.choice(actors)
            if resign_at is not None and step >= resign_at:
                after = game.apply(state, RESIGN, seat)
                assert game.to_json(state) == before
                return after
            actions = game.legal_actions(state, seat)
            assert actions, f"seat {seat} may act but has no legal action"
            assert actions == game.legal_actions(state, seat), "legal_actions is not deterministic"
            assert RESIGN not in actions
            texts = [game.notation(state, a) for a in actions]
            assert len(set(texts)) == len(texts), "two legal actions share a notation"
            # Each text parses back to its action: all of them up to 50, past that an even spread of 50 (Sanae's
            # set-up offers hundreds of swaps at each of its many steps; parsing them all, twice, was a third of
            # the playouts' time).
            spread = math.ceil(len(actions) / 50)
            for action, text in list(zip(actions, texts, strict=True))[::spread]:
                assert game.parse(state, text, seat) == action, text
                assert game.parse(state, f"  {text.upper()} ", seat) == action, text
            action = rng.choice(actions)
            # A private set-up (Sanae's: hundreds of swaps and one "ready") chosen from uniformly lasts about a
            # thousand steps, nine tenths of the playout, before the game starts: ready in one step in twenty.
            if "ready" in texts and rng.random() < 0.05:
                action = actions[texts.index("ready")]
            after = game.apply(state, action, seat)
            check_words_hide(game, state, action, seat, after, twins)
            state = after
        assert game.to_json(game.from_json(before)) == before  # the old state was not mutated
    raise AssertionError(f"no end after {MAX_STEPS} steps")



def game_name(game: Game) -> str:
    return game.name


BY_NAME = sorted(GAMES.values(), key=game_name)

@pytest.mark.parametrize(("game", "config", "seed"), CASES)
def test_random_playout_reaches_an_end(game: Game, config: Configuration, seed: int) -> None:
    final = play(game, config, seed)
    outcome = game.outcome(final)
    assert outcome is not None and outcome.reason
    assert all(0 <= w < config.players for w in outcome.winners)
    if outcome.scores is not None:
        assert len(outcome.scores) == config.players
    json.dumps(outcome.to_json())
    check_words(game, final)


@pytest.mark.parametrize("game", BY_NAME, ids=game_name)
def test_resign_ends_or_continues_cleanly(game: Game) -> None:
    for config in game.configurations()[:3]:
        state = play(game, config, seed=7, resign_at=6)
        check_state(game, state, random.Random(0))
        if game.outcome(state) is not None:
            check_words(game, state)
        if config.players == 2:
            outcome = game.outcome(state)
            assert outcome is not None and len(outcome.winners) >= 1


@pytest.mark.parametrize("game", BY_NAME, ids=game_name)
def test_setup_rejects_bad_counts_and_options(game: Game) -> None:
    with pytest.raises(ValueError, match="players"):
        game.setup(max(game.player_counts) + 3)
    with pytest.raises(ValueError, match="valid options"):
        game.setup(game.player_counts[0], {"no-such-option": "1"})


@pytest.mark.parametrize("game", BY_NAME, ids=game_name)
def test_wrong_seat_is_refused(game: Game) -> None:
    rng = random.Random(3)
    state = game.setup(game.player_counts[0])
    while game.chance_outcomes(state):
        state = game.apply(state, rng.choice(game.chance_outcomes(state))[0], None)
    actors = game.actors(state)
    idle = [s for s in range(game.players(state)) if s not in actors]
    if not idle:
        pytest.skip("everyone may act at the start")
    seat = sorted(actors)[0]
    action = game.legal_actions(state, seat)[0]
    with pytest.raises(IllegalAction):
        game.apply(state, action, idle[0])
