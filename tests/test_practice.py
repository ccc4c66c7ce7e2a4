"""The exercise generator (issue 32): same arguments, same exercises; one right answer; every
exercise decided by its rule, its kept wrong answers all different from the right one; answers
read in five languages; the rules that cannot make a question refused by name; workshop codes."""
from __future__ import annotations

import functools

import pytest

from condottiere_nb import RULES, RULESETS, RulesError, set_language
from condottiere_nb.i18n import card_name
from condottiere_nb.practice import (PRACTISED, VERSION, answer_sheet, answer_sheet_html, exercises, from_code,
                                     read_code, why_not, workshop_code)
from condottiere_nb.practice.generate import ASKS, _left_out
from condottiere_nb.practice.plans import AMBIGUOUS, build, outcome


def key(ex):
    p = ex.plan
    return (p.ruleset.name, p.players, p.moves, p.pending, p.ask, p.asked, p.hand, ex.answer)


@functools.lru_cache(maxsize=None)
def every_set():
    """20 exercises of every battle rule id that can make a question, under every named ruleset (the
    rules of the game around the battles: tests/test_practice_game.py)."""
    found = {}
    for rs in RULESETS:
        for rule in ASKS:
            if why_not(rule, rs) is None:
                found[(rule, rs)] = exercises(rule, count=20, seed=7, ruleset=rs)
    return found


def test_same_arguments_same_exercises():
    a = exercises(["season.spring", "card.drummer"], count=6, seed=11)
    b = exercises(["season.spring", "card.drummer"], count=6, seed=11)
    assert [key(e) for e in a] == [key(e) for e in b]
    assert [e.question for e in a] == [e.question for e in b]
    c = exercises(["season.spring", "card.drummer"], count=6, seed=12)
    assert [key(e) for e in a] != [key(e) for e in c]


def test_a_list_of_rules_gives_a_mix_each_exercise_testing_one():
    ex = exercises(["season.winter", "card.bishop", "token.condottiere"], count=6, seed=1)
    assert [e.rule for e in ex] == ["season.winter", "card.bishop", "token.condottiere"] * 2
    assert all(e.rule not in e.rules for e in ex)


def test_every_rule_of_every_ruleset_makes_twenty_distinct_exercises_or_is_refused_by_name():
    sets = every_set()
    for rs in RULESETS:
        for rule in RULES:
            err = why_not(rule, rs)
            if err is None and rule in ASKS:
                ex = sets[(rule, rs)]
                assert len({key(e) for e in ex}) == 20, (rule, rs)
                assert {e.rule for e in ex} == {rule}
            elif err is not None:
                assert rule in str(err)
                assert "cannot make a question" in str(err) or "unknown" in str(err)
    assert {r for (r, _rs) in sets} == set(ASKS) == set(PRACTISED) & set(ASKS)


def test_over_a_thousand_exercises_the_rule_decides_and_every_kept_mistake_differs():
    checked = 0
    for (rule, _rs), found in every_set().items():
        for ex in found:
            plan = ex.plan
            assert outcome(plan) == ex.answer
            assert outcome(plan, _left_out(plan, rule)) != ex.answer, (rule, plan)
            for m in ex.mistakes:
                assert m.answer != ex.answer
                assert outcome(plan, m.variant) == m.answer
            # each of the other deciding rules changes the answer too, and they make the level
            for other in ex.rules:
                assert outcome(plan, _left_out(plan, other)) != ex.answer
            assert ex.level == len({rule, *ex.rules} - {"strength.printed", "battle.compare"})
            checked += 1
    assert checked >= 1000


def test_one_right_answer():
    for (rule, _rs), found in every_set().items():
        for ex in found:
            if ex.kind == "hand":
                assert ex.answer in ex.plan.hand
                winners = []
                for kind in ex.plan.hand:
                    b = build(ex.plan, pending=False)
                    b.play(ex.plan.asked, kind)
                    if b.preview().winner == ex.plan.asked:
                        winners.append(kind)
                assert winners == [ex.answer]
                assert [k for k in ex.plan.hand if ex.check(k)] == [ex.answer]
            elif ex.kind == "strength":
                assert [n for n in range(0, 200) if ex.check(n)] == [ex.answer]
            else:
                accepted = [p for p in (*ex.plan.players, None) if ex.check(p)]
                assert accepted == [ex.answer]
            assert ex.answer is not AMBIGUOUS


def test_a_hand_question_is_asked_only_where_exactly_one_card_wins():
    hands = [e for (rule, rs), found in every_set().items() for e in found if e.kind == "hand"]
    assert len(hands) >= 20


