"""Sakamichi's rules in motion: chance outcomes, legal sets and transitions (legality with reasons:
`rules.sakamichi.checks`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache, lru_cache
from itertools import combinations, permutations
from operator import itemgetter

from rules.base import IllegalAction, Resign, evolve
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
    allowed_counts,
    end_counts,
    high_roller,
    mover,
    next_value,
)
from rules.sakamichi.tiles import NAMES, TILES, Tile, sort_tiles

ROLLS: tuple[Roll, ...] = tuple(Roll(w, b) for w in range(1, 7) for b in range(1, 7) if w != b)

# Canonical notation, remembered: every legal set is sorted by it and every action's log line is it.
action_text = lru_cache(maxsize=1 << 15)(format_action)


# ---- chance ---------------------------------------------------------------------------------------------------

def deal_seat(state: State) -> int:
    """The seat the next dealt tile goes to: P1 until it holds four tiles, then P2."""
    return 0 if len(state.hands[0]) < HAND_SIZE else 1


# Chance outcomes and turn actions are the same few values over and over: made once each (a frozen dataclass is
# slow to build). Their notation is remembered by `action_text`.
_remove: Callable[..., Remove] = lru_cache(maxsize=None)(Remove)
_deal: Callable[..., Deal] = lru_cache(maxsize=None)(Deal)
_draw: Callable[..., Draw] = lru_cache(maxsize=None)(Draw)
_redraw: Callable[..., Redraw] = lru_cache(maxsize=None)(Redraw)
_exchange: Callable[..., Exchange] = lru_cache(maxsize=None)(Exchange)
_place: Callable[..., Place] = lru_cache(maxsize=1 << 16)(Place)
_stack: Callable[..., Stack] = lru_cache(maxsize=1 << 16)(Stack)


_MAKERS: dict[str, Callable[[Tile], Action]] = {
    "remove": _remove, "deal P1": lambda t: _deal(0, t), "deal P2": lambda t: _deal(1, t), "draw": _draw}


@cache
def _odds(kind: str, pile: int) -> dict[Tile, tuple[Action, float]]:
    """Each tile's (outcome, chance) pair for a `kind` of chance event from a pile of `pile` tiles, made once: the
    chance events are most of a game's steps, and each lists the whole pile."""
    make = _MAKERS[kind]
    return {tile: (make(tile), 1 / pile) for tile in TILES}


def chance_outcomes(state: State) -> list[tuple[Action, float]]:
    phase, pile = state.phase, state.pile
    if phase == "remove":
        return list(map(_odds("remove", len(pile)).__getitem__, pile))
    if phase == "deal":
        return list(map(_odds("deal P2" if deal_seat(state) else "deal P1", len(pile)).__getitem__, pile))
    if phase == "dice":
        return [(roll, 1 / len(ROLLS)) for roll in ROLLS]
    if phase == "play" and state.draw in ("due", "redraw") and pile:
        return list(map(_odds("draw", len(pile)).__getitem__, pile))
    return []


def is_chance_outcome(state: State, action: Action) -> bool:
    """Whether `action` is one of `chance_outcomes(state)`, without building that list."""
    phase = state.phase
    if isinstance(action, Draw):  # the common case first
        return phase == "play" and state.draw in ("due", "redraw") and action.tile in state.pile
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
    if isinstance(action, Draw):  # most chance events: the turn's draw, one tile from the pile into the mover's hand
        tile = action.tile
        seat = state.turn
        assert seat is not None
        redraw = state.draw == "redraw"
        state = evolve(state, last=(None, "draw " + NAMES[tile]),
                       hands=_hands_with(state, seat, state.hands[seat] + (tile,)),
                       pile=_without(state.pile, [tile]), draw="done")
        return end_turn(state, seat) if redraw else settle(state)
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
    raise IllegalAction(f"{action!r} is not a chance outcome")


# ---- enumeration ----------------------------------------------------------------------------------------------

