"""The named decks: the FFG 2006 deck and the Persian tutorial's readings of its own deck.

A Ruleset names its deck (``Ruleset.replace(deck="fa-tutorial")``) or gives the counts.
"""
from __future__ import annotations

from numbers import Integral
from typing import Mapping

from .cards import KINDS, STANDARD_COUNTS
from .errors import Listed, Quoted, RulesError, Sentence

__all__ = ["DECKS", "deck_pairs", "card_kinds", "tutorial_counts", "SOLDIER_VALUES",
           "SPECIAL_SPLITS", "MAX_DECK_CARDS", "MAX_KIND_COUNT", "DECK_RULE", "whole", "entries", "pair"]

#: Soldier values of the Persian tutorial's deck (intro: "about 40, values 1 to 10").
SOLDIER_VALUES = tuple(range(1, 11))

#: Readings of "about 15 special cards: Banner, Maiden, Weapon" (fa intro): (Banner, Maiden, Weapon).
SPECIAL_SPLITS = {
    "even": (5, 5, 5),          # our reading: nothing favours one card, so 15 split evenly
    "few-banners": (3, 6, 6),   # the Banner is the strongest card, so it is the rarest
}


def tutorial_counts(soldiers_each: int = 4, split: str | tuple = "even") -> dict[str, int]:
    """Card counts of the Persian tutorial's deck: ``soldiers_each`` of every value 1-10, then the
    specials.

    >>> c = tutorial_counts(); sum(c.values()), c["7"], c["banner"]
    (55, 4, 5)
    """
    banner, maiden, weapon = SPECIAL_SPLITS[split] if isinstance(split, str) else split
    counts = {str(v): soldiers_each for v in SOLDIER_VALUES}
    counts.update(banner=banner, maiden=maiden, weapon=weapon)
    return counts


#: Named decks: deck name -> card counts.
DECKS: dict[str, Mapping[str, int]] = {
    "standard": dict(STANDARD_COUNTS),
    "fa-tutorial": tutorial_counts(4, "even"),
    "fa-tutorial-few-banners": tutorial_counts(4, "few-banners"),
}


#: The most cards a deck may hold: almost three standard decks.  Every card is an object kept for
#: the life of the program (cards are interned) and every list of card ids in a saved game is
#: bounded by it, so a ruleset cannot ask for a deck of a million 5s.
MAX_DECK_CARDS = 300

#: The most cards of one kind (the standard deck's largest count is 16 Scarecrows).
MAX_KIND_COUNT = 100

#: What a deck may be, in words (the option's allowed values; English as ``str(DECK_RULE)``).
DECK_RULE = Sentence.say("a deck name ({decks}) or (kind, count) pairs: kinds of the card registry ({kinds}), each "
                         "listed once, 1 to {most_of_a_kind} cards of a kind, 1 to {most} cards in all, at least one "
                         "of them adding strength", decks=Listed(DECKS), kinds=Listed(KINDS),
                         most_of_a_kind=MAX_KIND_COUNT, most=MAX_DECK_CARDS)


# The checks below return a value as stored or raise RulesError with the reason only (a sentence
# of the catalogues, or no text when the allowed values say it all): the caller (Ruleset's
# schema) names the option, the value and what is allowed.

def whole(value, low: int, high: int) -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (not True or False)."""
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise RulesError.say("not a whole number")
    if not low <= value <= high:
        raise RulesError("")
    return int(value)


def entries(value, most: int, what: str) -> list:
    """The entries of a list or tuple of at most ``most`` entries (``what``: what it lists, a
    :class:`~condottiere_nb.errors.Sentence`)."""
    if isinstance(value, str) or not isinstance(value, (tuple, list)):
        raise RulesError.say("not a list of {what}", what=what)
    if len(value) > most:
        raise RulesError.say("{n} entries, more than the {most} there can be", n=len(value), most=most)
    return list(value)


def pair(entry, what: str) -> tuple:
    """A (first, second) pair given as a tuple or a list (``what`` names its two parts, a
    :class:`~condottiere_nb.errors.Sentence`)."""
    if isinstance(entry, str) or not isinstance(entry, (tuple, list)) or len(entry) != 2:
        raise RulesError.say("each entry is a {what} pair", what=what)
    return tuple(entry)


def _kind(kind) -> str:
    if not isinstance(kind, str) or kind not in KINDS:
        if isinstance(kind, str) and len(kind) <= 20:
            raise RulesError.say("{typed} is not a card kind", typed=Quoted.of(kind))
        raise RulesError.say("a {type} is not a card kind", type=type(kind).__name__)
    return kind


def card_kinds(value) -> tuple[str, ...]:
    """Card kinds of the registry, each at most once, as a tuple."""
    kinds = [_kind(k) for k in entries(value, len(KINDS), Sentence.say("card kinds"))]
    if len(set(kinds)) < len(kinds):
        raise RulesError.say("a kind is listed twice")
    return tuple(kinds)


def deck_pairs(deck) -> tuple[tuple[str, int], ...]:
    """A deck given as a name in DECKS, a mapping kind -> count or (kind, count) pairs, as
    (kind, count) pairs in the order given.

    >>> deck_pairs({"1": 3, "winter": 1})
    (('1', 3), ('winter', 1))
    """
    if isinstance(deck, str):
        if deck not in DECKS:
            raise RulesError.say("unknown deck {typed}; named decks are: {names}", typed=Quoted.of(deck[:40]),
                                 names=Listed(DECKS))
        return tuple(DECKS[deck].items())
    if isinstance(deck, Mapping):
        deck = list(deck.items())
    elif not isinstance(deck, (tuple, list)):
        raise RulesError.say("a deck is a name or (kind, count) pairs, not {type} data", type=type(deck).__name__)
    pairs = [pair(entry, Sentence.say("(kind, count)"))
             for entry in entries(deck, len(KINDS), Sentence.say("(kind, count) pairs"))]
    if not pairs:
        raise RulesError.say("the deck is empty")
    for kind, count in pairs:
        _kind(kind)
        try:
            whole(count, 1, MAX_KIND_COUNT)
        except RulesError:
            raise RulesError.say("the count of {kind} must be a whole number from 1 to {most}", kind=Quoted.of(kind),
                                 most=MAX_KIND_COUNT) from None
    kinds = [k for k, _ in pairs]
    if len(set(kinds)) < len(kinds):
        raise RulesError.say("a kind is listed twice")
    total = sum(n for _, n in pairs)
    if total > MAX_DECK_CARDS:
        raise RulesError.say("it holds {total} cards; a deck holds at most {most}", total=total, most=MAX_DECK_CARDS)
    if not any(KINDS[k].value > 0 for k in kinds):
        raise RulesError.say("no card of it adds strength, so every battle would tie and no game could end")
    return tuple((k, int(n)) for k, n in pairs)
