"""The web pages' words in the reader's language: which language a request speaks (`?lang=`, the browser's
Accept-Language, the server's `/settings language`, English), and every text of the templates and the page script.

The templates hold markup only: each word they show is a `Words` attribute or method here (`_()` with a literal, so
the catalogs' extraction, which reads Python, finds it).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from functools import cache
from typing import Any

from markupsafe import Markup, escape

import i18n
from i18n import _, ngettext, pgettext

MAX_RANGES = 20  # an Accept-Language header's first ranges that are read (a browser sends a handful)


def shipped(code: str) -> str | None:
    """The shipped language (or the pseudo-locale) that a language range names, or None when it names none: a range
    of a language not shipped resolves to English in `i18n.resolve`, which is a match only for English itself."""
    found = i18n.resolve(code)
    if found == i18n.ENGLISH and code.strip().lower().replace("_", "-").split("-")[0] != "en":
        return None
    return found


def negotiate(header: str | None) -> str | None:
    """The best shipped language for an `Accept-Language` header (RFC 9110: ranges by quality, the order breaking
    ties; `q=0` refuses one), or None when it asks for none of them (or for `*` only)."""
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate((header or "").split(",")[:MAX_RANGES]):
        tag, _sep, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            name, _eq, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0  # a malformed weight: ignore the range rather than guess
        tag = tag.strip()
        if tag and tag != "*" and 0 < quality <= 1 and len(tag) <= 35:
            ranked.append((-quality, position, tag))
    for _quality, _position, tag in sorted(ranked):
        found = shipped(tag)
        if found is not None:
            return found
    return None


def choose(asked: str | None, accept: str | None) -> tuple[str | None, bool]:
    """What a request itself asks for, and whether the reader chose it on the page (`?lang=`, then kept in every
    link): the `?lang=` of the page's picker, else the browser's languages; (None, False) when neither names a
    shipped language (then the server's own language speaks, else English)."""
    if asked:
        found = shipped(asked[:35])
        if found is not None:
            return found, True
    return negotiate(accept), False


def with_lang(path: str, code: str | None) -> str:
    """`path` keeping the reader's chosen language (`?lang=de`), or as it is when the language was not chosen."""
    if not code:
        return path
    path, hash_mark, fragment = path.partition("#")
    return f"{path}{'&' if '?' in path else '?'}lang={code}{hash_mark}{fragment}"


def picker() -> list[tuple[str, str]]:
    """The language picker's choices: each shipped language's code and its name in itself."""
    return [(language.code, language.name) for language in i18n.LANGUAGES]


def html(message: str, **fields: Any) -> Markup:
    """A translated sentence with markup in its fields: the sentence escaped, the fields (Markup) kept."""
    return escape(message).format(**fields)


def code(text: str) -> Markup:
    return Markup("<code>{}</code>").format(text)


def notation(text: str) -> Markup:
    """What stays as it is in every language (the standings' letters): marked so that no translator touches it."""
    return Markup('<span translate="no">{}</span>').format(text)


def datetime_text(timestamp: float | None) -> str | None:
    """A moment as the language writes it (Coordinated Universal Time, named)."""
    if timestamp is None:
        return None
    return i18n.active().datetime(datetime.fromtimestamp(timestamp, UTC), "long")


def match_status(status: str) -> str:
    words = {
        # Translators: a match's state, in a badge on its web page
        "lobby": _("waiting for players"),
        # Translators: a match's state, in a badge on its web page
        "active": _("being played"),
        # Translators: a match's state, in a badge on its web page
        "finished": pgettext("match", "finished"),
        # Translators: a match's state, in a badge on its web page
        "aborted": _("aborted"),
    }
    return words.get(status, status)


def outcome(result: str) -> str:
    """A player's result in a profile's list of matches."""
    words = {
        # Translators: a player's match in their profile's list: still being played
        "playing": pgettext("profile", "playing"),
        # Translators: a player's match in their profile's list: they won it
        "won": pgettext("profile", "won"),
        # Translators: a player's match in their profile's list: a draw
        "drew": pgettext("profile", "drew"),
        # Translators: a player's match in their profile's list: they lost it
        "lost": pgettext("profile", "lost"),
    }
    return words.get(result, result)


def label(kind: str) -> str:
    """The analysis's name of a marked move (its symbol ?!, ? or ?? stays)."""
    words = {"inaccuracy": _("inaccuracy"), "mistake": _("mistake"), "blunder": _("blunder")}
    return words.get(kind, kind)


def versus(names: list[str]) -> str:
    """Players facing each other: "ada vs bob" (three or more: "ada vs bob vs cy")."""
    if not names:
        return ""
    shown = names[0]
    for name in names[1:]:
        shown = _("{first} vs {second}", first=shown, second=name)
    return shown


def script_words() -> dict[str, str]:
    """The page script's words (web.js fills the `{fields}`)."""
    return {
        "start": _("The start"),
        "after": _("Position after line {n} of {last}"),
        "live": _("Position after line {n} of {last} (live)"),
        "alt_start": _("Board at the start"),
        "alt_after": _("Board after line {n}: {line}"),
        # Translators: a deadline still ahead, {time} like "3 h 5 min"
        "ahead": _("in {time}"),
        # Translators: a deadline already past, {time} like "3 h 5 min"
        "past": _("passed {time} ago"),
        # Translators: a short duration in hours and minutes, for a deadline's countdown
        "hours": _("{h} h {m} min"),
        # Translators: a short duration in minutes, for a deadline's countdown
        "minutes": _("{m} min"),
    }


class Words:
    """Every text of the templates in the language being spoken (made once per language: `words()`)."""

    def __init__(self) -> None:
        self.code = i18n.active().code
        # base.html
        self.skip = _("Skip to content")
        self.footer = _("A read-only view of this server's games: every board is the public view, as a spectator "
                        "sees it.")
        self.language = _("Language")
        # root.html and notfound.html
        self.root = _("The web pages of a Discord game bot. Each server that turns them on gets its own secret "
                      "links: ask in your server for one (the {button} button under a board opens its match).")
        self.not_found = _("Not found")
        self.not_found_text = _("There is no page here. The link may be mistyped, or the server has turned its "
                                "pages off or made new links (old ones stop working then).")
        # index.html
        self.games_here = _("Games on this server")
        self.being_played = _("Being played")
        self.none_playing = _("No match is being played right now.")
        self.tournaments = _("Tournaments")
        self.no_tournaments = _("No tournaments yet.")
        self.leaderboards = _("Leaderboards")
        self.recently_finished = _("Recently finished")
        self.none_yet = _("None yet.")
        self.finished_matches = _("Finished matches")
        self.newer = _("← Newer")
        self.older = _("Older →")
        # leaderboard.html
        self.player = _("Player")
        self.rating = _("Rating")
        self.games = _("Games")
        # Translators: a column of wins, draws and losses (as "3–1–2")
        self.wdl = _("W–D–L")
        self.no_rated_here = _("No rated matches on this server yet.")
        self.pages = _("Pages")
        self.better_rated = _("← Better rated")
        self.more = _("More →")
        # match.html
        self.board = pgettext("match page", "Board")
        self.replay = _("Replay")
        self.first_position = _("First position")
        self.previous_position = _("Previous position")
        self.next_position = _("Next position")
        self.last_position = _("Last position")
        self.slider = _("Position in the replay (arrow keys step)")
        self.replay_hint = _("Arrow keys step through the replay; every line has its own link.")
        self.not_started = _("The match has not started yet.")
        self.computer_analysis = _("Computer analysis")
        self.accuracy = _("Accuracy")
        self.inaccuracies = _("inaccuracies")
        self.mistakes = _("mistakes")
        self.blunders = _("blunders")
        self.players = _("Players")
        # Translators: beside the name of a match's winner
        self.winner = pgettext("match page", "winner")
        # Translators: a match that counts for the ratings
        self.rated = pgettext("match page", "rated")
        # Translators: a match that does not count for the ratings
        self.unrated = pgettext("match page", "unrated")
        self.moves = _("Moves")
        self.no_moves = _("No moves yet.")
        self.dice = pgettext("match page", "Dice")
        self.commitment = _("Every seat draw, roll and shuffle comes from one secret seed. Its SHA-256, published "
                            "at the start:")
        self.seed = _("The seed, revealed at the end:")
        # The marks as fields: no image draws these words, and the images' fonts lack ✗ (every catalog character
        # must be drawable: tests/render/test_language_fonts.py).
        self.verified = _("{mark} Verified", mark="✓")
        self.not_verified = _("{mark} Not verified", mark="✗")
        self.seed_later = _("The seed is revealed when the match ends; then this page checks every draw against it.")
        self.download = _("Download the match record (JSON)")
        # event.html
        self.signup = _("Sign-up")
        self.standings = _("Standings")
        self.name = _("Name")
        self.points = _("Points")
        self.buchholz = _("Buchholz cut 1")
        self.sonneborn = _("Sonneborn-Berger")
        # Translators: the short heading of a standings column of wins (its full name is "Wins")
        self.wins_short = pgettext("standings column", "W")
        self.wins = _("Wins")
        # Translators: the short heading of a standings column of first places in pods (its full name follows)
        self.firsts_short = pgettext("standings column", "1st")
        self.firsts = _("First places")
        self.rounds = _("Rounds")
        self.withdrawn = _("withdrawn")
        self.bracket = _("Bracket")
        # Translators: a round of a bracket not yet played
        self.to_come = _("to come")
        # Translators: a player without an opponent in a round
        self.bye = _("bye")
        # profile.html
        self.ratings = _("Ratings")
        self.no_rated = _("No rated matches yet.")
        self.recent_here = _("Recent matches on this server")
        self.none_finished = _("None finished yet.")

    # ---- with fields ------------------------------------------------------------------------------------------------
    def root_text(self) -> Markup:
        button = Markup("<strong>{}</strong>").format(pgettext("button", "Watch"))  # as the board's button says
        return html(self.root, button=button)

    def match_no(self, n: int) -> str:
        return _("match #{id}", id=n)

    def tournament_no(self, n: int) -> str:
        return _("Tournament #{id}", id=n)

    def round_no(self, n: int) -> str:
        return _("Round {n}", n=n)

    def round_now(self, n: int) -> str:
        return _("Round {n} (now)", n=n)

    def round_lower(self, n: int) -> str:
        # Translators: the current round, after the tournament's format ("Swiss · round 2")
        return _("round {n}", n=n)

    def board_no(self, n: int) -> str:
        return _("Board {n}", n=n)

    def bye_of(self, name: str) -> str:
        return _("Bye: {name}", name=name)

    def turn(self, n: object) -> str:
        return _("turn {n}", n=n)

    def finished_page(self, n: int) -> str:
        return _("Finished · page {n}", n=n)

    def page_of(self, page: int, pages: int) -> str:
        return _("page {page} of {pages}", page=page, pages=pages)

    def rated_players(self, n: int) -> str:
        return ngettext("Players of this server · {n} rated player", "Players of this server · {n} rated players", n)

    def ratings_note(self) -> Markup:
        return html(_("Ratings: OpenSkill, shown as 1500 + 25 × (μ − 3σ); ? = provisional (fewer than 10 rated "
                      "games). The same table as {command}."), command=code(i18n.command("leaderboard")))

    def standings_of(self, note: str) -> str:
        return _("Standings ({note})", note=note) if note else self.standings

    def standings_legend(self) -> Markup:
        return html(_("{wdl} won, drawn, lost · {b} bye · {f} forfeit · {bh} Buchholz cut 1 · {sb} "
                      "Sonneborn-Berger — the same figures and tie-breaks as {command}."),
                    wdl=notation("W/D/L"), b=notation("B"), f=notation("F+/F−"), bh=notation("BH-1"),
                    sb=notation("SB"), command=code(i18n.command("tournament standings")))

    def signed_up(self, count: int, most: int | None) -> str:
        if most:
            return _("{n} of {most} signed up", n=i18n.active().number(count), most=i18n.active().number(most))
        return ngettext("{n} signed up", "{n} signed up", count)

    def closes(self, iso: str, text: str) -> Markup:
        return html(_("closes {time}"), time=Markup('<time datetime="{}">{}</time>').format(iso, text))

    def deadline(self, iso: str, text: str) -> Markup:
        return html(_("deadline {time}"), time=Markup('<time id="deadline" datetime="{}">{}</time>').format(iso, text))

    def join_hint(self) -> str:
        return _("Join with the button under the event's message in Discord.")

    def to_move(self, names: str) -> str:
        return _("To move: {names}", names=names) if names else ""

    def position(self, n: int, live: bool) -> str:
        return _("Position after line {n} (live)", n=n) if live else _("Position after line {n}", n=n)

    def no_analysis(self, match_id: int) -> Markup:
        # Translators: {button} is the Discord button's label, which is not translated yet
        return html(_("No computer analysis yet: press {button} under the match's last board in Discord, or use "
                      "{command}."), button=Markup('<strong translate="no">Analyse</strong>'),
                    command=code(i18n.command("analysis show", match=match_id)))

    def export_hint(self) -> Markup:
        return html(_("Check it offline with {command}."), command=code("python -m matches.verify record.json"))

    def rated_games(self, n: int) -> str:
        return ngettext("{n} rated game", "{n} rated games", n)

    def won_drawn_lost(self, wins: int, draws: int, losses: int) -> str:
        number = i18n.active().number
        return _("{wins} won, {draws} drawn, {losses} lost", wins=number(wins), draws=number(draws),
                 losses=number(losses))

    def against(self, opponents: str) -> str:
        return _("vs {opponents}", opponents=opponents)

    def versus(self, names: list[str]) -> str:
        return versus(names)

    def capital(self, text: str) -> str:
        """`text` beginning with a capital, the rest as it is (German nouns keep theirs: not `str.capitalize`)."""
        return text[:1].upper() + text[1:]

    def number(self, value: float) -> str:
        return i18n.active().number(value)

    def proved(self, heading: str, text: str) -> tuple[str, str]:
        """`/verify`'s words on what the dice check proves, in the reader's language where the catalogs have them."""
        return _(heading), _(text)

    def status(self, status: str) -> str:
        return match_status(status)

    def outcome(self, result: str) -> str:
        return outcome(result)

    def label(self, kind: str) -> str:
        return label(kind)


@cache
def _words(code: str) -> Words:
    with i18n.speaking(code):
        return Words()


def words() -> Words:
    """The templates' words in the language being spoken."""
    return _words(i18n.active().code)


PLAIN: dict[str, Callable[[], str]] = {
    "method": lambda: _("Only GET is served here."),
    "error": lambda: _("Something went wrong on this page; try again later."),
    "busy": lambda: _("Too many people are watching right now; reload in a minute."),
}


__all__ = ["PLAIN", "Words", "choose", "datetime_text", "match_status", "negotiate", "outcome",
           "picker", "script_words", "versus", "with_lang", "words"]
