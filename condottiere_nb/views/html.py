"""HTML for cards, lines, battles, resolutions and single Steps.

Only markup that JupyterLab's sanitiser keeps in an untrusted notebook (a fresh Binder
notebook is untrusted): div, span, b and table elements with inline ``style``, ``title``
and ``class`` attributes, and CSS properties from its allow-list (no flex gaps, no
gradients, no ``<style>``, no script, no inline ``<svg>``).  tests/test_views.py checks
every renderer against that list.

Output is a pure function of its input (no ids, no clocks, no randomness), so a
notebook can check it and the same battle always gives the same HTML.
"""
from __future__ import annotations

import re

from html import escape
from collections.abc import Mapping
from typing import Sequence

from ..battle import Battle
from ..cards import Card
from ..errors import RulesError, excerpt, expects
from ..explain import Step
from ..game import Game
from ..i18n import card_name
from ..language import left_to_right
from ..resolution import Resolution
from ..rules import cited
from .icons import icon_uri
from .observable import NoSuchPosition
from .timeline import Shown, Timeline, battle_timeline, resolution_timeline
from .words import RTL, Html, Words, family_name, ruleset_words, words

#: Card background and border colours by family (cards.py names the families).
FAMILY_COLOURS = {"mercenary": "#f3d9a4", "season": "#a9d6e5", "character": "#f4b6c2", "tactic": "#cdb8ee"}
FAMILY_BORDERS = {"mercenary": "#8a6d2f", "season": "#2d6a86", "character": "#9b3450", "tactic": "#5b3f94"}
#: One colour per seat, shared by the strength bars and the map's control markers.  Chosen (from Okabe
#: & Ito's and Paul Tol's palettes for colour-blind readers) so that every two stay apart for a person
#: with protanopia, deuteranopia or tritanopia too, the first three (a three-player game) the most,
#: and each carries white figures (tests/test_views_palette.py measures both).
PLAYER_COLOURS = ("#1a85ff", "#882255", "#999933", "#117733", "#ee3377", "#cc79a7")
HIGHLIGHT = "#e8a317"


def plot_text(text) -> str:
    """``text`` as matplotlib should draw it: as written.  Matplotlib reads a pair of ``$`` as
    mathematics (and fails on some), so a player named "$x^$" must have its dollars escaped."""
    return str(text).replace("$", r"\$")


_FONT = "font-family:sans-serif;"
_BAR_PX = 220


def player_colour(players: Sequence[str], player: str) -> str:
    """The seat colour of ``player`` (by seat order, so a battle and its map agree)."""
    try:
        return PLAYER_COLOURS[list(players).index(player) % len(PLAYER_COLOURS)]
    except ValueError:
        return "#777777"


def bold(text) -> Html:
    """Escaped text in bold, as a value for :meth:`Words.say`."""
    return Html(f"<b>{escape(str(text))}</b>")


def card_label(card, lang: str = "en") -> str:
    """A card's name in a language; a Mercenary is its value ("5")."""
    return card_name(card.kind, lang)


def card_title(card, lang: str = "en") -> str:
    """Tooltip text: "Mercenary 5 (card #34)", "Winter (season, card #58)"."""
    t = words(lang)
    if card.mercenary:
        return t.say("Mercenary {value} (card #{id})", value=card.kind, id=card.id)
    return t.say("{card} ({family}, card #{id})", card=t.card(card.kind), family=family_name(t, card.family),
                 id=card.id)


# -- one card ------------------------------------------------------------------------------

#: A card face's size in pixels: big enough for an icon and a name on one line.
CARD_W, CARD_H = 84, 112
_BOX = (f"display:inline-block;width:{CARD_W}px;height:{CARD_H}px;margin:3px;padding:3px;box-sizing:border-box;"
        "border-radius:8px;text-align:center;vertical-align:top;overflow:hidden;line-height:1.15;"
        "white-space:nowrap;" + _FONT)
# Every face has the same rows at the same heights, so values and badges line up along a line.
# The name's row holds two lines, for the names of several words ('Người Đánh Trống').
_ROW_TOP = "display:block;text-align:left;font-size:15px;font-weight:bold;height:18px"
_ROW_ICON = "display:block;height:34px;margin:1px auto"
# The name's row is a table of one cell, so that a name of one line or two sits in its middle.
_ROW_NAME = "display:table;width:100%;height:24px;font-weight:bold"
_CELL_NAME = "display:table-cell;vertical-align:middle;white-space:normal"
_ROW_BOTTOM = "display:block;height:20px;margin-top:2px;font-size:12px;font-weight:bold"


