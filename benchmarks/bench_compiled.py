"""What compiling the engine would give: the figures behind one of issue 18's three ways forward,
the same source compiled by Cython, measured against the source as it is, in the same runs.

It copies this checkout's committed files (``git archive HEAD``) to a directory of its own and
compiles there, with Cython, the modules the heuristic games and the odds spend their time in
(:data:`MODULES`), as they are: no line changed, no type declared, annotations left as hints
(``cythonize -i -3 -X annotation_typing=False``).  Then it
measures both copies, alternating, each in fresh interpreters:

* heuristic four-player games a second on one core, as benchmarks/bench_lab.py measures them
  (explaining on; the same games again with every memo warm; the engine alone replaying them);
* the CPU time of ``battle_odds(..., precision=0.02)`` on bench_lab's three-player position.

Only the figures of one run are compared (this machine is shared).  Needs Cython and a C compiler
(``python -m pip install cython``); neither the package nor its tests use them.

Run:  python benchmarks/bench_compiled.py [--runs 3] [--games 40] [--keep DIR]
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import bench_lab  # noqa: E402

#: The modules compiled: where a heuristic game and a battle's odds spend their time (the profile
#: of bench_lab's games and odds), the engine's and the agent's.
MODULES = ("cards", "zones", "strength", "effects", "plays", "battle", "resolution", "seats",
           "game/core", "game/phases", "game/choices", "game/state", "game/deal",
           "agents/sight", "agents/heuristic", "explore/rollouts")

ODDS_CHILD = """
import json, sys, time
sys.path.insert(0, {root!r})
import condottiere_nb
assert condottiere_nb.__file__.startswith({root!r}), condottiere_nb.__file__
from condottiere_nb.explore import battle_odds
t = time.process_time()
r = battle_odds({position!r}, hand={hand!r}, others=5, precision=0.02, seed=0)
print(json.dumps({{"odds": time.process_time() - t, "battles": r.rollouts,
                   "p": [round(a.p, 6) for a in r.actions]}}))
"""


def compiled_copy(target: Path) -> Path:
    """This checkout's committed files in ``target``, :data:`MODULES` compiled there."""
    try:
        import Cython  # noqa: F401
    except ImportError:
        raise SystemExit("bench_compiled.py needs Cython: python -m pip install cython")
    target.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "HEAD"], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive.stdout, check=True)
    sources = [f"condottiere_nb/{m}.py" for m in MODULES]
    print(f"compiling {len(sources)} modules with Cython in {target} ...", flush=True)
    # annotation_typing=False: the annotations stay what they are in Python, hints (Cython would
    # otherwise check them at every call, and turn a hint into a refusal)
    done = subprocess.run([sys.executable, "-m", "Cython.Build.Cythonize", "-i", "-3", "-q",
                           "-X", "annotation_typing=False", "-j", str(os.cpu_count() or 1), *sources],
                          cwd=target, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"Cython failed:\n{done.stderr[-3000:]}")
    built = sorted(target.glob("condottiere_nb/**/*.so")) + sorted(target.glob("condottiere_nb/**/*.pyd"))
    if len(built) != len(sources):
        raise SystemExit(f"{len(built)} compiled modules for {len(sources)} sources")
    return target


def odds(root: Path) -> dict:
    code = ODDS_CHILD.format(root=str(root), position=bench_lab.POSITION, hand=bench_lab.HAND)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(f"the odds failed for {root}:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="runs of each measure; the median is shown (default 3)")
    ap.add_argument("--games", type=int, default=40, help="heuristic games a run (default 40)")
    ap.add_argument("--keep", type=Path, help="build the compiled copy here and keep it (default: a temporary one)")
    args = ap.parse_args(argv)
    where = args.keep or Path(tempfile.mkdtemp(prefix="condottiere-compiled-"))
    try:
        other = compiled_copy(where.resolve())
        print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, load average "
              f"{', '.join(f'{x:.1f}' for x in os.getloadavg())}; median of {args.runs} runs", flush=True)
        found = {ROOT: [], other: []}
        for _ in range(args.runs):
            for root in (ROOT, other):
                figures = bench_lab.heuristic_games(root, args.games)
                figures.update(odds(root))
                found[root].append(figures)
        if found[ROOT][0]["p"] != found[other][0]["p"] or found[ROOT][0]["battles"] != found[other][0]["battles"]:
            raise SystemExit("the compiled copy found other odds: it is not the same engine")
        print(f"\n{'':<34}{'source':>10}{'compiled':>10}{'ratio':>8}")
        for key, unit in (("explain on", "games/s"), ("explain off", "games/s"), ("remembered", "games/s"),
                          ("engine alone", "games/s"), ("odds", "s CPU")):
            mine = statistics.median(f[key] for f in found[ROOT])
            theirs = statistics.median(f[key] for f in found[other])
            ratios = [a[key] / b[key] for a, b in zip(found[other], found[ROOT])]
            if key == "odds":
                ratios = [1 / r for r in ratios]                 # a speed-up either way
            print(f"{key + ' (' + unit + ')':<34}{mine:>10.2f}{theirs:>10.2f}{statistics.median(ratios):>7.2f}x")
        print(f"\n(odds: {found[ROOT][0]['battles']:,} battles played out, the same in both)")
    finally:
        if args.keep is None:
            shutil.rmtree(where, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
