"""Autocomplete for Sanae moves: a seat's legal moves narrowed by what the player typed, attacks first, in the words
of what that seat may know (its own ranks, the enemy's only where revealed)."""

from __future__ import annotations

from typing import Any

from rules.sanae.game import GAME
from rules.sanae.pieces import NAMES
from rules.sanae.state import Move, SanaeState

DISCORD_CHOICES = 25


def _name(stone: dict[str, Any] | None, unknown: str) -> str:
    letter = (stone or {}).get("letter")
    return NAMES.get(letter or "", unknown)


def suggest_moves(state: SanaeState, seat: int, typed: str = "",
                  limit: int = DISCORD_CHOICES) -> list[tuple[str, str]]:
    """Up to `limit` (label, move) pairs of `seat`'s legal moves containing what was typed (spaces, case and the
    dots of cell labels ignored; "x" reads as "-").

    Order: moves that start with the typed text, then attacks before plain moves, then by notation. A label names
    the seat's own stone and the target as `seat` sees it: "R3.07-R4.07 · Knight attacks a hidden stone". Labels are
    for that seat's eyes only (its own ranks), as autocomplete is.
    """
    want = "".join(typed.split()).lower().replace("x", "-")
    stones = {cell["label"]: cell["stone"] for cell in GAME.view(state, seat)["cells"]}
    ranked = []
    for action in GAME.legal_actions(state, seat):
        if not isinstance(action, Move):
            continue
        text = GAME.notation(state, action)
        flat = text.lower()
        if want and want not in flat and want not in flat.replace(".", ""):
            continue
        source, target = text.split("-")
        mine, aim = stones.get(source), stones.get(target)
        name = _name(mine, "stone")
        if aim is not None:
            enemy = f"the {_name(aim, 'stone')}" if aim.get("letter") else "a hidden stone"
            label = f"{text} · {name} attacks {enemy}"
        else:
            label = f"{text} · {name}"
        ranked.append((not flat.startswith(want), aim is None, text, label))
    ranked.sort()
    return [(label, text) for *_, text, label in ranked[:limit]]
