"""Build the teaching notebooks from their plain-text sources, and execute them.

Each notebook is written in ``tools/notebooks/NN_title.txt``: cells are separated by a
line ``%% md`` (Markdown) or ``%% code`` (Python); words after ``%% code`` are the cell's tags,
such as ``%% code nbval-ignore-output`` (a widget's cell: nbval does not check its output, and
the reader sees no marker in the code).  This script turns each source into
``notebooks/NN_title.ipynb`` with nbformat, runs it top to bottom in a fresh kernel
(from the notebooks folder, as nbval and JupyterLab do) and stores the outputs, which
nbval then checks on every test run.

    python tools/build_notebooks.py            # every notebook
    python tools/build_notebooks.py 01 02      # the notebooks whose names start so
    python tools/build_notebooks.py --no-run   # write without executing

The sources are the thing to edit; the .ipynb files are generated (outputs included).

A source named in :data:`TRANSLATED` (the tour) is written once, in English, and built in every
language: ``NN_title.ipynb`` and ``NN_title.<lang>.ipynb`` for vi, es, zh and fa.  Its Markdown
cells are the messages of the gettext domain ``notebooks``; their translations are in
``tools/notebooks/locale/<lang>/LC_MESSAGES/notebooks.po``, compiled to ``.mo`` and checked by
``python tools/i18n.py`` like the package's own catalogue.  A translated notebook has the English
one's code cells, except its first code cell's line ``LANG = "en"``, which names its language (so
every output, explanations and widgets, is in that language); a Markdown cell without a
translation stops the build.  Persian cells are wrapped in ``<div dir="rtl">``.

Every notebook keeps its widgets' state (``metadata.widgets``): a reader who opens it before
running it, on GitHub or in a static view, sees each widget as the run left it.  A cell that
shows a widget gets the cell tag ``nbval-ignore-output`` (a widget's display holds a model id
that changes on every run), so nbval runs it without comparing its output, and the reader
sees no test marker in the code.  (A ``# NBVAL_IGNORE_OUTPUT`` line left in a source still
works; new sources need none.)
"""
from __future__ import annotations

import argparse
import gettext
import json
import re
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "tools" / "notebooks"
NOTEBOOKS = ROOT / "notebooks"
SEPARATOR = re.compile(r"^%% (md|code)((?:[ \t]+[\w-]+)*)[ \t]*$", re.M)
#: The cell tags a source may give (nbval reads them).
TAGS = {"nbval-ignore-output", "nbval-skip", "raises-exception"}
# The simulation lab's simulations get more time.
TIMEOUT = {"30_simulation_lab": 600}
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: The cell tag nbval reads: run the cell, do not compare its output.
IGNORE_OUTPUT = "nbval-ignore-output"

#: The sources built in every language (see the module's docstring), and the languages besides English.
TRANSLATED = ("00_start_here", "07_practice")
LANGUAGES = ("vi", "es", "zh", "fa")
#: The gettext domain of the translated sources' Markdown, and where its catalogues are.  They are
#: not in the package: only this builder reads them, and the notebooks it writes carry the text.
DOMAIN = "notebooks"
LOCALE = SOURCES / "locale"
RIGHT_TO_LEFT = {"fa"}
#: The line of a translated source's first code cell that names the notebook's language.
LANGUAGE_LINE = 'LANG = "en"'


def split(text: str) -> list[tuple[str, list[str], str, int]]:
    """The cells of a source text as (kind, tags, body, line of the body's separator), in order.
    Needs no Jupyter package (tools/i18n.py reads the Markdown through it)."""
    marks = list(SEPARATOR.finditer(text))
    if not marks or text[:marks[0].start()].strip():
        raise ValueError("a source must start with a '%% md' or '%% code' line")
    cells = []
    for mark, following in zip(marks, marks[1:] + [None]):
        kind, tags = mark.group(1), mark.group(2).split()
        body = text[mark.end():following.start() if following else len(text)].strip("\n")
        unknown = set(tags) - TAGS
        if unknown or (tags and kind == "md"):
            raise ValueError(f"a '%% {kind}' line names tags {sorted(unknown or tags)}; code cells may have {sorted(TAGS)}")
        if body.strip():
            cells.append((kind, tags, body, text.count("\n", 0, mark.start()) + 1))
    return cells


def messages(text: str) -> list[tuple[int, str]]:
    """The messages of a translated source: each Markdown cell, with its line."""
    return [(line, body) for kind, _, body, line in split(text) if kind == "md"]


