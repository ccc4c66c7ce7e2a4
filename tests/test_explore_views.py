"""Views of the exploration tools: odds bars, the odds widget, interaction reports, the
progress widget and the balance plots."""
import re

import pytest

matplotlib = pytest.importorskip("matplotlib")    # the lab extra
pytest.importorskip("ipywidgets")
matplotlib.use("Agg")

from condottiere_nb.explore import battle_odds, check_interactions, variant_balance  # noqa: E402
from condottiere_nb.views.explore_views import (WidgetProgress, balance_html, interaction_html, odds_html,  # noqa: E402
                                                plot_balance, plot_interactions)
from html_safety import unsafe_parts  # noqa: E402


@pytest.fixture(scope="module")
def odds():
    return battle_odds("[Ana Ben] Ana 10, Ben 6", hand=["5", "winter", "bishop"], others=3, samples=40)


def test_odds_bars_one_row_per_action_best_in_bold(odds):
    html = odds_html(odds)
    assert unsafe_parts(html) == []
    for a in odds.actions:
        assert a.label in html
    assert html.count("<tr>") == len(odds.actions)
    assert f"<b>{odds.best.label}</b>" in html
    widths = [int(w) for w in re.findall(r'height:14px;width:(\d+)px', html)]
    assert widths == [max(round(240 * a.p), 1) for a in odds.actions]
    assert odds._repr_html_() == html


def test_exact_odds_show_no_interval():
    exact = battle_odds("[Ana Ben] Ana 10, Ben 6, Ana pass", hand=["5"])
    html = odds_html(exact)
    assert "(exact)" in html and "height:3px" not in html


def test_odds_widget_computes_and_reports_errors_inline():
    from condottiere_nb.views.explore_views import OddsWidget
    w = OddsWidget("[Ana Ben] Ana 10, Ben 6", "5 bishop", samples=20, others=2)
    w.compute_button.click()
    assert w.result is not None and "cnb-odds" in w.output.value and w.message.value == ""
    assert w.progress.bar.value == w.progress.bar.max == w.result.samples and w.progress.bar.bar_style == "success"
    w.hand_box.value = "5 bishup"
    w.compute_button.click()
    assert "did you mean 'bishop'" in w.message.value.lower().replace("&#x27;", "'")
    assert w.output.value == "" and w.result is None   # no old answer under the new error (issue #17)


def test_the_odds_widget_can_show_and_choose_fixed_samples():
    """A browser showed the Precision dropdown blank and 'fixed samples' could not be chosen: its
    value was None, which a Dropdown reads as nothing chosen."""
    from condottiere_nb.views.explore_views import OddsWidget
    w = OddsWidget("[Ana Ben] Ana 10, Ben 6", "5 bishop", samples=20, others=2)
    assert w.precision_select.index == 0 and w.precision_select.label == "fixed samples"
    w.precision_select.value = 0.05
    w.precision_select.index = 0                               # back to fixed samples, as a click does
    assert w.precision_select.label == "fixed samples"
    w.compute_button.click()
    assert w.result is not None and w.result.precision is None          # a fixed number of samples
    w.set_lang("vi")
    assert w.precision_select.index == 0
    assert OddsWidget(precision=0.02).precision_select.label == "\u00b12 points"


def test_odds_name_the_hand_in_the_learners_language(odds):
    head = odds_html(odds, "zh").split("<table")[0]
    assert "5 寒冬 教士" in head and "Winter" not in head and "Bishop" not in head
    assert "5 Winter Bishop" in odds_html(odds).split("<table")[0]


def test_the_odds_widget_offers_only_rulesets_with_odds_by_their_names():
    from condottiere_nb import RulesError
    from condottiere_nb.views.explore_views import OddsWidget
    w = OddsWidget(lang="es")
    labels = dict(w.ruleset_select.options)
    assert "city-states" not in labels.values() and labels["Reglas estándar"] == "standard"
    assert "city-states-final" in labels.values() and w.ruleset_select.value == "standard"
    w.ruleset_select.value = "hidden-cards"
    w.set_lang("en")
    assert w.ruleset_select.value == "hidden-cards" and w.ruleset_select.label == "Hidden cards (Vietnamese variant)"
    with pytest.raises(RulesError, match="city-states-final, .*not 'city-states'"):
        OddsWidget(ruleset="city-states")


def test_odds_the_engine_cannot_work_out_are_a_message_and_clear_the_old_answer():
    from condottiere_nb.views.explore_views import OddsWidget
    w = OddsWidget("[Ana Ben Cy] Ana 10, Ben 6", "5 winter", samples=20, lang="es")
    assert w.compute() is not None and w.output.value
    # city-states is not offered; were it chosen, the click says why and shows no old answer
    w.ruleset_select.options = [*w.ruleset_select.options, ("city-states", "city-states")]
    w.ruleset_select.value = "city-states"
    w.compute_button.click()
    assert "city-states" in w.message.value and "cannot be worked out" not in w.message.value
    assert w.output.value == "" and w.result is None


