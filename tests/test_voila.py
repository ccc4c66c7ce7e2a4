"""Voilà serves the battle app (notebooks/90_battle_app.ipynb) as a page without code.

A workshop leader can hand out the app instead of a notebook: Voilà runs the notebook and
shows only its prose and widgets.  On Binder the same page is at
``/voila/render/notebooks/90_battle_app.ipynb`` (the server extension is installed with voila).
The first test asks the page over HTTP; the second opens it in headless Chromium and clicks a
card into the BattleBuilder (skipped locally without Chromium, required in CI).
"""
from __future__ import annotations

import re
import shutil
import sys
import urllib.request

import pytest

from servers import ROOT, chromium, free_port, kernel_env, require_browser, screenshot, server

APP = "90_battle_app.ipynb"


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    pytest.importorskip("voila")          # the test extra; the engine's own test run has none
    base = tmp_path_factory.mktemp("voila")
    shutil.copy(ROOT / "notebooks" / APP, base / APP)
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    cmd = [sys.executable, "-m", "voila", str(base / APP), "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", "--Voila.port_retries=0"]
    # Voilà answers only once it has run the notebook: the ready check already renders the page.
    with server(cmd, url, base / "voila.log", base, kernel_env(base)):
        yield url


def test_voila_serves_the_battle_app_without_code(voila):
    with urllib.request.urlopen(voila, timeout=120) as r:
        assert r.status == 200
        page = r.read().decode("utf-8")
    assert "Condottiere: build a battle" in page          # the prose is shown
    assert "application/vnd.jupyter.widget-view+json" in page and "cnb-player-count" in page   # the widget
    assert "from condottiere_nb.views import" not in page  # the code is not
    assert not re.search(r'"ename"|Traceback', page), "a cell raised while Voilà ran the app"


@pytest.mark.browser
def test_voila_app_works_in_a_browser(voila):
    require_browser()
    with chromium() as b:
        page = b.new_context(viewport={"width": 1300, "height": 900}).new_page()
        page.goto(voila)
        builder = page.locator(".cnb-builder").first
        builder.wait_for(state="visible", timeout=120_000)
        builder.locator(".cnb-card-10").click()
        battle = builder.locator(".cnb-battle").first
        page.wait_for_function("e => e.innerText.includes('= 10')", arg=battle.element_handle(), timeout=30_000)
        assert "Ana" in battle.inner_text()
        assert screenshot(page, "voila-battle-app.png").stat().st_size > 10_000
