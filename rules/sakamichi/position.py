"""Sakamichi's position text (spec 10.1, the whole state on one line) and the short display form (10.2)."""

from __future__ import annotations

import re

from rules.base import NotationError
from rules.sakamichi.state import (
    COUNT_RULES,
    DRAWS,
    ENDS,
    MARKERS,
    MODES,
    PHASES,
    PILE_ENDS,
    REASONS,
    SIX_ROWS,
    STACK_LAYERS,
    Line,
    Row,
    State,
    allowed_counts,
)
from rules.sakamichi.tiles import LINE_INDEX, LINES, TILES, Tile, names, parse_tile, sort_tiles

_ROW = re.compile(r"([0-9]{1,3})\[([^\]]*)\]")


def _seat(seat: int | None) -> str:
    return "-" if seat is None else f"P{seat + 1}"


def rows_text(rows: tuple[Row, ...]) -> str:
    """'3[w3b3] 4[w1b5 w3b1|w2b1 w2b2]' (layers bottom first), or '-'."""
    if not rows:
        return "-"
    return " ".join(f"{row.value}[" + "|".join(names(layer) for layer in row.layers) + "]" for row in rows)


def _marks(markers: str) -> str:
    return markers or "-"


def _result(result: tuple[int | None, str] | None) -> str:
    if result is None:
        return "-"
    winner, reason = result
    return f"{'draw' if winner is None else _seat(winner)} {reason}"


def format_position(state: State) -> str:
    dice = "- -" if state.dice is None else f"{state.dice[0]} {state.dice[1]}"
    colours = "-" if state.colours is None else f"P1={LINES[state.colours[0]]} P2={LINES[state.colours[1]]}"
    choice = "-" if state.choice is None else f"{_seat(state.choice[0])} {state.choice[1]}"
    fields = [
        f"mode {state.mode}",
        f"options count-rule={state.count_rule} stack-layers={state.stack_layers} pile-end={state.pile_end} "
        f"six-rows={state.six_rows}",
        f"phase {state.phase}",
        f"dice {dice}",
        f"colours {colours}",
        f"first {_seat(state.first)}",
        f"turn {_seat(state.turn)}",
        f"draw {state.draw or '-'}",
        f"choice {choice}",
        *(f"{LINES[i]} down {rows_text(line.down)} up {rows_text(line.up)}" for i, line in enumerate(state.lines)),
        *(f"P{i + 1} hand {names(hand)} markers {_marks(state.markers[i])}" for i, hand in enumerate(state.hands)),
        f"pile {names(state.pile)}",
        f"removed {names([] if state.removed is None else [state.removed])}",
        f"dead {names(state.dead)}",
        f"result {_result(state.result)}",
    ]
    return " ; ".join(fields)


# ---- reading ----------------------------------------------------------------------------------------------------

def _bad(why: str) -> NotationError:
    return NotationError(f"bad position text: {why}")


def _field(fields: list[str], index: int, prefix: str) -> str:
    text = fields[index]
    if not text.startswith(prefix):
        raise _bad(f"field {index + 1} must start with {prefix.strip()!r}, not {text[:24]!r}")
    return text[len(prefix):].strip()


def _choice_of(value: str, allowed: tuple[str, ...], what: str) -> str:
    if value not in allowed:
        raise _bad(f"{what} must be one of {', '.join(allowed)}, not {value!r}")
    return value


def _seat_of(value: str, what: str, optional: bool = True) -> int | None:
    if value == "-" and optional:
        return None
    if value not in ("P1", "P2"):
        raise _bad(f"{what} must be P1, P2{' or -' if optional else ''}, not {value!r}")
    return int(value[1]) - 1


def _tiles(value: str) -> tuple[Tile, ...]:
    if value == "-":
        return ()
    return sort_tiles(parse_tile(token) for token in value.split())


def _rows(value: str, line: int, end: str) -> tuple[Row, ...]:
    if value == "-":
        return ()
    rows: list[Row] = []
    if " ".join(m.group(0) for m in _ROW.finditer(value)) != value:
        raise _bad(f"{LINES[line]} {end} rows {value!r} are not written as value[tiles|tiles] ...")
    for match in _ROW.finditer(value):
        layers = tuple(_tiles(layer.strip()) for layer in match.group(2).split("|"))
        rows.append(Row(int(match.group(1)), layers))
    return tuple(rows)


