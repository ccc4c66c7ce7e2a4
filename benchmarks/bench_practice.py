"""Time per generated exercise (issue 32: "one exercise in well under 50 ms on one core"), per rule
id of a ruleset (the battle's rules, then the rules of the game around the battles, whose exercises
are Game positions, with the slowest single exercise of each), and the time the Practice model takes
to answer (check, feedback and the engine's explanation in the learner's language).

    python benchmarks/bench_practice.py                 # standard, 40 exercises a rule
    python benchmarks/bench_practice.py --ruleset hidden-cards --count 20

Each figure is CPU time of this process (one core; the machine is shared, so wall-clock time would
count the other processes too), the best of --repeat runs, in milliseconds per exercise.
"""
from __future__ import annotations

import argparse
import time

from condottiere_nb.practice import exercises, practisable
from condottiere_nb.practice.games import GAME_ASKS
from condottiere_nb.views.practice_model import PracticeModel


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="standard")
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    rules = practisable(args.ruleset)
    print(f"{'rule id':24} ms per exercise ({args.count} exercises, best of {args.repeat}, ruleset {args.ruleset})")
    total = 0.0
    game_rules = [r for r in rules if r in GAME_ASKS]
    for rule in rules:
        if rule == (game_rules or [None])[0]:
            print(f"{'the game around the battles':34} slowest single exercise (seeds 1 to {args.count})")
        t = best(lambda: exercises(rule, count=args.count, seed=1, ruleset=args.ruleset), args.repeat)
        total += t
        if rule in GAME_ASKS:
            slowest = max(best(lambda: exercises(rule, count=1, seed=s, ruleset=args.ruleset), 1)
                          for s in range(1, args.count + 1))
            print(f"{rule:24} {t / args.count * 1000:8.2f}  {slowest * 1000:8.2f}")
        else:
            print(f"{rule:24} {t / args.count * 1000:8.2f}")
    print(f"{'all rules':24} {total / (args.count * len(rules)) * 1000:8.2f}")
    count_rules = [r for r in ("season.winter", "card.drummer", "season.spring", "strength.characters") if r in rules]
    for level in (2, 3):
        mixed = best(lambda: exercises(count_rules, count=args.count, seed=2, ruleset=args.ruleset, level=level),
                     args.repeat)
        print(f"{f'the count, level {level}':24} {mixed / args.count * 1000:8.2f}")
    model = PracticeModel(rules, count=10, seed=3, ruleset=args.ruleset)

    def answer_all():
        for i, ex in enumerate(model.items):
            model.index = i
            model.tried = False
            model.answer("nobody")
            model.answer(ex.answer)
    t = best(answer_all, args.repeat)
    print(f"{'answering (model)':24} {t / (2 * len(model.items)) * 1000:8.2f}  (check, feedback, explanation)")
    if game_rules:
        model = PracticeModel(game_rules, count=10, seed=3, ruleset=args.ruleset)
        t = best(answer_all, args.repeat)
        print(f"{'answering (game)':24} {t / (2 * len(model.items)) * 1000:8.2f}  (check, feedback, explanation)")


if __name__ == "__main__":
    main()
