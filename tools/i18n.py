"""The translation catalogues, with Babel: extract the English messages, update each language's
.po file, compile the .mo files, and check that every message is translated with the same
placeholders.  Two gettext domains:

* ``condottiere``: every sentence the package says (calls of say/say_n, the rule titles), and
  every label the notebooks' code cells say (``t.say("regions offered")`` in the rulebook notebooks,
  tools/notebooks/*.txt), in condottiere_nb/locale/ (shipped: the package reads the .mo files, and
  a notebook's cells run with the package);
* ``notebooks``: every Markdown cell of the notebooks written in every language (the tour,
  tools/notebooks/00_start_here.txt; see tools/build_notebooks.py), and of each rulebook notebook in
  its rulebook's language only (10_vietnamese in vi, ...), in tools/notebooks/locale/ (not
  shipped: only the notebook builder reads them; the built notebooks carry the text).

    python tools/i18n.py extract    # the .pot templates, from the code and the tour's source
    python tools/i18n.py update     # merge each template into every <lang>/LC_MESSAGES/<domain>.po
    python tools/i18n.py compile    # write the .mo files next to them
    python tools/i18n.py check      # every message translated, same placeholders (exit 1 if not)
    python tools/i18n.py all        # extract, update, compile, check

A native reader corrects a translation in condottiere_nb/locale/<lang>/LC_MESSAGES/condottiere.po
or tools/notebooks/locale/<lang>/LC_MESSAGES/notebooks.po (text files: each msgid is the English,
each msgstr its translation), then runs ``python tools/i18n.py all`` (and, for the notebooks,
``python tools/build_notebooks.py 00``, or the number of the notebook whose paragraph it was).  The vocabulary each language uses is
docs/glossary/<lang>.md.  When the English of a notebook's paragraph changes, ``update`` keeps its
old translation marked fuzzy: ``check`` reports it and the builder refuses it until a reader has
corrected the translation and removed the ``#, fuzzy`` line.
"""
from __future__ import annotations

import ast
import importlib.util
import io
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract as extract_messages, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "condottiere_nb"
LOCALE = PACKAGE / "locale"
DOMAIN = "condottiere"
NOTEBOOKS = "notebooks"
#: domain -> the folder of its .pot and <lang>/LC_MESSAGES/<domain>.po files
LOCALES = {DOMAIN: LOCALE, NOTEBOOKS: ROOT / "tools" / "notebooks" / "locale"}
LANGUAGES = ("vi", "es", "zh", "fa")
KEYWORDS = {"say": None, "say_n": (1, 2)}
PLACEHOLDER = re.compile(r"\{(\w+)\}")
HEADER = "Condottiere_nb: every sentence a learner reads"
HEADERS = {DOMAIN: HEADER, NOTEBOOKS: "Condottiere_nb: the Markdown of the notebooks written in every language"}
#: A notebook paragraph's code spans (`Battle`, `05_full_game`) are names: its translation keeps them.
CODE_SPAN = re.compile(r"`[^`\n]+`")


def template(domain: str = DOMAIN, lang: str | None = None) -> Catalog:
    """Every message of a domain: the package's code (calls of say and say_n, as Babel extracts
    them, and the rule titles) and the notebooks' code cells, or the translated notebooks' Markdown
    cells."""
    if domain == NOTEBOOKS:
        return notebooks_template(lang)
    catalog = Catalog(project="condottiere_nb", msgid_bugs_address="", header_comment=f"# {HEADER}.")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("Translators:",)):
        catalog.add(message, locations=[(f"condottiere_nb/{filename}", lineno)], auto_comments=comments)
    sys.path.insert(0, str(ROOT))
    from condottiere_nb.rules import RULES
    for rule_id, rule in RULES.items():      # the titles of the rules, as steps and views show them
        catalog.add(rule.title, locations=[("condottiere_nb/rules.py", 0)], auto_comments=[f"title of {rule_id}"])
    for where, code in notebook_code():
        for lineno, message, comments, _context in extract_messages("python", io.BytesIO(code.encode("utf-8")),
                                                                    keywords=KEYWORDS,
                                                                    comment_tags=("Translators:",)):
            catalog.add(message, locations=[(where[0], where[1] + lineno)], auto_comments=comments)
    return catalog


def notebook_code() -> list[tuple[tuple[str, int], str]]:
    """((source file, line of the cell's separator), code) for every code cell of the notebooks'
    sources: the labels a cell says are messages of the package's domain, since the cell says them
    at run time through the package's catalogue."""
    builder = _builder()
    return [((f"tools/notebooks/{source.name}", line), body)
            for source in sorted(builder.SOURCES.glob("*.txt"))
            for kind, _tags, body, line in builder.split(source.read_text(encoding="utf-8")) if kind == "code"]


