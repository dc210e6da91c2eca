"""What tournaments post: the sign-up message and its buttons, a round's pairings, standings as text, the podium.

Buttons are `DynamicItem`s carrying the tournament id, so Join / Leave / Start work after a restart.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar

import discord

from cogs import limits, markup
from cogs.host import cog_of
from cogs.ui import EMBED_COLOUR, MEDALS, guarded, watch_button
from data.tournaments import TableRecord
from i18n import _, ngettext, pgettext, slash
from render.standings import legend, podium, standings_text
from rules import GAMES
from tournament_rules import Standing, figure
from tournaments import Tournament
from tournaments.model import clock_words, note_words, status_word

MAX_LISTED = 40  # sign-ups named in the sign-up message (the count says the rest)


def mentions(event: Tournament, entrant_id: int) -> str:
    return " & ".join(f"<@{u}>" for u in event.entrant(entrant_id).members)


def signup_embed(event: Tournament) -> discord.Embed:
    r = event.record
    embed = discord.Embed(title=event.title(), colour=EMBED_COLOUR)
    count = len(event.signups)
    room = f"{count} / {r.max_players}" if r.max_players else str(count)
    state = {"signup": _("**{room} signed up**", room=room), "running": _("**{room} playing**", room=room),
             "paused": _("**{room} playing (paused)**", room=room),
             "finished": _("**{room} played (finished)**", room=room),
             "cancelled": _("**{room} signed up (cancelled)**", room=room)}[r.status]
    lines = [_("Organiser: {organiser}", organiser=f"<@{r.organiser_id}>"), state]
    checked = r.settings.get("checkin")
    if checked is not None and r.status == "signup":
        lines.append(_("**Check-in is open: {checked} / {count} checked in.** Only players who check in play.",
                       checked=len(checked), count=count))
    if r.signup_closes and r.status == "signup":
        lines.append(_("Sign-up closes {when}", when=f"<t:{int(r.signup_closes)}:R>"))
    if event.sides.team_size > 1:
        teams = event.record.settings.get("teams", [])
        lines.append(_("Teams of {size}: register yours with {team}; players without one are drawn into teams when the "
                       "event starts ({n} registered).", size=event.sides.team_size, n=len(teams),
                       team=slash("tournament team")))
    names = " ".join(f"<@{u}>" for u in event.signups[:MAX_LISTED])
    if names:
        lines.append(_("{names} … and {n} more", names=names, n=count - MAX_LISTED) if count > MAX_LISTED else names)
    embed.description = "\n".join(lines)
    game = GAMES.get(r.game)
    defaults = {name: opt.default for name, opt in game.options.items()} if game is not None else {}
    options = ", ".join(f"{k}={v}" for k, v in sorted(r.options.items()) if defaults.get(k) != v)
    per_match = ngettext("{game}, {n} player per match", "{game}, {n} players per match", r.players,
                         game=event.game_title)
    embed.add_field(name=_("Game"), value=_("{game} ({options})", game=per_match, options=options) if options
                    else per_match, inline=False)
    embed.add_field(name=_("Rated"), value=_("yes") if r.rated else _("no"))
    footer = _("tournament #{id} · {status}", id=event.id, status=status_word(r.status))
    embed.set_footer(text=_("{footer} · the organiser presses Start", footer=footer) if r.status == "signup"
                     else footer)
    return embed


def final_view(event: Tournament) -> discord.ui.View:
    """For the organiser: the same event again, sign-up reopened."""
    view = discord.ui.View(timeout=None)
    view.add_item(TournamentButton("rematch", event.id))
    return view


def signup_view(event: Tournament, watch: str | None = None) -> discord.ui.View | None:
    """The sign-up buttons while sign-up is open; `watch`: the event's web page (a link button, kept to the end)."""
    if event.status != "signup" and watch is None:
        return None
    view = discord.ui.View(timeout=None)
    verbs = ("join", "leave", "checkin", "start") if "checkin" in event.record.settings else ("join", "leave", "start")
    for verb in verbs if event.status == "signup" else ():
        view.add_item(TournamentButton(verb, event.id))
    if watch is not None:
        view.add_item(watch_button(watch))
    return view


