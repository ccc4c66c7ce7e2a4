"""The sentences a learner reads (condottiere_nb/tell and language.Speaker): the problems the
translators reported in the English and the code, each pinned by a sentence that would be wrong
again if the fix were undone."""
import pytest

from condottiere_nb import Battle, Game, get_ruleset
from condottiere_nb.explain import Step
from condottiere_nb.language import speaker, spanish_conjunction
from condottiere_nb.tell import tell


def told(rule, lang="en", player=None, strengths=None, **data):
    return tell(Step(rule, player=player, strengths=strengths, data=data), lang)


# -- the Speaker --------------------------------------------------------------------------------

def test_sentences_are_joined_with_a_space_but_chinese_sentences_with_none():
    assert speaker("en").sentences("Ana passes.", "", "Ben plays a 10.") == "Ana passes. Ben plays a 10."
    assert speaker("fa").sentences("الف.", "ب.") == "الف. ب."
    text = told("battle.start", "zh", player="Ana", region="Parma", order=["Ana", "Ben"], final=False)
    assert "。輪到" in text and "。 " not in text


def test_no_chinese_step_has_a_space_after_a_full_stop():
    from condottiere_nb.agents.play import play_game
    for ruleset in ("standard", "city-states", "fa-tutorial"):
        texts = [tell(s, "zh") for s in play_game(["heuristic"] * 3, 5, ruleset, explain=True).game.log]
        assert texts and not [t for t in texts if "。 " in t or "） " in t]


def test_spanish_y_becomes_e_before_the_sound_i():
    es = speaker("es")
    assert es.join(["Primavera", "Rendición", "Invierno"]) == "Primavera, Rendición e Invierno"
    assert es.join(["Obispo", "Heroína"]) == "Obispo y Heroína"          # he- is not the sound i
    assert spanish_conjunction("y", "hielo") == "y" and spanish_conjunction("y", "Hilo") == "e"
    assert es.join_or(["Tambor", "Obispo"]) == "Tambor u Obispo"
    assert speaker("en").join(["Spring", "Surrender", "Winter"]) == "Spring, Surrender and Winter"


def test_an_or_list_in_every_language():
    kinds = ["Bishop", "Drummer", "Winter"]
    assert speaker("en").join_or(kinds) == "Bishop, Drummer or Winter"
    assert speaker("zh").join_or(["教士", "寒冬"]) == "教士或寒冬"
    assert speaker("vi").join_or(["Giám Mục", "Mùa Đông"]) == "Giám Mục hoặc Mùa Đông"
    assert speaker("fa").join_or(["زمستان", "بهار"]) == "زمستان یا بهار"


def test_a_single_card_in_a_vietnamese_list_is_named_as_a_card():
    vi = speaker("vi")
    assert vi.owned("Huy", ["10"]) == "lá 10 của Huy"
    assert vi.cards(["10", "6", "6", "3"]) == "lá 10, 2 lá 6 và lá 3"
    assert speaker("en").owned("Huy", ["10", "6", "6"]) == "Huy's 10 and two 6s"


# -- the game's sentences -----------------------------------------------------------------------

def test_hand_discard_counts_the_cards_it_names():
    text = told("hand.discard", player="Ana", discarded=True, hand=("courtesan", "courtesan", "scarecrow"))
    assert "(two Courtesans and Scarecrow)" in text
    assert "Courtesan Courtesan" not in text


@pytest.mark.parametrize("kept, discarded, expected", [
    ((), 3, "keeps none: all three cards in Ana's hand are discarded."),
    ((), 1, "keeps none: the one card in Ana's hand is discarded."),
    (("scarecrow", "scarecrow"), 1, "Ana keeps two Scarecrows and discards the other card."),
    (("1",), 3, "Ana keeps a 1 and discards the other three cards."),
    (("10", "6"), 0, "may keep up to two cards and keeps 10 and 6."),
])
def test_round_keep_says_counts_in_words_and_kept_cards_as_cards(kept, discarded, expected):
    text = told("round.keep", player="Ana", kept=kept, discarded=discarded, limit=2)
    assert text.endswith(expected)
    assert "Scarecrow and Scarecrow" not in text and "(up to 2)" not in text


def test_round_keep_of_nothing_is_its_own_sentence_in_every_language():
    for lang in ("vi", "es", "zh", "fa"):
        some = told("round.keep", lang, player="Ana", kept=("10",), discarded=2, limit=2)
        none = told("round.keep", lang, player="Ana", kept=(), discarded=2, limit=2)
        assert none != some and "{" not in none


def test_game_victory_is_a_whole_sentence_and_game_result_says_it():
    facts = {"winners": ["Ana"], "reason": "most_regions", "thresholds": (6, 4), "players": 2, "owned": 5,
             "drawing": "rounds"}
    assert told("game.victory", **facts).startswith("No region can be chosen any more")
    assert told("game.victory", **facts).endswith("Ana wins the game.")
    assert told("game.victory", "zh", **facts).endswith("。")
    assert told("game.victory", "es", **facts)[0].isupper()
    g = Game(2, seed=3)
    assert g.result() == "The game is not over."


