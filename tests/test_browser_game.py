"""The game against the bots (notebook 06) in JupyterLab at a phone's width and a wide screen
(issue 33): the map fits its box with its legend, and every control has a name a screen reader
reads.  The JupyterLab and the browser are test_browser.py's (the same fixtures)."""
from __future__ import annotations

import re

import pytest

from servers import overflowing, screenshot
from test_browser import browser, lab, live, notebook_page, to_top  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

GAME = "06_play_against_bots.ipynb"
#: The roles of controls: each must have a name (ipywidgets' description, a tooltip, its text).
CONTROLS = ("button", "checkbox", "combobox", "textbox", "slider", "spinbutton", "radio", "switch", "listbox")


def page_at(browser, lab, width: int):  # noqa: F811
    """Notebook 06 run in a window ``width`` pixels wide, and its (live) explorer scrolled to the top."""
    context, page = notebook_page(browser, lab, GAME)    # run at test_browser's window size, then narrowed
    page.keyboard.press("Control+b")                        # the file browser's panel closed: the notebook's room
    page.locator("#filebrowser").wait_for(state="hidden")
    page.set_viewport_size({"width": width, "height": 900})
    explorer = live(page, ".cnb-explorer")
    explorer.wait_for(state="attached", timeout=60_000)
    to_top(page, explorer)
    try:
        explorer.wait_for(state="visible", timeout=30_000)
    except Exception:
        screenshot(page, f"browser-game-{width}-hidden.png")
        info = explorer.evaluate("e => [e.getBoundingClientRect().toJSON(), getComputedStyle(e).display, "
                                 "getComputedStyle(e).visibility, e.parentElement.className]")
        raise AssertionError(f"the explorer stays hidden: {info}")
    return context, page, explorer


_FIT = """
board => {
    const out = [];
    const area = board.closest('.jp-OutputArea-output');
    const a = area.getBoundingClientRect(), b = board.getBoundingClientRect();
    if (b.right > a.right + 1 || b.left < a.left - 1) out.push(`the map ${Math.round(b.left)}..${Math.round(b.right)} is outside its output ${Math.round(a.left)}..${Math.round(a.right)}`);
    if (area.scrollWidth > area.clientWidth + 1) out.push(`the output scrolls sideways (${area.scrollWidth} > ${area.clientWidth})`);
    const img = board.querySelector('img.cnb-map-svg').getBoundingClientRect();
    if (img.width < 1 || img.right > b.right + 1 || img.bottom > b.bottom + 1 || Math.abs(img.width / img.height - 440 / 512) > 0.02)
        out.push(`the picture ${Math.round(img.width)}x${Math.round(img.height)} does not fill the board ${Math.round(b.width)}x${Math.round(b.height)}`);
    for (const btn of board.querySelectorAll('.cnb-map-region')) {
        const r = btn.getBoundingClientRect();
        if (r.width === 0) continue;
        if (r.right > b.right + 1 || r.bottom > b.bottom + 1) out.push(`${btn.textContent} sticks out of the map`);
        if (btn.scrollWidth > btn.clientWidth + 1) out.push(`${btn.textContent} is cut (${btn.scrollWidth} > ${btn.clientWidth})`);
    }
    // nothing of the game sticks out of its output (which hides what does)
    for (const e of area.querySelectorAll('*')) {
        const r = e.getBoundingClientRect();
        if (r.width > 0 && r.height > 0 && r.right > a.right + 1 && getComputedStyle(e).display !== 'none') {
            out.push(`${e.tagName.toLowerCase()}.${[...e.classList].slice(0, 3).join('.')} ends at ${Math.round(r.right)} > ${Math.round(a.right)} (${Math.round(r.width)} wide; parent ${Math.round(e.parentElement.getBoundingClientRect().width)})`);
            if (out.length > 12) break;
        }
    }
    return [out, Math.round(b.width)];
}
"""


