"""The Discord layer: one cog per game on a shared base, plus cross-game commands."""
