"""The widgets' plain-Python models, tested without any widget."""
import sys
from html import unescape

import pytest

from condottiere_nb import RULESETS, Battle, RulesError
from condottiere_nb.views.model import (BuilderModel, CompareModel, StepperModel, option_variants, replay,
                                        ruleset_label)


def snapshot(m):
    return (m.players, m.ruleset, m.notation(), m.selected, m.face_down, m.take, m.lang,
            m.compare_with, m.stepper is not None, m.comparison is not None)


def test_model_module_does_not_import_widgets():
    import condottiere_nb.views.model as mod
    assert "ipywidgets" not in open(mod.__file__, encoding="utf-8").read().split('"""', 2)[2].split("import")[0]
    src = open(mod.__file__, encoding="utf-8").read()
    assert "import ipywidgets" not in src and "matplotlib" not in src


def test_play_adds_cards_in_play_order_and_advances_the_seat():
    m = BuilderModel(["Ana", "Ben", "Cy"])
    assert m.selected == "Ana"
    assert m.play("10") and m.selected == "Ben"
    assert m.play("winter") and m.selected == "Cy"
    m.select("Ana")
    assert m.play("5")
    assert [c.kind for c in m.battle.lines["Ana"]] == ["10", "5"]
    assert m.notation() == "[Ana Ben Cy] Ana 10, Ben winter, Ana 5"


def test_auto_advance_can_be_switched_off():
    m = BuilderModel(["Ana", "Ben"], auto_advance=False)
    m.play("10")
    m.play("5")
    assert m.selected == "Ana" and [c.kind for c in m.battle.lines["Ana"]] == ["10", "5"]


def test_deck_counts_follow_plays_discards_and_returns():
    m = BuilderModel(["Ana", "Ben"])
    assert m.deck_left()["bishop"] == 6 and m.deck_left()["1"] == 10
    m.play("6")
    m.play("bishop")              # Ben's Bishop discards Ana's 6 and itself
    left = m.deck_left()
    assert left["6"] == 7 and left["bishop"] == 5
    m.select("Ana")
    m.play("5")
    m.select("Ana")
    m.set_take("5#" + str(m.battle.lines["Ana"][0].id))
    m.play("scarecrow")
    assert m.battle.lines["Ana"] == [] and m.deck_left()["5"] == 7 and m.deck_left()["scarecrow"] == 15


def test_illegal_play_shows_the_engine_message_and_changes_nothing():
    m = BuilderModel(["Ana", "Ben"])
    for _ in range(3):
        m.select("Ana")
        m.play("heroine")
    before = snapshot(m)
    seen = []
    m.observe(lambda model: seen.append(model.message))
    assert m.play("heroine") is False
    assert "the deck has only 3 Heroine cards" in m.message and m.message_kind == "error"
    assert snapshot(m) == before and seen == [m.message]
    assert m.play("11") is False and "no Mercenary of value" in m.message
    assert snapshot(m) == before
    m.select("Ana")
    m.pass_turn()
    m.select("Ana")
    assert m.play("5") is False and "Ana has passed" in m.message


def test_face_down_only_where_the_ruleset_allows():
    m = BuilderModel(["Ana", "Ben"])
    assert m.set_face_down(True) is False and "face up under the 'standard' ruleset" in m.message
    assert m.face_down is False
    m.set_ruleset("hidden-cards")
    assert m.set_face_down(True) and m.play("10")
    assert m.battle.face_down and m.face_down is False      # the option is per play
    assert m.notation() == "(hidden-cards) [Ana Ben] Ana 10*"


def test_face_down_mercenaries_only_variant():
    rs = RULESETS["hidden-cards"].replace(face_down_specials="mercenaries_only")
    m = BuilderModel(["Ana", "Ben"], ruleset=rs)
    assert m.face_down_allowed("5") and not m.face_down_allowed("bishop")
    m.set_face_down(True)
    assert m.play("bishop") is False and "only Mercenaries may be played face down" in m.message


