"""The tournament pictures in every language (issue 40): the standings (with its podium, and for pods), the brackets
(single with a third-place match, double with its reset) and the leaderboard, drawn under each shipped language and
the pseudo-locale (about 40 % longer). What the drawing kit draws is recorded at its one text function
(`render.kit.Canvas.text`): under the pseudo-locale every word is pseudo-localized (a plain English word was never
translated), and in every language every text lies inside the image and none is cut short with an ellipsis."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

import i18n
import tournament_rules
from render.bracket import bracket_image
from render.leaderboard import LeaderboardRow, leaderboard_png
from render.lettering import ELLIPSIS
from render.standings import standings_image
from tests.render.drawn import Drawn
from tests.tournament_rules.helpers import field
from tournament_rules import Entrant, Game, TournamentSettings, double, elimination, pair_round

SWISS = TournamentSettings("swiss", rounds=4)
ENTRANTS = [Entrant(1, 0, 0.0), Entrant(2, 1, 0.0), Entrant(3, 2, 0.0, dropped_after=2), Entrant(4, 3, 0.0),
            Entrant(5, 4, 0.0)]
# a win, a draw, a loss, a bye, forfeits both ways, a withdrawal and a game still being played
GAMES = [Game(1, (1, 3), (1, 0)), Game(1, (2, 4), (0.5, 0.5)), Game(1, (5,), (1,), played=False),
         Game(2, (1, 5), (1, 0)), Game(2, (2, 3), (1, 0)), Game(2, (4,), (1,), played=False),
         Game(3, (1, 2), (0.5, 0.5)), Game(3, (4, 5), (0, 1), played=False), Game(4, (1, 4), None)]
NAMES = {0: "ada", 1: "ada", 2: "bob", 3: "cy", 4: "di", 5: "eve", 6: "flo", 7: "gus"}
LANGUAGES = i18n.shipped_codes(pseudo=True)


def standings(final: bool = False) -> bytes:
    rows = tournament_rules.standings(SWISS, ENTRANTS, GAMES)
    event = tournament_rules.schedule.total_words(SWISS, len(ENTRANTS))
    title = i18n._("{game} {format}", game="Cintos", format=i18n._("Swiss")) + " · " + event
    note = i18n._("{after} · round {n} in progress: {done} of {total} results in", after=i18n._(
        "after round {n}", n=3), n=4, done=0, total=2)
    return standings_image(title, rows, NAMES, rounds=4, final=final, note=note)


def long_title() -> str:
    """The longest title an event has: a team Swiss drawn each round with a top cut and days per move."""
    parts = [i18n._("{game} {format}", game="Sinoda", format=i18n._("Swiss")),
             i18n._("teams of {n} drawn each round", n=3),
             i18n.ngettext("{n} round + top {cut}", "{n} rounds + top {cut}", 5, cut=16),
             i18n.ngettext("{n} day per move", "{n} days per move", 3)]
    return " · ".join(parts)


def long_standings() -> bytes:
    """The long title with the longest note, over the final standings."""
    rows = tournament_rules.standings(SWISS, ENTRANTS, GAMES)
    note = i18n._("{after} · round {n} in progress: {done} of {total} results in",
                  after=i18n._("after round {n}", n=14), n=15, done=12, total=16)
    return standings_image(long_title(), rows, NAMES, rounds=4, final=True, note=note)


def pods() -> bytes:
    settings = TournamentSettings("pods", rounds=2, pod_size=3)
    entrants = [Entrant(i, i, 0.0) for i in range(1, 7)]
    games = [Game(1, (1, 2, 3), (3, 1, 0), places=(1, 2, 3)), Game(1, (4, 5, 6), (3, 1, 0), places=(1, 2, 3))]
    rows = tournament_rules.standings(settings, entrants, games)
    title = i18n._("{game} {format}", game="Sinoda", format=i18n._("Pods"))
    return standings_image(title, rows, NAMES, rounds=2, pods=True, note=i18n._("after round {n}", n=1))


def single() -> bytes:
    """Eight entrants with a third-place match: the quarter-finals played, one semi-final decided and the other
    being played, so the final and the third-place match wait for its winner and loser ("winner SF·2")."""
    settings = TournamentSettings("elimination", third_place=True)
    entrants = field(8)
    games = [Game(1, g.entrants, (1.0, 0.0)) for g in pair_round(settings, entrants, [], 1)]
    first, second = pair_round(settings, entrants, games, 2)
    games += [Game(2, first.entrants, (1.0, 0.0)), Game(2, second.entrants, None)]
    view = elimination.view(settings, entrants, games)
    title = i18n._("{game} {format}", game="Cintos", format=i18n._("Elimination"))
    return bracket_image(title, view, NAMES, i18n._("champion: {name}", name="ada"))


def double_elimination() -> bytes:
    """A double elimination up to its grand final (the reset "if needed" waiting)."""
    settings = TournamentSettings("double-elimination")
    entrants = field(4)
    games: list[Game] = []
    for r in range(1, 5):
        games += [Game(r, g.entrants, (1.0, 0.0)) for g in pair_round(settings, entrants, games, r)]
        if double.state(settings, entrants, games).final.ready:
            break
    title = i18n._("{game} {format}", game="Cintos", format=i18n._("Double elimination"))
    return bracket_image(title, double.view(settings, entrants, games), NAMES)


def leaderboard() -> bytes:
    rows = [LeaderboardRow(i + 1, NAMES[i + 1], f"{1600 - 20 * i}" + ("?" if i == 3 else ""), 12 - i, 8 - i, 1, 3,
                           provisional=i == 3) for i in range(4)]
    return leaderboard_png("Cintos", "4", rows)


SCENES: dict[str, Callable[[], bytes]] = {
    "standings": standings, "final": lambda: standings(final=True), "pods": pods, "single": single,
    "double": double_elimination, "leaderboard": leaderboard, "long": long_standings,
    "long bracket": lambda: bracket_image(long_title(), elimination.view(TournamentSettings("elimination"), field(4),
                                                                         []), NAMES,
                                          i18n._("champion: {name}", name="ada"))}
# What stays the same in every language: names, numbers, words with digits (R1, BH-1, WF·1), the games' names
KEPT = re.compile(r"[^\s,;:()·]*\d[^\s,;:()·]*|\b(?:ada|bob|cy|di|eve|flo|gus|Cintos|Sinoda)\b")


def english_left(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]{2,}", KEPT.sub(" ", text))


@pytest.mark.parametrize("scene", SCENES)
def test_the_pseudo_locale_reaches_every_word_drawn(drawn: list[Drawn], scene: str) -> None:
    with i18n.speaking(i18n.PSEUDO):
        SCENES[scene]()
    words = [d.text for d in drawn if d.text.strip()]
    assert len(words) > 5
    left = {text: english_left(text) for text in words if english_left(text)}
    assert left == {}, left
    assert any(re.search(r"[À-ž]", text) for text in words)  # and the accented words are there


@pytest.mark.parametrize("code", LANGUAGES)
def test_nothing_is_clipped_or_cut_in_any_language(drawn: list[Drawn], cuts: list[tuple[str, str]], code: str) -> None:
    """The longest words of each language inside their image and whole: no text past an edge, none shortened to
    fit its room, none ended with an ellipsis (the in-play chip's "…" is the one ellipsis drawn on purpose)."""
    with i18n.speaking(code):
        for make in SCENES.values():
            make()
    assert len(drawn) > 100
    outside = [(d.text, d.span(), d.width) for d in drawn if d.span()[0] < -0.5 or d.span()[1] > d.width + 0.5]
    assert outside == []
    cut = [d.text for d in drawn if d.text.endswith(ELLIPSIS) and d.text != ELLIPSIS]
    assert cut == []
    assert cuts == []


def test_the_standings_speak_german(drawn: list[Drawn]) -> None:
    with i18n.speaking("de"):
        standings(final=True)
    words = {d.text for d in drawn}
    assert {"Pkt", "Name", "BH-1", "Endstand"} <= words  # the headings and the title strip's note
    assert {"S", "R", "N", "F"} <= words  # won, drawn (Remis), lost, bye (Freilos) chips
    assert any(text.endswith("(zurückgezogen)") for text in words)
    assert any("Punkte" in text or "Punkt" in text for text in words)  # the podium's points
