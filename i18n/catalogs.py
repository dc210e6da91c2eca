"""The catalogs' life cycle with Babel: extract the messages (the code's `_`/`ngettext`/`pgettext`/`N_` calls and the
command tree's names, descriptions and choices) into the template, update every language's .po from it, generate the
pseudo-locale, compile the .mo files, and find what is missing (`python -m i18n`; docs/developers/translating.md).
"""

from __future__ import annotations

import ast
import io
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from i18n import (
    DOMAIN,
    LANGUAGES,
    NAME_CONTEXTS,
    NAME_RULE,
    PLACEHOLDERS,
    PSEUDO_LANGUAGE,
    Shipped,
    placeholders,
    valid_name,
)
from i18n.pseudo import accented, pseudo, pseudo_name

LOCALES = Path(__file__).resolve().parent / "locales"
TEMPLATE = LOCALES / f"{DOMAIN}.pot"
ROOT = LOCALES.parent.parent
# The packages whose code shows players text (tests, benches and the virtual environment have nothing to extract).
SOURCES = ("i18n", "cogs", "render", "matches", "tournaments", "web", "tabletop", "games", "rules", "lessons",
           "reviews", "analysis", "players", "tournament_rules", "data")
KEYWORDS: dict[str, Any] = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
LIMIT = "limit "  # an automatic comment "limit 100": Discord's longest text where the message is used
WIDTH = 120
PROJECT = "Tabletop"
HEADER = ("# Tabletop's messages in English, for translators (docs/developers/translating.md).\n"
          "# Made by `python -m i18n update` from the code and the command tree: do not edit by hand.")


def po_path(shipped: Shipped) -> Path:
    return LOCALES / shipped.folder / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(shipped: Shipped) -> Path:
    return po_path(shipped).with_suffix(".mo")


def limit_of(message: Message) -> int | None:
    """The length limit extraction noted on `message` (command descriptions and choices), else None."""
    for comment in message.auto_comments:
        if comment.startswith(LIMIT):
            return int(comment.removeprefix(LIMIT))
    return None


def extract(tree: Iterable[dict[str, Any]]) -> Catalog:
    """The template: every message of the code and of the command tree (`cogs.translator.tree_messages`)."""
    template = Catalog(project=PROJECT, domain=DOMAIN, fuzzy=False, copyright_holder="Tabletop's authors",
                       header_comment=HEADER)
    for package in SOURCES:
        found = extract_from_dir(str(ROOT / package), [("**.py", "python")], keywords=KEYWORDS,
                                 comment_tags=("Translators:",), strip_comment_tags=True)
        for filename, lineno, message, comments, context in found:
            template.add(message, locations=[(f"{package}/{filename}", lineno)], auto_comments=comments,
                         context=context, flags=("python-brace-format",) if "{" in str(message) else ())
    for entry in tree:
        text, limit, context = entry["message"], entry.get("limit"), entry.get("context")
        known = template.get(text, context)
        if known is not None:  # also in the code: the tighter limit holds
            tighter = [n for n in (limit_of(known), limit) if n is not None]
            known.auto_comments = [c for c in known.auto_comments if not c.startswith(LIMIT)] + \
                [f"{LIMIT}{n}" for n in tighter[:1] and [min(tighter)]]
            continue
        notes = [f"used in: {', '.join(entry['where'])}", *([NAME_RULE] if context in NAME_CONTEXTS else []),
                 *([f"{LIMIT}{limit}"] if limit is not None else [])]
        template.add(text, auto_comments=notes, context=context,
                     flags=("python-brace-format",) if "{" in text else ())
    return template


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=locale, domain=DOMAIN)


def write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=WIDTH, include_lineno=False, ignore_obsolete=True)
    path.write_bytes(buffer.getvalue())


def update(shipped: Shipped, template: Catalog) -> Catalog:
    """`shipped`'s catalog brought to the template (new messages empty, gone ones dropped; no fuzzy guesses)."""
    path = po_path(shipped)
    catalog = read(path, shipped.babel) if path.exists() else Catalog(locale=shipped.babel, project=PROJECT,
                                                                      domain=DOMAIN, fuzzy=False)
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    return catalog


