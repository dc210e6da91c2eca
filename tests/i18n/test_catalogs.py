"""The shipped catalogs: every language 100 % translated for what was extracted, with the English's placeholders,
within Discord's lengths where a message is a command's text, compiled (the .mo is the .po compiled); the
pseudo-locale is generated, not edited."""

from __future__ import annotations

from pathlib import Path

import pytest

from i18n import LANGUAGES, PSEUDO_LANGUAGE, Shipped
from i18n.catalogs import TEMPLATE, compiled, limit_of, po_path, problems, pseudo_catalog, read


@pytest.mark.parametrize("shipped", [*LANGUAGES[1:], PSEUDO_LANGUAGE], ids=lambda s: s.code)
def test_every_catalog_is_complete_and_compiled(shipped: Shipped) -> None:
    assert problems(shipped) == []


def test_the_languages_the_issue_asks_for_are_shipped() -> None:
    assert [s.code for s in LANGUAGES] == ["en", "de", "fr", "es-ES", "pt-BR", "ja"]


def test_the_pseudo_locale_is_the_template_generated() -> None:
    template = read(TEMPLATE)
    shipped = read(po_path(PSEUDO_LANGUAGE))
    expected = pseudo_catalog(template)
    assert {(m.id, m.context): m.string for m in shipped if m.id} == \
        {(m.id, m.context): m.string for m in expected if m.id}


def test_the_checks_catch_what_they_are_for(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken catalog is reported: an empty, a wrong placeholder, one too long for Discord, a stale .mo."""
    import i18n.catalogs as catalogs

    shipped = LANGUAGES[1]  # German
    catalog = read(po_path(shipped), shipped.babel)
    old_mo = compiled(catalog)
    template = read(TEMPLATE)
    described = next(m for m in template if limit_of(m) == 100 and "{" not in m.id)
    fielded = next(m for m in template if m.id == "on: {url}")
    untranslated = next(m for m in template if m.id == "Tabletop settings")
    for message, text in ((described, "x" * 101), (fielded, "an: {adresse}"), (untranslated, "")):
        entry = catalog.get(message.id)
        assert entry is not None
        entry.string = text
    broken = Shipped("de", "broken", "de", "Deutsch")
    monkeypatch.setattr(catalogs, "LOCALES", tmp_path)
    monkeypatch.setattr(catalogs, "ROOT", tmp_path)
    catalogs.write(catalogs.po_path(broken), catalog)
    catalogs.mo_path(broken).write_bytes(old_mo)  # compiled before the breakage
    found = problems(broken, template)
    assert any("101 characters (at most 100)" in line for line in found), found
    assert any("placeholders ['adresse'] instead of ['url']" in line for line in found), found
    assert any("'Tabletop settings' is not translated" in line for line in found), found
    assert any("is not tabletop.po compiled" in line for line in found), found


def test_no_translation_call_hides_inside_another(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The extractor reads no call inside another call's fields: such words would stay English everywhere."""
    import i18n.catalogs as catalogs

    assert catalogs.hidden_calls() == []
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "view.py").write_text(
        'def show(lang):\n'
        '    ok = lang._("Docs: {faq}", faq=lang._("FAQ"))\n'
        '    return lang._("{a} and {b}", a=ok, b="x"), lang.ngettext("{n} a", "{n} b", 2, what=_("w"))\n'
        '    fine = lang._("{goal}", goal=lang._(goal))  # a variable: its message is extracted where it is written\n')
    monkeypatch.setattr(catalogs, "ROOT", tmp_path)
    found = catalogs.hidden_calls(["pkg"])
    assert [line.split(": ")[0] for line in found] == ["pkg/view.py:2", "pkg/view.py:3"], found


def test_todo_lists_what_is_missing_and_fill_sets_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`python -m i18n todo` lists a message a language lacks; `fill` with its translations completes the catalogs
    (plural forms included) and compiles them."""
    import shutil

    import i18n.catalogs as catalogs

    copy = tmp_path / "locales"
    shutil.copytree(catalogs.LOCALES, copy)
    monkeypatch.setattr(catalogs, "LOCALES", copy)
    monkeypatch.setattr(catalogs, "TEMPLATE", copy / "tabletop.pot")
    monkeypatch.setattr(catalogs, "ROOT", tmp_path)
    already = {entry["msgid"] for entry in catalogs.todo()}  # none in a finished tree; some mid-translation
    template = read(copy / "tabletop.pot")
    template.add("A new message {x}")
    template.add(("{n} new thing", "{n} new things"))
    catalogs.write(copy / "tabletop.pot", template)
    for shipped in LANGUAGES[1:]:
        catalogs.write(catalogs.po_path(shipped), catalogs.update(shipped, template))
    missing = {entry["msgid"]: entry for entry in catalogs.todo() if entry["msgid"] not in already}
    assert set(missing) == {"A new message {x}", "{n} new thing"}
    assert missing["{n} new thing"]["plural"] == "{n} new things"
    missing["A new message {x}"].update({code: f"{code} {{x}}" for code in ("de", "fr", "es-ES", "pt-BR", "ja")})
    missing["{n} new thing"].update({code: [f"{code} {{n}}", f"{code} {{n}}s"] for code in ("de", "fr", "es-ES",
                                                                                            "pt-BR")}, ja=["{n}件"])
    assert catalogs.fill([*missing.values(), {"msgid": "gone", "de": "weg"}]) == ["not in the template: 'gone'"]
    assert {entry["msgid"] for entry in catalogs.todo()} == already
    for shipped in LANGUAGES[1:]:
        assert not [line for line in catalogs.problems(shipped, template) if "new message" in line or
                    "new thing" in line]
