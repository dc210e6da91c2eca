"""Autocomplete for Sinoda: a seat's legal moves and changes narrowed by what the player typed, most useful first."""

from __future__ import annotations

from i18n import _, ngettext
from rules.sinoda.game import GAME
from rules.sinoda.state import SEAT_NAMES, Change, Move, SinodaState

DISCORD_CHOICES = 25


def squeeze(text: str) -> str:
    """What was typed without spaces, lower case: "C4 - a2" -> "c4-a2"."""
    return "".join(text.split()).lower()


def _piece(state: SinodaState, label: str) -> tuple[int, int] | None:
    """(owner seat, value) of the piece on `label`, None for an empty or unknown cell."""
    i = state.board.index.get(label)
    return state.cells[i] if i is not None else None


def suggest_moves(state: SinodaState, seat: int, typed: str = "",
                  limit: int = DISCORD_CHOICES) -> list[tuple[str, str]]:
    """Up to `limit` (label, move) pairs of `seat`'s legal moves containing what was typed ("x" reads as "-").

    Order: moves that start with the typed text, then captures by the value taken (higher first), then the rules'
    own order. A label says what the move takes ("c4-a2 · captures Blue's 3") or how far it goes ("· 2 steps").
    """
    want = squeeze(typed).replace("x", "-")
    ranked = []
    for order, action in enumerate(GAME.legal_actions(state, seat)):
        if not isinstance(action, Move):
            continue
        text = GAME.notation(state, action)
        if want not in text:
            continue
        mover, taken = _piece(state, action.origin), _piece(state, action.target)
        if taken is not None:
            owner = _(SEAT_NAMES[taken[0]])
            label = _("{move} · captures {colour}'s {value}", move=text, colour=owner, value=taken[1])
        else:
            steps = mover[1] if mover is not None else 0
            label = ngettext("{move} · {n} step", "{move} · {n} steps", steps, move=text)
        gain = taken[1] if taken is not None else 0
        ranked.append(((not text.startswith(want), -gain, order), label, text))
    ranked.sort(key=lambda item: item[0])
    return [(label, text) for _, label, text in ranked[:limit]]


def suggest_pieces(state: SinodaState, seat: int, typed: str = "",
                   limit: int = DISCORD_CHOICES) -> list[tuple[str, str]]:
    """Up to `limit` (label, cell) pairs of `seat`'s pieces that can change, cells starting with the typed text
    first: "c4 · now 2 → 3 or 1"."""
    want = squeeze(typed).rstrip("+-")
    ways: dict[str, list[int]] = {}
    for action in GAME.legal_actions(state, seat):
        if isinstance(action, Change):
            ways.setdefault(action.cell, []).append(action.delta)
    ranked = []
    for cell, deltas in ways.items():
        if want not in cell:
            continue
        piece = _piece(state, cell)
        value = piece[1] if piece is not None else 0
        if len(deltas) == 2:
            label = _("{cell} · now {value} → {up} or {down}", cell=cell, value=value, up=value + deltas[0],
                      down=value + deltas[1])
        else:
            label = _("{cell} · now {value} → {new}", cell=cell, value=value, new=value + deltas[0])
        ranked.append((not cell.startswith(want), label, cell))
    ranked.sort(key=lambda item: item[0])
    return [(label, cell) for _, label, cell in ranked[:limit]]


def suggest_directions(state: SinodaState, seat: int, cell: str, typed: str = "") -> list[tuple[str, str]]:
    """(label, "+" / "-") for the ways `cell`'s piece may turn (both signs while no piece is chosen), narrowed by
    what was typed ("+", "-", or the start of "up" / "down")."""
    cell = squeeze(cell).rstrip("+-")
    legal = {(a.cell, a.delta) for a in GAME.legal_actions(state, seat) if isinstance(a, Change)}
    piece = _piece(state, cell) if cell else None
    want = squeeze(typed)
    out = []
    for sign, delta, word in (("+", 1, "up"), ("-", -1, "down")):
        if cell and (cell, delta) not in legal:
            continue
        if piece is None:
            label = _("+ (one up)") if delta > 0 else _("- (one down)")
        elif delta > 0:
            label = _("+ (one up): {cell} becomes {value}", cell=cell, value=piece[1] + delta)
        else:
            label = _("- (one down): {cell} becomes {value}", cell=cell, value=piece[1] + delta)
        if want in ("", sign) or word.startswith(want):
            out.append((label, sign))
    return out
