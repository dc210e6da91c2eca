"""Tournaments through discord.py: sign-up buttons, Start, rounds posted with their matches, results flowing back by
resignation, moves and agreement, a drop, organiser commands refused to others, a restart in the middle of a round."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import discord

from bot import TabletopBot
from tests.bot.conftest import make_bot
from tests.bot.helpers import answer, labels
from tournaments import Tournament


def server(env: Any, players: int) -> tuple[Any, Any, list[Any]]:
    """A server with an organiser (Manage Server), `players` members and a #games channel."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("boss"), roles=[admins])
    return channel, boss, [guild.add_member(env.create_user(f"p{i + 1}")) for i in range(players)]


def message(channel: Any, message_id: int) -> Any:
    """The message as it is now (edits included)."""
    return next(m for m in channel.history() if m.id == message_id)


def person(people: list[Any], user_id: int) -> Any:
    return next(p for p in people if p.id == user_id)


async def open_event(env: Any, channel: Any, boss: Any, people: list[Any], teams: Sequence[tuple[Any, Any]] = (),
                     **options: Any) -> Tournament:
    result = await boss.slash(channel, "tournament create", **options)
    assert result.ephemeral and "open for sign-up" in answer(result).content, answer(result).content
    signup = channel.last_message
    assert signup.embeds[0].title.startswith(options["game"].title())
    for captain, mate in teams:  # registered teams sign up together
        registered = await captain.slash(channel, "tournament team", partner1=mate)
        assert "is registered" in answer(registered).content, answer(registered).content
    for who in people:
        if not any(who in team for team in teams):
            assert (await who.click(signup, label="Join")).acknowledged
    signup = message(channel, signup.id)
    assert f"{len(people)} signed up" in signup.embeds[0].description  # the live count, edited in place
    refused = await people[0].click(signup, label="Start")
    assert answer(refused).ephemeral and "organiser" in answer(refused).content
    await boss.click(signup, label="Start")
    bot: TabletopBot = env.bot
    (event,) = await bot.tournaments.listing(channel.guild.id, ("running",))
    assert event.round == 1
    return event


async def fresh(env: Any, event: Tournament) -> Tournament:
    return await env.bot.tournaments.get(event.id)


async def resign(channel: Any, game: str, who: Any, match_id: int | None) -> None:
    assert match_id is not None  # a table's match, made when its round began
    confirm = await who.slash(channel, f"{game} resign", match=match_id)
    assert confirm.ephemeral, answer(confirm).content
    await who.click(confirm.response, label="Yes, resign")


async def play_by_moves(env: Any, channel: Any, people: list[Any], match_id: int | None,
                        rng: random.Random) -> None:
    assert match_id is not None
    match = await env.bot.service.get(match_id)
    plies = 0
    while match.status == "active":
        (seat,) = match.actors()
        mover = person(people, match.user_at(seat))
        legal = await mover.autocomplete(channel, "cintos move", "move", "")
        result = await mover.slash(channel, "cintos move", move=rng.choice(legal)["value"], match=match_id)
        assert answer(result).content.startswith("Played"), answer(result).content
        plies += 1
        assert plies < 300


