"""The TRF-16 export as FIDE's pairing programs read it (issue 41, item 3): read back with tests/tournaments/trf16.py
(a byte-based reader written from FIDE's layout), and the next round paired from the exported file alone with our
Swiss rules, legal and equal to the bot's own pairing, round after round of a Swiss with drops, forfeits and byes."""

from __future__ import annotations

import csv
import io
import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from data.tournaments import EntrantRecord
from tests.tournaments.test_export import worked_example
from tests.tournaments.test_service_e2e import OPEN, Clock, close_stores, play_out, services  # noqa: F401 (fixture)
from tests.tournaments.trf16 import RESULT_POINTS, Report, read
from tests.tournaments.trf16 import history as file_history
from tournament_rules import Entrant, Game, swiss
from tournaments import Tournament
from tournaments.export import round_dates, standings_csv, trf

DAY = 86400.0
ROUND_ONE = 1_700_300_000.0  # 2023/11/18, days after the sign-up opened (created_at 2023/11/14)


def example(names: Mapping[int, str] | None = None) -> tuple[Tournament, dict[int, str]]:
    """The design note's worked example (five entrants, three rounds, C drops after round 2) with two entrants
    unrated (no rating in the game before the event) and a name outside ASCII."""
    event = worked_example()
    ratings = {1: 2.0, 2: 0.0, 3: 1.2, 4: 0.0, 5: -0.4}  # μ − 3σ; 0.0: nobody has rated them in this game
    event.entrants = [EntrantRecord(7, e.entrant, e.seed, e.members, ratings[e.entrant], e.dropped_after)
                      for e in event.entrants]
    return event, dict(names or {1: "Ada", 2: "Chiara Ōkubo", 3: "Cy", 4: "Dee", 5: "Eve"})


def dates(rounds: int) -> dict[int, float]:
    return {r: ROUND_ONE + (r - 1) * 2 * DAY for r in range(1, rounds + 1)}


def test_every_line_ends_in_cr_lf_and_holds_ascii_only() -> None:
    event, names = example()
    data = trf(event, names, dates(3)).encode("utf-8")
    assert max(data) < 128, "a byte-based reader counts one column per byte: the file must be ASCII"
    assert data.count(b"\n") == data.count(b"\r\n") and data.endswith(b"\r\n")
    read(data)  # the reader accepts it


def test_a_name_outside_ascii_is_transliterated_in_the_trf_and_kept_whole_in_the_csv() -> None:
    event, names = example()
    report = read(trf(event, names, dates(3)).encode("utf-8"))
    chiara = next(p for p in report.players.values() if p.name.startswith("Chiara"))
    assert chiara.name == "Chiara Okubo"
    # the columns after the name are where FIDE puts them, counted in bytes
    standing = {s.entrant: s for s in event.standings()}[2]
    assert (chiara.points, chiara.rank) == (standing.points, standing.rank)
    assert [e.result for _, e in sorted(chiara.rounds.items())] == ["=", "1", "="]
    rows = list(csv.DictReader(io.StringIO(standings_csv(event, names))))
    assert "Chiara Ōkubo" in [r["name"] for r in rows]


@pytest.mark.parametrize(("name", "ascii_name"), [
    ("Zoë Brontë", "Zoe Bronte"), ("Björn Ångström", "Bjorn Angstrom"), ("Łukasz Żuk", "Lukasz Zuk"),
    ("Søren Straße", "Soren Strasse"), ("Þóra Æsa", "Thora AEsa"), ("Dvořák\n\tthe  2nd", "Dvorak the 2nd"),
    ("李小龍", "entrant 2"), ("🎲 Dice 🎲", "Dice"), ("x" * 40, "x" * 33)])
def test_names_become_ascii_that_still_reads(name: str, ascii_name: str) -> None:
    event, names = example({1: "Ada", 2: name, 3: "Cy", 4: "Dee", 5: "Eve"})
    data = trf(event, names, dates(3)).encode("utf-8")
    assert max(data) < 128
    starts = {p.name: s for s, p in read(data).players.items()}
    assert ascii_name in starts


def test_xxr_gives_the_rounds() -> None:
    event, names = example()
    report = read(trf(event, names, dates(3)).encode("utf-8"))
    assert report.rounds == 3  # XXR: what JaVaFo and bbpPairings need to check or pair a round
    assert report.tag("XXC") == "white1"  # round 1: the top seed moved first (board 1, the first seat)
    first = {p.start: p.rounds[1] for p in report.players.values()}
    assert first[1].colour == "w"


def test_042_is_round_ones_date_and_052_the_end() -> None:
    event, names = example()
    report = read(trf(event, names, dates(3)).encode("utf-8"))
    assert report.tag("042") == "2023/11/18"  # round 1's date, not the sign-up's (2023/11/14)
    assert report.round_dates == {1: "23/11/18", 2: "23/11/20", 3: "23/11/22"}
    assert report.tag("052") == "2023/11/20"  # finished (updated_at 1_700_500_000)


def test_a_rating_only_where_there_is_one_and_072_counts_them() -> None:
    event, names = example()
    report = read(trf(event, names, dates(3)).encode("utf-8"))
    ratings = {p.name: p.rating for p in report.players.values()}
    assert ratings == {"Ada": 1550, "Chiara Okubo": None, "Cy": 1530, "Dee": None, "Eve": 1490}
    assert report.tag("072") == "3" == str(sum(r is not None for r in ratings.values()))
    assert report.tag("062") == "5"
    # the starting ranks: rating before the event (unrated as 0), then sign-up
    assert [report.players[s].name for s in sorted(report.players)] == ["Ada", "Cy", "Chiara Okubo", "Dee", "Eve"]


