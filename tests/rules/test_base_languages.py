"""The rules' shared words speak the language being spoken (issue 40): lists, quotes, the parse guard's and the
options' refusals, and words kept as facts (`Message`) worded where they are read."""

from __future__ import annotations

import json

import pytest

import i18n
from rules import GAMES, NotationError, RulesError
from rules.base import Message, all_of, one_of, player_word, quote, spoken


def test_lists_join_as_each_language_joins_them() -> None:
    assert all_of(["a", "b", "c"]) == "a, b and c" and one_of(["a", "b"]) == "a or b" and one_of([]) == "nothing"
    with i18n.speaking("de"):
        assert (all_of(["a", "b", "c"]), one_of(["a", "b", "c"]), one_of([])) == ("a, b und c", "a, b oder c", "nichts")
    with i18n.speaking("ja"):
        assert all_of(["a", "b", "c"]) == "a、b、c"  # Japanese lists with 、 throughout
    assert all_of(["solo"]) == "solo" and all_of([]) == ""


def test_a_long_quote_counts_its_characters_in_the_language_spoken() -> None:
    text = "x" * 60
    assert quote(text).endswith("(60 characters)")
    with i18n.speaking("fr"):
        assert quote(text).endswith("(60 caractères)")


def test_the_parse_guard_and_the_options_refuse_in_the_askers_language() -> None:
    game = GAMES["cintos"]
    state = game.setup(2)
    with i18n.speaking("de"), pytest.raises(NotationError) as long:
        game.parse(state, "a" * 600, 0)
    assert "kann nicht gelesen werden" in str(long.value) and long.value.code == "E_SYNTAX", long.value
    with i18n.speaking("de"), pytest.raises(ValueError) as players:
        game.check_options(7, None)
    assert str(players.value) == "Cintos ist für 2, 4 Spieler, nicht für 7", players.value
    with pytest.raises(ValueError) as english:
        game.check_options(7, None)
    assert str(english.value) == "Cintos is for 2, 4 players, not 7"


def test_a_message_is_worded_when_read_and_survives_json() -> None:
    message = Message("{seat} ran out of time and forfeits", {"seat": Message("Player {number}", {"number": 2})})
    error = RulesError(message, code="E_TEST")
    assert str(error) == "Player 2 ran out of time and forfeits"
    with i18n.speaking("de"):
        assert str(error) == "Spieler 2 hat die Zeit überschritten und verliert kampflos"  # the same error, read later
        assert spoken(message) == str(error) and player_word(0) == "Spieler 1"
    again = Message.from_json(json.loads(json.dumps(message.to_json())))
    assert again == message
    plural = Message("{players} wins", {"players": "ada & bob", "n": 2}, plural="{players} win")
    with i18n.speaking("fr"):
        assert str(plural) == "ada & bob gagnent"
    assert spoken(lambda: "made now") == "made now" and spoken("as it is") == "as it is"
