"""Sakamichi's entry: where each layer finds it, its /help words and its computer settings."""

from __future__ import annotations

from games.entry import Computer, Entry, Help

ENTRY = Entry(
    name="sakamichi",
    rules="rules.sakamichi",
    board="render.sakamichi.board",
    text="render.sakamichi.text",
    rules_picture="render.sakamichi.rules_picture",
    cog="cogs.sakamichi",
    help=Help(players="2", phases=(
        ("1 · Opening choice (advanced mode, the default)",
         "The server rolls the dice. The high roller may press **Look at my hand**, then chooses with the buttons "
         "or a command: {first} to move first, or {white} or {black} to take that line (the other player then "
         "moves first). After *first*, the other player chooses their line the same way, before seeing their hand. "
         "Basic mode ({basic}) skips this."),
        ("2 · Turns",
         "You draw a tile, then lay a new row at an open end: {place} (autocomplete lists every legal row). Or, once "
         "a game each: {stack}, {redraw}, {exchange}. **My hand** shows your tiles."),
    ), commands={"first": ("sakamichi choose", {"choice": "first"}),
                 "white": ("sakamichi choose", {"choice": "white"}),
                 "black": ("sakamichi choose", {"choice": "black"}),
                 "basic": ("sakamichi new", {"options": "mode=basic"}),
                 "place": ("sakamichi place", {"row": "white up w4"}),
                 "stack": ("sakamichi stack", {"row": "black 4 w1b3 w3b1"}),
                 "redraw": ("sakamichi redraw", {"tile": "w2b3"}),
                 "exchange": ("sakamichi exchange", {"give": "w2b1", "take": "w1b4"})}),
    computer=Computer(
        # Its rollouts run to the end (a game is about 13 decisions): who gets stuck first decides most games, and
        # the measure cannot see it coming; its playouts lay rows as players do. Each one is a noisy win or loss:
        # fewer moves at the root get the samples to tell them apart (40 games: 70 % against normal with 5 at 400
        # iterations, 57-64 % with 10 at 200).
        rollout=40, scale=3.0, scorer="players.measures:sakamichi", root_width=5,
        playout="players.playouts:sakamichi"),
)