def _groups(hand: tuple[Tile, ...], line: int, target: int, counts: tuple[int, ...]) -> list[tuple[Tile, ...]]:
    """Sets of hand tiles (sorted) with `k in counts` tiles whose values on `line` are all >= 1 and sum to target,
    each `k` in turn, in the order of `combinations` over the hand. One and two tiles, nearly every group, are
    matched directly: no combinations object, no sum per group (this is the heart of every legal list)."""
    found: list[tuple[Tile, ...]] = []
    for k in counts:
        if k == 1:
            found += [(t,) for t in hand if t[line] == target]
        elif k == 2:
            usable = [t for t in hand if 0 < t[line] < target]
            for i, first in enumerate(usable):
                rest = target - first[line]
                found += [(first, t) for t in usable[i + 1:] if t[line] == rest]
        elif 0 < k <= target:
            value = itemgetter(line)
            usable = [t for t in hand if 1 <= t[line] <= target]
            found += [group for group in combinations(usable, k) if sum(map(value, group)) == target]
    return found


def placements(state: State, seat: int) -> Iterator[Place]:
    hand = state.hands[seat]
    for line in (0, 1):
        for end in ENDS:
            target = next_value(state, line, end)
            if target is None:
                continue
            for group in _groups(hand, line, target, end_counts(state, line, end)):
                yield _place(line, end, group)


def _layer_sequences(hand: tuple[Tile, ...], line: int, row: Row, many: bool) -> Iterator[tuple[tuple[Tile, ...], ...]]:
    layers = _groups(hand, line, row.value, (len(row.layers[0]),))
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
                    yield _stack(line, row.value, layers)


def _marker_actions(state: State, seat: int) -> Iterator[Action]:
    hand, other = state.hands[seat], state.hands[1 - seat]
    if "R" in state.markers[seat] and state.pile:
        for tile in hand:
            yield _redraw(tile)
    if "E" in state.markers[seat]:
        for mine in hand:
            for theirs in other:
                yield _exchange(mine, theirs)


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
        return sorted(found, key=action_text)
    return in_notation_order(state, seat)


def in_notation_order(state: State, seat: int) -> list[Action]:
    """`seat`'s turn actions in the order of their notation, built in that order rather than sorted by it (the
    sort, by each action's remembered text, was a third of a random playout's time).

    The verbs sort exchange < place < redraw < stack, the lines black < white and the ends down < up. A tile's name
    sorts as the tile itself ((white, black) pips: `b1` < `b6` < `w1` < `w1b1`) and names are joined by spaces, which
    sort before every letter and digit, so a group of tiles sorts as its tuple of tiles, and hands are sorted. Row
    values are compared as text ("10" < "9"). `tests/rules/test_engine_caches.py` checks this against the text sort.
    """
    hand, other, markers = state.hands[seat], state.hands[1 - seat], state.markers[seat]
    found: list[Action] = []
    if "E" in markers:
        found += [_exchange(mine, theirs) for mine in hand for theirs in other]
    dice, count_rule = state.dice, state.count_rule
    have = -1  # the hand as a mask of TILE_BITS, once needed
    for line in (1, 0):
        built = state.lines[line]
        for end, rows in (("down", built.down), ("up", built.up)):  # as next_value and end_counts
            if dice is None:
                continue
            inner = rows[-1].value if rows else dice[line]
            target = inner + 1 if end == "up" else inner - 1
            if target < 1:
                continue
            counts = allowed_counts(count_rule, rows)
            if counts[-1] <= 2:  # one or two tiles: read off the end's every possible group, held or not
                if have == -1:
                    have = _mask(hand)
                found += [place for need, place in _placings(line, end, target, counts) if need & have == need]
                continue
            groups = _groups(hand, line, target, counts)
            if len(groups) > 1:
                groups.sort()
            found += [_place(line, end, group) for group in groups]
    if "R" in markers and state.pile:
        found += [_redraw(tile) for tile in hand]
    if "S" in markers:
        many = state.stack_layers == "many"
        for line in (1, 0):
            built = state.lines[line]
            stacked = [*built.down, *built.up]
            if len(stacked) > 1:
                stacked.sort(key=_value_text)
            for row in stacked:
                width = len(row.layers[0])
                if width <= 2 and not many:  # one layer of one or two tiles: as the placements
                    if have == -1:
                        have = _mask(hand)
                    found += [stack for need, stack in _stackings(line, row.value, width) if need & have == need]
                    continue
                sequences = list(_layer_sequences(hand, line, row, many))
                if len(sequences) > 1:
                    sequences.sort()
                found += [_stack(line, row.value, layers) for layers in sequences]
    return found