def _line(value: str, line: int) -> Line:
    if not value.startswith("down ") or " up " not in value:
        raise _bad(f"the {LINES[line]} line must read '{LINES[line]} down <rows> up <rows>'")
    down, up = value[len("down "):].split(" up ", 1)
    return Line(down=_rows(down.strip(), line, "down"), up=_rows(up.strip(), line, "up"))


def _hand(value: str, seat: int) -> tuple[tuple[Tile, ...], str]:
    if " markers " not in f" {value} ":
        raise _bad(f"P{seat + 1}'s hand must read 'P{seat + 1} hand <tiles> markers <RES or ->'")
    tiles, marks = f" {value} ".split(" markers ", 1)
    marks = marks.strip()
    if marks == "-":
        marks = ""
    if marks != "".join(m for m in MARKERS if m in marks):
        raise _bad(f"markers must be the unused letters of RES in that order, or -, not {marks!r}")
    return _tiles(tiles.strip()), marks


def parse_position(text: str) -> State:
    """The state a position text describes, checked for consistency (no stuck check: the game applies that)."""
    fields = text.strip().split(" ; ")
    if len(fields) != 17:
        raise _bad(f"it needs 17 fields separated by ' ; ', found {len(fields)}")
    mode = _choice_of(_field(fields, 0, "mode "), MODES, "mode")
    options = dict(item.partition("=")[::2] for item in _field(fields, 1, "options ").split())
    if sorted(options) != ["count-rule", "pile-end", "six-rows", "stack-layers"]:
        raise _bad("options must give count-rule, stack-layers, pile-end and six-rows")
    phase = _choice_of(_field(fields, 2, "phase "), PHASES, "phase")
    dice_text = _field(fields, 3, "dice ").split()
    dice: tuple[int, int] | None = None
    if dice_text != ["-", "-"]:
        if len(dice_text) != 2 or not all(d in "123456" and len(d) == 1 for d in dice_text) or \
                dice_text[0] == dice_text[1]:
            raise _bad("dice must be two different values 1..6 (white, black), or - -")
        dice = (int(dice_text[0]), int(dice_text[1]))
    colours_text = _field(fields, 4, "colours ")
    colours: tuple[int, int] | None = None
    if colours_text != "-":
        match = re.fullmatch(r"P1=(white|black) P2=(white|black)", colours_text)
        if match is None or match.group(1) == match.group(2):
            raise _bad("colours must read P1=white P2=black, P1=black P2=white or -")
        colours = (LINE_INDEX[match.group(1)], LINE_INDEX[match.group(2)])
    draw = _field(fields, 7, "draw ")
    choice_text = _field(fields, 8, "choice ")
    choice: tuple[int, str] | None = None
    if choice_text != "-":
        seat_text, _, kind = choice_text.partition(" ")
        seat = _seat_of(seat_text, "the choosing seat", optional=False)
        assert seat is not None
        choice = (seat, _choice_of(kind, ("privilege", "colour"), "the choice"))
    hands_markers = [_hand(_field(fields, 11 + i, f"P{i + 1} hand "), i) for i in (0, 1)]
    removed = _tiles(_field(fields, 14, "removed "))
    if len(removed) > 1:
        raise _bad("removed holds one tile or -")
    result_text = _field(fields, 16, "result ")
    result: tuple[int | None, str] | None = None
    if result_text != "-":
        who, _, reason = result_text.partition(" ")
        winner = None if who == "draw" else _seat_of(who, "the winner", optional=False)
        result = (winner, _choice_of(reason, REASONS, "the result reason"))
    state = State(
        mode=mode,
        count_rule=_choice_of(options["count-rule"], COUNT_RULES, "count-rule"),
        stack_layers=_choice_of(options["stack-layers"], STACK_LAYERS, "stack-layers"),
        pile_end=_choice_of(options["pile-end"], PILE_ENDS, "pile-end"),
        six_rows=int(_choice_of(options["six-rows"], SIX_ROWS, "six-rows")),
        phase=phase, dice=dice, colours=colours,
        first=_seat_of(_field(fields, 5, "first "), "first"),
        turn=_seat_of(_field(fields, 6, "turn "), "turn"),
        draw=None if draw == "-" else _choice_of(draw, DRAWS, "draw"),
        choice=choice,
        lines=(_line(_field(fields, 9, "white "), 0), _line(_field(fields, 10, "black "), 1)),
        hands=(hands_markers[0][0], hands_markers[1][0]),
        markers=(hands_markers[0][1], hands_markers[1][1]),
        pile=_tiles(_field(fields, 13, "pile ")),
        removed=removed[0] if removed else None,
        dead=_tiles(_field(fields, 15, "dead ")),
        result=result,
    )
    _check_consistent(state)
    return state