def gone_words(t: Words, gone: str) -> tuple[str, str, str]:
    """What happened to a card a step took out of its line ("discarded" or "returned"), in a
    language: its badge, colour and tooltip."""
    if gone == "returned":
        return t.say("back to hand"), "#1d4e89", t.say("taken back to hand, not discarded")
    if gone == "taken":
        return t.say("to Firenze's hand"), "#1d4e89", t.say("taken into Firenze's hand by the Ball, not discarded")
    return t.say("discarded"), "#5c5c5c", t.say("discarded")


#: Where a long name of one word may break on a card: a soft hyphen (shown as "-" only where the
#: word does break), at the seam of the language's own compound.  Only on a card's face: the name
#: stays whole everywhere else (steps, tooltips, text).
HYPHENATED = {"Espantapájaros": "Espanta\u00adpájaros"}      # es: espanta + pájaros (Scarecrow)


def face_name(label: str) -> str:
    """A card's name as its face shows it: with the break of :data:`HYPHENATED`, if it has one."""
    return HYPHENATED.get(label, label)


def name_fit(label: str, width: int, largest: int) -> int:
    """The font size in pixels at which a card's name fits ``width`` pixels on at most two lines,
    as large as ``largest``.

    A name of one word gets one line, sized by its length.  A name of several words (or one with
    a soft hyphen, :func:`face_name`) that would need a smaller size on one line may take two (the
    browser wraps it between words, or at the hyphen, which it then shows), sized by the longer
    half of its best split; the row centres one line or two.  The widths are estimated: a bold
    sans-serif letter is about 0.62 of the font size wide, a Chinese character a whole one.

    >>> name_fit("Winter", 74, 13), name_fit("Espantapájaros", 74, 13)
    (13, 8)
    >>> name_fit(face_name("Espantapájaros"), 74, 13)      # 'Espanta-' over 'pájaros'
    12
    >>> name_fit("Người Đánh Trống", 74, 13)      # 'Người Đánh' over 'Trống'
    11
    """
    def needed(text: str) -> float:          # the width of ``text`` at a font size of 1 px
        return sum(1.0 if ord(ch) >= 0x2E80 else 0.62 for ch in text)

    def size_for(text: str) -> int:
        return max(8, min(largest, int(width / max(needed(text), 0.62))))

    one = size_for(label.replace("\u00ad", ""))
    parts = re.split(r"( |\u00ad)", label)           # words and the breaks between them
    if len(parts) < 3 or one >= min(largest, 12):
        return one
    # a line broken at a soft hyphen ends in "-"
    splits = [("".join(parts[:i]) + ("-" if parts[i] == "\u00ad" else ""), "".join(parts[i + 1:]))
              for i in range(1, len(parts), 2)]
    longer = min((max(halves, key=needed) for halves in splits), key=needed)
    two = min(size_for(longer), 12)
    return max(one, two)


def card_back_html(*, highlight: bool = False, title: str | None = None, lang: str = "en") -> str:
    """A face-down card: its back, nothing of its kind or value."""
    t = words(lang)
    title = t.say("a face-down card") if title is None else title
    glow = f"box-shadow:0 0 0 3px {HIGHLIGHT};" if highlight else ""
    return (f'<span class="cnb-face cnb-face-back" title="{escape(title)}" style="{_BOX}'
            f'border:2px solid #22223b;background:#4a4e69;color:#f2e9e4;{glow}">'
            f'<span style="{_ROW_TOP}"></span>'
            f'<img src="{icon_uri("back")}" alt="" width="34" height="34" style="{_ROW_ICON}">'
            f'<span style="display:block;font-size:12px;font-weight:bold"{t.dir}>{escape(t.say("face down"))}</span></span>')


