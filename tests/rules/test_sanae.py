"""Sanae rules: the board of section 3, every worked example of section 10, notation and position text."""

from __future__ import annotations

from collections import Counter

import pytest

from rules import GAMES, RESIGN, IllegalAction, NotationError
from rules.sanae import GAME
from rules.sanae.board import BOARDS
from rules.sanae.notation import read_outcome
from rules.sanae.pieces import PRESETS
from rules.sanae.state import Fill, LayoutSwap, Move, SanaeState, Zed

BOARD = BOARDS["lens93"]
HEAD = "options king-queen=flag-draw quiet-limit=200 zed-prompt=any-unused zed-range=4 board=lens93"


def load(text: str) -> SanaeState:
    state = GAME.from_position(text)
    assert GAME.position(state) == text
    return state


def position(stones: str, turn: str = "red", first: str = "red", captured: str = "captured red=- blue=-",
             head: str = HEAD) -> str:
    """A play position; `stones` are `cell=token` items, put in cell order here."""
    stones = " ".join(sorted(stones.split(), key=lambda item: cell(item.split("=")[0])))
    return (f"{head} ; phase play ; setup red=ready blue=ready ; first {first} ; turn {turn} ; pending - ; "
            f"quiet 0 ; {captured} ; stones {stones} ; result -")


def cell(label: str) -> int:
    found = BOARD.cell(label)
    assert found is not None, label
    return found


def targets(state: SanaeState, source: str) -> list[str]:
    seat = state.turn
    assert seat is not None
    return [BOARD.labels[a.target] for a in GAME.legal_actions(state, seat)
            if isinstance(a, Move) and a.source == cell(source)]


def act(state: SanaeState, text: str, seat: int | None = None) -> SanaeState:
    if seat is None:
        actors = GAME.actors(state)
        assert len(actors) == 1
        seat = next(iter(actors))
    return GAME.apply(state, GAME.parse(state, text, seat), seat)


def chance(state: SanaeState, text: str) -> SanaeState:
    outcome = read_outcome("lens93", text)
    assert outcome in dict(GAME.chance_outcomes(state))
    return GAME.apply(state, outcome, None)


# ---- section 3: the board ------------------------------------------------------------------------------------------
def test_board_figures() -> None:
    assert BOARD.size == 93
    pairs = {frozenset((a, b)) for a in range(93) for b in BOARD.neighbours[a]}
    assert len(pairs) == 310
    assert all(a in BOARD.adjacent[b] for a in range(93) for b in BOARD.neighbours[a])
    degrees = Counter(len(n) for n in BOARD.neighbours)
    assert degrees == {5: 42, 8: 49, 9: 2}
    assert all(d >= 0 for row in BOARD.distance for d in row)  # connected
    assert max(max(row) for row in BOARD.distance) == 10
    assert BOARD.distance[cell("R1.06")][cell("B1.06")] == 10
    assert [len(BOARD.setup_cells[s]) for s in (0, 1)] == [45, 45]
    assert [BOARD.labels[c] for c in BOARD.contended] == ["C1", "C2", "C3"]


@pytest.mark.parametrize(("label", "expected"), [
    ("C1", "C2 R3.00 R3.01 R3.02 R4.02 B3.00 B3.01 B3.02 B4.02"),
    ("C2", "C1 C3 R3.11 R3.00 R3.01 B3.11 B3.00 B3.01"),
    ("C3", "C2 R3.10 R3.11 R3.00 R4.10 B3.10 B3.11 B3.00 B4.10"),
    ("R3.00", "C1 C2 C3 R3.01 R3.11 R2.00 R2.01 R2.11"),
    ("R4.02", "C1 R4.03 R3.01 R3.02 R3.03"),
    ("R1.05", "R1.04 R1.06 R2.04 R2.05 R2.06"),
])
def test_special_neighbour_lists(label: str, expected: str) -> None:
    assert {BOARD.labels[n] for n in BOARD.neighbours[cell(label)]} == set(expected.split())


def _mirror(label: str, swap_sides: bool) -> str:
    if label[0] == "C":
        return label if swap_sides else {"C1": "C3", "C2": "C2", "C3": "C1"}[label]
    side, ring, arc = label[0], label[1], int(label[3:])
    if swap_sides:
        return f"{'B' if side == 'R' else 'R'}{ring}.{arc:02d}"
    return f"{side}{ring}.{(12 - arc) % 12:02d}"


@pytest.mark.parametrize("swap_sides", [True, False])
def test_board_symmetries(swap_sides: bool) -> None:
    for a in range(93):
        image = {_mirror(BOARD.labels[n], swap_sides) for n in BOARD.neighbours[a]}
        assert image == {BOARD.labels[n] for n in BOARD.neighbours[cell(_mirror(BOARD.labels[a], swap_sides))]}


