"""Sanae through discord.py and simcord: private setup, moves, the defender's Zed Inel answer, no leaked ranks."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from bot import TabletopBot
from cogs.base import Tables
from cogs.sanae import ZED_BUTTON as ZED
from cogs.sanae import setup_text
from data import Store
from matches import Match, MatchService
from rules.sanae.pieces import NAMES
from rules.sanae.state import SanaeState
from tests.bot.helpers import answer, labels, world

_TOKEN = re.compile(r"\b([rb])([VKQWDCLNAF])\b")
_NAME = re.compile(r"\b(" + "|".join(NAMES.values()) + r")s?\b")


def sanae(match: Any) -> SanaeState:
    """A started match's state (a lobby has none)."""
    state = match.state
    assert state is not None
    return state


async def open_match(env: Any, channel: Any, people: list[Any], options: str | None = None) -> Match:
    ada, bob = people
    kwargs = {"options": options} if options else {}
    await ada.slash(channel, "sanae new", **kwargs)
    await bob.click(channel.last_message, label="Join")
    await ada.click(channel.last_message, label="Start")
    bot: TabletopBot = env.bot
    (match,) = await bot.service.matches_for(ada.id)
    return match


def seated(match: Match, people: list[Any]) -> tuple[Any, Any]:
    """(Red's player, Blue's player)."""
    by_id = {p.id: p for p in people}
    return by_id[match.user_at(0)], by_id[match.user_at(1)]


def known(state: SanaeState) -> tuple[set[str], set[str]]:
    """Side+letter tokens and piece names everyone may know: face-up stones and captured stones."""
    tokens = {t[:2] for t in state.cells if "*" in t}
    tokens |= {"rb"[side] + letter for side in (0, 1) for letter in state.captured[side]}
    return tokens, {NAMES[t[1]] for t in tokens}


def assert_no_hidden_rank(text: str, state: SanaeState, before: SanaeState | None = None) -> None:
    """`text` (public) names no rank that is hidden in `state` (and was not public just before, for retirements)."""
    tokens, names = known(state)
    if before is not None:
        old_tokens, old_names = known(before)
        tokens, names = tokens | old_tokens, names | old_names
    for token in _TOKEN.findall(text):
        assert "".join(token) in tokens, f"{text!r} shows {''.join(token)}, a hidden rank"
    for name in _NAME.findall(text):
        assert name in names, f"{text!r} names a {name} nobody has seen"


def public_texts(message: Any) -> list[str]:
    texts = [message.content or ""]
    for embed in message.embeds:
        texts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        texts += [f"{f.name} {f.value}" for f in embed.fields]
    texts += labels(message)
    return texts


def greedy_move(match: Match, seat: int, rng: random.Random) -> str:
    """A move towards the enemy Void (the test may look at everything): Void attacks first, then closest."""
    state = sanae(match)
    grid = state.grid
    void = next(c for c, t in enumerate(state.cells) if t[:2] == "rb"[1 - seat] + "V")
    options = []
    for move in match.game.legal_actions(state, seat):
        if move.target == void:
            return match.game.notation(state, move)
        gain = grid.distance[move.source][void] - grid.distance[move.target][void]
        options.append((-gain, -bool(state.cells[move.target]), rng.random(), match.game.notation(state, move)))
    return min(options)[-1]


