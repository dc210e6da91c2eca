"""Autocomplete for Bodsoi placements: legal actions narrowed by what the player typed, most useful first."""

from __future__ import annotations

from dataclasses import dataclass

from i18n import _
from rules.bodsoi.board import DEPTH, LABELS, NEIGHBOURS, opposite
from rules.bodsoi.game import GAME
from rules.bodsoi.paths import GOAL_EDGES, End, Path, analyse
from rules.bodsoi.state import BodsoiState, Place, action_text, side_of
from rules.bodsoi.tiles import BAND_SIDES, SYMBOL_NAMES, TILE_NAMES, is_straight, symbol_of

DISCORD_CHOICES = 25
_EQUIVALENT = {"0": ("0", "180"), "90": ("90", "270"), "180": ("180",), "270": ("270",)}


@dataclass(frozen=True)
class Effect:
    """What a placement does to the path of one colour through the new tile."""

    score: int
    bodsoi: bool
    joins: int  # how many existing paths it links to


def _compact(text: str) -> str:
    text = text.lower().replace("-", "").replace("/", "")
    for short, long in SYMBOL_NAMES.items():
        text = text.replace(long, short)
    return text


def _token_fits(place: Place, field: int, token: str) -> bool:
    if field == 0:
        return _compact(TILE_NAMES[place.tile]).startswith(_compact(token))
    if field == 1:
        return LABELS[place.square].startswith(token)
    degrees = str(place.quarter * 90)
    spellings = _EQUIVALENT[degrees] if is_straight(place.tile) else (degrees,)
    return any(s.startswith(token) for s in spellings)


def matches(place: Place, typed: str) -> bool:
    """Whether the typed words narrow to `place`: each word starts the tile, square or rotation, in that order."""
    tokens = typed.lower().split()
    if tokens and tokens[0] in ("place", "p"):
        tokens = tokens[1:]
    field = 0
    for token in tokens:
        while field < 3 and not _token_fits(place, field, token):
            field += 1
        if field == 3:
            return False
        field += 1
    return True


Facing = dict[tuple[int, int, int], tuple[Path, End, End]]


def _facing(state: BodsoiState, paths: tuple[tuple[Path, ...], tuple[Path, ...]]) -> Facing:
    """Open path ends that face an empty square: (square, side of that square, colour) -> (path, that end, its
    other end)."""
    facing: Facing = {}
    for colour in (0, 1):
        for path in paths[colour]:
            if path.ends is None:  # a loop
                continue
            for end, far in (path.ends, path.ends[::-1]):
                j = NEIGHBOURS[end.square][end.side]
                if j >= 0 and state.board[j] is None:
                    facing[(j, opposite(end.side), colour)] = (path, end, far)
    return facing


def effect(state: BodsoiState, place: Place, colour: int, facing: Facing) -> Effect:
    """The score and Bodsoi of `colour`'s path through the tile `place` would put down (exact, no re-analysis)."""
    goals = GOAL_EDGES[state.axes][colour]
    symbol = symbol_of(place.tile, colour)
    sq = place.square
    ends: list[tuple[int | None, int]] = []  # per band side: (anchor edge, square at that end of the new path)
    joined: list[Path] = []
    for d in BAND_SIDES[place.tile][place.quarter][colour]:
        j = NEIGHBOURS[sq][d]
        if j < 0:
            ends.append((d if d in goals else None, sq))
            continue
        hit = facing.get((sq, d, colour))
        if hit is not None:
            path, end, far = hit
            neighbour = state.board[end.square]
            if state.links == "colour" or (neighbour is not None and symbol_of(neighbour[0], colour) == symbol):
                ends.append((far.anchor, far.square))
                joined.append(path)
                continue
        ends.append((None, sq))
    if len(joined) == 2 and joined[0] is joined[1]:
        return Effect(0, False, 2)  # it closes a loop
    (a1, tip1), (a2, tip2) = ends
    score = max(DEPTH[a1][tip2] if a1 is not None else 0, DEPTH[a2][tip1] if a2 is not None else 0)
    bodsoi = a1 is not None and a2 is not None and a2 == opposite(a1)
    return Effect(score, bodsoi, len(joined))


def suggest_placements(state: BodsoiState, seat: int, typed: str = "",
                       limit: int = DISCORD_CHOICES) -> list[tuple[str, str]]:
    """Up to `limit` (label, action text) pairs for autocomplete, from `legal_actions` narrowed by `typed`.

    Order: placements that win at once, then by the score of the placer's path through the new tile (higher
    first), the opponent's (lower first) and links made; placements that hand the opponent a Bodsoi come last,
    and `pass` after every placement unless the typed text can only mean `pass`.
    """
    actions = GAME.legal_actions(state, seat)
    if not actions:
        return []
    typed = " ".join(typed.lower().split())
    want_pass = "pass".startswith(typed)
    if want_pass and not "place".startswith(typed):
        return [("pass", "pass")]
    narrowing = "" if "place".startswith(typed) else typed  # "pl" is the start of the verb, not of a tile
    places = [a for a in actions if isinstance(a, Place) and matches(a, narrowing)]
    colour = side_of(seat)
    facing = _facing(state, analyse(state.board, state.axes, state.links).paths)
    ranked = []
    for rank, place in enumerate(places):  # legal actions come in notation order: the last key keeps it
        own = effect(state, place, colour, facing)
        other = effect(state, place, 1 - colour, facing)
        verdict = 0 if own.bodsoi else 2 if other.bodsoi else 1
        ranked.append(((verdict, -own.score, other.score, -own.joins, rank), place, own, other))
    ranked.sort(key=lambda item: item[0])
    choices = []
    for (verdict, *_rest), place, own, _other in ranked[:limit]:
        text = action_text(place)
        if verdict == 0:
            note = "Bodsoi!"
        elif verdict == 2:
            note = _("gives blue a Bodsoi") if colour == 1 else _("gives yellow a Bodsoi")
        elif own.score:
            note = _("blue path scores {n}", n=own.score) if colour == 0 else _("yellow path scores {n}", n=own.score)
        else:
            note = ""
        choices.append((f"{text} — {note}" if note else text, text))
    if want_pass and len(choices) < limit:
        choices.append(("pass", "pass"))
    return choices
