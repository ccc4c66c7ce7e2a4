"""The errors a learner meets in the widgets, the status line of every ruleset, the progress bar and
the rulebook notebooks' tables, in Vietnamese, Spanish, Chinese and Persian: each says only translated
messages (a spy on Speaker.say/say_n, as tests/test_i18n.py does; plurals looked up with ngettext, which
Python's gettext needs for a plural entry) and keeps no English sentence of the catalogue's messages
of those modules.  Their English (str(err)) is the programmer's text, unchanged."""
from __future__ import annotations

import functools
import pickle
import re
from html import unescape
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from condottiere_nb import Battle, Game, get_ruleset
from condottiere_nb.notation import parse_kind
from condottiere_nb.errors import RulesError, UnknownCard
from condottiere_nb.game import Keep, Pass, PlaceFavor, PlaceToken, Play
from condottiere_nb.game.messages import allowed_text, waiting_text
from condottiere_nb.language import speaker
from i18n_spy import Said as SaidSpy, TRANSLATED, english_pieces

ROOT = Path(__file__).resolve().parents[1]
#: The modules whose messages this file covers.
MODULES = ("cards.py", "notation.py", "rulesets.py", "game/messages.py", "game/choices.py",
           "city_states/game.py", "city_states/actions.py", "views/tables.py", "views/explore_views.py")
FSI, PDI = "\u2068", "\u2069"


@pytest.fixture(scope="module")
def english_sentences() -> dict[str, list[str]]:
    """lang -> the English pieces of the covered modules' messages that the translation does not keep
    (code names such as PlaceToken(region) are kept)."""
    return english_pieces(lambda path: path.endswith(MODULES), " .,;:()[]'-")


def Said():            # noqa: N802 - the shared spy, knowing which messages each language writes as English
    return SaidSpy(same_in)


@functools.lru_cache(maxsize=None)
def same_in(lang: str) -> frozenset:
    """The messages a language writes as English does (Spanish "no")."""
    with open(ROOT / f"condottiere_nb/locale/{lang}/LC_MESSAGES/condottiere.po", "rb") as f:
        return frozenset(m.id for m in read_po(f) if isinstance(m.id, str) and m.id and m.string == m.id)


def english_left(texts, sentences) -> list[str]:
    joined = "\n".join(unescape(re.sub(r"<[^>]+>", " ", t)).replace(FSI, "").replace(PDI, "") for t in texts)
    return [s for s in sentences if s in joined]


def refusal(fn) -> RulesError:
    with pytest.raises(RulesError) as err:
        fn()
    return err.value


def _game(ruleset="standard", seed=3) -> Game:
    return Game(["Ana", "Ben", "Cy"], ruleset, seed=seed)


def _in_battle() -> Game:
    g = _game()
    g.apply(g.legal_actions()[0])
    return g


def _over() -> Game:
    from condottiere_nb.agents import RandomAgent
    g = _game(seed=5)
    agent = RandomAgent(5)
    while not g.is_over:
        g.apply(agent.choose(g))
    return g


#: What a learner may type or do wrong, each refused with an error said as a message.
CARD_ERRORS = [lambda: parse_kind("bishup"), lambda: parse_kind("7"), lambda: parse_kind(""),
               lambda: parse_kind("merc"), lambda: parse_kind("banner"), lambda: parse_kind("x" * 70),
               lambda: parse_kind("zzzz"), lambda: parse_kind(["5"]),
               lambda: Battle(["Ana", "Ben"]).play("Ana", "5#999"), lambda: Battle(["Ana", "Ben"]).play("Ana", "#3")]
NOTATION_ERRORS = ["[Ana Ben] Ana 5, Ben bishup", "[Ana Ben] Cy 10", '["Ana Ben] Ana 10', "[] Ana 10",
                   "[Ana Ben] garbage", "Ana: 10; Ben", "Ana: 10 | Ben: 3; pass Cy", "no colon | here", "",
                   "x" * 20_001]
RULESET_ERRORS = [lambda: get_ruleset("foo"), lambda: get_ruleset(3),
                  lambda: Battle.from_notation("(standard) [Ana Ben] Ana 5", ruleset="hidden-cards"),
                  lambda: Battle.from_notation("[Ana Ben token=Ben] Ana 5", token_holder="Ana")]


