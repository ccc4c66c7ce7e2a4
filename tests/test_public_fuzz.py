"""A slice of benchmarks/fuzz_public.py (issue 31): calls of every public function, constructor and
method with values of the wrong type, out of range, huge, empty, NaN, negative, in other scripts and
from the rest of the API give a refusal (a RulesError, or a view model's False and error message),
never another exception, never an object changed by a refused call, never a call past the time or
memory bound; a value of a type a parameter never takes is never accepted silently.  Deterministic:
hypothesis draws from a fixed seed.  (The defects found in files other engineers are changing are
counted apart, in ``others``, and listed in the fuzzer's KNOWN.)"""
import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("hypothesis")
pytest.importorskip("ipywidgets")     # the fuzzer calls the views' models too: the lab extra

PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "fuzz_public.py"
spec = importlib.util.spec_from_file_location("fuzz_public", PATH)
fuzz_public = sys.modules["fuzz_public"] = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fuzz_public)


def test_the_fuzzer_reaches_every_public_module_and_the_objects_methods():
    names = {t.name for t in fuzz_public.targets()}
    assert {"Game", "Battle", "simulate", "soak", "check_interactions", "map_svg", "BuilderModel",
            "GameModel", "Match", "variant_balance", "battle_readings"} <= names
    assert {"Game.apply", "Battle.play", "BuilderModel.set_players", "GameModel.new_game", "Match.apply"} <= names
    assert len(names) > 100


def test_a_slice_of_the_public_fuzzer_finds_nothing():
    report = fuzz_public.fuzz(400, seed=31, memory=True)
    assert report.calls == 400 and report.refused > 200, report.summary()
    assert (report.crashes, report.silent, report.corruptions, report.runaways) == ([], [], [], []), \
        report.summary()
    assert report.slowest < fuzz_public.TIME_LIMIT and report.peak < fuzz_public.MEMORY_LIMIT


def test_the_fuzzer_tells_a_crash_a_silent_acceptance_and_a_corruption():
    """The fuzzer's own judgement, on calls whose outcome is known."""
    target = next(t for t in fuzz_public.targets() if t.name == "BuilderModel.set_players")
    report = fuzz_public.Report()
    fuzz_public.try_call(target, {"names": ["Ana", "Cy"]}, report, memory=False)      # a valid change
    fuzz_public.try_call(target, {"names": "Ana"}, report, memory=False)              # refused
    assert report.accepted == 1 and report.refused == 1 and not report.bad

    def crashes(x):
        return x.missing

    def accepts(title):
        return title

    for fn, param in ((crashes, "x"), (accepts, "title")):
        fuzz_public.try_call(fuzz_public.Target(fn.__name__, fn, [(param, 1, False)]), {param: 5}, report,
                             memory=False)
    box = fuzz_public.Target("Box.put", "put", [("x", 1, False)], make=Box, fingerprint=lambda b: list(b.items))
    fuzz_public.try_call(box, {"x": 5}, report, memory=False)
    assert [c[0] for c in report.crashes] == ["crashes"] and [c[0] for c in report.silent] == ["accepts"]
    assert [c[0] for c in report.corruptions] == ["Box.put"]


class Box:
    def __init__(self):
        self.items = []

    def put(self, x):
        self.items.append(x)
        raise fuzz_public.RulesError("refused, after changing the box")


def test_none_where_none_is_the_default_is_not_a_silent_acceptance():
    """BuilderModel(notation=None) is the empty builder: what leaving notation out gives."""
    target = next(t for t in fuzz_public.targets() if t.name == "BuilderModel")
    report = fuzz_public.Report()
    fuzz_public.try_call(target, {"notation": None}, report, memory=False)
    fuzz_public.try_call(target, {"notation": 5}, report, memory=False)
    assert report.silent == [] and report.accepted + report.refused == 2


def test_a_long_job_asked_for_is_stopped_not_judged_a_runaway():
    """simulate(n=106196) is a lab job the engine allows (lazily, in bounded memory): stopped at the
    time limit, it is an accepted call; a call that runs past the limit without asking is a runaway."""
    import time

    def lab(n):
        time.sleep(3)

    report = fuzz_public.Report()
    old = fuzz_public.TIME_LIMIT
    fuzz_public.TIME_LIMIT = 0.5
    try:
        fuzz_public.try_call(fuzz_public.Target("lab", lab, [("n", 1, False)]), {"n": 106196}, report, memory=False)
        fuzz_public.try_call(fuzz_public.Target("lab", lab, [("n", 1, False)]), {"n": 5}, report, memory=False)
    finally:
        fuzz_public.TIME_LIMIT = old
    assert report.accepted == 1 and len(report.runaways) == 1