def translate(text: str, lang: str) -> list[tuple[str, list[str], str, int]]:
    """A translated source's cells in ``lang``: each Markdown cell its translation (from the
    compiled catalogue), the first code cell's language line naming ``lang``, the rest unchanged."""
    cells = split(text)
    if lang == "en":
        return cells
    catalogue = gettext.translation(DOMAIN, LOCALE, languages=[lang])
    out, named = [], False
    for kind, tags, body, line in cells:
        if kind == "md":
            translated = catalogue.gettext(body)
            if translated == body:
                raise ValueError(f"{lang}: the Markdown cell of line {line} has no translation: edit "
                                 f"{LOCALE.relative_to(ROOT)}/{lang}/LC_MESSAGES/{DOMAIN}.po, then run "
                                 f"python tools/i18n.py all")
            body = f'<div dir="rtl">\n\n{translated}\n\n</div>' if lang in RIGHT_TO_LEFT else translated
        elif not named:
            lines = body.split("\n")
            if lines.count(LANGUAGE_LINE) != 1:
                raise ValueError(f"a translated source's first code cell has the line {LANGUAGE_LINE!r} once")
            body = "\n".join(f'LANG = "{lang}"' if x == LANGUAGE_LINE else x for x in lines)
            named = True
        out.append((kind, tags, body, line))
    return out


def targets(stem: str) -> dict[str, str]:
    """language -> the notebook (stem) a source builds: ``{"en": stem}``, and one per language if translated."""
    return {"en": stem, **({lang: f"{stem}.{lang}" for lang in LANGUAGES} if stem in TRANSLATED else {})}


def parse(text: str, lang: str = "en") -> list:
    """The cells of a source text, in order, as notebook cells (in ``lang``: see :func:`translate`)."""
    import nbformat
    cells = []
    for kind, tags, body, _ in translate(text, lang):
        if kind == "md":
            cells.append(nbformat.v4.new_markdown_cell(body))
        else:
            cell = nbformat.v4.new_code_cell(body)
            if tags:
                cell.metadata["tags"] = tags
            cells.append(cell)
    return cells


def tag_widget_cells(nb) -> int:
    """Tag every cell that displays a widget ``nbval-ignore-output``; how many were tagged.

    The widget's output and its state stay in the notebook, so it shows without a kernel;
    nbval still runs the cell (an error would fail the test) but does not compare its output.
    """
    tagged = 0
    for cell in nb.cells:
        if cell.cell_type == "code" and any(WIDGET_VIEW in out.get("data", {}) for out in cell.outputs):
            tags = cell.metadata.setdefault("tags", [])
            if IGNORE_OUTPUT not in tags:
                tags.append(IGNORE_OUTPUT)
            tagged += 1
    return tagged


def settle(nb, name: str):
    """The notebook without what changes from run to run although nothing in it did, so that a
    rebuild's diff shows only real changes:

    * each cell's execution timestamps (``metadata.execution``);
    * the widget models' random ids: each becomes a uuid5 of the notebook's name and the
      model's place in the saved state (the order the run created them in), everywhere it is
      written (the state, references between models, the outputs that show a widget).
    """
    import nbformat
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
    state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    text = json.dumps(nb)
    for i, old in enumerate(list(state)):
        text = text.replace(old, uuid.uuid5(uuid.NAMESPACE_URL, f"condottiere_nb/{name}/{i}").hex)
    return nbformat.from_dict(json.loads(text))


def build(source: Path, run: bool = True, lang: str = "en") -> Path:
    import nbformat
    from nbclient import NotebookClient
    nb = nbformat.v4.new_notebook()
    nb.cells = parse(source.read_text(encoding="utf-8"), lang)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    # Stable cell ids, so a rebuild changes only what changed.
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"c{i:03d}"
    target = NOTEBOOKS / (targets(source.stem)[lang] + ".ipynb")
    if run:
        start = time.perf_counter()
        NotebookClient(nb, timeout=TIMEOUT.get(source.stem, 300), kernel_name="python3",
                       store_widget_state=True,
                       resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
        widgets = tag_widget_cells(nb)
        nb = settle(nb, target.stem)
        print(f"{target.name}: {len(nb.cells)} cells ({widgets} with a widget, state saved), "
              f"ran in {time.perf_counter() - start:.1f} s")
    nb.metadata["language_info"] = {"name": "python"}   # no local Python version in the files
    nbformat.validate(nb)
    nbformat.write(nb, target)
    return target


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("prefixes", nargs="*", help="build only the notebooks whose names start so")
    ap.add_argument("--no-run", action="store_true", help="write the notebooks without executing them")
    args = ap.parse_args(argv)
    sources = sorted(SOURCES.glob("*.txt"))
    if args.prefixes:
        sources = [s for s in sources if any(s.stem.startswith(p) for p in args.prefixes)]
    if not sources:
        print("no notebook source matches", args.prefixes, file=sys.stderr)
        return 1
    for source in sources:
        for lang in targets(source.stem):
            build(source, run=not args.no_run, lang=lang)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
