"""Helpers for the tests that start a Jupyter server (JupyterLab, Voilà) and drive Chromium.

Servers listen on a free loopback port only, run in their own process group (so the kernels
they start are ended with them), and are waited for with generous timeouts: two cores are
shared with the rest of the test run.
"""
from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "artifacts"
CHROMIUM = "/usr/bin/chromium"
# Debian's Chromium, headless, with nothing that reaches the network on its own, and no host name
# resolved but this machine's: a page that asks another host fails at once (tests list such requests).
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1"]
START_TIMEOUT = 90


def require_browser() -> None:
    """Skip (locally) or fail (in CI, CONDOTTIERE_REQUIRE_BROWSER=1) when Chromium or Playwright is missing."""
    problem = None
    if not os.path.exists(CHROMIUM):
        problem = (f"no Chromium at {CHROMIUM}; install Debian's package to run the browser tests: "
                   "apt-get install chromium")
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            problem = "Playwright for Python is missing: python -m pip install -e '.[test]'"
    if problem:
        if os.environ.get("CONDOTTIERE_REQUIRE_BROWSER") == "1":
            pytest.fail(f"CONDOTTIERE_REQUIRE_BROWSER=1 but the browser test cannot run: {problem}")
        pytest.skip(problem)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def kernel_env(base: Path) -> dict:
    """The environment for a server whose kernels import the package from this working tree."""
    env = dict(os.environ)
    env.update(JUPYTER_RUNTIME_DIR=str(base / "runtime"), JUPYTER_DATA_DIR=str(base / "data"),
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")])))
    return env


@contextlib.contextmanager
def server(cmd: list[str], ready_url: str, log_path: Path, cwd: Path, env: dict, timeout: float = START_TIMEOUT):
    """Start ``cmd``; yield once ``ready_url`` answers 200; then stop the process group we started."""
    log = open(log_path, "w")
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"{cmd[2]} exited with {proc.returncode}: {log_path.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(ready_url, timeout=5) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"{cmd[2]} did not answer on {ready_url} within {timeout} s: "
                                   f"{log_path.read_text()[-2000:]}")
            time.sleep(0.5)
        yield proc
    finally:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=20)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
        log.close()


