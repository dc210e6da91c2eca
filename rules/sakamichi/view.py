"""What each seat may see of a Sakamichi state (spec section 7): visibility, the renderer's view and re-dealing."""

from __future__ import annotations

import random
from typing import Any

from rules.base import evolve
from rules.sakamichi.moves import legal_actions
from rules.sakamichi.notation import format_action
from rules.sakamichi.position import format_position, short_text
from rules.sakamichi.state import (
    ENDS,
    MARKER_NAMES,
    MARKERS,
    Row,
    State,
    end_counts,
    end_label,
    high_roller,
    mover,
    next_value,
    row_label,
    turns_played,
)
from rules.sakamichi.tiles import LINES, NAMES, Tile, name, sort_tiles

SEAT_NAMES = ("P1", "P2")


def hand_visible(state: State, owner: int, viewer: int | None) -> bool:
    """Basic hands are open from the deal; advanced hands are open from play, and during the choice phase only
    the high roller sees their own."""
    if state.mode == "basic" or state.phase in ("play", "over"):
        return True
    if state.phase == "choice":
        return viewer is not None and viewer == owner == high_roller(state)
    return False


def removed_visible(state: State) -> bool:
    return state.phase == "over"


def mask_text(state: State, text: str, viewer: int | None) -> str:
    """`text` (a canonical action) with a secret tile replaced by '?' for a viewer who may not see it.

    `state` is the state in which the tile's visibility is judged.
    """
    words = text.split()
    if words[0] == "remove" and not removed_visible(state):
        return "remove ?"
    if words[0] == "deal" and not hand_visible(state, int(words[1][1]) - 1, viewer):
        return f"deal {words[1]} ?"
    if words[0] == "draw" and state.turn is not None and not hand_visible(state, state.turn, viewer):
        return "draw ?"
    return text


def resample_hidden(state: State, seat: int | None, rng: random.Random) -> State:
    """Re-deal every tile `seat` cannot see (pile, removed tile, hidden hands) with `rng`, keeping all counts."""
    hidden_hands = [s for s in (0, 1) if not hand_visible(state, s, seat)]
    unseen: list[Tile] = list(state.pile)
    unseen += [t for s in hidden_hands for t in state.hands[s]]
    hidden_removed = state.removed if state.removed is not None and not removed_visible(state) else None
    if hidden_removed is not None:
        unseen.append(hidden_removed)
    unseen.sort()  # the order must not tell where each unseen tile really is: same view, same re-deal
    rng.shuffle(unseen)
    hands = list(state.hands)
    for s in hidden_hands:
        size = len(hands[s])
        hands[s], unseen = sort_tiles(unseen[:size]), unseen[size:]
    removed = state.removed
    if hidden_removed is not None:
        removed, unseen = unseen[0], unseen[1:]
    new = evolve(state, hands=(hands[0], hands[1]), removed=removed, pile=sort_tiles(unseen))
    return evolve(new, last=_consistent_last(new))  # once per iteration of hard's search: no `replace`


def _consistent_last(state: State) -> tuple[int | None, str] | None:
    """The last chance event rewritten to match re-dealt tiles (a removed tile, a deal into a hidden hand)."""
    if state.last is None:
        return None
    actor, text = state.last
    words = text.split()
    if words[0] == "remove" and state.removed is not None:
        return actor, f"remove {name(state.removed)}"
    if words[0] == "deal":
        hand = state.hands[int(words[1][1]) - 1]
        if hand and words[2] not in {NAMES[t] for t in hand}:
            return actor, f"deal {words[1]} {name(hand[-1])}"
    return state.last


def _rows_view(line: int, rows: tuple[Row, ...]) -> list[dict[str, Any]]:
    return [{"value": row.value, "label": row_label(line, row), "width": row.width,
             "layers": [[NAMES[t] for t in layer] for layer in row.layers],
             "top": [NAMES[t] for t in row.top]} for row in rows]


def _line_view(state: State, line: int) -> dict[str, Any]:
    data = state.lines[line]
    ends: dict[str, Any] = {}
    for end in ENDS:
        target = next_value(state, line, end)
        ends[end] = None if state.dice is None else {
            "next": target, "closed": target is None,
            "counts": [] if target is None else list(end_counts(state, line, end)),
            "label": end_label(state, line, end)}
    owner = None if state.colours is None else state.colours.index(line)
    return {"colour": LINES[line], "die": None if state.dice is None else state.dice[line],
            "die_label": f"{LINES[line].upper()} {state.dice[line]}" if state.dice else LINES[line].upper(),
            "owner": owner, "row_count": data.row_count,
            "down": _rows_view(line, data.down), "up": _rows_view(line, data.up), "ends": ends}


