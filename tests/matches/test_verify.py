"""Dice anyone can verify, on the service: the commitment at the start, the secret kept while the match runs, the
seed revealed at the end, and the check of a finished match (in the service and offline from its export)."""

from __future__ import annotations

import copy
import hashlib
import json
import os
import random
from pathlib import Path

import pytest
import pytest_asyncio

from data import Store
from matches import MatchService, Refusal, history
from matches.verify import WHAT_IT_PROVES, main, verify_record
from tests import forked

ADA, BOB = 11, 22


@pytest_asyncio.fixture
async def service(tmp_path: Path):
    store = await Store.open(tmp_path / "v.sqlite3")
    yield MatchService(store, rng=random.Random(8))
    await store.close()


async def started(service: MatchService, game: str):
    match = await service.create(game, guild_id=1, channel_id=2, creator_id=ADA, players=2)
    await service.join(match.id, BOB)
    return (await service.start(match.id, ADA)).match


async def play_some(service: MatchService, match, moves: int) -> None:
    rng = random.Random(3)
    for _ in range(moves):
        if match.outcome() is not None:
            return
        user = match.user_at(match.actors()[0])
        await service.act(match.id, user, rng.choice(await service.legal_texts(match.id, user)))


async def test_running_match_hides_the_seed_everywhere(service: MatchService) -> None:
    match = await started(service, "sakamichi")
    await play_some(service, match, 3)
    seed = match.record.seed
    assert seed is not None and len(bytes.fromhex(seed)) == 32
    assert match.record.commitment == hashlib.sha256(bytes.fromhex(seed)).hexdigest()
    assert seed not in repr(match.record)
    shown = [json.dumps(match.view(s), default=str) for s in (None, 0, 1)]
    shown += [json.dumps([line.__dict__ for line in await history.history(service, match.id, u)], default=str)
              for u in (None, ADA, BOB)]
    shown += [e.text for e in await service.store.log(match.id, with_seat_draw=True)]
    dice = await history.dice_record(service, match)
    assert dice is not None and "seed" not in dice and dice["commitment"] == match.record.commitment
    shown.append(json.dumps(dice))
    assert not any(seed in text for text in shown)
    with pytest.raises(Refusal, match="secret"):
        await history.verify_match(service, match.id, ADA, 1)
    with pytest.raises(Refusal):
        await history.export_record(service, match.id)


async def test_finished_match_verifies_and_tampering_fails(service: MatchService, tmp_path: Path) -> None:
    match = await started(service, "sakamichi")
    await play_some(service, match, 6)
    await service.resign(match.id, ADA)
    verdict = await history.verify_match(service, match.id, BOB, 1)
    chance_lines = [e for e in await service.store.log(match.id) if e.seat is None]
    assert verdict.ok and verdict.checked == len(chance_lines) + 1 > 10, verdict  # + the seat draw
    record = await history.export_record(service, match.id)
    assert record["dice"]["seed"] == match.record.seed and record["dice"]["seat_draw"].startswith("seats ")
    assert verify_record(record).ok
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    assert main([str(path)]) == 0
    # The command itself, as a user runs it: the verdict, then what it proves and does not, in /verify's words.
    ran = forked.run(["-m", "matches.verify", str(path)], cwd=Path(__file__).parents[2], env=os.environ,
                     timeout=120)
    assert ran.returncode == 0 and ran.stdout.startswith(f"match #{match.id}: OK."), ran
    for heading, words in WHAT_IT_PROVES:
        assert f"{heading}: {words}\n" in ran.stdout

    # One chance line changed to another outcome: the check names that line.
    tampered = copy.deepcopy(record)
    line = next(entry for entry in tampered["log"] if entry["seat"] is None and entry["n"] > 3)
    game = match.game
    state = await history.state_at(service, match.id, line["n"] - 1)
    others = [game.notation(state, a) for a, _ in game.chance_outcomes(state)]
    line["text"] = next(t for t in others if t != line["text"])
    bad = verify_record(tampered)
    assert not bad.ok and bad.line == line["n"], bad
    path.write_text(json.dumps(tampered))
    assert main([str(path)]) == 1

    # Another seed: it fails the commitment; with a matching commitment, the first draw disagrees instead.
    forged = copy.deepcopy(record)
    forged["dice"]["seed"] = bytes(32).hex()
    assert not verify_record(forged).ok and "commitment" in verify_record(forged).summary()
    forged["dice"]["commitment"] = hashlib.sha256(bytes(32)).hexdigest()
    assert not verify_record(forged).ok


