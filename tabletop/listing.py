"""`?` at the local table: your legal moves grouped by what they move, best first, each written exactly as it is
typed (a listed entry is accepted as it stands: no `layout: random` that is half a command).

A line is one group: its moves separated by `, `, wrapped at the terminal's width between moves, never inside one.
A few groups have a label in words before a colon (`Void R1.06:`), which is no move: Sanae's set-up swaps are
grouped by the stone they move, and its moves in play by the stone that moves.
"""

from __future__ import annotations

import random
import re
import textwrap
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from i18n import _, ngettext
from matches import Match
from players.evaluate import evaluate
from rules import Action, Game, State
from rules.sanae.pieces import LETTERS as SANAE_LETTERS
from rules.sanae.pieces import NAMES as SANAE_NAMES

PAGE = 20  # lines of `?` a page: fits a terminal with the prompt
SAMPLES = 3  # a move that leads to chance (dice, a draw, a shuffle) is scored over this many draws
_SANAE_SWAP = re.compile(r"layout swap (\S+) (\S+)")


@dataclass(frozen=True)
class Group:
    """Moves listed on one line: `label` in words (None: the moves speak for themselves), each move as typed."""

    label: str | None
    moves: list[str]


def _verb(word: str) -> bool:
    return word.isalpha() and word.islower()


def _key(text: str) -> str:
    """What a move moves, in its own words: a verb and its object (`place C-su-mo`, `layout preset`, `choose
    colour`, `exchange w2b1`); a lone verb (`choose first`: `choose`); else the square or cell it starts from
    (`b2-b3`, `c4+`: `b2`, `c4`)."""
    words = text.split()
    if len(words) >= 2 and _verb(words[0]):
        return " ".join(words[:min(2, len(words) - 1)])
    return re.split(r"[-+x\s]", text, maxsplit=1)[0]


@dataclass(frozen=True)
class _Place:
    """Where a move is listed: its group, the family whose size ranks it among equals, its order in that family,
    the group's label and the move as written."""

    group: str
    family: str
    order: int
    label: str | None
    shown: str


def _sanae_places(view: dict[str, Any], texts: Sequence[str]) -> dict[str, _Place]:
    """Sanae's swaps and moves. A swap goes with the higher of its two stones (the Void's swaps first, an empty
    cell last), written with that stone's cell first; a move with the stone that moves, named when the viewer
    knows it."""
    stones = {cell["label"]: (cell.get("stone") or {}) for cell in view.get("cells") or []}

    def rank(cell: str) -> int:
        letter = str(stones.get(cell, {}).get("letter") or "")
        return SANAE_LETTERS.index(letter) if letter and letter in SANAE_LETTERS else len(SANAE_LETTERS)

    def named(cell: str) -> str:
        letter = str(stones.get(cell, {}).get("letter") or "")
        return _("{stone} {cell}", stone=_(SANAE_NAMES[letter]), cell=cell) if letter in SANAE_NAMES else ""

    out: dict[str, _Place] = {}
    for text in texts:
        if m := _SANAE_SWAP.fullmatch(text):
            first, second = sorted((m[1], m[2]), key=rank)
            out[text] = _Place(f"swap {first}", "layout swap", rank(first), named(first) or _("Empty {cell}",
                                                                                              cell=first),
                               f"layout swap {first} {second}")
        elif "-" in text and " " not in text:
            source = text.split("-", 1)[0]
            out[text] = _Place(source, source, 0, named(source) or None, text)
    return out


def _score(game: Game, world: State, action: Action, seat: int, rng: random.Random) -> float:
    """The computer players' evaluation for `seat` of the position `action` leads to; through chance (a roll, a
    draw, a shuffle) the mean over `SAMPLES` draws, so a die to be rolled is not scored as a position half made."""
    after = game.apply(world, action, seat)
    if not game.is_chance(after):
        return evaluate(game, after)[seat]
    total = 0.0
    for _sample in range(SAMPLES):
        state = after
        for _step in range(500):
            if not game.is_chance(state) or game.is_over(state):
                break
            outcomes, weights = zip(*game.chance_outcomes(state), strict=True)
            state = game.apply(state, rng.choices(outcomes, weights)[0], None)
        total += evaluate(game, state)[seat]
    return total / SAMPLES


def ranked(match: Match, seat: int, legal: list[str]) -> list[Group]:
    """The legal moves grouped by what they move, best first: each move scored by the computer players' own
    evaluation of the position it leads to, on a copy where everything the seat cannot see is re-dealt (so the
    order tells nothing hidden); a group ranks by its best move. Among equals a smaller group comes first, then a
    shorter move: the few commands (`ready`, `layout random`) before a family of hundreds of swaps."""
    game, state = match.game, match.state
    rng = random.Random(0)
    world = game.resample_hidden(state, seat, rng)
    by_text = {game.notation(world, a): a for a in game.legal_actions(world, seat)}

    def score(text: str) -> float:
        action = by_text.get(text)
        if action is None:
            return float("-inf")
        try:
            return round(_score(game, world, action, seat, rng), 9)
        except Exception:  # a position the evaluation does not cover: last, not a crash
            return float("-inf")

    special = _sanae_places(game.view(state, seat), legal) if game.name == "sanae" else {}
    place = {t: special.get(t) or _Place(_key(t), _key(t), 0, None, t) for t in legal}
    sizes = Counter(p.family for p in place.values())
    scores = {text: score(text) for text in legal}
    groups: dict[str, Group] = {}
    for text in sorted(legal, key=lambda t: (-scores[t], sizes[place[t].family], place[t].order, len(t), t)):
        groups.setdefault(place[text].group, Group(place[text].label, [])).moves.append(place[text].shown)
    return list(groups.values())


def lines_of(groups: Sequence[Group], width: int) -> list[str]:
    """Each group on a line of its own (`  label: a, b, c`), wrapped at `width` between moves: a continuation line
    is indented and the line before it ends with a comma."""
    lines: list[str] = []
    for group in groups:
        row = f"  {group.label}: " if group.label else "  "
        if group.label and len(row) + len(group.moves[0]) + 1 > width:  # narrow: the label on a line of its own
            lines.append(row.rstrip())
            row = "      "
        fresh = True
        for move in group.moves:
            piece = move if fresh else f", {move}"
            if not fresh and len(row) + len(piece) + 1 > width:  # room for the comma a continued line ends with
                lines.append(row + ",")
                row, piece = "      ", move
            row += piece
            fresh = False
        lines.append(row)
    return lines


def listing(match: Match, seat: int | None, legal: list[str], page: int, width: int = 78) -> str:
    """`?`: one page of the legal moves, grouped and ranked, with how to see the rest."""
    if not legal or seat is None:
        return _("No legal moves for you now.")
    lines = lines_of(ranked(match, seat, legal), width)
    pages = max(1, -(-len(lines) // PAGE))
    page = min(max(page, 1), pages)
    head = (ngettext("Legal moves ({n}), best first, page {page} of {pages}:",
                     "Legal moves ({n}), best first, page {page} of {pages}:", len(legal), page=page, pages=pages)
            if pages > 1 else ngettext("Legal moves ({n}), best first:", "Legal moves ({n}), best first:", len(legal)))
    body = lines[(page - 1) * PAGE:page * PAGE]
    more = textwrap.wrap(_("(? {next} for the next page, ? all for every move)", next=page + 1), width) \
        if page < pages else []
    return "\n".join([*textwrap.wrap(head, width), *body, *more])
