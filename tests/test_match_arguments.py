"""A Scoring Match checks its arguments (issue 14): a clear RulesError, and no seed means a new one."""
import pytest

from condottiere_nb import RulesError
from condottiere_nb.variants.scoring import Match

PLAYERS = ["Ana", "Ben", "Cy"]


TARGETS = [
    ("abc", "'abc'"), ("20", "'20'"), (float("inf"), "inf"), (float("nan"), "nan"), (True, "True"), (False, "False"),
    (2.5, "2.5"), (20.0, "20.0"), (0, "0"), (-1, "-1"), (1001, "1001"), (10 ** 5000, "an integer of about 5000 digits"),
    ([20], "[20]"),
]


@pytest.mark.parametrize("target,shown", TARGETS, ids=[shown for _, shown in TARGETS])
def test_the_target_is_a_whole_number_from_1_to_1000(target, shown):
    with pytest.raises(RulesError) as err:
        Match(PLAYERS, target=target, seed=1)
    assert str(err.value) == ("a Scoring match is played to a whole number of points from 1 to 1000 (the text: 20 or "
                              f"30), not {shown}")


def test_the_target_defaults_to_the_rulesets_and_accepts_the_limits():
    assert Match(PLAYERS, seed=1).target == 20
    assert Match(PLAYERS, "standard", seed=1).target == 20
    assert Match(PLAYERS, target=1, seed=1).target == 1 and Match(PLAYERS, target=1000, seed=1).target == 1000


def test_no_seed_draws_one_so_two_matches_differ():
    a, b = Match(PLAYERS), Match(PLAYERS, seed=None)
    assert isinstance(a.seed, int) and isinstance(b.seed, int) and a.seed != b.seed
    assert a.game.hands != b.game.hands
    again = Match(PLAYERS, seed=a.seed)
    assert again.game.to_json() == a.game.to_json()            # the drawn seed replays the match


@pytest.mark.parametrize("kwargs,words", [
    ({"seed": 2.5}, "seed must be an integer or a string (or None), not 2.5"),
    ({"seed": True}, "seed must be an integer or a string (or None), not True"),
    ({"seed": [1]}, "not [1]"),
    ({"explain": "yes"}, "explain must be True or False, not 'yes'"),
    ({"players": ["Ana"]}, "2 to 6 players, not 1"),
    ({"players": 7}, "2 to 6 players, not 7"),
    ({"players": "Ana Ben"}, "players must be a list"),
    ({"ruleset": "nope"}, "unknown ruleset 'nope'"),
    ({"ruleset": 5}, "ruleset must be a name or a Ruleset, not int"),
])
def test_other_arguments_are_checked(kwargs, words):
    args = {"players": PLAYERS, "seed": 1, **kwargs}
    with pytest.raises(RulesError) as err:
        Match(**args)
    assert words in str(err.value)
