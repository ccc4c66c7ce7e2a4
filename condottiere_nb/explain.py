"""Explanations as data: every rule that fires records a :class:`Step`.

A Step holds what the rule did - its rule id, the player, the cards it touched, the strengths
before and after, and the facts its sentence needs - and nothing else.  Its sentence is told
on demand (``step.text``) from the template of its rule id (:mod:`condottiere_nb.tell`), in the
language asked for.  A rule makes its Step as it fires (``explain=True``) or not at all
(``explain=False``); the widgets, notebooks, text logs and tests all read the same steps, and
nothing re-derives an explanation on its own.

>>> from condottiere_nb import Battle
>>> b = Battle(["Ana", "Ben"]); b.play("Ana", "10"); b.play("Ben", "winter")
>>> s = b.resolve().steps[-3]
>>> s.rule, s.before["Ana"], s.strengths["Ana"]
('season.winter', 10, 1)
>>> s.text
"Winter is in play: each Mercenary counts 1 (Ana's 10 becomes 1)."
"""
from __future__ import annotations

from functools import partial
from operator import itemgetter
from types import MappingProxyType
from typing import Mapping

from .rules import RULES, rule_source, rule_title

__all__ = ["Step", "RULES", "explain", "format_strengths"]

_EMPTY = MappingProxyType({})
_new = tuple.__new__


def _view(mapping) -> Mapping | None:
    """A Step's mapping as read: a read-only view of what the rule handed over (None stays None)."""
    return None if mapping is None else MappingProxyType(mapping)


class Step(tuple):
    """One rule firing, as data: ``rule`` (a rule id of :data:`RULES`), ``player`` (who acted,
    if anyone), ``cards`` (ids of the cards it touched), ``strengths`` (the totals after it),
    ``before`` (the totals before it, when it changed them), ``values`` (each counted card's
    strength after it: card id -> value, for views that draw strengths as they change) and
    ``data`` (the facts its sentence and the views need).  A rule makes its Step at the moment it
    fires, from fresh dicts it never touches again; every mapping reads as a read-only view, and
    a Step cannot be changed.

    ``text`` is the sentence a learner reads, told from the rule's template (in the language
    asked for) when it is read: the facts are all in the Step, nothing is counted again.
    """

    __slots__ = ()

    def __new__(cls, rule: str, *, player: str | None = None, cards=(), strengths=None, before=None,
                values=None, data=None):
        return _new(cls, (rule, player, cards if type(cards) is tuple else tuple(cards), strengths, before, values,
                          data))

    rule = property(itemgetter(0), doc="The id of the rule that fired (see RULES).")
    player = property(itemgetter(1), doc="Who acted, if anyone.")
    cards = property(itemgetter(2), doc="The ids of the cards the rule touched.")

    @property
    def values(self) -> Mapping[int, int] | None:
        """Each counted card's strength after the step (card id -> value)."""
        return _view(self[5])

    @property
    def data(self) -> Mapping:
        """The facts of the step's sentence."""
        return MappingProxyType(self[6]) if self[6] else _EMPTY

    @property
    def strengths(self) -> Mapping[str, int] | None:
        """The totals after this step, as the players announce them."""
        return _view(self[3])

    @property
    def before(self) -> Mapping[str, int] | None:
        """The totals before this step, when it changed them."""
        return _view(self[4])

    @property
    def text(self) -> str:
        """The sentence a learner reads, in the default language (see set_language)."""
        from .tell import tell
        return tell(self)

    def text_in(self, lang: str) -> str:
        """The sentence in ``lang`` ("en", "vi", "es", "zh" or "fa"), whatever the default."""
        from .tell import tell
        return tell(self, lang)

    @property
    def title(self) -> str:
        """The title of the step's rule, in the default language."""
        return self.title_in(None)

    def title_in(self, lang: str | None) -> str:
        """The title of the step's rule in ``lang``."""
        from .language import speaker
        return speaker(lang).say(rule_title(self.rule))

    @property
    def source(self) -> str:
        return rule_source(self.rule)

    def __eq__(self, other) -> bool:
        if not isinstance(other, Step):
            return NotImplemented
        return tuple.__eq__(self, other)

    def __ne__(self, other) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None

    def __reduce__(self):
        return (_rebuild, tuple(self))

    def __repr__(self) -> str:
        return f"Step({self.rule!r}, {self.text!r})"

    def __str__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        # Display code lives in views/ and loads only when a notebook shows a step.
        from .views.html import rule_html
        return rule_html(self)


#: ``Step.of(rule, player=..., ...)`` makes the same Step as ``Step(rule, player=..., ...)``, at
#: two thirds of the cost: the battle's rules make one after every play.  (CPython hands a class
#: called with keywords its arguments as a new dict; this calls ``Step.__new__`` directly.)
Step.of = partial(Step.__new__, Step)


def _rebuild(rule, player, cards, strengths, before, values, data) -> Step:
    return Step(rule, player=player, cards=cards, strengths=strengths, before=before, values=values, data=data)


def format_strengths(strengths: Mapping[str, int]) -> str:
    return ", ".join(f"{p} {v}" for p, v in strengths.items())


def explain(steps, lang: str | None = None) -> str:
    """Plain-text rendering of a list of steps, one numbered line each, in ``lang`` (the default
    language when None), its numbers written with that language's digits (Persian: ۱, ۲, ...)."""
    from .language import speaker
    from .tell import tell
    digits = speaker(lang).digits
    return "\n".join(f"{digits(i)}. [{s.rule}] {tell(s, lang)}" for i, s in enumerate(steps, 1))
