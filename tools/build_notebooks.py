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

Every notebook keeps its widgets' state (``metadata.widgets``): a reader who opens it before
running it, on GitHub or in a static view, sees each widget as the run left it.  A cell that
shows a widget gets the cell tag ``nbval-ignore-output`` (a widget's display holds a model id
that changes on every run), so nbval runs it without comparing its output, and the reader
sees no test marker in the code.  (A ``# NBVAL_IGNORE_OUTPUT`` line left in a source still
works; new sources need none.)
"""
from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

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


def parse(text: str) -> list:
    """The cells of a source text, in order."""
    parts = SEPARATOR.split(text)
    if parts[0].strip():
        raise ValueError("a source must start with a '%% md' or '%% code' line")
    cells = []
    for kind, tags, body in zip(parts[1::3], parts[2::3], parts[3::3]):
        body = body.strip("\n")
        tags = tags.split()
        unknown = set(tags) - TAGS
        if unknown or (tags and kind == "md"):
            raise ValueError(f"a '%% {kind}' line names tags {sorted(unknown or tags)}; code cells may have {sorted(TAGS)}")
        if not body.strip():
            continue
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


def build(source: Path, run: bool = True) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = parse(source.read_text(encoding="utf-8"))
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    # Stable cell ids, so a rebuild changes only what changed.
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"c{i:03d}"
    target = NOTEBOOKS / (source.stem + ".ipynb")
    if run:
        start = time.perf_counter()
        NotebookClient(nb, timeout=TIMEOUT.get(source.stem, 300), kernel_name="python3",
                       store_widget_state=True,
                       resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
        widgets = tag_widget_cells(nb)
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
        build(source, run=not args.no_run)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
