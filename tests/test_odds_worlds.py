"""The odds' worlds built by re-dealing one Game (Game.redealt) are the Games the worlds were built
as before: the position set up with the world's hands and the battle's moves replayed.  Same
legal actions, hands, lines, draw pile, chance, saved game and play-outs, for several rulesets and
positions; and Game.redealt's refusals change nothing."""
from __future__ import annotations

import pytest

from condottiere_nb import Game
from condottiere_nb.errors import RulesError
from condottiere_nb.explore import battle_odds
from condottiere_nb.explore import odds as odds_module
from condottiere_nb.explore.rollouts import Setup, play_out
from condottiere_nb.game import PlaceToken, Play

POSITIONS = [
    # (battle, ruleset, the mover's hand, others, re-dealt)
    ("[Ana Ben Cy] Ana 10, Ben 6, Cy 5", None, ["5", "winter", "bishop", "courtesan", "2"], 5, True),
    ("[Ana Ben Cy] Ana 10, Ben 6, Cy 5, Ana 3, Ben scarecrow>6, Cy pass", None, ["5", "winter", "1"], 4, True),
    ("[Ana Ben] Ana 5, Ben 6, Ana scarecrow>5", None, ["1", "drummer"], 3, True),
    ("[Ana Ben Cy Dee] Ana 6*, Ben 10, Cy 2*, Dee pass", "hidden-cards", ["5", "spring", "heroine"], 3, True),
    ("[Ana Ben Cy] Ana 4, Ben 5", "fa-tutorial", ["weapon", "3", "banner", "8"], 4, True),
    # Ben's Weapon drew a card from the draw pile, another in each world: built anew
    ("[Ana Ben Cy] Ana 4, Ben weapon, Cy 7", "fa-tutorial", ["weapon", "3", "2"], 3, False),
    ("[Ana Ben Cy] Ana 10, Ben 6", "continuous-war", ["5", "winter", "bishop"], 4, True),
    ("[Ana Ben Cy] Ana 2, Ben 3, Cy bishop", "invasion", ["10", "courtesan"], 3, True),
    ("[Ana Ben Cy] Ana 1, Ben heroine", "city-states-final", ["6", "spring", "scarecrow"], 3, True),
]


def _problem(monkeypatch, battle, ruleset, hand, others, **kw):
    """The Problem battle_odds sends its workers for this position."""
    seen = []
    real = odds_module.setup

    def spy(problem):
        seen.append(problem)
        return real(problem)

    monkeypatch.setattr(odds_module, "setup", spy)
    battle_odds(battle, hand, ruleset, others=others, samples=2, seed=7, **kw)
    return seen[0]


def _the_same(new: Game, old: Game) -> None:
    assert new.legal_actions() == old.legal_actions()
    assert new.to_move == old.to_move and new.phase == old.phase
    assert new.hands == old.hands and new.lines == old.lines
    assert new.card_locations() == old.card_locations()
    assert new.rng.getstate() == old.rng.getstate()
    saved, anew = new.to_dict(), old.to_dict()
    # A card a Scarecrow took back is stated with the new hand, after the cards played
    assert {p: sorted(ids) for p, ids in saved["setup"]["hands"].items()} == \
        {p: sorted(ids) for p, ids in anew["setup"]["hands"].items()}
    saved["setup"]["hands"] = anew["setup"]["hands"]
    assert saved == anew
    assert Game.from_json(new.to_json()).to_json() == new.to_json()


@pytest.mark.parametrize("battle, ruleset, hand, others, redeal", POSITIONS)
def test_a_redealt_world_is_the_world_built_anew(monkeypatch, battle, ruleset, hand, others, redeal):
    problem = _problem(monkeypatch, battle, ruleset, hand, others, exact_limit=0)
    s = Setup(problem)
    assert s.redeal is redeal
    for world in range(12):
        drawn = s.drawn(world)
        new, old = s.game(drawn), s.position.game(s.hands(drawn), problem.seed)
        _the_same(new, old)
        for action in s.actions:
            assert play_out(new, action, s.agents(world), problem.me) == \
                play_out(old, action, s.agents(world), problem.me)
        _the_same(new, old)          # the play-outs played on copies


def test_exact_odds_worlds_are_redealt_the_same(monkeypatch):
    problem = _problem(monkeypatch, "[Ana Ben] Ana 10, Ben 6", None, ["5", "winter"], 2)
    s = Setup(problem)
    deck = s.position.deck
    for listed in [{"Ben": [deck[0], deck[60]]}, {"Ben": [deck[70], deck[20]]}, {"Ben": [deck[101], deck[102]]}]:
        _the_same(s.game(listed), s.position.game(s.hands(listed), problem.seed))


