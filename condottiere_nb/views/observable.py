"""What every widget model shares: observers called after each change, a message told in the
model's language, and a cursor over steps or rows.

A model's ``message`` is not stored as text: it is kept as a function of the language's
:class:`~condottiere_nb.views.words.Words` (an engine error as the error itself), so switching the
language re-tells the message that is already shown.
"""
from __future__ import annotations

from typing import Callable

from .words import Words, words


class Observable:
    def __init__(self):
        self._listeners: list[Callable] = []

    def observe(self, fn: Callable) -> None:
        """Call ``fn(model)`` after every change."""
        self._listeners.append(fn)

    def _changed(self) -> None:
        for fn in list(self._listeners):
            fn(self)


class Tells(Observable):
    """An Observable with a message for the learner (``message``, ``message_kind``: "", "info" or
    "error"), told in ``lang`` whenever it is read."""

    lang = "en"
    _said: tuple[str, Callable[[Words], str]] | None = None

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

    def tell_error(self, error: BaseException) -> None:
        """Show an engine error, in the model's language (see Speaker.error)."""
        self.tell("error", lambda t: t.error(error))

    def fail(self, error: BaseException) -> bool:
        self.tell_error(error)
        self._changed()
        return False


class Cursor(Observable):
    """A position ``index`` over ``len(self)`` items that observers follow."""

    _item = "step"                    # what one position is called in messages
    _of = "this resolution has"

    def goto(self, i: int) -> None:
        if not isinstance(i, int) or not 0 <= i < len(self):
            raise IndexError(f"{self._item} {i!r} does not exist; {self._of} {self._item}s 0 to {len(self) - 1}")
        if i != self.index:
            self.index = i
            self._changed()

    def next(self) -> bool:
        """One on; False (nothing changes) at the last one."""
        if self.index + 1 >= len(self):
            return False
        self.goto(self.index + 1)
        return True

    def prev(self) -> bool:
        if self.index == 0:
            return False
        self.goto(self.index - 1)
        return True
