"""Every ruling of docs/rules.md that a battle resolves, with its edges.

Tests are named after the rule ids the Steps carry (season.winter -> test_season_winter_...),
so a reader can go from a Step to the rule's tests and back.
"""
import pytest

from condottiere_nb import RULES, Battle, IllegalMove, get_ruleset


def play(b, player, *cards):
    for card in cards:
        b.play(player, card)


def kinds(b, player):
    return [c.kind for c in b.lines[player]]


def steps_of(steps, rule):
    steps = getattr(steps, "steps", steps)
    return [s for s in steps if s.rule == rule]


def one_step(steps, rule):
    found = steps_of(steps, rule)
    assert len(found) == 1, f"expected one {rule} step, got {len(found)}"
    return found[0]


def ids(b, player, kind):
    return [c.id for c in b.lines[player] if c.kind == kind]


def test_every_rule_id_used_here_is_registered():
    for rule in ["season.winter", "season.cancel", "season.spring", "card.drummer", "card.bishop",
                 "token.favor", "card.scarecrow", "card.surrender", "strength.characters",
                 "battle.compare", "token.condottiere", "play.pass", "play.card", "play.wait",
                 "battle.end", "strength.printed"]:
        assert rule in RULES and RULES[rule].title and RULES[rule].source and RULES[rule].function, rule


# -- season.winter ---------------------------------------------------------------------------

def test_season_winter_counts_every_mercenary_in_every_line_as_1():
    b = Battle(["Ana", "Ben", "Cy"])
    play(b, "Ana", "10", "6")
    play(b, "Ben", "2", "winter")
    play(b, "Cy", "1")
    r = b.resolve()
    assert r.strengths == {"Ana": 2, "Ben": 1, "Cy": 1}
    s = one_step(r, "season.winter")
    assert "Ana's 10 and 6 become 1 each" in s.text and "Ben's 2 becomes 1" in s.text
    assert s.before == {"Ana": 16, "Ben": 2, "Cy": 1}


def test_season_winter_several_winters_are_not_cumulative():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "10", "winter")
    play(b, "Ben", "5", "winter", "winter")
    assert sum(c.kind == "winter" for c in b.in_play()) == 3
    assert b.resolve().strengths == {"Ana": 1, "Ben": 1}


def test_season_winter_leaves_heroine_and_courtesan_alone():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "heroine", "courtesan", "4", "winter")
    r = b.resolve()
    assert r.strengths == {"Ana": 12, "Ben": 0}
    assert one_step(r, "season.winter").cards == tuple(ids(b, "Ana", "4"))


def test_season_winter_with_no_mercenary_in_play_changes_nothing():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "heroine", "winter")
    r = b.resolve()
    assert r.strengths == {"Ana": 10, "Ben": 0}
    assert one_step(r, "season.winter").cards == ()


# -- season.cancel -----------------------------------------------------------------------------

def test_season_cancel_winter_discards_every_spring_on_play():
    b = Battle(["Ana", "Ben", "Cy"])
    play(b, "Ana", "spring", "10")
    play(b, "Ben", "spring")
    springs = ids(b, "Ana", "spring") + ids(b, "Ben", "spring")
    play(b, "Cy", "winter")
    assert "spring" not in kinds(b, "Ana") + kinds(b, "Ben")
    assert sorted(c.id for c in b.discarded) == sorted(springs)
    s = one_step(b.steps, "season.cancel")
    assert s.player == "Cy" and sorted(s.cards) == sorted(springs)
    assert s.text.startswith("Cy's Winter discards every Spring in play (Ana's Spring and Ben's Spring)")
    assert s.before == {"Ana": 13, "Ben": 0, "Cy": 0} and s.strengths == {"Ana": 1, "Ben": 0, "Cy": 0}
    assert b.resolve().strengths == {"Ana": 1, "Ben": 0, "Cy": 0}


def test_season_cancel_spring_discards_every_winter_including_its_own_players():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "winter", "winter", "5")
    play(b, "Ben", "6")
    winters = ids(b, "Ana", "winter")
    play(b, "Ana", "spring")
    assert kinds(b, "Ana") == ["5", "spring"]
    s = one_step(b.steps, "season.cancel")
    assert "Ana's two Winters" in s.text and sorted(s.cards) == sorted(winters)
    assert b.resolve().strengths == {"Ana": 5, "Ben": 9}


def test_season_cancel_only_the_season_played_last_stays():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "10")
    for i, season in enumerate(["winter", "spring", "winter", "spring", "winter"]):
        b.play("Ben" if i % 2 else "Ana", season)
        assert [c.kind for c in b.in_play() if c.kind in ("winter", "spring")] == [season]
    assert b.resolve().strengths == {"Ana": 1, "Ben": 0}
    assert len(steps_of(b.steps, "season.cancel")) == 4