def _check_consistent(state: State) -> None:
    every: list[Tile] = [*state.pile, *state.dead, *state.hands[0], *state.hands[1]]
    if state.removed is not None:
        every.append(state.removed)
    for line in state.lines:
        for end in ENDS:
            for row in line.rows(end):
                every.extend(t for layer in row.layers for t in layer)
    if sorted(every) != list(TILES):
        twice = sorted({t for t in every if every.count(t) > 1})
        missing = sorted(set(TILES) - set(every))
        raise _bad(f"every tile must appear exactly once (twice: {names(twice)}; missing: {names(missing)})")
    if (state.phase in ("choice", "play") or state.lines != (Line(), Line())) and state.dice is None:
        raise _bad(f"phase {state.phase} needs the dice")
    if state.phase == "play" and (state.turn is None or state.draw is None or state.first is None):
        raise _bad("phase play needs first, turn and draw")
    if state.phase == "play" and state.mode == "advanced" and state.colours is None:
        raise _bad("advanced play needs the colours")
    if state.phase == "choice" and state.choice is None:
        raise _bad("phase choice needs a pending choice")
    if state.phase == "play" and state.draw in ("due", "redraw") and not state.pile:
        raise _bad("a draw is owed but the pile is empty")
    if (state.phase == "over") != (state.result is not None):
        raise _bad("a result goes with phase over, and only there")
    for index, line in enumerate(state.lines):
        _check_line(state, index, line)


def _check_line(state: State, index: int, line: Line) -> None:
    assert state.dice is not None or line == Line()
    origin = state.dice[index] if state.dice is not None else 0
    for end in ENDS:
        rows = line.rows(end)
        step = 1 if end == "up" else -1
        for i, row in enumerate(rows):
            where = f"{LINES[index]} row {row.value}"
            if row.value != origin + step * (i + 1):
                raise _bad(f"{where}: {LINES[index]} {end} rows run {origin + step} onward from the die {origin}")
            for layer in row.layers:
                if len(layer) != row.width or sum(t[index] for t in layer) != row.value or \
                        any(t[index] < 1 for t in layer):
                    raise _bad(f"{where}: each layer needs {row.width} tiles with {LINES[index]} pips summing to "
                               f"{row.value}")
            if row.width not in allowed_counts(state.count_rule, rows[:i]):
                raise _bad(f"{where}: {row.width} tiles break count-rule={state.count_rule}")


# ---- short display form ----------------------------------------------------------------------------------------

def short_text(state: State, shown: tuple[bool, bool] = (True, True)) -> str:
    """The 10.2 display form; a hand not `shown` to the reader is written as one '?' per tile."""
    mover = state.choice[0] if state.phase == "choice" and state.choice else state.turn
    pile = len(state.pile)
    lines = [f"mode {state.mode} | to move {_seat(mover)} | pile {pile}"]
    for i, line in enumerate(state.lines):
        die = "-" if state.dice is None else str(state.dice[i])
        lines.append(f"{LINES[i][0].upper()} die {die} | down {rows_text(line.down)} | up {rows_text(line.up)}")
    for i, hand in enumerate(state.hands):
        tiles = names(hand) if shown[i] else (" ".join("?" for _ in hand) or "-")
        lines.append(f"P{i + 1} hand {tiles} | markers {state.markers[i] or '---'}")
    if state.dead:
        lines.append(f"dead {names(state.dead)}")
    return "\n".join(lines)
