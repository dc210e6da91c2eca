"""Every move the README and the docs show can be played where they show it, read by the game's own notation.

Two sources: every `/<game> <action> option:value` example in a page (turned into notation as the game's cog does)
must be legal at the start of a game (any chance outcome: who moves first, a drawn tile) unless the table below
names the position it belongs to; and the table holds the examples a scan cannot find or place (a move in prose,
a tile only some hands hold), each with how to reach its position."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from cogs.sakamichi import CHOICES
from cogs.sanae import setup_text
from cogs.sinoda import change_text
from rules import GAMES, RulesError, State
from rules.base import squeeze
from tests.test_docs_commands import PAIR, Example, all_examples, summaries
from tests.test_docs_rendering import README, ROOT


# ---- positions -------------------------------------------------------------------------------------------------------
def play(game_name: str, players: int = 2, steps: tuple[tuple[int | None, str], ...] = (),
         options: dict[str, str] | None = None) -> State:
    """The position after `steps` from the start: (seat, text) a player's action, (None, notation) a chance
    outcome. Every chance node must be resolved by a step."""
    game = GAMES[game_name]
    state = game.setup(players, options)
    for seat, text in steps:
        if seat is None:
            outcomes = {game.notation(state, outcome): outcome for outcome, _ in game.chance_outcomes(state)}
            assert text in outcomes, f"{game_name}: no chance outcome {text!r} here ({', '.join(list(outcomes)[:5])}…)"
            state = game.apply(state, outcomes[text], None)
        else:
            state = game.apply(state, game.parse(state, text, seat), seat)
    assert not game.is_chance(state), f"{game_name}: steps {steps} end at a chance node"
    return state


def legal(game_name: str, state: State, text: str) -> bool:
    """Whether a seat that may act in `state` can play `text` (the game's parse and apply accept it)."""
    game = GAMES[game_name]
    for seat in sorted(game.actors(state)):
        try:
            game.apply(state, game.parse(state, text, seat), seat)
        except RulesError:
            continue
        return True
    return False


def legal_at_start(game_name: str, text: str, budget: int = 400) -> bool:
    """Whether `text` is legal at the start of a game of the smallest player count and default options, for some
    outcome of the chance nodes before the first decision (who moves first, a first draw), searched breadth first."""
    game = GAMES[game_name]
    frontier = [game.setup(min(game.player_counts))]
    while frontier and budget > 0:
        state = frontier.pop(0)
        budget -= 1
        if game.is_chance(state):
            frontier += [game.apply(state, outcome, None) for outcome, _ in game.chance_outcomes(state)]
        elif legal(game_name, state, text):
            return True
    return False


# The spec's positions (specs/sakamichi.md, section 10): Sakamichi's hands are dealt by chance, so its examples are
# played in the positions the spec gives for them.
SAKAMICHI_OPENING = (  # Example 1: P1 to move, hands b2 b4 w1b3 w2b2 w4 and b6 w2 w3b1 w5, dice 3 and 5
    "mode advanced ; options count-rule=plus-or-minus stack-layers=one pile-end=after-turn six-rows=6 ; phase play ; "
    "dice 3 5 ; colours P1=white P2=black ; first P1 ; turn P1 ; draw done ; choice - ; white down - up - ; "
    "black down - up - ; P1 hand b2 b4 w1b3 w2b2 w4 markers RES ; P2 hand b6 w2 w3b1 w5 markers RES ; pile b1 b3 b5 "
    "w1 w1b1 w1b2 w1b4 w1b5 w2b1 w2b3 w2b4 w3 w3b2 w3b3 w4b1 w4b2 w5b1 ; removed w6 ; dead - ; result -")
SAKAMICHI_STACK = (  # Example 3: P2 to move with its Stack unused, black rows 2, 3 and 4
    "mode basic ; options count-rule=same-or-plus stack-layers=one pile-end=after-turn six-rows=6 ; phase play ; "
    "dice 4 1 ; colours - ; first P1 ; turn P2 ; draw done ; choice - ; white down 3[w3b2] up 5[w5] 6[w2b4 w4b1] ; "
    "black down - up 2[w4b2] 3[b3] 4[w1b1 w2b3] ; P1 hand w1 markers RES ; P2 hand b2 b4 w1b3 w2 w3b1 markers S ; "
    "pile b1 b5 w1b2 w1b4 w1b5 w2b1 w2b2 w3 w3b3 w4 w5b1 ; removed w6 ; dead b6 ; result -")
SAKAMICHI_CHOICE = (  # Position example A: the advanced opening, P2 rolled higher and chooses
    "mode advanced ; options count-rule=plus-or-minus stack-layers=one pile-end=after-turn six-rows=6 ; "
    "phase choice ; dice 3 5 ; colours - ; first - ; turn - ; draw - ; choice P2 privilege ; white down - up - ; "
    "black down - up - ; P1 hand b2 b4 w1b3 w2b2 markers RES ; P2 hand b6 w2 w3b1 w5 markers RES ; pile b1 b3 b5 w1 "
    "w1b1 w1b2 w1b4 w1b5 w2b1 w2b3 w2b4 w3 w3b2 w3b3 w4 w4b1 w4b2 w5b1 ; removed w6 ; dead - ; result -")


def sakamichi(text: str) -> Callable[[], list[State]]:
    return lambda: [GAMES["sakamichi"].from_position(text)]


def cintos_starts() -> list[State]:
    """Every Cintos start: Red moves first in each."""
    return [play("cintos"), play("cintos", options={"setup-2p": "diagonal-2p"}), play("cintos", 4)]


def sinoda_c4_first() -> list[State]:
    """Sinoda for two, the player whose pieces stand on c2–d3 (c4 among them) drawn to move first."""
    return [play("sinoda", steps=((None, "first 2"),))]


SANAE_CLASSIC_RED_FIRST = ((0, "layout preset classic"), (1, "layout preset classic"), (0, "ready"), (1, "ready"),
                           (None, "first 2 1"))  # both sides' classic layout, Red rolls 2 to 1 and moves first


@dataclass(frozen=True)
class Case:
    file: str
    snippet: str  # as it appears in the file
    game: str
    positions: Callable[[], list[State]]  # where it must be legal (each of them)
    text: str = ""  # the notation, where the snippet is not a slash command
    why: str = field(default="", compare=False)


CASES = [
    Case("README.md", "(or type one, `b6-b5`)", "cintos", cintos_starts, "b6-b5"),
    Case("docs/players/cintos.md", "`/cintos move move:b6-b5`", "cintos", cintos_starts),
    Case("docs/players/cintos.md", "`b6 down`", "cintos", cintos_starts, "b6 down"),
    Case("docs/players/cintos.md", "`c6r`", "cintos", cintos_starts, "c6r"),
    Case("docs/players/sinoda.md", "`/sinoda move move:c4-c5`", "sinoda", sinoda_c4_first),
    Case("docs/players/sinoda.md", "`/sinoda change piece:c4 direction:+`", "sinoda", sinoda_c4_first),
    Case("docs/players/sinoda.md", "(or `piece:c4+`)", "sinoda", sinoda_c4_first, "c4+"),
    Case("docs/players/sinoda.md", "a change is `c4+`", "sinoda", sinoda_c4_first, "c4+"),
    Case("docs/players/sinoda.md", "or `c4-`", "sinoda",  # its next turn, once c4 is worth 2
         lambda: [play("sinoda", steps=((None, "first 2"), (1, "c4+"), (0, "a3+")))], "c4-"),
    Case("docs/players/sinoda.md", "a move is `c4-c5`", "sinoda", sinoda_c4_first, "c4-c5"),
    Case("docs/players/sinoda.md", "(`c4xc5` works too)", "sinoda", sinoda_c4_first, "c4xc5"),
    Case("docs/players/sanae.md", "a layout code (`4FNQVWN3F/.3FNDCLA2F./3.2FLCL2F2./.2FLKN2F.`)", "sanae",
         lambda: [play("sanae")], setup_text("4FNQVWN3F/.3FNDCLA2F./3.2FLCL2F2./.2FLKN2F.")),
    Case("docs/players/sanae.md", "`swap R1.06 R2.05`", "sanae",
         lambda: [play("sanae", steps=((0, "layout preset classic"),))], setup_text("swap R1.06 R2.05")),
    Case("docs/players/sanae.md", "`/sanae move move:R3.03-R4.02`", "sanae",
         lambda: [play("sanae", steps=SANAE_CLASSIC_RED_FIRST)]),
    Case("docs/players/sakamichi.md", "`/sakamichi place row:white up w4`", "sakamichi",
         sakamichi(SAKAMICHI_OPENING)),
    Case("docs/players/sakamichi.md", "`/sakamichi place row:black 6 b4 w2b2`", "sakamichi",
         sakamichi(SAKAMICHI_OPENING)),
    Case("docs/players/sakamichi.md", "`/sakamichi stack row:black 4 w1b3 w3b1`", "sakamichi",
         sakamichi(SAKAMICHI_STACK)),
    Case("docs/players/sakamichi.md", "`/sakamichi redraw tile:w1b3`", "sakamichi", sakamichi(SAKAMICHI_OPENING)),
    Case("docs/players/sakamichi.md", "`/sakamichi exchange give:w2b2 take:w3b1`", "sakamichi",
         sakamichi(SAKAMICHI_OPENING)),
    Case("docs/players/sakamichi.md", "`/sakamichi choose choice:first`", "sakamichi", sakamichi(SAKAMICHI_CHOICE)),
    Case("docs/players/bodsoi.md", "`/bodsoi place tile:C-su-mo square:d4 rotation:90`", "bodsoi",
         lambda: [play("bodsoi", steps=((None, "draw C-su-mo"),))]),
    Case("docs/players/bodsoi.md", "or pick `C-su-mo d4 90` in `tile` alone", "bodsoi",
         lambda: [play("bodsoi", steps=((None, "draw C-su-mo"),))], "place C-su-mo d4 90"),
]


# ---- slash-command examples as notation --------------------------------------------------------------------------
def _choose(options: dict[str, str]) -> str:
    words = options["choice"].lower().split()
    if words and words[0] in ("colour", "color"):
        words = words[1:]
    said = " ".join(words)
    return CHOICES.get({"w": "white", "b": "black"}.get(said, said), f"choose {options['choice']}")


def _bodsoi_place(options: dict[str, str]) -> str:
    words = options["tile"].split()
    if words and words[0].lower() in ("place", "p"):
        words = words[1:]
    return " ".join(["place", *words, *(options[k] for k in ("square", "rotation") if k in options)])


# (game, command) -> the options it needs, and the notation its cog plays (cogs/<game>.py)
ACTIONS: dict[tuple[str, str], tuple[tuple[str, ...], Callable[[dict[str, str]], str]]] = {
    ("cintos", "move"): (("move",), lambda o: o["move"]),
    ("sinoda", "move"): (("move",), lambda o: squeeze(o["move"]).replace("x", "-")),
    ("sinoda", "change"): (("piece",), lambda o: change_text(o["piece"], o.get("direction"))),
    ("sakamichi", "place"): (("row",), lambda o: f"place {o['row']}"),
    ("sakamichi", "stack"): (("row",), lambda o: f"stack {o['row']}"),
    ("sakamichi", "redraw"): (("tile",), lambda o: f"redraw {o['tile']}"),
    ("sakamichi", "exchange"): (("give", "take"), lambda o: f"exchange {o['give']} for {o['take']}"),
    ("sakamichi", "choose"): (("choice",), _choose),
    ("sanae", "setup"): (("layout",), lambda o: setup_text(o["layout"])),
    ("sanae", "move"): (("move",), lambda o: o["move"]),
    ("bodsoi", "place"): (("tile",), _bodsoi_place),
    ("bodsoi", "pass"): ((), lambda o: "pass"),
}


def as_action(example: str) -> tuple[str, str] | None:
    """(game, notation) for a slash-command example that plays an action with every value given; else None."""
    text = re.split(r"\s+(?:→|->|—)\s*", example)[0].strip()
    words = text[1:].split()
    if len(words) < 2 or (words[0], words[1]) not in ACTIONS:
        return None
    needed, notation = ACTIONS[words[0], words[1]]
    rest = text[1:].split(None, 2)[2] if len(words) > 2 else ""
    pairs = list(PAIR.finditer(rest))
    options = {p.group(1): rest[p.end():pairs[i + 1].start() if i + 1 < len(pairs) else len(rest)].strip()
               for i, p in enumerate(pairs)}
    if any(not options.get(name) or "<" in options[name] for name in needed) or "<" in rest or "[" in rest:
        return None  # a syntax line or a placeholder
    return words[0], notation(options)


def case_problems(case: Case, pages: dict[str, str]) -> list[str]:
    where = f"{case.file}: {case.snippet}"
    if case.snippet not in " ".join(pages[case.file].split()):
        return [f"{where}: not in the file any more (update the table)"]
    if case.text:
        game, text = case.game, case.text
    else:
        action = as_action(case.snippet.strip("`"))
        assert action is not None, where
        game, text = action
    return [f"{where}: {text!r} is not legal in position {i + 1}"
            for i, state in enumerate(case.positions()) if not legal(game, state, text)]


# ---- the checks fire on wrong examples --------------------------------------------------------------------------
def test_the_old_wrong_examples_are_caught() -> None:
    """The README's `b2-b3` (no Cintos piece stands on b2 at the start of a game for two), Sanae's `R3.07-R4.07`
    after the classic layout, Sinoda's `c4-a2` as a first move and a redraw of a tile not in hand."""
    assert not legal("cintos", play("cintos"), "b2-b3")
    assert legal("cintos", play("cintos"), "b6-b5")
    assert not legal_at_start("cintos", "b2-b3")
    assert not legal("sanae", play("sanae", steps=SANAE_CLASSIC_RED_FIRST), "R3.07-R4.07")
    assert not legal_at_start("sinoda", "c4-a2")
    assert legal_at_start("sinoda", "c4-c5")
    assert not legal("sakamichi", GAMES["sakamichi"].from_position(SAKAMICHI_OPENING), "redraw w2b3")
    assert not legal_at_start("bodsoi", "place C-su-mo d4 45")
    assert legal_at_start("bodsoi", "place C-su-mo d4 90")


def test_slash_examples_turn_into_the_notation_their_cog_plays() -> None:
    assert as_action("/cintos move move:b6-b5") == ("cintos", "b6-b5")
    assert as_action("/sinoda move move:c4xc5") == ("sinoda", "c4-c5")
    assert as_action("/sinoda change piece:c4 direction:+") == ("sinoda", "c4+")
    assert as_action("/sakamichi place row:black 6 b4 w2b2") == ("sakamichi", "place black 6 b4 w2b2")
    assert as_action("/sakamichi exchange give:w2b2 take:w3b1") == ("sakamichi", "exchange w2b2 for w3b1")
    assert as_action("/sakamichi choose choice:first") == ("sakamichi", "choose first")
    assert as_action("/sanae setup layout:classic") == ("sanae", "layout preset classic")
    assert as_action("/bodsoi place tile:C-su-mo square:d4 rotation:90") == ("bodsoi", "place C-su-mo d4 90")
    assert as_action("/bodsoi pass") == ("bodsoi", "pass")
    for no_move in ("/cintos move", "/cintos move <move> [match]", "/sakamichi place row:<line end tiles>",
                    "/sinoda new players:4", "/cintos board"):
        assert as_action(no_move) is None, no_move


def test_a_wrong_table_entry_is_reported() -> None:
    pages = {"README.md": "Type a move (or type one, `b2-b3`)."}
    wrong = Case("README.md", "(or type one, `b2-b3`)", "cintos", cintos_starts, "b2-b3")
    assert case_problems(wrong, pages) == [f"README.md: (or type one, `b2-b3`): 'b2-b3' is not legal in position {i}"
                                           for i in (1, 2, 3)]
    gone = Case("README.md", "(or type one, `b6-b5`)", "cintos", cintos_starts, "b6-b5")
    assert case_problems(gone, pages) == ["README.md: (or type one, `b6-b5`): not in the file any more (update the "
                                          "table)"]


# ---- the docs as they are ----------------------------------------------------------------------------------------
def test_every_move_in_the_table_is_legal_where_it_is_shown() -> None:
    pages = {case.file: (ROOT / case.file).read_text() for case in CASES}
    assert [problem for case in CASES for problem in case_problems(case, pages)] == []


def test_every_slash_command_move_in_the_docs_is_legal_at_the_start_or_in_the_table() -> None:
    placed = {(case.file, case.snippet.strip("`")) for case in CASES if not case.text}
    actions: list[tuple[Example, str, str]] = []
    for example in all_examples():
        action = as_action(example.text)
        if action is not None:
            actions.append((example, *action))
    assert len(actions) >= 12
    assert {e.file for e, _, _ in actions} >= {f"docs/players/{game}.md" for game in GAMES}
    wrong = [f"{e.file}:{e.line}: `{e.text}` ({game}: {text!r}) is not legal at the start of a game; if it belongs "
             f"to a later position, add it to CASES with that position"
             for e, game, text in actions if (e.file, e.text) not in placed and not legal_at_start(game, text)]
    assert wrong == []


def test_the_readme_shows_a_first_move() -> None:
    assert any(case.file == "README.md" for case in CASES) and "(or type one, `" in README.read_text()


# ---- the bot's own texts -----------------------------------------------------------------------------------------
def test_every_move_of_the_rules_summaries_is_legal_at_the_start() -> None:
    """`/<game> rules` shows commands too: Sakamichi's stacked `black 5 w1b3 w3b1` (4 black pips) and Cintos's
    `b2-b3` were never legal there."""
    actions = [(e, *action) for e in summaries() if (action := as_action(e.text)) is not None]
    assert {game for _, game, _ in actions} >= {"cintos", "sinoda", "sanae", "bodsoi"}
    wrong = [f"{e.file}: `{e.text}` is not legal at the start" for e, game, text in actions
             if not legal_at_start(game, text) and not legal_where_the_docs_show(game, text)]
    assert wrong == []


def legal_where_the_docs_show(game: str, text: str) -> bool:
    """Legal in a position the table gives for the docs' examples of `game` (the spec's, or after a set-up)."""
    return any(legal(game, state, text) for case in CASES if case.game == game for state in case.positions())
