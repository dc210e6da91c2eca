"""Sakamichi's actions and chance outcomes, their canonical notation (spec section 8) and the parser."""

from __future__ import annotations

import re
from dataclasses import dataclass

from i18n import _
from rules.base import RESIGN, IllegalAction, NotationError, Resign, quote
from rules.sakamichi.state import ENDS, State, next_value
from rules.sakamichi.tiles import LINE_INDEX, LINES, Tile, looks_like_tile, name, names, parse_tile, sort_tiles


@dataclass(frozen=True)
class Remove:
    """Chance: the tile set aside face down at setup."""

    tile: Tile


@dataclass(frozen=True)
class Deal:
    """Chance: one tile dealt to `seat`."""

    seat: int
    tile: Tile


@dataclass(frozen=True)
class Roll:
    """Chance: both dice (never equal)."""

    white: int
    black: int


@dataclass(frozen=True)
class Draw:
    """Chance: the mover's turn draw or Redraw draw."""

    tile: Tile


@dataclass(frozen=True)
class Place:
    """A new outermost row at an end of a line; `tiles` sorted."""

    line: int
    end: str
    tiles: tuple[Tile, ...]


@dataclass(frozen=True)
class Stack:
    """New top layers on the row `value` of a line, in the order given; each layer sorted."""

    line: int
    value: int
    layers: tuple[tuple[Tile, ...], ...]


@dataclass(frozen=True)
class Redraw:
    tile: Tile


@dataclass(frozen=True)
class Exchange:
    mine: Tile
    theirs: Tile


@dataclass(frozen=True)
class ChooseColour:
    line: int


@dataclass(frozen=True)
class ChooseFirst:
    pass


Action = Remove | Deal | Roll | Draw | Place | Stack | Redraw | Exchange | ChooseColour | ChooseFirst | Resign
CHANCE = (Draw, Remove, Deal, Roll)  # the turn's draw first: most chance events are one

EXAMPLES = ("place white up w4", "stack black 4 w1b3 w3b1", "redraw w1b3", "exchange w2b1 for w1b4",
            "choose colour white", "choose first", "resign")


def format_action(action: Action) -> str:
    """The canonical notation: lowercase, full line names, up/down, tiles canonical and sorted."""
    match action:
        case Place(line, end, tiles):
            return f"place {LINES[line]} {end} {names(tiles)}"
        case Stack(line, value, layers):
            return f"stack {LINES[line]} {value} " + " / ".join(names(layer) for layer in layers)
        case Redraw(tile):
            return f"redraw {name(tile)}"
        case Exchange(mine, theirs):
            return f"exchange {name(mine)} for {name(theirs)}"
        case ChooseColour(line):
            return f"choose colour {LINES[line]}"
        case ChooseFirst():
            return "choose first"
        case Resign():
            return "resign"
        case Remove(tile):
            return f"remove {name(tile)}"
        case Deal(seat, tile):
            return f"deal P{seat + 1} {name(tile)}"
        case Roll(white, black):
            return f"dice {white} {black}"
        case Draw(tile):
            return f"draw {name(tile)}"
    raise TypeError(f"not a Sakamichi action: {action!r}")


def _syntax(text: str, why: str) -> NotationError:
    """A syntax refusal: what was typed, why it cannot be read (`why` in the language being spoken), examples."""
    return NotationError("syntax: " + _("{typed} — {why}. Examples: {examples}", typed=quote(text.strip()), why=why,
                                       examples=" · ".join(EXAMPLES)))


def _line(token: str, text: str) -> int:
    if token not in LINE_INDEX:
        raise _syntax(text, _("{token} is not a line; write white or black", token=quote(token)))
    return LINE_INDEX[token]


def _tiles(tokens: list[str], text: str) -> tuple[Tile, ...]:
    if not tokens:
        raise _syntax(text, _("tiles are missing"))
    for token in tokens:
        if not looks_like_tile(token):
            raise _syntax(text, _("{token} is not a tile; write tiles like w2b3, w4 or b5", token=quote(token)))
    return tuple(parse_tile(token) for token in tokens)


def _group(tokens: list[str], text: str) -> tuple[Tile, ...]:
    tiles = _tiles(tokens, text)
    if len(set(tiles)) != len(tiles):
        raise IllegalAction("duplicate_tile: " + _("a tile is named twice — each tile can be used once"))
    return sort_tiles(tiles)


def _int(token: str) -> int | None:
    return int(token) if re.fullmatch(r"[0-9]{1,3}", token) else None  # ASCII digits; no row reaches 1000


