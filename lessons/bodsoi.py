"""Bodsoi's lessons: laying a tile, anchored paths, matching a neighbour, a Bodsoi, a tile that completes both
colours, and the end without a Bodsoi (a stall, scored by anchored paths). Every word a lesson says is in `WORDS`,
one place for the text catalogs to wrap."""

from __future__ import annotations

from i18n import N_
from lessons.lesson import Answer, Lesson, Words, course, won

GAME = "bodsoi"
BLUE = 0
OPTIONS = "players=2 axes=any-axis links=colour"
# The bag of the spec's first examples: every tile but those on the board and in the hands.
BAG_EMPTY_BOARD = (
    "C-le-le*2,C-le-mo*2,C-le-st*2,C-le-su*2,C-le-wa*2,C-mo-le*2,C-mo-mo*2,C-mo-st*2,C-mo-su*2,C-mo-wa*2,C-st-le*2,"
    "C-st-mo*2,C-st-st*2,C-st-su*2,C-st-wa*2,C-su-le*2,C-su-mo,C-su-st*2,C-su-su*2,C-su-wa*2,C-wa-le*2,C-wa-mo*2,"
    "C-wa-st*2,C-wa-su*2,C-wa-wa*2,S-le-le,S-le-mo,S-le-st,S-le-su,S-le-wa,S-mo-le,S-mo-mo,S-mo-st,S-mo-su,S-mo-wa,"
    "S-st-le,S-st-mo,S-st-st,S-st-su,S-st-wa,S-su-le,S-su-mo,S-su-st,S-su-su,S-su-wa,S-wa-le,S-wa-mo,S-wa-st,S-wa-su,"
    "S-wa-wa")
EMPTY_BOARD = f"{OPTIONS} | - | to=B drew | B=C-su-mo Y=- | bag={BAG_EMPTY_BOARD} | idle=0"
ONE_TILE = (
    f"{OPTIONS} | d4=C-su-mo@0 | to=B drew | B=C-su-le Y=C-mo-wa | bag=C-le-le*2,C-le-mo*2,C-le-st*2,C-le-su*2,"
    "C-le-wa*2,C-mo-le*2,C-mo-mo*2,C-mo-st*2,C-mo-su*2,C-mo-wa,C-st-le*2,C-st-mo*2,C-st-st*2,C-st-su*2,C-st-wa*2,"
    "C-su-le,C-su-mo,C-su-st*2,C-su-su*2,C-su-wa*2,C-wa-le*2,C-wa-mo*2,C-wa-st*2,C-wa-su*2,C-wa-wa*2,S-le-le,"
    "S-le-mo,S-le-st,S-le-su,S-le-wa,S-mo-le,S-mo-mo,S-mo-st,S-mo-su,S-mo-wa,S-st-le,S-st-mo,S-st-st,S-st-su,"
    "S-st-wa,S-su-le,S-su-mo,S-su-st,S-su-su,S-su-wa,S-wa-le,S-wa-mo,S-wa-st,S-wa-su,S-wa-wa | idle=0")
ROW = (
    f"{OPTIONS} | a4=S-mo-le@90 b4=S-st-le@90 c4=S-le-le@90 d4=S-wa-le@90 e4=S-mo-st@90 f4=S-st-st@90 "
    "g4=S-su-le@90 | to=B drew | B=S-su-mo Y=C-le-le | bag=C-le-le,C-le-mo*2,C-le-st*2,C-le-su*2,C-le-wa*2,"
    "C-mo-le*2,C-mo-mo*2,C-mo-st*2,C-mo-su*2,C-mo-wa*2,C-st-le*2,C-st-mo*2,C-st-st*2,C-st-su*2,C-st-wa*2,C-su-le*2,"
    "C-su-mo*2,C-su-st*2,C-su-su*2,C-su-wa*2,C-wa-le*2,C-wa-mo*2,C-wa-st*2,C-wa-su*2,C-wa-wa*2,S-le-mo,S-le-st,"
    "S-le-su,S-le-wa,S-mo-mo,S-mo-su,S-mo-wa,S-st-mo,S-st-su,S-st-wa,S-su-st,S-su-su,S-su-wa,S-wa-mo,S-wa-st,"
    "S-wa-su,S-wa-wa | idle=0")
