"""Deadlines that decide (issue 41, item 5): at a round's deadline the event's rule for the matches still running:
the organiser told (ping), a double forfeit, or the computer's adjudication (a win at 90 %, else a draw), with the
organiser's `/tournament result` still over it."""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import pytest

from data import Store
from matches import MatchService, Refusal
from rules import GAMES
from rules.outcomes import result_words
from tests.tournaments.test_service_e2e import OPEN, Clock, close_stores, services  # noqa: F401 (closes stores)
from tournaments import Tournament, TournamentService
from tournaments import rounds as rounds_module
from tournaments.adjudicator import THRESHOLD, Evaluation, evaluate, verdict
from tournaments.model import note_words
from tournaments.rounds import ADJUDICATED, FORFEITED, NOBODY_MOVED, ONE_SIDE_MOVED, Ruling

HOUR = 3600
PLAYERS = list(range(301, 309))


class AtOnce(Executor):
    """Runs the evaluation in the test's own process (a worker process is tested by the bot's pool elsewhere)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


# ---- the pure choice -------------------------------------------------------------------------------------------
def test_a_win_from_ninety_percent_else_a_draw() -> None:
    assert THRESHOLD == 0.9
    assert verdict((0.9, 0.1)) == 0 and verdict((0.05, 0.95)) == 1
    assert verdict((0.89, 0.11)) is None and verdict((0.5, 0.5)) is None
    assert verdict((0.92, 0.04, 0.04)) == 0 and verdict((0.6, 0.3, 0.1)) is None  # pods: one side clear, or nobody


def random_position(name: str, plies: int, seed: int) -> Any:
    game = GAMES[name]
    state = game.setup(2, game.check_options(2, {}))
    rng = random.Random(seed)
    for _ in range(plies):
        while game.is_chance(state):
            outcomes = game.chance_outcomes(state)
            state = game.apply(state, rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0], None)
        if game.is_over(state):
            break
        seat = min(game.actors(state))
        state = game.apply(state, rng.choice(game.legal_actions(state, seat)), seat)
    return state


@pytest.mark.parametrize("name", ["bodsoi", "sakamichi", "sanae"])
def test_hidden_information_is_judged_from_the_public_view_only(name: str) -> None:
    """Two positions nobody could tell apart from the public view (every hand and the bag re-dealt) get the same
    evaluation: the arbiter uses nothing a player could not know."""
    game = GAMES[name]
    state, other = next((s, o) for plies in range(5, 40) if not game.is_over(s := random_position(name, plies, 3))
                        if (o := game.resample_hidden(s, None, random.Random(99))) != s)
    assert game.view(other, None) == game.view(state, None)
    one = evaluate(game, state, [[0], [1]], "m1:6", iterations=40)
    assert one == evaluate(game, other, [[0], [1]], "m1:6", iterations=40)
    assert abs(sum(one.chances) - 1) < 1e-9 and one.deals > 1


def test_the_same_position_and_seed_give_the_same_evaluation() -> None:
    game = GAMES["cintos"]
    state = random_position("cintos", 8, 4)
    first = evaluate(game, state, [[0], [1]], "m7:8", iterations=60)
    assert first == evaluate(game, state, [[0], [1]], "m7:8", iterations=60)
    assert first.winner == verdict(first.chances) and first.deals == 1
    assert Evaluation.from_json(first.to_json()) == first


def test_a_decided_position_is_awarded_and_the_opening_is_not() -> None:
    game = GAMES["sakamichi"]
    state = random_position("sakamichi", 60, 5)  # a short game: played out at random, it is over
    outcome = game.outcome(state)
    assert outcome is not None and len(outcome.winners) == 1
    (winner,) = outcome.winners
    evaluation = evaluate(game, state, [[0], [1]], "end", iterations=40)
    assert evaluation.winner == winner and evaluation.chances[winner] == 1.0
    start = GAMES["cintos"].setup(2, GAMES["cintos"].check_options(2, {}))
    assert evaluate(GAMES["cintos"], start, [[0], [1]], "start", iterations=60).winner is None


@pytest.mark.parametrize(("position", "winner"), [
    ("R2R4/1RR5/1RR5/R2R4/4R2R/5RR1/5RB1/4R2R R-B- B 0 RB 21", 0),  # 15 pieces against 1
    ("R2R4/1BB5/1BB5/R2B4/4B2B/5BB1/5BB1/4B2B R-B- R 0 RB 20", 1),  # 3 against 13
    ("R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B R-B- R 0 RB 0", None),  # the start
])
def test_the_real_evaluation_awards_a_crushing_lead_and_draws_a_level_game(position: str, winner: int | None) -> None:
    game = GAMES["cintos"]
    evaluation = evaluate(game, game.from_position(position), [[0], [1]], "m1:20", iterations=200)
    assert evaluation.winner == winner, evaluation
    if winner is not None:
        assert evaluation.chances[winner] >= THRESHOLD


def test_a_game_still_in_its_setup_is_level() -> None:
    """Sanae with a layout still to choose: nobody is ahead before the game proper begins (the search's values of
    setup moves mean nothing; they read 95 % for the side that had laid out)."""
    game = GAMES["sanae"]
    state = random_position("sanae", 20, 0)
    assert "phase setup" in game.position(state)
    evaluation = evaluate(game, state, [[0], [1]], "setup", iterations=40)
    assert evaluation.chances == (0.5, 0.5) and evaluation.winner is None


# ---- the service at the deadline -------------------------------------------------------------------------------
async def on(target: str, clock: Clock, seed: int) -> tuple[Store, MatchService, TournamentService]:
    """A process's services on `target` (a SQLite file or a PostgreSQL URL), its store closed after the test."""
    store = await Store.open(target)
    OPEN.append(store)
    matches = MatchService(store, rng=random.Random(seed), clock=clock)
    return store, matches, TournamentService(matches, rng=random.Random(seed))


