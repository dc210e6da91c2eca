"""An 11-player Cintos Swiss of 4 rounds through Discord (simcord), as an organiser runs one: an immediate
resignation, one before the player's own first move, games played out, agreed draws, a drop, an adjudication and a
look at the standings in the middle of a round. Every figure shown is checked against the rules of
design/tournaments.md, computed here from what the test itself made happen (not read from the bot's output)."""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from tests.bot.helpers import answer
from tests.bot.test_tournament_bot import fresh, open_event, person, play_by_moves, resign, server


@dataclass
class Ledger:
    """The results as the test made them: per round, per entrant, (opponent or None for a bye, points, played)."""

    rounds: dict[int, dict[int, tuple[int | None, float, bool]]] = field(default_factory=lambda: defaultdict(dict))
    seed: dict[int, int] = field(default_factory=dict)  # entrant -> sign-up order
    dropped: set[int] = field(default_factory=set)

    def game(self, r: int, pair: tuple[int, ...], pa: float, pb: float, played: bool) -> None:
        a, b = pair
        self.rounds[r][a] = (b, pa, played)
        self.rounds[r][b] = (a, pb, played)

    def bye(self, r: int, a: int) -> None:
        self.rounds[r][a] = (None, 1.0, False)

    def standings(self, last: int, playing: set[int] = frozenset()) -> list[tuple[int, float, float, float, int]]:  # type: ignore[assignment]
        """(entrant, points, Buchholz cut 1, Sonneborn-Berger, wins) in rank order, by design/tournaments.md, over
        rounds 1…last; entrants in `playing` are still playing round `last` (it counts nothing for them)."""
        everyone = sorted(self.seed, key=self.seed.__getitem__)
        total = {e: sum(self.rounds[r][e][1] for r in range(1, last + 1) if e in self.rounds[r]) for e in everyone}
        rows = {}
        for e in everyone:
            contributions, sb, wins = [], 0.0, 0
            for r in range(1, last + 1):
                if r == last and e in playing:
                    continue
                game = self.rounds[r].get(e)
                if game is None or game[0] is None or not game[2]:  # absent, a bye, a forfeit: own score
                    contributions.append(total[e])
                    continue
                opponent, points, _ = game
                assert opponent is not None
                contributions.append(total[opponent])
                sb += total[opponent] * points
                wins += points == 1.0
            cut = sum(contributions) - min(contributions) if contributions else 0.0
            rows[e] = (total[e], cut, sb, wins)
        direct: dict[int, float] = {}
        groups = defaultdict(list)
        for e, (pts, bh, sb, _) in rows.items():
            groups[(pts, bh, sb)].append(e)
        for group in groups.values():
            met = {frozenset((e, g[0])): g[1] for r in range(1, last + 1) for e, g in self.rounds[r].items()
                   if g[0] is not None and g[2] and e in group and g[0] in group}
            if len(group) > 1 and all(frozenset(p) in met for p in combinations(group, 2)):
                for e in group:
                    direct[e] = sum(g[1] for r in range(1, last + 1) for x, g in self.rounds[r].items()
                                    if x == e and g[0] in group and g[2])
        order = sorted(everyone, key=lambda e: (-rows[e][0], -rows[e][1], -rows[e][2], -direct.get(e, 0.0),
                                                -rows[e][3], self.seed[e]))
        return [(e, *rows[e]) for e in order]


def number(text: str) -> float:
    """'4½' -> 4.5, '½' -> 0.5, '4.33' -> 4.33."""
    if text.endswith("½"):
        return (float(text[:-1]) if text[:-1] else 0.0) + 0.5
    return float(text)


def shown_table(embed: Any) -> list[tuple[str, float, float, float, int, list[str]]]:
    """The standings embed's text table: (name, points, BH-1, SB, W, round codes) per line."""
    lines = embed.description.strip("`\n").splitlines()[1:]
    out = []
    for line in lines:
        if line.startswith("*"):
            continue
        parts = line.split()
        name = parts[1].rstrip("*")
        out.append((name, number(parts[2]), number(parts[3]), number(parts[4]), int(parts[5]), parts[6:]))
    return out


