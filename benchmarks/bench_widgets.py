"""How long from a click to updated HTML in the widgets (target: under 20 ms each).

Measures, with no kernel attached (the comm is a no-op, so this is the Python side of a
click: engine call, model update, every widget re-rendered):

* adding a card: one palette button click in a BattleBuilder with a few cards in play;
* stepping: one Next click through a 6-player resolution (every step, end to end);
* loading a 6-player battle from notation and resolving it (opens the stepper);
* a move in a GameExplorer: a region clicked on the map, a card of the hand played.

Run: ``python benchmarks/bench_widgets.py``.  Prints medians and 90th percentiles.  The same clicks
in a browser, kernel and rendering included: ``python benchmarks/bench_browser.py``.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from condottiere_nb.views import BattleBuilder, GameExplorer  # noqa: E402

SIX = ("[A B C D E F] A 10, B 6, C 5, D drummer, E spring, F heroine, A 3, B courtesan, C 10, "
       "D winter, E bishop, F 2, A drummer, B 4, C courtesan, D 1, E 10, F scarecrow>2, A 6, B 5")


def ms(seconds: float) -> float:
    return seconds * 1000


def report(name: str, times: list[float]) -> float:
    med = statistics.median(times)
    p90 = sorted(times)[int(0.9 * (len(times) - 1))]
    print(f"{name:<46} median {ms(med):6.2f} ms   p90 {ms(p90):6.2f} ms   (n={len(times)})")
    return med


def bench_add_card(rounds: int = 40) -> float:
    times = []
    cycle = ["10", "5", "drummer", "3", "courtesan", "6"]
    for r in range(rounds):
        bb = BattleBuilder(players=["A", "B", "C", "D", "E", "F"])
        for k in cycle[:3]:
            bb.palette[k].click()
        kind = cycle[3 + r % 3]
        t = time.perf_counter()
        bb.palette[kind].click()
        _ = bb.battle_view.value
        times.append(time.perf_counter() - t)
    return report("add a card (palette click -> battle HTML)", times)


def bench_add_card_with_stepper_open(rounds: int = 40) -> float:
    times = []
    for r in range(rounds):
        bb = BattleBuilder(notation=SIX)
        bb.undo_button.click()
        bb.resolve_button.click()
        t = time.perf_counter()
        bb.palette["1"].click()
        _ = bb.stepper.lines.value
        times.append(time.perf_counter() - t)
    return report("add a card, stepper open (re-resolves)", times)


def bench_step(rounds: int = 5) -> float:
    times = []
    for _ in range(rounds):
        bb = BattleBuilder(notation=SIX)
        bb.resolve_button.click()
        st = bb.stepper
        while not st.next_button.disabled:
            t = time.perf_counter()
            st.next_button.click()
            _ = st.lines.value
            times.append(time.perf_counter() - t)
    return report("Next step, 6-player resolution", times)


def bench_resolve(rounds: int = 20) -> float:
    times = []
    for _ in range(rounds):
        bb = BattleBuilder(notation=SIX)
        t = time.perf_counter()
        bb.resolve_button.click()
        _ = bb.stepper.lines.value
        times.append(time.perf_counter() - t)
    return report("Resolve 6 players (opens the stepper)", times)


def bench_game_move(rounds: int = 20) -> float:
    times = []
    for seed in range(rounds):
        ge = GameExplorer(seed=seed)
        region = next(r for r, b in ge.map.buttons.items() if b.layout.display == "")
        t = time.perf_counter()
        ge.map.buttons[region].click()
        times.append(time.perf_counter() - t)
        t = time.perf_counter()
        ge.hand_buttons[0].click()
        times.append(time.perf_counter() - t)
    return report("a move in a GameExplorer (map, then a card)", times)


def main() -> None:
    BattleBuilder(notation=SIX).resolve_button.click()          # warm-up: imports, caches
    print("bench_widgets: click -> updated HTML, Python side, no kernel")
    results = [bench_add_card(), bench_add_card_with_stepper_open(), bench_step(), bench_resolve(), bench_game_move()]
    worst = max(results[:3])
    print(f"target 20 ms for adding a card and stepping: {'met' if worst < 0.020 else 'NOT met'} "
          f"(slowest median {ms(worst):.2f} ms)")


if __name__ == "__main__":
    main()