def test_teams_drawn_each_round_have_no_trf() -> None:
    event, names = example()
    event.record = replace(event.record, teams="per-round")
    with pytest.raises(ValueError, match="teams drawn each round"):
        trf(event, names, dates(3))


def check_points(report: Report, bye_points: float) -> None:
    """Every 001 line's points are what its results add up to (a pairing program checks them)."""
    for player in report.players.values():
        total = sum(bye_points if e.result == "U" else 0.0 if not e.opponent else RESULT_POINTS[e.result]
                    for e in player.rounds.values())
        assert player.points == total, player


def check_legal(entrants: Sequence[Entrant], games: Sequence[Game], pairing: Sequence[Game], round_no: int) -> None:
    """Our Swiss rules' hard ones, checked here on the file's history: everyone still in once, nobody else; no
    rematch; no second bye; a bye only for an odd number present."""
    present = {e.id for e in entrants if e.dropped_after is None or e.dropped_after >= round_no}
    assert sorted(p for g in pairing for p in g.entrants) == sorted(present)
    met = {frozenset(g.entrants) for g in games if len(g.entrants) == 2}
    had_bye = {g.entrants[0] for g in games if g.is_bye}
    for game in pairing:
        assert game.round == round_no
        if game.is_bye:
            assert game.entrants[0] not in had_bye
        else:
            assert len(game.entrants) == 2 and frozenset(game.entrants) not in met
    assert sum(g.is_bye for g in pairing) == len(present) % 2


PLAYERS = list(range(301, 312))  # eleven: a bye every round
PLAYER_NAMES = ["Ada", "Chiara Ōkubo", "Zoë", "Björn", "Łukasz", "Søren", "Þóra", "Dvořák", "Eve", "Fay", "Gus"]
PLAYER_ASCII = ["Ada", "Chiara Okubo", "Zoe", "Bjorn", "Lukasz", "Soren", "Thora", "Dvorak", "Eve", "Fay", "Gus"]
RATED = {301: 1.5, 303: 4.0, 305: -2.0, 308: 4.0, 310: 0.7}  # μ − 3σ of five players; the rest unrated


@pytest.mark.parametrize("bye_points", [1.0, 0.5])
async def test_the_next_round_paired_from_the_file_alone_is_the_bots(tmp_path: Path, bye_points: float,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    clock.now = ROUND_ONE
    store, matches, tournaments = await services(tmp_path / "t.sqlite3", clock, 5)

    async def ratings_for(game: str, user_ids: Sequence[int]) -> dict[int, float]:
        return {u: RATED[u] for u in user_ids if u in RATED}

    monkeypatch.setattr(store.tournaments, "ratings_for", ratings_for)  # the ratings the event is seeded by
    event = await tournaments.create("cintos", "swiss", guild_id=1, channel_id=10, organiser_id=1, rounds=5,
                                     bye_points=bye_points)
    for user in PLAYERS:
        await tournaments.join(event.id, user)
    event = await tournaments.start(event.id, 1, organiser=True)
    names = {e.entrant: PLAYER_NAMES[PLAYERS.index(e.members[0])] for e in event.entrants}
    ascii_names = {e.entrant: PLAYER_ASCII[PLAYERS.index(e.members[0])] for e in event.entrants}
    rng = random.Random(11)
    styles = ["resign", "draw", "first", "second", "double-forfeit", "resign"]
    checked = 0
    while event.status == "running":
        round_no = event.round
        tables = [t for t in event.round_tables() if t.match_id is not None]
        for i, table in enumerate(tables):
            assert table.match_id is not None
            if round_no == 2 and i == 0:  # a drop while the match runs: it is resigned, they are out from round 3
                dropper = event.entrant(table.entrants[1]).members[0]
                event, _ = await tournaments.drop(event.id, dropper)
                continue
            style = rng.choice(styles)
            if style == "resign":
                await play_out(matches, table.match_id, rng, "resign")
            else:
                await tournaments.adjudicate(event.id, table.match_id, style, 1, "org", organiser=True)
            if round_no == 3 and i == 0:  # a drop once their game is over: out from round 4
                event, _ = await tournaments.drop(event.id, event.entrant(table.entrants[0]).members[0])
        clock.now += 2 * DAY
        event = await tournaments.get(event.id)
        if event.status != "running":
            break
        assert event.round == round_no + 1
        report = read(trf(event, names, await round_dates(matches, event)).encode("utf-8"))
        settings, entrants, games, next_round = file_history(report)
        assert next_round == event.round and settings.rounds == 5 and settings.bye_points == bye_points
        check_points(report, bye_points)
        ours = swiss.pair(settings, entrants, games, next_round)
        check_legal(entrants, games, ours, next_round)
        start = {p.name: s for s, p in report.players.items()}
        bots = [tuple(start[ascii_names[e]] for e in t.entrants) for t in event.round_tables()]
        assert [g.entrants for g in ours] == bots, f"round {next_round}"
        checked += 1
    assert checked == 4 and event.status == "finished"
    final = read(trf(event, names, await round_dates(matches, event)).encode("utf-8"))
    assert max(len(p.rounds) for p in final.players.values()) == 5  # no round to pair after the last
    out = [p for p in final.players.values() if any(e.result == "Z" for e in p.rounds.values())]
    assert len(out) == 2
