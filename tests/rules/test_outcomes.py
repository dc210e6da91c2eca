"""`rules.outcomes`: every game's every reason code reads as its own sentence; teams win as teams; ties are drawn."""

from __future__ import annotations

from typing import Any

import pytest

from rules import GAMES, RESIGN, Game
from rules.base import tidy
from rules.outcomes import ADJUDICATED, FORFEIT_KEY, MATCH_ENDINGS, ResultWords, result_words
from rules.results import ENDED_KEY
from rules.sakamichi.state import REASONS as SAKAMICHI_REASONS
from rules.sanae.position import _REASONS as SANAE_POSITION_REASONS
from rules.sinoda.game import REASON_WORDS as SINODA_REASONS

NAMES = ["ada", "bob", "cy", "di", "eve", "fay"]


def final_view(game: str, players: int, outcome: dict[str, Any], options: dict[str, str] | None = None
               ) -> dict[str, Any]:
    """A real view of a fresh game, with `outcome` in it: what the wording reads besides the outcome."""
    rules = GAMES[game]
    view = rules.view(rules.setup(players, options), None)
    return {**view, "outcome": {"scores": None, **outcome}}


def words(view: dict[str, Any], names: list[str] | None = None) -> ResultWords:
    found = result_words(view, NAMES[: view["players"]] if names is None else names)
    assert found is not None
    return found


# ---- every reason code -----------------------------------------------------------------------------------------
CODES = [pytest.param(game, code, id=f"{name}-{code}") for name, game in sorted(GAMES.items())
         for code in game.reason_codes]


def test_the_reason_codes_come_from_each_game() -> None:
    assert GAMES["sakamichi"].reason_codes == SAKAMICHI_REASONS  # the codes its position text accepts
    assert set(GAMES["sanae"].reason_codes) == set(SANAE_POSITION_REASONS)
    assert set(GAMES["sinoda"].reason_codes) == set(SINODA_REASONS)
    assert set(GAMES["bodsoi"].reason_codes) == {"bodsoi", "full", "stall", "empty", "resign"}  # spec 6.3
    assert len(CODES) == 5 + 6 + 5 + 4


@pytest.mark.parametrize(("game", "code"), CODES)
def test_every_reason_code_has_its_own_sentence(game: Game, code: str) -> None:
    for winners in ([0], [1], []):
        view = final_view(game.name, min(game.player_counts), {"winners": winners, "reason": code})
        reason = game.reason_text(view, view["outcome"], NAMES[: view["players"]])
        assert reason != tidy(code), f"{game.name} has no sentence for {code!r}"  # a new code needs its words
        # A capital first, unless the sentence starts with a player's name (Sakamichi names players, not colours).
        assert not reason[0].islower() or reason.split()[0].removesuffix("'s") in NAMES
        assert not reason.endswith(".") and "_" not in reason and code not in reason.split()
        assert words(view).sentence().endswith(f": {reason}.")


@pytest.mark.parametrize(("game", "reason", "winners", "expected"), [
    ("sanae", "void_captured", [1], "Blue captured the Void"),
    ("sanae", "no_moves", [0], "Blue had no legal move"),
    ("sanae", "quiet-limit", [], "No combat for 200 plies"),
    ("sanae", "resign", [0], "Blue resigned"),
    ("sakamichi", "stuck", [1], "ada had no legal action"),  # a Sakamichi seat is no colour: the player is named
    ("sakamichi", "pile_equal", [], "The pile ran out with equal hands"),
    ("sakamichi", "six-rows", [0], "ada's own line reached 6 rows"),
    ("sakamichi", "pile_more_tiles", [0], "The pile ran out and bob holds more tiles"),
    ("bodsoi", "bodsoi", [1], "Yellow made a Bodsoi, a path joining opposite edges"),
    ("bodsoi", "full", [0], "The board is full; best paths compared"),
    ("bodsoi", "full", [], "The board is full; best paths compared and equal"),
    ("sinoda", "round-limit", [0], "The round limit (100 rounds) is reached; scored on points"),
    ("sinoda", "sinoda", [1], "Blue leads by more than Red could still capture (Win by Sinoda)"),
    ("cintos", "threefold repetition: a draw", [], "The same position occurred for the third time"),
    ("cintos", "100 turns without a capture: Red has the most pieces", [0],
     "100 turns without a capture; Red has the most pieces"),
])
def test_reason_sentences(reason: str, game: str, winners: list[int], expected: str) -> None:
    assert words(final_view(game, 2, {"winners": winners, "reason": reason})).reason == expected


