"""A slice of benchmarks/fuzz_saves.py: random edits of saved games of every named ruleset give a
RulesError, or (when the edit is harmless) a game that saves back to the same data; never another
exception, never a file past the time or memory bound (the full run tries 5,000 files or more)."""
import importlib.util
import random
import sys
from pathlib import Path

import pytest

from condottiere_nb import RULESETS, Game

PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "fuzz_saves.py"
spec = importlib.util.spec_from_file_location("fuzz_saves", PATH)
fuzz_saves = sys.modules["fuzz_saves"] = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fuzz_saves)


@pytest.fixture(scope="module")
def saves():
    return fuzz_saves.base_saves(seed=7)


def test_the_saves_cover_every_named_ruleset_and_load_back(saves):
    names = {Game.from_json(text).ruleset.name for text in saves}
    assert set(RULESETS) <= names and "continuous-war+invasion" in names and "short-hands" in names
    report = fuzz_saves.Report()
    for text in saves:
        fuzz_saves.try_file("untouched", text, report, memory=False)
    assert report.loaded == len(saves) and not report.crashes


def test_tampered_saves_give_a_rules_error_or_the_same_game(saves):
    report = fuzz_saves.fuzz(250, seed=7, saves=saves)
    assert report.files == 250 and report.refused + report.loaded == 250, report.summary()
    assert report.crashes == [], report.summary()
    assert report.refused > 200 and report.loaded >= 1          # the edits reach past the first checks
    assert report.slowest < fuzz_saves.TIME_LIMIT and report.peak < fuzz_saves.MEMORY_LIMIT


def test_the_fuzzer_counts_what_it_must_count():
    report = fuzz_saves.Report()
    fuzz_saves.try_file("not a game", "[]", report)
    fuzz_saves.try_file("a game", Game(2, seed=1).to_json(), report)
    assert (report.files, report.refused, report.loaded, report.crashes) == (2, 1, 1, [])
    edits = {fuzz_saves.tampered(Game(2, seed=1).to_json(), random.Random(i), [])[0].split(" at ")[0]
             for i in range(300)}
    assert {"value", "retype", "remove", "add", "duplicate", "swap", "nudge", "nest", "number", "string",
            "list multiply", "whole file replaced", "bytes corrupted"} <= edits
