"""The Chinese city-state variant in the Game (zh-city-state-variant.txt): one scripted test per rule."""
import pytest

from condottiere_nb import IllegalMove, RulesError, get_ruleset
from condottiere_nb.game import Game, Pass, PlaceFavor, PlaceToken, Play
from condottiere_nb.variants.city_states import weighted_scores
from condottiere_nb.variants.city_states import (Annul, Ball, Bribe, ChooseCity, GenovaDraw, GenovaKeep,
                                                 GenovaTrade, LiftBan, RomaClaim, UseAbility, Veto)

CS = "city-states"
FILLER = ["1", "2", "3", "4", "5", "1", "2", "3", "4", "5", "1"]


def hand(*cards):
    """An 11-card hand: the cards named, then low Mercenaries."""
    return list(cards) + FILLER[:11 - len(cards)]


def city_game(hands, cities=("Roma", "Bologna", "Firenze"), ruleset=CS, region="Napoli", players=("Ana", "Ben", "Cy"),
              **kw):
    g = Game(list(players), ruleset, seed=0, hands=hands, **kw)
    for c in cities:
        g.apply(ChooseCity(c))
    if region:
        g.apply(PlaceToken(region))
    return g


def kinds(actions):
    return [a.card for a in actions if isinstance(a, Play)]


def test_city_choose_in_seat_order_and_own_the_region_from_the_start():
    g = Game(["Ana", "Ben", "Cy"], CS, seed=3)
    assert (g.phase, g.to_move) == ("city", "Ana")
    assert len(g.legal_actions()) == 6
    g.apply(ChooseCity("Genoa"))          # any spelling of the region
    with pytest.raises(IllegalMove, match="ChooseCity"):
        g.apply(ChooseCity("Genova"))     # taken
    assert g.to_move == "Ben" and g.control == {"Genova": "Ana"}
    g.apply(ChooseCity("Roma"))
    g.apply(ChooseCity("Venezia"))
    assert g.control == {"Genova": "Ana", "Roma": "Ben", "Venezia": "Cy"}
    assert (g.phase, g.to_move) == ("token", "Ana")
    # zh 一.6: a region with an owner cannot be attacked
    assert not {"Genova", "Roma", "Venezia"} & set(g.open_regions())
    assert "Firenze" in g.open_regions()      # a city-state nobody chose is a plain region (zh 一.5)


def test_city_states_are_for_3_to_6_players():
    with pytest.raises(RulesError, match="3 to 6 players"):
        Game(["Ana", "Ben"], CS, seed=0)


def test_city_deals_are_11_cards_whatever_the_regions():
    g = city_game({"Ana": ["10"], "Ben": ["2"], "Cy": ["3"]}, control={"Parma": "Ana", "Siena": "Ana"})
    assert g.hand_limit("Ana") == 11 and g.hand_limit("Ben") == 11
    for who, card in (("Ben", None), ("Cy", None)):     # Ben, Cy decline their abilities
        g.apply(UseAbility(False))
    g.apply(Play("10"))
    g.apply(Play("2"))
    g.apply(Play("3"))
    assert g.control["Napoli"] == "Ana"
    g.apply(PlaceToken("Torino"))          # nobody has cards: a new round, 11 each
    assert {p: len(h) for p, h in g.hands.items()} == {"Ana": 11, "Ben": 11, "Cy": 11}
    deal = [s for s in g.log if s.rule == "round.deal"][-1]
    assert "up to 11 cards:" in deal.text and "plus 0" not in deal.text      # regions add nothing here


def test_city_abilities_are_asked_in_seat_order_from_the_leader_one_per_battle():
    g = city_game({"Ana": hand(), "Ben": hand(), "Cy": hand()}, cities=("Bologna", "Roma", "Firenze"))
    # Ana leads: Ana (Bologna) first, Roma's player Ben is never asked, then Cy
    assert (g.phase, g.to_move) == ("ability", "Ana")
    g.apply(UseAbility(False))
    assert (g.phase, g.to_move) == ("ability", "Cy")
    g.apply(UseAbility(True))             # Cy uses Firenze: nobody else is asked in this battle
    assert (g.phase, g.to_move) == ("veto", "Ben")
    g.apply(Veto(False))
    assert (g.phase, g.to_move) == ("battle", "Ana")
    assert any(s.rule == "city.ask" and "Cy turns Firenze's tile face down" in s.text for s in g.log)


def _finish_battle(g):
    while g.phase == "battle":
        g.apply(Pass())


