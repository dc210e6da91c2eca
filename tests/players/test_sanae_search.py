"""Sanae's hard search (players.sanae): it guards its Void, scores probes by their odds, and always looks once."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from players import Budget
from players.evaluate import teams_of
from players.levels import setup_choice
from players.measures import SANAE_WORTH
from players.play import settle
from players.sanae import (
    CANDIDATE_WORTH,
    HIDING,
    KEEP,
    LAST_ROYAL,
    LOST,
    OPEN_VOID,
    against_replies,
    candidates,
    expected,
    measure,
    retally,
    search,
    tally,
    value,
)
from rules import GAMES
from rules.base import evolve
from rules.sanae.moves import reveal
from rules.sanae.pieces import RANGES
from rules.sanae.state import SIDE_CHARS, Move, Roll, SanaeState, Zed, lost_both_royals
from tests.players.positions import along, each_position, positions
from tests.players.searching import enough

SANAE = GAMES["sanae"]


def without_zed(state: SanaeState, seat: int) -> SanaeState:
    """`state` with `seat`'s Captains' Zed Inel spent, so an attack on its Void ends the game at once."""
    side = SIDE_CHARS[seat]
    cells = tuple(reveal(t) + ("" if t.endswith("z") else "z") if t[:2] == side + "C" else t for t in state.cells)
    return evolve(state, cells=cells)


def void_of(state: SanaeState, seat: int) -> int:
    """The cell of `seat`'s Void."""
    return next(c for c, t in enumerate(state.cells) if t[:2] == SIDE_CHARS[seat] + "V")


def void_reachable(state: SanaeState, seat: int, void: int | None = None) -> bool:
    """Whether the opponent, to move in `state`, can attack `seat`'s Void (on `void`, when the caller knows it)."""
    if SANAE.is_over(state) or SANAE.actors(state) != {1 - seat}:
        return False
    void = void_of(state, seat) if void is None else void
    return any(isinstance(move, Move) and move.target == void for move in SANAE.legal_actions(state, 1 - seat))


def within_reach(state: SanaeState, seat: int, void: int) -> bool:
    """Whether some enemy stone stands within its range of `seat`'s Void (on `void`), blocking ignored: when none
    does, no quiet move of `seat` can open it (such a move moves no enemy stone, and a stone's reach never goes
    beyond its range), and its moves need not be tried one by one."""
    distance, enemy = state.grid.distance[void], SIDE_CHARS[1 - seat]
    return any(t[:1] == enemy and distance[c] <= RANGES[t[1]] for c, t in enumerate(state.cells))


def opens(state: SanaeState, move: Move, seat: int, void: int | None = None) -> bool:
    """Whether the quiet `move` (no dice) leaves `seat`'s Void (on `void`: a quiet move never moves it) open to the
    opponent."""
    return void_reachable(SANAE.apply(state, move, seat), seat, void)


def play_positions(seed: int) -> Iterator[SanaeState]:
    """Every third play position of seeded random games set up the quick way (a preset each), without end."""
    rng = random.Random(seed)
    while True:
        state = SANAE.setup(2)
        while not SANAE.is_over(state):
            actors = SANAE.actors(state)
            if state.phase == "play" and state.pending is None and rng.random() < 1 / 3:
                yield state
            if actors:
                seat = min(actors)
                legal = SANAE.legal_actions(state, seat)
                state = SANAE.apply(state, setup_choice(legal, rng) or rng.choice(legal), seat)
            else:
                state = settle(SANAE, state, rng)


def guarded_positions() -> Iterator[tuple[SanaeState, int]]:
    """Play positions where some quiet moves of the mover would open its Void and others not, with its Zed Inel
    spent (an open Void is then a lost game)."""
    for state in play_positions(seed=21):
        seat = state.turn
        assert seat is not None  # a play position
        state = without_zed(state, seat)
        void = void_of(state, seat)
        if not within_reach(state, seat, void):
            continue
        kinds = set()  # whether each quiet move opens the Void, until both answers are seen
        for move in SANAE.legal_actions(state, seat):
            if not state.cells[move.target]:
                kinds.add(opens(state, move, seat, void))
                if len(kinds) == 2:
                    yield state, seat
                    break


