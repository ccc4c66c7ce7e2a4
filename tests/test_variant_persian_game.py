"""The Persian tutorial's system in the Game (fa-tutorial.txt): hands, draw pile, redraws, the end."""
import pytest

from condottiere_nb import get_ruleset
from condottiere_nb.game import Game, Pass, PlaceToken, Play

FA = "fa-tutorial"


def soldiers(*values):
    return [str(v) for v in values]


def test_fa_hands_of_10_for_2_or_3_players_and_8_for_4_to_6_the_rest_is_the_draw_pile():
    for n, size in ((2, 10), (3, 10), (4, 8), (6, 8)):
        g = Game(n, FA, seed=n)
        assert all(len(h) == size for h in g.hands.values())
        assert len(g.deck) == 55 - n * size
    deal = [s for s in Game(4, FA, seed=1).log if s.rule == "round.deal"][0]
    assert "up to 8 cards" in deal.text


def test_fa_winner_draws_as_many_cards_as_soldiers_used_the_others_one():
    g = Game(["Ana", "Ben", "Cy"], FA, seed=1, hands={"Ana": soldiers(9, 8, 7, 1), "Ben": soldiers(2, 1),
                                                      "Cy": soldiers(3)})
    g.apply(PlaceToken("Roma"))
    for card in ("9", "2", "3", "8", "1", "7"):
        g.apply(Play(card))
    assert g.battle.is_resolved or g.phase == "battle"
    while g.phase == "battle":
        g.apply(Pass())
    assert g.control["Roma"] == "Ana"
    step = [s for s in g.log if s.rule == "fa.draw"][-1]
    assert step.data["drawn"] == {"Ana": 3, "Ben": 1, "Cy": 1}
    assert len(g.hand("Ana")) == 1 + 3 and len(g.hand("Ben")) == 0 + 1 and len(g.hand("Cy")) == 1


def test_fa_winner_draws_reading_line_or_played():
    hands = {"Ana": soldiers(9, 8, 7), "Ben": ["maiden", "1"]}
    drawn = {}
    for reading in ("line", "played"):
        g = Game(["Ana", "Ben"], get_ruleset(FA).replace(fa_winner_draws=reading), seed=1, hands=hands)
        g.apply(PlaceToken("Roma"))
        g.apply(Play("9"))
        g.apply(Play("maiden", take="Ana@1"))     # Ben's Maiden removes Ana's first soldier
        g.apply(Play("8"))
        g.apply(Pass())
        g.apply(Play("7"))
        assert g.control["Roma"] == "Ana"
        drawn[reading] = [s for s in g.log if s.rule == "fa.draw"][-1].data["drawn"]["Ana"]
    assert drawn == {"line": 2, "played": 3}


def test_fa_tie_everyone_draws_one():
    g = Game(["Ana", "Ben"], FA, seed=2, hands={"Ana": soldiers(5, 1), "Ben": soldiers(5, 1)})
    g.apply(PlaceToken("Roma"))
    g.apply(Play("5"))
    g.apply(Play("5"))
    g.apply(Pass())
    g.apply(Pass())
    assert g.resolution.winner is None and "Roma" not in g.control
    assert [s for s in g.log if s.rule == "fa.draw"][-1].data["drawn"] == {"Ana": 1, "Ben": 1}


def test_fa_weapon_draw_a_card_at_once_in_the_game():
    g = Game(["Ana", "Ben"], FA, seed=3, hands={"Ana": ["weapon", "1"], "Ben": soldiers(2)})
    g.apply(PlaceToken("Roma"))
    pile = len(g.deck)
    top = g.deck[0]
    g.apply(Play("weapon"))
    assert len(g.deck) == pile - 1 and top in g.hand("Ana")
    assert any(s.rule == "fa.weapon_draw" for s in g.log) and any(s.rule == "card.weapon" for s in g.log)


