"""ipywidgets apps: BattleBuilder, its Stepper and the ruleset CompareView.

The widgets hold a model from :mod:`condottiere_nb.views.model` and only (1) turn a
click or a new ``.value`` into one model call and (2) re-render from the model when it
changes.  Key controls carry CSS classes ``cnb-...`` (listed in WIDGET_CLASSES) so a
browser test finds them; tests/test_widgets.py drives them with ``.value`` and
``.click()`` and reads the rendered HTML, no browser needed.
"""
from __future__ import annotations

from html import escape

import ipywidgets as W

from ..i18n import LANGUAGES, MERCENARY
from ..rulesets import RULESETS
from . import html as H
from .model import BuilderModel, CompareModel, StepperModel, ruleset_label

#: The stable CSS class names of the key controls (what browser tests look for).
WIDGET_CLASSES = {
    "builder": "cnb-builder",
    "player count": "cnb-player-count",
    "player name (one per seat; also cnb-player-name-<seat>)": "cnb-player-name",
    "player selector": "cnb-player-select",
    "ruleset": "cnb-ruleset",
    "language": "cnb-lang",
    "palette (the box)": "cnb-palette",
    "palette button of a card kind": "cnb-card-<kind>",
    "every palette button": "cnb-card",
    "face down": "cnb-face-down",
    "Scarecrow's target": "cnb-scarecrow-take",
    "next seat after each play": "cnb-auto-advance",
    "pass": "cnb-pass",
    "undo": "cnb-undo",
    "reset": "cnb-reset",
    "engine message": "cnb-message",
    "battle view": "cnb-battle",
    "notation box": "cnb-notation",
    "load notation": "cnb-load-notation",
    "resolve": "cnb-resolve",
    "compare with": "cnb-compare",
    "close results": "cnb-close-results",
    "stepper (the box)": "cnb-stepper",
    "previous step": "cnb-prev",
    "next step": "cnb-next",
    "step slider": "cnb-step-slider",
    "step header": "cnb-step-header",
    "step lines": "cnb-step-lines",
    "strengths before -> after": "cnb-strengths",
    "rule text and source": "cnb-rule",
    "compare view (the box)": "cnb-compare-view",
    "compare summary": "cnb-compare-summary",
    "compare previous": "cnb-compare-prev",
    "compare next": "cnb-compare-next",
    "next difference": "cnb-next-difference",
    "compare slider": "cnb-compare-slider",
    "compare body": "cnb-compare-body",
}


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


def _classed(widget, *classes):
    for c in classes:
        widget.add_class(c)
    return widget


def _button(description, cls, tooltip="", width=None, style=""):
    b = W.Button(description=description, tooltip=tooltip or description, button_style=style)
    if width:
        b.layout.width = width
    return _classed(b, cls)


class _FollowsModel:
    """A view that shows one model at a time and re-renders when that model changes; its
    slider moves the model (``_syncing`` keeps render's own slider updates from echoing)."""

    model = None
    _syncing = False

    def set_model(self, model) -> None:
        """Show another model (None: empty)."""
        if model is self.model:
            self.render()
            return
        self.model = model
        if model is not None:
            model.observe(self._follow)
        self.render()

    def _follow(self, model) -> None:
        if model is self.model:
            self.render()

    def _on_slider(self, change) -> None:
        if not self._syncing and self.model is not None:
            self.model.goto(change["new"])


class Stepper(_FollowsModel, W.VBox):
    """Step through a Resolution: Previous/Next, a slider, the lines with the cards the
    step touched highlighted, strengths before -> after as bars, and the rule's text
    with its source.

    ``Stepper(battle.resolve())`` on its own, or embedded in a BattleBuilder.
    """

    def __init__(self, resolution=None, *, model: StepperModel | None = None, lang: str = "en"):
        self.prev_button = _button("Previous", "cnb-prev", "previous step", "100px")
        self.next_button = _button("Next", "cnb-next", "next step", "100px", "info")
        self.slider = _classed(W.IntSlider(value=0, min=0, max=0, description="Step", continuous_update=True,
                                           readout=True, layout=W.Layout(width="360px")), "cnb-step-slider")
        self.header = _classed(W.HTML(), "cnb-step-header")
        self.lines = _classed(W.HTML(), "cnb-step-lines")
        self.strengths = _classed(W.HTML(), "cnb-strengths")
        self.rule = _classed(W.HTML(), "cnb-rule")
        self._syncing = False
        self.model: StepperModel | None = None
        self.prev_button.on_click(lambda _: self.model and self.model.prev())
        self.next_button.on_click(lambda _: self.model and self.model.next())
        self.slider.observe(self._on_slider, names="value")
        super().__init__([W.HBox([self.prev_button, self.next_button, self.slider]), self.header, self.lines,
                          self.strengths, self.rule])
        self.add_class("cnb-stepper")
        if model is None and resolution is not None:
            model = StepperModel(resolution, lang)
        if model is not None:
            self.set_model(model)

    def render(self) -> None:
        m = self.model
        self._syncing = True
        try:
            if m is None:
                self.slider.max = 0
                for w in (self.header, self.lines, self.strengths, self.rule):
                    w.value = ""
                return
            self.slider.max = len(m) - 1
            self.slider.value = m.index
            self.prev_button.disabled = m.index == 0
            self.next_button.disabled = m.index == len(m) - 1
            self.header.value = m.header_html()
            self.lines.value = m.lines_html()
            self.strengths.value = m.strengths_html()
            self.rule.value = m.rule_html()
        finally:
            self._syncing = False


