"""Cintos speed-ups against plain references: the bitboards kept in each state and the remembered move tables."""

from __future__ import annotations

from functools import reduce
from operator import or_

import pytest

from rules import GAMES
from rules.cintos import GAME, PASS, CintosState, Move
from rules.cintos.board import BY_LABEL, EMPTY, NEIGHBOURS
from rules.cintos.moves import _FILE_MOVES, _FileMoves, masks_of
from rules.cintos.state import History
from tests.rules.test_engine_caches import positions


def plain_moves(state: CintosState, seat: int) -> list[Move]:
    """Section 8's list as written: the mover's squares in label order, each one's empty neighbours in label order."""
    board, colour = state.board, state.seats[seat]
    return [Move(s, t) for s in BY_LABEL if board[s] == colour for t in sorted(NEIGHBOURS[s], key=BY_LABEL.index)
            if board[t] == EMPTY]


def check(states: list[CintosState]) -> int:
    """Each state's masks and occupied squares are its board's; its legal actions are the plain list's. Moves made."""
    checked = 0
    for state in states:
        assert state.masks == masks_of(state.seats, state.board) and state.occupied == reduce(or_, state.masks)
        for seat in range(len(state.seats)):
            actions = GAME.legal_actions(state, seat)
            if seat not in GAME.actors(state):
                assert actions == []
                continue
            expected = plain_moves(state, seat)
            assert actions == (expected or [PASS])  # type: ignore[list-item]
            assert (GAME.automatic_action(state) is None) == bool(expected)
            checked += len(expected)
    return checked


def test_masks_and_legal_moves_match_the_board_in_every_configuration() -> None:
    """Every configuration's random games (captures, eliminations, passes): the masks kept move by move are the
    board's, and the moves read from the tables are the plain generation's, in the same order."""
    assert check(positions(GAMES["cintos"], range(27), every=1)) > 20_000


def test_move_tables_start_over_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_FileMoves, "LIMIT", 4)
    for table in _FILE_MOVES:
        table.clear()
    assert check(positions(GAMES["cintos"], range(3), every=2)) > 500
    assert all(len(table) <= 4 for table in _FILE_MOVES)


def test_a_state_cannot_be_changed() -> None:
    state = GAME.setup(2)
    before = GAME.to_json(state)
    with pytest.raises(AttributeError):
        state.board = "." * 64  # type: ignore[misc]
    seat = min(GAME.actors(state))
    for action in GAME.legal_actions(state, seat):
        GAME.apply(state, action, seat)
    assert GAME.to_json(state) == before and GAME.from_json(before) == state


def test_history_extended_is_add_until_the_third_time() -> None:
    a, b = 0x0123456789ABCDEF, 0xFEDCBA9876543210
    history = History([a, b, a])
    longer = history.extended(b)
    assert longer is not None and list(longer) == list(history.add(b)) and longer.count(b) == 2 and longer.last == b
    assert history.extended(a) is None and longer.extended(b) is None
    assert list(history) == [a, a, b] and history.last == a
