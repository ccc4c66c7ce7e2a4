"""Card kinds, the 110-card deck, and reading card names typed in any of our languages.

A *kind* is a short string: a mercenary is its value ("1" .. "10"), a special card its
lower-case English name ("winter", "bishop").  A :class:`Card` is one physical card of a
deck: two 5s are two cards with different ids, so a step can say which one moved.
"""
from __future__ import annotations

import difflib
import functools
import operator
import re
import unicodedata
from dataclasses import dataclass
from types import MappingProxyType
from typing import Iterable, Mapping

from .errors import Either, Kind, Listed, Lower, Quoted, RulesError, UnknownCard
from .i18n import ALIASES, LANGUAGES, MERCENARY_ALIASES, NAMES

MERCENARY_VALUES = (1, 2, 3, 4, 5, 6, 10)


@dataclass(frozen=True)
class CardKind:
    """What every card of one kind is: the card registry's entry.

    ``value`` is the printed strength; ``family`` one of mercenary, season, character, tactic
    (the views colour by it); ``effect`` the rule id of its on-play effect (see
    :data:`condottiere_nb.rules.RULES`), or None; ``reveals``: played face down, does it act
    when revealed at the end (the 'reveal' reading of the Hidden Cards text), else it is a bluff
    that is discarded; ``doubles``: it doubles its line's Mercenaries (the Drummer's rule);
    ``choice``: the decision playing it needs ("take": a Mercenary of one's own line to take
    back; "target": any player's soldier to remove), or None.  Its names in every language are
    in :mod:`condottiere_nb.i18n`.

    A new card is one entry here, plus, if it acts when played, one effect function named after
    its rule id.
    """

    kind: str
    value: int
    family: str
    effect: str | None = None
    reveals: bool = False
    doubles: bool = False
    choice: str | None = None

    @property
    def mercenary(self) -> bool:
        return self.family == "mercenary"

    @property
    def names(self) -> dict[str, str]:
        """The kind's name in every language (a Mercenary is its value)."""
        return dict(NAMES[self.kind]) if self.kind in NAMES else {lang: self.kind for lang in LANGUAGES}


def _registry(*kinds: CardKind) -> Mapping[str, CardKind]:
    return MappingProxyType({k.kind: k for k in kinds})


#: The card registry: kind -> CardKind.  Mercenaries 1 to 10 (the real game has 1-6 and 10; the
#: Persian tutorial's deck also has 7, 8 and 9), the standard specials, and the Persian
#: tutorial's own specials (fa-tutorial.txt, section 5).
KINDS: Mapping[str, CardKind] = _registry(
    *(CardKind(str(v), v, "mercenary") for v in range(1, 11)),
    CardKind("winter", 0, "season", effect="season.cancel", reveals=True),
    CardKind("spring", 0, "season", effect="season.cancel", reveals=True),
    CardKind("bishop", 0, "tactic", effect="card.bishop", reveals=True),
    CardKind("courtesan", 1, "character"),
    CardKind("drummer", 0, "character", doubles=True),
    CardKind("heroine", 10, "character"),
    CardKind("scarecrow", 0, "tactic", effect="card.scarecrow", reveals=True, choice="take"),
    CardKind("surrender", 0, "tactic", effect="card.surrender", reveals=True),
    CardKind("banner", 0, "character", effect="card.banner", doubles=True),
    CardKind("maiden", 0, "tactic", effect="card.maiden", choice="target"),
    CardKind("weapon", 0, "tactic", effect="card.weapon"),
)

#: The FFG 2006 deck (docs/rules.md): 58 mercenaries and 52 special cards.
STANDARD_COUNTS: Mapping[str, int] = {
    "1": 10, "2": 8, "3": 8, "4": 8, "5": 8, "6": 8, "10": 8,
    "winter": 3, "spring": 3, "bishop": 6, "courtesan": 12,
    "drummer": 6, "heroine": 3, "scarecrow": 16, "surrender": 3,
}


#: card ids run from 0 to one less than this (the largest deck has 110 cards)
MAX_CARD_ID = 1000