@expects(card=Card, lang=str, face_down=bool, revealed=bool, highlight=bool)
def card_html(card, *, lang: str = "en", value: int | None = None, face_down: bool = False,
              revealed: bool = False, gone: str | None = None, highlight: bool = False) -> str:
    """One card: its icon, name, printed value and effective value (``value``), coloured by family.

    ``face_down``: drawn as its back.  ``revealed``: played face down and turned over
    (dashed border).  ``gone``: "discarded" (greyed, struck out), "returned" (taken back to
    hand: faded, a blue "back to hand" badge) or "taken" (into Firenze's hand by the Ball: the same,
    its badge saying so).  ``highlight``: the card the current step changed.
    """
    t = words(lang)
    if face_down:
        return card_back_html(highlight=highlight, lang=lang)
    bg = FAMILY_COLOURS.get(card.family, "#dddddd")
    edge = FAMILY_BORDERS.get(card.family, "#555555")
    dashed = revealed or gone in ("returned", "taken")
    style = f"border:2px {'dashed' if dashed else 'solid'} {edge};background:{bg};color:#222222;"
    title = [card_title(card, lang)]
    if revealed:
        title.append(t.say("played face down, revealed at the end"))
    label = face_name(card_label(card, lang))
    size = 18 if card.mercenary else name_fit(label, CARD_W - 10, 13)
    name_style = ""
    if gone:
        badge, badge_colour, why = gone_words(t, gone)
        title.append(why)
        if gone in ("returned", "taken"):
            style += "opacity:0.75;"
        else:
            style += "opacity:0.5;background:#d6d6d6;"
            name_style = "text-decoration:line-through;"
        bottom = (f'<span style="{_ROW_BOTTOM}"><span style="background:{badge_colour};color:#ffffff;'
                  f'border-radius:8px;padding:1px 5px;font-size:10px"{t.dir}>{escape(badge)}</span></span>')
    elif value is None:
        bottom = f'<span style="{_ROW_BOTTOM}"></span>'
    else:
        changed = "background:#b00020;color:#ffffff;" if value != card.value else "background:#ffffff;color:#222222;"
        bottom = (f'<span style="{_ROW_BOTTOM}"><span class="cnb-value" style="{changed}border-radius:8px;'
                  f'padding:1px 6px;border:1px solid {edge}">= {value}</span></span>')
    if highlight:
        style += f"box-shadow:0 0 0 3px {HIGHLIGHT};"
    printed = card.kind if card.mercenary else (str(card.value) if card.value else "")
    mark = f" cnb-gone cnb-{escape(gone)}" if gone else ""
    return (f'<span class="cnb-face cnb-face-{escape(card.kind)}{mark}" title="{escape(t.clauses(title))}" '
            f'style="{_BOX}{style}">'
            f'<span style="{_ROW_TOP}">{escape(printed)}</span>'
            f'<img src="{icon_uri(card.kind)}" alt="" width="34" height="34" style="{_ROW_ICON}">'
            f'<span style="{_ROW_NAME};font-size:{size}px"><span style="{_CELL_NAME};line-height:{size + 1}px;'
            f'{name_style}">{escape(label)}</span></span>{bottom}</span>')


#: A palette card's size: smaller than a card on the table, the same face.
PALETTE_W, PALETTE_H = 64, 84


def palette_card_html(card, left: int, *, lang: str = "en", note: str = "") -> str:
    """A kind of card in a palette: its icon and name, and how many are left in the deck
    (greyed when none is)."""
    label = face_name(card_label(card, lang))
    size = 20 if card.mercenary else name_fit(label, PALETTE_W - 8, 11)
    bg = FAMILY_COLOURS.get(card.family, "#dddddd") if left else "#e0e0e0"
    edge = FAMILY_BORDERS.get(card.family, "#555555")
    dim = "" if left else "opacity:0.55;"
    return (f'<div class="cnb-palette-face" style="width:{PALETTE_W}px;height:{PALETTE_H}px;box-sizing:border-box;'
            f'border:2px solid {edge};border-radius:7px;background:{bg};color:#222222;text-align:center;'
            f'white-space:nowrap;overflow:hidden;line-height:1.1;{_FONT}{dim}">'
            f'<img src="{icon_uri(card.kind)}" alt="" width="26" height="26" '
            f'style="display:block;margin:3px auto 0 auto">'
            f'<div style="{_ROW_NAME};font-size:{size}px"><div style="{_CELL_NAME};line-height:{size + 1}px">'
            f'{escape(label)}</div></div>'
            f'<div style="font-size:11px">×{left}{escape(note)}</div></div>')


# -- a line ---------------------------------------------------------------------------------

@expects(player=str, cards=(list, tuple), lang=str, values=(Mapping, None), face_down=(list, tuple, set, frozenset),
         highlight=(list, tuple, set, frozenset), strength=(int, None), passed=bool, colour=str, note=str, at=(int, None))