def test_season_cancel_hits_a_passed_players_season():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "winter", "10")
    b.pass_turn("Ana")
    b.play("Ben", "spring")
    assert kinds(b, "Ana") == ["10"]


def test_season_cancel_no_step_when_there_is_nothing_to_discard():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "winter")
    play(b, "Ben", "winter")
    assert steps_of(b.steps, "season.cancel") == []
    assert b.steps[-1].text == "Ben plays a Winter and announces 0."


# -- card.drummer -----------------------------------------------------------------------------------

def test_card_drummer_doubles_only_its_own_lines_mercenaries():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "5", "3", "drummer")
    play(b, "Ben", "6")
    r = b.resolve()
    assert r.strengths == {"Ana": 16, "Ben": 6}
    s = one_step(r, "card.drummer")
    assert "Ana's Drummer doubles Ana's Mercenaries (8 -> 16)" in s.text
    assert sorted(s.cards) == sorted(ids(b, "Ana", "5") + ids(b, "Ana", "3"))


def test_card_drummer_several_drummers_are_not_cumulative():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "5", "drummer", "drummer", "drummer")
    r = b.resolve()
    assert r.strengths == {"Ana": 10, "Ben": 0}
    assert "three Drummers, which do not add up" in one_step(r, "card.drummer").text


def test_card_drummer_with_winter_each_mercenary_counts_2():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "10", "6", "1", "drummer")
    play(b, "Ben", "10", "winter")
    r = b.resolve()
    assert r.strengths == {"Ana": 6, "Ben": 1}
    s = one_step(r, "card.drummer")
    assert s.before == {"Ana": 3, "Ben": 1} and "counts 2" in s.text
    assert all(r.values[i] == 2 for i in ids(b, "Ana", "10") + ids(b, "Ana", "6") + ids(b, "Ana", "1"))


def test_card_drummer_with_spring_doubles_then_adds_3():
    # A drummed 5 becomes 13 (docs/rules.md, Spring).
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "5", "5", "drummer")
    play(b, "Ben", "4", "spring")
    r = b.resolve()
    assert r.strengths == {"Ana": 26, "Ben": 4}
    assert all(r.values[i] == 13 for i in ids(b, "Ana", "5"))
    s = one_step(r, "season.spring")
    assert s.before == {"Ana": 20, "Ben": 4}
    assert "drummed 5s count 13 each" in s.text


def test_card_drummer_leaves_heroine_and_courtesan_alone():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "heroine", "courtesan", "drummer")
    r = b.resolve()
    assert r.strengths == {"Ana": 11, "Ben": 0}
    assert "no Mercenary to double" in one_step(r, "card.drummer").text


def test_card_drummer_in_a_passed_line_still_doubles():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "4", "drummer")
    b.pass_turn("Ana")
    b.play("Ben", "6")
    assert b.resolve().strengths == {"Ana": 8, "Ben": 6}


# -- season.spring -------------------------------------------------------------------------------

def test_season_spring_two_tied_highest_10s_in_different_lines_both_get_3():
    b = Battle(["Ana", "Ben", "Cy"])
    play(b, "Ana", "10", "2")
    play(b, "Ben", "10")
    play(b, "Cy", "6", "spring")
    r = b.resolve()
    assert r.strengths == {"Ana": 15, "Ben": 13, "Cy": 6}
    s = one_step(r, "season.spring")
    assert sorted(s.cards) == sorted(ids(b, "Ana", "10") + ids(b, "Ben", "10"))
    assert "Ana's 10 and Ben's 10 get +3 each" in s.text


def test_season_spring_ignores_the_heroine():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "heroine", "3")
    play(b, "Ben", "2", "spring")
    r = b.resolve()
    assert r.strengths == {"Ana": 16, "Ben": 2}
    s = one_step(r, "season.spring")
    assert s.cards == tuple(ids(b, "Ana", "3"))
    assert "Heroine is not a Mercenary" in s.text


def test_season_spring_uses_the_printed_value_not_the_doubled_one():
    # A drummed 5 counts 10 but its printed value is 5: the printed 6 is the highest.
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "5", "drummer")
    play(b, "Ben", "6", "spring")
    r = b.resolve()
    assert r.strengths == {"Ana": 10, "Ben": 9}
    assert one_step(r, "season.spring").cards == tuple(ids(b, "Ben", "6"))


def test_season_spring_several_springs_are_not_cumulative():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "4", "spring", "spring")
    play(b, "Ben", "spring")
    assert b.resolve().strengths == {"Ana": 7, "Ben": 0}


def test_season_spring_every_card_of_the_highest_value_gets_3():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "6", "6", "6", "1")
    play(b, "Ben", "spring")
    r = b.resolve()
    assert r.strengths == {"Ana": 28, "Ben": 0}
    assert "Ana's three 6s get +3 each" in one_step(r, "season.spring").text


