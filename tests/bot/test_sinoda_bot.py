"""Sinoda through simcord: a full two-player game by slash commands, a 2x2 team game, refusals, autocomplete."""

from __future__ import annotations

import random
from typing import Any

from tests.bot.helpers import actor_of, answer, open_match, person_at, world


async def test_full_two_player_game_to_its_end(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "sinoda", channel, people)
    board = channel.last_message
    assert board.embeds[0].title == f"Sinoda · match #{match.id}"
    assert board.attachments and board.attachments[0].filename == "board.png"
    # the first-player draw is the rules' chance node, told in words
    assert "🎲 " in board.embeds[0].description and "moves first" in board.embeds[0].description
    assert actor_of(match, people).mention in board.content
    rng = random.Random(3)
    actions = changes = captures = 0
    while match.outcome() is None:
        mover = actor_of(match, people)
        if actions == 0:  # whoever waits for their turn is offered nothing
            waiting = next(p for p in people if p is not mover)
            assert await waiting.autocomplete(channel, "sinoda move", "move", "") == []
            assert await waiting.autocomplete(channel, "sinoda change", "piece", "") == []
        moves = await mover.autocomplete(channel, "sinoda move", "move", "")
        assert len(moves) <= 25 and all("-" in c["value"] for c in moves)
        capturing = [c for c in moves if "captures" in c["name"]]
        before = match.record.version
        if capturing:
            # Captures are listed first, the most valuable first.
            assert moves[: len(capturing)] == capturing
            result = await mover.slash(channel, "sinoda move", move=capturing[0]["value"])
            captures += 1
        elif moves and rng.random() < 0.7:
            result = await mover.slash(channel, "sinoda move", move=rng.choice(moves)["value"])
        else:
            pieces = await mover.autocomplete(channel, "sinoda change", "piece", "")
            piece = rng.choice(pieces)["value"]
            ways = await mover.autocomplete(channel, "sinoda change", "direction", "", piece=piece)
            assert ways and {w["value"] for w in ways} <= {"+", "-"}
            result = await mover.slash(channel, "sinoda change", piece=piece, direction=rng.choice(ways)["value"])
            changes += 1
        assert result.ephemeral and answer(result).content.startswith("Played"), answer(result).content
        assert match.record.version > before  # committed before acknowledged
        actions += 1
        assert actions < 400
    assert captures and changes
    final = channel.last_message
    assert "Game over" in final.embeds[0].description
    labels = [c.label for row in final.components for c in row.children]
    assert "Resign" not in labels  # nothing to play on a finished match
    assert match.status == "finished"
    assert match.game.position(await simcord_env.bot.service.replay(match.id)) == match.game.position(match.state)
    older = [m for m in channel.history() if m.content.startswith(f"Sinoda #{match.id} · then:")]
    assert len(older) == actions


