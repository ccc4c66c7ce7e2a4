"""HTML views: cards, lines, battles, resolutions and steps (no widgets, no browser)."""
import random
import re
import subprocess
import sys

import pytest

from condottiere_nb import RULESETS, Battle, IllegalMove, RulesError
from condottiere_nb.cards import STANDARD_DECK
from condottiere_nb.cards import KINDS
from condottiere_nb.i18n import LANGUAGES
from condottiere_nb.views import (battle_html, card_html, legend_html, line_html, resolution_html,
                                  resolution_timeline, step_html, strengths_html)
from condottiere_nb.views.html import FAMILY_COLOURS, HIGHLIGHT, rule_html
from html_safety import unsafe_parts
from condottiere_nb.views.timeline import Shown


def card(kind):
    return next(c for c in STANDARD_DECK if c.kind == kind)


def bishop_example():
    """vi, Giám Mục: Huy 6, 3, 1, 1; Hoàng 6, 1, 1 then Bishop -> both 6s go; Huy 5, Hoàng 2."""
    b = Battle(["Huy", "Hoàng"])
    for p, cards in (("Huy", "6 3 1 1"), ("Hoàng", "6 1 1")):
        for k in cards.split():
            b.play(p, k)
    b.play("Hoàng", "bishop")
    return b


def hidden_battle():
    b = Battle(["Ana", "Ben", "Cy"], "hidden-cards")
    b.play("Ana", "6")
    b.play("Ben", "10", face_down=True)
    b.play("Cy", "5")
    b.play("Cy", "scarecrow", take="5")
    b.play("Ana", "bishop", face_down=True)
    b.play("Ben", "drummer")
    return b


def cards_in(html):
    """The card boxes of a rendering as (classes, title) pairs, in order."""
    return re.findall(r'<span class="(cnb-face[^"]*)" title="([^"]*)"', html)


# -- one card ------------------------------------------------------------------------------

def test_card_html_shows_kind_printed_and_effective_value_in_family_colour():
    html = card_html(card("5"), value=13)
    assert "cnb-face-5" in html and ">5<" in html
    assert ">= 13</span>" in html and "background:#b00020" in html     # a changed value stands out
    assert FAMILY_COLOURS["mercenary"] in html
    plain = card_html(card("5"), value=5)
    assert ">= 5</span>" in plain and "#b00020" not in plain
    assert "cnb-value" not in card_html(card("5"))             # no value known: none shown


@pytest.mark.parametrize("kind,family", [("winter", "season"), ("spring", "season"), ("heroine", "character"),
                                         ("courtesan", "character"), ("drummer", "character"),
                                         ("bishop", "tactic"), ("scarecrow", "tactic"), ("surrender", "tactic")])
def test_card_html_colour_by_family(kind, family):
    html = card_html(card(kind))
    assert FAMILY_COLOURS[family] in html
    assert all(FAMILY_COLOURS[f] not in html for f in FAMILY_COLOURS if f != family)


def test_card_html_heroine_shows_printed_strength():
    assert 'height:18px">10<' in card_html(card("heroine"))
    assert 'height:18px"><' in card_html(card("winter"))   # no printed strength


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_card_names_follow_the_language(lang):
    html = card_html(card("scarecrow"), lang=lang)
    assert KINDS["scarecrow"].names[lang] in html
    merc = card_html(card("10"), lang=lang)
    # each rulebook's word for a Mercenary (docs/glossary/), in the tooltip
    assert {"en": "Mercenary", "vi": "Quân Lính", "es": "Mercenario", "zh": "傭兵", "fa": "سرباز"}[lang] in merc


def test_unknown_language_is_a_clear_error():
    with pytest.raises(RulesError, match=r"the languages are en \(English\), vi"):
        card_html(card("5"), lang="de")
    with pytest.raises(RulesError, match="unknown language 'xx'"):
        battle_html(Battle(["A", "B"]), lang="xx")


def test_face_down_card_is_a_back_without_its_kind():
    html = card_html(card("10"), face_down=True)
    assert "cnb-face-back" in html and "cnb-face-10" not in html and "Mercenary" not in html


