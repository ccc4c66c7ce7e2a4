"""The matplotlib figures (the map, the interaction and balance charts) in the learner's language where
matplotlib can write it (English, Vietnamese, Spanish: Latin letters), and, for Chinese and Persian,
an English figure with a warning in the learner's language that names the SVG or HTML view that
speaks it; that view (ItalyMap, balance_html) is in the language."""
from __future__ import annotations

import warnings

import pytest

from condottiere_nb.language import speaker
from condottiere_nb.views.words import FIGURE_LANGUAGES

pytest.importorskip("matplotlib")
pytest.importorskip("ipywidgets")

STATE = {"control": {"Roma": "Ana", "Milano": "Ben"}, "favor": "Siena", "battle": "Firenze",
         "highlight": ["Roma"], "players": ["Ana", "Ben"]}


def legend(fig) -> list[str]:
    return [t.get_text() for t in fig.axes[0].get_legend().get_texts()]


@pytest.fixture(scope="module")
def balance():
    from condottiere_nb.explore import variant_balance
    return variant_balance(rulesets=["standard"], players=3, games=2, progress=None)


def texts(fig) -> str:
    found = [fig._suptitle.get_text() if fig._suptitle else ""]
    for ax in fig.axes:
        found += [ax.get_title(), ax.get_xlabel(), *(t.get_text() for t in ax.get_yticklabels())]
        if ax.get_legend():
            found += [t.get_text() for t in ax.get_legend().get_texts()]
    return "\n".join(found)


@pytest.mark.parametrize("lang", ["vi", "es"])
def test_a_map_in_latin_letters_speaks_the_language(lang):
    import matplotlib.pyplot as plt
    from condottiere_nb.views import draw_map
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fig = draw_map(**STATE, lang=lang)
    t = speaker(lang)
    assert legend(fig)[2:] == [t.say("no control marker"), t.say("Condottiere token: {region}", region="Firenze"),
                               t.say("Pope's Favor: {region}", region="Siena"), t.say("winning group")]
    plt.close(fig)


@pytest.mark.parametrize("lang", sorted({"zh", "fa"} - FIGURE_LANGUAGES))
def test_a_map_matplotlib_cannot_write_is_english_and_says_which_view_speaks_the_language(lang):
    import matplotlib.pyplot as plt
    from condottiere_nb.i18n import LANGUAGES
    from condottiere_nb.views import ItalyMap, draw_map
    with pytest.warns(UserWarning) as caught:
        fig = draw_map(**STATE, lang=lang)
    said = str(caught[0].message)
    assert "ItalyMap(...)" in said and LANGUAGES[lang] in said and "matplotlib" in said and "English" not in said
    assert legend(fig)[2] == "no control marker"
    plt.close(fig)
    shown = ItalyMap(**STATE, lang=lang)
    assert speaker(lang).say("no control marker") in shown.svg() and "Map of Italy" not in repr(shown)


def test_the_default_language_chooses_the_figure_s_words():
    import matplotlib.pyplot as plt
    from condottiere_nb import set_language
    from condottiere_nb.views import draw_map
    set_language("es")
    try:
        fig = draw_map(**STATE)
    finally:
        set_language("en")
    assert speaker("es").say("no control marker") in legend(fig) and "no control marker" not in legend(fig)
    plt.close(fig)


@pytest.mark.parametrize("lang", ["en", "vi", "es", "zh", "fa"])
def test_the_balance_chart_and_its_table(lang, balance):
    import matplotlib.pyplot as plt
    from condottiere_nb.views.explore_views import balance_html, plot_balance
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fig = plot_balance(balance, lang=lang)
    shown = texts(fig)
    plt.close(fig)
    written = lang if lang in FIGURE_LANGUAGES else "en"
    t = speaker(written)
    assert t.say("how games end") in shown and t.say("first seat's share of wins") in shown
    assert t.card("surrender") in shown
    assert bool(caught) == (lang not in FIGURE_LANGUAGES)
    if lang not in FIGURE_LANGUAGES:
        assert "balance_html" in str(caught[0].message)
        assert speaker(lang).say("first seat") in balance_html(balance, lang=lang)
    elif lang != "en":
        assert "how games end" not in shown and "fair share" not in shown
