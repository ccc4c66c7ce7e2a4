"""Tamper fuzzer for saved games: random edits of real saves, and only RulesError may come out.

Saves seeded random games of every named ruleset (and a combination of Vietnamese variants, and
a custom ruleset), at their start, in the middle and at the end, some with a stated setup.  Each
file tried is one of them with one to three random edits: a value replaced (by junk of every
type, a huge number, a long string, deep nesting, another player, region or card), a type
changed, a key removed, added or written twice, list entries removed, duplicated, swapped or
multiplied, card ids swapped, another ruleset's options or name, the text cut, corrupted or
replaced by something else entirely.  Each is loaded with ``Game.from_json``; the outcome is:

* refused: a RulesError (the expected answer to almost every edit);
* loaded: the edit happened to be harmless, and then the game must save back to the same data;
* a crash: any other exception, a RulesError that only wraps an engine error (the loader's
  last guard), a load that saves back to other data (an edit silently accepted), or a file past
  the time or memory bound (TIME_LIMIT seconds of CPU, MEMORY_LIMIT bytes traced).

Prints the counts (files, refused, loaded, crashes, slowest file, peak memory) and every crash;
the exit code is 1 on any crash.  CI runs a slice (tests/test_tamper_fuzz.py).

Run:  python benchmarks/fuzz_saves.py [--files N] [--seed S] [--no-memory]
"""
from __future__ import annotations

import argparse
import copy
import json
import random
import sys
import time
import tracemalloc
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from condottiere_nb import RULESETS, Game, RulesError, get_ruleset  # noqa: E402
from condottiere_nb import board  # noqa: E402
from condottiere_nb.cards import KINDS  # noqa: E402
from condottiere_nb.game import persist  # noqa: E402

TIME_LIMIT = 1.0                # CPU seconds to load or refuse one file
MEMORY_LIMIT = 10 * 2 ** 20     # bytes traced (tracemalloc) while loading one file


# -- the saved games the edits start from -------------------------------------------------------------

def _play(game: Game, rng: random.Random, moves: int) -> Game:
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def base_saves(seed: int = 0) -> list[str]:
    """Saved games (JSON text) of every named ruleset and more, at several points of a game."""
    rng = random.Random(seed)
    custom = get_ruleset("standard").replace(name="short-hands", hand_size=7, keep_cards=1,
                                             deck=(("1", 6), ("5", 6), ("10", 4), ("bishop", 2), ("scarecrow", 4),
                                                   ("winter", 1), ("heroine", 1)))
    rulesets = [*RULESETS, "continuous-war+invasion", custom]
    texts = []
    for i, rs in enumerate(rulesets):
        name = rs if isinstance(rs, str) else rs.name
        low = 3 if name == "city-states" else 2
        for moves in (0, 40, 10_000):
            n = rng.randint(low, 6)
            kw = {}
            if moves == 40 and i % 2 == 0 and name not in ("city-states", "fa-tutorial"):
                kw = {"hands": {"Ana": ["5", "winter"]}, "control": {"Parma": "Ben"}, "favor": "Roma"}
            game = Game(n, rs, seed=rng.choice([i * 10 + moves, f"seed {i}"]), explain=False, **kw)
            texts.append(_play(game, rng, moves).to_json())
    return texts


# -- the edits --------------------------------------------------------------------------------------------

RAW = "@@raw{}@@"          # a marker string replaced by raw text after json.dumps


def _paths(node, path=(), rng=None, out=None):
    """Every path (a tuple of keys and indices) in the data; long lists are sampled."""
    out = [] if out is None else out
    if isinstance(node, dict):
        items = list(node.items())
    elif isinstance(node, list):
        items = list(enumerate(node))
        if len(items) > 8:
            items = rng.sample(items, 8)
    else:
        return out
    for key, value in items:
        out.append(path + (key,))
        _paths(value, path + (key,), rng, out)
    return out


