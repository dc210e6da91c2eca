"""The analysis service (issue 39): a finished match's computer analysis (`analysis/`) made off the event loop,
queued in turns between servers, stored (`store.analyses`), and the "learn from your mistakes" drill over it.

No Discord and no images (an import contract): bot.py builds `Reviews(service, iterations=…)` and passes it to the
cogs (`host(bot).reviews`) and the web pages.
"""

from reviews.service import Job, Progress, Reviews, analysable, seed_of

__all__ = ["Job", "Progress", "Reviews", "analysable", "seed_of"]
