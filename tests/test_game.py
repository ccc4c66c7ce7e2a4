"""The game flow of docs/rules.md, one scripted game per rule, with stated hands.

Each test states every hand it relies on (Game(hands=...)); the rest of the deck is dealt
by the seeded RNG and never matters to the outcome checked.
"""
import json

import pytest

from condottiere_nb import (ITALY, TERMINAL, DiscardHand, Game, IllegalMove, Keep, Pass, PlaceFavor,
                            PlaceToken, Play, RulesError, UnknownCard, UnknownRegion)
from condottiere_nb.board import check_victory


def play(game, *actions):
    for a in actions:
        game.apply(a)
    return game


def rules(game):
    return [s.rule for s in game.log]


def assert_rejected(game, action, *words):
    """The action raises IllegalMove naming ``words``, and the game is exactly as before."""
    before = game.to_json()
    log = len(game.log)
    legal = game.legal_actions()
    with pytest.raises(IllegalMove) as err:
        game.apply(action)
    assert game.to_json() == before
    assert len(game.log) == log
    assert game.legal_actions() == legal
    for w in words:
        assert w in str(err.value), str(err.value)
    return str(err.value)


# ---------------------------------------------------------------- the actions themselves

def test_actions_have_reprs_that_paste_back():
    from condottiere_nb import game as g
    for a in (PlaceToken("Roma"), Play("10"), Play("scarecrow", take="5"), Play("6", face_down=True),
              Pass(), PlaceFavor(None), PlaceFavor("Napoli"), DiscardHand(True), DiscardHand(False),
              Keep(("10", "heroine")), Keep(())):
        assert eval(repr(a), vars(g)) == a
    assert repr(Play("scarecrow", take="5")) == "Play('scarecrow', take='5')"
    assert Keep(["10"]) == Keep(("10",)) and Keep("10") == Keep(("10",))
    with pytest.raises(AttributeError):
        Play("10").card = "5"


def test_players_given_by_number_and_bad_players():
    assert Game(4, seed=0).players == ("Ana", "Ben", "Cy", "Dee")
    for bad in (1, 7, ["Ana"], ["Ana", "Ana"], "Ana Ben", ["Ana", ""], None):
        with pytest.raises(RulesError):
            Game(bad, seed=0)
    with pytest.raises(RulesError):
        Game(3, seed=1.5)


# ---------------------------------------------------------------- setting up and dealing

def test_setup_deals_ten_each_and_the_first_player_places_the_token():
    g = Game(["Ana", "Ben", "Cy"], seed=3)
    assert {p: len(h) for p, h in g.hands.items()} == {"Ana": 10, "Ben": 10, "Cy": 10}
    assert len(g.deck) == 80 and g.discard_pile == []
    assert g.to_move == "Ana" and g.phase == "token" and g.token_holder == "Ana"
    assert rules(g) == ["game.setup", "round.deal"]
    assert g.legal_actions() == [PlaceToken(r) for r in ITALY.nodes]


def test_same_seed_same_deal_other_seed_other_deal():
    a, b, c = Game(4, seed=11), Game(4, seed=11), Game(4, seed=12)
    assert a.to_json() == b.to_json()
    assert a.hands != c.hands


def test_stated_hands_are_dealt_exactly():
    g = Game(["Ana", "Ben"], seed=0, hands={"Ana": ["10", "winter"], "Ben": ["5", "5", "Mùa Xuân"]})
    assert [c.kind for c in g.hand("Ana")] == ["10", "winter"]
    assert [c.kind for c in g.hand("Ben")] == ["5", "5", "spring"]
    assert len(g.deck) == 105


def test_stated_hands_fill_the_others_and_deck_order_is_the_top_of_the_pile():
    g = Game(["Ana", "Ben"], seed=0, hands={"Ana": ["10"]}, deck_order=["heroine#88", "heroine#89", "1#0"])
    # Ben is dealt from the top of the pile: the stated cards first.
    assert {88, 89, 0} <= {c.id for c in g.hand("Ben")}
    assert len(g.hand("Ben")) == 10 and len(g.hand("Ana")) == 1
    h = Game(["Ana", "Ben"], seed=0, deck_order=["heroine#88", "1#0"])
    assert 88 in {c.id for c in h.hand("Ben")}          # Ana deals: Ben gets the first card
    assert 0 in {c.id for c in h.hand("Ana")}


