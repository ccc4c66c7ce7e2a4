"""How fast the exploration tools run: the interaction checker's enumerated battles per
second (target >= 200,000 on one core), battle-odds rollouts per second and variant-balance
games per second.

The interaction checker is timed on three comparisons that exercise its two regimes:

* an option read only at resolution (courtesan_token True/False): both rulesets share
  the battle states, only the outcome is computed twice;
* an option that changes on-play effects (face_down_specials 'reveal' vs 'on_play' under
  hidden cards, with face-down plays doubling the moves): two sets of states side by side;
* two named rulesets (standard vs city-states-final: the Bishop and the token differ).

The odds are timed to a precision: every action of a three-player decision with six candidate
actions within plus or minus 2 points at 95% (or, deal by deal, below the best; plus or minus 5 with
--quick), the rollouts a second counted over the battles that took.

Times are CPU seconds of this process (time.process_time), so other jobs on the machine
slow the figures less than wall-clock time would.

Run:  python benchmarks/bench_explore.py [--quick] [--full | --five]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from condottiere_nb.explore import battle_odds, check_interactions, variant_balance  # noqa: E402

CASES = [
    ("courtesan_token True/False, 2p x {n} cards",
     dict(a=True, b=False, option="courtesan_token")),
    ("face_down_specials reveal/on_play, 2p x 3 cards",
     dict(a="reveal", b="on_play", option="face_down_specials", base="hidden-cards", max_cards=3,
          kinds=("10", "5", "winter", "spring", "bishop", "courtesan", "surrender"))),
    ("standard vs city-states-final, 2p x {n} cards",
     dict(a="standard", b="city-states-final")),
]


def timed(fn):
    cpu0, wall0 = time.process_time(), time.perf_counter()
    out = fn()
    return out, time.process_time() - cpu0, time.perf_counter() - wall0


def measure(quick: bool = False, full: bool = False, five: bool = False) -> list[dict]:
    """Rows of {name, value, unit, target, detail}: the figures this script prints.
    ``full``: four cards a player where the table says {n} (about 28 million battles each);
    ``five``: five (about two billion)."""
    rows = []
    cards = 5 if five else 4 if full else 3
    for label, kw in CASES:
        kw = {"max_cards": cards, **kw}
        label = label.format(n=cards)
        rep, cpu, wall = timed(lambda: check_interactions(**kw, explain=False))
        n = rep.battles + rep.only_a + rep.only_b
        rows.append({"name": f"interaction checker: {label}", "value": n / cpu, "unit": "battles/s",
                     "target": 200_000,
                     "detail": f"{n:,} battles in {cpu:.2f}s CPU ({wall:.2f}s wall); "
                               f"{rep.either_differs:,} differ"})
    precision = 0.05 if quick else 0.02
    odds, cpu, wall = timed(lambda: battle_odds("[Ana Ben Cy] Ana 10, Ben 6, Cy 5",
                                                hand=["5", "winter", "bishop", "courtesan", "2"],
                                                others=5, precision=precision))
    rows.append({"name": "battle odds: Monte Carlo rollouts (3 players, heuristic)", "value": odds.rollouts / cpu,
                 "unit": "rollouts/s", "target": None,
                 "detail": f"{len(odds.actions)} actions to +/-{100 * precision:g} points at 95%: "
                           f"{odds.rollouts:,} battles played out in {cpu:.2f}s CPU"})
    games = 4 if quick else 12
    rep, cpu, wall = timed(lambda: variant_balance(["standard"], players=(4,), games=games))
    rows.append({"name": "variant balance: 4-player heuristic games", "value": games / cpu, "unit": "games/s",
                 "target": None, "detail": f"{games} games, {rep.rows[0].battles} battles, with the "
                                           f"counterfactual replays that decide 'decides'"})
    return rows


def show(rows: list[dict]) -> None:
    print(f"{'measure':<62}{'per second':>14}  {'target':>9}  ok")
    for r in rows:
        target = f"{r['target']:,}" if r["target"] else "-"
        ok = "" if not r["target"] else ("yes" if r["value"] >= r["target"] else "NO")
        print(f"{r['name']:<62}{r['value']:>14,.0f}  {target:>9}  {ok}")
        print(f"    {r['detail']}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer odds samples and balance games")
    ap.add_argument("--full", action="store_true", help="four cards a player (a few seconds a case)")
    ap.add_argument("--five", action="store_true", help="five cards a player (up to a minute a case)")
    args = ap.parse_args(argv)
    show(measure(args.quick, args.full, args.five))


if __name__ == "__main__":
    main()
