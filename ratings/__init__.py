"""Player ratings per game with OpenSkill (Plackett-Luce). Pure: no Discord, images, storage or matches."""

from ratings.model import BASE, DRAW, LOSS, MU, PROVISIONAL_GAMES, SCALE, SIGMA, WIN, Change, Skill, display, rate

__all__ = ["BASE", "DRAW", "LOSS", "MU", "PROVISIONAL_GAMES", "SCALE", "SIGMA", "WIN", "Change", "Skill", "display",
           "rate"]