@pytest.mark.parametrize("width", [360, 1280])
def test_the_game_and_its_map_fit_their_box_with_the_legend_and_names(lab, browser, width):  # noqa: F811
    context, page, explorer = page_at(browser, lab, width)
    try:
        # a battle fought by the bots (its result announced on the board), then the next under way
        explorer.locator("button.cnb-map-region-Firenze").click()
        page.wait_for_function("e => e.innerText.includes('battle for Firenze')",
                               arg=explorer.locator(".cnb-game-status").first.element_handle())
        explorer.locator(".cnb-game-pass").first.click()
        explorer.locator(".cnb-bots-run").first.click()
        page.wait_for_function("e => e.innerText.includes('Battle 1 for Firenze')",
                               arg=explorer.locator(".cnb-game-battle").first.element_handle())
        board = explorer.locator(".cnb-map-board").first
        to_top(page, board)
        problems, shown = board.evaluate(_FIT)
        screenshot(page, f"browser-game-map-{width}.png")
        assert problems == [], problems
        assert overflowing(page, explorer) == []
        # a phone's width shrinks the map; a wide screen shows it at its own size
        assert shown < 440 if width == 360 else shown == 440
        # the legend (the bottom-left corner of the picture) is inside the window's width and the board
        assert explorer.locator("img.cnb-map-svg").first.bounding_box()["x"] >= 0
    finally:
        context.close()


@pytest.mark.parametrize("notebook, view", [(GAME, ".cnb-explorer"), ("00_start_here.ipynb", ".cnb-builder")])
def test_every_control_has_a_name_a_screen_reader_reads(lab, browser, notebook, view):  # noqa: F811
    """Chromium's accessibility tree of the view (Playwright's ARIA snapshot): every button, box,
    list and slider has a name (a hand's cards included: a screen reader says "play Mercenary 5")."""
    context, page = notebook_page(browser, lab, notebook)
    try:
        root = live(page, view)
        to_top(page, root)
        tree = root.aria_snapshot()
        controls = [ln.strip() for ln in tree.splitlines() if re.match(r"\s*- '?(%s)\b" % "|".join(CONTROLS), ln)]
        assert len(controls) > 15, tree[:3000]
        unnamed = [c for c in controls if not re.match(r'- \'?\w+ "[^"]+"', c)]
        assert unnamed == [], tree[:6000]
    finally:
        context.close()


def test_the_scarecrow_asks_which_card_it_takes_back_in_the_game(lab, browser):  # noqa: F811
    """Deal 1: Ana holds two Scarecrows.  She places the token, lays a Mercenary, lets the bots move,
    then clicks a Scarecrow: the table asks which card it takes back, and the answer is played."""
    context, page, explorer = page_at(browser, lab, 1280)
    try:
        status = explorer.locator(".cnb-game-status").first
        explorer.locator("button.cnb-map-region-Firenze").click()
        page.wait_for_function("e => e.innerText.includes('battle for Firenze')", arg=status.element_handle())
        hand = explorer.locator(".cnb-hand")
        hand.locator("button.cnb-hand-1").first.click()
        page.wait_for_function("e => !e.querySelector('button.cnb-hand-1')", arg=hand.first.element_handle())
        explorer.locator(".cnb-bots-run:not([disabled])").first.click()     # Ben and Cy play
        hand.locator("button.cnb-hand-scarecrow:not([disabled]):visible").first.click()
        choice = explorer.locator(".cnb-game-choice").first
        choice.wait_for(state="visible")
        assert "Which card does the Scarecrow take back?" in explorer.locator(".cnb-game-message").first.inner_text()
        options = [b.strip() for b in choice.locator("button").all_inner_texts()]
        assert "take back the 1" in options and "Cancel" in options, options
        choice.locator("button", has_text="take back the 1").click()
        choice.wait_for(state="hidden")
        page.wait_for_function("e => e.querySelector('button.cnb-hand-1')", arg=hand.first.element_handle())
    finally:
        context.close()
