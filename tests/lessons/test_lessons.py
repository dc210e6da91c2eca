"""Every lesson played through (lessons/): its position legal by the rules and the learner's to act, its answer
solving it, a wrong legal answer getting the hint for its kind, an illegal one the rules' own refusal, unreadable
text a syntax refusal; and the board shows only what the learner may see."""

from __future__ import annotations

import random
import re

import pytest

from lessons import LESSONS, Lesson, judge, lesson, next_number, progress_words
from rules import GAMES

# Per lesson: an answer that solves it, a legal answer that does not (and the kind the hint is keyed to), and an
# illegal answer with the rules' error code (None where the rules give none).
CASES: dict[tuple[str, str], tuple[str, str, str, str, str | None]] = {
    ("cintos", "move"): ("d5-e5", "c6-c5", "home", "d5-e6", "E_NOT_ADJACENT"),
    ("cintos", "numbers"): ("d5-e5", "e6-f6", "lost", "f5-f4", "E_NOT_YOURS"),
    ("cintos", "trap"): ("d8-d7", "d5-e5", "lost", "e7-e8", "E_NOT_YOURS"),
    ("cintos", "tie"): ("e6-f6", "e7-f7", "capture", "e6-e7", "E_OCCUPIED"),
    ("cintos", "victory"): ("b2-b1", "a5-a4", "quiet", "c1-d1", "E_NOT_YOURS"),
    ("cintos", "quiet"): ("a2-a3", "f4-f3", "lost", "f4-h4", "E_NOT_ADJACENT"),
    ("sinoda", "move"): ("b4-b3", "b4+", "change", "b4-a1", "E_NO_PATH"),
    ("sinoda", "capture"): ("b3-c4", "b3-a1", "move", "a4-", "E_RANGE"),
    ("sinoda", "paths"): ("b3-a2", "b3-a4", "move", "b3-b4", "E_NO_PATH"),
    ("sinoda", "change"): ("b3+", "d1+", "change", "b3-", "E_RANGE"),
    ("sinoda", "sinoda"): ("a4-", "c5-c4", "move", "b6+", "E_NOT_YOURS"),
    ("sinoda", "end"): ("b3-c3", "c6-", "change", "c3-b3", "E_NOT_YOURS"),
    ("sakamichi", "place"): ("place black up b2 b4", "place white up w4", "place", "place black up b4", None),
    ("sakamichi", "count"): ("place black up b2 w1b2 w1b3", "place white up w4", "place",
                             "place black up w1b2 w1b3", None),
    ("sakamichi", "colour"): ("choose colour white", "choose first", "first", "place white up w2", None),
    ("sakamichi", "stack"): ("stack black 3 w1b3", "place black up b2 w1b3", "place", "stack black 3 b2", None),
    ("sakamichi", "six"): ("place black up b5", "place white down w1", "lost", "place black up w1", None),
    ("sakamichi", "pile"): ("place black down b1 b3", "place white up w6", "drawn", "place black down b1", None),
    ("sanae", "setup"): ("layout preset classic", "layout random", "random", "ready", None),
    ("sanae", "hidden"): ("R2.03-R1.04", "R2.03-R2.05", "reveal", "R2.03-R2.02", None),
    ("sanae", "combat"): ("R3.00-C2", "R3.00-C1", "lost_fight", "C2-C3", None),
    ("sanae", "dice"): ("R3.00-C2", "R3.00-R3.01", "move", "R1.06-R1.07", None),
    ("sanae", "zed"): ("zed R2.08", "zed no", "lost", "zed R3.00", None),
    ("sanae", "void"): ("C2-B3.00", "C2-C1", "move", "R1.06-R1.05", None),
    ("bodsoi", "place"): ("place C-su-mo d4 0", "pass", "pass", "place S-su-mo d4 0", "E_NOT_IN_HAND"),
    ("bodsoi", "anchor"): ("place C-su-mo h8 0", "place C-su-mo d4 0", "unanchored", "place C-su-le a1 0",
                           "E_NOT_IN_HAND"),
    ("bodsoi", "match"): ("place C-su-le d5 90", "place C-su-le a1 0", "alone", "place C-su-le c4 0", "E_NO_MATCH"),
    ("bodsoi", "bodsoi"): ("place S-su-mo h4 90", "place S-su-mo a1 0", "alone", "place S-su-mo h4 0", "E_NO_MATCH"),
    ("bodsoi", "both"): ("place S-su-mo d5 0", "pass", "pass", "place S-su-mo d5 90", "E_NO_MATCH"),
    ("bodsoi", "stall"): ("pass", "place C-le-mo d4 0", "alone", "place C-le-mo a1 0", "E_OCCUPIED"),
}
ALL = [(game, found) for game, lessons in LESSONS.items() for found in lessons]


