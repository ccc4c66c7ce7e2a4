"""Wrong actions never half-apply: each is refused with a RulesError, the game stays exactly as it
was (its saved JSON), and every card is still in one place.  The issue's own examples first (the
corruptions the city-state actions used to cause), then a fuzzer over every ruleset and phase
(benchmarks/fuzz_actions.py runs it at length)."""
import pytest

from condottiere_nb import RULESETS, IllegalMove, RulesError
from condottiere_nb.explore.wrong_actions import fuzz_wrong_actions
from condottiere_nb.game import Game, PlaceToken
from condottiere_nb.variants.city_states import (Bribe, ChooseCity, GenovaKeep, GenovaTrade, RomaClaim,
                                                 UseAbility, Veto)

FILLER = ["1", "2", "3", "4", "5", "1", "2", "3", "4", "5", "1"]


def hand(*cards):
    return list(cards) + FILLER[:11 - len(cards)]


def all_cards_placed(game):
    loc = game.card_locations()
    ids = [i for h in loc["hands"].values() for i in h] + [i for ln in loc["lines"].values() for i in ln]
    return sorted(ids + loc["deck"] + loc["discard"]) == list(range(len(game.cards)))


def refused(game, action, words):
    before = game.to_json()
    with pytest.raises(RulesError, match=words):
        game.apply(action)
    assert game.to_json() == before and all_cards_placed(game)


def genova_game():
    g = Game(["Ana", "Ben", "Cy"], "city-states", seed=0,
             hands={"Ana": hand("winter", "spring", "bishop"), "Ben": hand("10", "10", "heroine"),
                    "Cy": hand("6", "6", "drummer")})
    for c in ("Genova", "Bologna", "Firenze"):
        g.apply(ChooseCity(c))
    g.apply(PlaceToken("Napoli"))
    g.apply(UseAbility(True))
    return g


def test_a_genova_trade_naming_a_card_genova_does_not_hold_changes_nothing():
    g = genova_game()
    bens = tuple(g.hand("Ben")[:3])
    refused(g, GenovaTrade(bens, "Ben"), "not in Ana's hand")
    deck_card = g.deck[0]
    refused(g, GenovaTrade((deck_card, g.hand("Ana")[0], g.hand("Ana")[1]), "Ben"), "not in Ana's hand")


def test_a_genova_keep_naming_cards_genova_never_drew_changes_nothing():
    g = genova_game()
    g.apply(GenovaTrade(("winter", "spring", "bishop"), "Ben"))
    assert g.phase == "genova_keep"
    own = [c for c in g.hand("Ana") if c.kind == "1"][:3]     # Ana's own cards, not drawn from the others
    refused(g, GenovaKeep(tuple(own)), "not among the cards Genova drew")
    assert len(g.hand("Ana")) == 11 - 3 + 3 + 2      # paid three, drew three from Ben and two from Cy


def test_a_roma_claim_naming_a_card_roma_does_not_hold_changes_nothing():
    g = Game(["Ana", "Ben", "Cy"], "city-states", seed=0,
             hands={"Ana": hand("5"), "Ben": hand("5"), "Cy": hand("bishop")})
    for c in ("Genova", "Bologna", "Roma"):
        g.apply(ChooseCity(c))
    g.apply(PlaceToken("Napoli"))
    while g.phase == "ability":
        g.apply(UseAbility(False))
    while g.phase == "battle":
        legal = g.legal_actions()
        five = [a for a in legal if getattr(a, "card", None) == "5" and not a.face_down]
        g.apply(five[0] if five and g.to_move != "Cy" and not g.lines[g.to_move] else legal[-1])
    if g.phase != "claim":
        pytest.skip("this deal did not end tied")
    refused(g, RomaClaim(tuple(g.hand("Ana")[:3])), "not in Cy's hand")


def test_a_venezia_bribe_paid_with_a_card_from_the_deck_changes_nothing():
    g = Game(["Ana", "Ben", "Cy"], "city-states", seed=0, hands={"Ana": hand("5"), "Ben": hand("winter"), "Cy": hand()})
    for c in ("Genova", "Venezia", "Bologna"):
        g.apply(ChooseCity(c))
    g.apply(PlaceToken("Napoli"))
    while g.phase == "ability":
        g.apply(UseAbility(g.to_move == "Ben"))
    g.apply(g.legal_actions()[0] if g.to_move == "Ana" else g.legal_actions()[-1])
    while g.to_move != "Ben" or g.phase != "battle":
        g.apply(g.legal_actions()[0])
    refused(g, Bribe(g.deck[0], "Ana:5"), "not in Ben's hand")
    refused(g, Bribe(g.hand("Cy")[0], "Ana:5"), "not in Ben's hand")


def test_veto_and_ability_answers_must_be_true_or_false():
    g = genova_game()
    refused(g, Veto("yes"), "True or False")


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_wrong_actions_in_every_phase_are_refused_and_change_nothing(name):
    report = fuzz_wrong_actions([name], players=(3, 4) if name.startswith("city") else (2, 4), games=1,
                                seed=len(name), tries_per_decision=3)
    assert report.tried > 300, report.summary()
    assert report.ok, report.examples[:5]
    assert report.refused > 0.8 * report.tried


# -- one strict number reader, and actions of a variant the ruleset lacks (issue 31) ------------------

def battle_game(ruleset="standard"):
    g = Game(["Ana", "Ben", "Cy"], ruleset, seed=3,
             hands={p: ["10", "5", "1", "2", "3", "4", "6", "10", "5", "1"] for p in ("Ana", "Ben", "Cy")})
    g.apply(PlaceToken("Napoli"))
    return g


@pytest.mark.parametrize("value", ["1.0", "0.5", "1 0", "1-0", "+5", " 5x", "٥.٠"])
def test_a_play_whose_card_is_not_digits_only_is_refused(value):
    from condottiere_nb.game import Play
    g = battle_game()
    refused(g, Play(value), "no Mercenary of value .*digits only.*1, 2, 3, 4, 5, 6, 10")


@pytest.mark.parametrize("ruleset", ["standard", "hidden-cards"])
def test_a_city_state_action_in_another_ruleset_names_the_city_states_ruleset(ruleset):
    from condottiere_nb.variants.city_states import Ball
    g = battle_game(ruleset)
    refused(g, Ball("10", "Ben"), f"it belongs to the 'city-states' ruleset; the '{ruleset}' ruleset has none")
    refused(g, Bribe("10", "Ben:5"), "belongs to the 'city-states' ruleset")


@pytest.mark.parametrize("record", [["ball", 5, None], ["bribe", 5, 6], ["city", "Roma"], ["ability", True]])
def test_a_saved_game_with_a_city_state_action_in_another_ruleset_is_refused_by_name(record):
    import json
    g = battle_game()
    data = json.loads(g.to_json())
    data["actions"].append(record)
    with pytest.raises(RulesError) as e:
        Game.from_json(json.dumps(data))
    msg = str(e.value)
    assert "action 2 of the saved game" in msg and "belongs to the 'city-states' ruleset" in msg
    assert "this game's ruleset, 'standard', has no such action" in msg
