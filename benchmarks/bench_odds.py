"""Anytime odds against an older checkout (issue 34): how soon an answer is there, on one core.

The decision: ``[Ana Ben Cy] Ana 5, Ben 3, Cy 6, Ana drummer``, Ben to move with 10, Winter,
Bishop, 2, Scarecrow and Courtesan (eight actions: six cards, the Scarecrow's second choice, pass),
``seed=1``.  For each checkout, in a fresh process (after a warm-up on another seed, so that the
imports are not counted and nothing of the measured run is remembered), CPU time of the process:

* **first answer**: every action with a figure and a 95% interval within plus or minus 10 points;
  at a checkout without rounds (0e1aacd) this is measured as ``battle_odds(..., samples=50)``, as
  issue 34 says;
* **settled**: the best action told apart from every other, hand by hand, at 99%
  (:func:`~condottiere_nb.explore.intervals.paired_gap` against each); at a checkout without
  rounds: the shortest of the runs of 50, 100, 200 ... hands for every action that settles it
  (the run's own hands are read from it);
* **±2 points**: ``battle_odds(..., precision=0.02)`` to its end (every action within 2 points or
  below the best), on one core, and its wall-clock time on two workers (the pool started in the call;
  also the CPU time of the three processes, which a busy machine does not inflate: on two free
  cores the wall-clock time is about half of it); where the pool is kept for the next call
  (``kept_pool``), a second call's wall-clock time too, and the CPU time is that of one call.

With ``--instructions`` the first answer and the ±2 points run are also counted in machine
instructions (valgrind's callgrind; the warm-up alone counted once and subtracted), which a busy
machine cannot move.  ``--games`` adds heuristic games a second (``benchmarks/bench_lab.py``'s
measure, explain off).  The ratios this checkout / the other are printed; issue 34's targets are:
first answer at most 0.4, settled at most 0.5, ±2 points at most 0.7 and under 1 s on two workers.

Run:  python benchmarks/bench_odds.py --against /work/wt/base0e1c [--runs 3] [--instructions] [--games]
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

BATTLE = "[Ana Ben Cy] Ana 5, Ben 3, Cy 6, Ana drummer"
HAND = ["10", "winter", "bishop", "2", "scarecrow", "courtesan"]

CHILD = r"""
import json, sys, time
sys.path.insert(0, {root!r})
import condottiere_nb
assert condottiere_nb.__file__.startswith({root!r}), condottiere_nb.__file__
from condottiere_nb.explore import odds as O
from condottiere_nb.explore.intervals import paired_gap
BATTLE, HAND = {battle!r}, {hand!r}
what = sys.argv[1]
O.battle_odds(BATTLE, HAND, samples=20, seed=99)             # the imports, nothing of seed 1
clock = time.process_time
out = {{}}
anytime = hasattr(O, "odds_rounds")
if what == "warm-up":
    sys.exit()
if what == "first" and not anytime:
    t = clock(); O.battle_odds(BATTLE, HAND, samples=50, seed=1); out["first"] = clock() - t
elif what == "first":
    t = clock()
    for odds in O.odds_rounds(BATTLE, HAND, precision=0.02, seed=1):
        if odds.widest <= 0.10:
            break
    out["first"] = clock() - t
elif what == "all" and anytime:
    t = clock()
    for odds in O.odds_rounds(BATTLE, HAND, precision=0.02, seed=1):
        now = clock() - t
        if odds.widest <= 0.10:
            out.setdefault("first", now)
        if odds.best_settled:
            out.setdefault("settled", now)
    out["pm2"] = clock() - t
    out["battles"] = odds.rollouts
elif what == "all":
    runs = []
    keep = O._Run.sample
    def sample(self, *a):
        runs.append(self)
        return keep(self, *a)
    O._Run.sample = sample
    n = 50
    while True:
        t = clock(); odds = O.battle_odds(BATTLE, HAND, samples=n, seed=1); spent = clock() - t
        run = runs[-1]
        best = max(range(len(run.n)), key=lambda i: run.wins[i] / run.n[i])
        if all(i == best or paired_gap(run.won[i], run.won[best])[1] < 0 for i in range(len(run.n))):
            out["settled"] = spent
            break
        n *= 2
    t = clock(); odds = O.battle_odds(BATTLE, HAND, precision=0.02, seed=1); out["pm2"] = clock() - t
    out["battles"] = odds.rollouts
elif what == "pm2":
    O.battle_odds(BATTLE, HAND, precision=0.02, seed=1)
elif what == "workers":
    import resource
    def cpu():
        return clock() + resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime + \
            resource.getrusage(resource.RUSAGE_CHILDREN).ru_stime
    from condottiere_nb.agents import workers as W
    c, t = cpu(), time.perf_counter(); O.battle_odds(BATTLE, HAND, precision=0.02, seed=1, workers=2)
    out["two workers"] = time.perf_counter() - t
    if hasattr(W, "kept_pool"):
        t = time.perf_counter(); O.battle_odds(BATTLE, HAND, precision=0.02, seed=1, workers=2)
        out["two workers again"] = time.perf_counter() - t
        W.close_kept_pool(wait=True)         # the workers ended, so that their CPU time is counted
    out["two workers cpu"] = cpu() - c
    if "two workers again" in out:
        out["two workers cpu"] /= 2          # of one call
