"""Every view in the learner's language: each view rendered in Vietnamese, Spanish, Chinese and Persian
says only translated messages (a spy on Speaker.say/say_n, as tests/test_i18n.py does) and shows no
English sentence of the views' catalogue; the widgets' Language dropdown switches every word live (the
same words as a widget built in that language); Persian blocks read right to left with the Latin
names isolated; engine errors shown by a widget are told in its language."""
from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")


from condottiere_nb import Battle, Game  # noqa: E402
from condottiere_nb.errors import IllegalMove, Kind  # noqa: E402
from condottiere_nb.language import speaker  # noqa: E402
from i18n_spy import Said, TRANSLATED, english_pieces  # noqa: E402
from condottiere_nb.game.messages import waiting_text  # noqa: E402
from condottiere_nb.views import BattleBuilder, GameExplorer, MapView  # noqa: E402
from condottiere_nb.views import html as H  # noqa: E402
from condottiere_nb.views.compare import CompareModel  # noqa: E402
from condottiere_nb.views.game_model import GameModel, action_label  # noqa: E402
from condottiere_nb.views.mapsvg import map_caption, map_svg  # noqa: E402
from condottiere_nb.views.mapview import map_info_html  # noqa: E402
from condottiere_nb.views.model import BuilderModel  # noqa: E402
from condottiere_nb.views.timeline import resolution_timeline  # noqa: E402
from condottiere_nb.views.words import FSI, PDI, words  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
NAMES = ("Ana", "Ben", "Cy", "Huy", "Hoàng", "You")


@pytest.fixture(scope="module")
def english_sentences() -> dict[str, list[str]]:
    """lang -> the English sentences of the views' messages that the language's translation does not
    keep: none of them may be left in a view rendered in that language."""
    return english_pieces(lambda path: "/views/" in path, " .,;:()-▶◀⏸")


def text_of(html: str) -> str:
    """What a reader sees: tags, isolates and player names taken out."""
    text = unescape(re.sub(r"<[^>]+>", " ", html)).replace(FSI, "").replace(PDI, "")
    for name in NAMES:
        text = text.replace(name, " ")
    return text


def widget_words(widget) -> list[str]:
    """Every word a widget tree shows: descriptions, tooltips, HTML values, options and titles."""
    out = []
    stack = [widget]
    while stack:
        w = stack.pop()
        for name in ("description", "tooltip", "placeholder"):
            value = getattr(w, name, None)
            if isinstance(value, str) and value:
                out.append(value)
        if w.__class__.__name__ in ("HTML", "Label"):
            out.append(text_of(w.value))
        labels = getattr(w, "_options_labels", None)
        if labels:
            out.extend(labels)
        titles = getattr(w, "titles", None)
        if titles:
            out.extend(t for t in titles if t)
        stack.extend(getattr(w, "children", ()))
    return out


def english_left(texts, sentences) -> list[str]:
    joined = "\n".join(texts)
    return [s for s in sentences if s in joined]


def a_battle() -> Battle:
    b = Battle(["Huy", "Hoàng"])
    for player, card in [("Huy", "6"), ("Hoàng", "6"), ("Huy", "1"), ("Hoàng", "1"), ("Huy", "bishop")]:
        b.play(player, card)
    return b


def a_game(seed: int = 3) -> Game:
    game = Game(["Ana", "Ben", "Cy"], seed=seed)
    from condottiere_nb.agents import RandomAgent
    agent = RandomAgent(seed)
    for _ in range(40):
        game.apply(agent.choose(game))
    return game


# -- the HTML views ---------------------------------------------------------------------------------

def render_html_views(lang: str) -> list[str]:
    battle = a_battle()
    res = battle.resolve()
    timeline = resolution_timeline(res)
    game = a_game()
    return [H.battle_html(a_battle(), lang), H.resolution_html(res, lang), H.step_html(timeline, 2, lang=lang),
            H.legend_html(lang), H.game_html(game, lang, you="Ana"), H.log_html(game.log, lang=lang),
            H.hand_html(game.hand("Ana"), lang=lang, chips=True), H.rule_html(res.steps[-1], lang)]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_html_views_say_every_word_in_the_language(lang, english_sentences):
    with Said() as said:
        pages = render_html_views(lang)
    assert said.untranslated(lang) == []
    assert english_left([text_of(p) for p in pages], english_sentences[lang]) == []


