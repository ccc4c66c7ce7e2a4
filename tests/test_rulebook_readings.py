"""Every reading of a vague rulebook sentence is an option of the rule's one function (issue 15).

One test per reading, named after the rule id it changes and then the option; each is built from
the sentence it models (quoted in its docstring, in the rulebook's language) and plays the same
position under both readings, showing that the flip changes the outcome.  The scenario functions
(``scenario_<option>``) are also the flips of tests/test_rulesets_options.py.
"""
from dataclasses import fields
from pathlib import Path

import pytest

from condottiere_nb import Battle, IllegalMove, Ruleset, get_ruleset
from condottiere_nb.game import Game, Pass, PlaceToken, Play
from condottiere_nb.variants.city_states import ChooseCity, UseAbility, venezia_bribe
from condottiere_nb.variants.vietnamese import Match
from condottiere_nb.views.model import BuilderModel

STANDARD = get_ruleset("standard")


def flip(base, option, value):
    return get_ruleset(base).replace(**{option: value})


def refused(fn):
    try:
        return fn()
    except IllegalMove as e:
        return f"refused: {e}"


# -- token.condottiere: courtesan_in_tie ------------------------------------------------------------

def scenario_courtesan_in_tie(rs):
    """Ana and Ben tie at 6; Cy holds the only Courtesan; Ana held the token."""
    return Battle.from_notation("Ana: 6 | Ben: 6 | Cy: courtesan", ruleset=rs).resolve().token_holder


def test_token_condottiere__courtesan_in_tie():
    """vi: "Nếu Quân đội một người nào đó bao gồm nhiều lá bài Courtesan nhất sẽ là người sở hữu Token
    Xung Đột thay cho người đã chiến thắng trận chiến. Nếu 2 hay nhiều người có sức mạnh quân đội hòa
    nhau, ... Token Xung đột sẽ chuyển qua người bên trái người đã giữ nó ở trận trước." """
    assert scenario_courtesan_in_tie(STANDARD) == "Cy"                                   # 'majority'
    assert scenario_courtesan_in_tie(flip(STANDARD, "courtesan_in_tie", "left")) == "Ben"
    # a battle with a winner is the same under both readings
    won = "Ana: 10 | Ben: 3 courtesan"
    assert {Battle.from_notation(won, ruleset=flip(STANDARD, "courtesan_in_tie", v)).resolve().token_holder
            for v in ("majority", "left")} == {"Ben"}


# -- card.bishop: bishop_highest --------------------------------------------------------------------

def scenario_bishop_highest(rs):
    """Huy has a drummed 5 (worth 10); Hoang has a 6 and plays a Bishop."""
    return Battle.from_notation("Huy: 5 drummer | Hoang: 6 bishop", ruleset=rs).strengths()


def test_card_bishop__bishop_highest():
    """vi: "Khi một lá Bishop được đánh ra, tất cả quân lính có sức mạnh cao nhất ( kể cả những lá hòa
    nhau ) trong cuộc phải bị hủy bỏ." """
    assert scenario_bishop_highest(STANDARD) == {"Huy": 10, "Hoang": 0}                 # the printed 6 goes
    assert scenario_bishop_highest(flip(STANDARD, "bishop_highest", "effective")) == {"Huy": 0, "Hoang": 6}
    # under Winter every Mercenary counts 1: 'effective' takes them all
    winter = "Huy: 10 5 | Hoang: 6 winter bishop"
    assert Battle.from_notation(winter).strengths() == {"Huy": 1, "Hoang": 1}
    assert Battle.from_notation(winter, ruleset=flip(STANDARD, "bishop_highest", "effective")).strengths() == \
        {"Huy": 0, "Hoang": 0}


# -- card.scarecrow: scarecrow_empty ----------------------------------------------------------------

def scenario_scarecrow_empty(rs):
    """Ana has only a Heroine in her line and plays a Scarecrow."""
    b = Battle.from_notation("Ana: heroine | Ben: 6", ruleset=rs)
    offered = [o for o in b.play_options("Ana") if o[0] == "scarecrow"]
    return offered, refused(lambda: b.play("Ana", "scarecrow"))


