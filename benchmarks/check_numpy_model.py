"""The vectorised battle model against the engine: random battles of every ruleset it claims.

The interaction checker counts battles with ``condottiere_nb/explore/numpy_model.py``, a second
statement of the battle rules kept for speed.  This plays ``--battles`` random battles (default
100,000) of each ruleset the model claims (``numpy_model.claimed_rulesets()``: the named rulesets
it takes and each value of each battle reading it models), two to four players, through
``Battle(..., explain=False)``'s play / pass_turn / resolve and through the model, and compares
the winner, the token holder and every strength; about one battle in ten ends in a play the
engine refuses, which the model must refuse too.

Prints, per ruleset, the battles that agree, those refused by both and the mismatches (the
first few in battle notation); the exit code is 1 on any mismatch.  The test suite runs a slice
(tests/test_numpy_model.py).

Run:  python benchmarks/check_numpy_model.py [--battles N] [--seed S] [--ruleset NAME ...]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from condottiere_nb.explore.numpy_model import check_against_engine, claimed_rulesets  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--battles", type=int, default=100_000, help="random battles per ruleset (default 100,000)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the random battles (default 0)")
    ap.add_argument("--ruleset", action="append", help="only this claimed ruleset (repeatable); default: all")
    args = ap.parse_args(argv)
    claimed = claimed_rulesets()
    names = args.ruleset or list(claimed)
    unknown = [n for n in names if n not in claimed]
    if unknown:
        ap.error(f"not a ruleset the model claims: {', '.join(unknown)}; it claims: {', '.join(claimed)}")
    start = time.perf_counter()
    agreed = refused = mismatched = 0
    for name in names:
        result = check_against_engine(claimed[name], args.battles, args.seed, name)
        print(result, flush=True)
        for line in result.mismatches[:5]:
            print("   ", line)
        agreed, refused, mismatched = agreed + result.battles, refused + result.refused, \
            mismatched + len(result.mismatches)
    print(f"{len(names)} rulesets, {agreed + refused + mismatched} battles: {agreed} agree, {refused} refused "
          f"by both, {mismatched} mismatches ({time.perf_counter() - start:.0f} s, seed {args.seed})")
    return 1 if mismatched else 0


if __name__ == "__main__":
    sys.exit(main())
