"""ipywidgets apps: BattleBuilder, its Stepper and the ruleset CompareView.

The widgets hold a model from :mod:`condottiere_nb.views.model` and only (1) turn a
click or a new ``.value`` into one model call and (2) re-render from the model when it
changes.  Key controls carry CSS classes ``cnb-...`` (tests/test_widgets.py lists them) so a
browser test finds them; tests/test_widgets.py drives them with ``.value`` and
``.click()`` and reads the rendered HTML, no browser needed.
"""
from __future__ import annotations

from html import escape

import ipywidgets as W

from ..i18n import LANGUAGES
from ..rulesets import RULESETS
from . import html as H
from .html import CARD_H, CARD_W
from .compare import same_rules
from .model import BuilderModel, CompareModel, StepperModel, ruleset_label
from .sheet import as_view, set_direction
from .words import Words, words

#: The widest a control may be: its box, less its margins (ipywidgets gives each control 2 px a side),
#: so that a narrow column (a phone's) squeezes it instead of scrolling sideways.
FIT = "calc(100% - 4px)"


def fit(width: str) -> W.Layout:
    """A control's layout: ``width`` wide, or less in a narrow column (:data:`FIT`)."""
    return W.Layout(width=width, max_width=FIT)


#: The value a dropdown uses for "nothing" (ipywidgets shows a None value as an empty box).
NOTHING = "\u2014"


def dropdown_options(pairs):
    return [(label, NOTHING if value is None else value) for label, value in pairs]


def dropdown_value(options, value):
    """The dropdown's value for the model's ``value``: itself, or None (nothing selected) when the
    options do not hold it (a Scarecrow that must take a card offers no "take nothing back")."""
    wanted = NOTHING if value is None else value
    return wanted if any(v == wanted for _, v in options) else None


def or_none(value):
    return None if value == NOTHING else value


def classed(widget, *classes):
    """``widget`` with these CSS classes (what the browser tests find it by).  A control whose
    description stands at its left gets a label as wide as its words ("initial"), not a fixed
    width: the longer words of another language never end in an ellipsis."""
    for c in classes:
        widget.add_class(c)
    style = getattr(widget, "style", None)
    if not isinstance(widget, (W.Checkbox, W.Button, W.ToggleButton)) and \
            getattr(style, "description_width", None) == "":
        style.description_width = "initial"
    return widget


def button(cls: str, width: str | None = None, style: str = "", description: str = "", tooltip: str = ""):
    """A button with a CSS class; its tooltip is its description unless given.  The words of a view's
    own controls are not given here: the view says them when it labels its controls, in its language."""
    b = W.Button(description=description, tooltip=tooltip or description or None, button_style=style)
    if width:
        # at least ``width``, wider where a language's word is longer ("برگرداندن" for Undo)
        b.layout.min_width = width
        b.layout.width = "auto"
    return classed(b, cls)


def close_tree(widget) -> None:
    """Close ``widget`` and everything it holds: its children, its layout and its style (each a
    widget of its own in the kernel, which ``close()`` leaves open)."""
    for child in getattr(widget, "children", ()):
        close_tree(child)
    for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
        if isinstance(part, W.Widget):
            part.close()
    widget.close()


def set_if_changed(widget, name, value) -> None:
    """Set a trait only when it changes (each change is a message to the browser)."""
    if getattr(widget, name) != value:
        setattr(widget, name, value)


def set_options(widget, options) -> None:
    """Give a dropdown or toggle buttons new options only when they change (a change is a message, and
    it resets the value)."""
    if tuple(widget.options) != tuple(options):
        widget.options = list(options)


def label(widget, description: str, tooltip: str | None = None) -> None:
    """A control's words: its description and (if given) its tooltip."""
    set_if_changed(widget, "description", description)
    if tooltip is not None:
        set_if_changed(widget, "tooltip", tooltip)


