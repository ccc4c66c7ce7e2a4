"""The simulation lab's speed (issue 18), every figure the median of several runs.

* **heuristic games**: four-player games a second on one core through the public API,
  ``Game(4, seed=i)`` with its default arguments (explaining on) and a ``HeuristicAgent(i * 7 + k)``
  in every seat, as benchmarks/bench_floor.py measures them; also with ``explain=False``; and the
  engine alone replaying the same games' actions (the floor the agent cannot go under); and the
  same games played again by fresh agents in the same interpreter, with everything the agents and
  the count remember already there (the ceiling of remembering: what the agent costs when every
  answer it looks up is found);
* **odds**: the time ``battle_odds(..., precision=0.02)`` takes to put every action of a
  three-player decision with six candidate actions within plus or minus 2 points at 95% (or, deal by
  deal, below the best action): ``[Ana Ben Cy] Ana 10, Ben 6, Cy 5``, Ana to move with 5, Winter, Bishop,
  Courtesan and 2 in hand, Ben and Cy holding five unknown cards each (the position of
  bench_explore.py and the lab notebook); on one core, and on ``--workers`` processes; and its
  floor: the same worlds built and the same battles replayed without the agents' decisions;
* **workers**: a balance study of 400 four-player standard games, in one process and on
  ``--workers`` processes (wall clock), the speed-up, and whether the two reports are identical;
* **the big study**: every named ruleset at 2, 4 and 6 players (as each allows), 10,000 games a row:
  its time on this machine with ``--workers`` processes and projected on 16 cores, from a sample of
  ``--sample`` games a row (``--full`` plays it all);
* **the interaction checker** with five cards a player (about two billion battles a comparison),
  CPU seconds.

``--against DIR`` also measures the heuristic games of another checkout in the same runs (for
example ``git archive 7de3213 | tar -x -C /tmp/ref``) and prints the ratio: on a shared machine only
a ratio measured in one run means anything.  One-core figures are CPU time of the process; the
workers' figures are wall-clock time, so they need the cores free.

Run:  python benchmarks/bench_lab.py [--runs 3] [--workers 2] [--only games odds workers study checker]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

POSITION = "[Ana Ben Cy] Ana 10, Ben 6, Cy 5"
HAND = ["5", "winter", "bishop", "courtesan", "2"]

GAMES_CHILD = """
import json, sys, time
sys.path.insert(0, {root!r})
import condottiere_nb
assert condottiere_nb.__file__.startswith({root!r}), condottiere_nb.__file__
from condottiere_nb import Game, HeuristicAgent

def play(games, explain):
    runs = []
    for i in range(games):
        game = Game(4, seed=i) if explain else Game(4, seed=i, explain=False)
        agents = {{p: HeuristicAgent(i * 7 + k) for k, p in enumerate(game.players)}}
        while not game.is_over:
            game.apply(agents[game.to_move].choose(game))
        runs.append(game.actions)
    return runs

play(2, True)
if sys.argv[1] == "off":
    t = time.process_time(); play({games}, False); off = {games} / (time.process_time() - t)
    print(json.dumps({{"explain off": off}}))
    sys.exit()
t = time.process_time(); played = play({games}, True); on = {games} / (time.process_time() - t)
t = time.process_time(); again = play({games}, True); warm = {games} / (time.process_time() - t)
assert again == played
t = time.process_time()
for i, actions in enumerate(played):
    game = Game(4, seed=i)
    for a in actions:
        game.legal_actions(); game.apply(a)
