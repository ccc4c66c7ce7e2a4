"""The widgets, driven as a user would: set .value, call .click(), read the rendered HTML."""
import re

import pytest

pytest.importorskip("ipywidgets")

from condottiere_nb import RULESETS, Battle  # noqa: E402
from condottiere_nb.views import BattleBuilder, CompareView, Stepper  # noqa: E402
from condottiere_nb.views.html import HIGHLIGHT  # noqa: E402
from html_safety import unsafe_parts  # noqa: E402
from condottiere_nb.views.widgets import NOTHING  # noqa: E402


def faces(html):
    """Card kinds shown in a rendering, in order ('back' for a face-down card)."""
    return re.findall(r'class="cnb-face cnb-face-([\w]+)', html)


def line_of(bb, player):
    """The kinds in one player's line as the battle view shows it."""
    html = bb.battle_view.value
    blocks = re.split(r'<div class="cnb-line"', html)[1:]
    block = next(b for b in blocks if f"<b>{player}</b>" in b)
    return faces(block)


def classes(widget):
    return set(widget._dom_classes)


# -- construction and the stable class names -------------------------------------------------

def test_constructor_shortcuts():
    bb = BattleBuilder(players=["Ana", "Ben", "Cy"], ruleset="hidden-cards", lang="es")
    assert bb.player_select.options == ("Ana", "Ben", "Cy") and bb.player_count.value == 3
    assert bb.ruleset_select.value == "hidden-cards" and bb.lang_select.value == "es"
    assert "Invierno" in bb.palette_cards["winter"].face.value
    nb = BattleBuilder(notation="[Huy Hoàng] Huy 6, Hoàng 6, Huy 3, Hoàng bishop")
    assert nb.player_select.options == ("Huy", "Hoàng")
    assert "cnb-gone" in nb.battle_view.value and nb.notation_box.value.startswith("[Huy Hoàng] Huy 6")


def test_key_controls_carry_their_css_classes():
    bb = BattleBuilder()
    assert "cnb-builder" in classes(bb)
    for kind, button in bb.palette.items():
        assert {"cnb-card", f"cnb-card-{kind}"} <= classes(button)
    expected = {
        bb.player_count: "cnb-player-count", bb.player_select: "cnb-player-select",
        bb.ruleset_select: "cnb-ruleset", bb.lang_select: "cnb-lang", bb.face_down_box: "cnb-face-down",
        bb.take_select: "cnb-scarecrow-take", bb.pass_button: "cnb-pass", bb.undo_button: "cnb-undo",
        bb.reset_button: "cnb-reset", bb.message: "cnb-message", bb.battle_view: "cnb-battle",
        bb.notation_box: "cnb-notation", bb.load_button: "cnb-load-notation", bb.resolve_button: "cnb-resolve",
        bb.compare_select: "cnb-compare", bb.close_button: "cnb-close-results", bb.stepper: "cnb-stepper",
        bb.stepper.next_button: "cnb-next", bb.stepper.prev_button: "cnb-prev",
        bb.stepper.slider: "cnb-step-slider", bb.stepper.strengths: "cnb-strengths", bb.stepper.rule: "cnb-rule",
        bb.compare_view: "cnb-compare-view", bb.compare_view.diff_button: "cnb-next-difference",
        bb.palette_box: "cnb-palette", bb.auto_advance_box: "cnb-auto-advance",
    }
    for widget, cls in expected.items():
        assert cls in classes(widget), cls
    assert {"cnb-player-name", "cnb-player-name-0"} <= classes(bb.name_boxes[0])
    assert bb.resolve_button.description == "Resolve ▶" and bb.stepper.next_button.description == "Next ▶"


# -- seats ---------------------------------------------------------------------------------------

def test_player_count_and_name_boxes():
    bb = BattleBuilder()
    assert [b.layout.display for b in bb.name_boxes] == ["", ""] + ["none"] * 4
    bb.player_count.value = 5
    assert bb.player_select.options == ("Ana", "Ben", "Cy", "Dia", "Eli")
    assert [b.value for b in bb.name_boxes[:5]] == ["Ana", "Ben", "Cy", "Dia", "Eli"]
    assert bb.name_boxes[4].layout.display == "" and bb.name_boxes[5].layout.display == "none"
    assert bb.battle_view.value.count('class="cnb-line"') == 5


