"""No dead options: every Ruleset option is read by the engine, and flipping it changes an outcome.

FLIPS is the table: option -> (base ruleset, the other value, a scenario).  The scenario is run
under the base ruleset and under the base with the option flipped; the two outcomes must differ.
Battle options flip a Battle; game options flip a Game (or a Match).  Every option must also be
read somewhere in the engine (the grep test).
"""
import re
from dataclasses import fields
from pathlib import Path

import pytest

from condottiere_nb import Battle, RulesError, Ruleset, get_ruleset
from condottiere_nb.game import Game, Pass, PlaceFavor, PlaceToken, Play
from condottiere_nb.variants.city_states import Ball, Bribe, ChooseCity, UseAbility
from condottiere_nb.variants.vietnamese import Match
from condottiere_nb.game import phases

import test_variant_city_states_game as cstest
import test_rulebook_readings as readings

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
    "spring_highest": ("standard", "effective", _resolve("[Ana Ben] Ana 5, Ben 6, Ana drummer, Ben spring")),
}

# -- game scenarios ---------------------------------------------------------------------------------


def _hand_sizes(rs, n=2, **kw):
    return sorted(len(h) for h in Game(n, rs, seed=1, **kw).hands.values())


def _after_first_battle(rs, hands, region="Roma", **kw):
    g = Game(["Ana", "Ben"], rs, seed=1, hands=hands, **kw)
    g.apply(PlaceToken(region))
    while g.phase == "battle":
        g.apply(g.legal_actions()[0])
    return g


def _scripted(rs, hands, moves, region="Roma"):
    g = Game(["Ana", "Ben"], rs, seed=1, hands=hands)
    g.apply(PlaceToken(region))
    for m in moves:
        g.apply(m)
    return g


def _keep(rs):
    g = _scripted(rs, {"Ana": ["10", "1", "2", "3"], "Ben": ["1"]}, [Play("10"), Play("1"), Pass()])
    g.apply(PlaceToken("Napoli"))          # only Ana has cards left: the round ends
    return g.phase, len(g.legal_actions())


def _discard_phase(rs):
    g = _scripted(rs, {"Ana": ["10", "2"], "Ben": ["1", "heroine", "winter"]},
                  [Play("10"), Play("1"), Pass(), Pass()])
    g.apply(PlaceToken("Napoli"))          # Ben holds no Mercenary
    return g.phase, g.to_move


def _favor_on_battle_region(rs):
    g = Game(["Ana", "Ben"], rs, seed=1, hands={"Ana": ["bishop", "1"], "Ben": ["2"]})
    g.apply(PlaceToken("Roma"))
    g.apply(Play("bishop"))
    return PlaceFavor("Roma") in g.legal_actions()


def _hands_after_a_battle(rs):
    g = _after_first_battle(rs, {"Ana": ["10", "1", "2"], "Ben": ["1", "3", "4"]})
    return {p: len(h) for p, h in g.hands.items()}


def _fa_redraw(rs):
    g = Game(["Ana", "Ben"], rs, seed=1, hands={"Ana": ["9", "8"], "Ben": ["maiden", "1"]})
    g.apply(PlaceToken("Roma"))
    g.apply(Play("9"))
    g.apply(Play("maiden", take="Ana@1"))
    g.apply(Play("8"))
    while g.phase == "battle":
        g.apply(Pass())
    return len(g.hand("Ana"))


def _five_regions(rs):
    control = {"Torino": "Ana", "Milano": "Ana", "Genova": "Ana", "Napoli": "Ana"}
    g = _after_first_battle(rs, {"Ana": ["10"], "Ben": ["1"]}, control=control)
    return g.is_over, g.reason


def _ranking(rs):
    g = Game(["Ana", "Ben", "Cy"], rs, seed=1, control={"Siena": "Ana", "Lucca": "Ana", "Parma": "Ana",
                                                        "Roma": "Ben", "Napoli": "Ben"})
    phases.game_no_region(g)
    return g.winners, g.reason


def _open_controlled(rs):
    return "Parma" in Game(["Ana", "Ben"], rs, seed=1, control={"Parma": "Ben"}).open_regions()


def _match_target(rs):
    return Match(["Ana", "Ben"], rs, seed=1).target


def _match_bonus(rs):
    m = Match(["Ana", "Ben"], rs, seed=1)
    control = {"Torino": "Ana", "Milano": "Ana", "Genova": "Ana", "Napoli": "Ana"}
    m.game = Game(["Ana", "Ben"], rs, seed=1, control=control, hands={"Ana": ["10"], "Ben": ["1"]})
    m.apply(PlaceToken("Parma"))
    m.apply(Play("10"))
    m.apply(Play("1"))
    return m.history[0]


def _city_phase(rs):
    return Game(["Ana", "Ben", "Cy"], rs, seed=1).phase


def _firenze(rs):
    g = cstest.city_game({"Ana": cstest.hand("courtesan"), "Ben": cstest.hand("10"), "Cy": cstest.hand()},
                         cities=("Genova", "Firenze", "Venezia"), ruleset=rs)
    g.apply(UseAbility(False))
    g.apply(UseAbility(True))
    g.apply(Play("courtesan"))
    balls = [a for a in g.legal_actions() if isinstance(a, Ball)]
    g.apply(balls[-1])
    return [a.courtesan for a in balls], [c.kind for c in g.battle.lines["Ben"]]