def test_city_round_an_ability_is_once_a_round_and_ready_again_the_next():
    g = city_game({"Ana": ["1", "2"], "Ben": ["3", "4"], "Cy": ["5", "6"]}, cities=("Bologna", "Milano", "Roma"))
    g.apply(UseAbility(True))              # Ana: Bologna, now
    g.apply(Veto(False))                   # Cy, Roma, lets it act
    g.apply(Play("1"))
    _finish_battle(g)
    g.apply(PlaceToken(g.open_regions()[0]))
    # second battle of round 1: Ana has used Bologna this round; Ben (Milano) is asked
    assert (g.phase, g.to_move) == ("ability", "Ben")
    g.apply(UseAbility(False))
    assert g.phase == "battle"
    assert g.state.variant["city"]["ready"] == {"Ana": False, "Ben": True, "Cy": True}
    while g.round == 1 and not g.is_over:
        if g.phase == "token":
            g.apply(PlaceToken(g.open_regions()[0]))
        elif g.phase == "ability":
            g.apply(UseAbility(False))
        else:
            g.apply(g.legal_actions()[0])
    assert g.round == 2 and g.state.variant["city"]["ready"]["Ana"] is True
    assert any(s.rule == "city.round" for s in g.log)


def test_city_bologna_bans_scarecrow_6_10_heroine_until_lifted():
    g = city_game({"Ana": hand("6", "10", "heroine", "scarecrow", "winter"), "Ben": hand(), "Cy": hand()},
                  cities=("Bologna", "Milano", "Firenze"))
    g.apply(UseAbility(True))              # no Roma in this game: no veto
    assert g.phase == "battle" and g.to_move == "Ana"
    legal = g.legal_actions()
    assert not {"6", "10", "heroine", "scarecrow"} & set(kinds(legal))
    assert "winter" in kinds(legal) and LiftBan() in legal
    with pytest.raises(IllegalMove, match="Bologna's ban keeps every 10 out"):
        g.apply(Play("10"))
    g.apply(LiftBan())                     # not a turn: Ana still moves
    assert g.to_move == "Ana" and "10" in kinds(g.legal_actions())
    assert LiftBan() not in g.legal_actions()      # once lifted it cannot come back
    g.apply(Play("10"))
    assert g.battle.lines["Ana"][-1].kind == "10"


def test_city_lift_only_the_owner_lifts_a_ban_and_keeps_the_turn():
    """zh 二 (Bologna, Milano): 發動者有權隨時取消, whoever used the ability may call it off at
    any time: only that player, on their turn, without spending it; the banned cards are
    playable again for the rest of the battle."""
    g = city_game({"Ana": hand("heroine"), "Ben": hand(), "Cy": hand()}, cities=("Firenze", "Milano", "Genova"))
    g.apply(UseAbility(False))             # Ana, Firenze
    g.apply(UseAbility(True))              # Ben, Milano: no Heroine
    assert g.to_move == "Ana" and "heroine" not in kinds(g.legal_actions())
    assert LiftBan() not in g.legal_actions()      # not Ana's ban
    g.apply(Play("1"))
    assert g.to_move == "Ben" and LiftBan() in g.legal_actions()
    g.apply(LiftBan())
    assert g.to_move == "Ben"                      # lifting is not a turn
    assert g.log[-1].rule == "city.lift" and "Ben lifts Milano's ban" in g.log[-1].text
    g.apply(Play("2"))
    g.apply(Play("3"))
    assert g.to_move == "Ana" and "heroine" in kinds(g.legal_actions())


def test_city_milano_bans_surrender_bishop_drummer_seasons_heroine():
    g = city_game({"Ana": hand(), "Ben": hand("surrender", "bishop", "drummer", "spring", "winter", "heroine"),
                   "Cy": hand()}, cities=("Firenze", "Milano", "Genova"))
    g.apply(UseAbility(False))             # Ana, Firenze
    g.apply(UseAbility(True))              # Ben, Milano
    g.apply(Play("1"))                     # Ana
    legal = kinds(g.legal_actions())
    assert not {"surrender", "bishop", "drummer", "spring", "winter", "heroine"} & set(legal)
    assert "1" in legal


def test_city_firenze_ball_takes_back_a_courtesan_with_a_face_down_card():
    g = city_game({"Ana": hand("courtesan", "courtesan"), "Ben": hand("10"), "Cy": hand()},
                  cities=("Genova", "Firenze", "Venezia"))
    g.apply(UseAbility(False))             # Ana, Genova
    g.apply(UseAbility(True))              # Ben, Firenze
    g.apply(Play("courtesan"))             # Ana
    assert Ball("10", "Ana") in g.legal_actions()
    before = len(g.hand("Ben"))
    g.apply(Ball("10", "Ana"))
    assert g.battle.lines["Ana"] == []
    assert [c.kind for c in g.hand("Ben")].count("courtesan") == 1 and len(g.hand("Ben")) == before
    assert any(c.kind == "10" for c in g.discard_pile)     # firenze_card 'cost': it counts nothing
    step = [s for s in g.log if s.rule == "city.firenze"][-1]
    assert "takes Ana's Courtesan back" in step.text
    assert g.to_move == "Cy"               # the Ball was Ben's turn


