"""Sakamichi's lessons: laying a row, the tile-count rule, the colour choice, stacks, six rows and the end when the
pile runs out. Every word a lesson says is in `WORDS`, one place for the text catalogs to wrap."""

from __future__ import annotations

from i18n import N_
from lessons.lesson import DRAWN, LOST, Answer, Goal, Lesson, Words, course, won

GAME = "sakamichi"
P1, P2 = 0, 1
ADVANCED = "mode advanced ; options count-rule=plus-or-minus stack-layers=one pile-end=after-turn six-rows=6"
OPENING = (f"{ADVANCED} ; phase play ; dice 3 5 ; colours P1=white P2=black ; first P1 ; turn P1 ; draw done ; "
           "choice - ; white down - up - ; black down - up - ; P1 hand b2 b4 w1b3 w2b2 w4 markers RES ; "
           "P2 hand b6 w2 w3b1 w5 markers RES ; pile b1 b3 b5 w1 w1b1 w1b2 w1b4 w1b5 w2b1 w2b3 w2b4 w3 w3b2 w3b3 "
           "w4b1 w4b2 w5b1 ; removed w6 ; dead - ; result -")

WORDS: dict[str, Words] = {
    "place": Words(
        title=N_("Laying a row"),
        instruction=N_("You are P1. Each line starts at its die and grows both ways: up by one per row, down by one "
                    "per row. A row's pips of the line's colour must add up exactly to its value; the other "
                    "colour's pips don't count, and a tile without that colour cannot go there. Empty your hand "
                    "to win. Lay a row on the black line's up end: its next value is 6."),
        done=N_("A black 6: the black pips add up to exactly 6. Beside a die a row holds one or two tiles."),
        hint=N_("b4 with b2 makes 6 black pips (or b4 with w2b2, whose 2 white pips don't count)."),
        wrong={"place": N_("That row went on another end. The black line's up end (next value 6) is the one asked "
                        "for: its black pips must add up to 6."),
               "redraw": N_("Redraw (once a game) swaps a tile for a new one and lays nothing. Lay a row on black "
                         "up instead."),
               "exchange": N_("Exchange (once a game) swaps a tile with the opponent and lays nothing. Lay a row on "
                           "black up instead.")}),
    "count": Words(
        title=N_("One tile more or one less"),
        instruction=N_("After the first row, each new row on an end holds one tile more or one tile fewer than the "
                    "row beside it on the die's side, never the same number. The black 6 holds two tiles, so the "
                    "black 7 above it needs one or three. Lay the black 7."),
        done=N_("Three tiles after two: b2, w1b2 and w1b3 make 2 + 2 + 3 = 7 black pips."),
        hint=N_("No single tile has 7 black pips, so it takes three: count the black pips of b2, w1b2 and w1b3."),
        wrong={"place": N_("That row is on another end. The black 7 goes on the black line's up end, with one or "
                        "three tiles."),
               "redraw": N_("Redraw lays nothing. Three of your tiles make the black 7."),
               "exchange": N_("Exchange lays nothing. Three of your tiles make the black 7.")}),
    "colour": Words(
        title=N_("The colour choice"),
        instruction=N_("At the start the dice are rolled; whoever rolled higher chooses: take a colour (that line "
                    "becomes theirs, the opponent moves first) or move first (the opponent then chooses a "
                    "colour). Six rows on your own line also win. You rolled higher and see your hand: b6 w2 "
                    "w3b1 w5. Take the colour your hand suits best."),
        done=N_("White: your hand holds 10 white pips against 7 black, so the white line is the one to grow."),
        hint=N_("Add up each colour's pips in your hand: white 2 + 3 + 5, black 6 + 1."),
        wrong={"black": N_("Your hand holds 10 white pips and 7 black: white suits it better."),
               "first": N_("Moving first is the other privilege, but then your opponent picks a colour. Your hand "
                        "is rich in white: take the white line.")}),
    "stack": Words(
        title=N_("Stacking"),
        instruction=N_("Once a game you may stack: lay as many tiles as a row already holds on top of it, with the "
                    "same total. The line gains no row, but your hand shrinks. You are P2 with only the stack "
                    "marker left (a position of the basic game: stacking is the same in both). Stack on one of the "
                    "black rows."),
        done=N_("Stacked: the same number of tiles and the same total, laid on top of the row."),
        hint=N_("Black 3 is one tile worth 3: w1b3 has 3 black pips. Black 4 takes two tiles: w1b3 and w3b1."),
        wrong={"place": N_("That lays a new row. This lesson is the stack: the same number of tiles as a row, "
                        "with the same total, on top of it (stack black 3 w1b3)."),
               "stack": N_("That stacks on the white line. Stack on one of the black rows.")}),
    "six": Words(
        title=N_("Six rows"),
        instruction=N_("In the advanced game six rows on a player's own line win for that player, whoever lays "
                    "the sixth. You are P2 and own the black line; P1 owns white, which has five rows. Play on "
                    "without handing P1 the win."),
        done=N_("Safe: black grows to four rows and white stays at five."),
        hint=N_("Any row on white is the sixth and wins for P1. Black up takes one tile worth 5."),
        wrong={LOST: N_("That is white's sixth row: P1 wins, although you laid it. Grow your own black line.")}),
    "pile": Words(
        title=N_("When the pile runs out"),
        instruction=N_("Each turn starts with a draw. After the turn that takes the last tile the game ends: the "
                    "player holding more tiles loses, and equal hands draw. You are P2 and just drew the last "
                    "tile; P1 holds 4. Win the game."),
        done=N_("Two tiles laid: you hold 3 against P1's 4, and the player with more tiles loses."),
        hint=N_("Lay two tiles at once: black down needs a 4 in two tiles."),
        wrong={DRAWN: N_("One tile leaves you 4 against 4: a draw. Lay two tiles to hold fewer than P1.")}),
}


