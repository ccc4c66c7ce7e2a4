"""The game's actions: small immutable values whose repr can be pasted back into Python.

The player to move chooses one of ``Game.legal_actions()`` and hands it to ``Game.apply()``.
A variant adds its own actions (subclasses of :class:`Action` it lists in ``Variant.actions``).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import islice

from ..cards import Card

__all__ = ["Action", "PlaceToken", "Play", "Pass", "PlaceFavor", "DiscardHand", "Keep", "TERMINAL", "Terminal"]


class Terminal:
    """The value of ``Game.to_move`` once the game is over (nobody moves)."""

    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "TERMINAL"

    def __reduce__(self):
        return (Terminal, ())


TERMINAL = Terminal()


class Action:
    """Base class of the game's actions (PlaceToken, Play, Pass, PlaceFavor, DiscardHand, Keep,
    and the variants' own)."""

    __slots__ = ()


@dataclass(frozen=True)
class PlaceToken(Action):
    """Put the Condottiere token on ``region``: the next battle is fought there."""

    region: str

    def __repr__(self) -> str:
        return f"PlaceToken({self.region!r})"


@dataclass(frozen=True)
class Play(Action):
    """Play one card: a name ("10", "winter", "Mùa Đông"), a Card, or "5#41" for one physical card.

    ``take`` is for a Scarecrow: the Mercenary of your own line to take back (None: nothing);
    for a Persian Maiden, the soldier she removes ("Ben@2": Ben's second soldier).
    ``face_down`` only where the ruleset has hidden cards.
    """

    card: object
    face_down: bool = False
    take: object = None

    def __repr__(self) -> str:
        parts = [repr(self.card)]
        if self.face_down:
            parts.append(f"face_down={self.face_down!r}")
        if self.take is not None:
            parts.append(f"take={self.take!r}")
        return f"Play({', '.join(parts)})"


@dataclass(frozen=True)
class Pass(Action):
    """Pass: play no more cards in this battle (your line still counts)."""

    def __repr__(self) -> str:
        return "Pass()"


@dataclass(frozen=True)
class PlaceFavor(Action):
    """Put the Pope's Favor on ``region`` (no battle can be fought there), or off the map (None)."""

    region: str | None = None

    def __repr__(self) -> str:
        return f"PlaceFavor({self.region!r})"


@dataclass(frozen=True)
class DiscardHand(Action):
    """After a battle, a player with no Mercenary in hand discards the whole hand (yes) or not."""

    yes: bool = True

    def __repr__(self) -> str:
        return f"DiscardHand({self.yes!r})"


@dataclass(frozen=True)
class Keep(Action):
    """At the end of a round, the only player with cards keeps these (up to two); the rest are discarded."""

    cards: tuple = ()

    def __post_init__(self):
        cards = self.cards
        if type(cards) is tuple:
            return
        if isinstance(cards, (str, Card, int)):
            cards = (cards,)
        elif isinstance(cards, Iterable) and not isinstance(cards, Mapping):
            head = tuple(islice(cards, 65))      # a huge or endless iterable is kept as it is, and refused by apply
            cards = head if len(head) <= 64 else cards
        object.__setattr__(self, "cards", cards)

    def __repr__(self) -> str:
        return f"Keep({self.cards!r})"
