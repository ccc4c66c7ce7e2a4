"""The JupyterLite site (tools/build_lite.py): what the build writes, and the site in a browser.

The build needs JupyterLite (``python -m pip install "jupyterlite-core==0.8.6"
"jupyterlite-pyodide-kernel==0.8.6" jupyter_server``; CI installs them), the `pyodide` npm
package of tools/pyodide (``npm ci``, which the build runs if it is missing) and PyPI, where it
downloads the ipywidgets wheels and the pure-Python wheels the kernel loads; without JupyterLite
the tests are skipped.  Two sites are built: the default one, which serves Python itself (the
Pyodide core, whose WebAssembly holds sqlite3, hashlib and zlib, and PyPI's wheels of micropip,
IPython and networkx...), and a ``--cdn`` one, whose browsers load Pyodide from jsDelivr.

The browser tests serve a site with tools/serve_room.py on 127.0.0.1 and open it in headless
Chromium with the network cut: every request for another origin is aborted by Playwright's
routing and listed (and Chromium resolves no other host name, so not even a service worker's
request leaves the machine).  The offline site must draw the widgets saved in the tour and the game
before any cell runs, start Python, install the package and run the whole tour; the CDN site must tell the attendee, in the browser's language, that Python could not
start.  They are skipped locally without Chromium, required in CI (CONDOTTIERE_REQUIRE_BROWSER=1).
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import subprocess
import sys
import time

import pytest

from servers import ROOT, chromium, free_port, keep_local, lite_site, require_browser, screenshot, server

pytestmark = pytest.mark.skipif(importlib.util.find_spec("jupyterlite_core") is None
                                or importlib.util.find_spec("jupyterlite_pyodide_kernel") is None,
                                reason='JupyterLite is not installed: python -m pip install "jupyterlite-core==0.8.6" '
                                       '"jupyterlite-pyodide-kernel==0.8.6" jupyter_server')

TOUR = "00_start_here.ipynb"
VIEWPORT = {"width": 1366, "height": 768}
#: the kernel's start (Pyodide, then the wheels) and the whole tour, on a shared two-core machine
RUN_TIMEOUT = 300


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return lite_site(tmp_path_factory)


@pytest.fixture(scope="module")
def cdn_site(tmp_path_factory):
    return lite_site(tmp_path_factory, "--cdn")


def config_of(site) -> dict:
    return json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]


def kernel_settings(site) -> dict:
    return config_of(site)["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]


def test_the_site_holds_the_notebooks_the_package_and_the_settings(site):
    notebooks = sorted(p.name for p in (site / "files").glob("*.ipynb"))
    assert "06_play_against_bots.ipynb" in notebooks and len(notebooks) == len(list((ROOT / "notebooks").glob("*.ipynb")))
    nb = json.loads((site / "files" / "06_play_against_bots.ipynb").read_text(encoding="utf-8"))
    assert nb["cells"][0]["source"] == "%pip install -q condottiere_nb ipywidgets fsrs"
    # the lab draws hands with numpy and plots with matplotlib, which an offline site lacks: it says
    # so first, in words (its install line would fail); the other notebooks need neither (the
    # concordance's interaction checks run without numpy: see the test below)
    lab = json.loads((site / "files" / "30_simulation_lab.ipynb").read_text(encoding="utf-8"))
    assert lab["cells"][0]["cell_type"] == "markdown" and "numpy and matplotlib" in lab["cells"][0]["source"]
    assert "Binder" in lab["cells"][0]["source"]
    assert lab["cells"][1]["source"] == "%pip install -q condottiere_nb ipywidgets fsrs numpy matplotlib"
    needs = [p.name for p in (site / "files").glob("*.ipynb")
             if json.loads(p.read_text(encoding="utf-8"))["cells"][0]["cell_type"] == "markdown"]
    assert needs == ["30_simulation_lab.ipynb"], needs
    # trusted cells: JupyterLab draws their HTML and widgets, not a text stand-in
    assert all(c["metadata"].get("trusted") is True for c in nb["cells"] if c["cell_type"] == "code")
    assert nb["metadata"]["widgets"], "the saved widget state is served"
    index = json.loads((site / "pypi" / "all.json").read_text(encoding="utf-8"))
    # comm: the kernel installs it at start and finds it nowhere else offline (the kernel hung)
    assert {"condottiere-nb", "ipywidgets", "comm"} <= {k.replace("_", "-") for k in index}
    config = config_of(site)
    # the kernel and the widgets, and no extension that needs a server (Voilà's preview is installed here)
    assert sorted(e["name"] for e in config["federated_extensions"]) == \
        ["@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension"]
    assert not (site / "extensions" / "@voila-dashboards").exists()
    settings = json.dumps(config.get("settingsOverrides", {}))
    assert '"fetchNews": "false"' in settings
    # the rules' catalogue the notebooks name (`docs/rules.md`) opens in the site, beside them
    assert (site / "files" / "docs" / "rules.md").read_bytes() == (ROOT / "docs" / "rules.md").read_bytes()


HIDDEN = """
import json, sys, traceback
sys.modules["numpy"] = sys.modules["matplotlib"] = None      # import numpy: ImportError
failed = 0
for path in sys.argv[1:]:
    nb = json.load(open(path, encoding="utf-8"))
    scope = {}
    try:
        for cell in nb["cells"]:
            source = "".join(cell["source"])
            if cell["cell_type"] == "code" and not source.lstrip().startswith("%"):
                exec(compile(source, cell.get("id", "cell"), "exec"), scope)
    except Exception:
        failed += 1
        print(path, traceback.format_exc(limit=3), file=sys.stderr)
