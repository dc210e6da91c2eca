"""Draws the docs' pictures (docs/images/*.png): each game's board part-way through a seeded random game, and its
rules summary. Run by hand after a change to the boards: `.venv/bin/python docs/make_images.py`."""

from __future__ import annotations

import io
import random
import sys
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from render import RULES_IMAGES, render_board
from rules import GAMES

OUT = Path(__file__).resolve().parent / "images"
# Plies into a seeded random game for each picture: far enough that the board tells its game.
PLIES = {"cintos": 40, "sinoda": 14, "sakamichi": 10, "sanae": 30, "bodsoi": 30}
NAMES = ["ada", "bob", "cy", "di"]
WIDTH = 800  # pixels: sharp on a page, small in the repository


def played(name: str, seed: int = 7):
    game = GAMES[name]
    rng = random.Random(seed)
    state = game.setup(2)
    plies = 0
    while not game.is_over(state) and plies < PLIES[name]:
        if game.is_chance(state):
            outcomes, weights = zip(*game.chance_outcomes(state), strict=True)
            state = game.apply(state, rng.choices(outcomes, weights)[0])
            continue
        seat = min(game.actors(state))
        state = game.apply(state, rng.choice(game.legal_actions(state, seat)), seat)
        plies += 1
    return game, state


def save(png: bytes, path: Path) -> None:
    image: Image.Image = Image.open(io.BytesIO(png))
    if image.width > WIDTH:
        image = image.resize((WIDTH, round(image.height * WIDTH / image.width)), Image.Resampling.LANCZOS)
    image.save(path, optimize=True)
    print(path.relative_to(OUT.parent.parent), f"{path.stat().st_size // 1024} kB")


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for name in GAMES:
        game, state = played(name)
        save(render_board(game.view(state, None), NAMES[:2], 12), OUT / f"{name}-board.png")
        save(RULES_IMAGES[name](), OUT / f"{name}-rules.png")


if __name__ == "__main__":
    main()