def test_labels_and_aliases() -> None:
    for typed in ("r3.7", "R37", "r307", "R3.07"):
        assert BOARD.cell(typed) == cell("R3.07")
    assert BOARD.labels[cell("b1.11")] == "B1.11"
    for alias, canonical in (("R4.01", "C1"), ("B4.01", "C1"), ("r4.0", "C2"), ("B4.00", "C2"), ("r411", "C3")):
        assert BOARD.cell(alias) == cell(canonical)
    for bad in ("R5.02", "C4", "R3.12", "X1.00"):
        assert BOARD.cell(bad) is None


def test_geometry_for_the_renderer() -> None:
    red = BOARD.geometry[cell("R1.00")]
    assert (red["circle"], red["ring"], red["arc"]) == ("R", 1, 0)
    assert red["sectors"][0]["start_deg"] == 345 and red["sectors"][0]["end_deg"] == 15
    blue_north = BOARD.geometry[cell("B2.03")]["sectors"][0]
    assert (blue_north["start_deg"], blue_north["end_deg"], blue_north["centre"]) == (75, 105, [9.0, 0.0])
    c2 = BOARD.geometry[cell("C2")]
    assert [s["circle"] for s in c2["sectors"]] == ["R", "B"] and c2["anchor"] == [4.5, 0.0]
    assert BOARD.drawing()["circles"]["B"]["centre"] == [9.0, 0.0]


# ---- section 8: notation -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("typed", "canonical"), [
    ("r3.7 r4.7", "R3.07-R4.07"),
    ("move B2.11xc2", "B2.11-C2"),
    ("ZED r2.5", "zed R2.05"),
    ("zed NO", "zed no"),
    ("layout code 4FNQVWN3F/.3FNDCLA2F./3.2FLCL2F2./.2FLKN2F.", f"layout code {PRESETS['classic']}"),
    ("Layout Preset WALL", "layout preset wall"),
    ("layout swap R2.05 R1.06", "layout swap R1.06 R2.05"),
    ("layout random", "layout random"),
    ("layout show", "layout show"),
    ("READY", "ready"),
])
def test_typed_and_canonical(typed: str, canonical: str) -> None:
    from rules.sanae.notation import parse_text

    action = parse_text("lens93", typed)
    state = GAME.setup(2)
    assert GAME.notation(state, action) == canonical
    assert parse_text("lens93", canonical) == action


def test_resign_and_syntax_errors() -> None:
    state = GAME.setup(2)
    assert GAME.parse(state, " Resign ", 0) is RESIGN
    for bad in ("R5.02-R4.02", "C4-C1", "zed", "layout", "fly R1.00", "R1.00-"):
        with pytest.raises(NotationError, match="syntax"):
            GAME.parse(state, bad, 0)


# ---- section 10.1: position texts ----------------------------------------------------------------------------------
EXAMPLE_A = (f"{HEAD} ; phase setup ; setup red=ready blue=shuffle:2 ; first - ; turn - ; pending - ; quiet 0 ; "
             "captured red=- blue=- ; stones R1.00=rF R1.01=rF R1.02=rF R1.03=rF R1.04=rN R1.05=rQ R1.06=rV "
             "R1.07=rW R1.08=rN R1.09=rF R1.10=rF R1.11=rF R2.01=rF R2.02=rF R2.03=rF R2.04=rN R2.05=rD R2.06=rC "
             "R2.07=rL R2.08=rA R2.09=rF R2.10=rF R3.03=rF R3.04=rF R3.05=rL R3.06=rC R3.07=rL R3.08=rF R3.09=rF "
             "R4.03=rF R4.04=rF R4.05=rL R4.06=rK R4.07=rN R4.08=rF R4.09=rF B1.00=bF ; result -")


def test_position_example_a_is_reached_by_the_spec_commands() -> None:
    state = GAME.setup(2)
    state = act(state, "layout preset classic", 0)
    state = act(state, "ready", 0)
    state = act(state, "layout random", 1)
    assert GAME.actors(state) == frozenset()
    state = chance(state, "fill B1.00 F")
    state = chance(state, "fill B1.01 .")
    assert GAME.position(state) == EXAMPLE_A
    outcomes = {GAME.notation(state, a): p for a, p in GAME.chance_outcomes(state)}
    assert outcomes == pytest.approx({"fill B1.02 F": 19 / 43, "fill B1.02 .": 8 / 43, "fill B1.02 L": 4 / 43,
                                      "fill B1.02 N": 4 / 43, "fill B1.02 C": 2 / 43,
                                      **{f"fill B1.02 {x}": 1 / 43 for x in "VKQWDA"}})
    load(EXAMPLE_A)


