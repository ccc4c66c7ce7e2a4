"""The three error types of the public API (the README, "The API in ten lines").

An error raised to a programmer reads in English.  One a learner may meet in a widget (a card
refused, a seat name refused) is said as a sentence of the catalogues: ``IllegalMove.say(message,
**values)`` keeps the English message and its values next to the English text, and
``speaker(lang).error(err)`` (:meth:`condottiere_nb.language.Speaker.error`) tells it in any language.
Values that a language names in its own words are wrapped: :class:`Kind` (a card kind, named as
each language names it) and :class:`Listed` (names listed with each language's comma).

>>> err = IllegalMove.say("{player} has no {card} in hand", player="Ana", card=Kind("winter"))
>>> str(err), err.message_id, err.values["card"]
('Ana has no Winter in hand', '{player} has no {card} in hand', 'winter')
"""
from __future__ import annotations

import functools
import inspect
import reprlib


class Kind(str):
    """A card kind in an error's values ("winter", "10"): each language writes its own name."""

    __slots__ = ()


class Listed(tuple):
    """Several values in an error's values, listed with each language's comma ("a, b, c")."""

    __slots__ = ()


class Spaced(Listed):
    """Several values listed with spaces (the cards of a hand: "5 Winter")."""

    __slots__ = ()


class Clauses(Listed):
    """Several values listed as clauses of one sentence ("Ana: 5 3; Ben: 7"), with each language's
    semicolon."""

    __slots__ = ()


class Joined(Listed):
    """Several values joined as a list ("a, b and c"), with each language's conjunction."""

    __slots__ = ()


class Either(Listed):
    """Alternatives ("'bishop' or 'drummer'"), with each language's "or" (English: " or " between each)."""

    __slots__ = ()


class Lower(Kind):
    """A card kind that English writes in lower case, as a typed name ("winter"); other languages
    write its name."""

    __slots__ = ()


class Quoted(tuple):
    """One value quoted as a person typed it: English shows its Python-style quotes ('bishup', cut
    short past 60 characters), each language its own quotation marks.  ``Quoted.of(value)``."""

    __slots__ = ()

    @classmethod
    def of(cls, value) -> "Quoted":
        return cls((value,))


class Sentence:
    """A sentence of the catalogues inside an error's message (a reason, the list of what is
    allowed): ``Sentence.say(message, **values)`` or ``Sentence.say_n(singular, plural, n, **values)``;
    English as ``str()``, any language by ``speaker.value(sentence)``."""

    def __init__(self, message: str, values: dict, plural: str | None = None, n: int | None = None):
        self.message, self.values, self.plural, self.n = message, values, plural, n

    @classmethod
    def say(cls, message: str, **values) -> "Sentence":
        return cls(message, values)

    @classmethod
    def say_n(cls, singular: str, plural: str, n: int, **values) -> "Sentence":
        return cls(singular, values, plural, n)

    def __str__(self) -> str:
        values = {k: english(v) for k, v in self.values.items()}
        if self.plural is None:
            return self.message.format(**values)
        return (self.message if self.n == 1 else self.plural).format(n=self.n, **values)

    def said_by(self, speaker) -> str:
        values = {k: speaker.value(v) for k, v in self.values.items()}
        if self.plural is None:
            return speaker.say(self.message, **values)
        return speaker.say_n(self.message, self.plural, self.n, **values)


