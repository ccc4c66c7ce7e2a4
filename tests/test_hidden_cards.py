"""Hidden Cards (vi, Luật mở rộng, Ẩn Bài), the ruleset 'hidden-cards'.

Cards may be played face down; announced strengths count face-up cards only; a Scarecrow
cannot take back a face-down card; a Bishop sees only face-up Mercenaries; everything is
revealed at the end.  What a face-down *special* does is the option face_down_specials:
'reveal' (our reading: it acts when revealed at the end; a face-down Bishop, Scarecrow or
Surrender is a bluff), 'on_play' (it acts at once, only its identity is hidden) and
'mercenaries_only' (only Mercenaries may be played face down).
"""
import pytest

from condottiere_nb import Battle, IllegalMove, get_ruleset

HIDDEN = get_ruleset("hidden-cards")
MODES = ("reveal", "on_play", "mercenaries_only")


def ruleset(mode):
    return HIDDEN.replace(face_down_specials=mode)


def kinds(b, player):
    return [c.kind for c in b.lines[player]]


def rules(steps):
    return [s.rule for s in getattr(steps, "steps", steps)]


def test_hidden_cards_is_a_named_ruleset_reading_reveal_by_default():
    assert HIDDEN.hidden_cards and HIDDEN.face_down_specials == "reveal"
    assert not get_ruleset("standard").hidden_cards


def test_play_face_down_outside_hidden_cards_is_illegal():
    b = Battle(["Ana", "Ben"])
    with pytest.raises(IllegalMove, match="face up under the 'standard' ruleset.*'hidden-cards'"):
        b.play("Ana", "10", face_down=True)
    assert b.lines == {"Ana": [], "Ben": []} and b.moves == []


def test_play_face_down_announced_strengths_count_face_up_cards_only():
    b = Battle(["Ana", "Ben"], "hidden-cards")
    b.play("Ana", "6")
    b.play("Ana", "10", face_down=True)
    b.play("Ana", "heroine", face_down=True)
    b.play("Ben", "4")
    assert b.strengths() == {"Ana": 6, "Ben": 4}
    s = [s for s in b.steps if s.rule == "play.face_down"]
    assert len(s) == 2 and all(x.text == "Ana plays a card face down; announced strengths count face-up "
                               "cards only." for x in s)
    assert all(x.strengths == {"Ana": 6, "Ben": 0} for x in s)
    assert "?10" in repr(b) and "?Heroine" in repr(b)


def test_battle_reveal_every_face_down_card_is_revealed_at_the_end():
    b = Battle(["Ana", "Ben"], "hidden-cards")
    b.play("Ana", "6")
    b.play("Ana", "10", face_down=True)
    b.play("Ben", "drummer", face_down=True)
    b.play("Ben", "5")
    assert b.strengths() == {"Ana": 6, "Ben": 5}
    b.pass_turn("Ana")
    b.pass_turn("Ben")
    r = b.resolve()
    assert r.strengths == {"Ana": 16, "Ben": 10}
    reveal = next(s for s in r.steps if s.rule == "battle.reveal")
    assert reveal.text == "Everyone reveals their face-down cards (Ana: 10; Ben: Drummer)."
    assert reveal.before == {"Ana": 6, "Ben": 5} and reveal.strengths == {"Ana": 16, "Ben": 10}
    assert b.face_down == set()
    assert rules(r).index("battle.reveal") < rules(r).index("strength.printed")


def test_play_face_down_a_player_may_pass_with_hidden_cards():
    b = Battle(["Ana", "Ben"], "hidden-cards", strict=True)
    b.play("Ana", "3", face_down=True)
    b.pass_turn("Ben")
    b.pass_turn("Ana")
    assert b.is_over and b.resolve().winner == "Ana"


def test_card_scarecrow_cannot_take_back_a_face_down_card():
    b = Battle(["Ana", "Ben"], "hidden-cards")
    b.play("Ana", "5", face_down=True)
    hidden = b.lines["Ana"][0]
    for take in ("5", hidden, f"5#{hidden.id}"):
        with pytest.raises(IllegalMove, match="face-down"):
            b.play("Ana", "scarecrow", take=take)
    assert kinds(b, "Ana") == ["5"] and len(b.moves) == 1


def test_card_scarecrow_takes_the_face_up_one_of_two():
    b = Battle(["Ana", "Ben"], "hidden-cards")
    b.play("Ana", "5")
    b.play("Ana", "5", face_down=True)
    up, down = b.lines["Ana"]
    b.play("Ana", "scarecrow", take="5")
    assert b.returned["Ana"] == [up] and b.lines["Ana"] == [down]


