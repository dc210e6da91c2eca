"""analysis.analyse on whole games and analysis.analyse_move on single positions: blunders seen in every game,
repeatable for a seed, blind to what the mover could not see, stored and read back equal."""

from __future__ import annotations

import functools
import json
import random

import pytest

from analysis import AnalysedMove, Analysis, Record, analyse, analyse_move, label, move_accuracy
from analysis.values import SCORERS, Scorer
from players import Budget
from players.arena import uniform
from players.play import has_hidden_information
from rules import GAMES, Action, Configuration, Game, State
from tests.analysis.positions import losing_positions
from tests.analysis.records import play_logged
from tests.players.positions import positions
from tests.players.remembering import Remembered

QUICK = Budget(iterations=40)
HIDDEN = [game for game in GAMES.values() if has_hidden_information(game)]
# Every game at each of its player counts, and Sinoda's teams: the sides share one winning chance.
CONFIGS = [(game, config) for game in GAMES.values() for config in game.configurations()
           if not config.options or "teams" in config.options]
# Seeds of losing_positions that find a position quickly in each game.
SANITY_SEEDS = {"cintos": 4, "sanae": 5}
BODSOI_DECISIONS = 4  # Bodsoi's first moves have a hundred placements, each looked at: its games are cut shorter


def short_game(game: Game, config: Configuration, seed: int, decisions: int = 10) -> Record:
    """The first `decisions` decisions of a game of uniformly random moves."""
    seats = [uniform(game, seed + seat) for seat in range(config.players)]
    return play_logged(game, config, seats, random.Random(seed), limit=decisions).record


def label_of(item: tuple[Game, Configuration]) -> str:
    game, config = item
    return f"{game.name}-{config.players}" + "".join(f"-{v}" for v in config.options.values())


ANALYSED = Budget(iterations=4)  # each short game's analysis; the budget still scores MIN_WORLDS worlds a move


@functools.cache
def analysed(game: Game, config: Configuration) -> tuple[Record, Analysis, tuple[tuple[int, int], ...]]:
    """A short random game of `config`, its analysis (seed 3) and the progress it reported: the test of every
    configuration reads it, the same-seed test analyses it again (one analysis each, not two)."""
    record = short_game(game, config, seed=len(label_of((game, config))),
                        decisions=BODSOI_DECISIONS if game.name == "bodsoi" else 10)
    seen: list[tuple[int, int]] = []
    result = analyse(game, record, budget_per_position=ANALYSED, seed=3,
                     progress=lambda done, total: seen.append((done, total)))
    return record, result, tuple(seen)


@pytest.mark.parametrize("item", CONFIGS, ids=[label_of(item) for item in CONFIGS])
def test_every_game_and_player_count_analyses_a_short_random_game(item: tuple[Game, Configuration]) -> None:
    game, config = item
    record, result, seen = analysed(game, config)
    lines = [line for line in record.log if line[0] is not None]
    assert len(result.moves) == len(lines) > 0
    assert seen == tuple((i, len(lines)) for i in range(1, len(lines) + 1))  # "analysing: move i of n"
    assert [m.seat for m in result.moves] == [seat for seat, _ in lines]
    assert [m.notation for m in result.moves] == [text for _, text in lines]
    assert {seat for side in result.sides for seat in side} == set(range(config.players))
    for move in result.moves:
        if move.kind == "setup":
            continue
        assert move.before is not None and move.after is not None
        assert len(move.before) == len(move.after) == config.players
        for chances in (move.before, move.after):
            assert all(0 <= c <= 100 for c in chances)
            # a side's seats share one chance, and the sides' chances make 100
            assert sum(chances[side[0]] for side in result.sides) == pytest.approx(100, abs=0.05)
            assert all(chances[s] == chances[side[0]] for side in result.sides for s in side)
        if move.kind == "move":
            assert move.drop is not None and move.drop >= 0
            assert move.drop == pytest.approx(move.before[move.seat] - move.after[move.seat], abs=0.011)
            assert move.accuracy == round(move_accuracy(move.drop), 2) and move.label == label(move.drop)
            assert move.best is not None and move.worlds >= 8
    for summary in result.summaries:
        assert summary.moves == len(result.judged(summary.seat))
        assert summary.accuracy is None if summary.moves == 0 else 0 <= (summary.accuracy or 0) <= 100


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_a_move_that_loses_at_once_is_a_blunder(game: Game) -> None:
    """Positions built from the rules: the move lets the next side win at once, or loses by itself."""
    found = losing_positions(game, 1, seed=SANITY_SEEDS.get(game.name, 1))
    assert found, "no position with a move that loses at once was found"
    for state, seat, losing in found:
        judged = analyse_move(game, state, seat, losing, budget=QUICK, seed=1, n=7)
        assert judged.label == "blunder", (game.position(state), judged)
        raw = analyse_move(game, state, seat, losing, budget=QUICK, seed=1, n=7, calibrated=False)
        # lost in (nearly) every world it could see: on the engine's own scale (a calibrated chance also says how
        # often such positions were won, in Sakamichi a third)
        assert raw.after is not None and raw.after[seat] <= 25.0
        assert judged.best is not None and judged.best != judged.notation


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_the_same_seed_gives_the_same_analysis(game: Game) -> None:
    """The first analysis is the one the test of every configuration reads (computed here if this process has not
    yet): the same record, budget and seed analysed again give it exactly."""
    record, first, _ = analysed(game, game.configurations()[0])
    assert analyse(game, record, budget_per_position=ANALYSED, seed=3) == first
    assert first.seed == 3 and first.iterations == ANALYSED.iterations
    assert any(move.kind == "move" for move in first.moves)  # judged moves were compared, not only setups


