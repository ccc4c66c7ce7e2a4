"""The vectorised battle model (explore/numpy_model.py) against the engine, battle by battle.

The interaction checker counts battles with the numpy model, a second statement of the
battle rules kept for speed.  As in OpenSpiel's consistency tests, the two statements are
held equal by playing the same battles through both:

* every battle the checker enumerates in small spaces (two players, two or three cards
  each) under each ruleset and option the model covers: the same plays legal, and the
  same winner, token holder and strengths for each battle;
* random battles of two, three and four players, up to eight cards each from every
  modelled card, some ending in an illegal play, under every ruleset the model claims (its
  docstring lists them; :func:`claimed_rulesets`): a slice of benchmarks/check_numpy_model.py,
  which plays 100,000 of each.

The engine's side is always a :class:`Battle` built through its public API (play, pass_turn,
resolve with explain=False), as :func:`engine_outcome` and :func:`random_battle` build it.
A model with a planted fault must be caught, so the comparison cannot pass by comparing
nothing.
"""
import dataclasses
import importlib.util
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

pytest.importorskip("numpy")
import numpy as np  # noqa: E402

from condottiere_nb import RULESETS, Battle, IllegalMove  # noqa: E402
from condottiere_nb.explore import (battle_space, check_interactions, engine_outcome, fast_model_gap,  # noqa: E402
                                    play_sequence_notation, possible_plays)
from condottiere_nb.explore import numpy_model  # noqa: E402
from condottiere_nb.explore.numpy_model import FastModel, Layout  # noqa: E402
from condottiere_nb.explore.space import check_in_turn, play_in_turn  # noqa: E402

PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "check_numpy_model.py"
spec = importlib.util.spec_from_file_location("check_numpy_model", PATH)
check_numpy_model = sys.modules["check_numpy_model"] = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_numpy_model)
check_against_engine, random_battle = check_numpy_model.check_against_engine, check_numpy_model.random_battle
claimed_rulesets = check_numpy_model.claimed_rulesets

STANDARD = RULESETS["standard"]
HIDDEN = RULESETS["hidden-cards"]

#: Every ruleset and option value the model covers (numpy_model.FAST_OPTIONS).
RULESETS_MODELLED = {
    "standard": STANDARD,
    "no-courtesan-token": STANDARD.replace(courtesan_token=False),
    "hidden-reveal": HIDDEN,
    "hidden-on_play": HIDDEN.replace(face_down_specials="on_play"),
    "hidden-mercenaries_only": HIDDEN.replace(face_down_specials="mercenaries_only"),
    "spring-effective": STANDARD.replace(spring_highest="effective"),
    "hidden-spring-effective": HIDDEN.replace(spring_highest="effective"),
    "drummers_first": STANDARD.replace(bishop_targets="drummers_first"),
    "hidden-drummers_and_highest": HIDDEN.replace(bishop_targets="drummers_and_highest"),
    "city-states-final": RULESETS["city-states-final"],
}

#: The small spaces enumerated in full: (ruleset, kinds, cards per player), two players.
#: Face-down plays double the plays under hidden cards, so those spaces take fewer kinds.
SMALL = [
    ("standard", ("10", "1", "winter", "bishop", "scarecrow", "surrender", "heroine"), 2),
    ("no-courtesan-token", ("10", "courtesan", "heroine"), 3),
    ("hidden-reveal", ("10", "winter", "spring"), 2),
    ("hidden-reveal", ("5", "bishop", "scarecrow"), 2),
    ("hidden-reveal", ("10", "bishop", "surrender"), 2),
    ("hidden-on_play", ("10", "winter", "spring"), 2),
    ("hidden-on_play", ("5", "bishop", "scarecrow"), 2),
    ("hidden-on_play", ("10", "bishop", "surrender"), 2),
    ("hidden-mercenaries_only", ("10", "winter", "bishop", "courtesan"), 2),
    ("spring-effective", ("6", "2", "drummer", "spring", "winter"), 2),
    ("hidden-spring-effective", ("6", "drummer", "spring"), 2),
    ("drummers_first", ("10", "5", "drummer", "bishop", "spring"), 2),
    ("hidden-drummers_and_highest", ("10", "drummer", "bishop"), 2),
    ("city-states-final", ("10", "bishop", "courtesan"), 3),
]