async def event_with(tournaments: TournamentService, players: int, deadline: str, rounds: int = 2) -> Tournament:
    event = await tournaments.create("cintos", "swiss", guild_id=1, channel_id=10, organiser_id=1, rounds=rounds,
                                     rated=True, time_control=86400, round_hours=2, deadline=deadline)
    for user in PLAYERS[:players]:
        await tournaments.join(event.id, user)
    return await tournaments.start(event.id, 1, organiser=True)


async def move(matches: MatchService, match_id: int, times: int = 1) -> None:
    for _ in range(times):
        match = await matches.get(match_id)
        user = match.user_at(match.actors()[0])
        await matches.act(match_id, user, (await matches.legal_texts(match_id, user))[0])


async def past_the_deadline(clock: Clock, tournaments: TournamentService) -> None:
    """The clock past the round's end (2 hours), and the scheduler's looks: the halfway notice, then the deadline."""
    clock.now += 2 * HOUR + 1
    await tournaments.send_notices()
    await tournaments.send_notices()


def listen(tournaments: TournamentService) -> tuple[list[list[Ruling]], list[tuple[int, int, int]]]:
    rulings: list[list[Ruling]] = []
    notices: list[tuple[int, int, int]] = []

    async def on_ruling(event: Tournament, found: list[Ruling]) -> None:
        rulings.append(found)

    async def on_notice(event: Tournament, level: int, tables: list[Any]) -> None:
        notices.append((event.id, level, len(tables)))

    tournaments.clock.on_ruling.append(on_ruling)
    tournaments.on_notice.append(on_notice)
    return rulings, notices