def line_html(player: str, cards: Sequence, *, lang: str = "en", values: Mapping[int, int] | None = None,
              face_down=(), highlight=(), strength: int | None = None, passed: bool = False,
              colour: str = "#555555", note: str = "", at: int | None = None) -> str:
    """One player's battle line: the name, the cards in play order, the strength.

    ``cards``: Cards, or :class:`~condottiere_nb.views.timeline.Shown` items (which also
    carry face-down and struck-out states).  ``face_down`` and ``highlight`` are card ids;
    with ``at`` (a step index) a struck-out card is highlighted only if step ``at`` removed
    it (a card taken back and played again appears twice, once struck).
    """
    if not all(isinstance(c, (Card, Shown)) for c in cards):
        raise RulesError.say("cards must be a list of Cards, not {value}", value=excerpt(cards))
    t = words(lang)
    values = values or {}
    face_down, highlight = set(face_down), set(highlight)
    parts = []
    for item in cards:
        s = item if isinstance(item, Shown) else Shown(item)
        c = s.card
        parts.append(card_html(c, lang=lang, value=values.get(c.id), face_down=s.face_down or c.id in face_down,
                               revealed=s.revealed, gone=s.gone,
                               highlight=c.id in highlight and (at is None or s.gone is None or s.gone_at == at)))
    none = t.say("no cards")
    body = "".join(parts) or f'<span style="opacity:0.6;font-style:italic;padding:4px"{t.dir}>{escape(none)}</span>'
    extra = [said for said in (t.say("passed") if passed else "", note) if said]
    tag = (f'<div style="font-size:11px;opacity:0.75;white-space:normal"{t.dir}>{escape(t.say(", ").join(extra))}</div>'
           if extra else "")
    tip = t.say("strength")
    shown = "" if strength is None else (
        f'<div class="cnb-line-strength" style="display:inline-block;min-width:36px;margin-top:3px;'
        f'padding:2px 6px;border-radius:10px;background:{colour};color:#ffffff;font-weight:bold;font-size:15px;'
        f'text-align:center" title="{escape(tip)}">{t.digits(strength)}</div>')
    # Two cells: the name and strength in a column of fixed width, so the badges line up.
    return (f'<div class="cnb-line" style="display:table;margin:3px 0;border-left:5px solid {colour};{_FONT}">'
            f'<div style="display:table-cell;width:96px;min-width:96px;padding:2px 6px;vertical-align:middle;'
            f'font-size:14px"><b>{escape(player)}</b>{tag}<br>{shown}</div>'
            f'<div style="display:table-cell;vertical-align:middle">{body}</div></div>')


# -- strengths as bars ---------------------------------------------------------------------------

@expects(players=(list, tuple), after=Mapping, before=(Mapping, None), scale=(int, None), winner=(str, None),
         lang=str, held=(Mapping, None))
def strengths_html(players: Sequence[str], after: Mapping[str, int], before: Mapping[str, int] | None = None,
                   *, scale: int | None = None, winner: str | None = None, lang: str = "en",
                   held: Mapping[str, int] | None = None) -> str:
    """A bar per player: the strength after a step, the strength before it as a pale bar,
    and "before -> after" in figures.  ``scale``: the strength a full bar stands for
    (give the same scale for every step so bars do not jump).  ``held``: the strengths both bars
    keep while the figures count (the recount at a battle's end, see :func:`held_strengths`)."""
    if not all(isinstance(p, str) for p in players):
        raise RulesError.say("players must be a list of names, not {value}", value=excerpt(players))
    t = words(lang)
    wins = t.say("(wins)")
    top = max([1, scale or 0, *after.values(), *(before or {}).values(), *(held or {}).values()])
    rows = []
    for p in players:
        colour = player_colour(players, p)
        a = after.get(p, 0)
        b = a if before is None else before.get(p, 0)
        # widths in percent of the bar's cell, which shrinks with a narrow column (a phone's)
        wa, wb = round(100 * a / top, 1), round(100 * b / top, 1)
        if held is not None:
            wa = wb = round(100 * held.get(p, 0) / top, 1)
        if b == a:
            figures = t.digits(a)
        else:
            arrow_colour = "#2e9d4f" if a > b else "#e53935"
            figures = t.say("{before} -> {after}", before=b, after=Html(f'<span style="color:{arrow_colour}">{t.digits(a)}</span>'))
        crown = f' <b>{escape(wins)}</b>' if winner == p else ""
        rows.append(
            f'<tr><td style="padding:1px 6px;white-space:nowrap"><b>{escape(p)}</b></td>'
            f'<td style="padding:1px 0;width:60%">'
            f'<div style="height:4px;width:{wb:g}%;background:{colour};opacity:0.3"></div>'
            f'<div style="height:12px;width:{wa:g}%;background:{colour}"></div></td>'
            f'<td style="padding:1px 6px;white-space:nowrap"{t.dir}>{figures}{crown}</td></tr>')
    return (f'<table class="cnb-bars" style="border-collapse:collapse;width:100%;max-width:{_BAR_PX + 160}px;'
            f'{_FONT}font-size:12px">'
            + "".join(rows) + "</table>")


def step_strengths(steps: Sequence, i: int, players: Sequence[str]) -> tuple[dict, dict]:
    """(before, after) strengths of step ``i``: its own ``before`` if it has one, else the
    totals of the last step that had totals (a step that changes nothing: before == after)."""
    prev: Mapping[str, int] = {p: 0 for p in players}
    for s in steps[:i]:
        if s.strengths is not None:
            prev = s.strengths
    step = steps[i]
    after = step.strengths if step.strengths is not None else prev
    before = step.before if step.before is not None else prev
    return dict(before), dict(after)


