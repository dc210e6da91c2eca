"""Sinoda's lessons: moving exactly a piece's number, capturing, paths and blocking, the change, Win by Sinoda and
how a game ends. Every word a lesson says is in `WORDS`, one place for the text catalogs to wrap."""

from __future__ import annotations

from i18n import N_
from lessons.lesson import Answer, Lesson, Words, course, won

GAME = "sinoda"
RED = 0
START = "small|a3=1,a4=1,a5=1,b4=1,b5=1,b6=1|c2=1,c3=1,c4=1,d1=1,d2=1,d3=1|turn=?|pts=0,0|caps=0,0|actions=0"

WORDS: dict[str, Words] = {
    "move": Words(
        title=N_("Moving a piece"),
        instruction=N_("You are Red, at the top. Each piece shows a number from 1 to 4 on top: it moves exactly that "
                    "many steps from triangle to triangle across their edges, and the number is also what it is "
                    "worth when captured. Every piece starts as a 1. Move one of your pieces one step."),
        done=N_("That is a move: a 1 goes exactly one step into a neighbouring triangle."),
        hint=N_("Pick a piece on the edge of your group, e.g. b4, and move it to an empty neighbour: b4-b3."),
        wrong={"change": N_("That changed a piece's number instead (the other kind of turn, in a later lesson). "
                         "This time move a piece: write it from-to, e.g. b4-b3.")}),
    "capture": Words(
        title=N_("Capturing"),
        instruction=N_("A piece that ends its move on an enemy piece captures it: you score the captured piece's "
                    "number, and capture 6 pieces to end the game. Capture Blue's 3 on c4."),
        done=N_("Captured: the 3 is yours, and its number is added to your points."),
        hint=N_("Your 2 on b3 moves exactly two steps: b3 to c3, then c3 to c4."),
        wrong={"move": N_("That move lands on an empty triangle. Find the piece that can end its move exactly on c4."),
               "change": N_("Changing a number captures nothing. Which of your pieces can end its move on c4?")}),
    "paths": Words(
        title=N_("Exact steps, no jumping"),
        instruction=N_("A piece moves exactly its number of steps, never stops short, never passes through a "
                    "piece (yours or the enemy's) and never enters a triangle twice. Capture Blue's 2 on a2 "
                    "with your 3."),
        done=N_("Three steps around the pieces in the way: b3, b2, a1, a2. Captured."),
        hint=N_("The direct way is blocked; go round by b2 and a1."),
        wrong={"move": N_("That move ends on an empty triangle; the target is Blue's 2 on a2."),
               "change": N_("A changed number would need another turn to move. Your 3 can reach a2 right now.")}),
    "change": Words(
        title=N_("The change"),
        instruction=N_("Instead of moving, you may change one of your pieces' numbers by one, up or down (never "
                    "below 1 or above 4). Blue's piece on b5 is two steps from your 1 on b3. Make b3 a 2, so it "
                    "can capture b5 next turn."),
        done=N_("b3 is a 2 now: next turn it can move exactly two steps, onto b5."),
        hint=N_("Write the triangle and a plus: b3+."),
        wrong={"move": N_("That moved a piece. The lesson is the change: b3 up by one, written b3+."),
               "change": N_("That changed another piece. The one that should become a 2 is on b3.")}),
    "sinoda": Words(
        title=N_("Win by Sinoda"),
        instruction=N_("In a two-player game you win at once if your points are more than the opponent's points "
                    "plus the numbers of all your pieces still on the board: the most they could still capture. "
                    "You lead 9 to 5; your pieces add up to 4. Win now."),
        done=N_("Win by Sinoda: 9 is more than 5 + 3, so Blue can no longer catch up."),
        hint=N_("Lower one of your numbers: a4- makes your pieces add up to 3, and 9 > 5 + 3."),
        wrong={"move": N_("The game goes on: your pieces still add up to 4 and 9 is not more than 5 + 4. Make "
                       "your pieces worth less."),
               "change": N_("The game goes on: the sum of your pieces must go down, not up."),
               "capture": N_("The game goes on. Make your pieces worth less instead.")}),
    "end": Words(
        title=N_("How a game ends"),
        instruction=N_("The game ends when a player has captured 6 pieces, when a player has no piece left, or when "
                    "everyone is down to one piece. Most points wins; on a tie, most pieces on the board. You "
                    "have 5 captures and trail 7 to 9. End the game as the winner."),
        done=N_("Your sixth capture ends the game at 9 points each, and your 2 pieces against Blue's none win it."),
        hint=N_("Blue's only piece, a 2, is on c3: your 1 on b3 is next to it."),
        wrong={"move": N_("The game goes on, and Blue leads on points. Capture Blue's last piece."),
               "change": N_("The game goes on, and Blue leads on points. Capture Blue's last piece.")}),
}


def kind(answer: Answer) -> str:
    """What a Sinoda action did: a capture, a plain move or a change."""
    last = answer.last
    if last.get("captured"):
        return "capture"
    return "change" if last.get("kind") == "change" else "move"


def moved(answer: Answer) -> bool:
    return kind(answer) == "move"


def captured(answer: Answer) -> bool:
    return kind(answer) == "capture"


def b3_is_two(answer: Answer) -> bool:
    last = answer.last
    return last.get("kind") == "change" and last.get("cell") == "b3" and last.get("value") == 2


LESSONS = course(GAME, [
    Lesson("move", GAME, RED, START, moved, WORDS["move"], kind, moves=("first 1",)),
    Lesson("capture", GAME, RED, "small|a4=1,b3=2|c4=3,d2=1|turn=1|pts=6,8|caps=4,4|actions=40", captured,
           WORDS["capture"], kind),
    Lesson("paths", GAME, RED, "small|b3=3,c6=1|a2=2,b5=1,c4=4|turn=1|pts=5,6|caps=3,4|actions=40", captured,
           WORDS["paths"], kind),
    Lesson("change", GAME, RED, "small|b3=1,d1=1|a5=1,b5=1|turn=1|pts=0,0|caps=0,0|actions=10", b3_is_two,
           WORDS["change"], kind),
    Lesson("sinoda", GAME, RED, "small|a4=2,b2=1,c5=1|b6=1,d3=3|turn=1|pts=9,5|caps=4,3|actions=40", won,
           WORDS["sinoda"], kind),
    Lesson("end", GAME, RED, "small|b3=1,c6=2|c3=2|turn=1|pts=7,9|caps=5,4|actions=40", won, WORDS["end"], kind),
])