def test_card_bishop_sees_only_face_up_mercenaries():
    b = Battle(["Ana", "Ben"], "hidden-cards")
    b.play("Ana", "10", face_down=True)
    b.play("Ana", "3")
    b.play("Ben", "3")
    b.play("Ben", "2")
    b.play("Ben", "bishop")
    assert kinds(b, "Ana") == ["10"] and kinds(b, "Ben") == ["2"]
    r = b.resolve()
    assert r.strengths == {"Ana": 10, "Ben": 2}


def test_card_bishop_with_only_face_down_mercenaries_discards_nothing():
    b = Battle(["Ana", "Ben"], "hidden-cards")
    b.play("Ana", "10", face_down=True)
    b.play("Ben", "bishop")
    assert kinds(b, "Ana") == ["10"] and b.favor == "Ben"


# -- face_down_specials: one battle whose outcome differs between the three readings -------------

def bishop_bluff(mode):
    b = Battle(["Ana", "Ben"], ruleset(mode))
    b.play("Ana", "10")
    b.play("Ben", "6")
    b.play("Ben", "bishop", face_down=True)
    return b


def test_face_down_specials_reveal_a_face_down_bishop_is_a_bluff():
    b = bishop_bluff("reveal")
    assert kinds(b, "Ana") == ["10"] and b.favor is None
    r = b.resolve()
    assert r.winner == "Ana" and r.favor is None
    bluff = [s for s in r.steps if s.rule == "battle.reveal"][-1]
    assert "Ben's face-down Bishop was a bluff" in bluff.text
    assert any(c.kind == "bishop" for c in r.discarded)


def test_face_down_specials_on_play_a_face_down_bishop_acts_at_once():
    b = bishop_bluff("on_play")
    assert kinds(b, "Ana") == [] and b.favor == "Ben"
    r = b.resolve()
    assert r.winner == "Ben" and r.favor == "Ben"


def test_face_down_specials_mercenaries_only_refuses_a_face_down_bishop():
    with pytest.raises(IllegalMove, match="only Mercenaries may be played face down, not a Bishop"):
        bishop_bluff("mercenaries_only")
    b = Battle(["Ana", "Ben"], ruleset("mercenaries_only"))
    b.play("Ana", "10", face_down=True)
    assert b.strengths() == {"Ana": 0, "Ben": 0}


def test_face_down_specials_the_three_readings_give_three_outcomes():
    outcomes = {}
    for mode in MODES:
        b = Battle(["Ana", "Ben"], ruleset(mode))
        b.play("Ana", "10")
        b.play("Ben", "6")
        try:
            b.play("Ben", "bishop", face_down=True)
        except IllegalMove:
            b.play("Ben", "bishop")   # the Bishop must then be played face up: it acts, openly
            b.play("Ana", "1")
        r = b.resolve()
        outcomes[mode] = (r.strengths["Ana"], r.strengths["Ben"], r.favor)
    assert outcomes == {"reveal": (10, 6, None), "on_play": (0, 6, "Ben"), "mercenaries_only": (1, 6, "Ben")}


def test_face_down_specials_reveal_a_face_down_surrender_does_not_end_the_battle():
    b = Battle(["Ana", "Ben"], ruleset("reveal"))
    b.play("Ana", "surrender", face_down=True)
    assert not b.is_over
    b.play("Ben", "10")
    assert b.resolve().winner == "Ben"


def test_face_down_specials_on_play_a_face_down_surrender_ends_it():
    b = Battle(["Ana", "Ben"], ruleset("on_play"))
    b.play("Ana", "3")
    b.play("Ana", "surrender", face_down=True)
    assert b.is_over
    with pytest.raises(IllegalMove):
        b.play("Ben", "10")
    assert b.resolve().winner == "Ana"


def test_face_down_specials_reveal_a_face_down_scarecrow_cannot_take():
    b = Battle(["Ana", "Ben"], ruleset("reveal"))
    b.play("Ana", "5")
    with pytest.raises(IllegalMove, match="face-down Scarecrow does nothing until it is revealed"):
        b.play("Ana", "scarecrow", face_down=True, take="5")
    b.play("Ana", "scarecrow", face_down=True, take=None)
    assert kinds(b, "Ana") == ["5", "scarecrow"]
    r = b.resolve()
    assert kinds(b, "Ana") == ["5"] and r.strengths["Ana"] == 5