def fixed_chances(monkeypatch: pytest.MonkeyPatch, tournaments: TournamentService,
                  chances: tuple[float, ...]) -> list[str]:
    """The worker's evaluation replaced by fixed chances (the pure evaluation is tested above), run in this process;
    returns the seeds it was asked with."""
    seeds: list[str] = []
    tournaments.clock.executor = AtOnce()

    def fake(game_name: str, state_json: dict[str, Any], groups: list[list[int]], seed: str,
             iterations: int | None) -> dict[str, Any]:
        seeds.append(seed)
        return Evaluation(chances, verdict(chances), 1, 10).to_json()

    monkeypatch.setattr(rounds_module, "evaluate_json", fake)
    return seeds


async def test_deadline_modes_other_than_ping_need_a_round_length(tmp_path: Path) -> None:
    _store, _matches, tournaments = await services(tmp_path / "d.sqlite3", Clock(), 1)
    for mode in ("forfeit", "adjudicate"):
        with pytest.raises(Refusal, match="round-hours"):
            await tournaments.create("cintos", "swiss", guild_id=1, channel_id=10, organiser_id=1, deadline=mode)
    with pytest.raises(Refusal, match="ping, forfeit, adjudicate"):
        await tournaments.create("cintos", "swiss", guild_id=1, channel_id=10, organiser_id=1, round_hours=2,
                                 deadline="coin-toss")
    assert await tournaments.listing(1) == []  # nothing was created


async def test_ping_leaves_the_matches_running(tmp_path: Path) -> None:
    clock = Clock()
    _store, matches, tournaments = await services(tmp_path / "p.sqlite3", clock, 2)
    event = await event_with(tournaments, 4, "ping")
    rulings, notices = listen(tournaments)
    for table in event.round_tables():
        assert table.match_id is not None
        await move(matches, table.match_id, 2)
    clock.now += 2 * HOUR + 1
    await tournaments.send_notices()  # halfway
    await tournaments.send_notices()  # the deadline
    assert notices[-1] == (event.id, 2, 2) and rulings == []
    event = await tournaments.get(event.id)
    assert event.round == 1 and all(t.points is None for t in event.round_tables())


async def test_forfeit_ends_every_running_match_as_a_double_forfeit(tmp_path: Path) -> None:
    clock = Clock()
    _store, matches, tournaments = await services(tmp_path / "f.sqlite3", clock, 3)
    event = await event_with(tournaments, 4, "forfeit")
    rulings, notices = listen(tournaments)
    played, running = event.round_tables()
    assert played.match_id is not None and running.match_id is not None
    await move(matches, running.match_id, 3)
    while (await matches.get(played.match_id)).status == "active":  # this one ends before the deadline
        match = await matches.get(played.match_id)
        await matches.resign(played.match_id, match.user_at(0))
    await past_the_deadline(clock, tournaments)
    (found,) = rulings
    assert [(r.table.match_id, r.kind, r.winner) for r in found] == [(running.match_id, FORFEITED, None)]
    assert notices[-1] == (event.id, 2, 0)  # nothing left running to tell the organiser about
    event = await tournaments.get(event.id)
    first = [t for t in event.tables if t.round == 1]
    table = next(t for t in first if t.match_id == running.match_id)
    assert table.points == (0.0, 0.0) and not table.played
    assert (await matches.get(running.match_id)).status == "aborted"  # nobody's result, not rated
    finished = next(t for t in first if t.match_id == played.match_id)
    assert sorted(finished.points or ()) == [0.0, 1.0]  # the finished match keeps its own result
    assert event.round == 2  # the round was complete: the next one is paired


