"""Every learner in their own language: the catalogues are complete and compiled, every message a
game or a battle says is translated in every language, the rule titles too, and a language the
package does not know is refused in plain words."""
from __future__ import annotations

import importlib.util
import itertools
import random
import re
from pathlib import Path

import pytest

from condottiere_nb import RULES, RULESETS, Battle, Game, RulesError, set_language
from condottiere_nb.explain import explain
from condottiere_nb.language import LANGUAGES
from condottiere_nb.agents import RandomAgent
from condottiere_nb.language import Speaker, get_language, speaker

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


def _i18n_tool():
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_catalogue_translates_every_message_with_its_placeholders_and_is_compiled():
    tool = _i18n_tool()
    pot = tool.template()
    assert len(pot) > 200
    assert tool.missed_by_extraction(pot) == []
    for lang in TRANSLATED:
        assert tool.problems(lang, pot) == [], lang
        assert tool.compiled_is_current(lang), f"{lang}: run python tools/i18n.py compile"


def test_the_check_covers_the_notebooks_translated_paragraphs(tmp_path, monkeypatch):
    """The tour's Markdown is the gettext domain "notebooks": each paragraph of its source is a message,
    translated and compiled in every language; a paragraph left in English, untranslated or losing a
    code span is a problem the check reports."""
    tool = _i18n_tool()
    pot = tool.template(tool.NOTEBOOKS)
    builder = tool._builder()
    assert builder.TRANSLATED[0] == "00_start_here"
    sources = [(ROOT / "tools" / "notebooks" / f"{stem}.txt").read_text(encoding="utf-8") for stem in builder.TRANSLATED]
    assert [m.id for m in pot if m.id] == [body for source in sources for _, body in builder.messages(source)]
    assert tool.domain_problems(tool.NOTEBOOKS) == (len(pot), [])
    assert tool._builder().LANGUAGES == tool.LANGUAGES
    # a reader's slips, in a copy of the Vietnamese catalogue
    catalogue = tool.read("vi", tool.NOTEBOOKS)
    first, second, third = [m.id for m in pot if m.id][:3]
    catalogue[first].string = catalogue[first].string.replace("`", "")
    catalogue[second].string = ""
    catalogue[third].string = third
    folder = tmp_path / "vi" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    from babel.messages.pofile import write_po
    with open(folder / "notebooks.po", "wb") as f:
        write_po(f, catalogue)
    monkeypatch.setitem(tool.LOCALES, tool.NOTEBOOKS, tmp_path)
    found = tool.problems("vi", pot, tool.NOTEBOOKS)
    assert len(found) == 3, found
    assert "leaves out the code ['`05_full_game`'" in found[0] and "`LANG = ...`']" in found[0]
    assert found[1].startswith("vi: untranslated:") and found[2].startswith("vi: left in English:")
    assert not tool.compiled_is_current("vi", tool.NOTEBOOKS)


def _has_words(message: str) -> bool:
    """Does a message say something in English beyond its placeholders and punctuation?"""
    return bool(re.search(r"[A-Za-z]", re.sub(r"\{\w+\}", "", message)))


@pytest.fixture(scope="module")
def said():
    """Every message (a plural one as its pair of forms) said while explaining seeded games of every ruleset and a few
    battles, in every language."""
    messages: set[str] = set()
    say, say_n = Speaker.say, Speaker.say_n

    def spy_say(self, message, **values):
        messages.add(message)
        return say(self, message, **values)

    def spy_say_n(self, singular, plural, n, **values):
        messages.add((singular, plural))
        return say_n(self, singular, plural, n, **values)

    Speaker.say, Speaker.say_n = spy_say, spy_say_n
    try:
        for name in RULESETS:
            game = Game(3 if name.startswith("city-states") else 4, name, seed=11)
            agent = RandomAgent(11)
            while not game.is_over and len(game.actions) < 3000:
                game.apply(agent.choose(game))
            for lang in LANGUAGES:
                game.explain(lang=lang)
        battle = Battle(["Ana", "Ben", "Cy"])
        for player, card in [("Ana", "10"), ("Ben", "drummer"), ("Cy", "courtesan"), ("Ana", "spring"),
                             ("Ben", "5"), ("Cy", "heroine")]:
            battle.play(player, card)
        resolution = battle.resolve()
        for lang in LANGUAGES:
            resolution.explain(lang=lang)
    finally:
        Speaker.say, Speaker.say_n = say, say_n
    return messages


def test_the_games_say_many_different_messages(said):
    assert len(said) > 80
    assert any(isinstance(m, tuple) for m in said)      # plural messages too


def _untranslated(catalogue, message) -> bool:
    """Is a message (a plural one looked up as a plural: Python before 3.11 never finds a plural
    entry through gettext) still English?"""
    if isinstance(message, tuple):
        singular, plural = message
        return _has_words(singular) and catalogue.ngettext(singular, plural, 1) == singular
    return _has_words(message) and catalogue.gettext(message) == message


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_a_game_says_is_translated(said, lang):
    catalogue = speaker(lang).catalogue
    untranslated = sorted(str(m) for m in said if _untranslated(catalogue, m))
    assert untranslated == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_rule_title_is_translated(lang):
    catalogue = speaker(lang).catalogue
    assert [rule_id for rule_id, rule in RULES.items() if catalogue.gettext(rule.title) == rule.title] == []