def game_errors() -> list[RulesError]:
    """The game's refusals a GameExplorer shows: a wrong phase, a taken region, a card not in hand,
    the Favor in the wrong place, a finished game, not an action."""
    errors = []
    g = _game()
    errors.append(refusal(lambda: g.apply(Play("5"))))
    errors.append(refusal(lambda: g.apply("5")))
    b = _in_battle()
    held = {c.kind for c in b.hand(b.to_move)}
    missing = next(k for k in ("bishop", "winter", "spring", "heroine", "surrender", "10") if k not in held)
    errors.append(refusal(lambda: b.apply(Play(missing))))
    errors.append(refusal(lambda: b.apply(PlaceToken("Roma"))))
    errors.append(refusal(lambda: b.apply(Keep(("10", "10", "10", "10")))))
    t = Game(["Ana", "Ben", "Cy"], seed=0, control={"Parma": "Ben"}, favor="Roma")
    errors += [refusal(lambda: t.apply(PlaceToken("Parma"))), refusal(lambda: t.apply(PlaceToken("Roma")))]
    f = Game(["Ana", "Ben", "Cy"], seed=0, control={"Milano": "Cy"},
             hands={"Ana": ["6", "1"], "Ben": ["bishop", "bishop", "3"], "Cy": ["2", "5"]})
    for action in (PlaceToken("Roma"), Play("6"), Play("bishop")):
        f.apply(action)
    errors += [refusal(lambda: f.apply(PlaceFavor("Milano"))), refusal(lambda: f.apply(Play("3")))]
    strict = get_ruleset("standard").replace(favor_on_battle_region=False)
    h = Game(["Ana", "Ben"], strict, seed=0, hands={"Ana": ["bishop", "1"], "Ben": ["2"]})
    for action in (PlaceToken("Roma"), Play("bishop")):
        h.apply(action)
    errors.append(refusal(lambda: h.apply(PlaceFavor("Roma"))))
    k = Game(["Ana", "Ben"], seed=0, hands={"Ana": ["10"], "Ben": ["1", "heroine", "10", "winter", "scarecrow"]})
    for action in (PlaceToken("Roma"), Play("10"), Play("1"), Pass(), PlaceToken("Napoli")):
        k.apply(action)
    errors += [refusal(lambda: k.apply(Keep(("10", "heroine", "winter")))),
               refusal(lambda: k.apply(Keep(("10", "10"))))]
    over = _over()
    errors.append(refusal(lambda: over.apply(Play("5"))))
    return errors


def every_error() -> list[RulesError]:
    errors = [refusal(fn) for fn in CARD_ERRORS]
    errors += [refusal(lambda n=n: Battle.from_notation(n)) for n in NOTATION_ERRORS]
    errors += [refusal(fn) for fn in RULESET_ERRORS]
    return errors + game_errors()


def test_the_errors_are_said_as_messages_and_keep_their_english():
    errors = every_error()
    assert all(e.message_id for e in errors), [str(e) for e in errors if not e.message_id]
    english = [str(e) for e in errors]
    assert [speaker("en").error(e) for e in errors] == english        # the widgets in English say str(err)
    assert "unknown card 'bishup'. Did you mean 'bishop'?" in english[0]
    assert any("Allowed now (" in e and "): Play " in e for e in english)        # actions in words, not reprs
    assert not any(re.search(r"Play\('", e) and "apply() takes" not in e for e in english)
    assert "move 1 (Ana garbage)" not in english[NOTATION_ERRORS.index("[Ana Ben] garbage") + len(CARD_ERRORS)]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_error_is_told_in_the_language(lang, english_sentences):
    errors = every_error()
    with Said() as said:
        told = [speaker(lang).error(e) for e in errors]
    assert said.untranslated(lang) == []
    assert english_left(told, english_sentences[lang]) == []
    assert all(t != str(e) for t, e in zip(told, errors))
    assert max(len(t) for t in told) < 2000                              # a long typed text is cut short


@pytest.mark.parametrize("lang", TRANSLATED)
def test_did_you_mean_names_the_card_in_the_language(lang):
    err = refusal(lambda: parse_kind("bishup"))
    told = speaker(lang).error(err)
    assert speaker(lang).card("bishop") in told and "bishup" in told and "Did you mean" not in told


def test_a_refusal_inside_a_notation_error_is_told_in_the_language():
    err = refusal(lambda: Battle.from_notation("[Ana Ben] Ana 5, Ben bishup"))
    assert isinstance(err, UnknownCard)
    assert speaker("es").error(err).startswith("jugada 2 (Ben bishup): carta desconocida: «bishup». ¿Querías decir "
                                               "«Obispo»?")


def test_the_game_errors_pickle_and_are_told_after():
    for err in game_errors():
        again = pickle.loads(pickle.dumps(err))
        assert str(again) == str(err) and speaker("vi").error(again) == speaker("vi").error(err)