class CompareView(_FollowsModel, W.VBox):
    """The same battle under two rulesets, step by step, side by side; the rows where
    the rulesets diverge are marked, and "Next difference" jumps to the next one."""

    def __init__(self, battle=None, left=None, right=None, *, model: CompareModel | None = None,
                 lang: str = "en"):
        self.summary = _classed(W.HTML(), "cnb-compare-summary")
        self.prev_button = _button("Previous", "cnb-compare-prev", "previous step", "100px")
        self.next_button = _button("Next", "cnb-compare-next", "next step", "100px", "info")
        self.diff_button = _button("Next difference", "cnb-next-difference",
                                   "jump to the next step where the rulesets diverge", "140px", "warning")
        self.slider = _classed(W.IntSlider(value=0, min=0, max=0, description="Row",
                                           layout=W.Layout(width="320px")), "cnb-compare-slider")
        self.body = _classed(W.HTML(), "cnb-compare-body")
        self._syncing = False
        self.model: CompareModel | None = None
        self.prev_button.on_click(lambda _: self.model and self.model.prev())
        self.next_button.on_click(lambda _: self.model and self.model.next())
        self.diff_button.on_click(lambda _: self.model and self.model.next_difference())
        self.slider.observe(self._on_slider, names="value")
        super().__init__([self.summary, W.HBox([self.prev_button, self.next_button, self.diff_button, self.slider]),
                          self.body])
        self.add_class("cnb-compare-view")
        if model is None and battle is not None:
            model = CompareModel(battle, left, right, lang)
        if model is not None:
            self.set_model(model)

    def render(self) -> None:
        m = self.model
        self._syncing = True
        try:
            if m is None:
                self.summary.value = self.body.value = ""
                self.slider.max = 0
                return
            self.slider.max = len(m) - 1
            self.slider.value = m.index
            self.prev_button.disabled = m.index == 0
            self.next_button.disabled = m.index == len(m) - 1
            self.diff_button.disabled = not any(m.differs[m.index + 1:])
            self.summary.value = m.summary_html()
            self.body.value = m.html()
        finally:
            self._syncing = False


class ActsOnModel:
    """A view whose controls call the model: ``_when(action)`` makes a traitlets handler
    that ignores the view's own updates (``_syncing``) and re-renders when the model did
    not notify (nothing changed), so a refused input snaps the control back."""

    _syncing = False
    _renders = 0

    def _when(self, action):
        def handler(change):
            if self._syncing:
                return
            seen = self._renders
            action(change["new"])
            if self._renders == seen:
                self.render()
        return handler