class Card:
    """One physical card: its id in the deck and its kind.

    Cards are immutable; ``spec`` is the kind's :class:`CardKind`, and value, family and
    mercenary are copied from it, because the count reads them for every card.

    >>> c = STANDARD_DECK[0]
    >>> c, c.value, c.mercenary, c.tag
    (Card('1', id=0), 1, True, '1#0')
    """

    __slots__ = ("id", "kind", "spec", "value", "mercenary", "family", "name", "_hash")

    # Cards are interned: Card(5, "1") always returns the same object, so two cards are equal
    # exactly when they are the same object.  Equality stays "same id and same kind", and
    # list.remove / `in` / index compare by identity in C instead of calling a Python __eq__
    # for every card they pass (a simulation removes a card from a hand ~100 times a game).
    _interned: dict = {}

    def __new__(cls, id: int, kind: str):
        key = (id, kind)
        try:
            card = cls._interned.get(key)
        except TypeError:               # an unhashable id or kind: refused below
            card = None
        if card is not None:
            return card
        # checked before it is kept: the interned cards are every card of every deck, not junk
        spec = KINDS.get(kind) if isinstance(kind, str) else None
        if spec is None:
            raise UnknownCard.say("unknown card kind {typed}; the kinds are {kinds}", typed=Quoted.of(kind),
                                  kinds=Listed(KINDS))
        if isinstance(id, bool) or not isinstance(id, int) or not 0 <= id < MAX_CARD_ID:
            raise RulesError.say("a card's id is a whole number from 0 to {most}, not {value}", most=MAX_CARD_ID - 1,
                                 value=Quoted.of(id))
        card = object.__new__(cls)
        set_ = object.__setattr__
        set_(card, "id", id)
        set_(card, "kind", kind)
        set_(card, "spec", spec)
        set_(card, "mercenary", spec.mercenary)
        set_(card, "value", spec.value)
        set_(card, "family", spec.family)
        set_(card, "name", kind_name(kind))   # English display name: "5", "Winter"
        set_(card, "_hash", hash(key))         # by value, so set orders do not vary between runs
        return cls._interned.setdefault(key, card)

    def __setattr__(self, name, value):
        raise AttributeError("cards are immutable")

    # No __eq__: interning makes identity the same as "same id and same kind".

    def __hash__(self):
        return self._hash

    def __lt__(self, other):
        return self.id < other.id

    def __reduce__(self):
        return (Card, (self.id, self.kind))

    @property
    def tag(self) -> str:
        """The name with the card id, to tell two cards of a kind apart: "5#41"."""
        return f"{self.name}#{self.id}"

    def __repr__(self) -> str:
        return f"Card({self.kind!r}, id={self.id})"

    def __str__(self) -> str:
        return self.name

    def _repr_html_(self) -> str:
        # Display code lives in views/ and loads only when a notebook shows a card.
        from .views.html import card_html
        return card_html(self)


#: A sort key: cards in deck order (by id).
BY_ID = operator.attrgetter("id")
#: A card's kind (``KIND_OF(card)``), to map over many cards.
KIND_OF = operator.attrgetter("kind")


def kind_name(kind: str) -> str:
    """English display name of a kind: mercenaries by value, specials capitalised."""
    return kind if kind.isdigit() else NAMES[kind]["en"]


def make_deck(counts: Mapping[str, int]) -> tuple[Card, ...]:
    """A deck with ids 0..n-1, kinds in the order of ``counts``."""
    deck = []
    for kind, n in counts.items():
        base = len(deck)
        deck.extend([Card(base + i, kind) for i in range(n)])
    return tuple(deck)


STANDARD_DECK = make_deck(STANDARD_COUNTS)


# --- reading names ------------------------------------------------------------------

_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")
_LETTERS = str.maketrans({"đ": "d", "Đ": "d", "ي": "ی", "ك": "ک", "\u200c": "", "\u200d": ""})


def _key(text: str) -> str:
    """Fold a typed name for matching: no case, accents, spaces, dashes or ZWNJ."""
    text = str(text).translate(_LETTERS).translate(_DIGITS)
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return "".join(ch for ch in text if ch not in " -_'.\t")