@pytest.mark.parametrize("hands, words", [
    ({"Zed": ["10"]}, "Zed"),
    ({"Ana": ["10"] * 9}, "10"),
    ({"Ana": ["heroine"] * 2, "Ben": ["heroine"] * 2}, "Heroine"),
    ({"Ana": ["10#104"]}, "10#104"),
    ({"Ana": ["1#0", "1#0"]}, "twice"),
])
def test_bad_stated_hands_are_refused(hands, words):
    with pytest.raises(RulesError) as err:
        Game(["Ana", "Ben"], seed=0, hands=hands)
    assert words in str(err.value)


def test_unknown_card_in_a_stated_hand():
    with pytest.raises(UnknownCard):
        Game(["Ana", "Ben"], seed=0, hands={"Ana": ["dragon"]})


def test_stated_control_must_not_already_win_or_block_every_region():
    with pytest.raises(RulesError, match="winner"):
        Game(4, seed=0, control={"Torino": "Ana", "Milano": "Ana", "Genova": "Ana"})
    with pytest.raises(RulesError, match="not a player"):
        Game(4, seed=0, control={"Torino": "Zed"})
    with pytest.raises(UnknownRegion):
        Game(4, seed=0, control={"Atlantis": "Ana"})
    with pytest.raises(RulesError, match="control marker"):
        Game(4, seed=0, control={"Roma": "Ana"}, favor="Roma")


def test_unknown_region_is_a_rules_error():
    assert issubclass(UnknownRegion, RulesError)


# ---------------------------------------------------------------- token placement

def test_token_never_goes_on_a_controlled_or_favoured_region():
    g = Game(["Ana", "Ben", "Cy"], seed=0, control={"Parma": "Ben"}, favor="Roma")
    legal = [a.region for a in g.legal_actions()]
    assert "Parma" not in legal and "Roma" not in legal and len(legal) == 15
    assert_rejected(g, PlaceToken("Parma"), "control marker", "Allowed now")
    assert_rejected(g, PlaceToken("Roma"), "Pope's Favor")
    with pytest.raises(UnknownRegion):
        g.apply(PlaceToken("Atlantis"))
    g.apply(PlaceToken("Florence"))                     # any spelling board.region reads
    assert g.region == "Firenze" and g.phase == "battle"


def test_battle_start_the_token_holder_leads_and_play_goes_clockwise():
    g = Game(["Ana", "Ben", "Cy"], seed=0, hands={"Ana": ["1", "2", "3"], "Ben": ["1", "2", "3"],
                                                  "Cy": ["1", "2", "3"]})
    g.apply(PlaceToken("Roma"))
    seen = []
    for card in ("1", "1", "1", "2", "2"):
        seen.append(g.to_move)
        g.apply(Play(card))
    assert seen == ["Ana", "Ben", "Cy", "Ana", "Ben"]


# ---------------------------------------------------------------- battles inside the game

def test_a_pass_is_final_but_the_passed_line_still_counts():
    g = Game(["Ana", "Ben", "Cy"], seed=0, hands={"Ana": ["10", "1"], "Ben": ["5", "6", "1"], "Cy": ["2", "3"]})
    play(g, PlaceToken("Roma"), Play("10"), Play("5"), Play("2"), Pass())
    assert g.to_move == "Ben"                       # Ana passed: she is skipped from now on
    play(g, Play("6"), Pass(), Pass())
    assert g.battle.is_resolved and g.resolution.strengths == {"Ana": 10, "Ben": 11, "Cy": 2}
    assert g.control == {"Roma": "Ben"}


def test_a_passed_player_can_still_win():
    g = Game(["Ana", "Ben"], seed=0, hands={"Ana": ["10", "1"], "Ben": ["2", "3", "1"]})
    play(g, PlaceToken("Roma"), Play("10"), Play("2"), Pass(), Play("3"), Pass())
    assert g.control == {"Roma": "Ana"}
    assert any("had passed" in s.text for s in g.log if s.rule == "battle.compare")


def test_play_no_cards_a_player_with_no_cards_can_only_pass():
    g = Game(["Ana", "Ben", "Cy"], seed=0, hands={"Ana": ["10"], "Ben": [], "Cy": ["5", "3"]})
    play(g, PlaceToken("Roma"), Play("10"))
    # Ben has nothing: he is passed automatically and Cy moves.
    assert g.to_move == "Cy"
    assert "play.no_cards" in rules(g)
    assert "Ben" in g.battle.passed


