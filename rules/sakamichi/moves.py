"""Sakamichi's rules in motion: chance outcomes, legality with specific reasons, legal sets and transitions."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from itertools import combinations, permutations
from operator import itemgetter

from rules.base import IllegalAction, Resign, one_of
from rules.sakamichi.notation import (
    Action,
    ChooseColour,
    ChooseFirst,
    Deal,
    Draw,
    Exchange,
    Place,
    Redraw,
    Remove,
    Roll,
    Stack,
    format_action,
)
from rules.sakamichi.state import (
    ENDS,
    HAND_SIZE,
    Row,
    State,
    counts_text,
    end_counts,
    evolve,
    high_roller,
    mover,
    next_value,
)
from rules.sakamichi.tiles import LINES, Tile, name, names, sort_tiles

ROLLS: tuple[Roll, ...] = tuple(Roll(w, b) for w in range(1, 7) for b in range(1, 7) if w != b)

# Canonical notation, remembered: every legal set is sorted by it and every action's log line is it.
action_text = lru_cache(maxsize=1 << 15)(format_action)


# ---- chance ---------------------------------------------------------------------------------------------------

def deal_seat(state: State) -> int:
    """The seat the next dealt tile goes to: P1 until it holds four tiles, then P2."""
    return 0 if len(state.hands[0]) < HAND_SIZE else 1


# Chance outcomes are the same few values over and over: made once each (a frozen dataclass is slow to build).
_remove: Callable[..., Remove] = lru_cache(maxsize=None)(Remove)
_deal: Callable[..., Deal] = lru_cache(maxsize=None)(Deal)
_draw: Callable[..., Draw] = lru_cache(maxsize=None)(Draw)


def chance_outcomes(state: State) -> list[tuple[Action, float]]:
    if state.phase == "remove":
        chance = 1 / len(state.pile)
        return [(_remove(t), chance) for t in state.pile]
    if state.phase == "deal":
        seat, chance = deal_seat(state), 1 / len(state.pile)
        return [(_deal(seat, t), chance) for t in state.pile]
    if state.phase == "dice":
        return [(roll, 1 / len(ROLLS)) for roll in ROLLS]
    if state.phase == "play" and state.draw in ("due", "redraw") and state.pile:
        chance = 1 / len(state.pile)
        return [(_draw(t), chance) for t in state.pile]
    return []


def is_chance_outcome(state: State, action: Action) -> bool:
    """Whether `action` is one of `chance_outcomes(state)`, without building that list."""
    phase = state.phase
    match action:
        case Remove(tile):
            return phase == "remove" and tile in state.pile
        case Deal(seat, tile):
            return phase == "deal" and seat == deal_seat(state) and tile in state.pile
        case Roll():
            return phase == "dice" and action in ROLLS
        case Draw(tile):
            return phase == "play" and state.draw in ("due", "redraw") and tile in state.pile
    return False


def apply_chance(state: State, action: Action) -> State:
    if not is_chance_outcome(state, action):
        legal = [a for a, _ in chance_outcomes(state)]
        if not legal:
            raise IllegalAction("wrong_phase: no chance event is owed now")
        raise IllegalAction(f"{format_action(action)} is not a possible outcome here — e.g. {format_action(legal[0])}")
    last = (None, action_text(action))
    match action:
        case Remove(tile):
            return evolve(state, last=last, pile=_without(state.pile, [tile]), removed=tile, phase="deal")
        case Deal(seat, tile):
            hands = _hands_with(state, seat, state.hands[seat] + (tile,))
            return evolve(state, last=last, hands=hands, pile=_without(state.pile, [tile]),
                          phase="dice" if len(hands[1]) == HAND_SIZE else state.phase)
        case Roll(white, black):
            state = evolve(state, last=last, dice=(white, black))
            high = high_roller(state)
            assert high is not None
            if state.mode == "basic":
                return evolve(state, phase="play", first=high, turn=high, draw="due")
            return evolve(state, phase="choice", choice=(high, "privilege"))
        case Draw(tile):
            seat = state.turn  # type: ignore[assignment]
            assert seat is not None
            redraw = state.draw == "redraw"
            state = evolve(state, last=last, hands=_hands_with(state, seat, state.hands[seat] + (tile,)),
                           pile=_without(state.pile, [tile]), draw="done")
            return end_turn(state, seat) if redraw else settle(state)
    raise IllegalAction(f"{action!r} is not a chance outcome")


# ---- enumeration ----------------------------------------------------------------------------------------------

def _groups(hand: tuple[Tile, ...], line: int, target: int, counts: tuple[int, ...]) -> Iterator[tuple[Tile, ...]]:
    """Sets of hand tiles (sorted) with `k in counts` tiles whose values on `line` are all >= 1 and sum to target."""
    usable = [t for t in hand if 1 <= t[line] <= target]
    value = itemgetter(line)
    for k in counts:
        if k > len(usable) or k > target:
            continue
        if k == 1:  # the common case, without a combinations object or a sum per tile
            yield from ((t,) for t in usable if t[line] == target)
            continue
        for group in combinations(usable, k):
            if sum(map(value, group)) == target:
                yield group


def placements(state: State, seat: int) -> Iterator[Place]:
    hand = state.hands[seat]
    for line in (0, 1):
        for end in ENDS:
            target = next_value(state, line, end)
            if target is None:
                continue
            for group in _groups(hand, line, target, end_counts(state, line, end)):
                yield Place(line, end, group)


def _layer_sequences(hand: tuple[Tile, ...], line: int, row: Row, many: bool) -> Iterator[tuple[tuple[Tile, ...], ...]]:
    layers = list(_groups(hand, line, row.value, (row.width,)))
    if not many:
        for layer in layers:
            yield (layer,)
        return
    # Each order of the same layers is its own action: the top layer differs.
    for size in range(1, len(layers) + 1):
        for chosen in permutations(layers, size):
            tiles = [t for layer in chosen for t in layer]
            if len(set(tiles)) == len(tiles):
                yield chosen


def stacks(state: State, seat: int) -> Iterator[Stack]:
    if "S" not in state.markers[seat]:
        return
    hand = state.hands[seat]
    for line in (0, 1):
        for end in ENDS:
            for row in state.lines[line].rows(end):
                for layers in _layer_sequences(hand, line, row, state.stack_layers == "many"):
                    yield Stack(line, row.value, layers)


def _marker_actions(state: State, seat: int) -> Iterator[Action]:
    hand, other = state.hands[seat], state.hands[1 - seat]
    if "R" in state.markers[seat] and state.pile:
        for tile in hand:
            yield Redraw(tile)
    if "E" in state.markers[seat]:
        for mine in hand:
            for theirs in other:
                yield Exchange(mine, theirs)


def _turn_actions(state: State, seat: int) -> Iterator[Action]:
    yield from _marker_actions(state, seat)
    yield from placements(state, seat)
    yield from stacks(state, seat)


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal action of `seat`, sorted by canonical notation (the spec's plain character order)."""
    if seat != mover(state):
        return []
    if state.phase == "choice":
        assert state.choice is not None
        found: list[Action] = [ChooseColour(0), ChooseColour(1)]
        if state.choice[1] == "privilege":
            found.append(ChooseFirst())
    else:
        found = list(_turn_actions(state, seat))
    return sorted(found, key=action_text)


