"""The learner path teaches the whole standard game, and says which rule each part teaches (issue 29).

Each teaching section of the path's notebooks (00-06, from their sources in tools/notebooks/) names the
rule ids it teaches in a line ``Rules: [`season.winter`](../docs/rules.md#season.winter), ...``,
linked to the rule's entry in docs/rules.md.  This test fails when

* a rule of the standard game has no such section, with a live example whose output nbval checks;
* a section names a rule id that does not exist, or links it elsewhere than to its entry;
* a teaching section names no rule (the headings that teach none are listed in :data:`NOT_TEACHING`).

The standard game's rules are every rule of :data:`condottiere_nb.rules.RULES` that docs/rules.md
groups under the base game (tools/write_rules_doc.py's groups, the variants' groups left out), less
the rules that act only when a variant's option is switched on (:data:`VARIANT_ONLY`).
"""
from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from condottiere_nb import RULES
from condottiere_nb.rulesets import STANDARD

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "tools" / "notebooks"
#: The teaching notebooks of the path.  07_practice asks rather than teaches: its positions are
#: exercises (tests/test_practice.py checks them), its sections name the rules each set practises.
PATH = sorted(p.stem for p in SOURCES.glob("0*.txt") if p.stem != "07_practice")
#: docs/rules.md's groups of the variants' own rules
VARIANT_GROUPS = {"Vietnamese variants", "The Persian tutorial", "The Chinese city-states"}
#: rule id -> the Ruleset option, off in the standard game, without which the rule never acts
VARIANT_ONLY = {"play.face_down": "hidden_cards", "battle.reveal": "hidden_cards", "play.wait": "invasion",
                "invasion.defender": "invasion", "invasion.tie": "invasion"}
#: headings of sections that teach no rule: widgets to try, the way on, the board's data
NOT_TEACHING = {"## Try it yourself", "## Build your own battle", "## Where to go next", "## Where next",
                "## The map"}
TAG = re.compile(r"\[`([^`]+)`\]\(([^)]*)\)")
TAG_LINE = re.compile(r"^(?:Rules|Luật|Reglas|規則|قواعد)[:：] ", re.M)
HEADING = re.compile(r"^(#{2,3} .+)$", re.M)


def _builder():
    spec = importlib.util.spec_from_file_location("build_notebooks", ROOT / "tools" / "build_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def standard_rules() -> set[str]:
    spec = importlib.util.spec_from_file_location("write_rules_doc", ROOT / "tools" / "write_rules_doc.py")
    doc = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(doc)
    return {rule_id for rule_id in RULES if doc._group(rule_id) not in VARIANT_GROUPS} - set(VARIANT_ONLY)


def sections(stem: str) -> list[dict]:
    """The notebook's sections, in order: heading, the rule ids its tag lines name (with their link
    targets), and its code cells as (tags, stored outputs) of the committed notebook."""
    cells = _builder().split((SOURCES / f"{stem}.txt").read_text(encoding="utf-8"))
    stored = json.loads((ROOT / "notebooks" / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"]
    assert len(stored) == len(cells), f"notebooks/{stem}.ipynb is out of date"
    found, current = [], None
    for (kind, tags, body, _), cell in zip(cells, stored):
        if kind == "md":
            heading = HEADING.search(body)
            if heading:
                current = {"heading": heading.group(1), "rules": [], "code": []}
                found.append(current)
            if current is not None:
                for tag_line in (line for line in body.splitlines() if TAG_LINE.match(line)):
                    current["rules"] += TAG.findall(tag_line)
        elif current is not None:
            current["code"].append((tags, body, cell.get("outputs", [])))
    return found


def checked(section) -> bool:
    """Has the section a live example nbval checks: a code cell whose output is compared (not
    ignored, not skipped) and that shows something or asserts something."""
    return any(not {"nbval-ignore-output", "nbval-skip"} & set(tags) and (outputs or "assert " in body)
               for tags, body, outputs in section["code"])


def taught() -> dict[str, list[str]]:
    """rule id -> the 'notebook: heading' of each checked section that names it."""
    where: dict[str, list[str]] = {}
    for stem in PATH:
        for section in sections(stem):
            if checked(section):
                for rule_id, _ in section["rules"]:
                    where.setdefault(rule_id, []).append(f"{stem}: {section['heading']}")
    return where


def test_the_standard_rules_are_the_base_game_without_its_variant_switches():
    rules = standard_rules()
    for rule_id, option in VARIANT_ONLY.items():
        assert rule_id in RULES and getattr(STANDARD, option) is False, (rule_id, option)
    assert {"game.final_battle", "game.no_region", "hand.discard", "round.keep", "card.bishop"} <= rules
    assert not {r for r in rules if r.startswith(("city.", "fa.", "war.", "score.", "invasion."))}


def test_every_rule_of_the_standard_game_is_taught_on_the_path_with_a_checked_example():
    where = taught()
    missing = sorted(standard_rules() - set(where))
    assert not missing, (f"rules of the standard game that no section of {PATH} teaches with a checked example "
                         f"(a 'Rules: ...' line in a section with a code cell nbval compares): {missing}")


@pytest.mark.parametrize("stem", PATH)
def test_each_tag_names_a_rule_and_links_to_its_entry(stem):
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")))
    for section in sections(stem):
        for rule_id, target in section["rules"]:
            assert rule_id in RULES, f"{stem}: {section['heading']}: {rule_id} is not a rule id"
            assert target == f"../docs/rules.md#{rule_id}", f"{stem}: {rule_id} links to {target}"
            assert rule_id in anchors, f"docs/rules.md has no anchor for {rule_id}: python tools/write_rules_doc.py"


@pytest.mark.parametrize("stem", PATH)
def test_each_teaching_section_names_the_rules_it_teaches(stem):
    silent = [s["heading"] for s in sections(stem) if not s["rules"] and s["heading"] not in NOT_TEACHING]
    assert not silent, f"{stem}: sections that name no rule id (add a 'Rules: ...' line): {silent}"


def test_the_check_sees_a_missing_rule_and_an_unchecked_example():
    section = {"heading": "## x", "rules": [("game.final_battle", "")], "code": [(["nbval-ignore-output"], "g", [{}])]}
    assert not checked(section)
    section["code"].append(([], "assert g.final", []))
    assert checked(section)