def test_scarecrow_target_options_and_take():
    m = BuilderModel(["Ana", "Ben"], auto_advance=False)
    m.play("10")
    m.play("3")
    ids = [c.id for c in m.battle.lines["Ana"]]
    assert [v for _, v in m.take_options()] == [None, f"10#{ids[0]}", f"3#{ids[1]}"]
    assert m.set_take("6#1") is False and "no face-up Mercenary" in m.message and m.take is None
    assert m.set_take(f"3#{ids[1]}")
    m.play("scarecrow")
    assert [c.kind for c in m.battle.lines["Ana"]] == ["10"]
    assert m.notation() == "[Ana Ben] Ana 10, Ana 3, Ana scarecrow>3"
    assert m.take is None                                    # reset after the play
    m.play("scarecrow")                                      # takes nothing
    assert [c.kind for c in m.battle.lines["Ana"]] == ["10"]


def test_pass_undo_and_reset():
    m = BuilderModel(["Ana", "Ben"])
    m.play("10")
    m.pass_turn()
    assert m.battle.passed == ["Ben"]
    assert m.undo() and m.battle.passed == [] and m.selected == "Ben" and "took back Ben's pass" in m.message
    assert m.undo() and m.battle.moves == []
    assert m.undo() is False and "nothing to undo" in m.message
    m.play("5")
    m.play("winter")
    m.reset()
    assert m.battle.moves == [] and m.players == ("Ana", "Ben") and "Undo brings them back" in m.message
    # Reset can be undone: the cleared lines come back
    assert m.undo() and m.notation() == "[Ana Ben] Ana 5, Ben winter" and "Reset undone" in m.message


def test_scarecrow_asks_its_target_after_the_click():
    m = BuilderModel(["Ana", "Ben"], auto_advance=False)
    m.play("10")
    m.play("3")
    assert m.click("scarecrow") and m.pending is not None
    assert [label for label, _ in m.pending[1]] == ["take nothing back", "take back the 3", "take back the 10"]
    assert "Which card does the Scarecrow take back?" in m.message
    assert m.notation() == "[Ana Ben] Ana 10, Ana 3"                  # nothing played yet
    assert m.choose("3") and m.pending is None
    assert m.notation() == "[Ana Ben] Ana 10, Ana 3, Ana scarecrow>3"
    m.select("Ben")
    assert m.click("scarecrow") and m.pending is None                 # nothing to take back: played at once
    assert m.notation().endswith("Ben scarecrow")
    assert m.choose("5") is False and "no card waiting" in m.message


def test_players_count_and_names():
    m = BuilderModel(["Ana", "Ben"])
    m.play("10")
    assert m.set_player_count(4) and m.players == ("Ana", "Ben", "Cy", "Dia")
    assert m.notation() == "[Ana Ben Cy Dia] Ana 10"           # moves kept
    assert m.rename(0, "Zoe") and m.notation() == "[Zoe Ben Cy Dia] Zoe 10"
    before = snapshot(m)
    assert m.rename(1, "Zoe") is False and "appears twice" in m.message and snapshot(m) == before
    assert m.rename(1, "  ") is False and "non-empty" in m.message and snapshot(m) == before
    assert m.set_player_count(7) is False and "2 to 6 players" in m.message and snapshot(m) == before
    assert m.set_player_count(1) is False and snapshot(m) == before
    m.select("Dia")
    m.play("5")
    assert m.set_player_count(3) and m.battle.moves == [] and "cleared" in m.message
    assert m.players == ("Zoe", "Ben", "Cy")


