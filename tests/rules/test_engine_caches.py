"""The engines' speed-ups against plain references: shared histories, incremental checks and remembered tables."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from rules import GAMES, Game
from rules.base import evolve
from rules.bodsoi.paths import analyse, bodsoi_through
from rules.bodsoi.tiles import quarters_of
from rules.cintos.state import History
from rules.sakamichi import moves as sakamichi_moves
from rules.sakamichi.notation import Stack
from rules.sakamichi.state import Line, Row
from rules.sakamichi.tiles import TILES
from rules.sanae import moves as sanae_moves
from rules.sanae.state import SIDE_CHARS, Move
from rules.sinoda import moves as sinoda_moves


def positions(game: Game, seeds: range, every: int = 3, limit: int = 400) -> list[Any]:
    """States met in seeded random playouts of each configuration (chance outcomes drawn at random)."""
    found = []
    configs = game.configurations()
    for seed in seeds:
        rng, config = random.Random(seed), configs[seed % len(configs)]
        state = game.setup(config.players, config.options)
        for step in range(limit):
            if game.outcome(state) is not None:
                break
            chances = game.chance_outcomes(state)
            if chances:
                state = game.apply(state, rng.choice(chances)[0], None)
                continue
            seat = rng.choice(sorted(game.actors(state)))
            state = game.apply(state, rng.choice(game.legal_actions(state, seat)), seat)
            if step % every == 0:
                found.append(state)
    return found


# ---- Cintos: the repetition history is shared, never changed ----------------------------------------------------

def test_history_is_an_immutable_count_of_positions() -> None:
    keys = [(i % 7) * 0x9E3779B97F4A7C15 % (1 << 64) for i in range(100)]
    history = History(keys)
    assert len(history) == 100 and list(history) == sorted(keys) and history == tuple(keys) and History() == ()
    assert all(history.count(k) == keys.count(k) for k in set(keys)) and history.count(12345) == 0
    assert history == History(reversed(keys)) and hash(history) == hash(History(keys))
    assert history != History(keys[:-1])


def test_history_branches_do_not_see_each_other() -> None:
    """Two moves from one position (as a search tries them) each extend the same history; neither changes it."""
    a, b, c = 1 << 63, 5, 1 << 40
    base = History([a, b])
    left, right = base.add(c), base.add(a)
    assert list(base) == [b, a]
    assert list(left) == [b, c, a] and list(right) == [b, a, a]
    assert (base.count(a), left.count(a), right.count(a)) == (1, 1, 2)
    assert left.count(c) == 1 and base.count(c) == right.count(c) == 0


def test_cintos_threefold_repetition_in_one_branch_only() -> None:
    game = GAMES["cintos"]
    state = game.setup(2)
    for text in ("a8-b8", "h1-g1", "b8-a8", "g1-h1", "a8-b8", "h1-g1", "b8-a8"):
        seat = min(game.actors(state))
        state = game.apply(state, game.parse(state, text, seat), seat)
    drawn = game.apply(state, game.parse(state, "g1-h1", 1), 1)  # the start position a third time
    other = game.apply(state, next(a for a in game.legal_actions(state, 1) if game.notation(state, a) != "g1-h1"), 1)
    outcome = game.outcome(drawn)
    assert outcome is not None and "repetition" in outcome.reason
    assert game.outcome(other) is None and game.outcome(state) is None
    assert len(drawn.history) == len(state.history) == len(other.history) - 1 == 8


# ---- Sinoda: remembered targets equal the plain search ----------------------------------------------------------

def reference_reachable(state: Any, origin: int) -> dict[int, tuple[int, ...]]:
    """The search as first written: every path of the piece's value, first clear one per target."""
    seat, value = state.cells[origin]
    team, cells, found = state.team(seat), state.cells, {}
    for path in state.board.paths[origin][value]:
        target, occupant = path[-1], cells[path[-1]]
        if target in found or (occupant is not None and occupant[0] in team):
            continue
        if any(cells[c] is not None for c in path[1:-1]):
            continue
        found[target] = path
    return found


def test_sinoda_targets_and_paths_match_the_plain_search() -> None:
    checked = 0
    for state in positions(GAMES["sinoda"], range(24)):
        for origin, piece in enumerate(state.cells):
            if piece is None:
                continue
            expected = reference_reachable(state, origin)
            assert sinoda_moves.targets(state, origin) == sorted(expected)
            assert all(sinoda_moves.first_path(state, origin, t) == path for t, path in expected.items())
            checked += 1
    assert checked > 1000


