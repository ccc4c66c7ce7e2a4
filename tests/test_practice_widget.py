"""The Practice widget's model in plain Python (score, streak, first try only, hint, show the
answer, missed rules back, progress in JSON), then the widget's wiring (ipywidgets, no browser)."""
from __future__ import annotations

import json

import pytest

from condottiere_nb import RulesError
from condottiere_nb.practice import workshop_code
from condottiere_nb.views.practice_model import COMES_BACK, Boxes, PracticeModel, answer_choices, exercise_html


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        self.now += 1
        return self.now


def wrong(ex):
    """A wrong answer a learner could give."""
    if ex.mistakes:
        a = ex.mistakes[0].answer
        return "nobody" if a is None else str(a) if isinstance(a, int) else a
    if ex.kind == "strength":
        return str(ex.answer + 1)
    if ex.kind == "hand":
        return next(k for k in ex.plan.hand if k != ex.answer)
    return next(p for p in (*ex.plan.players, None) if p != ex.answer) or "nobody"


def right(ex):
    return "nobody" if ex.answer is None else str(ex.answer) if isinstance(ex.answer, int) else ex.answer


def test_only_the_first_try_is_scored_and_the_streak_counts_right_first_tries():
    m = PracticeModel("season.winter", count=4, seed=1, clock=Clock())
    assert m.answer(wrong(m.exercise)) is False
    assert m.answer(right(m.exercise)) is True          # right at the second try: not scored
    assert (m.score, m.answered, m.streak) == (0, 1, 0)
    m.next()
    m.answer(right(m.exercise)); m.next()
    m.answer(right(m.exercise))
    assert (m.score, m.answered, m.streak, m.best) == (2, 3, 2, 2)
    assert "Right" in m.feedback
    m.next(); m.answer(right(m.exercise))
    assert m.boxes.coming_back(m.answered) is None and m.next() is False
    assert m.feedback == "The set is finished: 3 of 4 right at the first try."


def test_a_hint_or_the_shown_answer_is_not_scored():
    m = PracticeModel("card.drummer", count=3, seed=2, clock=Clock())
    assert "Drummer" in m.hint()
    assert m.answer(right(m.exercise)) is True
    assert (m.score, m.answered, m.streak) == (0, 1, 0)
    assert m.boxes.box["card.drummer"] == 2              # right after a hint: "hard"
    m.next()
    text = m.show_answer()
    assert text.startswith("The answer:") and (m.score, m.answered) == (0, 2)


def test_a_missed_rule_comes_back_two_items_later_and_says_why():
    m = PracticeModel(["season.winter", "card.bishop", "season.spring", "token.condottiere"], count=4, seed=3,
                      clock=Clock())
    assert m.exercise.rule == "season.winter"
    m.answer(wrong(m.exercise))                          # missed: box 1, back after COMES_BACK[1] items
    for _ in range(COMES_BACK[1]):
        m.next()
        assert m.why_back() == ""
        m.answer(right(m.exercise))
    m.next()
    assert m.exercise.rule == "season.winter" and len(m.items) == 5
    assert m.why_back() == "This rule came back because you missed it: “Winter: every Mercenary counts 1”."
    m.set_lang("es")
    assert "Invierno" in m.why_back()


def test_boxes_are_exact_without_a_clock():
    b = Boxes()
    b.grade("season.winter", "again", 1)
    b.grade("card.drummer", "hard", 1)
    assert b.coming_back(2) is None and b.coming_back(3) == "season.winter"
    b.taken("season.winter")
    assert b.coming_back(5) == "card.drummer"
    b.grade("card.drummer", "good", 5)
    assert b.coming_back(100) is None


def test_progress_is_saved_and_loaded_as_json(tmp_path):
    clock = Clock()
    m = PracticeModel("season.spring", count=3, seed=4, clock=clock)
    m.answer(wrong(m.exercise)); m.next(); m.answer(right(m.exercise))
    path = tmp_path / "progress.json"
    m.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["score"] == 1 and data["answered"] == 2 and data["log"][0]["at"] == 1001.0
    other = PracticeModel("season.spring", count=3, seed=4)
    other.load(path)
    assert (other.score, other.answered, other.streak, other.boxes.box) == (1, 2, 1, m.boxes.box)
    for bad in ('{"version": 1}', "not json", '{"version": 1, "score": 5, "answered": 2, "streak": 0, "best": 0, '
                '"boxes": {}, "due": {}}', '{"version": 1, "score": 0, "answered": 0, "streak": 0, "best": 0, '
                '"boxes": {"no.rule": 1}, "due": {}}'):
        path.write_text(bad, encoding="utf-8")
        with pytest.raises(RulesError):
            other.load(path)
    assert (other.score, other.answered) == (1, 2)     # a refused file changes nothing


def test_a_workshop_code_gives_every_attendee_the_same_set_in_their_language():
    code = workshop_code(["season.winter", "card.drummer"], count=3, seed=9)
    en, vi = PracticeModel(code=code), PracticeModel(code=code, lang="vi")
    assert [e.answer for e in en.items] == [e.answer for e in vi.items]
    assert en.exercise.say_question("en") != vi.exercise.say_question("vi")
    assert vi.exercise.say_question("vi") in vi.position_html()


def test_the_position_hides_the_strengths_and_shows_the_hand_and_the_choices():
    m = PracticeModel("season.spring", count=30, seed=6)
    hand = next(e for e in m.items if e.kind == "hand")
    html = exercise_html(hand)
    assert "cnb-line-strength" not in html and "cnb-value" not in html
    assert [v for _label, v in answer_choices(hand)] == list(hand.plan.hand)
    winner = next(e for e in m.items if e.kind == "winner")
    assert [v for _l, v in answer_choices(winner, "zh")][-1] is None
    assert answer_choices(winner, "zh")[-1][0] == "沒有人"


def test_the_widget_answers_a_click_and_a_typed_number():
    pytest.importorskip("ipywidgets")
    from condottiere_nb.views import Practice
    p = Practice("season.winter", count=12, seed=1, lang="es", clock=Clock())
    ex = p.model.exercise
    assert [b.description for b in p.choices.children] == [label for label, _v in answer_choices(ex, "es")]
    assert p.next_button.disabled and p.hint_button.description == "Pista"
    while p.model.exercise.kind != "strength":
        p.show_button.click()
        p.next_button.click()
    ex = p.model.exercise
    assert p.number_row.layout.display == ""
    p.number.value = str(ex.answer)                      # Enter in the box
    assert "Correcto" in p.feedback.value and "1." in p.feedback.value
    before = p.model.answered
    p.next_button.click()
    if p.model.exercise.kind != "strength":
        p.choices.children[0].click()
        assert p.model.answered == before + 1 and p.feedback.value
    p.lang_select.value = "fa"
    assert p.hint_button.description == "راهنمایی" and 'dir="rtl"' in p.status.value
