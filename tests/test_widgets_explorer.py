"""GameExplorer and MapView inside it, driven by .value and .click()."""
import re
from urllib.parse import unquote

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("matplotlib")

from condottiere_nb.views import GameExplorer  # noqa: E402
from condottiere_nb.views.widgets import NOTHING  # noqa: E402
from html_safety import unsafe_parts  # noqa: E402


@pytest.fixture
def ge():
    return GameExplorer(["You", "Ana", "Ben"], seed=3, pace=0.2)


def place_token(ge, region="Torino"):
    ge.map.buttons[region].click()          # a click on the region's name on the map


def test_controls_carry_classes(ge):
    assert "cnb-explorer" in ge._dom_classes
    for w, c in [(ge.status, "cnb-game-status"), (ge.hand_box, "cnb-hand"), (ge.pass_button, "cnb-game-pass"),
                 (ge.action_select, "cnb-game-actions"), (ge.act_button, "cnb-game-act"),
                 (ge.step_button, "cnb-bot-step"), (ge.run_button, "cnb-bots-run"), (ge.autoplay, "cnb-bot-play"),
                 (ge.auto_button, "cnb-bot-autoplay"),
                 (ge.pace, "cnb-bot-pace"), (ge.open_hands_box, "cnb-open-hands"), (ge.new_button, "cnb-new-game"),
                 (ge.seed_box, "cnb-seed"), (ge.battle_view, "cnb-game-battle"), (ge.log_view, "cnb-game-log"),
                 (ge.map, "cnb-map")]:
        assert c in w._dom_classes


def test_token_then_hand_click_plays_the_card(ge):
    assert all(b.disabled for b in ge.hand_buttons) and len(ge.hand_buttons) == 10
    place_token(ge, "Torino")
    assert "battle for Torino" in ge.status.value and not ge.hand_buttons[0].disabled
    assert "Condottiere token on Torino" in ge.map.info.value
    first = ge.hand_buttons[0]
    kind = [c for c in first._dom_classes if c.startswith("cnb-hand-") and c != "cnb-hand-card"][0][9:]
    first.click()
    assert len(ge.hand_buttons) == 9
    assert re.findall(r'cnb-face cnb-face-(\w+)', ge.battle_view.value) == [kind]
    assert "You plays" in ge.log_view.value or "You plays" in ge.log_view.value.replace("&#x27;", "'")


def test_bots_step_at_a_pace_with_the_play_widget(ge):
    place_token(ge)
    ge.hand_buttons[0].click()
    assert not ge.step_button.disabled and all(b.disabled for b in ge.hand_buttons)
    ge.pace.value = 1.5
    assert ge.autoplay.interval == 1500
    ge.autoplay.playing = True
    ge.autoplay.value += 1                       # one tick from the browser = one bot move
    assert "Ana: Play" in ge.message.value
    ge.autoplay.value += 1
    assert "Ben: " in ge.message.value
    for _ in range(5):
        ge.autoplay.value += 1
    assert ge.model.waiting_for_human or ge.model.game.is_over
    assert ge.autoplay.playing is False          # nothing left for the bots: the ticking stops


def test_bot_move_and_run_buttons(ge):
    ge.step_button.click()
    assert "no bot to move: it is your turn" in ge.message.value
    place_token(ge)
    ge.pass_button.click()
    ge.step_button.click()
    assert "Ana:" in ge.message.value
    ge.run_button.click()
    assert ge.model.waiting_for_human or ge.model.game.is_over


def test_illegal_click_shows_the_message(ge):
    place_token(ge)
    ge.model.play("surrender" if "surrender" not in [c.kind for c in ge.model.hand()] else "heroine")
    assert "#e53935" in ge.message.value and "no" in ge.message.value


def test_face_down_hidden_in_standard(ge):
    place_token(ge)
    assert ge.face_down_box.disabled and ge.face_down_box.layout.display == "none"
    ge.face_down_box.value = True
    assert ge.face_down_box.value is False and "face up" in ge.message.value


def test_open_hands_language_and_new_game(ge):
    assert ">10 cards</td>" in ge.status.value
    ge.open_hands_box.value = True
    assert ">10 cards</td>" not in ge.status.value and "cnb-chip" in ge.status.value
    ge.lang_select.value = "zh"
    assert ge.model.lang == "zh"
    ge.seed_box.value = 42
    ge.new_button.click()
    assert ge.model.game.seed == 42 and "新遊戲，種子42" in ge.message.value       # every word in Chinese
    assert ge.new_button.description == "新遊戲" and "教皇恩寵" in ge.status.value
    assert unsafe_parts(ge.status.value) == [] and unsafe_parts(ge.log_view.value) == []