def test_surrender_ends_the_battle_at_once():
    g = Game(["Ana", "Ben", "Cy"], seed=0, hands={"Ana": ["10", "1"], "Ben": ["surrender", "1"],
                                                  "Cy": ["heroine"]})
    play(g, PlaceToken("Roma"), Play("10"), Play("surrender"))
    assert g.control == {"Roma": "Ana"}              # Cy never got to play her Heroine
    assert g.phase == "token" and g.to_move == "Ana"
    assert [c.kind for c in g.hand("Cy")] == ["heroine"]


def test_favor_place_the_bishops_player_places_it_in_the_middle_of_the_battle():
    g = Game(["Ana", "Ben", "Cy"], seed=0, control={"Milano": "Cy"},
             hands={"Ana": ["6", "1"], "Ben": ["bishop", "bishop", "3"], "Cy": ["2", "5"]})
    play(g, PlaceToken("Roma"), Play("6"), Play("bishop"))
    assert g.phase == "favor" and g.to_move == "Ben"
    legal = g.legal_actions()
    assert PlaceFavor(None) in legal and PlaceFavor("Milano") not in legal
    assert PlaceFavor("Roma") in legal                 # the contested region has no marker yet
    assert len(legal) == 16 + 1
    assert_rejected(g, PlaceFavor("Milano"), "control marker")
    assert_rejected(g, Play("3"), "PlaceFavor")
    g.apply(PlaceFavor("Napoli"))
    assert g.favor == "Napoli" and g.phase == "battle" and g.to_move == "Cy"
    assert g.lines["Ana"] == []                        # the Bishop took Ana's 6
    # A later Bishop moves the Favor.
    play(g, Play("5"), Play("1"), Play("bishop"))
    assert g.phase == "favor"
    g.apply(PlaceFavor(None))
    assert g.favor is None
    assert "Napoli" in g.open_regions()


def test_option_favor_on_battle_region():
    hands = {"Ana": ["bishop", "1"], "Ben": ["2"]}
    g = Game(["Ana", "Ben"], seed=0, hands=hands)
    play(g, PlaceToken("Roma"), Play("bishop"))
    assert PlaceFavor("Roma") in g.legal_actions()
    from condottiere_nb import get_ruleset
    strict = get_ruleset("standard").replace(favor_on_battle_region=False)
    h = Game(["Ana", "Ben"], strict, seed=0, hands=hands)
    play(h, PlaceToken("Roma"), Play("bishop"))
    assert PlaceFavor("Roma") not in h.legal_actions()
    assert_rejected(h, PlaceFavor("Roma"), "region being fought over")


def test_scarecrow_takes_back_a_mercenary_into_the_game_hand():
    g = Game(["Ana", "Ben"], seed=0, hands={"Ana": ["5", "scarecrow", "1"], "Ben": ["2", "3"]})
    play(g, PlaceToken("Roma"), Play("5"), Play("2"))
    assert Play("scarecrow", take="5") in g.legal_actions()
    assert Play("scarecrow", take="2") not in g.legal_actions()
    assert_rejected(g, Play("scarecrow", take="2"), "2")
    g.apply(Play("scarecrow", take="5"))
    assert sorted(c.kind for c in g.hand("Ana")) == ["1", "5"]
    assert g.lines["Ana"] == []


def test_illegal_plays_name_the_problem_and_change_nothing():
    g = Game(["Ana", "Ben"], seed=0, hands={"Ana": ["5", "1"], "Ben": ["2", "3"]})
    g.apply(PlaceToken("Roma"))
    assert_rejected(g, Play("bishop"), "no Bishop", "Allowed now", "Play 5")
    assert_rejected(g, Play("5", face_down=True), "face up")
    assert_rejected(g, Play("5", take="1"), "take=")
    assert_rejected(g, PlaceToken("Napoli"), "PlaceToken is not possible now")
    assert_rejected(g, Keep(()), "Keep")
    assert_rejected(g, DiscardHand(True), "DiscardHand")
    assert_rejected(g, "5", "apply() takes an action")
    with pytest.raises(UnknownCard):
        g.apply(Play("dragon"))
    ben_two = g.hand("Ben")[0]
    assert_rejected(g, Play(ben_two), "not in Ana's hand")


def test_a_physical_card_may_be_named():
    g = Game(["Ana", "Ben"], seed=0, hands={"Ana": ["5", "5", "1"], "Ben": ["2", "3"]})
    g.apply(PlaceToken("Roma"))
    second = g.hand("Ana")[1]
    g.apply(Play(f"5#{second.id}"))
    assert g.lines["Ana"] == [second]
    assert g.actions[-1] == Play("5")