def _venezia(rs):
    g = cstest.city_game({"Ana": cstest.hand("5"), "Ben": cstest.hand("winter", "scarecrow"), "Cy": cstest.hand()},
                         cities=("Genova", "Venezia", "Bologna"), ruleset=rs)
    g.apply(UseAbility(False))
    g.apply(UseAbility(True))
    g.apply(Play("5"))
    g.apply(Bribe("winter", "Ana:5"))
    g.apply(Play("1"))
    g.apply(Play("1"))
    return [a.take for a in g.legal_actions() if isinstance(a, Play) and a.card == "scarecrow"]


def _city_end(rs):
    g = cstest._to_the_end(rs, cstest.END_CONTROL, {"Ana": cstest.hand("10"), "Ben": cstest.hand(),
                                                    "Cy": cstest.hand()})
    g.apply(Play("10"))
    while g.phase == "battle":
        g.apply(Pass())
    return g.reason


def _final(rs):
    control = dict(cstest.END_CONTROL, Ancona="Cy", Siena="Ben")
    g = cstest._to_the_end(rs, control, {"Ana": cstest.hand("10"), "Ben": cstest.hand(), "Cy": cstest.hand()})
    g.apply(Play("10"))
    while not g.final:
        g.apply(Pass())
    hands = {p: sorted(c.kind for c in g.hand(p)) for p in g.battle.players}
    return g.battle.ruleset.name, {p: len(h) for p, h in hands.items()}, hands


CITY_END = get_ruleset("city-states").replace(city_end="weights_only")

FLIPS.update({
    "hand_size": ("standard", 8, _hand_sizes),
    "cards_per_region": ("standard", 0, lambda rs: _hand_sizes(rs, control={"Parma": "Ana"})),
    "keep_cards": ("standard", 0, _keep),
    "hand_discard": ("standard", False, _discard_phase),
    "favor_on_battle_region": ("standard", False, _favor_on_battle_region),
    "first_hand": ("continuous-war", 0, _hand_sizes),
    "hand_sizes": ("fa-tutorial", (), lambda rs: _hand_sizes(rs, n=4)),
    "drawing": ("standard", "after_battle", _hands_after_a_battle),
    "fa_winner_draws": ("fa-tutorial", "played", _fa_redraw),
    "victory_regions": ("fa-tutorial", 0, _five_regions),
    "end_ranking": ("standard", "weights", _ranking),
    "invasion": ("standard", True, _open_controlled),
    "match_points": ("scoring", 30, _match_target),
    "scoring_bonus": ("scoring", "group", _match_bonus),
    "city_states": ("standard", True, _city_phase),
    "firenze_takes": ("city-states", "all", _firenze),
    "firenze_card": ("city-states", "hidden", _firenze),
    "venezia_bribe": ("city-states", "not_returnable", _venezia),
    "city_end": (CITY_END, "usual_victory", _city_end),
    "final_ruleset": (CITY_END, "", _final),
    "final_hand": (CITY_END, 10, _final),
    "final_discard": (CITY_END, (), _final),
})

# The readings of issue 15: each scenario is the one of its test in test_rulebook_readings.py.
FLIPS.update({
    "courtesan_in_tie": ("standard", "left", readings.scenario_courtesan_in_tie),
    "bishop_highest": ("standard", "effective", readings.scenario_bishop_highest),
    "scarecrow_empty": ("standard", False, readings.scenario_scarecrow_empty),
    "venezia_bribe_value": ("city-states", "effective", readings.scenario_venezia_bribe_value),
    "zh_deal": ("city-states", "eleven", readings.scenario_zh_deal),
    "scoring_bonus_win": ("scoring", "three", lambda rs: readings.scenario_scoring(rs, 100)),
    "scoring_target": ("scoring", "exceed", readings.scenario_scoring),
    "first_player": ("standard", "drawn", readings.scenario_first_player),
    "final_tie": ("standard", "again", readings.scenario_final_tie),
    "fa_draws": ("fa-tutorial", "section_6", readings.scenario_fa_draws),
    "fa_losers": ("fa-tutorial", "played", readings.scenario_fa_losers),
    "fa_tie_draws": ("fa-tutorial", "none", readings.scenario_fa_tie_draws),
    "city_ask_from": ("city-states", "first_player", readings.scenario_city_ask_from),
    "invasion_favor": ("invasion", "ignored", readings.scenario_invasion_favor),
    "invasion_tie_token": ("invasion", "defender", readings.scenario_invasion_tie_token),
})


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
    sources = {p: p.read_text(encoding="utf-8") for p in ENGINE.rglob("*.py")
               if p.name not in ("rulesets.py", "options.py")}
    unread = [name for name in _option_names()
              if not any(re.search(rf"\.{name}\b", text) for text in sources.values())]
    assert not unread, f"options nobody in the engine reads: {unread}"


def test_every_option_has_a_flip():
    missing = [name for name in _option_names() if name not in FLIPS]
    assert not missing, f"options without a flip test: {missing}; add them to FLIPS in {Path(__file__).name}"


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
