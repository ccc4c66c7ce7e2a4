"""A real browser: JupyterLab in headless Chromium runs the tour notebook like a learner would.

The test starts JupyterLab on a free loopback port over a temporary copy of notebooks/,
opens the tour, runs every cell from the Run menu and reads what the page shows.  It needs
Debian's Chromium at /usr/bin/chromium (Playwright drives it; Playwright never downloads a
browser here).  Without it the test is skipped locally - install it with
``apt-get install chromium`` - and fails in CI, where .ci/run sets CONDOTTIERE_REQUIRE_BROWSER=1.
A screenshot of each page is saved under artifacts/ (not committed).
"""
from __future__ import annotations

import json
import re
import shutil
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from servers import (ROOT, START_TIMEOUT, chromium, free_port, kernel_env, require_browser, screenshot,
                     server)

pytestmark = pytest.mark.browser

TOUR = "00_start_here.ipynb"
RUN_TIMEOUT = 90


def _write_settings(settings: Path) -> None:
    """JupyterLab settings for a quiet, fully rendered page."""
    overrides = {
        # every cell stays in the page (no virtual scrolling), so selectors find them all
        "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
        # no news or update pop-ups over the notebook (and no network)
        "@jupyterlab/apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
    }
    for plugin, values in overrides.items():
        path = settings / (plugin + ".jupyterlab-settings")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values), encoding="utf-8")


class Lab:
    def __init__(self, url: str, token: str, root: Path):
        self.url, self.token, self.root = url, token, root

    def notebook_url(self, name: str) -> str:
        return f"{self.url}/lab/tree/{name}?token={self.token}"


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    require_browser()
    base = tmp_path_factory.mktemp("lab")
    root = base / "notebooks"
    shutil.copytree(ROOT / "notebooks", root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    _write_settings(base / "settings")
    port, token = free_port(), "condottiere-browser-test"
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", "--ip=127.0.0.1",
           f"--port={port}", "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
           f"--ServerApp.root_dir={root}", f"--LabApp.user_settings_dir={base / 'settings'}",
           f"--LabApp.workspaces_dir={base / 'workspaces'}"]
    url = f"http://127.0.0.1:{port}"
    with server(cmd, f"{url}/api/status?token={token}", base / "jupyterlab.log", root, kernel_env(base)):
        yield Lab(url, token, root)


@pytest.fixture(scope="module")
def browser(lab):
    with chromium() as b:
        yield b


# -- driving JupyterLab ------------------------------------------------------------------

def open_notebook(page, lab: Lab, name: str) -> None:
    page.goto(lab.notebook_url(name))
    page.wait_for_selector(".jp-NotebookPanel .jp-Notebook .jp-Cell", timeout=START_TIMEOUT * 1000)
    wait_kernel_ready(page, lab, name)


def _session_idle(lab: Lab, name: str) -> bool:
    with urllib.request.urlopen(f"{lab.url}/api/sessions?token={lab.token}", timeout=5) as r:
        sessions = json.load(r)
    return any(s["path"].endswith(name) and s["kernel"]["execution_state"] == "idle" for s in sessions)


def wait_kernel_ready(page, lab: Lab, name: str, timeout: float = START_TIMEOUT) -> None:
    """Wait until the notebook's kernel has started and the page is connected to it.

    The page shows 'idle' before any kernel exists, so the server's session list is asked
    first; running cells earlier makes JupyterLab ask which kernel to start.
    """
    deadline = time.monotonic() + timeout
    while not _session_idle(lab, name):
        if time.monotonic() > deadline:
            raise AssertionError(f"no idle kernel for {name} after {timeout} s")
        time.sleep(0.5)
    page.wait_for_function(
        "() => (document.querySelector('#jp-main-statusbar') || {innerText: ''}).innerText.includes('| Idle')",
        timeout=timeout * 1000)
    wait_kernel_idle(page, timeout)


def wait_kernel_idle(page, timeout: float = START_TIMEOUT) -> None:
    page.wait_for_function(
        "() => { const e = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) "
        ".jp-Notebook-ExecutionIndicator'); return e && e.dataset.status === 'idle'; }",
        timeout=timeout * 1000)


def run_all_cells(page) -> None:
    """Run > Run All Cells, then wait until every code cell has run (or one failed)."""
    dialogs = page.locator(".jp-Dialog").all_inner_texts()
    assert not dialogs, f"a JupyterLab dialog is in the way: {dialogs}"
    page.click(".lm-MenuBar-itemLabel:text-is('Run')")
    page.click(".lm-Menu-itemLabel:text-is('Run All Cells')")
    try:
        _wait_all_run(page)
    except Exception:
        screenshot(page, "browser-run-all-timeout.png")
        prompts = page.eval_on_selector_all(".jp-CodeCell .jp-InputArea-prompt", "ps => ps.map(p => p.textContent)")
        raise AssertionError(f"the notebook did not finish running in {RUN_TIMEOUT} s; prompts: {prompts} "
                             "(see artifacts/browser-run-all-timeout.png)")
    wait_kernel_idle(page, RUN_TIMEOUT)
    errors = page.eval_on_selector_all(
        '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]',
        "es => es.map(e => e.innerText).filter(t => t.includes('Error'))")
    assert not errors, "a cell raised in the browser:\n" + "\n".join(errors)[-3000:]