def has_turn_action(state: State, seat: int) -> bool:
    return next(_turn_actions(state, seat), None) is not None


def tiles_placed(action: Action) -> int:
    if isinstance(action, Place):
        return len(action.tiles)
    if isinstance(action, Stack):
        return sum(len(layer) for layer in action.layers)
    return 0


# ---- legality with reasons ------------------------------------------------------------------------------------

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
    choosing = isinstance(action, ChooseColour | ChooseFirst)
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
            total = sum(t[line] for t in tiles)
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
                total = sum(t[line] for t in layer)
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


# ---- transitions ----------------------------------------------------------------------------------------------

def _without(tiles: tuple[Tile, ...], gone: list[Tile] | tuple[Tile, ...]) -> tuple[Tile, ...]:
    return tuple(t for t in tiles if t not in gone)


def _hands_with(state: State, seat: int, hand: tuple[Tile, ...]) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    return (sort_tiles(hand), state.hands[1]) if seat == 0 else (state.hands[0], sort_tiles(hand))


def _with_hand(state: State, seat: int, hand: tuple[Tile, ...]) -> State:
    return evolve(state, hands=_hands_with(state, seat, hand))


def _use(state: State, seat: int, letter: str) -> State:
    markers = list(state.markers)
    markers[seat] = markers[seat].replace(letter, "")
    return evolve(state, markers=(markers[0], markers[1]))