def resolve_end(state: State, line: int, token: str) -> str:
    """`up`/`down`, or the number the player typed matched against the two ends' next values."""
    if token in ENDS:
        return token
    typed = int(token)
    dice = state.dice
    if dice is None:  # no die yet: the end cannot be known
        raise IllegalAction("wrong_phase: " + _("the dice are not rolled yet"))
    up, down = next_value(state, line, "up"), next_value(state, line, "down")
    if typed == up:
        return "up"
    if down is not None and typed == down:
        return "down"
    if typed > dice[line]:
        where = _("up expects {up}", up=up)
    elif down is None:
        where = _("down is closed, up expects {up}", up=up)
    else:
        where = _("down expects {down}", down=down)
    raise IllegalAction("wrong_target: " + _("{where} — {typed} is the next value of neither {line} end", where=where,
                                             typed=typed, line=LINES[line]))


def parse_action(state: State, text: str) -> Action:
    """A player's typed action (case-insensitive, any spacing). Checks the grammar only, not legality."""
    tokens = text.lower().replace("/", " / ").split()
    if not tokens:
        raise _syntax(text, _("nothing was typed"))
    verb, rest = tokens[0], tokens[1:]
    if verb == "resign" and not rest:
        return RESIGN
    if verb == "place":
        if len(rest) < 3:
            raise _syntax(text, _("place needs a line, an end and tiles, e.g. place white up w4"))
        line = _line(rest[0], text)
        if rest[1] not in ENDS and _int(rest[1]) is None:
            raise _syntax(text, _("{token} is not an end; write up, down or the end's next value",
                                  token=quote(rest[1])))
        if "/" in rest:
            raise _syntax(text, _("'/' separates Stack layers only"))
        tiles = _group(rest[2:], text)
        return Place(line, resolve_end(state, line, rest[1]), tiles)
    if verb == "stack":
        if len(rest) < 3:
            raise _syntax(text, _("stack needs a line, a row value and tiles, e.g. stack black 4 w1b3 w3b1"))
        line = _line(rest[0], text)
        value = _int(rest[1])
        if value is None:
            raise _syntax(text, _("{token} is not a row value; name the row by its number, e.g. stack black 4",
                                   token=quote(rest[1])))
        groups: list[list[str]] = [[]]
        for token in rest[2:]:
            if token == "/":
                groups.append([])
            else:
                groups[-1].append(token)
        if len(groups) > 1 and state.stack_layers == "one":
            raise _syntax(text, _("'/' adds a second layer, which only the stack-layers=many variant allows"))
        layers = tuple(_group(g, text) for g in groups)
        every = [t for layer in layers for t in layer]
        if len(set(every)) != len(every):
            raise IllegalAction("duplicate_tile: " + _("a tile is named in two layers — each tile can be used once"))
        return Stack(line, value, layers)
    if verb == "redraw":
        if len(rest) != 1:
            raise _syntax(text, _("redraw takes one tile, e.g. redraw w1b3"))
        return Redraw(_tiles(rest, text)[0])
    if verb == "exchange":
        if len(rest) != 3 or rest[1] != "for":
            raise _syntax(text, _("write exchange <your tile> for <their tile>, e.g. exchange w2b1 for w1b4"))
        mine, theirs = _tiles([rest[0], rest[2]], text)
        return Exchange(mine, theirs)
    if verb == "choose":
        if rest == ["first"]:
            return ChooseFirst()
        if len(rest) == 2 and rest[0] in ("colour", "color"):
            return ChooseColour(_line(rest[1], text))
        raise _syntax(text, _("write choose colour white, choose colour black or choose first"))
    raise _syntax(text, _("{token} is not an action", token=quote(verb)))


def parse_outcome(text: str) -> Action:
    """A chance outcome in its notation (`remove w6`, `deal P1 b2`, `dice 3 5`, `draw w4`), for replays and tests."""
    tokens = text.lower().split()
    match tokens:
        case ["remove", tile]:
            return Remove(parse_tile(tile))
        case ["deal", ("p1" | "p2") as seat, tile]:
            return Deal(int(seat[1]) - 1, parse_tile(tile))
        case ["dice", white, black] if white in "123456" and black in "123456" and len(white + black) == 2:
            return Roll(int(white), int(black))
        case ["draw", tile]:
            return Draw(parse_tile(tile))
    raise NotationError(f"syntax: {quote(text.strip())} is not a chance outcome — e.g. remove w6, deal P1 b2, "
                        "dice 3 5, draw w4")
