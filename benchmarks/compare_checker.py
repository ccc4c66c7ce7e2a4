"""Does the interaction checker still count the same?  Its enumeration now merges the play
orders that reach the same battle; this script runs it and the enumeration of a reference
commit (by default the one this line of work started from, read from git) on the same
comparisons, and checks that every count and every smallest example is the same, with the CPU
seconds of each.  tests/test_explore.py holds the enumeration equal to the engine's, battle by
battle, on small bounds.

Run:  python benchmarks/compare_checker.py [--rev 7de3213] [--quick]
"""
from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

REFERENCE = "7de3213"

CASES = [
    dict(a=True, b=False, option="courtesan_token", max_cards=3),
    dict(a="standard", b="city-states-final", max_cards=3),
    dict(a="reveal", b="on_play", option="face_down_specials", base="hidden-cards", max_cards=3,
         kinds=("10", "5", "winter", "spring", "bishop", "courtesan", "surrender")),
    dict(a="printed", b="effective", option="spring_highest", max_cards=3,
         kinds=("10", "5", "2", "winter", "spring", "drummer", "scarecrow")),
    dict(a="standard", b="hidden-cards", max_cards=2),
    dict(a="highest", b="drummers_and_highest", option="bishop_targets", players=3, max_cards=2),
    dict(a=True, b=False, option="courtesan_token", max_cards=5, kinds=("10", "5", "courtesan", "winter")),
    dict(a=True, b=False, option="courtesan_token", max_cards=4),
    dict(a="standard", b="city-states-final", max_cards=4),
]


def reference_enumeration(rev: str):
    """enumerate_numpy of ``rev``, loaded as a module of this package."""
    text = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:condottiere_nb/explore/numpy_model.py"],
                          capture_output=True, text=True, check=True).stdout
    path = Path(tempfile.mkdtemp()) / "numpy_model_reference.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("condottiere_nb.explore.numpy_model_reference", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.enumerate_numpy


def figures(report) -> tuple:
    return (report.battles, report.only_a, report.only_b, report.winner_differs, report.token_differs,
            report.either_differs, report.strengths_differ,
            [(d.kind, d.count, d.notation) for d in report.divergences])


def main(argv=None) -> int:
    from condottiere_nb.explore import check_interactions, interactions
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rev", default=REFERENCE, help=f"the reference commit (default {REFERENCE})")
    ap.add_argument("--quick", action="store_true", help="leave out the four-card comparisons")
    args = ap.parse_args(argv)
    reference = reference_enumeration(args.rev)
    ours = interactions.enumerate_numpy
    bad = 0
    print(f"{'battles':>14} {'reference s':>11} {'now s':>7}  same  comparison")
    for kw in CASES[:-2] if args.quick else CASES:
        timings, found = [], []
        for fn in (reference, ours):
            interactions.enumerate_numpy = fn
            t = time.process_time()
            found.append(figures(check_interactions(**kw, explain=False)))
            timings.append(time.process_time() - t)
        interactions.enumerate_numpy = ours
        same = found[0] == found[1]
        bad += not same
        print(f"{found[1][0]:>14,} {timings[0]:>11.2f} {timings[1]:>7.2f}  {'yes' if same else 'NO'}   {kw}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