def message_html(text: str, kind: str, t: Words, *, bold: bool = False, size: str = "") -> str:
    """A model's message as a coloured line (red for an error), right to left in Persian."""
    if not text:
        return ""
    colour = "#e53935" if kind == "error" else "#2e9d4f"
    weight = "bold" if kind == "error" or bold else "normal"
    return (f'<div style="color:{colour};font-family:sans-serif;{size}font-weight:{weight};padding:2px 0"{t.dir}>'
            f'{escape(text)}</div>')


class CardButton(W.GridBox):
    """A card face (HTML) with a transparent button laid over it: the card itself is what one
    clicks, and it looks like the cards on the table.  ``.button`` is the ipywidgets Button
    (``.click()`` in code, its classes in a browser test); ``.face`` the HTML.  The button's
    description is its tooltip, in letters the eye does not see (sheet.py): what a screen reader
    names the button by ("play Mercenary 5")."""

    def __init__(self, on_click, classes=(), tooltip="", width=CARD_W + 6, height=CARD_H + 6):
        self.face = W.HTML(layout=W.Layout(grid_area="1 / 1 / 2 / 2", margin="0", overflow="hidden"))
        self.button = classed(W.Button(description=tooltip, tooltip=tooltip, style={"button_color": "transparent"},
                                       layout=W.Layout(grid_area="1 / 1 / 2 / 2", width=f"{width}px",
                                                       height=f"{height}px", margin="0")), *classes)
        self.button.on_click(on_click)
        super().__init__([self.face, self.button], layout=W.Layout(
            grid_template_columns=f"{width}px", grid_template_rows=f"{height}px", margin="2px",
            width=f"{width}px", height=f"{height}px"))
        self.add_class("cnb-card-button")

    def show(self, html: str, *, disabled: bool = False, tooltip: str | None = None) -> None:
        set_if_changed(self.face, "value", html)
        set_if_changed(self.button, "disabled", disabled)
        if tooltip is not None:
            label(self.button, tooltip, tooltip)


class _FollowsModel:
    """A view that shows one model at a time and re-renders when that model changes; its
    Previous, Next and position box (1-based, as the header counts) move the model (``_syncing``
    keeps render's own updates of the box from echoing).  Without a model its words are in ``lang``."""

    model = None
    _syncing = False

    def _cursor_controls(self, classes: tuple[str, str, str]) -> None:
        """Previous, Next and the position box, with these CSS classes (their words come with render).

        The position is a number box, not a slider: a screen reader names a box by its description
        ("Step", "Row" in the learner's language; ipywidgets gives a slider's handle no name), and the
        arrow keys still step it."""
        self.prev_button = button(classes[0], "110px")
        self.next_button = button(classes[1], "110px", "info")
        self.slider = classed(W.BoundedIntText(value=1, min=1, max=1, layout=fit("180px")), classes[2])
        self.prev_button.on_click(lambda _: self.model and self.model.prev())
        self.next_button.on_click(lambda _: self.model and self.model.next())
        self.slider.observe(self._on_slider, names="value")

    def set_model(self, model) -> None:
        """Show another model (None: empty)."""
        if model is not self.model:
            self.model = model
            if model is not None:
                model.observe(self._follow)
        self.render()

    def _follow(self, model) -> None:
        if model is self.model:
            self.render()

    def _on_slider(self, change) -> None:
        if not self._syncing and self.model is not None:
            self.model.goto(change["new"] - 1)

    def render(self) -> None:
        m = self.model
        self._syncing = True
        try:
            t = words(m.lang if m is not None else self.lang)
            set_direction(self, t.rtl)
            label(self.prev_button, t.say("◀ Previous"), t.say("previous step"))
            label(self.next_button, t.say("Next ▶"), t.say("next step"))
            self._render(m, t)
        finally:
            self._syncing = False

    def _show_position(self, m) -> None:
        set_if_changed(self.slider, "max", len(m))
        set_if_changed(self.slider, "value", m.index + 1)
        set_if_changed(self.prev_button, "disabled", m.index == 0)
        set_if_changed(self.next_button, "disabled", m.index == len(m) - 1)


