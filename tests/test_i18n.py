"""The one gettext catalog of the command line and the web page: every message the package
asks for has its German with the same placeholders, the catalog holds nothing unused, the
shipped .mo is the .po compiled, and the language follows the environment as gettext's does."""

from __future__ import annotations

import gettext
import io
import re
import string
from pathlib import Path

import pytest

import coop_helper
from coop_helper.text import i18n

PACKAGE = Path(coop_helper.__file__).parent
PO = i18n.LOCALE_DIR / "de" / "LC_MESSAGES" / "messages.po"
MO = i18n.LOCALE_DIR / "de" / "LC_MESSAGES" / "messages.mo"


def asked_for() -> set[str | tuple[str, str]]:
    """Every message of the package: ``_()`` and ``ngettext()`` in Python, and the template's."""
    from babel.messages.extract import extract_from_dir

    found = extract_from_dir(
        str(PACKAGE),
        method_map=[("**.py", "python"), ("**/templates/**.html", "jinja2")],
        options_map={"**/templates/**.html": {"extensions": "jinja2.ext.i18n"}},
        keywords={"_": None, "N_": None, "gettext": None, "ngettext": (1, 2)},
    )
    return {message for _file, _line, message, _comments, _context in found}


def german() -> dict[str | tuple[str, str], str | tuple[str, ...]]:
    from babel.messages.pofile import read_po

    catalog = read_po(PO.open("rb"))
    return {m.id: m.string for m in catalog if m.id}


def placeholders(text: str) -> list[str]:
    """The named fields of a message, sorted: ``{name}`` (str.format) and ``%(name)s``."""
    fields = re.findall(r"%\((\w+)\)[sd]", text)
    fields += [name for _, name, _, _ in string.Formatter().parse(text) if name is not None]
    return sorted(fields)


def flaws(wanted: set, catalog: dict) -> list[str]:
    """What is wrong with ``catalog`` for the messages ``wanted``: each missing, empty or
    with placeholders other than its English's, and each it holds that nobody asks for."""
    found = []
    for message in sorted(wanted, key=str):
        text = catalog.get(message)
        forms = text if isinstance(text, tuple) else (text,)
        if not text or not all(forms):
            found.append(f"no German for {message!r}")
            continue
        english = message if isinstance(message, tuple) else (message,)
        for form in forms:
            if placeholders(form or "") != placeholders(english[-1]):
                found.append(f"placeholders differ: {english[-1]!r} -> {form!r}")
    found += [f"unused: {m!r}" for m in sorted(set(catalog) - wanted, key=str)]
    return found


def test_every_message_has_its_german_with_the_same_placeholders_and_none_is_unused():
    wanted = asked_for()
    assert len(wanted) > 50, "the extraction found (almost) nothing"
    problems = flaws(wanted, german())
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    ("catalog", "problem"),
    [
        ({}, "no German for 'for {n} players'"),
        ({"for {n} players": ""}, "no German for 'for {n} players'"),
        ({"for {n} players": "für {count} Spieler"}, "placeholders differ"),
        ({"for {n} players": "für Spieler"}, "placeholders differ"),
        ({"for {n} players": "für {n} Spieler", "gone": "weg"}, "unused: 'gone'"),
    ],
)
def test_the_check_finds_a_missing_message_a_changed_placeholder_and_an_unused_one(
    catalog, problem
):
    assert any(problem in found for found in flaws({"for {n} players"}, catalog))
    assert not flaws({"for {n} players"}, {"for {n} players": "für {n} Spieler"})


def test_the_compiled_catalog_is_the_po_file():
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    compiled = io.BytesIO()
    write_mo(compiled, read_po(PO.open("rb")))
    fresh = gettext.GNUTranslations(io.BytesIO(compiled.getvalue()))
    shipped = gettext.GNUTranslations(MO.open("rb"))

    def texts(catalog: gettext.GNUTranslations) -> dict:
        found = dict(catalog._catalog)  # type: ignore[attr-defined]
        found.pop("", None)  # the header, which carries the time of compiling
        return found

    assert texts(shipped) == texts(fresh), "compile it: see the .po file's header"
    assert shipped.gettext("Set up") == "Aufbau"


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "de_AT"}, "de"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8", "LC_ALL": "C"}, "en"),
        ({"LANG": "en_GB.UTF-8", "LC_ALL": "de_DE.UTF-8"}, "de"),
        ({"LANG": "en_GB.UTF-8", "LC_MESSAGES": "de_CH.UTF-8"}, "de"),
        ({"LANG": "en_GB.UTF-8", "LANGUAGE": "fr:de:en"}, "de"),
        ({"LANG": "de_DE.UTF-8", "LANGUAGE": "fr"}, "de"),
        ({"LANG": "de_DE.UTF-8", "LANGUAGE": ""}, "de"),
        ({"LC_ALL": "de_DE@euro"}, "de"),
    ],
)
def test_the_language_follows_the_environment_as_gettext_reads_it(environ, lang):
    assert i18n.from_environment(environ) == lang


def test_the_language_is_set_for_a_block_and_comes_back():
    assert i18n.current() == "en"
    with i18n.language("de"):
        assert i18n._("Set up") == "Aufbau"
        assert i18n.is_german()
    assert i18n._("Set up") == "Set up"
    with pytest.raises(ValueError, match="unknown language"):
        i18n.set_language("fr")


def test_no_message_hides_inside_an_f_string():
    """The catalog's extraction does not look inside f-strings: `f"({_('to')} ..."` was
    never translated, and the test above could not see it."""
    hidden = re.compile(r"""\bf["'][^"'\n]*\{\s*(_|N_|ngettext)\(""")
    found = [
        f"{path.relative_to(PACKAGE)}:{number}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if hidden.search(line)
    ]
    assert not found, found
