"""Every Ruleset option declares its values (issue 14), and every way of making a ruleset checks them.

The schema is the option() metadata, exposed by Ruleset.options(): a kind, a range or choices,
and the allowed values in words.  For every option, bad values of every sort are refused by
replace(), by the constructor and by the loader of saved games, each with a RulesError whose
message names the option, the value and what is allowed; nothing is half-made.
"""
import dataclasses
import json
import random

import pytest

from condottiere_nb import RULESETS, Game, RulesError, Ruleset, get_ruleset
from condottiere_nb.cards import KINDS
from condottiere_nb.decks import MAX_DECK_CARDS, MAX_KIND_COUNT
from condottiere_nb.rulesets import COMBINABLE, MAX_HAND, MAX_KEEP, STANDARD, allowed, combine, shown

OPTIONS = {o["name"]: o for o in Ruleset.options()}
KIND_NAMES = {"bool", "int", "choice", "name", "text", "deck", "hand_sizes", "kinds", "ruleset"}
HUGE = 10 ** 5000


def bad_values(option: dict) -> list:
    """Values the option must refuse, from its schema (each kind's usual mistakes and limits)."""
    kind, low, high = option["kind"], option["min"], option["max"]
    if kind == "bool":
        return [1, 0, "True", "yes", None, [True]]
    if kind == "int":
        return [low - 1, high + 1, str(option["default"]), 2.5, float(option["default"]), True, None, HUGE, -HUGE,
                float("nan"), float("inf"), [option["default"]]]
    if kind == "choice":
        first = option["choices"][0]
        return ["nope", first.upper(), "", None, 1, [first], (first,), True]
    if kind == "name":
        return ["", "   ", "a\nb", "tab\there", "x" * (high + 1), 5, None, b"standard"]
    if kind == "text":
        return [5, None, "x" * (high + 1), ["text"]]
    if kind == "deck":
        return [(), [], 5, None, "tarot", "x" * 10_000, (("dragon", 1),), (("5", 10 ** 6),), (("5", HUGE),),
                (("5", 0),),
                (("5", -3),), (("5", 2.5),), (("5", "3"),), (("5", True),), (("winter", 3),), (("scarecrow", 9),),
                (("1", 3), ("1", 2)), [("1", 2, 3)], [("1",)], ("1", 3), (("1", 3),) * 30, {"1": "x"},
                tuple((str(v), MAX_KIND_COUNT) for v in (1, 2, 3, 4)), ((5, 1),)]
    if kind == "hand_sizes":
        return [((1, 10),), ((7, 10),), ((2, 0),), ((2, high + 1),), ((2, 10), (2, 8)), "ab", 5, None, ((2,),),
                ((2, "10"),), ((2.0, 10),), ((True, 10),), [[2, 10, 1]], tuple((n, 10) for n in range(2, 8))]
    if kind == "kinds":
        return [("x",), ("winter", "winter"), "winter", 5, None, (5,), ("Winter",), tuple(KINDS) + ("winter",)]
    assert kind == "ruleset", kind
    return ["nope", "fa-tutorial", "fa-tutorial-few-banners", 5, None, "x" * 200, ("standard",)]


CASES = [(name, value) for name, o in OPTIONS.items() for value in bad_values(o)]


def case_id(case):
    name, value = case
    return f"{name}={shown(value, 20)}"


def check_message(err: RulesError, name: str, value) -> None:
    text = str(err)
    assert f"option {name} cannot be {shown(value)}" in text, text
    assert "allowed: " + allowed(dataclasses.fields(Ruleset)[list(OPTIONS).index(name)].metadata) in text, text


def test_every_option_declares_a_kind_and_its_allowed_values():
    for name, o in OPTIONS.items():
        assert o["kind"] in KIND_NAMES, name
        assert o["allowed"] and o["allowed"] == allowed(dataclasses.fields(Ruleset)[list(OPTIONS).index(name)].metadata)
        if o["kind"] == "int":
            assert o["min"] <= o["default"] <= o["max"], name
            assert f"from {o['min']} to {o['max']}" in o["allowed"], name
        if o["kind"] == "choice":
            assert o["default"] in o["choices"] and all(repr(c) in o["allowed"] for c in o["choices"]), name
        if o["kind"] == "bool":
            assert o["allowed"] == "True or False" and o["choices"] == (), name


def test_the_schema_accepts_every_named_ruleset_and_its_own_defaults():
    for name, rs in RULESETS.items():
        assert Ruleset(**{f.name: getattr(rs, f.name) for f in dataclasses.fields(rs)}) == rs, name
        assert rs.replace(name=name) == rs
    assert Ruleset() == STANDARD