print(json.dumps(out))
"""

GAMES = r"""
import json, sys, time
sys.path.insert(0, {root!r})
from condottiere_nb import Game, HeuristicAgent
def play(games):
    for i in range(games):
        game = Game(4, seed=i, explain=False)
        agents = {{p: HeuristicAgent(i * 7 + k) for k, p in enumerate(game.players)}}
        while not game.is_over:
            game.apply(agents[game.to_move].choose(game))
play(2)
t = time.process_time(); play(40); print(json.dumps({{"games a second": 40 / (time.process_time() - t)}}))
"""


def child(root: Path, what: str, script: str = CHILD, prefix: list | None = None) -> dict:
    code = script.format(root=str(root), battle=BATTLE, hand=HAND)
    env = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS=os.environ.get("OPENBLAS_NUM_THREADS", ""))
    env.pop("PYTHONPATH", None)
    if not env["OPENBLAS_NUM_THREADS"]:
        del env["OPENBLAS_NUM_THREADS"]
    done = subprocess.run([*(prefix or []), sys.executable, "-c", code, what], capture_output=True, text=True,
                          env=env, cwd=tempfile.gettempdir())
    if done.returncode:
        raise SystemExit(f"{root} {what}: {done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1] or "{}") if done.stdout.strip() else {}


def instructions(root: Path, what: str) -> int:
    """Machine instructions of one measured call (callgrind), the warm-up's subtracted."""
    counts = []
    for run in ("warm-up", what):
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "callgrind.out"
            prefix = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
            code = CHILD.format(root=str(root), battle=BATTLE, hand=HAND)
            done = subprocess.run([*prefix, sys.executable, "-c", code, run], capture_output=True, text=True,
                                  env=dict(os.environ, PYTHONHASHSEED="0"), cwd=tmp)
            found = re.search(r"Collected\s*:\s*(\d+)", done.stderr) or re.search(r"summary:\s*(\d+)",
                                                                                    out.read_text())
            counts.append(int(found.group(1)))
    return counts[1] - counts[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--against", type=Path, required=True, help="a checkout of the code to compare with")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--instructions", action="store_true", help="also count instructions with callgrind")
    ap.add_argument("--games", action="store_true", help="also heuristic games a second")
    args = ap.parse_args()
    roots = {"this": ROOT, "other": args.against.resolve()}
    figures = {name: {} for name in roots}
    for _ in range(args.runs):
        for name, root in roots.items():          # the two in turn, so a busy spell hits both
            for key, value in {**child(root, "all"), **child(root, "first"), **child(root, "workers")}.items():
                figures[name].setdefault(key, []).append(value)
            if args.games:
                figures[name].setdefault("games a second", []).append(child(root, "", GAMES)["games a second"])
    rows = [("first answer (s CPU)", "first", 0.4), ("best action settled (s CPU)", "settled", 0.5),
            ("±2 points, one core (s CPU)", "pm2", 0.7), ("±2 points, two workers (s wall)", "two workers", None),
            ("  the same, CPU of all processes (s)", "two workers cpu", None),
            ("  a second call, the pool kept (s wall)", "two workers again", None),
            ("battles played to ±2 points", "battles", None)]
    if args.games:
        rows.append(("heuristic games a second", "games a second", None))
    print(f"{BATTLE}; hand {' '.join(HAND)}; seed 1; median of {args.runs} runs")
    print(f"{'':34} {'this':>9} {'other':>9} {'ratio':>7}  target")
    for label, key, target in rows:
        if key not in figures["this"] or key not in figures["other"]:
            if key in figures["this"]:
                print(f"{label:34} {statistics.median(figures['this'][key]):9.3f} {'':>9}")
            continue
        a, b = (statistics.median(figures[n][key]) for n in ("this", "other"))
        goal = f"<= {target}" if target else ("< 1 s" if key == "two workers" else "")
        ok = "" if target is None else ("  ok" if a / b <= target else "  MISSED")
        if key == "two workers":
            ok = "  ok" if a < 1 else "  MISSED"
        print(f"{label:34} {a:9.3f} {b:9.3f} {a / b:7.2f}  {goal}{ok}")
    if args.instructions:
        if not shutil.which("valgrind"):
            raise SystemExit("--instructions needs valgrind")
        for what, label in (("first", "first answer"), ("pm2", "±2 points")):
            a, b = (instructions(roots[n], what) for n in ("this", "other"))
            print(f"{label + ' (instructions)':34} {a / 1e9:8.2f}G {b / 1e9:8.2f}G {a / b:7.2f}")


if __name__ == "__main__":
    main()
