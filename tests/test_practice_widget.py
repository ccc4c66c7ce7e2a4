"""The Practice widget's model in plain Python (score, streak, first try only, hint, show the
answer, missed rules back, progress in JSON), then the widget's wiring (ipywidgets, no browser)."""
from __future__ import annotations

import json

import pytest

pytest.importorskip("fsrs")  # the Practice widget's scheduler comes with the lab extra

from condottiere_nb import RulesError
from condottiere_nb.practice import workshop_code
from datetime import datetime, timedelta, timezone

from fsrs import Rating, State

from condottiere_nb.views.practice_model import COMES_BACK, PracticeModel, answer_choices, exercise_html


class Clock:
    """A clock that moves a second each time it is read (the scheduler then sees little time pass)."""
    def __init__(self):
        self.now = datetime(2030, 5, 1, 12, 0, tzinfo=timezone.utc)

    def __call__(self):
        self.now += timedelta(seconds=1)
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
    assert m.coming_back() is None and m.next() is False
    assert m.feedback == "The set is finished: 3 of 4 right at the first try."


def test_a_hint_or_the_shown_answer_is_not_scored():
    m = PracticeModel("card.drummer", count=3, seed=2, clock=Clock())
    assert "Drummer" in m.hint()
    assert m.answer(right(m.exercise)) is True
    assert (m.score, m.answered, m.streak) == (0, 1, 0)
    assert m.ratings["card.drummer"] == Rating.Hard      # right after a hint: "Hard", still learning
    assert m.cards["card.drummer"].state == State.Learning
    m.next()
    text = m.show_answer()
    assert text.startswith("The answer:") and (m.score, m.answered) == (0, 2)


def test_a_missed_rule_comes_back_two_items_later_and_says_why():
    m = PracticeModel(["season.winter", "card.bishop", "season.spring", "token.condottiere"], count=4, seed=3)
    assert m.exercise.rule == "season.winter"
    m.answer(wrong(m.exercise))                          # missed: "Again", back after COMES_BACK[Again] items
    assert COMES_BACK[Rating.Again] == 2
    for _ in range(COMES_BACK[Rating.Again]):
        m.next()
        assert m.why_back() == ""
        m.answer(right(m.exercise))
    m.next()
    assert m.exercise.rule == "season.winter" and len(m.items) == 5
    assert m.why_back() == "This rule came back because you missed it: “Winter: every Mercenary counts 1”."
    m.set_lang("es")
    assert "Invierno" in m.why_back()


def test_a_rule_right_after_a_hint_comes_back_four_items_later_and_says_so():
    m = PracticeModel(["card.drummer", "season.winter", "card.bishop", "season.spring", "token.condottiere"],
                      count=6, seed=3)
    assert m.exercise.rule == "card.drummer"
    m.hint()
    assert m.answer(right(m.exercise)) is True           # right after the hint: "Hard"
    assert COMES_BACK[Rating.Hard] == 4
    for _ in range(COMES_BACK[Rating.Hard]):
        m.next()
        assert m.why_back() == ""
        m.answer(right(m.exercise))
    m.next()
    assert m.exercise.rule == "card.drummer" and len(m.items) == 7
    assert m.why_back() == "This rule came back because you got it right only after a hint: “Drummer: the line's Mercenaries double”."
    m.set_lang("vi")
    assert "gợi ý" in m.why_back()


def test_a_rule_right_at_the_first_try_does_not_come_back():
    m = PracticeModel("season.winter", count=3, seed=1)
    m.answer(right(m.exercise))
    assert m.cards["season.winter"].state == State.Review
    assert m.cards["season.winter"].due - m.now() >= timedelta(days=1)    # another session's business
    m.next(); m.answer(right(m.exercise)); m.next(); m.answer(right(m.exercise))
    assert m.coming_back() is None and m.next() is False and len(m.items) == 3


def test_progress_is_saved_and_loaded_as_json(tmp_path):
    clock = Clock()
    m = PracticeModel("season.spring", count=3, seed=4, clock=clock)
    m.answer(wrong(m.exercise)); m.next(); m.answer(right(m.exercise))
    path = tmp_path / "progress.json"
    m.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["score"] == 1 and data["answered"] == 2 and data["log"][0]["at"] == "2030-05-01T12:00:01+00:00"
    assert data["log"][0]["rating"] == "Again" and data["ratings"] == {"season.spring": "Good"}
    assert data["cards"]["season.spring"]["state"] == State.Review.value
    other = PracticeModel("season.spring", count=3, seed=4)
    other.load(path)
    assert (other.score, other.answered, other.streak) == (1, 2, 1)
    assert other.cards == m.cards and other.ratings == m.ratings and other.log == m.log
    for bad in ('{"version": 2}', "not json", '{"version": 2, "score": 5, "answered": 2, "streak": 0, "best": 0, '
                '"cards": {}, "ratings": {}}', '{"version": 2, "score": 0, "answered": 0, "streak": 0, "best": 0, '
                '"cards": {"no.rule": {}}, "ratings": {"no.rule": "Again"}}',
                '{"version": 2, "score": 0, "answered": 1, "streak": 0, "best": 0, "ratings": {"season.spring": '
                '"Again"}, "cards": {"season.spring": {"card_id": 1, "state": 9, "step": 0, "stability": 1.0, '
                '"difficulty": 5.0, "due": "2030-05-01T12:00:00+00:00", "last_review": null}}}'):
        path.write_text(bad, encoding="utf-8")
        with pytest.raises(RulesError):
            other.load(path)
    assert (other.score, other.answered) == (1, 2)     # a refused file changes nothing