@pytest.mark.parametrize("code", GAMES["sakamichi"].reason_codes)
def test_no_sakamichi_result_says_p1_or_p2(code: str) -> None:
    for winners in ([0], [1], []):
        view = final_view("sakamichi", 2, {"winners": winners, "reason": code})
        for names in (NAMES[:2], ["", "  "]):  # blank names: "Player 1", never the notation's "P1"
            sentence = words(view, names).sentence()
            assert "P1" not in sentence and "P2" not in sentence, sentence
    late = words({**final_view("sakamichi", 2, {"winners": [1], "reason": "resign"}), FORFEIT_KEY: None},
                 NAMES[:2])
    assert "P1" not in late.sentence()


def test_a_sakamichi_forfeit_names_the_player_who_ran_out_of_time() -> None:
    view = {**final_view("sakamichi", 2, {"winners": [1], "reason": "resign", FORFEIT_KEY: [0]})}
    assert words(view).reason == "ada ran out of time and forfeits"
    view = {**final_view("sanae", 2, {"winners": [1], "reason": "resign", FORFEIT_KEY: [0]})}
    assert words(view).reason == "Red ran out of time and forfeits"  # a colour where the game has colours


def test_sanae_king_and_queen_draws_say_who_lost_them() -> None:
    view = final_view("sanae", 2, {"winners": [], "reason": "king_queen_draw"}, {"king-queen": "draw"})
    view["captured"] = ["", "KQF"]
    assert words(view).sentence() == "Drawn: Blue lost both King and Queen."
    view = final_view("sanae", 2, {"winners": [], "reason": "king_queen_draw"})
    view["captured"] = ["QNK", ""]
    assert words(view).reason == "Red captured the Void after losing both King and Queen, which only draws"


def test_sinoda_end_names_the_condition() -> None:
    view = final_view("sinoda", 3, {"winners": [2], "reason": "end"})
    view["caps"], view["piece_counts"] = [6, 2, 0], [3, 2, 4]
    assert words(view).sentence() == "cy wins: Red made 6 captures; scored on points."
    view["caps"], view["piece_counts"] = [0, 2, 0], [3, 0, 4]
    assert words(view).reason == "Blue has no pieces left; scored on points"


# ---- who won ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "mode", "winners", "expected"), [
    (4, "2x2", [0, 2], "Team I wins (ada & cy)"),
    (4, "2x2", [1, 3], "Team II wins (bob & di)"),
    (6, "2x3", [1, 3, 5], "Team II wins (bob, di & fay)"),
    (6, "3x2", [2, 5], "Team III wins (cy & fay)"),
    (6, "3x2", [0, 3, 2, 5], "Team I & Team III win"),  # teams tied after the tie-break share the victory
    (6, "3x2", [], "Drawn"),
])
def test_sinoda_teams_win_as_teams(players: int, mode: str, winners: list[int], expected: str) -> None:
    view = final_view("sinoda", players, {"winners": winners, "reason": "end"}, {"teams": mode})
    found = words(view)
    assert found.headline == expected
    assert found.winners == tuple(sorted(winners))
    assert found.short == expected.split(" (")[0]  # the image header's fallback when names crowd the reason


