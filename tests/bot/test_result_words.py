"""The result reads the same in the embed, the image header and /history: teams win as teams, ties are drawn, and
every reason is a sentence, never a code."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cogs.history import result_text
from cogs.tables import Tables
from data import MatchRecord, SeatRecord
from matches import Match
from render import RENDERERS, alt_text, text_board
from render.panels import display_names, reason_line, status_line
from rules import GAMES, RESIGN
from rules.outcomes import DRAW_AGREED, FORFEIT_KEY, result_words
from tests.bot.helpers import answer, open_match, person_at, world
from tests.render.test_phone import text_sizes

NAMES = ["ada", "bob", "cy", "di", "eve", "fay"]


def finished(game: str, position: str, status: str = "finished", outcome: dict[str, Any] | None = None) -> Match:
    """A match record around a position (no store): what the embed and /history word."""
    rules = GAMES[game]
    state = rules.from_position(position)
    players = rules.players(state)
    ended = rules.outcome(state)
    stored = outcome if outcome is not None else (ended.to_json() if ended else None)
    record = MatchRecord(id=7, game=game, guild_id=1, channel_id=2, message_id=None, creator_id=100, status=status,
                         players=players, options={}, state=rules.to_json(state), version=10, outcome=stored,
                         created_at=0.0, updated_at=0.0)
    seats = [SeatRecord(7, s, 100 + s, False, True) for s in range(players)]
    return Match(record, seats, rules, state)


def embed_line(match: Match) -> str:
    return Tables(None).status_line(match)  # type: ignore[arg-type]  # status_line never touches the bot


def header(match: Match) -> tuple[list[int], str, str]:
    """The image's header (chips, headline) and, as the third part, the reason written under the board."""
    view = match.view(None)
    names = display_names(view, NAMES[: match.players])
    seats, main, secondary = status_line(view, names)
    assert secondary == "" or not view.get("outcome")  # a result's reason is under the board, not in the header
    return seats, main, reason_line(view, names)


SEAT_ID = re.compile(r"\bP[1-6]\b")  # a seat as the notation calls it: no player is called that
ENDINGS = [pytest.param(name, code, id=f"{name}-{code}") for name in sorted(GAMES)
           for code in GAMES[name].reason_codes or ("resign",)]


@pytest.mark.parametrize(("game", "code"), ENDINGS)
def test_no_result_anywhere_calls_a_player_by_a_seat_id(game: str, code: str) -> None:
    """Every ending of every game, won by either seat, drawn, or by a forfeit, with names and without: the image
    (every word drawn on it), the alt text, the text board, the match message and /history never say P1 or P2."""
    rules = GAMES[game]
    players = min(rules.player_counts)
    start = rules.position(rules.setup(players))
    endings = [{"winners": winners, "reason": code} for winners in ([0], [1], [])]
    endings.append({"winners": [1], "reason": "resign", FORFEIT_KEY: [0]})
    for ending in endings:
        outcome = {"scores": None, **ending}
        view = {**rules.view(rules.from_position(start), None), "outcome": outcome}
        for names in (NAMES[:players], [""] * players):
            with text_sizes() as drawn:
                RENDERERS[game](view, names, 7)
            texts = [text for text, _ in drawn] + [alt_text(view, names, 7), text_board(view, names, 7)]
            assert drawn and not [text for text in texts if SEAT_ID.search(text)], (ending, names)
        match = finished(game, start, outcome=outcome)
        for text in (embed_line(match), result_text(match)):
            assert "Game over" in text or ":" in text
            assert not SEAT_ID.search(text), text


SINODA_TEAMS = "large|a1=1|b5=1|c7=1|-|turn=1|pts=5,0,3,0|caps=0,0,0,0|actions=40|teams=2x2"
CINTOS_TIE = "RRRR4/RRRR4/8/8/BBBB4/BBBB4/8/8 R-B- - 100 RB 121"


def test_a_team_wins_as_a_team_in_the_embed_and_the_image() -> None:
    match = finished("sinoda", SINODA_TEAMS)
    seats, main, secondary = header(match)
    assert (seats, main) == ([0, 2], "Team I wins (ada & cy)")
    assert "draw" not in main.lower()
    line = embed_line(match)
    assert "Team I wins (<@100> (Red) & <@102> (Yellow))" in line
    assert "Green has no pieces left" in line and "Green has no pieces left" in secondary