def test_the_search_never_opens_its_void_when_it_need_not() -> None:
    """Where the search's best move is quiet, it is not one that opens the Void (a capture may be worth a risk).
    The search alone: `choose` also checks its pick against an immediate losing reply."""
    quiet = 0
    for number, (state, seat) in enumerate(guarded_positions()):
        legal = SANAE.legal_actions(state, seat)
        world = SANAE.resample_hidden(state, seat, random.Random(number))
        move = search(SANAE, world, seat, legal, [0.0] * len(legal), random.Random(number),
                      Budget(iterations=200).start(), teams_of(SANAE, world), True)[0]
        if not state.cells[move.target]:
            assert not opens(state, move, seat), (SANAE.position(state), SANAE.notation(state, move))
            quiet += 1
            if quiet == 3:  # the fourth comes 40 searches later (20 processor-seconds)
                break
    assert quiet == 3, "too few quiet choices to show anything"


def test_a_probe_is_worth_its_odds_of_the_void() -> None:
    """Probing a Void candidate scores (1/candidates) x the capture + the rest x the probe that misses."""
    checked = 0
    for state in along(SANAE, SANAE.configurations()[0], 40, seed=8, limit=600, gap=40):
        if state.phase != "play" or state.pending is not None:
            continue
        seat = state.turn
        if "K" in state.captured[seat] and "Q" in state.captured[seat]:
            continue  # a capture of the Void would only draw (king-queen=flag-draw)
        enemy = SIDE_CHARS[1 - seat]
        hiding = candidates(state, enemy)
        world = without_zed(state, 1 - seat)  # a capture of the Void is then a win, worth exactly 1
        probes = [m for m in SANAE.legal_actions(world, seat) if m.target in hiding]
        if not probes or len(hiding) < 2 or not any(world.cells[c][1] == "V" for c in hiding):
            continue  # no probe, or no odds: the Void is already found
        probe = probes[0]
        score = value(SANAE, world, probe, seat, random.Random(1))
        assert score is not None
        for kind in score:  # against the best reply and over all of them
            assert kind >= 1 / len(hiding)  # the odds of a win alone
            assert kind <= 1 / len(hiding) + (1 - 1 / len(hiding)) * 0.95  # a miss never scores as a win
        checked += 1
    assert checked >= 5


def plain_measure(state: SanaeState) -> list[float]:
    """The measure as its docstring says it, cell by cell: each stone's worth, each hidden stone never seen to move
    (up to HIDING), each empty cell next to the side's Void, and LAST_ROYAL while a King or a Queen is left."""
    worth, hiding = [0.0, 0.0], [0, 0]
    for cell, token in enumerate(state.cells):
        if not token:
            continue
        seat = SIDE_CHARS.index(token[0])
        worth[seat] += SANAE_WORTH.get(token[1], 1.0)
        if "*" not in token and cell not in state.moved:
            hiding[seat] += 1
        if token[1] == "V":
            worth[seat] -= OPEN_VOID * sum(1 for n in state.grid.neighbours[cell] if not state.cells[n])
    royal = LAST_ROYAL if state.options.king_queen != "off" else 0.0
    return [worth[seat] + CANDIDATE_WORTH * min(hiding[seat], HIDING)
            + (0.0 if lost_both_royals(state, seat) else royal) for seat in (0, 1)]