def test_html_views_in_english_say_the_english_sentences():
    pages = render_html_views("en")
    assert "Step 3 of" in pages[2] and "Condottiere token:" in pages[1]


def test_persian_blocks_read_right_to_left_with_names_isolated():
    res = a_battle().resolve()
    timeline = resolution_timeline(res)
    step = H.step_html(timeline, 2, lang="fa")
    assert step.count(' dir="rtl"') >= 3                     # the head, the bars' figures, the rule
    assert 'class="cnb-rule" style="font-family:sans-serif;margin:4px 0" dir="rtl"' in step
    verdict = H.resolution_html(res, "fa")
    assert f"{FSI}<b>Huy</b>{PDI}" in verdict                  # a Latin name in a Persian sentence
    assert "dir=" not in H.step_html(timeline, 2, lang="es")
    # numbers keep their order: "گام ۳ از ۷" with each number isolated, in Persian digits
    assert f"گام {FSI}۳{PDI} از {FSI}{speaker('fa').digits(len(res.steps))}{PDI}" in step


# -- the models and widgets --------------------------------------------------------------------------

def exercise_builder(bb: BattleBuilder) -> list[str]:
    """A builder through its states: a refused move, a Scarecrow's choice, the stepper, the comparison."""
    shown = []
    m = bb.model
    for kind in ("10", "3", "drummer", "heroine", "heroine", "heroine", "heroine"):
        bb.palette[kind].click()
    shown += widget_words(bb)
    bb.player_select.value = m.players[0]
    bb.palette["scarecrow"].click()                           # asks which card it takes back
    shown += widget_words(bb)
    bb.model.cancel_choice()
    bb.reset_button.click()
    shown += widget_words(bb)
    bb.undo_button.click()
    bb.resolve_button.click()
    shown += widget_words(bb)
    bb.stepper.next_button.click()
    shown += widget_words(bb)
    bb.close_button.click()
    bb.compare_select.value = next(v for _, v in bb.compare_select.options if v != "\u2014")
    bb.resolve_button.click()
    shown += widget_words(bb)
    return shown


@pytest.mark.parametrize("lang", TRANSLATED)
def test_battle_builder_says_every_word_in_the_language(lang, english_sentences):
    with Said() as said:
        bb = BattleBuilder(players=["Ana", "Ben"], lang=lang)
        shown = exercise_builder(bb)
    assert said.untranslated(lang) == []
    assert english_left(shown, english_sentences[lang]) == []
    assert bb.resolve_button.description == words(lang).say("Resolve ▶") != "Resolve ▶"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_language_dropdown_switches_every_word_live(lang):
    switched = BattleBuilder(players=["Ana", "Ben"], notation="[Ana Ben] Ana 10, Ben winter")
    switched.palette["heroine"].click()
    switched.palette["5"].click()
    switched.pass_button.click()
    switched.pass_button.click()
    switched.palette["5"].click()                              # refused: the message is an engine error
    switched.lang_select.value = lang
    built = BattleBuilder(players=["Ana", "Ben"], notation="[Ana Ben] Ana 10, Ben winter", lang=lang)
    built.palette["heroine"].click()
    built.palette["5"].click()
    built.pass_button.click()
    built.pass_button.click()
    built.palette["5"].click()
    assert switched.model.message_kind == "error" and switched.message.value == built.message.value
    assert sorted(widget_words(switched)) == sorted(widget_words(built))
    switched.resolve_button.click()
    built.resolve_button.click()
    switched.lang_select.value = "en"
    switched.lang_select.value = lang
    assert sorted(widget_words(switched)) == sorted(widget_words(built))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_game_explorer_says_every_word_in_the_language(lang, english_sentences):
    with Said() as said:
        ge = GameExplorer(["Ana", "Ben", "Cy"], seed=3, lang=lang)
        shown = widget_words(ge)
        ge.map.choose(ge.model.region_actions(), None, "token")
        shown += [b.tooltip for b in ge.map.buttons.values() if b.layout.display == ""]
        ge._bot_step()                                         # refused: it is your turn
        shown += widget_words(ge)
        ge.model.act(ge.model.other_actions(regions=True)[0][1])
        ge.run_button.click()
        shown += widget_words(ge)
        for _ in range(200):
            if ge.model.game.is_over:
                break
            if ge.model.waiting_for_human:
                (ge.pass_button if ge.model.can_play_cards() else ge.act_button).click()
                if ge.model.waiting_for_human and not ge.model.can_play_cards() and ge.map is not None:
                    regions = ge.model.region_actions()
                    if regions:
                        ge.model.act(next(iter(regions.values())))
            else:
                ge.run_button.click()
        shown += widget_words(ge)
    assert said.untranslated(lang) == []
    assert english_left(shown, english_sentences[lang]) == []
    assert ge.pass_button.description == words(lang).say("Pass")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_game_model_labels_and_waiting_text(lang):
    game = a_game()
    with Said() as said:
        labels = [action_label(a, lang) for a in game.legal_actions()]
        model = GameModel(["Ana", "Ben", "Cy"], seed=3, lang=lang)
        labels += [label for label, _ in model.other_actions()]
        labels.append(waiting_text(game, lang))
    assert said.untranslated(lang) == [] and labels


