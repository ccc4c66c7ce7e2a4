"""Zones: every card in one pile; a pile given as a tuple is shared until it changes."""
from __future__ import annotations

import pytest

from condottiere_nb import Battle, IllegalMove, get_ruleset
from condottiere_nb.cards import STANDARD_DECK
from condottiere_nb.zones import Zones


def test_a_shared_pile_becomes_the_zones_own_when_a_card_leaves_it():
    fives = get_ruleset("standard").cards_by_kind["5"]
    b = Battle(["Ana", "Ben"])
    for _ in fives:
        b.play("Ana", "5")
    assert get_ruleset("standard").cards_by_kind["5"] == fives and len(fives) > 1   # the ruleset's own, untouched
    other = Battle(["Ana", "Ben"])
    other.play("Ana", "5")                                  # a new sandbox still has every 5
    with pytest.raises(IllegalMove, match="already used in this battle"):
        b.play("Ben", "5")


def test_a_card_not_in_a_shared_pile_is_refused_and_nothing_changes():
    piles = {"shared": tuple(STANDARD_DECK[:3]), "mine": []}
    z = Zones(piles)
    with pytest.raises(IllegalMove, match="is not in"):
        z.move(STANDARD_DECK[5], "shared", "mine")
    assert z.piles["shared"] is piles["shared"] and z.piles["mine"] == [] and z.changes == 0
    z.move(STANDARD_DECK[1], "shared", "mine")
    assert list(z.piles["shared"]) == [STANDARD_DECK[0], STANDARD_DECK[2]] and z.piles["mine"] == [STANDARD_DECK[1]]
    assert piles["shared"] == tuple(STANDARD_DECK[:3]) and z.changes == 1


@pytest.mark.parametrize("given, match", [
    ({("hand", "Ana"): [STANDARD_DECK[2], STANDARD_DECK[9]], "deck": [STANDARD_DECK[0], STANDARD_DECK[1]]},
     "not in Ana's hand"),                                   # a card from elsewhere
    ({("hand", "Ana"): [STANDARD_DECK[2], STANDARD_DECK[2]], "deck": [STANDARD_DECK[0], STANDARD_DECK[1]]},
     "named twice"),
    ({("hand", "Ana"): [STANDARD_DECK[2]], "deck": [STANDARD_DECK[0], STANDARD_DECK[1]]}, "'1#3' would be lost: it is in one of Ana's hand, the draw pile"),  # left out
])
def test_regroup_keeps_every_card_or_changes_nothing(given, match):
    z = Zones({("hand", "Ana"): STANDARD_DECK[:2], "deck": STANDARD_DECK[2:4], "discard": [STANDARD_DECK[9]]})
    before = {k: list(v) for k, v in z.piles.items()}, z.changes
    with pytest.raises(IllegalMove, match=match):
        z.regroup(given)
    assert ({k: list(v) for k, v in z.piles.items()}, z.changes) == before
    z.regroup({("hand", "Ana"): [STANDARD_DECK[3], STANDARD_DECK[0]], "deck": [STANDARD_DECK[2], STANDARD_DECK[1]]})
    assert z.piles[("hand", "Ana")] == [STANDARD_DECK[3], STANDARD_DECK[0]] and z.changes == before[1] + 1


def test_the_codes_kept_for_piles_are_their_kinds_after_every_action_of_every_ruleset():
    """Zones.code() is counted once and then kept up to date by every move: after every action of
    random games of every ruleset, each kept code is the pile's line_code counted anew."""
    from condottiere_nb import RULESETS, Game, RandomAgent
    from condottiere_nb.strength import line_code
    checked = 0
    for name in sorted(RULESETS):
        game = Game(3 if name.startswith("city-states") else 4, name, seed=11)
        agent = RandomAgent(11)
        while not game.is_over:
            game.apply(agent.choose(game))
            zones = game.state.zones
            for pile, code in zones.codes.items():
                assert code == line_code(zones.piles[pile]), (name, pile)
                checked += 1
    assert checked > 1000
