"""Check a finished match's dice: recompute every chance line and the seat draw from the revealed seed and the log.

Pure (rules and `matches.dice` only): `/verify` and the offline check `python -m matches.verify record.json` (a JSON
export) both call `verify_log`, so there is one implementation of the procedure described in `matches.dice`.
Line 0 (the seat draw) is required: a record without it fails, whatever its other lines say.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from i18n import N_, _, ngettext
from matches import dice
from rules import GAMES, Game
from rules.base import Message
from rules.replay import Rewind

# What a passing check shows, and what no check of the dice can show: the one wording, heading and text, that /verify,
# `python -m matches.verify` and the match's web page all give beside their verdict.
WHAT_IT_PROVES: tuple[tuple[str, str], ...] = (
    (N_("What a pass proves"),
     N_("The record is consistent with the seed committed at the start: every random draw in it (the seat draw, rolls, "
     "shuffles) is what that seed gives, and the seed's SHA-256 is the commitment published before the first draw, "
     "so no draw was changed or chosen after the fact.")),
    (N_("What it does not prove"),
     N_("It does not prove that the seed itself was drawn at random (the bot made it), that the record is complete or "
     "its moves were the players' own (the bot keeps the log), nor anything about a match's moves that involve no "
        "chance.")),
)


def what_it_proves() -> tuple[tuple[str, str], ...]:
    """`WHAT_IT_PROVES` in the language being spoken: what /verify, the web page and the offline check show."""
    return tuple((_(heading), _(text)) for heading, text in WHAT_IT_PROVES)


@dataclass(frozen=True)
class Verdict:
    """What the check found: `ok` when the seed matches its commitment and every drawn line agrees."""

    ok: bool
    checked: int  # chance lines (and the seat draw) recomputed before stopping
    line: int | None = None  # the first line that disagrees (0: the seat draw)
    logged: str | None = None  # what that line says
    expected: str | None = None  # what the seed gives there
    problem: str | Message = ""  # in words (worded when read, in the language spoken then), when not ok
    fixed_seats: bool = False  # line 0 says the seats were given (a tournament's pairing), so nothing was drawn there

    def summary(self) -> str:
        """The verdict in words, in the language being spoken."""
        if self.ok:
            agree = ngettext("The random draw agrees with the revealed seed, and the seed matches the commitment "
                             "published at the start.", "All {n} random draws agree with the revealed seed, and the "
                             "seed matches the commitment published at the start.", self.checked)
            if not self.fixed_seats:
                return agree
            fixed = _("The seat order was fixed by the pairing (line 0 `seats fixed`), not drawn.")
            # Translators: two sentences of /verify's verdict, one after the other.
            return _("{agree} {fixed}", agree=agree, fixed=fixed)
        return str(self.problem)


def _seed(seed_hex: str) -> bytes:
    try:
        seed = bytes.fromhex(seed_hex)
    except ValueError:
        seed = b""
    if len(seed) != dice.SEED_BYTES:
        raise ValueError(_("the seed must be {bytes} bytes in hex", bytes=dice.SEED_BYTES))
    return seed


def verify_log(game: Game, players: int, options: dict[str, str] | None, match_id: int, seed_hex: str,
               commitment: str, lines: Sequence[tuple[int, int | None, str]],
               seat_draw: str | None = None) -> Verdict:
    """Recompute the seat draw (line 0, required) and every chance line (seat None) of a match from its seed.

    `lines` are the log's (n, seat, text) from 1 on; `seat_draw` is line 0 (None: missing, and the check fails).
    Stops at the first line that disagrees or does not replay.
    """
    try:
        seed = _seed(seed_hex)
    except ValueError as exc:
        return Verdict(False, 0, problem=Message(N_("The revealed seed is not valid: {error}."), {"error": exc}))
    if hashlib.sha256(seed).hexdigest() != commitment.lower():
        return Verdict(False, 0, problem=Message(N_("The revealed seed does not match the commitment published at "
                                                    "the start (its SHA-256 differs).")))
    checked = 0
    expected = dice.seat_line(dice.seat_order(players, seed, match_id))
    fixed = seat_draw == dice.SEATS_FIXED
    if seat_draw is None:
        return Verdict(False, 0, 0, None, expected,
                       Message(N_("Line 0 (the seat draw) is missing: every match with a committed seed logs it at the "
                                  "start, so this record is incomplete (the seed gives `{expected}` there)."),
                               {"expected": expected}))
    if not fixed:
        if seat_draw != expected:
            return Verdict(False, 0, 0, seat_draw, expected,
                           Message(N_("Line 0 (the seat draw) says `{logged}`, but the seed gives `{expected}`."),
                                   {"logged": seat_draw, "expected": expected}))
        checked += 1
    rewind = Rewind(game, game.setup(players, options))  # takeback lines (casual matches) go back in the log
    for n, seat, text in lines:
        try:
            if seat is None:
                chances = game.chance_outcomes(rewind.state)
                if not chances:
                    return Verdict(False, checked, n, text, None,
                                   Message(N_("Line {n} (`{text}`) is a draw where the rules have nothing to draw."),
                                           {"n": n, "text": text}))
                drawn = chances[dice.pick([p for _, p in chances], seed, match_id, n)][0]
                expected = game.notation(rewind.state, drawn)
                if text != expected:
                    return Verdict(False, checked, n, text, expected,
                                   Message(N_("Line {n} says `{text}`, but the seed gives `{expected}`."),
                                           {"n": n, "text": text, "expected": expected}))
                checked += 1
            rewind.play(n, seat, text)
        except ValueError as exc:  # the rules' errors are ValueErrors
            return Verdict(False, checked, n, text, None,
                           Message(N_("Line {n} (`{text}`) does not replay: {error}"),
                                   {"n": n, "text": text, "error": exc}))
    return Verdict(True, checked, fixed_seats=fixed)


def verify_record(record: dict[str, Any]) -> Verdict:
    """Check an exported match record (`matches.history.export_record`) offline."""
    game = GAMES.get(str(record.get("game")))
    if game is None:
        return Verdict(False, 0, problem=Message(N_("Unknown game {game}."), {"game": repr(record.get("game"))}))
    drawn = record.get("dice") or {}
    if not drawn.get("commitment"):
        return Verdict(False, 0, problem=Message(N_("This match was played before verifiable dice: it has no "
                                                    "commitment.")))
    if not drawn.get("seed"):
        return Verdict(False, 0, problem=Message(N_("The seed is not revealed (the match is not over).")))
    if drawn.get("procedure", dice.PROCEDURE) != dice.PROCEDURE:
        return Verdict(False, 0, problem=Message(N_("Unknown dice procedure {procedure}."),
                                                 {"procedure": repr(drawn.get("procedure"))}))
    lines = sorted(record.get("log") or [], key=lambda line: line["n"])
    return verify_log(game, int(record["players"]), record.get("options") or {}, int(record["match"]),
                      str(drawn["seed"]), str(drawn["commitment"]),
                      [(int(line["n"]), line["seat"], str(line["text"])) for line in lines],
                      drawn.get("seat_draw"))


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m matches.verify record.json`: exit 0 when the dice check out, 1 when not, 2 on a bad file."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m matches.verify record.json", file=sys.stderr)
        return 2
    try:
        with open(args[0], encoding="utf-8") as handle:
            record = json.load(handle)
        verdict = verify_record(record)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        print(f"cannot read {args[0]}: {exc}", file=sys.stderr)
        return 2
    print(f"match #{record.get('match')}: {'OK' if verdict.ok else 'FAILED'}. {verdict.summary()}")
    for heading, text in what_it_proves():
        print(f"{heading}: {text}")
    return 0 if verdict.ok else 1


if __name__ == "__main__":
    sys.exit(main())
