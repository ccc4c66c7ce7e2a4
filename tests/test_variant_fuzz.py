"""Random play under every named ruleset and the combinations of the Vietnamese variants.

Every game ends; after every action each card of the deck is in exactly one place (a hand, a
line, the draw pile or the discards); the winners meet their ruleset's victory condition; a
saved game replays to the same state; every Step names a registered rule.
"""
import itertools
import random

import pytest

from condottiere_nb import RULES, board, get_ruleset
from condottiere_nb.game import Game
from condottiere_nb.rulesets import COMBINABLE, RULESETS
from condottiere_nb.variants.city_states import weighted_scores
from condottiere_nb.variants.vietnamese import Match

MAX_ACTIONS = 4000

COMBOS = ["+".join(c) for n in (2, 3, 4) for c in itertools.combinations(COMBINABLE, n)]
NAMED = [n for n in RULESETS]


def _counts(rs):
    return (3, 4, 6) if rs.city_states else (2, 3, 5)


def _check_cards(g):
    loc = g.card_locations()
    ids = [i for h in loc["hands"].values() for i in h] + [i for ln in loc["lines"].values() for i in ln]
    ids += loc["deck"] + loc["discard"]
    assert sorted(ids) == list(range(len(g.cards))), "a card is lost or counted twice"


def _check_winners(g):
    rs = g.ruleset
    n = len(g.players)
    assert g.winners and set(g.winners) <= set(g.players)
    regions = {p: len(g.regions_of(p)) for p in g.players}
    if g.reason in ("adjacent", "total"):
        (w,) = g.winners
        if rs.victory_regions:
            assert g.reason == "total" and regions[w] >= rs.victory_regions
        else:
            total, adjacent = board.victory_thresholds(n)
            if g.reason == "adjacent":
                assert len(board.adjacent_group(g.regions_of(w))) >= adjacent
            else:
                assert regions[w] >= total
        assert not (rs.city_states and rs.city_end == "weights_only")
    elif g.reason in ("most_regions", "most_weight", "shared"):
        if rs.drawing != "fa_tutorial":
            assert not g.open_regions(), "the game ended by ranking while a region was still open"
        weights = weighted_scores(g.control, g.players)
        if rs.end_ranking == "weights":
            best = max(weights.values())
            assert all(weights[w] == best for w in g.winners)
        else:
            best = max(regions.values())
            assert all(regions[w] == best for w in g.winners)
            if rs.end_ranking == "regions_then_weights":
                top = [p for p in g.players if regions[p] == best]
                assert all(weights[w] == max(weights[p] for p in top) for w in g.winners)
    else:
        assert g.reason in ("final_battle", "final_battle_tie") and g.final
        res = g.resolution
        if g.reason == "final_battle":
            assert g.winners == (res.winner,)
        else:
            assert set(g.winners) == set(res.tied)


def _play(rs, n, seed, explain=False, check_every=1):
    g = Game(n, rs, seed=seed, explain=explain)
    rng = random.Random(seed)
    for i in range(MAX_ACTIONS):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
        if i % check_every == 0:
            _check_cards(g)
    assert g.is_over, f"{rs} with {n} players, seed {seed}: no end after {MAX_ACTIONS} actions"
    _check_cards(g)
    _check_winners(g)
    return g


@pytest.mark.parametrize("name", NAMED + COMBOS)
def test_random_games_end_keep_every_card_and_meet_the_victory_condition(name):
    rs = get_ruleset(name)
    for i, n in enumerate(_counts(rs)):
        _play(rs, n, seed=1000 + 37 * i + len(name))


@pytest.mark.parametrize("name", ["city-states", "fa-tutorial", "continuous-war+invasion", "hidden-cards+scoring"])
def test_explained_games_replay_from_json_and_name_their_rules(name):
    rs = get_ruleset(name)
    g = _play(rs, 4, seed=7, explain=True, check_every=5)
    unknown = {s.rule for s in g.log} - set(RULES)
    assert not unknown, f"steps with unregistered rule ids: {unknown}"
    again = Game.from_json(g.to_json())
    assert again.to_json() == g.to_json() and again.winners == g.winners


@pytest.mark.parametrize("name", ["city-states", "fa-tutorial", "invasion+continuous-war"])
def test_a_clone_plays_on_independently(name):
    g = Game(4, name, seed=3)
    rng = random.Random(3)
    for _ in range(40):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    twin = g.clone()
    before = g.to_json()
    rng2 = random.Random(9)
    while not twin.is_over:
        twin.apply(rng2.choice(twin.legal_actions()))
    assert g.to_json() == before
    _check_cards(g)


@pytest.mark.parametrize("name", ["scoring", "scoring+continuous-war", "scoring+invasion+hidden-cards"])
def test_random_matches_reach_the_target(name):
    m = Match(["Ana", "Ben", "Cy", "Dee"], name, target=25, seed=5, explain=False)
    rng = random.Random(5)
    for _ in range(MAX_ACTIONS * 5):
        if m.is_over:
            break
        m.apply(rng.choice(m.legal_actions()))
    assert m.is_over and all(m.points[w] >= 25 for w in m.winners)
    assert all(m.points[w] == max(m.points.values()) for w in m.winners)
    for game in m.games:
        _check_cards(game)
        _check_winners(game)