async def test_cintos_swiss_of_eight_through_commands(simcord_env: Any, db_path: str) -> None:
    channel, boss, people = server(simcord_env, 8)
    event = await open_event(simcord_env, channel, boss, people, game="cintos", format="swiss", rounds=3,
                             options="quiet-limit=20")
    signup = next(m for m in channel.history() if m.embeds and m.embeds[0].title == event.title())
    game_field = signup.embeds[0].fields[0].value
    assert "quiet-limit=20" in game_field and "majority" not in game_field  # only the options that differ
    pairings = [m for m in channel.history() if m.embeds and "Round 1 of 3" in m.embeds[0].title]
    assert len(pairings) == 1 and pairings[0].embeds[0].description.count("· match #") == 4
    assert all(p.mention in pairings[0].content for p in people)  # everyone pinged
    first_board = next(m for m in channel.history() if m.embeds and m.embeds[0].title == "Cintos · match #1")
    assert "seated as paired" in first_board.embeds[0].description  # not "drawn at random"
    assert "Abort" not in labels(first_board) and "Resign" in labels(first_board)  # a tournament game is not aborted
    assert not await simcord_env.bot.service.can_abort(await simcord_env.bot.service.get(1))
    for p in people:  # and told by DM
        assert any(f"tournament #{event.id}" in m.content for m in p.user.dm_channel.history())
    rng = random.Random(3)

    # Round 1: one match by moves, one drawn by agreement, two resigned; the bot restarts with the last running.
    tables = event.round_tables()
    await play_by_moves(simcord_env, channel, people, tables[0].match_id, rng)
    match = await simcord_env.bot.service.get(tables[1].match_id)
    first, second = (person(people, u) for u in match.user_ids)
    board = next(m for m in channel.history() if m.id == match.record.message_id)
    await first.click(board, label="Offer draw")
    offer = channel.last_message
    await second.click(offer, label="Accept draw")
    await resign(channel, "cintos", person(people, (await simcord_env.bot.service.get(tables[2].match_id)).user_ids[0]),
                 tables[2].match_id)
    event = await fresh(simcord_env, event)
    assert [t.points for t in event.round_tables()[:3]][1] == (0.5, 0.5)
    assert event.round_tables()[2].points == (0.0, 1.0)

    await simcord_env.restart_bot(make_bot(db_path, seed=2))
    event = await fresh(simcord_env, event)
    last = event.round_tables()[3]
    assert last.points is None and event.round == 1
    await resign(channel, "cintos", person(people, event.entrant(last.entrants[1]).members[0]), last.match_id)
    event = await fresh(simcord_env, event)
    assert event.round == 2 and event.round_tables(1)[3].points == (1.0, 0.0)
    assert any(m.embeds and "Round 2 of 3" in m.embeds[0].title for m in channel.history())

    # Round 2: a player drops (their match is resigned); the others resign too.
    dropper = person(people, event.entrant(event.round_tables()[0].entrants[0]).members[0])
    dropped = await dropper.slash(channel, "tournament drop")
    assert answer(dropped).ephemeral and "You left" in answer(dropped).content
    for table in (await fresh(simcord_env, event)).round_tables():
        if table.points is None:
            await resign(channel, "cintos", person(people, event.entrant(table.entrants[0]).members[0]),
                         table.match_id)
    event = await fresh(simcord_env, event)
    assert event.round == 3
    assert all(dropper.id not in event.entrant(e).members for t in event.round_tables() for e in t.entrants)
    pairs = await people[1].slash(channel, "tournament pairings")
    assert answer(pairs).ephemeral and "Bye:" in answer(pairs).embeds[0].description

    for table in event.round_tables():
        if table.points is None:
            await resign(channel, "cintos", person(people, event.entrant(table.entrants[1]).members[0]),
                         table.match_id)
    event = await fresh(simcord_env, event)
    assert event.status == "finished"
    final = next(m for m in reversed(channel.history()) if m.embeds and "final standings" in m.embeds[0].title)
    podium = next(f for f in final.embeds[0].fields if f.name == "Podium")
    top = event.standings()[0]
    assert "🥇" in podium.value and str(event.entrant(top.entrant).members[0]) in podium.value
    assert final.attachments and final.attachments[0].filename == "standings.png"
    # one result for the event and the ratings: every match played over the board was rated as it ended (2-player
    # matches on a server that rates them); the resignations before a first move are forfeits, and not rated
    for table in event.tables:
        if table.match_id is not None:
            assert bool(await simcord_env.bot.service.rating_changes(table.match_id)) == table.played, table
    assert any(t.played for t in event.tables if t.match_id) and not all(t.played for t in event.tables)
    assert "Rating changes" in [f.name for f in final.embeds[0].fields]
    profile = await simcord_env.bot.service.profile(event.entrant(top.entrant).members[0])
    assert [(p.tournament_id, p.place) for p in profile.tournaments] == [(event.id, 1)]  # /profile's section
    shown = await people[2].slash(channel, "tournament standings", tournament=event.id)
    assert answer(shown).ephemeral and "withdrawn" in answer(shown).embeds[0].description
    assert answer(shown).attachments[0].filename == "standings.png"
    round3 = next(m for m in channel.history() if m.embeds and "Round 3 of 3" in m.embeds[0].title)
    assert round3.attachments  # a round after the first carries the standings going into it
    listing = await people[2].slash(channel, "tournament list")
    assert f"#{event.id}" in answer(listing).content and "finished" in answer(listing).content