floor = {games} / (time.process_time() - t)
print(json.dumps({{"explain on": on, "remembered": warm, "engine alone": floor}}))
"""


def heuristic_games(root: Path, games: int) -> dict:
    """Games a second for the package at ``root``, in fresh interpreters: explaining off is
    measured in an interpreter of its own, because the agent remembers what it worked out (see
    condottiere_nb.agents.heuristic) and the same seeds played again would find it all there."""
    found = {}
    for mode in ("on", "off"):
        out = subprocess.run([sys.executable, "-c", GAMES_CHILD.format(root=str(root), games=games), mode],
                             capture_output=True, text=True)
        if out.returncode:
            raise SystemExit(f"the games failed for {root}:\n{out.stderr[-2000:]}")
        found.update(json.loads(out.stdout.strip().splitlines()[-1]))
    return found


def odds(workers) -> tuple[float, object]:
    from condottiere_nb.explore import battle_odds
    cpu, wall = time.process_time(), time.perf_counter()
    result = battle_odds(POSITION, hand=HAND, others=5, precision=0.02, seed=0, workers=workers)
    return (time.process_time() - cpu if workers is None else time.perf_counter() - wall), result


def odds_floor() -> tuple[float, int]:
    """What the odds cost without the agents' decisions: every world of the one-core run built
    again and every battle's actions, as the agents chose them, replayed through
    ``legal_actions()`` and ``apply()`` alone (CPU seconds, battles).  The odds cannot go under
    it by making the agent faster; only fewer battles or a cheaper engine can."""
    from condottiere_nb.explore import battle_odds
    from condottiere_nb.explore import odds as odds_module
    from condottiere_nb.explore import rollouts
    jobs, runs = [], []          # the jobs odds_worlds was given; each play-out's actions, in order
    real_worlds, real_play_out = odds_module.odds_worlds, rollouts.play_out

    def recording_play_out(game, action, agents, me, *, copy=True):
        g = game.clone() if copy else game
        start = len(g.actions)
        won = real_play_out(g, action, agents, me, copy=False)
        runs.append(g.actions[start:])
        return won

    odds_module.odds_worlds = lambda batch: (jobs.extend(batch), real_worlds(batch))[1]
    rollouts.play_out = recording_play_out
    try:
        battle_odds(POSITION, hand=HAND, others=5, precision=0.02, seed=0)
    finally:
        odds_module.odds_worlds, rollouts.play_out = real_worlds, real_play_out
    cpu = time.process_time()
    played = iter(runs)
    for problem, world, weigh, _ in jobs:
        s = rollouts.setup(problem)
        game = s.game(s.drawn(world))
        for k in range(len(weigh)):
            g = game.clone() if k < len(weigh) - 1 else game       # as odds_worlds: the last on the world itself
            for a in next(played):
                g.legal_actions()
                g.apply(a)
    return time.process_time() - cpu, len(runs)


def balance(workers, games: int = 400):
    from condottiere_nb.explore import variant_balance
    t = time.perf_counter()
    report = variant_balance(["standard"], players=(4,), games=games, seed=0, workers=workers)
    return time.perf_counter() - t, [(r.as_dict(), r.wins_by_seat, r.decided) for r in report.rows]


def study_plan() -> dict:
    from condottiere_nb.explore import player_counts
    from condottiere_nb.rulesets import RULESETS
    return {name: tuple(n for n in (2, 4, 6) if n in player_counts(name)) for name in RULESETS}


def med(values) -> float:
    return statistics.median(values)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="runs of each measure; the median is shown (default 3)")
    ap.add_argument("--workers", type=int, default=2, help="processes for the parallel figures (default 2)")
    ap.add_argument("--games", type=int, default=40, help="heuristic games a run (default 40)")
    ap.add_argument("--sample", type=int, default=100, help="games a row sampled for the big study (default 100)")
    ap.add_argument("--full", action="store_true", help="play the big study in full (10,000 games a row)")
    ap.add_argument("--against", type=Path, help="another checkout whose heuristic games to measure too")
    ap.add_argument("--only", nargs="*", default=["games", "odds", "workers", "study", "checker"])
    args = ap.parse_args(argv)
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, load average "
          f"{', '.join(f'{x:.1f}' for x in os.getloadavg())}; median of {args.runs} runs", flush=True)

    if "games" in args.only:
        roots = [ROOT] + ([args.against.resolve()] if args.against else [])
        found = {r: [] for r in roots}
        for _ in range(args.runs):
            for r in roots:
                found[r].append(heuristic_games(r, args.games))
        print(f"\nheuristic four-player games a second, one core ({args.games} games a run):")
        for key in ("explain on", "explain off", "remembered", "engine alone"):
            mine = med([f[key] for f in found[ROOT]])
            line = f"  {key:<14} {mine:8.1f}"
            if args.against:
                other = med([f[key] for f in found[roots[1]]])
                ratios = [a[key] / b[key] for a, b in zip(found[ROOT], found[roots[1]])]
                line += f"   --against {other:8.1f}   ratio {med(ratios):.2f} (per run: " \
                        + ", ".join(f"{x:.2f}" for x in ratios) + ")"
            print(line, flush=True)

    if "odds" in args.only:
        serial = [odds(None) for _ in range(args.runs)]
        result = serial[0][1]
        parallel = [odds(args.workers)[0] for _ in range(args.runs)]
        print(f"\nodds to +/-2 points at 95%: {POSITION}, Ana holds {' '.join(HAND)}, five unknown cards each")
        print(f"  one core: {med([s for s, _ in serial]):.2f} s CPU; {args.workers} workers: "
              f"{med(parallel):.2f} s wall; {result.rollouts:,} battles played out, "
              f"{len(result.actions)} actions")
        for a in result.actions:
            print(f"    {a.label:<10} {100 * a.p:5.1f}% +/-{100 * a.half_width:.1f}  n={a.n:<5} {a.settled}")
        floors = [odds_floor() for _ in range(args.runs)]
        print(f"  the same worlds and battles without the agents' decisions (their actions replayed): "
              f"{med([f for f, _ in floors]):.2f} s CPU, {floors[0][1]:,} battles")

    if "workers" in args.only:
        one, many, same = [], [], True
        for _ in range(args.runs):
            t1, r1 = balance(None)
            t2, r2 = balance(args.workers)
            one.append(t1)
            many.append(t2)
            same &= r1 == r2
        print(f"\nbalance study, 400 four-player standard games: one process {med(one):.1f} s, "
              f"{args.workers} workers {med(many):.1f} s, speed-up {med([a / b for a, b in zip(one, many)]):.2f}x "
              f"(per run: {', '.join(f'{a / b:.2f}' for a, b in zip(one, many))}); "
              f"reports identical: {'yes' if same else 'NO'}", flush=True)

    if "study" in args.only:
        from condottiere_nb.explore import variant_balance
        plan = study_plan()
        rows = sum(len(v) for v in plan.values())
        print(f"\nthe big study: 10,000 games in each of {rows} rows "
              f"({', '.join(f'{k} {v}' for k, v in plan.items())})", flush=True)
        if args.full:
            wall = time.perf_counter()
            variant_balance(list(plan), players=plan, games=10_000, seed=0, workers=args.workers)
            print(f"  played in full on {args.workers} workers: {(time.perf_counter() - wall) / 3600:.2f} hours")
        else:
            # a sample of every row in this process: CPU seconds a game, row by row
            total = 0.0
            for name, counts in plan.items():
                for n in counts:
                    cpu = time.process_time()
                    variant_balance([name], players=(n,), games=args.sample, seed=0)
                    total += (time.process_time() - cpu) / args.sample * 10_000
            print(f"  {args.sample} games a row sampled on one core: {total / 3600:.2f} core-hours in all")
            print(f"  projected: {total / 3600:.2f} hours on one core, {total / args.workers / 3600:.2f} hours on "
                  f"{args.workers} (if they scale perfectly; see the workers figure), "
                  f"{total / 16 / 3600:.2f} hours on 16 cores")

    if "checker" in args.only:
        from condottiere_nb.explore import check_interactions
        print("\ninteraction checker, five cards a player, two players, the eight default kinds (CPU s):")
        for label, kw in (("courtesan_token True/False", dict(a=True, b=False, option="courtesan_token")),
                          ("standard vs city-states-final", dict(a="standard", b="city-states-final"))):
            times = []
            for _ in range(args.runs):
                t = time.process_time()
                rep = check_interactions(**kw, max_cards=5, explain=False)
                times.append(time.process_time() - t)
            print(f"  {label:<30} {med(times):6.1f} s  ({rep.battles:,} battles, {rep.either_differs:,} differ)",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
