"""What each page shows, gathered from the services (the match service, `matches.history`, the tournament service,
ratings) as plain values for the templates. Nothing here decides a rule or a score: it reads and words them.

Every board image is the channel's image of the public view (`render.RENDERERS`, seat None).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Generic, TypeVar

import i18n
import render
from analysis import Analysis
from i18n import _
from matches import Match, MatchService, Refusal
from matches.computers import is_computer
from matches.history import HistoryLine, dice_record, ended, export_record, history, verify_dice
from matches.sharing import event_path, index_path, leaderboard_path, match_path, profile_path
from matches.verify import WHAT_IT_PROVES
from ratings import Skill
from render.analysis_graph import Moment, Series, render_graph
from reviews import Reviews
from reviews.report import SYMBOLS, graph
from rules import State
from rules.replay import steps
from tournament_rules import figure, place_text
from tournaments import Tournament, TournamentService
from tournaments.model import clock_words, format_name, note_words, status_word
from web.words import datetime_text, match_status, outcome, versus

K = TypeVar("K")
V = TypeVar("V")

RECENT_MATCHES = 20  # finished matches an index or a profile lists
RUNNING_MATCHES = 50
LEADERBOARD_PAGE = 25
LANGUAGE_SECONDS = 10.0  # how long a server's language is kept: a new `/settings language` shows within this


class Lru(Generic[K, V]):
    """A small least-recently-used map: boards, replays and pages rendered once per position or version."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> V:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            self._items.popitem(last=False)
        return value