def test_a_finished_game_result_is_its_victory_step():
    from condottiere_nb.agents.play import play_game
    g = play_game(["heuristic", "heuristic"], 4, explain=True).game
    victory = [s for s in g.log if s.rule == "game.victory"][-1]
    assert g.result() == victory.text and victory.text.endswith(".")
    assert repr(g).count(victory.text) == 1


def test_city_states_deal_says_no_per_region_clause():
    parts = [("Ben", 11, 0, [], 11)]
    text = told("round.deal", player="Ana", parts=parts, upto=None, hand_size=11, per_region=0, stated=[],
                ran_out=False)
    assert text.startswith("Ana deals each player up to 11 cards: Ben 11") and "plus 0" not in text
    standard = told("round.deal", player="Ana", parts=parts, upto=None, hand_size=10, per_region=1, stated=[],
                    ran_out=False)
    assert "plus 1 for each region" in standard


def test_game_no_region_names_points_and_regions_apart():
    data = dict(counts={"Ana": 3, "Ben": 2}, weights={"Ana": 7, "Ben": 4}, why="no_region", favor_region=None)
    assert "Ana 3塊" in told("game.no_region", "zh", ranking="regions", **data)
    assert "Ana 7分" in told("game.no_region", "zh", ranking="weights", **data)
    assert told("game.no_region", ranking="regions", **data).endswith("Scores: Ana 3, Ben 2.")


def test_a_final_battle_tie_counts_its_regions():
    data = dict(players=["Ana", "Ben"], cards=110, dealer="Ana", by_weight=False)
    assert "tie with 1 region each" in told("game.final_battle", best=1, **data)
    assert "empatan con 1 región cada uno" in told("game.final_battle", "es", best=1, **data)
    assert "tie with 4 regions each" in told("game.final_battle", best=4, **data)


def test_the_token_is_told_where_this_ruleset_lets_it_go():
    def first_place(ruleset):
        g = Game(3, ruleset=ruleset, seed=2)
        g.apply(g.legal_actions()[0])
        return next(s for s in g.log if s.rule == "token.place").text

    assert first_place("standard").endswith("(The token never goes on a region with a control marker or the "
                                            "Pope's Favor.)")
    invasion = first_place("invasion")
    assert "may go on a region with a control marker" in invasion and "never on the Pope's Favor" in invasion
    fa = first_place("fa-tutorial")          # no Bishop in the Persian tutorial's deck: no Favor
    assert fa.endswith("(The token never goes on a region with a control marker.)")
    assert "Pope's Favor" not in fa


def test_a_player_without_cards_is_told_when_the_game_deals_again():
    standard = told("play.no_cards", player="Ana", draws_after_battle=False)
    assert "until the next round" in standard
    fa = told("play.no_cards", player="Ana", draws_after_battle=True)
    assert "can only pass in this battle" in fa and "round" not in fa


def test_persian_tutorial_game_sentences_mention_only_what_its_game_has():
    from condottiere_nb.agents.play import play_game
    g = play_game(["heuristic"] * 3, 1, "fa-tutorial", explain=True).game
    texts = [s.text for s in g.log]
    assert not [t for t in texts if "Pope's Favor" in t]
    assert not [t for t in texts if "next round" in t]


# -- the battle's sentences ---------------------------------------------------------------------

def test_several_doublers_without_mercenaries_is_a_whole_sentence():
    lines = {"Ana": {"doublers": ("drummer", "drummer"), "mercenaries": False, "before": 0, "after": 0},
             "Ben": {"doublers": ("drummer",), "mercenaries": True, "before": 5, "after": 10}}
    text = told("card.drummer", lines=lines, winter=False)
    assert text == ("Ana has two Drummers, which do not add up, and no Mercenary to double. "
                    "Ben's Drummer doubles Ben's Mercenaries (5 -> 10).")
    assert ": and" not in text


def test_doubled_mercenaries_are_drummed_only_by_drummers():
    banner = {"Ana": {"doublers": ("banner",), "mercenaries": True, "before": 2, "after": 4}}
    drum = {"Ana": {"doublers": ("drummer",), "mercenaries": True, "before": 2, "after": 4}}
    assert told("card.drummer", lines=banner, winter=True).endswith("each doubled Mercenary counts 2.")
    assert told("card.drummer", lines=drum, winter=True).endswith("each drummed Mercenary counts 2.")
    r = Battle.from_notation("[Ana Ben] Ana 5, Ben 6, Ana drummer, Ben spring").resolve()
    assert "Ana's drummed 5" not in r.steps[-1].text     # the 6 is the printed top
    spring = next(s for s in r.steps if s.rule == "season.spring")
    assert spring.data["doubled_by"] == ()


def test_spring_says_doubled_for_a_banner():
    owners = (("Ana", ("5",), True, 13),)
    common = dict(top=5, owners=owners, missed=(), heroine=False, reading="printed")
    assert "Ana's doubled 5 counts 13" in told("season.spring", doubled_by=("banner",), **common)
    assert "Ana's drummed 5 counts 13" in told("season.spring", doubled_by=("drummer",), **common)


