"""The Practice widget in a real browser (issue 32): JupyterLab in headless Chromium, a set answered
wrong and then right, in English and in Spanish; the score and the explanation must appear on the
page.  Same server and browser as tests/test_browser.py (skipped without Chromium, required in CI)."""
from __future__ import annotations

import json

import pytest

pytest.importorskip("fsrs")  # the Practice widget's scheduler comes with the lab extra

from condottiere_nb.practice import exercises
from condottiere_nb.views.practice_model import answer_choices
from test_browser import browser, lab, notebook_page  # noqa: F401  (the fixtures and the page helper)
from servers import screenshot

pytestmark = pytest.mark.browser

RULES = ["season.winter", "card.drummer"]
#: The feedback's text on the page (empty while there is none).
FEEDBACK = "(document.querySelector('.cnb-practice-feedback') || {innerText: ''}).innerText"


def clickable_set():
    """The first seed whose first two exercises are answered by a click (a player, nobody, a card)."""
    for seed in range(50):
        found = exercises(RULES, count=3, seed=seed)
        if all(e.kind != "strength" for e in found[:2]):
            return seed, found
    raise AssertionError("no set of clickable questions")


def write_notebook(root, name: str, lang: str, seed: int, rules=RULES, count: int = 3) -> None:
    """A notebook of one cell: a Practice set of ``rules`` in ``lang``."""
    code = (f'from condottiere_nb.views import Practice\n\n'
            f'Practice({rules!r}, count={count}, seed={seed}, lang="{lang}")')
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                     "source": code}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (root / name).write_text(json.dumps(nb), encoding="utf-8")


@pytest.mark.parametrize("lang, wrong_word, right_word, score", [
    ("en", "Not quite", "Right", "score 1 of 2"),
    ("es", "No del todo", "Correcto", "puntos 1 de 2"),
])
def test_a_set_answered_wrong_then_right_shows_the_score_and_the_explanation(lab, browser, lang, wrong_word,
                                                                               right_word, score):
    seed, found = clickable_set()
    name = f"practice_{lang}.ipynb"
    write_notebook(lab.root, name, lang, seed)
    context, page = notebook_page(browser, lab, name)
    try:
        widget = page.locator(".cnb-practice")
        widget.wait_for()
        first, second = found[0], found[1]
        labels = dict((value, label) for label, value in answer_choices(first, lang))
        wrong = next(v for v in labels if v != first.answer)
        page.locator(".cnb-practice-choice", has_text=labels[wrong]).first.click()
        feedback = page.locator(".cnb-practice-feedback")
        feedback.wait_for()
        page.wait_for_function(f"() => {FEEDBACK}.includes({wrong_word!r})")
        text = feedback.inner_text()
        assert "[" + first.rule + "]" in text or first.rule in text, text      # the engine's steps
        assert "1." in text and "2." in text
        page.locator(".cnb-practice-next").click()
        labels = dict((value, label) for label, value in answer_choices(second, lang))
        page.wait_for_function("() => !document.querySelector('.cnb-practice-feedback')")
        page.locator(".cnb-practice-choice", has_text=labels[second.answer]).first.click()
        page.wait_for_function(f"() => {FEEDBACK}.includes({right_word!r})")
        status = page.locator(".cnb-practice-status").inner_text()
        assert score in status, status
        screenshot(page, f"browser-practice-{lang}.png")
    finally:
        context.close()