def test_season_spring_with_no_mercenary_in_play_gives_nothing():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "heroine", "spring")
    r = b.resolve()
    assert r.strengths == {"Ana": 10, "Ben": 0}
    s = one_step(r, "season.spring")
    assert s.cards == () and "nothing gets +3" in s.text


# -- strength.characters -------------------------------------------------------------------------

def test_strength_characters_heroine_10_courtesan_1_after_the_mercenaries():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "heroine", "courtesan", "courtesan", "2")
    r = b.resolve()
    assert r.strengths == {"Ana": 14, "Ben": 0}
    s = one_step(r, "strength.characters")
    assert s.before == {"Ana": 2, "Ben": 0} and s.strengths == {"Ana": 14, "Ben": 0}
    assert "Ana +12 (Heroine and two Courtesans)" in s.text
    assert sorted(s.cards) == sorted(ids(b, "Ana", "heroine") + ids(b, "Ana", "courtesan"))


def test_strength_characters_untouched_by_season_drummer_bishop_and_scarecrow():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "heroine", "courtesan", "drummer", "winter")
    b.play("Ben", "bishop")                       # no Mercenary: the Heroine (10) is not one
    with pytest.raises(IllegalMove, match="Mercenary"):
        b.play("Ana", "scarecrow", take="heroine")  # a Scarecrow takes back Mercenaries only
    b.play("Ana", "spring")                       # discards the Winter
    assert kinds(b, "Ana") == ["heroine", "courtesan", "drummer", "spring"]
    r = b.resolve()
    assert r.strengths == {"Ana": 11, "Ben": 0}
    heroine, courtesan = ids(b, "Ana", "heroine")[0], ids(b, "Ana", "courtesan")[0]
    assert r.values[heroine] == 10 and r.values[courtesan] == 1


def test_strength_printed_step_lists_every_line():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "10", "5")
    play(b, "Ben", "3")
    s = one_step(b.resolve(), "strength.printed")
    assert s.text == "Mercenaries at their printed values: Ana 10 + 5 = 15; Ben 3."


# -- card.bishop and token.favor ------------------------------------------------------------------

def test_card_bishop_discards_every_mercenary_of_the_highest_printed_value():
    b = Battle(["Ana", "Ben", "Cy"])
    play(b, "Ana", "10", "10", "3")
    play(b, "Ben", "10", "6")
    play(b, "Cy", "heroine")
    tens = ids(b, "Ana", "10") + ids(b, "Ben", "10")
    b.play("Cy", "bishop")
    assert kinds(b, "Ana") == ["3"] and kinds(b, "Ben") == ["6"] and kinds(b, "Cy") == ["heroine"]
    s = one_step(b.steps, "card.bishop")
    assert sorted(s.cards) == sorted(tens)
    assert "Ana's two 10s and Ben's 10" in s.text
    bishop = next(c for c in b.discarded if c.kind == "bishop")
    assert bishop.id not in s.cards and bishop not in b.in_play()


def test_card_bishop_hits_its_own_players_line():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "6", "2")
    play(b, "Ben", "5")
    b.play("Ana", "bishop")
    assert kinds(b, "Ana") == ["2"] and kinds(b, "Ben") == ["5"]
    s = one_step(b.steps, "card.bishop")
    assert s.player == "Ana" and "Ana's own line is not spared" in s.text
    assert s.cards == tuple(c.id for c in b.discarded if c.kind == "6")


def test_card_bishop_hits_a_passed_players_line():
    b = Battle(["Ana", "Ben", "Cy"])
    play(b, "Ana", "10")
    b.pass_turn("Ana")
    play(b, "Ben", "4")
    b.play("Cy", "bishop")
    assert kinds(b, "Ana") == [] and kinds(b, "Ben") == ["4"]
    assert "Ana had passed, but a passed player's line is hit" in one_step(b.steps, "card.bishop").text


def test_card_bishop_printed_value_under_winter():
    # Winter makes both count 1, but the Bishop looks at the printed values.
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "10", "winter")
    play(b, "Ben", "2")
    b.play("Ben", "bishop")
    assert kinds(b, "Ana") == ["winter"] and kinds(b, "Ben") == ["2"]


def test_card_bishop_with_no_mercenary_in_play_still_earns_the_favor():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "heroine", "courtesan")
    b.play("Ben", "bishop")
    assert kinds(b, "Ana") == ["heroine", "courtesan"]
    s = one_step(b.steps, "card.bishop")
    assert s.cards == () and "nothing is discarded" in s.text
    assert b.favor == "Ben"
    assert one_step(b.steps, "token.favor").player == "Ben"
    assert b.resolve().favor == "Ben"


