"""Autocomplete for Sanae moves: a seat's legal moves narrowed by what the player typed, attacks first, in the words
of what that seat may know (its own ranks, the enemy's only where revealed)."""

from __future__ import annotations

from typing import Any

from i18n import N_, _
from rules.sanae.game import GAME
from rules.sanae.pieces import NAMES
from rules.sanae.state import LayoutPreset, LayoutRandom, LayoutSwap, Move, Ready, SanaeState

DISCORD_CHOICES = 25
CODE_AFTER = 8  # a typed layout longer than this, and no swap, is offered back as a layout code
# What each named layout does, beside its name (translated where offered; the names are what players type).
SETUP_HINTS = {"random": N_("the server shuffles your stones"), "classic": N_("Footmen in front, Void deep"),
               "wall": N_("20 Footmen facing the Contended Ground"), "keep": N_("the Void ringed by officers"),
               "ready": N_("confirm your layout")}


def _name(stone: dict[str, Any] | None) -> str | None:
    """The stone's rank in words, None where the seat does not know it."""
    letter = (stone or {}).get("letter")
    return _(NAMES[letter]) if letter in NAMES else None


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
        name = _name(mine) or _("stone")
        enemy = _name(aim)
        if aim is not None and enemy is not None:
            label = _("{move} · {stone} attacks the {enemy}", move=text, stone=name, enemy=enemy)
        elif aim is not None:
            label = _("{move} · {stone} attacks a hidden stone", move=text, stone=name)
        else:
            label = f"{text} · {name}"
        ranked.append((not flat.startswith(want), aim is None, text, label))
    ranked.sort()
    return [(label, text) for *_, text, label in ranked[:limit]]


def suggest_setup(state: SanaeState, seat: int, typed: str = "", limit: int = DISCORD_CHOICES) -> list[tuple[str, str]]:
    """Up to `limit` (label, value) pairs for a setup step of `seat`, values as `/sanae setup layout:` reads them.

    First the named layouts the seat may take now (random, the presets, ready once a layout is laid) whose name
    contains what was typed; then, when the typed text reads as a swap ("swap ..." or a cell, R… or B…), the legal
    swaps containing it; else a longer typed text, offered back as a layout code.
    """
    want = "".join(typed.split()).lower()
    legal = GAME.legal_actions(state, seat)
    allowed = set(legal)
    out = []
    for name, hint in SETUP_HINTS.items():
        action = Ready() if name == "ready" else LayoutRandom() if name == "random" else LayoutPreset(name)
        if action in allowed and want in name:
            words = _(hint)
            out.append((f"{name} ({words})", name))
    if "swap" in want or want[:1] in ("r", "b"):
        key = want.removeprefix("layout").removeprefix("swap")
        for action in legal:
            if isinstance(action, LayoutSwap):
                short = GAME.notation(state, action).removeprefix("layout ")
                if key in "".join(short.split()).lower().removeprefix("swap"):
                    out.append((short, short))
    elif len(want) > CODE_AFTER:
        out.append((f"code {typed.strip()}", typed.strip()))
    return out[:limit]