def test_ruleset_switch_replays_or_refuses():
    m = BuilderModel(["Ana", "Ben"], ruleset="hidden-cards")
    m.play("10")
    assert m.set_ruleset("standard") and m.ruleset.name == "standard" and m.notation() == "[Ana Ben] Ana 10"
    m.set_ruleset("hidden-cards")
    m.set_face_down(True)
    m.play("5")
    before = snapshot(m)
    assert m.set_ruleset("standard") is False
    assert "move 2, Ben's 5 played face down, is not allowed there: every card is played face up there" in m.message
    assert snapshot(m) == before
    assert m.set_ruleset("no-such-rules") is False and "named rulesets are" in m.message


def test_rulesets_are_read_from_RULESETS_at_call_time(monkeypatch):
    extra = RULESETS["standard"].replace(name="late-arrival", courtesan_token=False)
    monkeypatch.setitem(RULESETS, "late-arrival", extra)
    m = BuilderModel(["Ana", "Ben"])
    assert "late-arrival" in [label for label, _ in m.compare_choices()]       # a new battle reading
    assert m.set_ruleset("late-arrival") and m.ruleset is extra


def test_language_changes_every_word_and_keeps_the_message():
    m = BuilderModel(["Ana", "Ben"])
    m.play("winter")
    assert m.set_lang("vi") and m.card_label("winter") == "Mùa Đông" and m.card_label("5") == "5"
    assert m.set_lang("fa") and m.card_label("scarecrow") == "مترسک"
    assert m.set_lang("de") is False and m.lang == "fa" and m.message_kind == "error"
    assert "'de'" in m.message and "یکی از" in m.message                    # told in Persian
    assert m.set_lang("en") and "choose one of en, vi, es, zh, fa" in m.message   # the same error, re-told
    with pytest.raises(RulesError, match="unknown language"):
        BuilderModel(lang="klingon")


def test_notation_load_and_errors():
    m = BuilderModel(["Ana", "Ben"])
    assert m.load_notation("Ana: 10 5 | Ben: 3 drummer | Cy: heroine; pass Ben")
    assert m.players == ("Ana", "Ben", "Cy") and m.battle.strengths() == {"Ana": 15, "Ben": 6, "Cy": 10}
    assert "loaded 6 moves" in m.message
    assert m.load_notation("(hidden-cards) [A B] A 10*, B 5") and m.ruleset.name == "hidden-cards"
    before = snapshot(m)
    assert m.load_notation("[A B] A 10, B wintr") is False and "Did you mean 'winter'" in m.message
    assert snapshot(m) == before
    assert m.load_notation("") is False and "non-empty" in m.message
    built = BuilderModel(notation="[Ana Ben] Ana 10, Ben winter")
    assert built.battle.strengths() == {"Ana": 1, "Ben": 0}


def test_resolve_opens_the_stepper_on_a_copy():
    m = BuilderModel(["Huy", "Hoàng"], auto_advance=False)
    for k in "6 3 1 1".split():
        m.play(k)
    m.select("Hoàng")
    for k in "6 1 1 bishop".split():
        m.play(k)
    assert m.resolve()
    st = m.stepper
    assert st.resolution.strengths == {"Huy": 5, "Hoàng": 2} and not m.battle.is_resolved
    assert st.index == 0 and st.prev() is False
    i = next(i for i, s in enumerate(st.steps) if s.rule == "card.bishop")
    st.goto(i)
    assert st.strengths() == ({"Huy": 11, "Hoàng": 8}, {"Huy": 5, "Hoàng": 2})
    assert "11 -&gt; <span" in st.strengths_html() and "Source: vi:" in st.rule_html()
    assert "Bishop" in st.rule_html() and st.lines_html().count("cnb-gone") == 3
    while st.next():
        pass
    assert st.index == len(st) - 1 and st.step.rule == "token.condottiere" and st.next() is False
    assert "(wins)" in st.strengths_html()
    with pytest.raises(IndexError, match="steps 0 to"):
        st.goto(len(st))
    # the battle stays editable; the open stepper follows the edit on the same step
    m.select("Huy")
    m.play("10")
    assert m.stepper is not st and m.stepper.resolution.strengths["Huy"] == 15
    assert m.stepper.index == len(st) - 1


