"""The README stays a short way in whose links all lead somewhere, and its invite URL asks for exactly the
permissions the bot needs. (The docs site itself is built with `mkdocs build --strict` by ./test.sh.)"""

from __future__ import annotations

import re
from pathlib import Path

import discord

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
# What posting boards, and a thread per match, needs (docs/operators/install.md lists the same).
NEEDED = discord.Permissions(view_channel=True, send_messages=True, embed_links=True, attach_files=True,
                             read_message_history=True, create_public_threads=True, send_messages_in_threads=True)


def test_readme_is_at_most_12_kb() -> None:
    assert len(README.read_bytes()) <= 12 * 1024


def test_every_relative_link_of_the_readme_exists() -> None:
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", README.read_text())
    local = [t for t in targets if not re.match(r"[a-z]+://", t)]
    assert len(local) > 10
    missing = [t for t in local if not (ROOT / t).exists()]
    assert missing == []


def test_the_invite_url_asks_for_the_permissions_the_bot_needs() -> None:
    for page in (README, ROOT / "docs/operators/install.md"):
        urls = re.findall(r"https://discord\.com/oauth2/authorize\?\S+", page.read_text())
        assert urls, page
        for url in urls:
            assert "scope=bot+applications.commands" in url
            assert f"permissions={NEEDED.value}" in url


def test_the_invite_comes_within_the_first_screen_of_the_readme() -> None:
    lines = README.read_text().splitlines()
    invite = next(i for i, line in enumerate(lines) if "oauth2/authorize" in line)
    assert invite < 60