async def test_sinoda_first_player_draw_and_seat_draw_verify(service: MatchService) -> None:
    match = await started(service, "sinoda")
    [first] = [e for e in await service.store.log(match.id) if e.seat is None]
    assert first.n == 1 and first.text.startswith("first ")
    await service.resign(match.id, BOB)
    verdict = await history.verify_match(service, match.id, ADA, 1)
    assert verdict.ok and verdict.checked == 2


async def test_match_from_before_verifiable_dice_still_loads(service: MatchService) -> None:
    match = await started(service, "sinoda")
    await service.store.conn.execute("UPDATE matches SET seed = NULL, commitment = NULL WHERE id = ?", (match.id,))
    await service.store.conn.execute("DELETE FROM actions WHERE match_id = ? AND n = 0", (match.id,))
    fresh = MatchService(service.store, rng=random.Random(1))
    again = await fresh.get(match.id)
    assert again.record.commitment is None and await history.dice_record(fresh, again) is None
    await fresh.resign(match.id, BOB)  # plays on with the service's generator
    assert await fresh.replay(match.id) == again.state
    with pytest.raises(Refusal, match="before verifiable dice"):
        await history.verify_match(fresh, match.id, ADA, 1)


async def test_a_lobby_closed_before_it_started_has_nothing_to_verify(service: MatchService) -> None:
    lobby = await service.create("sinoda", guild_id=1, channel_id=2, creator_id=ADA, players=2)
    with pytest.raises(Refusal, match="still open"):
        await history.verify_match(service, lobby.id, ADA, 1)
    await service.leave(lobby.id, ADA)
    with pytest.raises(Refusal, match="before it started"):
        await history.verify_match(service, lobby.id, ADA, 1)


async def test_a_deleted_seat_draw_fails_the_check(service: MatchService, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Line 0 is required and recomputed: without it neither /verify nor the offline check passes."""
    match = await started(service, "sakamichi")
    await play_some(service, match, 4)
    await service.resign(match.id, ADA)
    record = await history.export_record(service, match.id)
    assert verify_record(record).ok

    cut = copy.deepcopy(record)
    del cut["dice"]["seat_draw"]  # the export with line 0 deleted
    verdict = verify_record(cut)
    assert not verdict.ok and verdict.line == 0 and "missing" in verdict.summary(), verdict
    assert verdict.expected == record["dice"]["seat_draw"]  # it says what the seed gives there
    path = tmp_path / "cut.json"
    path.write_text(json.dumps(cut))
    assert main([str(path)]) == 1
    assert "FAILED" in capsys.readouterr().out

    await service.store.conn.execute("DELETE FROM actions WHERE match_id = ? AND n = 0", (match.id,))
    verdict = await history.verify_match(service, match.id, BOB, 1)
    assert not verdict.ok and verdict.line == 0 and "missing" in verdict.summary(), verdict


async def test_a_seat_draw_from_another_seed_fails(service: MatchService) -> None:
    match = await started(service, "cintos")
    await service.resign(match.id, ADA)
    record = await history.export_record(service, match.id)
    drawn = record["dice"]["seat_draw"]
    record["dice"]["seat_draw"] = "seats 0 1" if drawn == "seats 1 0" else "seats 1 0"
    verdict = verify_record(record)
    assert not verdict.ok and verdict.line == 0 and verdict.expected == drawn


async def test_a_paired_match_says_its_seats_were_fixed(service: MatchService) -> None:
    """A tournament's match is seated as paired: line 0 says `seats fixed`, and the check says so. Outside a
    tournament that line is refused (a drawn seat order replaced by it would otherwise go unnoticed)."""
    from tournaments import TournamentService

    tournaments = TournamentService(service, rng=random.Random(2))
    event = await tournaments.create("sinoda", "swiss", guild_id=1, channel_id=2, organiser_id=ADA, rounds=1)
    await tournaments.join(event.id, ADA)
    await tournaments.join(event.id, BOB)
    event = await tournaments.start(event.id, ADA, organiser=True)
    [table] = event.round_tables()
    assert table.match_id is not None
    [line0] = [e for e in await service.store.log(table.match_id, with_seat_draw=True) if e.n == 0]
    assert line0.text == "seats fixed"
    await service.resign(table.match_id, ADA)
    verdict = await history.verify_match(service, table.match_id, ADA, 1)
    assert verdict.ok and verdict.fixed_seats and "fixed by the pairing" in verdict.summary(), verdict
    assert verdict.checked == 1  # Sinoda's first-player roll; nothing drawn at line 0

    alone = (await service.create_seated("sinoda", guild_id=1, channel_id=2, creator_id=ADA,
                                         users=[ADA, BOB])).match
    await service.resign(alone.id, BOB)
    verdict = await history.verify_match(service, alone.id, ADA, 1)
    assert not verdict.ok and verdict.line == 0 and "no tournament match" in verdict.summary()
