"""Sanae's entry: where each layer finds it, its /help words and its computer settings."""

from __future__ import annotations

from games.entry import Computer, Entry, Help

ENTRY = Entry(
    name="sanae",
    rules="rules.sanae",
    board="render.sanae.board",
    text="render.sanae.text",
    rules_picture="render.sanae.rules_picture",
    cog="cogs.sanae",
    help=Help(players="2", phases=(
        ("1 · Set-up (both players at once, in private)",
         "Lay out your 36 stones: {classic} (or `random`, `wall`, `keep`, a layout code), then swap any two of your "
         "cells, e.g. {swap} (Blue's cells are B…). {setup} alone opens your set-up panel with buttons."),
        ("2 · Ready",
         "{ready} or the panel's **Ready** button. When both sides are ready the server rolls who moves first."),
        ("3 · Moves",
         "{move} moves one of your stones (onto an enemy stone: an attack); autocomplete lists your legal moves. "
         "**My board** shows your ranks."),
        ("4 · Zed Inel (when your Void is attacked)",
         "Press **Answer Zed Inel** under the board, then swap in a Captain or let the Void fall."),
    ), commands={"classic": ("sanae setup", {"layout": "classic"}),
                 "swap": ("sanae setup", {"layout": "swap R1.06 R2.05"}),
                 "setup": ("sanae setup", {}),
                 "ready": ("sanae setup", {"layout": "ready"}),
                 "move": ("sanae move", {"move": "R2.01-R3.01"})}),
    computer=Computer(rollout=4, scale=10.0, scorer="players.measures:sanae", search="players.sanae:search"),
)