def test_renaming_a_seat_and_a_refused_name():
    bb = BattleBuilder()
    bb.palette["10"].click()
    bb.name_boxes[0].value = "Zoe"
    assert bb.player_select.options == ("Zoe", "Ben") and bb.notation_box.value == "[Zoe Ben] Zoe 10"
    bb.name_boxes[1].value = "Zoe"
    assert "appears twice" in bb.message.value
    assert bb.name_boxes[1].value == "Ben" and bb.player_select.options == ("Zoe", "Ben")


def test_player_selector_chooses_whose_line_gets_the_card():
    bb = BattleBuilder(players=["Ana", "Ben", "Cy"])
    bb.player_select.value = "Cy"
    bb.palette["heroine"].click()
    assert line_of(bb, "Cy") == ["heroine"] and line_of(bb, "Ana") == []
    assert bb.player_select.value == "Ana"          # next seat after Cy
    bb.auto_advance_box.value = False
    bb.palette["5"].click()
    bb.palette["6"].click()
    assert line_of(bb, "Ana") == ["5", "6"] and bb.player_select.value == "Ana"


# -- the palette ---------------------------------------------------------------------------------

def test_palette_click_adds_the_card_in_play_order_and_counts_down():
    bb = BattleBuilder()
    assert "×8<" in bb.palette_cards["10"].face.value and ">Bishop<" in bb.palette_cards["bishop"].face.value
    assert "×6<" in bb.palette_cards["bishop"].face.value
    bb.palette["10"].click()
    bb.palette["drummer"].click()
    bb.player_select.value = "Ana"
    bb.palette["10"].click()
    assert line_of(bb, "Ana") == ["10", "10"] and line_of(bb, "Ben") == ["drummer"]
    assert "×6<" in bb.palette_cards["10"].face.value and "×5<" in bb.palette_cards["drummer"].face.value
    assert bb.notation_box.value == "[Ana Ben] Ana 10, Ben drummer, Ana 10"
    assert 'title="strength">20</div>' in bb.battle_view.value    # Ana's announced strength
    assert bb.message.value == ""


def test_palette_shows_the_last_card_used_up():
    bb = BattleBuilder(auto_advance=False)
    for _ in range(3):
        bb.palette["heroine"].click()
    assert "×0<" in bb.palette_cards["heroine"].face.value
    assert "opacity:0.55" in bb.palette_cards["heroine"].face.value        # greyed when none is left


def test_illegal_card_shows_the_engine_message_and_changes_nothing():
    bb = BattleBuilder(auto_advance=False)
    for _ in range(3):
        bb.palette["heroine"].click()
    before = (bb.notation_box.value, bb.battle_view.value)
    bb.palette["heroine"].click()
    assert "the deck has only 3 Heroine cards" in bb.message.value and "#e53935" in bb.message.value
    assert (bb.notation_box.value, bb.battle_view.value) == before
    bb.pass_button.click()
    bb.palette["5"].click()
    assert "Ana has passed and cannot play again" in bb.message.value
    assert bb.notation_box.value == "[Ana Ben] Ana heroine, Ana heroine, Ana heroine, Ana pass"


def test_surrender_ends_the_battle_and_further_cards_are_refused():
    bb = BattleBuilder()
    bb.palette["10"].click()
    bb.palette["surrender"].click()
    bb.palette["5"].click()
    assert "Surrender" in bb.message.value and "Ben surrendered" in bb.battle_view.value


# -- options of a play ------------------------------------------------------------------------------

def test_face_down_box_disabled_and_refused_under_standard():
    bb = BattleBuilder()
    assert bb.face_down_box.disabled
    bb.face_down_box.value = True
    assert bb.face_down_box.value is False and "face up under the" in bb.message.value