# ---------------------------------------------------------------- after the battle

def test_courtesan_majority_takes_the_token_from_the_winner():
    g = Game(["Ana", "Ben", "Cy"], seed=0, hands={"Ana": ["10", "1"], "Ben": ["courtesan", "2"],
                                                  "Cy": ["3"]})
    play(g, PlaceToken("Roma"), Play("10"), Play("courtesan"), Pass(), Pass(), Pass())
    assert g.control == {"Roma": "Ana"}
    assert g.token_holder == "Ben"
    assert g.phase == "token" and g.to_move == "Ben"
    steps = [s for s in g.log if s.rule == "token.condottiere"]
    assert "instead of the winner Ana" in steps[-1].text


def test_region_tied_conquers_nothing_and_passes_the_token_to_the_left():
    g = Game(["Ana", "Ben", "Cy"], seed=0, hands={"Ana": ["5", "1"], "Ben": ["5", "2"], "Cy": ["3", "1"]})
    play(g, PlaceToken("Roma"), Play("5"), Play("5"), Pass(), Pass(), Pass())
    assert g.control == {}
    assert g.token_holder == "Ben"                      # the seat after Ana, who held it
    assert "region.tied" in rules(g)
    assert PlaceToken("Roma") in g.legal_actions()      # a tied region may be chosen again
    g.apply(PlaceToken("Roma"))
    assert g.region == "Roma" and g.battle.leader == "Ben"


def test_a_tie_passes_the_token_from_the_last_seat_back_to_the_first():
    g = Game(["Ana", "Ben", "Cy"], seed=0, hands={"Ana": ["5", "1"], "Ben": ["5", "1"], "Cy": ["5", "1"]})
    play(g, PlaceToken("Roma"), Pass(), Pass(), Pass())
    assert g.token_holder == "Ben"
    play(g, PlaceToken("Roma"), Pass(), Pass(), Pass())
    assert g.token_holder == "Cy"
    play(g, PlaceToken("Roma"), Pass(), Pass(), Pass())
    assert g.token_holder == "Ana"


def test_region_conquered_by_a_winner_on_their_last_card_who_still_takes_the_token():
    g = Game(["Ana", "Ben", "Cy"], seed=0, hands={"Ana": ["10"], "Ben": ["5", "3"], "Cy": ["2", "1"]})
    play(g, PlaceToken("Roma"), Play("10"), Play("5"), Play("2"), Pass(), Pass())
    assert g.hand("Ana") == []
    assert g.control == {"Roma": "Ana"}
    assert g.phase == "token" and g.to_move == "Ana"
    g.apply(PlaceToken("Napoli"))
    # Ana leads the battle for Napoli but has no cards: she passes at once.
    assert g.region == "Napoli" and g.battle.leader == "Ana"
    assert "Ana" in g.battle.passed and g.to_move == "Ben"


def test_battle_discard_lines_after_the_next_region_is_chosen():
    g = Game(["Ana", "Ben"], seed=0, hands={"Ana": ["10", "1"], "Ben": ["5", "2"]})
    play(g, PlaceToken("Roma"), Play("10"), Play("5"), Pass(), Pass())
    assert [c.kind for c in g.lines["Ana"]] == ["10"]   # still on the table while Ana chooses
    g.apply(PlaceToken("Napoli"))
    assert [c.kind for c in g.discard_pile] == ["10", "5"]
    order = rules(g)
    assert order.index("token.place", order.index("region.conquered")) < order.index("battle.discard_lines")


def test_hand_discard_is_offered_only_without_mercenaries():
    g = Game(["Ana", "Ben", "Cy"], seed=0, hands={"Ana": ["10", "3", "4"], "Ben": ["1", "winter", "courtesan"],
                                                  "Cy": ["5", "drummer", "2"]})
    play(g, PlaceToken("Roma"), Play("10"), Play("1"), Play("5"), Pass(), Pass(), Pass())
    assert g.control == {"Roma": "Ana"}
    g.apply(PlaceToken("Napoli"))
    # Ben holds Winter and a Courtesan: no Mercenary, so he may discard; Ana and Cy may not.
    assert g.phase == "discard" and g.to_move == "Ben"
    assert g.legal_actions() == [DiscardHand(True), DiscardHand(False)]
    g.apply(DiscardHand(True))
    assert g.hand("Ben") == []
    assert {"winter", "courtesan"} <= {c.kind for c in g.discard_pile}
    assert g.phase == "battle" and g.region == "Napoli" and g.to_move == "Ana"
    step = [s for s in g.log if s.rule == "hand.discard"][-1]
    assert "discards the whole hand" in step.text


