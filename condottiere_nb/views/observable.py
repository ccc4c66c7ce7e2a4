"""What every widget model shares: observers called after each change, a message told in the
model's language, and a cursor over steps or rows.

A model's ``message`` is not stored as text: it is kept as a function of the language's
:class:`~condottiere_nb.views.words.Words` (an engine error as the error itself), so switching the
language re-tells the message that is already shown.
"""
from __future__ import annotations

from typing import Callable

from ..errors import RulesError, excerpt, shorten
from ..options import shown_value
from .words import Words, words


class Observable:
    """A model that calls its observers after each change.  An observer that raises does not stop
    the others (the widget's own view still follows the model); its error is then given to
    :meth:`_observer_failed`: raised again here, shown as the message by a model that has one
    (:class:`Tells`), so an error in a learner's function is never lost in a log nobody reads.

    A model is changed from one thread at a time (the widget's): none of them locks."""

    def __init__(self):
        self._listeners: list[Callable] = []

    def observe(self, fn: Callable) -> None:
        """Call ``fn(model)`` after every change."""
        if not callable(fn):
            raise RulesError.say("observe takes a function to call after every change, not {value}",
                                 value=shown_value(fn))
        self._listeners.append(fn)

    def _changed(self) -> None:
        failed = None
        for fn in list(self._listeners):
            try:
                fn(self)
            except Exception as e:          # the others are told all the same
                failed = failed or (fn, e)
        if failed is not None:
            self._observer_failed(*failed)

    def _observer_failed(self, fn: Callable, error: Exception) -> None:
        raise error

    def __getstate__(self) -> dict:
        # A copy or a pickle keeps the model, not who watches it (a widget does not pickle).
        return {**self.__dict__, "_listeners": []}


class Told(str):
    """A message kept as its text (a copied model's): told the same in every language."""

    def __call__(self, t: Words) -> str:
        return str(self)


class Tells(Observable):
    """An Observable with a message for the learner (``message``, ``message_kind``: "", "info" or
    "error"), told in ``lang`` whenever it is read."""

    lang = "en"
    _said: tuple[str, Callable[[Words], str]] | None = None
    #: the last error raised by a function given to observe() (None: none)
    observer_error: Exception | None = None

    @property
    def words(self) -> Words:
        return words(self.lang)

    @property
    def message(self) -> str:
        return "" if self._said is None else self._said[1](self.words)

    @property
    def message_kind(self) -> str:
        return "" if self._said is None else self._said[0]

    def tell(self, kind: str, said: Callable[[Words], str] | None) -> None:
        """Show ``said(words)`` as the message of ``kind`` ("info", "error"; None: no message)."""
        self._said = None if said is None else (kind, said)

    def __getstate__(self) -> dict:
        # The message is a function of the words (often a lambda, which does not pickle): a copy
        # keeps its text as now told.
        state = super().__getstate__()
        if self._said is not None:
            state["_said"] = (self._said[0], Told(self.message))
        return state

    def fail(self, error: BaseException) -> bool:
        """Show an engine error, in the model's language (see Speaker.error); False."""
        self.tell("error", lambda t: t.error(error))
        self._changed()
        return False

    def _observer_failed(self, fn: Callable, error: Exception) -> None:
        """Show the error of a function given to :meth:`observe` as the message (the views show it
        where they show the engine's messages) and tell the observers once more, so it is seen; the
        error is also kept in :attr:`observer_error`."""
        self.observer_error = error
        name = getattr(fn, "__qualname__", None) or type(fn).__name__
        detail = shorten(f"{type(error).__name__}: {error}")
        self.tell("error", lambda t: t.say("your function {name}, told of this change, stopped with an error: "
                                           "{error}", name=name, error=detail))
        for other in list(self._listeners):
            if other is not fn:
                try:
                    other(self)
                except Exception:           # shown already: one message at a time
                    pass


class NoSuchPosition(RulesError, IndexError):
    """A step or row that a cursor does not have (an IndexError too, as a list's index is)."""


class Cursor(Observable):
    """A position ``index`` over ``len(self)`` items that observers follow."""

    _item = "step"                    # what one position is called in messages
    _of = "this resolution has"

    def goto(self, i: int) -> None:
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(self):
            raise NoSuchPosition(f"{self._item} {excerpt(i)} does not exist; {self._of} {self._item}s 0 to "
                                 f"{len(self) - 1}")
        if i != self.index:
            self.index = i
            self._changed()

    def _go(self, i: int | None) -> bool:
        """Go to position ``i`` if there is one; False (nothing changes) if not (None: none)."""
        if i is None or not 0 <= i < len(self):
            return False
        self.goto(i)
        return True

    def next(self) -> bool:
        """One on; False (nothing changes) at the last one."""
        return self._go(self.index + 1)

    def prev(self) -> bool:
        return self._go(self.index - 1)