class BattleBuilder(ActsOnModel, W.VBox):
    """Build a battle by clicking cards, then step through its resolution.

    >>> bb = BattleBuilder(players=["Ana", "Ben"], ruleset="standard")   # doctest: +SKIP
    >>> bb.palette["10"].click(); bb.palette["winter"].click()           # doctest: +SKIP

    ``players``: the seats (2-6 names); ``ruleset``: a name in RULESETS or a Ruleset;
    ``notation``: start from a battle written as text (seats and ruleset included);
    ``lang``: card names in en, vi, es, zh or fa; ``compare``: a second ruleset to show
    beside the first when resolving.
    """

    def __init__(self, players=("Ana", "Ben"), ruleset="standard", notation: str | None = None,
                 lang: str = "en", *, auto_advance: bool = True, compare=None):
        self.model = BuilderModel(players, ruleset, notation, lang, auto_advance, compare)
        self._syncing = False
        self._renders = 0
        self._palette_kinds: tuple = ()
        self._ruleset_names: tuple = ()
        m = self.model

        # seats
        self.player_count = _classed(W.Dropdown(options=[2, 3, 4, 5, 6], value=len(m.players),
                                                description="Players", layout=W.Layout(width="150px")),
                                     "cnb-player-count")
        self.name_boxes = []
        for i in range(6):
            box = W.Text(description=f"Seat {i + 1}", continuous_update=False, layout=W.Layout(width="170px"))
            _classed(box, "cnb-player-name", f"cnb-player-name-{i}")
            self.name_boxes.append(box)
        self.player_select = _classed(W.ToggleButtons(options=list(m.players), description="Plays:",
                                                      tooltips=[]), "cnb-player-select")
        self.player_select.style.button_width = "auto"
        # rules and language
        self.ruleset_select = _classed(W.Dropdown(description="Ruleset", layout=W.Layout(width="280px")),
                                       "cnb-ruleset")
        self.lang_select = _classed(W.Dropdown(options=[(f"{name} ({code})", code) for code, name in LANGUAGES.items()],
                                               value=m.lang, description="Language", layout=W.Layout(width="230px")),
                                    "cnb-lang")
        # options of the next play
        self.face_down_box = _classed(W.Checkbox(value=False, description="face down", indent=False,
                                                 layout=W.Layout(width="110px")), "cnb-face-down")
        self.take_select = _classed(W.Dropdown(description="Scarecrow", layout=W.Layout(width="300px")),
                                    "cnb-scarecrow-take")
        self.auto_advance_box = _classed(W.Checkbox(value=m.auto_advance, description="next seat after each play",
                                                    indent=False, layout=W.Layout(width="200px")),
                                         "cnb-auto-advance")
        self.pass_button = _button("Pass", "cnb-pass", "the selected player passes", "80px")
        self.undo_button = _button("Undo", "cnb-undo", "take back the last move", "80px")
        self.reset_button = _button("Reset", "cnb-reset", "clear the lines (seats and ruleset stay)", "80px",
                                    "danger")
        # palette, message, battle
        self.palette: dict[str, W.Button] = {}
        self.palette_box = _classed(W.HBox(layout=W.Layout(flex_flow="row wrap")), "cnb-palette")
        self.message = _classed(W.HTML(), "cnb-message")
        self.battle_view = _classed(W.HTML(), "cnb-battle")
        self.legend = W.HTML()
        # notation
        self.notation_box = _classed(W.Textarea(description="Notation", continuous_update=False,
                                                layout=W.Layout(width="640px", height="60px")), "cnb-notation")
        self.load_button = _button("Load notation", "cnb-load-notation", "build the battle written in the box",
                                   "130px")
        # results
        self.resolve_button = _button("Resolve", "cnb-resolve", "resolve the battle and step through it",
                                      "100px", "success")
        self.compare_select = _classed(W.Dropdown(description="Compare", layout=W.Layout(width="420px")),
                                       "cnb-compare")
        self.close_button = _button("Close", "cnb-close-results", "close the stepper", "80px")
        self.stepper = Stepper()
        self.compare_view = CompareView()

        # wiring: each control calls one model action
        self.player_count.observe(self._when(lambda v: m.set_player_count(v)), names="value")
        for i, box in enumerate(self.name_boxes):
            box.observe(self._on_name(i), names="value")
        self.player_select.observe(self._when(lambda v: v is not None and m.select(v)), names="value")
        self.ruleset_select.observe(self._when(lambda v: m.set_ruleset(v)), names="value")
        self.lang_select.observe(self._when(lambda v: m.set_lang(v)), names="value")
        self.face_down_box.observe(self._when(lambda v: m.set_face_down(v)), names="value")
        self.take_select.observe(self._when(lambda v: m.set_take(or_none(v))), names="value")
        self.auto_advance_box.observe(self._when(self._set_auto_advance), names="value")
        self.compare_select.observe(self._when(lambda v: m.set_compare(or_none(v))), names="value")
        self.pass_button.on_click(lambda _: m.pass_turn())
        self.undo_button.on_click(lambda _: m.undo())
        self.reset_button.on_click(lambda _: m.reset())
        self.load_button.on_click(lambda _: m.load_notation(self.notation_box.value))
        self.resolve_button.on_click(lambda _: m.resolve())
        self.close_button.on_click(lambda _: self._close())

        rows = [
            W.HBox([self.player_count, self.ruleset_select, self.lang_select]),
            W.HBox(self.name_boxes[:3]), W.HBox(self.name_boxes[3:]),
            self.player_select,
            W.HBox([self.face_down_box, self.take_select, self.auto_advance_box]),
            self.palette_box, self.legend,
            W.HBox([self.pass_button, self.undo_button, self.reset_button]),
            self.message, self.battle_view,
            W.HBox([self.notation_box, self.load_button]),
            W.HBox([self.resolve_button, self.compare_select, self.close_button]),
            self.stepper, self.compare_view,
        ]
        super().__init__(rows)
        self.add_class("cnb-builder")
        m.observe(lambda _: self.render())
        self.render()

    # -- wiring helpers ---------------------------------------------------------------------

    def _on_name(self, seat):
        return self._when(lambda v: seat < len(self.model.players) and self.model.rename(seat, v))

    def _set_auto_advance(self, value):
        self.model.auto_advance = bool(value)

    def _close(self):
        self.model.close_results()
        self.render()

    def _play(self, kind):
        return lambda _: self.model.play(kind)

    # -- rendering ----------------------------------------------------------------------------
    def _build_palette(self) -> None:
        kinds = self.model.ruleset.kinds
        if kinds == self._palette_kinds:
            return
        buttons = {}
        for kind in kinds:
            b = W.Button(layout=W.Layout(width="auto", min_width="64px", margin="1px"))
            _classed(b, "cnb-card", f"cnb-card-{kind}")
            b.on_click(self._play(kind))
            buttons[kind] = b
        self.palette = buttons
        self.palette_box.children = list(buttons.values())
        self._palette_kinds = kinds

    def _refresh_palette(self) -> None:
        m = self.model
        left = m.deck_left()
        rs = m.ruleset
        returned = {c.kind for c in m.battle.returned.get(m.selected, ())}
        for kind, b in self.palette.items():
            card = next(c for c in m.battle.deck if c.kind == kind)
            name = m.card_label(kind)
            b.description = f"{name} ×{left[kind]}"
            word = f"{MERCENARY[m.lang]} {kind}" if card.mercenary else name
            extra = " (one is back in this player's hand)" if kind in returned else ""
            b.tooltip = f"{word}: {left[kind]} of {rs.counts[kind]} left in the deck{extra}"
            b.style.button_color = H.FAMILY_COLOURS.get(card.family, "#dddddd") if left[kind] or extra \
                else "#eeeeee"

    def render(self) -> None:
        """Make every control show the model (called after each model change)."""
        m = self.model
        self._renders += 1
        self._syncing = True
        try:
            names = tuple(RULESETS)
            options = [(n, n) for n in names]
            current = m.ruleset.name if RULESETS.get(m.ruleset.name) == m.ruleset else None
            if current is None:
                options.append((ruleset_label(m.ruleset), "__custom__"))
            if tuple(options) != tuple(self.ruleset_select.options):
                self.ruleset_select.options = options
            self.ruleset_select.value = current if current is not None else "__custom__"
            self.player_count.value = len(m.players)
            for i, box in enumerate(self.name_boxes):
                box.value = m.players[i] if i < len(m.players) else ""
                box.layout.display = "" if i < len(m.players) else "none"
            if tuple(self.player_select.options) != m.players:
                self.player_select.options = list(m.players)
            self.player_select.value = m.selected
            self.lang_select.value = m.lang
            allowed = m.face_down_allowed()
            self.face_down_box.disabled = not allowed
            self.face_down_box.value = m.face_down
            self.face_down_box.tooltip = ("play the next card face down" if allowed else
                                          f"the {m.ruleset.name} ruleset has no hidden cards")
            takes = dropdown_options(m.take_options())
            if tuple(self.take_select.options) != tuple(takes):
                self.take_select.options = takes
            self.take_select.value = dropdown_value(takes, m.take)
            self.auto_advance_box.value = m.auto_advance
            self._build_palette()
            self._refresh_palette()
            self.legend.value = H.legend_html(m.lang)
            colour = "#b00020" if m.message_kind == "error" else "#1b5e20"
            self.message.value = (f'<div style="color:{colour};font-family:sans-serif;padding:2px 0">'
                                  f'{escape(m.message)}</div>' if m.message else "")
            self.battle_view.value = H.battle_html(m.battle, m.lang)
            self.notation_box.value = m.notation()
            choices = dropdown_options([("off", None)] + m.compare_choices())
            if [c[0] for c in choices] != [c[0] for c in self.compare_select.options]:
                self.compare_select.options = choices
            self.compare_select.value = next((v for _, v in choices if v == m.compare_with), NOTHING)
            self.stepper.set_model(m.stepper)
            self.stepper.layout.display = "" if m.stepper is not None else "none"
            self.compare_view.set_model(m.comparison)
            self.compare_view.layout.display = "" if m.comparison is not None else "none"
            self.close_button.disabled = m.stepper is None and m.comparison is None
        finally:
            self._syncing = False
