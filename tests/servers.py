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
# Debian's Chromium, headless, with nothing that reaches the network on its own.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
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
    env.update(JUPYTER_RUNTIME_DIR=str(base / "runtime"),
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
