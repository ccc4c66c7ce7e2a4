"""The Practice widget: a position, a question, answer by a click (a player, a card) or a typed
number, then right or wrong with the engine's explanation; score, streak, one hint, "Show the
answer", and the missed rules brought back.  Its state is a
:class:`~condottiere_nb.views.practice_model.PracticeModel`; this module only wires ipywidgets to it.

Keyboard: every control is a button or a text box, reached with Tab and pressed with Enter or
Space; a typed number is checked with Enter.
"""
from __future__ import annotations

import ipywidgets as W

from ..i18n import LANGUAGES
from ..practice.exercise import NUMBERS
from .practice_model import PracticeModel, feedback_html
from .widgets import classed, close_tree, set_if_changed

__all__ = ["Practice", "PRACTICE_CLASSES"]

#: The stable CSS classes of the Practice widget's controls (what browser tests look for).
PRACTICE_CLASSES = {"widget": "cnb-practice", "status": "cnb-practice-status", "position": "cnb-practice-board",
                    "answer button (a player, nobody, a card)": "cnb-practice-choice",
                    "typed number": "cnb-practice-number", "check the number": "cnb-practice-check",
                    "hint": "cnb-practice-hint", "show the answer": "cnb-practice-show",
                    "next": "cnb-practice-next", "feedback": "cnb-practice-feedback-box",
                    "language": "cnb-practice-lang"}


def button(description: str, cls: str, width: str, style: str = "") -> W.Button:
    """A button at least ``width`` wide, wider where a language's word is longer."""
    b = W.Button(description=description, tooltip=description, button_style=style)
    b.layout.min_width, b.layout.width = width, "auto"
    return classed(b, cls)


def labels(t) -> dict[str, str]:
    """The buttons' words in the learner's language."""
    return {"check": t.say("Check"), "hint": t.say("Hint"), "show": t.say("Show the answer"), "next": t.say("Next")}


class Practice(W.VBox):
    """Practise rules: ``Practice("card.drummer")``, ``Practice(["season.winter", "season.spring"],
    count=10, seed=1)``, or a workshop's ``Practice(code="v1:standard:...")``; ``lang`` one of
    en, vi, es, zh, fa.  ``save(path)`` and ``load(path)`` keep the progress in a small JSON file.
    ``clock``: a function giving a timezone-aware datetime, for the scheduler (by default a virtual
    clock that moves a minute per item answered, see :mod:`~condottiere_nb.views.practice_model`).
    """

    def __init__(self, rule=None, count: int = 10, seed: int = 0, ruleset="standard", level=None, *,
                 code: str | None = None, lang: str = "en", clock=None):
        kwargs = {} if clock is None else {"clock": clock}
        self.model = PracticeModel(rule, count, seed, ruleset, level, code=code, lang=lang, **kwargs)
        self.status = classed(W.HTML(), PRACTICE_CLASSES["status"])
        self.why = W.HTML()
        self.board = classed(W.HTML(), PRACTICE_CLASSES["position"])
        self.choices = classed(W.HBox(layout=W.Layout(flex_flow="row wrap")), "cnb-practice-choices")
        self.number = classed(W.Text(continuous_update=False, layout=W.Layout(width="120px")),
                              PRACTICE_CLASSES["typed number"])
        self.check_button = button("Check", PRACTICE_CLASSES["check the number"], "70px")
        self.hint_button = button("Hint", PRACTICE_CLASSES["hint"], "70px")
        self.show_button = button("Show the answer", PRACTICE_CLASSES["show the answer"], "120px", "warning")
        self.next_button = button("Next", PRACTICE_CLASSES["next"], "70px", "primary")
        self.feedback = classed(W.HTML(), PRACTICE_CLASSES["feedback"])
        self.lang_select = classed(W.Dropdown(options=[(f"{name} ({code})", c) for c, name in LANGUAGES.items()],
                                              value=self.model.lang, layout=W.Layout(width="200px")),
                                   PRACTICE_CLASSES["language"])
        self.number_row = W.HBox([self.number, self.check_button])
        self.number.observe(lambda change: self._typed(change["new"]), "value")
        self.check_button.on_click(lambda _b: self._typed(self.number.value))
        self.hint_button.on_click(lambda _b: self.model.hint())
        self.show_button.on_click(lambda _b: self.model.show_answer())
        self.next_button.on_click(lambda _b: self.model.next())
        self.lang_select.observe(lambda change: self.model.set_lang(change["new"]), "value")
        self._shown_choices = None
        super().__init__([W.HBox([self.status, self.lang_select]), self.why, self.board, self.choices,
                          self.number_row, W.HBox([self.hint_button, self.show_button, self.next_button]),
                          self.feedback])
        self.add_class(PRACTICE_CLASSES["widget"])
        self.model.observe(lambda _m: self.render())
        self.render()

    def _typed(self, value) -> None:
        if str(value).strip():
            self.model.answer(str(value))

    def _chooser(self, value):
        return lambda _b: self.model.answer(value)

    def render(self) -> None:
        m = self.model
        t = m.words
        title = t.say("Practice")
        set_if_changed(self.status, "value", f'<b{t.dir}>{title}</b> · {m.status()}')
        set_if_changed(self.why, "value", f'<i{t.dir}>{m.why_back()}</i>' if m.why_back() else "")
        set_if_changed(self.board, "value", m.position_html())
        key = (m.index, len(m.items), m.lang)
        if key != self._shown_choices:
            self._shown_choices = key
            old = list(self.choices.children)
            buttons = []
            for label, value in m.choices():
                b = button(label, PRACTICE_CLASSES["answer button (a player, nobody, a card)"], "40px", "info")
                b.on_click(self._chooser(value))
                buttons.append(b)
            self.choices.children = buttons
            for w in old:
                close_tree(w)
            if self.number.value:
                self.number.value = ""
        self.number_row.layout.display = "" if m.exercise.kind in NUMBERS else "none"
        self.number.placeholder = t.say("a number")
        said = labels(t)
        for widget, key in ((self.check_button, "check"), (self.hint_button, "hint"), (self.show_button, "show"),
                            (self.next_button, "next")):
            set_if_changed(widget, "description", said[key])
        self.hint_button.disabled = m.hinted or m.solved
        self.next_button.disabled = not m.tried
        right = None if not m.tried else m.solved and not m.shown
        set_if_changed(self.feedback, "value", feedback_html(m.feedback, right if m.tried else None, m.lang)
                       if m.feedback else "")

    # -- progress ---------------------------------------------------------------------------------
    def save(self, path) -> None:
        """Save the score, streak and the rules' fsrs cards to a JSON file."""
        self.model.save(path)

    def load(self, path) -> None:
        """Load a progress saved by :meth:`save` (another session's too)."""
        self.model.load(path)
