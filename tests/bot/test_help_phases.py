"""`/help game:<g>` names what a player must do in every phase of a new match (issue 37, part 5).

Each game's new match is walked through its phases with legal actions from its rules: at every decision the kinds of
action the rules offer are noted, with the phase they belong to, and the first action of each kind is played through
the bot by the cog command that accepts it (so the table below is checked against the cogs, not only against the
help). The /help embed the bot actually sends must name that command for every kind seen, in phase order. Every
`/command option:value` the help mentions must be a registered command and option, and each example of a game
action must be legal in some position of a real game.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from discord import app_commands

from cogs import limits
from cogs.sanae import ZED_BUTTON, setup_text
from matches import Match
from rules import GAMES
from rules.base import Game, RulesError
from rules.sanae.state import LayoutPreset, Ready
from tests.bot.helpers import answer, labels, open_match, person_at, world

# What the help must say for each kind of action the rules offer (the class name of the action): the command with
# its option(s), and any keyword the player types or presses. The first string names the command that plays it.
NEEDS: dict[str, dict[str, tuple[str, ...]]] = {
    "cintos": {"Move": ("/cintos move move:",)},
    "sinoda": {"Move": ("/sinoda move move:",), "Change": ("/sinoda change piece:", "direction:")},
    "sakamichi": {"ChooseFirst": ("/sakamichi choose choice:first",),
                  "ChooseColour": ("/sakamichi choose choice:white", "/sakamichi choose choice:black"),
                  "Place": ("/sakamichi place row:",), "Stack": ("/sakamichi stack row:",),
                  "Redraw": ("/sakamichi redraw tile:",), "Exchange": ("/sakamichi exchange give:", "take:")},
    "sanae": {"LayoutPreset": ("/sanae setup layout:",), "LayoutRandom": ("/sanae setup layout:", "random"),
              "LayoutSwap": ("/sanae setup layout:swap ",), "Ready": ("/sanae setup layout:ready", "**Ready**"),
              "Move": ("/sanae move move:",), "Zed": (f"**{ZED_BUTTON}**",)},
    "bodsoi": {"Place": ("/bodsoi place tile:", "square:", "rotation:"), "Pass": ("/bodsoi pass",)},
}
# Which kind the walk plays first when several new ones are offered (Sakamichi: `first`, so that the other player's
# colour choice, a phase of its own, comes too).
PREFER = {"sakamichi": ("ChooseFirst", "Redraw", "Exchange", "Stack", "Place", "ChooseColour"),
          "bodsoi": ("Place", "Pass"),
          "sanae": ("LayoutRandom", "LayoutSwap", "LayoutPreset", "Ready", "Move", "Zed")}
MENTION = re.compile(r"`(/[^`]+)`")


def state_of(match: Match) -> Any:
    """A started match's state (a lobby has none)."""
    assert match.state is not None
    return match.state


def phase_of(match: Match) -> str:
    """The phase a player is in, as the rules name it (games without phases: "turn")."""
    state = state_of(match)
    phase = getattr(state, "phase", None)
    if match.game.name == "sanae" and state.pending is not None:
        return "zed"
    if match.game.name == "sakamichi" and phase == "choice":
        return f"choice ({state.choice[1]})"
    return phase if isinstance(phase, str) else "turn"


# ---- a game action as a command and back ----------------------------------------------------------------------------
def command_for(game: str, kind: str, text: str) -> tuple[str, dict[str, str]]:
    """The slash command and options that play the notation `text` of a `kind` action."""
    words = text.split()
    if game == "sanae":
        if kind == "Move":
            return "sanae move", {"move": text}
        return "sanae setup", {"layout": " ".join(words[2:] if words[:2] == ["layout", "preset"] else words[1:])
                               if words[0] == "layout" else text}
    if game == "sakamichi":
        verb, rest = words[0], " ".join(words[1:])
        if verb == "choose":
            return "sakamichi choose", {"choice": words[-1]}
        if verb == "redraw":
            return "sakamichi redraw", {"tile": rest}
        if verb == "exchange":
            return "sakamichi exchange", {"give": words[1], "take": words[3]}
        return f"sakamichi {verb}", {"row": rest}
    if game == "sinoda" and kind == "Change":
        return "sinoda change", {"piece": text[:-1], "direction": text[-1]}
    if game == "bodsoi":
        return ("bodsoi pass", {}) if text == "pass" else \
            ("bodsoi place", dict(zip(("tile", "square", "rotation"), words[1:], strict=True)))
    return f"{game} move", {"move": text}