# -- the status line of every ruleset -----------------------------------------------------------

def city_states_walk(seeds: int, actions: int):
    """Every decision of seeded random city-states games (``actions`` at most each), before it is made."""
    from condottiere_nb.agents import RandomAgent
    for seed in range(seeds):
        g = _game("city-states", seed)
        agent = RandomAgent(seed)
        for _ in range(actions):
            if g.is_over:
                break
            yield g
            g.apply(agent.choose(g))


def city_states_statuses() -> list[Game]:
    """City-states games in each of their own phases (reached by random play)."""
    found: dict[str, Game] = {}
    for g in city_states_walk(12, 400):
        if g.phase not in ("token", "battle", "favor", "discard", "keep") and g.phase not in found:
            found[g.phase] = g.clone()
    return list(found.values())


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_status_line_of_every_ruleset_is_in_the_language(lang, english_sentences):
    from condottiere_nb.rulesets import RULESETS
    games = [_game(name) for name in RULESETS if name != "city-states-final"] + city_states_statuses()
    games += [_in_battle(), _over()]
    assert len({g.phase for g in games}) >= 4
    with Said() as said:
        texts = [waiting_text(g, lang) for g in games] + [allowed_text(g, lang=lang) for g in games]
    assert said.untranslated(lang) == []
    assert english_left(texts, english_sentences[lang]) == []
    assert all(t != waiting_text(g) for t, g in zip(texts, games) if g.phase != "over" or lang != "en")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_city_state_action_is_named_in_words(lang, english_sentences):
    from condottiere_nb.game.messages import action_words
    from condottiere_nb.variants.city_states.actions import ACTIONS
    seen = {}
    for g in city_states_walk(10, 300):
        for a in g.legal_actions():
            seen.setdefault(type(a), a)
    assert set(ACTIONS) <= set(seen)
    with Said() as said:
        texts = [action_words(a, speaker(lang)) for a in seen.values()]
    assert said.untranslated(lang) == [] and english_left(texts, english_sentences[lang]) == []
    assert not any(re.search(r"\w\(", t) for t in texts), texts


def test_the_explorer_shows_a_refusal_and_the_status_in_its_language():
    pytest.importorskip("ipywidgets")
    from condottiere_nb.views.game_model import GameModel
    m = GameModel(["Ana", "Ben", "Cy"], seed=3, lang="es")
    assert m.act(Play("5")) is False
    assert "Permitido ahora" in m.message and "Allowed now" not in m.message


# -- the progress bar ---------------------------------------------------------------------------

LABELS = ("games", "soak", "battles (engine)", "levels of plays", "odds (exact)", "odds (monte carlo)")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_progress_labels_are_in_the_language(lang, english_sentences):
    from condottiere_nb.views.explore_views import progress_text
    from condottiere_nb.views.words import words
    with Said() as said:
        texts = [progress_text(words(lang), label, 3, 10) for label in LABELS]
    assert said.untranslated(lang) == [] and all("3" in t and "10" in t for t in texts)
    assert english_left(texts, english_sentences[lang]) == [] and not any(label in " ".join(texts)
                                                                          for label in LABELS[1:])


def test_the_progress_widget_labels_in_its_language():
    pytest.importorskip("ipywidgets")
    from condottiere_nb.views.explore_views import WidgetProgress
    p = WidgetProgress(lang="es")
    p.start(10, "games")
    p.update(10)
    assert p.label.value == "10/10 partidas"
    english = WidgetProgress()
    english.start(4, "soak")
    english.update(4)
    assert english.label.value == "4/4 soak"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_odds_widget_tells_a_misspelt_hand_in_its_language(lang):
    pytest.importorskip("ipywidgets")
    from condottiere_nb.views.explore_views import OddsWidget
    w = OddsWidget(samples=20, lang=lang)
    w.hand_box.value = "5 bishup"
    with Said() as said:
        w.compute()
    shown = unescape(w.message.value)
    assert said.untranslated(lang) == []
    assert "bishup" in shown and speaker(lang).card("bishop") in shown and "Did you mean" not in shown


