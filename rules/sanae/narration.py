"""Sanae history lines (the public log of section 7) and match messages in words, never leaking a hidden rank."""

from __future__ import annotations

from collections.abc import Callable

from i18n import N_, _, ngettext
from rules.base import Action, IllegalAction, Resign
from rules.sanae.moves import actors_of, seat_of
from rules.sanae.notation import action_text
from rules.sanae.pieces import NAMES, combat
from rules.sanae.state import (
    SIDE_NAMES,
    SIDE_WORDS,
    Fill,
    FirstRoll,
    LayoutShow,
    LayoutSwap,
    Move,
    Ready,
    Roll,
    SanaeState,
    Zed,
    shuffling,
)

Apply = Callable[[SanaeState, Action, "int | None"], SanaeState]
# Each reason code in words (translated where shown).
REASONS = {"void_captured": N_("the Void is captured"), "king_queen_draw": N_("King and Queen lost"),
           "quiet-limit": N_("quiet limit"), "no_moves": N_("no legal move"), "resign": N_("resignation")}


def acting_seat(state: SanaeState, action: Action) -> int | None:
    """The seat an action belongs to when the state and action tell it (setup actions may not)."""
    match action:
        case Move():
            return state.turn
        case Zed():
            return None if state.turn is None else 1 - state.turn
        case LayoutSwap(first, _):
            return state.grid.home[first]
    actors = actors_of(state)
    return next(iter(actors)) if len(actors) == 1 else None


def _short(token: str) -> str:
    return token[:2]


def _result_line(state: SanaeState) -> str:
    assert state.result is not None
    winner, reason = state.result
    return f"result {'draw' if winner is None else SIDE_WORDS[winner]} {reason}"


def log_text(apply: Apply, state: SanaeState, action: Action, viewer: int | None) -> str:
    """The log entries of section 7 for `action` as `viewer` may read them, joined by '; '."""
    grid = state.grid
    label = grid.labels
    if isinstance(action, Fill):
        owner = shuffling(state)
        return f"fill {label[action.cell]} {action.symbol if owner == viewer else '?'}"
    if isinstance(action, FirstRoll):
        first = "red" if action.red > action.blue else "blue"
        return f"dice r{action.red} b{action.blue}; first {first}"
    if isinstance(action, Resign):  # either player may resign at any time: the seat is not in the action
        return "resign"
    seat = acting_seat(state, action)
    if state.phase == "setup":
        if seat is not None and seat == viewer:
            return action_text(grid, action)
        who = "" if seat is None else SIDE_WORDS[seat] + " "
        return f"{who}{'ready' if isinstance(action, Ready) else 'layout'}"
    try:
        after = apply(state, action, seat)
    except IllegalAction:
        return action_text(grid, action)
    lines = []
    if isinstance(action, Move):
        lines.append(f"move {action_text(grid, action)}")
        mover, aim = state.cells[action.source], state.cells[action.target]
        if "*" not in mover and (aim or action.target not in grid.adjacent[action.source]):
            where = action.source if aim else action.target
            lines.append(f"reveal {label[where]} {_short(mover)}")
        if aim and "*" not in aim:
            lines.append(f"reveal {label[action.target]} {_short(aim)}")
    elif isinstance(action, Zed):
        lines.append(action_text(grid, action))
        if action.captain is not None and "*" not in state.cells[action.captain] and state.pending:
            lines.append(f"reveal {label[state.pending.target]} {_short(state.cells[action.captain])}")
    elif isinstance(action, Roll):
        red, blue = (action.attacker, action.defender) if state.turn == 0 else (action.defender, action.attacker)
        lines.append(f"dice r{red} b{blue}")
    else:
        lines.append(action_text(grid, action))
    if after.last is not None and after.last.fight is not None and after.last is not state.last:
        cell, attacker, defender, winner = after.last.fight
        lines.append(f"combat {label[cell]} {_short(attacker)} x {_short(defender)} -> {winner}")
    if after.result is not None:
        lines.append(_result_line(after))
    return "; ".join(lines)


def _side(seat: int) -> str:
    return _(SIDE_NAMES[seat])


