"""Exercises about the game around the battles (issue 32's "what the game does next"): a Game at the
moment a battle ends; the answer is the engine's (the game run on); every exercise has one right
answer and tests its rule (the Game run with that rule's step left out or misapplied, through a
Slip at the engine's hooks, answers otherwise); the kept mistakes are told; five languages."""
from __future__ import annotations

import functools
import os
import subprocess
import sys

import pytest

from condottiere_nb import RULES, RULESETS, RulesError, set_language
from condottiere_nb.game import Pass
from condottiere_nb.practice import PRACTISED, REFUSED, answer_sheet, exercises, why_not, workshop_code
from condottiere_nb.practice.games import GAME_ASKS, GameExercise, answered_game, game_outcome, play_position

LANGS = ("en", "vi", "es", "zh", "fa")


@functools.lru_cache(maxsize=None)
def every_game_set():
    """Exercises of every rule of the game around the battles, under every ruleset where it can make
    a question: 20 for seed 7, and 20 more for each of seeds 8 to 12 under the standard rules."""
    found = {}
    for rs in RULESETS:
        for rule in GAME_ASKS:
            if why_not(rule, rs) is None:
                found[(rule, rs, 7)] = exercises(rule, count=20, seed=7, ruleset=rs)
    for seed in (8, 9, 10, 11, 12):
        for rule in GAME_ASKS:
            rs = "invasion" if rule == "invasion.tie" else "standard"
            found[(rule, rs, seed)] = exercises(rule, count=20, seed=seed, ruleset=rs)
    return found


def all_game_exercises():
    return [e for es in every_game_set().values() for e in es]


def test_every_rule_id_is_practised_or_refused_with_its_own_reason():
    assert set(PRACTISED) | set(REFUSED) == set(RULES)
    assert not set(PRACTISED) & set(REFUSED)
    assert set(GAME_ASKS) <= set(PRACTISED)
    blanket = "the exercises of this version ask about battles only"
    for rule in REFUSED:
        assert blanket not in str(why_not(rule))


def test_each_rule_gives_twenty_distinct_exercises_for_each_seed_and_ruleset():
    for (rule, rs, seed), ex in every_game_set().items():
        assert len({e.plan.key for e in ex}) == 20, (rule, rs, seed)
        assert {e.rule for e in ex} == {rule}
        assert all(isinstance(e, GameExercise) for e in ex)


def test_over_a_thousand_exercises_one_answer_that_the_engine_gives_and_that_the_rule_decides():
    checked = 0
    for ex in all_game_exercises():
        plan = ex.plan
        position = play_position(plan)
        assert game_outcome(plan, position) == ex.answer
        # tests its rule: one of the rule's own mistakes (its step left out or misapplied) answers otherwise
        own = [m for m in ex.mistakes if m.rule == ex.rule]
        assert own, (ex.rule, plan)
        for m in ex.mistakes:
            assert m.answer != ex.answer
            assert game_outcome(plan, position, m.variant) == m.answer
            assert ex.mistake_for(m.answer) is not None
        # the other deciding rules each have a mistake too, and they make the level
        assert {m.rule for m in ex.mistakes} <= {ex.rule, *ex.rules}
        assert ex.level == len({ex.rule, *ex.rules})
        # one right answer among everything a learner can click or type
        if ex.kind == "cards":
            assert [n for n in range(0, 60) if ex.check(n)] == [ex.answer]
            assert ex.check(str(ex.answer))
        else:
            assert [p for p in (*plan.players, None) if ex.check(p)] == [ex.answer]
        checked += 1
    assert checked >= 1000


def test_working_out_the_mistakes_leaves_the_position_as_it_was():
    ex = exercises("game.victory", count=1, seed=3)[0]
    before = ex.position.to_json()
    for m in ex.mistakes:
        game_outcome(ex.plan, ex.position, m.variant)
    answered_game(ex.plan, ex.position)
    assert ex.position.to_json() == before
    assert ex.position.phase == "battle" and not ex.position.is_over


def test_the_position_is_a_game_just_before_the_rule_acts():
    for ex in exercises(list(GAME_ASKS)[:5], count=10, seed=2):
        g = ex.position
        assert g.phase == "battle" and g.battles == 0 and g.region == ex.plan.region
        assert g.control == dict(ex.plan.control)
        assert Pass() in g.legal_actions()


def test_same_arguments_same_exercises_and_another_seed_others():
    a = exercises(["region.conquered", "round.end"], count=6, seed=11)
    b = exercises(["region.conquered", "round.end"], count=6, seed=11)
    assert [e.plan.key for e in a] == [e.plan.key for e in b]
    assert [e.answer for e in a] == [e.answer for e in b]
    assert [e.rule for e in a] == ["region.conquered", "round.end"] * 3
    c = exercises(["region.conquered", "round.end"], count=6, seed=12)
    assert [e.plan.key for e in a] != [e.plan.key for e in c]