def _wait_all_run(page) -> None:
    page.wait_for_function(
        """() => {
            const errors = document.querySelectorAll(
                '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]');
            for (const e of errors) { if (e.innerText.includes('Error')) return true; }
            const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')];
            return prompts.length > 0 && prompts.every(p => /^\\[\\d+\\]:$/.test(p.textContent.trim()));
        }""", timeout=RUN_TIMEOUT * 1000)


def output_of(page, source_fragment: str) -> str:
    """The text output of the first code cell whose source contains ``source_fragment``."""
    texts = page.eval_on_selector_all(
        ".jp-CodeCell",
        """(cells, fragment) => cells
            .filter(c => c.querySelector('.cm-content').innerText.includes(fragment))
            .map(c => [...c.querySelectorAll('.jp-OutputArea-output')].map(o => o.innerText).join('\\n'))""",
        source_fragment)
    assert texts, f"no code cell contains {source_fragment!r}"
    return texts[0]


# -- the tests ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def tour(lab, browser):
    """The tour notebook, open in JupyterLab with every cell run (shared by the tests below)."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    try:
        open_notebook(pg, lab, TOUR)
        run_all_cells(pg)
        yield pg
    finally:
        context.close()


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_tour_runs_in_jupyterlab_and_shows_the_first_battle(tour):
    shown = output_of(tour, "r.strengths, r.winner, r.token_holder")
    # the first battle of the tour: Winter, a Drummer under Winter, a Heroine
    assert squash(shown) == "({'Ana': 2, 'Ben': 1, 'Cy': 11}, 'Cy', 'Cy')", shown
    assert "season.winter" in output_of(tour, "print(r.explain())")
    assert screenshot(tour, "browser-tour.png").stat().st_size > 10_000


def click_and_wait(page, locator, watched, condition: str) -> None:
    """Click, then wait until ``condition`` (JS, given the watched element's text) holds."""
    locator.click()
    page.wait_for_function(f"e => {{ const t = e.innerText; return {condition}; }}",
                           arg=watched.element_handle(), timeout=30_000)


def test_battle_builder_clicks_resolve_and_steps(tour):
    page = tour
    builder = page.locator(".cnb-builder").first
    try:
        builder.wait_for(state="visible", timeout=60_000)
    except Exception:
        screenshot(page, "browser-no-builder.png")
        raise AssertionError("the BattleBuilder did not appear (see artifacts/browser-no-builder.png); "
                             f"its cell shows: {output_of(page, 'builder = BattleBuilder')[:500]!r}")
    builder.scroll_into_view_if_needed()
    # a class can be on the widget and on the HTML inside it: take the outer one
    battle = builder.locator(".cnb-battle").first
    # Ana lays a 10; the seat moves on to Ben, who lays a Winter; then Ana a Drummer.
    click_and_wait(page, builder.locator(".cnb-card-10"), battle, "t.includes('10')")
    click_and_wait(page, builder.locator(".cnb-card-winter"), battle, "t.includes('Winter')")
    click_and_wait(page, builder.locator(".cnb-card-drummer"), battle, "t.includes('Drummer')")
    assert squash(builder.locator(".cnb-card-10").inner_text()).startswith("10 ×7")   # one 10 is in play
    assert not squash(builder.locator(".cnb-message").first.inner_text()).lower().startswith("error")

    stepper = builder.locator(".cnb-stepper").first
    header = builder.locator(".cnb-step-header").first
    builder.locator(".cnb-resolve").click()
    stepper.wait_for(state="visible")
    page.wait_for_function("e => /Step 1 of \\d+/.test(e.innerText)", arg=header.element_handle())
    total = int(re.search(r"of (\d+)", header.inner_text()).group(1))
    # play x3, end, printed, Winter, Drummer, compare, token
    assert total == 9, header.inner_text()

    seen = {}
    strengths = builder.locator(".cnb-strengths").first
    for n in range(2, total + 1):
        shown = strengths.inner_text()
        click_and_wait(page, builder.locator(".cnb-next"), header, f"t.includes('Step {n} of')")
        # the strengths are a widget of their own, updated just after the header: wait for them too
        # (unless this step leaves them as they were)
        try:
            page.wait_for_function("([e, old]) => e.innerText !== old", arg=[strengths.element_handle(), shown],
                                   timeout=2_000)
        except Exception:
            pass
        seen[squash(header.inner_text())] = squash(strengths.inner_text())
    drummer = next(v for k, v in seen.items() if "Drummer" in k)
    winter = next(v for k, v in seen.items() if "Winter: every Mercenary counts 1" in k)
    # what a learner reads: Winter makes Ana's 10 a 1, the Drummer doubles it to 2
    assert "Ana 10 -> 1" in winter, winter
    assert "Ana 1 -> 2" in drummer, drummer
    last = seen[squash(header.inner_text())]
    assert "Ana 2 (wins)" in last and "Ben 0" in last, last
    builder.scroll_into_view_if_needed()
    assert screenshot(page, "browser-battle-builder.png").stat().st_size > 10_000