def test_token_favor_a_later_bishop_moves_it():
    b = Battle(["Ana", "Ben", "Cy"])
    b.play("Ana", "bishop")
    assert b.favor == "Ana"
    b.play("Ben", "bishop")
    assert b.favor == "Ben"
    favors = steps_of(b.steps, "token.favor")
    assert [s.player for s in favors] == ["Ana", "Ben"]
    assert "taking it from Ana" in favors[1].text and favors[1].data["previous"] == "Ana"
    r = b.resolve()
    assert r.favor == "Ben"


def test_token_favor_nobody_without_a_bishop():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "10")
    assert b.resolve().favor is None


def test_card_bishop_tie_between_lines_all_go():
    b = Battle(["Ana", "Ben", "Cy"])
    play(b, "Ana", "4", "1")
    play(b, "Ben", "4")
    play(b, "Cy", "4", "3")
    b.play("Ben", "bishop")
    assert b.strengths() == {"Ana": 1, "Ben": 0, "Cy": 3}
    assert len(one_step(b.steps, "card.bishop").cards) == 3


def test_card_bishop_steps_before_and_after():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "6", "5")
    b.play("Ben", "bishop")
    s = one_step(b.steps, "card.bishop")
    assert s.before == {"Ana": 11, "Ben": 0} and s.strengths == {"Ana": 5, "Ben": 0}
    # the play.card step does not announce a total the Bishop is about to change
    assert b.steps[-3].rule == "play.card" and b.steps[-3].text == "Ben plays a Bishop."


# -- card.scarecrow ----------------------------------------------------------------------------

def test_card_scarecrow_returns_one_own_mercenary_to_hand():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "10", "3")
    ten = b.lines["Ana"][0]
    b.play("Ana", "scarecrow", take="10")
    assert kinds(b, "Ana") == ["3"]
    assert b.returned["Ana"] == [ten]
    s = one_step(b.steps, "card.scarecrow")
    assert s.cards == (ten.id,) and s.player == "Ana"
    assert "Ana takes the 10 back to hand" in s.text
    assert s.before == {"Ana": 13, "Ben": 0} and s.strengths == {"Ana": 3, "Ben": 0}
    r = b.resolve()
    assert r.returned == {"Ana": [ten], "Ben": []}
    assert [c.kind for c in r.discarded] == ["scarecrow"]


def test_card_scarecrow_with_nothing_to_take():
    b = Battle(["Ana", "Ben"])
    b.play("Ana", "scarecrow")
    b.play("Ben", "heroine")
    b.play("Ben", "scarecrow", take=None)
    assert b.returned == {"Ana": [], "Ben": []}
    scare = steps_of(b.steps, "card.scarecrow")
    assert len(scare) == 2 and all(s.cards == () and "takes nothing back" in s.text for s in scare)
    assert [c.kind for c in b.discarded] == ["scarecrow", "scarecrow"]
    assert kinds(b, "Ben") == ["heroine"]


def test_card_scarecrow_returned_card_can_be_replayed():
    b = Battle(["Ana", "Ben"])
    b.play("Ana", "5")
    five = b.lines["Ana"][0]
    b.play("Ana", "scarecrow", take="5")
    b.play("Ana", "5")
    assert b.lines["Ana"] == [five]          # the very card that went back, not a new 5
    assert b.returned["Ana"] == []
    r = b.resolve()
    assert r.strengths == {"Ana": 5, "Ben": 0}


def test_card_scarecrow_says_which_of_two_5s_moved():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "5", "5")
    first, second = b.lines["Ana"]
    b.play("Ana", "scarecrow", take=f"5#{first.id}")
    assert b.lines["Ana"] == [second] and b.returned["Ana"] == [first]
    s = one_step(b.steps, "card.scarecrow")
    assert s.cards == (first.id,)
    assert f"card #{first.id}" in s.text


def test_card_scarecrow_take_a_card_object():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "5", "5")
    second = b.lines["Ana"][1]
    b.play("Ana", "scarecrow", take=second)
    assert b.returned["Ana"] == [second]


def test_card_scarecrow_returns_to_a_real_hand():
    b = Battle(["Ana", "Ben"], hands={"Ana": ["6", "scarecrow"], "Ben": ["1"]})
    b.play("Ana", "6")
    six = b.lines["Ana"][0]
    b.play("Ana", "scarecrow", take="6")
    assert b.hands["Ana"] == [six]
    b.play("Ana", "6")
    assert b.hands["Ana"] == [] and b.lines["Ana"] == [six]


# -- card.surrender -----------------------------------------------------------------------------

