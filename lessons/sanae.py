"""Sanae's lessons: the set-up, hidden ranks and moving, combat by rank, dice, Zed Inel and capturing the Void.
Every word a lesson says is in `WORDS`, one place for the text catalogs to wrap."""

from __future__ import annotations

from typing import Any

from i18n import N_
from lessons.lesson import LOST, Answer, Lesson, Words, course, won

GAME = "sanae"
RED = 0
OPTIONS = "options king-queen=flag-draw quiet-limit=200 zed-prompt=any-unused zed-range=4 board=lens93"
PLAY = f"{OPTIONS} ; phase play ; setup red=ready blue=ready"

WORDS: dict[str, Words] = {
    "setup": Words(
        title=N_("The set-up"),
        instruction=N_("You are Red, on the left circle. Each side places its 36 stones face down anywhere in its "
                    "own circle: the Void (your flag: lose it and you lose), King, Queen, Wizard, Dragon, 2 "
                    "Captains, 4 Lieutenants, 4 Knights, an Assassin and 20 Footmen. Neither side sees the "
                    "other's layout. Start from one of the prepared layouts."),
        done=N_("Laid out. In a match you can still swap stones (layout swap) before you send ready."),
        hint=N_("Type layout preset classic: Footmen in front, the Void deep behind them with both Captains near."),
        wrong={"random": N_("A random layout may leave your Void in the front row. Pick a preset: classic, keep "
                         "or wall.")}),
    "hidden": Words(
        title=N_("Hidden ranks"),
        instruction=N_("Blue sees where your stones are, not what they are (your own show their letters with a "
                    "dashed rim, meaning Blue does not know them). A stone moves up to its range in any "
                    "direction, through empty cells; a move of more than one step reveals it for good. Move "
                    "your Queen (R2.03) to an empty neighbouring cell, so Blue still cannot tell what it is."),
        done=N_("One step to an empty cell: the Queen moved and Blue still sees only a hidden stone."),
        hint=N_("R1.04 and R3.04 are empty neighbours of R2.03."),
        wrong={"reveal": N_("That move took more than one step, so the Queen is turned face up: now Blue knows "
                         "where your Queen is."),
               "attack": N_("Moving onto an enemy stone is an attack: both stones are turned face up. This time "
                         "stay hidden."),
               "won_fight": N_("Moving onto an enemy stone is an attack: both stones are turned face up. This time "
                            "stay hidden."),
               "lost_fight": N_("That attack turned both stones face up, and yours lost. This time stay hidden."),
               "move": N_("That moved another stone. The Queen is on R2.03.")}),
    "combat": Words(
        title=N_("Combat by rank"),
        instruction=N_("Moving onto an enemy stone attacks it: both turn face up and the higher rank wins (King, "
                    "Queen, Wizard and Dragon 6, Captain 5, Lieutenant 4, Knight 3, Assassin 2, Footman 1). The "
                    "loser leaves the board. Blue's Captain (C1) and Footman (C2) are face up already. Attack the "
                    "one your Lieutenant beats."),
        done=N_("Lieutenant (4) against Footman (1): the higher rank wins, and your Lieutenant takes C2."),
        hint=N_("Compare the ranks: Lieutenant 4, Captain 5, Footman 1."),
        wrong={"lost_fight": N_("The Captain (5) outranks your Lieutenant (4): your stone is lost. Attack the "
                             "Footman."),
               "other": N_("That is a plain move. Attack the stone your Lieutenant outranks.")}),
    "dice": Words(
        title=N_("Dice"),
        instruction=N_("Equal ranks roll dice: one die each, the higher wins, a tie rolls again. (The Wizard and "
                    "the Dragon have special rolls against higher ranks; an attacking Assassin kills anything but the "
                    "Dragon, and an attacked Assassin beats only a Footman.) Attack Blue's Lieutenant on C2 with "
                    "yours; the server rolls."),
        done=N_("Lieutenant against Lieutenant: the dice decided, 5 against 2, and your Lieutenant won."),
        hint=N_("Your Lieutenant on R3.00 is next to C2: R3.00-C2."),
        wrong={"other": N_("That is a plain move. Attack C2: equal ranks let the dice decide.")}),
    "zed": Words(
        title=N_("Zed Inel"),
        instruction=N_("Blue's Knight attacked your Void on R1.06! Once a game each Captain within 4 steps of the "
                    "Void may swap places with it (Zed Inel): the Captain then fights the attacker instead. "
                    "Your Captain on R2.08 is 2 steps away. Save your Void."),
        done=N_("Zed Inel: the Captain swapped in and beat the Knight, 5 against 3. The Void stays revealed."),
        hint=N_("Answer zed R2.08."),
        wrong={LOST: N_("Without Zed Inel the Void is captured and Blue wins. Swap your Captain in: zed R2.08.")}),
    "void": Words(
        title=N_("Capturing the Void"),
        instruction=N_("Capturing the enemy Void wins the game (a side that has lost both its King and its Queen "
                    "only draws by it, and a side with no legal move loses). Blue's Void on B3.00 is face up "
                    "and Blue has no Captain left to save it. Win the game."),
        done=N_("Blue's Void is captured: you win."),
        hint=N_("Your Knight on C2 moves up to 3 steps: B3.00 is next to it."),
        wrong={"other": N_("The game goes on. Attack Blue's Void on B3.00."),
               "won_fight": N_("A stone captured, but the game goes on. The Void on B3.00 wins it.")}),
}


