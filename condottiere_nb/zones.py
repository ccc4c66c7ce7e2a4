"""Where every card is, and the one function that moves a card.

A :class:`Zones` is a set of named piles: ``("hand", player)``, ``("line", player)``,
``"deck"`` (the draw pile, its top at the end), ``"discard"``, and, in a sandbox battle,
``("supply", kind)`` (the deck's unused cards of each kind).  Every move of a card between piles goes through
:meth:`Zones.move`, which refuses a card that is not where it is said to be, so no rule can
lose or duplicate a card.

>>> from condottiere_nb.cards import STANDARD_DECK
>>> z = Zones({("hand", "Ana"): [STANDARD_DECK[0]], "discard": []})
>>> z.move(STANDARD_DECK[0], ("hand", "Ana"), "discard"); z.where(STANDARD_DECK[0])
'discard'
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from .cards import Card
from .notation import claim_card
from .errors import Either, IllegalMove, Kind, Listed, Lower, Quoted, RulesError, Sentence, excerpt
from .strength import KIND_CODE, line_code

__all__ = ["Zones", "check_game_zones", "pile_name", "sandbox_piles"]


def pile_name(pile) -> "Sentence | str":
    """'Ana's hand', 'the discard pile': a name of the catalogues (``str()`` is its English)."""
    if isinstance(pile, tuple):
        kind, owner = pile
        if kind == "supply":
            return Sentence.say("the unused {card}s", card=Lower(owner))
        if kind == "hand":
            return Sentence.say("{owner}'s hand", owner=owner)
        if kind == "line":
            return Sentence.say("{owner}'s line", owner=owner)
        return f"{owner}'s {kind}"
    if pile == "deck":
        return Sentence.say("the draw pile")
    return Sentence.say("the discard pile") if pile == "discard" else pile


