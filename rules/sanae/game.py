"""The Sanae `Game`: options, whose turn, chance nodes, legal actions, apply, text and serialisation."""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from i18n import N_, _, ngettext
from rules.base import (
    Action,
    Configuration,
    Game,
    IllegalAction,
    NotationError,
    Option,
    Outcome,
    Resign,
    evolve,
    quote,
    whole_number,
)
from rules.sanae import moves, narration, setup
from rules.sanae import view as views  # `view` is the method's name here
from rules.sanae.notation import action_text, parse_text
from rules.sanae.pieces import Combat, combat, dice_outcomes
from rules.sanae.position import position_text, read_position
from rules.sanae.state import (
    SIDE_NAMES,
    Fill,
    FirstRoll,
    Last,
    LayoutCode,
    LayoutPreset,
    LayoutRandom,
    LayoutShow,
    LayoutSwap,
    Move,
    Options,
    Ready,
    Roll,
    SanaeState,
    Zed,
    shuffling,
)

SETUP_ACTIONS = (LayoutRandom, LayoutPreset, LayoutCode, LayoutSwap, LayoutShow, Ready)


@functools.cache
def _rolls(kind: str) -> dict[Roll, float]:
    """A combat's dice with their odds, in order, made once per kind of combat (a roll-off or a special roll): a
    combat is every few plies, and thirty-odd frozen dataclasses are slow to build. Never changed."""
    pairs = dice_outcomes(Combat(kind, 0))
    return {Roll(a, d): 1 / len(pairs) for a, d in pairs}


def owed_rolls(state: SanaeState) -> dict[Roll, float]:
    """The dice outcomes of the combat `state` waits for, with their odds (none when it waits for none)."""
    pending = state.pending
    if state.result is None and state.phase == "play" and pending is not None and pending.kind == "combat":
        return _rolls(combat(state.cells[pending.attacker][1], state.cells[pending.target][1]).kind)
    return {}


