"""The leaderboard image and text table: the common look's size limits, rows, provisional marks, cut names."""

from __future__ import annotations

import io

from PIL import Image

from render.kit import MAX_PNG_BYTES
from render.leaderboard import ROW, LeaderboardRow, leaderboard_png, leaderboard_text
from tests.render.pixels import colour_at


def rows(count: int) -> list[LeaderboardRow]:
    return [LeaderboardRow(i + 1, f"Player number {i} with a long name", f"{1600 - i}{'?' if i % 2 else ''}", 12, 7,
                           1, 4, provisional=bool(i % 2), highlight=i == 3) for i in range(count)]


def test_image_is_the_common_width_grows_per_row_and_stays_small() -> None:
    small, large = (Image.open(io.BytesIO(leaderboard_png("Cintos leaderboard", "everywhere", rows(n))))
                    for n in (1, 20))
    assert small.width == large.width == 1000
    assert large.height - small.height == 19 * ROW
    assert len(leaderboard_png("Cintos leaderboard", "everywhere", rows(20))) < MAX_PNG_BYTES
    empty = Image.open(io.BytesIO(leaderboard_png("Sanae leaderboard", "this server", [])))
    assert empty.height == small.height  # "No rated matches yet." takes one row


def test_text_table_cuts_names_marks_provisional_and_keeps_within_the_limit() -> None:
    text = leaderboard_text("Cintos leaderboard", "page 1 of 1", rows(3))
    assert "Player number 0…" in text and "with a long name" not in text
    assert "1599?" in text and "1600 " in text and "? = provisional" in text
    long = leaderboard_text("Cintos leaderboard", "page 1 of 1", rows(200), limit=1000)
    assert len(long) <= 1000 and "more rows not shown" in long and long.count("```") == 2
    assert "No rated matches yet." in leaderboard_text("Sanae leaderboard", "", [])


def test_places_one_to_three_wear_the_place_colours_the_standings_use() -> None:
    from render.kit import PLACES, rgb
    from render.leaderboard import HEAD, PLACE_X, TOP

    picture = Image.open(io.BytesIO(leaderboard_png("Cintos leaderboard", "everywhere", rows(4)))).convert("RGB")
    for place in (1, 2, 3, 4):
        y = TOP + HEAD + (place - 1) * ROW + ROW / 2 - 3
        # Left of the chip's centre, clear of its digit.
        pixel = colour_at(picture, (PLACE_X + 26 - 14, round(y)))
        found = [p for p, colour in PLACES.items() if max(abs(a - b) for a, b in zip(pixel, rgb(colour),
                                                                                      strict=True)) <= 12]
        assert found == ([place] if place in PLACES else []), place