class Zones:
    """Named piles of cards (see the module docstring)."""

    __slots__ = ("piles", "changes", "codes")

    def __init__(self, piles: dict | None = None, changes: int = 0, codes: dict | None = None):
        # A pile given as a tuple is shared until a card leaves or joins it (then it becomes a
        # list of this Zones' own); any other pile is copied now.
        self.piles: dict = {} if piles is None else {k: v if type(v) is tuple else list(v) for k, v in piles.items()}
        #: How many times a pile has changed (a card moved, a pile made anew): something read from
        #: the piles stays true while this number stays the same.
        self.changes = changes
        #: pile -> the kinds it holds as one number (strength.line_code), for the piles whose code
        #: was asked for (see code()), kept up to date by every move.
        self.codes: dict = {} if codes is None else dict(codes)

    @classmethod
    def shared(cls, piles: dict) -> "Zones":
        """Zones over ``piles`` that are all tuples, each shared until a card leaves or joins it
        (a sandbox battle's starting piles, made once and read by every such battle)."""
        zones = cls.__new__(cls)
        zones.piles = dict(piles)
        zones.changes = 0
        zones.codes = {}
        return zones

    def code(self, name) -> int:
        """The kinds pile ``name`` holds, as one number (:func:`condottiere_nb.strength.line_code`):
        counted the first time it is asked for, then kept up to date as cards move, so that the
        battle's announced strengths are looked up, not counted again, after each play."""
        found = self.codes.get(name)
        if found is None:
            found = self.codes[name] = line_code(self.piles[name])
        return found

    def pile(self, name) -> list:
        """The cards of one pile (the pile itself: the owner's to read, the rules' to change
        only through :meth:`move`)."""
        try:
            return self.piles[name]
        except KeyError:
            raise RulesError.say("there is no pile {pile}", pile=repr(name)) from None

    def add_pile(self, name, cards: Iterable[Card] = ()) -> None:
        """A new pile, or an empty one anew (a pile that still holds cards is never replaced)."""
        if self.piles.get(name):
            raise RulesError.say("{pile} still holds cards: {cards}", pile=pile_name(name),
                                 cards=Listed(c.tag for c in self.piles[name]))
        self.piles[name] = list(cards)
        self.codes.pop(name, None)
        self.changes += 1

    def move(self, card: Card, source, target, *, top: bool = True) -> None:
        """Move ``card`` from pile ``source`` to pile ``target`` (on top, i.e. appended, or at
        the bottom with ``top=False``).  A card that is not in ``source`` raises IllegalMove and
        nothing changes."""
        try:
            pile, goal = self.piles[source], self.piles[target]
        except KeyError:
            raise RulesError.say("there is no pile {source} or {target}", source=repr(source),
                                 target=repr(target)) from None
        if type(pile) is tuple:
            if card not in pile:
                raise IllegalMove.say("{card} is not in {pile}", card=repr(getattr(card, 'tag', card)),
                                      pile=pile_name(source))
            pile = self.piles[source] = list(pile)
        if type(goal) is tuple:
            goal = self.piles[target] = list(goal)
        if pile and pile[-1] is card:   # the top of the pile: a draw, the last card played
            pile.pop()
        else:
            try:
                i = pile.index(card)    # cards compare by identity (they are interned)
            except ValueError:
                raise IllegalMove.say("{card} is not in {pile}", card=repr(getattr(card, 'tag', card)),
                                      pile=pile_name(source)) from None
            del pile[i]
        if top:
            goal.append(card)
        else:
            goal.insert(0, card)
        codes = self.codes
        if codes:
            if source in codes:
                codes[source] -= KIND_CODE[card.kind]
            if target in codes:
                codes[target] += KIND_CODE[card.kind]
        self.changes += 1

    def move_all(self, cards: Iterable[Card], source, target) -> None:
        """Move several cards, in order; all of them are checked first, so either all move or none."""
        cards = list(cards)
        pile = self.pile(source)
        goal = self.pile(target)
        if type(pile) is tuple:
            pile = self.piles[source] = list(pile)
        if type(goal) is tuple:
            goal = self.piles[target] = list(goal)
        moving = {id(c) for c in cards}
        if len(moving) != len(cards):
            raise IllegalMove.say("the same card is named twice")
        held = {id(c) for c in pile}
        missing = [c for c in cards if id(c) not in held]
        if missing:
            raise IllegalMove.say("{card} is not in {pile}", card=repr(getattr(missing[0], 'tag', missing[0])),
                                  pile=pile_name(source))
        pile[:] = [c for c in pile if id(c) not in moving]
        goal.extend(cards)
        self.codes.pop(source, None)
        self.codes.pop(target, None)
        self.changes += 1

    def regroup(self, piles: Mapping) -> None:
        """Share the cards of several piles among them anew: ``piles`` maps each pile to the
        cards it holds from now on, in order, and together they must be exactly the cards those
        piles hold now (re-dealt hands and the draw pile).  Otherwise IllegalMove, and nothing
        changes.

        >>> from condottiere_nb.cards import STANDARD_DECK as D
        >>> z = Zones({("hand", "Ana"): [D[0], D[1]], "deck": [D[2]]})
        >>> z.regroup({("hand", "Ana"): [D[2], D[0]], "deck": [D[1]]}); z.pile("deck")
        [Card('1', id=1)]
        """
        held = [c for name in piles for c in self.pile(name)]
        given = [c for cards in piles.values() for c in cards]
        if len(given) != len(held) or set(map(id, given)) != set(map(id, held)):
            named = Listed(pile_name(name) for name in piles)
            held_ids, seen = set(map(id, held)), set()
            for c in given:
                if id(c) not in held_ids:
                    raise IllegalMove.say("{card} is not in {pile}", card=repr(getattr(c, 'tag', c)), pile=named)
                if id(c) in seen:
                    raise IllegalMove.say("the same card is named twice")
                seen.add(id(c))
            lost = next(c for c in held if id(c) not in seen)      # a card left out: in none of the piles
            raise IllegalMove.say("{card} would be lost: it is in one of {pile} and in none of the piles given "
                                  "(sharing cards out anew keeps every card)", card=repr(getattr(lost, 'tag', lost)),
                                  pile=named)
        for name, cards in piles.items():
            self.piles[name] = list(cards)
            self.codes.pop(name, None)
        self.changes += 1

    def where(self, card: Card):
        """The name of the pile holding ``card``, or None."""
        for name, pile in self.piles.items():
            if card in pile:
                return name
        return None

    def copy(self) -> "Zones":
        return Zones(self.piles, self.changes, self.codes)

    def count(self) -> int:
        return sum(len(p) for p in self.piles.values())

    def __repr__(self) -> str:
        return "Zones(" + ", ".join(f"{pile_name(k)}: {len(v)}" for k, v in self.piles.items()) + ")"