def text_for(command: str, options: dict[str, str]) -> str | None:
    """The notation a game command sends to the rules for these options (None: not a game action)."""
    game, _, verb = command.partition(" ")
    if (game, verb) in (("sanae", "move"), ("cintos", "move"), ("sinoda", "move")):
        return options["move"]
    if (game, verb) == ("sanae", "setup"):
        return setup_text(options["layout"])
    if (game, verb) == ("sinoda", "change"):
        return options["piece"] + options["direction"]
    if game == "sakamichi":
        if verb == "choose":
            return "choose first" if options["choice"] == "first" else f"choose colour {options['choice']}"
        if verb == "exchange":
            return f"exchange {options['give']} for {options['take']}"
        if verb in ("place", "stack", "redraw"):
            return f"{verb} {options.get('row') or options['tile']}"
    if (game, verb) == ("bodsoi", "place"):
        return f"place {options['tile']} {options['square']} {options['rotation']}"
    if (game, verb) == ("bodsoi", "pass"):
        return "pass"
    return None


# ---- the walk -----------------------------------------------------------------------------------------------------
def towards_void(match: Match, seat: int, legal: list[Any], rng: random.Random) -> Any:
    """Sanae: a move towards the enemy Void (the test may look at everything), so that a Void is attacked."""
    state = state_of(match)
    grid = state.grid
    void = next(c for c, t in enumerate(state.cells) if t[:2] == "rb"[1 - seat] + "V")
    return min(legal, key=lambda m: (m.target != void, grid.distance[m.target][void] - grid.distance[m.source][void],
                                     -bool(state.cells[m.target]), rng.random()))


def next_action(match: Match, seat: int, legal: list[Any], played: set[str], rng: random.Random) -> Any:
    game = match.game.name
    new = [a for a in legal if type(a).__name__ not in played]
    if new:
        order = PREFER.get(game, ())
        return min(new, key=lambda a: order.index(type(a).__name__) if type(a).__name__ in order else len(order))
    if game == "sanae" and state_of(match).phase == "setup":  # a preset, then Ready
        wanted = Ready if state_of(match).setup[seat] == "laid" else LayoutPreset
        return next(a for a in legal if isinstance(a, wanted))
    if game == "sanae":
        return towards_void(match, seat, legal, rng)
    if game == "bodsoi":  # passing in turn ends the game
        return rng.choice(legal[1:] or legal)
    return rng.choice(legal)


async def answer_zed(channel: Any, defender: Any) -> None:
    """The defender's Zed Inel answer: the board's button, then "no" in their private prompt."""
    board = channel.last_message
    assert ZED_BUTTON in labels(board), labels(board)
    prompt = answer(await defender.click(board, label=ZED_BUTTON))
    await defender.click(prompt, label="No, let the Void fall")


