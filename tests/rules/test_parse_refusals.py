"""Every game's parser answers every string with its own refusal, quoting the player's text shortened (issue 10, 11)."""

from __future__ import annotations

import random

import pytest

from rules import GAMES, Game, IllegalAction, NotationError, RulesError, State
from rules.base import QUOTE_LIMIT, unguarded_parse

BIG = "1" * 4400  # more digits than Python converts to an int by default (4,300)
ARABIC_FOUR = "\u0664"  # ٤, an Arabic-Indic digit four


def started(game: Game, players: int | None = None, seed: int = 1) -> State:
    """A game past its opening chance nodes, so a player may act."""
    rng = random.Random(seed)
    state = game.setup(players or game.player_counts[0])
    while game.chance_outcomes(state):
        state = game.apply(state, rng.choice(game.chance_outcomes(state))[0], None)
    return state


def first_actor(game: Game, state: State) -> int:
    return sorted(game.actors(state))[0]


HUGE_NUMBERS = [
    ("sinoda", f"c{BIG}+"),
    ("sinoda", f"first {BIG}"),
    ("sinoda", f"a1-c{BIG}"),
    ("sakamichi", f"place white {BIG} w4"),
    ("sakamichi", f"redraw w{BIG}"),
    ("sakamichi", f"stack black {BIG} w1b3"),
    ("sanae", f"layout code {BIG}F"),
    ("sanae", f"r{BIG}-r1.01"),
    ("cintos", f"b{BIG}-b3"),
    ("bodsoi", f"place C-su-mo d{BIG} 90"),
]


@pytest.mark.parametrize(("name", "text"), HUGE_NUMBERS, ids=[f"{n}-{t[:14]}" for n, t in HUGE_NUMBERS])
def test_huge_numbers_are_a_syntax_refusal(name: str, text: str) -> None:
    game = GAMES[name]
    state = started(game)
    with pytest.raises(NotationError) as refused:
        game.parse(state, text, first_actor(game, state))
    assert len(str(refused.value)) < 400
    assert BIG[:QUOTE_LIMIT] not in str(refused.value)


LONG_INPUTS = ["x" * 2000, "place " + "w1" * 1000, "layout code " + "F/" * 1000, "a1-" * 700, "c4+ " * 500,
               "'" * 2000, "1" * 2000]


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("text", LONG_INPUTS, ids=lambda t: t[:12])
def test_refusals_quote_the_input_shortened(name: str, text: str) -> None:
    game = GAMES[name]
    state = started(game)
    with pytest.raises(RulesError) as refused:
        game.parse(state, text, first_actor(game, state))
    message = str(refused.value)
    assert len(message) < 400, message[:200]
    assert text.strip()[:QUOTE_LIMIT + 10] not in message


@pytest.mark.parametrize("name", sorted(GAMES))
def test_parse_refuses_what_is_not_text(name: str) -> None:
    game = GAMES[name]
    state = started(game)
    with pytest.raises(NotationError):
        game.parse(state, None, first_actor(game, state))  # type: ignore[arg-type]


SANAE_CODE = "layout code 4FNQVWN3F/.3FNDCLA2F./3.2FLCL2F2./.2FLKN2F."  # spec section 8's example


@pytest.mark.parametrize("name", sorted(GAMES))
def test_only_ascii_digits_are_read(name: str) -> None:
    """A text the game accepts is refused once an ASCII 4 in it is written as an Arabic-Indic ٤ (issue 10.6)."""
    game = GAMES[name]
    state = started(game, 2)
    seat = first_actor(game, state)
    if name == "sakamichi":  # the pending choice comes first; after it, tile names carry digits
        state = game.apply(state, game.parse(state, "choose colour white", seat), seat)
        while game.chance_outcomes(state):
            state = game.apply(state, game.chance_outcomes(state)[0][0], None)
        seat = first_actor(game, state)
    texts = [game.notation(state, a) for a in game.legal_actions(state, seat)]
    text = SANAE_CODE if name == "sanae" else next(t for t in texts if "4" in t)
    game.parse(state, text, seat)
    with pytest.raises((NotationError, IllegalAction)):
        game.parse(state, text.replace("4", ARABIC_FOUR), seat)


@pytest.mark.parametrize(("name", "text"), HUGE_NUMBERS, ids=[f"{n}-{t[:14]}" for n, t in HUGE_NUMBERS])
def test_each_parser_bounds_its_numbers_without_the_guard(name: str, text: str) -> None:
    """The length guard in `rules.base` is a net: each parser itself refuses huge numbers, quoting them shortened."""
    game = GAMES[name]
    state = started(game)
    with pytest.raises(RulesError) as refused:
        unguarded_parse(game)(state, text, first_actor(game, state))
    assert len(str(refused.value)) < 400
    assert BIG[:QUOTE_LIMIT + 10] not in str(refused.value)


def test_the_guard_turns_an_unexpected_failure_into_a_syntax_refusal() -> None:
    class Broken(type(GAMES["sinoda"])):  # type: ignore[misc]
        def parse(self, state: State, text: str, seat: int) -> object:
            return int(text)  # a conversion with no bound: ValueError on "x"

    game = Broken()
    state = started(game)
    with pytest.raises(NotationError, match="cannot read 'x'"):
        game.parse(state, "x", 0)
    assert game.parse(state, "12", 0) == 12
