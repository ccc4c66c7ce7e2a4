"""The simulation lab's views: an odds widget never shows an old answer under a new error, and the
balance plot's legends never cover its bars."""
import pytest

pytest.importorskip("ipywidgets")
matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

from condottiere_nb.views.explore_views import OddsWidget, plot_balance  # noqa: E402


def test_odds_widget_clears_the_old_result_when_the_new_question_is_wrong():
    w = OddsWidget(notation="[Ana Ben] Ana 10, Ben 6", hand="5 winter", samples=20)
    assert w.compute() is not None and "cnb-odds" in w.output.value
    w.hand_box.value = "5 wintr"
    assert w.compute() is None
    assert "Did you mean" in w.message.value or "unknown" in w.message.value.lower()
    assert w.output.value == "" and w.result is None


def test_balance_legends_sit_under_the_panels():
    from condottiere_nb.explore import variant_balance
    fig = plot_balance(variant_balance(["standard"], players=(3,), games=2, seed=0))
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    for ax in fig.axes:
        legend = ax.get_legend()
        if legend is None:
            continue
        box, panel = legend.get_window_extent(renderer), ax.get_window_extent(renderer)
        assert box.y1 <= panel.y0 + 1, "a legend overlaps its panel's bars"
    import matplotlib.pyplot as plt
    plt.close(fig)
