"""`python -m tabletop analyse [match]`: the computer's analysis of a finished match of this table, in words: each
player's accuracy and counts, and the key moments with the better move (the same analysis as `/analysis` in Discord).
"""

from __future__ import annotations

import argparse
from typing import TextIO

from analysis import Analysis
from data import Store
from i18n import _, active, ngettext
from matches import Match, MatchService, Refusal
from reviews import Progress, Reviews
from reviews.report import SYMBOLS, key_moments, label_word
from settings import DEFAULTS, Settings
from tabletop.table import HUMAN


def report(match: Match, names: list[str], analysis: Analysis) -> str:
    """The analysis in lines: one per player, then one per key moment, in the language being spoken."""
    lang = active()
    lines = [_("{game} match #{id}: the computer's analysis.", game=match.game.title, id=match.id)
             if analysis.iterations is None else  # an analysis of an older kind, its depth not recorded
             ngettext("{game} match #{id}: the computer's analysis ({n} search a position).",
                      "{game} match #{id}: the computer's analysis ({n} searches a position).", analysis.iterations,
                      game=match.game.title, id=match.id)]
    for s in analysis.summaries:
        accuracy = "—" if s.accuracy is None else lang.percent(round(s.accuracy) / 100)
        moves = ngettext("accuracy {accuracy} over {n} move", "accuracy {accuracy} over {n} moves", s.moves,
                         accuracy=accuracy)
        counts = " · ".join([ngettext("{n} inaccuracy ?!", "{n} inaccuracies ?!", s.inaccuracies),
                             ngettext("{n} mistake ?", "{n} mistakes ?", s.mistakes),
                             ngettext("{n} blunder ??", "{n} blunders ??", s.blunders)])
        lines.append(f"  {names[s.seat]} ({match.seat_name(s.seat)}): {moves} · {counts}")
    moments = key_moments(analysis)
    lines.append(_("Key moments:") if moments else _("No key moments: nobody lost 5 points or more in one move."))
    for m in moments:
        assert m.before is not None and m.after is not None and m.label is not None
        chance = _("winning chance {before} → {after}", before=lang.percent(round(m.before[m.seat]) / 100),
                   after=lang.percent(round(m.after[m.seat]) / 100))
        better = " · " + _("better {move}", move=m.best) if m.best and m.best != m.notation else ""
        line = _("line {n}", n=f"{m.n:>3}")
        lines.append(f"  {line}  {match.seat_name(m.seat)}: {m.notation} {SYMBOLS[m.label]} ({label_word(m.label)}), "
                     f"{chance}{better}")
    return "\n".join(lines)


async def analyse_match(args: argparse.Namespace, sink: TextIO, settings: Settings = DEFAULTS) -> int:
    """The exit status: 0 shown, 2 refused (no such match, not over, not this table's)."""
    store = await Store.open(args.db, pool_size=settings.database_pool_size)
    service = MatchService(store, cache_size=settings.match_cache)
    reviews = Reviews(service, iterations=settings.analysis_iterations)
    try:
        if args.match is None:
            done = [m for m in await service.matches_for(HUMAN, ("finished",)) if m.record.guild_id is None]
            if not done:
                raise Refusal(_("No finished match of this table to analyse: finish one with python -m tabletop "
                                "play."))
            match = done[0]
        else:
            match = await service.get(args.match)
            if match.record.guild_id is not None or HUMAN not in match.user_ids:
                raise Refusal(_("Match #{id} is not a match of this table.", id=args.match))

        async def show(progress: Progress) -> None:
            if progress.running and progress.total:
                sink.write("\r" + _("analysing: move {done} of {total}", done=progress.done, total=progress.total))
                sink.flush()

        analysis = await reviews.analyse(match.id, HUMAN, None, show)
        sink.write("\n" + report(match, await service.names(match), analysis) + "\n")
        return 0
    except Refusal as refusal:
        sink.write(refusal.message + "\n")
        return 2
    finally:
        await reviews.stop()
        await store.close()