def test_struck_and_revealed_and_highlighted_cards():
    gone = card_html(card("6"), gone="discarded", value=6)
    assert "line-through" in gone and "discarded</span>" in gone and "cnb-value" not in gone
    back = card_html(card("6"), gone="returned")
    # a card taken back is not a discarded one: no strike, its own badge and colour
    assert "line-through" not in back and "back to hand</span>" in back and "taken back to hand, not discarded" in back
    assert "cnb-returned" in back and "cnb-discarded" in gone
    shown = card_html(card("6"), revealed=True)
    assert "dashed" in shown and "revealed at the end" in shown
    assert HIGHLIGHT in card_html(card("6"), highlight=True)
    assert HIGHLIGHT not in card_html(card("6"))


# -- lines and bars ----------------------------------------------------------------------------

def test_line_html_keeps_play_order_and_marks_passed():
    cs = [card("10"), card("winter"), card("3")]
    html = line_html("Ana", cs, strength=3, passed=True)
    assert [k for k, _ in cards_in(html)] == ["cnb-face cnb-face-10", "cnb-face cnb-face-winter",
                                              "cnb-face cnb-face-3"]
    assert ">passed</div>" in html and 'title="strength">3</div>' in html
    assert "no cards" in line_html("Ben", [])


def test_line_html_accepts_shown_items():
    html = line_html("Ana", [Shown(card("10"), face_down=True), Shown(card("5"), gone="discarded")])
    assert [k for k, _ in cards_in(html)] == ["cnb-face cnb-face-back", "cnb-face cnb-face-5 cnb-gone cnb-discarded"]


def test_strengths_html_shows_before_and_after():
    html = strengths_html(["Ana", "Ben"], {"Ana": 3, "Ben": 12}, {"Ana": 19, "Ben": 12}, scale=20)
    assert "19 -&gt; <span" in html and ">3</span>" in html          # Ana fell from 19 to 3
    assert ">12</td>" in html                                # Ben unchanged
    assert "width:15%" in html and "width:95%" in html      # 3/20 and 19/20 of the bar's cell


# -- a battle -----------------------------------------------------------------------------------

def test_battle_html_bishop_example_strikes_the_sixes_where_they_lay():
    b = bishop_example()
    html = battle_html(b)
    assert b.strengths() == {"Huy": 5, "Hoàng": 2}
    kinds = [k for k, _ in cards_in(html)]
    assert kinds[0] == "cnb-face cnb-face-6 cnb-gone cnb-discarded"          # Huy's 6, first in his line
    assert kinds[4] == "cnb-face cnb-face-6 cnb-gone cnb-discarded"          # Hoàng's 6, first in hers
    assert kinds[-1] == "cnb-face cnb-face-bishop cnb-gone cnb-discarded"    # the Bishop itself is discarded
    assert sum("cnb-gone" in k for k in kinds) == 3
    assert "Pope's Favor: Hoàng" in html


def test_battle_html_hides_face_down_values_until_resolution():
    b = hidden_battle()
    html = battle_html(b)
    kinds = [k for k, _ in cards_in(html)]
    assert kinds.count("cnb-face cnb-face-back") == 2
    assert "cnb-face cnb-face-10" not in kinds
    assert "face-up cards only" in html
    res_html = resolution_html(b.resolve())
    kinds = [k for k, _ in cards_in(res_html)]
    assert "cnb-face cnb-face-back" not in kinds and "cnb-face cnb-face-10" in kinds
    assert "revealed at the end" in res_html


def test_battle_html_shows_scarecrow_return_struck():
    b = hidden_battle()
    titles = [t for k, t in cards_in(battle_html(b)) if "cnb-face-5 " in k + " "]
    assert titles == ["Mercenary 5 (card #34); taken back to hand, not discarded"]


def test_repr_html_goes_through_the_views():
    b = bishop_example()
    assert b._repr_html_() == battle_html(b)
    r = b.resolve()
    assert r._repr_html_() == resolution_html(r)


