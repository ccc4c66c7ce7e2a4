"""The Vietnamese extended rules (vi-thegioiboardgame.txt, Luật mở rộng) in the Game."""
import random

import pytest

from condottiere_nb import IllegalMove, RulesError, get_ruleset
from condottiere_nb.game import DiscardHand, Game, Pass, PlaceFavor, PlaceToken, Play
from condottiere_nb.rulesets import combine
from condottiere_nb.variants.vietnamese import Match, continuous_war_draw, game_points

# -- Continuous War (Chiến tranh liên tiếp) -------------------------------------------------------


def test_war_draw_worked_example_9_in_hand_1_region_draws_2():
    # vi: Huy holds 9 cards at the end of a battle and controls 1 region: limit 11, so he draws 2, not 3
    assert continuous_war_draw(9, 1) == 2
    assert continuous_war_draw(5, 0) == 3 and continuous_war_draw(10, 0) == 0


def test_war_starts_with_7_cards():
    g = Game(["Ana", "Ben", "Cy"], "continuous-war", seed=1)
    assert {p: len(h) for p, h in g.hands.items()} == {"Ana": 7, "Ben": 7, "Cy": 7}


def test_war_draw_after_each_battle_up_to_the_limit_in_a_game():
    ten = ["1", "2", "3", "4", "5", "6", "1", "2", "3", "4"]
    g = Game(["Huy", "Hoa"], "continuous-war", seed=2, hands={"Huy": ten, "Hoa": ["6", "5", "4", "3"]},
             control={"Parma": "Huy"})
    g.apply(PlaceToken("Roma"))
    g.apply(Play("1"))          # Huy: 9 cards left
    g.apply(Pass())             # Hoa
    g.apply(Pass())             # Huy
    assert g.control["Roma"] == "Huy"     # now 2 regions: limit 12
    step = [s for s in g.log if s.rule == "war.draw"][-1]
    assert step.data["drawn"] == {"Hoa": 3, "Huy": 3}
    assert len(g.hand("Huy")) == 12 and len(g.hand("Hoa")) == 7


def test_war_the_worked_example_in_a_game():
    nine = ["1", "2", "3", "4", "5", "6", "1", "2", "3"]
    g = Game(["Huy", "Hoa"], "continuous-war", seed=2, hands={"Huy": nine + ["10"], "Hoa": ["10", "10", "10"]},
             control={"Parma": "Huy"})
    g.apply(PlaceToken("Roma"))
    g.apply(Play("10"))         # Huy: 9 left
    g.apply(Play("10"))         # Hoa
    g.apply(Pass())
    g.apply(Play("10"))
    g.apply(Pass())
    assert g.control["Roma"] == "Hoa"     # Huy keeps 1 region: limit 11, 9 in hand -> 2
    step = [s for s in g.log if s.rule == "war.draw"][-1]
    assert step.data["drawn"]["Huy"] == 2 and len(g.hand("Huy")) == 11


def test_war_redeal_nobody_has_cards_everyone_draws_10_and_no_hand_discard():
    g = Game(["Ana", "Ben"], "continuous-war", seed=4, hands={"Ana": ["10"], "Ben": ["winter"]})
    g.apply(PlaceToken("Roma"))
    g.apply(Play("10"))
    g.apply(Play("winter"))
    assert g.control["Roma"] == "Ana"
    assert any(s.rule == "war.redeal" for s in g.log)
    assert len(g.hand("Ana")) == 10 and len(g.hand("Ben")) == 10
    g.apply(PlaceToken("Napoli"))
    assert g.phase == "battle"            # no DiscardHand phase in Continuous War


def test_war_hand_discard_exists_without_the_variant():
    g = Game(["Ana", "Ben"], seed=4, hands={"Ana": ["10", "2"], "Ben": ["winter", "heroine"]})
    g.apply(PlaceToken("Roma"))
    g.apply(Play("10"))
    g.apply(Play("winter"))
    g.apply(Pass())
    g.apply(Pass())
    g.apply(PlaceToken("Napoli"))
    assert g.phase == "discard" and g.to_move == "Ben"


# -- Invasion (Xâm Lược) ----------------------------------------------------------------------------

