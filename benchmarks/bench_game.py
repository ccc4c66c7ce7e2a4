"""How many complete random games per second, and how many random actions per second.

Each game is a whole game of Condottiere under the standard rules, every decision taken by
a seeded RandomAgent (uniform among ``legal_actions()``), through the public API:
``legal_actions()`` then ``apply()``, which validates every action, and a strict Battle per
battle.  Measured for 2, 4 and 6 players with ``explain=False`` (the simulation path) and,
for 4 players, with ``explain=True`` (every Step and its text).

Times are CPU seconds of this process (``time.process_time``), so a busy machine slows the
figures less than wall-clock time would; the wall-clock rate is printed too.  The machine is
shared, so each figure is the best of ``--repeat`` runs (3 by default) of the same games.

Run:  python benchmarks/bench_game.py [--games N] [--repeat R] [--profile]
"""
from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from condottiere_nb import Game  # noqa: E402


def run(players: int, games: int, explain: bool, seed: int = 0) -> dict:
    rng = random.Random(seed)
    actions = battles = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for i in range(games):
        game = Game(players, seed=seed * 1_000_003 + i, explain=explain)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[int(rng.random() * len(legal))])
            actions += 1
        battles += game.battles
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return {"players": players, "explain": explain, "games": games, "actions": actions,
            "battles": battles, "cpu": cpu, "wall": wall}


def best(players: int, games: int, explain: bool, repeat: int = 3) -> dict:
    """The fastest of ``repeat`` runs of the same seeded games (by CPU time)."""
    return min((run(players, games, explain) for _ in range(max(repeat, 1))), key=lambda r: r["cpu"])


def show(r: dict) -> None:
    mode = "explain=True " if r["explain"] else "explain=False"
    print(f"{r['players']} players, {mode}: {r['games'] / r['cpu']:8,.0f} games/s "
          f"{r['actions'] / r['cpu']:10,.0f} actions/s  ({r['actions'] / r['games']:.0f} actions, "
          f"{r['battles'] / r['games']:.1f} battles a game; wall clock {r['games'] / r['wall']:,.0f} games/s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per measurement (default 1000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure, the best is shown (default 3)")
    parser.add_argument("--profile", action="store_true", help="profile the 4-player fast path instead")
    args = parser.parse_args()
    if args.profile:
        import cProfile
        import pstats
        cProfile.runctx("run(4, args.games, False)", globals(), {"run": run, "args": args}, "/tmp/bench_game.prof")
        pstats.Stats("/tmp/bench_game.prof").sort_stats("tottime").print_stats(25)
        return
    run(4, 20, False)                      # warm up
    # The interpreter's build matters too: on the project's machine Debian's python3.11 (linked
    # statically, without pyenv's shared libpython) played these games 5-15% faster than
    # pyenv's default build of 3.11, so the figures name the interpreter.
    print(f"{platform.python_implementation()} {platform.python_version()} ({sys.executable}, "
          f"built {platform.python_build()[1]})")
    for players in (4, 2, 6):
        show(best(players, args.games, False, args.repeat))
    show(best(4, max(args.games // 5, 20), True, args.repeat))


if __name__ == "__main__":
    main()