def held_strengths(steps: Sequence, i: int, players: Sequence[str]) -> dict | None:
    """The strengths the bars keep at step ``i`` of a recount, else None.

    When a battle ends, the resolution counts every line again from the cards' printed values
    (then the seasons, the Drummer, ...) up to the comparison.  Drawn step by step, the bars would
    drop to the printed values and climb back: a dip at each recount, though no strength changed.
    From the step after "battle.end" up to the comparison, the bars keep the strengths announced
    when the battle ended (the figures beside them show the count); the comparison's step shows
    the final strengths (a revealed face-down card may change them)."""
    end = next((j for j in range(i, -1, -1) if steps[j].rule == "battle.end"), None)
    if end is None or end == i or any(steps[j].rule == "battle.compare" for j in range(end + 1, i + 1)):
        return None
    return step_strengths(steps, end, players)[1]


@expects(step=Step)
def rule_html(step, lang: str | None = None) -> str:
    """The rule a step applied: its title, the explanation, the rulebook source (the rule's id
    is only in the tooltip: a learner reads the title), in ``lang`` (the default language when None;
    a Persian block reads right to left)."""
    t = words(lang)
    # the learner's own rulebook first where it states the rule; in a right-to-left block, a
    # left-to-right rulebook's section keeps its own direction and digits
    source = t.say("; ").join(left_to_right(f"{book}: {where}") if t.rtl and book not in RTL
                              else f"{book}: {where}" for book, where in cited(step.rule, t.lang))
    where = t.say("Source: {source}", source=source)
    src = f'<div class="cnb-source" style="opacity:0.75;font-size:11px">{escape(where)}</div>' if source else ""
    tip = t.say("rule {rule}", rule=step.rule)
    return (f'<div class="cnb-rule" style="{_FONT}margin:4px 0"{t.dir} title="{escape(tip)}">'
            f'<div><b>{escape(step.title_in(t.lang))}</b></div>'
            f'<div style="margin:2px 0">{escape(step.text_in(t.lang))}</div>{src}</div>')


# -- a step of a resolution ---------------------------------------------------------------------

def timeline_scale(timeline: Timeline) -> int:
    """The largest strength any step reaches (the stepper's bar scale)."""
    return max([1, *(v for s in timeline.steps for d in (s.strengths, s.before) if d for v in d.values())])


def step_lines_html(timeline: Timeline, i: int, *, lang: str = "en", after: Mapping[str, int] | None = None) -> str:
    """The lines after step ``i``, the cards that step touched highlighted."""
    players, frame, after = timeline.players, timeline.frame(i), after or {}
    touched = set(timeline.steps[i].cards) if timeline.steps else set()
    return "".join(line_html(p, frame[p], lang=lang, values=timeline.values(i) or {}, highlight=touched,
                             strength=after.get(p), colour=player_colour(players, p), at=i) for p in players)


@expects(timeline=Timeline, i=int, lang=str, scale=(int, None))
def step_html(timeline: Timeline, i: int, *, lang: str = "en", scale: int | None = None) -> str:
    """Step ``i`` in full: header, lines with the touched cards highlighted, strengths
    before -> after as bars, and the rule with its source."""
    steps = timeline.steps
    n = len(steps)
    if not 0 <= i < n:
        raise NoSuchPosition(f"step {excerpt(i)} does not exist; this resolution has steps 0 to {n - 1}")
    step = steps[i]
    before, after = step_strengths(steps, i, timeline.players)
    return (f'<div class="cnb-step" style="{_FONT}">{step_head_html(step, i, n, lang)}'
            + step_lines_html(timeline, i, lang=lang, after=after)
            + strengths_html(timeline.players, after, before, scale=scale or timeline_scale(timeline), lang=lang,
                             held=held_strengths(steps, i, timeline.players))
            + rule_html(step, lang) + "</div>")


def step_head_html(step, i: int, n: int, lang: str = "en") -> str:
    """"Step 3 of 7: Winter" (``i`` counted from 0)."""
    t = words(lang)
    return (f'<div class="cnb-step-head" style="{_FONT}font-size:13px;opacity:0.85"{t.dir}>'
            + t.say("Step {i} of {n}: {title}", i=i + 1, n=n, title=bold(step.title_in(t.lang)))
            + "</div>")


# -- a whole battle and a resolution -----------------------------------------------------------

def announced_strengths(battle) -> tuple[dict, dict]:
    """(strength of each line, value of each card) as announced: face-up cards only."""
    from ..strength import evaluate
    visible = {p: [c for c in battle.lines[p] if c.id not in battle.face_down] for p in battle.players}
    announced, values, _ = evaluate(battle.players, visible, explain=False,
                                    spring_highest=battle.ruleset.spring_highest)
    return announced, values