def remembered(score: Scorer) -> Scorer:
    """`score`, remembering each value by everything it is given (the world whole, the move, the seat, the random
    stream's state, the sides) and putting the stream where the scoring left it. The scoring is pure: handed what
    it was handed before, it answers as before; a judgement that lets the true secrets in hands it other worlds,
    which are scored afresh (Sanae's scoring was most of this test's time, three times over)."""
    values: Remembered[tuple[float, ...] | None] = Remembered()

    def scoring(game: Game, world: State, action: Action, seat: int, rng: random.Random,
                teams: list[tuple[int, ...]]) -> tuple[float, ...] | None:
        handed = (game.name, game.position(world), action, seat, tuple(teams))
        return values.answer(handed, rng, lambda: score(game, world, action, seat, rng, teams))

    return scoring


@pytest.mark.parametrize("game", HIDDEN, ids=[game.name for game in HIDDEN])
def test_a_move_is_judged_on_what_its_mover_could_know(game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    """Re-dealing what the mover could not see (a different true hidden state, the same view of the mover) leaves
    that move's judgement unchanged for a fixed seed."""
    for name, score in list(SCORERS.items()):  # the games that score a move their own way (Sanae)
        monkeypatch.setitem(SCORERS, name, remembered(score))
    redealt = 0
    for number, state in enumerate(positions(game, game.configurations()[0], 4, seed=21)):
        seat = min(game.actors(state))
        legal = game.legal_actions(state, seat)
        played = random.Random(number).choice(legal)
        mine = analyse_move(game, state, seat, played, budget=QUICK, seed=9, n=number)
        for k in range(2):
            other = game.resample_hidden(state, seat, random.Random(300 + k))
            assert game.view(other, seat) == game.view(state, seat)
            redealt += other != state
            assert analyse_move(game, other, seat, played, budget=QUICK, seed=9, n=number) == mine, \
                (game.position(state), game.position(other))
    assert redealt >= 4  # the proof is not empty: the true secrets really were different


def test_an_analysis_reads_back_from_json_equal() -> None:
    game = GAMES["sinoda"]
    record = short_game(game, Configuration(4, {"teams": "2x2"}), seed=2, decisions=8)
    result = analyse(game, record, budget_per_position=Budget(iterations=8), seed="a1b2c3")
    text = json.dumps(result.to_json())
    assert Analysis.from_json(json.loads(text)) == result
    assert result.labelled() == [m for m in result.moves if m.label is not None]
    with pytest.raises(ValueError, match="not a tabletop-analysis"):
        Analysis.from_json({**result.to_json(), "version": 99})
    move = AnalysedMove(3, 1, "resign", "resign")
    assert AnalysedMove.from_json(json.loads(json.dumps(move.to_json()))) == move


def test_a_record_reads_an_export_and_a_resignation_is_not_judged() -> None:
    game = GAMES["cintos"]
    record = short_game(game, Configuration(2), seed=4, decisions=4)
    log = [*record.log, (0, "resign")]
    exported = {"players": 2, "options": {}, "log": [{"n": n, "seat": seat, "text": text, "time": "x"}
                                                    for n, (seat, text) in reversed(list(enumerate(log, start=1)))]}
    read = Record.from_export(exported)
    assert read == Record.of(2, {}, log)
    result = analyse(game, read, budget_per_position=Budget(iterations=4), seed=1)
    assert result.moves[-1].kind == "resign" and result.moves[-1].before is None
    assert result.moves[-1].n == len(log)