def _builder():
    """tools/build_notebooks.py, which knows the translated sources and reads their cells."""
    spec = importlib.util.spec_from_file_location("build_notebooks", ROOT / "tools" / "build_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def notebooks_template(lang: str | None = None) -> Catalog:
    """Every Markdown cell of the notebooks built in ``lang`` (the tour and the path in every language,
    a rulebook notebook in its rulebook's), one message each, in order; without ``lang``, of every
    translated notebook (the .pot file)."""
    builder = _builder()
    catalog = Catalog(project="condottiere_nb", msgid_bugs_address="",
                      header_comment=f"# {HEADERS[NOTEBOOKS]}.")
    for stem in translated_sources(lang):
        source = builder.SOURCES / f"{stem}.txt"
        for line, text in builder.messages(source.read_text(encoding="utf-8")):
            catalog.add(text, locations=[(f"tools/notebooks/{source.name}", line)])
    return catalog


def translated_sources(lang: str | None = None) -> list[str]:
    """The sources whose Markdown is translated into ``lang`` (into any language, without it)."""
    builder = _builder()
    return [stem for stem in (*builder.TRANSLATED, *builder.RULEBOOK_LANGUAGE)
            if builder.languages_of(stem) and (lang is None or lang in builder.languages_of(stem))]


def said_in_code() -> dict[str, str]:
    """Every literal message of a ``say``/``say_n`` call in the package and the notebooks' code cells,
    found by reading the syntax tree:
    a message Babel's extractor skips (it has missed calls nested in another call's arguments) shows here."""
    found = {}
    codes = [(str(path.relative_to(ROOT)), 0, path.read_text(encoding="utf-8")) for path in sorted(PACKAGE.rglob("*.py"))]
    codes += [(where, line, code) for (where, line), code in notebook_code()]
    for where, line, code in codes:
        for node in ast.walk(ast.parse(code)):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in KEYWORDS and node.args and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                found[node.args[0].value] = f"{where}:{line + node.lineno}"
    return found


def missed_by_extraction(pot: Catalog) -> list[str]:
    singular = {m.id[0] if isinstance(m.id, tuple) else m.id for m in pot if m.id}
    return [f"not extracted (write the message outside another call's arguments): {where}: {text!r}"
            for text, where in said_in_code().items() if text not in singular]


def po_path(lang: str, domain: str = DOMAIN) -> Path:
    return LOCALES[domain] / lang / "LC_MESSAGES" / f"{domain}.po"


def extract() -> None:
    for domain, folder in LOCALES.items():
        catalog = template(domain)
        folder.mkdir(parents=True, exist_ok=True)
        with open(folder / f"{domain}.pot", "wb") as f:
            write_po(f, catalog, width=100, omit_header=False, sort_output=False)
        print(f"{len(catalog)} messages -> {(folder / (domain + '.pot')).relative_to(ROOT)}")


def read(lang: str, domain: str = DOMAIN) -> Catalog:
    with open(po_path(lang, domain), "rb") as f:
        return read_po(f, locale=lang, domain=domain)


def update() -> None:
    for domain in LOCALES:
        pots = {lang: template(domain, lang) for lang in LANGUAGES} if domain == NOTEBOOKS else \
            dict.fromkeys(LANGUAGES, template(domain))
        # A notebook's paragraph whose English changed keeps its old translation, marked fuzzy (the
        # check reports it, the compiled catalogue leaves it out): a reader corrects it.  The code's
        # short messages are matched exactly.
        exact = domain == DOMAIN
        for lang in LANGUAGES:
            path = po_path(lang, domain)
            if path.exists():
                catalog = read(lang, domain)
            else:
                catalog = Catalog(locale=lang, domain=domain, project="condottiere_nb",
                                  header_comment=f"# {HEADERS[domain]}, in {lang}.\n# Edit the msgstr lines; keep "
                                                 "every {placeholder} of the msgid.")
            catalog.update(pots[lang], no_fuzzy_matching=exact)
            catalog.fuzzy = False             # the header is not a translation: its plural forms must be read
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "wb") as f:
                write_po(f, catalog, width=100, sort_output=False, ignore_obsolete=True)
            print(f"{domain} {lang}: {sum(1 for m in catalog if m.id and m.string and not m.fuzzy)} of "
                  f"{sum(1 for m in catalog if m.id)} translated")


def compile_all() -> None:
    for domain in LOCALES:
        for lang in LANGUAGES:
            catalog = read(lang, domain)
            with open(po_path(lang, domain).with_suffix(".mo"), "wb") as f:
                write_mo(f, catalog, use_fuzzy=False)
    print(f"compiled {', '.join(LOCALES)} in {', '.join(LANGUAGES)}")


def problems(lang: str, pot: Catalog | None = None, domain: str = DOMAIN) -> list[str]:
    """What is wrong with one language's catalogue: a message missing or untranslated (or, in the
    notebooks, left in English), or a translation whose placeholders (in the notebooks, code spans)
    are not the English's."""
    pot = pot or template(domain, lang)
    catalog = read(lang, domain)
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
        if domain == NOTEBOOKS:
            if have.string.strip() == message.id.strip():
                found.append(f"{lang}: left in English: {message.id[:60]!r}")
            lost = [span for span in CODE_SPAN.findall(message.id) if span not in have.string]
            if lost:
                found.append(f"{lang}: the translation of {message.id[:40]!r} leaves out the code {lost}")
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


def compiled_is_current(lang: str, domain: str = DOMAIN) -> bool:
    """Does the .mo file hold exactly what its .po file says?"""
    buffer = io.BytesIO()
    write_mo(buffer, read(lang, domain), use_fuzzy=False)
    mo = po_path(lang, domain).with_suffix(".mo")
    return mo.exists() and mo.read_bytes() == buffer.getvalue()


def domain_problems(domain: str) -> tuple[int, list[str]]:
    """How many messages a domain has, and everything wrong with its catalogues."""
    pot = template(domain)
    found = missed_by_extraction(pot) if domain == DOMAIN else []
    found += [p for lang in LANGUAGES
              for p in problems(lang, pot if domain == DOMAIN else template(domain, lang), domain)]
    found += [f"{domain} {lang}: the .mo is older than the .po (run: python tools/i18n.py compile)"
              for lang in LANGUAGES if not compiled_is_current(lang, domain)]
    return len(pot), found


def check() -> int:
    failed = False
    for domain in LOCALES:
        count, found = domain_problems(domain)
        for p in found[:80]:
            print(p)
        print(f"{domain}: {count} messages, {len(LANGUAGES)} languages: {len(found)} problems")
        failed = failed or bool(found)
    return 1 if failed else 0


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