def test_random_layout_is_45_fill_nodes_then_the_first_roll() -> None:
    state = act(act(GAME.setup(2), "layout preset wall", 0), "ready", 0)
    state = act(state, "layout random", 1)
    for k in range(45):
        assert state.setup[1] == f"shuffle:{k}"
        outcomes = GAME.chance_outcomes(state)
        assert sum(p for _, p in outcomes) == pytest.approx(1)
        state = GAME.apply(state, outcomes[-1][0], None)  # the rarest-listed symbol: '.' while any is left
    assert state.setup[1] == "laid"
    assert Counter(t[1] for t in state.cells if t.startswith("b")) == {"F": 20, "L": 4, "N": 4, "C": 2, "V": 1,
                                                                      "K": 1, "Q": 1, "W": 1, "D": 1, "A": 1}
    state = act(state, "ready", 1)
    assert state.phase == "roll"
    outcomes = GAME.chance_outcomes(state)
    assert len(outcomes) == 30 and {GAME.notation(state, a) for a, _ in outcomes} >= {"first 5 2", "first 2 5"}
    state = chance(state, "first 2 5")
    assert (state.phase, state.first, state.turn) == ("play", 1, 1)
    assert GAME.actors(state) == frozenset({1})


EXAMPLE_B = (f"{HEAD} ; phase play ; setup red=ready blue=ready ; first blue ; turn blue ; pending zed R1.05 R1.06 ; "
             "quiet 0 ; captured red=- blue=- ; stones R1.05=bN* R1.06=rV* R2.08=rC R3.00=rC B4.05=bN ; result -")


# ---- section 10.2: worked examples ---------------------------------------------------------------------------------
def test_example_1_a_footman_at_the_front() -> None:
    state = load(position("R2.00=rL R3.00=rF C1=bN C2=bF"))
    assert targets(state, "R3.00") == ["C1", "C2", "C3", "R2.01", "R2.11", "R3.01", "R3.11"]


def test_example_2_a_queen_boxed_in() -> None:
    state = load(position("R1.02=bF R1.03=rF R2.02=rF R2.03=rQ R2.04=rF R3.02=bN R3.03=rF"))
    found = targets(state, "R2.03")
    assert len(found) == 10
    assert set(found) == {"R1.02", "R1.04", "R3.02", "R3.04", "R1.05", "R2.05", "R3.05", "R4.03", "R4.04", "R4.05"}
    one_step = act(state, "R2.03-R1.04")
    assert one_step.cells[cell("R1.04")] == "rQ"  # one step: still hidden
    two_steps = act(state, "R2.03-R2.05")
    assert two_steps.cells[cell("R2.05")] == "rQ*"


def test_example_3_a_knight_through_a_gap() -> None:
    state = load(position("R3.02=rF R3.03=rF R3.04=rF R4.03=rN R4.04=rF C1=bF"))
    assert set(targets(state, "R4.03")) == {"R4.02", "C1", "R3.01", "R3.00", "C2", "R2.00", "R2.01", "R2.02"}
    assert len(targets(state, "R4.03")) == 8


def test_example_4_the_dragon_flies() -> None:
    state = load(position("R1.06=rV R2.05=rC R2.06=rD R2.07=rC R3.05=rF R3.06=rF R3.07=rF C2=bK B3.00=bF"))
    found = targets(state, "R2.06")
    assert len(found) == 48
    assert {"C2", "B3.00"} <= set(found) and BOARD.distance[cell("R2.06")][cell("C2")] == 6
    assert sorted(t for t in found if t.startswith("B")) == ["B3.00", "B3.01", "B3.02", "B3.10", "B3.11", "B4.02",
                                                             "B4.10"]
    assert len(targets(load(position("R2.06=rD")), "R2.06")) == 54
    assert len(targets(load(position("R2.06=rQ")), "R2.06")) == 19


EX5 = position("R1.06=rV C2=bC B1.06=bV B3.00=rW*")


