"""Binder builds the environment CI tests: exact pins, the same Python, a badge that opens the tour.

The slow test at the end installs binder/requirements.txt into a fresh virtual environment
and runs every notebook there under nbval, so a learner on Binder gets notebooks that are
known to work.  It runs in CI (.ci/run sets CONDOTTIERE_TEST_BINDER=1) and is skipped
locally unless you set that variable.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import venv
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([0-9][^\s;]*)$")
# The versions of the test runner used inside the fresh environment: the ones CI uses here.
RUNNER = ("pytest", "nbval")


def requirement_lines() -> list[str]:
    lines = (BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines()
    return [l.strip() for l in lines if l.strip() and not l.startswith("#")]


def pins() -> dict[str, str]:
    return {PIN.match(l).group(1): PIN.match(l).group(2) for l in requirement_lines() if l != "."}


def test_every_binder_requirement_is_an_exact_pin_and_the_package_itself():
    lines = requirement_lines()
    assert lines[-1] == ".", "the last line must be '.', which installs condottiere_nb itself on Binder"
    loose = [l for l in lines[:-1] if not PIN.match(l)]
    assert not loose, f"binder/requirements.txt must pin exact versions (name==version); loose: {loose}"
    for name in ("ipywidgets", "jupyterlab", "jupyterlab-widgets", "widgetsnbextension", "ipykernel",
                 "networkx", "matplotlib", "voila"):
        assert name in pins(), f"{name} is not pinned in binder/requirements.txt"


def test_binder_pins_are_what_this_environment_runs():
    # CI installs binder/requirements.txt before the README test command, so the
    # environment that runs the tests is the one Binder builds.
    wrong = {}
    for name, version in pins().items():
        try:
            have = metadata.version(name)
        except metadata.PackageNotFoundError:
            have = None
        if have != version:
            wrong[name] = (version, have)
    assert not wrong, ("installed versions differ from binder/requirements.txt (pinned, installed): "
                       f"{wrong}; run `python -m pip install -r binder/requirements.txt` or "
                       "regenerate the pins with `python tools/pin_binder.py`")


def test_binder_python_is_the_python_ci_runs():
    runtime = (BINDER / "runtime.txt").read_text(encoding="utf-8").strip()
    assert runtime == f"python-{sys.version_info.major}.{sys.version_info.minor}"


def test_ci_installs_the_binder_requirements_before_the_tests():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    install = re.search(r"pip install\b[^\n]*-r binder/requirements\.txt", ci)
    assert install, ".ci/run must install binder/requirements.txt"
    assert install.start() < ci.find("python -m pytest"), "the pins must be installed before the tests run"


def test_readme_has_a_binder_badge_that_opens_the_tour():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    badge = re.search(r"\[!\[[^\]]*\]\((https://mybinder\.org/badge[^)]*)\)\]\((https://mybinder\.org/v2/gh/[^)]+)\)",
                      readme)
    assert badge, "README.md needs a Binder badge linking to mybinder.org/v2/gh/..."
    assert badge.group(2).endswith("?urlpath=lab/tree/notebooks/00_start_here.ipynb")
    assert (ROOT / "notebooks" / "00_start_here.ipynb").exists()


@pytest.mark.slow
def test_notebooks_run_in_a_fresh_binder_environment(tmp_path):
    if os.environ.get("CONDOTTIERE_TEST_BINDER") != "1":
        pytest.skip("builds a virtual environment from binder/requirements.txt (about 2 minutes); "
                    "set CONDOTTIERE_TEST_BINDER=1 to run it (CI does)")
    env_dir = tmp_path / "binder-env"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    py = str(env_dir / "bin" / "python")
    runner = [f"{name}=={metadata.version(name)}" for name in RUNNER]
    # pip's own cache is reused, so a second run installs from local wheels.
    subprocess.run([py, "-m", "pip", "install", "-q", "--disable-pip-version-check",
                    "-r", str(BINDER / "requirements.txt"), *runner],
                   cwd=ROOT, check=True, timeout=1200)
    # The package must come from the environment, not from the source tree.
    where = subprocess.run([py, "-c", "import condottiere_nb; print(condottiere_nb.__file__)"],
                           cwd=tmp_path, capture_output=True, text=True, check=True).stdout
    assert str(env_dir) in where, where
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(VIRTUAL_ENV=str(env_dir), PATH=f"{env_dir / 'bin'}{os.pathsep}{env.get('PATH', '')}")
    out = subprocess.run([py, "-m", "pytest", "-q", "--nbval-current-env", "-p", "no:cacheprovider",
                          "notebooks"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=1800)
    tail = "\n".join(out.stdout.splitlines()[-30:])
    assert out.returncode == 0, f"the notebooks fail in the Binder environment:\n{tail}\n{out.stderr[-2000:]}"
    assert re.search(r"\d+ passed", tail) and "failed" not in tail, tail
