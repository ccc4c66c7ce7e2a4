"""The players still to pass, in a refused resolve(), are joined in the learner's language."""
import pytest

from condottiere_nb import Battle
from condottiere_nb.errors import IllegalMove
from condottiere_nb.language import speaker


def _refused() -> IllegalMove:
    b = Battle(["Ana", "Ben", "Cy"], strict=True)
    with pytest.raises(IllegalMove) as caught:
        b.resolve()
    return caught.value


def test_players_still_to_pass_are_joined_in_english():
    assert "Ana, Ben and Cy still have to pass" in str(_refused())


def test_players_still_to_pass_are_joined_in_vietnamese():
    said = speaker("vi").error(_refused())
    assert "Ana, Ben và Cy" in said and " and " not in said
