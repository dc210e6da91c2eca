"""What a new player meets at the local table, in a real terminal (tmux, 100 columns): the goal and the hint on
the first screen of a hot-seat game, a `?` list whose every entry is typed as shown (Sanae's set-up: `ready` and
the few commands first), prompts and lines that name colours in plain English, a saved match that `resume` goes
on with, no line broken by the terminal, a legend of Sanae's letters, and `rules` as text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules import GAMES
from tests.tabletop.terminal import PYTHON, answer, at_prompt, screen, send, start, table, wait_for, words

HAND_OVER = r"press Enter when they are here> *\s*\Z"
HINT = "? lists your legal moves"


def entries(listing: str) -> list[str]:
    """The moves a `?` page offers, as a player copies them: each line's items split at `, `, after a label
    (`Void R1.06:`) if the line has one; the header and the footer are no moves."""
    found: list[str] = []
    for line in listing.splitlines():
        if not line.startswith("  ") or line.strip().startswith("(?"):
            continue
        items = line.strip()
        if re.fullmatch(r"[A-Z][a-z]+ \S+:", items):  # a label on a line of its own (a narrow terminal)
            continue
        label = re.match(r"[A-Z][a-z]+ \S+: ", items)
        if label:
            items = items[label.end():]
        found += [item.strip().rstrip(",") for item in items.split(", ") if item.strip()]
    return found


def page_of(shown: str) -> str:
    """The last `?` page in `shown`: from its header to the prompt after it."""
    return "Legal moves" + shown.rsplit("Legal moves", 1)[1]


def accepted(reply: str) -> bool:
    """A move was played: the table shows the board again (a refusal is one sentence and the prompt)."""
    return bool(re.search(r"match #\d+ · turn", reply))


# ---- 1. the first screen of a hot-seat game ------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_first_hot_seat_screen_has_the_goal_and_the_hint(tmux: str, tmp_path: Path, game: str) -> None:
    """The hand-over clears the screen: the goal and the hint come after it, not before (where they were lost)."""
    start(tmux, table(f"play {game} --players 2", tmp_path / "db.sqlite3"), height=40)
    first = words(wait_for(tmux, HAND_OVER, visible=True))
    assert words(f"Goal: {GAMES[game].goal}") in first, first
    assert HINT in first, first


# ---- 2. `?`: every entry as it is typed --------------------------------------------------------------------------
def test_sanae_set_up_lists_ready_and_the_commands_first_each_as_typed(tmux: str, tmp_path: Path) -> None:
    start(tmux, table("play sanae --vs easy", tmp_path / "db.sqlite3"), height=40)
    at_prompt(tmux)
    first = page_of(answer(tmux, "?"))
    offered = entries(first)
    assert offered[0] == "layout random", first
    assert sorted(offered[1:]) == ["layout preset classic", "layout preset keep", "layout preset wall"], first
    assert not re.search(r"^  [a-z ]+: ", first, re.M), first  # no `layout: random`, half a command
    assert accepted(answer(tmux, "layout preset classic"))
    first = page_of(answer(tmux, "?"))
    offered = entries(first)
    assert offered[0] == "ready", first  # it was on the last of 8 pages
    assert {"layout random", "layout preset keep", "layout preset wall"} <= set(offered[:6]), first
    assert "page 1 of" in first.splitlines()[0]
    swap = next(entry for entry in offered if entry.startswith("layout swap "))
    assert accepted(answer(tmux, swap)), swap  # a listed swap, typed as listed
    second = page_of(answer(tmux, "? 2"))
    for entry in entries(second)[:3]:
        assert accepted(answer(tmux, entry)), entry
    assert accepted(answer(tmux, "ready"))


def test_sakamichi_choice_is_listed_as_it_is_typed(tmux: str, tmp_path: Path) -> None:
    """The advanced opening's choice: the list showed `choose: first`, which the parser refuses."""
    start(tmux, table("play sakamichi --players 2", tmp_path / "db.sqlite3"), height=40)
    wait_for(tmux, HAND_OVER, visible=True)
    send(tmux, "")
    wait_for(tmux, r"(?m)^Player [12]>[ \t]*\s*\Z", visible=True)  # the player's prompt, not the hand-over's
    send(tmux, "?")
    listing = page_of(wait_for(tmux, r"Legal moves[\s\S]*> *\s*\Z", visible=True))
    offered = entries(listing)
    assert "choose first" in offered, listing
    assert {"choose colour white", "choose colour black"} <= set(offered), listing
    send(tmux, "choose first")
    after = wait_for(tmux, HAND_OVER + r"|cannot|not an action", visible=True)
    assert re.search(HAND_OVER, after), after  # taken: the other player chooses a line now


# ---- 3. plain English: who plays what, the prompt, the draw --------------------------------------------------------
def test_against_the_computer_the_words_are_english_and_the_prompt_names_your_colour(tmux: str,
                                                                                      tmp_path: Path) -> None:
    start(tmux, table("play bodsoi --vs easy", tmp_path / "db.sqlite3"), height=40)
    shown = at_prompt(tmux)
    assert "You plays" not in shown and re.search(r"\byou play (Blue|Yellow)\b", shown), shown
    prompt = shown.rstrip().splitlines()[-1]
    assert re.fullmatch(r"(Blue|Yellow)>", prompt.strip()), prompt
    assert "Dice" not in shown, shown  # Bodsoi has no dice: a tile is drawn
    assert re.search(r"^Draw: (Blue|Yellow) drew a tile", shown, re.M), shown


