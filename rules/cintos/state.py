"""Cintos state, options, the capture test, endings and the placement text (sections 5, 6, 9 and 10)."""

from __future__ import annotations

import bisect
import functools
import hashlib
import operator
import re
import struct
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import reduce
from itertools import chain
from operator import or_
from typing import Any, NamedTuple

from i18n import _
from rules.base import Option, Outcome, quote, whole_number
from rules.cintos.board import (
    AREA,
    COLOUR_NAMES,
    EMPTY,
    LABEL,
    OPTION_ORDER,
    PIECES,
    SQUARE,
    TERRITORY,
    TIE_ON_HOME,
    TIE_ON_NEUTRAL,
    VICTORY_BY_NUMBERS,
    and_list,
)
from rules.cintos.moves import masks_of

OPTIONS: dict[str, Option] = {
    "setup-2p": Option("classic-2p", ("classic-2p", "diagonal-2p"), "start layout of a 2-player game"),
    "numbers-by": Option("anyone", ("anyone", "mover"), "who may win an area by numbers"),
    "majority": Option("plurality", ("plurality", "absolute"), "what Victory by Numbers needs"),
    "repetition": Option("two-player", ("two-player", "off"), "threefold repetition draws 2-player games"),
    "quiet-limit": Option("100", (), "turns without a capture that end the game (≥ 20, or off)", off="off"),
    "turn-limit": Option("1000", (), "turns that end the game (≥ 100, or off)", off="off"),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule options of section 9 that change play (players and setup-2p only shape the start)."""

    numbers_by: str = "anyone"
    majority: str = "plurality"
    repetition: str = "two-player"  # always "two-player" in 4p games, where repetition never applies
    quiet_limit: int | None = 100
    turn_limit: int | None = 1000
    # The limits as counts that end the game, one a counter never reaches when off: one test after every move.
    quiet_cap: int = field(init=False, repr=False, compare=False)
    turn_cap: int = field(init=False, repr=False, compare=False)

    # `values` and `words`, made once: every view and position text asks for them.
    value_items: tuple[tuple[str, str], ...] = field(init=False, repr=False, compare=False)
    word_items: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        never = 1 << 62
        object.__setattr__(self, "quiet_cap", never if self.quiet_limit is None else self.quiet_limit)
        object.__setattr__(self, "turn_cap", never if self.turn_limit is None else self.turn_limit)
        limits = [_limit_text(limit) for limit in (self.quiet_limit, self.turn_limit)]
        items = tuple(zip(OPTION_ORDER, [self.numbers_by, self.majority, self.repetition, *limits], strict=True))
        object.__setattr__(self, "value_items", items)
        object.__setattr__(self, "word_items", tuple(f"{name}={value}" for name, value in items
                                                     if value != OPTIONS[name].default))

    def values(self) -> dict[str, str]:
        """Option name -> value as the player writes it, in the order of the position text."""
        return dict(self.value_items)

    def words(self) -> list[str]:
        """The option fields of the position text: the values that differ from the defaults."""
        return list(self.word_items)


class Last(NamedTuple):
    """What the last action did, for the view and the match message (a tuple: a move makes one cheaply)."""

    seat: int
    kind: str  # "move" | "pass" | "resign"
    frm: int | None = None
    to: int | None = None
    captured: tuple[int, ...] = ()  # squares whose piece changed colour
    rule: str | None = None  # the capture rule, when a piece changed colour
    eliminated: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "from": None if self.frm is None else LABEL[self.frm],
                "to": None if self.to is None else LABEL[self.to], "captured": [LABEL[s] for s in self.captured],
                "rule": self.rule, "eliminated": list(self.eliminated)}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Last:
        return Last(int(data["seat"]), str(data["kind"]), None if data["from"] is None else SQUARE[data["from"]],
                    None if data["to"] is None else SQUARE[data["to"]], tuple(SQUARE[s] for s in data["captured"]),
                    data["rule"], tuple(int(seat) for seat in data["eliminated"]))


def _key(label: str) -> int:
    """A fixed 64-bit random number named by `label` (blake2b: the same in every process and Python version)."""
    return int.from_bytes(hashlib.blake2b(label.encode(), digest_size=8).digest(), "big")


# Zobrist keys: a position's hash is the XOR of the key of each piece on its square and the key of the colour to
# move, so a move changes it by a few XORs. Stored in snapshots: never change these labels.
PIECE_KEYS = {colour: tuple(_key(f"cintos {colour} {s}") for s in range(64)) for colour in "RYBG"}
TO_MOVE_KEYS = {colour: _key(f"cintos to-move {colour}") for colour in "RYBG-="}


class RankKeys(dict[str, int]):
    """One rank's 8 squares (colour letters and '.') -> the XOR of their pieces' keys, filled as met (a few thousand
    ranks recur): a position read back is hashed by 8 look-ups."""

    LIMIT = 1 << 14  # ranks remembered per rank before it starts over

    def __init__(self, rank: int) -> None:
        super().__init__()
        self.rank = rank

    def __missing__(self, squares: str) -> int:
        key = 0
        for s, colour in enumerate(squares, start=8 * self.rank):
            if colour != EMPTY:
                key ^= PIECE_KEYS[colour][s]  # a KeyError for a letter that is no colour, as below
        if len(self) >= self.LIMIT:
            self.clear()
        self[squares] = key
        return key


_RANK_KEYS = tuple(RankKeys(rank) for rank in range(8))
_BY_RANK = operator.itemgetter(*(slice(r * 8, r * 8 + 8) for r in range(8)))  # rank 1 first: the board's order


def position_hash(board: str, to_move: str) -> int:
    """The Zobrist hash of (placement, colour to move). Two of the n positions of a game share one with odds of
    about n^2 / 2^65 (under 1 in 10^13 for a game of 1,000 turns): only then could a game be drawn falsely."""
    key = TO_MOVE_KEYS[to_move]
    if len(board) == 64:
        return reduce(operator.xor, map(operator.getitem, _RANK_KEYS, _BY_RANK(board)), key)
    for s, colour in enumerate(board):
        if colour != EMPTY:
            key ^= PIECE_KEYS[colour][s]
    return key


class History:
    """How often each position so far (placement + to-move) occurred, as counts of 64-bit position hashes, and the
    hash of the newest: immutable and shared between successive states.

    A hash is in its bucket (a tuple of BUCKETS tuples, by its low bits) once per occurrence, so adding one copies
    BUCKETS + n/BUCKETS references rather than all n, and `count` looks in one bucket. The order of the positions
    is not kept: repetition needs only the counts. A history read back from a snapshot starts as its sorted hashes
    and makes its buckets when a move first asks; each history sorts and writes its hashes once, when first asked.
    """

    __slots__ = ("_base", "_buckets", "_hex", "_ordered", "_size", "last")
    BUCKETS = 32

    def __init__(self, keys: Iterable[int] = (), last: int | None = None) -> None:
        """The history of `keys`; `last`: the current position's hash, when it is not the last of `keys`."""
        # A snapshot read back holds a whole game's positions, mostly to be shown or written again: they are kept
        # sorted (one C call: a snapshot's come sorted) and put in buckets only when a move asks (`_bucketed`).
        given = tuple(keys)
        self._ordered: tuple[int, ...] | None = tuple(sorted(given))
        self._buckets: tuple[tuple[int, ...], ...] | None = None
        self._hex: tuple[str, ...] | None = None
        # (the sorted hashes before, their text or None, the hash added) of a history made by a move from one whose
        # hashes were sorted: this one's are then one insertion away (`_in_order`, `hex_keys`).
        self._base: tuple[tuple[int, ...], tuple[str, ...] | None, int] | None = None
        self._size = len(given)
        newest = given[-1] if given else None
        self.last: int | None = newest if last is None else last  # the newest position's hash, a move XORs it

    @classmethod
    def read(cls, entries: Any, last: int) -> History:
        """The history of a snapshot's entries (as `read_history` reads them), `last` the current position's hash.
        One that `history_json` wrote (its hashes sorted) keeps the entries as its text: a state read back is
        mostly written again."""
        keys = _hex_hashes(entries)
        if keys is None:
            return cls(read_history(entries), last)
        history = cls(keys, last)
        if history._ordered == tuple(keys):
            history._hex = tuple(entries)
        return history

    def _bucketed(self) -> tuple[tuple[int, ...], ...]:
        """The buckets, made from `_ordered` the first time (a history read back); never empty (BUCKETS of them),
        so `self._buckets or self._bucketed()` costs a move one attribute read."""
        buckets = self._buckets
        if buckets is None:
            lists: list[list[int]] = [[] for _ in range(self.BUCKETS)]
            for key in self._ordered or ():
                lists[key % self.BUCKETS].append(key)
            buckets = self._buckets = tuple(map(tuple, lists))
        return buckets

    def add(self, key: int) -> History:
        """A new history with `key` added (this one is unchanged)."""
        b = key % self.BUCKETS
        buckets = self._buckets or self._bucketed()
        after = History.__new__(History)
        after._buckets, after._ordered, after._hex = (*buckets[:b], (*buckets[b], key), *buckets[b + 1:]), None, None
        after._base = None if self._ordered is None else (self._ordered, self._hex, key)
        after._size, after.last = self._size + 1, key
        return after

    def count(self, key: int) -> int:
        return (self._buckets or self._bucketed())[key % self.BUCKETS].count(key)

    def extended(self, key: int) -> History | None:
        """`add(key)`, or None when `key` is in this history twice already (a third time draws): one bucket, for
        the move that does both."""
        b = key % self.BUCKETS
        buckets = self._buckets or self._bucketed()
        bucket = buckets[b]
        if bucket.count(key) >= 2:
            return None
        longer = list(buckets)
        longer[b] = (*bucket, key)
        after = History.__new__(History)
        after._buckets, after._ordered, after._hex, after._size, after.last = tuple(longer), None, None, \
            self._size + 1, key
        after._base = None if self._ordered is None else (self._ordered, self._hex, key)
        return after

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[int]:
        """Every occurrence's hash, in ascending order (one order for equal histories, however they were made)."""
        return iter(self._in_order())

    def _in_order(self) -> tuple[int, ...]:
        # Sorted once per history: a state is written to a snapshot, compared and hashed more than once. After a
        # move from a history already sorted (a game played on, written each move), one insertion: copies in C.
        ordered = self._ordered
        if ordered is None:
            if self._base is None:
                ordered = tuple(sorted(chain.from_iterable(self._bucketed())))
            else:
                before, _, key = self._base
                at = bisect.bisect_right(before, key)
                ordered = (*before[:at], key, *before[at:])
            self._ordered = ordered
        return ordered

    def hex_keys(self) -> tuple[str, ...]:
        """Every occurrence's hash as 16 hex digits, in ascending order: made once, as a state is written more than
        once (its snapshot, then the next move's check that the one before is unchanged); after a move from a
        history already written, by one insertion."""
        found = self._hex
        if found is None:
            before, text, key = self._base or ((), None, 0)
            if text is not None:
                at = bisect.bisect_right(before, key)
                found = (*text[:at], f"{key:016x}", *text[at:])
            else:
                found = tuple(map("%016x".__mod__, self._in_order()))  # a C call each: f"{key:016x}"
            self._hex, self._base = found, None  # the history before is no longer needed
        return found

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, History):
            return self._size == other._size and self._in_order() == other._in_order()  # `last` follows the state
        if isinstance(other, tuple):
            return self._in_order() == tuple(sorted(other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._in_order())

    def __repr__(self) -> str:
        return f"History({list(self)!r})"


NO_HISTORY = History()
_HEX_HASH = re.compile("[0-9a-f]{16}")
_HEX_OR_SPACE = re.compile("[0-9a-f ]*")  # (a pattern with the entries' structure took four times as long)


def history_json(history: History) -> list[str]:
    """The history for a snapshot: each occurrence's hash as 16 hex digits (20 bytes a turn in the JSON, where
    the 65-character positions took 69)."""
    return list(history.hex_keys())


def _hex_hashes(entries: Any) -> list[int] | None:
    """The hashes of a snapshot's history when it is a list of one or more entries of 16 hex digits each (the usual
    snapshot), checked and read whole in a few C calls (a game's history is read back before each move); else None.
    Joined by spaces: with every 17th character a space, the length and the number of spaces right, no entry held
    a space and each is 16 characters, which the pattern shows to be hex digits."""
    if not isinstance(entries, list):
        return None
    try:
        joined = " ".join(entries)
    except TypeError:  # an entry that is not text
        return None
    gaps = len(entries) - 1
    if gaps >= 0 and len(joined) == 17 * gaps + 16 and joined.count(" ") == gaps and joined[16::17] == " " * gaps \
            and _HEX_OR_SPACE.fullmatch(joined):
        return list(struct.unpack(f">{len(entries)}Q", bytes.fromhex(joined)))  # bytes.fromhex skips the spaces
    return None


def read_history(entries: Any) -> list[int]:
    """The hashes of a snapshot's history: 16 hex digits each, or (snapshots written before issue 14) 64 squares
    of R, Y, B, G or '.' followed by the colour to move, hashed here."""
    if not isinstance(entries, list):
        raise ValueError("the history must be a list of positions")
    found = _hex_hashes(entries)
    if found is not None:
        return found
    keys = []
    for entry in entries:
        if isinstance(entry, str) and _HEX_HASH.fullmatch(entry):
            keys.append(int(entry, 16))
        elif isinstance(entry, str) and len(entry) == 65 and entry[64] in TO_MOVE_KEYS \
                and set(entry[:64]) <= set("RYBG."):
            keys.append(position_hash(entry[:64], entry[64]))
        else:
            raise ValueError("each history entry is a position hash of 16 hex digits, or a 64-square placement "
                             f"followed by the colour to move (not {quote(str(entry))})")
    return keys


class CintosState(NamedTuple):
    """A whole Cintos game: the fields of the position text, the repetition history, the last action, and each seat's
    pieces and all occupied squares as bit masks (moves.BIT: derived from `board`, kept move by move so that moves
    are found by a few int operations). Immutable: a tuple, made by `make_state` (which derives the masks) or, in a
    move, with every field."""

    seats: str  # "RB" or "RYBG": seat i plays colour seats[i]
    board: str  # 64 colour letters or "." indexed rank * 8 + file
    owners: str  # owners of NW NE SE SW, "-" for none
    to_move: str  # colour to move; "-" once over; "=" when drawn by threefold repetition
    quiet: int
    turns: int
    resigned: tuple[bool, ...]
    rules: Rules
    history: History  # placement + to-move of every position so far, kept only while repetition applies
    last: Last | None
    masks: tuple[int, ...]  # seat -> its pieces as moves.BIT bits
    occupied: int  # every piece's moves.BIT


def make_state(seats: str, board: str, owners: str, to_move: str, quiet: int, turns: int, resigned: tuple[bool, ...],
               rules: Rules, history: History = NO_HISTORY, last: Last | None = None) -> CintosState:
    """A state with its masks computed from the board."""
    masks = masks_of(seats, board)
    return CintosState(seats, board, owners, to_move, quiet, turns, resigned, rules, history, last, masks,
                       reduce(or_, masks))


def _limit_text(limit: int | None) -> str:
    return "off" if limit is None else str(limit)


def read_limit(name: str, value: str, least: int) -> int | None:
    if value == "off":
        return None
    number = whole_number(value)
    if number is None or number < least:
        raise ValueError(_("{option} must be a whole number of at least {least}, or off (not {text})", option=name,
                           least=least, text=quote(value)))
    return number


def repetition_on(state: CintosState) -> bool:
    return len(state.seats) == 2 and state.rules.repetition == "two-player"


def _capture_test(board: Mapping[int, str], owners: str, mover: str, to: int, rules: Rules) -> tuple[str, str] | None:
    """Section 5.2: the colour that captures the area around `to` (`board`: the colour on each of its squares) and
    the rule that applied, or None if nobody does."""
    counts: dict[str, int] = {}
    for sq in AREA[to]:
        colour = board[sq]
        if colour != EMPTY:
            counts[colour] = counts.get(colour, 0) + 1
    top = max(counts.values())
    tied = [colour for colour, n in counts.items() if n == top]
    if len(tied) == 1 and (rules.majority == "plurality" or 2 * top > sum(counts.values())):
        if rules.numbers_by == "mover" and tied[0] != mover:
            return None
        return tied[0], VICTORY_BY_NUMBERS
    territories = {TERRITORY[sq] for sq in AREA[to] if board[sq] != EMPTY}
    if len(territories) == 1:
        home = owners[territories.pop()]
        if home in tied:
            return home, TIE_ON_HOME
        if mover in tied:
            return mover, TIE_ON_NEUTRAL
    return None


# One itemgetter per square: the colours of its 3x3 area, in AREA order, in one C call.
AREA_OF = tuple(operator.itemgetter(*area) for area in AREA)


@functools.lru_cache(maxsize=16)
def _capture_rules(numbers_by: str, majority: str) -> Rules:
    """The Rules the capture test reads, made once per pair (a Rules makes its option texts when made)."""
    return Rules(numbers_by=numbers_by, majority=majority)


@functools.lru_cache(maxsize=1 << 16)
def area_capture(to: int, area: tuple[str, ...], owners: str, mover: str, numbers_by: str,
                  majority: str) -> tuple[str, str, tuple[int, ...]] | None:
    """`_capture_test` by what it reads (the area's colours, the owners and the two capture options; plain strings
    hash faster than Rules), remembered, with the squares that change colour; None when none does."""
    board = dict(zip(AREA[to], area, strict=True))
    found = _capture_test(board, owners, mover, to, _capture_rules(numbers_by, majority))
    if found is None:
        return None
    capturer, rule = found
    captured = tuple(sq for sq, colour in board.items() if colour != EMPTY and colour != capturer)
    return (capturer, rule, captured) if captured else None


def _most_pieces(seats: str, counts: list[int], resigned: tuple[bool, ...], why: str) -> Outcome:
    """Quiet or turn limit: the surviving player with the most pieces wins; players tied for most share a draw."""
    alive = [i for i in range(len(seats)) if counts[i] and not resigned[i]]
    best = max(counts[i] for i in alive)
    winners = [i for i in alive if counts[i] == best]
    names = and_list([COLOUR_NAMES[seats[i]] for i in winners])
    result = f"{names} {'has' if len(winners) == 1 else 'share'} the most pieces"
    return Outcome(frozenset(winners), tuple(counts), f"{why}: {result}")


def ending_of(seats: str, board: str, resigned: tuple[bool, ...], quiet: int, turns: int, rules: Rules,
            drawn: bool) -> Outcome | None:
    """Section 6 in the order the position text is read: total victory, repetition, resignation, limits."""
    counts = [board.count(colour) for colour in seats]
    scores = tuple(counts)
    if PIECES in counts:
        winner = counts.index(PIECES)
        return Outcome(frozenset({winner}), scores, f"{COLOUR_NAMES[seats[winner]]} owns all {PIECES} pieces")
    if drawn:
        return Outcome(frozenset(), scores, "threefold repetition: a draw")
    if len(seats) == 2 and any(resigned):
        loser = resigned.index(True)
        return Outcome(frozenset({1 - loser}), scores, f"{COLOUR_NAMES[seats[loser]]} resigned")
    active = [i for i in range(len(seats)) if counts[i] and not resigned[i]]
    if len(active) <= 1:
        if not active:
            return Outcome(frozenset(), scores, "no player who has not resigned has pieces left")
        return Outcome(frozenset(active), scores, "every other player has resigned or been eliminated")
    if rules.quiet_limit is not None and quiet >= rules.quiet_limit:
        return _most_pieces(seats, counts, resigned, f"{rules.quiet_limit} turns without a capture")
    if rules.turn_limit is not None and turns >= rules.turn_limit:
        return _most_pieces(seats, counts, resigned, f"the turn limit of {rules.turn_limit} is reached")
    return None


def next_to_move(seats: str, board: str, resigned: tuple[bool, ...], seat: int) -> str:
    """The next colour clockwise after `seat` that still has pieces and has not resigned."""
    n = len(seats)
    for step in range(1, n + 1):
        i = (seat + step) % n
        if not resigned[i] and seats[i] in board:
            return seats[i]
    return "-"


class RankTexts(dict[str, str]):
    """A rank's 8 squares (colour letters and '.') -> its placement text (empty runs as digits), filled as met: a
    few thousand ranks recur, and every view and snapshot writes the position text."""

    LIMIT = 1 << 16  # ranks remembered before it starts over (5^8 could occur)

    def __missing__(self, rank: str) -> str:
        if len(self) >= self.LIMIT:
            self.clear()
        text = rank
        for run, digit in _RUNS:  # longest first: a run of n dots is then a whole run
            text = text.replace(run, digit)
        self[rank] = text
        return text


_RUNS = tuple((EMPTY * n, str(n)) for n in range(8, 0, -1))
_RANK_TEXTS = RankTexts()
_RANKS = operator.itemgetter(*(slice(r * 8, r * 8 + 8) for r in range(7, -1, -1)))  # rank 8 first, as written


@functools.lru_cache(maxsize=1 << 12)
def placement_text(board: str) -> str:
    """The placement field of the position text; remembered, as a state's text is asked for by each view."""
    return "/".join(map(_RANK_TEXTS.__getitem__, _RANKS(board)))


# A rank's placement text -> its 8 squares, for the ranks read before (each position read back from a snapshot).
_RANK_ROWS: dict[str, str] = {}


def _read_rank(number: int, rank: str) -> str:
    row = ""
    for char in rank:
        if char not in "12345678RYBG":
            raise ValueError(f"rank {number} holds {char!r}; use R, Y, B, G for pieces and 1–8 for empty runs")
        row += EMPTY * int(char) if char in "12345678" else char
    if len(row) != 8:
        raise ValueError(f"rank {number} ({rank!r}) covers {len(row)} files, not 8")
    if len(_RANK_ROWS) >= RankTexts.LIMIT:
        _RANK_ROWS.clear()
    _RANK_ROWS[rank] = row
    return row


def read_placement(text: str) -> str:
    ranks = text.split("/")
    if len(ranks) != 8:
        raise ValueError(f"the placement needs 8 ranks separated by '/', not {len(ranks)}")
    rows = [_RANK_ROWS.get(rank) or _read_rank(number, rank) for number, rank in zip(range(8, 0, -1), ranks,
                                                                                         strict=True)]
    return "".join(reversed(rows))  # the text starts at rank 8, the board at rank 1
