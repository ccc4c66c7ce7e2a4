"""One builder writes every notebook from its source: tools/build_notebooks.py and tools/notebooks/."""
import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def builder():
    pytest.importorskip("nbformat")       # the builder's own need: the lab extra brings it
    spec = importlib.util.spec_from_file_location("build_notebooks", ROOT / "tools" / "build_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_notebook_has_a_source_and_every_source_a_notebook():
    notebooks = {p.stem for p in (ROOT / "notebooks").glob("*.ipynb")}
    sources = {p.stem for p in (ROOT / "tools" / "notebooks").glob("*.txt")}
    assert notebooks == sources, f"notebooks without a source: {notebooks - sources}; " \
                                 f"sources without a notebook: {sources - notebooks}"
    assert not (ROOT / "tools" / "lab").exists(), "the lab's source lives in tools/notebooks/ with the others"


@pytest.mark.parametrize("source", sorted((ROOT / "tools" / "notebooks").glob("*.txt")), ids=lambda p: p.stem)
def test_each_notebook_holds_the_cells_of_its_source(source):
    """The committed notebook was built from its source as it is now (rebuild: python tools/build_notebooks.py NN)."""
    cells = builder().parse(source.read_text(encoding="utf-8"))
    nb = json.loads((ROOT / "notebooks" / f"{source.stem}.ipynb").read_text(encoding="utf-8"))
    built = [(c.cell_type, c.source, c.metadata.get("tags", [])) for c in cells]
    committed = [(c["cell_type"], "".join(c["source"]), c["metadata"].get("tags", [])) for c in nb["cells"]]
    assert committed == built, f"notebooks/{source.stem}.ipynb is out of date: python tools/build_notebooks.py {source.stem[:2]}"
    assert [c["id"] for c in nb["cells"]] == [f"c{i:03d}" for i in range(len(cells))]


def test_a_source_gives_cell_tags_after_code():
    cells = builder().parse("%% md\n# T\n%% code nbval-ignore-output\nx = 1\n%% code\ny = 2\n")
    assert [c.metadata.get("tags") for c in cells] == [None, ["nbval-ignore-output"], None]
    with pytest.raises(ValueError, match="tags"):
        builder().parse("%% code nbval-ignor\nx = 1\n")
