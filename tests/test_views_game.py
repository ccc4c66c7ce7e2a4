"""GameModel (plain Python) and game_html: one human against bots, without widgets."""
import pytest

from condottiere_nb import Game
from condottiere_nb.game import DiscardHand, Keep, Pass, PlaceFavor, PlaceToken, Play
from condottiere_nb.views.game_model import GameModel, action_label
from condottiere_nb.views.html import game_html
from html_safety import unsafe_parts


def test_human_places_the_token_then_plays_from_hand():
    m = GameModel(["You", "Ana", "Ben"], seed=3)
    assert m.waiting_for_human and m.game.phase == "token" and not m.can_play_cards()
    labels = [label for label, _ in m.other_actions()]
    assert labels[0] == "Place the Condottiere token on Torino" and len(labels) == 17
    assert m.act(PlaceToken("Torino")) and m.game.phase == "battle" and m.can_play_cards()
    kind = m.hand()[0].kind
    n = len(m.hand())
    assert m.play(kind) and len(m.hand()) == n - 1
    assert [c.kind for c in m.game.battle.lines["You"]] == [kind]


def test_illegal_human_action_shows_the_message_and_changes_nothing():
    m = GameModel(["You", "Ana"], seed=3)
    m.act(PlaceToken("Roma"))
    before = (m.game.to_json(), [c.id for c in m.hand()])
    missing = next(k for k in ("surrender", "heroine", "winter", "spring", "10")
                   if k not in [c.kind for c in m.hand()])
    assert m.play(missing) is False and f"You has no" in m.message and m.message_kind == "error"
    assert (m.game.to_json(), [c.id for c in m.hand()]) == before
    assert m.act(PlaceToken("Milano")) is False and (m.game.to_json(), [c.id for c in m.hand()]) == before


def test_bots_wait_for_the_human_and_refuse_out_of_turn():
    m = GameModel(["You", "Ana", "Ben"], seed=3)
    assert m.bot_step() is False                     # the human places the token first
    m.act(PlaceToken("Torino"))
    m.play(m.hand()[0].kind)
    assert not m.waiting_for_human and m.bot_to_move
    assert m.pass_turn() is False and "it is Ana's turn, not yours" in m.message
    assert m.bot_step() and m.message.startswith("Ana: ")
    assert m.run_bots() >= 1 and (m.waiting_for_human or m.game.is_over)


def test_a_whole_game_through_the_model():
    m = GameModel(["You", "Ana", "Ben", "Cy"], seed=11)
    for _ in range(3000):
        if m.game.is_over:
            break
        if m.waiting_for_human:
            if m.can_play_cards():
                hand = m.hand()
                assert m.play(hand[0].kind) if hand and len(m.game.battle.lines["You"]) < 3 else m.pass_turn()
            else:
                assert m.act(m.other_actions()[0][1])
        else:
            m.run_bots()
    assert m.game.is_over and m.game.winners
    assert m.play("10") is False and "the game is over" in m.message
    assert "Game over" in m.status_html() and unsafe_parts(m.status_html()) == []


def test_bots_only_game_with_random_and_heuristic():
    m = GameModel(["Ana", "Ben"], human=None, seed=2, bots={"Ana": "random", "Ben": "heuristic"})
    assert m.human is None and not m.waiting_for_human and m.hand() == []
    m.run_bots(limit=5000)
    assert m.game.is_over


def test_scarecrow_take_and_face_down_options():
    m = GameModel(["You", "Ana"], seed=3)
    assert m.set_face_down(True) is False and "face up" in m.message
    m.act(PlaceToken("Roma"))
    merc = next(c for c in m.hand() if c.mercenary)
    m.play(merc.kind)
    m.run_bots()
    assert m.take_options()[1][1] == f"{merc.kind}#{merc.id}"
    assert m.set_take("10#999") is False
    if any(c.kind == "scarecrow" for c in m.hand()) and m.waiting_for_human:
        assert m.set_take(f"{merc.kind}#{merc.id}") and m.play("scarecrow")
        assert merc.id in [c.id for c in m.hand()]


def test_open_hands_and_language_in_the_status():
    m = GameModel(["You", "Ana"], seed=3, lang="es")
    hidden = m.status_html()
    assert ">10 cartas</td>" in hidden and hidden.count("cnb-chip cnb-chip-") == 0     # every word in Spanish
    assert "<b>You (tú)</b>" in hidden and "Favor del Papa" in hidden
    m.set_open_hands(True)
    shown = m.status_html()
    assert ">10 cartas</td>" not in shown
    # every hand as small chips that wrap inside the table (they never widen it past the page)
    assert shown.count("cnb-chip cnb-chip-") == len(m.hand()) + len(m.game.hand("Ana"))
    assert "cnb-face" not in shown and 'white-space:normal">' in shown
    assert m.set_lang("xx") is False and m.lang == "es"


def test_new_game_and_log():
    m = GameModel(["You", "Ana"], seed=3)
    log = m.log_html()
    assert "game.setup" not in log and "deals" in log                 # sentences, not rule ids
    numbers = [int(n) for n in __import__("re").findall(r'opacity:0.6">(\d+)\.</span>', log)]
    assert numbers == sorted(numbers, reverse=True) and numbers[0] == len(m.game.log)     # the newest on top
    m.new_game(9)
    assert m.game.seed == 9 and m.seed == 9
    m.new_game()
    assert m.seed == 10


