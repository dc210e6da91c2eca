"""A match number typed in another server (or a DM) by someone not seated shows nothing of the match (issue 11,
failure 7): every command that takes a match number refuses, with no board, names, deadline or link."""

from __future__ import annotations

from typing import Any

import pytest
from simcord import SetupError

from tests.bot.helpers import answer, open_match, world

# Every command that takes `match`, with the other options it needs (values that would be legal somewhere).
COMMANDS: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "cintos": [("cintos move", {"move": "b2-b3"})],
    "sinoda": [("sinoda move", {"move": "c4-a2"}), ("sinoda change", {"piece": "c4", "direction": "+"})],
    "sakamichi": [("sakamichi place", {"row": "white up w4"}), ("sakamichi stack", {"row": "black 5 w1b3 w3b1"}),
                  ("sakamichi redraw", {"tile": "w2b3"}), ("sakamichi exchange", {"give": "w2b1", "take": "w1b4"}),
                  ("sakamichi choose", {"choice": "first"})],
    "sanae": [("sanae move", {"move": "R3.07-R4.07"}), ("sanae setup", {"layout": "random"}), ("sanae setup", {})],
    "bodsoi": [("bodsoi place", {"tile": "C-su-mo d4 90"}), ("bodsoi pass", {})],
}
SHARED = [("board", {}), ("board", {"move": 0}), ("resign", {})]


def leaks(message: Any, match: Any, people: list[Any]) -> list[str]:
    """What of the match a reply shows: images, embeds, players' names or mentions, a jump link."""
    text = message.content or ""
    found = []
    if message.attachments:
        found.append("an attachment")
    if message.embeds:
        found.append("an embed")
    found += [p.name for p in people if p.name in text or str(p.id) in text]
    if "discord.com/channels" in text or "<t:" in text:
        found.append("a link or deadline")
    return found


@pytest.mark.parametrize("game", sorted(COMMANDS))
async def test_a_stranger_in_another_server_sees_nothing(simcord_env: Any, game: str) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, game, channel, people)
    version = match.record.version
    elsewhere = simcord_env.create_guild("Elsewhere").create_text_channel("lobby")
    eve = elsewhere.guild.add_member(simcord_env.create_user("eve"))
    commands = [(f"{game} {name}", options) for name, options in SHARED] + COMMANDS[game] + [("history", {})]
    for command, options in commands:
        result = await eve.slash(elsewhere, command, match=match.id, **options)
        message = answer(result)
        assert result.ephemeral, command
        assert "another server" in message.content, (command, message.content)
        assert leaks(message, match, people) == [], (command, message.content)
        texts = [name for name, value in options.items() if isinstance(value, str)]
        for option in texts:  # the autocomplete of the same command offers nothing of that match either
            offered = await eve.autocomplete(elsewhere, command, option, "", match=match.id)
            assert offered == [], (command, option, offered)
    assert match.record.version == version
    # A DM counts as another server unless seated: /history refuses; the game commands are not offered there.
    dm = await eve.user.slash("history", match=match.id)
    assert "another server" in answer(dm).content and leaks(answer(dm), match, people) == []
    with pytest.raises(SetupError, match="not visible"):
        await eve.user.slash(f"{game} board", match=match.id)
    # The control: a member of the match's own server who does not play may look at the board.
    cy = channel.guild.add_member(simcord_env.create_user("cy"))
    shown = await cy.slash(channel, f"{game} board", match=match.id)
    assert answer(shown).attachments, answer(shown).content
    # And a player may look from anywhere.
    ada_elsewhere = elsewhere.guild.add_member(people[0].user)
    mine = await ada_elsewhere.slash(elsewhere, f"{game} board", match=match.id)
    assert answer(mine).attachments, answer(mine).content
