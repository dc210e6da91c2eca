"""Every text the cogs send to Discord goes through `cogs.limits`, which keeps Discord's size limits.

A source scan: no module of cogs/ but cogs/limits.py may call Discord's raw send/edit methods or build an
autocomplete choice at run time, so no future message can skip the limits (a 400 leaves the user with "thinking…").
"""

from __future__ import annotations

import ast
from pathlib import Path

COGS = Path(__file__).resolve().parent.parent / "cogs"

# Discord's methods that post or change a message (or name a thread); only cogs/limits.py may call them.
RAW = {"send", "send_message", "edit", "edit_message", "edit_original_response", "create_thread", "reply",
       "edit_original_message", "send_modal"}


def raw_calls(source: str) -> list[tuple[int, str]]:
    """(line, what) for every raw send/edit call and every run-time `Choice(...)` in a module's source."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        via_limits = isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "limits"
        if isinstance(func, ast.Attribute) and func.attr in RAW and not via_limits:
            found.append((node.lineno, f".{func.attr}("))
    # Choices built inside functions carry run-time text (names of players, typed text): limits.choice() fits them.
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in (inner for statement in fn.body for inner in ast.walk(statement)):  # not decorators
                if isinstance(node, ast.Call):
                    name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                    if name == "Choice":
                        found.append((node.lineno, "Choice("))
    return sorted(set(found))


def test_only_the_limits_module_talks_to_discord() -> None:
    offenders = []
    for path in sorted(COGS.glob("*.py")):
        if path.name == "limits.py":
            continue
        offenders += [f"{path.name}:{line} {what}" for line, what in raw_calls(path.read_text())]
    assert not offenders, "send/edit through cogs.limits (respond, followup, send, edit, ...):\n" + "\n".join(
        offenders)


def test_the_scan_sees_raw_calls() -> None:
    """The scan itself: each way of reaching Discord directly is caught, the wrappers are not."""
    source = '''
async def f(interaction, channel, message):
    await interaction.response.send_message("x")
    await interaction.followup.send("x")
    await channel.send("x")
    await message.edit(content="x")
    await interaction.edit_original_response(content="x")
    await interaction.response.edit_message(content="x")
    await message.create_thread(name="x")
    return [app_commands.Choice(name="x", value=1)]

async def ok(interaction, channel):
    await limits.send(channel, "x")
    await reply(interaction, "x")
'''
    assert [what for _, what in raw_calls(source)] == [
        ".send_message(", ".send(", ".send(", ".edit(", ".edit_original_response(", ".edit_message(",
        ".create_thread(", "Choice("]


# ---- the limits module itself, on crafted over-long pieces -----------------------------------------------------------
def test_fit_embed_keeps_every_part_and_the_total_within_limits() -> None:
    import discord

    from cogs import limits

    embed = discord.Embed(title="t" * 300, description="d" * 5000)
    for i in range(30):
        embed.add_field(name="n" * 300, value=f"{i}" + "v" * 2000)
    embed.set_footer(text="f" * 3000)
    embed.set_author(name="a" * 300)
    fitted = limits.fit_embed(embed)
    assert len(fitted.title or "") <= 256 and (fitted.title or "").endswith("…")
    assert len(fitted.description or "") <= 4096
    assert len(fitted.fields) <= 25
    assert all(len(f.name or "") <= 256 and len(f.value or "") <= 1024 for f in fitted.fields)
    assert len(fitted.footer.text or "") <= 2048 and len(fitted.author.name or "") <= 256
    assert len(fitted) <= 6000
    assert (fitted.fields[0].value or "").startswith("0v")  # the first fields are kept, the last ones dropped
    assert len(embed.title or "") == 300  # the original is left alone

    small = discord.Embed(title="ok", description="fine")
    assert limits.fit_embed(small).to_dict() == small.to_dict()  # what fits is not touched

    both = limits.fit_embeds([discord.Embed(description="x" * 4000), discord.Embed(description="y" * 4000)])
    assert sum(len(e) for e in both) <= 6000


def test_fit_content_labels_choices_and_files() -> None:
    import io

    import discord

    from cogs import limits
    from cogs.ui import MatchButton

    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="b" * 200))
    view.add_item(MatchButton("private", 7, "l" * 200))  # a DynamicItem wraps its button
    option = discord.SelectOption(label="o" * 200, value="v" * 200, description="d" * 200)
    select: discord.ui.Select[discord.ui.View] = discord.ui.Select(placeholder="p" * 300, options=[option])
    view.add_item(select)
    sent = limits.fit("c" * 2500, view=view, file=discord.File(io.BytesIO(b"x"), "a.png", description="i" * 2000))
    assert len(sent["content"]) == 2000 and sent["content"].endswith("…")
    labels = [item.label or "" for c in view.children
              if isinstance(item := getattr(c, "item", c), discord.ui.Button)]
    assert labels and all(len(label) <= 80 for label in labels)
    option = select.options[0]
    assert len(select.placeholder or "") <= 150 and max(len(option.label), len(option.value)) <= 100
    assert len(option.description or "") <= 100
    assert len(sent["file"].description) <= 1024
    assert limits.fit(content=None, embed=None) == {"content": None, "embed": None}  # removals stay removals
    many = limits.choices((f"{i}" + "n" * 200, "v" * 300) for i in range(40))
    assert len(many) == 25 and all(len(c.name) <= 100 and len(c.value) <= 100 for c in many)
    assert limits.choice("", 3).name  # Discord rejects an empty name