def shorten(text: str, limit: int = 60) -> str:
    """A long typed text cut as English quotes cut it: its start, "...", its end."""
    if len(text) <= limit:
        return text
    start = max(0, (limit - 3) // 2)
    return text[:start] + "..." + text[len(text) - max(0, limit - 3 - start):]


def _english_name(kind: str) -> str:
    # A special card's kind is its lower-case English name (cards.py; tests/test_cards.py checks
    # every entry of the registry), so English needs no table, and the registry, which raises
    # these errors, is not imported here.
    return kind if kind.isdigit() or kind.lower() != kind else kind.capitalize()


def english(value) -> str:
    """A value of an error as its English text says it."""
    if isinstance(value, Lower):
        return _english_name(str(value)).lower()
    if isinstance(value, Kind):
        return _english_name(str(value))
    if isinstance(value, Quoted):
        inner = value[0]
        return excerpt(english(inner) if isinstance(inner, (Kind, Listed)) else inner)
    if isinstance(value, Either):
        return " or ".join(english(v) for v in value)
    if isinstance(value, Joined):
        names = [english(v) for v in value]
        if len(names) < 2:
            return names[0] if names else "nothing"
        return ", ".join(names[:-1]) + " and " + names[-1]
    if isinstance(value, Listed):
        gap = " " if isinstance(value, Spaced) else "; " if isinstance(value, Clauses) else ", "
        return gap.join(english(v) for v in value)
    return str(value)


class RulesError(ValueError):
    """Something the rules do not allow, or input the engine cannot read.

    ``message_id`` and ``values``: the English message (with named placeholders) and its values, for an
    error said with :meth:`say` (None and {} for one raised with a plain text)."""

    message_id: str | None = None
    values: dict = {}
    #: the plural English message and the count, for an error said with :meth:`say_n`
    plural: str | None = None
    n: int | None = None

    @classmethod
    def say(cls, message: str, **values):
        """The error whose text is ``message`` filled with ``values`` (and that keeps both, so a view
        tells it in the learner's language: ``speaker(lang).error(err)``)."""
        err = cls(message.format(**{k: english(v) for k, v in values.items()}))
        err.message_id, err.values = message, dict(values)
        return err

    @classmethod
    def say_n(cls, singular: str, plural: str, n: int, **values):
        """The error whose text is the form of a message for the count ``n`` (``n`` is also the
        placeholder {n}), told in each language with that language's plural forms."""
        err = cls.say(singular if n == 1 else plural, n=n, **values)
        err.message_id, err.plural, err.n = singular, plural, n
        err.values = dict(values)
        return err

    def said_by(self, speaker) -> str:
        """This error as ``speaker`` tells it (an error inside another error's message)."""
        return speaker.error(self)


class IllegalMove(RulesError):
    """A move that is not allowed here and now; the state is left unchanged."""


class UnknownCard(RulesError):
    """A card name the engine does not know; the message lists the closest names."""


def excerpt(value, limit: int = 60) -> str:
    """``value`` as a refusal quotes it: its repr, at most about ``limit`` characters (a long text
    shows its start, "..." and its end); never the whole of a huge argument (a huge integer, which
    Python will not turn into text, is named by its size).

    >>> excerpt("x" * 100), excerpt(10 ** 5000)
    ("'xxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxx'", 'an integer of about 5000 digits')
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"an integer of about {round(value.bit_length() * 0.30103, -1):.0f} digits"    # repr() refuses it
    short = reprlib.Repr()
    short.maxstring = short.maxother = limit
    short.maxlevel, short.maxlist, short.maxtuple, short.maxdict = 3, 8, 8, 6
    try:
        return short.repr(value)
    except Exception:                           # a value whose repr fails: name its type
        return f"a {type(value).__name__}"


def expects(**kinds):
    """Check the arguments named in ``kinds`` (name -> a class or a tuple of classes, None allowed
    when listed) before the call: a RulesError names the argument, what it must be and the value
    given, instead of an AttributeError from deep inside.  For the building blocks of the API that
    take its objects (a Battle, a Resolution, a Timeline).

    >>> @expects(n=int)
    ... def twice(n): return 2 * n
    >>> twice("3")
    Traceback (most recent call last):
    ...
    condottiere_nb.errors.RulesError: n must be of type int, not '3'
    """
    def wrap(fn):
        signature = inspect.signature(fn)

        @functools.wraps(fn)
        def checked(*args, **kw):
            try:
                bound = signature.bind(*args, **kw)
            except TypeError:
                return fn(*args, **kw)              # Python says what is missing, as for any call
            for name, kind in kinds.items():
                if name in bound.arguments:
                    value = bound.arguments[name]
                    wanted = kind if isinstance(kind, tuple) else (kind,)
                    if not isinstance(value, tuple(k for k in wanted if k is not None)) \
                            and not (value is None and None in wanted) \
                            or isinstance(value, bool) and bool not in wanted and int in wanted:
                        raise RulesError.say("{name} must be of type {kind}, not {value}", name=name, kind=Either(
                            "None" if k is None else k.__name__ for k in wanted), value=excerpt(value))
            return fn(*args, **kw)
        return checked
    return wrap