def test_hand_discard_may_be_declined():
    g = Game(["Ana", "Ben", "Cy"], seed=0, hands={"Ana": ["10", "3"], "Ben": ["1", "heroine"], "Cy": ["5", "2"]})
    play(g, PlaceToken("Roma"), Play("10"), Play("1"), Play("5"), Pass(), Pass(), Pass(), PlaceToken("Napoli"))
    assert g.to_move == "Ben" and g.phase == "discard"
    g.apply(DiscardHand(False))
    assert [c.kind for c in g.hand("Ben")] == ["heroine"]
    assert g.phase == "battle"


def test_option_hand_discard_can_be_switched_off():
    from condottiere_nb import get_ruleset
    rs = get_ruleset("standard").replace(hand_discard=False)
    g = Game(["Ana", "Ben", "Cy"], rs, seed=0, hands={"Ana": ["10", "3"], "Ben": ["1", "heroine"],
                                                      "Cy": ["5", "2"]})
    play(g, PlaceToken("Roma"), Play("10"), Play("1"), Play("5"), Pass(), Pass(), Pass(), PlaceToken("Napoli"))
    assert g.phase == "battle"


# ---------------------------------------------------------------- the end of a round

def test_dealing_example_es_no_cards_and_three_regions_is_dealt_13():
    """es, Fin de una ronda: a player with no cards holding Parma, Venezia and Siena receives 13."""
    g = Game(["Ana", "Ben", "Cy"], seed=0, control={"Parma": "Ana", "Venezia": "Ana", "Siena": "Ana"},
             hands={"Ana": ["1"], "Ben": ["10"], "Cy": ["2"]})
    play(g, PlaceToken("Roma"), Play("1"), Play("10"), Pass())
    # Ana and Ben have no cards left: they pass automatically; Ben's 10 wins Roma.
    assert g.control["Roma"] == "Ben" and g.phase == "token" and g.to_move == "Ben"
    g.apply(PlaceToken("Napoli"))
    # Only Cy has cards: the round ends and Cy keeps up to two.
    assert g.phase == "keep" and g.to_move == "Cy"
    assert g.legal_actions() == [Keep(()), Keep(("2",))]
    g.apply(Keep(("2",)))
    assert g.round == 2
    sizes = {p: len(h) for p, h in g.hands.items()}
    assert sizes == {"Ana": 13, "Ben": 11, "Cy": 10}
    assert g.hand_limit("Ana") == 13
    deal = [s for s in g.log if s.rule == "round.deal"][-1]
    assert deal.data["dealt"] == {"Ana": 13, "Ben": 11, "Cy": 9}
    assert g.phase == "battle" and g.region == "Napoli" and g.to_move == "Ben"
    assert len(g.deck) + sum(sizes.values()) == 110 and g.discard_pile == []


def test_round_deal_example_vi_no_cards_and_two_regions_is_dealt_12():
    """vi, Kết thúc vòng chơi: "Một người chơi không còn bài trên tay và đã chiếm được 2 lãnh thổ
    Siena và Parma sẽ nhận được 12 lá" (no cards in hand, Siena and Parma held: dealt 12)."""
    g = Game(["Ana", "Ben"], seed=0, control={"Siena": "Ana", "Parma": "Ana"},
             hands={"Ana": ["1"], "Ben": ["10", "2"]})
    play(g, PlaceToken("Roma"), Play("1"), Play("10"), Pass())
    g.apply(PlaceToken("Napoli"))          # Ana has no cards: the round ends, Ben keeps his 2
    g.apply(Keep(("2",)))
    deal = [s for s in g.log if s.rule == "round.deal"][-1]
    assert deal.data["dealt"]["Ana"] == 12 and len(g.hand("Ana")) == 12