def test_check_reads_names_numbers_and_cards_in_five_languages():
    found = [e for (_r, rs), es in every_set().items() if rs == "standard" for e in es]
    winner = next(e for e in found if e.kind == "winner" and e.answer is not None)
    assert winner.check(winner.answer.upper()) and winner.check(f"  {winner.answer.lower()} ")
    nobody = next(e for e in found if e.kind == "winner" and e.answer is None)
    for word in ("nobody", "No one", "không ai", "Nadie", "沒有人", "هیچ‌کس"):
        assert nobody.check(word), word
    assert not nobody.check(nobody.plan.players[0]) and not nobody.check("somebody")
    number = next(e for e in found if e.kind == "strength" and e.answer >= 10)
    persian = "".join("۰۱۲۳۴۵۶۷۸۹"[int(d)] for d in str(number.answer))
    for form in (number.answer, str(number.answer), f" {number.answer} ", persian):
        assert number.check(form), form
    assert not number.check(number.answer + 1) and not number.check(True) and not number.check("ten")
    card = next(e for e in found if e.kind == "hand" and not e.answer.isdigit())
    for lang in ("en", "vi", "es", "zh", "fa"):
        assert card.check(card_name(card.answer, lang)), lang
        assert card.check(card_name(card.answer, lang).lower()), lang
    wrong = next(k for k in card.plan.hand if k != card.answer)
    assert not card.check(wrong) and not card.check("no such card")


def test_a_wrong_answer_names_its_mistake_and_the_rule_then_the_steps():
    ex = next(e for e in exercises("card.drummer", count=20, seed=3)
              if any(m.variant[0] == "stages" for m in e.mistakes))
    mistake = ex.mistakes[0]
    given = mistake.answer if mistake.answer is not None else "nobody"
    said = ex.feedback(given if not isinstance(given, int) else str(given))
    head, _, steps = said.partition("\n")
    assert head.startswith("Not quite")
    assert "left out of the count" in head or "counted before" in head
    assert "“Drummer: the line's Mercenaries double”" in head
    assert "card.drummer" in steps and steps == ex.explanation
    assert ex.feedback(ex.answer if not isinstance(ex.answer, int) else str(ex.answer)).startswith("Right")


def test_a_swap_of_the_drummer_and_spring_is_told_as_such():
    found = [e for e in exercises("season.spring", count=60, seed=5) for m in e.mistakes
             if m.variant[0] == "stages" and len(m.variant[1]) == 5]
    assert found, "no exercise keeps the Drummer/Spring swap"
    ex = found[0]
    m = next(m for m in ex.mistakes if m.variant[0] == "stages" and len(m.variant[1]) == 5)
    assert "is counted before" in ex.mistake_sentence(m)
    given = "nobody" if m.answer is None else str(m.answer)
    assert ex.mistake_for(given) is not None


def test_the_question_and_explanation_follow_the_language():
    ex = exercises("season.winter", count=1, seed=2)[0]
    english = ex.question
    try:
        for lang in ("vi", "es", "zh", "fa"):
            set_language(lang)
            assert ex.question != english, lang
            assert ex.explanation != exercises("season.winter", count=1, seed=2)[0].explain("en")
    finally:
        set_language("en")


@pytest.mark.parametrize("rule, ruleset, words", [
    ("card.surrender", "standard", "Surrender"),
    ("round.deal", "standard", "practise round.end"),
    ("city.venezia", "city-states", "no hook"),
    ("battle.compare", "standard", "every battle"),
    ("card.weapon", "fa-tutorial", "Weapon"),
    ("card.maiden", "standard", "deck has no card"),
    ("play.face_down", "standard", "face down"),
])
def test_rules_that_cannot_make_a_question_are_refused_with_the_reason(rule, ruleset, words):
    with pytest.raises(RulesError) as err:
        exercises(rule, ruleset=ruleset)
    assert rule in str(err.value) and words in str(err.value)


def test_bad_arguments_are_refused():
    for kwargs in ({"rule": "no.such"}, {"rule": 5}, {"rule": "season.winter", "count": 0},
                   {"rule": "season.winter", "level": 9}, {"rule": "season.winter", "seed": "x"},
                   {"rule": "season.winter", "ruleset": "nope"}):
        with pytest.raises(RulesError):
            exercises(**kwargs)


def test_a_level_is_the_number_of_rules_that_change_the_answer():
    for ex in exercises("season.spring", count=5, seed=4, level=2):
        assert ex.level == 2 and len(ex.rules) == 1
    for ex in exercises("card.bishop", count=5, seed=4, level=1):
        assert ex.level == 1 and ex.rules == ()


def test_workshop_code_gives_the_same_set_and_refuses_another_version_or_a_changed_code():
    code = workshop_code(["season.spring", "card.drummer"], level=None, count=4, seed=42)
    assert code.startswith(f"{VERSION}:standard:season.spring+card.drummer:any:4:42:")
    assert [key(e) for e in from_code(code)] == [key(e) for e in exercises(["season.spring", "card.drummer"],
                                                                         count=4, seed=42)]
    assert read_code(code)["level"] is None
    with pytest.raises(RulesError, match="version 'v0'"):
        from_code("v0" + code[2:])
    with pytest.raises(RulesError, match="mistyped or changed"):
        from_code(code.replace(":4:42:", ":5:42:"))
    for bad in ("", "v1", None, "x" * 500, code + ":extra"):
        with pytest.raises(RulesError):
            from_code(bad)
    sheet = answer_sheet(code)
    assert sheet.count("Answer:") == 4 and code in sheet
    assert answer_sheet_html(code, "es").count("<tr>") == 4