def test_fa_maiden_targets_are_positions_not_values():
    g = Game(["Ana", "Ben"], FA, seed=4, hands={"Ana": soldiers(10, 1), "Ben": ["maiden", "2"]})
    g.apply(PlaceToken("Roma"))
    g.apply(Play("10"))                       # face down
    takes = [a.take for a in g.legal_actions() if getattr(a, "card", None) == "maiden"]
    assert takes == [None, "Ana@1"]           # Ben sees a soldier, not its value
    assert "10" not in repr(g.legal_actions())
    g.apply(Play("maiden", take="Ana@1"))
    assert g.battle.lines["Ana"] == [] and any(c.kind == "10" for c in g.discard_pile)
    # saved and replayed, the Maiden removes the same card
    again = Game.from_json(g.to_json())
    assert again.to_json() == g.to_json()


def test_fa_soldiers_are_face_down_in_the_game():
    g = Game(["Ana", "Ben"], FA, seed=5, hands={"Ana": soldiers(7), "Ben": ["banner", "3"]})
    g.apply(PlaceToken("Roma"))
    assert Play("7", face_down=True) not in g.legal_actions() and Play("7") in g.legal_actions()
    g.apply(Play("7"))
    assert g.battle.face_down and g.battle.strengths() == {"Ana": 0, "Ben": 0}


def test_fa_five_regions_win_without_adjacency():
    # 2 players: the standard game needs 6 regions or 4 adjacent; the tutorial needs 5, adjacency or not
    control = {"Torino": "Ana", "Milano": "Ana", "Genova": "Ana", "Napoli": "Ana"}
    g = Game(["Ana", "Ben"], FA, seed=6, control=control, hands={"Ana": soldiers(10), "Ben": soldiers(1)})
    g.apply(PlaceToken("Roma"))
    g.apply(Play("10"))
    g.apply(Play("1"))
    assert g.is_over and g.winners == ("Ana",) and g.reason == "total"
    assert "5 regions" in g.explain().splitlines()[-1]
    std = Game(["Ana", "Ben"], seed=6, control=control, hands={"Ana": ["10"], "Ben": ["1"]})
    std.apply(PlaceToken("Roma"))
    std.apply(Play("10"))
    std.apply(Play("1"))
    assert not std.is_over


def _all_but(*keep):
    """Two stated hands that hold the whole tutorial deck except ``keep`` (the draw pile)."""
    counts = dict(get_ruleset(FA).counts)
    for k in keep:
        counts[k] -= 1
    cards = [k for k, n in counts.items() for _ in range(n)]
    return cards


def test_fa_game_ends_when_the_draw_pile_runs_out():
    cards = _all_but("1")                     # one card left in the draw pile
    ana = ["10"] + [c for c in cards if c != "10"][:26]
    rest = list(cards)
    for c in ana:
        rest.remove(c)
    g = Game(["Ana", "Ben"], FA, seed=7, hands={"Ana": ana, "Ben": rest})
    assert len(g.deck) == 1
    g.apply(PlaceToken("Parma"))
    g.apply(Play("10"))
    while g.phase == "battle":
        g.apply(Pass())
    assert g.is_over and g.winners == ("Ana",) and g.reason == "most_regions"
    assert any(s.rule == "fa.end" for s in g.log)
    assert g.deck == []


@pytest.mark.parametrize("ben_region, winners, reason", [
    ("Siena", ("Ana", "Ben"), "shared"),       # 1 region each, value 1 each: a draw
    ("Roma", ("Ben",), "most_weight"),         # 1 region each, Roma's value 3 beats Parma's 1
])
def test_fa_end_ranking_regions_then_value_then_a_draw(ben_region, winners, reason):
    cards = _all_but("1", "2")
    ana, rest = cards[:27], cards[27:]
    g = Game(["Ana", "Ben"], FA, seed=8, hands={"Ana": ana, "Ben": rest},
             control={"Parma": "Ana", ben_region: "Ben"})
    g.apply(PlaceToken("Napoli"))
    while g.phase == "battle":
        g.apply(Pass())                       # a tie: nobody takes Napoli, each draws 1, the pile is empty
    assert g.is_over and g.winners == winners and g.reason == reason