def _fight_sentence(state: SanaeState, after: SanaeState, dice: tuple[int, int] | None) -> str:
    """'Knight vs Dragon: Dragon's owner 3, attacker 6 — the Dragon falls' (every part of it is public)."""
    assert after.last is not None and after.last.fight is not None
    _cell, attacker, defender, winner = after.last.fight
    a, d = _(NAMES[attacker[1]]), _(NAMES[defender[1]])
    if defender[1] == "V":
        return _("the {stone} captures {side}'s Void", stone=a, side=_side(seat_of(defender)))
    loser = defender if winner == attacker[0] else attacker
    fallen = _(NAMES[loser[1]])
    if a != d:
        falls = _("the {stone} falls", stone=fallen)
    elif loser is defender:
        falls = _("the defending {stone} falls", stone=fallen)
    else:
        falls = _("the attacking {stone} falls", stone=fallen)
    fight = combat(attacker[1], defender[1])
    if dice is None or fight.kind == "fixed":
        return _("{attacker} vs {defender}: {falls}", attacker=a, defender=d, falls=falls)
    if fight.kind == "roll-off":
        return _("{attacker} vs {defender}: attacker {a_die}, defender {d_die} — {falls}", attacker=a, defender=d,
                 a_die=dice[0], d_die=dice[1], falls=falls)
    special = a if fight.special == "attacker" else d
    own, other = (dice[0], dice[1]) if fight.special == "attacker" else (dice[1], dice[0])
    if fight.special == "attacker":
        return _("{attacker} vs {defender}: {special}'s owner {own}, defender {other} — {falls}", attacker=a,
                 defender=d, special=special, own=own, other=other, falls=falls)
    return _("{attacker} vs {defender}: {special}'s owner {own}, attacker {other} — {falls}", attacker=a,
             defender=d, special=special, own=own, other=other, falls=falls)


def _ending(after: SanaeState) -> str:
    if after.result is None:
        return ""
    winner, reason = after.result
    if reason == "quiet-limit":
        words = ngettext("{n} ply without combat", "{n} plies without combat", after.options.quiet_limit)
    else:
        words = _(REASONS[reason])
    if winner is None:
        return ". " + _("Drawn ({why})", why=words)
    return ". " + _("{side} wins ({why})", side=_side(winner), why=words)


def describe(state: SanaeState, action: Action, after: SanaeState) -> str:
    """The action in words for the public match message, in the language being spoken."""
    grid = state.grid
    label = grid.labels
    text = action_text(grid, action)
    fought = after.last is not None and after.last.fight is not None and after.last is not state.last
    match action:
        case Resign():
            loser = None if after.result is None or after.result[0] is None else 1 - after.result[0]
            who = _("A player") if loser is None else _side(loser)
            return _("{side} resigns", side=who) + _ending(after)
        case Fill():
            return _("{side}'s random layout: a cell is dealt", side=_side(shuffling(state) or 0))
        case FirstRoll(red, blue):
            return _("Red rolls {red}, Blue rolls {blue}: {side} moves first", red=red, blue=blue,
                     side=_side(after.first or 0))
        case LayoutShow():
            return "layout show"
    if state.phase == "setup":
        # The side comes from who acted, never from what changed: a swap of two equal stones changes nothing,
        # and telling it apart would reveal the layout.
        seat = after.last.seat if after.last is not None and after.last is not state.last else None
        who = _("A player") if seat is None else _side(seat)
        if isinstance(action, Ready):
            return _("{side} is ready", side=who)
        return _("{side} works on their layout", side=who)
    if isinstance(action, Move):
        mover, aim = state.cells[action.source], state.cells[action.target]
        if not aim:
            shown = after.cells[action.target]
            if "*" in shown and "*" not in mover:
                return _("{move}: the {stone} is revealed", move=text, stone=_(NAMES[shown[1]])) + _ending(after)
            return text + _ending(after)
        a, d = _(NAMES[mover[1]]), _(NAMES[aim[1]])
        if aim[1] == "V":
            head = _("{move}: the {stone} attacks {side}'s Void", move=text, stone=a, side=_side(seat_of(aim)))
            if after.pending is not None:
                return head + " — " + _("{side} may answer with Zed Inel", side=_side(seat_of(aim)))
        else:
            head = _("{move}: the {attacker} attacks the {defender}", move=text, attacker=a, defender=d)
        if after.pending is not None:
            return head + " — " + _("the dice decide")
        return f"{head}. {_fight_sentence(state, after, None)}{_ending(after)}"
    if isinstance(action, Zed):
        side = _side(1 - (state.turn or 0))
        if action.captain is None:
            head = _("{side} does not use Zed Inel", side=side)
            return f"{head}. {_fight_sentence(state, after, None)}{_ending(after)}"
        head = _("{side} uses Zed Inel: the Captain on {cell} swaps with the Void", side=side,
                 cell=label[action.captain])
        if not fought:
            return head + " — " + _("the dice decide")
        return f"{head}. {_fight_sentence(state, after, None)}{_ending(after)}"
    if isinstance(action, Roll) and fought:
        return _fight_sentence(state, after, (action.attacker, action.defender)) + _ending(after)
    return text + _ending(after)