def test_final_battle_compare_names_no_region():
    b = Battle(["Ana", "Ben"], final=True)
    b.play("Ana", "10")
    b.play("Ben", "5")
    compare = next(s for s in b.resolve().steps if s.rule == "battle.compare")
    assert compare.text == "Line totals: Ana 10, Ben 5. Ana has the strongest line (10) and wins the final battle."
    tie = told("battle.compare", best=3, winner=None, tied=["Ana", "Ben"], region=None, passed=False,
               defender=None, final=True)
    assert "region" not in tie and "nobody wins the final battle" in tie


def test_the_bishop_names_the_final_battle_only_in_a_final_battle():
    notation = "[Ana Ben] Ana 10, Ben 6, Ana drummer, Ben bishop"
    ordinary = Battle.from_notation(notation, ruleset=get_ruleset("standard").replace(
        bishop_targets="drummers_and_highest"))
    text = next(s for s in ordinary.resolve().steps if s.rule == "card.bishop").text
    assert "final battle" not in text and "under this ruleset" in text
    final = Battle(["Ana", "Ben"], "city-states-final", final=True)
    for player, card in [("Ana", "10"), ("Ben", "6"), ("Ana", "drummer"), ("Ben", "bishop")]:
        final.play(player, card)
    text = next(s for s in final.resolve().steps if s.rule == "card.bishop").text
    assert "(the city-state variant's final battle)" in text


def test_an_announced_total_says_it_leaves_out_face_down_cards():
    b = Battle(["Ana", "Ben"], "hidden-cards")
    b.play("Ana", "10", face_down=True)
    b.play("Ben", "5")
    b.play("Ana", "heroine")
    plays = [s.text for s in b.resolve().steps if s.rule == "play.card"]
    assert plays == ["Ben plays a 5 and announces 5.",
                     "Ana plays a Heroine and announces 10, not counting the card Ana has face down."]
    two = told("play.card", player="Ana", strengths={"Ana": 0}, kind="banner", announces=True, face_down=3)
    assert two.endswith("announces 0, not counting the three cards Ana has face down.")


# -- the rulebooks' own systems -----------------------------------------------------------------

def test_bans_name_alternatives_with_or():
    kinds = ["bishop", "drummer", "heroine", "spring", "surrender", "winter"]
    text = told("city.milano", player="Cy", city="Milano", kinds=kinds)
    assert "no Bishop, Drummer, Heroine, Spring, Surrender or Winter may be played" in text
    assert "Rendición o Invierno" in told("city.milano", "es", player="Cy", city="Milano", kinds=kinds)
    assert "投降或寒冬" in told("city.milano", "zh", player="Cy", city="Milano", kinds=kinds)


def test_score_match_agrees_with_those_who_reached_the_target():
    one = dict(reached=["Ana", "Ben"], winners=["Ana"], target=20, best=23)
    assert told("score.match", **one) == "Ana and Ben reached 20 points: Ana wins the match with 23."
    es = told("score.match", "es", **one)
    assert "alcanzaron" in es and "Ana gana" in es
    assert "alcanzó" in told("score.match", "es", reached=["Ana"], winners=["Ana"], target=20, best=21)
    shared = told("score.match", "es", reached=["Ana", "Ben"], winners=["Ana", "Ben"], target=20, best=22)
    assert "comparten" in shared


def test_persian_draw_counts_the_winner_soldiers_and_the_pile():
    data = dict(winner="Ben", drawn={"Ana": 1, "Ben": 1}, owed={"Ana": 1, "Ben": 5}, left=0)
    text = told("fa.draw", **data)
    assert text.startswith("Ben won with 5 soldier cards")
    assert text.endswith("The draw pile ran out before Ben drew every card owed.")
    one_left = told("fa.draw", winner="Ben", drawn={"Ana": 1, "Ben": 2}, owed={"Ana": 1, "Ben": 2}, left=1)
    assert one_left.endswith("1 card is left in the draw pile.")
    empty = told("fa.draw", winner="Ben", drawn={"Ana": 1, "Ben": 2}, owed={"Ana": 1, "Ben": 2}, left=0)
    assert empty.endswith("The draw pile is empty now.") and "0 cards" not in empty


def test_persian_draw_after_a_tie_has_no_other_player():
    text = told("fa.draw", winner=None, drawn={"Ana": 1, "Ben": 1}, owed={"Ana": 1, "Ben": 1}, left=9)
    assert text.startswith("Nobody won the region, so every player draws 1: Ana 1, Ben 1.")
    assert "other" not in text


def test_the_persian_game_records_what_each_player_was_to_draw():
    from condottiere_nb.agents.play import play_game
    g = play_game(["heuristic"] * 2, 3, "fa-tutorial", explain=True).game
    draws = [s for s in g.log if s.rule == "fa.draw"]
    assert draws and all(set(s.data["owed"]) == set(s.data["drawn"]) for s in draws)
    assert not [s.text for s in draws if "with 0 soldier" in s.text]


def test_genova_keep_counts_in_words():
    text = told("city.genova", player="Ana", action="keep", kept=["10", "10", "5"], discarded=4)
    assert text == "Ana keeps two 10s and 5 and discards the other four cards."