def test_an_empty_hand_is_said_to_be_empty():
    from condottiere_nb.views.explore_views import OddsWidget
    w = OddsWidget("[Ana Ben] Ana 10, Ben 6", "", samples=20)
    w.compute_button.click()
    shown = w.message.value.replace("&#x27;", "'")
    assert "Ana's hand is empty" in shown and "turn" not in shown and w.result is None


def test_the_odds_widget_says_its_progress_in_a_new_language():
    from condottiere_nb.views.explore_views import OddsWidget
    w = OddsWidget("[Ana Ben] Ana 10, Ben 6", "5 winter bishop", samples=20)
    w.compute()
    assert w.progress.label.value == "20/20 odds (monte carlo)"
    w.lang_select.value = "es"
    assert w.progress.label.value.startswith("20/20 ") and "odds" not in w.progress.label.value
    fresh = OddsWidget(lang="es")
    fresh.set_lang("zh")
    assert fresh.progress.label.value == ""


def test_widget_progress_marks_a_partial_run():
    p = WidgetProgress()
    p.start(10, "games")
    p.update(4)
    p.finish(partial=True)
    assert p.bar.value == 4 and p.bar.bar_style == "warning" and "partial" in p.label.value
    p.set_lang("es")
    assert p.label.value.startswith("4/10 ") and "partial" not in p.label.value and "(" in p.label.value


def test_widget_progress_redraws_a_burst_of_updates_a_few_times():
    """Thousands of updates in a burst (a study reports every game) must not become thousands of
    widget messages: the kernel's output channel drops messages past its high-water mark."""
    p = WidgetProgress(every=60)
    drawn = []
    p.bar.observe(lambda change: drawn.append(change["new"]), names="value")
    p.start(5000, "games")
    for done in range(1, 5001):
        p.update(done)
    p.finish()
    assert drawn == [5000] and p.label.value == "5000/5000 games" and p.bar.bar_style == "success"
    p = WidgetProgress(every=0)
    drawn = []
    p.bar.observe(lambda change: drawn.append(change["new"]), names="value")
    p.start(5000, "games")
    for done in range(1, 5001):
        p.update(done)
    assert drawn == list(range(50, 5001, 50))      # once a hundredth, however fast


def test_interaction_report_html_shows_counts_and_both_step_lists():
    r = check_interactions(True, False, option="courtesan_token", kinds=("10", "courtesan"), max_cards=2)
    html = interaction_html(r)
    assert unsafe_parts(html) == []
    assert "courtesan_token=True" in html and "[Ana Ben] Ana 10, Ben courtesan" in html
    assert html.count("token.condottiere") == 2 and "#fff3cd" in html
    fig = plot_interactions([r])
    assert len(fig.axes) == 1 and fig.axes[0].get_yticklabels()[0].get_text().startswith("courtesan_token")


def test_balance_plot_and_table():
    rep = variant_balance(["standard"], players=(2, 3), games=2, agent="random")
    fig = plot_balance(rep)
    assert len(fig.axes) == 4
    assert [t.get_text() for t in fig.axes[0].get_yticklabels()] == ["standard (2p)", "standard (3p)"]
    html = balance_html(rep)
    assert unsafe_parts(html) == [] and html.count("<tr>") == 3


def test_odds_to_a_precision_show_each_interval_and_why_it_stopped():
    from condottiere_nb.views.explore_views import OddsWidget
    w = OddsWidget("[Ana Ben] Ana 10, Ben 6", "5 bishop winter", others=3, precision=0.05)
    result = w.compute()
    html = w.output.value
    assert unsafe_parts(html) == [] and "within ±5 points" in html
    for a in result.actions:
        assert f"±{100 * a.half_width:.1f} points, {a.n:,} hands, {a.settled}" in html
        assert a.settled in ("precise", "below the best")


def test_odds_say_when_an_interval_weighs_the_deal():
    from condottiere_nb.explore import battle_odds
    from condottiere_nb.views.explore_views import odds_html
    odds = battle_odds("[Ana Ben] Ana 10, Ben 6", "5 winter", others=3, samples=300, seed=1)
    weighed = [a for a in odds.actions if a.interval == "controlled"]
    assert weighed and "weighing the deal" in odds.summary()
    assert "whose average is known exactly" in odds_html(odds)
    fewer = battle_odds("[Ana Ben] Ana 10, Ben 6", "5 winter", others=3, samples=50, seed=1)
    assert {a.interval for a in fewer.actions} == {"wilson"} and "average is known" not in odds_html(fewer)


def test_every_odds_control_has_a_name_a_screen_reader_reads():
    """Issue 33 (accessible): ipywidgets gives a slider's handle no name, so the lab's Samples
    control is a named number box, like the Stepper's Step; every control says what it is."""
    import ipywidgets as W
    from condottiere_nb.views.explore_views import OddsWidget
    w = OddsWidget("[Ana Ben] Ana 10, Ben 6", "5 bishop", samples=20, others=2, lang="es")
    controls = (w.notation_box, w.hand_box, w.ruleset_select, w.samples_slider, w.others_box, w.seed_box,
                w.precision_select)
    assert not any(isinstance(c, W.widgets.widget_int._IntRange) or "Slider" in type(c).__name__ for c in controls)
    assert all(c.description.strip() for c in controls)
    assert w.samples_slider.description == "Muestras"