async def walk(env: Any, name: str, channel: Any, people: list[Any]) -> list[tuple[str, str]]:
    """(phase, kind) in the order a new match first offers them; every kind is played once through its command."""
    match = await open_match(env, name, channel, people)
    service = env.bot.service
    rng = random.Random(5)
    seen: list[tuple[str, str]] = []
    played: set[str] = set()
    for _ in range(600):
        match = await service.get(match.id)
        if played >= set(NEEDS[name]) or match.outcome() is not None:
            break
        seat = min(match.actors())
        legal = match.game.legal_actions(match.state, seat)
        phase = phase_of(match)
        for action in legal:
            if (phase, type(action).__name__) not in seen:
                seen.append((phase, type(action).__name__))
        action = next_action(match, seat, legal, played, rng)
        kind, text = type(action).__name__, match.game.notation(match.state, action)
        person = person_at(match, people, seat)
        void_attack = name == "sanae" and kind == "Move" and state_of(match).cells[action.target][1:2] == "V"
        if kind in played and not void_attack:
            await service.act(match.id, person.id, text)  # quicker than the bot, no board drawn
            continue
        before, said = match.record.version, ""
        if kind == "Zed":
            await answer_zed(channel, person)
        else:
            command, options = command_for(name, kind, text)
            assert text_for(command, options) == text, (command, options)
            assert NEEDS[name][kind][0].startswith(f"/{command}"), (kind, command)
            said = answer(await person.slash(channel, command, **options)).content
        assert (await service.get(match.id)).record.version > before, f"{kind} {text!r} was not played: {said}"
        played.add(kind)
    assert played >= set(NEEDS[name]), f"{name}: the walk never played {set(NEEDS[name]) - played}"
    assert {kind for _, kind in seen} <= set(NEEDS[name]), f"{name}: kinds the test does not know: {seen}"
    return seen


def help_text(embed: Any) -> str:
    return "\n".join([embed.title or "", embed.description or "", *(f"{f.name}\n{f.value}" for f in embed.fields)])


@pytest.mark.parametrize("name", sorted(GAMES))
async def test_help_names_the_command_of_every_phase_in_order(simcord_env: Any, name: str) -> None:
    channel, people = world(simcord_env)
    seen = await walk(simcord_env, name, channel, people)
    ada = people[0]
    result = await ada.slash(channel, "help", game=name)
    sent = answer(result).embeds[0]
    text = help_text(sent)
    missing = [(phase, kind, need) for phase, kind in seen for need in NEEDS[name][kind] if need not in text]
    assert not missing, f"/help game:{name} does not name {missing}:\n{text}"
    # Phase by phase: the command of each phase comes after those of the phases before it.
    firsts: dict[str, int] = {}
    for phase, kind in seen:
        at = text.index(NEEDS[name][kind][0])
        firsts[phase] = min(firsts.get(phase, at), at)
    order = [phase for phase, _ in seen]
    phases = sorted(set(order), key=order.index)
    assert [firsts[p] for p in phases] == sorted(firsts[p] for p in phases), (phases, firsts)
    # Sent whole: nothing was cut to fit Discord's limits.
    made = simcord_env.bot.get_cog("Help").game(name)
    assert help_text(sent) == help_text(made) == help_text(limits.fit_embed(made))
    assert all(len(f.value) <= limits.FIELD_VALUE for f in made.fields) and len(made) <= limits.EMBED_TOTAL


# ---- every mention resolves, every example is legal somewhere -------------------------------------------------------
def resolve(tree: app_commands.CommandTree[Any], mention: str) -> tuple[str, dict[str, str]]:
    """(command path, {option: value}) of a "/command option:value ..." mention; AssertionError if not registered."""
    words = mention.lstrip("/").split(" ")
    command: Any = tree.get_command(words[0])
    assert command is not None, f"{mention}: no command /{words[0]}"
    path = [words[0]]
    rest = words[1:]
    while isinstance(command, app_commands.Group):
        if not rest:  # a group named as a whole ("/tournament events")
            return " ".join(path), {}
        command = command.get_command(rest[0])
        assert command is not None, f"{mention}: no command /{' '.join(path)} {rest[0]}"
        path.append(rest.pop(0))
    tail = " ".join(rest)
    assert re.match(r"^(?:[a-z_0-9]+:|$)", tail), f"{mention}: {tail!r} is not option:value"
    options = {m[1]: m[2].strip() for m in re.finditer(r"([a-z_0-9]+):(.*?)(?=\s+[a-z_0-9]+:|$)", tail)}
    params = {p.name: p for p in command.parameters}
    for option, value in options.items():
        assert option in params, f"{mention}: /{' '.join(path)} has no option {option!r} ({sorted(params)})"
        choices = [str(c.value) for c in params[option].choices]
        assert not choices or value.startswith("<") or value in choices, f"{mention}: {value!r} not in {choices}"
    return " ".join(path), options