def test_card_scarecrow__scarecrow_empty():
    """vi: "Khi đánh là Bù nhìn cho phép người chơi thu hồi lại một trong những lá Quân Lính của mình từ
    Quân Đội trở về trên tay." """
    assert scenario_scarecrow_empty(STANDARD) == ([("scarecrow", False, None)], None)
    strict = flip(STANDARD, "scarecrow_empty", False)
    offered, outcome = scenario_scarecrow_empty(strict)
    assert offered == [] and "has none: the Scarecrow cannot be played now" in outcome
    # with a Mercenary in the line it must be taken: nothing is no longer a choice
    b = Battle.from_notation("Ana: 4 heroine | Ben: 6", ruleset=strict)
    assert [o for o in b.play_options("Ana") if o[0] == "scarecrow"] == [("scarecrow", False, "4")]
    with pytest.raises(IllegalMove, match="must take back one of Ana's own face-up Mercenaries: name it"):
        b.play("Ana", "scarecrow", take=None)


def test_card_scarecrow__scarecrow_empty_agrees_in_the_game_and_the_widgets():
    """The Game's legal actions and the BattleBuilder's choices come from the same legality function."""
    for rs, expected in ((STANDARD, True), (flip(STANDARD, "scarecrow_empty", False), False)):
        g = Game(["Ana", "Ben"], rs, seed=1, hands={"Ana": ["heroine", "scarecrow"], "Ben": ["6"]})
        for action in [PlaceToken("Roma"), Play("heroine"), Play("6")]:
            g.apply(action)
        assert (Play("scarecrow") in g.legal_actions()) is expected
        model = BuilderModel(["Ana", "Ben"], rs, "Ana: heroine | Ben: 6")
        model.select("Ana")
        assert (("take nothing back", None) in model.take_options()) is expected
        assert model.play("scarecrow") is expected


# -- city.venezia: venezia_bribe_value --------------------------------------------------------------

def scenario_venezia_bribe_value(rs):
    """Venezia (Ben) bribes Ana's 10 under Winter, and then Ana's drummed 3."""
    winter = Battle.from_notation("Ana: 10 | Ben: winter", ruleset=rs)
    drummed = Battle.from_notation("Ana: 3 drummer | Ben: 1", ruleset=rs)
    return [refused(lambda: venezia_bribe(winter, "Ben", "2", "Ana:10")) is None,
            refused(lambda: venezia_bribe(drummed, "Ben", "2", "Ana:3")) is None]


def test_city_venezia__venezia_bribe_value():
    """zh: "棄掉手牌中的一張牌，將敵人的一張戰力1~5的傭兵卡加入自己的戰區。" """
    assert scenario_venezia_bribe_value(get_ruleset("city-states")) == [False, True]
    assert scenario_venezia_bribe_value(flip("city-states", "venezia_bribe_value", "effective")) == [True, False]


# -- round.deal: zh_deal ----------------------------------------------------------------------------

def scenario_zh_deal(rs):
    """Ana is the only player with cards after the first battle; she keeps two; the new deal."""
    g = Game(["Ana", "Ben", "Cy"], rs, seed=1, hands={"Ana": ["10", "1", "2", "3"], "Ben": ["1"], "Cy": ["2"]})
    for action in [ChooseCity("Genova"), ChooseCity("Bologna"), ChooseCity("Milano"), PlaceToken("Siena")]:
        g.apply(action)
    while g.phase == "ability":
        g.apply(UseAbility(False))
    for action in [Play("10"), Play("1"), Play("2"), Pass(), PlaceToken("Parma")]:
        g.apply(action)
    g.apply(next(a for a in g.legal_actions() if len(a.cards) == 2))
    return {p: len(g.hand(p)) for p in g.players}


def test_round_deal__zh_deal():
    """zh: "7.每個發的張數為11，不隨領地多少而改變。" """
    assert scenario_zh_deal(get_ruleset("city-states")) == {"Ana": 11, "Ben": 11, "Cy": 11}
    assert scenario_zh_deal(flip("city-states", "zh_deal", "eleven")) == {"Ana": 13, "Ben": 11, "Cy": 11}


# -- score.game and score.match: scoring_bonus_win, scoring_target ----------------------------------

def scenario_scoring(rs, target=30):
    """A 2-player Scoring game: Ana wins by 4 adjacent regions (Torino, Milano, Genova, Parma) and
    also holds Napoli; the match's points and whether it is over."""
    m = Match(["Ana", "Ben"], rs, target=target, seed=1)
    control = {"Torino": "Ana", "Milano": "Ana", "Genova": "Ana", "Napoli": "Ana"}
    m.game = Game(["Ana", "Ben"], rs, seed=1, control=control, hands={"Ana": ["10"], "Ben": ["1"]})
    for action in [PlaceToken("Parma"), Play("10"), Play("1")]:
        m.apply(action)
    return m.points, m.is_over


