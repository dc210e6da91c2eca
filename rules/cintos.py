"""Cintos: capture-by-majority on an 8×8 board of four territories, for 2 or 4 players.

Rules, notation and position text follow /work/shared/specs/cintos.md (sections 3–10).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from rules.base import RESIGN, Game, IllegalAction, NotationError, Option, Outcome, Resign, squeeze

FILES = "abcdefgh"
EMPTY = "."
COLOUR_NAMES = {"R": "Red", "Y": "Yellow", "B": "Blue", "G": "Green"}
TERRITORIES = ("NW", "NE", "SE", "SW")
VICTORY_BY_NUMBERS = "Victory by Numbers"
TIE_ON_HOME = "Tie on Home Territory"
TIE_ON_NEUTRAL = "Tie on Neutral Territory"
PIECES = 16


def _on_board(f: int, r: int) -> bool:
    return 0 <= f < 8 and 0 <= r < 8


# Geometry, computed once: a square is rank * 8 + file. Every list is in label order (a1, a2, ..., b1, ...),
# which is also the order of canonical notation, so legal moves come out sorted as the spec lists them.
def _label_order(square: int) -> tuple[int, int]:
    return square % 8, square // 8


LABEL = tuple(FILES[s % 8] + str(s // 8 + 1) for s in range(64))
SQUARE = {name: s for s, name in enumerate(LABEL)}
BY_LABEL = tuple(sorted(range(64), key=_label_order))
TERRITORY = tuple((0 if s % 8 < 4 else 1) if s >= 32 else (2 if s % 8 >= 4 else 3) for s in range(64))
NEIGHBOURS = tuple(
    tuple(sorted((f + df + 8 * (r + dr) for df, dr in ((-1, 0), (1, 0), (0, -1), (0, 1)) if _on_board(f + df, r + dr)),
                 key=_label_order))
    for r in range(8) for f in range(8)
)
AREA = tuple(
    tuple(sorted((f + df + 8 * (r + dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if _on_board(f + df, r + dr)),
                 key=_label_order))
    for r in range(8) for f in range(8)
)
DIRECTIONS = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}
DIRECTIONS.update({name[0]: step for name, step in list(DIRECTIONS.items())})
_MOVE_TEXT = re.compile(r"([a-z])(\d{1,2})(?:-([a-z])(\d{1,2})|(up|down|left|right|u|d|l|r))")
_DECIMAL = re.compile(r"0|[1-9]\d*")

# Start positions of section 4, as pieces per colour and territory owners (NW NE SE SW).
SETUPS = {
    "4p": ({"R": "b6 c6 b7 c7", "Y": "f6 g6 f7 g7", "B": "f2 g2 f3 g3", "G": "b2 c2 b3 c3"}, "RYBG"),
    "classic-2p": ({"R": "a5 d5 a8 d8 b6 c6 b7 c7", "B": "e1 h1 e4 h4 f2 g2 f3 g3"}, "R-B-"),
    "diagonal-2p": ({"R": "b6 c6 b7 c7 f2 g2 f3 g3", "B": "f6 g6 f7 g7 b2 c2 b3 c3"}, "RBRB"),
}
OPTION_ORDER = ("numbers-by", "majority", "repetition", "quiet-limit", "turn-limit")


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _illegal(code: str, message: str, kind: type[ValueError] = IllegalAction) -> ValueError:
    """An error carrying the spec's error code (section 8) as `code`, for callers and tests."""
    error = kind(message)
    error.code = code  # type: ignore[attr-defined]
    return error


@dataclass(frozen=True, slots=True)
class Move:
    """Slide the piece on `frm` one square orthogonally to the empty square `to`."""

    frm: int
    to: int


@dataclass(frozen=True, slots=True)
class Pass:
    """The only action of a player to move who has no legal move (submitted by the server)."""