@expects(battle=Battle)
def battle_html(battle, lang: str | None = None) -> str:
    """A battle in progress: each line (face-down cards as backs, discarded cards struck
    out where they lay), announced strengths, who passed and whose turn it is."""
    t = words(lang)
    players = battle.players
    announced, values = announced_strengths(battle)
    timeline = battle_timeline(battle)
    frame = timeline.frame(-1) if len(timeline) else {p: () for p in players}
    rows = []
    turn = battle.to_move if not battle.is_resolved else None
    for p in players:
        note = t.say("to move") if battle.strict and p == turn else ""
        if getattr(battle, "waiting", None) and battle.waiting(p):
            note = t.say("defender, waiting")
        rows.append(line_html(p, frame[p], lang=t.lang, values=values, strength=announced[p],
                              passed=p in battle.passed, colour=player_colour(players, p), note=note))
    state = (t.say("resolved") if battle.is_resolved else t.say("over") if battle.is_over
             else t.say("in progress"))
    rs = battle.ruleset
    rules = ruleset_words(t).get(rs.name, rs.name)
    if getattr(battle, "region", None):
        head = t.say("Battle, {rules}, {state}, for {region}", rules=rules, state=state, region=battle.region)
    else:
        head = t.say("Battle, {rules}, {state}", rules=rules, state=state)
    foot = []
    if battle.favor:
        foot.append(t.say("Pope's Favor: {region}", region=battle.favor))
    if battle.surrendered_by:
        foot.append(t.say("{player} surrendered", player=battle.surrendered_by))
    if battle.face_down:
        foot.append(t.say("announced strengths count face-up cards only"))
    tail = (f'<div style="opacity:0.8;font-size:12px"{t.dir}>{escape(t.clauses(foot), quote=False)}</div>' if foot else "")
    return (f'<div class="cnb-battle" style="{_FONT}"><div style="font-size:12px;opacity:0.8"{t.dir}>'
            f'{escape(head, quote=False)}</div>'
            + "".join(rows) + tail + "</div>")


@expects(res=Resolution, steps=bool)
def resolution_html(res, lang: str | None = None, *, steps: bool = True) -> str:
    """A resolved battle: the revealed lines with effective values and the cards the
    steps removed struck out, strengths as bars, the verdict, and (``steps``) every
    step numbered with its rule id."""
    t = words(lang)
    timeline = resolution_timeline(res)
    players = timeline.players
    frame = timeline.frame(-1) if len(timeline) else {p: tuple(res.lines.get(p, ())) for p in players}
    rows = "".join(line_html(p, frame[p], lang=t.lang, values=res.values, strength=res.strengths.get(p),
                             colour=player_colour(players, p)) for p in players)
    bars = strengths_html(players, res.strengths, winner=res.winner, lang=t.lang)
    if res.winner:
        verdict = t.say("{player} has the strongest line and conquers the region.", player=bold(res.winner))
    else:
        verdict = escape(t.say("Tie between {players}: nobody conquers the region.", players=t.join(res.tied)), quote=False)
    facts = [verdict]
    if res.surrendered_by:
        facts.append(escape(t.say("{player} played a Surrender.", player=res.surrendered_by), quote=False))
    facts.append(t.say("Condottiere token: {player}.", player=bold(res.token_holder)))
    if res.favor:
        facts.append(t.say("Pope's Favor: {region}.", region=bold(res.favor)))
    verdict_html = f'<div class="cnb-verdict" style="margin:4px 0"{t.dir}>{t.sentences(*facts)}</div>'
    table = ""
    if steps and res.steps:
        trs = "".join(
            f'<tr><td style="padding:1px 6px;vertical-align:top;opacity:0.75">{i}</td>'
            f'<td style="padding:1px 6px;vertical-align:top"><b>{escape(s.title_in(t.lang))}</b></td>'
            f'<td style="padding:1px 6px;vertical-align:top;overflow-wrap:break-word">{escape(s.text_in(t.lang))}</td></tr>'
            for i, s in enumerate(res.steps, 1))
        table = (f'<table class="cnb-steps" style="border-collapse:collapse;font-size:12px;margin-top:4px"{t.dir}>'
                 f"{trs}</table>")
    return f'<div class="cnb-resolution" style="{_FONT}">{rows}{bars}{verdict_html}{table}</div>'


def legend_html(lang: str = "en") -> str:
    """The family colours, as a row of swatches."""
    t = words(lang)
    items = "".join(
        f'<span style="display:inline-block;margin-right:8px"><span style="display:inline-block;width:12px;'
        f'height:12px;border:1px solid {FAMILY_BORDERS[f]};background:{FAMILY_COLOURS[f]};'
        f'vertical-align:middle"></span> {escape(family_name(t, f))}</span>'
        for f in FAMILY_COLOURS)
    return f'<div class="cnb-legend" style="{_FONT}font-size:11px;opacity:0.85"{t.dir}>{items}</div>'


