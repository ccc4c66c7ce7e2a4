"""The worked battle examples of the rulebooks (docs/rules.md), each a test named after its rule.

The region-level examples (dealing, continuous war, scoring) belong to the Game's tests.
"""
from condottiere_nb import Battle


def cards_of(battle, player):
    return [c.kind for c in battle.lines[player]]


def step(resolution_or_steps, rule):
    steps = getattr(resolution_or_steps, "steps", resolution_or_steps)
    found = [s for s in steps if s.rule == rule]
    assert found, f"no {rule} step in {[s.rule for s in steps]}"
    return found[-1]


def test_season_winter_example_10_5_4_counts_3():
    # docs/rules.md: "Winter: 10 + 5 + 4 with Winter in play = 3."
    b = Battle(["Ana", "Ben"])
    for card in ("10", "5", "4"):
        b.play("Ana", card)
    b.play("Ben", "winter")
    assert b.strengths() == {"Ana": 3, "Ben": 0}
    r = b.resolve()
    assert r.strengths == {"Ana": 3, "Ben": 0}
    assert r.winner == "Ana"
    s = step(r, "season.winter")
    assert s.text == "Winter is in play: each Mercenary counts 1 (Ana's 10, 5 and 4 become 1 each)."
    assert s.before == {"Ana": 19, "Ben": 0} and s.strengths == {"Ana": 3, "Ben": 0}
    assert sorted(s.cards) == sorted(c.id for c in b.lines["Ana"])
    assert all(r.values[c.id] == 1 for c in b.lines["Ana"])


def test_season_spring_example_huy_12_hoang_15():
    # vi, Mùa Xuân: Huy 2, 2, 5; Hoàng 1, 4, Heroine and Spring.  Huy's 5 is the highest
    # Mercenary (the Heroine's 10 does not count as the highest): Huy 12, Hoàng 15.
    b = Battle(["Huy", "Hoàng"])
    for card in ("2", "2", "5"):
        b.play("Huy", card)
    for card in ("1", "4", "heroine", "spring"):
        b.play("Hoàng", card)
    r = b.resolve()
    assert r.strengths == {"Huy": 12, "Hoàng": 15}
    assert r.winner == "Hoàng" and r.token_holder == "Hoàng"
    s = step(r, "season.spring")
    five = next(c for c in b.lines["Huy"] if c.kind == "5")
    assert s.cards == (five.id,)
    assert "highest printed Mercenary in play is 5" in s.text
    assert "Huy's 5 gets +3" in s.text
    assert "Heroine is not a Mercenary" in s.text
    assert s.before == {"Huy": 9, "Hoàng": 5} and s.strengths == {"Huy": 12, "Hoàng": 5}
    assert step(r, "strength.characters").strengths == {"Huy": 12, "Hoàng": 15}
    assert r.values[five.id] == 8


def test_card_bishop_example_huy_5_hoang_2_and_the_favor():
    # vi, Giám Mục: Huy 6, 3, 1, 1; Hoàng 6, 1, 1 then a Bishop: both 6s go; Hoàng earns the Favor.
    b = Battle(["Huy", "Hoàng"])
    for card in ("6", "3", "1", "1"):
        b.play("Huy", card)
    for card in ("6", "1", "1"):
        b.play("Hoàng", card)
    sixes = [c for p in b.players for c in b.lines[p] if c.kind == "6"]
    b.play("Hoàng", "bishop")
    assert cards_of(b, "Huy") == ["3", "1", "1"]
    assert cards_of(b, "Hoàng") == ["1", "1"]
    assert b.strengths() == {"Huy": 5, "Hoàng": 2}
    assert b.favor == "Hoàng"
    s = step(b.steps, "card.bishop")
    assert sorted(s.cards) == sorted(c.id for c in sixes)
    assert "Huy's 6 and Hoàng's 6" in s.text
    assert s.before == {"Huy": 11, "Hoàng": 8} and s.strengths == {"Huy": 5, "Hoàng": 2}
    favor = step(b.steps, "token.favor")
    assert favor.player == "Hoàng" and "Hoàng earns the Pope's Favor" in favor.text
    r = b.resolve()
    assert r.strengths == {"Huy": 5, "Hoàng": 2}
    assert r.winner == "Huy" and r.favor == "Hoàng"
    assert set(sixes) <= set(r.discarded)


def test_card_bishop_hidden_cards_example_keeps_the_face_down_10():
    # vi, Ẩn Bài: Huy has two 6s face up and a 10 face down; Hân 5, 1, 1 and plays a Bishop:
    # the two 6s go, the hidden 10 stays (the Bishop sees only face-up Mercenaries).
    b = Battle(["Huy", "Hân"], "hidden-cards")
    b.play("Huy", "6")
    b.play("Huy", "6")
    b.play("Huy", "10", face_down=True)
    for card in ("5", "1", "1"):
        b.play("Hân", card)
    assert b.strengths() == {"Huy": 12, "Hân": 7}
    b.play("Hân", "bishop")
    assert cards_of(b, "Huy") == ["10"]
    assert b.strengths() == {"Huy": 0, "Hân": 7}
    s = step(b.steps, "card.bishop")
    assert "Huy's two 6s" in s.text and "Face-down cards are not seen" in s.text
    assert len(s.cards) == 2 and all(b.deck[i].kind == "6" for i in s.cards)
    r = b.resolve()
    assert r.strengths == {"Huy": 10, "Hân": 7}
    assert r.winner == "Huy" and r.favor == "Hân"
    assert step(r, "battle.reveal").text == "Everyone reveals their face-down cards (Huy: 10)."


def test_card_drummer_example_spring_after_doubling():
    # vi, Người Đánh Trống: with Spring, the drummed Mercenaries double first, then +3.
    b = Battle(["Huy", "Hoàng"])
    b.play("Huy", "5")
    b.play("Huy", "drummer")
    b.play("Hoàng", "4")
    b.play("Hoàng", "spring")
    r = b.resolve()
    assert r.strengths == {"Huy": 13, "Hoàng": 4}
    assert "drummed 5 counts 13" in step(r, "season.spring").text


def test_card_drummer_example_winter_makes_2_each():
    # vi, Người Đánh Trống: "with Winter, each Mercenary with a Drummer counts 2 instead of 1".
    b = Battle(["Huy", "Hoàng"])
    for card in ("10", "6", "drummer"):
        b.play("Huy", card)
    b.play("Hoàng", "winter")
    r = b.resolve()
    assert r.strengths == {"Huy": 4, "Hoàng": 0}
    assert "counts 2" in step(r, "card.drummer").text