class TournamentButton(discord.ui.DynamicItem[discord.ui.Button],
                       template=r"tt:event:(?P<verb>join|leave|start|rematch|checkin):(?P<id>\d+)"):
    """Join, Leave, Check in, Start on a sign-up and Rematch event on the final post; the label in the language
    being spoken when the message is made (the server's: a public post)."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary, "rematch": discord.ButtonStyle.primary,
        "checkin": discord.ButtonStyle.success}

    @staticmethod
    def label(verb: str) -> str:
        """The button's words in the language being spoken."""
        return {"join": pgettext("button", "Join"), "leave": pgettext("button", "Leave"),
                "start": pgettext("button", "Start"), "rematch": pgettext("button", "Rematch event"),
                "checkin": pgettext("button", "Check in")}[verb]

    def __init__(self, verb: str, tournament_id: int) -> None:
        label, style = self.label(verb), self.STYLES[verb]
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"tt:event:{verb}:{tournament_id}"))
        self.verb = verb
        self.tournament_id = tournament_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> TournamentButton:
        return cls(match["verb"], int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.tournament import TournamentCog  # the cog's module imports this one: looked up when pressed

        cog = cog_of(interaction.client, TournamentCog)
        if cog is None:
            return
        await guarded(interaction, lambda: cog.button(interaction, self.verb, self.tournament_id))


def deadline_rule(rule: str, when: str) -> str:
    """When a round ends (`when`, a Discord timestamp) and what its deadline does to the matches still running
    (`TournamentSettings.deadline`: nothing more for "ping", the organiser's notice), in the language being
    spoken."""
    if rule == "forfeit":
        return _("{when}: a match still running then is a double forfeit", when=when)
    if rule == "adjudicate":
        return _("{when}: a match still running then is adjudicated by the computer (a win from 90 %, else a draw)",
                 when=when)
    return when


def table_line(event: Tournament, table: TableRecord, before: dict[int, float]) -> str:
    """'Board 1: @a (1½) vs @b (1) · match #812', a bye, or a finished table with its result."""
    if len(table.entrants) == 1:
        return _("Bye: {player} ({points})", player=mentions(event, table.entrants[0]),
                 points=figure(table.points[0] if table.points else 0))
    # a team drawn for this round shows its members and their points before it: '@a (1) & @b (½) vs …'
    sides = [" & ".join(f"{mentions(event, e)} ({figure(before.get(e, 0.0))})" for e in side)
             for side in event.table_sides(table)]
    # Translators: the sides of one board, "@a (1) vs @b (½)"
    versus = pgettext("versus", " vs ")
    parts = [_("Board {board}: {sides}", board=table.board, sides=versus.join(sides))]
    if table.match_id is not None:
        parts.append(_("match #{id}", id=table.match_id))
    if table.points is not None:
        per_side = [table.points[table.entrants.index(side[0])] for side in event.table_sides(table)]
        score = "–".join(figure(p) for p in per_side)
        parts.append(score if table.played else _("{score} (not played)", score=score))
        if table.note:  # "adjudicated by <the organiser's display name>": a name, shown as written
            parts.append(markup.name(note_words(table.note), 80))
    return " · ".join(parts)


def round_embed(event: Tournament, round_no: int, links: dict[int, str] | None = None) -> discord.Embed:
    """The pairings of one round, with each entrant's points before it, and (the current round) when it ends."""
    before = {s.entrant: s.points for s in event.standings(before_round=round_no)}
    # 'Round 3 of 6', 'Round 7 of 7 · Grand final reset': a bracket's total grows with replays and a reset
    embed = discord.Embed(title=limits.cut(_("{title} — {round}", title=event.title(),
                                             round=event.round_heading(round_no).words), limits.EMBED_TITLE),
                          colour=EMBED_COLOUR)
    lines = []
    for table in event.round_tables(round_no):
        line = table_line(event, table, before)
        if links and table.match_id in links:
            line = _("{line} · [board]({link})", line=line, link=links[table.match_id])
        lines.append(line)
    embed.description = "\n".join(lines) or _("No tables.")
    deadline = event.round_deadline() if round_no == event.round else None
    if deadline is not None:
        at = int(deadline)
        when = f"<t:{at}:F> (<t:{at}:R>)"
        rule = deadline_rule(event.settings().deadline, when) if event.round_hours else \
            _("{when}: a match nobody has started by then is a double forfeit", when=when)
        embed.add_field(name=_("Round ends") if event.round_hours else _("Start your match by"), inline=False,
                        value=rule)
    if event.record.time_control:
        embed.set_footer(text=_("tournament #{id} · {clock} · a result comes in by itself when a match ends",
                                id=event.id, clock=clock_words(event.record.time_control)))
    else:
        embed.set_footer(text=_("tournament #{id}", id=event.id))
    return embed


def standings_table(event: Tournament, rows: Sequence[Standing], names: dict[int, str]) -> str:
    """The standings as monospace text (for screen readers and the embed): `render.standings.standings_text`."""
    in_code = {entrant: markup.code_name(name, None) for entrant, name in names.items()}  # in a code block
    return standings_text(rows, in_code, pods=event.record.format == "pods")


def standings_embed(event: Tournament, rows: Sequence[Standing], names: dict[int, str], *,
                    final: bool = False) -> discord.Embed:
    title = _("{title} — final standings", title=event.title()) if final else \
        _("{title} — standings {note}", title=event.title(), note=event.standings_note())
    embed = discord.Embed(title=limits.cut(title, limits.EMBED_TITLE), colour=EMBED_COLOUR)
    text = standings_table(event, rows, names)
    embed.description = f"```\n{text[:3900]}\n```"
    if final:
        steps = [f"{MEDALS[place]} {mentions(event, s.entrant)} — {figure(s.points)}"
                 for place, who in podium(rows) for s in who]
        embed.add_field(name=_("Podium"), value="\n".join(steps) or "—", inline=False)
    embed.set_footer(text=_("tournament #{id} · {legend}", id=event.id, legend=legend()))
    return embed
