"""The errors a learner meets beyond a game's moves, in Vietnamese, Spanish, Chinese and Persian: a
ruleset option refused (every bad value of every option, as tests/test_options_schema.py makes them),
a region misspelt (with its "did you mean"), a deck, a variant's card or action refused (the Persian
Maiden, the city-states), the analysis tools' and the views' arguments.  Each is said as a message of
the catalogues (a spy on Speaker.say/say_n, tests/i18n_spy.py); told in a language it keeps no English
piece of those modules' messages; its English (str(err)) is unchanged for a programmer."""
from __future__ import annotations

import re

import pytest

from condottiere_nb import Battle, Game, RulesError, get_ruleset
from condottiere_nb.board import region, victory_thresholds
from condottiere_nb.errors import IllegalMove
from condottiere_nb.language import speaker
from i18n_spy import Said, TRANSLATED, english_pieces
from test_options_schema import CASES

#: The modules whose messages this file covers.
MODULES = ("board.py", "decks.py", "options.py", "rulesets.py", "arguments.py", "explore/progress.py",
           "explore/balance.py", "explore/interactions.py", "explore/space.py", "explore/rollouts.py",
           "explore/invariants.py", "variants/persian.py", "variants/persian_game.py", "variants/scoring.py",
           "city_states/game.py", "city_states/abilities.py", "views/mapview.py", "views/game_model.py",
           "views/model.py", "views/compare.py", "views/mapsvg.py", "agents/play.py", "agents/base.py")


def refusal(fn) -> RulesError:
    with pytest.raises(RulesError) as err:
        fn()
    return err.value


def option_errors() -> list[RulesError]:
    """Every bad value of every option, refused by replace()."""
    base = get_ruleset("standard")
    return [refusal(lambda name=name, value=value: base.replace(**{name: value})) for name, value in CASES]


def maiden_battle() -> Battle:
    return Battle.from_notation("[Ana Ben] Ana 5, Ben 3", ruleset="fa-tutorial")


def other_errors() -> list[RulesError]:
    """The map's, the decks', the variants', the tools' and the views' refusals."""
    from condottiere_nb.agents import simulate
    from condottiere_nb.explore import check_interactions, soak, variant_balance
    from condottiere_nb.explore.balance import card_decides
    from condottiere_nb.explore.space import battle_space
    from condottiere_nb.rulesets import combine
    from condottiere_nb.variants.vietnamese import Match
    errors = [refusal(lambda: region("Rma")), refusal(lambda: region("Atlantis")), refusal(lambda: region(5)),
              refusal(lambda: region("x" * 60)), refusal(lambda: victory_thresholds(7)),
              refusal(lambda: get_ruleset("standard").replace(colour="red")),
              refusal(lambda: combine()), refusal(lambda: combine("continuous-war", "fa-tutorial")),
              refusal(lambda: Battle(["Ana", "Ben"], strict="no")),
              refusal(lambda: Match(["Ana", "Ben"], target=0)),
              refusal(lambda: simulate(0)), refusal(lambda: simulate(2, 3, agents=["random"] * 2)),
              refusal(lambda: variant_balance(players=9)), refusal(lambda: variant_balance(rulesets=[])),
              refusal(lambda: variant_balance(progress="yes")), refusal(lambda: soak(1, players=(7,))),
              refusal(lambda: card_decides(Battle(["Ana", "Ben"]), "bishop")),
              refusal(lambda: battle_space(players=9)), refusal(lambda: battle_space(players="Ana")),
              refusal(lambda: battle_space(players=["Ana", "Ana"])), refusal(lambda: battle_space(max_cards=9)),
              refusal(lambda: battle_space(kinds=[])),
              refusal(lambda: battle_space(kinds=["banner"], rulesets=[get_ruleset("standard")])),
              refusal(lambda: check_interactions()), refusal(lambda: check_interactions(option="colour", a=1, b=2)),
              refusal(lambda: check_interactions("standard", "hidden-cards", method="fast"))]
    b = Battle.from_notation("[Ana Ben] Ana heroine, Ben 3")
    errors.append(refusal(lambda: b.play("Ana", "scarecrow", take="heroine")))
    for target in ("Zed@1", "Zed:5", 5, "9", "Ben@3"):
        errors.append(refusal(lambda target=target: maiden_battle().play("Ben", "maiden", take=target)))
    mine = Battle.from_notation("[Ana Ben] Ana 5, Ben 3", ruleset=get_ruleset("fa-tutorial").replace(
        maiden_targets="opponents"))
    errors.append(refusal(lambda: mine.play("Ana", "maiden", take="Ana:5")))
    errors += city_errors()
    errors += view_errors()
    return errors