def test_same_battle_same_html():
    assert battle_html(bishop_example()) == battle_html(bishop_example())
    assert resolution_html(bishop_example().resolve()) == resolution_html(bishop_example().resolve())
    assert resolution_html(hidden_battle().resolve()) == resolution_html(hidden_battle().resolve())


def test_resolution_html_verdict_token_and_steps():
    r = bishop_example().resolve()
    html = resolution_html(r)
    assert "<b>Huy</b> has the strongest line" in html
    assert "Condottiere token: <b>Huy</b>" in html and "Pope's Favor: <b>Hoàng</b>" in html
    assert html.count("<tr><td") >= len(r.steps)
    assert ">Bishop<" in html and "cnb-steps" in html and "card.bishop" not in html   # titles, not rule ids
    assert "cnb-steps" not in resolution_html(r, steps=False)


def test_resolution_html_tie():
    b = Battle(["Ana", "Ben"])
    b.play("Ana", "5")
    b.play("Ben", "5")
    html = resolution_html(b.resolve())
    assert "Tie between Ana and Ben" in html and "Condottiere token: <b>Ben</b>" in html


# -- steps -------------------------------------------------------------------------------------

def test_step_html_highlights_the_cards_the_step_touched():
    r = bishop_example().resolve()
    tl = resolution_timeline(r)
    i = next(i for i, s in enumerate(r.steps) if s.rule == "card.bishop")
    html = step_html(tl, i)
    highlighted = re.findall(r'<span class="cnb-face cnb-face-(\w+)[^"]*" title="[^"]*" style="[^"]*'
                             + re.escape(HIGHLIGHT), html)
    assert highlighted == ["6", "6"]
    assert f"Step {i + 1} of {len(r.steps)}" in html
    assert "11 -&gt; <span" in html and ">5</span>" in html    # Huy 11 -> 5
    assert "Source: vi: Các lá bài Đặc Biệt 3" in html
    with pytest.raises(IndexError, match="steps 0 to"):
        step_html(tl, len(r.steps))


def test_rule_html_names_rule_and_source():
    r = bishop_example().resolve()
    html = rule_html(r.steps[-1])
    assert "Who takes the Condottiere token" in html and "Source:" in html
    assert "[token.condottiere]" not in html and 'title="rule token.condottiere"' in html   # the id only as a tooltip


def test_timeline_follows_each_step():
    r = hidden_battle().resolve()
    tl = resolution_timeline(r)
    assert tl.consistent and len(tl) == len(r.steps)
    reveal = next(i for i, s in enumerate(r.steps) if s.rule == "battle.reveal")
    ben_before = tl.frame(reveal - 1)["Ben"][0]
    ben_after = tl.frame(reveal)["Ben"][0]
    assert ben_before.face_down and not ben_after.face_down and ben_after.revealed
    bluff = [s for s in tl.frame(-1)["Ana"] if s.card.kind == "bishop"][0]
    assert bluff.gone == "discarded" and bluff.revealed     # the face-down Bishop was a bluff


@pytest.mark.parametrize("ruleset", ["standard", "hidden-cards", "hidden-cards-on-play"])
def test_timeline_matches_the_engine_on_random_battles(ruleset):
    rs = RULESETS["hidden-cards"].replace(face_down_specials="on_play") if ruleset.endswith("on-play") \
        else RULESETS[ruleset]
    rng = random.Random(5)
    kinds = list(rs.counts)
    for _ in range(60):
        players = ["A", "B", "C", "D", "E", "F"][:rng.randint(2, 6)]
        b = Battle(players, rs)
        for _ in range(rng.randint(0, 25)):
            p = rng.choice(players)
            try:
                if rng.random() < 0.1:
                    b.pass_turn(p)
                    continue
                kind = rng.choice(kinds)
                fd = rs.hidden_cards and rng.random() < 0.3
                if kind == "scarecrow":
                    own = [c.kind for c in b.lines[p] if c.mercenary and c.id not in b.face_down]
                    b.play(p, kind, face_down=fd, take=rng.choice(own) if own and not fd else None)
                else:
                    b.play(p, kind, face_down=fd)
            except IllegalMove:
                pass
        mid = battle_html(b)
        assert not unsafe_parts(mid)
        r = b.resolve()
        tl = resolution_timeline(r)
        assert tl.consistent, b.notation()
        live = {p: [s.card.id for s in tl.frame(-1)[p] if s.gone is None] for p in players}
        assert live == {p: [c.id for c in r.lines[p]] for p in players}
        assert not any(s.face_down for p in players for s in tl.frame(-1)[p])