async def test_organiser_commands_are_refused_to_players(simcord_env: Any) -> None:
    channel, boss, people = server(simcord_env, 4)
    player = people[0]
    refused = await player.slash(channel, "tournament create", game="cintos", format="swiss")
    assert "Manage Server" in answer(refused).content
    event = await open_event(simcord_env, channel, boss, people, game="cintos", format="swiss", rounds=2)
    match_id = event.round_tables()[0].match_id
    for command, options in [("tournament pause", {}), ("tournament resume", {}), ("tournament cancel", {}),
                             ("tournament checkin", {}),
                             ("tournament remove", {"user": people[1]}),
                             ("tournament result", {"match": match_id, "result": "draw"})]:
        result = await player.slash(channel, command, **options)
        assert answer(result).ephemeral and "organiser" in answer(result).content, (command, answer(result).content)
    # an admin of another server sees nothing of this server's match or event
    other_channel, other_boss, _ = server(simcord_env, 0)
    foreign = await other_boss.slash(other_channel, "tournament result", match=match_id, result="draw")
    assert "another server" in answer(foreign).content
    foreign = await other_boss.slash(other_channel, "tournament pause", tournament=event.id)
    assert "another server" in answer(foreign).content
    after = await fresh(simcord_env, event)
    assert after.status == "running" and after.entrants == event.entrants and after.tables == event.tables
    # the organiser can: adjudicate a draw, pause, resume
    done = await boss.slash(channel, "tournament result", match=match_id, result="draw")
    assert "draw" in answer(done).content
    assert (await fresh(simcord_env, event)).round_tables()[0].points == (0.5, 0.5)
    await boss.slash(channel, "tournament pause")
    assert (await fresh(simcord_env, event)).status == "paused"
    await boss.slash(channel, "tournament resume")
    assert (await fresh(simcord_env, event)).status == "running"



async def test_the_organiser_role_may_organise(simcord_env: Any) -> None:
    channel, boss, _people = server(simcord_env, 2)
    referees = channel.guild.create_role("referees")
    referee = channel.guild.add_member(simcord_env.create_user("ref"), roles=[referees])
    refused = await referee.slash(channel, "tournament create", game="cintos", format="swiss")
    assert "organiser role" in answer(refused).content
    await boss.slash(channel, "settings organiser-role", role=referees)
    created = await referee.slash(channel, "tournament create", game="cintos", format="roundrobin")
    assert created.ephemeral and "open for sign-up" in answer(created).content
    event = (await simcord_env.bot.tournaments.listing(channel.guild.id))[0]
    assert event.record.organiser_id == referee.id and event.status == "signup"


async def test_a_cleared_organiser_role_takes_its_powers_with_it(simcord_env: Any) -> None:
    """Organisers are Manage Server or the role, asked at every action: the event's creator has no power of their
    own once the role is cleared. @everyone is refused as the organiser role."""
    channel, boss, people = server(simcord_env, 2)
    store = simcord_env.bot.service.store
    everyone = await boss.slash(channel, "settings organiser-role", role=channel.guild.default_role)
    assert "@everyone cannot be the organiser role" in answer(everyone).content
    assert await store.tournaments.organiser_role(channel.guild.id) is None
    referees = channel.guild.create_role("referees")
    referee = channel.guild.add_member(simcord_env.create_user("ref"), roles=[referees])
    await boss.slash(channel, "settings organiser-role", role=referees)
    event = await open_event(simcord_env, channel, referee, people, game="cintos", format="swiss", rounds=2)
    assert event.record.organiser_id == referee.id
    later = await referee.slash(channel, "tournament create", game="cintos", format="swiss")
    assert "open for sign-up" in answer(later).content  # a second event, still in sign-up
    signup = channel.last_message

    await boss.slash(channel, "settings organiser-role")  # cleared: Manage Server only
    match_id = event.round_tables()[0].match_id
    for command, options in [("tournament pause", {"tournament": event.id}),
                             ("tournament cancel", {"tournament": event.id}),
                             ("tournament remove", {"user": people[1], "tournament": event.id}),
                             ("tournament result", {"match": match_id, "result": "draw"})]:
        result = await referee.slash(channel, command, **options)
        assert answer(result).ephemeral and "Only organisers" in answer(result).content, (command, answer(result))
    start = await referee.click(signup, label="Start")
    assert "Only organisers" in answer(start).content
    after = await fresh(simcord_env, event)
    assert after.status == "running" and after.tables == event.tables and after.entrants == event.entrants
    waiting = (await simcord_env.bot.tournaments.listing(channel.guild.id, ("signup",)))[0]
    assert waiting.status == "signup"
    paused = await boss.slash(channel, "tournament pause", tournament=event.id)  # Manage Server still can
    assert "paused" in answer(paused).content and (await fresh(simcord_env, event)).status == "paused"


