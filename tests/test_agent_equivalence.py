"""The heuristic agent thinks incrementally (it counts the one line a card changes, remembers
victory facts while the map stays the same), and it must decide exactly as it did when it
copied the battle for every card: the notebooks and tests replay seeded heuristic games.

tests/data/heuristic_reference.json holds fingerprints of seeded games played by the agent as
it was at commit 7de3213, recorded by ``python benchmarks/compare_agents.py --record
tests/data/heuristic_reference.json`` (it loads that agent from git and plays it on this
checkout's engine: re-record so after a change of the engine that changes games).  The full
comparison, decision by decision over every ruleset and player count, is
``python benchmarks/compare_agents.py``.
"""
import hashlib
import json
from pathlib import Path

import pytest

from condottiere_nb import Game, HeuristicAgent, Pass, PlaceToken, Play, play_game
from condottiere_nb.agents.heuristic import Sight

REFERENCE = json.loads((Path(__file__).parent / "data" / "heuristic_reference.json").read_text())


@pytest.mark.parametrize("case", REFERENCE, ids=lambda c: f"{c['ruleset']}-{c['players']}p-{c['seed']}")
def test_the_heuristic_agent_plays_the_reference_games(case):
    game = play_game(["heuristic"] * case["players"], case["seed"], case["ruleset"], explain=case["explain"]).game
    assert len(game.actions) == case["actions"]
    assert hashlib.sha256(json.dumps(game.records).encode()).hexdigest()[:16] == case["fingerprint"]


def _battle(lines, hands, ruleset="standard", players=("Ana", "Ben", "Cy")):
    g = Game(list(players), ruleset, seed=0, hands=hands)
    g.apply(PlaceToken("Roma"))
    for card in lines:
        g.apply(Pass() if card == "pass" else Play(card))
    return g


@pytest.mark.parametrize("lines, card", [
    (["10", "6", "5"], "heroine"),              # a character: only its own line
    (["10", "winter", "5"], "drummer"),         # Winter in another line: counted with the seasons
    (["10", "spring", "5"], "6"),               # Spring: every line counted again
    (["3", "spring", "5"], "10"),               # ... the new 10 takes Spring's +3 from the 5
    (["10", "winter", "spring"], "courtesan"),
])
def test_a_card_without_effect_is_counted_as_the_battle_would_count_it(lines, card):
    hands = {"Ana": ["10", "3", "10", "heroine", "drummer", "6", "courtesan"],
             "Ben": ["6", "winter", "spring", "1"], "Cy": ["5", "winter", "spring", "1"]}
    g = _battle(lines, hands)
    me = g.to_move
    battle = g.battle
    played = next(c for c in battle.hand(me) if c.kind == card)
    after = Sight(battle, me).after(played)
    trial = battle.copy(explain=False)
    trial.play(me, played)
    assert after == trial.strengths()
