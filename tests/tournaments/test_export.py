"""Exports (tournaments/export.py): the design note's worked example as CSV and as a FIDE TRF-16 file read back by its
fixed columns, and the command line on a real database."""

from __future__ import annotations

import asyncio
import csv
import io
import random
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import i18n
from data.tournaments import EntrantRecord, TableRecord, TournamentRecord
from tests.tournaments.test_service_e2e import OPEN, Clock, close_stores, services  # noqa: F401 (closes stores)
from tests.tournaments.trf16 import read
from tournaments import Tournament
from tournaments.export import main, pairings_csv, standings_csv, trf
from tournaments.model import Sides

A, B, C, D, E = range(1, 6)
NAMES = {A: "Ada", B: "Bob", C: "Cy", D: "Dee", E: "Eve"}


def worked_example() -> Tournament:
    """design/tournaments.md: five seeded A > B > C > D > E, three rounds, C drops after round 2."""
    record = TournamentRecord(7, 1, 10, None, 99, "cintos", "swiss", 2, {}, 86400, "forfeit", 3, None, None, True,
                              "none", "finished", 3, {"bye_points": 1.0}, 1_700_000_000.0, 1_700_500_000.0)
    entrants = [EntrantRecord(7, e, e - 1, (1000 + e,), 1.0 - e / 10, 2 if e == C else None) for e in range(1, 6)]
    rows = [(1, 1, (A, C), (1.0, 0.0), True), (1, 2, (B, D), (0.5, 0.5), True), (1, 3, (E,), (1.0,), False),
            (2, 1, (A, E), (1.0, 0.0), True), (2, 2, (B, C), (1.0, 0.0), True), (2, 3, (D,), (1.0,), False),
            (3, 1, (A, B), (0.5, 0.5), True), (3, 2, (D, E), (0.0, 1.0), True)]
    tables = [TableRecord(7, r, b, es, 100 + 10 * r + b if len(es) > 1 else None, pts, None, played, "")
              for r, b, es, pts, played in rows]
    return Tournament(record, [], entrants, tables, "Cintos", Sides(((0,), (1,))))


def test_standings_and_pairings_as_csv() -> None:
    event = worked_example()
    rows = list(csv.DictReader(io.StringIO(standings_csv(event, NAMES))))
    got = [(r["name"], float(r["points"]), float(r["buchholz_cut1"]), float(r["sonneborn_berger"]), int(r["wins"]),
            r["withdrawn"]) for r in rows]
    assert got == [("Ada", 2.5, 4.0, 3.0, 2, "0"), ("Eve", 2.0, 4.5, 1.5, 1, "0"), ("Bob", 2.0, 4.0, 2.0, 1, "0"),
                   ("Dee", 1.5, 4.0, 1.0, 0, "0"), ("Cy", 0.0, 4.5, 0.0, 0, "1")]
    assert [rows[1][f"round_{r}"] for r in (1, 2, 3)] == ["B", "L", "W"]
    pairings = list(csv.DictReader(io.StringIO(pairings_csv(event, NAMES))))
    assert len(pairings) == 2 * 6 + 2  # six games of two, two byes
    first = pairings[0]
    assert (first["round"], first["board"], first["seat"], first["name"], first["result"], first["played"]) == \
        ("1", "1", "1", "Ada", "W", "1")


def test_the_csv_files_stay_the_same_in_every_language() -> None:
    """A data format: a German asker's export has the English columns, result codes and notes (a note is stored
    as facts, "computer" or "organiser:<name>", and written out as it always was)."""
    event = worked_example()
    event.tables[0] = replace(event.tables[0], note="computer")
    event.tables[1] = replace(event.tables[1], note="organiser:Boss")
    english = pairings_csv(event, NAMES), standings_csv(event, NAMES)
    with i18n.speaking("de"):
        assert (pairings_csv(event, NAMES), standings_csv(event, NAMES)) == english
    notes = [row["note"] for row in csv.DictReader(io.StringIO(english[0]))]
    assert notes[:4] == ["adjudicated by the computer"] * 2 + ["adjudicated by Boss"] * 2


DOCS = Path(__file__).resolve().parents[2] / "docs" / "organisers" / "tournaments.md"


def docs_bullet(file_name: str) -> str:
    """The Exports section's bullet about `file_name` (up to the next bullet or paragraph)."""
    section = DOCS.read_text(encoding="utf-8").split("\n## Exports\n", 1)[1].split("\n## ", 1)[0]
    start = section.index(f"- `{file_name}`")
    return re.split(r"\n(?:- |\n)", section[start + 2:], maxsplit=1)[0]


