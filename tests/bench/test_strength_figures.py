"""The README's and the computer page's strength figures at the bot's budget are what the committed logs
(`bench/results/strength/*.jsonl`) add up to: a figure changes only with the games behind it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bench.strength import interval, pool

ROOT = Path(__file__).resolve().parents[2]
LOGS = sorted((ROOT / "bench/results/strength").glob("*.jsonl"))
POOLED = pool(line for log in LOGS for line in log.read_text().splitlines())
BUDGETS = {"Sanae": ("sanae", "1100 iterations"), "Bodsoi": ("bodsoi", "2700 iterations")}


def figures(name: str) -> tuple[float, float, int, float, float]:
    """The pooled logs' rate, score, games and 95 % interval for `name` (as the pages print them, in %)."""
    game, budget = BUDGETS[name]
    entries = POOLED[(game, "hard-random", budget)]
    score, games = sum(e["score"] for e in entries), len(entries)
    low, high = interval(score, games)
    return round(100 * score / games, 1), score, games, round(100 * low, 1), round(100 * high, 1)


@pytest.mark.parametrize("name", list(BUDGETS))
def test_the_readme_row_is_the_logs_tally(name: str) -> None:
    row = next(line for line in (ROOT / "README.md").read_text().splitlines() if line.startswith(f"| {name} |"))
    rate, score, games, low, high = figures(name)
    assert f"| {rate:.1f} % ({score:g} of {games}; 95 % interval {low:.1f}–{high:.1f} %) |" in row, row


@pytest.mark.parametrize("name", list(BUDGETS))
def test_the_computer_page_row_is_the_logs_tally(name: str) -> None:
    page = (ROOT / "docs/players/computer.md").read_text()
    row = next(line for line in page.splitlines() if re.match(rf"\| {name} \| hard v random \| [\d,]+ \|", line))
    rate, score, games, low, high = figures(name)
    assert f"| {score:g} of {games} ({rate:.1f} %; {low:.1f}–{high:.1f} %) |" in row, row