@pytest.mark.parametrize("lang", TRANSLATED)
def test_map_views_say_every_word_in_the_language(lang, english_sentences):
    state = {"control": {"Roma": "Ana", "Napoli": "Ana", "Milano": "Ben"}, "favor": "Siena", "battle": "Firenze",
             "highlight": ["Roma", "Napoli"], "players": ["Ana", "Ben"]}
    with Said() as said:
        svg = map_svg(**state, choosable=["Torino"], lang=lang)
        info = map_info_html(**state, lang=lang)
        caption = map_caption(state["control"], state["favor"], state["battle"], lang=lang)
        view = MapView(**state, lang=lang)
        view.choose(["Torino"], None, "favor")
    assert said.untranslated(lang) == []
    texts = [text_of(svg), text_of(info), caption, *widget_words(view), view.buttons["Torino"].tooltip]
    assert english_left(texts, english_sentences[lang]) == []


def test_the_map_follows_the_explorer_language():
    ge = GameExplorer(["Ana", "Ben", "Cy"], seed=3)
    assert ge.map.group_select.description == "Ring the largest group of"
    ge.lang_select.value = "es"
    assert ge.map.lang == "es" and ge.map.group_select.description == "Rodear el mayor grupo de"
    assert "Mapa de Italia" in ge.map.image.value or "mapa" in ge.map.image.value.lower()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_odds_and_balance_views_say_every_word_in_the_language(lang, english_sentences):
    from condottiere_nb.explore import battle_odds, check_interactions
    from condottiere_nb.views.explore_views import OddsWidget, balance_html, interaction_html, odds_html
    odds = battle_odds("[Ana Ben] Ana 10, Ben 6", "5 winter", samples=20, seed=1)
    report = check_interactions(True, False, option="courtesan_token", kinds=("10", "courtesan"), max_cards=2)
    with Said() as said:
        pages = [odds_html(odds, lang), interaction_html(report, lang)]
        w = OddsWidget(samples=20, lang=lang)
        w.compute()
        shown = widget_words(w)
        w.hand_box.value = "5 wintr"
        w.compute()                                            # an engine error, shown in the widget
        shown += widget_words(w)
    assert said.untranslated(lang) == []
    assert english_left([text_of(p) for p in pages] + shown, english_sentences[lang]) == []


def test_the_odds_widget_switches_language_live():
    from condottiere_nb.views.explore_views import OddsWidget
    w = OddsWidget(samples=20)
    w.compute()
    w.lang_select.value = "zh"
    assert w.compute_button.description == "計算" and "輪到" in w.output.value