def test_city_firenze_card_hidden_reading_counts_at_the_end():
    rs = get_ruleset(CS).replace(firenze_card="hidden")
    g = city_game({"Ana": hand("courtesan"), "Ben": hand("10"), "Cy": hand()},
                  cities=("Genova", "Firenze", "Venezia"), ruleset=rs)
    g.apply(UseAbility(False))
    g.apply(UseAbility(True))
    g.apply(Play("courtesan"))
    g.apply(Ball("10", "Ana"))
    assert [c.kind for c in g.battle.lines["Ben"]] == ["10"] and g.battle.face_down
    _finish_battle(g)
    assert g.resolution.strengths["Ben"] == 10 and g.control["Napoli"] == "Ben"


def test_city_venezia_bribe_takes_an_enemy_mercenary_of_1_to_5():
    g = city_game({"Ana": hand("6"), "Ben": hand("winter"), "Cy": hand()}, cities=("Genova", "Venezia", "Bologna"))
    g.apply(UseAbility(False))             # Ana
    g.apply(UseAbility(True))              # Ben: Venezia
    g.apply(Play("6"))                     # Ana
    assert not any(isinstance(a, Bribe) for a in g.legal_actions())     # a 6 is out of reach
    g.apply(Play("1"))                     # Ben
    g.apply(Play("3"))                     # Cy
    g.apply(Play("5"))                     # Ana
    legal = g.legal_actions()
    assert Bribe("winter", "Ana:5") in legal and Bribe("winter", "Cy:3") in legal
    assert Bribe("winter", "Ana:6") not in legal
    g.apply(Bribe("winter", "Cy:3"))
    assert [c.kind for c in g.battle.lines["Ben"]] == ["1", "3"] and g.battle.lines["Cy"] == []
    assert not any(c.kind == "winter" for c in g.hand("Ben"))
    assert g.to_move == "Cy"               # the Bribe was Ben's turn
    step = [s for s in g.log if s.rule == "city.venezia"][-1]
    assert "Cy's 3 joins Ben's line" in step.text


def test_city_venezia_bribe_and_the_scarecrow_reading():
    for reading, back in (("briber", True), ("not_returnable", False)):
        rs = get_ruleset(CS).replace(venezia_bribe=reading)
        g = city_game({"Ana": hand("5"), "Ben": hand("winter", "scarecrow", "drummer"), "Cy": hand()},
                      cities=("Genova", "Venezia", "Bologna"), ruleset=rs)
        g.apply(UseAbility(False))
        g.apply(UseAbility(True))          # Ben: Venezia
        g.apply(Play("5"))                 # Ana
        g.apply(Bribe("winter", "Ana:5"))  # Ben discards the Winter, takes Ana's 5
        assert [c.kind for c in g.battle.lines["Ben"]] == ["5"] and g.battle.lines["Ana"] == []
        assert any(c.kind == "winter" for c in g.discard_pile)
        g.apply(Play("1"))                 # Cy
        g.apply(Play("1"))                 # Ana
        assert (Play("scarecrow", take="5") in g.legal_actions()) is back
        g.apply(Play("drummer"))           # a Drummer doubles it under every reading
        assert g.battle.strengths()["Ben"] == 10


def test_city_roma_must_veto_venezia_before_the_discard():
    g = city_game({"Ana": hand("5"), "Ben": hand("winter"), "Cy": hand()}, cities=("Genova", "Venezia", "Roma"))
    g.apply(UseAbility(False))             # Ana
    g.apply(UseAbility(True))              # Ben: Venezia
    g.apply(Veto(False))                   # Cy, Roma, lets the declaration stand
    g.apply(Play("5"))                     # Ana
    hand_before = [c.id for c in g.hand("Ben")]
    g.apply(Bribe("winter", "Ana:5"))
    assert (g.phase, g.to_move) == ("veto", "Cy")
    assert [c.id for c in g.hand("Ben")] == hand_before    # nothing discarded yet
    g.apply(Veto(True))
    assert [c.id for c in g.hand("Ben")] == hand_before and [c.kind for c in g.battle.lines["Ana"]] == ["5"]
    assert (g.phase, g.to_move) == ("battle", "Ben")
    assert not any(isinstance(a, Bribe) for a in g.legal_actions())      # Venezia lost it for the round
    assert g.state.variant["city"]["ready"] == {"Ana": True, "Ben": False, "Cy": False}


