"""`bot.py --check` (`./run.sh --check`) checks the command tree as `--sync` would publish it: translated into every
shipped language, so a translation over Discord's limits stops the start (exit 5) before Discord refuses the sync."""

from __future__ import annotations

from pathlib import Path

from tests.test_check import run_check


def test_the_check_counts_the_translations(tmp_path: Path) -> None:
    done, connections = run_check(tmp_path)
    assert done.returncode == 0, (done.stdout, done.stderr)
    assert connections == 0


def test_a_translation_over_discords_limits_is_one_line_and_exit_5(tmp_path: Path) -> None:
    # Japanese descriptions of 101 characters: Discord would refuse the whole sync (50035).
    done, connections = run_check(
        tmp_path, "import i18n",
        "original = i18n.Language.translated",
        "i18n.Language.translated = lambda self, message, context=None: "
        "'説' * 101 if self.code == 'ja' else original(self, message, context)")
    assert done.returncode == 5, (done.stdout, done.stderr)
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("Cannot start: the slash commands break Discord's limits: /") and \
        "of 101 characters (1-100)" in last, last
    assert connections == 0
