"""Sanae stones (spec section 2), combat resolution (5.4) and layout codes and presets (4.4, 4.5)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from i18n import N_, _
from rules.base import quote

LETTERS = "VKQWDCLNAF"  # also the order of `captured` lists (10.1)
# Shown through _(): the Void and the Captain are the game's proper names (they stay), the others translate.
NAMES = {"V": N_("Void"), "K": N_("King"), "Q": N_("Queen"), "W": N_("Wizard"), "D": N_("Dragon"),
         "C": N_("Captain"), "L": N_("Lieutenant"), "N": N_("Knight"), "A": N_("Assassin"), "F": N_("Footman")}
COUNTS = {"V": 1, "K": 1, "Q": 1, "W": 1, "D": 1, "C": 2, "L": 4, "N": 4, "A": 1, "F": 20}
RANKS = {"V": 0, "K": 6, "Q": 6, "W": 6, "D": 6, "C": 5, "L": 4, "N": 3, "A": 2, "F": 1}
RANGES = {"V": 0, "K": 1, "Q": 2, "W": 3, "D": 6, "C": 4, "L": 3, "N": 3, "A": 1, "F": 1}
EMPTY = "."
SYMBOLS = LETTERS + EMPTY  # the order chance outcomes of a random layout are listed in
STONES = sum(COUNTS.values())  # 36
LIEUTENANT, KNIGHT = RANKS["L"], RANKS["N"]


@dataclass(frozen=True)
class Combat:
    """How a fight is settled (5.4): `fixed` (no dice, `attacker_wins` set), `roll-off` or `special`.

    For a special roll, `special` is the side holding the Wizard or Dragon ("attacker" or "defender") and the
    other side kills it only with a die higher than the special piece's die and at least `need`.
    """

    kind: str
    rule: int
    attacker_wins: bool | None = None
    special: str | None = None
    need: int = 0


def combat(attacker: str, defender: str) -> Combat:
    """The first matching rule of 5.4 for attacker letter vs defender letter (the Void is handled by 5.5)."""
    if attacker == "A":
        return Combat("fixed", 1, attacker_wins=defender != "D")
    if defender == "A":
        return Combat("fixed", 2, attacker_wins=attacker != "F")
    if {attacker, defender} <= {"W", "D"}:
        return Combat("roll-off", 3)
    for special, rule, floor, need in (("W", 4, LIEUTENANT, 5), ("D", 5, KNIGHT, 6)):
        if special in (attacker, defender):
            role = "attacker" if attacker == special else "defender"
            opponent = defender if role == "attacker" else attacker
            if RANKS[opponent] < floor:
                return Combat("fixed", rule, attacker_wins=role == "attacker")
            return Combat("special", rule, special=role, need=need)
    if RANKS[attacker] != RANKS[defender]:
        return Combat("fixed", 6, attacker_wins=RANKS[attacker] > RANKS[defender])
    return Combat("roll-off", 6)


def dice_outcomes(fight: Combat) -> list[tuple[int, int]]:
    """The (attacker die, defender die) outcomes of the combat's chance node: 30 for a roll-off, 36 for special."""
    pairs = [(a, d) for a in range(1, 7) for d in range(1, 7)]
    return [(a, d) for a, d in pairs if a != d] if fight.kind == "roll-off" else pairs


def attacker_wins(fight: Combat, attacker_die: int = 0, defender_die: int = 0) -> bool:
    if fight.kind == "fixed":
        return bool(fight.attacker_wins)
    if fight.kind == "roll-off":
        return attacker_die > defender_die
    special_die, other_die = ((attacker_die, defender_die) if fight.special == "attacker"
                              else (defender_die, attacker_die))
    special_loses = other_die > special_die and other_die >= fight.need
    return special_loses != (fight.special == "attacker")


# ---- layout codes ---------------------------------------------------------------------------------------------
PRESETS = {
    "classic": "FFFFNQVWNFFF/.FFFNDCLAFF./...FFLCLFF../.FFLKNFF.",
    "keep": "FFFFNCVCNFFF/.FFFNQKWAFF./...FFLDLFF../.FFLLNFF.",
    "wall": "FANNK...QNNF/FFFFW...DFFF/FFFFL..VLFFF/FFLC.CLFF",
}
COUNT_DIGITS = 2  # a count is at most the 93-cell board's size, so two digits


class CodeError(ValueError):
    """A layout code that is not a valid layout; the message starts with `bad_code`."""


def expand_code(text: str, size: int) -> str:
    """The `size` symbols of a layout code (upper case), or `CodeError` saying what is wrong (4.4).

    One pass over the characters (no regex to backtrack) and never more than `size` symbols kept: linear in the
    length of `text` whatever it holds.
    """
    symbols: list[str] = []
    length = 0
    count = ""
    for char in "".join(text.split()).lower():
        if "0" <= char <= "9":  # ASCII digits only: str.isdigit() would take any script's digits
            count += char
            if len(count) > COUNT_DIGITS:
                raise CodeError("bad_code: " + _("bad count {count}…, a count is at most {size}", count=count,
                                                 size=size))
            continue
        if char == "/":
            if count:
                raise CodeError("bad_code: " + _("a count must be followed by a symbol"))
            continue
        if char.upper() not in SYMBOLS:
            raise CodeError("bad_code: " + _("unknown symbol {symbol}; use {symbols}", symbol=quote(char),
                                             symbols=SYMBOLS))
        times = int(count) if count else 1
        if times == 0 or times > size:
            raise CodeError("bad_code: " + _("bad count {count}", count=count + char))
        count = ""
        length += times
        if length <= size:
            symbols.extend(char.upper() * times)
    if count:
        raise CodeError("bad_code: " + _("a count must be followed by a symbol"))
    if length != size:
        raise CodeError("bad_code: " + _("length {length}, need {size}", length=length, size=size))
    have = Counter(symbols)
    need = dict(COUNTS, **{EMPTY: size - STONES})
    wrong = [_("{symbol} {count}, need {need}", symbol=s, count=have[s], need=n)
             for s, n in need.items() if have[s] != n]
    if wrong:
        raise CodeError("bad_code: " + _("counts ({wrong})", wrong="; ".join(wrong)))
    return "".join(symbols)


def canonical_code(symbols: str, groups: tuple[int, ...]) -> str:
    """Symbols joined in their ring groups by `/` (4.4 canonical form)."""
    parts, start = [], 0
    for size in groups:
        parts.append(symbols[start:start + size])
        start += size
    return "/".join(parts)
