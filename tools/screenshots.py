"""Screenshots of the first screen, the game against the bots and the app mode, at a phone's width
(360 px) and a laptop's (1280 px), into docs/screenshots/ (issue 33).

    python tools/screenshots.py            # all six (about two minutes)

It starts JupyterLab as the browser tests do (Binder's settings, a copy of notebooks/, on
127.0.0.1) and Voilà for the app (tests/test_voila.py's way), drives Debian's Chromium with
Playwright, and writes small PNGs (256 colours).  What each shows:

* ``00_start_here-<w>.png``: the tour as it opens, before anything is run (widgets from their saved
  state);
* ``06_play_against_bots-<w>.png``: the game after Run All, scrolled to the table;
* ``90_battle_app-<w>.png``: the battle app in Voilà (code hidden), after a few cards are played.
"""
from __future__ import annotations

import io
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from servers import (binder_prefix, chromium, free_port, kernel_env, keep_local, lab_command,  # noqa: E402
                     server)
from test_browser import Lab, live, open_notebook, run_all_cells, to_top  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
WIDTHS = (360, 1280)
HEIGHT = {360: 740, 1280: 800}


def save(page, name: str) -> Path:
    """The window as a 256-colour PNG (a few tens of kilobytes)."""
    from PIL import Image
    image = Image.open(io.BytesIO(page.screenshot(full_page=False))).convert("RGB")
    path = OUT / name
    image.quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)
    print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KB")
    return path


def narrow(page, width: int) -> None:
    """The window ``width`` pixels wide; at a phone's width the file browser's panel is closed."""
    if width < 700 and page.locator("#filebrowser").is_visible():
        page.keyboard.press("Control+b")
        page.locator("#filebrowser").wait_for(state="hidden")
    page.set_viewport_size({"width": width, "height": HEIGHT[width]})
    page.wait_for_timeout(800)


def lab_shots(browser, lab: Lab) -> None:
    for width in WIDTHS:
        context = browser.new_context(viewport={"width": 1280, "height": HEIGHT[1280]})
        keep_local(context)
        page = context.new_page()
        open_notebook(page, lab, "00_start_here.ipynb")
        narrow(page, width)
        save(page, f"00_start_here-{width}.png")
        context.close()
    context = browser.new_context(viewport={"width": 1280, "height": HEIGHT[1280]})
    keep_local(context)
    page = context.new_page()
    page.set_default_timeout(60_000)
    open_notebook(page, lab, "06_play_against_bots.ipynb")
    run_all_cells(page)
    explorer = live(page, ".cnb-explorer")
    # a move and the bots' answer, so that the table shows a battle under way
    explorer.locator("button.cnb-map-region-Firenze").click()
    page.wait_for_function("e => e.innerText.includes('battle for Firenze')",
                           arg=explorer.locator(".cnb-game-status").first.element_handle())
    explorer.locator(".cnb-game-pass").first.click()
    explorer.locator(".cnb-bots-run").first.click()
    page.wait_for_function("e => e.innerText.includes('Battle 1 for Firenze')",
                           arg=explorer.locator(".cnb-game-battle").first.element_handle())
    for width in reversed(WIDTHS):
        narrow(page, width)
        to_top(page, explorer.locator(".cnb-game-battle").first if width == 360 else explorer, margin=10)
        save(page, f"06_play_against_bots-{width}.png")
    context.close()


def voila_shots(browser, base: Path) -> None:
    app = "90_battle_app.ipynb"
    shutil.copy(ROOT / "notebooks" / app, base / app)
    prefix = binder_prefix(base / "voila")
    config = base / "voila" / "config"
    config.mkdir(parents=True)
    shutil.copy(prefix / "etc" / "jupyter" / "jupyter_server_config.py", config / "voila.py")
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    cmd = [sys.executable, "-m", "voila", str(base / app), "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", "--Voila.port_retries=0", "--template=condottiere"]
    env = kernel_env(base / "voila")
    env["JUPYTER_PATH"] = str(prefix / "share" / "jupyter")
    env["JUPYTER_CONFIG_PATH"] = str(config)
    with server(cmd, url, base / "voila.log", base, env, timeout=180):
        for width in WIDTHS:
            context = browser.new_context(viewport={"width": width, "height": HEIGHT[width]})
            keep_local(context)
            page = context.new_page()
            page.goto(url)
            builder = page.locator(".cnb-builder").first
            builder.wait_for(state="visible", timeout=120_000)
            battle = builder.locator(".cnb-battle").first
            for kind in ("10", "winter", "drummer"):
                builder.locator(f"button.cnb-card-{kind}").click()
                page.wait_for_timeout(300)
            page.wait_for_function("e => e.innerText.includes('Drummer')", arg=battle.element_handle())
            save(page, f"90_battle_app-{width}.png")
            context.close()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        root = base / "notebooks"
        shutil.copytree(ROOT / "notebooks", root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        port, token = free_port(), "condottiere-screenshots"
        url = f"http://127.0.0.1:{port}"
        with chromium() as browser:
            with server(lab_command(base, root, port, token), f"{url}/api/status?token={token}",
                        base / "jupyterlab.log", root, kernel_env(base)):
                lab_shots(browser, Lab(url, token, root))
            voila_shots(browser, base)


if __name__ == "__main__":
    main()