#: The random battles: every ruleset the model claims.
CLAIMED = claimed_rulesets()


@dataclass
class Comparison:
    """How many battles were compared and where the two statements of the rules differ."""

    compared: int = 0          # legal battles resolved by both
    refused: int = 0           # plays both refuse (enumeration) or sequences both call illegal
    mismatches: list = field(default_factory=list)

    def ok(self) -> bool:
        return not self.mismatches


def outcome_of(resolution) -> tuple:
    return resolution.winner, resolution.token_holder, dict(resolution.strengths)


def engine_child(battle: Battle, space, play):
    """``battle`` with one more play, or None where the engine refuses it."""
    try:
        check_in_turn(battle, space, play)
        child = battle.copy()
        play_in_turn(child, space, play)
    except IllegalMove:
        return None
    return child


def compare_every_battle(ruleset, space, model_class=FastModel) -> Comparison:
    """Walk every battle of ``space`` level by level through the model (all battles of a
    level as the columns of one matrix, as the checker does) and through Battle (one
    object per battle), comparing which plays are legal and how every battle resolves."""
    plays = possible_plays(space, ruleset.hidden_cards)
    layout = Layout(space)
    model = model_class(ruleset, space, layout)
    names = space.players
    states = np.zeros((layout.width, 1), dtype=np.int8)
    battles = [Battle(names, ruleset, explain=False)]
    sequences = [()]
    out = Comparison()
    while battles:
        winner, holder, totals = model.outcome(states)
        for i, seq in enumerate(sequences):
            fast = (names[winner[i]] if winner[i] >= 0 else None, names[holder[i]],
                    {p: int(totals[j, i]) for j, p in enumerate(names)})
            engine = outcome_of(engine_outcome(ruleset, space, seq))
            if fast != engine:
                out.mismatches.append(f"{play_sequence_notation(space, seq)}: model {fast}, engine {engine}")
        out.compared += len(battles)
        alive = np.ones(len(battles), dtype=bool)
        next_states, next_battles, next_sequences = [], [], []
        for play in plays:
            legal = model.legal(states, alive, play, space.max_cards)
            rows = []
            for i, battle in enumerate(battles):
                child = engine_child(battle, space, play)
                by_model = legal is not None and bool(legal[i])
                if by_model != (child is not None):
                    out.mismatches.append(f"{play_sequence_notation(space, sequences[i] + (play,))}: "
                                          f"legal for the model {by_model}, for the engine {child is not None}")
                elif child is None:
                    out.refused += 1
                else:
                    rows.append(i)
                    next_battles.append(child)
                    next_sequences.append(sequences[i] + (play,))
            if rows:
                kids = states[:, rows]
                model.apply(kids, play)
                next_states.append(kids)
        if not next_battles:
            break
        states = np.concatenate(next_states, axis=1)
        battles, sequences = next_battles, next_sequences
    return out


# --- every battle of small spaces ------------------------------------------------------------------

@pytest.mark.parametrize("name,kinds,cards", SMALL)
def test_every_enumerated_battle_resolves_as_in_the_engine(name, kinds, cards):
    ruleset = RULESETS_MODELLED[name]
    assert fast_model_gap(ruleset, kinds) is None
    space = battle_space(2, kinds, cards, rulesets=(ruleset,))
    result = compare_every_battle(ruleset, space)
    assert result.ok(), "\n".join(result.mismatches[:10])
    # the walk met exactly the battles the interaction checker counts
    checker = check_interactions(ruleset, ruleset, kinds=kinds, max_cards=cards, method="numpy", explain=False)
    assert result.compared == checker.battles
    assert result.compared > 600 and result.refused > 1_000