def test_card_surrender_ends_the_battle_no_more_plays():
    b = Battle(["Ana", "Ben", "Cy"])
    play(b, "Ana", "10")
    play(b, "Ben", "6")
    b.play("Cy", "surrender")
    assert b.is_over and b.to_move is None and b.surrendered_by == "Cy"
    for attempt in (lambda: b.play("Ana", "5"), lambda: b.pass_turn("Ben"), lambda: b.play("Cy", "3")):
        with pytest.raises(IllegalMove, match="Surrender"):
            attempt()
    r = b.resolve()
    assert r.winner == "Ana" and r.surrendered_by == "Cy"
    s = one_step(r, "card.surrender")
    assert s.player == "Cy" and "(announced strengths: Ana 10, Ben 6, Cy 0)" in s.text
    assert steps_of(r, "battle.end") == []


def test_card_surrender_strongest_at_that_moment_may_be_the_surrenderer():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "10", "surrender")
    assert b.resolve().winner == "Ana"


def test_card_surrender_while_tied_nobody_wins_and_the_token_passes_left():
    b = Battle(["Ana", "Ben", "Cy"], token_holder="Ben")
    play(b, "Ana", "5")
    play(b, "Ben", "5")
    b.play("Cy", "surrender")
    r = b.resolve()
    assert r.winner is None and r.tied == ["Ana", "Ben"]
    assert r.token_holder == "Cy"


def test_card_surrender_is_allowed_to_resolve_a_strict_battle():
    b = Battle(["Ana", "Ben"], strict=True)
    b.play("Ana", "3")
    b.play("Ben", "surrender")
    assert b.resolve().winner == "Ana"


# -- battle.compare -----------------------------------------------------------------------------

def test_battle_compare_the_highest_total_conquers():
    b = Battle(["Ana", "Ben", "Cy"])
    play(b, "Ana", "6")
    play(b, "Ben", "10")
    play(b, "Cy", "5", "4")
    r = b.resolve()
    assert r.winner == "Ben" and r.tied == []
    s = one_step(r, "battle.compare")
    assert s.text == "Line totals: Ana 6, Ben 10, Cy 9. Ben has the strongest line (10) and conquers the region."
    assert s.data["winner"] == "Ben"


def test_battle_compare_a_tie_for_highest_means_nobody_conquers():
    b = Battle(["Ana", "Ben", "Cy"])
    play(b, "Ana", "6", "4")
    play(b, "Ben", "10")
    play(b, "Cy", "3")
    r = b.resolve()
    assert r.winner is None and r.tied == ["Ana", "Ben"]
    s = one_step(r, "battle.compare")
    assert "Ana and Ben tie for the highest total (10): nobody conquers" in s.text


def test_battle_compare_a_passed_players_line_still_counts():
    b = Battle(["Ana", "Ben"])
    b.play("Ana", "10")
    b.pass_turn("Ana")
    b.play("Ben", "6")
    r = b.resolve()
    assert r.winner == "Ana"
    assert "Ana had passed" in one_step(r, "battle.compare").text


def test_battle_compare_names_the_region_and_the_defender():
    b = Battle(["Ana", "Ben"], region="Milano", defender="Ben")
    b.play("Ana", "5")
    b.play("Ben", "5")
    s = one_step(b.resolve(), "battle.compare")
    assert s.text == ("Line totals: Ana 5, Ben 5. Ana and Ben tie for the highest total (5): nobody conquers Milano. "
                      "It stays with its defender, Ben.")


def test_battle_compare_nobody_played_anything_is_a_tie():
    r = Battle(["Ana", "Ben"]).resolve()
    assert r.winner is None and r.tied == ["Ana", "Ben"] and r.strengths == {"Ana": 0, "Ben": 0}


# -- token.condottiere ---------------------------------------------------------------------------

def test_token_condottiere_the_winner_takes_it():
    b = Battle(["Ana", "Ben"], token_holder="Ben")
    b.play("Ana", "3")
    r = b.resolve()
    assert r.token_holder == "Ana"
    assert "The winner, Ana, takes the Condottiere token" in one_step(r, "token.condottiere").text


def test_token_condottiere_courtesan_majority_beats_the_winner():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "10")
    play(b, "Ben", "courtesan")
    r = b.resolve()
    assert r.winner == "Ana" and r.token_holder == "Ben"
    assert "instead of the winner Ana" in one_step(r, "token.condottiere").text


def test_token_condottiere_courtesan_majority_in_a_tied_battle():
    b = Battle(["Ana", "Ben", "Cy"])
    play(b, "Ana", "5")
    play(b, "Ben", "4", "courtesan")
    play(b, "Cy", "courtesan", "courtesan")
    r = b.resolve()
    assert r.winner is None and r.token_holder == "Cy"
    assert "Cy has the most Courtesans (2)" in one_step(r, "token.condottiere").text


