"""`bench/playon.py`: hard against random from recorded positions. The stored starts are what their file says (hard to
move, with no Wizard or Dragon left, random's Dragon on the board), a game is played on from its start, not from the
beginning, and a continuation depends only on its start, its number and the constant set."""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Sequence
from pathlib import Path

import pytest

import bench.playon
import players.sanae
from bench.playon import one, setting
from players.arena import Played, Player, play, uniform
from rules import GAMES, Action, Configuration, Game, State
from rules.sanae.state import SanaeState

STARTS = Path(__file__).resolve().parents[2] / "bench" / "results" / "playon" / "sanae-loose-dragon.jsonl"
SANAE = GAMES["sanae"]


def starts() -> list[dict]:
    return [json.loads(line) for line in STARTS.read_text().splitlines() if line.strip()]


def test_every_start_is_a_loose_dragon_on_hards_turn() -> None:
    assert len(starts()) >= 7
    for start in starts():
        state = SANAE.from_json(start["state"])
        assert isinstance(state, SanaeState)
        hard, side, enemy = start["hard"], "rb"[start["hard"]], "rb"[1 - start["hard"]]
        assert not SANAE.is_over(state) and SANAE.actors(state) == frozenset({hard}), start["from"]
        assert not any(token[:2] in (side + "W", side + "D") for token in state.cells), start["from"]
        assert any(token[:2] == enemy + "D" for token in state.cells), start["from"]


def test_a_game_is_played_on_from_its_start() -> None:
    start = SANAE.from_json(starts()[0]["state"])
    handed: list[str] = []
    random_player = uniform(SANAE, 1)

    def watching(state: State, seat: int) -> Action:
        handed.append(SANAE.position(state))
        return random_player(state, seat)

    played = play(SANAE, SANAE.configurations()[0], [watching, watching], random.Random(0), limit=3, start=start)
    assert played.decisions == 3
    assert handed[0] == SANAE.position(start)


def test_a_continuation_depends_only_on_its_start_number_and_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same start, number and setting give the same moves, hard's and random's, one by one (a few are enough:
    the endings alone said little, as a short continuation is cut off either way)."""
    monkeypatch.setattr(players.sanae, "LOST", players.sanae.LOST)  # `one` sets it; put it back afterwards
    played: list[list[str]] = []

    def watched(game: Game, config: Configuration, seats: Sequence[Player], rng: random.Random, limit: int,
                start: State | None = None) -> Played:
        moves = played[-1]

        def watching(player: Player) -> Player:
            def choose(state: State, seat: int) -> Action:
                action = player(state, seat)
                moves.append(f"{seat}: {game.notation(state, action)}")
                return action
            return choose

        return play(game, config, [watching(seat) for seat in seats], rng, limit, start)

    monkeypatch.setattr(bench.playon, "play", watched)
    start = starts()[-1]
    played.append([])
    first = one(start, 0, "players.sanae.LOST", 0.15, 20, 6)
    played.append([])
    again = one(start, 0, "players.sanae.LOST", 0.15, 20, 6)
    assert played[0] == played[1] and len(played[0]) == 6
    assert {move[0] for move in played[0]} == {"0", "1"}  # both seats' moves, hard's and random's
    assert first[:2] == again[:2]
    played.append([])
    assert players.sanae.LOST == 0.15
    one(start, 0, "players.sanae.LOST", 0.2, 20, 2)
    assert players.sanae.LOST == 0.2


def test_a_setting_is_a_dotted_name_and_numbers() -> None:
    assert setting("players.sanae.LOST=0.1,0.15") == ("players.sanae.LOST", [0.1, 0.15])
    for bad in ("LOST=1", "players.sanae.LOST=", "players.sanae.LOST=a,b"):
        with pytest.raises(argparse.ArgumentTypeError, match=r"players\.sanae\.LOST|module\.NAME"):
            setting(bad)