class Stepper(_FollowsModel, W.HBox):
    """Step through a Resolution: the lines after the step (the cards it touched highlighted)
    and, beside them, the step's panel: Previous/Next, the step's number in a box (the arrow keys
    step it once it has the focus), strengths before -> after as bars, and the rule's text with its source.

    ``Stepper(battle.resolve())`` on its own, or embedded in a BattleBuilder.
    """

    def __init__(self, resolution=None, *, model: StepperModel | None = None, lang: str = "en"):
        self.lang = words(lang).lang          # the words of an empty stepper (a model brings its own)
        self._cursor_controls(("cnb-prev", "cnb-next", "cnb-step-slider"))
        self.header = classed(W.HTML(), "cnb-step-header")
        # The lines take the room the panel leaves, and the panel keeps its place at the right: a
        # line that grows from step to step must not move Next (a click there would land on Previous).
        self.lines = classed(W.HTML(layout=W.Layout(flex="1 1 auto", min_width="0")), "cnb-step-lines")
        self.strengths = classed(W.HTML(), "cnb-strengths")
        self.rule = classed(W.HTML(), "cnb-rule")
        self.panel = classed(W.VBox([self.header, W.HBox([self.prev_button, self.next_button]), self.slider,
                                     self.strengths, self.rule],
                                    layout=W.Layout(width="400px", min_width="320px", flex="0 0 auto",
                                                    padding="0 0 0 24px")),
                             "cnb-step-panel")
        super().__init__([self.lines, self.panel], layout=W.Layout(align_items="flex-start"))
        as_view(self, "cnb-stepper")
        self.set_model(StepperModel(resolution, lang) if model is None and resolution is not None else model)

    def _render(self, m, t: Words) -> None:
        label(self.slider, t.say("Step"))
        if m is None:
            for w in (self.header, self.lines, self.strengths, self.rule):
                w.value = ""
            return
        # The browser applies the updates in this order: the header last, so a page that shows
        # "Step n" already shows step n's lines, bars and rule.
        set_if_changed(self.lines, "value", m.lines_html())
        set_if_changed(self.strengths, "value", m.strengths_html())
        set_if_changed(self.rule, "value", m.rule_html())
        self._show_position(m)
        set_if_changed(self.header, "value", m.header_html())


class CompareView(_FollowsModel, W.VBox):
    """The same battle under two rulesets, step by step, side by side; the rows where
    the rulesets diverge are marked, and "Next difference" jumps to the next one."""

    def __init__(self, battle=None, left=None, right=None, *, model: CompareModel | None = None,
                 lang: str = "en"):
        self.lang = words(lang).lang          # the words of an empty view (a model brings its own)
        self.summary = classed(W.HTML(), "cnb-compare-summary")
        self._cursor_controls(("cnb-compare-prev", "cnb-compare-next", "cnb-compare-slider"))
        self.diff_button = button("cnb-next-difference", "140px", "warning")
        self.body = classed(W.HTML(), "cnb-compare-body")
        self.diff_button.on_click(lambda _: self.model and self.model.next_difference())
        super().__init__([self.summary, W.HBox([self.prev_button, self.next_button, self.diff_button, self.slider]),
                          self.body])
        as_view(self, "cnb-compare-view")
        self.set_model(CompareModel(battle, left, right, lang) if model is None and battle is not None else model)

    def _render(self, m, t: Words) -> None:
        label(self.diff_button, t.say("Next difference"), t.say("jump to the next step where the rulesets diverge"))
        label(self.slider, t.say("Row"))
        if m is None:
            self.summary.value = self.body.value = ""
            return
        self._show_position(m)
        set_if_changed(self.diff_button, "disabled", not any(m.differs[m.index + 1:]))
        set_if_changed(self.summary, "value", m.summary_html())
        set_if_changed(self.body, "value", m.html())