ODDS_REFUSALS = [("[Ana Ben] Ana 10, Ben 6, Ana pass, Ben pass", "5", "standard"),
                 ("[Ana Ben] Ana 10, Ben 6", "bishop " * 7, "standard"),
                 ("[Ana Ben] Ana 10, Ben 6", "5#40 5#40", "standard"),
                 ("[Ana Ben] Ana 10, Ben 6", "", "standard"),
                 ("[Ana Ben Cy] Ana 10, Ben 6", "5", "city-states")]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_odds_widget_tells_its_refusals_and_its_hand_in_its_language(lang):
    pytest.importorskip("ipywidgets")
    from condottiere_nb.views.explore_views import OddsWidget
    w = OddsWidget(samples=20, lang=lang)
    # city-states is not offered (its odds cannot be worked out); a refusal still, were it chosen
    w.ruleset_select.options = [*w.ruleset_select.options, ("city-states", "city-states")]
    texts = []
    with Said() as said:
        for notation, hand, ruleset in ODDS_REFUSALS:
            w.notation_box.value, w.hand_box.value, w.ruleset_select.value = notation, hand, ruleset
            assert w.compute() is None and w.output.value == ""
            texts.append(unescape(re.sub(r"<[^>]+>", "", w.message.value)))
        w.notation_box.value, w.hand_box.value, w.ruleset_select.value = "[Ana Ben] Ana 10, Ben 6", "5 winter", \
            "standard"
        w.compute()
        head = w.output.value.split("<table")[0]
    assert said.untranslated(lang) == [], texts
    assert all(re.search(r"\bthe\b|\bhand\b|\bturn\b", t) is None for t in texts), texts
    assert speaker(lang).card("bishop") in texts[1] and speaker(lang).card("winter") in head


# -- the rulebook notebooks' tables -------------------------------------------------------------

def render_tables(lang: str | None) -> list[str]:
    from condottiere_nb.views import Facts, Table, battle_readings, option_readings, ruleset_readings, show
    res = Battle.from_notation("Huy: 10 5 | Hoang: 6 6 | Han: 3").resolve()
    tie = Battle.from_notation("Huy: 5 | Hoang: 5 | Han: 2").resolve()
    surrender = Battle.from_notation("Ana: 10 | Ben: 3 surrender").resolve()
    bishop = Battle.from_notation("Ana: 10 bishop | Ben: 3").resolve()
    out = []
    for value in (res, tie, surrender, bishop, Battle.from_notation("Ana: 10 | Ben: 3"),
                  refusal(lambda: Battle.from_notation("[Ana Ben] Ana bishup")), "a sentence",
                  {"done": True, "open": False, "who": None, "list": [], "nothing": ()}):
        shown = show(value, lang=lang)
        out += [repr(shown), shown._repr_html_()]
    out += [repr(Facts({}, lang=lang)), Facts({"x": None}, lang=lang).html(),
            Table(["a", "b"], [[True, None]], lang=lang)._repr_html_()]
    readings = [battle_readings("Ana: 6 | Ben: 6 | Cy: courtesan", "courtesan_in_tie", ["majority", "left"],
                                lang=lang),
                option_readings("courtesan_token", [True, False],
                                lambda rs: Battle.from_notation("Ana: 10 | Ben: 3 courtesan", ruleset=rs).resolve(),
                                lang=lang),
                ruleset_readings("Ana: 10 | Ben: 3", ["standard", "hidden-cards"], ours="standard", lang=lang),
                battle_readings("Ana: 5 | Ben: heroine", "hidden_cards", [True, False],
                                act=lambda b: b.play("Ana", "bishup"), lang=lang)]
    return out + [r._repr_html_() for r in readings] + [repr(r) for r in readings]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_tables_say_every_word_in_the_language(lang, english_sentences):
    with Said() as said:
        texts = render_tables(lang)
    assert said.untranslated(lang) == []
    assert english_left(texts, english_sentences[lang]) == []
    joined = "\n".join(texts)
    for english in ("winner", "strengths", "nobody", "(our reading)", "(nothing)", "refused", "Did you mean"):
        assert english not in joined, english
    assert speaker(lang).card("surrender") in joined
    if lang == "fa":
        assert 'class="cnb-facts" style="border-collapse:collapse;font-family:sans-serif;font-size:12px;" dir="rtl"' \
            in joined


def test_the_tables_follow_the_default_language_and_english_is_unchanged():
    from condottiere_nb import set_language
    from condottiere_nb.views import show
    res = Battle.from_notation("Huy: 5 | Hoang: 5 | Han: 2").resolve()
    assert repr(show(res)).splitlines()[0].split() == ["winner", "nobody", "(tie:", "Huy", "and", "Hoang)"]
    set_language("vi")
    try:
        assert repr(show(res)).startswith("người thắng")
        assert repr(show(res, lang="en")).startswith("winner")
    finally:
        set_language("en")
    assert render_tables(None) == render_tables("en")