def _last_view(state: State, event: tuple[int | None, str] | None, viewer: int | None) -> dict[str, Any] | None:
    if event is None:
        return None
    actor, text = event
    shown = mask_text(state, text, viewer)
    words = shown.split()
    kind = words[0]
    last: dict[str, Any] = {"seat": actor, "kind": kind, "text": shown, "line": None, "value": None, "tiles": []}
    if kind == "place":
        line = LINES.index(words[1])
        rows = state.lines[line].rows(words[2])
        last.update(line=words[1], value=rows[-1].value if rows else None, tiles=words[3:])
    elif kind == "stack":
        last.update(line=words[1], value=int(words[2]), tiles=[w for w in words[3:] if w != "/"])
    elif kind in ("redraw", "draw", "remove", "deal"):
        last.update(tiles=[w for w in words[1:] if w not in ("?", "P1", "P2")])
    elif kind == "exchange":
        last.update(tiles=[words[1], words[3]])
    return last


def view(state: State, viewer: int | None, outcome: dict[str, Any] | None) -> dict[str, Any]:
    """The state as `viewer` (0, 1 or None for the public) may see it.

    Keys, besides the shared ones ("game", "players", "seat_names", "actors", "turn" = turn actions played,
    "scores" = None, "outcome", "last"):

    - "mode", "options" {"count-rule", "stack-layers", "pile-end", "six-rows"}, "phase"
      (remove/deal/dice/choice/play/over), "viewer" (the seat or None);
    - "dice": {"white": int|None, "black": int|None}; "high_roller": seat|None;
    - "lines": {"white"|"black": {"colour", "die", "die_label" ("WHITE 3"), "owner" (seat owning this colour or
      None), "row_count", "down"/"up": [rows from the die outward: {"value", "label" ("W7"), "width",
      "layers" (tile names, bottom first), "top"}], "ends": {"up"/"down": None before the roll, else {"next" (value
      or None), "closed", "counts" (allowed tile counts), "label" ("up → 8 (1 or 3 tiles)" / "down: closed")}}}};
    - "hands": per seat {"count", "visible", "tiles" (names, or one "?" per tile when hidden from the viewer)};
    - "markers": per seat {"letters" (unused of "RES"), "redraw"/"exchange"/"stack": True while unused};
    - "colours": per seat "white"/"black"/None (own line, advanced mode); "first", "to_move": seat|None;
    - "draw": "due"/"done"/"redraw"/None; "choice": None or {"seat", "kind" ("privilege"/"colour"), "options"
      (canonical actions)}; "pile": count only; "removed": tile name at the end, "?" while set aside, None before;
    - "dead": tile names; "result": None or {"winner": seat|None, "reason"};
    - "last": None or {"seat" (None for chance), "kind", "text" (masked canonical notation), "line", "value" (row
      placed or stacked), "tiles"}; "last_move": the same for the last player action (chance events after it
      do not replace it), or None; "short": the 10.2 short form with hidden hands as '?';
    - "position": the position text once the game is over (everything is known then), else None.
    """
    shown = (hand_visible(state, 0, viewer), hand_visible(state, 1, viewer))
    actor = mover(state)
    choice = None
    if state.phase == "choice" and state.choice is not None:
        options = [format_action(a) for a in legal_actions(state, state.choice[0])]
        choice = {"seat": state.choice[0], "kind": state.choice[1], "options": options}
    removed = None if state.removed is None else (name(state.removed) if removed_visible(state) else "?")
    return {
        "game": "sakamichi",
        "players": 2,
        "seat_names": list(SEAT_NAMES),
        "actors": [] if actor is None else [actor],
        "turn": turns_played(state),
        "scores": None,
        "outcome": outcome,
        "last": _last_view(state, state.last, viewer),
        "last_move": _last_view(state, state.last_move, viewer),
        "viewer": viewer,
        "mode": state.mode,
        "options": {"count-rule": state.count_rule, "stack-layers": state.stack_layers,
                    "pile-end": state.pile_end, "six-rows": str(state.six_rows)},
        "phase": state.phase,
        "dice": {"white": state.dice[0] if state.dice else None, "black": state.dice[1] if state.dice else None},
        "high_roller": high_roller(state),
        "lines": {LINES[i]: _line_view(state, i) for i in (0, 1)},
        "hands": [{"count": len(hand), "visible": shown[i],
                   "tiles": [NAMES[t] for t in hand] if shown[i] else ["?"] * len(hand)}
                  for i, hand in enumerate(state.hands)],
        "markers": [{"letters": m, **{MARKER_NAMES[k]: k in m for k in MARKERS}} for m in state.markers],
        "colours": [None, None] if state.colours is None else [LINES[c] for c in state.colours],
        "first": state.first,
        "to_move": actor,
        "draw": state.draw,
        "choice": choice,
        "pile": len(state.pile),
        "removed": removed,
        "dead": [NAMES[t] for t in state.dead],
        "result": None if state.result is None else {"winner": state.result[0], "reason": state.result[1]},
        "short": short_text(state, shown),
        "position": format_position(state) if state.phase == "over" else None,
    }