async def test_adjudicate_awards_a_win_at_ninety_percent_with_the_evaluation(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    _store, matches, tournaments = await services(tmp_path / "a.sqlite3", clock, 4)
    seeds = fixed_chances(monkeypatch, tournaments, (0.93, 0.07))
    event = await event_with(tournaments, 2, "adjudicate")
    rulings, _ = listen(tournaments)
    (table,) = event.round_tables()
    assert table.match_id is not None
    await move(matches, table.match_id, 4)
    await past_the_deadline(clock, tournaments)
    (found,) = rulings
    (ruling,) = found
    assert ruling.kind == ADJUDICATED and ruling.winner == 0 and ruling.evaluation is not None
    assert ruling.evaluation.chances == (0.93, 0.07)
    match = await matches.get(table.match_id)
    assert seeds == [f"{match.id}:4"]  # seeded by the match and its position: the same position, the same judgement
    assert match.status == "finished"
    result = match.result()
    assert result is not None and result.winners == frozenset({0})
    words = result_words(match.view(None), ["Ada", "Bo"])
    assert words is not None and words.sentence() == "Ada wins: The computer adjudicated it at the round's deadline."
    event = await tournaments.get(event.id)
    (decided,) = [t for t in event.tables if t.round == 1]
    assert decided.points == (1.0, 0.0) and decided.played and note_words(decided.note) == "adjudicated by the computer"


async def test_adjudicate_below_ninety_percent_is_a_draw_and_the_organiser_overrules(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    _store, matches, tournaments = await services(tmp_path / "b.sqlite3", clock, 5)
    fixed_chances(monkeypatch, tournaments, (0.35, 0.65))
    event = await event_with(tournaments, 2, "adjudicate", rounds=1)
    rulings, _ = listen(tournaments)
    (table,) = event.round_tables()
    assert table.match_id is not None
    await move(matches, table.match_id, 2)
    await past_the_deadline(clock, tournaments)
    assert [(r.kind, r.winner) for r in rulings[0]] == [(ADJUDICATED, None)]
    event = await tournaments.get(event.id)
    assert event.status == "finished" and event.tables[0].points == (0.5, 0.5)
    await tournaments.adjudicate(event.id, table.match_id, "second", 1, "Boss", organiser=True)  # overruled
    event = await tournaments.get(event.id)
    assert event.tables[0].points == (0.0, 1.0) and note_words(event.tables[0].note) == "adjudicated by Boss"
    assert await tournaments.send_notices() == 0  # nothing is decided again
    again = await tournaments.rematch(event.id, 1, organiser=True)
    assert again.settings().deadline == "adjudicate" and again.round_hours == 2  # a rematch keeps the rule


async def test_adjudicate_no_shows_and_a_real_evaluation(target: str) -> None:
    """Nobody moved: a double forfeit; one side moved: it wins by forfeit (not played); both moved: the computer's
    evaluation, here the real one (in this process, a small budget). Both backends."""
    clock = Clock()
    _store, matches, tournaments = await on(target, clock, 6)
    tournaments.clock.executor, tournaments.clock.iterations = AtOnce(), 40
    event = await event_with(tournaments, 6, "adjudicate")
    rulings, _ = listen(tournaments)
    idle, alone, both = event.round_tables()
    assert idle.match_id and alone.match_id and both.match_id
    (first,) = (await matches.get(alone.match_id)).actors()
    await move(matches, alone.match_id)
    await move(matches, both.match_id, 2)
    await past_the_deadline(clock, tournaments)
    kinds = {r.table.match_id: r for r in rulings[0]}
    assert kinds[idle.match_id].kind == NOBODY_MOVED and kinds[idle.match_id].double_forfeit
    assert kinds[alone.match_id].kind == ONE_SIDE_MOVED and kinds[alone.match_id].winner == first
    judged = kinds[both.match_id]
    assert judged.kind == ADJUDICATED and judged.evaluation is not None
    assert judged.winner == verdict(judged.evaluation.chances)
    event = await tournaments.get(event.id)
    tables = {t.match_id: t for t in event.tables if t.round == 1}
    assert tables[idle.match_id].points == (0.0, 0.0) and not tables[idle.match_id].played
    words = result_words((await matches.get(idle.match_id)).view(None), ["Ada", "Bo"])
    assert words is not None and words.sentence() == "Aborted: Double forfeit at the round's deadline."
    assert sorted(tables[alone.match_id].points or ()) == [0.0, 1.0] and not tables[alone.match_id].played
    assert tables[both.match_id].points is not None and tables[both.match_id].played
    assert event.round == 2


async def test_a_stop_in_the_middle_of_the_rulings_is_finished_at_the_next_look(
        target: str, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    _store, matches, tournaments = await on(target, clock, 7)
    fixed_chances(monkeypatch, tournaments, (0.97, 0.03))
    event = await event_with(tournaments, 2, "adjudicate")
    (table,) = event.round_tables()
    assert table.match_id is not None
    await move(matches, table.match_id, 2)
    clock.now += 2 * HOUR + 1
    await tournaments.send_notices()
    # The deadline notice is claimed, then the process stops before any ruling is written.
    event = await tournaments.get(event.id)
    assert await _store.tournaments.claim_round_notice(event.id, event.round, 2)
    _store2, _matches2, again = await on(target, clock, 8)  # the restarted process
    again.clock.executor = AtOnce()
    rulings, _ = listen(again)
    await again.send_notices()
    assert [(r.kind, r.winner) for r in rulings[0]] == [(ADJUDICATED, 0)]
    assert (await again.get(event.id)).tables[0].points == (1.0, 0.0)


async def test_a_pod_gives_first_place_to_the_side_at_ninety_percent(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Three sides at a table: the side at 90 % takes 1st and the others share 2nd (and 3rd: placement points 3
    for 1st, the mean of 1 and 0 for each of the others, as for any shared place)."""
    clock = Clock()
    _store, matches, tournaments = await services(tmp_path / "pods.sqlite3", clock, 9)
    fixed_chances(monkeypatch, tournaments, (0.04, 0.92, 0.04))
    event = await tournaments.create("sinoda", "pods", guild_id=1, channel_id=10, organiser_id=1, players=3,
                                     rounds=1, time_control=86400, round_hours=2, deadline="adjudicate")
    for user in PLAYERS[:3]:
        await tournaments.join(event.id, user)
    event = await tournaments.start(event.id, 1, organiser=True)
    rulings, _ = listen(tournaments)
    (table,) = event.round_tables()
    assert table.match_id is not None
    await move(matches, table.match_id, 3)  # every seat has moved
    await past_the_deadline(clock, tournaments)
    assert [(r.kind, r.winner) for r in rulings[0]] == [(ADJUDICATED, 1)]
    (decided,) = (await tournaments.get(event.id)).tables
    assert decided.places == (2, 1, 2) and decided.points == (0.5, 3.0, 0.5)
    match = await matches.get(table.match_id)
    result = match.result()
    assert match.status == "finished" and result is not None and result.winners == frozenset({1})


async def test_a_dropped_player_s_match_is_not_decided_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A drop resigns the player's match (a result before the deadline): the deadline decides only the others."""
    clock = Clock()
    _store, matches, tournaments = await services(tmp_path / "drop.sqlite3", clock, 10)
    fixed_chances(monkeypatch, tournaments, (0.5, 0.5))
    event = await event_with(tournaments, 4, "adjudicate")
    rulings, _ = listen(tournaments)
    left, stays = event.round_tables()
    assert left.match_id is not None and stays.match_id is not None
    await move(matches, left.match_id, 2)
    await move(matches, stays.match_id, 2)
    quitter = (await matches.get(left.match_id)).user_at(0)
    await tournaments.drop(event.id, quitter)
    await past_the_deadline(clock, tournaments)
    assert [(r.table.match_id, r.kind, r.winner) for r in rulings[0]] == [(stays.match_id, ADJUDICATED, None)]
    tables = {t.match_id: t for t in (await tournaments.get(event.id)).tables if t.round == 1}
    assert tables[left.match_id].points == (0.0, 1.0) and tables[left.match_id].note == ""
    assert tables[stays.match_id].points == (0.5, 0.5)