def test_face_down_play_under_hidden_cards_shows_a_back():
    bb = BattleBuilder(ruleset="hidden-cards")
    assert not bb.face_down_box.disabled
    bb.face_down_box.value = True
    bb.palette["10"].click()
    assert line_of(bb, "Ana") == ["back"] and bb.face_down_box.value is False
    assert bb.notation_box.value == "(hidden-cards) [Ana Ben] Ana 10*"
    assert 'title="strength">0</div>' in bb.battle_view.value      # announced: face-up cards only


def test_scarecrow_asks_its_target_after_the_click():
    bb = BattleBuilder(auto_advance=False)
    bb.palette["10"].click()
    bb.palette["3"].click()
    bb.palette["scarecrow"].click()
    assert bb.choice_box.layout.display == ""
    assert "Which card does the Scarecrow take back?" in bb.message.value
    options = [b.description for b in bb.choice_box.children]
    assert options == ["take nothing back", "take back the 3", "take back the 10", "Cancel"]
    bb.choice_box.children[1].click()
    assert line_of(bb, "Ana") == ["10", "3", "scarecrow"] and "cnb-returned" in bb.battle_view.value
    assert bb.notation_box.value == "[Ana Ben] Ana 10, Ana 3, Ana scarecrow>3"
    assert bb.choice_box.layout.display == "none"


def test_scarecrow_with_nothing_to_take_back_is_played_at_once():
    bb = BattleBuilder(auto_advance=False)
    bb.palette["10"].click()
    bb.player_select.value = "Ben"
    bb.palette["scarecrow"].click()
    assert bb.choice_box.layout.display == "none" and bb.notation_box.value.endswith("Ben scarecrow")


# -- pass, undo, reset --------------------------------------------------------------------------------

def test_pass_undo_reset_buttons():
    bb = BattleBuilder()
    bb.palette["10"].click()
    bb.pass_button.click()
    assert ">passed</div>" in bb.battle_view.value and bb.notation_box.value == "[Ana Ben] Ana 10, Ben pass"
    bb.undo_button.click()
    assert ">passed</div>" not in bb.battle_view.value and bb.notation_box.value == "[Ana Ben] Ana 10"
    assert "took back Ben&#x27;s pass" in bb.message.value
    bb.reset_button.click()
    assert bb.notation_box.value == "[Ana Ben]" and faces(bb.battle_view.value) == []
    assert "cleared 1 move; Undo brings it back" in bb.message.value
    bb.undo_button.click()                                   # Reset is undone
    assert bb.notation_box.value == "[Ana Ben] Ana 10" and faces(bb.battle_view.value) == ["10"]
    bb.undo_button.click()
    bb.undo_button.click()
    assert "nothing to undo" in bb.message.value


# -- ruleset and language -------------------------------------------------------------------------------

def test_ruleset_dropdown_lists_RULESETS_and_switches(monkeypatch):
    bb = BattleBuilder()
    assert [v for _, v in bb.ruleset_select.options] == list(RULESETS)
    monkeypatch.setitem(RULESETS, "late-arrival", RULESETS["standard"].replace(name="late-arrival"))
    bb.render()
    assert "late-arrival" in [v for _, v in bb.ruleset_select.options]
    bb.ruleset_select.value = "hidden-cards"
    assert not bb.face_down_box.disabled and "Battle, Hidden cards (Vietnamese variant)" in bb.battle_view.value


def test_ruleset_switch_refused_snaps_back():
    bb = BattleBuilder(ruleset="hidden-cards")
    bb.face_down_box.value = True
    bb.palette["5"].click()
    bb.ruleset_select.value = "standard"
    assert bb.ruleset_select.value == "hidden-cards"
    assert "move 1, Ana&#x27;s 5 played face down, is not allowed there" in bb.message.value


def test_language_dropdown_renames_cards():
    bb = BattleBuilder()
    bb.palette["winter"].click()
    for lang, name in [("vi", "Mùa Đông"), ("es", "Invierno"), ("zh", "寒冬"), ("fa", "زمستان")]:
        bb.lang_select.value = lang
        assert name in bb.battle_view.value and name in bb.palette_cards["winter"].face.value
    assert [v for _, v in bb.lang_select.options] == ["en", "vi", "es", "zh", "fa"]


# -- notation ----------------------------------------------------------------------------------------------