@pytest.mark.parametrize("kind", ["standings", "pairings"])
def test_the_docs_list_every_csv_column_in_order(kind: str) -> None:
    """docs/organisers/tournaments.md names each column as the header does (`place` was missing), in its order."""
    event = worked_example()
    text = standings_csv(event, NAMES) if kind == "standings" else pairings_csv(event, NAMES)
    head = [c for c in next(csv.reader(io.StringIO(text))) if not c.startswith("round_") or c == "round_1"]
    listed = [word for word in re.findall(r"`([a-z_0-9]+)`", docs_bullet(f"tournament-<n>-{kind}.csv"))
              if word in head]
    assert listed == head


def trf_fields(line: str) -> dict[str, Any]:
    """A 001 line by the columns of TRF-16 (1-based, inclusive)."""
    def cols(a: int, b: int) -> str:
        return line[a - 1:b].strip()
    rounds = []
    start = 92
    while len(line) >= start:
        rounds.append((cols(start, start + 3), cols(start + 5, start + 5), cols(start + 7, start + 7)))
        start += 10
    return {"id": cols(1, 3), "start": cols(5, 8), "name": cols(15, 47), "rating": cols(49, 52),
            "points": cols(81, 84), "rank": cols(86, 89), "rounds": rounds}


def test_trf16_reads_back_column_by_column() -> None:
    text = trf(worked_example(), NAMES, {1: 1_700_000_000.0, 2: 1_700_100_000.0, 3: 1_700_200_000.0})
    lines = text.splitlines()
    assert lines[0].startswith("012 Cintos Swiss") and "042 2023/11/14" in lines
    dated = next(x for x in lines if x.startswith("132"))
    assert dated[91:99] == "23/11/14" and dated[101:109] == "23/11/16"
    players = {f["name"]: f for f in (trf_fields(x) for x in lines if x.startswith("001"))}
    assert [(n, f["start"], f["points"], f["rank"]) for n, f in players.items()] == [
        ("Ada", "1", "2.5", "1"), ("Bob", "2", "2.0", "3"), ("Cy", "3", "0.0", "5"), ("Dee", "4", "1.5", "4"),
        ("Eve", "5", "2.0", "2")]
    assert players["Ada"]["rounds"] == [("3", "w", "1"), ("5", "w", "1"), ("2", "w", "=")]
    assert players["Eve"]["rounds"] == [("0000", "-", "U"), ("1", "b", "0"), ("4", "b", "1")]
    assert players["Cy"]["rounds"] == [("1", "b", "0"), ("2", "b", "0"), ("0000", "-", "Z")]
    assert players["Dee"]["rounds"][1] == ("0000", "-", "U")


async def test_the_command_line_writes_every_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "x.sqlite3"
    store, matches, tournaments = await services(path, Clock(), 31)
    event = await tournaments.create("cintos", "swiss", guild_id=1, channel_id=10, organiser_id=1, rounds=1)
    for user in (401, 402, 403):
        await tournaments.join(event.id, user)
    event = await tournaments.start(event.id, 1, organiser=True)
    (table, _bye) = event.round_tables()
    match = await matches.get(table.match_id or 0)
    rng = random.Random(1)
    for _ in range(2):
        user = match.user_at(match.actors()[0])
        await matches.act(match.id, user, rng.choice(await matches.legal_texts(match.id, user)))
    await matches.resign(match.id, match.user_at(0))
    OPEN.remove(store)
    await store.close()
    out = tmp_path / "out"
    out.mkdir()
    assert await asyncio.to_thread(main, [str(path), str(event.id), "--out", str(out)]) == 0
    names = sorted(p.name for p in out.iterdir())
    assert names == [f"tournament-{event.id}-pairings.csv", f"tournament-{event.id}-standings.csv",
                     f"tournament-{event.id}.trf"]
    assert capsys.readouterr().out.count("tournament-") == 3
    report = read((out / f"tournament-{event.id}.trf").read_bytes())  # CR LF and byte columns, as written
    assert sorted(p.rounds[1].result for p in report.players.values()) == ["0", "1", "U"]
    assert report.rounds == 1 and report.tag("042")
    assert await asyncio.to_thread(main, [str(path), "99"]) == 2
    assert "no tournament #99" in capsys.readouterr().err.lower()
    assert await asyncio.to_thread(main, [str(tmp_path / "missing.sqlite3"), "1"]) == 2
    assert "no such database" in capsys.readouterr().err
    assert main(["only-one"]) == 2 and "usage" in capsys.readouterr().err