def test_answers_vary_where_the_rule_allows_it():
    by_rule = {}
    for (rule, _rs, _seed), es in every_game_set().items():
        by_rule.setdefault(rule, set()).update(e.answer for e in es)
    assert None in by_rule["game.victory"] and len(by_rule["game.victory"]) >= 3
    assert len(by_rule["round.end"]) >= 4          # 10 plus 1 per region: several hand limits
    assert 0 in by_rule["hand.discard"] and len(by_rule["hand.discard"]) >= 3
    assert by_rule["region.tied"] == {None}        # a tie conquers nothing: always nobody


def test_a_wrong_answer_is_told_which_mistake_it_is():
    cases = {"round.end": "without a new deal", "game.victory": "checked for a victory",
             "region.tied": "gave the region to", "hand.discard": "kept their hand",
             "invasion.tie": "freed the defender's region"}
    for rule, words in cases.items():
        ex = exercises(rule, count=1, seed=5, ruleset="invasion" if rule == "invasion.tie" else "standard")[0]
        own = next(m for m in ex.mistakes if m.rule == rule and words in ex.mistake_sentence(m))
        text = ex.feedback(own.answer if own.answer is not None else "nobody", "en")
        head, _, steps = text.partition("\n")
        assert head.startswith("Not quite") and words in head and RULES[rule].title in head
        assert f"[{rule}]" in steps or rule in ("hand.discard", "region.tied", "invasion.tie")
        assert ex.feedback(ex.answer).startswith("Right")


def test_thresholds_of_another_player_count_is_a_kept_mistake():
    found = [(e, m) for e in all_game_exercises() for m in e.mistakes if m.variant[0] == "thresholds"]
    assert found
    e, m = found[0]
    assert "victory conditions of a game of" in e.mistake_sentence(m)


def test_check_reads_nobody_yet_and_numbers_in_five_languages():
    ex = next(e for e in all_game_exercises() if e.kind == "victory" and e.answer is None)
    for word in ("nobody yet", "Nobody", "chưa ai", "todavía nadie", "还没有人", "هنوز هیچ‌کس"):
        assert ex.check(word), word
    assert not ex.check(ex.plan.players[0]) and not ex.check("someone")
    won = next(e for e in all_game_exercises() if e.kind == "victory" and e.answer is not None)
    assert won.check(won.answer.upper()) and not won.check("nobody")
    cards = next(e for e in all_game_exercises() if e.kind == "cards")
    assert cards.check(f" {cards.answer} ") and not cards.check(cards.answer + 1) and not cards.check("x")


@pytest.mark.parametrize("lang", LANGS)
def test_questions_mistakes_and_steps_in_each_language(lang):
    ex = exercises(["game.victory", "hand.discard", "region.tied"], count=3, seed=4)
    english = [e.say_question("en") for e in ex]
    for e, en in zip(ex, english):
        text = e.say_question(lang)
        assert "{" not in text and e.plan.region in text
        if lang != "en":
            assert text != en
        for m in e.mistakes:
            said = e.mistake_sentence(m, lang)
            assert "{" not in said and (lang == "en" or said != e.mistake_sentence(m, "en"))
        assert e.explain(lang).strip()
        assert "{" not in e.position_text(lang)


def test_the_current_language_is_used():
    ex = exercises("round.end", count=1, seed=1)[0]
    try:
        set_language("es")
        assert ex.question == ex.say_question("es") != ex.say_question("en")
    finally:
        set_language("en")


@pytest.mark.parametrize("rule, ruleset, words", [
    ("round.keep", "standard", "choice"),
    ("game.no_region", "standard", "one region short of winning"),
    ("war.draw", "continuous-war", "no hook"),
    ("token.place", "standard", "choice"),
    ("round.shuffle", "standard", "chance"),
    ("invasion.tie", "standard", "no Invasion"),
    ("round.end", "continuous-war", "variant"),
    ("hand.discard", "continuous-war", "variant"),
])
def test_rules_that_cannot_make_a_question_say_why(rule, ruleset, words):
    with pytest.raises(RulesError) as err:
        exercises(rule, ruleset=ruleset)
    assert rule in str(err.value) and words in str(err.value)


def test_a_workshop_code_of_game_rules_gives_an_answer_sheet_with_the_positions():
    code = workshop_code(["game.victory", "round.end"], count=2, seed=3)
    sheet = answer_sheet(code, "es")
    ex = exercises(["game.victory", "round.end"], count=2, seed=3)
    for e in ex:
        assert e.say_question("es") in sheet and e.position_text("es") in sheet
        assert e.answer_text(lang="es") in sheet


def test_the_same_arguments_give_the_same_exercises_in_another_process():
    code = ("from condottiere_nb.practice import exercises\n"
            "print([(e.plan.key, e.answer, [m.variant for m in e.mistakes]) for e in "
            "exercises(['game.victory', 'hand.discard', 'region.tied'], count=6, seed=4)])")
    seen = set()
    for hashseed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        seen.add(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                                check=True).stdout)
    (out,) = seen
    here = exercises(["game.victory", "hand.discard", "region.tied"], count=6, seed=4)
    assert out.strip() == repr([(e.plan.key, e.answer, [m.variant for m in e.mistakes]) for e in here])