def invasion_game(**kw):
    return Game(["Ana", "Ben", "Cy"], "invasion", seed=7, control={"Parma": "Ben"}, **kw)


def test_invasion_token_may_go_on_a_controlled_region_not_on_the_favor():
    g = invasion_game(favor="Roma")
    assert "Parma" in g.open_regions() and "Roma" not in g.open_regions()
    assert "Parma" not in Game(["Ana", "Ben", "Cy"], seed=7, control={"Parma": "Ben"}).open_regions()


def test_invasion_defender_passes_and_still_plays_later():
    g = invasion_game(hands={"Ana": ["5", "1"], "Ben": ["10", "1"], "Cy": ["2"]})
    g.apply(PlaceToken("Parma"))
    assert g.battle.defender == "Ben"
    g.apply(Play("5"))          # Ana
    g.apply(Pass())             # Ben waits: not out of the battle
    assert "Ben" not in g.battle.passed and any(s.rule == "play.wait" for s in g.battle.steps)
    g.apply(Pass())             # Cy
    g.apply(Pass())             # Ana
    assert g.to_move == "Ben"   # everyone else passed: the defender still plays
    g.apply(Play("10"))
    g.apply(Pass())             # after a first card, a pass is final
    assert g.battle.is_resolved and g.control["Parma"] == "Ben"
    assert any(s.rule == "region.conquered" and "defends Parma and keeps it" in s.text for s in g.log)


def test_invasion_after_the_first_card_a_pass_is_final():
    g = invasion_game(hands={"Ana": ["5", "6"], "Ben": ["1", "2"], "Cy": ["2"]})
    g.apply(PlaceToken("Parma"))
    g.apply(Play("5"))          # Ana
    g.apply(Play("1"))          # Ben plays: now an ordinary player
    g.apply(Pass())             # Cy
    g.apply(Play("6"))          # Ana
    g.apply(Pass())             # Ben: final (Ana has no card left, so the battle ends)
    assert "Ben" in g.battle.passed
    assert g.control["Parma"] == "Ana"   # the attacker takes the region from the defender
    assert any("Ben loses it" in s.text for s in g.log if s.rule == "region.conquered")


def test_invasion_tie_keeps_the_region_with_the_defender_who_takes_the_token():
    g = invasion_game(hands={"Ana": ["5"], "Ben": ["5"], "Cy": ["1"]})
    g.apply(PlaceToken("Parma"))
    g.apply(Play("5"))          # Ana (then out of cards)
    g.apply(Play("5"))          # Ben (then out of cards)
    g.apply(Pass())             # Cy
    assert g.resolution.winner is None
    assert g.control["Parma"] == "Ben" and g.token_holder == "Ben"
    assert any(s.rule == "invasion.tie" for s in g.log)


def test_invasion_favor_may_go_on_a_controlled_region():
    g = invasion_game(hands={"Ana": ["bishop", "1"], "Ben": ["5"], "Cy": ["1"]})
    g.apply(PlaceToken("Roma"))
    g.apply(Play("bishop"))
    assert g.phase == "favor" and PlaceFavor("Parma") in g.legal_actions()
    std = Game(["Ana", "Ben", "Cy"], seed=7, control={"Parma": "Ben"}, hands={"Ana": ["bishop", "1"], "Ben": ["5"],
                                                                              "Cy": ["1"]})
    std.apply(PlaceToken("Roma"))
    std.apply(Play("bishop"))
    assert PlaceFavor("Parma") not in std.legal_actions()
    g.apply(PlaceFavor("Parma"))
    assert g.favor == "Parma"


# -- Scoring (Tính điểm) ---------------------------------------------------------------------------

def test_scoring_worked_example_3_adjacent_regions_score_18():
    control = {"Torino": "Huy", "Milano": "Huy", "Genova": "Huy", "Roma": "Hoa", "Siena": "Hoa"}
    pts = game_points(control, ["Huy", "Hoa", "An", "Bao"], winner="Huy", reason="adjacent",
                      group={"Torino", "Milano", "Genova"})
    assert pts == {"Huy": 18, "Hoa": 2, "An": 0, "Bao": 0}
    # a win by regions in total earns no bonus
    assert game_points(control, ["Huy", "Hoa"], winner="Huy", reason="total")["Huy"] == 3


