"""The takeback's hidden-information check (`matches.takebacks.reveals`) on Sanae, whose stones are hidden: a move that
touched an enemy stone (Example 6: Blue's Knight reaches Red's Void, both revealed) showed its player something and
cannot be taken back; a quiet one-step move showed nothing."""

from __future__ import annotations

from matches.takebacks import reveals
from rules.sanae import GAME
from tests.rules.test_sanae import act, load, position

BLUE = 1
START = position("R1.05=bN R1.06=rV R2.08=rC R3.00=rC B4.05=bN", turn="blue", first="blue")


def test_contact_with_a_hidden_stone_reveals_it() -> None:
    before = load(START)
    after = act(before, "R1.05-R1.06")
    assert reveals(GAME, before, BLUE, [(BLUE, "R1.05-R1.06")], after)


def test_a_quiet_step_reveals_nothing() -> None:
    before = load(START)
    step = next(GAME.notation(before, a) for a in GAME.legal_actions(before, BLUE)
                if GAME.notation(before, a).startswith("B4.05-"))
    after = act(before, step)
    assert not reveals(GAME, before, BLUE, [(BLUE, step)], after)
