"""The one way tournament figures are written (points, tie-breaks): halves as ½, other fractions to two places with
the decimal sign of the language being spoken, and "point" or "points" as the number says. Every text and image of an
event uses it."""

from __future__ import annotations

from i18n import active, ngettext

HALF = "½"


def figure(value: float) -> str:
    """4 -> '4', 4.5 -> '4½', 0.5 -> '½', 13/3 -> '4.33' ('4,33' in German), 5.25 -> '5.25', -1.5 -> '-1½'."""
    sign = "-" if value < 0 and round(abs(value), 2) != 0 else ""
    magnitude = abs(value)
    hundredths = round(magnitude * 100)
    whole, rest = divmod(hundredths, 100)
    if rest == 0:
        return f"{sign}{whole}"
    if rest == 50:
        return f"{sign}{whole or ''}{HALF}"
    return f"{sign}{active().number(hundredths / 100)}"  # rounded to hundredths: no more than two places shown


def place_text(place: int | None, place_to: int | None = None) -> str:
    """A standings table's # column: the place ('3'), a shared place as the places it covers ('3–4', as Challonge
    and start.gg show the losers of one knockout round), or a dash for a withdrawn entrant (who takes none)."""
    if place is None:
        return "–"
    return f"{place}–{place_to}" if place_to is not None and place_to > place else str(place)


def points_text(value: float) -> str:
    """'1 point', '0 points', '½ point', '2½ points', '4.33 points' (in the language being spoken: the plural form
    of a whole number by its count, of a fraction by the language's 'other' form, a half by 'one' in English)."""
    shown = figure(value)
    count = 1 if shown in ("1", HALF) else int(value) if value == int(value) else 2
    return ngettext("{points} point", "{points} points", count, points=shown)
