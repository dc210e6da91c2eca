"""The docs as a reader sees them. `mkdocs build --strict` passes pages whose lists Python-Markdown flattens or runs
into their paragraph, whose table cells show a backslash, and whose code spans name files that are not there; each
detector here reads the markdown source or the built HTML, and has a test that it fires on a small bad snippet.

Python-Markdown (MkDocs) nests a list, or keeps a paragraph inside a list item, only when it is indented by 4 spaces;
GitHub's CommonMark takes 2 or 3. The README is read on GitHub, so only its links are checked here."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
README = ROOT / "README.md"
PAGES = sorted(DOCS.rglob("*.md"))

Finding = tuple[int, str]  # line number (1-based; 0 where there is none), what is wrong


# ---- reading markdown source ----------------------------------------------------------------------------------
class Line(NamedTuple):
    number: int
    kind: str  # blank, item, text, fence (a fence line or a line inside a fenced block), heading, table, html
    indent: int
    text: str


ITEM = re.compile(r"( *)(?:[-*+]|\d{1,9}[.)])(?: +|$)")
FENCE = re.compile(r" *(`{3,}|~{3,})")


def lines_of(markdown: str) -> Iterator[Line]:
    fence = ""
    for number, text in enumerate(markdown.splitlines(), 1):
        indent = len(text) - len(text.lstrip(" "))
        opening = FENCE.match(text)
        if fence:
            if opening and opening.group(1).startswith(fence) and not text.strip().strip(fence[0]):
                fence = ""
            yield Line(number, "fence", indent, text)
            continue
        if opening:
            fence = opening.group(1)
            yield Line(number, "fence", indent, text)
        elif not text.strip():
            yield Line(number, "blank", 0, text)
        elif ITEM.match(text) and not re.match(r" *([-*_])( *\1){2,} *$", text):  # not a rule (---)
            yield Line(number, "item", indent, text)
        elif indent < 4 and text.lstrip().startswith("#"):
            yield Line(number, "heading", indent, text)
        elif indent < 4 and text.lstrip().startswith("|"):
            yield Line(number, "table", indent, text)
        elif indent < 4 and text.lstrip().startswith("<"):
            yield Line(number, "html", indent, text)
        else:
            yield Line(number, "text", indent, text)


def shallow_list_indents(markdown: str) -> list[Finding]:
    """List items meant to nest, and paragraphs or code meant to stay in a list item, indented by fewer than the 4
    spaces Python-Markdown needs: a nested item comes out as an item of the outer list (in an ordered list, with the
    next numbers), a paragraph falls out of the list."""
    found: list[Finding] = []
    items: list[int] = []  # the indents of the items of the list block we are in ([] outside a list)
    blank = False
    for line in lines_of(markdown):
        if line.kind == "blank":
            blank = True
            continue
        if line.kind == "item":
            if any(indent < line.indent for indent in items) and line.indent % 4:
                found.append((line.number, f"list item indented {line.indent} spaces under another: "
                                           f"{line.text.strip()[:60]}"))
            items.append(line.indent)
        elif items and blank:  # the first line after a blank line inside a list
            if (line.indent == 0 and line.kind != "fence") or line.kind in ("heading", "table", "html"):
                items = []
            elif line.indent % 4 and line.indent < 4:
                found.append((line.number, f"list content indented {line.indent} spaces falls out of the list: "
                                           f"{line.text.strip()[:60]}"))
        elif line.kind in ("heading", "table") and line.indent == 0:
            items = []
        blank = False
    return found


def lists_after_paragraphs(markdown: str) -> list[Finding]:
    """A list item on the line after a paragraph's last line, with no blank line between. Python-Markdown splits a
    page into blocks at blank lines, so the item is read as more of the paragraph ("… teams: - fixed … - per
    round"); the same happens to the next item of a list after a paragraph of the item before it."""
    found: list[Finding] = []
    first: Line | None = None  # the first line of the block (since the last blank line, heading or fence)
    previous: Line | None = None
    for line in lines_of(markdown):
        if line.kind in ("blank", "fence", "heading"):
            first = previous = None
            continue
        if first is None:
            first = line
        if line.kind == "item" and previous is not None and previous.kind == "text" and first.kind == "text" \
                and first.indent >= line.indent:
            found.append((line.number, f"list item straight after a paragraph line (no blank line): "
                                       f"{line.text.strip()[:60]}"))
        previous = line
    return found


def heading_problems(markdown: str) -> list[Finding]:
    """A second page title (`# `), which the reader takes for another page, and a heading with nothing under it
    before the next heading of its level or above."""
    found: list[Finding] = []
    headings = [(line.number, len(line.text.strip().split()[0]), line.text.strip()) for line in lines_of(markdown)
                if line.kind == "heading" and re.match(r" {0,3}#{1,6} ", line.text)]
    found += [(number, f"a second page title: {text}") for number, level, text in headings[1:] if level == 1]
    body = {line.number for line in lines_of(markdown) if line.kind not in ("blank", "heading")}
    for (number, level, text), (after, next_level, _) in pairwise(headings):
        if next_level <= level and not any(number < n < after for n in body):
            found.append((number, f"a heading with nothing under it: {text}"))
    return found


LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
SCHEME = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*:")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
# A code span naming a file of the repository, e.g. `bench/strength.py`, `design/tournaments.md`.
REPO_PATH = re.compile(r"[\w.-]+(?:/[\w.-]+)+\.(?:md|py|jsonl?|toml|ya?ml|sh|lock|diff|txt|html|css|js)", re.ASCII)


def prose(markdown: str) -> str:
    """The markdown without fenced code blocks (their lines blanked, so line numbers stay)."""
    return "\n".join("" if line.kind == "fence" else line.text for line in lines_of(markdown))


def broken_links(markdown: str, page: Path, root: Path = ROOT, site: Path | None = DOCS) -> list[Finding]:
    """Relative links and images whose file does not exist, or (for a page of the site) lies outside the site."""
    found: list[Finding] = []
    for number, text in enumerate(prose(markdown).splitlines(), 1):
        for match in LINK.finditer(CODE_SPAN.sub("", text)):
            target = match.group(1)
            if SCHEME.match(target) or target.startswith("#"):
                continue
            path = (page.parent / target.split("#")[0]).resolve()
            if not path.exists():
                found.append((number, f"link to a missing file: {target}"))
            elif site is not None and not path.is_relative_to(site.resolve()):
                found.append((number, f"link out of the docs site (not published with it): {target}"))
            elif not path.is_relative_to(root.resolve()):
                found.append((number, f"link out of the repository: {target}"))
    return found


def missing_named_files(markdown: str, root: Path = ROOT) -> list[Finding]:
    """Code spans that name a file of the repository (`bench/strength.py`) which is not there. Placeholders
    (`render/<game>.py`) are not names of one file."""
    found: list[Finding] = []
    for number, text in enumerate(prose(markdown).splitlines(), 1):
        for match in CODE_SPAN.finditer(text):
            name = match.group(2).strip()
            if REPO_PATH.fullmatch(name) and not (root / name).exists():
                found.append((number, f"names a file the repository does not have: {name}"))
    return found


# ---- reading the built site ------------------------------------------------------------------------------------
ARTICLE = re.compile(r'<article class="md-content__inner md-typeset">(.*?)</article>', re.S)


def shown_backslash_pipes(html: str) -> list[Finding]:
    r"""`\|` that reaches the reader: the escape of a pipe in a table cell is kept inside a code span."""
    article = ARTICLE.search(html)
    body = re.sub(r"<pre\b.*?</pre>", "", article.group(1) if article else html, flags=re.S)
    return [(0, f"shows a backslash before a pipe: …{body[max(0, m.start() - 40):m.end() + 20]}…")
            for m in re.finditer(r"\\\|", body)]


def shown_markdown(html: str) -> list[Finding]:
    """Markdown that reaches the reader as text: a backtick or `**` outside code, as when a code span holding
    backticks closes early and swallows the text after it."""
    article = ARTICLE.search(html)
    body = re.sub(r"<pre\b.*?</pre>|<code\b.*?</code>", "", article.group(1) if article else html, flags=re.S)
    text = re.sub(r"<[^>]+>", "", body)
    return [(0, f"shows markdown as text: …{text[max(0, m.start() - 40):m.end() + 20]}…")
            for m in re.finditer(r"`|\*\*", text)]


def broken_site_links(html: str, page: Path, site: Path) -> list[Finding]:
    """Relative href/src attributes of a built page that lead to no file of the site."""
    found: list[Finding] = []
    for target in re.findall(r'(?:href|src)="([^"#?]+)', html):
        if SCHEME.match(target) or target.startswith("/"):
            continue
        path = (page.parent / target).resolve()
        if path.is_dir():
            path = path / "index.html"
        if not path.exists():
            found.append((0, f"{page.relative_to(site)}: link to nothing: {target}"))
    return found


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The docs site, built once per session as ./test.sh builds it."""
    out = tmp_path_factory.mktemp("site")
    build = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(out)],
                           cwd=ROOT, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"}, capture_output=True, text=True,
                           timeout=300)
    assert build.returncode == 0, build.stdout + build.stderr
    return out


def report(findings: dict[str, list[Finding]]) -> list[str]:
    return [f"{name}:{number}: {what}" for name, found in findings.items() for number, what in found]


# ---- the detectors fire on bad snippets, and stay quiet on good ones -----------------------------------------
def test_shallow_nesting_is_found() -> None:
    assert shallow_list_indents("Steps:\n\n1. one\n2. scopes:\n   - View\n   - Send\n3. three\n") == [
        (5, "list item indented 3 spaces under another: - View"),
        (6, "list item indented 3 spaces under another: - Send")]
    assert [n for n, _ in shallow_list_indents("- a\n  - b\n    - c\n")] == [2]
    assert [n for n, _ in shallow_list_indents("1. a\n\n   More of a.\n\n   ```sh\n   x\n   ```\n")] == [3, 5]
    assert shallow_list_indents("- a\n    - b\n        - c\n- d\n\n    more of d\n\nAfter.\n  lazy line\n") == []
    assert shallow_list_indents("Text\n  continued.\n\n```text\n - not a list\n```\n") == []


def test_a_list_run_into_its_paragraph_is_found() -> None:
    assert lists_after_paragraphs("The choice of `teams`:\n- fixed\n- per round\n") == [
        (2, "list item straight after a paragraph line (no blank line): - fixed")]
    assert lists_after_paragraphs("Steps:\n1. one\n") != []
    assert lists_after_paragraphs("3. three:\n    - a\n\n    More of three.\n4. four\n") == [
        (5, "list item straight after a paragraph line (no blank line): 4. four")]
    assert lists_after_paragraphs("- a\n\n    More of a.\n    - nested\n") != []
    assert lists_after_paragraphs("Steps:\n\n- a\n  lazy\n- b\n\n## Next\n- c\n\n```\nx\n```\n- d\n") == []
    assert lists_after_paragraphs("- a long item\nwrapped lazily\n- b\n") == []


def test_empty_sections_and_second_titles_are_found() -> None:
    assert heading_problems("# Page\n\n## Running\n\n## When\n\nText.\n\n# Again\n\n### Sub\n\nx\n") == [
        (9, "a second page title: # Again"), (3, "a heading with nothing under it: ## Running")]
    assert heading_problems("# Page\n\n## A\n\n### A.1\n\nx\n\n```sh\n# a comment\n```\n") == []


def test_a_shown_backslash_pipe_is_found() -> None:
    bad = '<article class="md-content__inner md-typeset"><td><code>True\\|False</code></td></article>'
    assert len(shown_backslash_pipes(bad)) == 1
    good = ('<article class="md-content__inner md-typeset"><td><code>True</code> or <code>False</code></td>'
            '<pre><code>grep a\\|b</code></pre></article>')
    assert shown_backslash_pipes(good) == []


def test_markdown_shown_as_text_is_found() -> None:
    bad = ('<article class="md-content__inner md-typeset"><p>names (<code>``, masked links</code>rules/<game>/x.py` '
           'and **bold**</p></article>')
    assert [what[:32] for _, what in shown_markdown(bad)] == ["shows markdown as text: …names ("] * 3
    good = ('<article class="md-content__inner md-typeset"><p>names (<code>```</code>) <strong>bold</strong></p>'
            '</article>')
    assert shown_markdown(good) == []


def test_missing_files_are_found(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    (docs / "players").mkdir(parents=True)
    (docs / "players" / "here.md").write_text("x")
    (tmp_path / "design").mkdir()
    (tmp_path / "design" / "notes.md").write_text("x")
    page = docs / "players" / "page.md"
    text = ("[ok](here.md#a) [gone](gone.md) ![img](../images/x.png) [web](https://example.org/x.md)\n"
            "[out](../../design/notes.md) `[not a link](gone.md)` [anchor](#top)\n")
    assert broken_links(text, page, tmp_path, docs) == [
        (1, "link to a missing file: gone.md"), (1, "link to a missing file: ../images/x.png"),
        (2, "link out of the docs site (not published with it): ../../design/notes.md")]
    assert missing_named_files("follow `design/notes.md` and `design/tournaments.md`; `render/<game>.py`\n",
                               tmp_path) == [(1, "names a file the repository does not have: design/tournaments.md")]


def test_a_link_of_the_built_site_to_nothing_is_found(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "index.html").write_text("x")
    page = tmp_path / "index.html"
    html = '<a href="a/">a</a><a href="b/">b</a><img src="x.png"><a href="https://x.org/">x</a><a href="#top">t</a>'
    assert broken_site_links(html, page, tmp_path) == [
        (0, "index.html: link to nothing: b/"), (0, "index.html: link to nothing: x.png")]


# ---- the docs as they are ----------------------------------------------------------------------------------------
def test_no_list_is_indented_less_than_python_markdown_nests() -> None:
    found = {str(p.relative_to(ROOT)): shallow_list_indents(p.read_text()) for p in PAGES}
    assert report(found) == []


def test_no_list_runs_into_its_paragraph() -> None:
    found = {str(p.relative_to(ROOT)): lists_after_paragraphs(p.read_text()) for p in PAGES}
    assert report(found) == []


def test_every_page_has_one_title_and_no_empty_section() -> None:
    found = {str(p.relative_to(ROOT)): heading_problems(p.read_text()) for p in PAGES}
    assert report(found) == []


def test_every_relative_link_leads_to_a_file() -> None:
    found = {str(p.relative_to(ROOT)): broken_links(p.read_text(), p) for p in PAGES}
    found["README.md"] = broken_links(README.read_text(), README, site=None)
    assert report(found) == []


def test_every_file_the_docs_name_exists() -> None:
    found = {str(p.relative_to(ROOT)): missing_named_files(p.read_text()) for p in [*PAGES, README]}
    assert report(found) == []


def test_no_page_shows_a_backslash_before_a_pipe(site: Path) -> None:
    found = {str(p.relative_to(site)): shown_backslash_pipes(p.read_text()) for p in sorted(site.rglob("*.html"))}
    assert report(found) == []


def test_no_page_shows_markdown_as_text(site: Path) -> None:
    found = {str(p.relative_to(site)): shown_markdown(p.read_text()) for p in sorted(site.rglob("index.html"))}
    assert report(found) == []


def test_every_link_of_the_built_site_leads_to_a_page(site: Path) -> None:
    found = {str(p.relative_to(site)): broken_site_links(p.read_text(), p, site)
             for p in sorted(site.rglob("index.html"))}
    assert report(found) == []
