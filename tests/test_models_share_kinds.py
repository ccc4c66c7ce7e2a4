"""The builder and the game model share face-down play (AsksChoices), so both read a card's kind
the same way: a name that is no card is a RulesError from either, never an AttributeError."""
import pytest

pytest.importorskip("ipywidgets")

from condottiere_nb.errors import RulesError
from condottiere_nb.views.game_model import GameModel
from condottiere_nb.views.model import BuilderModel


@pytest.mark.parametrize("make", [lambda: BuilderModel(), lambda: GameModel(ruleset="hidden-cards")])
def test_face_down_allowed_reads_a_kind_in_both_models(make):
    model = make()
    assert model.face_down_allowed("winter") in (True, False)
    with pytest.raises(RulesError, match="Ana"):
        model.face_down_allowed("Ana")