@pytest.mark.parametrize("name,value", CASES, ids=[case_id(c) for c in CASES])
def test_replace_refuses_the_bad_value_naming_option_value_and_allowed(name, value):
    before = dataclasses.astuple(STANDARD)
    with pytest.raises(RulesError) as err:
        STANDARD.replace(**{name: value})
    check_message(err.value, name, value)
    assert dataclasses.astuple(STANDARD) == before          # nothing changed


@pytest.mark.parametrize("name,value", CASES, ids=[case_id(c) for c in CASES])
def test_the_constructor_refuses_the_bad_value(name, value):
    with pytest.raises(RulesError) as err:
        Ruleset(**{"name": "mine", name: value} if name != "name" else {name: value})
    check_message(err.value, name, value)


def _jsonable(value):
    """The value as a saved game would hold it (tuples as lists), or None if JSON cannot."""
    try:
        return json.loads(json.dumps(value, allow_nan=False))
    except (TypeError, ValueError):
        return None


# A whole number under scoring_target is not a bad value in a file: files written before issue 15 name
# the match's points so, and the loader reads them as match_points (tests/test_game_json.py).
LOADABLE = [(n, v) for n, v in CASES if n not in ("name", "summary") and _jsonable(v) is not None
            and len(json.dumps(v)) < 1000 and not (isinstance(v, int) and abs(v) > 10 ** 40)
            and not (n == "scoring_target" and type(v) is int)]


@pytest.fixture(scope="module")
def save():
    return json.loads(Game(3, seed=4).to_json())


@pytest.mark.parametrize("name,value", LOADABLE, ids=[case_id(c) for c in LOADABLE])
def test_the_loader_refuses_the_bad_value_in_a_saved_ruleset(save, name, value):
    data = dict(save, ruleset={"name": "mine", "options": {name: _jsonable(value)}})
    with pytest.raises(RulesError) as err:
        Game.from_json(json.dumps(data))
    text = str(err.value)
    assert text.startswith("the saved ruleset 'mine' cannot be rebuilt: option " + name), text
    assert "allowed: " in text


def test_every_kind_of_option_has_cases_for_each_path():
    assert {OPTIONS[n]["kind"] for n, _ in CASES} == KIND_NAMES
    assert {OPTIONS[n]["kind"] for n, _ in LOADABLE} == KIND_NAMES - {"name", "text"}
    assert len(CASES) >= 200


# -- the words of a few errors, and sanity across options ---------------------------------------------

def test_the_messages_say_why_in_plain_words():
    with pytest.raises(RulesError, match=r"option hand_size cannot be 0; allowed: a whole number from 1 to 30 "
                                         r"\(at least 1: with empty hands nobody could ever play a card\)"):
        STANDARD.replace(hand_size=0)
    with pytest.raises(RulesError, match=r"option hand_size cannot be '10' \(not a whole number\)"):
        STANDARD.replace(hand_size="10")
    with pytest.raises(RulesError, match=rf"option keep_cards cannot be 4; allowed: a whole number from 0 to "
                                         rf"{MAX_KEEP} "
                                         r"\(at most 3: the game lists every choice of cards to keep"):
        STANDARD.replace(keep_cards=4)
    with pytest.raises(RulesError, match=r"the count of '5' must be a whole number from 1 to 100"):
        STANDARD.replace(deck=(("5", 10 ** 6),))
    with pytest.raises(RulesError, match=rf"it holds 301 cards; a deck holds at most {MAX_DECK_CARDS}"):
        STANDARD.replace(deck=(("1", 100), ("2", 100), ("3", 100), ("4", 1)))
    with pytest.raises(RulesError, match=r"no card of it adds strength, so every battle would tie"):
        STANDARD.replace(deck=(("winter", 3), ("scarecrow", 5)))
    with pytest.raises(RulesError, match=r"'dragon' is not a card kind"):
        STANDARD.replace(deck=(("dragon", 1),))
    with pytest.raises(RulesError, match=r"option invasion cannot be 1; allowed: True or False"):
        STANDARD.replace(invasion=1)
    with pytest.raises(RulesError, match=r"option keep_cards cannot be an integer of about 5000 digits"):
        STANDARD.replace(keep_cards=HUGE)
    with pytest.raises(RulesError, match=r"option hand_sizes cannot be \(\(2, 10\), \(2, 8\)\) \(a number of "
                                         r"players is "
                                         r"listed twice\)"):
        STANDARD.replace(hand_sizes=((2, 10), (2, 8)))