# -- what JupyterLab keeps ------------------------------------------------------------------------

def test_every_renderer_is_kept_by_the_jupyterlab_sanitiser():
    b = hidden_battle()
    r = b.copy().resolve()
    tl = resolution_timeline(r)
    outputs = [battle_html(b), resolution_html(r), legend_html("fa"), battle_html(bishop_example(), "zh"),
               *(step_html(tl, i, lang="vi") for i in range(len(tl)))]
    for html in outputs:
        assert unsafe_parts(html) == []
        assert "<style" not in html and "<script" not in html and "<svg" not in html


def test_sanitiser_check_catches_what_jupyterlab_strips():
    assert unsafe_parts('<div style="display:flex;gap:4px">') == ["CSS property 'gap' on <div> is not kept"]
    assert unsafe_parts("<svg></svg>") == ["tag <svg> is not kept"]
    assert unsafe_parts('<span onclick="x()">') == ["attribute 'onclick' on <span> is not kept",
                                                    "event handler 'onclick' on <span>"]
    assert unsafe_parts('<div style="background:linear-gradient(red, blue)">') != []


def test_views_import_without_display_libraries():
    code = ("import sys; from condottiere_nb.views import battle_html, BattleBuilder; "
            "print(','.join(m for m in ('ipywidgets','matplotlib') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code.replace(", BattleBuilder", "")], capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == ""


def test_cards_steps_and_lines_display_as_html_and_text():
    c = card("winter")
    assert c._repr_html_() == card_html(c) and repr(c) == "Card('winter', id=58)"
    r = bishop_example().resolve()
    step = r.steps[-1]
    assert step._repr_html_() == rule_html(step) and "Who takes the Condottiere token" in step._repr_html_()
    from condottiere_nb.views import Line, lines_of
    b = hidden_battle()
    lines = lines_of(b)
    assert [repr(ln) for ln in lines] == ["Line('Ana', [6, ?], strength=6)", "Line('Ben', [?, Drummer], strength=0)",
                                          "Line('Cy', [], strength=0)"]
    assert faces_of(lines[0]._repr_html_()) == ["6", "back"]
    assert unsafe_parts(lines[1]._repr_html_()) == []
    assert ">passed</div>" in Line("Ana", [card("5")], passed=True)._repr_html_()


def faces_of(html):
    return re.findall(r'class="cnb-face cnb-face-(\w+)', html)


def test_a_long_one_word_name_breaks_at_its_compound_on_a_card_face_only():
    """'Espantapájaros' (es, Scarecrow) at 8 px was hard to read from the back of a room: on a
    card's face it may break after 'Espanta-', at 12 px; a step's text keeps the word whole."""
    from condottiere_nb.views.html import card_html, face_name, palette_card_html
    scarecrow = next(c for c in RULESETS["standard"].make_deck() if c.kind == "scarecrow")
    face = card_html(scarecrow, lang="es")
    assert face_name("Espantapájaros") == "Espanta\u00adpájaros" and "Espanta\u00adpájaros" in face
    assert "font-size:12px" in face and unsafe_parts(face) == []
    assert "Espanta\u00adpájaros" in palette_card_html(scarecrow, 3, lang="es")
    b = Battle(["Ana", "Ben"])
    b.play("Ana", "5")
    b.play("Ben", "1")
    b.play("Ana", "scarecrow", take="5")
    told = b.explain(lang="es")
    assert "Espantapájaros" in told and "\u00ad" not in told
    assert face_name("Cortesana") == "Cortesana"