def test_token_condottiere_courtesan_tie_the_winner_takes_it():
    b = Battle(["Ana", "Ben", "Cy"])
    play(b, "Ana", "10", "courtesan")
    play(b, "Ben", "courtesan")
    play(b, "Cy", "3")
    r = b.resolve()
    assert r.winner == "Ana" and r.token_holder == "Ana"
    assert "tie for the most Courtesans" in one_step(r, "token.condottiere").text


def test_token_condottiere_courtesan_tie_and_no_winner_passes_left():
    b = Battle(["Ana", "Ben", "Cy"], token_holder="Ana")
    play(b, "Ana", "courtesan")
    play(b, "Ben", "courtesan")
    r = b.resolve()
    assert r.winner is None and r.token_holder == "Ben"


@pytest.mark.parametrize("holder,expected", [("Ana", "Ben"), ("Ben", "Cy"), ("Cy", "Dee"), ("Dee", "Ana")])
def test_token_condottiere_passes_to_the_seat_after_the_holder(holder, expected):
    b = Battle(["Ana", "Ben", "Cy", "Dee"], token_holder=holder)
    play(b, "Ana", "5")
    play(b, "Cy", "5")
    r = b.resolve()
    assert r.winner is None and r.token_holder == expected
    s = one_step(r, "token.condottiere")
    assert f"passes from {holder} to the next seat on the left: {expected}" in s.text
    assert (s.data["holder"], s.data["previous"]) == (expected, holder)


def test_token_condottiere_courtesan_rule_can_be_switched_off():
    rs = get_ruleset("standard").replace(courtesan_token=False)
    b = Battle(["Ana", "Ben"], rs)
    play(b, "Ana", "10")
    play(b, "Ben", "courtesan")
    assert b.resolve().token_holder == "Ana"


def test_token_condottiere_invasion_tie_goes_to_the_defender():
    b = Battle(["Ana", "Ben", "Cy"], defender="Cy", token_holder="Ana")
    play(b, "Ana", "5")
    play(b, "Ben", "5")
    r = b.resolve()
    assert r.winner is None and r.token_holder == "Cy"


# -- play.pass and the battle's end --------------------------------------------------------------

def test_play_pass_is_final_and_the_line_still_counts():
    b = Battle(["Ana", "Ben"])
    b.play("Ana", "6")
    b.pass_turn("Ana")
    with pytest.raises(IllegalMove, match="Ana has passed"):
        b.play("Ana", "5")
    s = b.steps[-1]
    assert s.rule == "play.pass" and "Ana's line still counts" in s.text
    b.play("Ben", "5")
    b.pass_turn("Ben")
    assert b.is_over and b.to_move is None
    r = b.resolve()
    assert r.winner == "Ana"
    assert one_step(r, "battle.end").text == "The battle ends: everyone has passed."


def test_play_pass_example_vi_four_players_three_passed_the_last_plays_on():
    """vi, Bỏ qua: "Bàn chơi có 4 người, đã có 3 người chọn Bỏ qua, người chơi cuối cùng vẫn có
    thể tiếp tục xây quân đội của mình cho tới khi họ muốn Bỏ qua" (four players, three have
    passed: the last may go on building their army until they choose to pass)."""
    b = Battle(["Ana", "Ben", "Cy", "Dee"])
    b.play("Ana", "3")
    b.pass_turn("Ben")
    b.pass_turn("Cy")
    b.play("Dee", "2")
    b.pass_turn("Ana")                     # three have passed
    for card in ("5", "1"):
        assert b.to_move == "Dee" and not b.is_over
        b.play("Dee", card)                # Dee plays on, turn after turn
    assert b.to_move == "Dee" and b.strengths()["Dee"] == 8
    b.pass_turn("Dee")
    assert b.is_over and b.resolve().winner == "Dee"


def test_battle_end_a_sandbox_may_resolve_early():
    b = Battle(["Ana", "Ben"])
    b.play("Ana", "6")
    r = b.resolve()
    assert one_step(r, "battle.end").text == "The battle is resolved here, as if everyone had passed."
    assert not b.is_over and b.is_resolved and b.resolution is r


def test_resolution_pipeline_steps_come_in_the_rulebook_order():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "5", "drummer", "heroine", "courtesan")
    play(b, "Ben", "6", "winter")
    b.pass_turn("Ben")
    b.pass_turn("Ana")
    rules = [s.rule for s in b.resolve().steps if not s.rule.startswith("play.")]
    assert rules == ["battle.end", "strength.printed", "season.winter", "card.drummer",
                     "strength.characters", "battle.compare", "token.condottiere"]


# -- strict mode: turn order, hands, invasion ------------------------------------------------------