def test_the_measure_from_a_tally_carried_over_moves_is_the_plain_one_to_the_last_bit() -> None:
    """The search measures each reply from the tally of the position before it (`retally` reads only the cells that
    changed): after every kind of move (quiet, attack, either combat result, a Zed Inel swap) the tally is the one
    counted cell by cell, and the measure the plain one, the same floats exactly (every worth is a multiple of 1/2)."""
    rng = random.Random(6)
    kinds: set[str] = set()
    for state in along(SANAE, SANAE.configurations()[0], 40, seed=6, limit=900, gap=40):
        for world in [state] + [SANAE.resample_hidden(state, seat, rng) for seat in (0, 1)]:
            assert measure(world) == plain_measure(world), SANAE.position(world)
            if SANAE.is_over(world) or not SANAE.actors(world):
                continue
            before, counted = world, tally(world)
            for _ in range(6):  # a few plies on, each step's tally carried from the last
                if SANAE.is_over(before) or not SANAE.actors(before):
                    break
                seat = min(SANAE.actors(before))
                legal = SANAE.legal_actions(before, seat)
                attacks = [a for a in legal if isinstance(a, Move) and before.cells[a.target]]
                action = rng.choice(attacks if attacks and rng.random() < 0.7 else legal)
                swap = isinstance(action, Zed) and action.captain is not None
                kinds.add("attack" if action in attacks else "swap" if swap else type(action).__name__)
                state_after = settle(SANAE, SANAE.apply(before, action, seat), rng)
                counted = retally(before, counted, state_after)
                assert counted == tally(state_after), SANAE.position(state_after)
                assert measure(state_after, counted) == plain_measure(state_after)
                before = state_after
    # quiet moves, attacks, Zed Inel swaps and "no" answers were all carried over
    assert {"attack", "Move", "swap", "Zed"} <= kinds


@functools.cache
def middle_game() -> tuple[SanaeState, ...]:
    """Positions of seeded random games, many in play: the measure's tests share them (a second of random play)."""
    return tuple(positions(SANAE, SANAE.configurations()[0], 12, seed=4, limit=700))


def test_the_measure_counts_hidden_candidates_up_to_a_dozen() -> None:
    """One candidate fewer (a hidden stone seen to move) costs its side CANDIDATE_WORTH, nothing above HIDING."""
    counts = set()
    for state in middle_game():
        if state.phase != "play":
            continue
        for seat, side in enumerate(SIDE_CHARS):
            hiding = candidates(state, side)
            if not hiding:
                continue
            seen = evolve(state, moved=state.moved | {hiding[0]})
            worth = CANDIDATE_WORTH if len(hiding) <= HIDING else 0.0
            assert measure(seen)[seat] == pytest.approx(measure(state)[seat] - worth)
            assert measure(seen)[1 - seat] == pytest.approx(measure(state)[1 - seat])
            counts.add(len(hiding) <= HIDING)
    assert counts == {True, False}  # both sides of the cap were tried


def test_the_first_world_is_scored_whole_whatever_the_budget() -> None:
    # a play position with more moves than the second world keeps, but not hundreds: each search scores them all
    state, seat, legal = next((s, s.turn, moves) for s in each_position(SANAE, SANAE.configurations()[0], seed=5,
                                                                         limit=300)
                              if s.phase == "play" and s.pending is None and s.turn is not None
                              and KEEP[0] < len(moves := SANAE.legal_actions(s, s.turn)) <= 150)
    world = SANAE.resample_hidden(state, seat, random.Random(2))
    ranked = search(SANAE, world, seat, legal, [0.0] * len(legal), random.Random(3), lambda done: True,
                    teams_of(SANAE, world), True)
    assert sorted(map(SANAE.notation, [state] * len(legal), ranked)) == sorted(
        map(SANAE.notation, [state] * len(legal), legal))  # every move scored, none dropped before the budget
    # enough for the first world, the best KEEP[0] in the second and the best KEEP[1] in a third
    longer = search(SANAE, world, seat, legal, [0.0] * len(legal), random.Random(3), enough(legal).start(),
                    teams_of(SANAE, world), True)
    assert len(longer) == KEEP[1] == 10 < len(legal)  # later worlds only for the best ten


def exposed_positions() -> Iterator[tuple[SanaeState, int, int]]:
    """Play positions, the opponent to move with `seat`'s Zed Inel spent, where the opponent can attack `seat`'s
    hidden Void and at least two of its other Void candidates: (state, seat, how many candidates in reach)."""
    for state in play_positions(seed=33):
        assert state.turn is not None  # a play position
        seat = 1 - state.turn
        if "K" in state.captured[state.turn] and "Q" in state.captured[state.turn]:
            continue  # a capture of the Void would only draw
        state = without_zed(state, seat)
        hiding = set(candidates(state, SIDE_CHARS[seat]))
        reach = {move.target for move in SANAE.legal_actions(state, 1 - seat) if move.target in hiding}
        if len(reach) >= 3 and any(state.cells[cell][1] == "V" for cell in reach):
            yield state, seat, len(reach)


