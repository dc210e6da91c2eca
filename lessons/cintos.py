"""Cintos's lessons: moving, capture by numbers, the trap of an enemy majority, ties by territory, total victory
and the quiet limit. Every word a lesson says is in `WORDS`, one place for the text catalogs to wrap."""

from __future__ import annotations

from i18n import N_
from lessons.lesson import Answer, Lesson, Words, course, won

GAME = "cintos"
RED = 0

WORDS: dict[str, Words] = {
    "move": Words(
        title=N_("Sliding a piece"),
        instruction=N_("You are Red; Cintos is won by owning all 16 pieces. On your turn you slide one of your pieces "
                    "one square up, down, left or right into an empty square. The board is split into four "
                    "territories: yours is the top left (NW, a5–d8), Blue's the bottom right, and the other two "
                    "belong to nobody yet. Slide a piece out of your territory into one that nobody owns."),
        done=N_("Well done: a piece moves one square, never diagonally and never onto another piece."),
        hint=N_("Your pieces on the edge of your territory, such as d5 or a5, can step out: try d5-e5 or a5-a4."),
        wrong={"home": N_("That square is still in your own territory (a5–d8): step over its edge, into NE (e5–h8) "
                       "or SW (a1–d4).")}),
    "numbers": Words(
        title=N_("Capture by numbers"),
        instruction=N_("After every move the 3×3 block around the landing square is counted, your moved piece "
                    "included. If one player has more pieces in it than anyone else, every piece in the block "
                    "turns that player's colour. Make a move that turns a Blue piece red."),
        done=N_("Captured: you had the most pieces around the landing square, so the Blue piece there turned red."),
        hint=N_("Look at the lone Blue piece on f5: land next to it where your pieces will outnumber Blue's, e.g. "
             "on e5."),
        wrong={"quiet": N_("Nothing changed colour: count the 3×3 block around your landing square; you need more "
                        "red than blue pieces there, and at least one blue piece to turn."),
               "lost": N_("Blue had more pieces around that square, so your piece turned blue: whoever holds the "
                       "most pieces captures, even when it is not the mover.")}),
    "trap": Words(
        title=N_("Don't walk into a majority"),
        instruction=N_("The majority captures whoever moved: a piece that lands where Blue has more pieces turns "
                    "blue. Blue has three pieces around f5 and f6. Find a move that captures a Blue piece."),
        done=N_("Right: you captured where Blue was outnumbered, and kept clear of Blue's group."),
        hint=N_("The Blue piece on e7 stands apart from the group: your pieces on d8 are next to it."),
        wrong={"lost": N_("That landing square is next to more Blue than red pieces, so Blue captured your piece. "
                       "Count both colours in the 3×3 block first."),
               "quiet": N_("Nothing changed colour there. The Blue piece on e7 is the one you can outnumber.")}),
    "tie": Words(
        title=N_("Ties and territories"),
        instruction=N_("When the top counts tie, territory decides, provided every piece in the block stands on one "
                    "territory: on its owner's home the owner takes them all; on a territory that nobody owns "
                    "(NE here) the mover does. Capture two Blue pieces with one move."),
        done=N_("Two at once: 2 red against 2 blue, all on NE, which nobody owns, so the mover took the tie."),
        hint=N_("Land on f6: the block e5–g7 then holds two red and two blue pieces, all on NE."),
        wrong={"capture": N_("That captures by numbers, but only one piece. A 2 against 2 tie on unowned NE would "
                          "give you both blue pieces."),
               "quiet": N_("Nothing changed colour. Look for a square where red and blue tie, all on NE."),
               "lost": N_("Blue had the upper hand there and captured your piece.")}),
    "victory": Words(
        title=N_("Total victory"),
        instruction=N_("A player whose last piece is captured is out, and the capturer takes their territory. "
                    "Blue has one piece left, on c1. Capture it and win the game."),
        done=N_("Blue is out of pieces: you own all 16 and win the game."),
        hint=N_("Your pieces on a1 and b2 are next to c1: land beside it where red outnumbers blue."),
        wrong={"quiet": N_("Blue's last piece is still blue. Land next to c1 with more red than blue around it.")}),
    "quiet": Words(
        title=N_("The quiet limit"),
        instruction=N_("Games cannot go on for ever: after 100 turns in a row without a capture the game ends and "
                    "the player with the most pieces wins. The counter is at 99 and you have 9 pieces to Blue's "
                    "7. End the game with a quiet move, and don't give Blue a capture."),
        done=N_("The 100th quiet turn ends the game: 9 pieces against 7, you win."),
        hint=N_("Any move far from Blue's pieces is quiet; the piece on f4 is the one in danger."),
        wrong={"lost": N_("Blue captured your piece: a capture resets the counter to 0 and the game goes on. Move a "
                       "piece away from Blue's.")}),
}


def pieces(answer: Answer, state: object) -> int:
    scores = answer.game.view(state, answer.seat).get("scores") or []
    return int(scores[answer.seat])


def kind(answer: Answer) -> str:
    """What a Cintos move did: captured ("capture"), lost the mover pieces ("lost"), or turned nothing ("quiet")."""
    before, after = pieces(answer, answer.before), pieces(answer, answer.after)
    return "capture" if after > before else "lost" if after < before else "quiet"


def captured(answer: Answer) -> bool:
    return kind(answer) == "capture"


def out_of_home(answer: Answer) -> bool:
    """Whether the move landed in a territory nobody owns at the start: NE (e5-h8) or SW (a1-d4)."""
    to = str(answer.last.get("to") or "")
    if len(to) != 2:
        return False
    column, row = to[0], to[1]
    return (column in ("e", "f", "g", "h")) == (row in ("5", "6", "7", "8"))


def home_or_not(answer: Answer) -> str:
    return "home" if not out_of_home(answer) else kind(answer)


def took_two(answer: Answer) -> bool:
    return pieces(answer, answer.after) - pieces(answer, answer.before) >= 2


LESSONS = course(GAME, [
    Lesson("move", GAME, RED, "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B R-B- R 0 RB 0", out_of_home,
           WORDS["move"], home_or_not),
    Lesson("numbers", GAME, RED, "RRRR4/RR2BBBB/4R1BB/3R1B1B/8/8/8/8 R-B- R 0 RB 30", captured,
           WORDS["numbers"], kind),
    Lesson("trap", GAME, RED, "RRRR4/RR2B1BB/5BBB/3R1B1B/8/2R5/8/8 R-B- R 0 RB 30", captured,
           WORDS["trap"], kind),
    Lesson("tie", GAME, RED, "RRRR4/RR2R1B1/4R3/6B1/8/7B/7B/BBB4B R-B- R 0 RB 30", took_two,
           WORDS["tie"], kind),
    Lesson("victory", GAME, RED, "RRRR4/RRRR4/RRR5/RR6/8/8/1R6/R1B5 R-B- R 0 RB 60", won,
           WORDS["victory"], kind),
    Lesson("quiet", GAME, RED, "RRRR4/RRR5/8/8/4BR2/6BB/R5BB/6BB R-B- R 99 RB 120", won,
           WORDS["quiet"], kind),
])