def test_score_game__scoring_bonus_win():
    """vi: "Nếu một người chơi chiến thắng bằng chinh phục 3 lãnh thổ liền kề nhau, người đó sẽ nhận thêm 5
    điểm cộng vào điểm mỗi vùng lãnh thổ." (a 2-player game needs 4 adjacent regions)"""
    assert scenario_scoring(get_ruleset("scoring"), 100)[0] == {"Ana": 30, "Ben": 0}
    assert scenario_scoring(flip("scoring", "scoring_bonus_win", "three"), 100)[0] == {"Ana": 5, "Ben": 0}


def test_score_match__scoring_target():
    """vi: "Tiếp tục chơi cho đến khi có 1 hoặc vài người vượt qua mức điểm đã quy định." (Ana has
    exactly the target, 30 points)"""
    assert scenario_scoring(get_ruleset("scoring")) == ({"Ana": 30, "Ben": 0}, True)
    assert scenario_scoring(flip("scoring", "scoring_target", "exceed")) == ({"Ana": 30, "Ben": 0}, False)


# -- game.setup: first_player -----------------------------------------------------------------------

def scenario_first_player(rs):
    g = Game(["Ana", "Ben", "Cy"], rs, seed=2)
    return g.first, g.token_holder, g.to_move


def test_game_setup__first_player():
    """vi: "3 - Chọn người chơi đầu tiên đặt Token Xung đột vào một lãnh thổ bất kì."; es: "El jugador más
    joven toma la ficha de Condottiere"."""
    assert scenario_first_player(STANDARD) == ("Ana", "Ana", "Ana")
    assert scenario_first_player(flip(STANDARD, "first_player", "drawn")) == ("Ben", "Ben", "Ben")


def test_game_setup__first_player_chooses_the_first_city_state():
    g = Game(["Ana", "Ben", "Cy"], flip("city-states", "first_player", "drawn"), seed=2)
    assert (g.phase, g.first, g.to_move) == ("city", "Ben", "Ben")


# -- game.final_battle: final_tie -------------------------------------------------------------------

FINAL_CONTROL = {"Ancona": "Ana", "Lucca": "Ana", "Siena": "Ana", "Ferrara": "Ana",
                 "Torino": "Ben", "Venezia": "Ben", "Parma": "Ben", "Roma": "Cy", "Spoleto": "Cy", "Genova": "Cy",
                 "Firenze": "Dee", "Mantova": "Dee", "Bologna": "Eve", "Modena": "Eve", "Milano": "Fay"}


def scenario_final_tie(rs):
    """The Spanish position: Ben wins Urbino, Ana and Ben tie on 4 regions and fight a final battle,
    in which both pass at once (0 against 0)."""
    hands = {"Ana": ["3"], "Ben": ["10"], "Cy": ["2"], "Dee": ["1"], "Eve": ["1"], "Fay": ["4"]}
    g = Game(["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"], rs, seed=5, control=FINAL_CONTROL, favor="Napoli",
             hands=hands)
    g.apply(PlaceToken("Urbino"))
    while not g.final:
        g.apply(g.legal_actions()[0])
    g.apply(Pass())
    g.apply(Pass())
    return g.is_over, g.winners, g.reason


def test_game_final_battle__final_tie():
    """es: "Si esta batalla final también termina en empate, los jugadores empatados comparten la
    victoria."; zh: "如果再平手，就只能平手或玩家自行決定勝負。" """
    assert scenario_final_tie(STANDARD) == (True, ("Ana", "Ben"), "final_battle_tie")
    assert scenario_final_tie(flip(STANDARD, "final_tie", "again")) == (False, (), None)


# -- fa.draw: fa_draws, fa_losers, fa_tie_draws -------------------------------------------------------

def scenario_fa_draws(rs):
    """Ana lays a 9 and an 8; Ben's Maiden removes the 9; Ana wins; each hand after the draws."""
    g = Game(["Ana", "Ben"], rs, seed=1, hands={"Ana": ["9", "8"], "Ben": ["maiden", "1"]})
    for action in [PlaceToken("Roma"), Play("9"), Play("maiden", take="Ana@1"), Play("8")]:
        g.apply(action)
    while g.phase == "battle":
        g.apply(Pass())
    return {p: len(g.hand(p)) for p in g.players}