# -- a game -------------------------------------------------------------------------------------

def chip_html(card, lang: str = "en") -> str:
    """A card as a small chip in its family's colours (a hand shown in a table row)."""
    label = card_label(card, lang)
    return (f'<span class="cnb-chip cnb-chip-{escape(card.kind)}" title="{escape(card_title(card, lang))}" '
            f'style="display:inline-block;margin:1px;padding:1px 5px 1px 2px;border-radius:6px;white-space:nowrap;'
            f'border:1px solid {FAMILY_BORDERS.get(card.family, "#555555")};'
            f'background:{FAMILY_COLOURS.get(card.family, "#dddddd")};color:#222222;font-size:12px;font-weight:bold">'
            f'<img src="{icon_uri(card.kind)}" alt="" width="14" height="14" '
            f'style="vertical-align:middle;margin-right:2px">{escape(label)}</span>')


def hand_html(cards: Sequence, *, lang: str = "en", chips: bool = False) -> str:
    """A hand of cards, face up, in the order held (``chips``: small, for a table row)."""
    draw = chip_html if chips else (lambda c, lang: card_html(c, lang=lang))
    t = words(lang)
    none = t.say("no cards")
    return "".join(draw(c, lang) for c in cards) or \
        f'<span style="opacity:0.6;font-style:italic"{t.dir}>{escape(none)}</span>'


def battle_result_text(number: int, region: str | None, res, lang: str | None = None) -> str:
    """A resolved battle in one line: which battle, who won and why (the engine's comparison Step,
    which names the strongest line or the tie), and every seat's strength."""
    t = words(lang)
    why = next((s.text_in(t.lang) for s in res.steps if s.rule == "battle.compare"), "")
    strengths = t.say(", ").join(f"{p} {res.strengths.get(p, 0)}" for p in res.strengths)
    return t.say("Battle {n} for {region}: {why} Strengths: {strengths}.", n=number, region=region or "?",
                 why=why, strengths=strengths)


def battle_result_html(number: int, region: str | None, res, lang: str | None = None, *,
                       opened: bool = False) -> str:
    """A resolved battle as its one-line result; a click on it opens the lines and every Step (an
    HTML ``details`` element: it opens in the browser, no kernel round trip)."""
    t = words(lang)
    head = escape(battle_result_text(number, region, res, t.lang), quote=False)
    tip = escape(t.say("show the steps of this battle"))
    return (f'<details class="cnb-battle-result" style="{_FONT}font-size:12px;margin:2px 0"{" open" if opened else ""}'
            f'{t.dir}><summary style="cursor:pointer;overflow-wrap:break-word" title="{tip}"><b>{head}</b></summary>'
            f'{resolution_html(res, t.lang, steps=True)}</details>')


def log_html(steps: Sequence, *, start: int = 1, newest_first: bool = False, lang: str | None = None) -> str:
    """Steps as a numbered log, one sentence each, in ``lang`` (``newest_first``: the last step on
    top, so a box that shows the top of the log always shows the newest entry)."""
    t = words(lang)
    rows = [f'<div style="margin:1px 0"><span style="opacity:0.6">{i}.</span> {escape(s.text_in(t.lang))}</div>'
            for i, s in enumerate(steps, start)]
    if newest_first:
        rows.reverse()
    return f'<div class="cnb-log" style="{_FONT}font-size:12px"{t.dir}>{"".join(rows)}</div>'