def test_sinoda_outcome_memo_belongs_to_its_state() -> None:
    game = GAMES["sinoda"]
    state = next(s for s in positions(game, range(1)) if game.actors(s))
    seat = min(game.actors(state))
    before = game.outcome(state)
    resigned = game.apply(state, game.parse(state, "resign", seat), seat)
    assert game.outcome(resigned) is not None and game.outcome(state) == before is None
    assert game.outcome(replace(state, resigned=seat)) is not None  # a copy starts without the memo
    assert game.from_json(game.to_json(state)) == state  # the memo is no field: equality ignores it


# ---- evolve, the one fast `replace` of every game's state ----------------------------------------------------------

def test_evolve_is_replace_for_every_game_and_leaves_caches_behind() -> None:
    changed: dict[str, dict[str, Any]] = {"sakamichi": {"turn": 1, "draw": "due"}, "sanae": {"moved": frozenset({3})},
                                          "bodsoi": {"idle": 1, "to": 1}, "sinoda": {"actions": 7}}
    for name, changes in changed.items():  # Cintos' state is a named tuple, with its own _replace
        for state in positions(GAMES[name], range(3), every=7)[:12]:
            after = evolve(state, **changes)
            assert after == replace(state, **changes) and type(after) is type(state), name
            assert after is not state and state == evolve(state)
            state.__dict__["_a_cache"] = object()  # as Bodsoi's _no_bodsoi: beside the fields, never carried over
            assert "_a_cache" not in evolve(state, **changes).__dict__
            del state.__dict__["_a_cache"]
    with pytest.raises(AssertionError, match="not BodsoiState fields"):
        evolve(GAMES["bodsoi"].setup(2), colour=1)


# ---- Sakamichi: the direct chance check -------------------------------------------------------------------------

def test_sakamichi_chance_check_is_membership() -> None:
    states = positions(GAMES["sakamichi"], range(12), every=1)
    for state in states[::5]:
        outcomes = [a for a, _ in sakamichi_moves.chance_outcomes(state)]
        for action in outcomes:
            assert sakamichi_moves.is_chance_outcome(state, action)
        for other in states[:40]:
            for action, _ in sakamichi_moves.chance_outcomes(other):
                assert sakamichi_moves.is_chance_outcome(state, action) == (action in outcomes)


def test_sakamichi_turn_actions_come_in_notation_order() -> None:
    """The legal list built in notation order equals every turn action sorted by its text (stack-layers=many,
    two-digit rows and exchanges included), at every decision of seeded random games of each configuration."""
    game = GAMES["sakamichi"]
    configs = game.configurations()
    checked = stacked = stuck = 0
    for seed in range(150):
        rng, config = random.Random(seed), configs[seed % len(configs)]
        state = game.setup(config.players, config.options)
        while game.outcome(state) is None:
            chances = game.chance_outcomes(state)
            if chances:
                state = game.apply(state, rng.choice(chances)[0], None)
                continue
            seat = min(game.actors(state))
            legal = game.legal_actions(state, seat)
            if state.phase == "play":
                plain = sorted(sakamichi_moves._turn_actions(state, seat), key=sakamichi_moves.format_action)
                assert legal == plain
                for either in (0, 1):  # the waiting seat's hand often fits nowhere: both answers are met
                    found = bool(list(sakamichi_moves._turn_actions(state, either)))
                    assert sakamichi_moves.has_turn_action(state, either) == found
                    stuck += not found
                checked += 1
                stacked += any(len(getattr(action, "layers", ())) > 1 for action in plain)
            state = game.apply(state, rng.choice(legal), seat)
    assert checked > 1000 and stacked > 5 and stuck > 100
    # Rows 9 and 10 (random games seldom build a two-digit row): "stack white 10" sorts before "stack white 9".
    tiles = {t.w: t for t in TILES if t.b == 0}
    rows = tuple(Row(value, ((tiles[value - 6], tiles[6]),)) for value in (7, 8, 9, 10))
    state = replace(state, phase="play", result=None, draw="done", turn=0, stack_layers="many", markers=("S", "S"),
                    lines=(Line(up=rows), state.lines[1]), hands=(tuple(tiles[w] for w in (3, 4, 5, 6)), ()))
    legal = game.legal_actions(state, 0)
    assert [action.value for action in legal if isinstance(action, Stack)] == [10, 7, 8, 9, 9, 9, 9]
    assert legal == sorted(sakamichi_moves._turn_actions(state, 0), key=sakamichi_moves.format_action)


# ---- Sanae: the move table in label order equals sorting every move ----------------------------------------------

def sanae_reference(state: Any, seat: int) -> list[Move]:
    """Every move of `seat` from the plain search of each stone's destinations, sorted by notation."""
    grid = state.grid
    return sorted((Move(s, t) for s, token in enumerate(state.cells)
                   if token and token[0] == SIDE_CHARS[seat] and token[1] != "V"
                   for t in sanae_moves.destinations(state.cells, grid, s)),
                  key=lambda m: (grid.label_rank[m.source], grid.label_rank[m.target]))


