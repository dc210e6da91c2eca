"""The Sinoda `Game`: set-up and options, the first-player chance node, turns, text and the renderer's view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from i18n import N_, _, ngettext
from rules.base import Action, Configuration, Game, IllegalAction, Option, Outcome, Resign, all_of, quote, whole_number
from rules.sinoda import moves
from rules.sinoda.board import board_for, start_cells
from rules.sinoda.notation import action_text, parse_position, position_text, read_action
from rules.sinoda.state import (
    DEFAULT_ROUND_LIMIT,
    MIN_ROUND_LIMIT,
    SEAT_NAMES,
    Change,
    First,
    Last,
    Move,
    SinodaState,
    teams_of,
)

REASON_WORDS = {"end": N_("game end"), "sinoda": N_("Win by Sinoda"), "round-limit": N_("round limit"),
                "resign": N_("resignation")}
TEAM_NUMERALS = ("I", "II", "III")  # team names: "Team I"; numerals, since seat initials (R, B, Y...) are letters
ACTORS = tuple(frozenset({seat}) for seat in range(len(SEAT_NAMES)))  # shared: `actors` is asked every turn


class Sinoda(Game):
    name: ClassVar[str] = "sinoda"
    title: ClassVar[str] = "Sinoda"
    goal = (
        "Score the most points. A pyramid moves exactly its top number (1–4) across triangles, and landing on "
        "an enemy captures it for its value; or turn one of your pyramids one up or down.")
    player_counts: ClassVar[tuple[int, ...]] = (2, 3, 4, 6)
    options: ClassVar[dict[str, Option]] = {
        "teams": Option("none", ("none", "2x2", "2x3", "3x2"),
                        "none (free-for-all); 2x2 for 4 players (corner flowers vs side flowers); "
                        "2x3 (alternate corners) or 3x2 (opposite corners) for 6 players"),
        "round-limit": Option(str(DEFAULT_ROUND_LIMIT), (),
                              f"rounds before the game is scored as it stands: an integer ≥ {MIN_ROUND_LIMIT}, "
                              "or off", off="off"),
        "sinoda-win": Option("on", ("on", "off"), "Win by Sinoda ends 2-player games early (2 players only)"),
    }

    # ---- set-up -----------------------------------------------------------------------------------------------
    def setup(self, players: int, options: dict[str, str] | None = None) -> SinodaState:
        full = self.check_options(players, options)
        teams = full["teams"]
        teams_of(players, teams)  # raises ValueError when the team mode does not fit the player count
        limit_text = full["round-limit"]
        if limit_text == "off":
            round_limit = None
        elif (number := whole_number(limit_text)) is not None and number >= MIN_ROUND_LIMIT:
            round_limit = number
        else:
            raise ValueError(_("round-limit must be an integer ≥ {least} or off, not {text}", least=MIN_ROUND_LIMIT,
                               text=quote(limit_text)))
        if full["sinoda-win"] == "off" and players != 2:
            raise ValueError(_("sinoda-win=off applies to 2-player games only (Win by Sinoda is 2-player only)"))
        board = board_for(players)
        cells: list[tuple[int, int] | None] = [None] * len(board)
        for seat, flower in enumerate(start_cells(players)):
            for i in flower:
                cells[i] = (seat, 1)
        zeros = (0,) * players
        return SinodaState(players, tuple(cells), None, zeros, zeros, 0, teams, round_limit,
                           full["sinoda-win"] == "on", None, ((),) * players)

    def configurations(self) -> list[Configuration]:
        """Every player count, every team mode, and the non-default sinoda-win and round-limit values."""
        return [
            Configuration(2), Configuration(3), Configuration(4), Configuration(6),
            Configuration(4, {"teams": "2x2"}), Configuration(6, {"teams": "2x3"}), Configuration(6, {"teams": "3x2"}),
            Configuration(2, {"sinoda-win": "off"}), Configuration(3, {"round-limit": "10"}),
            Configuration(2, {"round-limit": "off"}),
        ]

    def players(self, state: SinodaState) -> int:
        return state.players

    # ---- whose turn ---------------------------------------------------------------------------------------------
    def actors(self, state: SinodaState) -> frozenset[int]:
        if state.turn is None or moves.outcome(state) is not None:
            return frozenset()
        return ACTORS[state.turn]

    def chance_outcomes(self, state: SinodaState) -> list[tuple[Action, float]]:
        """Section 7: before the first action, `first S` for each seat with probability 1/N."""
        if state.turn is not None or moves.outcome(state) is not None:
            return []
        return [(First(seat), 1 / state.players) for seat in range(state.players)]

    def legal_actions(self, state: SinodaState, seat: int) -> list[Action]:
        return moves.legal_actions(state, seat)

    def apply(self, state: SinodaState, action: Action, seat: int | None = None) -> SinodaState:
        kind = type(action)
        if (kind is Move or kind is Change) and seat is not None and seat == state.turn \
                and moves.outcome(state) is None:
            return moves.play(state, action, seat)  # every check below passes
        over = moves.outcome(state) is not None
        if isinstance(action, First):
            if seat is not None:
                raise IllegalAction(_("the first player is drawn by the server, not chosen by a seat"))
            if over or state.turn is not None:
                raise IllegalAction(_("the first player has already been drawn"), code="E_TURN")
            if not 0 <= action.seat < state.players:
                raise IllegalAction(_("there is no seat {seat} in a {players}-player game", seat=action.seat + 1,
                                      players=state.players))
            return replace(state, turn=action.seat, last=Last(action.seat, "first"))
        if seat is None or not 0 <= seat < state.players:
            raise IllegalAction(_("seat {seat} is not playing this {players}-player game", seat=seat,
                                  players=state.players))
        if over:
            raise IllegalAction(_("the game is over"), code="E_OVER")
        if isinstance(action, Resign):
            return replace(state, resigned=seat, last=Last(seat, "resign"))
        if not isinstance(action, Change | Move):
            raise IllegalAction(_("{action} is not a Sinoda action", action=repr(action)))
        if state.turn is None:
            raise IllegalAction(_("the first player has not been drawn yet"), code="E_TURN")
        if state.turn != seat:
            mover = _(SEAT_NAMES[state.turn])
            raise IllegalAction(_("it is {colour}'s turn, not yours", colour=mover), code="E_TURN")
        return moves.play(state, action, seat)

    def outcome(self, state: SinodaState) -> Outcome | None:
        """Reasons: "end" (section 6.1), "sinoda" (Win by Sinoda), "round-limit", "resign".

        `winners` holds a lone winner, a winning team, or every player sharing the victory; it is empty when the
        victory is shared by everyone (a draw). `scores` are the points.
        """
        return moves.outcome(state)

    # ---- text -------------------------------------------------------------------------------------------------
    def parse(self, state: SinodaState, text: str, seat: int) -> Action:
        action = read_action(state.board, text)
        if isinstance(action, First):
            self.apply(state, action, None)
        else:
            self.apply(state, action, seat)
        return action

    def notation(self, state: SinodaState, action: Action) -> str:
        return action_text(action)

    def describe(self, before: SinodaState, action: Action, after: SinodaState) -> str:
        """The action in words, in the language spoken: 'c4-a2: captures 3 (game end)', 'Blue moves first'."""
        text = action_text(action)
        if isinstance(action, First):
            first = _(SEAT_NAMES[action.seat])
            text = _("{colour} moves first", colour=first)
        elif isinstance(action, Resign) and after.resigned is not None:
            resigner = _(SEAT_NAMES[after.resigned])
            return _("{colour} resigns", colour=resigner)
        elif after.last is not None and after.last.captured is not None:
            text = _("{move}: captures {value}", move=text, value=after.last.captured[1])
        result = moves.outcome(after)
        if result is not None and moves.outcome(before) is None:
            # Translators: an action and why it ended the game: "c4-a2: captures 3 (game end)".
            why = _(REASON_WORDS[result.reason])
            text = _("{action} ({reason})", action=text, reason=why)
        return text

    def seat_name(self, state: SinodaState, seat: int) -> str:
        return _(SEAT_NAMES[seat])

    # ---- results in words -------------------------------------------------------------------------------------
    reason_codes: ClassVar[tuple[str, ...]] = tuple(REASON_WORDS)

    def teams(self, view: Mapping[str, Any]) -> list[tuple[str, tuple[int, ...]]]:
        if view.get("team_mode", "none") == "none":
            return []
        return [(_("Team {numeral}", numeral=TEAM_NUMERALS[i]), tuple(team))
                for i, team in enumerate(view.get("teams") or [])]

    def reason_text(self, view: Mapping[str, Any], outcome: Mapping[str, Any], names: Sequence[str] = ()) -> str:
        # The view's colours, translated again: a view made in another language (or English) reads right here too.
        names, reason = [_(str(name)) for name in view["seat_names"]], outcome.get("reason")
        teams = view.get("team_mode", "none") != "none"
        if reason == "resign":
            who = view.get("resigned")
            return _("{colour} resigned", colour=names[who]) if who is not None else _("A player resigned")
        if reason == "sinoda":
            won = list(outcome.get("winners") or [])
            if len(won) == 1 and len(names) == 2:
                return _("{winner} leads by more than {loser} could still capture (Win by Sinoda)",
                         winner=names[won[0]], loser=names[1 - won[0]])
            return _("Win by Sinoda")
        if reason == "round-limit":
            limit = view.get("round_limit")
            if teams:
                return _("The round limit ({limit} rounds) is reached; the top scorer's team wins", limit=limit)
            return _("The round limit ({limit} rounds) is reached; scored on points", limit=limit)
        caps, counts = list(view.get("caps") or []), list(view.get("piece_counts") or [])
        capped = [names[s] for s, c in enumerate(caps) if c >= moves.CAPTURES_TO_END]
        bare = [names[s] for s, c in enumerate(counts) if c == 0]
        if capped:
            if teams:
                return _("{colours} made {n} captures; the top scorer's team wins", colours=all_of(capped),
                         n=moves.CAPTURES_TO_END)
            return _("{colours} made {n} captures; scored on points", colours=all_of(capped), n=moves.CAPTURES_TO_END)
        if bare:
            if teams:
                return ngettext("{colours} has no pieces left; the top scorer's team wins",
                                "{colours} have no pieces left; the top scorer's team wins", len(bare),
                                colours=all_of(bare))
            return ngettext("{colours} has no pieces left; scored on points",
                            "{colours} have no pieces left; scored on points", len(bare), colours=all_of(bare))
        if teams:
            return _("Every player is down to one piece; the top scorer's team wins")
        return _("Every player is down to one piece; scored on points")

    # ---- views and serialisation --------------------------------------------------------------------------------
    def view(self, state: SinodaState, seat: int | None) -> dict[str, Any]:
        """Perfect information: the same view for every seat. Seats are 0-based, cells are labels like "c4".

        Keys:
        - "game": "sinoda"; "players": N; "seat_names": colours, seat 0 first.
        - "actors": [seat to move] or [] (chance node, game over); "to_move": that seat or None.
        - "turn": actions played so far (= "actions"); "scores": points per seat (= "points").
        - "outcome": None or {"winners": [seats], "scores": [points], "reason": "end" | "sinoda" | "round-limit" |
          "resign"}; winners [] means everyone shares the victory (a draw).
        - "last": None or {"seat", "kind": "first" | "change" | "move" | "resign", "cell": the changed piece (change),
          "from"/"to": the move's ends, "path": every cell the move crossed, from and to included ([] otherwise),
          "value": the piece's value after a change or move, "captured": None or {"seat", "value"} taken on "to"}.
        - "board": "small" | "large"; "side": 2 | 3 (hexagon side in lattice units); "rows": the row letters.
        - "cells": every cell in label order: {"label", "row" (letter), "number", "up" (▲ if true, ▼ if false),
          "vertices": three [q, r] lattice vertices (draw at x = q + r/2, y = r·√3/2, y pointing up),
          "piece": None or {"seat", "value"}}.
        - "pieces": {label: {"seat", "value"}} for occupied cells only.
        - "start_cells": each seat's six start labels (its flower).
        - "teams": list of teams, each a list of seats (one seat per team in free-for-all); "team_mode": "none" |
          "2x2" | "2x3" | "3x2"; "team_of": per seat, the index of its team in "teams".
        - "points", "caps" (capture counts), "piece_counts": per seat.
        - "captured": per seat, the captured pieces' values in capture order, or None where unknown (the game was
          loaded from a position text, which records only points and counts).
        - "actions", "round_limit" (rounds, None for off), "sinoda_win" (bool), "resigned": seat or None.
        - "options": every option's value; "position": the canonical position text.
        """
        board = state.board
        result = moves.outcome(state)
        teams = teams_of(state.players, state.teams)
        cells = [
            {"label": label, "row": label[0], "number": number, "up": cell.kind == "U",
             "vertices": [[q, r] for q, r in vertices],
             "piece": None if piece is None else {"seat": piece[0], "value": piece[1]}}
            for label, number, cell, vertices, piece
            in zip(board.labels, board.numbers, board.cells, board.vertices, state.cells, strict=True)
        ]
        actors = sorted(self.actors(state))
        return {
            "game": self.name,
            "players": state.players,
            "seat_names": [_(name) for name in SEAT_NAMES[: state.players]],  # words: in the language spoken
            "actors": actors,
            "to_move": actors[0] if actors else None,
            "turn": state.actions,
            "scores": list(state.points),
            "outcome": None if result is None else result.to_json(),
            "last": _last_json(state.last),
            "board": board.name,
            "side": board.side,
            "rows": board.row_letters,
            "cells": cells,
            "pieces": {c["label"]: c["piece"] for c in cells if c["piece"] is not None},
            "start_cells": [[board.labels[i] for i in flower] for flower in start_cells(state.players)],
            "teams": [list(t) for t in teams],
            "team_mode": state.teams,
            "team_of": [next(k for k, t in enumerate(teams) if s in t) for s in range(state.players)],
            "points": list(state.points),
            "caps": list(state.caps),
            "piece_counts": list(state.piece_counts()),
            "captured": [None if c is None else list(c) for c in state.captured],
            "actions": state.actions,
            "round_limit": state.round_limit,
            "sinoda_win": state.sinoda_win,
            "resigned": state.resigned,
            "options": {"teams": state.teams,
                        "round-limit": "off" if state.round_limit is None else str(state.round_limit),
                        "sinoda-win": "on" if state.sinoda_win else "off"},
            "position": position_text(state),
        }

    def position(self, state: SinodaState) -> str:
        return position_text(state)

    def from_position(self, text: str) -> SinodaState:
        return parse_position(text)

    def to_json(self, state: SinodaState) -> dict[str, Any]:
        return {"position": position_text(state),
                "captured": [None if c is None else list(c) for c in state.captured],
                "last": _last_json(state.last)}

    def from_json(self, data: dict[str, Any]) -> SinodaState:
        state = parse_position(data["position"])
        captured = tuple(None if c is None else tuple(c) for c in data.get("captured") or state.captured)
        last = data.get("last")
        if last is not None:
            taken = last["captured"]
            last = Last(last["seat"], last["kind"], last["cell"] if last["kind"] == "change" else last["from"],
                        last["to"], tuple(last["path"]), last["value"],
                        None if taken is None else (taken["seat"], taken["value"]))
        return replace(state, captured=captured, last=last)


def _last_json(last: Last | None) -> dict[str, Any] | None:
    if last is None:
        return None
    return {
        "seat": last.seat,
        "kind": last.kind,
        "cell": last.cell if last.kind == "change" else None,
        "from": last.cell if last.kind == "move" else None,
        "to": last.target,
        "path": list(last.path),
        "value": last.value,
        "captured": None if last.captured is None else {"seat": last.captured[0], "value": last.captured[1]},
    }


GAME = Sinoda()
__all__ = ["GAME", "Sinoda"]