def test_keep_two_at_the_end_of_a_round():
    g = Game(["Ana", "Ben"], seed=0, hands={"Ana": ["10"], "Ben": ["1", "heroine", "10", "winter", "scarecrow"]})
    play(g, PlaceToken("Roma"), Play("10"), Play("1"), Pass())
    assert g.control == {"Roma": "Ana"}
    g.apply(PlaceToken("Napoli"))
    assert g.phase == "keep" and g.to_move == "Ben"
    legal = g.legal_actions()
    assert Keep(("10", "heroine")) in legal and Keep(()) in legal
    assert all(len(k.cards) <= 2 for k in legal)
    assert len(legal) == 1 + 4 + 6                      # none, one of 4 kinds, two different
    assert_rejected(g, Keep(("10", "heroine", "winter")), "at most 2")
    assert_rejected(g, Keep(("10", "10")), "does not hold")
    kept = {c.id for c in g.hand("Ben") if c.kind in ("10", "heroine")}
    g.apply(Keep(("heroine", "10")))                    # any order
    assert g.round == 2
    assert kept <= {c.id for c in g.hand("Ben")}
    assert len(g.hand("Ben")) == 10 and len(g.hand("Ana")) == 11
    assert "round.keep" in rules(g)


def test_round_end_when_nobody_has_cards_left():
    g = Game(["Ana", "Ben"], seed=0, hands={"Ana": ["10"], "Ben": ["1"]})
    play(g, PlaceToken("Roma"), Play("10"), Play("1"))
    g.apply(PlaceToken("Napoli"))
    assert g.round == 2 and g.phase == "battle"
    assert {p: len(h) for p, h in g.hands.items()} == {"Ana": 11, "Ben": 10}


def test_round_shuffle_takes_in_everything_but_the_kept_cards():
    g = Game(["Ana", "Ben"], seed=0, hands={"Ana": ["10"], "Ben": ["1", "2", "3"]})
    play(g, PlaceToken("Roma"), Play("10"), Play("1"), Pass(), PlaceToken("Napoli"), Keep(("3",)))
    loc = g.card_locations()
    everything = sorted(loc["deck"] + [i for h in loc["hands"].values() for i in h])
    assert everything == list(range(110))
    assert loc["discard"] == [] and all(not ln for ln in loc["lines"].values())


# ---------------------------------------------------------------- victory

def test_victory_by_adjacency_four_connected_with_three_players():
    g = Game(["Ana", "Ben", "Cy"], seed=0, control={"Torino": "Ana", "Milano": "Ana", "Genova": "Ana"},
             hands={"Ana": ["10"], "Ben": ["1"], "Cy": ["2"]})
    play(g, PlaceToken("Parma"), Play("10"), Pass(), Pass())
    assert g.is_over and g.to_move is TERMINAL and g.legal_actions() == []
    assert g.winners == ("Ana",) and g.reason == "adjacent"
    assert g.victory.group == frozenset({"Torino", "Milano", "Genova", "Parma"})
    assert rules(g)[-1] == "game.victory"
    assert_rejected(g, Pass(), "game is over")


def test_three_adjacent_win_with_four_players_but_not_with_three():
    hands = {"Ana": ["10"], "Ben": ["1"], "Cy": [], "Dee": []}
    four = Game(4, seed=0, control={"Torino": "Ana", "Milano": "Ana"}, hands=hands)
    play(four, PlaceToken("Genova"), Play("10"), Pass())
    assert four.is_over and four.reason == "adjacent"
    del hands["Dee"]
    three = Game(3, seed=0, control={"Torino": "Ana", "Milano": "Ana"}, hands=hands)
    play(three, PlaceToken("Genova"), Play("10"), Pass())
    assert not three.is_over and three.control["Genova"] == "Ana"


def test_victory_by_total_six_regions_with_three_players():
    spread = {r: "Ana" for r in ("Torino", "Venezia", "Lucca", "Urbino", "Napoli")}
    g = Game(["Ana", "Ben", "Cy"], seed=0, control=spread, hands={"Ana": ["10"], "Ben": ["1"], "Cy": ["2"]})
    play(g, PlaceToken("Siena"), Play("10"), Pass(), Pass())
    assert g.winners == ("Ana",) and g.reason == "total"
    assert len(g.regions_of("Ana")) == 6
    assert [v.player for v in check_victory(g.control, 3)] == ["Ana"]


def test_victory_is_checked_before_the_token_moves():
    # Ana wins her 3rd adjacent region but Ben's Courtesans would take the token: the game ends first.
    g = Game(4, seed=0, control={"Torino": "Ana", "Milano": "Ana"},
             hands={"Ana": ["10"], "Ben": ["courtesan", "courtesan"], "Cy": [], "Dee": []})
    play(g, PlaceToken("Genova"), Play("10"), Play("courtesan"), Play("courtesan"))
    assert g.is_over and g.winners == ("Ana",)


