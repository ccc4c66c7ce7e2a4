"""Soak: many seeded random games across every named ruleset, every invariant checked.

Plays ``--games`` games (default 100,000), cycling through every ruleset in RULESETS and
every player count from 2 to 6 that it allows, each decision a seeded uniform choice among
``legal_actions()``.  After every action: every card of the deck is in exactly one place.
At every token placement: no Favor there, no control marker (except under Invasion).  After
every battle: the winner has the single highest strength, the token holder is a player.  At
the end: the winners meet the ending the game names (condottiere_nb.explore.check_game).

Prints the count of games, actions and violations; the exit code is 1 on any violation.
Ctrl-C stops cleanly and reports the games played so far.  CI runs a 200-game slice
(tests/test_soak_slice.py).

Run:  python benchmarks/soak.py [--games N] [--seed S] [--ruleset NAME ...]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from condottiere_nb.explore import TextProgress, soak  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100_000, help="games to play (default 100,000)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    ap.add_argument("--ruleset", action="append", help="only this ruleset (repeatable); default: all named")
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    args = ap.parse_args(argv)
    result = soak(args.games, rulesets=args.ruleset, seed=args.seed,
                  progress=None if args.quiet else TextProgress())
    print(result.summary())
    return 1 if result.violations else 0


if __name__ == "__main__":
    sys.exit(main())