CROSS = (
    f"{OPTIONS} | a5=S-wa-mo@0 b5=S-le-mo@0 c5=S-mo-wa@0 d1=S-mo-le@0 d2=S-st-le@0 d3=S-le-le@0 d4=S-su-le@0 "
    "d6=S-su-st@0 d7=S-wa-le@0 d8=S-mo-st@0 e5=S-le-wa@0 f5=S-st-mo@0 g5=S-wa-st@0 h5=S-le-su@0 | to=B drew | "
    "B=S-su-mo Y=C-le-le | bag=C-le-le,C-le-mo*2,C-le-st*2,C-le-su*2,C-le-wa*2,C-mo-le*2,C-mo-mo*2,C-mo-st*2,"
    "C-mo-su*2,C-mo-wa*2,C-st-le*2,C-st-mo*2,C-st-st*2,C-st-su*2,C-st-wa*2,C-su-le*2,C-su-mo*2,C-su-st*2,C-su-su*2,"
    "C-su-wa*2,C-wa-le*2,C-wa-mo*2,C-wa-st*2,C-wa-su*2,C-wa-wa*2,S-le-st,S-mo-mo,S-mo-su,S-st-st,S-st-su,S-st-wa,"
    "S-su-su,S-su-wa,S-wa-su,S-wa-wa | idle=0")
STALL = (
    f"{OPTIONS} | a1=S-su-le@0 a2=S-su-mo@0 a3=S-su-st@0 a4=S-su-su@0 a5=S-mo-le@0 a6=S-mo-mo@0 a7=C-su-mo@90 "
    "b5=S-mo-wa@0 b6=S-su-wa@0 b7=C-su-st@180 h6=S-le-st@0 h7=S-le-le@0 h8=S-le-mo@0 | to=B nodraw | "
    "B=C-le-mo,C-mo-mo,C-st-su,C-wa-wa*2 Y=C-le-le*2,C-st-st,C-su-wa,C-wa-le | bag=C-le-mo,C-le-st*2,C-le-su*2,"
    "C-le-wa*2,C-mo-le*2,C-mo-mo,C-mo-st*2,C-mo-su*2,C-mo-wa*2,C-st-le*2,C-st-mo*2,C-st-st,C-st-su,C-st-wa*2,"
    "C-su-le*2,C-su-mo,C-su-st,C-su-su*2,C-su-wa,C-wa-le,C-wa-mo*2,C-wa-st*2,C-wa-su*2,S-le-su,S-le-wa,S-mo-st,"
    "S-mo-su,S-st-le,S-st-mo,S-st-st,S-st-su,S-st-wa,S-wa-le,S-wa-mo,S-wa-st,S-wa-su,S-wa-wa | idle=1")

