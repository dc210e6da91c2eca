"""What the local table says at its prompt: the goal at the start, `rules`, `?` grouped, ranked and paged, refusals
in words without the rules' codes, and the PNG of your move written before the computer replies."""

from __future__ import annotations

import asyncio
import io
import random
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from data import Store
from matches import Match, MatchService
from rules import GAMES
from tabletop.table import PAGE, Table, listing, ranked, width
from tests.tabletop.terminal import words


class Script(io.StringIO):
    """Input typed line by line: each line is made when the table asks (so it can depend on the position)."""

    def __init__(self, lines: list[str | Callable[[], str]]) -> None:
        super().__init__()
        self.lines = lines

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]  # typeshed: StringIO's bases differ
        if not self.lines:
            return "quit\n"
        line = self.lines.pop(0)
        return (line() if callable(line) else line) + "\n"


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[MatchService]:
    store = await Store.open(tmp_path / "table.sqlite3")
    service = MatchService(store, rng=random.Random(3))
    service.computer_iterations = 4
    yield service
    await service.stop_computers()
    await store.close()


async def session(service: MatchService, game: str, lines: list[str | Callable[[], str]], *, vs: str | None = "easy",
                  png: Path | None = None, players: int | None = None) -> tuple[str, Match]:
    screen = io.StringIO()
    table = Table(service, Script(lines), screen, png=png)
    match = await table.open(game, players, {}, vs)
    await table.play(match)
    return screen.getvalue(), match


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_every_game_states_its_goal_at_the_start(service: MatchService, game: str) -> None:
    shown, _ = await session(service, game, [])
    assert GAMES[game].goal and words(f"Goal: {GAMES[game].goal}") in words(shown)


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_rules_gives_the_goal_the_rules_and_the_picture_when_asked(service: MatchService, tmp_path: Path,
                                                                        game: str) -> None:
    shown, _ = await session(service, game, ["rules"], png=tmp_path / "boards")
    said = words(shown.split("> ", 1)[1])
    assert "cannot read" not in said and words(f"Goal: {GAMES[game].goal}") in said
    assert len(said) > 600 and f"docs/players/{game}.md" in said and "rules png" in said, said
    picture = tmp_path / "boards" / f"{game}-rules.png"
    assert not picture.exists()
    shown, _ = await session(service, game, ["rules png"], png=tmp_path / "boards")
    assert words(f"The rules in a picture: {picture}") in words(shown) and picture.read_bytes().startswith(b"\x89PNG")


async def test_sanae_rules_name_every_stone_with_rank_and_range(service: MatchService) -> None:
    shown, _ = await session(service, "sanae", ["rules"])
    said = words(shown)
    for stone in ("V Void 0/0", "K King 6/1", "W Wizard 6*/3", "D Dragon 6*/6", "C Captain 5/4 ×2",
                  "F Footman 1/1 ×20"):
        assert stone in said, stone


async def test_question_mark_groups_ranks_and_pages_the_legal_moves(service: MatchService) -> None:
    # Bodsoi's opening move: one tile in hand, (nearly) every square and rotation legal; "" is the hand-over
    shown, _ = await session(service, "bodsoi", ["", "?", "? all"], vs=None, players=2)
    grouped, every = shown.split("Legal moves")[1], shown.split("Legal moves")[2]
    count = int(every.split("(")[1].split(")")[0])
    assert count > 100 and every.count("place ") == count - 1  # and pass
    lines = [line for line in grouped.split(">")[0].splitlines()[1:] if line.startswith("  ")]
    assert grouped.startswith(f" ({count}), best first")
    assert len(lines) == PAGE and all(len(line) <= width() for line in lines)
    # each placement written whole, as it is typed (`place C-su-mo d4 90`, not `d4 90` under a heading)
    for line in lines:
        moves = line.strip().rstrip(",").split(", ")
        assert moves == ["pass"] or all(move.startswith("place ") and len(move.split()) == 4 for move in moves), line


def test_a_long_list_is_paged() -> None:
    game = GAMES["cintos"]
    state = game.setup(2)
    seat = min(game.actors(state))
    match = Match.__new__(Match)
    match.__dict__.update(state=state, game=game)
    legal = [game.notation(state, a) for a in game.legal_actions(state, seat)]
    many = legal + [f"z{k}-z{k + 1}" for k in range(60)]  # not legal, but listed: only the paging is under test
    first, second = listing(match, seat, many, 1), listing(match, seat, many, 2)
    assert "page 1 of" in first.splitlines()[0] and "(? 2 for the next page" in first
    assert len(first.splitlines()) <= PAGE + 2 and "page 2 of" in second.splitlines()[0]
    assert set(first.splitlines()[1:-1]).isdisjoint(second.splitlines()[1:])


def test_the_ranking_puts_the_best_move_first() -> None:
    """Cintos: a move that captures (turns pieces by majority) is ranked above quiet ones."""
    game = GAMES["cintos"]
    rng = random.Random(11)
    state = game.setup(2)
    for _ in range(400):
        if game.is_over(state):
            break
        seat = min(game.actors(state))
        actions = game.legal_actions(state, seat)
        own = [game.view(game.apply(state, a, seat), None)["scores"][seat] for a in actions]  # pieces after
        if max(own) > min(own):
            match = Match.__new__(Match)
            match.__dict__.update(state=state, game=game)
            texts = [game.notation(state, a) for a in actions]
            best = {t for t, n in zip(texts, own, strict=True) if n == max(own)}
            groups = ranked(match, seat, texts)
            assert groups[0].moves[0] in best, (groups[0], best)
            return
        state = game.apply(state, rng.choice(actions), seat)
    pytest.fail("no position with a capture in 400 random plies")


async def test_refusals_are_words_without_the_rules_codes(service: MatchService) -> None:
    shown, _ = await session(service, "sakamichi", ["choose first", "place purple up w4"], vs=None, players=2)
    refusals = [line for line in shown.splitlines() if not line.startswith(("  ", "Sakamichi", "Goal", "Type"))]
    assert not [line for line in refusals if "wrong_phase:" in line or "syntax:" in line], refusals


async def test_your_move_is_drawn_before_the_computer_replies(service: MatchService, tmp_path: Path) -> None:
    boards = tmp_path / "boards"
    loop = asyncio.get_running_loop()
    holder: dict[str, Match] = {}

    def move() -> str:  # the first legal move of whoever is to move, asked from the table's input thread
        match = holder["match"]
        user = next(match.user_at(s) for s in match.actors())
        return asyncio.run_coroutine_threadsafe(service.legal_texts(match.id, user), loop).result()[0]

    table = Table(service, Script([move, move, move]), io.StringIO(), png=boards)
    holder["match"] = match = await table.open("cintos", 2, {}, "easy")
    await table.play(match)
    drawn = {int(p.stem.split("-")[1]) for p in boards.glob(f"match{match.id}-*.png")}
    log = await service.store.log(match.id)
    mine = [entry.n for entry in log if entry.user_id == 1]
    assert len(mine) == 3
    assert set(mine) <= drawn, (sorted(drawn), mine)  # the position after each of your moves
