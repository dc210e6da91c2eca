"""`players.choose`: legal at every decision of every configuration, blind to others' secrets, repeatable."""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Sequence

import pytest

import players
import players.levels
from players import LEVELS, Budget, choose
from players.play import has_hidden_information
from players.search import Search
from rules import GAMES, Action, Configuration, Game, State
from tests.players.positions import positions
from tests.players.remembering import Remembered

FAST = Budget(iterations=6)
SEARCHING = Budget(iterations=15)  # enough for the search to play the other seats' (secret-dependent) moves
CONFIGS = [(game, config) for game in GAMES.values() for config in game.configurations()]
HIDDEN = [game for game in GAMES.values() if has_hidden_information(game)]


def label(item: tuple[Game, Configuration]) -> str:
    game, config = item
    return f"{game.name}-{config.players}-" + "-".join(f"{k}={v}" for k, v in sorted(config.options.items()))


@pytest.mark.parametrize("item", CONFIGS, ids=[label(item) for item in CONFIGS])
def test_every_level_answers_every_decision_with_a_legal_action(item: tuple[Game, Configuration]) -> None:
    game, config = item
    for number, state in enumerate(positions(game, config, 3, seed=zlib.crc32(label(item).encode()))):
        assert not game.chance_outcomes(state)  # chance is the caller's: choose is never handed a chance node
        for seat in sorted(game.actors(state)):
            for level in LEVELS:
                action = choose(game, state, seat, level, random.Random(number), FAST)
                assert action in game.legal_actions(state, seat), (level, game.position(state))
                game.apply(state, action, seat)  # the true state accepts it


def test_a_chance_node_or_a_seat_not_to_act_is_refused() -> None:
    game = GAMES["sinoda"]
    start = game.setup(2)
    assert game.chance_outcomes(start)
    with pytest.raises(ValueError, match="not to act"):
        choose(game, start, 0, "easy", random.Random(1))
    state = positions(game, game.configurations()[0], 1, seed=3)[0]
    idle = next(seat for seat in range(2) if seat not in game.actors(state))
    with pytest.raises(ValueError, match="not to act"):
        choose(game, state, idle, "hard", random.Random(1), FAST)
    with pytest.raises(ValueError, match="unknown level"):
        choose(game, state, min(game.actors(state)), "expert", random.Random(1))


def remembered(search: Search) -> Search:
    """`search`, remembering each answer by everything it is given (the world whole, the moves, their priors, the
    random stream's state; the budget is SEARCHING's iterations) and putting the stream where the search left it.

    The search is pure: handed what it was handed before, it answers as before. A choice that lets the secrets into
    the search hands it another world, which is searched afresh (hard's searches were three quarters of the time)."""
    answers: Remembered[list[Action]] = Remembered()

    def searching(game: Game, world: State, seat: int, legal: Sequence[Action], priors: Sequence[float],
                  rng: random.Random, spent: Callable[[int], bool], teams: list[tuple[int, ...]],
                  hidden: bool) -> list[Action]:
        handed = (game.name, game.position(world), seat, tuple(legal), tuple(priors), tuple(teams), hidden)
        return list(answers.answer(handed, rng, lambda: search(game, world, seat, legal, priors, rng, spent, teams,
                                                               hidden)))

    return searching


# game, the worlds, the seat, its legal moves, rng, teams -> each move's value one move ahead (`players.levels`)
Look = Callable[[Game, Sequence[State], int, Sequence[Action], random.Random, list[tuple[int, ...]]], list[float]]


def remembered_look(look: Look) -> Look:
    """The one-ply look-ahead that normal and hard start from, remembered as `remembered` remembers the search (by
    the worlds whole, the moves, the random stream's state), the stream put where the look left it."""
    values: Remembered[list[float]] = Remembered()

    def looking(game: Game, worlds: Sequence[State], seat: int, legal: Sequence[Action], rng: random.Random,
                teams: list[tuple[int, ...]]) -> list[float]:
        handed = (game.name, tuple(map(game.position, worlds)), seat, tuple(legal), tuple(teams))
        return list(values.answer(handed, rng, lambda: look(game, worlds, seat, legal, rng, teams)))

    return looking


@pytest.mark.parametrize("game", HIDDEN, ids=[game.name for game in HIDDEN])
def test_the_others_secrets_do_not_change_the_choice(game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    """Re-dealing what the seat cannot see (its own view unchanged) leaves every level's choice unchanged."""
    monkeypatch.setattr(players, "tree_search", remembered(players.tree_search))
    for name, search in list(players.SEARCHES.items()):
        monkeypatch.setitem(players.SEARCHES, name, remembered(search))
    look = remembered_look(players.levels.one_ply)  # hard's first look (players) and normal's (players.levels)
    monkeypatch.setattr(players, "one_ply", look)
    monkeypatch.setattr(players.levels, "one_ply", look)
    redealt = 0
    for index, config in enumerate(game.configurations()[:2]):
        for number, state in enumerate(positions(game, config, 4, seed=11 + index)):
            seat = min(game.actors(state))
            mine = {level: choose(game, state, seat, level, random.Random(number), SEARCHING) for level in LEVELS}
            for k in range(2):
                other = game.resample_hidden(state, seat, random.Random(100 + k))
                assert game.view(other, seat) == game.view(state, seat)
                redealt += other != state
                for level in LEVELS:
                    assert choose(game, other, seat, level, random.Random(number), SEARCHING) == mine[level], \
                        (level, game.position(state), game.position(other))
    assert redealt >= 8  # the proof is not empty: the secrets really were different


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_a_fixed_seed_gives_the_same_choice(game: Game) -> None:
    for number, state in enumerate(positions(game, game.configurations()[0], 3, seed=5)):
        seat = min(game.actors(state))
        for level in LEVELS:
            first = choose(game, state, seat, level, random.Random(number), FAST)
            assert choose(game, state, seat, level, random.Random(number), FAST) == first


def test_a_budget_needs_a_clock_for_seconds_and_stops_on_it() -> None:
    with pytest.raises(ValueError, match="clock"):
        Budget(seconds=1.0)
    ticks = iter(range(1000))
    budget = Budget(iterations=None, seconds=3, clock=lambda: float(next(ticks)))
    spent = budget.start()  # the clock reads 0
    assert [spent(done) for done in range(5)] == [False, False, True, True, True]
