"""The Practice widget with questions about the game around the battles, in a real browser: JupyterLab
in headless Chromium shows the Game position (the map, each player's regions and hand size, the
token), takes a wrong answer by a click and tells its mistake, then a typed number for the next
question, in English and in Vietnamese.  Same server and browser as tests/test_browser.py."""
from __future__ import annotations

import pytest

pytest.importorskip("fsrs")  # the Practice widget's scheduler comes with the lab extra

from condottiere_nb.practice import exercises
from condottiere_nb.views.practice_model import answer_choices
from test_browser import browser, lab, notebook_page  # noqa: F401  (the fixtures and the page helper)
from test_browser_practice import write_notebook
from servers import screenshot

pytestmark = pytest.mark.browser

RULES = ["game.victory", "round.end"]
SEED = 3
FEEDBACK = "(document.querySelector('.cnb-practice-feedback') || {innerText: ''}).innerText"


@pytest.mark.parametrize("lang, wrong_word, right_word, score", [
    ("en", "Not quite", "Right", "score 1 of 2"),
    ("vi", "Chưa đúng", "Đúng", "điểm 1/2"),
])
def test_a_game_position_is_shown_a_click_is_told_its_mistake_and_a_typed_number_scores(lab, browser, lang, wrong_word,
                                                                                        right_word, score):
    victory, cards = exercises(RULES, count=2, seed=SEED)
    assert victory.kind == "victory" and cards.kind == "cards"
    name = f"practice_game_{lang}.ipynb"
    write_notebook(lab.root, name, lang, SEED, rules=RULES, count=2)
    context, page = notebook_page(browser, lab, name)
    try:
        page.locator(".cnb-practice").wait_for()
        board = page.locator(".cnb-practice-board")
        assert board.locator("svg").count() >= 1                      # the map
        shown = board.inner_text()
        g = victory.position
        for p in g.players:
            assert all(r in shown for r in g.regions_of(p)), p
        assert victory.say_question(lang) in shown
        mistake = victory.mistakes[0]
        labels = {value: label for label, value in answer_choices(victory, lang)}
        page.locator(".cnb-practice-choice", has_text=labels[mistake.answer]).first.click()
        page.wait_for_function(f"() => {FEEDBACK}.includes({wrong_word!r})")
        text = page.locator(".cnb-practice-feedback").inner_text()
        assert victory.mistake_sentence(mistake, lang) in text, text
        assert "[region.conquered]" in text                            # the engine's steps
        page.locator(".cnb-practice-next").click()
        page.wait_for_function("() => !document.querySelector('.cnb-practice-feedback')")
        box = page.locator(".cnb-practice-number input")
        box.fill(str(cards.answer))
        box.press("Enter")
        page.wait_for_function(f"() => {FEEDBACK}.includes({right_word!r})")
        status = page.locator(".cnb-practice-status").inner_text()
        assert score in status, status
        screenshot(page, f"browser-practice-game-{lang}.png")
    finally:
        context.close()
