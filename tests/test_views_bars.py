"""The stepper's strength bars: they move from one step to the next without dips (issue 33).

When a battle ends the engine counts every line again from the printed values up to the
comparison; drawn step by step the bars fell to the printed values and climbed back ("the bars
dip for a moment at each recount").  The widths are read from the HTML the browser is given.
"""
import re

import pytest

from condottiere_nb import Battle
from condottiere_nb.views.model import StepperModel

BATTLES = [
    "[Ana Ben] Ana 10, Ben winter, Ana drummer, Ben 5, Ana 3",
    "[Ana Ben Cy] Ana 10, Ben 6, Cy spring, Ana 2, Ben drummer, Cy 4, Ana bishop",
    "[Ana Ben] Ana 6, Ben 2, Ana drummer, Ben spring, Ana 1, Ben heroine",
]


def bar_widths(html: str, players) -> dict:
    """player -> (width of the strength bar, width of the pale 'before' bar), in percent of the bar's cell."""
    rows = re.findall(r"<tr><td[^>]*><b>([^<]*)</b></td>.*?height:4px;width:([\d.]+)%.*?height:12px;width:([\d.]+)%", html)
    widths = {p: (float(solid), float(pale)) for p, pale, solid in rows}
    assert sorted(widths) == sorted(players)
    return widths


def widths_by_step(notation: str):
    m = StepperModel(Battle.from_notation(notation).resolve())
    players = m.timeline.players
    seen = []
    for i in range(len(m)):
        m.goto(i)
        seen.append((m.step.rule, bar_widths(m.strengths_html(), players)))
    return m, players, seen


@pytest.mark.parametrize("notation", BATTLES)
def test_the_bars_do_not_dip_during_the_recount_at_the_battles_end(notation):
    m, players, seen = widths_by_step(notation)
    rules = [r for r, _ in seen]
    end, compare = rules.index("battle.end"), rules.index("battle.compare")
    assert compare > end + 1           # a recount happens between them
    for p in players:
        at_end, final = seen[end][1][p][0], seen[compare][1][p][0]
        low = min(at_end, final)
        for rule, widths in seen[end:compare + 1]:
            assert widths[p][0] >= low and widths[p][1] >= low, (p, rule, at_end, final, widths[p])


def test_the_figures_still_count_the_recount_and_the_last_step_shows_the_result():
    m, players, seen = widths_by_step(BATTLES[1])
    rules = [r for r, _ in seen]
    m.goto(rules.index("strength.printed"))
    before, after = m.strengths()
    assert after["Ben"] == 6 and f"{before['Ben']} -&gt; 6" in re.sub("<[^>]+>", "", m.strengths_html())
    m.goto(len(m) - 1)
    assert bar_widths(m.strengths_html(), players)["Ben"][0] == max(w["Ben"][0] for _, w in seen)
    assert m.resolution.winner == "Ben" and "(wins)" in m.strengths_html()
