"""Bodsoi's entry: where each layer finds it, its /help words and its computer settings."""

from __future__ import annotations

from games.entry import Computer, Entry, Help

ENTRY = Entry(
    name="bodsoi",
    rules="rules.bodsoi",
    board="render.bodsoi.board",
    text="render.bodsoi.text",
    rules_picture="render.bodsoi.rules_picture",
    cog="cogs.bodsoi",
    help=Help(players="2, or 2 against 2", phases=(
        ("Your turn",
         "The server draws you a tile (at most 5 in hand). Then place one: "
         "{place} (autocomplete lists your legal placements, best first), or {pass_}, as you must when none of your "
         "tiles fits. **My tiles** shows your hand in every rotation; an empty hand passes automatically."),
    ), commands={"place": ("bodsoi place", {"tile": "C-su-mo", "square": "d4", "rotation": "90"}),
                 "pass_": ("bodsoi pass", {})}),
    computer=Computer(
        # Most placements leave the measure as it is (one that neither extends nor breaks a scoring path, such as a
        # block of the opponent's path): the root takes every move tied with the last one its width admits, up to 40.
        # One move ahead is its board only (the hidden tiles matter from the next draw on): one re-deal is enough.
        # Two computers that both pass would stall a game at 0-0 in a few turns: a stall is worth less than a draw.
        rollout=1, scale=3.0, scorer="players.measures:bodsoi", root_ties=40, worlds=1, sterile=("stall",)),
)