def _get(data, path):
    for key in path:
        data = data[key]
    return data


def _set(data, path, value):
    _get(data, path[:-1])[path[-1]] = value


def _junk(rng: random.Random, data):
    """A value of any type, often one that means something somewhere in a saved game."""
    players = data.get("players") if isinstance(data, dict) and isinstance(data.get("players"), list) else []
    choices = [
        lambda: None, lambda: True, lambda: False, lambda: rng.randint(-3, 400),
        lambda: rng.choice([0, 1, -1, 109, 110]),
        lambda: 10 ** rng.randint(9, 60), lambda: rng.choice([2.5, 1.0, -0.0, 1e300]),
        lambda: rng.choice(board.REGIONS), lambda: rng.choice(board.REGIONS).lower(),
        lambda: rng.choice(players) if players else "Ana", lambda: "Zed", lambda: "",
        lambda: rng.choice(list(KINDS)), lambda: rng.choice(list(RULESETS)), lambda: "x" * rng.randint(1, 3000),
        lambda: rng.choice(["pass", "play", "token", "keep", "favor", "discard", "city", "ability", "ball"]),
        lambda: [], lambda: {}, lambda: [rng.randint(0, 120)], lambda: {"a": 1},
        lambda: [["play", rng.randint(0, 120), False, None]], lambda: [[1]] * rng.randint(1, 3),
        lambda: rng.choice(["standard", "10", "1e3", "null", "true"]),
    ]
    return rng.choice(choices)()


def _retyped(value, rng):
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return rng.choice([str(value), float(value), bool(value % 2), [value]])
    if isinstance(value, str):
        return int(value) if value.isdigit() else rng.choice([[value], {value: value}, value.upper()])
    if isinstance(value, list):
        return rng.choice([{str(i): v for i, v in enumerate(value)}, value[:1], None])
    if isinstance(value, dict):
        return rng.choice([list(value.values()), list(value), None])
    return rng.choice([0, "", []])


