"""Double elimination, a top cut and the exports through Discord (simcord): bracket images posted with each round
and at the end, /tournament bracket, /tournament export's files."""

from __future__ import annotations

import csv
import io
from typing import Any

from PIL import Image

from tests.bot.helpers import answer
from tests.bot.test_tournament_bot import fresh, open_event, person, resign, server


async def resign_round(env: Any, channel: Any, people: list[Any], event: Any, loser_seat: int = 1) -> Any:
    """Every match of the current round: the player in `loser_seat` resigns."""
    event = await fresh(env, event)
    for table in event.round_tables():
        if table.points is None and table.match_id is not None:
            match = await env.bot.service.get(table.match_id)
            await resign(channel, "cintos", person(people, match.user_ids[loser_seat]), table.match_id)
    return await fresh(env, event)


def posts_of_rounds(channel: Any) -> list[Any]:
    return [m for m in channel.history() if m.embeds and " — Round " in (m.embeds[0].title or "")]


async def test_double_elimination_through_discord(simcord_env: Any, tmp_path: Any) -> None:
    env = simcord_env
    channel, boss, people = server(env, 4)
    event = await open_event(env, channel, boss, people, game="cintos", format="double-elimination")
    assert event.title() == "Cintos Double elimination · 4 rounds or more · 24 h per move"
    (first_round,) = posts_of_rounds(channel)
    assert first_round.attachments[0].filename == "bracket.png"
    assert first_round.embeds[0].image.url == "attachment://bracket.png"
    for _ in range(6):
        event = await resign_round(env, channel, people, event)
        if event.status == "finished":
            break
    assert event.status == "finished"
    assert all(p.attachments[0].filename == "bracket.png" for p in posts_of_rounds(channel))
    final = next(m for m in reversed(channel.history()) if m.embeds and "final standings" in m.embeds[0].title)
    assert [a.filename for a in final.attachments] == ["standings.png", "bracket.png"]
    view = event.bracket()
    assert view is not None and view.champion == event.standings()[0].entrant
    shown = answer(await people[0].slash(channel, "tournament bracket", tournament=event.id))
    (picture,) = shown.attachments
    assert picture.filename == "bracket.png" and "Winners' bracket" in picture.description
    assert "Losers' round 2" in picture.description and "champion" not in picture.description
    image = Image.open(io.BytesIO(await picture.read()))
    assert image.width >= 640 and image.height > 400
    image.save(tmp_path / "double.png")
    exported = answer(await people[0].slash(channel, "tournament export", tournament=event.id))
    assert sorted(a.filename for a in exported.attachments) == [f"tournament-{event.id}-pairings.csv",
                                                                 f"tournament-{event.id}-standings.csv"]
    standings = next(a for a in exported.attachments if a.filename.endswith("standings.csv"))
    rows = list(csv.DictReader(io.StringIO((await standings.read()).decode())))
    assert [int(r["rank"]) for r in rows] == [1, 2, 3, 4] and int(rows[0]["entrant"]) == view.champion
    refused = answer(await people[0].slash(channel, "tournament bracket", tournament=event.id + 1))
    assert "no tournament" in refused.content.lower()


async def test_a_swiss_with_a_top_four_through_discord(simcord_env: Any) -> None:
    env = simcord_env
    channel, boss, people = server(env, 6)
    event = await open_event(env, channel, boss, people, game="cintos", format="swiss", rounds=2, playoff=4)
    assert "2 rounds + top 4" in event.title()
    no_bracket = answer(await people[0].slash(channel, "tournament bracket"))
    assert "top cut begins after the last round" in no_bracket.content
    for _ in range(2):
        event = await resign_round(env, channel, people, event)
    assert event.round == 3 and len(event.round_tables()) == 2
    stage = event.standings(before_round=3)
    posts = posts_of_rounds(channel)
    assert [p.attachments[0].filename for p in posts] == ["standings.png", "standings.png", "bracket.png"]
    while event.status != "finished":
        event = await resign_round(env, channel, people, event, loser_seat=0)
    final = next(m for m in reversed(channel.history()) if m.embeds and "final standings" in m.embeds[0].title)
    podium = next(f for f in final.embeds[0].fields if f.name == "Podium").value
    top = event.standings()
    assert {s.entrant for s in top[:4]} == {s.entrant for s in stage[:4]}
    champion = event.bracket().champion  # type: ignore[union-attr]
    assert top[0].entrant == champion and f"<@{event.entrant(champion).members[0]}>" in podium.splitlines()[0]
    exported = answer(await boss.slash(channel, "tournament export", tournament=event.id))
    names = sorted(a.filename for a in exported.attachments)
    assert names == [f"tournament-{event.id}-pairings.csv", f"tournament-{event.id}-standings.csv",
                     f"tournament-{event.id}.trf"]
    trf = (await next(a for a in exported.attachments if a.filename.endswith(".trf")).read()).decode()
    players = [line for line in trf.splitlines() if line.startswith("001")]
    assert len(players) == 6 and all(len(line.rstrip()) <= 91 + 10 * 2 - 2 for line in players)  # Swiss rounds only