def scenario_fa_losers(rs):
    """Ana wins with a 9; Ben plays a 2; Cy passes without laying a card."""
    g = Game(["Ana", "Ben", "Cy"], rs, seed=1, hands={"Ana": ["9"], "Ben": ["2", "1"], "Cy": ["3", "1"]})
    for action in [PlaceToken("Roma"), Play("9"), Play("2")]:
        g.apply(action)
    while g.phase == "battle":
        g.apply(Pass())
    return {p: len(g.hand(p)) for p in g.players}


def scenario_fa_tie_draws(rs):
    """Ana and Ben tie with a 5 each."""
    g = Game(["Ana", "Ben"], rs, seed=1, hands={"Ana": ["5", "1"], "Ben": ["5", "2"]})
    for action in [PlaceToken("Roma"), Play("5"), Play("5")]:
        g.apply(action)
    while g.phase == "battle":
        g.apply(Pass())
    return {p: len(g.hand(p)) for p in g.players}


def test_fa_draw__fa_draws():
    """fa 6: "کارتهای مصرفشده رو دور میریزن و به تعداد مشخصی کارت جدید از دستهی قرعهکشی میکشن (معمولاً به
    تعداد کارتهایی که استفاده کردن)"; exact rules: "برندهی هر ناحیه، کارتهای سرباز خودش رو دور میریزه و به
    تعداد اون کارتها، کارت جدید میکشه. بازیکنانی که باختن، فقط به اندازهی یه کارت جدید میگیرن." """
    fa = get_ruleset("fa-tutorial")
    assert scenario_fa_draws(fa) == {"Ana": 1, "Ben": 2}          # Ana: her 8; Ben: 1
    assert scenario_fa_draws(fa.replace(fa_draws="section_6")) == {"Ana": 2, "Ben": 2}     # Ana laid 2, Ben 1


def test_fa_draw__fa_losers():
    """fa exact rules: "بازیکنانی که باختن، فقط به اندازهی یه کارت جدید میگیرن."; fa 6: "بازیکنانی که توی
    ناحیه کارت گذاشتن" (the players who laid cards in the region)."""
    fa = get_ruleset("fa-tutorial")
    assert scenario_fa_losers(fa) == {"Ana": 1, "Ben": 2, "Cy": 3}
    assert scenario_fa_losers(fa.replace(fa_losers="played")) == {"Ana": 1, "Ben": 2, "Cy": 2}


def test_fa_draw__fa_tie_draws():
    """fa 4: "اگه مساوی بشه، اون ناحیه خالی میمونه و هیچکس نمیبره." - then who draws?"""
    fa = get_ruleset("fa-tutorial")
    assert scenario_fa_tie_draws(fa) == {"Ana": 2, "Ben": 2}
    assert scenario_fa_tie_draws(fa.replace(fa_tie_draws="none")) == {"Ana": 1, "Ben": 1}


def test_fa_draw_tells_the_soldiers_won_with_when_the_pile_runs_short():
    """The step says how many soldier cards the winner used, even when the pile gives fewer (the
    Persian notebook's game, whose last region empties the pile)."""
    from condottiere_nb.agents import play_game
    result = play_game(["random"] * 3, seed=4, ruleset="fa-tutorial", players=["Ana", "Ben", "Cy"], explain=True)
    last = [s for s in result.game.log if s.rule == "fa.draw"][-1]
    owed, drawn = last.data["owed"], last.data["drawn"]
    winner = last.data["winner"]
    assert owed[winner] > drawn[winner]
    assert f"{winner} won with {owed[winner]} soldier card" in last.text
    assert "The draw pile ran out before" in last.text


# -- city.ask: city_ask_from ------------------------------------------------------------------------

def scenario_city_ask_from(rs):
    """Ben wins the first battle and leads the second: who is asked first before it?"""
    filler = ["1", "2", "3", "4", "5", "1", "2", "3", "4"]
    g = Game(["Ana", "Ben", "Cy"], rs, seed=1, hands={"Ana": ["2"] + filler, "Ben": ["10"] + filler,
                                                      "Cy": ["1"] + filler})
    for action in [ChooseCity("Genova"), ChooseCity("Bologna"), ChooseCity("Milano"), PlaceToken("Siena")]:
        g.apply(action)
    while g.phase == "ability":
        g.apply(UseAbility(False))
    for action in [Play("2"), Play("10"), Play("1"), Pass(), Pass(), Pass(), PlaceToken("Parma")]:
        g.apply(action)
    return g.phase, g.to_move


