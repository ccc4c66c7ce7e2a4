"""Every speed figure of the project in one run and one table (the README's "Speed" table).

Runs the measurements of bench_battle.py (resolutions per second, explained and fast),
bench_game.py (complete random games per second for 2, 4 and 6 players) and
bench_explore.py (the interaction checker's enumerated battles per second, odds rollouts,
balance games) in this process, each on one core, timed with the process's CPU clock.

Run:  python benchmarks/run_all.py [--quick] [--markdown] [--runs N]
"""
from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))


def battle_rows(quick: bool) -> list[dict]:
    import bench_battle as bb
    scripts = bb.battle_set(200 if quick else 500)
    rows = []
    for label, explain, target in (("battle resolutions, explained (Steps)", True, 20_000),
                                   ("battle resolutions, fast path (no Steps)", False, 100_000)):
        battles = [bb.build(m, p, r, explain) for p, r, m in scripts]
        best, median = bb.rate(battles, 1.0 if quick else 2.0)
        rows.append({"name": label, "value": best, "unit": "resolutions/s", "target": target,
                     "detail": f"{len(battles)} mixed 2-6 player battles; median pass {median:,.0f}/s"})
    return rows


def game_rows(quick: bool) -> list[dict]:
    import bench_game as bg
    rows = []
    bg.run(4, 20, False)        # warm up
    for players in (2, 4, 6):
        games = 200 if quick else 1000
        # the best of three runs of the same games: this machine is shared, and a busy
        # neighbour slows a single run by up to a fifth
        r = bg.best(players, games, False, 1 if quick else 3)
        rows.append({"name": f"random complete games, {players} players", "value": r["games"] / r["cpu"],
                     "unit": "games/s", "target": 1_000 if players == 4 else None,
                     "detail": f"{r['actions'] / r['cpu']:,.0f} actions/s, {r['battles'] / r['games']:.1f} "
                               f"battles a game"})
    return rows


def explore_rows(quick: bool) -> list[dict]:
    import bench_explore as be
    return be.measure(quick)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller samples (about half a minute)")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown (for the README)")
    ap.add_argument("--runs", type=int, default=1,
                    help="run everything this many times and show each row's best (this machine is shared)")
    args = ap.parse_args(argv)
    if args.runs < 1:
        ap.error("--runs must be at least 1")
    rows, failed = [], []
    t0 = time.perf_counter()
    for run in range(args.runs):
        these = []
        for name, fn in (("bench_battle", battle_rows), ("bench_game", game_rows), ("bench_explore", explore_rows)):
            try:
                these += fn(args.quick)
            except Exception as e:      # one broken benchmark must not hide the others' figures
                failed.append(f"{name}: {type(e).__name__}: {e}")
        if len(these) == len(rows):     # the same rows again: keep each one's best
            rows = [max(a, b, key=lambda r: r["value"]) for a, b in zip(rows, these)]
        elif not rows:
            rows = these
    if args.markdown:
        print("| measure | per second (one core) | target | met |")
        print("|---|---:|---:|:---:|")
        for r in rows:
            target = f"≥ {r['target']:,}" if r["target"] else ""
            ok = "" if not r["target"] else ("yes" if r["value"] >= r["target"] else "**no**")
            print(f"| {r['name']} | {r['value']:,.0f} {r['unit'].split('/')[0]} | {target} | {ok} |")
    else:
        width = max(len(r["name"]) for r in rows) + 2 if rows else 10
        print(f"{'measure':<{width}}{'per second':>13} {'unit':<14}{'target':>9}  ok")
        for r in rows:
            target = f"{r['target']:,}" if r["target"] else "-"
            ok = "" if not r["target"] else ("yes" if r["value"] >= r["target"] else "NO")
            print(f"{r['name']:<{width}}{r['value']:>13,.0f} {r['unit']:<14}{target:>9}  {ok}")
    print(f"\n{platform.python_implementation()} {platform.python_version()} ({sys.executable}, built "
          f"{platform.python_build()[1]}), {platform.machine()}; CPU time of one process; "
          f"{time.perf_counter() - t0:.0f} s in all")
    for f in failed:
        print("FAILED", f)
    missed = [r["name"] for r in rows if r["target"] and r["value"] < r["target"]]
    if missed:
        print("below target:", "; ".join(missed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