class Sanae(Game):
    name: ClassVar[str] = "sanae"
    title: ClassVar[str] = "Sanae"
    goal = (
        "Capture the enemy Void. 36 hidden stones a side; moving onto an enemy reveals both, and the higher "
        "rank wins (dice decide ties).")
    player_counts: ClassVar[tuple[int, ...]] = (2,)
    options: ClassVar[dict[str, Option]] = {
        "king-queen": Option("flag-draw", ("flag-draw", "draw", "off"),
                             N_("losing both King and Queen: a later Void capture only draws (flag-draw), the "
                                "game is drawn at once (draw), or nothing happens (off)")),
        "quiet-limit": Option("200", (), N_("plies without combat before the game is drawn; 0 (or off) turns it off"),
                              off="0"),
        "zed-prompt": Option("any-unused", ("any-unused", "eligible-only"),
                             N_("when a Void attack pauses for Zed Inel: whenever the defender has an unused "
                                "Captain, or only when one is in range")),
        "zed-range": Option("4", (), N_("how many steps a Captain may be from its Void for Zed Inel (1-10)")),
        "board": Option("lens93", ("lens93",), N_("the board: two 4-ring circles sharing 3 cells (93 cells)")),
    }

    # ---- set-up -----------------------------------------------------------------------------------------------
    def setup(self, players: int, options: dict[str, str] | None = None) -> SanaeState:
        full = self.check_options(players, options)
        quiet, zed_range = full["quiet-limit"], full["zed-range"]
        quiet_limit, reach = whole_number(quiet), whole_number(zed_range, 2)
        if quiet_limit is None:
            raise ValueError(f"quiet-limit must be an integer ≥ 0 (0 or off: no limit), not {quote(quiet)}")
        if reach is None or not 1 <= reach <= 10:
            raise ValueError(f"zed-range must be an integer from 1 to 10, not {quote(zed_range)}")
        opts = Options(full["king-queen"], quiet_limit, full["zed-prompt"], reach, full["board"])
        return SanaeState(opts, "setup", ("empty", "empty"), None, None, None, 0, ("", ""),
                          ("",) * opts.grid.size)

    def configurations(self) -> list[Configuration]:
        """Every option value, combined into three games (each playout walks a long random setup first)."""
        return [Configuration(2),
                Configuration(2, {"king-queen": "draw", "zed-prompt": "eligible-only", "zed-range": "2"}),
                Configuration(2, {"king-queen": "off", "quiet-limit": "60", "zed-range": "10"})]

    def players(self, state: SanaeState) -> int:
        return 2

    def seat_name(self, state: SanaeState, seat: int) -> str:
        return _(SIDE_NAMES[seat])

    # ---- results in words -------------------------------------------------------------------------------------
    reason_codes: ClassVar[tuple[str, ...]] = tuple(narration.REASONS)

    def reason_text(self, view: Mapping[str, Any], outcome: Mapping[str, Any], names: Sequence[str] = ()) -> str:
        reason, won = outcome.get("reason"), list(outcome.get("winners") or [])
        a_side = _("A side")
        winner = _(SIDE_NAMES[won[0]]) if won else a_side
        loser = _(SIDE_NAMES[1 - won[0]]) if won else a_side
        if reason == "king_queen_draw":
            captured = list(view.get("captured") or ["", ""])
            royal = [_(SIDE_NAMES[s]) for s in (0, 1) if "K" in captured[s] and "Q" in captured[s]]
            who = royal[0] if royal else a_side
            if (view.get("options") or {}).get("king-queen") == "flag-draw":
                return _("{side} captured the Void after losing both King and Queen, which only draws", side=who)
            return _("{side} lost both King and Queen", side=who)
        if reason == "void_captured":
            return _("{side} captured the Void", side=winner)
        if reason == "quiet-limit":
            limit = int(view.get("quiet_limit") or 0)
            return ngettext("No combat for {n} ply", "No combat for {n} plies", limit)
        if reason == "no_moves":
            return _("{side} had no legal move", side=loser)
        if reason == "resign":
            return _("{side} resigned", side=loser)
        return super().reason_text(view, outcome, names)

    # ---- whose turn ---------------------------------------------------------------------------------------------
    def actors(self, state: SanaeState) -> frozenset[int]:
        return moves.actors_of(state)

    def timeout_action(self, state: SanaeState, seat: int) -> Action | None:
        """An unanswered Zed Inel question counts as "no" when its deadline passes (the match's time control)."""
        if state.pending is not None and state.pending.kind == "zed" and seat in self.actors(state):
            return Zed(None)
        return None

    def chance_outcomes(self, state: SanaeState) -> list[tuple[Action, float]]:
        if state.result is not None:
            return []
        side = shuffling(state)
        if side is not None:
            return list(setup.fill_outcomes(state, side))
        if state.phase == "roll":
            return list(setup.first_outcomes())
        return list(owed_rolls(state).items())

    def legal_actions(self, state: SanaeState, seat: int) -> list[Action]:
        if seat not in moves.actors_of(state):
            return []
        if state.phase == "setup":
            return setup.setup_actions(state, seat)
        if state.pending is not None:
            by_label = state.grid.labels.__getitem__
            return [*(Zed(c) for c in sorted(moves.eligible_captains(state), key=by_label)), Zed(None)]
        return list(moves.move_table(state.cells, state.grid.name, seat)[1])

    def check(self, state: SanaeState, action: Action, seat: int | None) -> None:
        """Raise `IllegalAction` unless `seat` may take `action` now (chance outcomes use seat None)."""
        kind = type(action)
        if kind is LayoutSwap and state.result is None and seat in (0, 1):
            setup.check_swap(state, action, seat)
            return
        if kind is Move and state.result is None and seat in (0, 1) and state.phase == "play":
            moves.check_move(state, action, seat)  # the other hot path: where the checks below lead a move in play
            return
        if state.result is not None:
            raise IllegalAction(_("the game is over"))
        if isinstance(action, Resign):
            if seat not in (0, 1):
                raise IllegalAction(_("only a seated player may resign"))
            return
        if isinstance(action, Roll):
            if seat is not None or action not in owed_rolls(state):
                raise IllegalAction(f"{action_text(state.grid, action)} is not a chance outcome here")
            return
        if isinstance(action, (Fill, FirstRoll)):
            if seat is not None or action not in dict(self.chance_outcomes(state)):
                raise IllegalAction(f"{action_text(state.grid, action)} is not a chance outcome here")
            return
        if seat not in (0, 1):
            raise IllegalAction("a player action needs the seat of a player")
        if isinstance(action, SETUP_ACTIONS):
            setup.check_setup(state, action, seat)
            return
        if state.phase == "setup":
            raise IllegalAction(setup.waiting_message(state))
        if state.phase == "roll":
            raise IllegalAction(_("the first-player roll is owed"))
        if isinstance(action, Move):
            moves.check_move(state, action, seat)
        elif isinstance(action, Zed):
            moves.check_zed(state, action, seat)
        else:
            raise IllegalAction(f"not a Sanae action: {action!r}")

    def apply(self, state: SanaeState, action: Action, seat: int | None = None) -> SanaeState:
        self.check(state, action, seat)
        match action:
            case Resign():
                assert seat is not None
                return moves.over(evolve(state, last=Last("resign", seat)), 1 - seat, "resign")
            case Fill():
                return setup.do_fill(state, action)
            case FirstRoll():
                return setup.do_first(state, action)
            case Roll():
                return moves.do_roll(state, action)
            case Move():
                return moves.do_move(state, action)
            case Zed():
                return moves.do_zed(state, action)
        assert seat is not None
        return setup.do_setup(state, action, seat, action_text(state.grid, action))

    def outcome(self, state: SanaeState) -> Outcome | None:
        return views.outcome_of(state)

    # ---- text ---------------------------------------------------------------------------------------------------
    def parse(self, state: SanaeState, text: str, seat: int) -> Action:
        try:
            action = parse_text(state.options.board, text)
        except NotationError as error:
            raise NotationError(_("{error}; for example {example}", error=str(error),
                                  example=self._example(state))) from None
        if type(action) is LayoutSwap:  # the hot path: hundreds of listed swaps per setup position
            setup.check_swap(state, action, seat)
        else:
            self.check(state, action, seat)
        return action

    @staticmethod
    def _example(state: SanaeState) -> str:
        if state.phase == "setup":
            return "layout preset classic"
        if state.pending is not None and state.pending.kind == "zed":
            return "zed no"
        return "R3.07-R4.07"

    def notation(self, state: SanaeState, action: Action) -> str:
        return action_text(state.options.grid, action)  # not the `grid` property: asked of every listed action

    def describe(self, before: SanaeState, action: Action, after: SanaeState) -> str:
        return narration.describe(before, action, after)

    def log_text(self, state: SanaeState, action: Action, viewer: int | None) -> str:
        return narration.log_text(self.apply, state, action, viewer)

    # ---- views and serialisation ----------------------------------------------------------------------------------
    def view(self, state: SanaeState, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    view.__doc__ = views.view.__doc__

    def resample_hidden(self, state: SanaeState, seat: int | None, rng: random.Random) -> SanaeState:
        return views.resample_hidden(state, seat, rng)

    def layout_code(self, state: SanaeState, seat: int) -> str | None:
        """The seat's canonical layout code for `layout show` (None without a complete layout)."""
        return views.layout_code(state, seat)

    def position(self, state: SanaeState) -> str:
        return position_text(state)

    def from_position(self, text: str) -> SanaeState:
        return read_position(text)

    def to_json(self, state: SanaeState) -> dict[str, Any]:
        last = state.last
        return {"position": position_text(state), "plies": state.plies, "moved": sorted(state.moved),
                "last": None if last is None else {
                    "kind": last.kind, "seat": last.seat, "cells": list(last.cells),
                    "dice": None if last.dice is None else list(last.dice),
                    "fight": None if last.fight is None else list(last.fight), "note": last.note}}

    def from_json(self, data: dict[str, Any]) -> SanaeState:
        state = read_position(data["position"])
        raw = data.get("last")
        last = None if raw is None else Last(
            raw["kind"], raw["seat"], tuple(raw["cells"]), None if raw["dice"] is None else tuple(raw["dice"]),
            None if raw["fight"] is None else tuple(raw["fight"]), raw["note"])
        return evolve(state, plies=data.get("plies", 0), moved=frozenset(data.get("moved", ())), last=last)


GAME = Sanae()
