"""The Persian tutorial's battle cards (fa-tutorial.txt): soldiers face down, Banner, Maiden, Weapon."""
import pytest

from condottiere_nb import Battle, IllegalMove, UnknownCard, get_ruleset
from condottiere_nb.rulesets import DECKS
from condottiere_nb.variants import persian

FA = "fa-tutorial"


def test_card_banner_worked_example_5_plus_3_is_16():
    # fa section 5: "a Banner and two soldiers of 5 and 3: your strength is 16, (5+3)x2"
    b = Battle(["Ana", "Ben"], FA)
    b.play("Ana", "5")
    b.play("Ana", "3")
    b.play("Ana", "banner")
    r = b.resolve()
    assert r.strengths == {"Ana": 16, "Ben": 0}
    assert r.winner == "Ana"


def test_card_banner_two_in_one_line_do_not_add_up():
    # fa exact rules: only one Banner is active; our reading 'per_line' is the Drummer's rule
    b = Battle(["Ana", "Ben"], FA)
    for card in ("5", "3", "banner", "banner"):
        b.play("Ana", card)
    assert b.resolve().strengths["Ana"] == 16


def test_card_banner_limit_one_per_battle_sets_later_banner_aside():
    moves = "[Ana Ben] Ana 5, Ben 4, Ana banner, Ben banner, Ana 1, Ben 3"
    per_line = Battle.from_notation(moves, ruleset=FA).resolve()
    assert per_line.strengths == {"Ana": 12, "Ben": 14} and per_line.winner == "Ben"
    one = get_ruleset(FA).replace(banner_limit="one_per_battle")
    b = Battle.from_notation(moves, ruleset=one)
    r = b.resolve()
    assert r.strengths == {"Ana": 12, "Ben": 7} and r.winner == "Ana"
    step = next(s for s in r.steps if s.rule == "card.banner")
    assert "Ben's Banner is set aside" in step.text
    assert [c.kind for c in r.discarded] == ["banner"]


def test_soldiers_are_laid_face_down_and_counted_at_the_end():
    b = Battle(["Ana", "Ben"], FA)
    b.play("Ana", "9")
    b.play("Ben", "7", face_down=True)     # saying so explicitly is allowed too
    assert b.strengths() == {"Ana": 0, "Ben": 0}    # nothing is announced while face down
    assert all(m.face_down for m in b.moves)
    r = b.resolve()
    assert r.strengths == {"Ana": 9, "Ben": 7}
    assert any(s.rule == "battle.reveal" for s in r.steps)


def test_specials_are_played_face_up_in_the_tutorial():
    b = Battle(["Ana", "Ben"], FA)
    with pytest.raises(IllegalMove, match="face up"):
        b.play("Ana", "banner", face_down=True)
    assert b.moves == []


def test_tutorial_deck_reading_and_the_other_reading():
    rs = get_ruleset(FA)
    counts = rs.counts
    assert sum(counts.values()) == 55
    assert [counts[str(v)] for v in range(1, 11)] == [4] * 10
    assert (counts["banner"], counts["maiden"], counts["weapon"]) == (5, 5, 5)
    other = rs.replace(deck="fa-tutorial-few-banners")
    assert (other.counts["banner"], other.counts["maiden"], other.counts["weapon"]) == (3, 6, 6)
    assert other.deck_name == "fa-tutorial-few-banners" and rs.deck_name == "fa-tutorial"
    assert set(DECKS) >= {"standard", "fa-tutorial", "fa-tutorial-few-banners"}


def test_deck_limits_banners_and_the_standard_deck_has_none():
    few = get_ruleset(FA).replace(deck="fa-tutorial-few-banners")
    b = Battle(["Ana", "Ben"], few)
    for _ in range(3):
        b.play("Ana", "banner")
    with pytest.raises(IllegalMove, match="only 3 Banner"):
        b.play("Ben", "banner")
    with pytest.raises(UnknownCard, match="not a card of this deck"):
        Battle(["Ana", "Ben"]).play("Ana", "banner")
    with pytest.raises(UnknownCard, match="no Mercenary of value '8'"):
        Battle(["Ana", "Ben"]).play("Ana", "8")


