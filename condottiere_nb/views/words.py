"""The words of the views in the learner's language: every heading, label, button, tooltip, legend
and message a view shows is an English sentence with named placeholders, said through
:func:`words` and translated by the catalogues (``condottiere_nb/locale``; ``python tools/i18n.py``).

:class:`Words` is a :class:`~condottiere_nb.language.Speaker` for views: in a right-to-left
language (Persian) it wraps every value it puts into a sentence in Unicode isolates (FSI ... PDI),
so a Latin player name or a number keeps its place in the Persian sentence (written in Persian
digits, as every Persian sentence is: :func:`~condottiere_nb.language.local_digits`), and :attr:`Words.dir`
gives the ``dir="rtl"`` attribute of the blocks that hold its text.  Engine errors are told by
:meth:`~condottiere_nb.language.Speaker.error`.

>>> words("es").say("row {i} of {n}", i=2, n=5), words("en").dir
('fila 2 de 5', '')
>>> words("fa").dir, words("fa").say("row {i} of {n}", i=2, n=5) == "ردیف \\u2068۲\\u2069 از \\u2068۵\\u2069"
(' dir="rtl"', True)
"""
from __future__ import annotations

import functools
import warnings
from html import escape

from ..i18n import LANGUAGES
from ..language import Speaker, check_language, get_language

#: Languages written right to left.
RTL = frozenset({"fa"})
#: Unicode's isolates: a value between them keeps its own direction inside a sentence.
FSI, PDI = "\u2068", "\u2069"


class Html(str):
    """A value that is HTML already (a bold name, a coloured figure): :meth:`Words.say` puts it into
    the sentence as it is, escapes the rest, and gives the sentence as Html."""

    __slots__ = ()


class Words(Speaker):
    """A Speaker whose sentences sit well in a view: values isolated in a right-to-left language."""

    @property
    def rtl(self) -> bool:
        return self.lang in RTL

    @property
    def dir(self) -> str:
        """The attribute a block of this language's text carries: ' dir="rtl"' in Persian, else ''."""
        return ' dir="rtl"' if self.rtl else ""

    def _values(self, values: dict) -> dict:
        if not self.rtl:
            return values
        return {k: f"{FSI}{v}{PDI}" if isinstance(v, (str, int, float)) else v for k, v in values.items()}

    def say(self, message: str, **values) -> str:
        """The sentence, its values isolated in a right-to-left language; with an :class:`Html` value,
        the sentence as HTML (its words and plain values escaped)."""
        html = {k: v for k, v in values.items() if isinstance(v, Html)}
        if not html:
            return super().say(message, **self._values(values))
        marks = {k: f"\x00{k}\x00" for k in html}
        text = escape(super().say(message, **self._values({**values, **marks})), quote=False)
        for k, v in html.items():
            text = text.replace(marks[k], v)
        return Html(text)

    def say_n(self, singular: str, plural: str, n: int, **values) -> str:
        return super().say_n(singular, plural, n, **self._values(values))


class Said:
    """A value of an error's message that each language words its own way, ``wording(*args, lang)``
    (a ruleset's name, a card's choice): told in the language the error is told in, in English as
    text; it pickles with its error (a function of a module and its arguments)."""

    def __init__(self, wording, *args):
        self.wording, self.args = wording, args

    def said_by(self, t: Words) -> str:
        return self.wording(*self.args, t.lang)

    def __str__(self) -> str:
        return self.wording(*self.args, "en")


@functools.lru_cache(maxsize=None)
def _words(lang: str) -> Words:
    return Words(lang)


def words(lang: str | None = None) -> Words:
    """The :class:`Words` of ``lang`` (the default language when None); an unknown language is a
    RulesError naming the five."""
    return _words(get_language() if lang is None else check_language(lang))


#: The languages a matplotlib figure can write: Latin letters, which its default font (DejaVu Sans)
#: has, Vietnamese's too.  Chinese needs a CJK font, which matplotlib does not ship; Persian needs its
#: letters joined and set right to left, which matplotlib does not do.
FIGURE_LANGUAGES = frozenset({"en", "vi", "es"})


