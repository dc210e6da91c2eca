"""Match history: the log as each viewer may read it, past positions, and exported records that replay."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import pytest_asyncio

from data import LogEntry, Store
from matches import Match, MatchService, Refusal
from matches.history import export_record, history, line_kind, public_views, replay_record, settled, state_at
from rules import GAMES

ADA, BOB, EVE = 11, 22, 99


@pytest_asyncio.fixture
async def service(tmp_path: Path):
    store = await Store.open(tmp_path / "h.sqlite3")
    yield MatchService(store, rng=random.Random(4))
    await store.close()


async def started(service: MatchService, game: str, **options: str) -> Match:
    match = await service.create(game, guild_id=1, channel_id=2, creator_id=ADA, players=2, options=options)
    await service.join(match.id, BOB)
    return (await service.start(match.id, ADA)).match


async def play(service: MatchService, match: Match, turns: int, rng: random.Random) -> None:
    for _ in range(turns):
        (seat,) = match.actors()
        user = match.user_at(seat)
        await service.act(match.id, user, rng.choice(await service.legal_texts(match.id, user)))


async def test_secret_draws_read_only_by_their_owner_until_the_end(service: MatchService) -> None:
    match = await started(service, "bodsoi")
    await play(service, match, 4, random.Random(1))
    log = await service.store.log(match.id)
    drawer_of = {}  # line number of each draw -> the seat that drew it
    for entry in log:
        if entry.seat is None:
            assert entry.text.startswith("draw ")
            # the drawer plays next (the last draw's owner is the seat to act now)
            drawer_of[entry.n] = next((e.seat for e in log if e.n > entry.n and e.seat is not None),
                                      match.actors()[0])
    assert len(drawer_of) >= 4 and set(drawer_of.values()) == {0, 1}

    for viewer in (match.user_at(0), match.user_at(1), EVE, None):
        seat = match.seat_of(viewer) if viewer is not None else None
        lines = await history(service, match.id, viewer)
        assert [line.n for line in lines] == [e.n for e in log]
        for line, entry in zip(lines, log, strict=True):
            if line.n in drawer_of and drawer_of[line.n] != seat:
                assert line.text == "draw ?", (viewer, line)
            else:
                assert line.text == entry.text, (viewer, line)  # own draws and every placement in full
            assert line.kind == ("chance" if entry.seat is None else "player")
            assert line.user_id == entry.user_id and line.created_at == entry.created_at

    player = next(line for line in await history(service, match.id, None) if line.kind == "player")
    assert player.seat is not None
    assert player.seat_name == match.seat_name(player.seat) and player.user_id == match.user_at(player.seat)

    loser = match.user_at(match.actors()[0])
    await service.resign(match.id, loser)
    log = await service.store.log(match.id)
    for viewer in (ADA, BOB, EVE, None):  # a finished match hides nothing
        assert [line.text for line in await history(service, match.id, viewer)] == [e.text for e in log]


async def test_sakamichi_hidden_deal_and_removed_tile_are_masked_for_everyone_then_shown(
        service: MatchService) -> None:
    match = await started(service, "sakamichi")
    log = await service.store.log(match.id)
    hidden = [e for e in log if e.text.split()[0] in ("remove", "deal")]
    assert hidden and all(e.seat is None for e in hidden)
    for viewer in (ADA, BOB, None):
        texts = {line.n: line.text for line in await history(service, match.id, viewer)}
        assert texts[1] == "remove ?"
        assert all(texts[e.n].endswith(" ?") for e in hidden)
    await service.resign(match.id, ADA)
    texts = {line.n: line.text for line in await history(service, match.id, None)}
    assert all(texts[e.n] == e.text and not e.text.endswith("?") for e in hidden)


async def test_state_at_every_line_matches_the_replayed_game(service: MatchService) -> None:
    match = await started(service, "cintos")
    seen = {match.record.version: match.state}
    rng = random.Random(2)
    for _ in range(6):
        await play(service, match, 1, rng)
        seen[match.record.version] = match.state
    game = match.game
    assert await state_at(service, match.id, 0) == game.setup(2, match.record.options)
    for n, state in seen.items():  # the position players had after each move, rebuilt from the log
        assert await state_at(service, match.id, n) == state
    assert game.view(await state_at(service, match.id, 3), None)["turn"] == 3
    with pytest.raises(Refusal, match="lines 1 to 6"):
        await state_at(service, match.id, 7)
    lobby = await service.create("cintos", guild_id=1, channel_id=2, creator_id=ADA, players=2)
    with pytest.raises(Refusal, match="not started"):
        await history(service, lobby.id, ADA)


async def test_public_views_are_the_positions_players_saw(service: MatchService) -> None:
    match = await started(service, "bodsoi")
    await play(service, match, 3, random.Random(3))
    views = await public_views(service, match.id)
    # Bodsoi's setup and every position after a placement await a draw: only the post-draw positions count.
    assert len(views) == 4
    assert [v["turn"] for v in views] == [0, 1, 2, 3]
    assert all(v["hand"] is None for v in views)  # public: no hand in any frame
    assert views[-1] == match.view(None)
    game = GAMES["bodsoi"]
    assert not settled(game, game.setup(2, {}))


def test_log_line_kinds() -> None:
    assert line_kind(LogEntry(1, None, None, "draw ?", 0.0)) == "chance"
    assert line_kind(LogEntry(2, 0, None, "pass", 0.0)) == "auto"  # the server's own forced pass
    assert line_kind(LogEntry(3, 1, ADA, "b2-b3", 0.0)) == "player"


async def test_export_replays_with_the_rules_alone(service: MatchService) -> None:
    match = await started(service, "cintos", **{"quiet-limit": "20", "turn-limit": "100"})
    with pytest.raises(Refusal, match="still being played"):
        await export_record(service, match.id)
    rng = random.Random(5)
    while match.status == "active":
        await play(service, match, 1, rng)
    await service.touch_user(ADA, "ada")
    record = await export_record(service, match.id)
    text = json.dumps(record)
    again = json.loads(text)
    assert again["game"] == "cintos" and again["players"] == 2 and again["options"]["quiet-limit"] == "20"
    assert [s["user_id"] for s in again["seats"]] == [str(u) for u in match.user_ids]
    assert {s["user"] for s in again["seats"]} >= {"ada"}
    assert [line["n"] for line in again["log"]] == list(range(1, match.record.version + 1))
    outcome = match.outcome()
    assert outcome is not None
    assert {k: again["outcome"][k] for k in ("winners", "scores", "reason")} == outcome.to_json()
    assert again["outcome"]["moves"] == [sum(1 for e in again["log"] if e["seat"] == s) for s in range(2)]
    words = match.result_words(await service.names(match))
    assert words is not None and again["result"] == words.sentence()  # the embed's words
    state = replay_record(again)
    assert match.game.position(state) == match.game.position(match.state) == again["final_position"]

    tampered = json.loads(text)
    tampered["log"] = tampered["log"][:-1]
    with pytest.raises(ValueError, match="replays to"):
        replay_record(tampered)
    tampered = json.loads(text)
    tampered["log"][0]["text"] = "a1-a9"
    with pytest.raises(ValueError, match="line 1"):
        replay_record(tampered)
    with pytest.raises(ValueError, match="format"):
        replay_record({**again, "format": "other"})
