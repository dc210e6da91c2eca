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
from render.standings import podium, standings_text
from rules import GAMES
from tournament_rules import Standing, figure
from tournaments import Tournament

MAX_LISTED = 40  # sign-ups named in the sign-up message (the count says the rest)


def mentions(event: Tournament, entrant_id: int) -> str:
    return " & ".join(f"<@{u}>" for u in event.entrant(entrant_id).members)


def signup_embed(event: Tournament) -> discord.Embed:
    r = event.record
    embed = discord.Embed(title=event.title(), colour=EMBED_COLOUR)
    count = len(event.signups)
    room = f"{count} / {r.max_players}" if r.max_players else str(count)
    state = {"signup": "signed up", "running": "playing", "paused": "playing (paused)",
             "finished": "played (finished)", "cancelled": "signed up (cancelled)"}[r.status]
    lines = [f"Organiser: <@{r.organiser_id}>", f"**{room} {state}**"]
    checked = r.settings.get("checkin")
    if checked is not None and r.status == "signup":
        lines.append(f"**Check-in is open: {len(checked)} / {count} checked in.** Only players who check in play.")
    if r.signup_closes and r.status == "signup":
        lines.append(f"Sign-up closes <t:{int(r.signup_closes)}:R>")
    if event.sides.team_size > 1:
        teams = event.record.settings.get("teams", [])
        lines.append(f"Teams of {event.sides.team_size}: register yours with `/tournament team`; players without "
                     f"one are drawn into teams when the event starts ({len(teams)} registered).")
    names = " ".join(f"<@{u}>" for u in event.signups[:MAX_LISTED])
    if names:
        lines.append(names + (f" … and {count - MAX_LISTED} more" if count > MAX_LISTED else ""))
    embed.description = "\n".join(lines)
    game = GAMES.get(r.game)
    defaults = {name: opt.default for name, opt in game.options.items()} if game is not None else {}
    options = ", ".join(f"{k}={v}" for k, v in sorted(r.options.items()) if defaults.get(k) != v)
    embed.add_field(name="Game", value=f"{event.game_title}, {r.players} players per match"
                    + (f" ({options})" if options else ""), inline=False)
    embed.add_field(name="Rated", value="yes" if r.rated else "no")
    embed.set_footer(text=f"tournament #{event.id} · {r.status}"
                     + (" · the organiser presses Start" if r.status == "signup" else ""))
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
    LOOK: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "join": ("Join", discord.ButtonStyle.success), "leave": ("Leave", discord.ButtonStyle.secondary),
        "start": ("Start", discord.ButtonStyle.primary), "rematch": ("Rematch event", discord.ButtonStyle.primary),
        "checkin": ("Check in", discord.ButtonStyle.success)}

    def __init__(self, verb: str, tournament_id: int) -> None:
        label, style = self.LOOK[verb]
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


# What a round's deadline does to the matches still running (`TournamentSettings.deadline`), after its time
DEADLINE_RULES = {"ping": "", "forfeit": ": a match still running then is a double forfeit",
                  "adjudicate": ": a match still running then is adjudicated by the computer (a win from 90 %, "
                                "else a draw)"}


def table_line(event: Tournament, table: TableRecord, before: dict[int, float]) -> str:
    """'Board 1: @a (1½) vs @b (1) · match #812', a bye, or a finished table with its result."""
    if len(table.entrants) == 1:
        return f"Bye: {mentions(event, table.entrants[0])} ({figure(table.points[0] if table.points else 0)})"
    # a team drawn for this round shows its members and their points before it: '@a (1) & @b (½) vs …'
    sides = " vs ".join(" & ".join(f"{mentions(event, e)} ({figure(before.get(e, 0.0))})" for e in side)
                        for side in event.table_sides(table))
    line = f"Board {table.board}: {sides}"
    if table.match_id is not None:
        line += f" · match #{table.match_id}"
    if table.points is not None:
        per_side = [table.points[table.entrants.index(side[0])] for side in event.table_sides(table)]
        line += " · " + "–".join(figure(p) for p in per_side) + ("" if table.played else " (not played)")
        if table.note:  # "adjudicated by <the organiser's display name>": a name, shown as written
            line += f" · {markup.name(table.note, 60)}"
    return line


def round_embed(event: Tournament, round_no: int, links: dict[int, str] | None = None) -> discord.Embed:
    """The pairings of one round, with each entrant's points before it, and (the current round) when it ends."""
    before = {s.entrant: s.points for s in event.standings(before_round=round_no)}
    # 'Round 3 of 6', 'Round 7 of 7 · Grand final reset': a bracket's total grows with replays and a reset
    embed = discord.Embed(title=limits.cut(f"{event.title()} — {event.round_heading(round_no).words}",
                                           limits.EMBED_TITLE), colour=EMBED_COLOUR)
    lines = []
    for table in event.round_tables(round_no):
        line = table_line(event, table, before)
        if links and table.match_id in links:
            line += f" · [board]({links[table.match_id]})"
        lines.append(line)
    embed.description = "\n".join(lines) or "No tables."
    deadline = event.round_deadline() if round_no == event.round else None
    if deadline is not None:
        at = int(deadline)
        rule = DEADLINE_RULES[event.settings().deadline] if event.round_hours else \
            ": a match nobody has started by then is a double forfeit"
        embed.add_field(name="Round ends" if event.round_hours else "Start your match by", inline=False,
                        value=f"<t:{at}:F> (<t:{at}:R>){rule}")
    if event.record.time_control:
        embed.set_footer(text=f"tournament #{event.id} · {event.title().split(' · ')[-1]} · a result comes in "
                              "by itself when a match ends")
    else:
        embed.set_footer(text=f"tournament #{event.id}")
    return embed


def standings_table(event: Tournament, rows: Sequence[Standing], names: dict[int, str]) -> str:
    """The standings as monospace text (for screen readers and the embed): `render.standings.standings_text`."""
    in_code = {entrant: markup.code_name(name, None) for entrant, name in names.items()}  # in a code block
    return standings_text(rows, in_code, pods=event.record.format == "pods")


def standings_embed(event: Tournament, rows: Sequence[Standing], names: dict[int, str], *,
                    final: bool = False) -> discord.Embed:
    title = f"{event.title()} — {'final standings' if final else 'standings ' + event.standings_note()}"
    embed = discord.Embed(title=title, colour=EMBED_COLOUR)
    text = standings_table(event, rows, names)
    embed.description = f"```\n{text[:3900]}\n```"
    if final:
        steps = [f"{MEDALS[place]} {mentions(event, s.entrant)} — {figure(s.points)}"
                 for place, who in podium(rows) for s in who]
        embed.add_field(name="Podium", value="\n".join(steps) or "—", inline=False)
    embed.set_footer(text=f"tournament #{event.id} · W/D/L won, drawn, lost · B bye · F+/F- forfeit (not played) · "
                          "… being played · BH-1 Buchholz cut 1 · SB Sonneborn-Berger")
    return embed