def test_a_two_player_tie_is_drawn_in_the_embed_and_the_image() -> None:
    match = finished("cintos", CINTOS_TIE)
    assert header(match)[:2] == ([], "Drawn")
    line = embed_line(match)
    assert "Drawn" in line and " win" not in line
    assert result_text(match).startswith("Drawn: ")


def test_reasons_read_as_sentences_not_codes() -> None:
    sanae = GAMES["sanae"]
    state = sanae.from_position(
        "options king-queen=flag-draw quiet-limit=200 zed-prompt=any-unused zed-range=4 board=lens93 ; phase over ; "
        "setup red=ready blue=ready ; first blue ; turn blue ; pending - ; quiet 0 ; captured red=- blue=- ; "
        "stones R1.06=bN* B1.06=bV ; result blue void_captured")
    record_position = sanae.position(state)
    match = finished("sanae", record_position)
    for text in (embed_line(match), result_text(match), header(match)[2]):  # embed, /history, the image
        assert "void_captured" not in text
        assert "Blue captured the Void" in text, text


def test_an_agreed_draw_reads_alike_everywhere() -> None:
    rules = GAMES["cintos"]
    start = rules.position(rules.from_position("RRRR4/RRRR4/8/8/BBBB4/BBBB4/8/8 R-B- R 3 RB 20"))
    match = finished("cintos", start, outcome={"winners": [], "scores": None, "reason": DRAW_AGREED})
    words = result_words(match.view(None), NAMES)
    assert words is not None and words.sentence() == "Drawn: The players agreed to a draw."
    assert header(match)[1] == "Drawn"
    assert "Drawn: The players agreed to a draw." in embed_line(match)
    assert result_text(match) == "Drawn: The players agreed to a draw."


@pytest.mark.parametrize("game", ["sanae", "sakamichi", "bodsoi", "cintos", "sinoda"])
def test_embed_and_image_name_the_same_result_after_a_resignation(game: str) -> None:
    rules = GAMES[game]
    state = rules.setup(2 if 2 in rules.player_counts else min(rules.player_counts))
    while rules.is_chance(state):
        state = rules.apply(state, rules.chance_outcomes(state)[0][0], None)
    seat = min(rules.actors(state)) if rules.actors(state) else 0
    state = rules.apply(state, RESIGN, seat)
    match = finished(game, rules.position(state))
    view = match.view(None)
    names = display_names(view, NAMES[: match.players])
    words = result_words(view, names)
    assert words is not None
    assert header(match)[1] == words.headline and header(match)[2] == words.reason + "."
    # The embed words the same result with mentions for names (Sakamichi names the player who resigned).
    mentioned = result_words(view, [f"<@{match.user_at(s)}>" for s in range(match.players)])
    assert mentioned is not None and mentioned.reason in embed_line(match)
    assert "resign" in words.reason.lower() and words.reason != "resign"


async def test_a_team_game_on_the_bot_ends_in_the_same_words_in_the_message_and_the_image(simcord_env: Any) -> None:
    channel, people = world(simcord_env, players=4)
    match = await open_match(simcord_env, "sinoda", channel, people, options="teams=2x2")
    loser = person_at(match, people, 1)  # Blue, Team II
    confirm = await loser.slash(channel, "sinoda resign")
    await loser.click(answer(confirm), label="Yes, resign")
    assert match.status == "finished"
    winners = [f"<@{match.user_at(s)}> ({match.seat_name(s)})" for s in (0, 2)]
    final = channel.last_message.embeds[0].description
    assert f"**Game over.** Team I wins ({winners[0]} & {winners[1]}): Blue resigned." in final
    names = await simcord_env.bot.service.names(match)
    view = match.view(None)
    shown = display_names(view, names)
    seats, main, _ = status_line(view, shown)  # what the posted image's header says, and under the board
    assert (seats, main) == ([0, 2], f"Team I wins ({names[0]} & {names[2]})")
    assert reason_line(view, shown) == "Blue resigned."