def finish(state: State, winner: int | None, reason: str) -> State:
    return evolve(state, phase="over", choice=None, result=(winner, reason))


def settle(state: State) -> State:
    """A turn with its draw done and no legal action is no decision: the mover loses at once (stuck)."""
    turn = state.turn
    if state.phase == "play" and state.draw == "done" and turn is not None and not has_turn_action(state, turn):
        return finish(state, 1 - turn, "stuck")
    return state


def end_turn(state: State, seat: int) -> State:
    """Section 6's checks in order (empty hand, six rows, pile), then the other player's turn."""
    if not state.hands[seat]:
        return finish(state, seat, "empty_hand")
    if state.mode == "advanced" and state.six_rows and state.colours is not None:
        for owner in (seat, 1 - seat):
            if state.lines[state.colours[owner]].row_count >= state.six_rows:
                return finish(state, owner, "six-rows")
    if not state.pile:
        if state.pile_end == "after-turn" or seat != state.first:
            mine, theirs = len(state.hands[seat]), len(state.hands[1 - seat])
            if mine == theirs:
                return finish(state, None, "pile_equal")
            return finish(state, seat if mine < theirs else 1 - seat, "pile_more_tiles")
        # equal-turns: the second player still plays one turn, without a draw
        return settle(evolve(state, turn=1 - seat, draw="done"))
    return evolve(state, turn=1 - seat, draw="due")


def apply_action(state: State, action: Action, seat: int) -> State:
    """A player's action; `check` must have passed."""
    last = (seat, action_text(action))
    if isinstance(action, Resign):
        return evolve(finish(state, 1 - seat, "resign"), last=last, last_move=last)
    state = evolve(state, last=last, last_move=last)
    match action:
        case ChooseColour(line):
            assert state.choice is not None
            chooser, kind = state.choice
            colours = (line, 1 - line) if chooser == 0 else (1 - line, line)
            first = 1 - chooser if kind == "privilege" else state.first
            return evolve(state, phase="play", colours=colours, first=first, turn=first, draw="due", choice=None)
        case ChooseFirst():
            return evolve(state, first=seat, choice=(1 - seat, "colour"))
        case Place(line, end, tiles):
            row = Row(next_value(state, line, end) or 0, (tiles,))
            lines = list(state.lines)
            lines[line] = lines[line].with_rows(end, (*lines[line].rows(end), row))
            state = evolve(state, lines=(lines[0], lines[1]))
            return end_turn(_with_hand(state, seat, _without(state.hands[seat], tiles)), seat)
        case Stack(line, value, layers):
            end, index = state.lines[line].find(value) or ("up", 0)
            rows = list(state.lines[line].rows(end))
            rows[index] = Row(value, rows[index].layers + layers)
            lines = list(state.lines)
            lines[line] = lines[line].with_rows(end, tuple(rows))
            used = [t for layer in layers for t in layer]
            state = evolve(_use(state, seat, "S"), lines=(lines[0], lines[1]))
            return end_turn(_with_hand(state, seat, _without(state.hands[seat], used)), seat)
        case Redraw(tile):
            state = _with_hand(_use(state, seat, "R"), seat, _without(state.hands[seat], [tile]))
            return evolve(state, dead=sort_tiles((*state.dead, tile)), draw="redraw")
        case Exchange(mine, theirs):
            state = _use(state, seat, "E")
            state = _with_hand(state, seat, (*_without(state.hands[seat], [mine]), theirs))
            state = _with_hand(state, 1 - seat, (*_without(state.hands[1 - seat], [theirs]), mine))
            return end_turn(state, seat)
    raise IllegalAction(f"{action!r} is not a Sakamichi action")

