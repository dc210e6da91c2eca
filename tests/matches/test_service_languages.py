"""The match service speaks the language of whoever is answered (issue 40): a refusal raised in the service comes out
in the asker's language, an event's and a result's words are made where they are shown, and what is stored (the log's
notation, the outcome's reason codes, the dice) is the same whatever language the match was played in."""

from __future__ import annotations

import random

import pytest

import i18n
from matches import MatchService, Refusal
from matches.history import export_record, history, verify_match
from rules.outcomes import DRAW_AGREED

ADA, BOB, CY = 11, 22, 33
NAMES = ["ada", "bob"]


async def started(service: MatchService, **kwargs):
    match = await service.create("cintos", guild_id=1, channel_id=2, creator_id=ADA, players=2, **kwargs)
    await service.join(match.id, BOB)
    return (await service.start(match.id, ADA)).match


async def test_a_german_asker_is_refused_in_german_and_an_english_one_in_english(setup) -> None:
    service, _ = setup
    match = await started(service)
    version = match.record.version
    waiting = match.user_at(1 - match.actors()[0])
    with i18n.speaking("de"), pytest.raises(Refusal) as german:
        await service.act(match.id, waiting, "a1-a2")
    with pytest.raises(Refusal) as english:
        await service.act(match.id, waiting, "a1-a2")
    assert german.value.message.startswith(f"Du bist in Partie #{match.id} nicht am Zug"), german.value.message
    assert english.value.message.startswith(f"It is not your turn in match #{match.id}"), english.value.message

    with i18n.speaking("de"), pytest.raises(Refusal) as full:
        await service.join(match.id, CY)
    assert full.value.message == f"Partie #{match.id} hat schon begonnen.", full.value.message
    with i18n.speaking("ja"), pytest.raises(Refusal) as unknown:
        await service.create("chess", guild_id=1, channel_id=2, creator_id=ADA, players=2)
    assert unknown.value.message.startswith("不明なゲーム 'chess' です。"), unknown.value.message
    assert (await service.get(match.id)).record.version == version  # the refusals changed nothing


async def test_an_event_is_worded_where_it_is_shown_not_where_it_happened(setup) -> None:
    """The scheduler ends a match on time (in English, as a background task speaks); the board post of a German server
    and the English log read the same event each in its own language."""
    service, clock = setup
    match = await started(service, time_control=60, timeout_rule="forfeit")
    late = match.actors()[0]
    clock.now += 61
    turn = await service.timeout(match.id)
    assert turn is not None and turn.events
    forfeit = turn.events[0]
    with i18n.speaking("de"):
        german, german_line = forfeit.description, forfeit.public
        result = match.result_words(NAMES)
    assert forfeit.description == f"{match.seat_name(late)} ran out of time and forfeits"
    assert german.endswith("hat die Zeit überschritten und verliert kampflos"), german
    assert (german_line, forfeit.public) == ("Zeitüberschreitung", "timeout")
    assert result is not None and result.headline == f"{NAMES[1 - late]} gewinnt", result
    assert result.reason.endswith("hat die Zeit überschritten und verliert kampflos"), result


async def test_an_agreed_draw_is_stored_as_facts_and_worded_in_each_language(setup) -> None:
    """Agreed in German, stored as the same reason code as ever, read in German and in English."""
    service, _ = setup
    match = await started(service)
    with i18n.speaking("de"):
        await service.offer_draw(match.id, ADA)
        await service.answer_draw(match.id, BOB, accept=True)
    found = await MatchService(service.store, rng=random.Random(2), clock=service.core.clock).get(match.id)
    assert found.record.outcome is not None and found.record.outcome["reason"] == DRAW_AGREED == "draw agreed"
    with i18n.speaking("de"):
        german = found.result_words(NAMES)
        german_record = await export_record(service, match.id)
    english = found.result_words(NAMES)
    assert german is not None and german.sentence() == "Unentschieden: Die Spieler haben sich auf ein Remis geeinigt."
    assert english is not None and english.sentence() == "Drawn: The players agreed to a draw."
    english_record = await export_record(service, match.id)
    assert (german_record["language"], english_record["language"]) == ("de", "en")
    assert german_record["result"] == "Unentschieden: Die Spieler haben sich auf ein Remis geeinigt."
    # Only the human words differ: the log, the outcome, the position and the dice are the same facts.
    facts = ("log", "outcome", "final_position", "dice", "options", "players", "game")
    assert {k: german_record[k] for k in facts} == {k: english_record[k] for k in facts}


async def test_a_match_played_in_german_stores_what_one_played_in_english_stores(tmp_path) -> None:
    """Same seed, same moves, one in each language: the same log lines, state, outcome and dice commitment; its
    history reads the same notation, and /verify passes in both (its verdict in the asker's language)."""
    from data import Store
    from tests.matches.helpers import FakeClock

    stored = []
    for code in ("en", "de"):
        store = await Store.open(tmp_path / f"{code}.sqlite3")
        service = MatchService(store, rng=random.Random(7), clock=FakeClock())
        with i18n.speaking(code):
            match = await started(service)
            for _turn in range(6):
                seat = match.actors()[0]
                legal = await service.legal_texts(match.id, match.user_at(seat))
                await service.act(match.id, match.user_at(seat), legal[0])
            await service.resign(match.id, BOB)
            lines = [(e.n, e.seat, e.user_id, e.text) for e in await service.store.log(match.id)]
            seen = [(line.n, line.text) for line in await history(service, match.id, None)]
            verdict = await verify_match(service, match.id, ADA, 1)
            stored.append((lines, seen, match.record.state, match.record.outcome, match.record.commitment,
                           verdict.ok, verdict.summary()))
        await store.close()
    english, german = stored
    assert english[:6] == german[:6] and english[5] is True
    # Cintos draws only the seats: one draw, in each language's singular
    assert english[6].startswith("The random draw agrees with the revealed seed"), english[6]
    assert german[6].startswith("Die Zufallsziehung stimmt mit dem offengelegten Seed überein"), german[6]