def sanae_play_positions(games: int, plies: int, seed: int) -> list[Any]:
    """Play positions of seeded random Sanae games (set up at random), the first `plies` of each."""
    game = GAMES["sanae"]
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        state = game.setup(2)
        taken = 0
        while game.outcome(state) is None and taken < plies:
            if state.phase == "play":
                found.append(state)
                taken += 1
            chances = game.chance_outcomes(state)
            if chances:
                state = game.apply(state, rng.choice(chances)[0], None)
            else:
                seat = min(game.actors(state))
                state = game.apply(state, rng.choice(game.legal_actions(state, seat)), seat)
    return found


def test_sanae_move_table_matches_sorting_every_move() -> None:
    """Both seats' tables at every ply of three games: each made from the seat's last one (most stones kept)."""
    checked = 0
    for state in sanae_play_positions(3, 60, seed=7):
        for seat in (0, 1):
            assert list(sanae_moves.move_table(state.cells, state.grid.name, seat)[1]) == sanae_reference(state, seat)
            checked += 1
    assert checked > 300


def test_sanae_move_table_does_not_depend_on_the_last_one() -> None:
    """Tables asked in any order (other games, both seats, re-dealt worlds whose ranks moved under the same
    stones), and the same cells twice in a row, equal the plain search: what a table keeps from the last one
    for its seat is never stale."""
    game = GAMES["sanae"]
    rng = random.Random(11)
    states = sanae_play_positions(4, 40, seed=3)
    rng.shuffle(states)
    checked = 0
    for state in states:
        for world in (state, game.resample_hidden(state, 0, rng), game.resample_hidden(state, 1, rng)):
            seat = rng.randrange(2)
            for _ in range(2):
                assert list(sanae_moves.move_table(world.cells, world.grid.name, seat)[1]) == \
                    sanae_reference(world, seat)
                checked += 1
    assert checked > 800


# ---- Bodsoi: the chain through the new tile tells a Bodsoi as the full analysis does -----------------------------

def test_bodsoi_through_a_square_matches_the_full_analysis() -> None:
    checked = on_bodsoi = 0
    for seed in range(120):
        rng = random.Random(seed)
        fill = 1.0 if seed % 2 else 0.7 + 0.3 * rng.random()  # full boards of straight tiles make long chains
        tiles = [rng.randrange(25, 50) if seed % 2 or rng.random() < 0.85 else rng.randrange(25) for _ in range(64)]
        board = tuple((t, rng.choice(quarters_of(t))) if rng.random() < fill else None for t in tiles)
        for axes in ("any-axis", "fixed-axes"):
            for links in ("colour", "symbol"):
                paths = analyse(board, axes, links).paths
                for square, cell in enumerate(board):
                    if cell is None:
                        continue
                    expected = tuple(any(p.bodsoi and square in p.cells for p in paths[c]) for c in (0, 1))
                    assert bodsoi_through(board, axes, links, square) == expected, (seed, square, axes, links)
                    checked += 1
                    on_bodsoi += any(expected)
    assert checked > 10000 and on_bodsoi > 20  # the boards do hold Bodsoi paths to find


def test_bodsoi_redeal_keeps_the_no_bodsoi_mark_and_the_same_endings() -> None:
    """A re-dealt world keeps the mark that its board holds no Bodsoi (the search's first placement in it then checks
    only the chains through the new tile); every placement there gives the state, and the ending, that it gives in
    the same world read back from JSON, which has no mark and analyses the whole board. (That the chains through a
    square tell a Bodsoi as the whole analysis does, on boards full of them, is the test above.)"""
    game = GAMES["bodsoi"]
    compared = ended = 0
    for number, state in enumerate(positions(game, range(16), every=3)):  # 13,000 placements compared
        chances = game.chance_outcomes(state)  # positions are taken after placements: the draw comes first
        state = game.apply(state, chances[number % len(chances)][0], None) if chances else state
        if game.outcome(state) is not None or not game.actors(state):
            continue
        seat = min(game.actors(state))
        world = game.resample_hidden(state, seat, random.Random(number))
        assert state.__dict__.get("_no_bodsoi") is True and world.__dict__.get("_no_bodsoi") is True
        plain = game.from_json(game.to_json(world))
        assert "_no_bodsoi" not in plain.__dict__
        for action in game.legal_actions(world, seat):
            after, expected = game.apply(world, action, seat), game.apply(plain, action, seat)
            assert after == expected and game.outcome(after) == game.outcome(expected)
            compared += 1
            ended += game.outcome(after) is not None
    assert compared > 500 and ended > 0
