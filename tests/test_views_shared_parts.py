"""The parts the views now share (issue 28's shorter views): refusals that name a ruleset or a card's
choice, the quick replay check, and the cursor controls of the stepper and the comparison."""
import pickle

import pytest

from condottiere_nb import Battle
from condottiere_nb.errors import RulesError
from condottiere_nb.language import speaker
from condottiere_nb.rulesets import get_ruleset
from condottiere_nb.views.compare import can_replay, replay
from condottiere_nb.views.model import BuilderModel


def test_a_replay_refusal_names_its_ruleset_in_each_language_and_pickles():
    b = Battle(["Ana", "Ben"], "hidden-cards")
    b.play("Ana", "10")
    b.play("Ben", "courtesan", face_down=True)
    with pytest.raises(RulesError) as caught:
        replay(b, "standard")
    again = pickle.loads(pickle.dumps(caught.value))
    assert "under Standard rules" in str(again)
    assert "Reglas estándar" in speaker("es").error(again) and "Standard rules" not in speaker("es").error(again)


def test_a_wrong_choice_lists_the_choices_in_the_learners_language_and_pickles():
    m = BuilderModel(["Ana", "Ben"])
    m.play("10")
    m.play("5")
    m.select("Ana")
    m.click("scarecrow")
    assert m.choose("xx") is False
    assert m.message == "'xx' is not one of the choices: take nothing back, take back the 10"
    m.set_lang("es")
    assert m.message == "'xx' no es una de las opciones: no recuperar nada, recuperar el 10"
    assert m.cancel_choice() and m.pending is None


@pytest.mark.parametrize("moves, rules, expected", [
    ([("Ana", "10", False), ("Ben", "courtesan", True)], "standard", True),     # laid face up there
    ([("Ana", "10", True)], "hidden-cards", True),
    ([("Ana", "surrender", False)], "hidden-cards", True),
    ([("Ana", "heroine", False)], "standard", True),
])
def test_can_replay_reads_the_ways_and_the_deck(moves, rules, expected):
    b = Battle(["Ana", "Ben"], "hidden-cards", strict=False)
    for player, kind, down in moves:
        b.play(player, kind, face_down=down)
    assert can_replay(b, get_ruleset(rules)) is expected


def test_can_replay_refuses_more_cards_of_a_kind_than_the_deck_holds():
    b = Battle(["Ana", "Ben"], strict=False)
    for _ in range(get_ruleset("standard").counts["winter"]):
        b.play("Ana", "winter")
    smaller = get_ruleset("standard").replace(name="one winter", deck={**get_ruleset("standard").counts, "winter": 1})
    assert can_replay(b, get_ruleset("standard")) and not can_replay(b, smaller)


def test_the_explorers_choice_has_the_builders_cancel_in_the_learners_language():
    pytest.importorskip("ipywidgets")
    from condottiere_nb import Game
    from condottiere_nb.game import PlaceToken
    from condottiere_nb.views import GameExplorer
    ge = GameExplorer(["Ana", "Ben"], seed=3, lang="es")
    m = ge.model
    m.game = Game(["Ana", "Ben"], seed=3, hands={"Ana": ["5", "scarecrow", "3"], "Ben": ["10", "2", "4"]})
    m.act(PlaceToken("Roma"))
    m.play("5")
    m.run_bots()
    ge.hand_cards[[c.kind for c in m.hand()].index("scarecrow")].button.click()
    cancel = ge.choice_box.children[-1]
    assert "cnb-game-choice-cancel" in cancel._dom_classes and cancel.description == "Cancelar"
    assert cancel.tooltip == speaker("es").say("do not play the card") != "do not play the card"
    cancel.click()
    assert m.pending is None and ge.choice_box.layout.display == "none" and ge.choice_box.children == ()


def test_stepper_and_comparison_share_their_cursor_controls():
    pytest.importorskip("ipywidgets")
    from condottiere_nb.views import CompareView, Stepper
    b = Battle(["Ana", "Ben"], "hidden-cards")
    b.play("Ana", "10")
    b.play("Ben", "courtesan", face_down=True)
    st, cv = Stepper(lang="fa"), CompareView(lang="fa")
    assert st.prev_button.description == cv.prev_button.description == speaker("fa").say("◀ Previous")
    assert st.lines.value == "" and cv.body.value == ""
    st.set_model(Stepper(b.preview()).model)
    cv.set_model(CompareView(b, "hidden-cards", "standard").model)
    for view in (st, cv):
        assert view.prev_button.description == "◀ Previous" and view.slider.max == len(view.model) > 1
        view.next_button.click()
        assert view.model.index == view.slider.value - 1 and not view.prev_button.disabled
        view.slider.value = 1
        assert view.model.index == 0 and view.prev_button.disabled