def test_face_down_specials_on_play_a_face_down_scarecrow_takes_at_once():
    b = Battle(["Ana", "Ben"], ruleset("on_play"))
    b.play("Ana", "5")
    b.play("Ana", "scarecrow", face_down=True, take="5")
    assert kinds(b, "Ana") == [] and [c.kind for c in b.returned["Ana"]] == ["5"]


def test_face_down_specials_reveal_a_face_down_winter_acts_only_at_the_end():
    b = Battle(["Ana", "Ben"], ruleset("reveal"))
    b.play("Ana", "10")
    b.play("Ben", "winter", face_down=True)
    b.play("Ben", "2")
    assert b.strengths() == {"Ana": 10, "Ben": 2}       # nobody knows about the Winter yet
    r = b.resolve()
    assert r.strengths == {"Ana": 1, "Ben": 1} and r.winner is None


def test_face_down_specials_reveal_a_face_up_season_does_not_see_a_face_down_one():
    # The face-up Spring cannot discard a card nobody has seen; revealed at the end, the
    # Winter acts then and discards the Spring.
    b = Battle(["Ana", "Ben"], ruleset("reveal"))
    b.play("Ana", "10")
    b.play("Ben", "winter", face_down=True)
    b.play("Ana", "spring")
    assert [c.kind for c in b.in_play()] == ["10", "spring", "winter"]
    assert b.strengths() == {"Ana": 13, "Ben": 0}
    r = b.resolve()
    assert r.strengths == {"Ana": 1, "Ben": 0}
    cancel = [s for s in r.steps if s.rule == "season.cancel"]
    assert len(cancel) == 1 and cancel[0].player == "Ben"


def test_face_down_specials_on_play_the_later_face_up_season_discards_the_hidden_one():
    b = Battle(["Ana", "Ben"], ruleset("on_play"))
    b.play("Ana", "10")
    b.play("Ben", "winter", face_down=True)
    assert b.strengths() == {"Ana": 10, "Ben": 0}       # announced totals count face-up cards only
    b.play("Ana", "spring")
    assert [c.kind for c in b.in_play()] == ["10", "spring"]
    assert b.resolve().strengths == {"Ana": 13, "Ben": 0}


def test_face_down_specials_reveal_two_hidden_seasons_the_last_played_stays():
    b = Battle(["Ana", "Ben"], ruleset("reveal"))
    b.play("Ana", "10")
    b.play("Ben", "winter", face_down=True)
    b.play("Ana", "spring", face_down=True)
    r = b.resolve()
    assert [c.kind for c in b.in_play()] == ["10", "spring"]
    assert r.strengths == {"Ana": 13, "Ben": 0}


def test_hidden_cards_explain_false_gives_the_same_result():
    def build(explain):
        b = Battle(["Ana", "Ben", "Cy"], ruleset("reveal"), explain=explain)
        b.play("Ana", "10")
        b.play("Ben", "winter", face_down=True)
        b.play("Cy", "bishop", face_down=True)
        b.play("Ana", "spring")
        b.play("Cy", "6", face_down=True)
        return b
    a, c = build(True).resolve(), build(False).resolve()
    assert (a.strengths, a.winner, a.token_holder, a.favor) == (c.strengths, c.winner, c.token_holder, c.favor)
    assert sorted(x.id for x in a.discarded) == sorted(x.id for x in c.discarded)


def test_preview_of_a_hidden_battle_leaves_the_cards_face_down():
    b = Battle(["Ana", "Ben"], "hidden-cards")
    b.play("Ana", "10", face_down=True)
    b.play("Ben", "winter", face_down=True)
    p = b.preview()
    assert p.strengths == {"Ana": 1, "Ben": 0}
    assert len(b.face_down) == 2 and b.strengths() == {"Ana": 0, "Ben": 0}
    fast = Battle.from_notation(b.notation(), explain=False)
    assert fast.preview().strengths == p.strengths and len(fast.face_down) == 2


def test_card_surrender_with_face_down_cards_says_they_are_revealed_before_the_count():
    """Issue 29: a Surrender in the hidden-cards variant shows the announced strengths (face-up cards
    only); its step says the face-down cards are revealed before the count, so the result under it
    (Ana's hidden 10 wins) does not contradict it."""
    from condottiere_nb import Battle
    b = Battle(["Ana", "Ben"], "hidden-cards")
    b.play("Ana", "10", face_down=True)
    b.play("Ben", "5")
    b.play("Ana", "surrender")
    step = next(s for s in b.steps if s.rule == "card.surrender")
    assert step.strengths["Ben"] == 5 and step.strengths["Ana"] == 0
    assert "face-down cards are revealed before" in step.text
    assert b.resolve().winner == "Ana"