async def test_four_player_team_game_refuses_a_move_onto_a_teammate(simcord_env: Any) -> None:
    channel, people = world(simcord_env, players=4)
    match = await open_match(simcord_env, "sinoda", channel, people, options="teams=2x2")
    view = match.view(None)
    assert view["teams"] == [[0, 2], [1, 3]] and match.record.options["teams"] == "2x2"
    # Blue (seat 2, the upper-right side) raises c8 to 4; Green (seat 4, lower-left side) steps d4-d5 into c8's
    # reach; Red and Yellow turn a piece up and down. Then c8-d5 is a 4-step path onto a teammate's piece.
    scripts = {0: ["a1+", "a1-"] * 3, 1: ["c8+", "c8+", "c8+"], 2: ["f7+", "f7-"] * 3,
               3: ["d4-d5", "e1+", "e1-", "e1+"]}
    played = {seat: 0 for seat in range(4)}
    while played[1] < 3 or played[3] < 1:
        (seat,) = match.actors()
        text = scripts[seat][played[seat]]
        command, kwargs = ("sinoda move", {"move": text}) if "-" in text[1:-1] else \
            ("sinoda change", {"piece": text[:-1], "direction": text[-1]})
        result = await person_at(match, people, seat).slash(channel, command, **kwargs)
        assert answer(result).content.startswith("Played"), (text, answer(result).content)
        played[seat] += 1
    while match.actors() != [1]:
        (seat,) = match.actors()
        text = scripts[seat][played[seat]]
        await person_at(match, people, seat).slash(channel, "sinoda change", piece=text[:-1], direction=text[-1])
        played[seat] += 1
    assert sum(played.values()) >= 8  # two full rounds and more
    blue = person_at(match, people, 1)
    assert match.view(None)["pieces"]["c8"] == {"seat": 1, "value": 4}
    assert match.view(None)["pieces"]["d5"] == {"seat": 3, "value": 1}
    version, state, last_board = match.record.version, match.state, channel.last_message.id
    offered = [c["value"] for c in await blue.autocomplete(channel, "sinoda move", "move", "c8")]
    assert offered and "c8-d5" not in offered
    refused = await blue.slash(channel, "sinoda move", move="c8-d5")
    message = answer(refused).content
    assert refused.ephemeral and "teammate" in message and "d5" in message, message
    assert match.record.version == version and match.state == state
    assert channel.last_message.id == last_board  # nothing posted
    # Changing a teammate's piece is refused the same way.
    refused = await blue.slash(channel, "sinoda change", piece="d5", direction="+")
    assert refused.ephemeral and "teammate" in answer(refused).content
    assert match.record.version == version
    # The game goes on: Blue plays a legal move, and the turn passes to the next seat.
    result = await blue.slash(channel, "sinoda move", move=offered[0])
    assert answer(result).content.startswith("Played")
    assert match.actors() == [2]


async def test_change_refusals_and_suggestions(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "sinoda", channel, people)
    mover = actor_of(match, people)
    mine = sorted(label for label, piece in match.view(None)["pieces"].items()
                  if piece["seat"] == match.seat_of(mover.id))
    pieces = await mover.autocomplete(channel, "sinoda change", "piece", "")
    assert sorted(c["value"] for c in pieces) == mine
    assert all("now 1 → 2" in c["name"] for c in pieces)
    ways = await mover.autocomplete(channel, "sinoda change", "direction", "", piece=mine[0])
    assert [w["value"] for w in ways] == ["+"]  # a 1 cannot go down
    version = match.record.version
    for kwargs, expected in (({"piece": mine[0], "direction": "-"}, "below 1"),
                             ({"piece": mine[0]}, "direction"),
                             ({"piece": mine[0], "direction": "sideways"}, "direction must be"),
                             ({"piece": "z9", "direction": "+"}, "")):
        result = await mover.slash(channel, "sinoda change", **kwargs)
        assert result.ephemeral and expected in answer(result).content, answer(result).content
        assert not answer(result).content.startswith("Played")
    assert match.record.version == version
    result = await mover.slash(channel, "sinoda change", piece=f"{mine[0]}+")  # c4+ in one go also works
    assert answer(result).content.startswith("Played")
    assert match.view(None)["pieces"][mine[0]]["value"] == 2


async def test_board_rules_and_resign(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "sinoda", channel, people)
    result = await people[1].slash(channel, "sinoda board")
    assert result.ephemeral and answer(result).attachments[0].filename == "board.png"
    rules = await people[0].slash(channel, "sinoda rules")
    assert rules.ephemeral and "Win by Sinoda" in answer(rules).embeds[0].description
    loser = people[0]
    confirm = await loser.slash(channel, "sinoda resign")
    await loser.click(answer(confirm), label="Yes, resign")
    outcome = match.outcome()
    assert match.status == "finished" and outcome is not None
    assert outcome.winners == frozenset({match.seat_of(people[1].id)}) and outcome.reason == "resign"


async def test_bad_team_option_is_refused(simcord_env: Any) -> None:
    channel, (ada, _bob) = world(simcord_env)
    result = await ada.slash(channel, "sinoda new", players=2, options="teams=2x2")
    assert result.ephemeral and "4 players" in answer(result).content
    result = await ada.slash(channel, "sinoda new", players=5)
    assert result.ephemeral and "2, 3, 4, 6" in answer(result).content
    choices = await ada.autocomplete(channel, "sinoda new", "options", "tea")
    assert "teams=2x2" in [c["value"] for c in choices]
