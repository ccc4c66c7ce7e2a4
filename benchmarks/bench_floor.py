"""The speed floor of the engine through its public API, with default arguments, on one core.

Three figures, each the best of ``--runs`` runs (this machine is shared):

* random four-player games a second: ``Game(4, seed=i)`` (explaining on, the default), every
  decision a RandomAgent's choice among ``legal_actions()``, made with ``apply()``;
* sandbox battles a second: ``Battle(players)``, a seeded mix of battles of 2 to 6 players with
  every kind of card (names typed as people type them, some in Vietnamese or Spanish), played
  with ``play()`` / ``pass_turn()`` and resolved with ``resolve()``;
* heuristic four-player games a second: ``Game(4, seed=i)`` with a HeuristicAgent in every seat.

``--against DIR`` measures another checkout of the package (for example a git worktree of an
older commit) in the same minutes, alternating the two, and prints the ratio: on a shared
machine only a comparison made in one run means anything.

Run:  python benchmarks/bench_floor.py [--runs 3] [--against DIR]
"""
from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Names as a learner types them: the kind itself, capitalised English, Vietnamese, Spanish.
SPELLINGS = {"winter": ["winter", "Winter", "Mùa Đông"], "spring": ["spring", "Primavera"],
             "bishop": ["bishop", "Giám Mục"], "courtesan": ["courtesan", "Cortesana"],
             "drummer": ["drummer", "Tambor"], "heroine": ["heroine", "Heroine"],
             "scarecrow": ["scarecrow"], "surrender": ["surrender"]}
SEATS = ("Ana", "Ben", "Cy", "Dee", "Eva", "Fay")


def battle_scripts(count: int, seed: int = 7) -> list[tuple]:
    """``count`` battles as (players, moves); a move is (player, name) or (player, None) for a pass.
    Built by playing seeded random legal moves on strict battles, so every script is legal."""
    from condottiere_nb import Battle
    from condottiere_nb.cards import STANDARD_COUNTS
    rng = random.Random(seed)
    scripts = []
    while len(scripts) < count:
        players = SEATS[:rng.randint(2, 6)]
        pool = [k for k, n in STANDARD_COUNTS.items() for _ in range(n)]
        rng.shuffle(pool)
        hands = {p: [pool.pop() for _ in range(8)] for p in players}
        b = Battle(players, strict=True, hands=hands)
        moves = []
        while not b.is_over and len(moves) < 30:
            p = b.to_move
            options = [o for o in b.play_options(p) if o[2] is None]
            if not options or rng.random() < 0.2:
                b.pass_turn(p)
                moves.append((p, None))
                continue
            kind = rng.choice(options)[0]
            b.play(p, kind)
            moves.append((p, rng.choice(SPELLINGS.get(kind, [kind]))))
        scripts.append((players, moves))
    return scripts


def random_games(games: int) -> float:
    from condottiere_nb import Game, RandomAgent
    start = time.process_time()
    for i in range(games):
        game = Game(4, seed=i)
        agent = RandomAgent(i)
        while not game.is_over:
            game.apply(agent.choose(game))
    return games / (time.process_time() - start)


def sandbox_battles(scripts) -> float:
    from condottiere_nb import Battle
    start = time.process_time()
    for players, moves in scripts:
        b = Battle(players)
        for player, name in moves:
            if name is None:
                b.pass_turn(player)
            else:
                b.play(player, name)
        b.resolve()
    return len(scripts) / (time.process_time() - start)


def heuristic_games(games: int) -> float:
    from condottiere_nb import Game, HeuristicAgent
    start = time.process_time()
    for i in range(games):
        game = Game(4, seed=i)
        agents = {p: HeuristicAgent(i * 7 + k) for k, p in enumerate(game.players)}
        while not game.is_over:
            game.apply(agents[game.to_move].choose(game))
    return games / (time.process_time() - start)


def measure(games: int, scripts: list, heuristic: int) -> dict:
    """One run of the three measures (after a short warm-up)."""
    random_games(3)
    sandbox_battles(scripts[:50])
    return {"random games/s": random_games(games), "sandbox battles/s": sandbox_battles(scripts),
            "heuristic games/s": heuristic_games(heuristic)}


def child(root: str, args, scripts_file: str) -> dict:
    """measure() for the package at ``root``, in a fresh interpreter (the battles are the same
    scripts for every checkout: this one builds them)."""
    code = (f"import sys, json; sys.path.insert(0, {root!r}); sys.path.insert(1, {str(ROOT / 'benchmarks')!r}); "
            f"import bench_floor, condottiere_nb; assert condottiere_nb.__file__.startswith({root!r}); "
            f"scripts = json.load(open({scripts_file!r})); "
            f"print(json.dumps(bench_floor.measure({args.games}, scripts, {args.heuristic})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(f"the measure failed for {root}:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


FLOORS = {"random games/s": 400, "sandbox battles/s": 10_000, "heuristic games/s": None}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="runs of each measure; the best is shown (default 3)")
    ap.add_argument("--games", type=int, default=200, help="random games a run (default 200)")
    ap.add_argument("--battles", type=int, default=2000, help="sandbox battles a run (default 2000)")
    ap.add_argument("--heuristic", type=int, default=20, help="heuristic games a run (default 20)")
    ap.add_argument("--against", help="another checkout of the package to measure in the same run")
    args = ap.parse_args()
    roots = [str(ROOT)] + ([str(Path(args.against).resolve())] if args.against else [])
    sys.path.insert(0, str(ROOT))
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(battle_scripts(args.battles), f)
    best: dict[str, dict] = {r: {} for r in roots}
    for _ in range(max(args.runs, 1)):
        for r in roots:
            for k, v in child(r, args, f.name).items():
                best[r][k] = max(best[r].get(k, 0), v)
    Path(f.name).unlink()
    print(f"Python {sys.version.split()[0]}, best of {args.runs} runs, process CPU time, one core")
    header = f"{'measure':<20} {'this checkout':>14}" + (f" {'--against':>12} {'ratio':>7}" if args.against else "") \
        + f" {'floor':>8}"
    print(header)
    for k in best[roots[0]]:
        mine = best[roots[0]][k]
        line = f"{k:<20} {mine:>14,.0f}"
        if args.against:
            other = best[roots[1]][k]
            line += f" {other:>12,.0f} {mine / other:>7.2f}"
        floor = FLOORS[k]
        line += f" {floor:>8,}" if floor else f" {'(no slower)':>8}"
        print(line)


if __name__ == "__main__":
    main()
