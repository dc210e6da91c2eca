"""The lesson boards name the learner as a player, never with a pronoun (issue 42): the renderers write sentences
about a seat ("… answers Zed Inel", "… rolled"), so a learner named "You" read "You answers Zed Inel". The learner's
own name (Discord's display name) or a translated seat name fills those sentences in every language."""

from __future__ import annotations

import re

import i18n
import render
from lessons import LESSONS, judge, lesson
from tests.lessons.test_lessons import CASES


def board_texts(names: list[str]) -> str:
    texts = []
    for game, found in LESSONS.items():
        for each in found:
            solved = judge(each, CASES[(game, each.key)][0]).after
            for view in (each.view(), each.rules.view(solved, each.seat)):
                texts += [render.text_board(view, names or each.names(), None),
                          render.alt_text(view, names or each.names(), None)]
    return "\n".join(texts)


def test_no_board_sentence_calls_the_learner_you() -> None:
    text = board_texts([])
    assert not re.search(r"\bYou\b", text), re.findall(r".{30}\bYou\b.{30}", text)[:5]


def test_the_learners_name_reads_as_a_player_in_the_zed_inel_lesson() -> None:
    zed = lesson("sanae", 5)
    said = render.alt_text(zed.view(), zed.names("ada"), None)
    assert "ada (Red) answers Zed Inel" in said
    assert "Learner (Red) answers Zed Inel" in render.alt_text(zed.view(), zed.names(), None)
    with i18n.speaking("en-XA"):
        names = zed.names()
    assert names[zed.seat] != "Learner" and names[1 - zed.seat] != "Opponent"  # the seat names are translated
    assert names[zed.seat].startswith("[")  # pseudo-localized