def test_city_roma_annul_cancels_a_declared_ability_for_the_round():
    g = city_game({"Ana": hand("10"), "Ben": hand(), "Cy": hand()}, cities=("Bologna", "Milano", "Roma"))
    g.apply(UseAbility(True))              # Ana: Bologna
    assert (g.phase, g.to_move) == ("veto", "Cy")
    g.apply(Veto(True))
    assert g.phase == "battle" and not g.battle.banned
    assert "10" in kinds(g.legal_actions())
    step = [s for s in g.log if s.rule == "city.roma_annul"][-1]
    assert "Ana's Bologna ability is cancelled" in step.text


def test_city_roma_may_wait_and_annul_a_ban_on_its_turn():
    g = city_game({"Ana": hand(), "Ben": hand("heroine"), "Cy": hand()}, cities=("Bologna", "Roma", "Firenze"))
    g.apply(UseAbility(True))              # Ana: Bologna
    g.apply(Veto(False))                   # Ben, Roma, waits
    g.apply(Play("1"))                     # Ana
    assert "heroine" not in kinds(g.legal_actions()) and Annul() in g.legal_actions()
    g.apply(Annul())                       # not a turn
    assert g.to_move == "Ben" and "heroine" in kinds(g.legal_actions())
    assert Annul() not in g.legal_actions()


def test_city_genova_trades_with_the_other_hands_and_keeps_three():
    g = city_game({"Ana": hand("winter", "spring", "bishop"), "Ben": hand("10", "10", "10"), "Cy": hand("heroine")},
                  cities=("Genova", "Bologna", "Firenze"))
    g.apply(UseAbility(True))              # Ana: Genova acts at once
    assert g.phase == "genova"
    legal = g.legal_actions()
    assert GenovaTrade(("winter", "spring", "bishop"), "Ben") in legal and GenovaDraw() not in legal
    g.apply(GenovaTrade(("winter", "spring", "bishop"), "Ben"))
    assert g.phase == "genova_keep"
    assert len(g.hand("Ben")) == 8 and len(g.hand("Cy")) == 9
    drawn = g.state.variant["city"]["drawn"]
    assert len(drawn) == 5
    choice = g.legal_actions()[-1]
    g.apply(choice)
    assert len(g.hand("Ana")) == 11 and g.phase == "battle"
    total = sum(len(h) for h in g.hands.values()) + len(g.discard_pile) + len(g.deck)
    assert total == 110
    assert len(g.discard_pile) == 5        # the three paid and the two not kept


def test_city_genova_draws_from_the_shuffled_discards():
    g = city_game({"Ana": ["1", "2", "3"], "Ben": ["4", "5", "6"], "Cy": ["10", "10", "10"]},
                  cities=("Bologna", "Genova", "Firenze"))
    while g.phase == "ability":
        g.apply(UseAbility(False))
    for card in ("1", "4", "10", "2", "5", "10"):
        g.apply(Play(card))
    while g.phase == "battle":
        g.apply(Pass())
    assert g.control["Napoli"] == "Cy"
    g.apply(PlaceToken("Torino"))          # the 6 cards of the lines are now discards
    while g.to_move != "Ben":
        g.apply(UseAbility(False))
    g.apply(UseAbility(True))              # Ben holds 1 card: only the discard-pile draw is possible
    assert g.legal_actions() == [GenovaDraw()]
    pile = len(g.discard_pile)
    g.apply(GenovaDraw())
    assert len(g.discard_pile) == pile - 3 and len(g.hand("Ben")) == 4
    assert g.phase == "battle"


def tied_at_napoli(hands):
    """A city-states game (Bologna, Roma, Firenze chosen in turn: Ben holds Roma) at the end of a
    battle for Napoli that Ana and Ben tie with a 5 each, no ability used, everyone passing after."""
    g = city_game(hands, cities=("Bologna", "Roma", "Firenze"))
    g.apply(UseAbility(False))
    g.apply(UseAbility(False))
    for action in (Play("5"), Play("5"), Pass(), Pass(), Pass()):
        g.apply(action)
    return g