def city_errors() -> list[RulesError]:
    from condottiere_nb import Ball, Bribe, ChooseCity, GenovaTrade, UseAbility
    from condottiere_nb.variants.city_states import firenze_ball, venezia_bribe
    errors = [refusal(lambda: Game(["Ana", "Ben"], "city-states", seed=1))]
    g = Game(["Ana", "Ben", "Cy"], "city-states", seed=1)
    errors += [refusal(lambda: g.apply(ChooseCity(5))), refusal(lambda: g.apply(ChooseCity("Siena")))]
    for city in ("Firenze", "Venezia", "Genova"):
        g.apply(ChooseCity(city))
    errors.append(refusal(lambda: g.apply(UseAbility("yes"))))
    errors += [refusal(lambda: g.apply(GenovaTrade("5", "Ana"))), refusal(lambda: g.apply(GenovaTrade(("5",) * 4, "Ana"))),
               refusal(lambda: g.apply(GenovaTrade(("5",), 3)))]
    errors += [refusal(lambda: g.apply(Ball("5", 3))), refusal(lambda: g.apply(Bribe("5", 3)))]
    rs = get_ruleset("city-states")
    fb = Battle.from_notation("[Ana Ben] Ana 5, Ben 3", ruleset=rs)
    opponents = Battle.from_notation("[Ana Ben] Ana 5, Ben 3", ruleset=rs.replace(firenze_takes="one_opponent"))
    errors += [refusal(lambda: firenze_ball(fb, "Ana", "2")), refusal(lambda: firenze_ball(opponents, "Ana", "2"))]
    vb = Battle.from_notation("[Ana Ben] Ana 10, Ben 3", ruleset=rs)
    errors.append(refusal(lambda: venezia_bribe(vb, "Ben", "2", "Ana:10")))
    vb2 = Battle.from_notation("[Ana Ben] Ana 10, Ben 3", ruleset=rs.replace(venezia_bribe_value="effective"))
    errors.append(refusal(lambda: venezia_bribe(vb2, "Ben", "2", "Ana:10")))
    return errors


def view_errors() -> list[RulesError]:
    pytest.importorskip("ipywidgets")
    from condottiere_nb.views import MapView
    from condottiere_nb.views.game_model import GameModel
    from condottiere_nb.views.model import StepperModel
    return [refusal(lambda: MapView(control=["Roma"])), refusal(lambda: MapView(highlight="Roma")),
            refusal(lambda: MapView(control={"Roma": "Zed"}, players=["Ana", "Ben"])),
            refusal(lambda: MapView(players="Ana")),
            refusal(lambda: GameModel(["Ana", "Ben"], human="Zed")), refusal(lambda: StepperModel("a battle"))]


@pytest.fixture(scope="module")
def errors() -> list[RulesError]:
    return option_errors() + other_errors()


@pytest.fixture(scope="module")
def english_sentences() -> dict[str, list[str]]:
    return english_pieces(lambda path: path.endswith(MODULES), " .,;:()[]'-")


def test_the_errors_are_said_as_messages_and_keep_their_english(errors):
    assert len(errors) > 250
    assert [str(e) for e in errors if not e.message_id] == []
    assert [speaker("en").error(e) for e in errors] == [str(e) for e in errors]
    told = {str(e) for e in errors}
    assert "Unknown region 'Rma'. Did you mean Roma or Parma? The 17 regions are: Torino, Milano" in "\n".join(told)
    assert any(t.startswith("option hand_size cannot be 0; allowed: a whole number from 1 to 30 (at least 1") for t in told)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_error_is_told_in_the_language(lang, errors, english_sentences):
    with Said() as said:
        told = [speaker(lang).error(e) for e in errors]
    assert said.untranslated(lang) == []
    joined = "\n".join(told)
    assert [s for s in english_sentences[lang] if s in joined] == []
    assert [str(e) for t, e in zip(told, errors) if t == str(e)] == []
    for english in ("Did you mean", "cannot be", "allowed:", "must be", "not a whole number", "is not a card kind"):
        assert english not in joined, english


@pytest.mark.parametrize("lang", TRANSLATED)
def test_did_you_mean_a_region_names_the_region_and_the_typed_name(lang):
    told = speaker(lang).error(refusal(lambda: region("Rma")))
    assert "Rma" in told and "Roma" in told and "Parma" in told and "Torino" in told and "Did you mean" not in told


def test_a_plural_error_takes_each_language_s_form():
    from condottiere_nb.rulesets import STANDARD
    one = refusal(lambda: STANDARD.replace(name="x" * 0))
    many = refusal(lambda: STANDARD.replace(name="x" * 121))
    assert "(0 characters)" in str(one) and "(121 characters)" in str(many)
    assert "(121 caracteres)" in speaker("es").error(many) and "（121個字元）" in speaker("zh").error(many)
    single = RulesError.say_n("{n} character", "{n} characters", 1)
    assert str(single) == "1 character" and speaker("es").error(single) == "1 carácter"
    assert isinstance(IllegalMove.say_n("{n} character", "{n} characters", 2), IllegalMove)


def test_the_ruleset_options_state_their_allowed_values_in_each_language():
    from condottiere_nb.rulesets import STANDARD, allowed, allowed_sentence
    from dataclasses import fields
    for f in fields(STANDARD):
        english = allowed(f.metadata)
        assert speaker("en").value(allowed_sentence(f.metadata)) == english
        if f.metadata["kind"] != "choice":
            assert speaker("vi").value(allowed_sentence(f.metadata)) != english, f.name
    assert re.search(r"一副|牌堆", speaker("zh").value(allowed_sentence(fields(STANDARD)[2].metadata)))
