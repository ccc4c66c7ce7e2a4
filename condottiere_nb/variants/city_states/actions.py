"""The actions the city-state variant adds (zh-city-state-variant.txt), listed by
``Game.legal_actions()`` when they are available:

``ChooseCity(city)`` at the start; ``UseAbility(yes)`` before a battle's first card; ``Veto(yes)``
for Roma when another player uses an ability; ``GenovaTrade(discard, source)`` / ``GenovaDraw()``
then ``GenovaKeep(cards)``; ``Ball(card, courtesan)`` and ``Bribe(card, target)`` instead of a
card on Firenze's / Venezia's turn; ``LiftBan()`` for the owner of a ban and ``Annul()`` for Roma
during the battle; ``RomaClaim(cards)`` after a tied battle (``RomaClaim(())`` declines).
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from ...game.actions import Action
from ...notation import kind_of, split_target

__all__ = ["CityAction", "ChooseCity", "UseAbility", "Veto", "GenovaTrade", "GenovaDraw", "GenovaKeep", "Ball",
           "Bribe", "LiftBan", "Annul", "RomaClaim", "ACTIONS"]


class CityAction(Action):
    """An action of the city-state variant; the Game hands it to the variant's rules.  Its repr
    can be pasted back into Python: its values in order, the cards as a tuple (as given when they
    are not a sequence: a wrong action must still print, for the message that refuses it)."""

    __slots__ = ()

    def __repr__(self) -> str:
        values = [getattr(self, f.name) for f in fields(self)]
        shown = (repr(tuple(v)) if f.type == "tuple" and isinstance(v, (tuple, list)) else repr(v)
                 for f, v in zip(fields(self), values))
        return f"{type(self).__name__}({', '.join(shown)})"


def _card(t, card) -> str:
    """One card of an action as ``t`` (a Speaker) names it: a kind, a tag "5#41" or a Card."""
    return t.card(kind_of(card))


def _cards(t, cards) -> str:
    """The cards of an action as ``t`` lists them (as given when they are not a sequence)."""
    return t.join(_card(t, c) for c in cards) if isinstance(cards, (tuple, list)) else repr(cards)


@dataclass(frozen=True, repr=False)
class ChooseCity(CityAction):
    """City-states: take a city-state (zh 一.2: players choose in turn and mark it as theirs)."""

    city: str

    def said_by(self, t) -> str:
        return t.say("Choose {city}", city=self.city)


@dataclass(frozen=True, repr=False)
class UseAbility(CityAction):
    """City-states: use your city-state's ability in this battle (True) or not (False)."""

    yes: bool = True

    def said_by(self, t) -> str:
        return t.say("Use my city-state's ability") if self.yes else t.say("Do not use my city-state's ability")


@dataclass(frozen=True, repr=False)
class Veto(CityAction):
    """City-states, Roma's Edict: cancel the ability being used (True) or let it be (False)."""

    yes: bool = True

    def said_by(self, t) -> str:
        return t.say("Cancel that ability (Roma's Edict)") if self.yes else t.say("Let that ability act")


@dataclass(frozen=True, repr=False)
class GenovaTrade(CityAction):
    """Genova: discard three cards, draw 3 from ``source``'s hand and 2 from each other hand."""

    discard: tuple
    source: str

    def said_by(self, t) -> str:
        return t.say("Discard {cards} and trade with {player}'s hand", cards=_cards(t, self.discard),
                     player=self.source)


@dataclass(frozen=True, repr=False)
class GenovaDraw(CityAction):
    """Genova: draw three cards from the shuffled discard pile instead."""

    def said_by(self, t) -> str:
        return t.say("Draw three cards from the discard pile")


@dataclass(frozen=True, repr=False)
class GenovaKeep(CityAction):
    """Genova: keep three of the cards drawn from the other hands; the rest are discarded."""

    cards: tuple

    def said_by(self, t) -> str:
        return t.say("Keep {cards}", cards=_cards(t, self.cards))


@dataclass(frozen=True, repr=False)
class Ball(CityAction):
    """Firenze's turn instead of a card: lay ``card`` face down, take back a Courtesan from
    ``courtesan``'s line (a player's name; None when every Courtesan goes)."""

    card: object
    courtesan: object = None

    def said_by(self, t) -> str:
        if isinstance(self.courtesan, str) and "#" not in self.courtesan:
            return t.say("Ball: lay {card} face down and take back {player}'s Courtesan", card=_card(t, self.card),
                         player=self.courtesan)
        return t.say("Ball: lay {card} face down and take back the Courtesan", card=_card(t, self.card))


@dataclass(frozen=True, repr=False)
class Bribe(CityAction):
    """Venezia's turn instead of a card: discard ``card``, take ``target`` ("Ben:3") into your line."""

    card: object
    target: object

    def said_by(self, t) -> str:
        player, sep, taken = split_target(self.target) if isinstance(self.target, str) else (None, "", "")
        if sep == ":":
            return t.say("Bribe: discard {card} and take {player}'s {taken} into my line", card=_card(t, self.card),
                         player=player, taken=_card(t, taken))
        return t.say("Bribe: discard {card} and take {target} into my line", card=_card(t, self.card),
                     target=repr(self.target))


@dataclass(frozen=True, repr=False)
class LiftBan(CityAction):
    """Bologna or Milano lifts its own ban (zh: 發動者有權隨時取消); it does not use the turn."""

    def said_by(self, t) -> str:
        return t.say("Lift my ban")


@dataclass(frozen=True, repr=False)
class Annul(CityAction):
    """Roma cancels the ability in force in this battle (zh: 可等待使用時機); not a turn."""

    def said_by(self, t) -> str:
        return t.say("Annul the ability in force (Roma)")


@dataclass(frozen=True, repr=False)
class RomaClaim(CityAction):
    """After a tie, Roma discards a Bishop or any three cards to take the region; () declines."""

    cards: tuple = ()

    def said_by(self, t) -> str:
        if self.cards:
            return t.say("Discard {cards} to take the tied region (Roma)", cards=_cards(t, self.cards))
        return t.say("Leave the tied region")


ACTIONS = (ChooseCity, UseAbility, Veto, GenovaTrade, GenovaDraw, GenovaKeep, Ball, Bribe, LiftBan,
           Annul, RomaClaim)
