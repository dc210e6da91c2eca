"""Phone first: Discord shows an image about 400 points wide on a phone, so every word an image draws is at least
28 px in an image 1,000 px wide (11 points there); every image is that wide and stays under 250 KB."""

from __future__ import annotations

import importlib
import io
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any

import pytest
from PIL import Image

import render.bodsoi.board
import render.cintos.board
import render.sanae.board
import render.sinoda.board
import tournament_rules
from render import RENDERERS, RULES_IMAGES
from render.kit import MAX_PNG_BYTES, Canvas
from render.leaderboard import LeaderboardRow, leaderboard_png
from render.panels import SMALL
from render.standings import standings_image
from rules import GAMES

NAMES = ("Zoë Ångström-Łukasiewicz", "Владимир Соколовский", "عبد الرحمن الشمري", "山田太郎と花子さん", "김민준김서연",
         "🎲 Dicey the 🐉 Dragon")
# What may be drawn smaller, because it carries nothing the phone reader needs: Sanae's cell labels inside the cells
# (the coordinates around the circles say the same at 28 px) and the little "z" of a Captain that used Zed Inel
# (the log and the alt text say it).
SMALLER = ("sanae cell label", "z")


@contextmanager
def text_sizes() -> Iterator[list[tuple[str, float]]]:
    """Every (text, size) drawn meanwhile, cached frames included (their caches are cleared first)."""
    for cached in (render.sinoda.board._frame, render.sinoda.board.piece_sprite, render.cintos.board._frame,
                   render.sanae.board._frame, render.bodsoi.board._board_base, render.bodsoi.board.tile_image):
        cached.cache_clear()
    seen: list[tuple[str, float]] = []
    original = Canvas.text

    def spy(self: Canvas, xy: Any, text: str, size: float, *args: Any, **kwargs: Any) -> float:
        seen.append((text, size))
        return original(self, xy, text, size, *args, **kwargs)

    Canvas.text = spy  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        Canvas.text = original  # type: ignore[method-assign]


def sanae_cell_labels() -> set[str]:
    return set(render.sanae.board.layout().board.labels)


def allowed(game: str, text: str) -> bool:
    return game == "sanae" and (text in sanae_cell_labels() or text == "z")


def positions(name: str, players: int, seed: int) -> list[Any]:
    """The start, a mid-game and the final position of a seeded random game."""
    game = GAMES[name]
    rng = random.Random(seed)
    state = game.setup(players)
    history = [state]
    while game.outcome(state) is None and len(history) < 3000:
        chances = game.chance_outcomes(state)
        if chances:
            state = game.apply(state, rng.choices([a for a, _ in chances], [p for _, p in chances])[0], None)
        else:
            seat = rng.choice(sorted(game.actors(state)))
            state = game.apply(state, rng.choice(game.legal_actions(state, seat)), seat)
        history.append(state)
    playing = [s for s in history if game.view(s, None).get("phase", "play") == "play" and game.actors(s)]
    return [playing[0] if playing else history[0], playing[len(playing) // 2] if playing else history[0],
            history[-1]]


def check(draw: Callable[[], bytes], game: str = "") -> Image.Image:
    with text_sizes() as seen:
        png = draw()
    image = Image.open(io.BytesIO(png))
    assert image.width == 1000 and len(png) <= MAX_PNG_BYTES
    small = sorted({(size, text) for text, size in seen if size < SMALL and not allowed(game, text)})
    assert not small, f"text under {SMALL} px: {small[:8]}"
    assert seen, "nothing was written"
    return image


CASES = [(name, players) for name in sorted(GAMES) for players in GAMES[name].player_counts]


@pytest.mark.parametrize(("name", "players"), CASES, ids=[f"{n}-{p}p" for n, p in CASES])
def test_every_word_on_every_board_reads_on_a_phone(name: str, players: int) -> None:
    names = list(NAMES[:players])
    for state in positions(name, players, 3):
        for viewer in (None, *range(players)):
            view = GAMES[name].view(state, viewer)
            image = check(partial(RENDERERS[name], view, names, 1234), name)
            assert image.height < 2.5 * image.width  # portrait, but not a scroll


@pytest.mark.parametrize("name", sorted(RULES_IMAGES))
def test_every_word_of_the_rules_images_reads_on_a_phone(name: str) -> None:
    module = {"sanae": "render.sanae.rules_picture", "sakamichi": "render.sakamichi.rules_picture"}.get(name)
    rules = RULES_IMAGES[name]
    assert module is None or rules.__module__ == module
    if module is not None:  # drawn once per language and cached: drawn afresh here, so its words are seen
        importlib.import_module(module).rules_picture.cache_clear()
    check(rules, name)


def test_standings_and_the_leaderboard_read_on_a_phone() -> None:
    settings = tournament_rules.TournamentSettings("swiss", rounds=11)
    entrants = [tournament_rules.Entrant(i + 1, i, 0.0, dropped_after=2 if i == 3 else None) for i in range(8)]
    games = [tournament_rules.Game(r, (a, b), (1, 0) if (a + r) % 3 else (0.5, 0.5))
             for r in range(1, 12) for a, b in ((1, 2), (3, 5), (6, 7), (8, 4))]
    rows = tournament_rules.standings(settings, entrants, games)
    names = {i + 1: NAMES[i % len(NAMES)] for i in range(8)}
    check(lambda: standings_image("Sinoda Swiss · the longest spring cup of them all", rows, names, rounds=11))
    check(lambda: standings_image("Pods", rows, names, rounds=11, pods=True, final=True))
    lb = [LeaderboardRow(i + 1, NAMES[i % len(NAMES)], f"{1700 - 7 * i}?", 20, 10, 3, 7, provisional=True,
                         highlight=i == 4) for i in range(1200) if i < 12 or i == 1199]
    check(lambda: leaderboard_png("Sinoda leaderboard", "everyone", lb))
