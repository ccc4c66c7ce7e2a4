"""The count's totals remembered by the lines' codes (strength.totals_of, line_total) are the
count's own totals, for any lines, Spring reading and Winter elsewhere."""
import random

import pytest

from condottiere_nb import strength
from condottiere_nb.cards import STANDARD_DECK
from condottiere_nb.rulesets import get_ruleset
from condottiere_nb.strength import KIND_CODE, count, line_code, line_total, totals_of


def _lines(rng, deck, players):
    cards = rng.sample(deck, rng.randint(0, 12))
    lines = [[] for _ in range(players)]
    for c in cards:
        lines[rng.randrange(players)].append(c)
    return [tuple(line) for line in lines]


@pytest.mark.parametrize("reading", ["printed", "effective"])
def test_totals_of_is_the_count(reading):
    rng = random.Random(7)
    decks = [STANDARD_DECK, get_ruleset("fa-tutorial").make_deck()]
    for _ in range(3000):
        lines = _lines(rng, rng.choice(decks), rng.randint(2, 6))
        want = tuple(count(range(len(lines)), lines, reading).totals().values())
        assert totals_of(lines, reading) == want, lines
        # twice: the second answer is the remembered one
        assert totals_of(lines, reading) == want, lines
        if not any(c.kind == "spring" for line in lines for c in line):
            winter = any(c.kind == "winter" for line in lines for c in line)
            assert tuple(line_total(line, winter) for line in lines) == want


def test_a_line_code_is_its_kinds_in_any_order():
    rng = random.Random(3)
    for _ in range(500):
        line = rng.sample(STANDARD_DECK, rng.randint(0, 8))
        shuffled = rng.sample(line, len(line))
        assert line_code(line) == line_code(shuffled) == sum(KIND_CODE[c.kind] for c in line)
        other = rng.sample(STANDARD_DECK, len(line))
        assert (line_code(other) == line_code(line)) == (sorted(c.kind for c in other) == sorted(c.kind for c in line))


def test_winter_elsewhere_counts_a_line_as_winter_in_it():
    ten = next(c for c in STANDARD_DECK if c.kind == "10")
    winter = next(c for c in STANDARD_DECK if c.kind == "winter")
    assert line_total((ten,), winter=True) == 1 == count(["a", "b"], [(ten,), (winter,)]).totals()["a"]
    with pytest.raises(strength.RulesError):
        line_total((next(c for c in STANDARD_DECK if c.kind == "spring"),))