def test_strict_first_seat_leads_and_play_goes_clockwise():
    b = Battle(["Ana", "Ben", "Cy"], strict=True)
    assert b.to_move == "Ana"
    with pytest.raises(IllegalMove, match="it is Ana's turn, not Ben's"):
        b.play("Ben", "5")
    b.play("Ana", "5")
    assert b.to_move == "Ben"
    b.play("Ben", "3")
    assert b.to_move == "Cy"
    b.pass_turn("Cy")
    assert b.to_move == "Ana"


def test_strict_token_holder_and_leader_lead():
    assert Battle(["Ana", "Ben", "Cy"], strict=True, token_holder="Ben").to_move == "Ben"
    assert Battle(["Ana", "Ben", "Cy"], strict=True, token_holder="Ben", leader="Cy").to_move == "Cy"


def test_strict_passed_players_are_skipped():
    b = Battle(["Ana", "Ben", "Cy", "Dee"], strict=True)
    b.play("Ana", "1")
    b.pass_turn("Ben")
    b.pass_turn("Cy")
    b.play("Dee", "2")
    assert b.to_move == "Ana"
    b.play("Ana", "3")
    assert b.to_move == "Dee"
    b.pass_turn("Dee")
    assert b.to_move == "Ana"
    b.pass_turn("Ana")
    assert b.is_over and b.to_move is None


def test_strict_resolve_before_the_battle_is_over_is_illegal():
    b = Battle(["Ana", "Ben"], strict=True)
    b.play("Ana", "5")
    b.pass_turn("Ben")
    with pytest.raises(IllegalMove, match="not over: Ana still has to pass"):
        b.resolve()
    b.pass_turn("Ana")
    assert b.resolve().winner == "Ana"


def test_strict_real_hands():
    b = Battle(["Ana", "Ben"], strict=True, hands={"Ana": ["5", "winter"], "Ben": "10 heroine"})
    with pytest.raises(IllegalMove, match="Ana has no 6 in hand; Ana's hand: 5 Winter"):
        b.play("Ana", "6")
    b.play("Ana", "5")
    b.play("Ben", "heroine")
    assert [c.kind for c in b.hands["Ana"]] == ["winter"]
    assert [c.kind for c in b.hands["Ben"]] == ["10"]


def test_play_card_lays_it_face_up_in_the_line_and_announces_the_total():
    """es, Jugar una carta: "coloca una carta boca arriba frente a ti, junto a cualquiera de las
    otras cartas que hayas jugado durante esta batalla.  Estas cartas forman tu línea de
    batalla" ... "Después de jugar una carta, anuncia la fuerza total de tu línea de batalla" ...
    "Puedes jugar cualquier tipo de carta como primera carta en tu línea de batalla, incluso una
    carta especial"."""
    b = Battle(["Ana", "Ben"])
    b.play("Ana", "drummer")               # a special card may open a line
    b.play("Ben", "5")
    b.play("Ana", "4")
    assert [c.kind for c in b.lines["Ana"]] == ["drummer", "4"] and not b.face_down
    assert [(s.rule, s.text) for s in b.steps] == [
        ("play.card", "Ana plays a Drummer and announces 0."),
        ("play.card", "Ben plays a 5 and announces 5."),
        ("play.card", "Ana plays a 4 and announces 8."),         # the Drummer doubles the 4
    ]


def test_play_wait_the_invaded_defender_may_pass_and_still_play_until_their_first_card():
    b = Battle(["Ana", "Ben", "Cy"], strict=True, defender="Ben")
    b.play("Ana", "5")
    b.pass_turn("Ben")                 # waits
    assert "Ben" not in b.passed and b.waiting("Ben")
    assert b.steps[-1].rule == "play.wait"
    b.play("Cy", "4")
    b.pass_turn("Ana")
    b.pass_turn("Ben")                 # waits again
    b.pass_turn("Cy")
    assert not b.is_over and b.to_move == "Ben"   # everyone else passed: the defender may still play
    b.play("Ben", "10")
    assert not b.waiting("Ben")
    b.pass_turn("Ben")                 # after a first card, passing is final
    assert b.is_over and "Ben" in b.passed
    assert b.resolve().winner == "Ben"


def test_strict_invasion_defender_after_a_first_card_passes_for_good():
    b = Battle(["Ana", "Ben"], strict=True, defender="Ben")
    b.play("Ana", "5")
    b.play("Ben", "3")
    b.play("Ana", "2")
    b.pass_turn("Ben")
    assert "Ben" in b.passed
    with pytest.raises(IllegalMove, match="Ben has passed"):
        b.play("Ben", "6")


# -- deck limits (in a sandbox too) -----------------------------------------------------------------

@pytest.mark.parametrize("kind,count,name", [("bishop", 6, "Bishop"), ("heroine", 3, "Heroine"),
                                             ("1", 10, "1"), ("winter", 3, "Winter")])