@contextlib.contextmanager
def chromium():
    """A headless Debian Chromium driven by Playwright (which never downloads a browser here)."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


def screenshot(page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    page.screenshot(path=str(path), full_page=False)
    return path


# -- JupyterLab as Binder sets it up ----------------------------------------------------------

def binder_prefix(base: Path) -> Path:
    """Run binder/postBuild into a fresh prefix under ``base`` (as Binder does into its Python's):
    the JupyterLab settings overrides, the Voila template and its server setting land there."""
    prefix = base / "prefix"
    # the notebooks are trusted in the data directory the servers of kernel_env(base) use
    env = dict(os.environ, NB_PYTHON_PREFIX=str(prefix), JUPYTER_DATA_DIR=str(base / "data"))
    subprocess.run(["bash", str(ROOT / "binder" / "postBuild")], env=env, check=True, timeout=60)
    return prefix


def lab_command(base: Path, root: Path, port: int, token: str) -> list[str]:
    """JupyterLab on ``root`` with Binder's settings (binder/postBuild into a temporary prefix) and a
    user setting that keeps every cell in the page, so selectors find them all."""
    import sys
    prefix = binder_prefix(base)
    user = base / "settings" / "@jupyterlab" / "notebook-extension"
    user.mkdir(parents=True, exist_ok=True)
    (user / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}', encoding="utf-8")
    return [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", "--ip=127.0.0.1",
            f"--port={port}", "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={root}", f"--LabApp.user_settings_dir={base / 'settings'}",
            f"--LabApp.app_settings_dir={prefix / 'share' / 'jupyter' / 'lab' / 'settings'}",
            f"--LabApp.workspaces_dir={base / 'workspaces'}",
            f"--config={prefix / 'etc' / 'jupyter' / 'jupyter_server_config.py'}"]


# -- what a person sees ---------------------------------------------------------------------------

#: Click ``button`` and time until ``watched`` shows a change and the browser has painted it.
_CLICK_TO_PAINT = """
async ([button, watched]) => {
    const before = watched.innerHTML;
    return await new Promise((resolve, reject) => {
        const timer = setTimeout(() => { observer.disconnect(); reject(new Error('no change within 30 s')); }, 30000);
        const observer = new MutationObserver(() => {
            if (watched.innerHTML === before) return;
            observer.disconnect();
            clearTimeout(timer);
            // the next animation frame paints the change; a task queued from it runs after that paint
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
        });
        observer.observe(watched, {subtree: true, childList: true, characterData: true, attributes: true});
        const start = performance.now();
        button.click();
    });
}
"""


def click_to_paint_ms(page, button, watched) -> float:
    """Milliseconds from a click on ``button`` to the first painted frame where ``watched`` changed
    (both Playwright locators).  The click is the DOM click a mouse makes; the change is read with a
    MutationObserver, and the time is taken in a task queued from the next animation frame, which
    runs once the browser has painted that frame."""
    return page.evaluate(_CLICK_TO_PAINT, [button.element_handle(), watched.element_handle()])


#: Elements inside ``root`` wider than the page or sticking out of its right edge.
_OVERFLOW = """
([root, width]) => {
    const out = [];
    for (const e of [root, ...root.querySelectorAll('*')]) {
        const r = e.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (r.right > width + 1) out.push(`${e.tagName.toLowerCase()}.${[...e.classList].join('.')} right=${Math.round(r.right)}`);
    }
    const areas = [...root.querySelectorAll('.jp-OutputArea-output')].filter(a => a.scrollWidth > a.clientWidth + 1);
    for (const a of areas) out.push(`an output area scrolls sideways (${a.scrollWidth} > ${a.clientWidth})`);
    return out.slice(0, 10);
}
"""


def overflowing(page, root) -> list[str]:
    """What sticks out past the window's right edge inside ``root`` (a locator), or makes an output
    area scroll sideways: [] when everything fits."""
    width = page.viewport_size["width"]
    return page.evaluate(_OVERFLOW, [root.element_handle(), width])


def in_viewport(page, locator) -> bool:
    """Is the element wholly inside the window, without scrolling?"""
    box = locator.bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["x"] >= 0 and \
        box["y"] + box["height"] <= size["height"] + 1 and box["x"] + box["width"] <= size["width"] + 1


#: The region shapes in the SVG of a map <img>.
_MAP_SHAPES = """
img => {
    const src = img.getAttribute('src');
    const svg = decodeURIComponent(src.slice(src.indexOf(',') + 1));
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    return [...doc.querySelectorAll('path.cnb-region')].map(p => p.getAttribute('data-region'));
}
"""


def map_regions(page, img) -> list[str]:
    """The regions drawn as shapes in a map image (read from the SVG of its data URI)."""
    return page.evaluate(_MAP_SHAPES, img.element_handle())


def is_local(url: str) -> bool:
    """A request that stays on this machine (the test servers, or data the page holds itself)."""
    return url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "http://localhost", "ws://localhost", "data:",
                           "blob:", "about:"))


def keep_local(context) -> list[str]:
    """List every request of ``context`` for another host.  The browser cannot reach one anyway
    (CHROMIUM_ARGS resolve no name but this machine's), so such a request fails at once and nothing
    leaves the machine; a test asserts the list is empty (or holds only what it expects).  A listener,
    not a route: the sync API runs route handlers only while the test calls Playwright, and a page
    left waiting on them would not load."""
    away: list[str] = []
    context.on("request", lambda r: None if is_local(r.url) else away.append(r.url))
    return away


# -- the JupyterLite site (tools/build_lite.py), built once a test session for each set of options -----

_SITES: dict = {}


def lite_site(tmp_path_factory, *options: str) -> Path:
    """The site tools/build_lite.py writes with ``options`` (tests/test_lite.py, tests/test_workshop.py
    share it: a build takes half a minute)."""
    import subprocess
    import sys
    if options not in _SITES:
        out = tmp_path_factory.mktemp("lite") / "site"
        done = subprocess.run([sys.executable, str(ROOT / "tools" / "build_lite.py"), "--output", str(out), *options],
                              capture_output=True, text=True, timeout=900)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
        _SITES[options] = out
    return _SITES[options]