PASS = Pass()
_MOVES = tuple(tuple((t, Move(s, t)) for t in NEIGHBOURS[s]) for s in range(64))


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule options of section 9 that change play (players and setup-2p only shape the start)."""

    numbers_by: str = "anyone"
    majority: str = "plurality"
    repetition: str = "two-player"  # always "two-player" in 4p games, where repetition never applies
    quiet_limit: int | None = 100
    turn_limit: int | None = 1000

    def values(self) -> dict[str, str]:
        """Option name -> value as the player writes it, in the order of the position text."""
        limits = [_limit_text(limit) for limit in (self.quiet_limit, self.turn_limit)]
        return dict(zip(OPTION_ORDER, [self.numbers_by, self.majority, self.repetition, *limits], strict=True))

    def words(self) -> list[str]:
        """The option fields of the position text: the values that differ from the defaults."""
        return [f"{name}={value}" for name, value in self.values().items() if value != Cintos.options[name].default]


@dataclass(frozen=True, slots=True)
class Last:
    """What the last action did, for the view and the match message."""

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


@dataclass(frozen=True, slots=True)
class CintosState:
    """A whole Cintos game: the fields of the position text, the repetition history and the last action."""

    seats: str  # "RB" or "RYBG": seat i plays colour seats[i]
    board: str  # 64 colour letters or "." indexed rank * 8 + file
    owners: str  # owners of NW NE SE SW, "-" for none
    to_move: str  # colour to move; "-" once over; "=" when drawn by threefold repetition
    quiet: int
    turns: int
    resigned: tuple[bool, ...]
    rules: Rules
    history: tuple[str, ...] = ()  # placement + to-move of every position so far, kept only while repetition applies
    last: Last | None = None


def _limit_text(limit: int | None) -> str:
    return "off" if limit is None else str(limit)


def _limit(name: str, value: str, least: int) -> int | None:
    if value == "off":
        return None
    if not (value.isascii() and value.isdigit()) or int(value) < least:
        raise ValueError(f"{name} must be a whole number of at least {least}, or off (not {value!r})")
    return int(value)


def _repetition_on(state: CintosState) -> bool:
    return len(state.seats) == 2 and state.rules.repetition == "two-player"


def _capture_test(board: list[str], owners: str, mover: str, to: int, rules: Rules) -> tuple[str | None, str | None]:
    """Section 5.2: the colour that captures the area around `to` and the rule that applied (None, None if nobody)."""
    counts: dict[str, int] = {}
    for sq in AREA[to]:
        colour = board[sq]
        if colour != EMPTY:
            counts[colour] = counts.get(colour, 0) + 1
    top = max(counts.values())
    tied = [colour for colour, n in counts.items() if n == top]
    if len(tied) == 1 and (rules.majority == "plurality" or 2 * top > sum(counts.values())):
        if rules.numbers_by == "mover" and tied[0] != mover:
            return None, None
        return tied[0], VICTORY_BY_NUMBERS
    territories = {TERRITORY[sq] for sq in AREA[to] if board[sq] != EMPTY}
    if len(territories) == 1:
        home = owners[territories.pop()]
        if home in tied:
            return home, TIE_ON_HOME
        if mover in tied:
            return mover, TIE_ON_NEUTRAL
    return None, None


def _most_pieces(seats: str, counts: list[int], resigned: tuple[bool, ...], why: str) -> Outcome:
    """Quiet or turn limit: the surviving player with the most pieces wins; players tied for most share a draw."""
    alive = [i for i in range(len(seats)) if counts[i] and not resigned[i]]
    best = max(counts[i] for i in alive)
    winners = [i for i in alive if counts[i] == best]
    names = _and([COLOUR_NAMES[seats[i]] for i in winners])
    result = f"{names} {'has' if len(winners) == 1 else 'share'} the most pieces"
    return Outcome(frozenset(winners), tuple(counts), f"{why}: {result}")


def _ending(seats: str, board: str, resigned: tuple[bool, ...], quiet: int, turns: int, rules: Rules,
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


def _next_to_move(seats: str, board: str, resigned: tuple[bool, ...], seat: int) -> str:
    """The next colour clockwise after `seat` that still has pieces and has not resigned."""
    n = len(seats)
    for step in range(1, n + 1):
        i = (seat + step) % n
        if not resigned[i] and seats[i] in board:
            return seats[i]
    return "-"


def _placement(board: str) -> str:
    ranks = []
    for r in range(7, -1, -1):
        text, run = "", 0
        for colour in board[r * 8:r * 8 + 8]:
            if colour == EMPTY:
                run += 1
                continue
            text += (str(run) if run else "") + colour
            run = 0
        ranks.append(text + (str(run) if run else ""))
    return "/".join(ranks)


def _read_placement(text: str) -> str:
    ranks = text.split("/")
    if len(ranks) != 8:
        raise ValueError(f"the placement needs 8 ranks separated by '/', not {len(ranks)}")
    rows = []
    for number, rank in zip(range(8, 0, -1), ranks, strict=True):
        row = ""
        for char in rank:
            if char not in "12345678RYBG":
                raise ValueError(f"rank {number} holds {char!r}; use R, Y, B, G for pieces and 1–8 for empty runs")
            row += EMPTY * int(char) if char.isdigit() else char
        if len(row) != 8:
            raise ValueError(f"rank {number} ({rank!r}) covers {len(row)} files, not 8")
        rows.append(row)
    return "".join(reversed(rows))  # the text starts at rank 8, the board at rank 1


class Cintos(Game):
    name = "cintos"
    title = "Cintos"
    player_counts = (2, 4)
    options: ClassVar[dict[str, Option]] = {
        "setup-2p": Option("classic-2p", ("classic-2p", "diagonal-2p"), "start layout of a 2-player game"),
        "numbers-by": Option("anyone", ("anyone", "mover"), "who may win an area by numbers"),
        "majority": Option("plurality", ("plurality", "absolute"), "what Victory by Numbers needs"),
        "repetition": Option("two-player", ("two-player", "off"), "threefold repetition draws 2-player games"),
        "quiet-limit": Option("100", (), "turns without a capture that end the game (≥ 20, or off)"),
        "turn-limit": Option("1000", (), "turns that end the game (≥ 100, or off)"),
    }

    # ---- set-up ---------------------------------------------------------------------------------------
    def _rules(self, players: int, options: dict[str, str] | None) -> tuple[Rules, str]:
        full = self.check_options(players, options)
        if players == 4 and full["setup-2p"] != "classic-2p":
            raise ValueError("setup-2p is for 2-player games; a 4-player game always starts from the 4-player setup")
        rules = Rules(full["numbers-by"], full["majority"], full["repetition"] if players == 2 else "two-player",
                      _limit("quiet-limit", full["quiet-limit"], 20), _limit("turn-limit", full["turn-limit"], 100))
        return rules, full["setup-2p"] if players == 2 else "4p"

    def setup(self, players: int, options: dict[str, str] | None = None) -> CintosState:
        rules, layout = self._rules(players, options)
        pieces, owners = SETUPS[layout]
        board = [EMPTY] * 64
        for colour, squares in pieces.items():
            for name in squares.split():
                board[SQUARE[name]] = colour
        text = "".join(board)
        seats = "RB" if players == 2 else "RYBG"
        history = (text + "R",) if players == 2 and rules.repetition == "two-player" else ()
        return CintosState(seats, text, owners, "R", 0, 0, (False,) * players, rules, history)

    # ---- whose turn --------------------------------------------------------------------------------------
    def players(self, state: CintosState) -> int:
        return len(state.seats)

    def seat_name(self, state: CintosState, seat: int) -> str:
        return COLOUR_NAMES[state.seats[seat]]

    def actors(self, state: CintosState) -> frozenset[int]:
        return frozenset() if state.to_move in "-=" else frozenset({state.seats.index(state.to_move)})

    def chance_outcomes(self, state: CintosState) -> list[tuple[Any, float]]:
        return []

    def _has_move(self, board: str, colour: str) -> bool:
        return any(board[t] == EMPTY for s in range(64) if board[s] == colour for t in NEIGHBOURS[s])

    def legal_actions(self, state: CintosState, seat: int) -> list[Move | Pass]:
        if state.to_move in "-=" or not 0 <= seat < len(state.seats) or state.seats[seat] != state.to_move:
            return []
        board, colour = state.board, state.to_move
        moves: list[Move | Pass] = [move for s in BY_LABEL if board[s] == colour
                                    for t, move in _MOVES[s] if board[t] == EMPTY]
        return moves or [PASS]

    def outcome(self, state: CintosState) -> Outcome | None:
        if state.to_move not in "-=":
            return None
        return _ending(state.seats, state.board, state.resigned, state.quiet, state.turns, state.rules,
                       state.to_move == "=")

    def automatic_action(self, state: CintosState) -> tuple[int, Pass] | None:
        """The server passes for a player to move who has no legal move (section 5.1)."""
        if state.to_move in "-=" or self._has_move(state.board, state.to_move):
            return None
        return state.seats.index(state.to_move), PASS

    # ---- checks shared by parse and apply -------------------------------------------------------------
    def _check_seat(self, state: CintosState, seat: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat < len(state.seats):
            raise _illegal("E_TURN", f"seat {seat} does not play in this game")
        if state.to_move in "-=":
            raise _illegal("E_OVER", "the game is over")

    def _check_turn(self, state: CintosState, seat: int) -> None:
        self._check_seat(state, seat)
        if state.seats[seat] != state.to_move:
            raise _illegal("E_TURN", f"it is {COLOUR_NAMES[state.to_move]}'s turn, not yours")

    def _check_move(self, state: CintosState, frm: int, to: int) -> None:
        board, colour = state.board, state.to_move
        if board[frm] != colour:
            mine = ", ".join(LABEL[s] for s in BY_LABEL if board[s] == colour)
            what = "empty" if board[frm] == EMPTY else f"a {COLOUR_NAMES[board[frm]]} piece"
            raise _illegal("E_NOT_YOURS", f"{LABEL[frm]} is {what}, not yours — your pieces are on {mine}")
        if to not in NEIGHBOURS[frm]:
            raise _illegal("E_NOT_ADJACENT", f"{LABEL[frm]} and {LABEL[to]} are not neighbours — a piece moves "
                           "one square up, down, left or right")
        if board[to] != EMPTY:
            raise _illegal("E_OCCUPIED", f"{LABEL[to]} is occupied — a piece moves only into an empty square")

    def _check_pass(self, state: CintosState, seat: int) -> None:
        self._check_turn(state, seat)
        if self._has_move(state.board, state.to_move):
            example = self.notation(state, self.legal_actions(state, seat)[0])
            raise _illegal("E_CANNOT_PASS", f"you cannot pass while you have a legal move, e.g. {example}")

    def _check_resign(self, state: CintosState, seat: int) -> None:
        self._check_seat(state, seat)
        if state.resigned[seat]:
            raise _illegal("E_TURN", "you have already resigned")
        if state.seats[seat] not in state.board:
            raise _illegal("E_TURN", "you have been eliminated")

    # ---- playing ----------------------------------------------------------------------------------------
    def apply(self, state: CintosState, action: Any, seat: int | None = None) -> CintosState:
        if seat is None:
            raise IllegalAction("Cintos has no chance moves: every action needs a seat")
        if isinstance(action, Resign):
            self._check_resign(state, seat)
            return self._resign(state, seat)
        if isinstance(action, Pass):
            self._check_pass(state, seat)
            return self._after_turn(state, state.board, state.owners, False, Last(seat, "pass"))
        if not isinstance(action, Move):
            raise IllegalAction(f"{action!r} is not a Cintos action")
        self._check_turn(state, seat)
        if not (0 <= action.frm < 64 and 0 <= action.to < 64):
            raise _illegal("E_NO_SQUARE", "that square is off the board")
        self._check_move(state, action.frm, action.to)
        return self._move(state, seat, action)

    def _move(self, state: CintosState, seat: int, move: Move) -> CintosState:
        colour = state.seats[seat]
        board = list(state.board)
        board[move.frm], board[move.to] = EMPTY, colour
        capturer, rule = _capture_test(board, state.owners, colour, move.to, state.rules)
        captured: tuple[int, ...] = ()
        if capturer is not None:
            captured = tuple(sq for sq in AREA[move.to] if board[sq] != EMPTY and board[sq] != capturer)
            for sq in captured:
                board[sq] = capturer
        text, owners, eliminated = "".join(board), state.owners, ()
        if captured:
            eliminated = tuple(i for i, c in enumerate(state.seats) if c in state.board and c not in text)
            gone = {state.seats[i] for i in eliminated}
            owners = "".join(capturer if owner in gone else owner for owner in owners)
        last = Last(seat, "move", move.frm, move.to, captured, rule if captured else None, eliminated)
        return self._after_turn(state, text, owners, bool(captured), last)

    def _after_turn(self, state: CintosState, board: str, owners: str, capture: bool, last: Last) -> CintosState:
        """Counters, then section 6's end checks (total victory, repetition, limits, resignation), then who moves."""
        quiet, turns = 0 if capture else state.quiet + 1, state.turns + 1
        following = _next_to_move(state.seats, board, state.resigned, last.seat)
        history = state.history
        if _repetition_on(state) and PIECES not in (board.count(c) for c in state.seats) \
                and history.count(board + following) >= 2:
            to_move = "="
        elif _ending(state.seats, board, state.resigned, quiet, turns, state.rules, False) is not None:
            to_move = "-"
        else:
            to_move = following
            if _repetition_on(state):
                history += (board + following,)
        return CintosState(state.seats, board, owners, to_move, quiet, turns, state.resigned, state.rules, history,
                           last)

    def _resign(self, state: CintosState, seat: int) -> CintosState:
        resigned = tuple(r or i == seat for i, r in enumerate(state.resigned))
        to_move = state.to_move
        if _ending(state.seats, state.board, resigned, state.quiet, state.turns, state.rules, False) is not None:
            to_move = "-"
        elif to_move == state.seats[seat]:
            to_move = _next_to_move(state.seats, state.board, resigned, seat)
        return CintosState(state.seats, state.board, state.owners, to_move, state.quiet, state.turns, resigned,
                           state.rules, state.history, Last(seat, "resign"))

    # ---- text ---------------------------------------------------------------------------------------------
    def parse(self, state: CintosState, text: str, seat: int) -> Move | Pass | Resign:
        word = squeeze(text)
        if word == "resign":
            self._check_resign(state, seat)
            return RESIGN
        if word == "pass":
            self._check_pass(state, seat)
            return PASS
        match = _MOVE_TEXT.fullmatch(word)
        if match is None:
            raise _illegal("E_SYNTAX", f"cannot read {text.strip()!r}: write a move as from-to (b2-b3) or as a square "
                           "and a direction (b2 up, g3r), or pass, or resign", NotationError)
        self._check_turn(state, seat)
        start = match[1] + match[2]
        if start not in SQUARE:
            raise _illegal("E_NO_SQUARE", f"{start} is off the board — squares run from a1 to h8")
        frm = SQUARE[start]
        if match[5]:
            df, dr = DIRECTIONS[match[5]]
            f, r = frm % 8 + df, frm // 8 + dr
            if not _on_board(f, r):
                way = next(name for name, step in DIRECTIONS.items() if step == (df, dr) and len(name) > 1)
                raise _illegal("E_NO_SQUARE", f"{start} {way} is off the board")
            to = f + 8 * r
        else:
            target = match[3] + match[4]
            if target not in SQUARE:
                raise _illegal("E_NO_SQUARE", f"{target} is off the board — squares run from a1 to h8")
            to = SQUARE[target]
        self._check_move(state, frm, to)
        return next(move for t, move in _MOVES[frm] if t == to)

    def notation(self, state: CintosState, action: Any) -> str:
        if isinstance(action, Move):
            return f"{LABEL[action.frm]}-{LABEL[action.to]}"
        if isinstance(action, Pass):
            return "pass"
        if isinstance(action, Resign):
            return "resign"
        raise ValueError(f"{action!r} is not a Cintos action")

    def describe(self, before: CintosState, action: Any, after: CintosState) -> str:
        """e.g. 'b3-c3: captures 2 (Victory by Numbers); Green is eliminated, Blue takes SW'."""
        last = after.last
        if last is None:
            return self.notation(before, action)
        name = COLOUR_NAMES[before.seats[last.seat]]
        if last.kind == "resign":
            return f"{name} resigns"
        if last.kind == "pass":
            return f"pass ({name} has no legal move)"
        text = self.notation(before, action)
        if last.captured:
            capturer = after.board[last.captured[0]]
            who = "" if capturer == before.seats[last.seat] else f"{COLOUR_NAMES[capturer]} "
            text += f": {who}captures {len(last.captured)} ({last.rule})"
            for seat in last.eliminated:
                text += f"; {COLOUR_NAMES[before.seats[seat]]} is eliminated"
            gained = [TERRITORIES[z] for z in range(4) if after.owners[z] != before.owners[z]]
            if gained:
                text += f", {COLOUR_NAMES[capturer]} takes {_and(gained)}"
        return text

    # ---- views and serialisation --------------------------------------------------------------------------
    def view(self, state: CintosState, seat: int | None) -> dict[str, Any]:
        """The same for every seat (perfect information). Keys:

        game, players, seat_names, seat_colours (letters R Y B G), actors, to_move (seat or None), turn (turns
        played), scores (pieces per seat), outcome, last (None or {seat, kind: move|pass|resign, from, to, area:
        the clipped 3×3 capture area of a move, captured, rule, eliminated}), board ({square: colour} for occupied
        squares), owners ({NW, NE, SE, SW: colour or None}), quiet, resigned and eliminated (bool per seat),
        options ({option: value}) and position (the canonical position text).
        """
        outcome = self.outcome(state)
        last = state.last
        last_view = None if last is None else {
            **last.to_json(), "area": [] if last.to is None else [LABEL[s] for s in AREA[last.to]]}
        players = len(state.seats)
        return {
            "game": self.name, "players": players,
            "seat_names": [COLOUR_NAMES[c] for c in state.seats], "seat_colours": list(state.seats),
            "actors": sorted(self.actors(state)),
            "to_move": None if state.to_move in "-=" else state.seats.index(state.to_move),
            "turn": state.turns, "scores": [state.board.count(c) for c in state.seats],
            "outcome": None if outcome is None else outcome.to_json(), "last": last_view,
            "board": {LABEL[s]: state.board[s] for s in BY_LABEL if state.board[s] != EMPTY},
            "owners": {TERRITORIES[z]: None if o == "-" else o for z, o in enumerate(state.owners)},
            "quiet": state.quiet, "resigned": list(state.resigned),
            "eliminated": [c not in state.board for c in state.seats],
            "options": {"setup-2p": "diagonal-2p" if players == 2 and "-" not in state.owners else "classic-2p",
                        **state.rules.values()},
            "position": self.position(state),
        }

    def position(self, state: CintosState) -> str:
        seats = "".join(c.lower() if r else c for c, r in zip(state.seats, state.resigned, strict=True))
        fields = [_placement(state.board), state.owners, state.to_move, str(state.quiet), seats, str(state.turns)]
        return " ".join(fields + state.rules.words())

    def from_position(self, text: str) -> CintosState:
        text = text.strip()
        fields = text.split(" ")
        if "" in fields:
            raise ValueError("the fields of a position are separated by single spaces")
        if len(fields) < 6:
            raise ValueError("a Cintos position needs: placement owners to-move quiet seats turns [options]")
        placement, owners, to_move, quiet, roster, turns, *words = fields
        seats = roster.upper()
        if seats not in ("RB", "RYBG"):
            raise ValueError(f"seats must be RB or RYBG (lower case for a resigned player), not {roster!r}")
        board = _read_placement(placement)
        if sum(board.count(c) for c in seats) != PIECES or any(c not in seats + EMPTY for c in board):
            raise ValueError(f"the board must hold exactly {PIECES} pieces, all of the colours {seats}")
        if len(owners) != 4 or any(o not in seats + "-" for o in owners):
            raise ValueError(f"owners must be 4 of {seats} or '-' (NW NE SE SW), not {owners!r}")
        if len(to_move) != 1 or to_move not in seats + "-=":
            raise ValueError(f"to-move must be one of {seats}, '-' or '=', not {to_move!r}")
        for name, value in (("quiet", quiet), ("turns", turns)):
            if not (value.isascii() and _DECIMAL.fullmatch(value)):
                raise ValueError(f"{name} must be a decimal number without sign or leading zeros, not {value!r}")
        given: dict[str, str] = {}
        for word in words:
            name, _, value = word.partition("=")
            if name not in OPTION_ORDER or not value or name in given:
                raise ValueError(f"unknown or repeated option {word!r}; options are {', '.join(OPTION_ORDER)}")
            given[name] = value
        rules, _ = self._rules(len(seats), given)
        resigned = tuple(c.islower() for c in roster)
        if len(seats) == 2 and all(resigned):
            raise ValueError("both players cannot have resigned")
        state = CintosState(seats, board, owners, to_move, int(quiet), int(turns), resigned, rules)
        over = _ending(seats, board, resigned, state.quiet, state.turns, rules, to_move == "=")
        if to_move == "=" and not _repetition_on(state):
            raise ValueError("'=' (a draw by repetition) needs a 2-player game with repetition on")
        if to_move == "-" and over is None:
            raise ValueError("to-move is '-' but nothing in the position ends the game")
        if to_move in seats:
            if over is not None:
                raise ValueError(f"the game is over ({over.reason}); to-move must be '-'")
            if to_move not in board or resigned[seats.index(to_move)]:
                raise ValueError(f"{COLOUR_NAMES[to_move]} cannot be to move: no pieces, or resigned")
            if _repetition_on(state):
                state = CintosState(seats, board, owners, to_move, state.quiet, state.turns, resigned, rules,
                                    (board + to_move,))
        canonical = self.position(state)
        if canonical != text:
            raise ValueError(f"position text is not canonical; write it as: {canonical}")
        return state

    def to_json(self, state: CintosState) -> dict[str, Any]:
        return {"position": self.position(state), "history": list(state.history),
                "last": None if state.last is None else state.last.to_json()}

    def from_json(self, data: dict[str, Any]) -> CintosState:
        state = self.from_position(data["position"])
        history = tuple(data.get("history", state.history))
        if any(not isinstance(key, str) or len(key) != 65 for key in history):
            raise ValueError("each history entry is a 64-square placement followed by the colour to move")
        last = None if data.get("last") is None else Last.from_json(data["last"])
        return CintosState(state.seats, state.board, state.owners, state.to_move, state.quiet, state.turns,
                           state.resigned, state.rules, history, last)


GAME = Cintos()
