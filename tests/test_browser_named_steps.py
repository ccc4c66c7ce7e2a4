"""The step controls of the BattleBuilder's Stepper and CompareView have a name a screen reader
reads, in the learner's language (issue 33): Chromium's accessibility tree (Playwright's ARIA
snapshot) names the Stepper's box "Step" and the CompareView's "Row", and after the builder's
language is set to Persian, the Persian words.  ipywidgets draws a slider's handle with no name,
so these are number boxes labelled by their description; the arrow keys still step them.  The
JupyterLab and the browser are test_browser.py's (the same fixtures)."""
from __future__ import annotations

import re
import time

import pytest

from servers import screenshot
from test_browser import TOUR, browser, builder_of, lab, notebook_page, to_top  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def named(view) -> list[str]:
    """The names of the spin buttons (number boxes) in ``view``'s accessibility tree."""
    return re.findall(r'- spinbutton "([^"]+)"', view.aria_snapshot())


def named_soon(view, name: str, seconds: float = 30) -> bool:
    """Does ``view``'s one spin button take the name ``name`` within ``seconds``?"""
    deadline = time.monotonic() + seconds
    while named(view) != [name]:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.25)
    return True


def test_the_step_boxes_are_named_in_the_learner_s_language(lab, browser):  # noqa: F811
    from condottiere_nb.i18n import LANGUAGES
    from condottiere_nb.views.words import words
    context, page = notebook_page(browser, lab, TOUR)
    try:
        builder = builder_of(page)
        to_top(page, builder.locator(".cnb-palette").first)
        battle = builder.locator(".cnb-battle").first
        for card, shown in (("10", "10"), ("winter", "Winter"), ("drummer", "Drummer")):
            builder.locator(f"button.cnb-card-{card}").click()
            page.wait_for_function("([e, s]) => e.innerText.includes(s)", arg=[battle.element_handle(), shown])
        builder.locator(".cnb-resolve").click()
        stepper, header = builder.locator(".cnb-stepper").first, builder.locator(".cnb-step-header").first
        stepper.wait_for(state="visible")
        page.wait_for_function("e => /Step 1 of \\d+/.test(e.innerText)", arg=header.element_handle())
        assert named(stepper) == ["Step"], stepper.aria_snapshot()
        # a learner who tabs to the box steps with the arrow keys
        builder.locator(".cnb-step-slider input").first.focus()
        page.keyboard.press("ArrowUp")
        page.wait_for_function("e => e.innerText.includes('Step 2 of')", arg=header.element_handle())

        # the same battle under another ruleset, side by side: its rows have a named box too
        select = builder.locator(".cnb-compare select").first
        select.select_option(index=1)                 # the first ruleset offered (0: nothing, the steps)
        compare = builder.locator(".cnb-compare-view").first
        compare.wait_for(state="visible")
        assert named(compare) == ["Row"], compare.aria_snapshot()
        screenshot(page, "browser-named-steps-en.png")

        # the learner's language: Persian names them in Persian
        fa = words("fa")
        assert fa.say("Row") != "Row" and fa.say("Step") != "Step"
        builder.locator(".cnb-lang select").first.select_option(label=f"{LANGUAGES['fa']} (fa)")
        assert named_soon(compare, fa.say("Row")), (screenshot(page, "browser-named-steps-fa-failed.png"),
                                                   compare.aria_snapshot())
        select.select_option(index=0)                 # compare mode off: the stepper again
        stepper.wait_for(state="visible")
        assert named_soon(stepper, fa.say("Step")), stepper.aria_snapshot()
        screenshot(page, "browser-named-steps-fa.png")
    finally:
        context.close()
