"""The checks of plain arguments that many public functions share: a flag, a seed, a count.

Each raises a RulesError that names the argument, the value given and what is allowed, so a
wrong call is refused before anything starts (and never escapes as a TypeError from deep inside).

>>> check_count("games", 20), check_seed("abc"), check_flag("explain", False)
(20, 'abc', False)
"""
from __future__ import annotations

from numbers import Integral

from .errors import RulesError, Sentence
from .options import shown_value

__all__ = ["check_flag", "check_seed", "check_count"]


def check_flag(name: str, value) -> bool:
    """``value`` if it is True or False."""
    if not isinstance(value, bool):
        raise RulesError.say("{name} must be True or False, not {value}", name=name, value=shown_value(value))
    return value


def check_seed(seed, name: str = "seed"):
    """``seed`` if it can seed the game's chance: an integer, a string, or None (a fresh seed)."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        raise RulesError.say("{name} must be an integer or a string (or None), not {value}", name=name,
                             value=shown_value(seed))
    return seed


def check_count(name: str, value, low: int = 1, high: int | None = None) -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (no upper limit when None).  ``name``:
    the argument as code names it ("games"), or a :class:`~condottiere_nb.errors.Sentence`."""
    if isinstance(value, bool) or not isinstance(value, Integral) or value < low or (high is not None and value > high):
        if high is not None:
            allowed = Sentence.say("a whole number from {low} to {high}", low=low, high=high)
        elif low == 1:
            allowed = Sentence.say("a positive whole number")
        elif low == 0:
            allowed = Sentence.say("a whole number, 0 or more")
        else:
            allowed = Sentence.say("a whole number of at least {low}", low=low)
        raise RulesError.say("{name} must be {allowed}, not {value}", name=name, allowed=allowed,
                             value=shown_value(value))
    return int(value)
