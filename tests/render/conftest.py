"""The image tests' shared fixtures: `drawn` (every text the drawing kit draws) and `cuts` (every text the lettering
cut short), from tests/render/drawn.py; a test module's own fixture of the same name takes precedence."""

from tests.render.drawn import cuts, drawn

__all__ = ["cuts", "drawn"]