TILE_BITS: dict[Tile, int] = {tile: 1 << i for i, tile in enumerate(TILES)}


def _mask(tiles: tuple[Tile, ...]) -> int:
    have = 0
    for tile in tiles:
        have |= TILE_BITS[tile]
    return have


def _fitting(line: int, target: int, counts: tuple[int, ...]) -> list[tuple[Tile, ...]]:
    """Every group of one or two of the 27 tiles (as `counts` allows) worth `target` on `line`, each tile at least
    1, sorted: in notation order (a group sorts as its tuple of tiles)."""
    groups: list[tuple[Tile, ...]] = []
    usable = [t for t in TILES if t[line]]
    for k in counts:
        if k == 1:
            groups += [(t,) for t in usable if t[line] == target]
        elif k == 2:
            groups += [(a, b) for i, a in enumerate(usable) for b in usable[i + 1:] if a[line] + b[line] == target]
    return sorted(groups)


@cache
def _placings(line: int, end: str, target: int, counts: tuple[int, ...]) -> tuple[tuple[int, Place], ...]:
    """Every placement of one or two tiles (as `counts` allows) at a line's end whose next value is `target`, in
    notation order, each with the mask of the tiles it needs: a legal list keeps those the hand holds. A random hand
    fits a few of them at most, and matching tiles one by one was most of the time of a legal list."""
    return tuple((_mask(group), _place(line, end, group)) for group in _fitting(line, target, counts))


@cache
def _stackings(line: int, value: int, width: int) -> tuple[tuple[int, Stack], ...]:
    """`_placings` for a Stack of one layer of `width` (1 or 2) tiles on a line's row `value`."""
    return tuple((_mask(layer), _stack(line, value, (layer,))) for layer in _fitting(line, value, (width,)))


def _value_text(row: Row) -> str:
    return str(row.value)


def has_turn_action(state: State, seat: int) -> bool:
    """Whether `seat` has any turn action, found without building one (asked after every draw)."""
    hand, markers = state.hands[seat], state.markers[seat]
    if not hand:
        return False  # every turn action plays or gives a tile of the hand
    if ("R" in markers and state.pile) or ("E" in markers and state.hands[1 - seat]):
        return True
    if state.dice is not None:
        for line in (0, 1):
            built = state.lines[line]
            for end, rows in (("up", built.up), ("down", built.down)):
                inner = rows[-1].value if rows else state.dice[line]
                target = inner + 1 if end == "up" else inner - 1
                if target >= 1 and _group_exists(hand, line, target, allowed_counts(state.count_rule, rows)):
                    return True
    if "S" in markers:
        for line in (0, 1):
            built = state.lines[line]
            if any(_group_exists(hand, line, row.value, (len(row.layers[0]),)) for row in (*built.down, *built.up)):
                return True
    return False


def _group_exists(hand: tuple[Tile, ...], line: int, target: int, counts: tuple[int, ...]) -> bool:
    """Whether `_groups(hand, line, target, counts)` has any group."""
    for k in counts:
        if k == 1:
            if any(t[line] == target for t in hand):
                return True
        elif k == 2:
            values = [t[line] for t in hand if 0 < t[line] < target]
            if any(target - value in values[i + 1:] for i, value in enumerate(values)):
                return True
        elif _groups(hand, line, target, (k,)):
            return True
    return False


