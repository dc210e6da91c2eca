"""Boards in words: the alt text and the text board of every game and mode, from seeded random play, within Discord's
limits, naming whose turn and the last action, and hiding what the viewer may not know."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from render import ALT_LIMIT, TEXT_LIMIT, TEXTS, alt_text, text_board
from render.lettering import ALT_NAME_LIMIT
from render.panels import display_names
from render.words import WIDTH
from rules import GAMES, RESIGN, Configuration, Game
from rules.outcomes import result_words

NAMES = ["Ada `the` Countess of Lovelace", "bob", "Zoë", "di", "eve", "fay"]  # a backtick, a long name, an accent
SNAPSHOTS = (0, 1, 4, 12, 40, 120, 300)  # steps at which a position is checked, besides the last one
MAX_STEPS = 4000
HIDDEN = ("sakamichi", "sanae", "bodsoi")  # the games with hidden information


def step(game: Game, state: Any, rng: random.Random) -> Any:
    """One random legal step; chance nodes resolved by picking an outcome. Sanae's set-up says "ready" half the
    time so that games get past it."""
    chances = game.chance_outcomes(state)
    if chances:
        return game.apply(state, rng.choice([a for a, _ in chances]), None)
    seat = rng.choice(sorted(game.actors(state)))
    actions = game.legal_actions(state, seat)
    ready = [a for a in actions if game.notation(state, a) == "ready"]
    return game.apply(state, ready[0] if ready and rng.random() < 0.5 else rng.choice(actions), seat)


def positions(game: Game, config: Configuration, seed: int) -> Iterator[Any]:
    """Positions of one seeded random game: a few early and middle ones and the final one."""
    rng = random.Random(seed)
    state = game.setup(config.players, config.options)
    for number in range(MAX_STEPS):
        if number in SNAPSHOTS:
            yield state
        if game.is_over(state):
            break
        state = step(game, state, rng)
    yield state


CASES = [pytest.param(name, config, id=f"{name}-{config.players}p-" + ("-".join(
    f"{k}={v}" for k, v in sorted(config.options.items())) or "default"))
    for name, game in sorted(GAMES.items()) for config in game.configurations()]


def flat(text: str) -> str:
    """Whitespace-normalised, and backticks as the text board writes them (a backtick would close its block)."""
    return " ".join(text.split()).replace("`", "'")


def check_words(view: dict[str, Any], names: list[str]) -> None:
    alt = alt_text(view, names, 12)
    board = text_board(view, names, 12)
    assert 0 < len(alt) <= ALT_LIMIT
    assert len(board) <= TEXT_LIMIT
    assert board.startswith("```\n") and board.endswith("\n```")
    body = board[4:-4]
    assert "`" not in body, "a name closed the code block"
    assert all(len(line) <= WIDTH for line in body.splitlines()), max(body.splitlines(), key=len)
    shown = display_names(view, names, ALT_NAME_LIMIT)  # words keep 32 characters of a name
    result = result_words(view, shown)
    if result is not None:  # the result, not a turn
        assert flat(result.headline) in flat(alt) and flat(result.headline) in flat(body)
    else:
        for seat in view.get("actors") or []:
            who = shown[seat] + (" (" if GAMES[view["game"]].colour_seats else "")  # Sakamichi's are no colour
            assert flat(who) in flat(alt) and flat(who) in flat(body)
    last = TEXTS[view["game"]].last(view, names)
    if last:
        assert flat(last).rstrip(".") in flat(alt)
        assert flat(last).rstrip(".") in flat(body)


@pytest.mark.parametrize(("name", "config"), CASES)
def test_words_of_every_game_and_mode_fit_and_say_whose_turn_and_what_happened(name: str,
                                                                                config: Configuration) -> None:
    game = GAMES[name]
    names = NAMES[:config.players]
    ended = False
    for seed in (1, 2):
        for state in positions(game, config, seed):
            for viewer in (None, *range(config.players)):
                check_words(game.view(state, viewer), names)
            ended = ended or game.is_over(state)
            actors = sorted(game.actors(state))
            if actors:  # a resignation from here, worded too
                resigned = game.apply(state, RESIGN, actors[-1])
                for viewer in (None, *range(config.players)):
                    check_words(game.view(resigned, viewer), names)
    assert ended, "no seeded game reached its end"


@pytest.mark.parametrize("name", HIDDEN)
def test_public_and_private_words_are_the_same_for_every_re_deal(name: str) -> None:
    """A re-deal of what a viewer cannot see changes nothing in their alt text or text board."""
    game = GAMES[name]
    rng = random.Random(7)
    redealt = 0
    for config in game.configurations()[:3]:
        names = NAMES[:config.players]
        for state in positions(game, config, 3):
            for viewer in (None, *range(config.players)):
                view = game.view(state, viewer)
                for _ in range(3):
                    twin = game.resample_hidden(state, viewer, rng)
                    redealt += twin != state
                    other = game.view(twin, viewer)
                    assert alt_text(other, names, 3) == alt_text(view, names, 3)
                    assert text_board(other, names, 3) == text_board(view, names, 3)
    assert redealt, "no re-deal differed from the real position: the test proved nothing"


def test_a_private_view_shows_the_viewers_own_secrets_only_to_them() -> None:
    """Bodsoi: the rack is named in the seat's own text board, never in the public one or the opponent's."""
    game = GAMES["bodsoi"]
    rng = random.Random(4)
    state = game.setup(2, {})
    while not game.view(state, 0).get("hand"):
        state = step(game, state, rng)
    rack = game.view(state, 0)["hand"]
    mine = text_board(game.view(state, 0), NAMES[:2])
    assert "Your rack: " + ", ".join(rack) in flat(mine)
    assert "rack" not in text_board(game.view(state, None), NAMES[:2])
    theirs = game.view(state, 1)["hand"]
    assert "Your rack: " + (", ".join(theirs) or "empty") in flat(text_board(game.view(state, 1), NAMES[:2]))


def test_limits_hold_for_the_longest_legends() -> None:
    """A text board given less room (a note and a link around it) still fits, cutting the legend, not the board."""
    game = GAMES["sinoda"]
    state = list(positions(game, Configuration(6, {"teams": "3x2"}), 1))[-1]
    view = game.view(state, None)
    full = text_board(view, NAMES)
    short = text_board(view, NAMES, limit=700)
    assert len(short) <= 700 < len(full)
    board_rows = [line for line in full.splitlines() if line[:2] in {f"{r} " for r in "abcdef"}]
    assert all(row in short for row in board_rows)


def test_sinoda_text_board_reads_like_the_spec() -> None:
    """Rows a-f from the top, a piece as its owner's initial and value, empty cells numbered as typed."""
    game = GAMES["sinoda"]
    view = game.view(game.setup(3, {}), None)
    lines = text_board(view, NAMES[:3]).splitlines()
    row_a = next(line for line in lines if line.startswith("a "))
    # 3 players: Red starts on a1 a2 a3 b2 b3 b4 with value 1; a4..a7 are empty
    assert row_a.split() == ["a", "R1", "R1", "R1", "4", "5", "6", "7", "a"]
    assert len([line for line in lines if line[:2] in {f"{r} " for r in "abcdef"}]) == 6


def test_cintos_text_board_has_files_and_ranks_on_every_side() -> None:
    game = GAMES["cintos"]
    lines = text_board(game.view(game.setup(2, {}), None), NAMES[:2]).splitlines()
    files = [line for line in lines if line.split() == list("abcdefgh")]
    assert len(files) == 2
    ranks = [line for line in lines if line[:1].isdigit()]
    assert [line.split()[0] for line in ranks] == [str(r) for r in range(8, 0, -1)]
    assert all(line.split()[-1] == line.split()[0] for line in ranks)