async def finish_by_resignations(env: Any, channel: Any, game: str, people: list[Any], match_id: int | None) -> None:
    """Players resign in seat order until the match is over (in a pod the others play on after one resigns)."""
    assert match_id is not None
    match = await env.bot.service.get(match_id)
    for user in list(match.user_ids):
        if match.status != "active":
            break
        await resign(channel, game, person(people, user), match_id)
    assert match.status == "finished"


async def test_sinoda_pods_of_three_for_nine_players(simcord_env: Any) -> None:
    channel, boss, people = server(simcord_env, 9)
    await boss.slash(channel, "settings threads", enabled=True)  # every match in its own thread
    pods: dict[str, Any] = {"players-per-match": 3}  # not a Python name
    event = await open_event(simcord_env, channel, boss, people, game="sinoda", format="pods", rounds=2, **pods)
    assert event.title().startswith("Sinoda Pods") and [len(t.entrants) for t in event.round_tables()] == [3, 3, 3]
    for round_no in (1, 2):
        event = await fresh(simcord_env, event)
        assert event.round == round_no
        for table in event.round_tables():
            match = await simcord_env.bot.service.get(table.match_id)
            assert match.players == 3 and match.user_ids == event.seats_of(table)
            assert match.record.channel_id != channel.id  # its thread
            await finish_by_resignations(simcord_env, channel, "sinoda", people, table.match_id)
    event = await fresh(simcord_env, event)
    assert event.status == "finished"
    for table in event.tables:  # placement points 3 / 1 / 0 (ties share), every pod played
        assert table.places is not None and table.points is not None and table.played
        assert sum(table.points) == 4 and 1 in table.places
    standing = event.standings()
    assert sum(s.points for s in standing) == 4 * 6 and len(standing) == 9
    final = next(m for m in reversed(channel.history()) if m.embeds and "final standings" in m.embeds[0].title)
    assert "1st" in final.embeds[0].description  # the pods' table shows 1st places


async def test_bodsoi_two_against_two_for_four_teams(simcord_env: Any) -> None:
    channel, boss, people = server(simcord_env, 8)
    refused = await people[0].slash(channel, "tournament team", partner1=people[1])
    assert "No tournament" in answer(refused).content
    event = await open_event(simcord_env, channel, boss, people, game="bodsoi", format="swiss",
                             teams=[(people[0], people[1]), (people[2], people[3])], rounds=2,
                             **{"players-per-match": 4})
    assert "teams of 2" in event.title() and len(event.entrants) == 4
    # the two registered teams play together; the other four players were drawn into two teams
    assert [set(e.members) for e in event.entrants[:2]] == [{people[0].id, people[1].id}, {people[2].id, people[3].id}]
    assert sorted(u for e in event.entrants for u in e.members) == sorted(p.id for p in people)
    for round_no in (1, 2):
        event = await fresh(simcord_env, event)
        assert event.round == round_no and len(event.round_tables()) == 2
        for table in event.round_tables():
            match = await simcord_env.bot.service.get(table.match_id)
            assert match.players == 4
            teams = match.game.teams(match.view(None))
            for (_, seats), entrant_id in zip(teams, table.entrants, strict=True):  # a team sits on one side
                assert {match.user_at(s) for s in seats} == set(event.entrant(entrant_id).members)
            loser = event.entrant(table.entrants[1]).members[0]
            await resign(channel, "bodsoi", person(people, loser), table.match_id)
            assert match.status == "finished"
    event = await fresh(simcord_env, event)
    assert event.status == "finished"
    assert all(t.points == (1.0, 0.0) for t in event.tables)
    assert event.standings()[0].points == 2.0
    final = next(m for m in reversed(channel.history()) if m.embeds and "final standings" in m.embeds[0].title)
    refused = await people[0].click(final, label="Rematch event")
    assert "organiser" in answer(refused).content
    await boss.click(final, label="Rematch event")
    again = (await simcord_env.bot.tournaments.listing(channel.guild.id, ("signup",)))[0]
    assert again.id != event.id and again.title() == event.title() and again.record.options == event.record.options
    assert channel.last_message.embeds[0].footer.text.startswith(f"tournament #{again.id}")


