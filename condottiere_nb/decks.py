"""The named decks: the FFG 2006 deck and the Persian tutorial's readings of its own deck.

A Ruleset names its deck (``Ruleset.replace(deck="fa-tutorial")``) or gives the counts.
"""
from __future__ import annotations

from typing import Mapping

from .cards import STANDARD_COUNTS
from .errors import RulesError

__all__ = ["DECKS", "deck_counts", "tutorial_counts", "SOLDIER_VALUES", "SPECIAL_SPLITS"]

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


def deck_counts(name: str) -> dict[str, int]:
    """The card counts of a named deck."""
    if name not in DECKS:
        raise RulesError(f"unknown deck {name!r}; named decks are: {', '.join(DECKS)}")
    return dict(DECKS[name])
