"""Machine instructions per complete random game: a speed figure that a busy machine cannot move.

The games/s of bench_game.py vary by up to a fifth from run to run on a shared machine, which
hides a change of a few per cent.  This script runs the same seeded random games as
bench_game.py under valgrind's callgrind tool, once with ``--games`` games and once with none
(after the same warm-up both times), and prints the difference per game: the same code gives
the same count, within about 0.5% (string hashing is seeded per process; PYTHONHASHSEED is
set to 0 here so that even that stays put).  Fewer instructions is faster, though not in
strict proportion (memory traffic is not counted).

Needs valgrind (Debian: ``apt-get install valgrind``).  About a minute for 200 games.

Run:  python benchmarks/instructions.py [--players 4] [--games 200]
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

# The child: the benchmark's warm-up (so that the kept legal plays are there in both runs),
# then, in the measured run, the games.
CHILD = """
import sys
sys.path.insert(0, {here!r})
sys.path.insert(0, {root!r})
import bench_game
players, games = int(sys.argv[1]), int(sys.argv[2])
bench_game.run(players, games, False)
if sys.argv[3] == "measure":
    bench_game.run(players, games, False)
"""


def count(players: int, games: int, measure: bool) -> int:
    """Instructions callgrind counts for the child (the interpreter's start included)."""
    code = CHILD.format(here=str(HERE), root=str(HERE.parent))
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", code,
         str(players), str(games), "measure" if measure else "warm"],
        capture_output=True, text=True, env=env)
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    if done.returncode != 0 or not found:
        raise SystemExit(f"valgrind failed (exit {done.returncode}):\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4, choices=range(2, 7), help="players a game (default 4)")
    ap.add_argument("--games", type=int, default=200, help="games measured (default 200)")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind); nothing measured", file=sys.stderr)
        return 2
    print(f"callgrind, {args.games} random {args.players}-player games (explain=False), "
          f"{sys.executable} {sys.version.split()[0]} ...", flush=True)
    base = count(args.players, args.games, measure=False)
    both = count(args.players, args.games, measure=True)
    per_game = (both - base) / args.games
    print(f"{per_game / 1e6:.3f} M instructions per game")
    return 0


if __name__ == "__main__":
    sys.exit(main())
