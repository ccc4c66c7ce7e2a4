"""The core reads like the rulebook of the standard game: it never imports a variant and never
asks which variant it is in.  A variant adds hooks that the core calls
(:class:`condottiere_nb.variants.base.Variant`, found through ``Ruleset.variants``); options that
parametrise one rule (a number, a reading) are read where that rule is."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from condottiere_nb import RULESETS

PACKAGE = Path(__file__).resolve().parents[1] / "condottiere_nb"
CORE = ["battle.py", "strength.py", "plays.py", "effects.py", "resolution.py",
        *sorted(str(p.relative_to(PACKAGE)) for p in (PACKAGE / "game").glob("*.py"))]

#: Options that select a whole system of a variant rather than parametrise one standard rule:
#: only the variants' own modules read them.
SYSTEM_OPTIONS = {"city_states", "drawing", "maiden_targets", "venezia_bribe", "venezia_bribe_value", "firenze_takes",
                  "firenze_card", "banner_limit", "fa_draws", "fa_losers", "fa_tie_draws", "fa_winner_draws",
                  "city_end", "city_ask_from", "scoring_target", "scoring_bonus", "scoring_bonus_win", "match_points"}


def _tree(name: str) -> ast.Module:
    return ast.parse((PACKAGE / name).read_text(encoding="utf-8"), name)


@pytest.mark.parametrize("name", CORE)
def test_the_core_imports_no_variant(name):
    found = []
    for node in ast.walk(_tree(name)):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if "variants" in module.split(".") or any(a.name == "variants" for a in node.names):
                found.append(f"line {node.lineno}: from {'.' * node.level}{module} import ...")
        elif isinstance(node, ast.Import):
            found += [f"line {node.lineno}: import {a.name}" for a in node.names
                      if "variants" in a.name.split(".") or a.name == "importlib"]
    assert found == [], f"{name} imports a variant: {found}"


@pytest.mark.parametrize("name", CORE)
def test_the_core_reads_no_system_selecting_option_and_no_ruleset_name(name):
    tree = _tree(name)
    found = []
    reprs = {id(n) for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and f.name == "__repr__"
             for n in ast.walk(f)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in SYSTEM_OPTIONS:
            found.append(f"line {node.lineno}: .{node.attr}")
        if isinstance(node, ast.Compare) and id(node) not in reprs:
            sides = [node.left, *node.comparators]
            names = [s for s in sides if isinstance(s, ast.Attribute) and s.attr == "name"]
            strings = [s.value for s in sides if isinstance(s, ast.Constant) and s.value in RULESETS]
            if names and strings:
                found.append(f"line {node.lineno}: compares a name with {strings}")
    assert found == [], f"{name} asks which variant it is in: {found}"


def test_the_variants_reach_the_core_through_the_ruleset():
    from condottiere_nb import get_ruleset
    from condottiere_nb.variants.base import Variant
    assert get_ruleset("standard").variants == ()
    for name in ("city-states", "fa-tutorial", "continuous-war"):
        classes = get_ruleset(name).variants
        assert classes and all(issubclass(c, Variant) for c in classes), name
    assert get_ruleset("city-states").variants[0].battle_moves == ("firenze", "venezia")
