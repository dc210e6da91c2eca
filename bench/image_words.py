"""How much room each language's words take in the bot's images, run by hand: `.venv/bin/python bench/image_words.py
[--out PATH]`.

Every kind of image tests/render/test_images_every_language.py checks (each game's boards, rules pictures and event
images), drawn in every shipped language and the pseudo-locale: per kind, the total width of the words the image
draws itself (names and titles left out) as a share of the English, the longest language and its widest text. A
measurement for translators and designers, not a check (the test checks that every word fits); printed as a Markdown
table, and written to PATH with --out.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import i18n
from render.kit import text_width
from tests.render.test_images_every_language import KINDS, LANGUAGES, Drawn, draw, is_given


def widest(seen: list[Drawn]) -> tuple[float, str]:
    """The total width of the image's own words (names and titles left out) and its widest line."""
    own = [(text_width(item.text, item.size), item.text) for item in seen
           if not is_given(item.text) and any(ch.isalpha() for ch in item.text)]
    return sum(width for width, _ in own), max(own, default=(0.0, ""))[1]


def table() -> str:
    header = ["kind", *LANGUAGES, "longest", "its widest text"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for kind in KINDS:
        totals = {code: widest(draw(kind, code)[1]) for code in LANGUAGES}
        english = totals[i18n.ENGLISH][0]
        if not english:
            continue  # an image without words of its own
        longest = max((code for code in LANGUAGES if code != i18n.PSEUDO), key=lambda code: totals[code][0])
        cells = [f"{100 * totals[code][0] / english:.0f} %" for code in LANGUAGES]
        lines.append(f"| {kind} | " + " | ".join(cells) + f" | {longest} | {totals[longest][1][:60]} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="also write the Markdown table here")
    args = parser.parse_args()
    words = table()
    if args.out:
        args.out.write_text(words)
    print("The words of each image, as wide as the English (100 %):\n" + words)


if __name__ == "__main__":
    main()