def test_a_progress_of_the_old_leitner_boxes_is_refused_clearly(tmp_path):
    path = tmp_path / "old.json"
    path.write_text('{"version": 1, "score": 1, "answered": 2, "streak": 1, "best": 1, "boxes": {"season.spring": 1}, '
                    '"due": {"season.spring": 3}, "log": [], "saved": 1002.0}', encoding="utf-8")
    m = PracticeModel("season.spring", count=3, seed=4)
    with pytest.raises(RulesError, match="is not a saved practice progress of this version"):
        m.load(path)
    assert (m.score, m.answered, m.cards) == (0, 0, {})


def test_an_injected_clock_gives_the_exact_order_the_rules_come_back_in():
    """The scheduler's own times (a step of 3 minutes, Hard 1.5 steps): missed at minute 0 -> due
    at 3; right after a hint at minute 1 -> due at 1 + 4.5; missed at minute 2 -> due at 5; right at
    minute 5 -> gone for a day or more."""
    class Manual:
        def __init__(self):
            self.now = datetime(2030, 5, 1, 9, 0, tzinfo=timezone(timedelta(hours=7)))   # not UTC: converted

        def __call__(self):
            return self.now

        def at(self, minutes):
            self.now = datetime(2030, 5, 1, 9, 0, tzinfo=timezone(timedelta(hours=7))) + timedelta(minutes=minutes)

    clock = Manual()
    m = PracticeModel(["season.winter", "card.drummer", "card.bishop", "season.spring"], count=8, seed=3,
                      clock=clock)
    by_rule = {}
    for ex in m.items:
        by_rule.setdefault(ex.rule, ex)
    order = ["season.winter", "card.drummer", "card.bishop", "season.spring"]

    def answer(rule, how):
        m.items[m.index] = by_rule[rule]               # the item shown is this rule's
        m.tried = m.solved = m.hinted = m.shown = False
        if how == "hint":
            m.hint()
        m.answer(wrong(by_rule[rule]) if how == "miss" else right(by_rule[rule]))

    clock.at(0); answer(order[0], "miss")
    clock.at(1); answer(order[1], "hint")
    clock.at(2); answer(order[2], "miss")
    clock.at(5); answer(order[3], "right")
    due_at = {r: (c.due - datetime(2030, 5, 1, 2, 0, tzinfo=timezone.utc)) / timedelta(minutes=1)
              for r, c in m.cards.items()}
    assert due_at == {order[0]: 3, order[1]: 5.5, order[2]: 5, order[3]: due_at[order[3]]}
    assert due_at[order[3]] >= 24 * 60
    expected = {2.9: [], 3: [order[0]], 4.9: [order[0]], 5: [order[0], order[2]],
                5.5: [order[0], order[2], order[1]], 24 * 60 - 1: [order[0], order[2], order[1]]}
    for minutes, rules in expected.items():
        clock.at(minutes)
        assert m.due() == rules, minutes
    clock.at(5.2)
    m.next()
    assert m.came_back == order[0] and m.exercise.rule == order[0]
    m.answer(right(m.exercise))                         # right at the first try: it leaves the session
    assert m.due() == [order[2]]
    clock.at(6)
    m.next()
    assert m.came_back == order[2] and "missed" in m.why_back()
    m.answer(right(m.exercise))
    m.next()
    assert m.came_back == order[1] and "after a hint" in m.why_back()


def test_a_clock_without_a_time_zone_is_refused():
    m = PracticeModel("season.winter", count=2, seed=1, clock=lambda: datetime(2030, 5, 1, 12, 0))
    with pytest.raises(RulesError, match="time zone"):
        m.answer(right(m.exercise))


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


def test_the_generator_does_not_import_fsrs_only_the_widget_model_does():
    import subprocess
    import sys
    code = ("import sys, condottiere_nb.practice as p; p.exercises('card.drummer', count=2, seed=1); "
            "a = 'fsrs' in sys.modules; import condottiere_nb.views.practice_model; print(a, 'fsrs' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.stdout.split() == ["False", "True"], done.stderr[-2000:]
