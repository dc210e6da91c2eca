"""Sinoda's entry: where each layer finds it, its /help words and its computer settings."""

from __future__ import annotations

from games.entry import Computer, Entry, Help

ENTRY = Entry(
    name="sinoda",
    rules="rules.sinoda",
    board="render.sinoda.board",
    text="render.sinoda.text",
    rules_picture="render.sinoda.rules_picture",
    cog="cogs.sinoda",
    help=Help(players="2, 3, 4 or 6", phases=(
        ("Your turn",
         "The server draws who starts. Then, each turn, one of: move a piece exactly its value in steps, "
         "{move} (autocomplete lists your legal moves, captures first); or change a piece's value one up or down, "
         "{change}."),
    ), commands={"move": ("sinoda move", {"move": "c4-c5"}),
                 "change": ("sinoda change", {"piece": "c4", "direction": "+"})}),
    computer=Computer(rollout=2, scale=4.0, scorer="players.measures:sinoda"),
)
