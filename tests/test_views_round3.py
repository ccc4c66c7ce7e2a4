"""The views' models under bad input, round three (issue 31): deal numbers, a learner's
callbacks, the builder's arguments, copies.  Each test failed at commit 0e1aacd."""
import copy
import pickle

import pytest

from condottiere_nb import Battle, Game
from condottiere_nb.views.game_model import GameModel
from condottiere_nb.views.model import BuilderModel, StepperModel


def _game_pickles() -> bool:
    try:
        pickle.dumps(Game(3, seed=1))
    except TypeError:
        return False
    return True


# -- deal numbers ---------------------------------------------------------------------------------

def test_a_game_model_dealt_without_a_seed_deals_a_new_game_each_time():
    first, second = GameModel(["Ana", "Ben", "Cy"]), GameModel(["Ana", "Ben", "Cy"])
    assert isinstance(first.seed, int) and first.seed == first.game.seed
    assert first.seed != second.seed and first.game.hands != second.game.hands
    seed = first.seed
    assert first.new_game() and first.seed == seed + 1        # "the next deal" works from a drawn seed


@pytest.mark.parametrize("number", ["12", "a deal", 10 ** 40, -1, 2.5, True, [3]],
                         ids=["text of digits", "text", "41 digits", "negative", "a float", "True", "a list"])
def test_a_wrong_deal_number_is_refused_and_changes_nothing(number):
    m = GameModel(["Ana", "Ben", "Cy"], seed=5)
    m.act(m.other_actions()[0][1])
    game, seed, saved = m.game, m.seed, m.game.to_json()
    assert m.new_game(number) is False
    assert m.message_kind == "error" and "deal number is a whole number" in m.message
    assert m.game is game and m.seed == seed and m.game.to_json() == saved
    assert m.new_game(10 ** 40 - 1) and m.seed == 10 ** 40 - 1        # the longest is allowed


# -- a learner's callbacks --------------------------------------------------------------------------

def test_an_error_in_a_learners_callback_is_shown_not_swallowed():
    m = BuilderModel(["Ana", "Ben"])
    seen = []
    m.observe(lambda model: seen.append("view"))

    def my_callback(model):
        raise ValueError("my own mistake")

    m.observe(my_callback)
    m.observe(lambda model: seen.append("after"))
    assert m.play("10") is True                       # the move stands: it is the callback that failed
    assert m.notation() == "[Ana Ben] Ana 10"
    assert m.message_kind == "error"
    assert "my_callback" in m.message and "ValueError: my own mistake" in m.message
    assert isinstance(m.observer_error, ValueError)
    # every other observer was told, and told again to show the message
    assert seen == ["view", "after", "view", "after"]


def test_a_callback_error_reaches_the_builder_widgets_message():
    pytest.importorskip("ipywidgets")
    from condottiere_nb.views import BattleBuilder
    bb = BattleBuilder(players=["Ana", "Ben"])
    bb.model.observe(lambda model: 1 / 0)
    bb.palette["10"].click()
    assert "ZeroDivisionError" in bb.message.value


def test_an_error_in_a_callback_of_a_stepper_is_raised_after_the_others_are_told():
    b = Battle.from_notation("[Ana Ben] Ana 10, Ben winter, Ana 5")
    m = StepperModel(b.resolve())
    seen = []
    m.observe(lambda model: 1 / 0)
    m.observe(lambda model: seen.append(model.index))
    with pytest.raises(ZeroDivisionError):
        m.next()
    assert seen == [1]


# -- the builder's arguments -------------------------------------------------------------------

@pytest.mark.parametrize("call", [
    lambda m: m.set_players("Ana"), lambda m: m.set_players(5), lambda m: m.set_players(None),
    lambda m: m.set_players(["A"] * 7), lambda m: m.rename("0", "Cy"), lambda m: m.rename(None, "Cy"),
    lambda m: m.play(["10"]), lambda m: m.play({"kind": "10"}), lambda m: m.click([1]), lambda m: m.click(None),
    lambda m: m.set_face_down("yes"), lambda m: m.set_face_down(None), lambda m: m.set_player_count("3"),
], ids=["players a name", "players 5", "players None", "seven players", "seat a text", "seat None", "play a list",
        "play a dict", "click a list", "click None", "face down 'yes'", "face down None", "count a text"])
def test_every_builder_call_checks_its_arguments(call):
    m = BuilderModel(["Ana", "Ben"])
    m.play("10")
    before = (m.players, m.notation(), m.selected, m.face_down)
    assert call(m) is False
    assert m.message_kind == "error" and m.message
    assert (m.players, m.notation(), m.selected, m.face_down) == before


def test_builder_readings_refuse_what_is_not_a_card():
    from condottiere_nb import RulesError
    m = BuilderModel(["Ana", "Ben"])
    for call in (lambda: m.choices_for([1]), lambda: m.sample({}), lambda: m.card_label(None)):
        with pytest.raises(RulesError, match="a card is named by a string"):
            call()


# -- copies --------------------------------------------------------------------------------------

def _copies(model):
    return [pickle.loads(pickle.dumps(model)), copy.deepcopy(model)]


def test_a_builder_model_pickles_and_copies_with_its_observers_and_message():
    m = BuilderModel(["Ana", "Ben"], ruleset="hidden-cards", lang="es")
    m.observe(lambda model: None)
    for kind in ("10", "winter", "5"):
        m.play(kind)
    m.play("nonsense")                                # an error message, told as a function of the words
    assert m.resolve()
    for other in _copies(m):
        assert other.notation() == m.notation() and other.message == m.message
        assert other.stepper.resolution.winner == m.stepper.resolution.winner
        assert other.undo() and other.notation() != m.notation()     # independent of the original
        assert other.play("2") and "2" in other.notation()


def test_a_stepper_model_pickles_and_copies():
    m = StepperModel(Battle.from_notation("[Ana Ben] Ana 10, Ben winter").resolve())
    m.next()
    for other in _copies(m):
        assert other.index == 1 and len(other) == len(m)


def _pickles(x) -> bool:
    try:
        pickle.dumps(x)
    except TypeError:
        return False
    return True


def test_a_game_model_pickles_and_copies():
    m = GameModel(["Ana", "Ben", "Cy"], seed=4)
    m.observe(lambda model: None)
    m.act(m.other_actions()[0][1])
    for other in _copies(m):
        assert other.game.to_json() == m.game.to_json() and other.message == m.message
        other.pass_turn()                                # the copy plays on, the original stays
        assert len(other.game.actions) > len(m.game.actions)