def test_balance_table_in_every_language():
    from condottiere_nb.explore import BalanceReport, BalanceRow
    from condottiere_nb.views.explore_views import balance_html
    fields = BalanceRow.__dataclass_fields__
    if "reasons" not in fields:
        pytest.skip("BalanceRow has no reasons")
    try:
        from condottiere_nb.explore import variant_balance
        report = variant_balance(["standard"], players=[3], games=2, seed=1)
    except TypeError:
        pytest.skip("variant_balance takes other arguments")
    assert isinstance(report, BalanceReport)
    for lang in TRANSLATED:
        with Said() as said:
            html = balance_html(report, lang)
        assert said.untranslated(lang) == [] and "cnb-balance" in html


# -- engine errors in the widgets' language ---------------------------------------------------------

@pytest.mark.parametrize("lang", TRANSLATED)
def test_an_engine_error_is_told_in_the_widgets_language(lang):
    m = BuilderModel(["Ana", "Ben"], lang=lang)
    m.play("10")
    m.pass_turn()
    m.select("Ben")
    assert m.play("5") is False and m.message_kind == "error"
    english = BuilderModel(["Ana", "Ben"])
    english.play("10")
    english.pass_turn()
    english.select("Ben")
    english.play("5")
    assert m.message != english.message and "Ben" in m.message
    error = IllegalMove.say("the {card} is not in that ruleset's deck", card=Kind("winter"))
    assert speaker(lang).error(error) != str(error) and speaker(lang).card("winter") in speaker(lang).error(error)


def test_errors_said_as_messages_pickle_and_keep_english_for_programmers():
    import pickle
    error = IllegalMove.say("{player} has passed and cannot play again in this battle", player="Ana")
    again = pickle.loads(pickle.dumps(error))
    assert str(again) == "Ana has passed and cannot play again in this battle"
    assert speaker("es").error(again) == "Ana ha pasado y ya no puede volver a jugar en esta batalla"
    assert speaker("es").error(ValueError("plain")) == "plain"


def test_compare_model_in_every_language():
    b = Battle(["Ana", "Ben"], "hidden-cards")
    b.play("Ana", "10")
    b.play("Ben", "courtesan", face_down=True)
    for lang in TRANSLATED:
        with Said() as said:
            cm = CompareModel(b, "hidden-cards", "standard", lang)
            html = cm.summary_html() + cm.html()
        assert said.untranslated(lang) == [] and "cnb-compare-summary" in html


def test_a_step_cites_the_learner_s_own_rulebook_first_where_it_states_the_rule():
    """A Chinese or Persian learner reads first the sentence of their own rulebook (the city-state
    variant's 三 states the count and the compare; the Persian tutorial's بند ۴ does), then the others;
    a rule their rulebook does not state cites the others as before.  A Vietnamese or Spanish section
    in a Persian block keeps its own direction and digits."""
    res = Battle.from_notation("[Ana Ben] Ana 10, Ben 5, Ben heroine").resolve()
    compare = next(s for s in res.steps if s.rule == "battle.compare")
    play = next(s for s in res.steps if s.rule == "play.card")
    characters = next(s for s in res.steps if s.rule == "strength.characters")

    def source(step, lang):
        html = H.rule_html(step, lang)
        return unescape(re.search(r'class="cnb-source"[^>]*>(.*?)</div>', html).group(1))

    assert "zh: 三" in source(compare, "zh")
    assert source(compare, "zh").split("zh: ")[0].count("vi: ") == 0          # zh before vi
    assert source(characters, "zh").index("zh: ") < source(characters, "zh").index("vi: ")
    assert source(compare, "fa").index("fa: بند ۴") < source(compare, "fa").index("vi: ")
    assert "\u2066vi: Kết thúc trận chiến 1 (So sánh sức mạnh)\u2069" in source(compare, "fa")
    assert source(play, "es").index("es: ") < source(play, "es").index("vi: ")
    assert source(compare, "vi").index("vi: ") < source(compare, "vi").index("es: ")
    assert "zh: " not in source(play, "zh") and source(play, "zh").index("vi: ") < source(play, "zh").index("es: ")