def iso(timestamp: float | None) -> str | None:
    if timestamp is None:
        return None
    return datetime.fromtimestamp(timestamp, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


@dataclass(frozen=True)
class Player:
    seat: int
    seat_name: str
    name: str
    link: str | None  # the player's page (None for a computer)
    to_move: bool = False
    winner: bool = False


@dataclass(frozen=True)
class Line:
    n: int
    who: str
    text: str
    kind: str
    label: str | None = None  # the analysis's label of the move: inaccuracy, mistake or blunder
    symbol: str = ""  # and its mark: ?!, ? or ??


@dataclass(frozen=True)
class Review:
    """The computer's analysis as a finished match's page shows it: the graph's address and alt text, each
    player's accuracy and counts, and the search it was made with."""

    graph: str
    alt: str
    rows: list[dict[str, Any]]
    iterations: int | None
    hint: str = ""  # what the marks mean, and the search's size


@dataclass
class MatchPage:
    match: Match
    title: str
    status: str
    players: list[Player]
    lines: list[Line]
    version: int
    started: bool
    over: bool
    result: str | None
    alt: str
    deadline: str | None
    clock: str
    deadline_text: str | None
    dice: dict[str, Any] | None
    verdict: str | None
    verified: bool | None
    export: str | None
    rated: bool
    base: str
    live: str
    to_move: str = ""  # "To move: ada (Blue)", or empty
    proves: tuple[tuple[str, str], ...] = WHAT_IT_PROVES  # beside the verdict, as /verify words it
    review: Review | None = None  # the computer's analysis, once made (reviews/)
    reviewable: bool = False  # finished, so an analysis can be asked for in Discord

    def payload(self) -> dict[str, Any]:
        """What a live page needs after a change (the SSE message), as plain JSON values."""
        return {"version": self.version, "status": self.status, "to_move": self.to_move, "result": self.result,
                "over": self.over, "alt": self.alt,
                "lines": [[line.n, line.who, line.text, line.kind] for line in self.lines]}


@dataclass
class Companion:
    """The services a page reads, and the caches that keep a warm page cheap."""

    matches: MatchService
    tournaments: TournamentService | None = None
    other_writers: bool = False  # SQLite written by another process: every match read checks its revision
    reviews: Reviews | None = None  # analyses of finished matches, read only (None: pages show none)
    analyses: Lru[int, Analysis] = field(default_factory=lambda: Lru(64))
    boards: Lru[tuple[Any, ...], bytes] = field(default_factory=lambda: Lru(256))
    positions: Lru[tuple[int, int], list[State]] = field(default_factory=lambda: Lru(32))
    verdicts: Lru[tuple[int, int, str], tuple[bool, str]] = field(default_factory=lambda: Lru(256))
    languages: Lru[str, tuple[float, str | None]] = field(default_factory=lambda: Lru(256))  # token: (when, code)

    # ---- finding things on a server -----------------------------------------------------------------------------
    async def guild_of(self, token: str) -> int | None:
        return await self.matches.web.guild_of(token)

    async def server_language(self, token: str) -> str | None:
        """The `/settings language` of the server whose token this is (None: none set, or no such server), kept
        `LANGUAGE_SECONDS`: only a reader whose browser asks for none of the shipped languages needs it, on every
        request of a page (its images and live updates too). A token's validity is never read from here."""
        now = time.monotonic()
        found = self.languages.get(token)
        if found is not None and now - found[0] < LANGUAGE_SECONDS:
            return found[1]
        guild = await self.guild_of(token)
        language = (await self.matches.guild_settings(guild)).language if guild is not None else None
        self.languages.put(token, (now, language))
        return language

    async def get(self, match_id: int) -> Match:
        return await (self.matches.fresh if self.other_writers else self.matches.get)(match_id)

    async def match_on(self, guild_id: int, match_id: int) -> Match:
        """The match, if it was played on this server (Refusal otherwise: the caller shows a 404)."""
        match = await self.get(match_id)
        if match.record.guild_id != guild_id:
            raise Refusal("not here")
        return match

    async def event_on(self, guild_id: int, tournament_id: int) -> Tournament:
        if self.tournaments is None:
            raise Refusal("no tournaments here")
        return await self.tournaments.get_visible(tournament_id, guild_id)

    # ---- names ------------------------------------------------------------------------------------------------
    async def names(self, match: Match) -> list[str]:
        return await self.matches.names(match)

    def player_link(self, token: str, user_id: int) -> str | None:
        return None if is_computer(user_id) else profile_path(token, user_id)

    # ---- a match ------------------------------------------------------------------------------------------------
    async def states(self, match: Match) -> list[State]:
        """Every position of the match, the setup first and the state after each log line (cached per version)."""
        key = (match.id, match.record.version)
        found = self.positions.get(key)
        if found is not None:
            return found
        entries = [(e.seat, e.text) for e in await self.matches.play.log(match.id)]
        game, players, options = match.game, match.players, match.record.options

        def replayed() -> list[State]:
            return [game.setup(players, options)] + [after for _, _, _, after in steps(game, players, options,
                                                                                      entries)]
        return self.positions.put(key, await asyncio.to_thread(replayed))

    async def board(self, match: Match, n: int) -> bytes:
        """The public board image after line `n` (0: the setup); the last one with the table's ending."""
        if match.state is None or not 0 <= n <= match.record.version:
            raise Refusal("no such position")
        names = tuple(await self.names(match))
        last = n == match.record.version
        key = (match.id, n, last and match.status, names, i18n.active().code)  # its words are the reader's
        found = self.boards.get(key)
        if found is not None:
            return found
        view = match.view(None) if last else match.game.view((await self.states(match))[n], None)
        png = await asyncio.to_thread(render.RENDERERS[match.game.name], view, list(names), match.id)
        return self.boards.put(key, png)

    async def verdict(self, match: Match) -> tuple[bool, str] | None:
        """The dice check of an ended match, by `/verify`'s own code (None while it runs or without dice)."""
        if not ended(match) or match.record.seed is None or match.state is None:
            return None
        key = (match.id, match.record.version, i18n.active().code)  # the verdict's words are the reader's
        found = self.verdicts.get(key)
        if found is None:
            try:
                verdict = await verify_dice(self.matches, match)
            except Refusal:
                return None
            found = self.verdicts.put(key, (verdict.ok, verdict.summary()))
        return found

    async def analysis(self, match: Match) -> Analysis | None:
        """The newest analysis made of a finished match (kept once found: it never changes), else None."""
        if self.reviews is None or match.status != "finished":
            return None
        found = self.analyses.get(match.id)
        if found is None:
            made = await self.reviews.latest(match.id)
            if made is None:
                return None
            found = self.analyses.put(match.id, made)
        return found

    async def analysis_graph(self, match: Match) -> bytes:
        """The analysis's graph, drawn as in Discord (`render.analysis_graph`) with the seats' chips."""
        analysis = await self.analysis(match)
        if analysis is None:
            raise Refusal("no analysis")
        names = tuple(await self.names(match))
        key = ("analysis", match.id, analysis.iterations, names, i18n.active().code)
        found = self.boards.get(key)
        if found is not None:
            return found
        shown = graph(analysis)
        chips = render.SEAT_CHIPS[match.game.name](match.view(None))
        series = [Series(" & ".join(f"{names[s]} ({match.seat_name(s)})" if len(side) == 1 else names[s]
                                    for s in side), chips[side[0]], values)
                  for side, values in zip(shown.sides, shown.series, strict=True)]
        moments = [Moment(m.point, m.side, m.symbol) for m in shown.marks]
        title = _("{game} · match #{id} · winning chances", game=match.game.title, id=match.id)
        legend = _("?! inaccuracy · ? mistake · ?? blunder")
        png = await asyncio.to_thread(render_graph, title, series, moments, shown.lines, legend)
        return self.boards.put(key, png)

    async def match_page(self, token: str, match: Match) -> MatchPage:
        names = await self.names(match)
        base = match_path(token, match.id)
        started = match.state is not None
        lines: list[HistoryLine] = await history(self.matches, match.id, None) if started else []
        actors = set(match.actors())
        words = match.result_words(names)
        winners = set(words.winners) if words is not None else set()
        players = [Player(i, match.seat_name(i) if started else _("Seat {n}", n=i + 1), names[i],
                          self.player_link(token, uid), i in actors, i in winners)
                   for i, uid in enumerate(match.user_ids)]
        over = match.status in ("finished", "aborted")
        movers = [_("{name} ({seat})", name=p.name, seat=p.seat_name) for p in players if p.to_move]
        to_move = _("To move: {names}", names=", ".join(movers)) if movers else ""
        alt = render.alt_text(match.view(None), names, match.id) if started else ""
        verdict = await self.verdict(match)
        dice = await dice_record(self.matches, match) if started else None
        rated = await self.matches.ratings.match_rated(match.id)
        tc = match.record.time_control
        analysis = await self.analysis(match)
        labels = {m.n: m.label for m in analysis.labelled()} if analysis is not None else {}
        review = None
        if analysis is not None:
            language = i18n.active()
            rows = [{"name": _("{name} ({seat})", name=names[s.seat], seat=match.seat_name(s.seat)),
                     "accuracy": "—" if s.accuracy is None else language.percent(round(s.accuracy) / 100),
                     "moves": s.moves, "inaccuracies": s.inaccuracies, "mistakes": s.mistakes,
                     "blunders": s.blunders} for s in analysis.summaries]
            sides = []
            for s, r in zip(analysis.summaries, rows, strict=True):
                inaccuracies = i18n.ngettext("{n} inaccuracy", "{n} inaccuracies", s.inaccuracies)
                mistakes = i18n.ngettext("{n} mistake", "{n} mistakes", s.mistakes)
                blunders = i18n.ngettext("{n} blunder", "{n} blunders", s.blunders)
                sides.append(_("{name}: {accuracy} accuracy, {inaccuracies}, {mistakes}, {blunders}",
                               name=r["name"], accuracy=r["accuracy"], inaccuracies=inaccuracies,
                               mistakes=mistakes, blunders=blunders))
            alt = _("Winning chances move by move: {sides}", sides="; ".join(sides))
            marks = _("Moves marked ?! inaccuracy, ? mistake, ?? blunder (5, 10, 15 points of winning chance "
                      "lost).")
            searches = i18n.ngettext("{n} search a position.", "{n} searches a position.", analysis.iterations) \
                if analysis.iterations is not None else ""
            hint = _("{marks} {searches}", marks=marks, searches=searches) if searches else marks
            review = Review(f"{base}/analysis.png?v={analysis.iterations}", alt, rows, analysis.iterations, hint)
        # Translators: who made a line of a match's moves list that is a roll of the dice or a shuffle
        dice_word = i18n.pgettext("moves list", "dice")
        running = match.status == "active"
        return MatchPage(
            match=match, title=_("{game} · match #{id}", game=match.game.title, id=match.id),
            status=match_status(match.status), players=players,
            lines=[Line(line.n, dice_word if line.kind == "chance" else (line.seat_name or "?"), line.text, line.kind,
                        labels.get(line.n), SYMBOLS.get(labels.get(line.n) or "", "")) for line in lines],
            version=match.record.version, started=started, over=over,
            result=words.sentence() if words is not None else None, alt=alt,
            deadline=iso(match.record.deadline) if running else None,
            deadline_text=datetime_text(match.record.deadline) if running else None,
            clock=clock_words(tc), dice=dice, verdict=verdict[1] if verdict else None,
            verified=verdict[0] if verdict else None,
            export=f"{base}/export.json" if match.status == "finished" else None, rated=rated, base=base,
            live=f"{base}/live", to_move=to_move, review=review, reviewable=match.status == "finished")

    async def export(self, match: Match) -> bytes:
        """The finished match's JSON record (/history export:json), without Discord user ids: a public page
        names players by display name only."""
        record = await export_record(self.matches, match.id)
        for seat in record.get("seats", []):
            seat.pop("user_id", None)
        return json.dumps(record, indent=1, ensure_ascii=False).encode()

    # ---- an event ---------------------------------------------------------------------------------------------
    async def event_page(self, token: str, event: Tournament) -> dict[str, Any]:
        assert self.tournaments is not None
        names = await self.tournaments.names(event)
        rows = event.standings() if event.entrants else []
        pods = event.record.format == "pods"
        standings = [{"rank": place_text(s.place, s.place_to),
                      "name": names.get(s.entrant) or _("entrant {n}", n=s.entrant),
                      "points": figure(s.points), "buchholz": figure(s.buchholz_cut1),
                      "sb": figure(s.sonneborn_berger), "wins": s.wins, "withdrawn": s.withdrawn,
                      "results": list(s.results)} for s in rows]
        user_names = await self.matches.play.user_names(event.signups)
        signups = [user_names.get(u) or _("a player") for u in event.signups]
        rounds = []
        for round_no in range(event.round, 0, -1):
            tables = []
            for table in event.round_tables(round_no):
                sides = [" & ".join(names.get(e) or _("entrant {n}", n=e) for e in side)
                         for side in event.table_sides(table)]
                result, scores, best = None, [""] * len(sides), None
                if table.points is not None:
                    per_side = [table.points[table.entrants.index(side[0])] for side in event.table_sides(table)]
                    score = "–".join(figure(p) for p in per_side)
                    # Translators: a table's score when its game was not played (a forfeit or an adjudication)
                    result = score if table.played else _("{score} (not played)", score=score)
                    scores = [figure(p) for p in per_side]
                    top = max(per_side)
                    best = per_side.index(top) if per_side.count(top) == 1 else None
                tables.append({"board": table.board, "sides": sides, "bye": len(table.entrants) == 1,
                               "scores": scores, "winner": best,
                               "link": match_path(token, table.match_id) if table.match_id is not None else None,
                               "match_id": table.match_id, "result": result, "note": note_words(table.note)})
            rounds.append({"round": round_no, "tables": tables, "current": round_no == event.round})
        # the total as it stands (a bracket's grows with replays and a reset): never "round 7 of 6"
        heading = event.round_heading(event.round) if event.round and len(event.entrants) >= 2 else None
        total = heading.total if heading is not None else event.total_rounds()
        return {"event": event, "note": event.standings_note() if event.entrants else "", "title": event.title(),
                "rounds_words": event.rounds_words(), "heading": heading.words if heading is not None else "",
                "status": status_word(event.status),
                "format": format_name(event.record.format), "standings": standings,
                "pods": pods, "signups": signups, "rounds": rounds, "total": total,
                "max_players": event.record.max_players, "signup_closes": iso(event.record.signup_closes),
                "signup_closes_text": datetime_text(event.record.signup_closes)}

    # ---- leaderboards and players -----------------------------------------------------------------------------
    async def leaderboard_page(self, token: str, guild_id: int, game: str, page: int) -> dict[str, Any]:
        title = self.matches.game(game).title  # Refusal for an unknown game: a 404
        total, rows = await self.matches.leaderboard(game, guild_id=guild_id, page=page, per_page=LEADERBOARD_PAGE)
        pages = max(1, -(-total // LEADERBOARD_PAGE))
        if page > pages:
            raise Refusal("no such page")
        names = await self.matches.play.user_names([r.user_id for _, r, _ in rows])
        table = [{"place": place, "name": names.get(r.user_id) or _("Player {n}", n=place),
                  "link": self.player_link(token, r.user_id), "rating": skill.label, "provisional": skill.provisional,
                  "games": r.games, "wins": r.wins, "draws": r.draws, "losses": r.losses}
                 for place, r, skill in rows]
        return {"title": _("{game} leaderboard", game=title), "game": game, "rows": table, "page": page, "pages": pages,
                "total": total}

    async def profile_page(self, token: str, guild_id: int, user_id: int) -> dict[str, Any]:
        """A player of this server (Refusal for anyone who never played here: no profile of strangers)."""
        played = await self.matches.web.player_matches(user_id, guild_id, RECENT_MATCHES)
        if not played or is_computer(user_id):
            raise Refusal("not a player here")
        name = (await self.matches.play.user_names([user_id])).get(user_id) or _("A player")
        profile = await self.matches.profile(user_id)
        ratings = [{"game": self.matches.game(game).title, "link": leaderboard_path(token, game),
                    "rating": skill.label, "games": row.games, "wins": row.wins, "draws": row.draws,
                    "losses": row.losses} for game, skill, row in profile.ratings if game in self.matches.games]
        rated = {}
        for result in profile.recent:
            if result.guild_id == guild_id:
                c = result.change
                before = Skill(c.mu_before, c.sigma_before, c.games_before)
                after = Skill(c.mu_after, c.sigma_after, c.games_before + 1)
                rated[c.match_id] = f"{before.label} → {after.label} ({after.display - before.display:+d})"
        matches = []
        for record in played:
            match = await self.get(record.id)
            names = await self.names(match)
            seat = match.seat_of(user_id)
            words = match.result_words(names)
            result_of = "playing" if match.status == "active" else ("won" if words and seat in words.winners else
                                                                  "drew" if words and not words.winners else "lost")
            matches.append({"link": match_path(token, match.id), "id": match.id, "game": match.game.title,
                            "opponents": ", ".join(n for i, n in enumerate(names) if i != seat) or "—",
                            "outcome": outcome(result_of), "rating": rated.get(match.id)})
        events = []
        if self.tournaments is not None:
            for place in profile.tournaments:
                try:
                    await self.tournaments.get_visible(place.tournament_id, guild_id)
                except Refusal:
                    continue
                events.append({"title": place.title, "link": event_path(token, place.tournament_id),
                               "place": place.words})
        return {"name": name, "ratings": ratings, "matches": matches, "events": events}

    async def index_page(self, token: str, guild_id: int, page: int = 1) -> dict[str, Any]:
        """Running matches and events, and the finished matches a page at a time (newest first)."""
        running = await self.matches.web.guild_matches(guild_id, ("active",), RUNNING_MATCHES)
        # one more than a page: whether an older page exists, without counting them all
        finished = await self.matches.web.guild_matches(guild_id, ("finished",), RECENT_MATCHES + 1,
                                                        offset=(page - 1) * RECENT_MATCHES)
        if page > 1 and not finished:
            raise Refusal("no such page")
        older = len(finished) > RECENT_MATCHES
        events = []
        if self.tournaments is not None:
            for event in await self.tournaments.listing(guild_id):
                events.append({"title": event.title(), "link": event_path(token, event.id), "id": event.id,
                               "status": status_word(event.status), "active": event.status
                               in ("signup", "running", "paused")})
        return {"running": [await self.match_summary(token, r.id) for r in running],
                "finished": [await self.match_summary(token, r.id) for r in finished[:RECENT_MATCHES]],
                "page": page, "older": older,
                "events": sorted(events, key=lambda e: (not e["active"], -e["id"])),
                "games": [(g.title, leaderboard_path(token, name)) for name, g in sorted(self.matches.games.items())],
                "home": index_path(token)}

    async def match_summary(self, token: str, match_id: int) -> dict[str, Any]:
        match = await self.get(match_id)
        names = await self.names(match)
        words = match.result_words(names)
        return {"link": match_path(token, match.id), "id": match.id, "game": match.game.title,
                "players": versus(names), "result": words.short if words is not None else None,
                "turn": match.view(None).get("turn") if match.state is not None else None}


__all__ = ["Companion", "Line", "Lru", "MatchPage", "Player", "iso"]