sys.exit(1 if failed else 0)
"""


def test_the_offline_notebooks_run_without_numpy_and_matplotlib(site):
    """What the offline site serves runs where numpy and matplotlib cannot be imported (here in
    CPython, each notebook's cells in a scope of their own; the browser test runs the tour in
    Pyodide itself)."""
    runs = []
    for path in sorted((site / "files").glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        if nb["cells"][0]["cell_type"] == "markdown":
            assert path.name == "30_simulation_lab.ipynb"   # it says it needs them
            continue
        assert nb["cells"][0]["source"] == "%pip install -q condottiere_nb ipywidgets fsrs", path.name
        runs.append(str(path))
    assert len(runs) == len(list((ROOT / "notebooks").glob("*.ipynb"))) - 1
    done = subprocess.run([sys.executable, "-c", HIDDEN, *runs], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr[-3000:]


def test_the_site_serves_python_itself_from_pypi_wheels(site):
    settings = kernel_settings(site)
    assert settings["pyodideUrl"] == "./static/pyodide/pyodide.mjs" and settings["disablePyPIFallback"] is True
    pyodide = site / "static" / "pyodide"
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (pyodide / name).stat().st_size > 10_000, name
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages = lock["packages"]
    # what the kernel loads at start, and the engine's one dependency; nothing compiled, nothing else
    assert {"micropip", "ipython", "jedi", "parso", "traitlets", "pygments", "prompt-toolkit", "stack-data",
            "ipython-pygments-lexers", "networkx"} <= set(packages)
    assert not {"numpy", "matplotlib", "setuptools"} & set(packages), sorted(packages)
    for key, entry in packages.items():
        wheel = pyodide / entry["file_name"]
        assert entry["file_name"].endswith("-none-any.whl"), entry["file_name"]
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], key
        served = {"comm", "ipywidgets", "jupyterlab-widgets", "widgetsnbextension", "ipykernel", "pyodide-kernel"}
        assert set(entry["depends"]) <= set(packages) | served, (key, entry["depends"])
    assert packages["networkx"]["depends"] == []                  # Pyodide's own entry pulls numpy and matplotlib
    assert "ipython-pygments-lexers" in packages["ipython"]["depends"]     # IPython 9's, missing from Pyodide's
    original = json.loads((ROOT / "tools" / "pyodide" / "node_modules" / "pyodide" / "pyodide-lock.json")
                          .read_text(encoding="utf-8"))["packages"]
    assert packages["ipython"]["version"] == original["ipython"]["version"]  # the versions Pyodide was tested with


def test_the_site_s_kernels_answer_comm_info_requests(site):
    """The widgets' manager asks the kernel which widgets it holds (comm_info_request) before it draws
    the state saved in a notebook; JupyterLite 0.8.6's kernel base passed that request nowhere, so no
    answer came and every saved widget said "Loading widget..." (the browser test below)."""
    bases = [p for p in (site / "build").glob("*.js") if 'case"history_request"' in p.read_text(encoding="utf-8")]
    assert len(bases) == 1, bases
    js = bases[0].read_text(encoding="utf-8")
    assert js.count('case"comm_info_request":await this._commInfoReply(') == 1
    assert 'msgType:"comm_info_reply"' in js and "this.commInfoRequest(" in js
    # and before the kernel has handled a message (Python loading): no widget open, at once
    assert js.count("._commInfoBeforeStart(") == 1 and js.count("this._handledOne=!0,this._busy(") == 1


def test_a_rebuilt_site_keeps_its_own_browser_storage(site, tmp_path):
    from condottiere_nb import __version__
    spec = importlib.util.spec_from_file_location("build_lite", ROOT / "tools" / "build_lite.py")
    build_lite = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_lite)
    config = config_of(site)
    names = [config[f"{kind}StorageName"] for kind in ("contents", "settings", "workspaces")]
    assert len(set(names)) == 3, names
    # named after the package's version and a fingerprint of what the site serves
    assert names[0] == f"condottiere-{__version__}-{build_lite.build_id(site / 'files')}-contents", names
    (tmp_path / "00_start_here.ipynb").write_text("{}", encoding="utf-8")
    first = build_lite.build_id(tmp_path)
    assert build_lite.build_id(tmp_path) == first          # the same workshop again: attendees keep their work
    (tmp_path / "00_start_here.ipynb").write_text('{"cells": []}', encoding="utf-8")
    assert build_lite.build_id(tmp_path) != first          # a changed notebook: a new storage, the new notebook


def test_every_page_carries_the_no_python_script(site, cdn_site):
    for page in ("lab/index.html", "notebooks/index.html", "tree/index.html", "index.html"):
        depth = page.count("/")
        assert f'<script src="{"../" * depth}condottiere-no-python.js"></script>' in \
            (site / page).read_text(encoding="utf-8"), page
    assert '"./static/pyodide/pyodide.mjs"' in (site / "condottiere-no-python.js").read_text(encoding="utf-8")
    assert "https://cdn.jsdelivr.net/pyodide/v314.0.6/full/pyodide.mjs" in \
        (cdn_site / "condottiere-no-python.js").read_text(encoding="utf-8")
    assert not kernel_settings(cdn_site).get("disablePyPIFallback")
    # a CDN site's browsers get numpy and matplotlib from the CDN: its lab just installs them
    lab = json.loads((cdn_site / "files" / "30_simulation_lab.ipynb").read_text(encoding="utf-8"))
    assert lab["cells"][0]["source"] == "%pip install -q condottiere_nb ipywidgets fsrs numpy matplotlib"


# -- in a browser, the network cut ---------------------------------------------------------------

def serve(site):
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    cmd = [sys.executable, str(ROOT / "tools" / "serve_room.py"), "--site", str(site), "--bind", "127.0.0.1",
           "--port", str(port)]
    return url, server(cmd, f"{url}/lab/index.html", site.parent / "http.log", site.parent, None)


def cut_network(context, origin: str) -> list[str]:
    """Abort every request of ``context`` that is not for ``origin`` (or data the page holds); the
    list of what was aborted.  Playwright runs the handler while the test waits on the page."""
    blocked: list[str] = []

    def handle(route):
        url = route.request.url
        if url.startswith((origin + "/", "data:", "blob:")):
            route.continue_()
        else:
            blocked.append(url)
            route.abort("internetdisconnected")

    context.route("**/*", handle)
    return blocked


def output_of(page, fragment: str) -> str:
    # JupyterLab draws only the cells near the view: scroll the notebook from its top (Run All leaves
    # the view at its last cell) until the cell is drawn
    page.evaluate("""() => { const panel = '.jp-NotebookPanel:not(.lm-mod-hidden) ';
        const e = document.querySelector(panel + '.jp-WindowedPanel-outer') || document.querySelector(panel + '.jp-Notebook');
        if (e) e.scrollTop = 0; }""")
    page.hover(".jp-NotebookPanel-notebook")
    for _ in range(80):
        if page.eval_on_selector_all(".jp-CodeCell .cm-content", "(cs, f) => cs.some(c => c.innerText.includes(f))",
                                     fragment):
            break
        page.mouse.wheel(0, 700)
        page.wait_for_timeout(150)
    texts = page.eval_on_selector_all(
        ".jp-CodeCell",
        """(cells, fragment) => cells
            .filter(c => c.querySelector('.cm-content').innerText.includes(fragment))
            .map(c => [...c.querySelectorAll('.jp-OutputArea-output')].map(o => o.innerText).join('\\n'))""",
        fragment)
    assert texts, f"no code cell contains {fragment!r}"
    return texts[0]


@pytest.mark.browser
def test_the_offline_site_runs_the_tour_with_the_network_cut(site):
    require_browser()
    url, running = serve(site)
    with running, chromium() as b:
        context = b.new_context(viewport=VIEWPORT)
        blocked, away = cut_network(context, url), keep_local(context)
        page = context.new_page()
        page.goto(f"{url}/lab/index.html?path={TOUR}")
        page.wait_for_selector(".jp-NotebookPanel .jp-CodeCell .cm-content", timeout=120_000)
        # (the editor's text comes a moment after the editor)
        page.wait_for_function("() => document.querySelector('.jp-CodeCell .cm-content').innerText"
                               ".includes('%pip install -q condottiere_nb ipywidgets')", timeout=30_000)
        started = time.monotonic()
        page.click(".lm-MenuBar-itemLabel:text-is('Run')")
        page.click(".lm-Menu-itemLabel:text-is('Run All Cells')")
        try:
            page.wait_for_function(
                """() => {
                    for (const e of document.querySelectorAll(
                        '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'))
                        if (/Error|Traceback/.test(e.innerText)) return true;
                    const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')];
                    return prompts.length > 0 && prompts.every(p => /^\\[\\d+\\]:$/.test(p.textContent.trim()));
                }""", timeout=RUN_TIMEOUT * 1000)
        except Exception:
            screenshot(page, "lite-offline-timeout.png")
            prompts = page.eval_on_selector_all(".jp-CodeCell .jp-InputArea-prompt", "ps => ps.map(p => p.textContent)")
            raise AssertionError(f"the tour did not run offline in {RUN_TIMEOUT} s: prompts {prompts}; blocked "
                                 f"{blocked[:5]} (see artifacts/lite-offline-timeout.png)")
        ran = time.monotonic() - started
        errors = page.eval_on_selector_all(
            '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]',
            "es => es.map(e => e.innerText).filter(t => /Error|Traceback/.test(t))")
        assert not errors, "\n".join(errors)[-3000:]
        # a battle explained step by step, and the BattleBuilder live (connected to the browser's Python)
        explained = output_of(page, "print(r.explain())")
        assert "Winter" in explained and "Cy" in explained and len(explained.splitlines()) >= 4, explained
        builder = page.locator(".cnb-builder:not(.jupyter-widgets-disconnected)").first
        builder.wait_for(state="visible", timeout=60_000)
        builder.locator("button.cnb-card-10").first.click()
        page.wait_for_function("e => e.innerText.includes('10')", arg=builder.locator(".cnb-battle").first
                               .element_handle(), timeout=30_000)
        assert page.locator("#cnb-no-python").count() == 0
        screenshot(page, "lite-offline-tour.png")
        print(f"the offline site started Python and ran the tour in {ran:.0f} s")
    assert not blocked and not away, (blocked[:5], away[:5])


#: a notebook's outputs: how many widgets wait for their state, how many are drawn, and whether its first
#: cell (the site's install line: the built notebook's own cells keep the counts they were built with) ran
SAVED = """() => {
    const outputs = [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output')];
    const prompts = [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-InputArea-prompt')];
    return {loading: outputs.filter(o => o.innerText.trim().startsWith('Loading widget')).length,
            drawn: outputs.filter(o => o.querySelector('.cnb-view')).length,
            installed: prompts.length > 0 && /\\d/.test(prompts[0].textContent)};    // the install cell ran
}"""


@pytest.mark.browser
@pytest.mark.parametrize("notebook, view", [(TOUR, ".cnb-builder"), ("06_play_against_bots.ipynb", ".cnb-explorer")])
def test_the_offline_site_draws_the_saved_widgets_before_any_cell_runs(site, notebook, view):
    """Opened, not run: the widgets are drawn from the state saved in the notebook (the builder of the
    tour, the game against the bots), none says "Loading widget...", and no cell has run (the CDN
    site's test below draws them where Python never starts)."""
    require_browser()
    url, running = serve(site)
    with running, chromium() as b:
        context = b.new_context(viewport=VIEWPORT)
        blocked, away = cut_network(context, url), keep_local(context)
        page = context.new_page()
        opened = time.monotonic()
        page.goto(f"{url}/lab/index.html?path={notebook}")
        page.wait_for_selector(".jp-NotebookPanel .jp-CodeCell .cm-content", timeout=120_000)
        try:
            page.wait_for_function(f"() => ({SAVED})().drawn > 0 && ({SAVED})().loading === 0",
                                   timeout=RUN_TIMEOUT * 1000)
            print(f"{notebook}: its saved widgets drawn {time.monotonic() - opened:.0f} s after it was opened")
        except Exception:
            screenshot(page, f"lite-saved-{notebook[:2]}-timeout.png")
            raise AssertionError(f"the saved widgets of {notebook} were not drawn: {page.evaluate(SAVED)} "
                                 f"(see artifacts/lite-saved-{notebook[:2]}-timeout.png)")
        shown = page.evaluate(SAVED)
        assert shown["installed"] is False and shown["loading"] == 0, shown
        drawn = page.locator(f".jp-OutputArea-output {view}").first
        drawn.scroll_into_view_if_needed()
        assert drawn.is_visible() and drawn.bounding_box()["height"] > 40, drawn.bounding_box()
        screenshot(page, f"lite-saved-{notebook[:2]}.png")
    assert not blocked and not away, (blocked[:5], away[:5])


@pytest.mark.browser
def test_without_internet_a_cdn_site_says_python_could_not_start(cdn_site):
    require_browser()
    from condottiere_nb.workshop import no_python_messages
    messages = no_python_messages("cdn.jsdelivr.net")
    url, running = serve(cdn_site)
    with running, chromium() as b:
        for lang, locale in [("en", "en-US"), ("vi", "vi-VN"), ("es", "es-ES"), ("zh", "zh-TW"), ("fa", "fa-IR")]:
            context = b.new_context(viewport=VIEWPORT, locale=locale)
            blocked = cut_network(context, url)
            page = context.new_page()
            opened = time.monotonic()
            page.goto(f"{url}/lab/index.html?path={TOUR}")
            alert = page.locator("#cnb-no-python")
            alert.wait_for(state="visible", timeout=20_000)
            assert time.monotonic() - opened < 20
            assert alert.get_attribute("role") == "alert" and alert.get_attribute("lang") == lang
            assert alert.locator(".cnb-no-python-title").inner_text() == messages[lang]["title"]
            assert alert.locator(".cnb-no-python-advice").inner_text() == messages[lang]["advice"]
            assert alert.get_attribute("dir") == ("rtl" if lang == "fa" else "ltr")
            if lang == "en":
                # Python never starts, yet the tour's saved widgets are drawn: the kernel answers the
                # widgets' "which widgets do you hold?" at once while it has handled no message
                page.wait_for_function(f"() => ({SAVED})().drawn > 0 && ({SAVED})().loading === 0", timeout=60_000)
                # and the status bar does not say Python is idle: it is starting
                status = page.locator("#jp-main-statusbar").inner_text()
                assert "Starting" in status and "Idle" not in status, status
            if lang in ("en", "fa"):
                screenshot(page, f"lite-no-python-{lang}.png")
            assert blocked and all(u.startswith("https://cdn.jsdelivr.net/pyodide/") for u in blocked), blocked[:5]
            context.close()