def test_notation_box_paste_and_load():
    bb = BattleBuilder()
    bb.notation_box.value = "Ana: 10 5 | Ben: 3 drummer | Cy: heroine; pass Ben"
    bb.load_button.click()
    assert bb.player_select.options == ("Ana", "Ben", "Cy") and "loaded 6 moves" in bb.message.value
    assert bb.notation_box.value == "[Ana Ben Cy] Ana 10, Ben 3, Cy heroine, Ana 5, Ben drummer, Ben pass"
    assert line_of(bb, "Ben") == ["3", "drummer"]


def test_notation_box_bad_text_changes_nothing():
    bb = BattleBuilder()
    bb.palette["10"].click()
    bb.notation_box.value = "[A B] A 10, B wintr"
    bb.load_button.click()
    assert "Did you mean" in bb.message.value and "winter" in bb.message.value
    # the battle is unchanged, and the box keeps the refused text, so that the typo can be corrected
    assert line_of(bb, "Ana") == ["10"] and bb.player_select.options == ("Ana", "Ben")
    assert bb.notation_box.value == "[A B] A 10, B wintr"
    bb.notation_box.value = bb.notation_box.value.replace("wintr", "winter")
    bb.load_button.click()
    assert bb.player_select.options == ("A", "B") and bb.notation_box.value == "[A B] A 10, B winter"


def test_load_reads_the_box_as_it_is_typed():
    # The browser sends the box's text with every keystroke (not only when the box loses the focus),
    # so a click on Load right after typing reads what was typed.
    bb = BattleBuilder()
    assert bb.notation_box.continuous_update
    bb.notation_box.value = "[Ana Ben] Ana 3"
    bb.load_button.click()
    assert line_of(bb, "Ana") == ["3"]
    bb.notation_box.value = "[Ana Ben] Ana 5"           # the same box typed again: Load reads the new text
    bb.load_button.click()
    assert line_of(bb, "Ana") == ["5"] and bb.notation_box.value == "[Ana Ben] Ana 5"


# -- resolve and the stepper ----------------------------------------------------------------------------------

def build_bishop(bb):
    bb.notation_box.value = "[Huy Hoàng] Huy 6, Hoàng 6, Huy 3, Hoàng 1, Huy 1, Hoàng 1, Huy 1, Hoàng bishop"
    bb.load_button.click()


def test_resolve_opens_the_stepper_and_next_prev_slider_move():
    bb = BattleBuilder()
    build_bishop(bb)
    assert bb.stepper.layout.display == "none" and bb.close_button.disabled
    bb.resolve_button.click()
    st = bb.stepper
    assert st.layout.display == "" and not bb.close_button.disabled
    # the slider counts as the header does: "Step 1 of n" is 1
    assert st.slider.value == 1 and st.slider.min == 1 and st.slider.max == len(st.model) and st.prev_button.disabled
    assert "Step 1 of" in st.header.value and "Huy plays a 6" in st.rule.value
    st.next_button.click()
    assert st.slider.value == 2 and "Hoàng plays a 6" in st.rule.value
    st.prev_button.click()
    assert st.slider.value == 1
    bishop = next(i for i, s in enumerate(st.model.steps) if s.rule == "card.bishop")
    st.slider.value = bishop + 1
    assert "Step %d of" % (bishop + 1) in st.header.value
    assert "11 -&gt; <span" in st.strengths.value and ">5</span>" in st.strengths.value
    assert "8 -&gt; <span" in st.strengths.value and ">2</span>" in st.strengths.value
    assert "Source: vi: Các lá bài Đặc Biệt 3" in st.rule.value
    highlighted = re.findall(r'cnb-face-(\w+)[^"]*" title="[^"]*" style="[^"]*' + re.escape(HIGHLIGHT),
                             st.lines.value)
    assert highlighted == ["6", "6"]
    while not st.next_button.disabled:
        st.next_button.click()
    assert "Who takes the Condottiere token" in st.rule.value and "(wins)" in st.strengths.value
    for w in (st.lines, st.strengths, st.rule, st.header):
        assert unsafe_parts(w.value) == []


