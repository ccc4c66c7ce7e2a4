"""Wrong actions at length: random games of every named ruleset and player count, with wrong
actions tried at every decision (cards from every wrong place, wrong types, other phases' and
variants' actions).  Prints the games, the wrong actions tried, how many were refused with a
RulesError, and the accepted-though-illegal and crash counts (both must be 0); exits 1 otherwise.

Run:  python benchmarks/fuzz_actions.py [--games 20] [--seed 0]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from condottiere_nb import RULESETS  # noqa: E402
from condottiere_nb.explore.wrong_actions import fuzz_wrong_actions  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games per ruleset and player count (default 20)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    start = time.perf_counter()
    report = fuzz_wrong_actions(list(RULESETS), games=args.games, seed=args.seed)
    print(report.summary(), f"in {time.perf_counter() - start:.0f} s")
    for example in report.examples[:20]:
        print("  ", example)
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
