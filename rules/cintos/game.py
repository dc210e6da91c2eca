"""Cintos on the shared interface: turns, notation, views, position text and JSON."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from i18n import _, ngettext
from rules.base import RESIGN, Game, IllegalAction, NotationError, Option, Outcome, Resign, all_of, quote, squeeze
from rules.cintos.board import (
    AREA,
    BY_LABEL,
    COLOUR_NAMES,
    DECIMAL,
    DIRECTIONS,
    EMPTY,
    LABEL,
    MOVE_TEXT,
    MOVE_TO,
    MOVE_WORDS,
    NEIGHBOURS,
    OPTION_ORDER,
    PASS,
    PIECES,
    SETUPS,
    SQUARE,
    TERRITORIES,
    Move,
    Pass,
    illegal,
    on_board,
    territory_word,
)
from rules.cintos.moves import AREA_BITS, BIT, has_move, legal_moves
from rules.cintos.state import (
    AREA_OF,
    NO_HISTORY,
    OPTIONS,
    PIECE_KEYS,
    TO_MOVE_KEYS,
    CintosState,
    History,
    Last,
    Rules,
    area_capture,
    ending_of,
    history_json,
    make_state,
    next_to_move,
    placement_text,
    position_hash,
    read_limit,
    read_placement,
    repetition_on,
)

_new = tuple.__new__  # a state or Last from all its fields, without the Python-level __new__ of a NamedTuple
# Seats in turn after each seat (itself last), by player count.
_CLOCKWISE = {n: tuple(tuple((seat + step) % n for step in range(1, n + 1)) for seat in range(n)) for n in (2, 4)}
# Seats -> colour to move -> the actors, made once.
# (players, options as given) -> what `Cintos._rules` gave for them.
_RULES_SEEN: dict[tuple[int, tuple[tuple[str, str], ...]], tuple[Rules, str]] = {}
# (seats, resigned) -> the seats field of the position text, a resigned player's colour in lower case.
_ROSTERS = {(seats, resigned): "".join(c.lower() if r else c for c, r in zip(seats, resigned, strict=True))
            for seats in ("RB", "RYBG") for resigned in itertools.product((False, True), repeat=len(seats))}
_ACTORS = {seats: {"-": frozenset(), "=": frozenset(), **{c: frozenset({i}) for i, c in enumerate(seats)}}
           for seats in ("RB", "RYBG")}


@functools.lru_cache(maxsize=1 << 10)
def board_view(board: str) -> dict[str, str]:
    """A view's board, {square: colour} for the occupied squares in label order: remembered, as a state is viewed by
    every seat (callers get a copy: the one remembered is never handed out)."""
    return {LABEL[s]: board[s] for s in BY_LABEL if board[s] != EMPTY}


class Cintos(Game):
    name = "cintos"
    title = "Cintos"
    goal = (
        "Own every piece. Slide a piece one square; whoever has the most pieces in the 3×3 area around where "
        "it lands turns all of them to their colour.")
    player_counts = (2, 4)
    options: ClassVar[dict[str, Option]] = OPTIONS

    # ---- set-up ---------------------------------------------------------------------------------------
    def _rules(self, players: int, options: dict[str, str] | None) -> tuple[Rules, str]:
        # Every position read back checks its options: what text options met before gave is remembered (Rules is
        # immutable: one serves every state); anything else is checked afresh.
        given = tuple(options.items()) if type(options) is dict else ()
        remember = type(players) is int and (options is None or type(options) is dict) \
            and all(type(name) is str and type(value) is str for name, value in given)
        if remember and (players, given) in _RULES_SEEN:
            return _RULES_SEEN[players, given]
        found = self._checked_rules(players, options)
        if remember:
            if len(_RULES_SEEN) >= 1 << 10:
                _RULES_SEEN.clear()
            _RULES_SEEN[players, given] = found
        return found

    def _checked_rules(self, players: int, options: dict[str, str] | None) -> tuple[Rules, str]:
        full = self.check_options(players, options)
        if players == 4 and full["setup-2p"] != "classic-2p":
            raise ValueError(_("setup-2p is for 2-player games; a 4-player game always starts from the 4-player "
                               "setup"))
        rules = Rules(full["numbers-by"], full["majority"], full["repetition"] if players == 2 else "two-player",
                      read_limit("quiet-limit", full["quiet-limit"], 20),
                      read_limit("turn-limit", full["turn-limit"], 100))
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
        history = History((position_hash(text, "R"),)) if players == 2 and rules.repetition == "two-player" \
            else NO_HISTORY
        return make_state(seats, text, owners, "R", 0, 0, (False,) * players, rules, history)

    # ---- whose turn --------------------------------------------------------------------------------------
    def players(self, state: CintosState) -> int:
        return len(state.seats)

    def seat_name(self, state: CintosState, seat: int) -> str:
        return _(COLOUR_NAMES[state.seats[seat]])


    def reason_text(self, view: Mapping[str, Any], outcome: Mapping[str, Any], names: Sequence[str] = ()) -> str:
        """Why the game ended, in the language being spoken, from the outcome's facts (its reason is English, as
        stored: only its kind is read here); a semicolon, not a second colon, after the cause of a limit, since the
        sentence follows "Drawn:"."""
        reason = str(outcome.get("reason") or "")
        colours = [_(str(name)) for name in view.get("seat_names") or []]  # as made in any language
        scores = [int(n) for n in outcome.get("scores") or view.get("scores") or []]
        winners = sorted(int(s) for s in outcome.get("winners") or [])
        resigned = list(view.get("resigned") or [])
        best = all_of([colours[s] for s in winners if s < len(colours)])
        options = view.get("options") or {}
        if PIECES in scores and scores.index(PIECES) < len(colours):
            return _("{colour} owns all {n} pieces", colour=colours[scores.index(PIECES)], n=PIECES)
        if reason.startswith("threefold repetition"):
            return _("The same position occurred for the third time")
        if reason.endswith(" resigned") and True in resigned and resigned.index(True) < len(colours):
            return _("{colour} resigned", colour=colours[resigned.index(True)])
        if reason.startswith("no player who has not resigned"):
            return _("No player who has not resigned has pieces left")
        if reason.startswith("every other player"):
            return _("Every other player has resigned or been eliminated")
        if " turns without a capture" in reason:
            limit = options.get("quiet-limit")
            return ngettext("{limit} turns without a capture; {colours} has the most pieces",
                            "{limit} turns without a capture; {colours} share the most pieces", len(winners),
                            limit=limit, colours=best)
        if reason.startswith("the turn limit"):
            limit = options.get("turn-limit")
            return ngettext("The turn limit of {limit} is reached; {colours} has the most pieces",
                            "The turn limit of {limit} is reached; {colours} share the most pieces", len(winners),
                            limit=limit, colours=best)
        return super().reason_text(view, outcome, names).replace(": ", "; ", 1)

    def actors(self, state: CintosState) -> frozenset[int]:
        return _ACTORS[state.seats][state.to_move]

    def chance_outcomes(self, state: CintosState) -> list[tuple[Any, float]]:
        return []

    def legal_actions(self, state: CintosState, seat: int) -> list[Move] | list[Pass]:
        if state.seats[seat:seat + 1] != state.to_move:  # not this seat's turn (or no such seat, or game over)
            return []
        return legal_moves(state.masks[seat], state.occupied) or [PASS]

    def outcome(self, state: CintosState) -> Outcome | None:
        if state.to_move not in "-=":
            return None
        return ending_of(state.seats, state.board, state.resigned, state.quiet, state.turns, state.rules,
                       state.to_move == "=")

    def automatic_action(self, state: CintosState) -> tuple[int, Pass] | None:
        """The server passes for a player to move who has no legal move (section 5.1)."""
        if state.to_move in "-=" or has_move(state.masks[state.seats.index(state.to_move)], state.occupied):
            return None
        return state.seats.index(state.to_move), PASS

    # ---- checks shared by parse and apply -------------------------------------------------------------
    def _check_seat(self, state: CintosState, seat: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat < len(state.seats):
            raise illegal("E_TURN", _("seat {seat} does not play in this game", seat=seat))
        if state.to_move in "-=":
            raise illegal("E_OVER", _("the game is over"))

    def _check_turn(self, state: CintosState, seat: int) -> None:
        self._check_seat(state, seat)
        if state.seats[seat] != state.to_move:
            mover = _(COLOUR_NAMES[state.to_move])
            raise illegal("E_TURN", _("it is {colour}'s turn, not yours", colour=mover))

    def _check_move(self, state: CintosState, frm: int, to: int) -> None:
        board, colour = state.board, state.to_move
        if board[frm] != colour:
            mine = ", ".join(LABEL[s] for s in BY_LABEL if board[s] == colour)
            if board[frm] == EMPTY:
                why = _("{square} is empty, not yours — your pieces are on {squares}", square=LABEL[frm], squares=mine)
            else:
                owner = _(COLOUR_NAMES[board[frm]])
                why = _("{square} is a {colour} piece, not yours — your pieces are on {squares}", square=LABEL[frm],
                        colour=owner, squares=mine)
            raise illegal("E_NOT_YOURS", why)
        if to not in NEIGHBOURS[frm]:
            raise illegal("E_NOT_ADJACENT", _("{start} and {end} are not neighbours — a piece moves one square up, "
                                               "down, left or right", start=LABEL[frm], end=LABEL[to]))
        if board[to] != EMPTY:
            raise illegal("E_OCCUPIED", _("{square} is occupied — a piece moves only into an empty square",
                                           square=LABEL[to]))

    def _check_pass(self, state: CintosState, seat: int) -> None:
        self._check_turn(state, seat)
        if has_move(state.masks[seat], state.occupied):
            example = self.notation(state, self.legal_actions(state, seat)[0])
            raise illegal("E_CANNOT_PASS", _("you cannot pass while you have a legal move, e.g. {move}",
                                              move=example))

    def _check_resign(self, state: CintosState, seat: int) -> None:
        self._check_seat(state, seat)
        if state.resigned[seat]:
            raise illegal("E_TURN", _("you have already resigned"))
        if state.seats[seat] not in state.board:
            raise illegal("E_TURN", _("you have been eliminated"))

    # ---- playing ----------------------------------------------------------------------------------------
    def apply(self, state: CintosState, action: Any, seat: int | None = None) -> CintosState:
        # A legal move (what playouts and searches send) in one test; anything else takes the checks below, in the
        # order that decides which error a bad action gets.
        if type(action) is Move and type(seat) is int and 0 <= seat < len(state.seats):
            frm, to, board = action.frm, action.to, state.board
            if state.seats[seat] == state.to_move and 0 <= frm < 64 and board[frm] == state.to_move \
                    and to in NEIGHBOURS[frm] and board[to] == EMPTY:
                return self._move(state, seat, frm, to)
        if seat is None:
            raise IllegalAction(_("Cintos has no chance moves: every action needs a seat"))
        if isinstance(action, Resign):
            self._check_resign(state, seat)
            return self._resign(state, seat)
        if isinstance(action, Pass):
            self._check_pass(state, seat)
            return self._after_turn(state, state.board, state.owners, False, Last(seat, "pass"), state.masks,
                                    state.occupied)
        if not isinstance(action, Move):
            raise IllegalAction(_("{action} is not a Cintos action", action=repr(action)))
        self._check_turn(state, seat)
        if not (0 <= action.frm < 64 and 0 <= action.to < 64):
            raise illegal("E_NO_SQUARE", _("that square is off the board"))
        self._check_move(state, action.frm, action.to)
        return self._move(state, seat, action.frm, action.to)

    def _move(self, state: CintosState, seat: int, frm: int, to: int) -> CintosState:
        _, before, owners, colour, _, _, _, _, _, _, masks, occupied = state
        # The new board in slices (two characters change), the mover's mask by two bits.
        if frm < to:
            board = before[:frm] + EMPTY + before[frm + 1:to] + colour + before[to + 1:]
        else:
            board = before[:to] + colour + before[to + 1:frm] + EMPTY + before[frm + 1:]
        step = BIT[frm] | BIT[to]
        after = list(masks)
        after[seat] ^= step
        # Only a piece of another colour in the area can change colour: else the capture test cannot change a thing.
        if AREA_BITS[to] & (occupied ^ masks[seat]):
            rules = state.rules
            found = area_capture(to, AREA_OF[to](board), owners, colour, rules.numbers_by, rules.majority)
            if found is not None:
                capturer, rule, captured = found
                return self._capture(state, seat, frm, to, board, after, capturer, rule, captured)
        return self._after_turn(state, board, owners, False, _new(Last, (seat, "move", frm, to, (), None, ())),
                                tuple(after), occupied ^ step)

    def _capture(self, state: CintosState, seat: int, frm: int, to: int, board: str, after: list[int],
                 capturer: str, rule: str, captured: tuple[int, ...]) -> CintosState:
        """The pieces of `captured` (on the board after the step, masks `after`) turn `capturer`; eliminated players'
        territories go to the capturer."""
        seats, owners = state.seats, state.owners
        gains = seats.index(capturer)
        for sq in captured:  # mostly one square: slices beat a list of 64
            after[seats.index(board[sq])] ^= BIT[sq]
            after[gains] |= BIT[sq]
            board = board[:sq] + capturer + board[sq + 1:]
        eliminated: tuple[int, ...] = ()
        if not all(after):
            eliminated = tuple(i for i in range(len(seats)) if state.masks[i] and not after[i])
            gone = {seats[i] for i in eliminated}
            owners = "".join(capturer if owner in gone else owner for owner in owners)
        return self._after_turn(state, board, owners, True,
                                _new(Last, (seat, "move", frm, to, captured, rule, eliminated)), tuple(after),
                                state.occupied ^ BIT[frm] ^ BIT[to])

    def _after_turn(self, state: CintosState, board: str, owners: str, capture: bool, last: Last,
                    masks: tuple[int, ...], occupied: int) -> CintosState:
        """Counters, then section 6's end checks (total victory, repetition, limits, resignation), then who moves."""
        seats, _, _, _, quiet, turns, resigned, rules, history, _, _, _ = state
        quiet, turns = 0 if capture else quiet + 1, turns + 1
        following = "-"  # the next colour clockwise that still has pieces and has not resigned
        for i in _CLOCKWISE[len(seats)][last.seat]:
            if masks[i] and not resigned[i]:
                following = seats[i]
                break
        # Only an elimination changes who has pieces (total victory eliminates the last other colour), so without
        # one, of section 6 only the limits can newly apply (the state before was not over).
        eliminated = bool(last.eliminated)
        ending = eliminated or quiet >= rules.quiet_cap or turns >= rules.turn_cap
        longer: History | None = history
        if len(seats) == 2 and rules.repetition == "two-player":
            # The new position's hash from the last one's by XORs of the keys that changed (state.position_hash).
            mover, before = state.to_move, state.board
            _, _, frm, to, captured, _, _ = last
            key = history.last
            if key is None:  # a history made without the current position's hash (only `make_state`'s default)
                key = position_hash(before, mover)
            key ^= TO_MOVE_KEYS[mover] ^ TO_MOVE_KEYS[following]
            if frm is not None and to is not None:  # a move (a pass has neither square)
                keys = PIECE_KEYS[mover]
                key ^= keys[frm] ^ keys[to]
                for sq in captured:  # the square stepped to was empty before: the mover's piece changed colour
                    key ^= PIECE_KEYS[mover if sq == to else before[sq]][sq] ^ PIECE_KEYS[board[sq]][sq]
            # Repetition, unless a capture won outright (total victory comes first); None: the third time.
            if not eliminated or PIECES not in (board.count(c) for c in seats):
                longer = history.extended(key)
            else:
                longer = history.add(key)
        if longer is None:
            to_move = "="
        elif ending and ending_of(seats, board, resigned, quiet, turns, rules, False) is not None:
            to_move = "-"
        else:
            to_move, history = following, longer
        return _new(CintosState, (seats, board, owners, to_move, quiet, turns, resigned, rules, history, last, masks,
                                  occupied))

    def _resign(self, state: CintosState, seat: int) -> CintosState:
        resigned = tuple(r or i == seat for i, r in enumerate(state.resigned))
        to_move = state.to_move
        if ending_of(state.seats, state.board, resigned, state.quiet, state.turns, state.rules, False) is not None:
            to_move = "-"
        elif to_move == state.seats[seat]:
            to_move = next_to_move(state.seats, state.board, resigned, seat)
        return CintosState(state.seats, state.board, state.owners, to_move, state.quiet, state.turns, resigned,
                           state.rules, state.history, Last(seat, "resign"), state.masks, state.occupied)

    # ---- text ---------------------------------------------------------------------------------------------
    def parse(self, state: CintosState, text: str, seat: int) -> Move | Pass | Resign:
        word = squeeze(text)
        if word == "resign":
            self._check_resign(state, seat)
            return RESIGN
        if word == "pass":
            self._check_pass(state, seat)
            return PASS
        squares = MOVE_WORDS.get(word)
        if squares is not None:  # the usual text: two squares of the board, checked as below, without the pattern
            frm, to = squares
            board, colour = state.board, state.to_move
            # A legal move (the usual answer) in one test, as `apply` does; else the checks, in their order.
            if type(seat) is int and 0 <= seat < len(state.seats) and state.seats[seat] == colour \
                    and board[frm] == colour and board[to] == EMPTY and to in NEIGHBOURS[frm]:
                return MOVE_TO[frm][to]
            self._check_turn(state, seat)
            self._check_move(state, frm, to)
            return MOVE_TO[frm][to]
        match = MOVE_TEXT.fullmatch(word)
        if match is None:
            raise illegal("E_SYNTAX", _("cannot read {text}: write a move as from-to (b2-b3) or as a square and a "
                                         "direction (b2 up, g3r), or pass, or resign", text=quote(text.strip())),
                           NotationError)
        self._check_turn(state, seat)
        start = match[1] + match[2]
        if start not in SQUARE:
            raise illegal("E_NO_SQUARE", _("{square} is off the board — squares run from a1 to h8", square=start))
        frm = SQUARE[start]
        if match[5]:
            df, dr = DIRECTIONS[match[5]]
            f, r = frm % 8 + df, frm // 8 + dr
            if not on_board(f, r):
                way = next(name for name, step in DIRECTIONS.items() if step == (df, dr) and len(name) > 1)
                raise illegal("E_NO_SQUARE", _("{square} {direction} is off the board", square=start, direction=way))
            to = f + 8 * r
        else:
            target = match[3] + match[4]
            if target not in SQUARE:
                raise illegal("E_NO_SQUARE", _("{square} is off the board — squares run from a1 to h8",
                                                square=target))
            to = SQUARE[target]
        self._check_move(state, frm, to)
        return MOVE_TO[frm][to]

    def notation(self, state: CintosState, action: Any) -> str:
        if isinstance(action, Move):
            return f"{LABEL[action.frm]}-{LABEL[action.to]}"
        if isinstance(action, Pass):
            return "pass"
        if isinstance(action, Resign):
            return "resign"
        raise ValueError(f"{action!r} is not a Cintos action")

    def describe(self, before: CintosState, action: Any, after: CintosState) -> str:
        """e.g. 'b3-c3: captures 2 (Victory by Numbers); Green is eliminated, Blue takes SW', in the language
        spoken (moves and territories as written)."""
        last = after.last
        if last is None:
            return self.notation(before, action)
        name = _(COLOUR_NAMES[before.seats[last.seat]])
        if last.kind == "resign":
            return _("{colour} resigns", colour=name)
        if last.kind == "pass":
            return _("pass ({colour} has no legal move)", colour=name)
        text = self.notation(before, action)
        if last.captured:
            capturer = after.board[last.captured[0]]
            rule = _(last.rule or "")
            if capturer == before.seats[last.seat]:
                text = ngettext("{move}: captures {n} ({rule})", "{move}: captures {n} ({rule})", len(last.captured),
                                move=text, rule=rule)
            else:
                taker = _(COLOUR_NAMES[capturer])
                text = ngettext("{move}: {colour} captures {n} ({rule})", "{move}: {colour} captures {n} ({rule})",
                                len(last.captured), move=text, colour=taker, rule=rule)
            for seat in last.eliminated:
                out = _(COLOUR_NAMES[before.seats[seat]])
                text = _("{action}; {colour} is eliminated", action=text, colour=out)
            gained = [territory_word(TERRITORIES[z]) for z in range(4) if after.owners[z] != before.owners[z]]
            if gained:
                taker = _(COLOUR_NAMES[capturer])
                text = _("{action}, {colour} takes {territories}", action=text, colour=taker,
                         territories=all_of(gained))
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
            "seat_names": [_(COLOUR_NAMES[c]) for c in state.seats], "seat_colours": list(state.seats),
            "actors": sorted(self.actors(state)),
            "to_move": None if state.to_move in "-=" else state.seats.index(state.to_move),
            "turn": state.turns, "scores": [state.board.count(c) for c in state.seats],
            "outcome": None if outcome is None else outcome.to_json(), "last": last_view,
            "board": board_view(state.board).copy(),
            "owners": {TERRITORIES[z]: None if o == "-" else o for z, o in enumerate(state.owners)},
            "quiet": state.quiet, "resigned": list(state.resigned),
            "eliminated": [c not in state.board for c in state.seats],
            "options": {"setup-2p": "diagonal-2p" if players == 2 and "-" not in state.owners else "classic-2p",
                        **state.rules.values()},
            "position": self.position(state),
        }

    def position(self, state: CintosState) -> str:
        seats = _ROSTERS.get((state.seats, state.resigned)) \
            or "".join(c.lower() if r else c for c, r in zip(state.seats, state.resigned, strict=True))
        return " ".join((placement_text(state.board), state.owners, state.to_move, str(state.quiet), seats,
                         str(state.turns), *state.rules.word_items))

    def from_position(self, text: str) -> CintosState:
        # A state's text is read back with each read of its snapshot, often more than once a move: a text read
        # before gives the state it gave (states are immutable), as Sanae's `read_position` does; anything refused
        # is read (and refused) again, since lru_cache keeps no exceptions.
        return _position_read(self, text) if type(text) is str else self._read_position(text)

    def _read_position(self, text: str) -> CintosState:
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
        board = read_placement(placement)
        # 16 pieces of the seats' colours and nothing else but empty squares, counted by a C call per colour.
        pieces = sum(map(board.count, seats))
        if pieces != PIECES or pieces + board.count(EMPTY) != len(board):
            raise ValueError(f"the board must hold exactly {PIECES} pieces, all of the colours {seats}")
        if len(owners) != 4 or any(o not in seats + "-" for o in owners):
            raise ValueError(f"owners must be 4 of {seats} or '-' (NW NE SE SW), not {owners!r}")
        if len(to_move) != 1 or to_move not in seats + "-=":
            raise ValueError(f"to-move must be one of {seats}, '-' or '=', not {to_move!r}")
        for name, value in (("quiet", quiet), ("turns", turns)):
            if not (value.isascii() and DECIMAL.fullmatch(value)):
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
        state = make_state(seats, board, owners, to_move, int(quiet), int(turns), resigned, rules)
        over = ending_of(seats, board, resigned, state.quiet, state.turns, rules, to_move == "=")
        if to_move == "=" and not repetition_on(state):
            raise ValueError("'=' (a draw by repetition) needs a 2-player game with repetition on")
        if to_move == "-" and over is None:
            raise ValueError("to-move is '-' but nothing in the position ends the game")
        if to_move in seats:
            if over is not None:
                raise ValueError(f"the game is over ({over.reason}); to-move must be '-'")
            if to_move not in board or resigned[seats.index(to_move)]:
                raise ValueError(f"{COLOUR_NAMES[to_move]} cannot be to move: no pieces, or resigned")
            if repetition_on(state):
                state = make_state(seats, board, owners, to_move, state.quiet, state.turns, resigned, rules,
                                   History((position_hash(board, to_move),)))
        canonical = self.position(state)
        if canonical != text:
            raise ValueError(f"position text is not canonical; write it as: {canonical}")
        return state

    def to_json(self, state: CintosState) -> dict[str, Any]:
        return {"position": self.position(state), "history": history_json(state.history),
                "last": None if state.last is None else state.last.to_json()}

    def from_json(self, data: dict[str, Any]) -> CintosState:
        """Also reads the snapshots written before histories were hashed (issue 14), whose history entries are
        65-character positions."""
        state = self.from_position(data["position"])
        history = state.history
        if "history" in data:
            history = History.read(data["history"], position_hash(state.board, state.to_move))
        last = None if data.get("last") is None else Last.from_json(data["last"])
        return make_state(state.seats, state.board, state.owners, state.to_move, state.quiet, state.turns,
                          state.resigned, state.rules, history, last)


@functools.lru_cache(maxsize=1 << 10)
def _position_read(game: Cintos, text: str) -> CintosState:
    """`game.from_position(text)`, remembered."""
    return game._read_position(text)


GAME = Cintos()