def stone_at(answer: Answer, cell: str) -> dict[str, Any]:
    for shown in answer.view().get("cells") or []:
        if shown.get("label") == cell:
            return dict(shown.get("stone") or {})
    return {}


def kind(answer: Answer) -> str:
    """What a Sanae action did: ended the game, a fight won or lost, an attack still to be rolled, a move that
    revealed the stone, a plain move; the set-up's random layout; a Zed answer's word."""
    ended = answer.ended()
    if ended is not None:
        return ended
    words = answer.text.split()
    if words[0] == "layout":
        return words[1]
    if words[0] == "zed":
        return words[1] if words[1] == "no" else "zed"
    last = answer.view().get("last") or {}
    combat = last.get("combat")
    if combat:
        return "won_fight" if combat.get("winner") == ("red", "blue")[answer.seat] else "lost_fight"
    if answer.game.chance_outcomes(answer.after) or answer.game.actors(answer.after) == {answer.seat}:
        return "attack"
    if stone_at(answer, str(last.get("to"))).get("revealed"):
        return "reveal"
    return "move"


def preset(answer: Answer) -> bool:
    return answer.text.startswith("layout preset ")


def queen_hidden(answer: Answer) -> bool:
    return answer.text.startswith("R2.03-") and kind(answer) == "move"


def won_fight(answer: Answer) -> bool:
    return kind(answer) == "won_fight"


def attacked_c2(answer: Answer) -> bool:
    return answer.text == "R3.00-C2"


def swapped(answer: Answer) -> bool:
    return answer.text.startswith("zed R")


LESSONS = course(GAME, [
    Lesson("setup", GAME, RED,
           f"{OPTIONS} ; phase setup ; setup red=empty blue=empty ; first - ; turn - ; pending - ; quiet 0 ; "
           "captured red=- blue=- ; stones - ; result -", preset, WORDS["setup"], kind),
    Lesson("hidden", GAME, RED,
           f"{PLAY} ; first red ; turn red ; pending - ; quiet 0 ; captured red=- blue=- ; stones R1.02=bF "
           "R1.03=rF R1.06=rV R2.02=rF R2.03=rQ R2.04=rF R3.02=bN R3.03=rF B1.06=bV ; result -", queen_hidden,
           WORDS["hidden"], kind),
    Lesson("combat", GAME, RED,
           f"{PLAY} ; first red ; turn red ; pending - ; quiet 0 ; captured red=- blue=- ; stones R1.06=rV "
           "R3.00=rL C1=bC* C2=bF* B1.06=bV ; result -", won_fight, WORDS["combat"], kind),
    Lesson("dice", GAME, RED,
           f"{PLAY} ; first red ; turn red ; pending - ; quiet 0 ; captured red=- blue=- ; stones R1.06=rV "
           "R3.00=rL C2=bL* B1.06=bV B2.05=bF ; result -", attacked_c2, WORDS["dice"], kind, then=("roll 5 2",)),
    Lesson("zed", GAME, RED,
           f"{PLAY} ; first blue ; turn blue ; pending zed R1.05 R1.06 ; quiet 0 ; captured red=- blue=- ; "
           "stones R1.05=bN* R1.06=rV* R2.08=rC R3.00=rC B4.05=bN ; result -", swapped, WORDS["zed"], kind),
    Lesson("void", GAME, RED,
           f"{PLAY} ; first red ; turn red ; pending - ; quiet 0 ; captured red=- blue=CC ; stones R1.06=rV "
           "C2=rN B2.05=bF B3.00=bV* ; result -", won, WORDS["void"], kind),
])
