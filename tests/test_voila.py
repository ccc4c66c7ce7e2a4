"""Voilà serves the battle app (notebooks/90_battle_app.ipynb) as a page without code.

A workshop leader can hand out the app instead of a notebook: Voilà runs the notebook and
shows only its prose and widgets.  On Binder the same page is at
``/voila/render/notebooks/90_battle_app.ipynb`` (the server extension is installed with voila),
with the template and settings binder/postBuild installs; here Voilà runs on its own with the
same ones (binder/postBuild into a temporary prefix).  The first test asks the page over HTTP;
the second opens it in headless Chromium at 1366 x 768, clicks cards into the BattleBuilder,
resolves, and checks that the page asked nothing of any other machine (skipped locally without
Chromium, required in CI).
"""
from __future__ import annotations

import re
import shutil
import sys
import urllib.request

import pytest

from servers import (ROOT, binder_prefix, chromium, click_to_paint_ms, free_port, in_viewport, keep_local,
                     kernel_env, overflowing, require_browser, screenshot, server)

APP = "90_battle_app.ipynb"


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    pytest.importorskip("voila")          # the test extra; the engine's own test run has none
    base = tmp_path_factory.mktemp("voila")
    shutil.copy(ROOT / "notebooks" / APP, base / APP)
    prefix = binder_prefix(base)
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    # Voilà on its own reads its settings from voila.py in Jupyter's config directories (it has no
    # --config): the workshop's server settings, the kernel's messages sent without delay among them.
    config = base / "config"
    config.mkdir()
    shutil.copy(prefix / "etc" / "jupyter" / "jupyter_server_config.py", config / "voila.py")
    cmd = [sys.executable, "-m", "voila", str(base / APP), "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", "--Voila.port_retries=0", "--template=condottiere", "--debug"]
    env = kernel_env(base)
    env["JUPYTER_PATH"] = str(prefix / "share" / "jupyter")       # where binder/postBuild put the template
    env["JUPYTER_CONFIG_PATH"] = str(config)
    # Voilà answers only once it has run the notebook: the ready check already renders the page.
    with server(cmd, url, base / "voila.log", base, env):
        log = (base / "voila.log").read_text(encoding="utf-8", errors="replace")
        assert f"Loaded config file: {config / 'voila.py'}" in log, log[-2000:]
        yield url


def test_voila_serves_the_battle_app_without_code(voila):
    with urllib.request.urlopen(voila, timeout=120) as r:
        assert r.status == 200
        page = r.read().decode("utf-8")
    assert "Condottiere: build a battle" in page          # the prose is shown
    assert "application/vnd.jupyter.widget-view+json" in page and "cnb-player-count" in page   # the widget
    assert "from condottiere_nb.views import" not in page  # the code is not
    assert not re.search(r'"ename"|Traceback', page), "a cell raised while Voilà ran the app"
    assert "fontawesome" not in page, "the page links Font Awesome from a CDN"


@pytest.mark.browser
def test_voila_app_works_in_a_browser_and_asks_no_other_machine(voila):
    require_browser()
    with chromium() as b:
        context = b.new_context(viewport={"width": 1366, "height": 768})
        away = keep_local(context)
        page = context.new_page()
        page.goto(voila)
        builder = page.locator(".cnb-builder").first
        builder.wait_for(state="visible", timeout=120_000)
        battle = builder.locator(".cnb-battle").first
        ms = click_to_paint_ms(page, builder.locator("button.cnb-card-10"), battle)
        assert "Ana" in battle.inner_text() and "10" in battle.inner_text() and ms < 1500, ms
        for kind in ("winter", "heroine"):
            builder.locator(f"button.cnb-card-{kind}").click()
        page.wait_for_function("e => e.innerText.includes('Heroine')", arg=battle.element_handle(), timeout=30_000)
        resolve = builder.locator(".cnb-resolve")
        resolve.scroll_into_view_if_needed()
        resolve.click()
        panel = builder.locator(".cnb-step-panel").first
        panel.wait_for(state="visible")
        page.wait_for_timeout(300)
        # the stepper opens where the lines were, beside them, inside the window
        assert in_viewport(page, panel), panel.bounding_box()
        assert overflowing(page, builder) == []
        screenshot(page, "voila-battle-app.png")
        assert away == [], f"the page asked other machines: {away[:5]}"