def test_scoring_bonus_reading_all_regions_or_the_group():
    control = {"Torino": "Huy", "Milano": "Huy", "Genova": "Huy", "Napoli": "Huy"}
    group = {"Torino", "Milano", "Genova"}
    assert game_points(control, ["Huy"], "Huy", "adjacent", group)["Huy"] == 4 * 6
    assert game_points(control, ["Huy"], "Huy", "adjacent", group, bonus_regions="group")["Huy"] == 4 + 15


def _play_out(m, seed):
    rng = random.Random(seed)
    while not m.is_over:
        m.apply(rng.choice(m.legal_actions()))


def test_scoring_match_plays_games_until_someone_reaches_the_target():
    m = Match(["Ana", "Ben", "Cy", "Dee"], target=30, seed=11)
    _play_out(m, 11)
    assert m.is_over and max(m.points.values()) >= 30
    assert all(m.points[w] == max(m.points.values()) for w in m.winners)
    # every game's points add up to the match points, and each game is scored from its own map
    assert {p: sum(h[p] for h in m.history) for p in m.players} == m.points
    for game, scored in zip(m.games, m.history):
        assert scored == game_points(game.control, m.players, game.winners[0] if len(game.winners) == 1 else None,
                                     game.reason, game.victory.group if game.victory else ())
    assert [g.players[0] for g in m.games] == [m.players[i % 4] for i in range(len(m.games))]
    with pytest.raises(IllegalMove, match="the match is over"):
        m.apply(Pass())


def test_scoring_named_ruleset_and_bad_target():
    assert get_ruleset("scoring").match_points == 20
    assert Match(["Ana", "Ben"]).target == 20
    with pytest.raises(RulesError, match="20 or 30"):
        Match(["Ana", "Ben"], target=-1)


# -- Hidden Cards (Ẩn Bài) in the Game -------------------------------------------------------------

def test_hidden_cards_face_down_plays_are_actions():
    g = Game(["Ana", "Ben"], "hidden-cards", seed=3, hands={"Ana": ["10", "6"], "Ben": ["bishop", "scarecrow"]})
    g.apply(PlaceToken("Roma"))
    assert Play("10", face_down=True) in g.legal_actions()
    assert Play("10", face_down=True) not in Game(["Ana", "Ben"], seed=3).legal_actions()
    g.apply(Play("10", face_down=True))
    assert g.battle.strengths()["Ana"] == 0          # announced totals count face-up cards only
    g.apply(Play("bishop"))                           # the Bishop sees no face-up Mercenary
    g.apply(PlaceFavor(None))
    assert [c.kind for c in g.battle.lines["Ana"]] == ["10"]
    g.apply(Play("6"))
    # Ben's Scarecrow takes back only Ben's own face-up Mercenaries: none
    assert [a for a in g.legal_actions() if getattr(a, "card", None) == "scarecrow" and a.take] == []


def test_hidden_cards_scarecrow_cannot_take_back_a_face_down_card():
    g = Game(["Ana", "Ben"], "hidden-cards", seed=3, hands={"Ana": ["10", "scarecrow", "5"], "Ben": ["1", "2"]})
    g.apply(PlaceToken("Roma"))
    g.apply(Play("10", face_down=True))
    g.apply(Play("1"))
    g.apply(Play("5"))
    g.apply(Play("2"))
    takes = [a.take for a in g.legal_actions() if getattr(a, "card", None) == "scarecrow" and a.take]
    assert takes == ["5"]
    with pytest.raises(IllegalMove):
        g.apply(Play("scarecrow", take="10"))


# -- combinations --------------------------------------------------------------------------------------

def test_vietnamese_variants_combine():
    rs = get_ruleset("continuous-war+invasion")
    assert rs is combine("invasion", "continuous-war") or rs == combine("invasion", "continuous-war")
    assert rs.invasion and rs.first_hand == 7 and rs.drawing == "after_battle"
    g = Game(["Ana", "Ben", "Cy"], rs, seed=5, control={"Parma": "Ben"})
    assert "Parma" in g.open_regions() and len(g.hand("Ana")) == 7
    with pytest.raises(RulesError, match="only the Vietnamese variants combine"):
        get_ruleset("invasion+city-states")