def test_example_5_wizard_against_captain() -> None:
    state = act(load(EX5), "B3.00-C2")
    assert GAME.position(state) == position("R1.06=rV C2=bC* B1.06=bV B3.00=rW*").replace(
        "pending -", "pending combat B3.00 C2")
    assert len(GAME.chance_outcomes(state)) == 36
    dies = chance(state, "roll 3 5")
    assert GAME.position(dies) == position("R1.06=rV C2=bC* B1.06=bV", turn="blue", captured="captured red=W blue=-")
    wins = chance(state, "roll 5 5")
    # Blue is to move with only its Void left, so the no-move rule of 5.1 / 10.1 ends the game at once.
    over = position("R1.06=rV C2=rW* B1.06=bV", turn="blue", captured="captured red=- blue=C")
    assert GAME.position(wins) == over.replace("phase play", "phase over").replace("result -", "result red no_moves")
    with_captain = act(load(EX5.replace("B1.06=bV", "B1.06=bV B1.07=bC")), "B3.00-C2")
    assert GAME.position(chance(with_captain, "roll 5 5")) == position(
        "R1.06=rV C2=rW* B1.06=bV B1.07=bC", turn="blue", captured="captured red=- blue=C")


def test_example_5_assassin_cases() -> None:
    assassin = act(load(position("R1.06=rV R2.00=rK R3.00=bA B1.06=bV", turn="blue")), "R3.00-R2.00")
    assert assassin.cells[cell("R2.00")] == "bA*" and assassin.captured == ("K", "")
    footman = act(load(position("R1.06=rV R2.00=rF R3.00=bA B1.06=bV")), "R2.00-R3.00")
    assert footman.cells[cell("R3.00")] == "bA*" and footman.cells[cell("R2.00")] == ""
    assert footman.captured == ("F", "") and footman.turn == 1


def test_example_6_zed_inel() -> None:
    start = position("R1.05=bN R1.06=rV R2.08=rC R3.00=rC B4.05=bN", turn="blue", first="blue")
    state = act(load(start), "R1.05-R1.06")
    assert GAME.position(state) == EXAMPLE_B
    load(EXAMPLE_B)
    assert GAME.actors(state) == frozenset({0})
    assert [GAME.notation(state, a) for a in GAME.legal_actions(state, 0)] == ["zed R2.08", "zed no"]
    assert GAME.legal_actions(state, 1) == []
    assert BOARD.distance[cell("R2.08")][cell("R1.06")] == 2 and BOARD.distance[cell("R3.00")][cell("R1.06")] == 6
    with pytest.raises(IllegalAction, match=r"not_eligible: R3\.00 is 6 steps from the Void"):
        GAME.parse(state, "zed R3.00", 0)
    with pytest.raises(IllegalAction, match="pending_decision"):
        GAME.parse(state, "B4.05-B4.06", 1)
    swapped = act(state, "zed R2.08")
    assert GAME.position(swapped) == (
        f"{HEAD} ; phase play ; setup red=ready blue=ready ; first blue ; turn red ; pending - ; quiet 0 ; "
        "captured red=- blue=N ; stones R1.06=rC*z R2.08=rV* R3.00=rC B4.05=bN ; result -")
    captured = act(state, "zed no")
    assert getattr(GAME.outcome(captured), "winners", None) == {1}
    assert captured.result == (1, "void_captured")


def test_capturing_the_void_is_not_a_combat_and_keeps_the_quiet_count() -> None:
    """Spec 5.3/5.5: only a combat resets the quiet counter; a Void capture (with or without `zed no`) does not."""
    quiet = position("R1.05=bN R1.06=rV R2.08=rC B1.06=bV B4.05=bN", turn="blue", first="blue").replace(
        "quiet 0", "quiet 17")
    asked = act(load(quiet), "R1.05-R1.06")
    assert asked.pending is not None and asked.quiet == 17
    declined = act(asked, "zed no")
    assert declined.result == (1, "void_captured")
    assert " ; quiet 17 ; " in GAME.position(declined)
    undefended = act(load(quiet.replace("R2.08=rC ", "")), "R1.05-R1.06")  # no Captain: no question
    assert undefended.result == (1, "void_captured")
    assert " ; quiet 17 ; " in GAME.position(undefended)


EX7 = position("R1.00=rV R1.01=rF R2.06=rK* R3.06=bW* B1.06=bV", turn="blue", first="blue",
               captured="captured red=Q blue=-")
EX7_AFTER = position("R1.00=rV R1.01=rF R2.06=bW* B1.06=bV", turn="red", first="blue",
                     captured="captured red=KQ blue=-")


def test_example_7_the_royal_draw_flag_draw() -> None:
    attack = act(load(EX7), "R3.06-R2.06")
    assert attack.pending is not None and len(GAME.chance_outcomes(attack)) == 36
    survives = chance(attack, "roll 3 5")
    assert survives.cells[cell("R2.06")] == "rK*" and survives.cells[cell("R3.06")] == ""
    assert survives.phase == "play" and survives.captured == ("Q", "W")
    after = chance(attack, "roll 4 2")
    assert GAME.position(after) == EX7_AFTER
    assert [GAME.notation(after, a) for a in GAME.legal_actions(after, 0)] == [
        "R1.01-R1.02", "R1.01-R2.00", "R1.01-R2.01", "R1.01-R2.02"]


