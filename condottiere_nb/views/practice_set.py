"""A "Practise this" set at the end of a notebook of the learner path: three exercises on the rules the
notebook teaches, asked before they are explained.  The questions are one output (the positions with the
BattleBuilder's card pictures, without the strengths, and the questions); the answers another, shown by a
later cell, so a reader answers first.  Plain Python and HTML: no widget (the Practice widget checks
answers one by one; this is the same exercises in a notebook's stored outputs, which nbval checks).

>>> s = PractiseThis(["season.winter", "card.drummer"], seed=1)
>>> [e.rule for e in s.exercises]
['season.winter', 'card.drummer', 'season.winter']
>>> "1." in s.questions()._repr_html_() and s.exercises[0].answer_text() in s.answers()._repr_html_()
True
"""
from __future__ import annotations

from html import escape

from ..explain import explain
from ..practice import exercises
from ..rules import RULES
from .practice_model import exercise_html
from .words import words

__all__ = ["PractiseThis"]

#: The steps of the plays, which the position shows already: the answers tell the count that follows them.
PLAYS = {"play.card", "play.pass"}


class _Shown:
    """An output: its HTML, and the same words as plain text."""

    def __init__(self, html: str, text: str):
        self.html, self.text = html, text

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return self.text


class PractiseThis:
    """``count`` exercises (three by default) for ``rules`` (a rule id or a list: a mix, exercise i
    practising ``rules[i % len(rules)]``), from ``seed`` at ``level``, told in ``lang``:
    :meth:`questions` shows them, :meth:`answers` answers them."""

    def __init__(self, rules, count: int = 3, seed: int = 0, level: int | None = None, lang: str | None = None):
        self.exercises = exercises(rules, count=count, seed=seed, level=level)
        self.lang = words(lang).lang

    def _number(self, i: int) -> str:
        return words(self.lang).digits(i) + "."

    def questions(self) -> _Shown:
        """Each exercise's position and question, numbered; no answer."""
        t = words(self.lang)
        html, text = [], []
        for i, ex in enumerate(self.exercises, 1):
            html.append(f'<div class="cnb-practise-this" style="margin:8px 0"{t.dir}><b>{self._number(i)}</b>'
                        f'{exercise_html(ex, t.lang)}</div>')
            text.append(f"{self._number(i)} {ex.say_question(t.lang)}")
        return _Shown("".join(html), "\n".join(text))

    def answers(self) -> _Shown:
        """Each exercise's answer, the rule that decided it, what each kept wrong answer would mean,
        and the engine's steps from the end of the plays (the question's own move included when it is
        a card that acts, such as a Scarecrow)."""
        t = words(self.lang)
        html, text = [], []
        for i, ex in enumerate(self.exercises, 1):
            lines = [t.say("The answer: {answer}.", answer=ex.answer_text(lang=t.lang)),
                     t.say("The rule that decided it: “{rule}”.", rule=t.say(RULES[ex.rule].title))]
            lines += list(dict.fromkeys(ex.mistake_sentence(m, t.lang) for m in ex.mistakes))
            head = f"{self._number(i)} {lines[0]}"
            steps = explain([s for s in ex.steps if s.rule not in PLAYS], t.lang)
            more = "".join(f"<div>{escape(line)}</div>" for line in lines[1:])
            told = "".join(f"<div>{escape(line)}</div>" for line in steps.splitlines())
            html.append(f'<div class="cnb-practise-this" style="margin:8px 0"{t.dir}>'
                        f'<div style="font-weight:bold">{escape(head)}</div>'
                        f'<div style="font-size:13px;margin:2px 0 4px 0">{more}</div>'
                        f'<div style="font-size:12px;opacity:0.85">{told}</div></div>')
            text.append("\n".join([head, *lines[1:], steps]))
        return _Shown("".join(html), "\n\n".join(text))