def test_action_labels():
    assert action_label(PlaceFavor(None)) == "Put the Pope's Favor off the map"
    assert action_label(PlaceFavor("Roma")) == "Put the Pope's Favor on Roma"
    assert action_label(DiscardHand(True)).startswith("Discard my whole hand")
    assert action_label(Keep(("10", "heroine")), "vi") == "Giữ 10 và Nữ Anh Hùng"
    assert action_label(Play("winter", face_down=True), "es") == "Jugar Invierno boca abajo"
    assert action_label(Keep(("10", "heroine"))) == "Keep 10 and Heroine"
    assert action_label(Pass()) == "Pass"


def test_game_repr_html_uses_the_views():
    g = Game(["Ana", "Ben", "Cy"], seed=1)
    html = g._repr_html_()
    assert html == game_html(g) and "cnb-game-players" in html and unsafe_parts(html) == []
    with pytest.raises(ValueError):
        game_html(g, lang="xx")


def test_the_status_does_not_draw_the_battle_again_and_marks_the_human_seat():
    m = GameModel(["Ana", "Ben", "Cy"], seed=3)
    m.act(m.other_actions()[0][1])
    m.play(m.hand()[0].kind)
    status = m.status_html()
    assert "cnb-battle" not in status and "cnb-face" not in status           # the battle has its own view
    assert "<b>Ana (you)</b>" in status and "<b>Ben</b> to move" in status
    assert "cnb-battle" in m.battle_html()


def test_scarecrow_in_the_hand_asks_its_target_from_the_legal_actions():
    m = GameModel(["Ana", "Ben"], seed=3)
    m.game = Game(["Ana", "Ben"], seed=3, hands={"Ana": ["5", "scarecrow", "3"], "Ben": ["10", "2", "4"]})
    m.act(PlaceToken("Roma"))
    m.play("5")
    m.run_bots()
    assert m.click("scarecrow") and m.pending is not None
    assert [label for label, _ in m.pending[1]] == ["take nothing back", "take back the 5"]
    assert all(a in m.game.legal_actions() for _, a in m.pending[1])
    assert m.choose(m.pending[1][1][1]) and m.pending is None
    assert sorted(c.kind for c in m.hand()) == ["3", "5"]


def test_new_game_is_a_new_deal():
    m = GameModel(["Ana", "Ben"], seed=3)
    first = [c.id for c in m.hand()]
    m.new_game()
    assert m.seed == 4 and [c.id for c in m.hand()] != first


def test_each_battle_is_announced_as_it_ends_bots_battles_included():
    # Ana passes at once: the bots fight the battle for Firenze, the next battle starts, and Ana must
    # learn who won the battle that just happened, and why, with its steps a click away.
    m = GameModel(["Ana", "Ben", "Cy"], seed=1)
    m.act(m.region_actions()["Firenze"])
    m.pass_turn()
    assert m.run_bots() > 0 and m.game.battles == 1 and m.game.phase == "battle"
    (n, region, res), = m.results
    assert (n, region) == (1, "Firenze") and res.winner
    compare = next(s for s in res.steps if s.rule == "battle.compare")
    # the message after the bots' moves: which battle, who won and why, every strength
    assert "Battle 1 for Firenze:" in m.message and compare.text_in("en") in m.message
    assert all(f"{p} {res.strengths[p]}" in m.message for p in m.players)
    # on the board, above the battle now on the table, with the steps to open
    board = m.battle_html()
    assert board.index("Battle 1 for Firenze:") < board.index('class="cnb-battle"')
    assert "<details" in board and "cnb-battle-result" in board
    assert all(s.text_in("en").split(":")[0] in board for s in res.steps if s.rule == "strength.printed")
    # in the log, kept after the next move
    assert "Battle 1 for Firenze:" in m.log_html()
    m.pass_turn()
    m.run_bots()
    assert "Battle 1 for Firenze:" in m.log_html()


def test_a_battle_announced_after_each_single_bot_move_and_the_humans_own_move():
    m = GameModel(["Ana", "Ben"], human=None, seed=4)
    told = []
    while m.game.battles < 2:
        before = m.game.battles
        m.bot_step()
        if m.game.battles > before:
            told.append(m.message)
        else:
            assert "Battle " not in m.message
    # the bot's move, then the battle it ended
    assert all(t.index(": ") < t.index(f"Battle {i} for ") for i, t in enumerate(told, 1))
    # the board shows what happened since the human's last move: with no human, every battle so far
    assert m.battle_html().count("cnb-battle-result") == 2


def test_the_board_announces_only_the_battles_since_the_humans_last_move():
    m = GameModel(["Ana", "Ben", "Cy"], seed=1)
    m.act(m.region_actions()["Firenze"])
    m.pass_turn()
    m.run_bots()
    assert "Battle 1 for" in m.battle_html()
    while m.game.battles < 2 and not m.game.is_over:
        if m.waiting_for_human:
            m.act(next(iter(m.region_actions().values()))) if m.region_actions() else \
                (m.pass_turn() if m.can_play_cards() else m.act(m.other_actions()[0][1]))
        else:
            m.run_bots()
    board = m.battle_html()
    assert "Battle 2 for" in board and "Battle 1 for" not in board and "Battle 1 for" in m.log_html()
