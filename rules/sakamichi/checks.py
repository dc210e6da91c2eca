"""Sakamichi's legality with reasons: one specific refusal (`IllegalAction`, its code first) for any action a seat
may not play now."""

from __future__ import annotations

from operator import itemgetter

from rules.base import IllegalAction, Resign, one_of
from rules.sakamichi.moves import legal_actions
from rules.sakamichi.notation import Action, ChooseColour, ChooseFirst, Exchange, Place, Redraw, Stack, format_action
from rules.sakamichi.state import State, counts_text, end_counts, mover, next_value
from rules.sakamichi.tiles import LINES, Tile, name, names


def _check_tiles(state: State, seat: int, line: int, tiles: tuple[Tile, ...]) -> None:
    hand = state.hands[seat]
    for tile in tiles:
        if tile not in hand:
            raise IllegalAction(f"not_in_hand: {name(tile)} — your hand is {names(hand)}")
    for tile in tiles:
        if tile[line] < 1:
            raise IllegalAction(f"zero_pips: {name(tile)} has no {LINES[line]} pips")


def check_turn(state: State, seat: int) -> None:
    """Raise `IllegalAction` unless `seat` is the one to act now (a turn or a pending choice)."""
    if state.phase == "over":
        raise IllegalAction("wrong_phase: the game is over")
    actor = mover(state)
    if actor is None:
        raise IllegalAction("wrong_phase: a chance event is owed first")
    if seat != actor:
        raise IllegalAction(f"not_your_turn: it is P{actor + 1}'s turn")


def _check_distinct(tiles: list[Tile]) -> None:
    if len(set(tiles)) != len(tiles):
        raise IllegalAction("duplicate_tile: a tile is named twice — each tile can be used once")


def check(state: State, action: Action, seat: int) -> None:
    """Raise `IllegalAction` with one specific reason unless `seat` may play `action` now."""
    if isinstance(action, Resign):
        if state.phase == "over":
            raise IllegalAction("wrong_phase: the game is over")
        return
    check_turn(state, seat)
    choosing = isinstance(action, (ChooseColour, ChooseFirst))
    if choosing and state.phase != "choice":
        raise IllegalAction("wrong_phase: the colours and the first player are already set")
    if not choosing and state.phase == "choice":
        options = one_of(format_action(a) for a in legal_actions(state, seat))
        raise IllegalAction(f"wrong_phase: a choice is pending — {options}")
    match action:
        case ChooseFirst():
            assert state.choice is not None
            if state.choice[1] != "privilege":
                raise IllegalAction(f"wrong_phase: P{2 - seat} chose to play first; choose colour white or black")
        case Place(line, end, tiles):
            _check_distinct(list(tiles))
            target = next_value(state, line, end)
            if target is None:
                raise IllegalAction(f"end_closed: {LINES[line]} down is closed — its die shows 1 or its rows reach 1")
            _check_tiles(state, seat, line, tiles)
            total = sum(map(itemgetter(line), tiles))
            if total != target:
                raise IllegalAction(f"wrong_sum: {total} != {target} — {LINES[line]} {end} expects {target}")
            counts = end_counts(state, line, end)
            if len(tiles) not in counts:
                raise IllegalAction(f"wrong_count: {len(tiles)} tile{'s' if len(tiles) != 1 else ''}, allowed "
                                    f"{' or '.join(map(str, counts))} — {LINES[line]} {end} takes "
                                    f"{counts_text(counts)}")
        case Stack(line, value, layers):
            if "S" not in state.markers[seat]:
                raise IllegalAction("marker_used: stack — you have used your Stack")
            found = state.lines[line].find(value)
            if found is None:
                raise IllegalAction(f"no_such_row: {LINES[line]} {value} — that line has no row {value}")
            if len(layers) > 1 and state.stack_layers == "one":
                raise IllegalAction("wrong_count: one layer per Stack (stack-layers=one)")
            _check_distinct([t for layer in layers for t in layer])
            row = state.lines[line].rows(found[0])[found[1]]
            for layer in layers:
                _check_tiles(state, seat, line, layer)
                total = sum(map(itemgetter(line), layer))
                if len(layer) != row.width:
                    raise IllegalAction(f"wrong_count: {len(layer)} tile{'s' if len(layer) != 1 else ''}, allowed "
                                        f"{row.width} — a layer has the row's width")
                if total != value:
                    raise IllegalAction(f"wrong_sum: {total} != {value} — a layer sums to the row's value")
        case Redraw(tile):
            if "R" not in state.markers[seat]:
                raise IllegalAction("marker_used: redraw — you have used your Redraw")
            if tile not in state.hands[seat]:
                raise IllegalAction(f"not_in_hand: {name(tile)} — your hand is {names(state.hands[seat])}")
            if not state.pile:
                raise IllegalAction("pile_empty: there is no tile to draw")
        case Exchange(mine, theirs):
            if "E" not in state.markers[seat]:
                raise IllegalAction("marker_used: exchange — you have used your Exchange")
            if mine not in state.hands[seat]:
                raise IllegalAction(f"not_in_hand: {name(mine)} — your hand is {names(state.hands[seat])}")
            other = state.hands[1 - seat]
            if theirs not in other:
                raise IllegalAction(f"not_in_hand: {name(theirs)} — P{2 - seat}'s hand is {names(other)}")