def test_bodsoi_sides_win_as_sides() -> None:
    view = final_view("bodsoi", 4, {"winners": [1, 3], "reason": "bodsoi"})
    assert words(view).sentence() == "Yellow wins (bob & di): Yellow made a Bodsoi, a path joining opposite edges."
    assert words(final_view("bodsoi", 2, {"winners": [0], "reason": "full"})).headline == "ada wins"


def test_a_two_player_tie_is_drawn() -> None:
    cintos = GAMES["cintos"]
    state = cintos.from_position("RRRR4/RRRR4/8/8/BBBB4/BBBB4/8/8 R-B- - 100 RB 121")
    found = words(cintos.view(state, None))
    assert (found.headline, found.winners) == ("Drawn", ())
    assert found.sentence() == "Drawn: 100 turns without a capture; Red and Blue share the most pieces."


def test_a_shared_win_of_some_names_them() -> None:
    view = final_view("cintos", 4, {"winners": [0, 2], "reason": "100 turns without a capture: x"})
    assert words(view).headline == "ada & cy win"
    view = final_view("sinoda", 3, {"winners": [0, 1], "reason": "end"})
    assert words(view).headline == "ada & bob win"
    assert words(final_view("sinoda", 3, {"winners": [0, 1, 2], "reason": "end"})).headline == "Drawn"


def test_missing_names_fall_back_to_the_seat_names() -> None:
    view = final_view("sanae", 2, {"winners": [1], "reason": "void_captured"})
    assert words(view, ["ada", " "]).headline == "Blue wins"


def test_no_result_while_the_game_runs() -> None:
    assert result_words(GAMES["cintos"].view(GAMES["cintos"].setup(2), None), NAMES) is None


# ---- endings the match service records ---------------------------------------------------------------------------
@pytest.mark.parametrize("reason", sorted(MATCH_ENDINGS))
def test_match_endings_are_sentences(reason: str) -> None:
    view = GAMES["sanae"].view(GAMES["sanae"].setup(2), None)
    stored: dict[str, Any] = {"winners": [], "scores": None, "reason": reason}
    found = result_words(view, NAMES, stored)
    assert found is not None and found.winners == ()
    assert found.headline in ("Drawn", "Aborted") and not found.reason[0].islower() and found.reason != reason
    assert result_words({**view, "match_outcome": stored}, NAMES) == found  # as Match.view hands it to a renderer
    assert result_words({"game": "sanae", "players": 2}, NAMES, stored) == found  # a lobby has no view


def test_a_timeout_forfeit_is_not_called_a_resignation() -> None:
    sakamichi = GAMES["sakamichi"]
    state = sakamichi.setup(2)
    while sakamichi.is_chance(state) or not sakamichi.actors(state):
        state = sakamichi.apply(state, sakamichi.chance_outcomes(state)[0][0], None)
    state = sakamichi.apply(state, RESIGN, 0)
    view = sakamichi.view(state, None)
    assert words(view).reason == "ada resigned"  # the player, not the notation's P1
    stored = {**view["outcome"], FORFEIT_KEY: [0]}
    found = result_words(view, NAMES[:2], stored)
    assert found is not None and found.sentence() == "bob wins: ada ran out of time and forfeits."
    both = result_words({**view, "outcome": {"winners": [], "reason": "resign"}}, NAMES[:2], {FORFEIT_KEY: [0, 1]})
    assert both is not None and both.sentence() == "Drawn: ada and bob ran out of time and forfeit."


def test_an_adjudicated_ending_names_the_winner_and_the_organiser() -> None:
    view = GAMES["cintos"].view(GAMES["cintos"].setup(2), None)  # the game itself has not ended
    decided = {"winners": [1], "scores": None, "reason": ADJUDICATED, ENDED_KEY: "adjudicated"}
    found = result_words(view, NAMES, decided)
    assert found is not None and found.sentence() == "bob wins: The tournament's organiser decided the result."
    drawn = result_words(view, NAMES, {**decided, "winners": []})
    assert drawn is not None and drawn.headline == "Drawn" and drawn.winners == ()
