"""`python -m i18n update | compile | check`: the catalogs' commands (docs/developers/translating.md).

update   extract the messages (the code and `python bot.py --messages`), update every .po, regenerate the
         pseudo-locale, compile every .mo
compile  compile every .po into its .mo (after translating)
check    list what is missing or wrong in any catalog, and translation calls the extraction misses; exit 1 if
         anything is
todo     print, as JSON, every message some language lacks, with each language's translation so far
fill F…  set the translations of JSON files in `todo`'s shape (a list; one string a language, a list of forms
         for a plural) in every .po, and compile
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from i18n import LANGUAGES, PSEUDO_LANGUAGE
from i18n.catalogs import ROOT, compiled, fill, hidden_calls, mo_path, po_path, problems, read, todo, write_all


def tree_messages() -> list[dict]:
    """The command tree's names (in their contexts), descriptions and choices, from the bot itself built offline
    (no Discord, a scratch database): bot.py builds the tree, so the layers stay out of this package."""
    with tempfile.TemporaryDirectory(prefix="tabletop-i18n-") as scratch:
        out = Path(scratch) / "tree.json"
        env = {**os.environ, "DATABASE_PATH": str(Path(scratch) / "scratch.sqlite3"), "DATABASE_URL": "",
               "DISCORD_TOKEN": "", "WEB_PORT": ""}
        subprocess.run([sys.executable, str(ROOT / "bot.py"), "--messages", str(out)], check=True, env=env, cwd=ROOT)
        return list(json.loads(out.read_text(encoding="utf-8")))


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "update":
        print("\n".join(write_all(tree_messages())))
        return 0
    if command == "compile":
        for shipped in (*LANGUAGES[1:], PSEUDO_LANGUAGE):
            mo_path(shipped).write_bytes(compiled(read(po_path(shipped), shipped.babel)))
            print(f"{mo_path(shipped).relative_to(ROOT)}")
        return 0
    if command == "check":
        found = hidden_calls() + [line for shipped in (*LANGUAGES[1:], PSEUDO_LANGUAGE) for line in problems(shipped)]
        print("\n".join(found) or "every catalog complete and compiled")
        return 1 if found else 0
    if command == "todo":
        print(json.dumps(todo(), ensure_ascii=False, indent=1))
        return 0
    if command == "fill" and len(argv) > 1:
        entries = [entry for name in argv[1:] for entry in json.loads(Path(name).read_text(encoding="utf-8"))]
        unknown = fill(entries)
        print("\n".join(unknown) or f"{len(entries)} messages filled")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