def tiles_placed(action: Action) -> int:
    if isinstance(action, Place):
        return len(action.tiles)
    if isinstance(action, Stack):
        return sum(len(layer) for layer in action.layers)
    return 0


# ---- transitions ----------------------------------------------------------------------------------------------

def _without(tiles: tuple[Tile, ...], gone: list[Tile] | tuple[Tile, ...]) -> tuple[Tile, ...]:
    """`tiles` (a set: each tile at most once) without those of `gone`, in their order."""
    for tile in gone:
        if tile in tiles:
            at = tiles.index(tile)
            tiles = tiles[:at] + tiles[at + 1:]
    return tiles


def _hands_with(state: State, seat: int, hand: tuple[Tile, ...]) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    return (sort_tiles(hand), state.hands[1]) if seat == 0 else (state.hands[0], sort_tiles(hand))


def _markers_without(state: State, seat: int, letter: str) -> tuple[str, str]:
    """Both seats' unused markers once `seat` has used `letter`."""
    markers = list(state.markers)
    markers[seat] = markers[seat].replace(letter, "")
    return (markers[0], markers[1])


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
    """A player's action; `check` must have passed. Each builds its new state in one step (then `end_turn`)."""
    last = (seat, action_text(action))
    if isinstance(action, Resign):
        return evolve(finish(state, 1 - seat, "resign"), last=last, last_move=last)
    match action:
        case Place(line, end, tiles):
            row = Row(next_value(state, line, end) or 0, (tiles,))
            lines = list(state.lines)
            lines[line] = lines[line].with_rows(end, (*lines[line].rows(end), row))
            state = evolve(state, last=last, last_move=last, lines=(lines[0], lines[1]),
                           hands=_hands_with(state, seat, _without(state.hands[seat], tiles)))
            return end_turn(state, seat)
        case ChooseColour(line):
            assert state.choice is not None
            chooser, kind = state.choice
            colours = (line, 1 - line) if chooser == 0 else (1 - line, line)
            first = 1 - chooser if kind == "privilege" else state.first
            return evolve(state, last=last, last_move=last, phase="play", colours=colours, first=first, turn=first,
                          draw="due", choice=None)
        case ChooseFirst():
            return evolve(state, last=last, last_move=last, first=seat, choice=(1 - seat, "colour"))
        case Stack(line, value, layers):
            end, index = state.lines[line].find(value) or ("up", 0)
            rows = list(state.lines[line].rows(end))
            rows[index] = Row(value, rows[index].layers + layers)
            lines = list(state.lines)
            lines[line] = lines[line].with_rows(end, tuple(rows))
            hand = _without(state.hands[seat], [t for layer in layers for t in layer])
            state = evolve(state, last=last, last_move=last, markers=_markers_without(state, seat, "S"),
                           lines=(lines[0], lines[1]), hands=_hands_with(state, seat, hand))
            return end_turn(state, seat)
        case Redraw(tile):
            return evolve(state, last=last, last_move=last, markers=_markers_without(state, seat, "R"),
                          hands=_hands_with(state, seat, _without(state.hands[seat], [tile])),
                          dead=sort_tiles((*state.dead, tile)), draw="redraw")
        case Exchange(mine, theirs):
            hands = _hands_with(state, seat, (*_without(state.hands[seat], [mine]), theirs))
            other = (*_without(state.hands[1 - seat], [theirs]), mine)
            hands = (hands[0], sort_tiles(other)) if seat == 0 else (sort_tiles(other), hands[1])
            state = evolve(state, last=last, last_move=last, markers=_markers_without(state, seat, "E"), hands=hands)
            return end_turn(state, seat)
    raise IllegalAction(f"{action!r} is not a Sakamichi action")
