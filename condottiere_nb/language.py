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

A few things a catalogue cannot say are per language here: the space between two sentences
(:data:`SENTENCE_GAP`), the Spanish conjunctions that change before the next word
(:func:`spanish_conjunction`, applied by :meth:`Speaker.join` and :meth:`Speaker.join_or`), the
Spanish article before a card a sentence names (:func:`spanish_article`, applied by
:meth:`Speaker.owned`), and the digits a language writes (:func:`local_digits`: Persian writes
۰-۹, a signed number kept left to right), applied to every sentence :meth:`Speaker.say` gives.

>>> speaker("es").owned("Cy", ["6"]), speaker("es").owned("Ana", ["heroine", "10", "10"])
('el 6 de Cy', 'la Heroína y las 2 cartas de 10 de Ana')
>>> speaker("fa").strengths({"Ana": 12}) == "Ana ۱۲"
True
"""
from __future__ import annotations

import collections
import functools
import gettext
import re
import unicodedata
from pathlib import Path

from .errors import Clauses, Either, Joined, Kind, Listed, Lower, Quoted, RulesError, Spaced, english, excerpt, shorten
from .i18n import FEMININE, LANGUAGES, card_name

__all__ = ["LANGUAGES", "set_language", "get_language", "check_language", "speaker", "Speaker", "SENTENCE_GAP",
           "spanish_conjunction", "spanish_article", "local_digits", "left_to_right", "DIGITS", "LRI", "PDI"]

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "condottiere"
_default = ["en"]


def check_language(lang) -> str:
    """``lang`` if it is one of the five languages, else a RulesError listing them."""
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise RulesError(f"unknown language {excerpt(lang)}; the languages are "
                         + ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items()))
    return lang


def set_language(lang: str) -> None:
    """The default language of every explanation in this Python process ("en", "vi", "es", "zh"
    or "fa")."""
    _default[0] = check_language(lang)


def get_language() -> str:
    """The default language (English unless :func:`set_language` changed it)."""
    return _default[0]


#: What stands between two sentences, where it is not a space: Chinese ends a sentence with 。,
#: which carries its own space.  (Persian, like English, puts a space after its full stop.)
SENTENCE_GAP = {"zh": ""}


#: language -> its ten digits, where it does not write 0-9: Persian writes ۰-۹, as its tutorial does.
DIGITS = {"fa": "۰۱۲۳۴۵۶۷۸۹"}
#: The Unicode isolates that keep a piece of text left to right inside a right-to-left line
#: (a file name, code, a signed number): LEFT-TO-RIGHT ISOLATE ... POP DIRECTIONAL ISOLATE.
LRI, PDI = "\u2066", "\u2069"
_LEFT_TO_RIGHT = re.compile("\u2066[^\u2066\u2069]*\u2069")
#: a sign right before a number, not inside a word or a range ("+3", "-2"; not "1-5"), with the
#: left-to-right mark an older catalogue put before it
_SIGNED = re.compile(r"\u200e?(?<!\w)([+\u2212-]\d+)")


def left_to_right(text: str) -> str:
    """``text`` (code, a file name) kept left to right inside a right-to-left sentence."""
    return f"{LRI}{text}{PDI}"


def local_digits(text: str, lang: str) -> str:
    """``text`` with the digits ``lang`` writes (see :data:`DIGITS`); in Persian a signed number
    ("+3") is also isolated left to right, or a right-to-left line shows its sign after it.  A piece
    already isolated left to right (LRI ... PDI: a file name, code) is left as it is.

    >>> local_digits("+3 and 10", "en"), local_digits("سرباز +3، 10", "fa") == "سرباز \u2066+۳\u2069، ۱۰"
    ('+3 and 10', True)
    >>> local_digits("\u206600_start_here.ipynb\u2069 2", "fa") == "\u206600_start_here.ipynb\u2069 ۲"
    True
    >>> local_digits("fa_draws = 'section_6', 6", "fa") == "fa_draws = 'section_6', ۶"
    True
    """
    digits = DIGITS.get(lang)
    if digits is None:
        return text
    table = str.maketrans("0123456789", digits)
    out, last = [], 0
    for kept in _LEFT_TO_RIGHT.finditer(text):
        out += [_local_part(text[last:kept.start()], table), kept.group()]
        last = kept.end()
    out.append(_local_part(text[last:], table))
    return "".join(out)


#: a number, not a part of a name or of code ("section_6", "Player2", "UTF-8", "U+0007", "game/1",
#: "00_start_here" keep their digits)
_NUMBER = re.compile(r"(?<![A-Za-z_])(?<![A-Za-z_][-/+.])\d+(?![A-Za-z_\d])")


def _local_part(text: str, table: dict) -> str:
    text = _NUMBER.sub(lambda m: m.group(0).translate(table), text)
    return _SIGNED.sub(lambda m: left_to_right(m.group(1)), text)


def spanish_article(name: str, kind: str, count: int = 1) -> str:
    """A card a Spanish sentence names with its article: "el 6", "la Primavera", and for several cards
    of a kind, as the catalogue counts them ("2 cartas de 6"), "las 2 cartas de 6".

    >>> spanish_article("6", "6"), spanish_article("Primavera", "spring"), spanish_article("2 cartas de 6", "6", 2)
    ('el 6', 'la Primavera', 'las 2 cartas de 6')
    """
    if count > 1:
        return f"las {name}"
    return f"{'la' if kind in FEMININE['es'] else 'el'} {name}"


#: language -> how a sentence names a card of someone's line with its article (Spanish)
_ARTICLES = {"es": spanish_article}


def _plain(word: str) -> str:
    """``word`` in lower case without accents ("Ínsula" -> "insula")."""
    return "".join(c for c in unicodedata.normalize("NFD", word.lower()) if not unicodedata.combining(c))


def spanish_conjunction(conjunction: str, word: str) -> str:
    """The Spanish conjunction before ``word``: "y" is "e" before the sound i ("Rendición e
    Invierno", "e hijos"; not before the diphthongs hie-, hia-: "agua y hielo"), and "o" is "u"
    before the sound o ("Tambor u Obispo", "7 u 8", "10 u 11").

    >>> [spanish_conjunction("y", w) for w in ("Invierno", "Hilo", "hielo", "Heroína")]
    ['e', 'e', 'y', 'y']
    >>> [spanish_conjunction("o", w) for w in ("Obispo", "8", "11", "Heroína")]
    ['u', 'u', 'u', 'o']
    """
    plain = _plain(word)
    sound_i = plain.startswith("i") or (plain.startswith("hi") and not plain.startswith(("hie", "hia")))
    if conjunction == "y" and sound_i:
        return "e"
    if conjunction == "o" and (plain.startswith(("o", "ho", "8")) or plain == "11"):
        return "u"
    return conjunction


def _spanish_list(text: str, last: str) -> str:
    """A Spanish list ending in "… y {last}" or "… o {last}" with the conjunction ``last`` asks for."""
    for plain in ("y", "o"):
        tail = f" {plain} {last}"
        if text.endswith(tail):
            return f"{text[:-len(tail)]} {spanish_conjunction(plain, last)} {last}"
    return text


#: language -> how a list's last conjunction changes with the word after it (Spanish y/e, o/u)
_LIST_ENDINGS = {"es": _spanish_list}

_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                 "eleven", "twelve")


class Speaker:
    """The sentences of one language: :meth:`say` translates a message and fills its placeholders;
    :meth:`say_n` chooses the plural form for a count; :meth:`card`, :meth:`cards`, :meth:`join`,
    :meth:`join_or` and :meth:`number` give names, counted cards, lists and counts as the language
    writes them; :meth:`sentences` puts whole sentences one after another."""

    def __init__(self, lang: str):
        self.lang = check_language(lang)
        self.catalogue = (gettext.NullTranslations() if lang == "en" else
                          gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True))

    def say(self, message: str, **values) -> str:
        """``message`` (English, with named placeholders) in this language, filled in, with this
        language's digits (see :func:`local_digits`)."""
        return local_digits(self.catalogue.gettext(message).format(**values), self.lang)

    def say_n(self, singular: str, plural: str, n: int, **values) -> str:
        """The form of a message for the count ``n`` (``n`` is also the placeholder {n})."""
        return local_digits(self.catalogue.ngettext(singular, plural, n).format(n=n, **values), self.lang)

    def digits(self, value) -> str:
        """A number (or any text) written with this language's digits: "12", Persian "۱۲"."""
        return local_digits(str(value), self.lang)

    def error(self, err: BaseException) -> str:
        """An engine error as this language tells it: an error said as a message of the catalogues
        (``IllegalMove.say(...)``, see :mod:`condottiere_nb.errors`) in this language, with its card
        kinds named and its lists joined here; any other error as its own (English) text.

        >>> from condottiere_nb.errors import IllegalMove, Kind
        >>> speaker("es").error(IllegalMove.say("the {card} is not in that ruleset's deck", card=Kind("winter")))
        'Invierno no está en el mazo de esas reglas'
        """
        template = getattr(err, "message_id", None)
        if template is None:
            return str(err)
        values = {k: self.value(v) for k, v in getattr(err, "values", {}).items()}
        plural = getattr(err, "plural", None)
        if plural is not None:
            return self.say_n(template, plural, err.n, **values)
        return self.say(template, **values)

    def value(self, value) -> str:
        """A value of an error's message in this language: a :class:`~condottiere_nb.errors.Kind` by
        its name, a :class:`~condottiere_nb.errors.Listed` with this language's comma, anything with a
        ``said_by(speaker)`` method (a view's ruleset name, an error inside an error) as it says itself."""
        said_by = getattr(value, "said_by", None)
        if said_by is not None:
            return said_by(self)
        if isinstance(value, Kind):
            name = self.card(str(value))
            return name.lower() if isinstance(value, Lower) and self.lang == "en" else name
        if isinstance(value, Quoted):
            inner = value[0]
            if self.lang == "en" or not isinstance(inner, str):
                return english(value)       # as the English message quotes it (a Python value: its repr)
            typed = self.value(inner) if isinstance(inner, Kind) else shorten(inner)
            # Translators: a name as a person typed it, in your language's quotation marks.
            return self.say("'{typed}'", typed=typed)
        if isinstance(value, Either):
            return self.join_or(self.value(v) for v in value)
        if isinstance(value, Joined):
            return self.join(self.value(v) for v in value)
        if isinstance(value, Clauses):
            return self.clauses(self.value(v) for v in value)
        if isinstance(value, Listed):
            gap = " " if isinstance(value, Spaced) else self.say(", ")
            return gap.join(self.value(v) for v in value)
        return value

    def card(self, kind: str) -> str:
        """A card kind's name ("Winter", "Mùa Đông"; a Mercenary is its value)."""
        return card_name(kind, self.lang)

    def number(self, n: int) -> str:
        """A count as a sentence writes it: English spells small counts ("two")."""
        if self.lang == "en" and 0 <= n < len(_NUMBER_WORDS):
            return _NUMBER_WORDS[n]
        return self.digits(n)

    def join(self, items) -> str:
        """'a', 'a and b', 'a, b and c' with this language's separator and conjunction (Spanish:
        'y', or 'e' before the sound i).

        >>> speaker("es").join(["Primavera", "Rendición", "Invierno"])
        'Primavera, Rendición e Invierno'
        """
        return self._listed(items, lambda head, last: self.say("{items} and {last}", items=head, last=last))

    def join_or(self, items) -> str:
        """'a', 'a or b', 'a, b or c': alternatives, with this language's 'or' (Spanish: 'o', or 'u'
        before the sound o).

        >>> speaker("en").join_or(["Bishop", "Drummer", "Winter"]), speaker("es").join_or(["Tambor", "Obispo"])
        ('Bishop, Drummer or Winter', 'Tambor u Obispo')
        """
        return self._listed(items, lambda head, last: self.say("{items} or {last}", items=head, last=last))

    def _listed(self, items, ending) -> str:
        """The items as one list: none is 'nothing', one is itself, more are ``ending(the others
        joined by commas, the last)``, with the change the last word asks of the conjunction."""
        items = [str(i) for i in items]
        if len(items) < 2:
            return items[0] if items else self.say("nothing")
        text = ending(self.say(", ").join(items[:-1]), items[-1])
        change = _LIST_ENDINGS.get(self.lang)
        return change(text, items[-1]) if change else text

    def cards(self, kinds, definite: bool = False) -> str:
        """Card kinds with repeats counted, in order of first appearance: '10, 5 and 4',
        'two 6s and 3', 'Heroine and two Courtesans'; ``definite``: each with the article this
        language puts before a card of someone's line (Spanish "el 10, el 5 y el 4")."""
        article = _ARTICLES.get(self.lang) if definite else None
        counts = collections.Counter(kinds)         # in order of first appearance
        names = []
        for k, n in counts.items():
            if n == 1:
                # Translators: one card of a list of counted cards (the 10 and the 3 of "10, two 6s
                # and 3"); write it as your language names one card in a list (vi: "lá {listed_card}").
                names.append(self.say("{listed_card}", listed_card=self.card(k)))
            else:
                names.append(self.say_n("{card}", "{count} {card}s", n, count=self.number(n), card=self.card(k)))
            if article is not None:
                names[-1] = article(names[-1], k, n)
        return self.join(names)

    def owned(self, player: str, kinds) -> str:
        """"Ana's 10, 5 and 4", "Huy's two 6s"; Spanish "el 10, el 5 y el 4 de Ana"."""
        return self.say("{player}'s {cards}", player=player, cards=self.cards(kinds, definite=True))

    def a_card(self, kind: str) -> str:
        """One card of a kind as a sentence names it: English 'a 10', 'an 8', 'a Winter'."""
        name = self.card(kind)
        if self.lang != "en":
            return self.say("a {card}", card=name)
        return ("an " if name[0] in "AEIOU8" or name in ("11", "18") else "a ") + name

    def clauses(self, parts) -> str:
        """Clauses of one sentence, in order, with this language's separator ('; ' in English)."""
        return self.say("; ").join(parts)

    def sentences(self, *parts) -> str:
        """Whole sentences one after another, as this language writes them: a space after each
        full stop, none in Chinese (see :data:`SENTENCE_GAP`); empty parts are left out.

        >>> speaker("en").sentences("Ana passes.", "", "Ben plays a 10."), speaker("zh").sentences("甲。", "乙。")
        ('Ana passes. Ben plays a 10.', '甲。乙。')
        """
        return SENTENCE_GAP.get(self.lang, " ").join(p for p in parts if p)

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