def test_card_maiden_removes_a_face_down_soldier_before_the_count():
    b = Battle(["Ana", "Ben"], FA)
    b.play("Ana", "10")
    b.play("Ana", "2")
    b.play("Ben", "6")
    b.play("Ben", "maiden", take="Ana:10")
    r = b.resolve()
    assert r.strengths == {"Ana": 2, "Ben": 6} and r.winner == "Ben"
    step = next(s for s in r.steps if s.rule == "card.maiden")
    assert "Ana's soldier card" in step.text and step.data["owner"] == "Ana"
    assert sorted(c.kind for c in r.discarded) == ["10", "maiden"]


def test_card_maiden_targets_reading():
    # our reading 'any': the region holds every line, your own included
    b = Battle(["Ana", "Ben"], FA)
    b.play("Ana", "1")
    b.play("Ana", "maiden", take="Ana:1")
    assert b.strengths() == {"Ana": 0, "Ben": 0} and b.lines["Ana"] == []
    strict = get_ruleset(FA).replace(maiden_targets="opponents")
    b = Battle(["Ana", "Ben"], strict)
    b.play("Ana", "1")
    with pytest.raises(IllegalMove, match="another player's line"):
        b.play("Ana", "maiden", take="Ana:1")
    with pytest.raises(IllegalMove, match="no soldier '1'"):
        b.play("Ana", "maiden", take="1")     # Ana's own 1 is not a target under 'opponents'
    assert len(b.moves) == 1 and [c.kind for c in b.lines["Ana"]] == ["1"]


def test_card_maiden_bad_targets_leave_the_battle_untouched():
    b = Battle(["Ana", "Ben", "Cy"], FA)
    b.play("Ana", "4")
    b.play("Ben", "4")
    before = b.notation()
    with pytest.raises(IllegalMove, match="Ana and Ben each have a 4"):
        b.play("Cy", "maiden", take="4")
    with pytest.raises(IllegalMove, match="'Dan', who is not a player"):
        b.play("Cy", "maiden", take="Dan:4")
    with pytest.raises(IllegalMove, match="no soldier"):
        b.play("Cy", "maiden", take="Ben:9")
    with pytest.raises(IllegalMove, match="only for a Scarecrow or a Maiden"):
        b.play("Cy", "weapon", take="Ben:4")
    assert b.notation() == before
    b.play("Cy", "maiden", take=None)      # a Maiden may remove nothing
    assert b.resolve().strengths == {"Ana": 4, "Ben": 4, "Cy": 0}


def test_card_maiden_notation_round_trip_and_undo():
    b = Battle(["Ana", "Ben"], FA)
    b.play("Ana", "8")
    b.play("Ben", "maiden", take="Ana:8")
    text = b.notation()
    assert "maiden>8#" in text and text.startswith("(fa-tutorial)")
    again = Battle.from_notation(text)
    assert again.notation() == text and again.resolve().strengths == {"Ana": 0, "Ben": 0}
    b.undo()
    assert [c.kind for c in b.lines["Ana"]] == ["8"]
    assert b.resolve().strengths == {"Ana": 8, "Ben": 0}


def test_card_weapon_owes_a_draw_and_is_discarded():
    b = Battle(["Ana", "Ben"], FA)
    b.play("Ana", "weapon")
    b.play("Ben", "3")
    b.play("Ana", "weapon")
    assert persian.owed_draws(b) == {"Ana": 2, "Ben": 0}
    assert b.lines["Ana"] == []
    steps = [s for s in b.steps if s.rule == "card.weapon"]
    assert len(steps) == 2 and "draws a card from the draw pile" in steps[0].text
    b.undo()
    assert persian.owed_draws(b) == {"Ana": 1, "Ben": 0}


def test_tutorial_tie_leaves_the_region_empty():
    # fa section 4: a tie leaves the region empty, nobody takes it
    r = Battle.from_notation("[Ana Ben] Ana 7, Ben 7", ruleset=FA).resolve()
    assert r.winner is None and r.tied == ["Ana", "Ben"]


def test_fast_path_agrees_on_the_tutorial():
    text = "[Ana Ben] Ana 5, Ben 9, Ana 3, Ana banner, Ben maiden>5#16, Ben banner"
    slow = Battle.from_notation(text, ruleset=FA).resolve()
    fast = Battle.from_notation(text, ruleset=FA, explain=False).resolve()
    assert slow.strengths == fast.strengths == {"Ana": 6, "Ben": 18}
