"""Over-long typed input (2,000 and 6,000 characters) in every free-text option: a short, specific, ephemeral
refusal within Discord's limits, and nothing changes (issue 10, defect 1: the echo broke the 2,000 limit and the
user was left with "thinking…")."""

from __future__ import annotations

from typing import Any

import pytest

from cogs import limits
from tests.bot.helpers import actor_of, answer, open_match, world

SIZES = (2000, 6000)


def shapes(size: int) -> list[str]:
    """A space-free run and a run of plausible words, `size` characters each."""
    return ["b" * size, ("w4 b2-b3 " * size)[:size]]


def assert_within_limits(message: Any) -> None:
    """Discord's limits, checked on what the bot sent (simcord rejects some of these too; this does not rely on it)."""
    assert len(message.content or "") <= limits.CONTENT
    total = 0
    for embed in message.embeds:
        assert len(embed.title or "") <= limits.EMBED_TITLE
        assert len(embed.description or "") <= limits.EMBED_DESCRIPTION
        assert len(embed.fields) <= limits.FIELDS
        assert all(len(f.name) <= limits.FIELD_NAME and len(f.value) <= limits.FIELD_VALUE for f in embed.fields)
        assert len(embed.footer.text or "") <= limits.FOOTER
        total += len(embed)
    assert total <= limits.EMBED_TOTAL
    for row in message.components:
        for child in row["components"] if isinstance(row, dict) else row.children:
            label = child.get("label") if isinstance(child, dict) else child.label
            assert len(label or "") <= limits.BUTTON_LABEL


async def refused(channel: Any, person: Any, match: Any, command: str, **options: Any) -> str:
    """Run the command; it must answer with a short ephemeral refusal and change nothing. Returns the refusal."""
    version, before = match.record.version, len(channel.history())
    result = await person.slash(channel, command, **options)
    message = answer(result)
    assert result.ephemeral, (command, message.content)
    assert_within_limits(message)
    text = message.content
    assert text and "something went wrong" not in text and not text.startswith("Played"), text
    longest = max((v for v in options.values() if isinstance(v, str)), key=len)
    assert longest[:200] not in text, "the input is echoed whole"
    assert "too long" in text or "characters" in text, text  # specific: it says what is wrong
    assert match.record.version == version and len(channel.history()) == before
    for posted in channel.history():
        assert_within_limits(posted)
    return text


CASES: dict[str, list[tuple[str, str, dict[str, str]]]] = {
    "cintos": [("cintos move", "move", {})],
    "sinoda": [("sinoda move", "move", {}), ("sinoda change", "piece", {"direction": "+"}),
               ("sinoda change", "direction", {"piece": "c4"})],
    "sakamichi": [("sakamichi place", "row", {}), ("sakamichi stack", "row", {}), ("sakamichi redraw", "tile", {}),
                  ("sakamichi exchange", "give", {"take": "w1b4"}), ("sakamichi exchange", "take", {"give": "w1b4"}),
                  ("sakamichi choose", "choice", {})],
    "sanae": [("sanae move", "move", {}), ("sanae setup", "layout", {})],
    "bodsoi": [("bodsoi place", "tile", {}), ("bodsoi place", "tile", {"square": "d4", "rotation": "90"}),
               ("bodsoi place", "square", {"tile": "C-su-mo", "rotation": "90"}),
               ("bodsoi place", "rotation", {"tile": "C-su-mo", "square": "d4"})],
}
OPTIONS = {"sakamichi": {"options": "mode=basic"}}


@pytest.mark.parametrize("game", sorted(CASES))
async def test_long_input_is_refused_shortly_and_changes_nothing(simcord_env: Any, game: str) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, game, channel, people, **OPTIONS.get(game, {}))
    mover = actor_of(match, people) if len(match.actors()) == 1 else people[0]
    for command, option, others in CASES[game]:
        for size in SIZES:
            for text in shapes(size):
                await refused(channel, mover, match, command, **{option: text, **others})
                # autocomplete of the same text (Discord sends at most 100 characters while typing; more here)
                offered = await mover.autocomplete(channel, command, option, text[:1000], **others)
                assert all(len(c["name"]) <= 100 and len(str(c["value"])) <= 100 for c in offered)
    # /<game> new with long options: refused before any lobby exists
    for size in SIZES:
        for text in ["x" * size, ("mode=basic " * size)[:size], ("a" * size) + "=1"]:
            offered = await people[0].autocomplete(channel, f"{game} new", "options", text[:1000])
            assert all(len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in offered)
            result = await people[0].slash(channel, f"{game} new", options=text)
            message = answer(result)
            assert result.ephemeral and len(message.content) <= limits.CONTENT, message.content
            assert text[:200] not in message.content and "went wrong" not in message.content
    # under the length cap, an unknown option name is still quoted shortened, not repeated whole
    result = await people[0].slash(channel, f"{game} new", options="q" * 250 + "=1")
    assert "no option" in answer(result).content and "q" * 100 not in answer(result).content, answer(result).content
    assert [m.id for m in await simcord_env.bot.service.matches_for(people[0].id, ("lobby",))] == []
