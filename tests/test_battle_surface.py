"""Battle's public surface is the contract (DESIGN.md section 2) plus what the notebooks, views
and the lab read; the rules work on ``battle.state`` (:class:`~condottiere_nb.battle_state.BattleState`).

Adding a public member to Battle, or reading one of the rules' own members from outside the
core, fails here: say in this file why a caller needs it.
"""
import ast
import re
from pathlib import Path

from condottiere_nb import Battle
from condottiere_nb.battle_state import BattleState

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "condottiere_nb"

#: DESIGN.md section 2
CONTRACT = {"play", "pass_turn", "strengths", "is_over", "resolve"}
#: the battle's facts, as a Game shows its own (views, notation, the lab)
FACTS = {"players", "ruleset", "strict", "token_holder", "leader", "defender", "region", "final", "deck", "to_move"}
#: what lies on the table, as copies (notebooks, views/html, views/timeline, explore/odds)
TABLE = {"hands", "hand", "lines", "line", "in_play", "face_down", "returned", "discarded", "passed", "favor",
         "surrendered_by", "moves", "steps", "banned", "is_resolved", "resolution", "waiting"}
#: what a player may do now (game/choices, views/model, views/game_model, views/widgets)
TURN = {"play_options", "take_options", "take_cards"}
#: tools for learners and the lab: what-ifs, undo, replay, notation, the text of the steps
TOOLS = {"copy", "preview", "undo", "apply_move", "notation", "from_notation", "explain"}
#: the door to the rules' object, for the core (and the bots, which weigh a card by its rule)
RULES = {"state"}

#: Modules that are the rules, or run them: they may work on ``battle.state``.
CORE = {"battle.py", "battle_state.py", "plays.py", "effects.py", "resolution.py", "strength.py", "zones.py"}
CORE_DIRS = {"game", "variants"}
#: Outside the core, and why they read ``battle.state``: the bots weigh a card by running its rule
#: (effects.AHEAD, plays.play_card on a copy), and their view of the battle (agents/sight.py) reads
#: that state once a decision; the notation replays a city-state ability by its card.
ALLOWED = {"agents/heuristic.py", "agents/sight.py", "notation.py"}


def public(obj) -> set[str]:
    return {n for n in dir(type(obj)) if not n.startswith("_")} | {n for n in vars(obj) if not n.startswith("_")}


def test_battle_shows_the_contract_and_the_listed_extras_only():
    b = Battle(["Ana", "Ben"])
    assert public(b) == CONTRACT | FACTS | TABLE | TURN | TOOLS | RULES


def test_the_rules_own_members_are_not_battles():
    b = Battle(["Ana", "Ben"])
    rules_only = public(b.state) - public(b)
    assert {"announced", "record", "discard", "advance", "owner", "zones", "check_can_act", "find_card",
            "taken_card", "explains"} <= rules_only
    assert isinstance(b.state, BattleState)


def _rules_only() -> set[str]:
    b = Battle(["Ana", "Ben"])
    return (public(b.state) - public(b)) | RULES


def _battle_like(node) -> bool:
    """``battle``, ``b``, ``trial``, ``self.battle``, ``game.battle`` ...: a name for a Battle."""
    if isinstance(node, ast.Name):
        return node.id in ("b", "trial") or node.id.endswith("battle")
    return isinstance(node, ast.Attribute) and node.attr.endswith("battle")


def test_no_module_outside_the_core_reads_the_rules_members():
    rules_only = _rules_only()
    found = []
    for path in sorted(PKG.rglob("*.py")):
        rel = path.relative_to(PKG).as_posix()
        if rel in CORE or rel.split("/")[0] in CORE_DIRS or rel in ALLOWED:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in rules_only and _battle_like(node.value):
                found.append(f"{rel}:{node.lineno} .{node.attr}")
    assert found == []


def test_no_notebook_reads_the_rules_members():
    word = re.compile(r"\b(?:b|trial|\w*battle)\.(%s)\b" % "|".join(sorted(_rules_only())))
    found = [f"{path.name}:{i}" for path in sorted((ROOT / "tools" / "notebooks").glob("*.txt"))
             for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if word.search(line)]
    assert found == []


def test_the_scan_would_see_a_rules_member_read_from_outside():
    tree = ast.parse("def f(game, b):\n    game.battle.announced()\n    b.state.turn\n    game.state.zones\n")
    rules_only = _rules_only()
    hits = [n.attr for n in ast.walk(tree)
            if isinstance(n, ast.Attribute) and n.attr in rules_only and _battle_like(n.value)]
    assert sorted(hits) == ["announced", "state"]
