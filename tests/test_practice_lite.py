"""The Practice widget's scheduler, fsrs, on the JupyterLite site (tools/build_lite.py): its wheel is
in the site's own index, what it needs (typing-extensions) in the Python the offline site serves,
and every notebook's first cell installs it.  Skipped where JupyterLite is not installed, as
tests/test_lite.py is (the site is built once for both, tests/servers.py)."""
from __future__ import annotations

import importlib.util
import json
import zipfile

import pytest

from servers import lite_site

pytestmark = pytest.mark.skipif(importlib.util.find_spec("jupyterlite_core") is None
                                or importlib.util.find_spec("jupyterlite_pyodide_kernel") is None,
                                reason="JupyterLite is not installed")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return lite_site(tmp_path_factory)


def test_the_offline_site_serves_fsrs_and_what_it_needs(site):
    wheels = {w.name.split("-")[0].lower(): w for w in (site / "pypi").glob("*.whl")}
    assert "fsrs" in wheels, sorted(wheels)
    with zipfile.ZipFile(wheels["fsrs"]) as z:
        assert not [n for n in z.namelist() if n.endswith((".so", ".pyd"))]          # pure Python
    index = json.loads((site / "pypi" / "all.json").read_text(encoding="utf-8"))
    assert "fsrs" in index
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert "typing-extensions" in lock["packages"]
    assert (site / "static" / "pyodide" / lock["packages"]["typing-extensions"]["file_name"]).exists()


def test_every_notebook_of_the_site_installs_fsrs_first(site):
    for path in sorted((site / "files").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        install = next(c for c in cells if c["cell_type"] == "code")
        assert install["source"].startswith("%pip install -q condottiere_nb ipywidgets fsrs"), path.name
