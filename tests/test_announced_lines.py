"""A battle's announced strengths (BattleState.announced) look up again only the lines that
changed since the last totals: after every action of random games, under every named ruleset
(hidden cards, Spring's 'effective' reading, the variants' cards), they are the count of the
face-up lines made afresh.  And Step.of makes the same Step as Step(...)."""
import random

import pytest

from condottiere_nb import RULESETS, Game
from condottiere_nb.explain import Step
from condottiere_nb.rulesets import get_ruleset
from condottiere_nb.strength import KIND_CODE, SPRING_CODE, WINTER_CODE, count, holds, line_context


def _fresh(state) -> dict:
    return count(state.players, state.counted_lines(), state.ruleset.spring_highest).totals()


def _check_every_action(game: Game, seed: int) -> int:
    rng = random.Random(seed)
    checked = 0
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[int(rng.random() * len(legal))])
        battle = game.battle
        if battle is not None and battle.state.resolution is None:
            assert battle.state.announced() == _fresh(battle.state), game.actions
            checked += 1
    return checked


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_announced_is_the_count_after_every_action(ruleset):
    checked = 0
    for seed in (1, 2, 3):
        checked += _check_every_action(Game(3 if ruleset == "city-states" else 4, ruleset, seed=seed), seed)
    assert checked > 20


@pytest.mark.parametrize("ruleset", ["standard", "hidden-cards"])
def test_announced_under_springs_effective_reading(ruleset):
    effective = get_ruleset(ruleset).replace(spring_highest="effective")
    assert sum(_check_every_action(Game(4, effective, seed=seed), seed) for seed in (5, 6)) > 20


def test_a_kinds_digit_is_read_whatever_the_others_hold():
    rng = random.Random(4)
    kinds = list(KIND_CODE)
    for _ in range(2000):
        held = {k: rng.choice([0, 0, 1, 2, 99]) for k in rng.sample(kinds, rng.randint(0, len(kinds)))}
        code = sum(KIND_CODE[k] * n for k, n in held.items())
        for k in kinds:
            assert holds(code, KIND_CODE[k]) == bool(held.get(k)), (held, k)
        winter, top = line_context(code) or (None, None)
        assert winter == bool(held.get("winter"))
        assert (top is not None) == bool(held.get("spring"))
    assert line_context(SPRING_CODE, "effective") is None
    assert line_context(WINTER_CODE, "effective") == (True, None)


def test_step_of_is_step():
    made = Step.of("play.pass", player="Ana", cards=[3], strengths={"Ana": 5, "Ben": 2})
    same = Step("play.pass", player="Ana", cards=[3], strengths={"Ana": 5, "Ben": 2})
    assert type(made) is Step and made == same and made.cards == (3,) and made.text == same.text
