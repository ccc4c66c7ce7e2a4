"""The workshop as the README runs it: JupyterLab from its launch command, the app page at the
README's address, and a laptop serving a room (tools/serve_room.py).

* JupyterLab starts as the README's command starts it (``python tools/workshop.py``, run from a
  copy of the repository's tools/, binder/ and notebooks/, its settings installed into a
  temporary prefix instead of this Python's): the tour opens with no news pop-up and its widgets
  drawn from their saved state before anything runs, and the app page at the README's own
  address opens the BattleBuilder without asking any other machine.
* tools/serve_room.py serves a JupyterLite site and Voilà on 127.0.0.1; two browser sessions (two
  Playwright contexts, as two attendees) use each, and neither sees what the other did.

Headless Chromium, skipped locally without it, required in CI (CONDOTTIERE_REQUIRE_BROWSER=1).
"""
from __future__ import annotations

import importlib.util
import re
import shutil
import socket
import sys

import pytest

from servers import (ROOT, chromium, free_port, keep_local, kernel_env, lite_site, require_browser, screenshot,
                     server)

pytestmark = pytest.mark.browser

README = (ROOT / "README.md").read_text(encoding="utf-8")
VIEWPORT = {"width": 1366, "height": 768}
TOKEN = "condottiere-workshop-test"


def readme_app_address() -> str:
    """The app page's address on one's own JupyterLab, as the README writes it."""
    found = re.findall(r"`(/voila/render/[^`]+)`", README)
    assert found and len(set(found)) == 1, found
    return found[0]


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    require_browser()
    pytest.importorskip("voila")
    base = tmp_path_factory.mktemp("workshop")
    repo = base / "repo"
    for part in ("tools", "binder", "notebooks"):
        shutil.copytree(ROOT / part, repo / part, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "node_modules"))
    prefix = base / "prefix"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = kernel_env(base)              # JUPYTER_DATA_DIR: the user whose notebooks are trusted
    # what this Python's prefix would give JupyterLab and Voilà: their settings, the template
    env["JUPYTER_PATH"] = str(prefix / "share" / "jupyter")
    env["JUPYTER_CONFIG_PATH"] = str(prefix / "etc" / "jupyter")
    cmd = [sys.executable, str(repo / "tools" / "workshop.py"), f"--prefix={prefix}",
           "--no-browser", "--allow-root", "--ip=127.0.0.1", f"--port={port}", "--ServerApp.port_retries=0",
           f"--IdentityProvider.token={TOKEN}",
           f"--LabApp.app_settings_dir={prefix / 'share' / 'jupyter' / 'lab' / 'settings'}",
           f"--LabApp.user_settings_dir={base / 'settings'}", f"--LabApp.workspaces_dir={base / 'workspaces'}"]
    with server(cmd, f"{url}/api/status?token={TOKEN}", base / "jupyterlab.log", base, env):
        yield url


def test_the_tour_is_ready_on_first_open(lab):
    with chromium() as b:
        context = b.new_context(viewport=VIEWPORT)
        away = keep_local(context)
        page = context.new_page()
        page.goto(f"{lab}/lab/tree/00_start_here.ipynb?token={TOKEN}&reset")
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=120_000)
        # the BattleBuilder drawn from the notebook's saved widget state, no cell run
        builder = page.locator(".cnb-builder").first
        builder.wait_for(state="attached", timeout=60_000)
        assert builder.locator("button.cnb-card-10").count() == 1
        assert "BattleBuilder(" not in page.locator(".jp-OutputArea").last.inner_text()
        prompts = page.eval_on_selector_all(".jp-CodeCell .jp-InputArea-prompt", "ps => ps.map(p => p.textContent)")
        assert not any(re.match(r"\[\*\]", p.strip()) for p in prompts), prompts
        page.wait_for_timeout(3000)          # the news question would come a moment after the page
        assert "official Jupyter news" not in page.locator("body").inner_text()
        assert page.locator(".jp-toast-message, .Toastify__toast").count() == 0
        screenshot(page, "workshop-first-open.png")
        context.close()
    assert away == [], away[:5]


