"""Sakamichi's legality with reasons: one specific refusal (`IllegalAction`, its code first) for any action a seat
may not play now."""

from __future__ import annotations

from operator import itemgetter

from i18n import _, ngettext
from rules.base import IllegalAction, Resign, one_of
from rules.sakamichi.moves import legal_actions
from rules.sakamichi.notation import Action, ChooseColour, ChooseFirst, Exchange, Place, Redraw, Stack, format_action
from rules.sakamichi.state import State, counts_text, end_counts, mover, next_value, or_list
from rules.sakamichi.tiles import LINES, Tile, name, names


def _check_tiles(state: State, seat: int, line: int, tiles: tuple[Tile, ...]) -> None:
    hand = state.hands[seat]
    for tile in tiles:
        if tile not in hand:
            raise IllegalAction("not_in_hand: " + _("{tile} — your hand is {hand}", tile=name(tile), hand=names(hand)))
    for tile in tiles:
        if tile[line] < 1:
            raise IllegalAction("zero_pips: " + (_("{tile} has no white pips", tile=name(tile)) if line == 0
                                               else _("{tile} has no black pips", tile=name(tile))))


def check_turn(state: State, seat: int) -> None:
    """Raise `IllegalAction` unless `seat` is the one to act now (a turn or a pending choice)."""
    if state.phase == "over":
        raise IllegalAction("wrong_phase: " + _("the game is over"))
    actor = mover(state)
    if actor is None:
        raise IllegalAction("wrong_phase: " + _("a chance event is owed first"))
    if seat != actor:
        # Translators: {seat} is the seat in notation, P1 or P2.
        raise IllegalAction("not_your_turn: " + _("it is {seat}'s turn", seat=f"P{actor + 1}"))


def _check_distinct(tiles: list[Tile]) -> None:
    if len(set(tiles)) != len(tiles):
        raise IllegalAction("duplicate_tile: " + _("a tile is named twice — each tile can be used once"))


def check(state: State, action: Action, seat: int) -> None:
    """Raise `IllegalAction` with one specific reason unless `seat` may play `action` now."""
    if isinstance(action, Resign):
        if state.phase == "over":
            raise IllegalAction("wrong_phase: " + _("the game is over"))
        return
    check_turn(state, seat)
    choosing = isinstance(action, (ChooseColour, ChooseFirst))
    if choosing and state.phase != "choice":
        raise IllegalAction("wrong_phase: " + _("the colours and the first player are already set"))
    if not choosing and state.phase == "choice":
        options = one_of(format_action(a) for a in legal_actions(state, seat))
        raise IllegalAction("wrong_phase: " + _("a choice is pending — {options}", options=options))
    match action:
        case ChooseFirst():
            assert state.choice is not None
            if state.choice[1] != "privilege":
                raise IllegalAction("wrong_phase: " + _("{seat} chose to play first; choose colour white or black",
                                                            seat=f"P{2 - seat}"))
        case Place(line, end, tiles):
            _check_distinct(list(tiles))
            target = next_value(state, line, end)
            if target is None:
                raise IllegalAction("end_closed: " + _("{line} down is closed — its die shows 1 or its rows reach 1",
                                                           line=LINES[line]))
            _check_tiles(state, seat, line, tiles)
            total = sum(map(itemgetter(line), tiles))
            if total != target:
                raise IllegalAction("wrong_sum: " + _("{total} != {target} — {line} {end} expects {target}",
                                                      total=total, target=target, line=LINES[line], end=end))
            counts = end_counts(state, line, end)
            if len(tiles) not in counts:
                raise IllegalAction("wrong_count: " + ngettext(
                    "{n} tile, allowed {allowed} — {line} {end} takes {takes}",
                    "{n} tiles, allowed {allowed} — {line} {end} takes {takes}", len(tiles),
                    allowed=or_list(counts), line=LINES[line], end=end, takes=counts_text(counts)))
        case Stack(line, value, layers):
            if "S" not in state.markers[seat]:
                raise IllegalAction("marker_used: stack — " + _("you have used your Stack"))
            found = state.lines[line].find(value)
            if found is None:
                raise IllegalAction(f"no_such_row: {LINES[line]} {value} — "
                                    + _("that line has no row {value}", value=value))
            if len(layers) > 1 and state.stack_layers == "one":
                raise IllegalAction("wrong_count: " + _("one layer per Stack (stack-layers=one)"))
            _check_distinct([t for layer in layers for t in layer])
            row = state.lines[line].rows(found[0])[found[1]]
            for layer in layers:
                _check_tiles(state, seat, line, layer)
                total = sum(map(itemgetter(line), layer))
                if len(layer) != row.width:
                    raise IllegalAction("wrong_count: " + ngettext(
                        "{n} tile, allowed {allowed} — a layer has the row's width",
                        "{n} tiles, allowed {allowed} — a layer has the row's width", len(layer), allowed=row.width))
                if total != value:
                    raise IllegalAction("wrong_sum: " + _("{total} != {value} — a layer sums to the row's value",
                                                          total=total, value=value))
        case Redraw(tile):
            if "R" not in state.markers[seat]:
                raise IllegalAction("marker_used: redraw — " + _("you have used your Redraw"))
            if tile not in state.hands[seat]:
                raise IllegalAction("not_in_hand: " + _("{tile} — your hand is {hand}", tile=name(tile),
                                                           hand=names(state.hands[seat])))
            if not state.pile:
                raise IllegalAction("pile_empty: " + _("there is no tile to draw"))
        case Exchange(mine, theirs):
            if "E" not in state.markers[seat]:
                raise IllegalAction("marker_used: exchange — " + _("you have used your Exchange"))
            if mine not in state.hands[seat]:
                raise IllegalAction("not_in_hand: " + _("{tile} — your hand is {hand}", tile=name(mine),
                                                           hand=names(state.hands[seat])))
            other = state.hands[1 - seat]
            if theirs not in other:
                # Translators: {seat} is the other seat in notation, P1 or P2.
                raise IllegalAction("not_in_hand: " + _("{tile} — {seat}'s hand is {hand}", tile=name(theirs),
                                                           seat=f"P{2 - seat}", hand=names(other)))