class ActsOnModel:
    """A view whose controls call the model: ``_when(action)`` makes a traitlets handler
    that ignores the view's own updates (``_syncing``) and re-renders when the model did
    not notify (nothing changed), so a refused input snaps the control back."""

    _syncing = False
    _renders = 0
    _labelled = None          # the language the controls' words are in
    _choice_key = None        # the question the choice buttons answer, and its language

    def _when(self, action):
        def handler(change):
            if self._syncing:
                return
            seen = self._renders
            action(change["new"])
            if self._renders == seen:
                self.render()
        return handler

    def render(self) -> None:
        """Make every control show the model (called after each model change); the controls' words
        are said again only when the language changed."""
        m = self.model
        t = words(m.lang)
        self._renders += 1
        self._syncing = True
        try:
            set_direction(self, t.rtl)
            if self._labelled != t.lang:
                self._labelled = t.lang
                self._label_controls(t)
            self._render(m, t)
        finally:
            self._syncing = False


    def _render_choice(self, cancel_cls: str, option_cls: str, style=lambda choice: "info") -> None:
        """Fill ``choice_box`` with a button per choice of the model's pending card (a click chooses
        it) and Cancel last, or empty and hide it; only when the question or the language changed.
        The buttons it held are closed (a widget left open stays in the kernel)."""
        m = self.model
        key = (m.pending[0], tuple(m.pending[1]), m.lang) if m.pending else None
        if key == self._choice_key:
            return
        self._choice_key = key
        old = list(self.choice_box.children)
        if m.pending is None:
            self.choice_box.children = []
            self.choice_box.layout.display = "none"
        else:
            t = words(m.lang)
            buttons = []
            for text, choice in m.pending[1]:
                b = button(option_cls, style=style(choice), description=text)
                b.layout.width = "auto"
                b.on_click(lambda _, choice=choice: m.choose(choice))
                buttons.append(b)
            cancel = button(cancel_cls, "80px", description=t.say("Cancel"),
                            tooltip=t.say("do not play the card"))
            cancel.on_click(lambda _: m.cancel_choice())
            self.choice_box.children = buttons + [cancel]
            self.choice_box.layout.display = ""
        for w in old:
            close_tree(w)


def language_select(lang: str, cls: str) -> W.Dropdown:
    """The Language dropdown: each language by its own name, then its code."""
    return classed(W.Dropdown(options=[(f"{name} ({code})", code) for code, name in LANGUAGES.items()], value=lang,
                              layout=fit("230px")), cls)


