"""No dead options: every Ruleset option is read by the engine, and flipping it changes an outcome.

FLIPS is the table: option -> (base ruleset, the other value, a scenario).  The scenario is run
under the base ruleset and under the base with the option flipped; the two outcomes must differ.
An option that a game-level test flips (tests/test_variant_*.py) is listed in GAME_FLIPS with the
test that shows it.  Every option must at least be read somewhere in the engine (the grep test).
"""
import re
from dataclasses import fields
from pathlib import Path

import pytest

from condottiere_nb import Battle, RulesError, Ruleset, get_ruleset

ENGINE = Path(__file__).resolve().parents[1] / "condottiere_nb"
DESCRIPTIVE = {"name", "summary"}     # labels, not rules


def _outcome(fn):
    try:
        return fn()
    except RulesError as e:
        return f"{type(e).__name__}: {e}"


def _resolve(text):
    return lambda rs: Battle.from_notation(text, ruleset=rs).resolve().strengths


def _play_8(rs):
    b = Battle(["Ana", "Ben"], rs)
    b.play("Ana", "8")
    return b.resolve().strengths


def _face_down_10(rs):
    b = Battle(["Ana", "Ben"], rs)
    b.play("Ana", "10", face_down=True)
    return b.strengths()


def _token(rs):
    return Battle.from_notation("[Ana Ben] Ana 10, Ben courtesan", ruleset=rs).resolve().token_holder


def _announced(rs):
    b = Battle(["Ana", "Ben"], rs)
    b.play("Ana", "6")
    return b.strengths()


def _own_maiden(rs):
    b = Battle(["Ana", "Ben"], rs)
    b.play("Ana", "6")
    b.play("Ana", "maiden", take="Ana:6")
    return b.strengths(), [c.kind for c in b.lines["Ana"]]


FLIPS = {
    "deck": ("standard", "fa-tutorial", _play_8),
    "hidden_cards": ("standard", True, _face_down_10),
    "face_down_specials": ("hidden-cards", "on_play", _resolve("[Ana Ben] Ana 10, Ben bishop*")),
    "courtesan_token": ("standard", False, _token),
    "mercenaries_face_down": ("standard", True, _announced),
    "banner_limit": ("fa-tutorial", "one_per_battle",
                     _resolve("[Ana Ben] Ana 5, Ben 4, Ana banner, Ben banner")),
    "maiden_targets": ("fa-tutorial", "opponents", _own_maiden),
    "bishop_targets": ("standard", "drummers_first",
                       _resolve("[Ana Ben] Ana 10, Ana drummer, Ben 6, Ben bishop")),
}

# Options whose effect is a whole game: the test named here flips them.
GAME_FLIPS: dict[str, str] = {}


def _option_names():
    return [f.name for f in fields(Ruleset) if f.name not in DESCRIPTIVE]


@pytest.mark.parametrize("option", sorted(FLIPS))
def test_flipping_the_option_changes_an_outcome(option):
    base, other, scenario = FLIPS[option]
    base = get_ruleset(base)
    flipped = base.replace(**{option: other})
    assert getattr(flipped, option) != getattr(base, option)
    a = _outcome(lambda: scenario(base))
    b = _outcome(lambda: scenario(flipped))
    assert a != b, f"flipping {option} to {other!r} changed nothing: {a!r}"


def test_every_option_is_read_by_the_engine():
    sources = {p: p.read_text(encoding="utf-8") for p in ENGINE.rglob("*.py") if p.name != "rulesets.py"}
    unread = [name for name in _option_names()
              if not any(re.search(rf"\.{name}\b", text) for text in sources.values())]
    assert not unread, f"options nobody in the engine reads: {unread}"


def test_every_option_has_a_flip_or_a_game_test():
    pytest.importorskip("condottiere_nb.game", reason="the game-level options are flipped once the Game exists")
    missing = [name for name in _option_names() if name not in FLIPS and name not in GAME_FLIPS]
    assert not missing, (f"options without a flip test: {missing}; add them to FLIPS (battle) or GAME_FLIPS "
                         f"(game) in {Path(__file__).name}")


def test_every_option_names_its_rulebook_and_vague_ones_offer_another_reading():
    for f in fields(Ruleset):
        doc, source, choices = f.metadata["doc"], f.metadata["source"], f.metadata["choices"]
        assert doc.strip(), f.name
        if f.name in DESCRIPTIVE:
            continue
        assert re.search(r"\b(vi|es|zh|fa):", source), f"{f.name}: source {source!r} names no rulebook"
        if "our reading" in doc:
            two = len(choices) >= 2 or f.type in (bool, "bool") or f.name == "deck"
            assert two, f"{f.name} states a reading but offers no other value"
        for c in choices:
            assert repr(c) in doc or f"'{c}'" in doc, f"{f.name}: the doc does not explain the value {c!r}"
