"""The learner's language: English, Vietnamese, Spanish, Chinese (Traditional) or Persian.

Every sentence a learner reads is an English message with named placeholders, translated through
the standard library's gettext from the catalogues in ``condottiere_nb/locale`` (``.po`` sources,
compiled ``.mo``; ``python tools/i18n.py`` extracts, updates, compiles and checks them with Babel).
:func:`set_language` sets the default for the whole Python process; :func:`speaker` gives the
sentences of one language without changing it.

>>> speaker("es").card("winter"), speaker("en").join(["Ana", "Ben", "Cy"])
('Invierno', 'Ana, Ben and Cy')
>>> speaker("vi").join(["Ana", "Ben", "Cy"]), speaker("zh").cards(["6", "6", "courtesan"])
('Ana, Ben và Cy', '2張6和交際之花')
"""
from __future__ import annotations

import functools
import gettext
from pathlib import Path

from .errors import RulesError
from .i18n import LANGUAGES, card_name

__all__ = ["LANGUAGES", "set_language", "get_language", "check_language", "speaker", "Speaker"]

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "condottiere"
_default = ["en"]


def check_language(lang) -> str:
    """``lang`` if it is one of the five languages, else a RulesError listing them."""
    if lang not in LANGUAGES:
        raise RulesError(f"unknown language {lang!r}; the languages are "
                         + ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items()))
    return lang


def set_language(lang: str) -> None:
    """The default language of every explanation in this Python process ("en", "vi", "es", "zh"
    or "fa")."""
    _default[0] = check_language(lang)


def get_language() -> str:
    """The default language (English unless :func:`set_language` changed it)."""
    return _default[0]


_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                 "eleven", "twelve")


class Speaker:
    """The sentences of one language: :meth:`say` translates a message and fills its placeholders;
    :meth:`say_n` chooses the plural form for a count; :meth:`card`, :meth:`cards`, :meth:`join`
    and :meth:`number` give names, counted cards, lists and counts as the language writes them."""

    def __init__(self, lang: str):
        self.lang = check_language(lang)
        self.catalogue = (gettext.NullTranslations() if lang == "en" else
                          gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True))

    def say(self, message: str, **values) -> str:
        """``message`` (English, with named placeholders) in this language, filled in."""
        return self.catalogue.gettext(message).format(**values)

    def say_n(self, singular: str, plural: str, n: int, **values) -> str:
        """The form of a message for the count ``n`` (``n`` is also the placeholder {n})."""
        return self.catalogue.ngettext(singular, plural, n).format(n=n, **values)

    def card(self, kind: str) -> str:
        """A card kind's name ("Winter", "Mùa Đông"; a Mercenary is its value)."""
        return card_name(kind, self.lang)

    def number(self, n: int) -> str:
        """A count as a sentence writes it: English spells small counts ("two")."""
        if self.lang == "en" and 0 <= n < len(_NUMBER_WORDS):
            return _NUMBER_WORDS[n]
        return str(n)

    def join(self, items) -> str:
        """'a', 'a and b', 'a, b and c' with this language's separator and conjunction."""
        items = [str(i) for i in items]
        if not items:
            return self.say("nothing")
        if len(items) == 1:
            return items[0]
        return self.say("{items} and {last}", items=self.say(", ").join(items[:-1]), last=items[-1])

    def cards(self, kinds) -> str:
        """Card kinds with repeats counted, in order of first appearance: '10, 5 and 4',
        'two 6s and 3', 'Heroine and two Courtesans'."""
        counts: dict[str, int] = {}
        for kind in kinds:
            counts[kind] = counts.get(kind, 0) + 1
        return self.join(self.card(k) if n == 1 else
                         self.say_n("{card}", "{count} {card}s", n, count=self.number(n), card=self.card(k))
                         for k, n in counts.items())

    def owned(self, player: str, kinds) -> str:
        """"Ana's 10, 5 and 4", "Huy's two 6s"."""
        return self.say("{player}'s {cards}", player=player, cards=self.cards(kinds))

    def a_card(self, kind: str) -> str:
        """One card of a kind as a sentence names it: English 'a 10', 'an 8', 'a Winter'."""
        name = self.card(kind)
        if self.lang != "en":
            return self.say("a {card}", card=name)
        return ("an " if name[0] in "AEIOU8" or name in ("11", "18") else "a ") + name

    def clauses(self, parts) -> str:
        """Clauses of one sentence, in order, with this language's separator ('; ' in English)."""
        return self.say("; ").join(parts)

    def sentence(self, text: str) -> str:
        """Clauses made a sentence: a capital letter (where the script has them) and a full stop."""
        text = self.say("{text}.", text=text)
        return text[:1].upper() + text[1:]

    def strengths(self, strengths) -> str:
        """'Ana 10, Ben 4'."""
        return self.say(", ").join(self.say("{player} {strength}", player=p, strength=v)
                                   for p, v in strengths.items())


@functools.lru_cache(maxsize=None)
def _speaker(lang: str) -> Speaker:
    return Speaker(lang)


def speaker(lang: str | None = None) -> Speaker:
    """The :class:`Speaker` of ``lang`` (the default language when None)."""
    return _speaker(get_language() if lang is None else check_language(lang))
