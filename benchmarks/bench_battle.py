"""How many battle resolutions per second, with and without the explanation.

A fixed, seeded mix of 2-6 player battles (standard and hidden-cards rulesets, every
kind of card) is built once; then each battle is resolved many times through
``Battle.preview()`` (resolve as if everyone passed now, the battle left open):

* explained: battles built with ``explain=True``; every resolution makes its Steps
  (strength.printed, season.winter, ..., token.condottiere) with their texts;
* fast: the same battles built with ``explain=False``; no Step objects, the same
  strengths, winner, token holder and Favor (tests/test_battle_properties.py checks it).

Run:  python benchmarks/bench_battle.py [--battles N] [--seconds S] [--profile]
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from condottiere_nb import Battle  # noqa: E402
from condottiere_nb.cards import STANDARD_COUNTS  # noqa: E402
from condottiere_nb.errors import IllegalMove  # noqa: E402

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay"]
KINDS = list(STANDARD_COUNTS)
WEIGHTS = list(STANDARD_COUNTS.values())


def random_moves(rng: random.Random, hidden: bool, n_players: int) -> list[tuple]:
    """A plausible battle as (player, kind, face_down, take) moves, None kind for a pass."""
    players = NAMES[:n_players]
    moves = []
    active = list(players)
    turns = rng.randint(4, 6 * n_players)
    i = 0
    for _ in range(turns):
        if not active:
            break
        p = active[i % len(active)]
        i += 1
        if rng.random() < 0.08:
            moves.append((p, None, False, None))
            active.remove(p)
            continue
        kind = rng.choices(KINDS, WEIGHTS)[0]
        face_down = hidden and kind.isdigit() and rng.random() < 0.3
        take = "?" if kind == "scarecrow" else None
        moves.append((p, kind, face_down, take))
    return moves


def build(moves, players, ruleset, explain: bool) -> Battle:
    b = Battle(players, ruleset, explain=explain)
    for p, kind, face_down, take in moves:
        try:
            if kind is None:
                b.pass_turn(p)
            elif kind == "scarecrow":
                own = [c for c in b.lines[p] if c.mercenary and c.id not in b.face_down]
                b.play(p, kind, take=own[-1] if own else None)
            else:
                b.play(p, kind, face_down=face_down)
        except IllegalMove:
            pass  # a deck limit or the battle already surrendered: skip the move
    return b


def battle_set(n: int, seed: int = 2006):
    """n battle scripts, the same every run: (players, ruleset, moves)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        k = rng.randint(2, 6)
        ruleset = "hidden-cards" if rng.random() < 0.15 else "standard"
        out.append((NAMES[:k], ruleset, random_moves(rng, ruleset == "hidden-cards", k)))
    return out


def rate(battles, seconds: float, rounds: int = 5) -> tuple[float, float]:
    """Resolutions per second of CPU time on one core: the best and the median of the
    timed passes over the set (at least ``rounds``, within about ``seconds``).  The
    machine is shared by other jobs, so passes are timed with the process's CPU clock,
    which does not run while another job has the core."""
    per_pass = []
    deadline = time.perf_counter() + seconds
    while len(per_pass) < rounds or time.perf_counter() < deadline:
        start = time.process_time()
        for b in battles:
            b.preview()
        per_pass.append(len(battles) / max(time.process_time() - start, 1e-9))
        if len(per_pass) >= 200:
            break
    per_pass.sort()
    return per_pass[-1], per_pass[len(per_pass) // 2]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--battles", type=int, default=500, help="battles in the mixed set (default 500)")
    ap.add_argument("--seconds", type=float, default=2.0, help="time per measurement (default 2)")
    ap.add_argument("--profile", action="store_true", help="print the cProfile hot spots as well")
    args = ap.parse_args(argv)

    scripts = battle_set(args.battles)
    explained = [build(m, p, r, True) for p, r, m in scripts]
    fast = [build(m, p, r, False) for p, r, m in scripts]
    for a, b in zip(explained, fast):  # the two paths must agree before we time them
        ra, rb = a.preview(), b.preview()
        assert (ra.strengths, ra.winner, ra.token_holder, ra.favor) == \
               (rb.strengths, rb.winner, rb.token_holder, rb.favor), a.notation()

    sizes = [len(b.players) for b in explained]
    cards = sum(len(ln) for b in explained for ln in b.lines.values()) / len(explained)
    steps = sum(len(b.preview().steps) for b in explained) / len(explained)
    print(f"{len(scripts)} battles: {min(sizes)}-{max(sizes)} players, "
          f"{sum(r == 'hidden-cards' for _, r, _ in scripts)} with hidden cards, "
          f"{cards:.1f} cards in play and {steps:.1f} steps per battle on average")
    rows = []
    for label, battles, target in (("explained (Steps)", explained, 20_000),
                                   ("fast (no Steps)", fast, 100_000)):
        best, median = rate(battles, args.seconds)
        rows.append((label, best, median, target))
    print(f"{'path':<20}{'best/s':>10}{'us each':>9}{'median/s':>10}{'target/s':>10}  ok")
    for label, best, median, target in rows:
        print(f"{label:<20}{best:>10,.0f}{1e6 / best:>9.1f}{median:>10,.0f}{target:>10,}  "
              f"{'yes' if best >= target else 'NO'}")

    if args.profile:
        import cProfile
        import pstats
        for label, battles in (("explained", explained), ("fast", fast)):
            print(f"\n--- cProfile, {label} path ---")
            prof = cProfile.Profile()
            prof.enable()
            for _ in range(20):
                for b in battles:
                    b.preview()
            prof.disable()
            pstats.Stats(prof).sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()
