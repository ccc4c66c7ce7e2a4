"""What explaining costs: instructions per game and per battle, this checkout against another.

Issue 28's targets, each a ratio measured in one run (instructions counted by valgrind's
callgrind, which the same code repeats to within about half a per cent; CPU time is printed as the
second witness):

* ``explain=False``: random 4-player games and built-and-resolved sandbox battles at least as fast
  as the other checkout's default path (``explain=True``, the default, its Steps never read);
* ``explain=True``: a game costs at most 1.6 times the same game with ``explain=False``;
* ``explain=True`` with every Step of the log read and told in words (``step.text``): at most 2.5
  times the same game with ``explain=False``.

Each figure is (instructions of a child that warms up and then plays the games) minus (the same
child without the games), divided by the games: the interpreter's start and the imports cancel.

Run:  python benchmarks/bench_explain.py --against DIR [--games 40] [--battles 400] [--no-valgrind]
(DIR: a checkout of the package to compare with, e.g. ``git worktree add /tmp/base 0e1aacd``.)
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import random, sys, time
sys.path.insert(0, {root!r})
sys.path.insert(0, {here!r})
from condottiere_nb import Battle, Game
from bench_floor import battle_scripts

scenario, count, measure = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "measure"

def game(i, explain, read):
    g = Game(4, seed=i) if explain is None else Game(4, seed=i, explain=explain)
    rng = random.Random(i)
    while not g.is_over:
        legal = g.legal_actions()
        g.apply(legal[int(rng.random() * len(legal))])
    if read:
        for step in g.log:
            step.text

def battles(scripts, explain):
    for players, moves in scripts:
        b = Battle(players) if explain is None else Battle(players, explain=explain)
        for p, name in moves:
            b.pass_turn(p) if name is None else b.play(p, name)
        b.resolve()

kind, explain, read = {{
    "games-default": ("games", None, False), "games-off": ("games", False, False),
    "games-on": ("games", True, False), "games-read": ("games", True, True),
    "battles-default": ("battles", None, False), "battles-off": ("battles", False, False),
}}[scenario]
scripts = battle_scripts(count) if kind == "battles" else None
# warm-up: the same work once, so that what is remembered is there in both runs
for i in range(3):
    game(10_000 + i, explain, read)
if scripts:
    battles(scripts[:50], explain)
start = time.process_time()
if measure:
    if kind == "games":
        for i in range(count):
            game(i, explain, read)
    else:
        battles(scripts, explain)
print("CPU", time.process_time() - start)
"""


def _run(root: Path, scenario: str, count: int, measure: bool, valgrind: bool) -> tuple[int, float]:
    code = CHILD.format(root=str(root), here=str(ROOT / "benchmarks"))
    cmd = [sys.executable, "-c", code, scenario, str(count), "measure" if measure else "warm"]
    if valgrind:
        cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd
    done = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ, PYTHONHASHSEED="0"))
    if done.returncode != 0:
        raise SystemExit(f"{scenario} at {root} failed:\n{done.stderr[-2000:]}")
    cpu = float(re.search(r"CPU (\S+)", done.stdout).group(1))
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    return (int(found.group(1)) if found else 0), cpu


def per_item(root: Path, scenario: str, count: int, valgrind: bool) -> tuple[float, float]:
    """(instructions, CPU seconds) per game or battle of ``scenario`` at ``root``."""
    full, cpu = _run(root, scenario, count, True, valgrind)
    base, _ = _run(root, scenario, count, False, valgrind) if valgrind else (0, 0.0)
    return (full - base) / count, cpu / count


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", required=True, type=Path, help="the other checkout (its root folder)")
    ap.add_argument("--games", type=int, default=40, help="random 4-player games a figure (default 40)")
    ap.add_argument("--battles", type=int, default=400, help="sandbox battles a figure (default 400)")
    ap.add_argument("--no-valgrind", action="store_true", help="CPU time only (faster, noisier)")
    args = ap.parse_args(argv)
    if not 1 <= args.games <= 10_000 or not 1 <= args.battles <= 100_000:
        ap.error("--games must be 1 to 10,000 and --battles 1 to 100,000")
    valgrind = not args.no_valgrind and shutil.which("valgrind") is not None
    if not valgrind:
        print("valgrind not used: CPU time only")
    other = args.against.resolve()
    rows = {}
    for label, root, scenario, n in [
            ("other: games, default (explain=True, never read)", other, "games-default", args.games),
            ("other: battles, default", other, "battles-default", args.battles),
            ("this: games, explain=False", ROOT, "games-off", args.games),
            ("this: games, explain=True", ROOT, "games-on", args.games),
            ("this: games, explain=True, every step told", ROOT, "games-read", args.games),
            ("this: battles, explain=False", ROOT, "battles-off", args.battles),
            ("this: battles, default (explain=True)", ROOT, "battles-default", args.battles)]:
        rows[scenario if root == ROOT else "other-" + scenario] = per_item(root, scenario, n, valgrind)
        instr, cpu = rows[scenario if root == ROOT else "other-" + scenario]
        print(f"{label:55} {instr / 1e6:9.2f} M instructions  {cpu * 1e3:8.2f} ms CPU")
    key = 0 if valgrind else 1
    ratios = [
        ("games explain=False / other's default (target <= 1)", rows["games-off"][key] / rows["other-games-default"][key], 1.0),
        ("battles explain=False / other's default (target <= 1)", rows["battles-off"][key] / rows["other-battles-default"][key], 1.0),
        ("games explain=True / explain=False (target <= 1.6)", rows["games-on"][key] / rows["games-off"][key], 1.6),
        ("games explain=True, told / explain=False (target <= 2.5)", rows["games-read"][key] / rows["games-off"][key], 2.5),
    ]
    failed = 0
    for label, ratio, target in ratios:
        met = ratio <= target
        failed += not met
        print(f"{label:60} {ratio:6.2f}  {'met' if met else 'NOT MET'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
