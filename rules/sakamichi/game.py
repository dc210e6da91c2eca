"""The Sakamichi (坂道棋, Bossa) `Game`: setup, options and the shared interface over the package's parts."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from i18n import N_, _, ngettext
from rules.base import Configuration, Game, IllegalAction, Option, Outcome, Resign, player_word
from rules.sakamichi import checks, moves
from rules.sakamichi.notation import CHANCE, Action, format_action, parse_action
from rules.sakamichi.position import format_position, parse_position, short_text
from rules.sakamichi.state import DEFAULT_COUNT_RULE, REASONS, SIX_ROWS, Line, State, mover
from rules.sakamichi.tiles import TILES
from rules.sakamichi.view import SEAT_NAMES, hand_visible, mask_text, resample_hidden, view


class Sakamichi(Game):
    name = "sakamichi"
    title = "Sakamichi"
    goal = (
        "Empty your hand first. Lay dot tiles in rows up (+1) and down (−1) two number lines; a row's pips of "
        "its line's colour add up to its value.")
    player_counts = (2,)
    options: ClassVar[dict[str, Option]] = {
        "mode": Option("advanced", ("advanced", "basic"),
                       N_("advanced: hands hidden until colours are chosen, own colour lines, six-row win; "
                          "basic: open hands, the high roller moves first")),
        "count-rule": Option("auto", ("auto", "plus-or-minus", "same-or-plus"),
                             N_("tile count of a new row after an n-tile row: n-1 or n+1 (plus-or-minus) or n or "
                                "n+1 (same-or-plus); auto takes the mode's own rule")),
        "stack-layers": Option("one", ("one", "many"), N_("layers one Stack action may add")),
        "pile-end": Option("after-turn", ("after-turn", "equal-turns"),
                           N_("when the empty pile ends the game: after the last drawer's turn, or once both "
                              "players have had as many turns")),
        "six-rows": Option("6", SIX_ROWS, N_("own-line rows that win in advanced mode (0 or off: no such win)"),
                           off="0"),
    }

    # ---- set-up -------------------------------------------------------------------------------------------------
    def setup(self, players: int, options: dict[str, str] | None = None) -> State:
        full = self.check_options(players, options)
        mode = full["mode"]
        count_rule = DEFAULT_COUNT_RULE[mode] if full["count-rule"] == "auto" else full["count-rule"]
        return State(mode=mode, count_rule=count_rule, stack_layers=full["stack-layers"],
                     pile_end=full["pile-end"], six_rows=int(full["six-rows"]), phase="remove", dice=None,
                     colours=None, first=None, turn=None, draw=None, choice=None, lines=(Line(), Line()),
                     hands=((), ()), markers=("RES", "RES"), pile=TILES, removed=None, dead=(), result=None)

    def configurations(self) -> list[Configuration]:
        variants = [{}, {"mode": "basic"}, {"count-rule": "same-or-plus"},
                    {"mode": "basic", "count-rule": "plus-or-minus"}, {"stack-layers": "many"},
                    {"pile-end": "equal-turns"}, {"mode": "basic", "pile-end": "equal-turns"},
                    {"six-rows": "0"}, {"six-rows": "4"}]
        return [Configuration(2, v) for v in variants]

    # ---- whose turn -----------------------------------------------------------------------------------------------
    def actors(self, state: State) -> frozenset[int]:
        seat = mover(state)
        return frozenset() if seat is None else frozenset({seat})

    def chance_outcomes(self, state: State) -> list[tuple[Action, float]]:
        return moves.chance_outcomes(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return moves.legal_actions(state, seat)

    def apply(self, state: State, action: Action, seat: int | None = None) -> State:
        if seat is None:
            if not isinstance(action, CHANCE):
                raise IllegalAction("a player action needs the seat that plays it")
            return moves.apply_chance(state, action)
        if isinstance(action, CHANCE):
            raise IllegalAction("chance outcomes are applied by the server, not by a seat")
        if seat not in (0, 1):
            raise IllegalAction(f"there is no seat {seat}")
        checks.check(state, action, seat)
        return moves.apply_action(state, action, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state.result is None:
            return None
        winner, reason = state.result
        return Outcome(frozenset() if winner is None else frozenset({winner}), None, reason)

    # ---- text -------------------------------------------------------------------------------------------------------
    def parse(self, state: State, text: str, seat: int) -> Action:
        try:
            action = parse_action(state, text)
        except IllegalAction:
            checks.check_turn(state, seat)  # a player who may not act hears that first
            raise
        checks.check(state, action, seat)
        return action

    def notation(self, state: State, action: Action) -> str:
        return format_action(action)

    def log_text(self, state: State, action: Action, viewer: int | None) -> str:
        return mask_text(state, format_action(action), viewer)

    def describe(self, before: State, action: Action, after: State) -> str:
        """What was done, in words around its notation ("placed white up w4"); a chance event as its (masked)
        notation."""
        text = _done(self.log_text(before, action, None))
        if after.result is None or before.result is not None:
            return text
        # Who won and why are the result's words (`reason_text`, with the players' names) under this line; a seat
        # here could only be the notation's P1 or P2, which no message calls a player.
        return _("{move} — the game ends", move=text)

    def seat_name(self, state: State, seat: int) -> str:
        return SEAT_NAMES[seat]

    # ---- results in words -------------------------------------------------------------------------------------
    reason_codes: ClassVar[tuple[str, ...]] = REASONS

    colour_seats: ClassVar[bool] = False

    def seat_word(self, view: Mapping[str, Any], seat: int, names: Sequence[str] = ()) -> str:
        """A seat is no colour in Sakamichi ('P1' is notation): results name the player, else 'Player 1'."""
        given = str(names[seat]).strip() if seat < len(names) else ""
        return given or player_word(seat)

    def reason_text(self, view: Mapping[str, Any], outcome: Mapping[str, Any], names: Sequence[str] = ()) -> str:
        reason = outcome.get("reason")
        won = list(outcome.get("winners") or [])
        a_player = _("A player")
        winner = self.seat_word(view, won[0], names) if won else a_player
        loser = self.seat_word(view, 1 - won[0], names) if won else a_player
        rows = str((view.get("options") or {}).get("six-rows", "6"))
        words = {"empty_hand": N_("{winner} emptied their hand"),
                 "pile_more_tiles": N_("The pile ran out and {loser} holds more tiles"),
                 "pile_equal": N_("The pile ran out with equal hands"), "stuck": N_("{loser} had no legal action"),
                 "resign": N_("{loser} resigned")}.get(str(reason))
        if reason == "six-rows":
            return ngettext("{winner}'s own line reached {n} row", "{winner}'s own line reached {n} rows",
                            int(rows) if rows.isdigit() else 6, winner=winner)
        if words is None:
            return super().reason_text(view, outcome, names)
        return _(words, winner=winner, loser=loser)

    # ---- views and serialisation ----------------------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """The state as `seat` (None: the public) may see it; every key is listed in `rules.sakamichi.view.view`."""
        outcome = self.outcome(state)
        return view(state, seat, None if outcome is None else outcome.to_json())

    def resample_hidden(self, state: State, seat: int | None, rng: random.Random) -> State:
        return resample_hidden(state, seat, rng)

    def position(self, state: State) -> str:
        return format_position(state)

    def from_position(self, text: str) -> State:
        """The state of a position text; a `play` text whose mover is stuck reads as the finished game."""
        return moves.settle(parse_position(text))

    def short_text(self, state: State, viewer: int | None = None) -> str:
        """The 10.2 short display form as `viewer` may see it (None: the public)."""
        return short_text(state, (hand_visible(state, 0, viewer), hand_visible(state, 1, viewer)))

    def to_json(self, state: State) -> dict[str, Any]:
        return {"position": format_position(state),
                "last": None if state.last is None else [state.last[0], state.last[1]],
                "last_move": None if state.last_move is None else [state.last_move[0], state.last_move[1]]}

    def from_json(self, data: dict[str, Any]) -> State:
        state = self.from_position(data["position"])
        last, move = data.get("last"), data.get("last_move")
        if last is not None:
            state = replace(state, last=(last[0], last[1]))
        return state if move is None else replace(state, last_move=(move[0], move[1]))

    def players(self, state: State) -> int:
        return 2

    # ---- help for players ------------------------------------------------------------------------------------------
    def ranked_actions(self, state: State, seat: int) -> list[Action]:
        """Legal actions best first for suggestions: rows placing the most tiles, then Stacks, Exchanges, Redraws."""
        return rank(moves.legal_actions(state, seat))

    def suggestions(self, state: State, seat: int, typed: str = "", limit: int = 25) -> list[str]:
        """Up to `limit` canonical actions matching what the player has typed so far, best first (autocomplete)."""
        words = typed.lower().split()
        found = []
        for action in self.ranked_actions(state, seat):
            text = format_action(action)
            if _matches(text, words):
                found.append(text)
                if len(found) == limit:
                    break
        return found


# A player's action in words, its notation kept as typed (translated where told).
_DONE = {"place": N_("placed {move}"), "stack": N_("stacked {move}"), "redraw": N_("redrew {move}"),
         "exchange": N_("exchanged {move}")}


def _done(text: str) -> str:
    """A logged action in words: "place white up w4" → "placed white up w4"; chance events stay notation."""
    verb, _space, rest = text.partition(" ")
    if verb == "choose":
        line = rest.removeprefix("colour ").strip()
        return _("chose to move first") if line == "first" else _("chose the {line} line", line=line)
    if verb == "resign":
        return _("resigned")
    return _(_DONE[verb], move=rest) if verb in _DONE else text


_KIND_ORDER = {"place": 0, "stack": 1, "exchange": 2, "redraw": 3, "choose": 4}
_SHORT = {"w": "white", "b": "black"}


def rank(actions: list[Action]) -> list[Action]:
    def key(action: Action) -> tuple[int, int, str]:
        text = format_action(action)
        return (_KIND_ORDER.get(text.split()[0], 5), -moves.tiles_placed(action), text)
    return sorted((a for a in actions if not isinstance(a, Resign)), key=key)


def _matches(text: str, typed: list[str]) -> bool:
    """Every typed word is a prefix of some word of the action (line initials and tile order forgiven)."""
    words = text.split()
    for word in typed:
        word = _SHORT.get(word, word)
        if not any(w.startswith(word) for w in words):
            return False
    return True


GAME = Sakamichi()