def _position() -> Game:
    g = Game(["Ana", "Ben", "Cy"], seed=3, explain=False,
             hands={"Ana": ["10", "winter", "2"], "Ben": ["1", "2", "3"], "Cy": ["4", "5", "6"]})
    g.apply(PlaceToken("Roma"))
    g.apply(Play("10"))
    return g


@pytest.mark.parametrize("hands, match", [
    ({"Dan": ["1", "2", "3"]}, "Dan"),
    ({"Ben": ["1", "2"]}, "keeps its size"),
    ({"Ben": ["1", "2", "3", "4"]}, "keeps its size"),
    ({"Ben": ["10#50", "1", "2"]}, "not in the draw pile"),           # in Ana's line
    ({"Ben": ["winter", "1", "2"]}, None),                           # one of three Winters is Ana's
    ({"Ben": ["1#0", "1#0", "2"]}, "not in the draw pile"),
    ({"Ben": ["4#26", "1", "2"]}, "not in the draw pile"),            # Cy's, and Cy's hand is kept
    ({"Ben": "1 2"}, "keeps its size"),
    ({"Ben": 5}, "must be a list of cards"),
    (["Ben"], "must map players"),
])
def test_redealt_refusals_change_nothing(hands, match):
    g = _position()
    before = g.to_json(), g.card_locations(), g.rng.getstate()
    if match is None:
        h = g.redealt(hands)
        assert sorted(c.kind for c in h.hand("Ben")) == sorted(hands["Ben"])
    else:
        with pytest.raises(RulesError, match=match):
            g.redealt(hands)
    assert (g.to_json(), g.card_locations(), g.rng.getstate()) == before


def test_redealt_cards_come_from_the_hands_named_and_the_draw_pile():
    g = _position()
    h = g.redealt({"Ben": ["4", "5", "6"], "Cy": ["1", "2", "3"]})
    assert [c.tag for c in h.hand("Ben")] == [c.tag for c in g.hand("Cy")]
    assert [c.tag for c in h.hand("Cy")] == [c.tag for c in g.hand("Ben")]
    assert h.deck == g.deck and h.hand("Ana") == g.hand("Ana") and h.lines == g.lines
    assert sorted(c.id for c in h.deck + [c for cs in h.hands.values() for c in cs]) == \
        sorted(c.id for c in g.deck + [c for cs in g.hands.values() for c in cs])


def test_the_mover_who_drew_with_a_weapon_holds_exactly_the_hand_given():
    """fa 5: a Weapon draws a card. The hand given is the hand now, drawn card included, so the
    world's Game starts the mover without one of those cards and lays it on the draw pile for
    the Weapon to draw (an unknown card drawn instead broke the odds: 'Ana has no 8 in hand')."""
    from condottiere_nb.explore.rollouts import Position
    from condottiere_nb.battle import Battle
    from condottiere_nb.rulesets import get_ruleset
    rs = get_ruleset("fa-tutorial")
    battle = Battle.from_notation("[Ana Ben] Ana weapon, Ben 6", rs)
    deck = rs.make_deck()
    five, three = (next(c for c in deck if c.kind == k) for k in ("5", "3"))
    ben = [c for c in deck if c.kind in ("1", "2")][:3]
    position = Position(("Ana", "Ben"), "Ana", rs, tuple(battle.moves), "Ana", None, {})
    assert position.drawers is None
    game = position.game({"Ana": [five, three], "Ben": ben}, 0)
    assert position.drawers == ["Ana"]                 # read from a first playing of the moves
    assert sorted(game.hand("Ana")) == sorted([five, three]) and sorted(game.hand("Ben")) == sorted(ben)
    odds = battle_odds("[Ana Ben] Ana weapon, Ben 6, Ana 2", hand=["5", "3"], ruleset="fa-tutorial", others=2,
                       samples=10, exact_limit=0)
    assert [a.label for a in odds.actions] == ["3", "5", "pass"] and odds.player == "Ben"


def test_a_maidens_targets_are_named_by_their_place():
    from condottiere_nb.views.explore_views import odds_html
    odds = battle_odds("[Ana Ben] Ana 10, Ben 6", hand=["maiden", "5"], ruleset="fa-tutorial", others=1)
    labels = [a.label for a in odds.actions]
    assert "Maiden -> Ben@1" in labels and "Maiden -> Ana@1" in labels
    html = odds_html(odds)
    assert "Maiden: remove card 1 of Ben&#x27;s line" in html
