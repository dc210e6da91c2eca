"""`rules` at the local table: each game's rules in short, as text for a terminal.

The same summary as the bot's `/<game> rules` (its cogs say it for Discord, which the table may not import), with
the moves written as they are typed at the prompt. The spec of each game (shared/specs) is the authority; the
player's page docs/players/<game>.md has the rest.
"""

from __future__ import annotations

from collections.abc import Mapping

from i18n import N_, _, pgettext
from rules import Game
from rules.sanae.pieces import COUNTS, LETTERS, NAMES, RANGES, RANKS


def _sanae_stones() -> str:
    """The ten stones from the rules' own tables: letter, name, rank/range, how many."""
    rows = []
    for letter in LETTERS:
        rank = f"{RANKS[letter]}{'*' if letter in 'WD' else ''}"
        count = f" ×{COUNTS[letter]}" if COUNTS[letter] > 1 else ""
        rows.append(f"{letter} {_(NAMES[letter])} {rank}/{RANGES[letter]}{count}")
    separator = pgettext("list separator", ", ")
    return _("Stones (letter, rank/range, count): {stones}.", stones=separator.join(rows))


STONES = "stones"  # where Sanae's table of stones goes: made from the rules' tables when shown
RULES: Mapping[str, tuple[str, ...]] = {
    "bodsoi": (
        N_("Tiles: every tile has a blue band and a yellow band, each marked with a symbol (sun su, moon mo, star st, "
        "leaf le, wave wa). Corner tiles (C) bend both bands; straight tiles (S) let them cross. A tile is named "
        "shape-blue symbol-yellow symbol: C-su-mo."),
        N_("Turn: a tile is drawn into your hand (at most 5, kept secret), then you place one tile or pass."),
        N_("Placing: a tile alone on the board is always allowed; a tile next to others must match at least one "
        "neighbour's edge in your own colour with the same symbol."),
        N_("Bodsoi: a path of your colour running from one board edge to the opposite edge wins at once (if one tile "
        "completes both colours, the placer wins)."),
        N_("Otherwise (board full, or everyone passes in a row without drawing) each side's anchored paths score the "
        "row, counted from their edge, of the tile where they end; best against best, then second against second."),
        N_("Type: place C-su-mo d4 90 (tile, square, rotation 0, 90, 180 or 270), or pass."),
    ),
    "cintos": (
        N_("Turn: slide one of your pieces one square up, down, left or right into an empty square."),
        N_("Capture test: look at the 3×3 area around where it landed. Victory by Numbers: whoever has the most pieces "
        "there turns every piece in it to their colour, even if it is not the mover. A tie with all the pieces on "
        "one territory: the territory's owner captures if they are in the tie, otherwise the mover if they are. A "
        "tie across territories: nothing happens."),
        N_("A player who loses their last piece is out; the capturer takes their territory. A player with no move "
        "passes automatically. With 2 players a threefold repetition draws, and after 100 turns without a capture "
        "the player with the most pieces wins."),
        N_("Type: b2-b3 (from-to) or b2 up."),
    ),
    "sakamichi": (
        N_("Tiles: 27 dot tiles with white and black pips (w2b3: 2 white, 3 black). Each line starts at a die: rows "
        "go up (+1 each) and down (−1 each, never below 1)."),
        N_("Turn: a tile is drawn for you, then you do one thing. Place a new row at an open end: the tiles' pips of "
        "the line's colour add up to the row's value; advanced mode: one tile more or one fewer than the row beside "
        "it (1 or 2 beside the die); basic mode: the same number or one more. Stack (once): cover a row with as "
        "many tiles of the same total. Redraw (once): discard a tile and draw another. Exchange (once): swap a tile "
        "with one of the opponent's."),
        N_("Win: empty your hand; in advanced mode also 6 rows on your own line. No legal action loses; when the pile "
        "runs out, more tiles in hand loses."),
        N_("Advanced opening: hands are secret. The high roller looks at their hand and chooses an own line (the other "
        "moves first) or to move first (the other then picks a line blind)."),
        N_("Type: place white up w4, stack black 5 w1b3 w3b1, redraw w2b3, exchange w2b1 for w1b4, choose colour "
        "white, choose first."),
    ),
    "sanae": (
        N_("Set-up: both players place their 36 stones face down in their own circle (9 cells stay empty), at the "
        "same time and in private: layout random, layout preset classic (or keep, wall), layout code <code>, "
        "layout swap R1.06 R2.05 (two of your cells), layout show; then ready."),
        N_("Moving: one stone per turn, up to its range in any direction through empty cells (the Dragon flies over "
        "stones). A move of more than one step reveals the stone. Type R3.07-R4.07 (from-to; circle R or B, ring "
        "1-4, arc 00-11; C1-C3 are shared)."),
        STONES,
        N_("Combat: moving onto an enemy turns both up; the higher rank wins, equal ranks roll off. The Assassin kills "
        "anything that attacks or is attacked by it, except the Dragon and attacking Footmen. The Wizard falls to an "
        "officer only on a higher roll of 5-6, the Dragon to a Knight or better only on a higher 6. Every die is "
        "rolled by the table and shown."),
        N_("Zed Inel: when your Void is attacked, a Captain within 4 steps may swap with it (once per Captain) and "
        "fight the attacker instead: type zed R2.05 (that Captain's cell) or zed no."),
        N_("End: capturing the enemy Void wins, but a side that has lost both King and Queen only draws by it. A "
        "player with no legal move loses; 200 moves without combat is a draw."),
    ),
    "sinoda": (
        N_("Each player has 6 pyramids on a board of triangles; a pyramid's top number (1-4) is both how far it moves "
        "and what it is worth."),
        N_("Turn: change or move. Change: turn one of your pieces one up or down (no wrap: 1 and 4 are the ends); "
        "type c4+ or c4-. Move: move one piece exactly its value in steps across triangle edges, through empty "
        "cells, never revisiting a cell; land on an enemy to capture it and score its current value; type c4-a2."),
        N_("End: when someone has captured 6 pieces, someone has no piece left, or everyone is down to one piece. Most "
        "points wins; ties go to most pieces on the board. Win by Sinoda (2 players): you win at once when your "
        "points exceed your rival's points plus the values of all your own pieces still on the board."),
        N_("Teams (options teams=2x2 for 4, 2x3 or 3x2 for 6): teammates sit opposite, block each other's paths and "
        "cannot capture each other; the team of the top scorer wins."),
        N_("Board: rows a, b, c... from the top, triangles numbered from the left (c4). The first player is drawn at "
        "random."),
    ),
}


def rules_text(game: Game, options: Mapping[str, str]) -> list[str]:
    """The paragraphs `rules` prints: the goal, the rules in short, and this match's options."""
    goal = _(game.goal)
    paragraphs = [_("{game}: the rules.", game=game.title), _("Goal: {goal}", goal=goal),
                  *(_sanae_stones() if text == STONES else _(text) for text in RULES.get(game.name, ()))]
    chosen = [f"{name}={options.get(name, option.default)} ({_(option.description)})"
              for name, option in game.options.items() if option.description]
    if chosen:
        paragraphs.append(_("Options of this match: {options}.", options="; ".join(chosen)))
    return paragraphs
