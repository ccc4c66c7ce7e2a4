"""The Practice widget with questions about the game around the battles: the position is a Game
(the map and table: who controls which region, the hands' sizes, the token; then the battle's
lines), answered by a click (a player, nobody) or a typed number; scored and explained."""
from __future__ import annotations

import pytest

pytest.importorskip("fsrs")  # the Practice widget's scheduler comes with the lab extra

from condottiere_nb.views.practice_model import PracticeModel, answer_choices, exercise_html


def test_the_position_shows_the_regions_the_hand_sizes_the_token_and_the_lines():
    m = PracticeModel(["game.victory", "round.end"], count=2, seed=3, lang="es")
    for ex in m.items:
        html = exercise_html(ex, "es")
        g = ex.position
        assert "<svg" in html                                       # the map
        for p in g.players:
            for region in g.regions_of(p):
                assert region in html
            n = len(g.hand(p))
            assert (f"{n} cartas" if n != 1 else "1 carta") in html      # the hand's size, not the cards
        assert "ficha de Condottiere" in html and g.region in html
        assert ex.say_question("es") in html
        assert "cnb-line-strength" not in html


def test_a_player_or_nobody_is_clicked_and_a_number_typed():
    m = PracticeModel(["region.conquered", "round.end"], count=2, seed=1, lang="vi")
    marker, cards = m.items
    assert marker.kind in ("marker", "victory") and cards.kind == "cards"
    assert [v for _l, v in answer_choices(marker, "vi")] == [*marker.plan.players, None]
    assert answer_choices(marker, "vi")[-1][0] == "không ai"
    assert answer_choices(cards) == []


def test_a_wrong_answer_then_the_right_one_scores_nothing_and_tells_the_mistake():
    m = PracticeModel("round.end", count=2, seed=4, lang="en")
    ex = m.exercise
    slip = ex.mistakes[0]
    assert m.answer(str(slip.answer)) is False
    assert "without a new deal" in m.feedback and "The end of a round" in m.feedback
    assert m.answer(str(ex.answer)) is True
    assert m.score == 0 and m.answered == 1 and m.ratings["round.end"].name == "Again"


def test_the_widget_takes_a_click_for_a_marker_and_a_typed_number_for_cards():
    pytest.importorskip("ipywidgets")
    from condottiere_nb.views import Practice
    p = Practice(["region.tied", "hand.discard"], count=2, seed=2, lang="en")
    ex = p.model.exercise
    assert ex.kind == "marker" and p.number_row.layout.display == "none"
    nobody = next(b for b in p.choices.children if b.description == "nobody")
    nobody.click()
    assert "Right" in p.feedback.value and p.model.score == 1
    p.next_button.click()
    ex = p.model.exercise
    assert ex.kind == "cards" and p.number_row.layout.display == "" and not p.choices.children
    p.number.value = str(ex.answer)
    assert "Right" in p.feedback.value and p.model.score == 2 and p.model.streak == 2
