"""A finished match's result in words: one headline and one reason sentence for the embed, the image and the log
(what a result *means* per seat is `rules.results`).

Pure. Each game words its own reasons (`Game.reason_text`) and names its own teams (`Game.teams`). The words are made
in the language being spoken when `result_words` is called (what is stored is the outcome's facts and reason codes).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from i18n import N_, _, ngettext
from rules import GAMES, Outcome, results
from rules.base import all_of, player_word, tidy
from rules.results import ENDED_KEY, FORFEIT_KEY

# Endings the match service records itself (the game's own state does not end). These strings are what it stores.
DRAW_AGREED = "draw agreed"
ABORTED_EARLY = "aborted in the first moves"
NOBODY_MOVED = "nobody moved before the deadline"
LOBBY_EXPIRED = "the lobby expired before it started"
LOBBY_CLOSED = "the lobby was closed by its creator"
ADJUDICATED = "adjudicated by the organiser"  # a tournament's organiser decided the result
DEADLINE_ADJUDICATED = "adjudicated at the round's deadline"  # the computer decided it (tournaments/adjudicator.py)
DEADLINE_FORFEIT = "double forfeit at the round's deadline"  # the event's deadline rule ended it, nobody scores
TAKEN_BACK = "a move was taken back"  # undo at a local table against computers: the match goes on as a new one

# The words (English, marked for the catalogs) are translated where they are shown, by `result_words`.
DRAWN = N_("Drawn")
ABORTED = N_("Aborted")
MATCH_ENDINGS: dict[str, tuple[str, str]] = {  # reason: (headline, reason sentence)
    DRAW_AGREED: (DRAWN, N_("The players agreed to a draw")),
    ABORTED_EARLY: (ABORTED, N_("A player aborted the match in its first moves")),
    NOBODY_MOVED: (ABORTED, N_("Nobody moved before the deadline")),
    LOBBY_EXPIRED: (ABORTED, N_("The lobby expired before the match started")),
    LOBBY_CLOSED: (ABORTED, N_("The lobby was closed by its creator")),
    TAKEN_BACK: (ABORTED, N_("A move was taken back; the match goes on as a new match")),
    ADJUDICATED: (ABORTED, N_("Double forfeit, decided by the tournament's organiser")),
    DEADLINE_FORFEIT: (ABORTED, N_("Double forfeit at the round's deadline")),
}
ADJUDICATED_WORDS = {  # who decided a result the game itself did not reach (a win or a draw)
    ADJUDICATED: N_("The tournament's organiser decided the result"),
    DEADLINE_ADJUDICATED: N_("The computer adjudicated it at the round's deadline"),
}


@dataclass(frozen=True)
class ResultWords:
    """How a match ended, in words."""

    headline: str  # "Ada wins", "Team I wins (ada & cy)", "Drawn", "ada & bob win"
    reason: str  # a sentence without final period: "Blue captured the Void"
    winners: tuple[int, ...]  # seats to mark as winners (empty for a draw)
    brief: str = ""  # the headline without a team's members ("Team I wins"), where chips show who; "" = headline

    @property
    def short(self) -> str:
        """The brief headline where there is one, else the headline."""
        return self.brief or self.headline

    def sentence(self) -> str:
        """'Ada wins: Blue captured the Void.'"""
        if self.reason:
            # Translators: a result: {headline} is "Ada wins" or "Drawn", {reason} why ("Blue captured the Void").
            return _("{headline}: {reason}.", headline=self.headline, reason=self.reason)
        # Translators: a match's result without a reason: {headline} is "Ada wins" or "Drawn".
        return _("{headline}.", headline=self.headline)


def joined(names: Sequence[str]) -> str:
    """'a', 'a & b', 'a, b & c'."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " & " + names[-1]


def _name(names: Sequence[str], view: Mapping[str, Any], seat: int) -> str:
    if seat < len(names) and str(names[seat]).strip():
        return str(names[seat])
    game = GAMES.get(str(view.get("game")))
    return game.seat_word(view, seat) if game is not None else player_word(seat)


def _as_dict(outcome: Mapping[str, Any] | Outcome | None) -> dict[str, Any] | None:
    if outcome is None:
        return None
    return outcome.to_json() if isinstance(outcome, Outcome) else dict(outcome)


def headline(view: Mapping[str, Any], names: Sequence[str],
             winners: Sequence[int]) -> tuple[str, tuple[int, ...], str]:
    """(headline, seats to mark, brief) for `winners`: a team wins as a team, all or none winning is a draw."""
    players = int(view.get("players") or len(view.get("seat_names") or []) or len(names))
    won = tuple(sorted(set(winners)))
    if not won or (players and len(won) >= players):
        return _(DRAWN), (), ""
    game = GAMES.get(str(view.get("game")))
    teams = game.teams(view) if game is not None else []
    whole = [(team, seats) for team, seats in teams if set(seats) <= set(won)]
    if teams and whole and {s for _, seats in whole for s in seats} == set(won):
        if len(whole) == 1:
            team, seats = whole[0]
            members = joined([_name(names, view, s) for s in seats])
            # Translators: a team's win: {team} is the team's name ("Team I"), {players} its members ("ada & cy").
            return _("{team} wins ({players})", team=team, players=members), won, _("{team} wins", team=team)
        # Translators: several teams share a win: {teams} is "Team I & Team II".
        return _("{teams} win", teams=joined([team for team, _seats in whole])), won, ""
    who = joined([_name(names, view, s) for s in won])
    # Translators: {players} is one name ("ada") or several joined ("ada & bob").
    return ngettext("{players} wins", "{players} win", len(won), players=who), won, ""


def result_words(view: Mapping[str, Any], names: Sequence[str],
                 ending: Mapping[str, Any] | Outcome | None = None) -> ResultWords | None:
    """The result of the game in `view` (a `Game.view` dict), or None while it is still being played.

    `names` are the display names per seat. `ending` is the outcome the match service stored, for endings the game
    itself does not know (an agreed draw, an abort, a timeout forfeit); without it the view's "match_outcome" (set by
    `Match.view` for such endings) is used.
    """
    stored = _as_dict(ending) or _as_dict(view.get("match_outcome"))
    outcome = _as_dict(view.get("outcome"))
    if outcome is None and stored is not None and stored.get(ENDED_KEY) == results.ADJUDICATED:
        top, won, brief = headline(view, names, stored.get("winners") or [])
        decided = ADJUDICATED_WORDS.get(str(stored.get("reason")), ADJUDICATED_WORDS[ADJUDICATED])
        return ResultWords(top, _(decided), won, brief)
    if outcome is None:
        if stored is None:
            return None
        words = MATCH_ENDINGS.get(str(stored.get("reason")))
        if words is not None:
            return ResultWords(_(words[0]), _(words[1]), ())
        outcome = stored
    top, won, brief = headline(view, names, outcome.get("winners") or [])
    forfeit = (stored or {}).get(FORFEIT_KEY) or outcome.get(FORFEIT_KEY)
    if forfeit:
        game = GAMES.get(str(view.get("game")))
        late = all_of([game.seat_word(view, s, names) if game is not None else player_word(s) for s in forfeit])
        reason = ngettext("{seats} ran out of time and forfeits", "{seats} ran out of time and forfeit", len(forfeit),
                          seats=late)
    else:
        game = GAMES.get(str(view.get("game")))
        reason = game.reason_text(view, outcome, names) if game is not None else tidy(str(outcome.get("reason") or ""))
    return ResultWords(top, reason, won, brief)
