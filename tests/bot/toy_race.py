"""Race, a toy sixth game for tests/bot/test_toy_game_bot.py: everything a game brings besides its one entry.

Two players race along a track of `LENGTH` squares, each turn stepping 1 or 2 squares forward; the first to reach
the end wins. In a real game each part lives in its own layer's package (rules/<game>/, render/<game>/, cogs/); here
they are sections of one module, which the entry names for every role.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.base import GameCog
from cogs.host import host
from games import Computer, Entry, Help
from render.kit import Canvas, Chip, chip
from render.panels import HEADER_HEIGHT, MARGIN, display_names, header
from render.words import GameText, seat_names, text_names
from rules.base import RESIGN, Action, Game, IllegalAction, NotationError, Outcome, Resign, State, quote, squeeze

NAME = "race"
LENGTH = 7
COLOURS = ("Red", "Blue")


# ---- rules (rules/<game>/) -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Step:
    squares: int


@dataclass(frozen=True)
class RaceState:
    places: tuple[int, int] = (0, 0)
    to_move: int = 0
    turn: int = 0
    last: tuple[int, int] | None = None  # (seat, squares)
    resigned: int | None = None


class Race(Game):
    name = NAME
    title = "Race"
    goal = f"Be the first to reach square {LENGTH}. Each turn step 1 or 2 squares forward."
    player_counts = (2,)
    reason_codes = ("finish",)

    def setup(self, players: int, options: dict[str, str] | None = None) -> RaceState:
        self.check_options(players, options)
        return RaceState()

    def actors(self, state: RaceState) -> frozenset[int]:
        return frozenset() if self.outcome(state) is not None else frozenset({state.to_move})

    def chance_outcomes(self, state: RaceState) -> list[tuple[Action, float]]:
        return []

    def legal_actions(self, state: RaceState, seat: int) -> list[Action]:
        if seat not in self.actors(state):
            return []
        return [Step(n) for n in (1, 2) if state.places[seat] + n <= LENGTH]

    def apply(self, state: RaceState, action: Action, seat: int | None = None) -> RaceState:
        if isinstance(action, Resign) and seat is not None:
            return RaceState(state.places, state.to_move, state.turn, state.last, seat)
        if seat is None or action not in self.legal_actions(state, seat):
            raise IllegalAction(f"{self.notation(state, action)} is not a legal step now", code="E_ILLEGAL")
        places = list(state.places)
        places[seat] += action.squares
        return RaceState((places[0], places[1]), 1 - seat, state.turn + 1, (seat, action.squares))

    def outcome(self, state: RaceState) -> Outcome | None:
        if state.resigned is not None:
            return Outcome(frozenset({1 - state.resigned}), None, "resign")
        for seat, place in enumerate(state.places):
            if place >= LENGTH:
                return Outcome(frozenset({seat}), state.places, "finish")
        return None

    def reason_text(self, view: Any, outcome: Any, names: Sequence[str] = ()) -> str:
        return "reached the end of the track" if outcome.get("reason") == "finish" else "resigned"

    def parse(self, state: RaceState, text: str, seat: int) -> Action:
        word = squeeze(text)
        if word == "resign":
            return RESIGN
        if word not in ("1", "2"):
            raise NotationError(f"cannot read {quote(text)}: step 1 or 2", code="E_SYNTAX")
        step = Step(int(word))
        if step not in self.legal_actions(state, seat):
            raise IllegalAction(f"you cannot step {word} now", code="E_ILLEGAL")
        return step

    def notation(self, state: RaceState, action: Action) -> str:
        return "resign" if isinstance(action, Resign) else str(action.squares)

    def seat_name(self, state: RaceState, seat: int) -> str:
        return COLOURS[seat]

    def view(self, state: RaceState, seat: int | None) -> dict[str, Any]:
        outcome = self.outcome(state)
        return {"game": NAME, "players": 2, "seat_names": list(COLOURS), "actors": sorted(self.actors(state)),
                "turn": state.turn, "scores": list(state.places), "places": list(state.places),
                "outcome": outcome.to_json() if outcome else None,
                "last": None if state.last is None else {"seat": state.last[0], "squares": state.last[1]}}

    def position(self, state: RaceState) -> str:
        return f"{state.places[0]} {state.places[1]} {state.to_move} {state.turn}"

    def from_position(self, text: str) -> RaceState:
        red, blue, to_move, turn = (int(word) for word in text.split())
        return RaceState((red, blue), to_move, turn)

    def to_json(self, state: RaceState) -> dict[str, Any]:
        return {"places": list(state.places), "to_move": state.to_move, "turn": state.turn,
                "last": None if state.last is None else list(state.last), "resigned": state.resigned}

    def from_json(self, data: dict[str, Any]) -> RaceState:
        last = data.get("last")
        places = data["places"]
        return RaceState((places[0], places[1]), data["to_move"], data["turn"],
                         None if last is None else (last[0], last[1]), data.get("resigned"))

    def players(self, state: State) -> int:
        return 2


GAME = Race()


# ---- the board image (render/<game>/board.py) ------------------------------------------------------------------
CELL = 60


def seat_chips(view: dict[str, Any]) -> list[Chip]:
    return [chip(colour) for colour in COLOURS]


def render_board(view: dict[str, Any], names: Sequence[str], match_id: int | None = None) -> bytes:
    canvas = Canvas(2 * MARGIN + LENGTH * CELL + CELL, HEADER_HEIGHT + 3 * CELL)
    chips = seat_chips(view)
    header(canvas, view, display_names(view, names), GAME.title, chips, match_id)
    for seat, place in enumerate(view["places"]):
        y = HEADER_HEIGHT + CELL * (seat + 1)
        canvas.chip((MARGIN + place * CELL + CELL / 2, y), CELL / 3, chips[seat])
    return canvas.png()


# ---- the text board (render/<game>/text.py) --------------------------------------------------------------------
def last(view: dict[str, Any], names: Sequence[str]) -> str:
    moved = view.get("last")
    if not moved:
        return ""
    return f"{text_names(view, names)[moved['seat']]} stepped {moved['squares']}"


def facts(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    return [f"{who} on square {place} of {LENGTH}" for who, place in zip(seat_names(view, names), view["places"],
                                                                        strict=False)]


def board(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    return ["".join(COLOURS[seat][0] if square == place else "." for square in range(LENGTH + 1))
            for seat, place in enumerate(view["places"])]


TEXT = GameText(last=last, facts=facts, board=board)


# ---- the cog (cogs/<game>.py) ----------------------------------------------------------------------------------
class RaceCog(GameCog, group_name=NAME, group_description="Race: the first to the end of the track wins"):
    game_name = NAME
    rules_summary = f"**Goal:** reach square {LENGTH} first.\n**Turn:** `/race step step:1` or `step:2`."

    @app_commands.command(name="step", description="Step 1 or 2 squares forward")
    @app_commands.describe(step="1 or 2 (autocomplete lists your legal steps)",
                           match="Match number (default: your match here)")
    async def step(self, interaction: discord.Interaction, step: str, match: int | None = None) -> None:
        await self.play(interaction, step, match)

    @step.autocomplete("step")
    async def step_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        return await self.action_choices(interaction, current)

    step.autocomplete("match")(GameCog.match_autocomplete)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RaceCog(host(bot)))


# ---- its one entry (games/<game>.py) ---------------------------------------------------------------------------
ENTRY = Entry(
    name=NAME,
    rules=__name__,  # this module for every role; a real game names one module per layer
    board=__name__,
    text=__name__,
    rules_picture=None,
    cog=__name__,
    help=Help(players="2", phases=(("Your turn", "Step forward: `/race step step:1` or `step:2`."),)),
    computer=Computer(rollout=4, scale=2.0),
)
