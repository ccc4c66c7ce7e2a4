"""The Chinese city-state variant (zh-city-state-variant.txt): battle-level rules."""
import pytest

from condottiere_nb import Battle, get_ruleset

FINAL = "city-states-final"


def test_final_bishop_discards_the_drummers_first():
    # zh 三: in the final battle the Bishop discards Drummers, order 1. Drummers 2. Mercenaries 10, 6, ...
    text = "[Ana Ben] Ana 10, Ben 6, Ana drummer, Ben drummer, Ana 3, Ben bishop"
    r = Battle.from_notation(text, ruleset=FINAL).resolve()
    assert sorted(c.kind for c in r.discarded) == ["bishop", "drummer", "drummer"]
    assert r.strengths == {"Ana": 13, "Ben": 6}
    step = next(s for s in r.steps if s.rule == "card.bishop")
    assert "Drummers first" in step.text and "No Mercenary is discarded" in step.text
    # the same moves in a standard battle: the 10 goes, the Drummers stay
    std = Battle.from_notation(text).resolve()
    assert sorted(c.kind for c in std.discarded) == ["10", "bishop"]
    assert std.strengths == {"Ana": 6, "Ben": 12}


def test_final_bishop_without_drummers_takes_the_highest_as_usual():
    r = Battle.from_notation("[Ana Ben] Ana 10, Ben 6, Ana 10, Ben bishop", ruleset=FINAL).resolve()
    assert sorted(c.kind for c in r.discarded) == ["10", "10", "bishop"]
    assert r.strengths == {"Ana": 0, "Ben": 6}


def test_final_bishop_other_reading_drummers_and_highest():
    rs = get_ruleset(FINAL).replace(bishop_targets="drummers_and_highest")
    r = Battle.from_notation("[Ana Ben] Ana 10, Ben 6, Ana drummer, Ana 3, Ben bishop", ruleset=rs).resolve()
    assert sorted(c.kind for c in r.discarded) == ["10", "bishop", "drummer"]
    assert r.strengths == {"Ana": 3, "Ben": 6}


def test_final_bishop_ignores_a_face_down_drummer():
    rs = get_ruleset(FINAL).replace(hidden_cards=True)
    b = Battle(["Ana", "Ben"], rs)
    b.play("Ana", "5")
    b.play("Ana", "drummer", face_down=True)
    b.play("Ben", "bishop")
    # no face-up Drummer: the Bishop falls back to the highest Mercenary
    assert [c.kind for c in b.lines["Ana"]] == ["drummer"]


def test_final_courtesans_are_plain_ones():
    # zh 三: in the final battle a Courtesan is only a card of strength 1
    text = "[Ana Ben] Ana 10, Ben courtesan, Ben courtesan"
    final = Battle.from_notation(text, ruleset=FINAL).resolve()
    assert final.strengths == {"Ana": 10, "Ben": 2}
    assert final.token_holder == "Ana"
    assert Battle.from_notation(text).resolve().token_holder == "Ben"


def test_city_abilities_in_a_battle_sandbox_round_trip_through_notation_and_undo():
    from condottiere_nb.variants import city_states as cs

    b = Battle(["Ana", "Ben", "Cy"], "city-states")
    b.play("Ana", "courtesan")
    b.play("Ben", "3")
    cs.firenze_ball(b, "Cy", "10", "Ana")          # Cy lays a 10 face down, takes Ana's Courtesan
    cs.venezia_bribe(b, "Ana", "winter", "Ben:3")  # Ana discards a Winter, takes Ben's 3
    assert [c.kind for c in b.lines["Ana"]] == ["3"] and b.lines["Ben"] == []
    assert [c.kind for c in b.returned["Cy"]] == ["courtesan"]
    text = b.notation()
    assert "Cy firenze=10#" in text and ">courtesan#" in text and "Ana venezia=winter#" in text
    again = Battle.from_notation(text)
    assert again.notation() == text and again.resolve().strengths == b.resolve().strengths
    c = Battle.from_notation(text)
    c.undo()
    assert [c_.kind for c_ in c.lines["Ben"]] == ["3"] and c.lines["Ana"] == []
    with pytest.raises(Exception, match="1 to 5"):
        cs.venezia_bribe(c, "Ana", "winter", "Ben:10")


def test_city_ban_in_a_battle_sandbox():
    from condottiere_nb import IllegalMove
    from condottiere_nb.variants import city_states as cs

    b = Battle(["Ana", "Ben", "Cy"], "city-states")
    cs.ban(b.state, "Milano", "Ana")
    with pytest.raises(IllegalMove, match="Milano's ban keeps every Heroine out"):
        b.play("Ben", "heroine")
    b.play("Ben", "scarecrow")                     # Milano lets Scarecrows in
    cs.lift_ban(b.state, "Milano", "Ana")
    b.play("Cy", "heroine")
    assert b.strengths()["Cy"] == 10
    assert [s.rule for s in b.steps][0] == "city.milano" and "city.lift" in [s.rule for s in b.steps]