def test_the_readme_app_address_opens_the_app_asking_no_other_machine(lab):
    with chromium() as b:
        context = b.new_context(viewport=VIEWPORT)
        away = keep_local(context)
        page = context.new_page()
        response = page.goto(f"{lab}{readme_app_address()}?token={TOKEN}", timeout=180_000)
        assert response.status == 200, response.status
        builder = page.locator(".cnb-builder").first
        builder.wait_for(state="visible", timeout=120_000)
        builder.locator("button.cnb-card-10").click()
        page.wait_for_function("e => e.innerText.includes('10')", arg=builder.locator(".cnb-battle").first
                               .element_handle(), timeout=30_000)
        screenshot(page, "workshop-app-mode.png")
        context.close()
    assert away == [], f"the app page asked other machines: {away[:5]}"


# -- a laptop for a room ---------------------------------------------------------------------------

def free_pair() -> int:
    """A free port whose next port is free too (serve_room.py puts Voilà on the next one)."""
    while True:
        port = free_port()
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port + 1))
                return port
            except OSError:
                continue


@pytest.fixture(scope="module")
def room(tmp_path_factory):
    """tools/serve_room.py --voila on 127.0.0.1, serving a site built with --cdn (its Python is not
    needed here: the attendees' state is the point) and Voilà."""
    require_browser()
    pytest.importorskip("voila")
    if importlib.util.find_spec("jupyterlite_core") is None:
        pytest.skip("JupyterLite is not installed (see tests/test_lite.py)")
    base = tmp_path_factory.mktemp("room")
    site = lite_site(tmp_path_factory, "--cdn")
    port = free_pair()
    voila_port = port + 1
    cmd = [sys.executable, str(ROOT / "tools" / "serve_room.py"), "--site", str(site), "--bind", "127.0.0.1",
           f"--port={port}", "--voila"]
    with server(cmd, f"http://127.0.0.1:{port}/lab/index.html", base / "room.log", base, kernel_env(base)):
        yield f"http://127.0.0.1:{port}", f"http://127.0.0.1:{voila_port}", base / "room.log"


def test_two_attendees_of_the_site_keep_their_own_files(room):
    site, _, log = room
    with chromium() as b:
        one, two = b.new_context(viewport=VIEWPORT), b.new_context(viewport=VIEWPORT)
        pages = [c.new_page() for c in (one, two)]
        for page in pages:
            page.goto(f"{site}/lab/index.html")
            page.wait_for_selector(".jp-DirListing-item:has-text('00_start_here.ipynb')", timeout=120_000)
        # the first attendee makes a folder; it is in their browser's storage only
        pages[0].click("jp-button[data-command='filebrowser:create-new-directory']")
        pages[0].wait_for_selector(".jp-DirListing-editor", timeout=30_000)
        pages[0].keyboard.press("Enter")                 # the name it offers
        pages[0].wait_for_selector(".jp-DirListing-item:has-text('Untitled Folder')", timeout=30_000)
        pages[1].reload()
        pages[1].wait_for_selector(".jp-DirListing-item:has-text('00_start_here.ipynb')", timeout=120_000)
        assert pages[1].locator(".jp-DirListing-item:has-text('Untitled Folder')").count() == 0
        one.close(), two.close()
    assert "127.0.0.1" in log.read_text(encoding="utf-8")            # the requests went to the laptop


def test_two_attendees_of_the_app_each_have_their_own_battle(room):
    _, voila, _ = room
    with chromium() as b:
        one, two = b.new_context(viewport=VIEWPORT), b.new_context(viewport=VIEWPORT)
        pages = [c.new_page() for c in (one, two)]
        battles = []
        for page in pages:
            page.goto(voila, timeout=180_000)
            builder = page.locator(".cnb-builder").first
            builder.wait_for(state="visible", timeout=120_000)
            battles.append(builder)
        before = battles[1].locator(".cnb-battle").first.inner_text()
        for kind in ("10", "winter"):
            battles[0].locator(f"button.cnb-card-{kind}").click()
        pages[0].wait_for_function("e => e.innerText.includes('Winter')",
                                   arg=battles[0].locator(".cnb-battle").first.element_handle(), timeout=30_000)
        pages[1].wait_for_timeout(1000)
        assert battles[1].locator(".cnb-battle").first.inner_text() == before      # a kernel per page
        assert "Winter" not in before
        one.close(), two.close()
