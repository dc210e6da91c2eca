"""What every bot test does the same way: a server with players, a match opened through the lobby, who is who."""

from __future__ import annotations

from typing import Any

from bot import TabletopBot
from matches import Match
from rules import GAMES

NAMES = ("ada", "bob", "cy", "di", "eve", "fay")


def world(env: Any, players: int = 2) -> tuple[Any, list[Any]]:
    """A server with a #games channel and `players` members."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    return channel, [guild.add_member(env.create_user(name)) for name in NAMES[:players]]


async def open_match(env: Any, game: str, channel: Any, people: list[Any], **options: Any) -> Match:
    """`/<game> new` by the first person, Join by the others, Start: the running match."""
    creator, *others = people
    if len(GAMES[game].player_counts) > 1:  # a game of one player count offers no `players`
        options = {"players": len(people), **options}
    result = await creator.slash(channel, f"{game} new", **options)
    assert result.ephemeral and "Lobby #" in answer(result).content, result  # the lobby is a message of its own
    lobby = channel.last_message
    assert lobby.embeds[0].title.endswith("· new match")
    for person in others:
        assert (await person.click(lobby, label="Join")).acknowledged
    await creator.click(lobby, label="Start")
    bot: TabletopBot = env.bot
    matches = [m for m in await bot.service.matches_for(creator.id) if m.status == "active"]
    assert len(matches) == 1, matches
    return matches[0]


def answer(result: Any) -> Any:
    """The message that answered an interaction (the deferred response or its first follow-up)."""
    return result.followups[0] if result.followups else result.response


def person_at(match: Match, people: list[Any], seat: int) -> Any:
    return next(p for p in people if p.id == match.user_at(seat))


def actor_of(match: Match, people: list[Any]) -> Any:
    """The one person whose turn it is."""
    (seat,) = match.actors()
    return person_at(match, people, seat)


def labels(message: Any) -> list[str]:
    """Button labels of a channel message (discord.py rows) or of an interaction reply (raw component dicts)."""
    out = []
    for row in message.components:
        children = row["components"] if isinstance(row, dict) else row.children
        out += [(c.get("label") if isinstance(c, dict) else c.label) or "" for c in children]
    return out