def test_city_ask__city_ask_from():
    """zh 一.3: "戰爭開始，在未打牌前，從起始玩家開始，輪流詢問玩家是否要在該回合行使能力" """
    assert scenario_city_ask_from(get_ruleset("city-states")) == ("ability", "Ben")
    assert scenario_city_ask_from(flip("city-states", "city_ask_from", "first_player")) == ("ability", "Ana")


# -- token.place: invasion_favor --------------------------------------------------------------------

def scenario_invasion_favor(rs):
    g = Game(["Ana", "Ben"], rs, seed=1, control={"Roma": "Ben"}, favor="Napoli")
    return "Roma" in g.open_regions(), "Napoli" in g.open_regions()


def test_token_place__invasion_favor():
    """vi Xâm Lược: "Khi đó Token Xung đột có thể đặt trên bất kì vùng nào trên bản đồ."; Thành Phần 4:
    "Một vùng lãnh thổ sở hữu token này không thể bị tấn công." """
    assert scenario_invasion_favor(get_ruleset("invasion")) == (True, False)
    assert scenario_invasion_favor(flip("invasion", "invasion_favor", "ignored")) == (True, True)


# -- token.condottiere: invasion_tie_token ----------------------------------------------------------

def invasion_tie(rs) -> Game:
    """Huy attacks Hoang's Roma; each plays a 5, a tie, and Han, who played only a Courtesan, has
    the most Courtesans."""
    g = Game(["Huy", "Hoang", "Han"], rs, seed=1, control={"Roma": "Hoang"},
             hands={"Huy": ["5", "3"], "Hoang": ["5", "2"], "Han": ["courtesan", "1"]})
    for action in [PlaceToken("Roma"), Play("5"), Play("5"), Play("courtesan"), Pass(), Pass(), Pass()]:
        g.apply(action)
    return g


def scenario_invasion_tie_token(rs):
    """Who takes the token after :func:`invasion_tie`, and who keeps Roma?"""
    g = invasion_tie(rs)
    return g.token_holder, g.control["Roma"]


def test_token_condottiere__invasion_tie_token():
    """vi Xâm Lược: "Nếu trận chiến hòa, người phòng thủ tiếp tục sở hữu vùng đó và cũng sẽ nhận được
    token Xung đột."; Trường hợp ngoại lệ: "Nếu Quân đội một người nào đó bao gồm nhiều lá bài Courtesan
    nhất sẽ là người sở hữu Token Xung Đột thay cho người đã chiến thắng trận chiến." """
    assert scenario_invasion_tie_token(get_ruleset("invasion")) == ("Han", "Hoang")            # 'courtesans'
    defender = flip("invasion", "invasion_tie_token", "defender")
    assert scenario_invasion_tie_token(defender) == ("Hoang", "Hoang")
    # the step says why the Courtesans were set aside
    told = next(s for s in invasion_tie(defender).log if s.rule == "token.condottiere")
    assert told.data["ignored"] == "Han" and "the defender of a tied Invasion battle" in told.text
    # without a Courtesan majority the two readings agree: the defender takes the token
    for rs in (get_ruleset("invasion"), defender):
        g = Game(["Huy", "Hoang"], rs, seed=1, control={"Roma": "Hoang"},
                 hands={"Huy": ["5", "3"], "Hoang": ["5", "2"]})
        for action in [PlaceToken("Roma"), Play("5"), Play("5"), Pass(), Pass()]:
            g.apply(action)
        assert (g.token_holder, g.control["Roma"]) == ("Hoang", "Hoang")


# -- every reading is in RULESETS.md with the sentence it reads -------------------------------------

def test_every_reading_has_a_row_in_rulesets_md_with_its_sentence_and_source():
    text = (Path(__file__).resolve().parents[1] / "RULESETS.md").read_text(encoding="utf-8")
    table = text.split("## Where a text is vague", 1)[1].split("\n\n", 2)[2].split("\n\n", 1)[0]
    rows = {line.split("`")[1]: line for line in table.splitlines() if line.startswith("| `")}
    readings = [f.name for f in fields(Ruleset) if "our reading" in f.metadata["doc"]]
    missing = [name for name in readings if name not in rows]
    assert not missing, f"readings without a row in RULESETS.md's 'Where a text is vague': {missing}"
    for name in readings:
        cells = [c.strip() for c in rows[name].split("|")[1:-1]]
        assert len(cells) == 5 and all(cells), f"{name}: the row needs a reading, other values, a sentence, a source"
        assert any(tag in cells[4] for tag in ("vi:", "es:", "zh:", "fa:")), name