# ---------------------------------------------------------------- no region left

SIX = ["Ana", "Ben", "Cy", "Dee", "Eva", "Fay"]
# Napoli has the Favor and Roma is the only open region; nobody has 3 adjacent or 5 in total.
MOST = {"Ana": ["Torino", "Urbino", "Milano"], "Ben": ["Lucca", "Bologna", "Venezia"],
        "Cy": ["Modena", "Mantova", "Ancona"], "Dee": ["Siena", "Parma"], "Eva": ["Genova", "Firenze"],
        "Fay": ["Spoleto", "Ferrara"]}
TIED = {"Ana": ["Venezia", "Genova", "Spoleto"], "Ben": ["Urbino", "Ancona", "Milano", "Parma"],
        "Cy": ["Modena", "Torino"], "Dee": ["Bologna", "Firenze"], "Eva": ["Ferrara", "Siena"],
        "Fay": ["Mantova", "Lucca"]}


NOBODY = {"Cy": [], "Dee": [], "Eva": [], "Fay": []}


def _control(table):
    return {r: p for p, regions in table.items() for r in regions}


def test_no_region_left_the_most_regions_wins():
    g = Game(SIX, seed=0, control=_control(MOST), favor="Napoli", hands={"Ana": ["10"], "Ben": ["1"], **NOBODY})
    assert g.legal_actions() == [PlaceToken("Roma")]
    play(g, PlaceToken("Roma"), Play("10"), Pass())
    assert g.is_over and g.winners == ("Ana",) and g.reason == "most_regions"
    assert len(g.regions_of("Ana")) == 4 and check_victory(g.control, 6) == []
    assert "game.no_region" in rules(g)


def test_no_region_left_tied_players_fight_a_final_battle_and_share_a_tie():
    g = Game(SIX, seed=5, control=_control(TIED), favor="Napoli",
             hands={"Ana": ["10"], "Ben": ["1"], **NOBODY, "Eva": ["courtesan"]})
    play(g, PlaceToken("Roma"), Play("10"), Pass(), Play("courtesan"))
    # Eva's Courtesan takes the token; Ana wins Roma: Ana 4, Ben 4 -> a final battle.
    assert g.final and g.token_holder == "Eva"
    assert g.battle.players == ("Ana", "Ben") and g.battle.region is None
    # Eva holds the token but is not tied: the nearest tied player to her left (Ana) leads.
    assert g.battle.leader == "Ana" and g.to_move == "Ana"
    # all 110 cards reshuffled; each tied player dealt 10 + 1 per region (4) = 14
    assert {p: len(h) for p, h in g.hands.items()} == {"Ana": 14, "Ben": 14, "Cy": 0, "Dee": 0, "Eva": 0, "Fay": 0}
    assert len(g.deck) == 110 - 28
    assert "game.final_battle" in rules(g)
    play(g, Pass(), Pass())
    assert g.is_over and g.reason == "final_battle_tie" and g.winners == ("Ana", "Ben")
    assert "share the victory" in g.log[-1].text


def test_final_battle_has_a_winner():
    g = Game(SIX, seed=5, control=_control(TIED), favor="Napoli",
             hands={"Ana": ["10"], "Ben": ["1"], **NOBODY, "Eva": ["courtesan"]})
    play(g, PlaceToken("Roma"), Play("10"), Pass(), Play("courtesan"))
    assert g.final and g.to_move == "Ana"
    merc = next(a for a in g.legal_actions() if isinstance(a, Play) and a.card.isdigit())
    play(g, merc, Pass(), Pass())
    assert g.is_over and g.reason == "final_battle" and g.winners == ("Ana",)


def test_final_battle_token_holder_leads_when_tied():
    g = Game(SIX, seed=5, control=_control(TIED), favor="Napoli", hands={"Ana": ["10"], "Ben": ["1"], **NOBODY})
    play(g, PlaceToken("Roma"), Play("10"), Pass())
    assert g.final and g.token_holder == "Ana" and g.battle.leader == "Ana"


def test_a_bishop_in_the_final_battle_asks_for_no_favor():
    hands = None
    for seed in range(200):
        g = Game(SIX, seed=seed, control=_control(TIED), favor="Napoli", hands={"Ana": ["10"], "Ben": [], **NOBODY})
        play(g, PlaceToken("Roma"), Play("10"))
        assert g.final
        if Play("bishop") in g.legal_actions():
            g.apply(Play("bishop"))
            assert g.phase == "battle" and g.to_move == "Ben" and g.favor == "Napoli"
            hands = seed
            break
    assert hands is not None


