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
    python tools/build_notebooks.py 30         # the simulation lab (it keeps its widgets' state)
    python tools/build_notebooks.py --no-run   # write without executing

The sources are the thing to edit; the .ipynb files are generated (outputs included).
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
# The simulation lab keeps its widgets' outputs and state (a reader who opens it sees the odds
# widget and the progress bar as the run left them), and its simulations get more time.
KEEP_WIDGETS = {"30_simulation_lab"}
TIMEOUT = {"30_simulation_lab": 600}


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


def drop_widget_outputs(nb) -> None:
    """Clear the stored output of cells that display a widget.

    A widget's output only points at a model in the kernel that made it; stored, it would
    show as an error (or a long text repr) to a reader who has not run the cell, and its
    state would add a few hundred kilobytes to the file.  The reader runs the cell to get
    the widget; nbval ignores these cells (# NBVAL_IGNORE_OUTPUT).
    """
    for cell in nb.cells:
        if cell.cell_type == "code" and any(
                "application/vnd.jupyter.widget-view+json" in out.get("data", {}) for out in cell.outputs):
            if "NBVAL_IGNORE_OUTPUT" not in cell.source and "nbval-ignore-output" not in cell.metadata.get("tags", []):
                raise ValueError(f"a cell shows a widget but is checked by nbval: {cell.source[:80]!r}")
            cell.outputs = []
            cell.execution_count = None


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
        keep_widgets = source.stem in KEEP_WIDGETS
        start = time.perf_counter()
        NotebookClient(nb, timeout=TIMEOUT.get(source.stem, 300), kernel_name="python3",
                       store_widget_state=keep_widgets,
                       resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
        print(f"{target.name}: {len(nb.cells)} cells, ran in {time.perf_counter() - start:.1f} s")
        if not keep_widgets:
            drop_widget_outputs(nb)
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