def test_a_hidden_void_in_reach_costs_its_odds_and_a_seen_one_the_game() -> None:
    """The opponent cannot tell a hidden Void from the other candidates it could probe: the position is worth
    the mean over them, not a lost game. Once the Void is revealed, the opponent takes it: lost."""
    checked = 0
    for state, seat, reach in exposed_positions():
        careful, _ = against_replies(SANAE, state, seat, random.Random(4))
        assert 0.0 < careful <= (reach - 1) / reach  # the Void is 1 of the `reach` probes, and it is worth 0
        void = next(c for c, t in enumerate(state.cells) if t[:2] == SIDE_CHARS[seat] + "V")
        seen = evolve(state, cells=tuple(reveal(t) if c == void else t for c, t in enumerate(state.cells)))
        assert against_replies(SANAE, seen, seat, random.Random(4))[0] == 0.0
        checked += 1
        if checked == 5:
            break
    assert checked == 5


# Blue to move, its Void revealed at B1.06 and both Zed Inel spent; Red's Dragon on B2.03 can take the Void next.
# Six Blue stones can attack the Dragon, each winning 5 in 36 (spec 5.4, rule 5); every other move loses to a
# sharp opponent. Red's stones are out of Blue's reach.
DRAGON_AT_THE_GATE = (
    "options king-queen=flag-draw quiet-limit=200 zed-prompt=any-unused zed-range=4 board=lens93 ; phase play ; "
    "setup red=ready blue=ready ; first red ; turn blue ; pending - ; quiet 7 ; captured red=F blue=F ; "
    "stones R1.04=rF R1.05=rK R1.06=rV R1.07=rQ R1.08=rF R2.05=rF R2.06=rF R2.07=rF B1.05=bF B1.06=bV* "
    "B1.07=bF {wizard}B2.02=bN B2.03=rD* B2.04=bL B3.03=bN B3.04=bK B3.05=bC*z B3.07=bC*z B4.06=bF B4.08=bF ; result -")


def best_moves(text: str, seeds: range) -> list[str]:
    state = SANAE.from_position(text)
    legal = SANAE.legal_actions(state, 1)
    picks = []
    for seed in seeds:
        world = SANAE.resample_hidden(state, 1, random.Random(seed))
        ranked = search(SANAE, world, 1, legal, [0.0] * len(legal), random.Random(seed), enough(legal).start(),
                        teams_of(SANAE, world), True)
        picks.append(SANAE.notation(state, ranked[0]))
    return picks


def test_when_every_move_loses_to_the_best_reply_it_keeps_its_pieces() -> None:
    """Against a sharp opponent the game is lost whatever Blue does, bar a 5-in-36 attack on the Dragon; against
    one that may miss the Void it is not. The search plays for the miss instead of throwing its pieces one after
    another at the Dragon (as the careful ranking alone did, to the last Footman)."""
    for pick in best_moves(DRAGON_AT_THE_GATE.format(wizard=""), range(3)):
        assert not pick.endswith("-B2.03"), pick


def test_an_even_chance_at_the_dragon_is_taken() -> None:
    """The Wizard beats the Dragon one time in two: that is worth more than hoping the opponent misses."""
    assert best_moves(DRAGON_AT_THE_GATE.format(wizard="B2.01=bW "), range(3)) == ["B2.01-B2.03"] * 3


def test_a_combats_dice_are_weighed_exactly() -> None:
    """A Knight's attack on the Dragon scores 5/36 of the Dragon taken, whatever the random stream: a sampled roll
    would make it a win in one world in seven and let it outscore every other move there. Against a reply picked
    at random it is no longer lost."""
    state = SANAE.from_position(DRAGON_AT_THE_GATE.format(wizard=""))
    attack = SANAE.parse(state, "B2.02-B2.03", 1)
    scores = [expected(SANAE, state, attack, 1, random.Random(seed)) for seed in range(5)]
    settled = [score for score in scores if score is not None]
    assert len(settled) == len(scores)
    assert len({careful for careful, _ in settled}) == 1  # the replies after it need no dice
    careful, typical = settled[0]
    won = settle(SANAE, SANAE.apply(SANAE.apply(state, attack, 1), Roll(6, 1), None), random.Random(0))
    assert careful == pytest.approx(5 / 36 * against_replies(SANAE, won, 1, random.Random(0))[0])
    assert careful < LOST <= typical