def pseudo_catalog(template: Catalog) -> Catalog:
    """The pseudo-locale, generated from the template: never edited by hand."""
    catalog = Catalog(locale="en", project=PROJECT, domain=DOMAIN, fuzzy=False, creation_date=template.creation_date,
                      header_comment="# Tabletop's pseudo-locale (en-XA), generated by `python -m i18n update` from "
                                     "the template:\n# do not edit by hand (i18n/pseudo.py).")
    for message in template:
        if not message.id:
            continue
        limit = limit_of(message)
        if isinstance(message.id, tuple | list):
            text: Any = tuple(pseudo(form, limit) for form in message.id)
        elif message.context in NAME_CONTEXTS:
            text = pseudo_name(message.id)
        elif message.id in PLACEHOLDERS:  # `<your move>` inside a command example: accented, no brackets or padding
            text = f"<{accented(message.id[1:-1])}>"
        else:
            text = pseudo(message.id, limit)
        catalog.add(message.id, text, context=message.context, auto_comments=message.auto_comments,
                    flags=message.flags)
    return catalog


def messages_of(catalog: Catalog) -> set[tuple[Any, ...]]:
    """What a template says to translators: each message, its context and its notes (not the header's dates)."""
    return {(str(m.id), m.context, tuple(m.auto_comments)) for m in catalog if m.id}


def compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def write_all(tree: Iterable[dict[str, Any]]) -> list[str]:
    """Extract, update, generate and compile every catalog; what was written, one line a file."""
    template = extract(tree)
    if TEMPLATE.exists():  # the same messages: the same date, so an update that changes nothing changes no file
        old = read(TEMPLATE)
        if messages_of(old) == messages_of(template):
            template.creation_date = old.creation_date
    write(TEMPLATE, template)
    done = [f"{TEMPLATE.relative_to(ROOT)}: {len([m for m in template if m.id])} messages"]
    for shipped in (*LANGUAGES[1:], PSEUDO_LANGUAGE):
        catalog = pseudo_catalog(template) if shipped is PSEUDO_LANGUAGE else update(shipped, template)
        write(po_path(shipped), catalog)
        mo_path(shipped).write_bytes(compiled(read(po_path(shipped), shipped.babel)))
        missing = len(problems(shipped, template))
        done.append(f"{po_path(shipped).relative_to(ROOT)}: {missing} to do" if missing
                    else f"{po_path(shipped).relative_to(ROOT)}: complete")
    return done


def _called(node: ast.AST) -> str | None:
    """The name a call is made by (`_` for `lang._(…)` and `_(…)`), None for anything else."""
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None


def hidden_calls(packages: Iterable[str] = SOURCES) -> list[str]:
    """Translation calls the extractor misses, one line each: a call inside another translation call's fields
    (`_("… {x}", x=_("word"))`), whose message never reaches the catalogs and so shows in English."""
    found: list[str] = []
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call) or _called(node) not in KEYWORDS:
                    continue
                for keyword in node.keywords:
                    for inner in ast.walk(keyword.value):
                        # A call on a literal: its message is lost (one on a variable is translated from
                        # messages extracted where they are written).
                        if isinstance(inner, ast.Call) and _called(inner) in KEYWORDS and \
                                any(isinstance(arg, ast.Constant) and isinstance(arg.value, str) for arg in inner.args):
                            found.append(f"{path.relative_to(ROOT)}:{inner.lineno}: a translation call inside the "
                                         f"fields of another (line {node.lineno}); translate into a variable first")
    return found