def test_a_battle_explained_in_each_language_names_its_cards_in_that_language():
    battle = Battle(["Ana", "Ben"])
    battle.play("Ana", "10")
    battle.play("Ben", "winter")
    texts = {lang: battle.explain(lang=lang) for lang in LANGUAGES}
    assert len(set(texts.values())) == len(LANGUAGES)
    for lang, text in texts.items():
        assert speaker(lang).card("winter") in text, lang
    assert "Winter" not in texts["vi"] and "Winter" not in texts["zh"] and "Winter" not in texts["fa"]


def test_set_language_changes_the_default_and_explain_lang_overrides_it():
    battle = Battle(["Ana", "Ben"])
    battle.play("Ana", "10")
    english = battle.explain()
    try:
        set_language("zh")
        assert get_language() == "zh"
        assert battle.explain() == battle.explain(lang="zh") != english
        assert battle.explain(lang="en") == english
    finally:
        set_language("en")
    assert battle.explain() == english


@pytest.mark.parametrize("bad", ["xx", "EN", "", 3, "english", ("en",)])
def test_an_unknown_language_is_refused_naming_the_five_and_changes_nothing(bad):
    battle = Battle(["Ana", "Ben"])
    battle.play("Ana", "10")
    before = battle.explain()
    for attempt in (lambda: set_language(bad), lambda: set_language(None), lambda: battle.explain(lang=bad),
                    lambda: explain(battle.resolve().steps, lang=bad)):
        with pytest.raises(RulesError) as error:
            attempt()
        for code in LANGUAGES:
            assert repr(code) in str(error.value) or code in str(error.value)
    assert get_language() == "en"
    assert battle.explain() == before


def test_persian_text_keeps_persian_names_and_latin_player_names():
    battle = Battle(["Ana", "Ben"])
    battle.play("Ana", "courtesan")
    text = battle.explain(lang="fa")
    assert speaker("fa").card("courtesan") == "بانوی درباری"
    assert "بانوی درباری" in text and "Ana" in text


def test_random_steps_render_in_every_language_without_leftover_placeholders():
    rng = random.Random(3)
    game = Game(4, seed=rng.randrange(1000))
    agent = RandomAgent(3)
    while not game.is_over:
        game.apply(agent.choose(game))
    for lang in LANGUAGES:
        text = game.explain(lang=lang)
        assert not re.search(r"\{\w+\}", text), lang


def _every_rule_fired():
    """Steps that fire every rule with a sentence: seeded random games of every ruleset, a Scoring
    match, the Continuous War game where nobody has a card left, and a Persian battle with two
    Banners under banner_limit="one_per_battle"."""
    from condottiere_nb import Match, get_ruleset
    steps = []
    for name in RULESETS:
        for players, seed in itertools.product((3, 4, 6) if name.startswith("city-states") else (2, 4, 6), range(4)):
            game = Game(players, name, seed=seed)
            agent = RandomAgent(seed)
            while not game.is_over and len(game.actions) < 3000:
                game.apply(agent.choose(game))
            steps += game.log
    match = Match(["Ana", "Ben", "Cy"], ruleset="scoring", target=5, seed=1)
    agent = RandomAgent(1)
    while not match.is_over:
        match.apply(agent.choose(match))
    steps += match.log
    war = Game(2, "continuous-war", seed=19)      # a seed where every hand runs out: war.redeal
    agent = RandomAgent(19)
    while not war.is_over:
        war.apply(agent.choose(war))
    steps += war.log
    battle = Battle(["Ana", "Ben"], get_ruleset("fa-tutorial").replace(banner_limit="one_per_battle"))
    for player, card in [("Ana", "5"), ("Ben", "banner"), ("Ana", "banner")]:
        battle.play(player, card)
    steps += battle.resolve().steps
    return steps


def test_every_rule_with_a_sentence_is_told_in_every_language():
    from condottiere_nb.tell import TEMPLATES
    steps = _every_rule_fired()
    assert {s.rule for s in steps} >= set(TEMPLATES), sorted(set(TEMPLATES) - {s.rule for s in steps})
    said: set = set()
    say, say_n = Speaker.say, Speaker.say_n
    Speaker.say = lambda self, message, **values: said.add(message) or say(self, message, **values)
    Speaker.say_n = lambda self, one, many, n, **values: said.add((one, many)) or say_n(self, one, many, n, **values)
    try:
        first = {}
        for step in steps:
            first.setdefault(step.rule, step)
        texts = {rule: {lang: step.text_in(lang) for lang in LANGUAGES} for rule, step in first.items()}
    finally:
        Speaker.say, Speaker.say_n = say, say_n
    for lang in TRANSLATED:
        catalogue = speaker(lang).catalogue
        assert sorted(str(m) for m in said if _untranslated(catalogue, m)) == [], lang
        assert [rule for rule, t in texts.items() if t[lang] == t["en"]] == [], lang


def test_the_persian_tour_names_the_builders_buttons_as_they_read():
    """The tour's prose tells a reader to press Resolve and Next by their labels: in Persian those
    labels point left (the view reads from the right), and the prose must name them the same."""
    import json
    from condottiere_nb.views.words import words
    t = words("fa")
    nb = json.loads((ROOT / "notebooks" / "00_start_here.fa.ipynb").read_text(encoding="utf-8"))
    prose = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    for label in (t.say("Resolve ▶"), t.say("Next ▶")):
        assert f"**{label}**" in prose, label
    assert f"«{t.say('Step')}»" in prose and "▶**" not in prose
