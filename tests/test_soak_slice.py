"""A small slice of benchmarks/soak.py: seeded random games under every named ruleset with
every invariant checked (the full soak plays 100,000), and the checks catching planted faults."""
from types import SimpleNamespace

from condottiere_nb import RULESETS
from condottiere_nb import board
from condottiere_nb.explore import check_game, check_victory_claims, soak
from condottiere_nb.game import Game


def test_two_hundred_random_games_keep_every_invariant():
    result = soak(200, seed=2024)
    assert result.games == 200 and result.actions > 200 * 20 and result.battles > 200
    assert set(result.by_ruleset) == set(RULESETS)       # every named ruleset is played
    assert result.violations == [], result.summary()


def test_a_lost_card_is_a_violation():
    g = Game(3, seed=5, explain=False)
    real = g.card_locations
    g.card_locations = lambda: {**real(), "deck": real()["deck"][1:]}
    _, _, bad = check_game(g, seed=5)
    assert bad and "different cards" in bad[0]


def test_a_winner_without_the_victory_is_a_violation():
    fake = SimpleNamespace(reason="total", winners=("Ben",), players=("Ana", "Ben", "Cy"),
                           control={"Roma": "Ben", "Napoli": "Ben"}, ruleset=RULESETS["standard"])
    assert "gives no such victory" in check_victory_claims(fake, board)[0]
    fake = SimpleNamespace(reason="most_regions", winners=("Ana",), players=("Ana", "Ben"),
                           control={"Roma": "Ben", "Napoli": "Ben", "Siena": "Ana"}, ruleset=RULESETS["standard"])
    assert "puts first ['Ben']" in check_victory_claims(fake, board)[0]
    ok = SimpleNamespace(reason="adjacent", winners=("Ana",), players=("Ana", "Ben", "Cy", "Dee"),
                         control={"Torino": "Ana", "Milano": "Ana", "Genova": "Ana"}, ruleset=RULESETS["standard"])
    assert check_victory_claims(ok, board) == []