# ---------------------------------------------------------------- explanations, clone, undo

def test_explain_false_is_the_same_game_without_steps():
    a = Game(["Ana", "Ben", "Cy"], seed=9)
    b = Game(["Ana", "Ben", "Cy"], seed=9, explain=False)
    import random
    rng = random.Random(1)
    while not a.is_over:
        act = rng.choice(a.legal_actions())
        a.apply(act)
        b.apply(act)
        assert a.legal_actions() == b.legal_actions()
    assert a.to_json() == b.to_json()
    assert b.log == [] and len(a.log) > 50
    assert "explain=False" in b.explain()


def test_every_game_step_rule_is_registered():
    from condottiere_nb import RULES
    g = Game(["Ana", "Ben", "Cy"], seed=0, hands={"Ana": ["10", "3", "4"], "Ben": ["1", "winter", "courtesan"],
                                                  "Cy": ["5", "drummer", "2"]})
    play(g, PlaceToken("Roma"), Play("10"), Play("1"), Play("5"), Pass(), Pass(), Pass(), PlaceToken("Napoli"),
         DiscardHand(True))
    for s in g.log:
        assert s.rule in RULES, s.rule
        assert s.text and s.title != s.rule


def test_clone_is_independent_and_follows_the_same_future():
    g = Game(4, seed=2)
    g.apply(PlaceToken("Roma"))
    c = g.clone()
    first = g.legal_actions()[0]
    c.apply(first)
    assert g.to_json() != c.to_json()
    g.apply(first)
    assert g.to_json() == c.to_json()


def test_undo_takes_back_the_last_action():
    g = Game(3, seed=4)
    g.apply(PlaceToken("Roma"))
    before = g.to_json()
    action = g.legal_actions()[0]
    g.apply(action)
    assert g.undo() == action
    assert g.to_json() == before
    g.undo()
    assert g.phase == "token" and g.actions == []
    with pytest.raises(IllegalMove):
        g.undo()


def test_repr_and_snapshot_are_readable():
    g = Game(["Ana", "Ben"], seed=0)
    assert "Ana" in repr(g) and "PlaceToken" in repr(g)
    snap = g.snapshot()
    json.dumps(snap)
    assert snap["phase"] == "token" and snap["to_move"] == "Ana"


# ---------------------------------------------------------------- the game options, flipped

def _standard(**options):
    from condottiere_nb import get_ruleset
    return get_ruleset("standard").replace(**options)


def test_option_hand_size_sets_the_deal():
    assert {len(h) for h in Game(4, seed=0).hands.values()} == {10}
    assert {len(h) for h in Game(4, _standard(hand_size=7), seed=0).hands.values()} == {7}


def test_option_cards_per_region_changes_the_dealing_example():
    def dealt(rs):
        g = Game(["Ana", "Ben", "Cy"], rs, seed=0, control={"Parma": "Ana", "Venezia": "Ana", "Siena": "Ana"},
                 hands={"Ana": ["1"], "Ben": ["10"], "Cy": ["2"]})
        play(g, PlaceToken("Roma"), Play("1"), Play("10"), Pass(), PlaceToken("Napoli"), Keep(()))
        return len(g.hand("Ana"))
    assert dealt(_standard()) == 13
    assert dealt(_standard(cards_per_region=0)) == 10
    assert dealt(_standard(cards_per_region=2)) == 16


def test_option_keep_cards_limits_what_the_last_player_keeps():
    def at_round_end(rs):
        g = Game(["Ana", "Ben"], rs, seed=0, hands={"Ana": ["10"], "Ben": ["1", "heroine", "10", "winter"]})
        play(g, PlaceToken("Roma"), Play("10"), Play("1"), Pass(), PlaceToken("Napoli"))
        return g
    two = at_round_end(_standard())
    assert max(len(k.cards) for k in two.legal_actions()) == 2
    one = at_round_end(_standard(keep_cards=1))
    assert max(len(k.cards) for k in one.legal_actions()) == 1
    none = at_round_end(_standard(keep_cards=0))
    assert none.phase == "battle" and none.round == 2      # nothing to choose: the round just ends
    assert len(none.hand("Ben")) == 10
