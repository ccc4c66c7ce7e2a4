"""Each part of the learner path (notebooks 00-06, 05a) ends with "Practise this": three exercises on the rules it
teaches, asked (one output) before they are answered and explained (a later output), in every language of the
notebook (issue 32)."""
from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

pytest.importorskip("fsrs")  # the Practice widget's scheduler comes with the lab extra

from condottiere_nb.language import speaker
from condottiere_nb.rules import RULES
from condottiere_nb.views.practice_set import PLAYS, PractiseThis

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "tools" / "notebooks"
PATH = sorted(p.stem for p in SOURCES.glob("0*.txt") if p.stem != "07_practice")
LANGS = ("en", "vi", "es", "zh", "fa")
CALL = re.compile(r"^quiz = PractiseThis\((.*), lang=LANG\)$", re.M)


def the_set(stem: str) -> tuple[list[str], dict, str]:
    """The notebook's set as its source writes it: (rules, keyword arguments, the Markdown cell before it)."""
    text = (SOURCES / f"{stem}.txt").read_text(encoding="utf-8")
    (call,) = CALL.findall(text)
    tree = ast.parse(f"f({call})").body[0].value
    rules = ast.literal_eval(tree.args[0])
    kwargs = {k.arg: ast.literal_eval(k.value) for k in tree.keywords}
    before = text[:text.index("quiz = PractiseThis")]
    heading = before[before.rindex("## Practise this"):]
    return rules, kwargs, heading


@pytest.mark.parametrize("stem", PATH)
def test_each_part_ends_with_three_exercises_on_the_rules_its_section_names(stem):
    rules, kwargs, heading = the_set(stem)
    named = re.findall(r"\[`([^`]+)`\]\(\.\./docs/rules\.md#\1\)", heading.split("Rules: ", 1)[1])
    assert set(rules) == set(named), (stem, rules, named)
    s = PractiseThis(rules, **kwargs)
    assert len(s.exercises) == 3 and {e.rule for e in s.exercises} <= set(rules)
    assert len({e.position_text() for e in s.exercises}) == 3, "three different positions"


@pytest.mark.parametrize("lang", LANGS)
def test_the_questions_give_no_answer_and_the_answers_explain_each(lang):
    s = PractiseThis(["card.scarecrow", "season.winter"], seed=4, lang=lang)
    questions, answers = repr(s.questions()), repr(s.answers())
    for i, e in enumerate(s.exercises, 1):
        assert e.say_question(lang) in questions
        said = speaker(lang).digits(e.answer_text(lang=lang))
        assert f"{s._number(i)} " in answers
        assert said in answers.split("\n\n")[i - 1].splitlines()[0], "each answer heads its own block"
        for m in e.mistakes:        # what each kept wrong answer would mean
            assert e.mistake_sentence(m, lang) in answers
    assert not [rule for rule in PLAYS if f"[{rule}]" in answers], "the plays are in the position already"
    assert "[battle.compare]" in answers
    if lang == "fa":
        assert "۱." in questions and "1." not in questions
    html = s.answers()._repr_html_()
    assert 'dir="rtl"' in html if lang == "fa" else 'dir="rtl"' not in html


@pytest.mark.parametrize("stem", PATH)
@pytest.mark.parametrize("lang", LANGS)
def test_the_built_notebook_asks_before_it_answers_in_its_language(stem, lang):
    """The stored outputs (which nbval checks) hold the set, told in the notebook's language: the
    questions' cell first, the answers' cell after it."""
    name = f"{stem}.ipynb" if lang == "en" else f"{stem}.{lang}.ipynb"
    cells = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))["cells"]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    asked = next(i for i, c in enumerate(code) if "quiz.questions()" in c)
    answered = next(i for i, c in enumerate(code) if "quiz.answers()" in c)
    assert asked < answered
    rules, kwargs, _ = the_set(stem)
    s = PractiseThis(rules, **kwargs, lang=lang)
    outputs = [c.get("outputs", []) for c in cells if c["cell_type"] == "code"]
    stored = "".join(outputs[answered][0]["data"]["text/plain"])
    assert stored == repr(s.answers())
    assert "".join(outputs[asked][0]["data"]["text/plain"]) == repr(s.questions())


def test_every_rule_a_set_practises_is_a_rule_id():
    for stem in PATH:
        rules, _, _ = the_set(stem)
        assert set(rules) <= set(RULES)