def test_city_roma_claims_a_tied_region_with_a_bishop():
    g = tied_at_napoli({"Ana": hand("5"), "Ben": hand("5", "bishop"), "Cy": hand()})
    assert g.resolution.winner is None
    assert (g.phase, g.to_move) == ("claim", "Ben")
    assert RomaClaim(("bishop",)) in g.legal_actions() and RomaClaim(()) in g.legal_actions()
    g.apply(RomaClaim(("bishop",)))
    assert g.control["Napoli"] == "Ben" and not any(c.kind == "bishop" for c in g.hand("Ben"))
    assert g.phase == "token"
    # Roma's ability is spent for the round: no veto is offered next
    g.apply(PlaceToken("Torino"))
    g.apply(UseAbility(True))     # Ana: Bologna, no Roma veto
    assert g.phase == "battle"


def test_city_roma_claim_with_any_three_cards_or_decline():
    g = tied_at_napoli({"Ana": hand("5"), "Ben": hand("5"), "Cy": hand()})
    assert RomaClaim(("bishop",)) not in g.legal_actions()
    g.apply(RomaClaim(()))
    assert "Napoli" not in g.control and g.phase == "token"


def test_city_score_counts_region_weights_not_regions():
    # zh 三: Napoli, Milano, Venezia, Genova, Bologna, Firenze, Roma count 3; Ancona, Spoleto, Torino,
    # Modena 2; the rest 1.  Scores are weights, not counts.
    control = {"Roma": "Ana", "Siena": "Ana", "Lucca": "Ben", "Parma": "Ben", "Urbino": "Ben", "Torino": "Cy"}
    assert weighted_scores(control, ["Ana", "Ben", "Cy"]) == {"Ana": 4, "Ben": 3, "Cy": 2}


def _to_the_end(rs, control, hands):
    g = Game(["Ana", "Ben", "Cy"], rs, seed=5, hands=hands, control=control)
    g.apply(ChooseCity("Roma"))
    g.apply(ChooseCity("Firenze"))
    g.apply(ChooseCity("Bologna"))
    g.apply(PlaceToken("Napoli"))
    while g.phase == "ability":
        g.apply(UseAbility(False))
    return g


# every region but the three city-states and Napoli is taken; nobody can win before the end
END_CONTROL = {"Torino": "Ana", "Milano": "Ben", "Venezia": "Cy", "Genova": "Ana", "Mantova": "Ben",
               "Ferrara": "Cy", "Parma": "Ana", "Modena": "Ben", "Lucca": "Cy", "Siena": "Ana",
               "Urbino": "Ben", "Spoleto": "Cy", "Ancona": "Ana"}


def test_city_weighted_score_decides_when_no_region_is_left():
    rs = get_ruleset(CS).replace(city_end="weights_only")
    g = _to_the_end(rs, END_CONTROL, {"Ana": hand("10"), "Ben": hand(), "Cy": hand()})
    g.apply(Play("10"))
    while g.phase == "battle":
        g.apply(Pass())
    # Napoli (3) goes to Ana: Ana Roma 3 + Torino 2 + Genova 3 + Parma 1 + Siena 1 + Ancona 2 + Napoli 3 = 15
    assert g.control["Napoli"] == "Ana"
    scores = weighted_scores(g.control, g.players)
    assert scores == {"Ana": 15, "Ben": 10, "Cy": 10}
    assert g.is_over and g.winners == ("Ana",) and g.reason == "most_weight"
    assert any(s.rule == "game.no_region" and "highest region weight" in s.text for s in g.log)


def test_city_final_battle_18_cards_pre_discard_roma_leads_drummers_first():
    rs = get_ruleset(CS).replace(city_end="weights_only")
    control = dict(END_CONTROL, Ancona="Cy", Siena="Ben")      # Ana 9 + Napoli 3 = 12 = Cy 12: a tie
    g = _to_the_end(rs, control, {"Ana": hand("10"), "Ben": hand(), "Cy": hand()})
    g.apply(Play("10"))
    while not g.final:
        g.apply(Pass())
    assert weighted_scores(g.control, g.players) == {"Ana": 12, "Ben": 11, "Cy": 12}
    assert g.final and g.battle.players == ("Ana", "Cy")
    assert g.battle.leader == "Ana"                # Ana chose Roma: Roma leads the final battle
    assert g.battle.ruleset.bishop_targets == "drummers_first"
    banned = {"scarecrow", "surrender", "winter", "spring"}
    for p in ("Ana", "Cy"):
        h = g.hand(p)
        assert not banned & {c.kind for c in h}
        assert len(h) <= 18
    assert len(g.hand("Ben")) == 0
    step = [s for s in g.log if s.rule == "game.final_battle"][-1]
    assert "discards every Scarecrow, Surrender, Winter and Spring" in step.text
    # no abilities in the final battle
    assert g.phase == "battle" and not any(type(a).__name__ in ("Annul", "Ball", "LiftBan") for a in g.legal_actions())