def test_stepper_follows_edits_and_closes():
    bb = BattleBuilder()
    bb.palette["10"].click()
    bb.resolve_button.click()
    n = bb.stepper.slider.max
    bb.palette["spring"].click()
    assert bb.stepper.slider.max > n
    assert bb.stepper.model.resolution.strengths == {"Ana": 13, "Ben": 0}
    assert not bb.model.battle.is_resolved                         # the battle stays editable
    bb.close_button.click()
    assert bb.stepper.layout.display == "none"


def test_stepper_on_a_six_player_resolution():
    bb = BattleBuilder(players=["A", "B", "C", "D", "E", "F"])
    for k in "10 6 5 drummer spring heroine 3 courtesan 10 winter bishop 2".split():
        bb.palette[k].click()
    bb.resolve_button.click()
    st = bb.stepper
    seen = set()
    while True:
        seen.add(st.model.step.rule)
        assert st.strengths.value.count("<tr>") == 6
        if st.next_button.disabled:
            break
        st.next_button.click()
    assert {"season.cancel", "card.bishop", "battle.compare", "token.condottiere"} <= seen


def test_standalone_stepper():
    b = Battle(["Ana", "Ben"])
    b.play("Ana", "10")
    b.play("Ben", "winter")
    st = Stepper(b.resolve(), lang="vi")
    assert "Mùa Đông" not in st.lines.value                     # step 1: only Ana's 10
    st.slider.value = st.slider.max
    assert "Ai nhận Token Xung Đột" in st.rule.value and st.next_button.disabled     # the Vietnamese title
    assert "Mùa Đông" in st.lines.value


# -- compare mode ----------------------------------------------------------------------------------------------

def test_compare_mode_side_by_side_with_divergence_marked():
    bb = BattleBuilder(players=["Huy", "Hân"], ruleset="hidden-cards")
    labels = [label for label, _ in bb.compare_select.options]
    assert labels[0] == "nothing: show the steps" and "Hidden cards: face-down specials act when played" in labels
    bb.notation_box.value = "(hidden-cards) [Huy Hân] Huy 6, Hân 5, Huy 6, Hân bishop*"
    bb.load_button.click()
    bb.compare_select.value = dict(bb.compare_select.options)["Hidden cards: face-down specials act when played"]
    bb.resolve_button.click()
    cv = bb.compare_view
    assert cv.layout.display == "" and bb.stepper.layout.display == "none"
    assert "The rulesets diverge here" in cv.body.value          # opens on the first difference
    assert "the outcome differs" in cv.summary.value
    cv.slider.value = 1
    assert "Same step under both rulesets" in cv.body.value
    cv.diff_button.click()
    assert "The rulesets diverge here" in cv.body.value and cv.slider.value == cv.model.first_difference + 1
    cv.next_button.click()
    cv.prev_button.click()
    assert cv.slider.value == cv.model.first_difference + 1
    assert unsafe_parts(cv.body.value) == [] and unsafe_parts(cv.summary.value) == []
    assert dict(bb.compare_select.options)["nothing: show the steps"] == NOTHING
    bb.compare_select.value = NOTHING
    assert bb.compare_view.layout.display == "none" and bb.stepper.layout.display == ""


def test_compare_with_rules_without_hidden_cards_lays_the_hidden_card_face_up_and_says_so():
    # notebook 10's "try it yourself": hidden cards compared with the standard rules
    bb = BattleBuilder(notation="[Huy Han] Huy 6, Han 5, Huy 6, Han 1, Huy 10*, Han 1", ruleset="hidden-cards",
                       compare="standard")
    bb.resolve_button.click()
    assert bb.message.value == "" and bb.compare_view.layout.display == ""
    assert "every card is played face up, so Huy&#x27;s 10 is face up there" in bb.compare_view.summary.value


def test_compare_choices_are_only_rulesets_the_battle_can_be_replayed_under():
    bb = BattleBuilder(ruleset="fa-tutorial")
    labels = [label for label, _ in bb.compare_select.options]
    bb.palette["9"].click()
    after = [label for label, _ in bb.compare_select.options]
    assert "Standard rules" in labels and "Standard rules" not in after      # no 9 in the standard deck