def ids(case: tuple[str, Lesson]) -> str:
    return f"{case[0]}-{case[1].key}"


def test_every_game_has_six_to_ten_lessons_and_every_lesson_a_case() -> None:
    assert set(LESSONS) == set(GAMES)
    for game, lessons in LESSONS.items():
        assert 6 <= len(lessons) <= 10, game
        assert len({found.key for found in lessons}) == len(lessons)
    assert set(CASES) == {(game, found.key) for game, found in ALL}


@pytest.mark.parametrize("case", ALL, ids=ids)
def test_the_position_is_legal_and_the_learners_to_act(case: tuple[str, Lesson]) -> None:
    game, found = case
    rules = GAMES[game]
    state = found.start()
    # Built through the rules: the text read by the game's own reader, which checks it, and written back the same.
    text = rules.position(state)
    assert rules.position(rules.from_position(text)) == text
    assert rules.outcome(state) is None and not rules.chance_outcomes(state)
    assert found.seat in rules.actors(state)
    legal = found.legal()
    assert legal and "resign" not in legal
    verdicts = [judge(found, text) for text in legal]
    assert any(v.solved for v in verdicts), "no legal answer solves it"
    wrong = [v for v in verdicts if not v.solved]
    assert wrong, "every legal answer solves it: nothing to learn"
    assert all(v.message for v in wrong)


@pytest.mark.parametrize("case", ALL, ids=ids)
def test_every_lesson_played_through(case: tuple[str, Lesson]) -> None:
    game, found = case
    answer, wrong, kind, illegal, code = CASES[(game, found.key)]
    solved = judge(found, answer)
    assert solved.solved and solved.kind == "solved" and solved.message == found.words.done
    assert solved.after is not None and solved.text in found.legal()
    missed = judge(found, wrong)
    assert not missed.solved and missed.text in found.legal()
    assert missed.kind == kind
    assert missed.message == found.words.why(kind) != found.words.hint, "the hint written for that kind of answer"
    refused = judge(found, illegal)
    assert not refused.solved and refused.kind == "illegal" and refused.after is None
    assert refused.message and refused.message not in (found.words.hint, found.words.done)
    if code is not None:
        with pytest.raises(Exception) as error:
            GAMES[game].parse(found.start(), illegal, found.seat)
        assert getattr(error.value, "code", None) == code
    unreadable = judge(found, "hello there")
    assert unreadable.kind == "unreadable" and not unreadable.solved
    resigned = judge(found, "resign")
    assert resigned.kind == "illegal" and "Resigning" in resigned.message
    if code is None:  # the spec's error code is left out of what the learner reads
        assert not re.match(r"[a-z]+_[a-z_]+: ", refused.message), refused.message


@pytest.mark.parametrize("case", ALL, ids=ids)
def test_the_board_shows_the_learners_view_only(case: tuple[str, Lesson]) -> None:
    """A lesson with hidden information shows what the learner may see: the view is the same for every re-deal of
    what they cannot see (the conformance suite's test of `view`)."""
    game, found = case
    rules = GAMES[game]
    state = found.start()
    for seed in range(3):
        other = rules.resample_hidden(state, found.seat, random.Random(seed))
        assert rules.view(other, found.seat) == found.view()


def test_the_colour_choice_hides_the_opponents_hand() -> None:
    found = lesson("sakamichi", 3)
    hands = found.view()["hands"]
    assert hands[0]["tiles"] == ["?"] * 4 and hands[1]["tiles"] == ["b6", "w2", "w3b1", "w5"]


def test_dice_follow_the_lesson() -> None:
    """Sanae's dice lesson rolls what it teaches (5 against 2): the attacker wins, the same every time."""
    verdict = judge(lesson("sanae", 4), "R3.00-C2")
    view = GAMES["sanae"].view(verdict.after, 0)
    assert view["last"]["dice"] == {"red": 5, "blue": 2} and view["last"]["combat"]["winner"] == "red"


def test_progress_helpers() -> None:
    keys = [found.key for found in LESSONS["cintos"]]
    assert next_number("cintos", set()) == 1
    assert next_number("cintos", {keys[0], keys[2]}) == 2
    assert next_number("cintos", set(keys)) is None
    assert progress_words("cintos", set()) == "not started"
    assert progress_words("cintos", {keys[0]}) == f"1 of {len(keys)} lessons"
    assert progress_words("cintos", set(keys) | {"gone"}) == f"all {len(keys)} lessons done"
    with pytest.raises(IndexError):
        lesson("cintos", len(keys) + 1)
