"""Sanae hidden information: random games never show a hidden rank in views, public logs, messages or errors while
they run; once over, every view shows every rank."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from rules import IllegalAction, NotationError
from rules.sanae import GAME
from rules.sanae.moves import eligible_captains, zed_pause
from rules.sanae.pieces import NAMES
from rules.sanae.state import Move, Ready, SanaeState, Zed
from rules.sanae.view import published

_TOKEN = re.compile(r"\b([rb])([VKQWDCLNAF])\b")
_NAME = re.compile(r"\b(" + "|".join(NAMES.values()) + r")\b")


def public_tokens(state: SanaeState) -> set[str]:
    """Side+letter of every stone whose rank everyone knows: face up on the board or captured."""
    known = {t[:2] for t in state.cells if "*" in t}
    return known | {"rb"[side] + letter for side in (0, 1) for letter in state.captured[side]}


def check_views(state: SanaeState) -> None:
    for viewer in (None, 0, 1):
        view = GAME.view(state, viewer)
        for token, entry in zip(state.cells, view["cells"], strict=True):
            stone = entry["stone"]
            if not token:
                assert stone is None
                continue
            owner = "rb".index(token[0])
            if not published(state) and owner != viewer:
                assert stone is None, "a layout is private until both are ready"
            elif "*" in token or owner == viewer or state.phase == "over":  # the end shows every rank
                assert stone["letter"] == token[1]
            else:
                assert stone["letter"] is None and stone["name"] is None
        pending = view["pending"]
        if pending and pending["kind"] == "zed" and viewer != pending["defender"]:
            assert pending["eligible"] is None


def check_log(before: SanaeState, action: object, after: SanaeState) -> None:
    public = GAME.log_text(before, action, None)
    if before.phase == "setup":
        assert public in ("layout", "ready", "red layout", "blue layout", "red ready", "blue ready") \
            or re.fullmatch(r"fill [RB]\d\.\d\d \?", public), public
        return
    known = public_tokens(after)
    for token in _TOKEN.findall(public):
        assert "".join(token) in known, f"{public!r} names {''.join(token)}, which is still hidden"
    words = GAME.describe(before, action, after)
    names = {NAMES[t[1]] for t in known}
    for name in _NAME.findall(words):
        assert name in names, f"{words!r} names a {name} nobody has seen"


def _answer(state: SanaeState, text: str, seat: int) -> str:
    try:
        GAME.parse(state, text, seat)
    except (IllegalAction, NotationError) as error:
        return str(error)
    return "ok"


def check_errors(state: SanaeState, rng: random.Random) -> None:
    """A refusal depends only on what the player knows: it is the same in every state they cannot tell apart."""
    for seat in (0, 1):
        twin = GAME.resample_hidden(state, seat, rng)
        for _ in range(80):
            source, target = rng.randrange(93), rng.randrange(93)
            action = Move(source, target) if rng.random() < 0.8 else Zed(target)
            text = GAME.notation(state, action)
            assert _answer(state, text, seat) == _answer(twin, text, seat), text


def check_resample(state: SanaeState, rng: random.Random) -> None:
    for viewer in (None, 0, 1):
        twin = GAME.resample_hidden(state, viewer, rng)
        assert GAME.view(twin, viewer) == GAME.view(state, viewer)
        if published(state):
            assert all(twin.cells[c][1:2] != "V" for c in state.moved), "a stone seen moving is not the Void"
            if state.pending is not None and state.pending.kind == "zed":
                assert zed_pause(twin, state.pending.target)


def choose(state: SanaeState, seat: int, rng: random.Random) -> object:
    actions = GAME.legal_actions(state, seat)
    if state.phase == "setup":  # a few layouts and swaps, then ready: random setup otherwise takes ~1500 steps
        if Ready() in actions and rng.random() < 0.25:
            return Ready()
        return rng.choice(actions[:4] if rng.random() < 0.5 else actions)
    return rng.choice(actions)


def random_game(seed: int, options: dict[str, str] | None = None, checks: bool = True) -> tuple[SanaeState, int]:
    rng = random.Random(seed)
    state = GAME.setup(2, options)
    steps = 0
    while GAME.outcome(state) is None:
        steps += 1
        assert steps < 20000
        chances = GAME.chance_outcomes(state)
        if chances:
            action: object = rng.choices([a for a, _ in chances], weights=[p for _, p in chances])[0]
            seat = None
        else:
            seat = rng.choice(sorted(GAME.actors(state)))
            action = choose(state, seat, rng)
        after = GAME.apply(state, action, seat)
        if checks:
            check_views(after)
            check_log(state, action, after)
            if steps % 7 == 0:
                check_resample(after, rng)
            if steps % 40 == 0 and after.phase == "play":
                check_errors(after, rng)
        state = after
    return state, steps


@pytest.mark.parametrize(("seed", "options"), [
    (1, None), (2, None), (3, None), (4, {"zed-prompt": "eligible-only"}), (5, {"king-queen": "draw"}),
    (6, {"king-queen": "off", "zed-range": "8"}),
])
def test_random_games_never_leak_a_hidden_rank(seed: int, options: dict[str, str] | None) -> None:
    final, _ = random_game(seed, options)
    outcome = GAME.outcome(final)
    assert outcome is not None and outcome.reason in ("void_captured", "king_queen_draw", "quiet-limit", "no_moves")
    assert GAME.actors(final) == frozenset() and GAME.chance_outcomes(final) == []
    # Once over, every view shows every stone's rank (the final image and the GIF's last frame reveal them all),
    # and nothing is left to re-deal.
    hidden = [t for t in final.cells if t and "*" not in t]
    assert hidden, "a finished game still holds stones play never revealed"
    for viewer in (None, 0, 1):
        stones = [c["stone"] for c in GAME.view(final, viewer)["cells"] if c["stone"]]
        assert all(stone["letter"] for stone in stones) and len(stones) == sum(1 for t in final.cells if t)
    assert GAME.resample_hidden(final, None, random.Random(seed)) == final
    # The export's final position (matches.history.export_record) names every stone's rank too.
    listed = GAME.position(final).split(" ; stones ")[1].split(" ; ")[0].split()
    assert len(listed) == sum(1 for t in final.cells if t)
    assert all(re.fullmatch(r"(?:[RB]\d\.\d\d|C\d)=[rb][VKQWDCLNAF]\*?z?", stone) for stone in listed), listed


def test_random_play_ends() -> None:
    """The quiet limit bounds a game: every ply either fights (removing one of 72 stones) or counts to 200."""
    reasons = set()
    for seed in range(10, 22):
        final, _ = random_game(seed, {"quiet-limit": "40"} if seed % 2 else None, checks=False)
        assert final.plies <= 71 * 200 + 200
        reasons.add(final.result[1] if final.result else None)
    assert reasons <= {"void_captured", "king_queen_draw", "quiet-limit", "no_moves"}
    assert "void_captured" in reasons


def test_eligible_captains_in_a_random_pause_are_the_defenders() -> None:
    pending_states: list[Any] = []
    rng = random.Random(5)
    game = GAME.setup(2)
    while GAME.outcome(game) is None and len(pending_states) < 3:
        chances = GAME.chance_outcomes(game)
        if chances:
            game = GAME.apply(game, rng.choices([a for a, _ in chances], [p for _, p in chances])[0], None)
            continue
        seat = rng.choice(sorted(GAME.actors(game)))
        game = GAME.apply(game, choose(game, seat, rng), seat)
        if game.pending is not None and game.pending.kind == "zed":
            pending_states.append(game)
    assert pending_states
    for paused in pending_states:
        defender = 1 - (paused.turn or 0)
        assert all(paused.cells[c][:2] == "rb"[defender] + "C" for c in eligible_captains(paused))
        assert GAME.actors(paused) == frozenset({defender})
