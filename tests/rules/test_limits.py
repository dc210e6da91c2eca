"""Limits switch off one way in every game (issue 10.6): `0` and `off` both, stored as each spec writes it."""

from __future__ import annotations

import pytest

from rules import GAMES

# (game, option, players, the spec's word for "off"); every limit a spec lets a player switch off.
LIMITS = [("cintos", "quiet-limit", 2, "off"), ("cintos", "turn-limit", 2, "off"),
          ("sinoda", "round-limit", 2, "off"), ("sanae", "quiet-limit", 2, "0"), ("sakamichi", "six-rows", 2, "0")]


def test_every_switchable_limit_is_listed() -> None:
    switchable = sorted((name, option) for name, game in GAMES.items() for option, spec in game.options.items()
                        if spec.off is not None)
    assert switchable == sorted((name, option) for name, option, _, _ in LIMITS)


@pytest.mark.parametrize(("name", "option", "players", "off"), LIMITS)
def test_zero_and_off_both_switch_a_limit_off(name: str, option: str, players: int, off: str) -> None:
    game = GAMES[name]
    states = [game.setup(players, {option: word}) for word in ("0", "off", "OFF", " Off ")]
    assert all(game.position(state) == game.position(states[0]) for state in states)
    assert all(game.check_options(players, {option: word})[option] == off for word in ("0", "off"))


@pytest.mark.parametrize(("name", "option", "players", "off"), LIMITS)
def test_limits_read_ascii_digits_only(name: str, option: str, players: int, off: str) -> None:
    game = GAMES[name]
    with pytest.raises(ValueError):
        game.setup(players, {option: "\u0664\u0660"})  # ٤٠, Arabic-Indic forty
    with pytest.raises(ValueError) as refused:
        game.setup(players, {option: "9" * 5000})
    assert len(str(refused.value)) < 300


def test_sanae_zed_range_reads_ascii_digits_only() -> None:
    with pytest.raises(ValueError, match="zed-range"):
        GAMES["sanae"].setup(2, {"zed-range": "\u0664"})
    assert GAMES["sanae"].setup(2, {"zed-range": "4"}) == GAMES["sanae"].setup(2)


def test_unknown_options_are_quoted_shortened() -> None:
    with pytest.raises(ValueError) as refused:
        GAMES["cintos"].setup(2, {"x" * 3000: "1"})
    assert len(str(refused.value)) < 300