#: The starting piles of sandbox battles without hands, by (id of the ruleset, players): the same
#: thirty piles for every such battle, so they are made once (the ruleset is kept with them, so its
#: id stays its own).  At most a few hundred: cleared when full.
_EMPTY_HANDS: dict = {}


def check_game_zones(zones, players) -> None:
    """A RulesError unless ``zones`` is a Zones (a game's) with a hand for each of ``players``."""
    if not isinstance(zones, Zones):
        raise RulesError.say("{name} must be of type {kind}, not {value}", name="zones", kind=Either(("Zones", "None")),
                             value=excerpt(zones))
    for p in players:
        zones.pile(("hand", p))


def sandbox_piles(ruleset, players, hands) -> dict:
    """The starting piles of a sandbox battle: the stated ``hands`` (player -> cards by name, Card
    or "5#41"; None: empty hands), the unused cards as a pile per kind, ``("supply", "5")``, and
    the empty lines and discard pile."""
    if hands is None:
        found = _EMPTY_HANDS.get((id(ruleset), players))
        if found is not None and found[0] is ruleset:
            return found[1]
    deck, kinds = ruleset.make_deck(), ruleset.kinds
    dealt: dict[str, list[Card]] = {p: [] for p in players}
    used: set[int] = set()
    if hands is not None:
        if not isinstance(hands, Mapping):
            raise RulesError.say("hands must map each player to a list of cards")
        unknown = [p for p in hands if p not in players]
        if unknown:
            raise RulesError.say("hands name {player}, who is not a player; players are [{players}]",
                                 player=excerpt(unknown[0]), players=Listed(Quoted.of(p) for p in players))
        for p, cards in hands.items():
            if isinstance(cards, str):
                cards = cards.split()
            if not isinstance(cards, Iterable):
                raise RulesError.say("hands[{player}] must be a list of cards such as {example}, not {value}",
                                     player=excerpt(p), example="['5', 'winter']", value=excerpt(cards))
            for item in cards:
                card = claim_card(item, deck, kinds, used, lambda kind: RulesError.say_n(
                    "the hands hold more {card} cards than the deck's {n}", "the hands hold more {card} cards than "
                    "the deck's {n}", ruleset.counts[kind], card=Kind(kind)), lambda card: RulesError.say(
                    "card {card} is in two hands; a card of the deck is in one hand at most", card=card.tag),
                    ruleset.name)
                dealt[p].append(card)
    # Tuples (the ruleset's own, when no card of a kind is dealt): a Zones shares a tuple until a
    # card leaves or joins it, so most of these piles are never copied.
    piles = {("hand", p): tuple(dealt[p]) for p in players}
    for kind, cards in ruleset.cards_by_kind.items():
        piles[("supply", kind)] = tuple(c for c in cards if c.id not in used) if used else cards
    for p in players:
        piles[("line", p)] = ()
    piles["discard"] = ()
    if hands is None:
        if len(_EMPTY_HANDS) >= 256:
            _EMPTY_HANDS.clear()
        _EMPTY_HANDS[id(ruleset), players] = (ruleset, piles)
    return piles