def test_deck_limit_holds_in_a_sandbox(kind, count, name):
    b = Battle(["Ana", "Ben", "Cy"])
    for i in range(count):
        b.play(["Ana", "Ben", "Cy"][i % 3], kind)
    before = (b.notation(), b.strengths(), len(b.steps))
    with pytest.raises(IllegalMove) as e:
        b.play("Ana", kind)
    assert f"only {count} {name} cards" in str(e.value) and f"all {count} are already used" in str(e.value)
    assert (b.notation(), b.strengths(), len(b.steps)) == before


def test_deck_limit_a_card_taken_back_is_the_same_card():
    b = Battle(["Ana", "Ben"])
    for i in range(10):
        b.play("Ana" if i % 2 else "Ben", "1")
    b.play("Ana", "scarecrow", take="1")
    b.play("Ana", "1")                  # the 1 back in hand: still only ten 1s in play
    with pytest.raises(IllegalMove, match="only 10 1 cards"):
        b.play("Ben", "1")


# -- undo, copy, preview, explain=False -----------------------------------------------------------

def test_undo_takes_back_the_last_move_exactly():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "6", "5")
    b.play("Ben", "bishop")
    state = (b.notation(), b.strengths(), len(b.steps), b.favor)
    b.play("Ana", "scarecrow", take="5")
    move = b.undo()
    assert move.kind == "scarecrow" and move.take == "5"
    assert (b.notation(), b.strengths(), len(b.steps), b.favor) == state
    b.undo()
    assert b.favor is None and kinds(b, "Ana") == ["6", "5"]


def test_preview_leaves_the_battle_open_and_agrees_with_resolve():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "6", "drummer")
    b.play("Ben", "spring")
    p = b.preview()
    assert not b.is_resolved
    b.play("Ben", "10")
    assert b.preview().strengths == {"Ana": 12, "Ben": 13}
    assert p.strengths == {"Ana": 15, "Ben": 0}
    r = b.resolve()
    assert r.strengths == {"Ana": 12, "Ben": 13}


def test_copy_is_independent():
    b = Battle(["Ana", "Ben"])
    b.play("Ana", "6")
    c = b.copy()
    c.play("Ben", "10")
    c.pass_turn("Ana")
    assert kinds(b, "Ben") == [] and b.passed == [] and len(b.moves) == 1


def test_explain_false_makes_no_steps_and_the_same_result():
    def build(explain):
        b = Battle(["Ana", "Ben", "Cy"], explain=explain, token_holder="Cy")
        play(b, "Ana", "6", "6", "courtesan")
        play(b, "Ben", "10", "drummer")
        b.play("Cy", "bishop")
        b.play("Ben", "spring")
        b.play("Cy", "heroine")
        return b
    fast, full = build(False), build(True)
    assert fast.steps == [] and full.steps
    rf, rx = fast.resolve(), full.resolve()
    assert rf.steps == [] and rf.values == rx.values and rx.values
    assert (rf.strengths, rf.winner, rf.token_holder, rf.favor, rf.tied) == \
           (rx.strengths, rx.winner, rx.token_holder, rx.favor, rx.tied)
    assert rf.lines == rx.lines and rf.discarded == rx.discarded and rf.returned == rx.returned


# -- how a battle reads ------------------------------------------------------------------------------

def test_battle_repr_and_explain_read_well():
    b = Battle(["Ana", "Ben"])
    play(b, "Ana", "10", "winter")
    b.pass_turn("Ben")
    assert repr(b) == "<Battle in progress | Ana: 10 Winter | Ben: - (passed) | strengths Ana 1, Ben 0>"
    assert b.explain().splitlines() == [
        "1. [play.card] Ana plays a 10 and announces 10.",
        "2. [play.card] Ana plays a Winter and announces 1.",
        "3. [play.pass] Ben passes and will play no more cards in this battle; Ben's line still counts.",
    ]
    r = b.resolve()
    assert repr(r) == ("<Resolution winner='Ana' strengths={'Ana': 1, 'Ben': 0} token_holder='Ana' "
                       f"favor=None steps={len(r.steps)}>")
    assert r.explain().splitlines()[-1] == "8. [token.condottiere] The winner, Ana, takes the Condottiere token."
    assert "resolved" in repr(b)


def test_every_step_carries_strengths_for_every_player():
    b = Battle(["Ana", "Ben", "Cy"])
    play(b, "Ana", "6", "drummer", "courtesan")
    play(b, "Ben", "winter", "5")
    b.play("Cy", "spring")
    b.play("Cy", "bishop")
    b.play("Ana", "scarecrow")
    b.pass_turn("Ben")
    for s in b.resolve().steps:
        assert set(s.strengths) == {"Ana", "Ben", "Cy"}, s
        assert s.text and s.text[0].isupper() and s.text.endswith("."), s
        assert s.rule in RULES, s
