"""The engine runs under Pyodide, the Python of JupyterLite: its core tests, inside Pyodide, under node.

The package's wheel is built, unpacked with its one dependency (networkx) and the test runner
(pytest and what it needs, all pure Python, copied from this environment) into a folder that
Pyodide mounts; tools/pyodide/run_pytest.mjs loads Pyodide from the `pyodide` npm package
(tools/pyodide/package.json: the version jupyterlite-pyodide-kernel uses) and runs pytest there
on a core subset of the engine's tests.  It needs node and `npm ci --prefix tools/pyodide`;
without them it is skipped locally and fails in CI (.ci/run installs them and sets
CONDOTTIERE_REQUIRE_PYODIDE=1).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "tools" / "pyodide" / "run_pytest.mjs"
PYODIDE = ROOT / "tools" / "pyodide" / "node_modules" / "pyodide"
# The engine's core: battles, cards, notation, the map, games, rulesets, the variants' rules, the bots,
# and the HTML views (plain Python too).
CORE = ["test_battle_rules.py", "test_battle_examples.py", "test_cards.py", "test_notation.py", "test_board.py",
        "test_game.py", "test_game_engine.py", "test_game_json.py", "test_rulesets.py", "test_spring_highest.py",
        "test_hidden_cards.py", "test_bad_input.py", "test_variant_vietnamese.py", "test_variant_persian.py",
        "test_agents.py", "test_views.py", "test_views_svg.py",
        "html_safety.py"]       # not a test: the views' tests import it
# Left out by name: a test that starts a subprocess (Pyodide has none), one that reads RULESETS.md
# from the repository (only the package is copied in).
NOT_IN_PYODIDE = "not import_without_display_libraries and not rulesets_md"
# What runs the tests: pure-Python distributions copied from this environment.
RUNNER_DISTS = ["pytest", "pluggy", "iniconfig", "packaging", "pygments", "networkx"]


def need(problem: str):
    if os.environ.get("CONDOTTIERE_REQUIRE_PYODIDE") == "1":
        pytest.fail(f"CONDOTTIERE_REQUIRE_PYODIDE=1 but the Pyodide test cannot run: {problem}")
    pytest.skip(problem)


def build_wheel(out: Path) -> Path:
    """The package's wheel, built from this checkout (setuptools from this environment, or from PyPI)."""
    for isolation in (["--no-build-isolation"], []):
        done = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", *isolation, "-w", str(out),
                               str(ROOT)], capture_output=True, text=True)
        wheels = sorted(out.glob("condottiere_nb-*.whl"))
        if done.returncode == 0 and wheels:
            return wheels[-1]
    raise AssertionError(f"could not build the wheel: {done.stderr[-2000:]}")


def copy_distribution(name: str, site: Path) -> None:
    """Copy an installed distribution's files (it must be pure Python) into ``site``."""
    dist = metadata.distribution(name)
    base = Path(dist.locate_file(""))
    for f in dist.files or ():
        if f.suffix in (".so", ".pyd", ".dylib"):
            raise AssertionError(f"{name} is not pure Python ({f}): Pyodide could not load it from a copy")
        src = base / f
        if src.is_file() and ".." not in f.parts and "__pycache__" not in f.parts:
            dest = site / f
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dest)


@pytest.mark.slow
def test_core_engine_tests_pass_inside_pyodide(tmp_path):
    node = shutil.which("node")
    if node is None:
        need("node is not installed (Debian: apt-get install nodejs)")
    if not (PYODIDE / "pyodide.mjs").exists():
        need("the pyodide npm package is not installed: npm ci --prefix tools/pyodide")
    site, tests = tmp_path / "site", tmp_path / "tests"
    site.mkdir()
    tests.mkdir()
    with zipfile.ZipFile(build_wheel(tmp_path / "wheel")) as whl:
        whl.extractall(site)
        assert "condottiere_nb/views/mapsvg.py" in whl.namelist()
    for name in RUNNER_DISTS:
        copy_distribution(name, site)
    for name in CORE:
        shutil.copyfile(ROOT / "tests" / name, tests / name)
    out = subprocess.run([node, str(RUNNER), str(site), str(tests), "-q", "-k", NOT_IN_PYODIDE, "-W",
                          "ignore::pytest.PytestUnraisableExceptionWarning"],
                         cwd=ROOT / "tools" / "pyodide", capture_output=True, text=True, timeout=1200)
    tail = "\n".join(out.stdout.splitlines()[-15:])
    assert out.returncode == 0, f"the core tests fail inside Pyodide:\n{tail}\n{out.stderr[-3000:]}"
    assert "on emscripten" in out.stdout, out.stdout[:500]          # it really ran in Pyodide
    assert " passed" in tail and "failed" not in tail, tail
    print("\n" + tail)