# Blue (to move) has five Footmen walling in its Void and two more, seen to move, at home; Red's Void candidates are
# deep in its own circle, out of reach. After a 900-ply game that Blue lost shuffling a Footman B2.06 <-> B2.07.
FAR_FROM_THE_CANDIDATES = (
    "options king-queen=flag-draw quiet-limit=200 zed-prompt=any-unused zed-range=4 board=lens93 ; phase play ; "
    "setup red=ready blue=ready ; first red ; turn blue ; pending - ; quiet 3 ; "
    "captured red=CCLLLLNNAFFFFFFFFFF blue=KQWDCCLLLLNNNNAFFFFFFFFFFFFF ; "
    "stones R1.02=rF R1.03=rF R1.06=rV R1.08=rF R1.09=rF R2.02=rF R2.03=rQ* R3.00=rF R3.04=rF R3.07=rK R3.08=rF "
    "R4.07=rF B1.05=bF B1.06=bV B1.07=bF B2.05=bF B2.06=bF B2.07=bF B3.03=bF B4.05=bF ; result -")


def test_with_nothing_in_reach_it_walks_toward_the_enemy_candidates() -> None:
    """A quiet move that brings a stone nearer the enemy's Void candidates beats one that stays put: a 2-ply
    search sees no probe beyond its reach, and a game that drags on gives a random opponent time to find the Void."""
    state = SANAE.from_position(FAR_FROM_THE_CANDIDATES)
    state = evolve(state, moved=frozenset(state.grid.cell(label) for label in ("B3.03", "B4.05")))
    hiding, distance = candidates(state, "r"), state.grid.distance

    def nearest(position: SanaeState) -> int:
        return min(distance[c][f] for c in hiding for f in position.moved)

    legal = SANAE.legal_actions(state, 1)
    assert min(nearest(SANAE.apply(state, move, 1)) for move in legal) < nearest(state)  # some move does close in
    for seed in range(3):
        world = SANAE.resample_hidden(state, 1, random.Random(seed))
        best = search(SANAE, world, 1, legal, [0.0] * len(legal), random.Random(seed),
                      Budget(iterations=300).start(), teams_of(SANAE, world), True)[0]
        assert nearest(SANAE.apply(state, best, 1)) < nearest(state), SANAE.notation(state, best)


def lose(state: SanaeState, seat: int, cell: int) -> SanaeState:
    """`state` with `seat`'s royal on `cell` captured, a Footman that shows the same left in its place (so the
    candidates and the Void's doors stay as they are)."""
    token = state.cells[cell]
    cells = tuple(token[0] + "F" + token[2:] if c == cell else t for c, t in enumerate(state.cells))
    captured = tuple(lost + token[1] if s == seat else lost for s, lost in enumerate(state.captured))
    return evolve(state, cells=cells, captured=captured)


def test_the_last_royal_is_worth_more_than_the_first() -> None:
    """Losing the King costs its worth; losing the Queen after it costs LAST_ROYAL more (a later capture of the
    enemy Void would only draw), except under king-queen=off, where losing both changes nothing."""
    checked = 0
    for state in middle_game():
        if state.phase != "play":
            continue
        for seat, side in enumerate(SIDE_CHARS):
            royal = {t[1]: c for c, t in enumerate(state.cells) if t[:1] == side and t[1:2] in "KQ"}
            if len(royal) < 2:
                continue
            first = lose(state, seat, royal["K"])
            both = lose(first, seat, royal["Q"])
            rank_less = SANAE_WORTH["K"] - SANAE_WORTH["F"]
            assert measure(state)[seat] - measure(first)[seat] == pytest.approx(rank_less)
            assert measure(first)[seat] - measure(both)[seat] == pytest.approx(rank_less + LAST_ROYAL)
            off = replace(state.options, king_queen="off")
            assert measure(evolve(first, options=off))[seat] - measure(evolve(both, options=off))[seat] == \
                pytest.approx(rank_less)
            checked += 1
    assert checked >= 5
