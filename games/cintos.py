"""Cintos's entry: where each layer finds it, its /help words and its computer settings."""

from __future__ import annotations

from games.entry import Computer, Entry, Help

ENTRY = Entry(
    name="cintos",
    rules="rules.cintos",
    board="render.cintos.board",
    text="render.cintos.text",
    rules_picture="render.cintos.rules_picture",
    cog="cogs.cintos",
    help=Help(players="2 or 4", phases=(
        ("Your turn",
         "Slide one of your pieces one square: {move} (or `b6 down`); autocomplete lists your legal moves. With no "
         "legal move you pass automatically."),
    ), commands={"move": ("cintos move", {"move": "b6-b5"})}),
    computer=Computer(rollout=4, scale=3.0),
)