class BattleBuilder(ActsOnModel, W.VBox):
    """Build a battle by clicking cards, then step through its resolution.

    >>> bb = BattleBuilder(players=["Ana", "Ben"], ruleset="standard")   # doctest: +SKIP
    >>> bb.palette["10"].click(); bb.palette["winter"].click()           # doctest: +SKIP

    ``players``: the seats (2-6 names); ``ruleset``: a name in RULESETS or a Ruleset;
    ``notation``: start from a battle written as text (seats and ruleset included);
    ``lang``: every word of the builder (cards, steps, buttons, messages) in en, vi, es, zh or fa,
    and the Language dropdown switches them all; ``compare``: a second ruleset to show beside the
    first when resolving.

    The layout keeps what a click changes next to it: the message under the buttons, the
    choice a Scarecrow asks right under them, and the stepper in the place of the lines,
    with its panel beside them.
    """

    def __init__(self, players=("Ana", "Ben"), ruleset="standard", notation: str | None = None,
                 lang: str = "en", *, auto_advance: bool = True, compare=None):
        self.model = BuilderModel(players, ruleset, notation, lang, auto_advance, compare)
        self._palette_kinds: tuple = ()
        m = self.model

        # (every control's words are said by _label_controls, in the model's language)
        # seats
        self.player_count = classed(W.Dropdown(options=[2, 3, 4, 5, 6], value=len(m.players), layout=fit("150px")),
                                    "cnb-player-count")
        self.name_boxes = [classed(W.Text(continuous_update=False, layout=fit("170px")),
                                   "cnb-player-name", f"cnb-player-name-{i}") for i in range(6)]
        self.player_select = classed(W.ToggleButtons(options=list(m.players), tooltips=[]), "cnb-player-select")
        self.player_select.style.button_width = "auto"
        # rules and language
        self.ruleset_select = classed(W.Dropdown(layout=fit("380px")), "cnb-ruleset")
        self.lang_select = language_select(m.lang, "cnb-lang")
        # options of the next play
        self.face_down_box = classed(W.Checkbox(value=False, indent=False, layout=fit("110px")), "cnb-face-down")
        # Kept for code that sets a Scarecrow's target first; the builder itself asks after the click.
        self.take_select = classed(W.Dropdown(layout=fit("300px")), "cnb-scarecrow-take")
        self.auto_advance_box = classed(W.Checkbox(value=m.auto_advance, indent=False, layout=fit("300px")),
                                        "cnb-auto-advance")
        self.pass_button = button("cnb-pass", "70px")
        self.undo_button = button("cnb-undo", "70px")
        self.reset_button = button("cnb-reset", "70px", "danger")
        # palette, message, choice, battle
        self.palette: dict[str, W.Button] = {}
        self.palette_cards: dict[str, CardButton] = {}
        self.palette_box = classed(W.HBox(layout=W.Layout(flex_flow="row wrap")), "cnb-palette")
        self.message = classed(W.HTML(layout=W.Layout(min_height="22px")), "cnb-message")
        self.choice_box = classed(W.HBox(layout=W.Layout(flex_flow="row wrap", display="none")), "cnb-choice")
        self.battle_view = classed(W.HTML(), "cnb-battle")
        self.legend = W.HTML()
        # notation
        # continuous_update: the kernel holds what is typed as it is typed, so Load (a click right after
        # the last key) reads the box's text, not the text of before the last keystrokes.
        self.notation_box = classed(W.Textarea(continuous_update=True, layout=W.Layout(width="640px", max_width=FIT,
                                                                                       height="60px")), "cnb-notation")
        self._notation_shown = None          # the battle's notation the box was last given
        self.load_button = button("cnb-load-notation", "130px")
        # results
        self.resolve_button = button("cnb-resolve", "110px", "success")
        self.compare_select = classed(W.Dropdown(layout=fit("470px")), "cnb-compare")
        self.close_button = button("cnb-close-results", "70px")
        self.stepper = Stepper()
        self.compare_view = CompareView()

        # wiring: each control calls one model action
        for i, box in enumerate(self.name_boxes):
            box.observe(self._on_name(i), names="value")
        for control, action in ((self.player_count, m.set_player_count),
                                (self.player_select, lambda v: v is not None and m.select(v)),
                                # (a ruleset changed by hand is shown as "__custom__": nothing to set)
                                (self.ruleset_select, lambda v: v != "__custom__" and m.set_ruleset(v)),
                                (self.lang_select, m.set_lang), (self.face_down_box, m.set_face_down),
                                (self.take_select, lambda v: m.set_take(or_none(v))),
                                (self.auto_advance_box, lambda v: setattr(m, "auto_advance", bool(v))),
                                (self.compare_select, lambda v: m.set_compare(or_none(v)))):
            control.observe(self._when(action), names="value")
        self.pass_button.on_click(lambda _: m.pass_turn())
        self.undo_button.on_click(lambda _: m.undo())
        self.reset_button.on_click(lambda _: m.reset())
        self.load_button.on_click(lambda _: m.load_notation(self.notation_box.value))
        self.resolve_button.on_click(lambda _: self._resolve())
        self.close_button.on_click(lambda _: self._close())

        seats = W.VBox([W.HBox(self.name_boxes[:3]), W.HBox(self.name_boxes[3:]), self.auto_advance_box])
        notation = W.HBox([self.notation_box, self.load_button])
        self.more = classed(W.Accordion([seats, notation], selected_index=None), "cnb-more")      # titled by render
        rows = [
            W.HBox([self.player_count, self.ruleset_select, self.lang_select], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.player_select, self.face_down_box], layout=W.Layout(flex_flow="row wrap")),
            self.palette_box,
            W.HBox([self.pass_button, self.undo_button, self.reset_button,
                    W.HTML(layout=W.Layout(width="16px")), self.resolve_button, self.compare_select,
                    self.close_button], layout=W.Layout(flex_flow="row wrap")),
            self.message, self.choice_box,
            self.battle_view, self.stepper, self.compare_view,
            self.legend, self.more,
        ]
        super().__init__(rows)
        as_view(self, "cnb-builder")
        m.observe(lambda _: self.render())
        self.render()

    # -- wiring helpers ---------------------------------------------------------------------

    def _on_name(self, seat):
        return self._when(lambda v: seat < len(self.model.players) and self.model.rename(seat, v))

    def _close(self):
        self.model.close_results()
        self.render()

    def _resolve(self):
        if self.model.resolve():
            # the arrow keys step from here on
            (self.stepper.slider if self.model.stepper is not None else self.compare_view.slider).focus()

    # -- rendering ----------------------------------------------------------------------------
    def _build_palette(self) -> None:
        """A card button per kind of the ruleset's deck (made again only when the kinds change)."""
        kinds = self.model.ruleset.kinds
        if kinds == self._palette_kinds:
            return
        old, self._palette_kinds = self.palette_cards, kinds
        self.palette_cards = {kind: CardButton(lambda _, kind=kind: self.model.click(kind),
                                               ("cnb-card", f"cnb-card-{kind}"), width=H.PALETTE_W, height=H.PALETTE_H)
                              for kind in kinds}
        self.palette = {kind: c.button for kind, c in self.palette_cards.items()}
        self.palette_box.children = list(self.palette_cards.values())
        for c in old.values():
            close_tree(c)

    def _refresh_palette(self) -> None:
        m = self.model
        left = m.deck_left()
        rs = m.ruleset
        returned = {c.kind for c in m.battle.returned.get(m.selected, ())}
        t = words(m.lang)
        for kind, card_button in self.palette_cards.items():
            card = m.sample(kind)
            word = t.say("Mercenary {value}", value=kind) if card.mercenary else t.card(kind)
            back = kind in returned
            v = {"card": word, "left": left[kind], "total": rs.counts[kind]}
            tip = (t.say("{card}: {left} of {total} left in the deck (one is back in this player's hand)", **v) if back
                   else t.say("{card}: {left} of {total} left in the deck", **v))
            card_button.show(H.palette_card_html(card, left[kind], lang=m.lang, note=" +1" if back else ""),
                             tooltip=tip)

    def _label_controls(self, t: Words) -> None:
        """Every control's words in the model's language."""
        label(self.player_count, t.say("Players"))
        for i, box in enumerate(self.name_boxes):
            label(box, t.say("Seat {n}", n=i + 1))
        label(self.player_select, t.say("Next card to:"))
        label(self.ruleset_select, t.say("Rules"))
        label(self.lang_select, t.say("Language"))
        label(self.face_down_box, t.say("face down"))
        label(self.take_select, t.card("scarecrow"))
        label(self.auto_advance_box, t.say("move on to the next seat after each card"))
        label(self.pass_button, t.say("Pass"), t.say("the selected player passes"))
        label(self.undo_button, t.say("Undo"), t.say("take back the last move (after Reset: bring the lines back)"))
        label(self.reset_button, t.say("Reset"), t.say("clear the lines (Undo brings them back)"))
        label(self.notation_box, t.say("Notation"))
        label(self.load_button, t.say("Load notation"), t.say("build the battle written in the box"))
        label(self.resolve_button, t.say("Resolve ▶"), t.say("resolve the battle and step through it"))
        label(self.compare_select, t.say("compared with"))
        label(self.close_button, t.say("Close"), t.say("close the results, back to building"))
        self.more.set_title(0, t.say("Seat names"))
        self.more.set_title(1, t.say("Battle notation (copy, paste, load)"))

    def _render(self, m, t: Words) -> None:
        # What a click is for goes to the browser first: the lines and the message; the controls
        # that follow them (seats, palette counts, choices) after.
        showing = m.stepper is not None or m.comparison is not None
        set_if_changed(self.battle_view.layout, "display", "none" if showing else "")
        if not showing:
            set_if_changed(self.battle_view, "value", H.battle_html(m.battle, m.lang))
        set_if_changed(self.message, "value", message_html(m.message, m.message_kind, t, bold=bool(m.pending)))
        options = [(ruleset_label(rs, m.lang), n) for n, rs in RULESETS.items()]
        current = m.ruleset.name if RULESETS.get(m.ruleset.name) == m.ruleset else "__custom__"
        if current == "__custom__":
            options.append((ruleset_label(m.ruleset, m.lang), current))
        set_options(self.ruleset_select, options)
        set_if_changed(self.ruleset_select, "value", current)
        set_if_changed(self.player_count, "value", len(m.players))
        for i, box in enumerate(self.name_boxes):
            set_if_changed(box, "value", m.players[i] if i < len(m.players) else "")
            set_if_changed(box.layout, "display", "" if i < len(m.players) else "none")
        set_options(self.player_select, m.players)
        set_if_changed(self.player_select, "value", m.selected)
        set_if_changed(self.lang_select, "value", m.lang)
        allowed = m.face_down_allowed()
        set_if_changed(self.face_down_box, "disabled", not allowed)
        set_if_changed(self.face_down_box, "value", m.face_down)
        set_if_changed(self.face_down_box.layout, "display", "" if allowed else "none")
        takes = dropdown_options(m.take_options())
        set_options(self.take_select, takes)
        set_if_changed(self.take_select, "value", dropdown_value(takes, m.take))
        set_if_changed(self.auto_advance_box, "value", m.auto_advance)
        self._build_palette()
        self._refresh_palette()
        set_if_changed(self.legend, "value", H.legend_html(m.lang))
        self._render_choice("cnb-choice-cancel", "cnb-choice-option",
                            style=lambda take: "info" if take is not None else "")
        # The box follows the battle when the battle changes; a refused load leaves the battle as it
        # was, and the box keeps what was typed, so that a typo can be corrected.
        if m.notation() != self._notation_shown:
            self._notation_shown = m.notation()
            set_if_changed(self.notation_box, "value", self._notation_shown)
        # (the rulesets behind the labels count too: after a switch of rules the same words may
        # stand for other rulesets, and the value set must be one of the options)
        choices = dropdown_options([(t.say("nothing: show the steps"), None)] + m.compare_choices())
        set_options(self.compare_select, choices)
        chosen = next((v for _, v in choices if v is not NOTHING and m.compare_with is not None
                       and same_rules(v, m.compare_with)), NOTHING)
        set_if_changed(self.compare_select, "value", chosen)
        self.stepper.lang = self.compare_view.lang = m.lang
        self.stepper.set_model(m.stepper)
        set_if_changed(self.stepper.layout, "display", "" if m.stepper is not None else "none")
        self.compare_view.set_model(m.comparison)
        set_if_changed(self.compare_view.layout, "display", "" if m.comparison is not None else "none")
        set_if_changed(self.close_button, "disabled", not showing)