WORDS: dict[str, Words] = {
    "place": Words(
        title=N_("Laying a tile"),
        instruction=N_("You are Blue. Every tile carries a blue band and a yellow band, each marked with a symbol "
                    "(sun, moon, star, leaf, wave); a corner tile's bands turn, a straight tile's cross. Each turn "
                    "you draw up to a hand of 5, then lay one tile or pass. On an empty board a tile may go "
                    "anywhere. Lay your tile: a square and a rotation (0, 90, 180 or 270, clockwise)."),
        done=N_("Laid. Your blue band starts a blue path; Yellow's band on the same tile starts a yellow one."),
        hint=N_("For example: place C-su-mo d4 0 (autocomplete lists every placement)."),
        wrong={"pass": N_("Passing is always allowed, but lays nothing. Lay your tile this time.")}),
    "anchor": Words(
        title=N_("Anchored paths"),
        instruction=N_("A path counts only when it is anchored: its band runs into the board's edge (a tile merely "
                    "standing in the edge row is not enough). Lay your tile in an edge square, turned so its "
                    "blue band runs into the edge."),
        done=N_("Anchored: your blue band meets the board's edge, so this path counts."),
        hint=N_("At rotation 0 the blue band joins the north and east edges: try h8 0, or a1 180 (south and west)."),
        wrong={"unanchored": N_("Your blue band does not reach the board's edge there. Choose an edge square and "
                             "turn the tile so the blue band points off the board."),
               "pass": N_("Passing lays nothing. Lay your tile on an edge.")}),
    "match": Words(
        title=N_("Matching a neighbour"),
        instruction=N_("A tile laid next to others must match at least one neighbour: on a shared edge both sides "
                    "show your colour, blue, with the same symbol. d4's blue sun shows on its north and east "
                    "edges. Lay your tile next to d4, blue sun against blue sun."),
        done=N_("Matched: blue sun meets blue sun, and the two blue bands now form one path."),
        hint=N_("Try d5 (north of d4) or e4 (east of d4), turned so your blue sun faces d4."),
        wrong={"alone": N_("That tile touches no other tile: allowed, but the lesson is matching. Lay it next to d4."),
               "pass": N_("Passing lays nothing. Lay your tile next to d4.")}),
    "bodsoi": Words(
        title=N_("A Bodsoi"),
        instruction=N_("A path of your colour from one board edge to the opposite edge (north–south or west–east) "
                    "is a Bodsoi, and wins at once. Paths belong to a colour, not to whoever laid the tiles. "
                    "Your blue band runs from a4 to g4. Complete the Bodsoi."),
        done=N_("Bodsoi: a blue path from the west edge to the east edge. You win."),
        hint=N_("h4 is the last square of the row; a straight tile at rotation 90 runs blue west–east."),
        wrong={"alone": N_("That tile is not on your path. Finish the blue row on h4."),
               "next": N_("That tile is not on your path's open end. Finish the blue row on h4."),
               "pass": N_("Passing lays nothing. Finish the blue row on h4.")}),
    "both": Words(
        title=N_("One tile, two paths"),
        instruction=N_("The tiles on the board carry both colours: here one empty square, d5, stands between a "
                    "blue path (d1–d8) and a yellow one (a5–h5). A tile there would complete both; then the "
                    "player who laid it wins. Win the game."),
        done=N_("Both paths completed at once, and the one who laid the tile, you, wins."),
        hint=N_("A straight tile on d5 at rotation 0 runs blue north–south and yellow west–east."),
        wrong={"alone": N_("The game goes on. The square that decides it is d5."),
               "next": N_("The game goes on. The square that decides it is d5."),
               "pass": N_("Passing lays nothing; the next tile on d5 could be Yellow's, and then Yellow wins.")}),
    "stall": Words(
        title=N_("The end without a Bodsoi"),
        instruction=N_("When nobody can or will lay a tile (every player passes in turn holding 5 tiles, or the "
                    "bag is empty) or the board is full, anchored paths are scored: the row of the tile where "
                    "each one ends, counted from its edge. The best paths are compared, then the second best. "
                    "Yellow just passed; your best path scores 5, Yellow's 2. End the game."),
        done=N_("Both passed: the game ends and is scored, your 5 against Yellow's 2. You win."),
        hint=N_("Your hand is full, so you cannot draw: pass."),
        wrong={"other": N_("The game goes on, and Yellow may still lengthen its paths. Passing now ends it while "
                        "you lead 5 to 2.")}),
}


def neighbours(square: str) -> set[str]:
    file, rank = ord(square[0]), int(square[1:])
    return {f"{chr(file + df)}{rank + dr}" for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))}


def kind(answer: Answer) -> str:
    """What a Bodsoi action did: ended the game, a pass, or a tile laid next to another (`next`) or alone."""
    ended = answer.ended()
    if ended is not None:
        return ended
    if answer.text == "pass":
        return "pass"
    placed = {tile["square"] for tile in answer.game.view(answer.before, answer.seat).get("board") or []}
    return "next" if neighbours(str(answer.last.get("square"))) & placed else "alone"


def anchored_kind(answer: Answer) -> str:
    return "pass" if answer.text == "pass" else "anchored" if anchored(answer) else "unanchored"


def placed(answer: Answer) -> bool:
    return answer.text != "pass"


def anchored(answer: Answer) -> bool:
    blue = (answer.view().get("paths") or {}).get("blue") or {}
    return bool(blue.get("scores"))


def matched(answer: Answer) -> bool:
    return kind(answer) == "next"


LESSONS = course(GAME, [
    Lesson("place", GAME, BLUE, EMPTY_BOARD, placed, WORDS["place"], kind),
    Lesson("anchor", GAME, BLUE, EMPTY_BOARD, anchored, WORDS["anchor"], anchored_kind),
    Lesson("match", GAME, BLUE, ONE_TILE, matched, WORDS["match"], kind),
    Lesson("bodsoi", GAME, BLUE, ROW, won, WORDS["bodsoi"], kind),
    Lesson("both", GAME, BLUE, CROSS, won, WORDS["both"], kind),
    Lesson("stall", GAME, BLUE, STALL, won, WORDS["stall"], kind),
])
