"""Every image the bot draws, to look at, run by hand: `.venv/bin/python bench/gallery.py OUT [game ...]`.

For each game: the start, a mid-game and a finished position of seeded random play (public views, and each seat's
private view where the game hides something), every player count, and the rules image; then standings (Swiss, pods,
final) and a leaderboard. Names come in six scripts and are long enough to be cut. Each image is written three
ways: `<name>.png` as drawn, `<name>-400.png` scaled to 400 px wide (a phone), and `<name>-cvd.png`, the 400 px
image as seen with normal vision, protanopia, deuteranopia and tritanopia (Machado 2009, render.vision) in a 2x2 grid.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tournament_rules
from bench.run import random_step
from render import RENDERERS, RULES_IMAGES, alt_text
from render.kit import MAX_PNG_BYTES
from render.leaderboard import LeaderboardRow, leaderboard_png
from render.standings import standings_image
from render.vision import DEFICIENCIES, simulate_image
from rules import GAMES, Game

# Six scripts, long enough to be cut: Latin with marks, Cyrillic, Arabic (right to left), CJK, Korean, emoji.
NAMES = ("Zoë Ångström-Łukasiewicz", "Владимир Соколовский", "عبد الرحمن الشمري", "山田太郎と花子さん",
         "김민준김서연", "🎲 Dicey the 🐉 Dragon")
PHONE = 400


def game_positions(game: Game, players: int, options: dict[str, str], seed: int) -> Iterator[tuple[str, Any]]:
    """('start', state), ('mid', state), ('end', state) of one seeded random game."""
    rng = random.Random(seed)
    state = game.setup(players, options)
    history = [state]
    while game.outcome(state) is None and len(history) < 3000:
        state = random_step(game, state, rng)
        history.append(state)
    # The start: the first position where a player acts (the server's draws and deals done); the middle: of the
    # positions in play (Sanae's setup is a phase of its own).
    start = next((s for s in history if not game.chance_outcomes(s) and game.actors(s)), history[0])
    playing = [s for s in history if game.view(s, None).get("phase", "play") == "play"] or history
    yield "start", start
    yield "mid", playing[len(playing) // 2]
    yield "end", history[-1]


def sheet(image: Image.Image) -> Image.Image:
    """The phone-width image under normal vision and the three simulations, two by two, labelled."""
    small = image.resize((PHONE, round(image.height * PHONE / image.width)), Image.Resampling.LANCZOS)
    panels = [("normal", small)] + [(d, simulate_image(small, d)) for d in DEFICIENCIES]
    cell_w, cell_h = PHONE + 10, small.height + 24
    out = Image.new("RGB", (2 * cell_w, 2 * cell_h), "white")
    draw = ImageDraw.Draw(out)
    for i, (label, panel) in enumerate(panels):
        x, y = (i % 2) * cell_w, (i // 2) * cell_h
        out.paste(panel, (x, y + 24))
        draw.text((x + 4, y + 4), label, fill="black")
    return out


def save(out: Path, name: str, png: bytes, alt: str = "") -> None:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    (out / f"{name}.png").write_bytes(png)
    image.resize((PHONE, round(image.height * PHONE / image.width)), Image.Resampling.LANCZOS).save(
        out / f"{name}-400.png")
    sheet(image).save(out / f"{name}-cvd.png")
    flag = "" if len(png) <= MAX_PNG_BYTES else "  OVER THE LIMIT"
    print(f"{name}: {image.width}x{image.height}, {len(png) / 1024:.0f} KB{flag}")
    if alt:
        (out / f"{name}.txt").write_text(alt + "\n", encoding="utf-8")


def boards(out: Path, game: Game, seed: int) -> None:
    renderer = RENDERERS[game.name]
    for players in game.player_counts:
        for stage, state in game_positions(game, players, {}, seed + players):
            names = [NAMES[(i + seed) % len(NAMES)] for i in range(players)]
            base = f"{game.name}-{players}p-{stage}"
            view = game.view(state, None)
            save(out, base, renderer(view, names, 42), alt_text(view, names, 42))
            if game.name in ("sakamichi", "sanae", "bodsoi"):  # games that hide something from the public
                for seat in range(players if players <= 2 else 1):
                    private = game.view(state, seat)
                    save(out, f"{base}-seat{seat + 1}", renderer(private, names, 42), alt_text(private, names, 42))


def tables(out: Path) -> None:
    settings = tournament_rules.TournamentSettings("swiss", rounds=4)
    entrants = [tournament_rules.Entrant(i + 1, i, 0.0, dropped_after=2 if i == 3 else None) for i in range(8)]
    rng = random.Random(5)
    games = []
    for rnd in range(1, 5):
        order = list(range(1, 9))
        rng.shuffle(order)
        for a, b in zip(order[::2], order[1::2], strict=True):
            score = rng.choice([(1, 0), (0.5, 0.5), (0, 1)])
            games.append(tournament_rules.Game(rnd, (a, b), score))
    rows = tournament_rules.standings(settings, entrants, games)
    names = {i + 1: NAMES[i % len(NAMES)] if i < 6 else f"player{i + 1}" for i in range(8)}
    save(out, "standings-swiss", standings_image("Sinoda Swiss · spring cup", rows, names, rounds=4))
    save(out, "standings-final", standings_image("Sinoda Swiss · spring cup", rows, names, rounds=4, final=True))
    lb = [LeaderboardRow(i + 1, NAMES[i % len(NAMES)] if i < 6 else f"player {i}", f"{1700 - 37 * i}"
                         + ("?" if i % 4 == 3 else ""), 20 + i, 10, 3, 7 + i, provisional=i % 4 == 3,
                         highlight=i == 4) for i in range(10)]
    save(out, "leaderboard", leaderboard_png("Sinoda leaderboard", "this server", lb))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("games", nargs="*", default=sorted(GAMES))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-tables", action="store_true", help="boards and rules only")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.games:
        boards(args.out, GAMES[name], args.seed)
        save(args.out, f"{name}-rules", RULES_IMAGES[name]())
    if not args.no_tables:
        tables(args.out)


if __name__ == "__main__":
    main()