def problems(shipped: Shipped, template: Catalog | None = None) -> list[str]:
    """What keeps `shipped`'s catalog from being shipped, one line each: a message of the template it lacks or
    leaves untranslated or fuzzy, a translation whose placeholders differ from the English or that is longer than
    Discord allows where it is used, and a .mo that is not the .po compiled."""
    template = template if template is not None else read(TEMPLATE)
    path = po_path(shipped)
    if not path.exists():
        return [f"{path.relative_to(ROOT)} is missing"]
    catalog = read(path, shipped.babel)
    found: list[str] = []
    for message in template:
        if not message.id:
            continue
        where = f"{shipped.code}: {str(message.id if isinstance(message.id, str) else message.id[0])!r}"
        translated = catalog.get(message.id, message.context)
        string = translated.string if translated is not None else None
        forms: list[str] = [string] if isinstance(string, str) else list(string or ())
        if translated is None or not forms or not all(forms):
            found.append(f"{where} is not translated")
            continue
        if translated.fuzzy:
            found.append(f"{where} is fuzzy (check it, then remove the flag)")
        english = message.id if isinstance(message.id, tuple | list) else (message.id,)
        wanted = set().union(*(placeholders(text) for text in english))
        for form in forms:
            # A plural form may leave the count out ("one match"), never another field.
            fields = placeholders(form)
            if not (wanted - {"n"} <= fields <= wanted if len(english) > 1 else fields == wanted):
                found.append(f"{where}: placeholders {sorted(placeholders(form))} instead of {sorted(wanted)}")
            limit = limit_of(message)
            if limit is not None and len(form) > limit:
                found.append(f"{where}: {len(form)} characters (at most {limit})")
            if message.context in NAME_CONTEXTS and not valid_name(form):
                found.append(f"{where}: {form!r} is not {NAME_RULE.split(';')[0]}")
    if not mo_path(shipped).exists() or mo_path(shipped).read_bytes() != compiled(catalog):
        found.append(f"{shipped.code}: {mo_path(shipped).relative_to(ROOT)} is not {path.name} compiled "
                     "(python -m i18n compile)")
    return found


def todo() -> list[dict[str, Any]]:
    """Every message of the template some language lacks, as `fill` reads them back: the English (with its plural
    and context), its notes, and each language's translation so far (empty where there is none)."""
    template = read(TEMPLATE)
    catalogs = {shipped.code: read(po_path(shipped), shipped.babel) for shipped in LANGUAGES[1:]}
    entries: list[dict[str, Any]] = []
    for message in template:
        if not message.id:
            continue
        plural = isinstance(message.id, tuple | list)
        entry: dict[str, Any] = {"msgid": message.id[0] if plural else message.id}
        if plural:
            entry["plural"] = message.id[1]
        if message.context:
            entry["context"] = message.context
        if message.auto_comments:
            entry["notes"] = list(message.auto_comments)
        missing = False
        for code, catalog in catalogs.items():
            found = catalog.get(message.id, message.context)
            string = found.string if found is not None else None
            forms = [string] if isinstance(string, str) else list(string or ())
            missing = missing or not forms or not all(forms)
            entry[code] = (forms if plural else (forms[0] if forms else "")) or ("" if not plural else [])
        if missing:
            entries.append(entry)
    return entries


def fill(entries: Iterable[dict[str, Any]]) -> list[str]:
    """Set translations from `todo`'s shape (one string a language, a list of forms for a plural) in every .po
    that has the message, and compile; what was not applied, one line each (a message the template lacks)."""
    entries = list(entries)
    unknown: list[str] = []
    template = read(TEMPLATE)
    for shipped in LANGUAGES[1:]:
        catalog = read(po_path(shipped), shipped.babel)
        for entry in entries:
            key = (entry["msgid"], entry["plural"]) if "plural" in entry else entry["msgid"]
            if template.get(key, entry.get("context")) is None:
                if shipped is LANGUAGES[1]:
                    unknown.append(f"not in the template: {entry['msgid']!r}")
                continue
            text = entry.get(shipped.code)
            if not text:
                continue
            message = catalog.get(key, entry.get("context"))
            if message is None:
                continue
            message.string = tuple(text) if isinstance(text, list) else text
            message.flags.discard("fuzzy")
        write(po_path(shipped), catalog)
        mo_path(shipped).write_bytes(compiled(read(po_path(shipped), shipped.babel)))
    return unknown
