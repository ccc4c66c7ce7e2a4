"""Does the heuristic agent still make the same decisions?  Seeded games played in lockstep by
this checkout's HeuristicAgent and a reference copy of it read from git (by default the commit
this line of work started from), decision by decision: the two must choose the same action
and leave their random generators in the same state, at every decision of every game.

Every named ruleset at every player count it allows, ``--games`` seeds each; every seat a
heuristic agent, and in one game of every four the odd seats are random players (they lead
the heuristic ones into positions a table of heuristic players never reaches).  The engine
is this checkout's for both agents.  tests/test_agent_equivalence.py checks a slice against
fingerprints recorded from the reference agent (``--record tests/data/heuristic_reference.json``).

Prints the games and decisions compared and exits non-zero at the first difference.

Run:  python benchmarks/compare_agents.py [--games 300] [--rev 7de3213] [--rulesets standard ...]
"""
from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: The commit the incremental agent started from: its HeuristicAgent is the reference.
REFERENCE = "7de3213"


def reference_agent(rev: str = REFERENCE):
    """The HeuristicAgent class of ``rev``, loaded as a module of this package (so its relative
    imports read this checkout's engine)."""
    text = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:condottiere_nb/agents/heuristic.py"],
                          capture_output=True, text=True, check=True).stdout
    path = Path(tempfile.mkdtemp()) / "heuristic_reference.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("condottiere_nb.agents.heuristic_reference", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.HeuristicAgent


def lockstep(reference, ruleset, players: int, seed: int, mixed: bool = False, explain: bool = False) -> int:
    """Play one game with both agents deciding at every heuristic seat; the number of decisions
    compared.  AssertionError at the first difference."""
    from condottiere_nb import Game, HeuristicAgent, RandomAgent
    game = Game(players, ruleset, seed, explain=explain)
    seats = {}
    for i, p in enumerate(game.players):
        if mixed and i % 2:
            seats[p] = RandomAgent(seed * 7 + i)
        else:
            seats[p] = (reference(seed * 7 + i), HeuristicAgent(seed * 7 + i))
    compared = 0
    while not game.is_over:
        seat = seats[game.to_move]
        if isinstance(seat, tuple):
            old, new = seat
            a, b = old.choose(game), new.choose(game)
            where = f"{game.ruleset.name} {players}p seed {seed}, action {len(game.actions)}"
            assert a == b and type(a) is type(b), f"{where}: reference {a!r}, new {b!r}"
            assert old.rng.getstate() == new.rng.getstate(), f"{where}: the random generators differ"
            compared += 1
        else:
            a = seat.choose(game)
        game.apply(a)
        if len(game.actions) > 20_000:
            raise AssertionError(f"{ruleset} {players}p seed {seed}: no end after 20,000 actions")
    return compared


#: The slice tests/test_agent_equivalence.py replays: (ruleset, players, seed, explain).
SLICE = [(name, n, seed, seed == 0) for name in ("standard", "hidden-cards", "fa-tutorial", "city-states-final",
                                                 "continuous-war", "scoring", "invasion", "city-states")
         for n in (3, 4, 6) for seed in range(3)]


def fingerprint(game) -> str:
    """A game's actions, as saved, hashed."""
    return hashlib.sha256(json.dumps(game.records).encode()).hexdigest()[:16]


def record(reference, path: Path) -> None:
    """The fingerprints of the SLICE's games played by the reference agent, into ``path``."""
    from condottiere_nb import play_game
    out = []
    for name, n, seed, explain in SLICE:
        seats = [reference(seed * 7 + i) for i in range(n)]       # as play_game seats "heuristic"
        game = play_game(seats, seed, name, explain=explain).game
        out.append({"ruleset": name, "players": n, "seed": seed, "explain": explain,
                    "actions": len(game.actions), "fingerprint": fingerprint(game)})
    path.write_text(json.dumps(out, indent=1) + "\n")
    print(f"{len(out)} games, {sum(g['actions'] for g in out):,} actions recorded in {path}")


def main(argv=None) -> int:
    from condottiere_nb import Game, RulesError
    from condottiere_nb.rulesets import RULESETS
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300, help="seeds per ruleset and player count (default 300)")
    ap.add_argument("--rev", default=REFERENCE, help=f"the reference commit (default {REFERENCE})")
    ap.add_argument("--rulesets", nargs="*", default=None, help="default: every named ruleset")
    ap.add_argument("--players", nargs="*", type=int, default=[2, 3, 4, 5, 6])
    ap.add_argument("--record", type=Path, help="write the fingerprints of the test's slice (see SLICE) here, "
                                                "played by the reference agent, and stop")
    args = ap.parse_args(argv)
    reference = reference_agent(args.rev)
    if args.record:
        record(reference, args.record)
        return 0
    total_games = total_decisions = 0
    t0 = time.perf_counter()
    for name in args.rulesets or list(RULESETS):
        for n in args.players:
            try:
                Game(n, name, 0, explain=False)
            except RulesError:
                continue
            games = decisions = 0
            for seed in range(args.games):
                decisions += lockstep(reference, name, n, seed, mixed=seed % 4 == 3)
                games += 1
            total_games += games
            total_decisions += decisions
            print(f"{name:<18} {n}p  {games:>5} games  {decisions:>9,} decisions  identical", flush=True)
    print(f"all identical: {total_games:,} games, {total_decisions:,} heuristic decisions compared with "
          f"the agent of {args.rev} ({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