def test_the_small_spaces_meet_every_card_and_both_readings_of_face_down_cards():
    assert {name for name, _, _ in SMALL} == set(RULESETS_MODELLED)
    used = {k for _, kinds, _ in SMALL for k in kinds}
    assert used >= {"1", "2", "5", "6", "10", "winter", "spring", "bishop", "drummer", "courtesan", "heroine",
                    "scarecrow", "surrender"}
    modes = {r.face_down_specials for r in RULESETS_MODELLED.values() if r.hidden_cards}
    assert modes == {"reveal", "on_play", "mercenaries_only"}
    assert {r.bishop_targets for r in RULESETS_MODELLED.values()} == {"highest", "drummers_first",
                                                                      "drummers_and_highest"}
    assert {r.spring_highest for r in RULESETS_MODELLED.values()} == {"printed", "effective"}
    assert {r.courtesan_token for r in RULESETS_MODELLED.values()} == {True, False}
    # the named rulesets whose battles the model plays (the others go to the engine)
    named = {name for name, r in RULESETS.items() if fast_model_gap(r) is None}
    assert named == {"standard", "hidden-cards", "city-states-final", "continuous-war", "scoring", "invasion"}
    # every claimed ruleset is played at random, and its readings are enumerated in full too
    assert named <= set(CLAIMED) and len(CLAIMED) == 16
    readings = ("courtesan_token", "bishop_targets", "spring_highest", "face_down_specials")
    enumerated = {tuple(getattr(r, o) for o in readings) for r in RULESETS_MODELLED.values()}
    assert all(tuple(getattr(r, o) for o in readings) in enumerated for r in CLAIMED.values() if not r.hidden_cards)


# --- random battles, more players and cards --------------------------------------------------------

@pytest.mark.parametrize("name", sorted(CLAIMED))
def test_random_battles_of_two_to_four_players_resolve_as_in_the_engine(name):
    result = check_against_engine(CLAIMED[name], 450, seed=2026, name=name)
    assert result.mismatches == [], "\n".join(result.mismatches[:10])
    assert result.battles > 400 and result.refused >= 3
    assert result.battles + result.refused == 450


def test_the_random_battles_are_long_and_some_end_in_a_refused_play():
    space = battle_space(4, CLAIMED["standard"].kinds, 8)
    rng = random.Random(3)
    battles = [random_battle(CLAIMED["standard"], space, rng) for _ in range(300)]
    assert sum(len(plays) >= 6 for plays, _ in battles) > 100           # long battles, not just openings
    assert 10 < sum(outcome is None for _, outcome in battles) < 60      # about one in ten refused
    assert {len(outcome[2]) for _, outcome in battles if outcome} == {4}


# --- the comparison catches a model that is wrong ---------------------------------------------------

class ForgetsTheCourtesanToken(FastModel):
    """Gives the token to the winner even when a player has the most Courtesans."""

    def __init__(self, ruleset, space, layout):
        super().__init__(ruleset.replace(courtesan_token=False), space, layout)


class HeroineCountsNine(FastModel):
    def __init__(self, ruleset, space, layout):
        super().__init__(ruleset, space, layout)
        self.char_value = [9 if k == "heroine" else v for k, v in zip(space.kinds, self.char_value)]


class ScarecrowTakesAnything(FastModel):
    """Lets a Scarecrow take back a Mercenary its player does not have in line."""

    def legal(self, S, alive, play, seat_limit):
        return super().legal(S, alive, dataclasses.replace(play, take=None), seat_limit)


@pytest.mark.parametrize("wrong", [ForgetsTheCourtesanToken, HeroineCountsNine, ScarecrowTakesAnything])
def test_a_planted_fault_in_the_model_is_caught(wrong):
    space = battle_space(2, ("10", "5", "courtesan", "heroine", "scarecrow"), 2)
    result = compare_every_battle(STANDARD, space, wrong)
    assert not result.ok()
    assert len(result.mismatches) > 10


@pytest.mark.parametrize("wrong", [ForgetsTheCourtesanToken, HeroineCountsNine, ScarecrowTakesAnything])
def test_a_planted_fault_is_caught_among_random_battles(monkeypatch, wrong):
    assert check_against_engine(STANDARD, 300, seed=7).mismatches == []
    monkeypatch.setattr(numpy_model, "FastModel", wrong)
    assert check_against_engine(STANDARD, 300, seed=7).mismatches          # at least one battle tells