def test_a_final_ruleset_must_exist_and_share_the_deck():
    assert STANDARD.replace(final_ruleset="city-states-final").final_ruleset == "city-states-final"
    assert STANDARD.replace(final_ruleset="hidden-cards+invasion").final_ruleset == "hidden-cards+invasion"
    with pytest.raises(RulesError, match="no ruleset has that name"):
        STANDARD.replace(final_ruleset="nope")
    with pytest.raises(RulesError, match="its deck is not this ruleset's, and the final battle is fought with the "
                                         "game's cards"):
        STANDARD.replace(final_ruleset="fa-tutorial")
    fa = get_ruleset("fa-tutorial")
    with pytest.raises(RulesError, match="its deck is not this ruleset's"):
        fa.replace(final_ruleset="standard")
    assert fa.replace(final_ruleset="fa-tutorial").final_ruleset == "fa-tutorial"


def test_the_smallest_rulesets_still_give_games_that_end():
    """The minimums chosen: a hand of 1 card, one Mercenary in the deck, nothing kept."""
    for rs in (STANDARD.replace(hand_size=1, cards_per_region=0, keep_cards=0),
               STANDARD.replace(deck=(("1", 1),)), STANDARD.replace(deck=(("courtesan", 2), ("winter", 1)))):
        for seed in range(3):
            g, rng = Game(3, rs, seed=seed, explain=False), random.Random(seed)
            while not g.is_over and len(g.actions) < 3000:
                g.apply(rng.choice(g.legal_actions()))
            assert g.is_over, (rs, seed)


def test_lists_and_mappings_are_stored_as_tuples_so_rulesets_stay_hashable():
    rs = STANDARD.replace(deck={"1": 3, "winter": 1}, hand_sizes=[[2, 9]], final_discard=["winter"])
    assert rs.deck == (("1", 3), ("winter", 1)) and rs.hand_sizes == ((2, 9),) and rs.final_discard == ("winter",)
    assert rs == STANDARD.replace(deck=[("1", 3), ("winter", 1)], hand_sizes=((2, 9),), final_discard=("winter",))
    assert len({rs, STANDARD}) == 2


# -- a name is what it says -------------------------------------------------------------------------------

def test_a_ruleset_cannot_carry_a_named_rulesets_name_with_other_options():
    with pytest.raises(RulesError, match="a ruleset named 'standard' is the ruleset 'standard', but this one differs "
                                         "from it in hidden_cards; a changed ruleset needs a name of its own, such as "
                                         "'standard\\+custom'"):
        Ruleset(name="standard", hidden_cards=True)
    with pytest.raises(RulesError, match="is the ruleset 'hidden-cards'"):
        Ruleset(name="Hidden Cards")                            # get_ruleset reads it as hidden-cards
    with pytest.raises(RulesError, match="is the ruleset 'continuous-war\\+invasion', but this one differs from it "
                                         "in hand_discard, first_hand, drawing"):
        STANDARD.replace(name="continuous-war+invasion", invasion=True)
    with pytest.raises(RulesError, match="differs from it in keep_cards"):
        get_ruleset("invasion").replace(name="invasion", keep_cards=1)
    assert Ruleset(name="Hidden Cards", hidden_cards=True).hidden_cards
    assert STANDARD.replace(name="standard", summary="Another line.").summary == "Another line."


def test_replace_names_a_changed_ruleset_so_that_it_passes_for_no_named_one():
    custom = get_ruleset("invasion").replace(keep_cards=1)
    assert custom.name == "invasion+custom"
    assert custom.replace(hand_size=9).name == "invasion+custom"            # not invasion+custom+custom
    with pytest.raises(RulesError, match="unknown ruleset 'custom'"):
        get_ruleset(custom.name)


def test_combine_and_the_named_rulesets_still_work():
    rs = combine(*COMBINABLE)
    assert rs.name == "+".join(COMBINABLE) and rs.invasion and rs.hidden_cards and rs.first_hand == 7
    assert get_ruleset("invasion+continuous-war") == combine("continuous-war", "invasion")
    assert list(RULESETS) == ["standard", "hidden-cards", "fa-tutorial", "city-states-final", "continuous-war",
                              "scoring", "invasion", "city-states"]
    assert get_ruleset("city-states").final_ruleset == "city-states-final"
    assert MAX_HAND >= max(rs.final_hand for rs in RULESETS.values())


def test_unknown_options_are_named_shortly():
    with pytest.raises(RulesError, match="Ruleset has no option 'colour'; options are: name, summary, deck"):
        STANDARD.replace(colour="red")
    with pytest.raises(RulesError) as err:
        STANDARD.replace(**{"x" * 10_000: 1})
    assert len(str(err.value)) < 1000


def test_rulesets_md_states_the_limits_of_every_number():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "RULESETS.md").read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| `") and "to" in line]
    for name, o in OPTIONS.items():
        if o["kind"] == "int":
            row = next((r for r in rows if f"`{name}`" in r.split("|")[1]), None)
            assert row and f"{o['min']} to {o['max']}" in row, f"RULESETS.md does not state the limits of {name}"