def kind(answer: Answer) -> str:
    """What a Sakamichi action was: the game's end for the learner if it ended, else its first word (place, stack,
    redraw, exchange) or, for the colour choice, the colour or `first`."""
    ended = answer.ended()
    if ended is not None:
        return ended
    words = answer.text.split()
    if words[0] == "choose":
        return words[-1]
    if words[0] == "stack" and words[1] != "black":
        return "stack"
    return words[0]


def places_on(line: str, end: str) -> Goal:
    def goal(answer: Answer) -> bool:
        return answer.text.startswith(f"place {line} {end} ")
    return goal


def chose_white(answer: Answer) -> bool:
    return answer.text == "choose colour white"


def stacked_black(answer: Answer) -> bool:
    return answer.text.startswith("stack black ")


def not_lost(answer: Answer) -> bool:
    return answer.ended() != LOST


LESSONS = course(GAME, [
    Lesson("place", GAME, P1, OPENING, places_on("black", "up"), WORDS["place"], kind),
    Lesson("count", GAME, P1, OPENING, places_on("black", "up"), WORDS["count"], kind,
           moves=("place black up b4 w2b2", "draw w3", "place white down w2", "draw w1b2")),
    Lesson("colour", GAME, P2,
           f"{ADVANCED} ; phase choice ; dice 3 5 ; colours - ; first - ; turn - ; draw - ; choice P2 privilege ; "
           "white down - up - ; black down - up - ; P1 hand b2 b4 w1b3 w2b2 markers RES ; P2 hand b6 w2 w3b1 w5 "
           "markers RES ; pile b1 b3 b5 w1 w1b1 w1b2 w1b4 w1b5 w2b1 w2b3 w2b4 w3 w3b2 w3b3 w4 w4b1 w4b2 w5b1 ; "
           "removed w6 ; dead - ; result -", chose_white, WORDS["colour"], kind),
    Lesson("stack", GAME, P2,
           "mode basic ; options count-rule=same-or-plus stack-layers=one pile-end=after-turn six-rows=6 ; "
           "phase play ; dice 4 1 ; colours - ; first P1 ; turn P2 ; draw done ; choice - ; white down 3[w3b2] "
           "up 5[w5] 6[w2b4 w4b1] ; black down - up 2[w4b2] 3[b3] 4[w1b1 w2b3] ; P1 hand w1 markers RES ; "
           "P2 hand b2 b4 w1b3 w2 w3b1 markers S ; pile b1 b5 w1b2 w1b4 w1b5 w2b1 w2b2 w3 w3b3 w4 w5b1 ; "
           "removed w6 ; dead b6 ; result -", stacked_black, WORDS["stack"], kind),
    Lesson("six", GAME, P2,
           f"{ADVANCED} ; phase play ; dice 4 2 ; colours P1=white P2=black ; first P2 ; turn P2 ; draw done ; "
           "choice - ; white down 3[w3b1] 2[w1b2 w1b4] up 5[w5|w5b1] 6[w2b2 w4b1] 7[w1b1 w2b3 w4b2] ; "
           "black down 1[w2b1] up 3[w1b3] 4[b1 b3] ; P1 hand b4 w2 w3 markers RES ; P2 hand b5 w1 w3b2 "
           "markers - ; pile b2 w1b5 w2b4 w3b3 w4 ; removed w6 ; dead b6 ; result -", not_lost, WORDS["six"], kind),
    Lesson("pile", GAME, P2,
           f"{ADVANCED} ; phase play ; dice 3 6 ; colours P1=white P2=black ; first P1 ; turn P2 ; draw done ; "
           "choice - ; white down 2[w2b2] up 4[w4b2|w4] 5[w2 w3b2] ; black down 5[w1b5|b5] up 7[b6 w3b1] "
           "8[b4 w1b3 w5b1] 9[w2b1 w2b4 w3b3 w4b1] ; P1 hand w1 w1b1 w1b2 w2b3 markers RE ; P2 hand b1 b3 w1b4 "
           "w5 w6 markers - ; pile - ; removed w3 ; dead b2 ; result -", won, WORDS["pile"], kind),
])