def settled(game: Game, state: Any, rng: random.Random) -> Any:
    while game.outcome(state) is None and game.chance_outcomes(state):
        outcomes = game.chance_outcomes(state)
        state = game.apply(state, rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0], None)
    return state


def legal_somewhere(game: Game, text: str, players: int, options: dict[str, str]) -> bool:
    """Whether `text` is legal for the seat to act in some position of seeded random games (rules only)."""
    rng = random.Random(7)
    for _ in range(100):
        state = settled(game, game.setup(players, options), rng)
        for _ in range(150):
            if game.outcome(state) is not None or not game.actors(state):
                break
            seat = min(game.actors(state))
            try:
                game.parse(state, text, seat)
                return True
            except RulesError:
                pass
            legal = game.legal_actions(state, seat)
            if game.name == "sanae" and state.phase == "setup":  # random swaps would never end the set-up
                legal = [a for a in legal if isinstance(a, (LayoutPreset, Ready))]
            state = settled(game, game.apply(state, rng.choice(legal), seat), rng)
    return False


def each_game(mention: str) -> list[str]:
    """"/<game> rules" stands for each game's own command."""
    return [mention.replace("<game>", name) for name in GAMES] if mention.startswith("/<game>") else [mention]


async def test_every_command_in_the_help_exists_and_every_example_is_legal(simcord_env: Any) -> None:
    channel, (ada, _bob) = world(simcord_env)
    tree = simcord_env.bot.tree
    sent: dict[str | None, Any] = {None: answer(await ada.slash(channel, "help")).embeds[0]}
    for game_name in GAMES:
        sent[game_name] = answer(await ada.slash(channel, "help", game=game_name)).embeds[0]
    examples, never = 0, []
    for name, embed in sent.items():
        for written in MENTION.findall(help_text(embed)):
            for mention in each_game(written):
                command, options = resolve(tree, mention)
                game_name, _, verb = command.partition(" ")
                if verb == "new" and "options" in options:
                    game = GAMES[game_name]
                    parsed = simcord_env.bot.tables.cogs[game_name].parse_options(options["options"])
                    game.check_options(int(options.get("players", game.player_counts[0])), parsed)
                if not options or any(v.startswith("<") for v in options.values()):
                    continue
                text = text_for(command, options) if game_name in GAMES else None
                if text is None:
                    continue
                assert name in (None, game_name), f"/help game:{name} shows {mention}"
                game = GAMES[game_name]
                if not legal_somewhere(game, text, game.player_counts[0], {}):
                    never.append(f"{mention} ({text!r})")
                examples += 1
    assert not never, f"examples never legal in 100 seeded random games: {never}"
    assert examples >= 14  # every game action of every game has its example


def test_the_walk_table_matches_the_commands() -> None:
    """`command_for` and `text_for` agree: what the walk plays is what a player typing the help's example sends."""
    cases: list[tuple[str, str, str]] = [
        ("sanae", "LayoutPreset", "layout preset classic"), ("sanae", "LayoutRandom", "layout random"),
        ("sanae", "LayoutSwap", "layout swap R1.06 R2.05"), ("sanae", "Ready", "ready"),
        ("sanae", "Move", "R2.01-R3.01"), ("sakamichi", "ChooseFirst", "choose first"),
        ("sakamichi", "ChooseColour", "choose colour black"), ("sakamichi", "Exchange", "exchange w2b1 for w1b4"),
        ("sinoda", "Change", "c4+"), ("bodsoi", "Place", "place C-su-mo d4 90"), ("bodsoi", "Pass", "pass")]
    for game, kind, text in cases:
        assert text_for(*command_for(game, kind, text)) == text, (game, kind, text)