async def move(env: Any, channel: Any, people: list[Any], match_id: int | None, rng: random.Random) -> None:
    assert match_id is not None
    match = await env.bot.service.get(match_id)
    mover = person(people, match.user_at(match.actors()[0]))
    legal = await mover.autocomplete(channel, "cintos move", "move", "", match=match_id)
    result = await mover.slash(channel, "cintos move", move=rng.choice(legal)["value"], match=match_id)
    assert answer(result).content.startswith("Played"), answer(result).content


async def draw(env: Any, channel: Any, people: list[Any], match_id: int | None) -> None:
    assert match_id is not None
    match = await env.bot.service.get(match_id)
    first, second = (person(people, u) for u in match.user_ids)
    board = next(m for m in channel.history() if m.id == match.record.message_id)
    await first.click(board, label="Offer draw")
    await second.click(channel.last_message, label="Accept draw")
    assert match.status == "finished"


async def test_eleven_player_swiss_with_every_kind_of_result(simcord_env: Any) -> None:
    env = simcord_env
    channel, boss, people = server(env, 11)
    event = await open_event(env, channel, boss, people, game="cintos", format="swiss", rounds=4,
                             options="quiet-limit=20")
    names = {e.entrant: person(people, e.members[0]).user.name for e in event.entrants}
    ledger = Ledger(seed={e.entrant: e.seed for e in event.entrants})
    rng = random.Random(11)

    async def seated(table: Any) -> tuple[Any, Any]:
        match = await env.bot.service.get(table.match_id)
        return person(people, match.user_ids[0]), person(people, match.user_ids[1])

    async def both_move_then(table: Any, loser_seat: int) -> None:
        for _ in range(2):
            await move(env, channel, people, table.match_id, rng)
        first, second = await seated(table)
        await resign(channel, "cintos", (first, second)[loser_seat], table.match_id)
        a, b = table.entrants
        ledger.game(table.round, (a, b), float(loser_seat == 1), float(loser_seat == 0), True)

    # ---- round 1: an immediate resignation, one before a first move, a game played out, a draw, a resignation
    event = await fresh(env, event)
    t1, t2, t3, t4, t5, bye = event.round_tables()
    ledger.bye(1, bye.entrants[0])
    first, _ = await seated(t1)
    await resign(channel, "cintos", first, t1.match_id)  # at once: "Red resigned"
    ledger.game(1, t1.entrants, 0.0, 1.0, False)
    await move(env, channel, people, t2.match_id, rng)  # the first player moves, the second resigns
    _, second = await seated(t2)
    await resign(channel, "cintos", second, t2.match_id)
    ledger.game(1, t2.entrants, 1.0, 0.0, False)
    await play_by_moves(env, channel, people, t3.match_id, rng)  # played out to the quiet limit
    outcome = (await env.bot.service.get(t3.match_id)).outcome()
    users = (await env.bot.service.get(t3.match_id)).user_ids
    winners = {users[s] for s in outcome.winners}
    a, b = t3.entrants
    pa = 0.5 if len(winners) != 1 else float(event.entrant(a).members[0] in winners)
    ledger.game(1, (a, b), pa, 1.0 - pa, True)
    await move(env, channel, people, t4.match_id, rng)
    await move(env, channel, people, t4.match_id, rng)
    await draw(env, channel, people, t4.match_id)
    ledger.game(1, t4.entrants, 0.5, 0.5, True)
    await both_move_then(t5, 1)

    # ---- round 2: a player drops while their match runs (no move yet: a forfeit), the rest draw or resign
    event = await fresh(env, event)
    assert event.round == 2
    tables = event.round_tables()
    for table in tables:
        if len(table.entrants) == 1:
            ledger.bye(2, table.entrants[0])
    games = [t for t in tables if len(t.entrants) == 2]
    dropper_table = games[0]
    dropper = person(people, event.entrant(dropper_table.entrants[1]).members[0])
    dropped = await dropper.slash(channel, "tournament drop")
    assert "You left" in answer(dropped).content
    ledger.game(2, dropper_table.entrants, 1.0, 0.0, False)
    ledger.dropped.add(dropper_table.entrants[1])
    for i, table in enumerate(games[1:]):
        if i % 2:
            await move(env, channel, people, table.match_id, rng)
            await move(env, channel, people, table.match_id, rng)
            await draw(env, channel, people, table.match_id)
            ledger.game(2, table.entrants, 0.5, 0.5, True)
        else:
            await both_move_then(table, i % 3 == 0)

    # ---- round 3: ten players, five tables; an adjudication; a look at the standings mid-round
    event = await fresh(env, event)
    assert event.round == 3 and all(dropper_table.entrants[1] not in t.entrants for t in event.round_tables())
    games = event.round_tables()
    assert [len(t.entrants) for t in games] == [2] * 5
    await both_move_then(games[0], 0)
    await move(env, channel, people, games[1].match_id, rng)
    await move(env, channel, people, games[1].match_id, rng)
    adjudicated = await boss.slash(channel, "tournament result", match=games[1].match_id, result="first")
    assert "first-listed side wins" in answer(adjudicated).content
    ledger.game(3, games[1].entrants, 1.0, 0.0, True)  # both had moved: a win over the board
    playing = {e for t in games[2:] for e in t.entrants}
    look = await people[3].slash(channel, "tournament standings")
    embed = answer(look).embeds[0]
    assert "after round 2 · round 3 in progress: 2 of 5 results in" in embed.title
    expected = ledger.standings(3, playing)
    shown = shown_table(embed)
    assert [row[0] for row in shown] == [names[e][:16] for e, *_ in expected]
    for (name, pts, bh, sb, wins, codes), (e, *figures) in zip(shown, expected, strict=True):
        assert (pts, bh, sb, wins) == (figures[0], round(figures[1], 2), round(figures[2], 2), figures[3]), name
        assert (codes[2] == "…") == (e in playing), name
    for table in games[2:]:
        await both_move_then(table, rng.randrange(2))

    # ---- round 4, then the final standings, every figure
    event = await fresh(env, event)
    assert event.round == 4
    for table in event.round_tables():
        if len(table.entrants) == 1:
            ledger.bye(4, table.entrants[0])
        elif table.board % 2:
            await move(env, channel, people, table.match_id, rng)
            await move(env, channel, people, table.match_id, rng)
            await draw(env, channel, people, table.match_id)
            ledger.game(4, table.entrants, 0.5, 0.5, True)
        else:
            await both_move_then(table, 0)
    event = await fresh(env, event)
    assert event.status == "finished"
    final = next(m for m in reversed(channel.history()) if m.embeds and "final standings" in m.embeds[0].title)
    expected = ledger.standings(4)
    shown = shown_table(final.embeds[0])
    assert [row[0] for row in shown] == [names[e][:16] for e, *_ in expected]
    for (name, pts, bh, sb, wins, codes), (e, *figures) in zip(shown, expected, strict=True):
        assert (pts, bh, sb, wins) == (figures[0], round(figures[1], 2), round(figures[2], 2), figures[3]), name
        for r, code in enumerate(codes, start=1):
            game = ledger.rounds[r].get(e)
            want = "-" if game is None else "B" if game[0] is None else \
                ("W" if game[1] == 1 else "D" if game[1] == 0.5 else "L") if game[2] else \
                ("F+" if game[1] == 1 else "F-")
            assert code == want, (name, r)
    assert sum(row[1] for row in shown) == sum(1.0 for r in range(1, 5) for e, g in ledger.rounds[r].items()
                                               if g[1] == 1.0) + 0.5 * sum(1 for r in range(1, 5)
                                                                           for g in ledger.rounds[r].values()
                                                                           if g[1] == 0.5)
    # the forfeits are not rated, the games over the board are: one result for the event and the ratings
    for table in event.tables:
        if table.match_id is not None:
            assert bool(await env.bot.service.rating_changes(table.match_id)) == table.played, table
