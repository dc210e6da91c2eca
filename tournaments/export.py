"""A tournament's exports: standings and pairings as CSV, and for Swiss the FIDE Tournament Report File (TRF-16) to
check the pairings with any pairing program; `python -m tournaments.export` writes them from a database (`main`)."""

from __future__ import annotations

import asyncio
import csv
import io
import sys
import unicodedata
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path

import i18n
import tournament_rules
from data import Store, StoreUnavailable
from data.tournaments import TableRecord
from data.urls import is_url
from matches import MatchService, Refusal
from ratings import display
from tournament_rules.standings import result_code
from tournaments.model import Tournament, note_words

USAGE = "usage: python -m tournaments.export DATABASE TOURNAMENT [--out FOLDER]"
TRF_RESULTS = {"W": "1", "D": "=", "L": "0", "F+": "+", "F-": "-"}


def _csv(rows: Sequence[Sequence[object]]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def standings_csv(event: Tournament, names: Mapping[int, str]) -> str:
    """Rank (position in the table), place (among those still in; empty once withdrawn), entrant number, name,
    members (user ids), points, tie-breaks, and the result of every round (W D L, F+ F- forfeits, B bye, - absent,
    … being played; pods: the place)."""
    rows = event.standings()
    rounds = max((len(s.results) for s in rows), default=0)
    head = ["rank", "place", "entrant", "name", "members", "points", "buchholz_cut1", "sonneborn_berger", "direct",
            "wins", "withdrawn", *(f"round_{r}" for r in range(1, rounds + 1))]
    body = [[s.rank, "" if s.place is None else s.place, s.entrant, names.get(s.entrant, ""),
             " ".join(map(str, event.entrant(s.entrant).members)),
             s.points, s.buchholz_cut1, s.sonneborn_berger, "" if s.direct is None else s.direct, s.wins,
             int(s.withdrawn), *s.results, *[""] * (rounds - len(s.results))] for s in rows]
    return _csv([head, *body])


def note(table: TableRecord) -> str:
    """A table's note as the CSV files have always written it, in English whoever asks ("adjudicated by the computer",
    "adjudicated by Ada"): a data format, the same in every language."""
    with i18n.speaking(i18n.ENGLISH):
        return note_words(table.note)


def pairings_csv(event: Tournament, names: Mapping[int, str]) -> str:
    """One row per entrant per table, in round and board order: its seat (1 moves first), its points and place from
    the table, its result code, whether the game was played over the board, the match and any note."""
    head = ["round", "board", "match", "seat", "entrant", "name", "points", "place", "result", "played", "note"]
    body = []
    for table, game in zip(event.tables, event.core_games(), strict=True):
        for seat, entrant in enumerate(table.entrants):
            points = "" if table.points is None else table.points[seat]
            place = "" if table.places is None else table.places[seat]
            code = "…" if game.points is None else result_code(game, entrant)
            body.append([table.round, table.board, table.match_id or "", seat + 1, entrant, names.get(entrant, ""),
                         points, place, code, int(table.played) if table.points is not None else "", note(table)])
    return _csv([head, *body])


def _date(moment: float | None, short: bool = False) -> str:
    if moment is None:
        return ""
    return datetime.fromtimestamp(moment, UTC).strftime("%y/%m/%d" if short else "%Y/%m/%d")


def trf(event: Tournament, names: Mapping[int, str], round_dates: Mapping[int, float] | None = None) -> str:
    """The event as a TRF-16 file (FIDE Handbook C.04 Annex 2) as pairing programs (JaVaFo, bbpPairings) read it:
    printable ASCII only, so every column counts one byte (names transliterated: `ascii_text`), every line ended by
    CR LF. Tournament lines (042 round 1's date, 052 the end once finished, 072 the entrants whose line carries a
    rating), `XXR` the Swiss rounds, `XXC white1` (the top seed moved first in round 1), `BBU` the bye's points
    unless 1; then one 001 line per entrant by starting rank (rating before the event, then sign-up), with the
    rounds whose every result is in: opponent's starting rank, colour (w: moved first), result (1 = 0, + -
    forfeits, U the pairing-allocated bye, Z absent). While a Swiss round is still to be paired, those already out
    of it carry its Z too, which is how a pairing program knows whom to leave out. With a top cut, the Swiss rounds
    only. Teams drawn anew each round have no TRF (a table there is no pair of entrants)."""
    if event.record.format != "swiss":
        raise ValueError("A TRF file is written for Swiss tournaments.")
    if event.per_round:
        raise ValueError("A TRF file pairs entrants one against one: teams drawn each round have none.")
    order = sorted(event.entrants, key=lambda e: (-e.rating, e.seed))
    start = {e.entrant: i + 1 for i, e in enumerate(order)}
    complete = [r for r in range(1, event.round + 1)
                if event.round_tables(r) and all(t.points is not None for t in event.round_tables(r))]
    stage = event.stage_rounds()
    if stage is not None:  # a top cut's playoff is no Swiss round: the file holds the Swiss stage
        complete = [r for r in complete if r <= stage]
    swiss_rounds = stage if stage is not None else event.total_rounds() or 0
    last = max(complete, default=0)
    # the round a pairing program would pair next, if the Swiss stage has one left
    upcoming = last + 1 if event.status in ("running", "paused") and last < swiss_rounds else None
    standing = {s.entrant: s for s in event.standings(before_round=last + 1)}
    games = [g for g in event.core_games() if g.round <= last]
    dates = round_dates or {}
    settings = event.settings()
    title = ascii_text(event.title().replace(" · ", " - "))
    ratings = {e.entrant: _trf_rating(e.rating) for e in order}
    began = dates.get(1, event.record.round_started if event.round == 1 else None)
    lines = [f"012 {title}", "022 Discord", "032", f"042 {_date(began)}",
             f"052 {_date(event.record.updated_at) if event.status == 'finished' else ''}",
             f"062 {len(order)}", f"072 {sum(r is not None for r in ratings.values())}",
             f"092 Swiss (Tabletop {ascii_text(event.game_title)})", f"102 organiser {event.record.organiser_id}",
             f"122 {title.split(' - ')[-1]}"]
    dated = "132" + " " * 88 + "".join(f"{_date(dates.get(r), short=True):<8}  " for r in complete)
    lines.append(dated.rstrip())
    lines += [f"XXR {swiss_rounds}", "XXC white1"]
    if settings.bye_points != 1.0:  # bbpPairings' points of a pairing-allocated bye (1 unless said)
        lines.append(f"BBU {settings.bye_points:4.1f}")
    for entrant in order:
        me = entrant.entrant
        row = standing.get(me)
        rating = ratings[me]
        # columns 1-3 001, 5-8 starting rank, 10 sex, 11-13 title, 15-47 name, 49-52 rating, 54-56 federation,
        # 58-68 FIDE id, 70-79 birth date, 81-84 points, 86-89 rank; from 92 ten columns per round
        name = ascii_text(names.get(me, "")) or f"entrant {me}"
        line = (f"001 {start[me]:>4} {'':1}{'':3} {name[:33]:<33} {'' if rating is None else rating:>4} "
                f"{'':3} {'':>11} {'':10} {row.points if row else 0.0:>4.1f} {row.rank if row else 0:>4}  ")
        cells = [_trf_round(games, r, me, start) for r in complete]
        if upcoming is not None and entrant.dropped_after is not None and entrant.dropped_after < upcoming:
            cells.append("0000 - Z")
        line += "  ".join(cells)
        lines.append(line.rstrip())
    return "".join(f"{line}\r\n" for line in lines)


def _trf_rating(ordinal: float) -> int | None:
    """The rating field: the number shown before the event, or blank for an entrant nobody has rated in the game
    (seeded at ordinal 0, so every line does not carry the same 1500 as if rated)."""
    if ordinal == 0.0:
        return None
    shown = display(ordinal)  # 1500 + 25 · (μ − 3σ)
    return shown if 0 < shown <= 9999 else None


# Letters that Unicode does not decompose into an ASCII letter and accents, spelled as they usually are in Latin.
SPELLED = str.maketrans({"ß": "ss", "ẞ": "SS", "Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe", "Ø": "O", "ø": "o",
                         "Ł": "L", "ł": "l", "Đ": "D", "đ": "d", "Ð": "D", "ð": "d", "Þ": "Th", "þ": "th",
                         "Ħ": "H", "ħ": "h", "ı": "i", "Ŋ": "N", "ŋ": "n", "ſ": "s"})


def ascii_text(text: str) -> str:
    """`text` in printable ASCII, one byte per character, for a reader that counts columns in bytes: accents
    dropped (Ō → O), a few letters spelled out (ß → ss, Ł → L), whitespace runs one space, and anything else with no
    Latin spelling here (emoji, other scripts) left out. The CSV files keep the names whole."""
    spelled = unicodedata.normalize("NFKD", text.translate(SPELLED))
    kept = "".join(" " if c.isspace() else c if c.isascii() and c.isprintable() else "" for c in spelled)
    return " ".join(kept.split())


def _trf_round(games: Sequence[tournament_rules.Game], round_no: int, me: int, start: Mapping[int, int]) -> str:
    """One round's 8 characters: opponent (4), colour, result."""
    game = next((g for g in games if g.round == round_no and me in g.entrants), None)
    if game is None:
        return "0000 - Z"
    if game.is_bye:
        return "0000 - U"
    other = next(e for e in game.entrants if e != me)
    colour = "w" if game.entrants[0] == me else "b"
    code = result_code(game, me)
    if game.points is not None and not game.played and game.points[0] == game.points[1] == 0:
        code = "F-"  # a double forfeit: a forfeit loss for both
    return f"{start[other]:>4} {colour} {TRF_RESULTS.get(code, code)}"


async def round_dates(service: MatchService, event: Tournament) -> dict[int, float]:
    """When each round began: its first match's creation."""
    out: dict[int, float] = {}
    for table in event.tables:
        if table.match_id is not None and table.round not in out:
            out[table.round] = (await service.get(table.match_id)).record.created_at
    return out


async def files(service: MatchService, event: Tournament, names: Mapping[int, str]) -> dict[str, str]:
    """File name -> contents of every export of the event."""
    stem = f"tournament-{event.id}"
    out = {f"{stem}-standings.csv": standings_csv(event, names), f"{stem}-pairings.csv": pairings_csv(event, names)}
    if event.record.format == "swiss" and not event.per_round:
        out[f"{stem}.trf"] = trf(event, names, await round_dates(service, event))
    return out


async def export(database: str, tournament_id: int, folder: Path) -> list[Path]:
    from tournaments.service import TournamentService  # the service is only needed here, not by the pure exports

    if not is_url(database) and not Path(database).is_file():
        raise StoreUnavailable(database, "there is no such database file")
    store = await Store.open(database)
    try:
        service = MatchService(store)
        tournaments = TournamentService(service)
        event = await tournaments.get(tournament_id)
        written = []
        for name, text in (await files(service, event, await tournaments.names(event))).items():
            path = folder / name
            path.write_text(text, encoding="utf-8", newline="")  # as written: the TRF's CR LF stay one each
            written.append(path)
        return written
    finally:
        await store.close()


def main(argv: Sequence[str] | None = None) -> int:
    """The command line:

        python -m tournaments.export DATABASE TOURNAMENT [--out FOLDER]

    writes tournament-<n>-standings.csv, tournament-<n>-pairings.csv (and tournament-<n>.trf for Swiss) into FOLDER
    (default: here) and prints their paths; a bad argument, database or number is one line and exit 2."""
    args = list(sys.argv[1:] if argv is None else argv)
    folder = Path(".")
    if "--out" in args:
        at = args.index("--out")
        if at + 1 >= len(args):
            print(USAGE, file=sys.stderr)
            return 2
        folder = Path(args[at + 1])
        del args[at:at + 2]
    if len(args) != 2 or not args[1].isdigit():
        print(USAGE, file=sys.stderr)
        return 2
    if not folder.is_dir():
        print(f"export failed: {folder}: there is no such folder", file=sys.stderr)
        return 2
    try:
        written = asyncio.run(export(args[0], int(args[1]), folder))
    except StoreUnavailable as exc:
        print(f"export failed: cannot open {exc}", file=sys.stderr)
        return 2
    except Refusal as exc:
        print(f"export failed: {exc.message}", file=sys.stderr)
        return 2
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