@expects(game=Game, open_hands=bool, battle=bool)
def game_html(game, lang: str | None = None, *, open_hands: bool = False, viewer: str | None = None,
              you: str | None = None, battle: bool = True) -> str:
    """A game at a glance: round and phase, each seat with regions, hand and tokens, then
    the battle on the table (``battle=False``: without it, for a view that shows it apart).
    Hands stay hidden (their size only) except ``viewer``'s, or all of them with ``open_hands``
    (the Spanish rulebook lets players show their hands while dealing), as small chips that wrap.
    ``you``: the seat a person plays, marked "(you)"."""
    t = words(lang)
    players = game.players
    if game.is_over:
        state = t.say("Game over: {winners} won ({reason})", winners=bold(t.join(game.winners)),
                      reason=reason_words(t).get(str(game.reason), str(game.reason)))
    else:
        phase = {"token": t.say("placing the Condottiere token"),
                 "battle": t.say("battle for {region}", region=game.region),
                 "favor": t.say("placing the Pope's Favor"), "discard": t.say("discarding hands"),
                 "keep": t.say("keeping cards at the end of the round")}.get(game.phase, game.phase)
        mover = str(game.to_move)
        if mover == you:
            state = t.say("Round {round}, {phase}; you are to move", round=game.round, phase=phase)
        else:
            state = t.say("Round {round}, {phase}; {player} to move", round=game.round, phase=phase,
                          player=bold(mover))
    rows = []
    for p in players:
        colour = player_colour(players, p)
        regions = game.regions_of(p)
        hand = game.hand(p)
        shown = (hand_html(hand, lang=t.lang, chips=True) if (open_hands or p == viewer)
                 else escape(t.say_n("{n} card", "{n} cards", len(hand))))
        name = escape(t.say("{player} (you)", player=p)) if p == you else escape(p)
        mark = (f'<br><span style="font-size:11px;opacity:0.75">{escape(t.say("Condottiere token"))}</span>'
                if p == game.token_holder else "")
        held = escape(t.say("{count}: {regions}", count=len(regions), regions=t.say(", ").join(regions) or "-"))
        rows.append(
            f'<tr><td style="padding:2px 6px;border-left:5px solid {colour};white-space:nowrap;vertical-align:top">'
            f'<b>{name}</b>{mark}</td>'
            f'<td style="padding:2px 6px;vertical-align:top;font-size:12px;white-space:normal">{held}</td>'
            f'<td style="padding:2px 6px;vertical-align:top;font-size:12px;white-space:normal">{shown}</td></tr>')
    favor = (t.say("Pope's Favor: {region}", region=game.favor) if game.favor
             else t.say("Pope's Favor: off the map"))
    head_regions, head_hand = t.say("regions"), t.say("hand")
    table = (f'<table class="cnb-game-players" style="border-collapse:collapse;width:100%"{t.dir}>'
             f'<tr><td style="padding:2px 6px"></td><td style="padding:2px 6px;font-size:11px;opacity:0.75;'
             f'width:30%">{escape(head_regions)}</td><td style="padding:2px 6px;font-size:11px;opacity:0.75">'
             f'{escape(head_hand)}</td></tr>'
             + "".join(rows) + "</table>")
    shown_battle = ""
    if battle and game.battle is not None and game.phase == "battle":
        shown_battle = battle_html(game.battle, t.lang)
    return (f'<div class="cnb-game" style="{_FONT}"><div style="font-size:13px"{t.dir}>{state}</div>{table}'
            f'<div style="font-size:12px;opacity:0.8"{t.dir}>{escape(favor, quote=False)}</div>{shown_battle}</div>')


def reason_words(t: Words) -> dict[str, str]:
    """Why a game ended (``Game.reason``), in words."""
    return {"adjacent": t.say("adjacent regions"), "total": t.say("regions in total"),
            "most_regions": t.say("the most regions"), "most_weight": t.say("the most valuable regions"),
            "shared": t.say("a shared victory"), "final_battle": t.say("the final battle"),
            "final_battle_tie": t.say("a tie in the final battle")}


class Line:
    """One player's battle line as a value a notebook displays: ``repr`` as text,
    ``_repr_html_`` as cards.  ``lines_of(battle)`` gives every seat's line.

    >>> from condottiere_nb import Battle
    >>> b = Battle(["Ana", "Ben"]); b.play("Ana", "10"); b.play("Ana", "winter")
    >>> lines_of(b)[0]
    Line('Ana', [10, Winter], strength=1)
    """

    @expects(player=str, cards=(list, tuple), strength=(int, None), passed=bool, values=(Mapping, None),
             face_down=(list, tuple, set, frozenset), colour=str, lang=str)
    def __init__(self, player: str, cards: Sequence, *, strength: int | None = None, passed: bool = False,
                 values: Mapping[int, int] | None = None, face_down=(), colour: str = "#555555", lang: str = "en"):
        self.player, self.cards, self.strength, self.passed = player, list(cards), strength, passed
        self.values, self.face_down, self.colour, self.lang = dict(values or {}), set(face_down), colour, lang

    def __repr__(self) -> str:
        names = ", ".join("?" if c.id in self.face_down else c.name for c in self.cards)
        extra = "" if self.strength is None else f", strength={self.strength}"
        return f"Line({self.player!r}, [{names}]{extra}{', passed' if self.passed else ''})"

    def _repr_html_(self) -> str:
        return line_html(self.player, self.cards, lang=self.lang, values=self.values, face_down=self.face_down,
                         strength=self.strength, passed=self.passed, colour=self.colour)


@expects(battle=Battle, lang=str)
def lines_of(battle, lang: str = "en") -> list[Line]:
    """Every seat's line of a battle, with announced strengths and values."""
    players = battle.players
    announced, values = announced_strengths(battle)
    return [Line(p, battle.lines[p], strength=announced[p], passed=p in battle.passed, values=values,
                 face_down=battle.face_down, colour=player_colour(players, p), lang=lang) for p in players]