def test_hot_seat_prompts_name_the_player_and_a_colour_never_a_seat_code(tmux: str, tmp_path: Path) -> None:
    start(tmux, table("play cintos --players 2", tmp_path / "db.sqlite3"), height=40)
    wait_for(tmux, HAND_OVER, visible=True)
    send(tmux, "")
    shown = wait_for(tmux, r"(?m)^Player [12] \(\w+\)>[ \t]*\s*\Z", visible=True)
    assert re.search(r"^Player [12] \((Red|Blue)\)> *$", shown, re.M), shown


def test_sakamichi_prompts_have_no_seat_code(tmux: str, tmp_path: Path) -> None:
    """Sakamichi's seats are notation (P1, P2), not colours: `Player 1 (P2)>` named neither."""
    start(tmux, table("play sakamichi --vs easy", tmp_path / "db.sqlite3"), height=40)
    shown = at_prompt(tmux)
    assert not re.search(r"\(P[12]\)", shown), shown


# ---- 4. a saved match goes on -------------------------------------------------------------------------------------
def test_quit_names_the_command_that_resumes_the_match_and_it_does(tmux: str, tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    start(tmux, "bash --norc --noprofile", height=40)
    send(tmux, table("play cintos --vs easy", db, then="true"))
    at_prompt(tmux)
    turn = turns(at_prompt(tmux))[-1]  # 0, or 1 when the computer moved first
    move = entries(page_of(answer(tmux, "?")))[0]
    played = answer(tmux, move)
    assert accepted(played) and turns(played)[-1] == turn + 2, played  # yours and the computer's reply
    said = answer_to_end(tmux, "quit")
    command = re.search(r"python -m tabletop resume[^\n]*", said)
    assert command, said
    typed = command[0].rstrip(".").replace("python", PYTHON, 1)
    send(tmux, typed)
    resumed = at_prompt(tmux).rsplit(typed, 1)[1]
    assert "Cintos match #1, resumed" in resumed and turns(resumed) == [turn + 2], resumed
    assert words(f"Goal: {GAMES['cintos'].goal}") in words(resumed)
    move = entries(page_of(answer(tmux, "?")))[0]
    assert turns(answer(tmux, move))[-1] == turn + 4  # the same match goes on


def turns(shown: str) -> list[int]:
    """The turn numbers of the boards shown, in order."""
    return [int(n) for n in re.findall(r"match #\d+ · turn (\d+)", shown)]


def answer_to_end(session: str, line: str) -> str:
    send(session, line)
    shown = wait_for(session, r"TABLE-EXITED \d+")
    return shown.rsplit(f"> {line}", 1)[1]


def test_resume_with_nothing_saved_says_so(tmux: str, tmp_path: Path) -> None:
    start(tmux, table("resume", tmp_path / "db.sqlite3"))
    shown = wait_for(tmux, r"TABLE-EXITED \d+")
    assert "TABLE-EXITED 2" in shown and "no saved match" in shown.lower(), shown


# ---- 5. lines fit the terminal -------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["sanae", "bodsoi"])
def test_no_line_is_broken_by_the_terminal(tmux: str, tmp_path: Path, game: str) -> None:
    """Drawn row by row and read as lines, the screen is the same: the table wrapped every long line itself, at a
    space, so the terminal never cut a word at its edge."""
    start(tmux, table(f"play {game} --vs easy", tmp_path / "db.sqlite3"), height=40)
    at_prompt(tmux)
    rows, lines = screen(tmux, joined=False), screen(tmux)
    assert "Goal:" in lines
    assert [r.rstrip() for r in rows.splitlines()] == [ln.rstrip() for ln in lines.splitlines()], lines


# ---- 6. Sanae's letters --------------------------------------------------------------------------------------------
def test_the_sanae_board_has_a_legend_of_its_letters(tmux: str, tmp_path: Path) -> None:
    start(tmux, table("play sanae --vs easy", tmp_path / "db.sqlite3"), height=40)
    shown = words(at_prompt(tmux))
    for letter, name in (("V", "Void"), ("K", "King"), ("Q", "Queen"), ("W", "Wizard"), ("D", "Dragon"),
                         ("C", "Captain"), ("L", "Lieutenant"), ("N", "Knight"), ("A", "Assassin"), ("F", "Footman")):
        assert f"{letter} {name}" in shown, (letter, shown)


# ---- 7. `rules` ------------------------------------------------------------------------------------------------
def test_rules_prints_the_rules_and_writes_no_picture_unless_asked(tmux: str, tmp_path: Path) -> None:
    scratch, boards = tmp_path / "tmp", tmp_path / "boards"
    scratch.mkdir()
    start(tmux, table(f"play cintos --vs easy --png {boards}", tmp_path / "db.sqlite3"), height=40,
          env={"TMPDIR": str(scratch)})
    at_prompt(tmux)
    said = answer(tmux, "rules")
    text = words(said)
    assert words(GAMES["cintos"].goal) in text
    assert "3×3" in text and "b2-b3" in text and len(said.splitlines()) >= 6, said  # the rules, with the notation
    assert "rules png" in text, said  # how to get the picture
    assert not list(scratch.iterdir()) and not list(boards.glob("*rules*"))
    said = answer(tmux, "rules png")
    picture = boards / "cintos-rules.png"
    assert str(picture) in said and picture.read_bytes().startswith(b"\x89PNG")