def edit(data, rng: random.Random, others: list, raws: dict) -> str:
    """One random edit of ``data`` (changed in place); returns what it did."""
    paths = _paths(data, rng=rng)
    path = rng.choice(paths) if paths else ()
    kind = rng.choice(["value", "value", "value", "retype", "remove", "add", "list", "list", "swap", "ruleset",
                       "ruleset", "nudge", "nudge", "duplicate", "nest", "number", "string"])
    if not path:
        kind = "value"
    if kind == "value" and path:
        _set(data, path, _junk(rng, data))
    elif kind == "retype":
        _set(data, path, _retyped(_get(data, path), rng))
    elif kind in ("remove", "add", "duplicate"):
        dicts = [p for p in [()] + paths if isinstance(_get(data, p), dict)]
        target = _get(data, rng.choice(dicts))
        keys = list(target)
        if kind == "remove" and keys:
            del target[rng.choice(keys)]
        elif kind == "duplicate" and keys:
            marker = RAW.format(len(raws))
            key = rng.choice(keys)
            raws[json.dumps(marker)] = json.dumps(key)
            target[marker] = rng.choice([copy.deepcopy(target[key]), _junk(rng, data)])
        else:
            names = [f"{o['name']}" for o in get_ruleset("standard").options()] + list(persist.SNAPSHOT_KEYS) + \
                list(persist.KEYS) + ["x", "Ana", "Roma"]
            target[rng.choice(names)] = _junk(rng, data)
    elif kind == "list":
        lists = [p for p in [()] + paths if isinstance(_get(data, p), list) and _get(data, p)]
        if lists:
            items = _get(data, rng.choice(lists))
            i, j = rng.randrange(len(items)), rng.randrange(len(items))
            how = rng.choice(["delete", "duplicate", "insert", "swap", "reverse", "truncate", "multiply"])
            if how == "delete":
                del items[i]
            elif how == "duplicate":
                items.insert(i, copy.deepcopy(items[j]))
            elif how == "insert":
                items.insert(i, _junk(rng, data))
            elif how == "swap":
                items[i], items[j] = items[j], items[i]
            elif how == "reverse":
                items.reverse()
            elif how == "truncate":
                del items[i:]
            else:
                items.extend(copy.deepcopy(items[:8]) * rng.choice([2, 50, 700, 3000]))
            kind = f"list {how}"
    elif kind == "swap":
        ints = [p for p in paths if type(_get(data, p)) is int]
        if len(ints) >= 2:
            a, b = rng.sample(ints, 2)
            va, vb = _get(data, a), _get(data, b)
            _set(data, a, vb)
            _set(data, b, va)
    elif kind == "ruleset" and others:
        other = json.loads(rng.choice(others))["ruleset"]
        mine = data.get("ruleset") if isinstance(data, dict) else None
        how = rng.choice(["whole", "name", "options", "one option"])
        if how == "whole" or not isinstance(mine, dict) or not isinstance(mine.get("options"), dict):
            data["ruleset"] = other
        elif how == "name":
            mine["name"] = other["name"]
        elif how == "options":
            mine["options"] = other["options"]
        elif other["options"]:
            key = rng.choice(list(other["options"]))
            mine["options"][key] = other["options"][key]
        kind = f"ruleset {how}"
    elif kind == "nudge":
        ints = [p for p in paths if type(_get(data, p)) is int]
        if ints:
            p = rng.choice(ints)
            _set(data, p, _get(data, p) + rng.choice([-1, 1]))
    elif kind in ("nest", "number", "string") and path:
        if kind == "nest":
            depth = rng.choice([2, 4, 6, 50, 2000, 300_000])
            raw = "[" * depth + "1" + "]" * depth
        elif kind == "number":
            raw = rng.choice(["9" * rng.choice([41, 400, 5000, 200_000]), "1e999", "-1e999", "NaN", "Infinity",
                              "1.5", "-0", "1E2", "0.0000001", "12345678901234567890"])
        else:
            size = rng.choice([1000, 1001, 50_000, 160_000, 490_000, 999_000, 2_000_000])
            raw = rng.choice([json.dumps("x" * size), json.dumps("\u00e9" * size), json.dumps("\U0001F600" * size),
                              json.dumps('"\\[' * (size // 3)), json.dumps("é" * size, ensure_ascii=False)])
        marker = RAW.format(len(raws))
        raws[json.dumps(marker)] = raw
        _set(data, path, marker)
    return f"{kind} at {'/'.join(map(str, path))[:60]}"


def tampered(text: str, rng: random.Random, others: list) -> tuple[str, "str | bytes"]:
    """(what was done, the edited file) for one saved game."""
    roll = rng.random()
    if roll < 0.04:
        whole = rng.choice(["", "null", "[]", "{}", "1", '"x"', "[" * 100_000, "{" + '"a":1,' * 200_000 + '"a":1}',
                            " " * 1_000_001, text[: len(text) // 2], text + "x", text.replace('"', "'", 1),
                            "[" + ",".join(['{"a":1,"b":2}'] * 10_000) + "]", '["' + "\\u00e9" * 160_000 + '"]',
                            "[" + ",".join(["0.123456789"] * 31_999) + "]", '"' + "\\" * 499_000 + '"'])
        return "whole file replaced", whole
    if roll < 0.07:
        data = bytearray(text.encode("utf-8"))
        for _ in range(rng.randint(1, 5)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return "bytes corrupted", bytes(data)
    data = json.loads(text)
    raws: dict = {}
    done = [edit(data, rng, others, raws) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
    out = json.dumps(data, ensure_ascii=rng.random() < 0.5, separators=rng.choice([None, (",", ":")]))
    for marker, raw in raws.items():
        out = out.replace(marker, raw)
    return "; ".join(done), out


# -- trying a file ----------------------------------------------------------------------------------------

@dataclass
class Report:
    files: int = 0
    refused: int = 0
    loaded: int = 0
    crashes: list = field(default_factory=list)
    slowest: float = 0.0
    slowest_edit: str = ""
    peak: int = 0
    peak_edit: str = ""

    def summary(self) -> str:
        lines = [f"files tried {self.files}, refused with RulesError {self.refused}, loaded {self.loaded}, "
                 f"crashes {len(self.crashes)}",
                 f"slowest file {self.slowest * 1000:.0f} ms CPU ({self.slowest_edit})",
                 f"peak memory {self.peak / 2 ** 20:.2f} MB traced ({self.peak_edit})" if self.peak else
                 "peak memory not measured"]
        lines += [f"CRASH: {c}" for c in self.crashes[:20]]
        return "\n".join(lines)


def _canonical(value) -> str:
    return json.dumps(value, sort_keys=True)


def try_file(what: str, file, report: Report, memory: bool = True) -> None:
    """Load one file and add its outcome to ``report``."""
    report.files += 1
    if memory:
        tracemalloc.start()
    start = time.process_time()
    problem = None
    try:
        game = Game.from_json(file)
        outcome = "loaded"
    except RulesError as err:
        outcome = "refused"
        if err.__cause__ is not None and not isinstance(err.__cause__, RulesError):
            problem = f"{what}: an engine error behind the RulesError: {err}"
    except Exception as err:                # noqa: BLE001 - any other exception is what we look for
        outcome = "crash"
        problem = f"{what}: {type(err).__name__}: {str(err)[:200]}"
    spent = time.process_time() - start
    if memory:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        if peak > report.peak:
            report.peak, report.peak_edit = peak, what
        if peak > MEMORY_LIMIT:
            problem = problem or f"{what}: {peak / 2 ** 20:.1f} MB traced (limit {MEMORY_LIMIT / 2 ** 20:.0f})"
    if spent > report.slowest:
        report.slowest, report.slowest_edit = spent, what
    if spent > TIME_LIMIT:
        problem = problem or f"{what}: {spent:.2f} s of CPU (limit {TIME_LIMIT})"
    if outcome == "loaded":
        text = file.decode("utf-8") if isinstance(file, bytes) else file
        if _canonical(json.loads(game.to_json())) != _canonical(json.loads(text)):
            problem = problem or f"{what}: loaded, but the game saves other data (an edit silently accepted)"
        game.legal_actions()
        report.loaded += 1
    elif outcome == "refused":
        report.refused += 1
    if problem:
        report.crashes.append(problem)


def fuzz(files: int, seed: int = 0, memory: bool = True, saves: list | None = None) -> Report:
    """Try ``files`` tampered saves (seeded) and report the outcomes."""
    rng = random.Random(seed)
    saves = saves or base_saves(seed)
    report = Report()
    for _ in range(files):
        text = rng.choice(saves)
        what, file = tampered(text, rng, saves)
        try_file(what, file, report, memory)
    return report


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, default=5_000, help="tampered files to try (default 5,000)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the saves and the edits (default 0)")
    ap.add_argument("--no-memory", action="store_true", help="do not trace memory (faster)")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    saves = base_saves(args.seed)
    untouched = Report()
    for text in saves:                      # every untouched save loads back to itself
        try_file("untouched save", text, untouched, memory=False)
    if untouched.loaded != len(saves):
        print(f"untouched saves that do not load: {untouched.summary()}")
        return 1
    report = fuzz(args.files, args.seed, memory=not args.no_memory, saves=saves)
    print(report.summary())
    print(f"{len(saves)} saves edited, {time.perf_counter() - start:.1f} s in all; "
          f"limits: {TIME_LIMIT} s CPU and {MEMORY_LIMIT / 2 ** 20:.0f} MB a file")
    return 1 if report.crashes else 0


if __name__ == "__main__":
    sys.exit(main())
