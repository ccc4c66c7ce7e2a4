"""numpy is optional (the ``lab`` extra): condottiere_nb.explore imports without it, the
interaction checker falls back to the engine with the same counts and a note, and what
cannot work without numpy (Monte Carlo odds, the vectorised model) says what to install.

Each check runs in a fresh Python process, where a meta path finder hides numpy."""
import json
import os
import subprocess
import sys
from pathlib import Path

from condottiere_nb.explore import battle_odds, check_interactions

ROOT = Path(__file__).resolve().parents[1]

HIDE_NUMPY = '''
import importlib.abc, sys

class HideNumpy(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "numpy" or name.startswith("numpy."):
            raise ImportError(f"No module named {name!r} (hidden by the test)")
        return None

sys.meta_path.insert(0, HideNumpy())
'''

WITHOUT_NUMPY = HIDE_NUMPY + '''
import json
import condottiere_nb
from condottiere_nb import explore
from condottiere_nb.explore import PlayedCard, battle_odds, battle_space, check_interactions, fast_outcomes, soak

out = {}
r = check_interactions(True, False, option="courtesan_token", kinds=("10", "5", "courtesan"), max_cards=2)
out["checker"] = [r.evaluator, r.note, r.battles, r.winner_differs, r.token_differs,
                  [(d.kind, d.count, d.notation) for d in r.divergences]]

def error(call):
    try:
        call()
    except ImportError as e:
        return str(e)
    return None

out["numpy_method"] = error(lambda: check_interactions(True, False, option="courtesan_token", kinds=("10",),
                                                       max_cards=1, method="numpy"))
out["fast_outcomes"] = error(lambda: fast_outcomes("standard", battle_space(2, ("10",), 1), [[PlayedCard(0, "10")]]))
o = battle_odds("[Ana Ben] Ana 5, Ben 3", hand=["10", "winter"], others=1)
out["exact_odds"] = [o.method, [(a.label, a.p) for a in o.actions]]
out["monte_carlo"] = error(lambda: battle_odds("[Ana Ben] Ana 5, Ben 3", hand=["10", "winter"], others=1,
                                               exact_limit=0, samples=5))
out["soak"] = soak(4, seed=1).ok
out["numpy_loaded"] = "numpy" in sys.modules
print(json.dumps(out))
'''


def run(code: str) -> str:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_hider_really_hides_numpy():
    out = run(HIDE_NUMPY + "\ntry:\n    import numpy\nexcept ImportError:\n    print('hidden')\n")
    assert out.strip() == "hidden"


def test_explore_works_without_numpy():
    got = json.loads(run(WITHOUT_NUMPY))
    hint = 'pip install "condottiere_nb[lab]"'
    # the checker falls back to the engine: the same counts and examples as the numpy model's
    evaluator, note, *counts = got["checker"]
    ref = check_interactions(True, False, option="courtesan_token", kinds=("10", "5", "courtesan"), max_cards=2)
    assert ref.evaluator == "numpy" and evaluator == "engine"
    assert "numpy is not installed" in note and hint in note
    assert counts == [ref.battles, ref.winner_differs, ref.token_differs,
                      [[d.kind, d.count, d.notation] for d in ref.divergences]]
    assert ref.battles > 100 and ref.token_differs > 0
    # what needs numpy says what to install
    for key in ("numpy_method", "fast_outcomes", "monte_carlo"):
        assert got[key] is not None and hint in got[key], key
    # exact odds need no numpy and give the same figures
    ref = battle_odds("[Ana Ben] Ana 5, Ben 3", hand=["10", "winter"], others=1)
    assert got["exact_odds"] == [ref.method, [[a.label, a.p] for a in ref.actions]] and ref.method == "exact"
    assert got["soak"] is True
    assert got["numpy_loaded"] is False


def test_importing_explore_does_not_import_numpy():
    out = run("import sys\nimport condottiere_nb.explore\nprint('numpy' in sys.modules)\n")
    assert out.strip() == "False"


def test_in_the_browser_the_hint_is_a_cells_pip():
    """In JupyterLite (Pyodide: sys.platform is "emscripten") the lab extra cannot be installed; a
    cell's %pip takes numpy from Pyodide's own packages, and the message says so."""
    out = run(HIDE_NUMPY + '''
import sys
from condottiere_nb.explore import battle_odds
sys.platform = "emscripten"
try:
    battle_odds("[Ana Ben] Ana 5, Ben 3", hand=["10", "winter"], others=1, exact_limit=0, samples=5)
except ImportError as e:
    print(e)
''')
    assert "run %pip install numpy in a cell" in out and "condottiere_nb[lab]" not in out, out
