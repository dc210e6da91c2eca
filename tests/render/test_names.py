"""One name cutter (`render.lettering.cut_name`): by user-perceived characters and by width, the ellipsis at the cut end
(the left of right-to-left text), 16 characters in images, never fewer than 32 in the words about a board."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from render import ALT_LIMIT, alt_text, text_board
from render.leaderboard import LeaderboardRow, leaderboard_text
from render.lettering import ALT_NAME_LIMIT, NAME_LIMIT, cut_name, graphemes
from render.panels import display_names
from tests.render.test_palette import start_view

ROOT = Path(__file__).resolve().parents[2]
LONG = ["Maximilian Alexander von Featherstonehaugh", "Владимир Александрович Соколовский-Петров",
        "عبد الرحمن بن محمد بن سعود الشمري العتيبي",
        "山田太郎と花子さんと一緒に遊ぶ仲間たちの会の会長と副会長と書記と会計の皆さん",
        "김민준 김서연 박지훈 이하은 최도윤 정서윤 강민서 조하준 윤서아",
        "🎲 Dicey the 🐉 Dragon of the Seven Seas"]
GAMES = [("cintos", 4), ("sinoda", 6), ("sakamichi", 2), ("sanae", 2), ("bodsoi", 4)]


def test_every_name_here_is_longer_than_the_words_keep() -> None:
    assert all(len(graphemes(name)) > ALT_NAME_LIMIT for name in LONG)


def test_graphemes_keep_marks_joiners_flags_and_jamo_together() -> None:
    assert graphemes("e\u0301a") == ["e\u0301", "a"]
    assert graphemes("👩\u200d👩\u200d👧!") == ["👩\u200d👩\u200d👧", "!"]
    assert graphemes("👍🏽x") == ["👍🏽", "x"]
    assert graphemes("🇯🇵🇫🇷") == ["🇯🇵", "🇫🇷"]
    assert graphemes("\u1100\u1161\u11a8가") == ["\u1100\u1161\u11a8", "가"]
    assert graphemes("Ada") == ["A", "d", "a"]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_alt_text_and_text_board_keep_32_characters_of_every_name(game: str, players: int) -> None:
    view = start_view(game, players, {})
    names = LONG[:players]
    words = alt_text(view, names, 7) + text_board(view, names, 7)
    for name in names:
        cut = cut_name(name, ALT_NAME_LIMIT)
        assert len(graphemes(cut.removesuffix("\u200f"))) == ALT_NAME_LIMIT
        alt = alt_text(view, names, 7)
        assert cut in alt or len(alt) >= ALT_LIMIT - 1  # six long names can fill Discord's 1,024 characters
        assert name not in words  # every name here is longer than 32
        assert cut_name(name) + " " not in words and cut_name(name) + "(" not in words  # never the images' 16


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_images_get_names_cut_to_16(game: str, players: int) -> None:
    view: dict[str, Any] = start_view(game, players, {})
    for shown, name in zip(display_names(view, LONG[:players]), LONG, strict=False):
        assert shown == cut_name(name) and len(graphemes(shown.removesuffix("\u200f"))) == NAME_LIMIT


def test_the_leaderboard_text_cuts_with_the_same_cutter() -> None:
    rows = [LeaderboardRow(i + 1, name, "1500", 3, 1, 1, 1) for i, name in enumerate(LONG)]
    text = leaderboard_text("Cintos", "here", rows)
    for name in LONG:
        assert cut_name(name) in text


# Slicing a string and adding an ellipsis is what a second name cutter looks like. Allowed: cut_name itself,
# Discord's limits for whole messages (cogs/limits.py) and a log line's text (cogs/history.py), neither of them names.
ALLOWED = {"render/lettering.py", "cogs/limits.py", "cogs/history.py", "render/describe.py"}
CUTTER = re.compile(r"\[\s*:\s*[^\]]*\]\s*\+\s*(\"…\"|'…'|ELLIPSIS)")


def test_there_is_one_name_cutter() -> None:
    found = []
    for folder in ("render", "cogs", "matches", "tournaments", "tabletop", "web"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            text = path.read_text(encoding="utf-8")
            if rel not in ALLOWED and CUTTER.search(text):
                found.append(rel)
            assert "def truncate_name" not in text and "def shorten" not in text, rel
            assert not re.search(r"def short\(", text), rel
    assert found == []
