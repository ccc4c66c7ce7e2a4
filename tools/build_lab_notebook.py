"""Build notebooks/30_simulation_lab.ipynb from tools/lab/30_simulation_lab.txt and run it.

The source uses the format of tools/build_notebooks.py (cells separated by ``%% md`` and
``%% code`` lines).  The notebook is executed in a fresh kernel from the notebooks folder, as
nbval and JupyterLab run it, and saved with its outputs, which nbval then checks.

    python tools/build_lab_notebook.py [--no-run]
"""
from __future__ import annotations

import argparse
import re
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "tools" / "lab" / "30_simulation_lab.txt"
TARGET = ROOT / "notebooks" / "30_simulation_lab.ipynb"
SEPARATOR = re.compile(r"^%% (md|code)\s*$", re.M)


def cells(text: str) -> list:
    parts = SEPARATOR.split(text)
    if parts[0].strip():
        raise ValueError("the source must start with a '%% md' or '%% code' line")
    out = []
    for kind, body in zip(parts[1::2], parts[2::2]):
        body = body.strip("\n")
        if body.strip():
            out.append(nbformat.v4.new_markdown_cell(body) if kind == "md" else nbformat.v4.new_code_cell(body))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-run", action="store_true", help="write the notebook without executing it")
    args = ap.parse_args(argv)
    nb = nbformat.v4.new_notebook()
    nb.cells = cells(SOURCE.read_text(encoding="utf-8"))
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"c{i:03d}"          # stable ids: a rebuild changes only what changed
    if not args.no_run:
        start = time.perf_counter()
        NotebookClient(nb, timeout=600, kernel_name="python3",
                       resources={"metadata": {"path": str(TARGET.parent)}}).execute()
        print(f"{TARGET.name}: {len(nb.cells)} cells, ran in {time.perf_counter() - start:.1f} s")
    nb.metadata["language_info"] = {"name": "python"}     # no local Python version in the file
    nbformat.validate(nb)
    nbformat.write(nb, TARGET)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
