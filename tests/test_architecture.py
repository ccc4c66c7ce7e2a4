"""The shape of the package, checked by reading its source: every rule in one place, found from
its id; no module reaching into another's private names; no import cycle; no engine module so
long that a reader gets lost in it."""
from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import networkx as nx
import pytest

from condottiere_nb import RULES, RULESETS, Battle, Game
from condottiere_nb.agents import RandomAgent
from condottiere_nb.tell import TEMPLATES

PACKAGE = Path(__file__).resolve().parents[1] / "condottiere_nb"
MAX_LINES = 600


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


MODULES = _modules()
TREES = {name: ast.parse(path.read_text(encoding="utf-8")) for name, path in MODULES.items()}


def _target(module: str, node: ast.ImportFrom) -> str:
    """The absolute module an ImportFrom in ``module`` reads from."""
    if node.level == 0:
        return node.module or ""
    base = module.split(".")
    if not MODULES[module].name == "__init__.py":
        base = base[:-1]
    base = base[: len(base) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _own_names(tree: ast.Module) -> set[str]:
    """The private names the classes of a module define for themselves (methods, class
    attributes, ``self._x``)."""
    own = set()
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        own.add(cls.name)
        for node in ast.walk(cls):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                own.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and node.value.id in ("self", "cls"):
                own.add(node.attr)
            elif isinstance(node, ast.Assign):
                own.update(t.id for t in node.targets if isinstance(t, ast.Name))
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                own.add(node.target.id)
    return own


def test_no_module_imports_a_private_name_of_another():
    found = []
    for module, tree in TREES.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and _target(module, node).startswith("condottiere_nb"):
                found += [f"{module}: from {_target(module, node)} import {a.name}"
                          for a in node.names if _private(a.name)]
    assert not found, found


def test_no_code_touches_an_underscore_attribute_of_another_modules_object():
    found = []
    for module, tree in TREES.items():
        own = _own_names(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and _private(node.attr) and node.attr not in own:
                if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                    found.append(f"{module}:{node.lineno} .{node.attr}")
    assert not found, found


def _import_graph() -> nx.DiGraph:
    """Module -> the package modules it imports, anywhere in its code except inside a
    ``_repr_*`` method (display code the engine loads only when a notebook shows an object)."""
    graph = nx.DiGraph()
    for module, tree in TREES.items():
        graph.add_node(module)

        def visit(node, in_repr=False):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("_repr_"):
                in_repr = True
            if not in_repr:
                targets = []
                if isinstance(node, ast.ImportFrom):
                    base = _target(module, node)
                    targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]
                elif isinstance(node, ast.Import):
                    targets = [a.name for a in node.names]
                for t in targets:
                    while t not in MODULES and "." in t:
                        t = t.rsplit(".", 1)[0]
                    # a package's __init__ only re-exports: an edge into it is not a dependency
                    if t in MODULES and t != module and MODULES[t].name != "__init__.py":
                        graph.add_edge(module, t)
            for child in ast.iter_child_nodes(node):
                visit(child, in_repr)

        visit(tree)
    return graph


def test_the_import_graph_has_no_cycle():
    cycles = list(nx.simple_cycles(_import_graph()))
    assert not cycles, [" -> ".join(c + c[:1]) for c in cycles[:5]]


def test_the_engine_never_imports_a_view():
    graph = _import_graph()
    engine = [m for m in MODULES if ".views" not in m]
    wrong = [(a, b) for a in engine for b in graph.successors(a) if ".views" in b]
    assert not wrong, wrong


def test_no_engine_module_is_longer_than_about_600_lines():
    long = {m: n for m, p in MODULES.items() if ".views" not in m
            and (n := p.read_text(encoding="utf-8").count("\n")) > MAX_LINES}
    assert not long, long


# -- every rule in one place -------------------------------------------------------------------

def test_every_rule_is_applied_by_one_function_named_after_its_id():
    for rule_id, rule in RULES.items():
        assert callable(rule.function), rule_id
        assert rule.function.__name__ == rule_id.replace(".", "_"), (rule_id, rule.where)
        assert rule.title and rule.source, rule_id


def test_every_rule_has_a_test_named_after_its_id():
    """A reader goes from a rule id to its tests: ``card.bishop`` is tested by a
    ``test_card_bishop_...`` (STYLE: every ruling has a test named after its rule id)."""
    names = set()
    for path in (PACKAGE.parent / "tests").glob("test_*.py"):
        names.update(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    stems = {rule_id: "test_" + rule_id.replace(".", "_") for rule_id in RULES}
    untested = [rule_id for rule_id, stem in stems.items()
                if not any(n == stem or n.startswith(stem + "_") for n in names)]
    assert not untested, untested


#: Rules that compute a fact and record no Step of their own: the weighted score (the ranking's
#: Step, game.no_region, shows it) and the final battle's leader (battle.start names them).
SILENT = {"city.score", "city.final"}


def test_every_rule_has_a_sentence_and_every_sentence_a_rule():
    assert set(TEMPLATES) == set(RULES) - SILENT


def test_every_option_a_rule_names_is_an_option():
    from condottiere_nb import Ruleset
    names = {o["name"] for o in Ruleset.options()}
    for rule_id, rule in RULES.items():
        assert set(rule.options) <= names, (rule_id, set(rule.options) - names)


def _games_steps():
    """The Steps of seeded random games under every named ruleset."""
    rng = random.Random(5)
    for name in RULESETS:
        for seed in range(3):
            game = Game(3 if name == "city-states" else 4, name, seed=seed)
            agent = RandomAgent(seed)
            while not game.is_over and len(game.actions) < 3000:
                game.apply(agent.choose(game))
            yield from game.log
    b = Battle(["Ana", "Ben", "Cy"], "hidden-cards")
    b.play("Ana", "10", face_down=True)
    b.play("Ben", "winter", face_down=True)
    b.play("Cy", "spring")
    yield from b.resolve().steps
    assert rng


def test_every_step_of_every_ruleset_names_a_rule_with_its_function_and_a_sentence():
    fired = set()
    for step in _games_steps():
        assert step.rule in RULES, step.rule
        assert step.text and isinstance(step.text, str), step.rule
        fired.add(step.rule)
    # the random games reach most rules: a rule id that no Step ever names is a sign of dead code
    assert len(fired) >= 0.75 * len(RULES), sorted(set(RULES) - fired)


@pytest.mark.parametrize("rule_id", ["season.winter", "card.bishop", "card.scarecrow", "token.condottiere",
                                     "game.victory", "round.deal"])
def test_a_rule_id_leads_to_its_function_docstring(rule_id):
    assert RULES[rule_id].function.__doc__


def test_one_reader_of_what_a_person_writes():
    """Card tags ("5#41"), takes and targets ("Ben:5", "Ben@2") and plays ("6*", "scarecrow>5") are
    read by notation.py alone: no other module splits a text at those marks."""
    split = re.compile(r"""(partition|split)\(\s*["'][#@>*]["']""")
    found = [f"{name}: {m.group(0)}" for name, path in MODULES.items() if name != "condottiere_nb.notation"
             for m in split.finditer(path.read_text(encoding="utf-8"))]
    assert found == []
    readers = {"parse_kind", "exact_card", "read_card", "read_number", "read_target", "parse_battle"}
    defined = [f"{name}.{node.name}" for name, tree in TREES.items() for node in ast.walk(tree)
               if isinstance(node, ast.FunctionDef) and node.name in readers]
    assert all(d.startswith("condottiere_nb.notation.") for d in defined), defined