async def test_with_a_check_in_only_those_who_checked_in_play(simcord_env: Any) -> None:
    channel, boss, people = server(simcord_env, 4)
    await boss.slash(channel, "tournament create", game="cintos", format="swiss", rounds=1)
    signup = channel.last_message
    for who in people:
        await who.click(signup, label="Join")
    early = await people[0].click(signup, label="Join")
    assert "already signed up" in answer(early).content
    refused = await people[0].slash(channel, "tournament checkin")
    assert "organiser" in answer(refused).content
    await boss.slash(channel, "tournament checkin")
    for who in people[:3]:
        assert (await who.click(message(channel, signup.id), label="Check in")).acknowledged
    again = await people[0].click(message(channel, signup.id), label="Check in")
    assert "already checked in" in answer(again).content
    assert "3 / 4 checked in" in message(channel, signup.id).embeds[0].description
    await boss.click(message(channel, signup.id), label="Start")
    event = (await simcord_env.bot.tournaments.listing(channel.guild.id, ("running",)))[0]
    assert sorted(u for e in event.entrants for u in e.members) == sorted(p.id for p in people[:3])
    assert [len(t.entrants) for t in event.round_tables()] == [2, 1]  # three players: a table and a bye


async def test_a_match_nobody_starts_is_settled_by_the_scheduler_as_a_double_forfeit(simcord_env: Any) -> None:
    channel, boss, people = server(simcord_env, 2)
    event = await open_event(simcord_env, channel, boss, people, game="cintos", format="swiss", rounds=1, time=600,
                             timeout="claim")
    (table,) = event.round_tables()
    await simcord_env.advance_time(601)  # nobody moves: the deadline passes, and nobody needs to claim
    event = await fresh(simcord_env, event)
    assert event.round_tables()[0].points == (0.0, 0.0) and not event.round_tables()[0].played
    assert event.status == "finished"
    match = await simcord_env.bot.service.get(table.match_id)
    assert match.status == "finished"


async def test_bodsoi_two_against_two_with_teams_drawn_every_round(simcord_env: Any) -> None:
    channel, boss, people = server(simcord_env, 8)
    created = await boss.slash(channel, "tournament create", game="bodsoi", format="swiss", rounds=2,
                               teams="per-round", **{"players-per-match": 4})
    assert created.ephemeral and "open for sign-up" in answer(created).content, answer(created).content
    signup = channel.last_message
    assert "teams of 2 drawn each round" in signup.embeds[0].title
    refused = await people[0].slash(channel, "tournament team", partner1=people[1])
    assert answer(refused).ephemeral and "draws new teams every round" in answer(refused).content
    for who in people:
        assert (await who.click(signup, label="Join")).acknowledged
    await boss.click(message(channel, signup.id), label="Start")
    (event,) = await simcord_env.bot.tournaments.listing(channel.guild.id, ("running",))
    assert [e.members for e in event.entrants] == [(p.id,) for p in people]  # the players are the entrants
    posted = next(m for m in reversed(channel.history()) if m.embeds and "Round 1" in m.embeds[0].title)
    assert posted.embeds[0].description.count(" & ") == 4  # two tables of two drawn teams
    first = {frozenset(side) for t in event.round_tables(1) for side in event.table_sides(t)}
    for table in event.round_tables(1):
        match = await simcord_env.bot.service.get(table.match_id)
        assert match.players == 4 and match.user_ids == event.seats_of(table)
        loser = event.entrant(event.table_sides(table)[1][0]).members[0]
        await resign(channel, "bodsoi", person(people, loser), table.match_id)
    event = await fresh(simcord_env, event)
    assert event.round == 2 and all(t.points == (1.0, 1.0, 0.0, 0.0) for t in event.round_tables(1))
    assert not first & {frozenset(side) for t in event.round_tables(2) for side in event.table_sides(t)}
    round2 = next(m for m in reversed(channel.history()) if m.embeds and "Round 2" in m.embeds[0].title)
    text = round2.embeds[0].description  # the drawn teams' members, each with their own points so far
    assert text.count(" & ") == 4 and text.count("(1)") == 4 and text.count("(0)") == 4
    standings = await people[0].slash(channel, "tournament standings", tournament=event.id)
    shown = answer(standings).embeds[0].description
    assert all(p.name in shown for p in people), shown  # one row per player