def test_stepper_model_direct_use():
    b = Battle(["Ana", "Ben"])
    b.play("Ana", "10")
    b.play("Ben", "spring")
    st = StepperModel(b.resolve(), lang="es")
    changes = []
    st.observe(lambda s: changes.append(s.index))
    st.next()
    st.next()
    st.prev()
    assert changes == [1, 2, 1]
    assert "Primavera" in st.lines_html()
    spring = next(i for i, s in enumerate(st.steps) if s.rule == "season.spring")
    st.goto(spring)
    assert st.strengths() == ({"Ana": 10, "Ben": 0}, {"Ana": 13, "Ben": 0})


def test_compare_hidden_card_readings_marks_divergence():
    b = Battle(["Huy", "Hân"], "hidden-cards")
    b.play("Huy", "6")
    b.play("Hân", "5")
    b.play("Huy", "6")
    b.play("Hân", "bishop", face_down=True)
    on_play = RULESETS["hidden-cards"].replace(face_down_specials="on_play")
    cmp = CompareModel(b, "hidden-cards", on_play)
    reveal, act = cmp.resolutions
    assert reveal.strengths == {"Huy": 12, "Hân": 5} and act.strengths == {"Huy": 0, "Hân": 5}
    assert cmp.outcomes_differ and any(cmp.differs) and not cmp.differs[0]
    first = cmp.first_difference
    assert cmp.index == first and all(not d for d in cmp.differs[:first])
    i, j = cmp.rows[first]
    assert "The rulesets diverge here" in cmp.html()
    cmp.goto(0)
    assert "Same step under both rulesets" in cmp.html()
    assert cmp.next_difference() and cmp.index == first
    assert "Hidden cards: face-down specials act when played" in unescape(cmp.summary_html())
    assert "the outcome differs" in cmp.summary_html()
    assert len(cmp.labels) == 2 and cmp.labels[0] == "Hidden cards (Vietnamese variant)"


def test_compare_same_rules_never_differs():
    b = Battle(["Ana", "Ben"])
    b.play("Ana", "10")
    cmp = CompareModel(b, "standard", RULESETS["standard"].replace(name="copy"))
    assert not any(cmp.differs) and cmp.first_difference is None and not cmp.outcomes_differ


def test_builder_compare_mode():
    m = BuilderModel(["Huy", "Hân"], ruleset="hidden-cards", auto_advance=False)
    labels = [label for label, _ in m.compare_choices()]
    assert "Standard rules" in labels and "Hidden cards: face-down specials act when played" in labels
    assert not any("=" in label or "_" in label for label in labels)          # words, not option names
    m.play("6")
    m.select("Hân")
    m.set_face_down(True)
    m.play("bishop")
    on_play = dict(m.compare_choices())["Hidden cards: face-down specials act when played"]
    assert m.set_compare(on_play) and m.resolve()
    assert m.comparison is not None and m.stepper is None and m.comparison.outcomes_differ
    # under the standard rules the face-down Bishop is laid face up, and the summary says so
    assert m.set_compare("standard") and m.comparison is not None
    assert "every card is played face up, so Hân&#x27;s Bishop is face up there" in m.comparison.summary_html()
    assert m.set_compare(None) and m.resolve() and m.stepper is not None
    # only choices the battle can be replayed under: no deck without a Bishop
    assert all(r.counts.get("bishop") for _, r in m.compare_choices())


def test_replay_and_labels():
    b = Battle(["Ana", "Ben"])
    b.play("Ana", "5")
    b.play("Ben", "scarecrow", take=None)
    b.pass_turn("Ana")
    other = replay(b, "hidden-cards")
    assert [(m.player, m.kind) for m in other.moves] == [(m.player, m.kind) for m in b.moves]
    assert ruleset_label(RULESETS["standard"]) == "Standard rules"
    variants = option_variants(RULESETS["hidden-cards"])
    assert {ruleset_label(v) for v in variants} >= {
        "Hidden cards (Vietnamese variant), with: Hidden cards: face-down specials act when played",
        "Hidden cards (Vietnamese variant), with: No hidden cards: every card is played face up"}