def test_example_7_variants_off_and_draw() -> None:
    off = act(load(EX7.replace("king-queen=flag-draw", "king-queen=off")), "R3.06-R2.06")
    assert GAME.position(chance(off, "roll 4 2")) == EX7_AFTER.replace("king-queen=flag-draw", "king-queen=off")
    drawn = chance(act(load(EX7.replace("king-queen=flag-draw", "king-queen=draw")), "R3.06-R2.06"), "roll 4 2")
    assert GAME.position(drawn) == (
        "options king-queen=draw quiet-limit=200 zed-prompt=any-unused zed-range=4 board=lens93 ; phase over ; "
        "setup red=ready blue=ready ; first blue ; turn blue ; pending - ; quiet 0 ; captured red=KQ blue=- ; "
        "stones R1.00=rV R1.01=rF R2.06=bW* B1.06=bV ; result draw king_queen_draw")
    outcome = GAME.outcome(drawn)
    assert outcome is not None and outcome.winners == frozenset() and outcome.reason == "king_queen_draw"


LATER = position("R1.00=rV R1.01=bW* B1.05=rF B1.06=bV", turn="red", first="blue", captured="captured red=KQ blue=-")


def test_example_7_a_royal_less_side_only_draws_by_the_void() -> None:
    state = act(load(LATER), "B1.05-B1.06")
    assert GAME.position(state) == (
        f"{HEAD} ; phase over ; setup red=ready blue=ready ; first blue ; turn red ; pending - ; quiet 0 ; "
        "captured red=KQ blue=V ; stones R1.00=rV R1.01=bW* B1.06=rF* ; result draw king_queen_draw")
    off = act(load(LATER.replace("king-queen=flag-draw", "king-queen=off")), "B1.05-B1.06")
    assert off.result == (0, "void_captured")
    blue = act(load(LATER.replace("turn red", "turn blue")), "R1.01-R1.00")
    assert blue.result == (1, "void_captured")


def test_example_8_layout_code() -> None:
    from rules.sanae.notation import parse_text

    code = parse_text("lens93", "layout code 4FNQVWN3F/.3FNDCLA2F./3.2FLCL2F2./.2FLKN2F.")
    assert GAME.notation(GAME.setup(2), code) == f"layout code {PRESETS['classic']}"
    expected = {"V": ["1.06"], "Q": ["1.05"], "W": ["1.07"], "D": ["2.05"], "C": ["2.06", "3.06"], "K": ["4.06"]}
    for seat, side in ((0, "R"), (1, "B")):
        state = GAME.apply(GAME.setup(2), code, seat)
        for letter, where in expected.items():
            found = sorted(BOARD.labels[c] for c, t in enumerate(state.cells) if t[1:2] == letter)
            assert found == [side + w for w in where]
    for bad, message in (("4FNQVWN3F/.3FNDCLA2F./3.2FLCL2F2./.2FLKN2F", "bad_code: length 44, need 45"),
                         ("4FNQVWN3F/.3FNDCLA2F./3.2FLCL2F2./.2FLKN.F.", r"bad_code: counts \(F 19, need 20")):
        with pytest.raises(IllegalAction, match=message):
            GAME.parse(GAME.setup(2), f"layout code {bad}", 0)


def test_example_9_no_moves() -> None:
    state = act(load(position("R1.06=rV R3.00=rL C2=bF B1.06=bV")), "R3.00-C2")
    assert GAME.position(state) == (
        f"{HEAD} ; phase over ; setup red=ready blue=ready ; first red ; turn blue ; pending - ; quiet 0 ; "
        "captured red=- blue=F ; stones R1.06=rV C2=rL* B1.06=bV ; result red no_moves")
    # A reader given the same position in phase play applies the loss (10.1).
    reread = GAME.from_position(position("R1.06=rV C2=rL* B1.06=bV", turn="blue", captured="captured red=- blue=F"))
    assert reread.result == (0, "no_moves")


def test_registered() -> None:
    assert GAMES["sanae"] is GAME
    sample = [GAME.notation(GAME.setup(2), LayoutSwap(0, 1)), GAME.notation(GAME.setup(2), Zed(None)),
              GAME.notation(GAME.setup(2), Fill(cell("B2.07"), "."))]
    assert sample == ["layout swap R1.00 R1.01", "zed no", "fill B2.07 ."]
