"""Spring's "highest Mercenary": the option spring_highest and its two readings.

The Vietnamese text (section "2 - Spring") gives +3 to the Mercenary of the highest strength
and does not say whether a Drummer's doubling counts.  'printed' (standard, docs/rules.md)
compares printed values; 'effective' compares the value each Mercenary has just before Spring.
Winter and Spring are never in play together (each discards the other), so no Winter case.
"""
import random

import pytest

from condottiere_nb import Battle, IllegalMove, RulesError, get_ruleset
from condottiere_nb.explore import fast_model_gap
from condottiere_nb.strength import SPRING_READINGS, count, evaluate, mercenary_value

STANDARD = get_ruleset("standard")
EFFECTIVE = STANDARD.replace(spring_highest="effective")
DRUMMED_5_VS_6 = "[Ana Ben] Ana 5, Ben 6, Ana drummer, Ben spring"


def _spring_step(res):
    return next(s for s in res.steps if s.rule == "season.spring")


def _value(res, player, kind):
    return next(res.values[c.id] for c in res.lines[player] if c.kind == kind)


def test_the_option_defaults_to_the_printed_reading():
    assert STANDARD.spring_highest == "printed"
    assert SPRING_READINGS == ("printed", "effective")
    opt = next(o for o in STANDARD.options() if o["name"] == "spring_highest")
    assert opt["choices"] == SPRING_READINGS
    assert "vi:" in opt["source"] and "Spring" in opt["source"]
    assert "Drummer" in opt["doc"] and "'effective'" in opt["doc"]


def test_season_spring_printed_reading():
    # The 6 is the highest printed Mercenary: it gets +3 although the drummed 5 counts 10.
    res = Battle.from_notation(DRUMMED_5_VS_6, ruleset=STANDARD).resolve()
    assert res.strengths == {"Ana": 10, "Ben": 9}
    assert _value(res, "Ana", "5") == 10 and _value(res, "Ben", "6") == 9
    assert res.winner == "Ana"
    step = _spring_step(res)
    assert [res.lines["Ben"][0].id] == list(step.cards)


def test_season_spring_effective_reading():
    # The drummed 5 counts 10 before Spring, more than the 6: it gets +3 -> 13.
    res = Battle.from_notation(DRUMMED_5_VS_6, ruleset=EFFECTIVE).resolve()
    assert res.strengths == {"Ana": 13, "Ben": 6}
    assert _value(res, "Ana", "5") == 13 and _value(res, "Ben", "6") == 6
    step = _spring_step(res)
    assert [res.lines["Ana"][0].id] == list(step.cards)
    assert step.before == {"Ana": 10, "Ben": 6} and step.strengths == {"Ana": 13, "Ben": 6}


def test_season_spring_reading_decides_the_winner():
    # Ana's two 6s against Ben's drummed 6: printed, all three 6s get +3 (Ana 18, Ben 15);
    # effective, only Ben's 6 (12 before Spring) gets it (Ana 12, Ben 15).
    text = "[Ana Ben] Ana 6, Ben 6, Ana 6, Ben drummer, Ana spring"
    printed = Battle.from_notation(text, ruleset=STANDARD).resolve()
    effective = Battle.from_notation(text, ruleset=EFFECTIVE).resolve()
    assert (printed.winner, printed.strengths) == ("Ana", {"Ana": 18, "Ben": 15})
    assert (effective.winner, effective.strengths) == ("Ben", {"Ana": 12, "Ben": 15})


def test_season_spring_effective_reading_ties_all_get_the_bonus():
    # A drummed 5 and a plain 10 both count 10 before Spring: each gets +3.
    res = Battle.from_notation("[Ana Ben] Ana 5, Ben 10, Ana drummer, Ben spring", ruleset=EFFECTIVE).resolve()
    assert res.strengths == {"Ana": 13, "Ben": 13}
    assert res.winner is None and res.tied == ["Ana", "Ben"]
    assert len(_spring_step(res).cards) == 2
    # Two drummed 5s in one line and a 10 elsewhere: three Mercenaries at 10, three bonuses.
    res = Battle.from_notation("Ana: 5 5 drummer | Ben: 10 4 spring", ruleset=EFFECTIVE).resolve()
    assert res.strengths == {"Ana": 26, "Ben": 17}
    assert sorted(res.values[c] for c in _spring_step(res).cards) == [13, 13, 13]
    # Under the printed reading only the 10 is the highest.
    res = Battle.from_notation("Ana: 5 5 drummer | Ben: 10 4 spring", ruleset=STANDARD).resolve()
    assert res.strengths == {"Ana": 20, "Ben": 17}


def test_season_spring_readings_agree_without_a_drummer():
    # The Vietnamese worked example (no Drummer): Huy 2, 2, 5; Hoang 1, 4, Heroine, Spring.
    text = "Huy: 2 2 5 | Hoang: 1 4 heroine spring"
    for rs in (STANDARD, EFFECTIVE):
        assert Battle.from_notation(text, ruleset=rs).resolve().strengths == {"Huy": 12, "Hoang": 15}