def test_models_do_not_need_ipywidgets():
    assert "condottiere_nb.views.widgets" not in sys.modules or True
    import subprocess
    code = ("import sys; from condottiere_nb.views.model import BuilderModel; m = BuilderModel(); m.play('5'); "
            "m.resolve(); print('ipywidgets' in sys.modules, 'matplotlib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False False"


def test_compare_marks_a_token_that_goes_to_another_player():
    # Same strengths under both readings, but the Courtesan majority takes the token only
    # under courtesan_token=True: that step must be marked, and the summary must agree.
    b = Battle.from_notation("[Ana Ben] Ana 10, Ben courtesan, Ben courtesan")
    off = RULESETS["standard"].replace(courtesan_token=False)
    cm = CompareModel(b, "standard", off)
    assert cm.outcomes_differ
    marked = [cm.rows[k] for k, d in enumerate(cm.differs) if d]
    left, right = cm.resolutions
    assert [left.steps[i].rule for i, _ in marked if i is not None] == ["token.condottiere"]
    assert sum(cm.differs) >= 1


def test_a_refused_comparison_choice_changes_nothing():
    """Results open on a battle that the chosen ruleset cannot replay: the choice is refused and
    the builder stays as it was (it set the choice and closed the results)."""
    m = BuilderModel(["Huy", "Han"], "fa-tutorial")
    m.play("banner")
    assert m.resolve()
    before = snapshot(m)
    assert not m.set_compare("standard")
    assert m.message_kind == "error" and "Banner" in m.message
    assert snapshot(m) == before


def test_undo_to_an_empty_battle_closes_the_results():
    m = BuilderModel(["Ana", "Ben"])
    m.play("10")
    assert m.resolve() and m.stepper is not None
    assert m.undo()
    assert m.stepper is None and m.comparison is None
    assert m.set_compare("hidden-cards") and m.compare_with.name == "hidden-cards"


def test_a_refused_choice_keeps_the_question_open():
    """The Scarecrow asks what it takes back; meanwhile Ana passes (in code): her answer is refused
    and the question stays, as everything else does."""
    m = BuilderModel(["Ana", "Ben"])
    m.play("10")
    m.play("3")
    m.select("Ana")
    assert m.click("scarecrow") and m.pending is not None
    m.battle.pass_turn("Ana")
    take = m.pending[1][-1][1]
    assert not m.choose(take)
    assert m.message_kind == "error" and "Ana has passed" in m.message
    assert m.pending is not None


def test_a_refused_resolve_keeps_the_cards_question():
    """A fuzzer: a Maiden asked what she removes, then Resolve was refused (the comparison could not
    replay the battle) and the question was gone."""
    m = BuilderModel(["Ana", "Ben"], "fa-tutorial", compare="standard")
    m.play("banner")
    m.play("5")
    m.select("Ana")
    assert m.click("maiden") and m.pending is not None
    asked = m.pending
    assert not m.resolve()
    assert m.message_kind == "error" and m.pending == asked


@pytest.mark.parametrize("value", ["1.0", "0.5", "1 0", "1-0", "+5", " 5x", "٥.٠"])
def test_builder_refuses_a_value_that_is_not_digits_only_and_changes_nothing(value):
    m = BuilderModel(["Ana", "Ben"])
    m.play("3")
    before = snapshot(m)
    assert m.play(value) is False
    assert m.message_kind == "error" and "digits only" in str(m.message)
    assert snapshot(m) == before
    assert m.load_notation(f"[Ana Ben] Ana {value}") is False and snapshot(m) == before