def test_whole_game_through_the_widget():
    ge = GameExplorer(["You", "Ana"], seed=5, show_map=False)
    for _ in range(3000):
        m = ge.model
        if m.game.is_over:
            break
        if m.waiting_for_human:
            if m.can_play_cards():
                if ge.hand_buttons and len(m.game.battle.lines["You"]) < 3:
                    ge.hand_buttons[0].click()
                else:
                    ge.pass_button.click()
            else:
                ge.act_button.click()
        else:
            ge.run_button.click()
    assert ge.model.game.is_over and "Game over" in ge.status.value
    assert ge.step_button.disabled and ge.act_button.disabled


def test_map_names_are_buttons_only_where_the_token_may_go(ge):
    shown = sorted(r for r, b in ge.map.buttons.items() if b.layout.display == "")
    legal = sorted(a.region for a in ge.model.game.legal_actions())
    assert shown == legal and len(shown) == 17
    assert "Click a region" in ge.hand_title.value
    place_token(ge, "Lucca")
    assert ge.model.game.region == "Lucca" and all(b.layout.display == "none" for b in ge.map.buttons.values())
    assert "cnb-battle-region" in unquote(ge.map.image.value)


def test_autoplay_has_a_labelled_toggle(ge):
    place_token(ge)
    ge.hand_buttons[0].click()
    assert ge.auto_button.description == "▶ Let the bots play"
    ge.auto_button.value = True
    assert ge.autoplay.playing and ge.auto_button.description == "⏸ Pause the bots"
    ge.auto_button.value = False
    assert not ge.autoplay.playing


def test_new_game_deals_a_new_game(ge):
    first = [c.id for c in ge.model.hand()]
    ge.new_button.click()
    assert ge.model.seed == 4 and ge.seed_box.value == 4 and [c.id for c in ge.model.hand()] != first
    ge.seed_box.value = 3
    ge.new_button.click()
    assert ge.model.seed == 3 and [c.id for c in ge.model.hand()] == first


def test_the_battle_is_drawn_once_and_the_log_shows_the_newest_first(ge):
    place_token(ge)
    ge.hand_buttons[0].click()
    ge.step_button.click()
    assert "cnb-battle" not in ge.status.value and "cnb-battle" in ge.battle_view.value
    numbers = [int(n) for n in re.findall(r'opacity:0.6">(\d+)\.</span>', ge.log_view.value)]
    assert numbers[0] == len(ge.model.game.log) and numbers == sorted(numbers, reverse=True)


def test_hand_cards_look_like_the_cards_on_the_table(ge):
    place_token(ge)
    card = ge.hand_cards[0]
    assert 'class="cnb-face cnb-face-' in card.face.value
    kind = ge.model.hand()[0].kind
    card.button.click()
    assert f"cnb-face cnb-face-{kind}" in ge.battle_view.value


def test_a_scarecrow_in_the_hand_asks_which_card_it_takes_back():
    """The hand's Scarecrow, clicked in the game, asks which Mercenary of the line it takes back
    (a button per choice the engine allows), and the answer is played."""
    from condottiere_nb import Game
    from condottiere_nb.game import PlaceToken
    ge = GameExplorer(["Ana", "Ben"], seed=3)
    m = ge.model
    m.game = Game(["Ana", "Ben"], seed=3, hands={"Ana": ["5", "scarecrow", "3"], "Ben": ["10", "2", "4"]})
    m.act(PlaceToken("Roma"))
    m.play("5")
    m.run_bots()
    i = [c.kind for c in m.hand()].index("scarecrow")
    ge.hand_cards[i].button.click()
    assert "Which card does the Scarecrow take back?" in ge.message.value
    assert ge.choice_box.layout.display == ""
    labels = [b.description for b in ge.choice_box.children]
    assert labels == ["take nothing back", "take back the 5", "Cancel"]
    ge.choice_box.children[1].click()
    assert ge.choice_box.layout.display == "none"
    assert sorted(c.kind for c in m.hand()) == ["3", "5"]          # the Scarecrow played, the 5 back in hand
