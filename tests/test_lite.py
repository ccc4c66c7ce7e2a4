"""The JupyterLite site (tools/build_lite.py): what the build writes, and the site in a browser.

The build needs JupyterLite (``python -m pip install "jupyterlite-core==0.8.6"
"jupyterlite-pyodide-kernel==0.8.6"``; CI installs them), and downloads the ipywidgets wheels
from PyPI; without JupyterLite the tests are skipped.  The browser test serves the site from
this machine and opens it in headless Chromium, every request to another host aborted and
listed.  JupyterLab (in its JupyterLite form) loads from the site and opens the notebooks (a
widget's saved state shows as text there: JupyterLite treats a notebook as untrusted until it
runs).  The Python kernel cannot start here, because jupyterlite-pyodide-kernel
loads Pyodide's distribution (micropip, IPython and its WebAssembly sqlite3 module...) from the
jsDelivr CDN, and the test asserts that this is the only thing the page asks of another host.
A site built with ``--pyodide pyodide-314.0.6.tar.bz2`` serves it itself.
"""
from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import time

import pytest

from servers import ROOT, chromium, free_port, keep_local, require_browser, screenshot, server

pytestmark = pytest.mark.skipif(importlib.util.find_spec("jupyterlite_core") is None
                                or importlib.util.find_spec("jupyterlite_pyodide_kernel") is None,
                                reason='JupyterLite is not installed: python -m pip install "jupyterlite-core==0.8.6" '
                                       '"jupyterlite-pyodide-kernel==0.8.6"')


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("lite") / "site"
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "build_lite.py"), "--output", str(out)],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return out


def test_the_site_holds_the_notebooks_the_package_and_the_settings(site):
    notebooks = sorted(p.name for p in (site / "files").glob("*.ipynb"))
    assert "06_play_against_bots.ipynb" in notebooks and len(notebooks) == len(list((ROOT / "notebooks").glob("*.ipynb")))
    nb = json.loads((site / "files" / "06_play_against_bots.ipynb").read_text(encoding="utf-8"))
    assert nb["cells"][0]["source"] == "%pip install -q condottiere_nb ipywidgets"
    # the lab draws hands with numpy and plots with matplotlib: its first cell installs them too
    lab = json.loads((site / "files" / "30_simulation_lab.ipynb").read_text(encoding="utf-8"))
    assert lab["cells"][0]["source"] == "%pip install -q condottiere_nb ipywidgets numpy matplotlib"
    assert nb["metadata"]["widgets"], "the saved widget state is served"
    index = json.loads((site / "pypi" / "all.json").read_text(encoding="utf-8"))
    # comm: the kernel installs it at start and finds it nowhere else offline (the kernel hung)
    assert {"condottiere-nb", "ipywidgets", "comm"} <= {k.replace("_", "-") for k in index}
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    # the kernel and the widgets, and no extension that needs a server (Voilà's preview is installed here)
    assert sorted(e["name"] for e in config["federated_extensions"]) == \
        ["@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension"]
    assert not (site / "extensions" / "@voila-dashboards").exists()
    settings = json.dumps(config.get("settingsOverrides", {}))
    assert '"fetchNews": "false"' in settings


@pytest.mark.browser
def test_the_site_opens_in_a_browser_and_asks_only_the_pyodide_cdn(site):
    require_browser()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    cmd = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(site)]
    with server(cmd, f"{url}/lab/index.html", site.parent / "http.log", site.parent, None):
        with chromium() as b:
            context = b.new_context(viewport={"width": 1366, "height": 768})
            away = keep_local(context)
            page = context.new_page()
            page.goto(f"{url}/lab/index.html?path=06_play_against_bots.ipynb")
            page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=120_000)
            page.wait_for_selector(".jp-CodeCell .cm-content", timeout=60_000)
            first = page.locator(".jp-CodeCell .cm-content").first.inner_text()
            assert "%pip install -q condottiere_nb ipywidgets" in first
            deadline = time.monotonic() + 30
            while not away and time.monotonic() < deadline:
                page.wait_for_timeout(500)
            screenshot(page, "lite-06.png")
    assert away, "the kernel did not ask for Pyodide at all"
    assert all(u.startswith("https://cdn.jsdelivr.net/pyodide/") for u in away), away[:5]