def test_an_error_shows_right_under_the_buttons():
    bb = BattleBuilder()
    bb.resolve_button.click()
    assert "nothing to resolve yet" in bb.message.value
    rows = list(bb.children)
    buttons_row = next(i for i, w in enumerate(rows) if bb.resolve_button in getattr(w, "children", ()))
    assert rows[buttons_row + 1] is bb.message


def test_standalone_compare_view():
    b = Battle(["Ana", "Ben"])
    b.play("Ana", "10")
    b.play("Ben", "courtesan")
    b.play("Ana", "courtesan")
    cv = CompareView(b, "standard", RULESETS["standard"].replace(courtesan_token=False))
    assert cv.model.resolutions[0].token_holder == "Ana"
    assert "Same step" in cv.body.value or "diverge" in cv.body.value


# -- the "compared with" dropdown follows the model (defects found by a widget fuzzer) --------------

def test_compare_dropdown_survives_a_switch_of_rules_whose_choices_read_the_same():
    """A reading picked under Standard, then Invasion and back: the labels read the same but stand
    for other rulesets; the dropdown must still show (and hold) the model's choice."""
    bb = BattleBuilder(players=("Ana", "Ben"))
    spring = next(v for label, v in bb.compare_select.options if label.startswith("Spring"))
    bb.compare_select.value = spring
    bb.ruleset_select.value = "invasion"
    bb.palette["courtesan"].click()
    bb.ruleset_select.value = "standard"                  # raised TraitError, and every render after it
    assert bb.model.compare_with.spring_highest == "effective"
    assert bb.compare_select.value is not NOTHING and bb.compare_select.value.spring_highest == "effective"
    bb.resolve_button.click()
    assert bb.model.comparison is not None and bb.compare_view.layout.display != "none"


def test_compare_given_by_hand_shows_in_the_dropdown():
    """notebooks/04: BattleBuilder(compare=<a ruleset built with replace()>) names it in the
    dropdown, not "nothing", under its own rules and after a switch there and back."""
    plain = RULESETS["standard"].replace(courtesan_token=False)
    bb = BattleBuilder(notation="Ana: 10 | Ben: 3 courtesan", compare=plain)
    for rules in ("standard", "invasion", "standard"):
        bb.ruleset_select.value = rules
        assert bb.compare_select.value is not NOTHING, rules
        assert bb.compare_select.value.courtesan_token is False, rules
    bb.resolve_button.click()
    assert bb.model.comparison is not None


def test_a_comparison_that_cannot_follow_is_closed_with_a_message():
    """Hidden cards compared with Standard; under the Persian rules a Banner is played, which
    Standard cannot replay: the comparison closes and says why (it raised NameError)."""
    bb = BattleBuilder(notation="(hidden-cards) [Huy Han] Huy 6, Han 5", compare="standard")
    bb.resolve_button.click()
    bb.ruleset_select.value = "fa-tutorial"
    bb.resolve_button.click()
    bb.player_select.value = "Huy"
    bb.palette["banner"].click()
    m = bb.model
    assert m.comparison is None and m.compare_with is None
    assert m.message_kind == "error" and "the comparison was closed" in m.message and "Banner" in m.message
    assert bb.compare_select.value is NOTHING


def test_a_scarecrow_for_a_player_who_passed_is_refused_at_once():
    bb = BattleBuilder(players=("Ana", "Ben"))
    bb.player_select.value = "Ana"
    bb.palette["10"].click()
    bb.player_select.value = "Ana"
    bb.pass_button.click()
    bb.player_select.value = "Ana"
    bb.palette["scarecrow"].click()
    assert bb.model.pending is None and not bb.choice_box.children
    assert bb.model.message_kind == "error" and "Ana has passed" in bb.model.message