def figure_words(lang: str | None, instead: str) -> Words:
    """The words of a matplotlib figure in ``lang`` (None: the default language), where matplotlib can
    write it; else English, with a warning in ``lang`` naming ``instead``, the view (SVG or HTML)
    that shows the same in ``lang``."""
    t = words(lang)
    if t.lang in FIGURE_LANGUAGES:
        return t
    warnings.warn(t.say("This figure is in English: matplotlib cannot write {language}. {view} shows the same in "
                        "{language}.", language=LANGUAGES[t.lang], view=instead), stacklevel=3)
    return words("en")


def family_name(t: Words, family: str) -> str:
    """A card family as a legend names it."""
    return {"mercenary": t.say("Mercenary"), "season": t.say("season"), "character": t.say("character"),
            "tactic": t.say("tactic")}.get(family, family)


def ruleset_words(t: Words) -> dict[str, str]:
    """The named rulesets as a learner reads them."""
    return {
        "standard": t.say("Standard rules"),
        "hidden-cards": t.say("Hidden cards (Vietnamese variant)"),
        "fa-tutorial": t.say("Persian tutorial's rules"),
        "city-states-final": t.say("City-states' final battle (Chinese variant)"),
        "continuous-war": t.say("Continuous war (Vietnamese variant)"),
        "scoring": t.say("Scoring by points (Vietnamese variant)"),
        "invasion": t.say("Invasion (Vietnamese variant)"),
        "city-states": t.say("City-states (Chinese variant)"),
    }


def option_words(t: Words) -> dict[tuple, str]:
    """A reading of a battle rule in words: (option, value) -> what it means at the table."""
    return {
        ("hidden_cards", True): t.say("Hidden cards: cards may be played face down"),
        ("hidden_cards", False): t.say("No hidden cards: every card is played face up"),
        ("face_down_specials", "reveal"): t.say("Hidden cards: face-down specials act only when revealed"),
        ("face_down_specials", "on_play"): t.say("Hidden cards: face-down specials act when played"),
        ("face_down_specials", "mercenaries_only"): t.say("Hidden cards: only Mercenaries may be played face down"),
        ("courtesan_token", True): t.say("Token: the most Courtesans take the Condottiere token"),
        ("courtesan_token", False): t.say("Token: Courtesans do not decide who takes the token"),
        ("spring_highest", "printed"): t.say("Spring: +3 for the highest printed Mercenaries"),
        ("spring_highest", "effective"): t.say("Spring: +3 for the strongest Mercenaries after Winter and Drummer"),
        ("bishop_targets", "highest"): t.say("Bishop: discards the highest Mercenaries"),
        ("bishop_targets", "drummers_first"): t.say("Bishop: discards the Drummers first"),
        ("bishop_targets", "drummers_and_highest"): t.say("Bishop: discards the Drummers and the highest Mercenaries"),
        ("mercenaries_face_down", True): t.say("Soldiers are laid face down"),
        ("mercenaries_face_down", False): t.say("Soldiers are laid face up"),
        ("banner_limit", "per_line"): t.say("Banner: one counts in each line"),
        ("banner_limit", "one_per_battle"): t.say("Banner: only the first Banner of the battle counts"),
        ("maiden_targets", "any"): t.say("Maiden: may remove any soldier"),
        ("maiden_targets", "opponents"): t.say("Maiden: removes only an opponent's soldier"),
        ("venezia_bribe", "briber"): t.say("Venezia: a bribed Mercenary may be taken back by the briber"),
        ("venezia_bribe", "not_returnable"): t.say("Venezia: a bribed Mercenary cannot be taken back"),
    }


#: The options a battle reads, in the order a comparison offers them.
BATTLE_OPTIONS = tuple(dict.fromkeys(option for option, _ in option_words(Words("en"))))


def option_text(t: Words, option: str, value) -> str:
    """One reading in words; an option without words as "option name: value"."""
    said = option_words(t).get((option, value))
    return said if said is not None else t.say("{option}: {value}", option=option.replace("_", " "), value=value)