def _alias_table() -> dict[str, str]:
    table = {}
    for kind, names in NAMES.items():
        table[_key(kind)] = kind
        for name in names.values():
            table[_key(name)] = kind
    for kind, names in ALIASES.items():
        for name in names:
            table[_key(name)] = kind
    return table


_ALIAS = _alias_table()
_MERC_WORDS = sorted({_key(w) for w in MERCENARY_ALIASES}, key=len, reverse=True)


def exact_card(item, deck, kinds, deck_name: str = "this", error=UnknownCard) -> "Card | None":
    """The one physical card ``item`` names - a :class:`Card` of ``deck`` or a tag such as
    "5#41" - or None when ``item`` is a plain name ("5", "winter") that names a kind only.

    A tag that names no card of the deck raises UnknownCard; a Card from another deck raises
    ``error`` (callers where that is an illegal move pass IllegalMove).
    """
    if isinstance(item, Card):
        if item.id >= len(deck) or deck[item.id] != item:
            raise error.say("{card} is not a card of the {deck} deck", card=item.tag, deck=deck_name)
        return item
    if isinstance(item, str) and "#" in item:
        name, _, num = item.rpartition("#")
        if not name.strip():
            raise UnknownCard.say("{typed} names no card: a card's id comes after its kind, such as '5#41'",
                                  typed=Quoted.of(_cut(item)))
        kind = parse_kind(name, kinds)
        if not _is_number(num) or len(num) > 6 or int(num) >= len(deck) or deck[int(num)].kind != kind:
            ids = [c.id for c in deck if c.kind == kind]
            values = dict(typed=Quoted.of(_cut(item)), number=_cut(num), card=Kind(kind))
            if len(ids) > 1:
                raise UnknownCard.say("{typed} does not name a card of this deck: card #{number} is not a {card}; "
                                      "the {card} cards of this deck are #{first} to #{last}",
                                      first=ids[0], last=ids[-1], **values)
            if ids:
                raise UnknownCard.say("{typed} does not name a card of this deck: card #{number} is not a {card}; "
                                      "the {card} of this deck is #{first}", first=ids[0], **values)
            raise UnknownCard.say("{typed} does not name a card of this deck: card #{number} is not a {card}",
                                  **values)
        return deck[int(num)]
    return None


def claim_card(item, deck, kinds, used: set, none_left, twice, deck_name: str = "this") -> "Card":
    """The physical card of ``deck`` that ``item`` names (a name, "5#41" or a Card) and that is not
    ``used`` yet, added to ``used``: a name takes the first unused card of its kind.  ``none_left(kind)``
    and ``twice(card)`` make the error raised when no card of that kind is left, or when the card
    named is used already: each caller (a sandbox's hands, a game's stated hands, the odds' hands)
    says why in its own words.

    >>> used = set(); [claim_card("1", STANDARD_DECK, STANDARD_COUNTS, used, None, None).tag for _ in "ab"]
    ['1#0', '1#1']
    """
    card = exact_card(item, deck, kinds, deck_name, RulesError)
    if card is None:
        kind = parse_kind(item, kinds)
        card = next((c for c in deck if c.kind == kind and c.id not in used), None)
        if card is None:
            raise none_left(kind)
    if card.id in used:
        raise twice(card)
    used.add(card.id)
    return card


def _cut(text: str, limit: int = 24) -> str:
    """A typed name as a message shows it: whole, or its start and its length."""
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text):,} characters)"


#: The longest card name read (the longest real name is about 20 characters); a longer text is
#: refused before any work, so no input can make reading a name slow.
MAX_NAME = 60


