"""The translation catalogues, with Babel: extract the English messages, update each language's
.po file, compile the .mo files the package reads, and check that every message is translated with
the same placeholders.

    python tools/i18n.py extract    # condottiere_nb/locale/condottiere.pot from the code
    python tools/i18n.py update     # merge the template into every <lang>/LC_MESSAGES/condottiere.po
    python tools/i18n.py compile    # write the .mo files next to them
    python tools/i18n.py check      # every message translated, same placeholders (exit 1 if not)
    python tools/i18n.py all        # extract, update, compile, check

A native reader corrects a translation in condottiere_nb/locale/<lang>/LC_MESSAGES/condottiere.po
(a text file: each msgid is the English, each msgstr its translation), then runs
``python tools/i18n.py compile``.  The vocabulary each language uses is docs/glossary/<lang>.md.
"""
from __future__ import annotations

import ast
import io
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "condottiere_nb"
LOCALE = PACKAGE / "locale"
DOMAIN = "condottiere"
LANGUAGES = ("vi", "es", "zh", "fa")
KEYWORDS = {"say": None, "say_n": (1, 2)}
PLACEHOLDER = re.compile(r"\{(\w+)\}")
HEADER = "Condottiere_nb: every sentence a learner reads"


def template() -> Catalog:
    """Every message of the package's code, as Babel extracts it (calls of say and say_n)."""
    catalog = Catalog(project="condottiere_nb", msgid_bugs_address="", header_comment=f"# {HEADER}.")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("Translators:",)):
        catalog.add(message, locations=[(f"condottiere_nb/{filename}", lineno)], auto_comments=comments)
    sys.path.insert(0, str(ROOT))
    from condottiere_nb.rules import RULES
    for rule_id, rule in RULES.items():      # the titles of the rules, as steps and views show them
        catalog.add(rule.title, locations=[("condottiere_nb/rules.py", 0)], auto_comments=[f"title of {rule_id}"])
    return catalog


def said_in_code() -> dict[str, str]:
    """Every literal message of a ``say``/``say_n`` call in the package, found by reading the syntax tree:
    a message Babel's extractor skips (it has missed calls nested in another call's arguments) shows here."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in KEYWORDS and node.args and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                found[node.args[0].value] = f"{path.relative_to(ROOT)}:{node.lineno}"
    return found


def missed_by_extraction(pot: Catalog) -> list[str]:
    singular = {m.id[0] if isinstance(m.id, tuple) else m.id for m in pot if m.id}
    return [f"not extracted (write the message outside another call's arguments): {where}: {text!r}"
            for text, where in said_in_code().items() if text not in singular]


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract() -> Catalog:
    catalog = template()
    LOCALE.mkdir(parents=True, exist_ok=True)
    with open(LOCALE / f"{DOMAIN}.pot", "wb") as f:
        write_po(f, catalog, width=100, omit_header=False, sort_output=False)
    print(f"{len(catalog)} messages -> {LOCALE / (DOMAIN + '.pot')}")
    return catalog


def read(lang: str) -> Catalog:
    with open(po_path(lang), "rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def update() -> None:
    pot = template()
    for lang in LANGUAGES:
        path = po_path(lang)
        if path.exists():
            catalog = read(lang)
            catalog.update(pot, no_fuzzy_matching=True)
        else:
            catalog = Catalog(locale=lang, domain=DOMAIN, project="condottiere_nb",
                              header_comment=f"# {HEADER}, in {lang}.\n# Edit the msgstr lines; keep every "
                                             "{placeholder} of the msgid.")
            catalog.update(pot, no_fuzzy_matching=True)
        catalog.fuzzy = False             # the header is not a translation: its plural forms must be read
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as f:
            write_po(f, catalog, width=100, sort_output=False, ignore_obsolete=True)
        print(f"{lang}: {sum(1 for m in catalog if m.id and m.string)} of {sum(1 for m in catalog if m.id)} translated")


def compile_all() -> None:
    for lang in LANGUAGES:
        catalog = read(lang)
        with open(po_path(lang).with_suffix(".mo"), "wb") as f:
            write_mo(f, catalog, use_fuzzy=False)
    print(f"compiled {', '.join(LANGUAGES)}")


def problems(lang: str, pot: Catalog | None = None) -> list[str]:
    """What is wrong with one language's catalogue: a message of the code missing or untranslated,
    or a translation whose placeholders are not the English's."""
    pot = pot or template()
    catalog = read(lang)
    found = []
    for message in pot:
        if not message.id:
            continue
        have = catalog.get(message.id)
        if have is None or not have.string or (isinstance(have.string, tuple) and not all(have.string)):
            found.append(f"{lang}: untranslated: {message.id!r}")
            continue
        if have.fuzzy:
            found.append(f"{lang}: fuzzy (unchecked): {message.id!r}")
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        want = set().union(*(PLACEHOLDER.findall(s) for s in english))
        strings = have.string if isinstance(have.string, tuple) else (have.string,)
        for s in strings:
            got = set(PLACEHOLDER.findall(s))
            if got - want:
                found.append(f"{lang}: {s!r} has placeholders {sorted(got - want)} the English lacks")
            if len(english) == 1 and want - got:
                found.append(f"{lang}: {s!r} leaves out {sorted(want - got)}")
    return found


def compiled_is_current(lang: str) -> bool:
    """Does the .mo file hold exactly what its .po file says?"""
    buffer = io.BytesIO()
    write_mo(buffer, read(lang), use_fuzzy=False)
    mo = po_path(lang).with_suffix(".mo")
    return mo.exists() and mo.read_bytes() == buffer.getvalue()


def check() -> int:
    pot = template()
    found = missed_by_extraction(pot) + [p for lang in LANGUAGES for p in problems(lang, pot)]
    found += [f"{lang}: the .mo is older than the .po (run: python tools/i18n.py compile)"
              for lang in LANGUAGES if not compiled_is_current(lang)]
    for p in found[:80]:
        print(p)
    print(f"{len(pot)} messages, {len(LANGUAGES)} languages: {len(found)} problems")
    return 1 if found else 0


def main(argv) -> int:
    command = argv[1] if len(argv) > 1 else "check"
    if command == "extract":
        extract()
    elif command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        return check()
    elif command == "all":
        extract()
        update()
        compile_all()
        return check()
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