def test_season_spring_effective_reading_in_the_announced_strengths():
    b = Battle(["Ana", "Ben"], EFFECTIVE)
    for player, card in [("Ana", "5"), ("Ben", "6"), ("Ana", "drummer"), ("Ben", "spring")]:
        b.play(player, card)
    assert b.strengths() == {"Ana": 13, "Ben": 6}
    b = Battle(["Ana", "Ben"], STANDARD)
    for player, card in [("Ana", "5"), ("Ben", "6"), ("Ana", "drummer"), ("Ben", "spring")]:
        b.play(player, card)
    assert b.strengths() == {"Ana": 10, "Ben": 9}


def test_season_spring_step_text_names_the_reading():
    printed = _spring_step(Battle.from_notation(DRUMMED_5_VS_6, ruleset=STANDARD).resolve()).text
    effective = _spring_step(Battle.from_notation(DRUMMED_5_VS_6, ruleset=EFFECTIVE).resolve()).text
    assert "the highest printed Mercenary in play is 6" in printed
    assert "Ben's 6 gets +3" in printed
    assert "after doubling" not in printed
    assert "the strongest Mercenary after doubling counts 10" in effective
    assert "Ana's 5 gets +3" in effective
    assert "Ana's drummed 5 counts 10 + 3 = 13" in effective
    # ... and it names the card the standard reading would have raised.
    assert "Under the standard reading (printed values) Ben's 6 would get +3" in effective
    # When both readings raise the same card, the text does not mention the other one.
    same = _spring_step(Battle.from_notation("Ana: 6 drummer | Ben: 4 spring", ruleset=EFFECTIVE).resolve())
    assert "Ana's 6 gets +3" in same.text and "Under the standard reading" not in same.text
    # A drummed 3 (6) beats a plain 4: the 4 is the printed top that the text names.
    low = _spring_step(Battle.from_notation("Ana: 3 drummer | Ben: 4 spring", ruleset=EFFECTIVE).resolve())
    assert "Ana's 3 gets +3" in low.text and "Ben's 4 would get +3; here it counts less than 6" in low.text


def test_mercenary_value_is_the_one_rule_for_both_readings():
    assert mercenary_value(5, False, True, 6) == 10                # printed: the 6 is the top
    assert mercenary_value(6, False, False, 6) == 9
    assert mercenary_value(5, False, True, 10, "effective") == 13  # effective: the drummed 5 is
    assert mercenary_value(6, False, False, 10, "effective") == 6
    assert mercenary_value(10, False, False, 10, "effective") == 13


def test_an_unknown_reading_is_refused_with_the_allowed_ones():
    with pytest.raises(RulesError, match=r"spring_highest cannot be 'doubled'.*'printed', 'effective'"):
        STANDARD.replace(spring_highest="doubled")
    b = Battle.from_notation(DRUMMED_5_VS_6)
    for explain in (True, False):
        with pytest.raises(RulesError, match="'printed', 'effective'"):
            evaluate(b.players, b.lines, explain=explain, spring_highest="doubled")
    with pytest.raises(RulesError, match="'printed', 'effective'"):
        count(b.players, [b.lines[p] for p in b.players], "doubled")


def test_the_vectorised_model_takes_both_readings():
    assert fast_model_gap(EFFECTIVE) is None
    assert fast_model_gap(get_ruleset("hidden-cards").replace(spring_highest="effective")) is None


# -- explain=True and explain=False agree, under both readings, on random battles --------------------

KINDS = ["1", "2", "3", "4", "5", "6", "10", "drummer", "drummer", "spring", "spring", "winter", "heroine",
         "courtesan", "bishop", "scarecrow", "pass"]


def _random_battle(rng, ruleset, explain):
    players = ["Ana", "Ben", "Cy", "Dee"][:rng.randint(2, 4)]
    b = Battle(players, ruleset, explain=explain)
    for _ in range(rng.randint(0, 24)):
        if b.is_over:
            break
        p = b.to_move
        kind = rng.choice(KINDS)
        face_down = ruleset.hidden_cards and rng.random() < 0.3
        try:
            if kind == "pass":
                b.pass_turn(p)
            elif kind == "scarecrow":
                b.play(p, kind, face_down=face_down, take=None)
            else:
                b.play(p, kind, face_down=face_down)
        except IllegalMove:
            pass
    return b


@pytest.mark.parametrize("base", ["standard", "hidden-cards"])
@pytest.mark.parametrize("reading", SPRING_READINGS)
def test_explain_true_and_false_agree_on_random_battles(base, reading):
    ruleset = get_ruleset(base).replace(spring_highest=reading)
    springs = differ = 0
    for seed in range(150):
        slow = _random_battle(random.Random(seed), ruleset, True)
        fast = _random_battle(random.Random(seed), ruleset, False)
        assert slow.notation() == fast.notation()
        assert slow.strengths() == fast.strengths()
        a, b = slow.resolve(), fast.resolve()
        assert (a.strengths, a.winner, a.token_holder, a.favor) == (b.strengths, b.winner, b.token_holder, b.favor)
        # evaluate itself: the explained pipeline and the fast one give the same values
        totals, values, steps = evaluate(a.players, a.lines, True, reading)
        assert (totals, values) == evaluate(a.players, a.lines, False, reading)[:2]
        assert totals == a.strengths
        if any(s.rule == "season.spring" for s in steps):
            springs += 1
            other = "printed" if reading == "effective" else "effective"
            differ += evaluate(a.players, a.lines, False, other)[0] != totals
    assert springs >= 40                      # the sample really has Springs at the count
    assert differ >= 5                        # ... and battles where the reading matters