def parse_kind(name, kinds: Iterable[str] = STANDARD_COUNTS) -> str:
    """Read a card name typed by a person and return its kind.

    Mercenaries by value ("5", "mercenary 5", "Quân Lính 5", "۵"), specials by their
    English or localised name, case- and accent-insensitive.  ``kinds`` is the deck
    the name must belong to.

    >>> parse_kind("Bishop"), parse_kind("mùa đông"), parse_kind("Espantapájaros"), parse_kind("10")
    ('bishop', 'winter', 'scarecrow', '10')
    """
    if isinstance(name, Card):
        return name.kind
    if isinstance(name, str) and name in kinds:
        return name         # a kind names itself: "5", "winter"
    if isinstance(name, bool) or not isinstance(name, (str, int)):
        raise UnknownCard.say("a card is named by a string such as '5' or 'winter', not {value}",
                              value=Quoted.of(name))
    if isinstance(name, int):
        if name.bit_length() > 64:      # no deck has it, and str() refuses a number of 4,300 digits
            raise UnknownCard.say("there is no Mercenary of value {typed}: the Mercenaries are {values}",
                                  typed=Quoted.of(name), values=Listed(sorted((k for k in kinds if k.isdecimal()),
                                                                              key=int)))
        name = str(name)
    if len(name) > MAX_NAME:
        raise UnknownCard.say("a card name is at most {limit} characters; this one has {n} (it starts {start})",
                              limit=MAX_NAME, n=len(name), start=Quoted.of(name[:20]))
    return _read_name(name, kinds)


@functools.lru_cache(maxsize=4096)
def _reading(name: str) -> tuple[str, str | None, bool]:
    """What a typed name (at most MAX_NAME characters) says, whatever the deck: (its folded key,
    the kind it names or None, whether it is written as a number).  A Mercenary's kind is its
    value as digits ("7"), a special's its id ("winter").  Kept: people and notation type the
    same few names again and again."""
    raw = name.strip().translate(_DIGITS)
    if re.fullmatch(r"[-+]?[0-9]+", raw):
        return raw, str(int(raw)), True
    key = _key(name)
    for word in _MERC_WORDS:
        if key.startswith(word) and _is_number(key[len(word):].lstrip("-")):
            key = key[len(word):]
            break
    if _is_number(key.lstrip("-")):
        return key, str(int(key)), True
    return key, _ALIAS.get(key), False


def _read_name(name: str, kinds) -> str:
    """parse_kind() of a text of at most MAX_NAME characters: the kind it names, when ``kinds``
    (the deck's) has it, else UnknownCard saying why."""
    key, kind, number = _reading(name)
    if kind is not None and kind in kinds:
        return kind
    values = [k for k in kinds if k.isdecimal()]
    real = Listed(sorted(values, key=int))
    if number:
        raise UnknownCard.say("there is no Mercenary of value {typed}: the Mercenaries are {values}",
                              typed=Quoted.of(name), values=real)
    specials = Listed(Lower(k) for k in kinds if not k.isdecimal())
    if not key:
        raise UnknownCard.say("the card name is empty; write a Mercenary's value ({values}) or a special card "
                              "({specials})", values=real, specials=specials)
    if key in _MERC_WORDS:
        raise UnknownCard.say("{typed} needs a value: a Mercenary is named by its strength, e.g. '5' or {example}; "
                              "the Mercenaries are {values}", typed=Quoted.of(name),
                              example=Quoted.of(f"{name.strip()} 5"), values=real)
    if kind is not None:
        raise UnknownCard.say("{typed} ({card}) is not a card of this deck; its special cards are: {specials}",
                              typed=Quoted.of(name), card=Kind(kind), specials=specials)
    close = difflib.get_close_matches(key, list(_ALIAS), n=3, cutoff=0.6)
    suggestions = []
    for c in close:
        k = _ALIAS[c]
        if k in kinds and k not in suggestions:
            suggestions.append(k)
    if suggestions:
        raise UnknownCard.say("unknown card {typed}. Did you mean {suggestions}? Cards are the Mercenaries {values} "
                              "and {specials}.", typed=Quoted.of(name),
                              suggestions=Either(Quoted.of(Lower(k)) for k in suggestions), values=real,
                              specials=specials)
    raise UnknownCard.say("unknown card {typed}. Cards are the Mercenaries {values} and {specials}.",
                          typed=Quoted.of(name), values=real, specials=specials)


def _is_number(text: str) -> bool:
    """Plain digits 0-9 (after _key has turned Persian and Arabic digits into them)."""
    return bool(text) and text.isascii() and text.isdigit()
