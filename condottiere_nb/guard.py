"""One change at a time: a Battle or a Game refuses a change begun while another thread is changing it.

What may be shared between threads (issue 31):

* read from any number of threads at once: a finished (resolved) Battle, its Resolution and Steps,
  a Game's log, actions and saved text (``to_json``), a Ruleset (it never changes);
* changed by one thread at a time only: a Battle (``play``, ``pass_turn``, ``resolve``, ``undo``)
  and a Game (``apply``, ``undo``); reading one while another thread changes it may read half a
  move.  Give each thread its own object (``Game.clone()``, ``Battle.copy()``, or a copy from
  ``pickle``/``copy.deepcopy``).

The second rule is checked where it is cheap: a method named by :func:`changed_by_one_thread` (a
class decorator, wrapping each with :func:`one_change_at_a_time`) marks its object as being changed
by the current thread, and a change of the same object begun by another thread meanwhile raises a
RulesError instead of mixing two moves (the first change goes on unharmed).  The mark lives here,
keyed by the object's id, not in the object: the object pickles and copies as before.  A nested
change in the same thread is allowed (it ends the mark early: the check is cheap, one dictionary
look-up per change, rather than complete).
"""
from __future__ import annotations

import functools
from threading import get_ident

from .errors import RulesError

__all__ = ["changed_by_one_thread", "one_change_at_a_time"]

#: id of an object being changed -> the thread changing it
_changing: dict[int, int] = {}


def one_change_at_a_time(method):
    """Decorate a method that changes its object: a call while another thread is in such a
    method of the same object raises RulesError (dict.setdefault claims the object atomically, so of
    two threads starting at once one goes on and the other is refused)."""
    @functools.wraps(method)
    def changing(self, *args, **kwargs):
        key, me = id(self), get_ident()
        if _changing.setdefault(key, me) != me:
            raise RulesError.say("this {what} is being changed by another thread; change a battle or a game from "
                                 "one thread at a time (give each thread its own copy)", what=type(self).__name__)
        try:
            return method(self, *args, **kwargs)
        finally:
            _changing.pop(key, None)
    return changing


def changed_by_one_thread(*methods: str):
    """Class decorator: each of ``methods`` (the ones that change an object of the class) wrapped
    by :func:`one_change_at_a_time`."""
    def wrap(cls):
        for name in methods:
            setattr(cls, name, one_change_at_a_time(getattr(cls, name)))
        return cls
    return wrap