def test_switching_rules_closes_the_old_palette_widgets_entirely():
    """Each card of the old palette is closed with its button, face, layouts and styles (only the
    card's box was: about a hundred widgets stayed open in the kernel at every switch)."""
    bb = BattleBuilder(players=("Ana", "Ben"))
    old = bb.palette_cards["10"]
    bb.ruleset_select.value = "fa-tutorial"
    parts = [old, old.button, old.face, old.layout, old.button.layout, old.button.style, old.face.layout]
    assert all(w.comm is None for w in parts)
    # and a cancelled choice closes its buttons' layouts and styles
    bb.ruleset_select.value = "standard"
    bb.player_select.value = "Ana"
    bb.palette["10"].click()
    bb.player_select.value = "Ana"
    bb.palette["scarecrow"].click()
    asked = list(bb.choice_box.children)
    assert asked
    asked[-1].click()                                          # Cancel
    assert all(w.comm is None and w.layout.comm is None and w.style.comm is None for w in asked)


def test_the_step_panel_keeps_its_place_while_the_lines_grow():
    """In a browser the panel sat right after the lines: when a line got a second card, Next
    moved 90 pixels and a second click at the same place hit Previous.  The lines now take the
    room the panel leaves (they grow), and the panel never shrinks or grows."""
    s = Stepper(Battle.from_notation("Ana: 10 heroine | Ben: winter | Cy: drummer").resolve())
    assert s.children[:2] == (s.lines, s.panel) and all(c.layout.display == "none" for c in s.children[2:])
    assert s.lines.layout.flex == "1 1 auto" and s.panel.layout.flex == "0 0 auto"
    assert s.panel.layout.width == "400px"


def test_every_view_hides_its_parts_disconnected_icons_and_keeps_its_own():
    """A notebook opened before it runs draws its widgets from saved state, each part marked
    "disconnected" with an icon: a view carries the one CSS rule that hides its parts' icons
    (see tests/test_browser.py for what a browser draws)."""
    from condottiere_nb.views import GameExplorer, MapView
    from condottiere_nb.views.explore_views import OddsWidget
    from condottiere_nb.views.sheet import VIEW_RULES
    views = [BattleBuilder(players=("Ana", "Ben")), GameExplorer(players=("Ana", "Ben", "Cy"), seed=1),
             MapView(), OddsWidget(), Stepper(Battle.from_notation("Ana: 10 | Ben: 5").resolve())]
    for view in views:
        assert "cnb-view" in classes(view), type(view).__name__
        rule = [c for c in view.children if getattr(c, "value", None) == VIEW_RULES]
        assert len(rule) == 1 and rule[0].layout.display == "none", type(view).__name__
    assert ".cnb-view.jupyter-widgets-disconnected .jupyter-widgets-disconnected::before{display:none}" in VIEW_RULES


def test_a_view_in_persian_is_laid_out_right_to_left():
    """Persian reads from the right: a view in Persian is marked cnb-rtl (its rule: direction rtl,
    the map and a slider's track kept left to right), and loses the mark in another language."""
    from condottiere_nb.views import GameExplorer
    from condottiere_nb.views.sheet import VIEW_RULES
    builder = BattleBuilder(players=("Ana", "Ben"), lang="fa")
    game = GameExplorer(players=("Ana", "Ben", "Cy"), seed=1, lang="fa")
    assert "cnb-rtl" in classes(builder) and "cnb-rtl" in classes(game)
    builder.model.set_lang("zh")
    game.model.set_lang("en")
    assert "cnb-rtl" not in classes(builder) and "cnb-rtl" not in classes(game)
    assert "cnb-rtl" not in classes(BattleBuilder(players=("Ana", "Ben"), lang="vi"))
    from condottiere_nb.views import MapView
    from condottiere_nb.views.explore_views import OddsWidget
    odds, atlas = OddsWidget(lang="fa"), MapView(lang="fa")
    stepper = Stepper(Battle.from_notation("Ana: 10 | Ben: 5").resolve(), lang="fa")
    assert all("cnb-rtl" in classes(v) for v in (odds, atlas, stepper))
    odds.set_lang("es")
    atlas.set_lang("en")
    assert "cnb-rtl" not in classes(odds) and "cnb-rtl" not in classes(atlas)
    assert ".cnb-view.cnb-rtl{direction:rtl}" in VIEW_RULES
    assert ".cnb-view.cnb-rtl .cnb-map-board,.cnb-view.cnb-rtl .slider-container{direction:ltr}" in VIEW_RULES