async def test_full_game_from_private_setup_to_a_captured_void(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    stranger = channel.guild.add_member(simcord_env.create_user("eve"))
    match = await open_match(simcord_env, channel, people)
    red, blue = seated(match, people)
    assert sanae(match).phase == "setup" and match.actors() == [0, 1]
    start_board = channel.last_message
    assert "My board" in labels(start_board)

    # Red: the setup panel, then the Classic and Ready buttons (all private).
    panel = await red.slash(channel, "sanae setup")
    shown = answer(panel)
    assert panel.ephemeral and shown.attachments[0].filename == "private.png"
    assert {"Random", "Classic", "Wall", "Keep"} <= set(labels(shown))
    before = len(channel.history())
    picked = await red.click(shown, label="Classic")
    assert picked.ephemeral
    layout = answer(picked)
    assert "FFFFNQVWNFFF/.FFFNDCLAFF./...FFLCLFF../.FFLKNFF." in layout.content
    assert len(channel.history()) == before  # a layout change posts nothing in the channel
    refused = await red.slash(channel, "sanae move", move="R3.06-R4.06")
    assert refused.ephemeral and "set up" in answer(refused).content

    # Blue: autocomplete, then a compressed layout code (the keep preset) and `ready` by command.
    choices = await blue.autocomplete(channel, "sanae setup", "layout", "cl")
    assert [c["value"] for c in choices] == ["classic"]
    assert await blue.autocomplete(channel, "sanae setup", "layout", "ready") == []  # no layout yet
    coded = await blue.slash(channel, "sanae setup", layout="4FNCVCN3F/.3FNQKWA2F./3.2FLDL2F2./.2F2LN2F.")
    assert "FFFFNCVCNFFF/.FFFNQKWAFF./...FFLDLFF../.FFLLNFF." in answer(coded).content
    bad = await blue.slash(channel, "sanae setup", layout="19F")
    assert bad.ephemeral and answer(bad).content.startswith("Length ")  # in words: no "bad_code:" (issue 27)
    await red.click(layout, label="Ready")
    assert sanae(match).setup[0] == "ready"
    assert "Red is ready" in channel.last_message.embeds[0].description
    waiting = await red.slash(channel, "sanae setup", layout="random")
    assert waiting.ephemeral and "waiting for Blue" in answer(waiting).content
    await blue.slash(channel, "sanae setup", layout="ready")
    assert sanae(match).phase == "play"
    roll = channel.last_message.embeds[0].description
    assert re.search(r"Red rolls \d, Blue rolls \d: (Red|Blue) moves first", roll), roll
    assert_no_hidden_rank(" ".join(public_texts(channel.last_message)), sanae(match))

    # Play towards the Voids; the first Zed Inel prompt is answered with a Captain, later ones with no.
    rng = random.Random(4)
    zed_answered = zed_refused = False
    plies = 0
    while match.outcome() is None:
        plies += 1
        assert plies < 300
        if sanae(match).pending is not None:
            turn = sanae(match).turn
            assert turn is not None
            defender = 1 - turn
            mover, other = (red, blue) if defender == 0 else (blue, red)
            board = channel.last_message
            assert ZED in labels(board)
            if not zed_refused:
                pressed = await other.click(board, label="Answer Zed Inel")
                assert pressed.ephemeral and "Only" in answer(pressed).content
                watched = await stranger.click(board, label="Answer Zed Inel")
                assert "not playing" in answer(watched).content
                zed_refused = True
            asked = await mover.click(board, label="Answer Zed Inel")
            prompt = answer(asked)
            assert asked.ephemeral and "is attacked" in prompt.content
            captains = [label for label in labels(prompt) if label.startswith("Captain")]
            version = match.record.version
            if captains and not zed_answered:
                result = await mover.click(prompt, label=captains[0])
                assert "uses Zed Inel" in answer(result).content
                zed_answered = True
            else:
                await mover.click(prompt, label="No, let the Void fall")
            assert match.record.version > version
            continue
        (seat,) = match.actors()
        mover = red if seat == 0 else blue
        choices = await mover.autocomplete(channel, "sanae move", "move", "")
        assert 0 < len(choices) <= 25 and all("-" in c["value"] for c in choices)
        move = greedy_move(match, seat, rng)
        before_state = sanae(match)
        result = await mover.slash(channel, "sanae move", move=move)
        assert answer(result).content.startswith("Played"), answer(result).content
        for text in public_texts(channel.last_message):
            assert_no_hidden_rank(text, sanae(match), before_state)

    outcome = match.outcome()
    assert outcome is not None and outcome.reason in ("void_captured", "king_queen_draw")
    assert "V" in "".join(sanae(match).captured)
    assert zed_answered and zed_refused
    final = channel.last_message
    assert "Game over" in final.embeds[0].description
    assert not {"My board", ZED} & set(labels(final))
    dice = [m for m in channel.history() if m.embeds and " vs " in (m.embeds[0].description or "")]
    assert all("falls" in m.embeds[0].description or "captures" in m.embeds[0].description for m in dice)


async def test_board_button_and_commands_show_private_ranks_only_to_the_owner(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, channel, people)
    red, blue = seated(match, people)
    await red.slash(channel, "sanae setup", layout="classic")
    await blue.slash(channel, "sanae setup", layout="wall")
    await red.slash(channel, "sanae setup", layout="ready")
    await blue.slash(channel, "sanae setup", layout="ready")
    mine = await red.click(channel.last_message, label="My board")
    assert mine.ephemeral and answer(mine).attachments[0].filename == "private.png"
    assert "your own ranks" in answer(mine).content
    public = await blue.slash(channel, "sanae board")
    assert public.ephemeral and answer(public).attachments
    (seat,) = match.actors()
    mover = red if seat == 0 else blue
    choices = await mover.autocomplete(channel, "sanae move", "move", "")
    ranks = ("King", "Queen", "Dragon", "Wizard", "Knight", "Lieutenant", "Assassin", "Footman")
    # the mover's own stones, named for them alone (which ones come first depends on who the dice let start)
    assert any(rank in c["name"] for c in choices for rank in ranks)
    waiting = blue if mover is red else red
    assert await waiting.autocomplete(channel, "sanae move", "move", "") == []
    rules = await red.slash(channel, "sanae rules")
    assert rules.ephemeral and "Zed Inel" in answer(rules).embeds[0].description


def test_setup_words_become_notation() -> None:
    assert setup_text("Classic") == "layout preset classic"
    assert setup_text("random") == "layout random"
    assert setup_text("swap R1.06 R2.05") == "layout swap R1.06 R2.05"
    assert setup_text("4FNQVWN3F/.3FNDCLA2F./3.2FLCL2F2./.2FLKN2F.").startswith("layout code 4FNQ")
    assert setup_text("ready") == "ready"


async def test_random_games_never_show_a_hidden_rank_in_public(tmp_path: Path) -> None:
    """Many random games through the service: every public line, summary and public view keeps ranks hidden."""
    store = await Store.open(tmp_path / "leak.sqlite3")
    service = MatchService(store, rng=random.Random(11))
    tables = Tables(None)  # type: ignore[arg-type]  # summary needs no bot
    rng = random.Random(12)
    names_seen: set[str] = set()
    try:
        for _ in range(12):
            match = await service.create("sanae", guild_id=1, channel_id=2, creator_id=10, players=2,
                                         options={"quiet-limit": "40"})
            await service.join(match.id, 20)
            await service.start(match.id, 10)
            for seat in (0, 1):
                await service.act(match.id, match.user_at(seat), rng.choice(["layout random", "layout preset wall",
                                                                              "layout preset classic"]))
            for seat in (0, 1):
                await service.act(match.id, match.user_at(seat), "ready")
            for _ in range(120):
                if match.outcome() is not None:
                    break
                (seat,) = match.actors()
                state = sanae(match)
                legal = match.game.legal_actions(state, seat)
                attacks = [a for a in legal if getattr(a, "target", None) is not None and state.cells[a.target]]
                action = rng.choice(attacks if attacks and rng.random() < 0.7 else legal)
                turn = await service.act(match.id, match.user_at(seat), match.game.notation(state, action))
                events = turn.events  # the service words every event with the game's describe()
                texts = [tables.summary(match, events), tables.status_line(match)]
                texts += [e.public for e in events] + [e.description for e in events]
                for text in texts:
                    assert_no_hidden_rank(text, sanae(match), state)
                    names_seen |= set(_NAME.findall(text))
                public = match.view(None)
                over = match.outcome() is not None  # once over, every rank is shown to everyone
                for cell, token in zip(public["cells"], sanae(match).cells, strict=True):
                    if token and "*" not in token:
                        assert (cell["stone"]["letter"] is None and cell["stone"]["name"] is None) != over
    finally:
        await store.close()
    assert {"Footman", "Void"} <= names_seen  # the search did read combat lines
