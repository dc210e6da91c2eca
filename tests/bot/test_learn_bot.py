"""`/learn` on simcord: the next lesson's board and instruction only to the learner, an answer by `move:` (with its
autocomplete) or by a button, a wrong answer's hint, an illegal one's refusal, the Hint and Next buttons, progress in
`/learn` alone and in `/profile`, restart; a refusal without a game; every lesson solved through the command."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from lessons import LESSONS
from tests.bot.helpers import answer, labels, world
from tests.lessons.test_lessons import CASES


async def test_a_first_lesson_answered_wrong_then_right(simcord_env: Any) -> None:
    channel, (ada, bob) = world(simcord_env)
    shown = await ada.slash(channel, "learn", game="cintos")
    assert shown.ephemeral
    message = answer(shown)
    embed = message.embeds[0]
    assert embed.title == "Cintos lesson 1 of 6: Sliding a piece"
    assert "Slide a piece out of your territory" in embed.description
    image = Image.open(io.BytesIO(await message.attachments[0].read()))
    assert image.width >= 400 and message.attachments[0].description  # a board, with its alt text
    assert labels(message) == ["Hint"]  # 20 legal moves: answered by the command, not buttons
    assert embed.footer.text == "Answer with `/learn game:cintos move:<your move>` (autocomplete lists all 20)."

    offered = await ada.autocomplete(channel, "learn", "move", "d5", game="cintos")
    assert [c["value"] for c in offered] == ["d5-c5", "d5-d4", "d5-d6", "d5-e5"]  # as typed: the moves from d5
    assert all(c["value"] in LESSONS["cintos"][0].legal() for c in offered)

    wrong = answer(await ada.slash(channel, "learn", game="cintos", move="c6-c5"))
    assert wrong.content.startswith("Not quite: ") and "still in your own territory" in wrong.content
    assert labels(wrong) == ["Hint"]
    illegal = answer(await ada.slash(channel, "learn", game="cintos", move="d5-e6"))
    assert illegal.content.startswith("That cannot be played here") and "not neighbours" in illegal.content
    hint = answer(await ada.click(wrong, label="Hint"))
    assert "d5-e5" in hint.content
    assert await simcord_env.bot.service.store.lessons.finished(ada.id) == {}  # nothing solved, nothing stored

    solved = answer(await ada.slash(channel, "learn", game="cintos", move="d5-e5"))
    assert solved.embeds[0].title.startswith("Solved: Cintos lesson 1")
    assert "1 of 6 lessons" in solved.embeds[0].description and solved.attachments
    assert labels(solved) == ["Next: Capture by numbers"]
    assert await simcord_env.bot.service.store.lessons.finished(ada.id) == {"cintos": {"move"}}
    assert await simcord_env.bot.service.store.lessons.finished(bob.id) == {}  # per player

    following = answer(await ada.click(solved, label="Next: Capture by numbers"))
    assert following.embeds[0].title == "Cintos lesson 2 of 6: Capture by numbers"
    again = answer(await ada.slash(channel, "learn", game="cintos"))  # the next unfinished one
    assert again.embeds[0].title == "Cintos lesson 2 of 6: Capture by numbers"

    overview = answer(await ada.slash(channel, "learn")).embeds[0]
    fields = {f.name: f.value for f in overview.fields}
    assert fields["Cintos"] == "1 of 6 lessons · next: 2. Capture by numbers"
    assert fields["Sanae"] == "not started · next: 1. The set-up"
    profile = answer(await ada.slash(channel, "profile")).embeds[0]
    assert any(f.name == "Lessons" and "Cintos 1 of 6" in f.value for f in profile.fields)

    restarted = answer(await ada.slash(channel, "learn", game="cintos", restart=True))
    assert restarted.embeds[0].title.startswith("Cintos lesson 1 of 6")
    assert await simcord_env.bot.service.store.lessons.finished(ada.id) == {}


async def test_answer_buttons_where_a_lesson_has_few_answers(simcord_env: Any) -> None:
    channel, (ada, _bob) = world(simcord_env)
    shown = answer(await ada.slash(channel, "learn", game="sanae", lesson=5))  # Zed Inel: two answers
    assert shown.embeds[0].title == "Sanae lesson 5 of 6: Zed Inel"
    # Not the next unfinished lesson: the command to answer it names it.
    assert shown.embeds[0].footer.text == ("Answer with `/learn game:sanae lesson:5 move:<your move>` (autocomplete "
                                           "lists all 2) or a button below.")
    assert labels(shown) == ["Hint", "zed R2.08", "zed no"]
    wrong = answer(await ada.click(shown, label="zed no"))
    assert "Without Zed Inel the Void is captured" in wrong.content
    right = answer(await ada.click(shown, label="zed R2.08"))
    assert right.embeds[0].title == "Solved: Sanae lesson 5 of 6: Zed Inel"
    assert labels(right) == ["Next: Capturing the Void"]  # the lesson after it
    assert await simcord_env.bot.service.store.lessons.finished(ada.id) == {"sanae": {"zed"}}


async def test_bad_input_is_refused_and_changes_nothing(simcord_env: Any) -> None:
    channel, (ada, _bob) = world(simcord_env)
    no_game = answer(await ada.slash(channel, "learn", move="d5-e5"))
    assert "Choose a game" in no_game.content
    no_game = answer(await ada.slash(channel, "learn", lesson=2))
    assert "Choose a game" in no_game.content
    unreadable = answer(await ada.slash(channel, "learn", game="bodsoi", move="q" * 600))
    assert "too long" in unreadable.content
    assert await simcord_env.bot.service.store.lessons.finished(ada.id) == {}


async def test_every_lesson_solved_through_the_command(simcord_env: Any) -> None:
    channel, (ada, _bob) = world(simcord_env)
    for game, found in LESSONS.items():
        for number, lesson in enumerate(found, start=1):
            solution = CASES[(game, lesson.key)][0]
            result = answer(await ada.slash(channel, "learn", game=game, move=solution))
            assert result.embeds and result.embeds[0].title.startswith(f"Solved: {lesson.rules.title} lesson "
                                                                       f"{number}"), (game, lesson.key, result.content)
        done = answer(await ada.slash(channel, "learn", game=game))
        assert f"You have done all {len(found)}" in done.content
    overview = answer(await ada.slash(channel, "learn")).embeds[0]
    assert all("all 6 lessons done" in f.value for f in overview.fields)
