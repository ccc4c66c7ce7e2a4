"""Card kinds and the 110-card deck (card names typed in any of our languages are read by
:mod:`condottiere_nb.notation`).

A *kind* is a short string: a mercenary is its value ("1" .. "10"), a special card its
lower-case English name ("winter", "bishop").  A :class:`Card` is one physical card of a
deck: two 5s are two cards with different ids, so a step can say which one moved.
Everything the engine and the views know about a kind is its entry of :data:`KINDS`.
"""
from __future__ import annotations

import operator
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from .errors import Listed, Quoted, RulesError, UnknownCard


@dataclass(frozen=True)
class CardKind:
    """What every card of one kind is: the card registry's entry.

    ``value`` is the printed strength; ``family`` one of mercenary, season, character, tactic
    (the views colour by it); ``effect`` the rule id of its on-play effect (see
    :data:`condottiere_nb.rules.RULES`), or None; ``reveals``: played face down, does it act
    when revealed at the end (the 'reveal' reading of the Hidden Cards text), else it is a bluff
    that is discarded; ``doubles``: it doubles its line's Mercenaries (the Drummer's rule);
    ``choice``: the decision playing it needs ("take": a Mercenary of one's own line to take
    back; "target": any player's soldier to remove), or None.  ``names``: its name in each
    language of :data:`condottiere_nb.i18n.LANGUAGES` (None for a Mercenary, which every
    language shows by its value); ``aliases``: other spellings a reader of a rulebook may type
    (read, never shown); ``picture``: the drawing of :mod:`condottiere_nb.views.icons` on its face.

    A new card is one entry here, plus, if it acts when played, one effect function named after
    its rule id (the README, "Add a card").
    """

    kind: str
    value: int
    family: str
    effect: str | None = None
    reveals: bool = False
    doubles: bool = False
    choice: str | None = None
    names: Mapping[str, str] | None = field(default=None, compare=False)
    aliases: tuple[str, ...] = ()
    picture: str = "sword"

    @property
    def mercenary(self) -> bool:
        return self.family == "mercenary"

    def name(self, lang: str = "en") -> str:
        """The kind's name in a language ("Winter", "Mùa Đông"; a Mercenary is its value)."""
        return self.names[lang] if self.names else self.kind

    def __reduce__(self):
        # a copy or a pickle of an entry is the registry's own entry (its names are read only)
        return _entry, (self.kind,)


def _entry(kind: str) -> "CardKind":
    return KINDS[kind]


def _names(en: str, vi: str, es: str, zh: str, fa: str) -> Mapping[str, str]:
    return MappingProxyType({"en": en, "vi": vi, "es": es, "zh": zh, "fa": fa})


def _registry(*kinds: CardKind) -> Mapping[str, CardKind]:
    return MappingProxyType({k.kind: k for k in kinds})


#: The card registry: kind -> CardKind.  Mercenaries 1 to 10 (the real game has 1-6 and 10; the
#: Persian tutorial's deck also has 7, 8 and 9), the standard specials, and the Persian
#: tutorial's own specials (fa-tutorial.txt, section 5).
#:
#: The names are each rulebook's own where it spells them out (vi, es, zh; the Persian tutorial
#: names its own cards), otherwise the usual name of that language's edition.  Two Persian names
#: are ours, in plain Persian: the Courtesan (بانوی درباری, "court lady") and the Surrender
#: (تسلیم); the names Shirzan and Parchamdar seen in Iranian course projects belong to other
#: cards of a variant (a Spy and a Turncoat), so they are not used.  docs/glossary/ says where
#: each word comes from.
KINDS: Mapping[str, CardKind] = _registry(
    *(CardKind(str(v), v, "mercenary") for v in range(1, 11)),
    CardKind("winter", 0, "season", effect="season.cancel", reveals=True, picture="snowflake",
             names=_names("Winter", "Mùa Đông", "Invierno", "寒冬", "زمستان"), aliases=("Zemestan", "冬天")),
    CardKind("spring", 0, "season", effect="season.cancel", reveals=True, picture="flower",
             names=_names("Spring", "Mùa Xuân", "Primavera", "暖春", "بهار"), aliases=("Bahar", "春天")),
    CardKind("bishop", 0, "tactic", effect="card.bishop", reveals=True, picture="mitre",
             names=_names("Bishop", "Giám Mục", "Obispo", "教士", "ریش‌سفید"), aliases=("Rish-sefid", "Rishsefid")),
    CardKind("courtesan", 1, "character", picture="fan",
             names=_names("Courtesan", "Giai Nhân", "Cortesana", "交際之花", "بانوی درباری"),
             aliases=("交际之花", "Banuye darbari")),
    CardKind("drummer", 0, "character", doubles=True, picture="drum",
             names=_names("Drummer", "Người Đánh Trống", "Tambor", "鼓手", "طبل‌زن"),
             aliases=("戰鼓", "战鼓", "鼓手", "Tabl-zan", "Tablzan")),
    CardKind("heroine", 10, "character", picture="shield",
             names=_names("Heroine", "Nữ Anh Hùng", "Heroína", "女英雄", "شاهدخت"), aliases=("Shahdokht", "Heroina")),
    CardKind("scarecrow", 0, "tactic", effect="card.scarecrow", reveals=True, choice="take", picture="scarecrow",
             names=_names("Scarecrow", "Bù Nhìn", "Espantapájaros", "稻草人", "مترسک"), aliases=("Matarsak",)),
    CardKind("surrender", 0, "tactic", effect="card.surrender", reveals=True, picture="white flag",
             names=_names("Surrender", "Đầu Hàng", "Rendición", "投降", "تسلیم"), aliases=("Rendicion", "Taslim")),
    CardKind("banner", 0, "character", effect="card.banner", doubles=True, picture="banner",
             names=_names("Banner", "Cờ Hiệu", "Estandarte", "軍旗", "درفش"), aliases=("Dorafsh", "Derafsh")),
    CardKind("maiden", 0, "tactic", effect="card.maiden", choice="target", picture="maiden",
             names=_names("Maiden", "Thiếu Nữ", "Doncella", "少女", "دوشیزه"), aliases=("Dushizeh", "Doushizeh")),
    CardKind("weapon", 0, "tactic", effect="card.weapon", picture="blade",
             names=_names("Weapon", "Vũ Khí", "Arma", "兵器", "جنگ‌افزار"), aliases=("جنگافزار", "Jangafzar")),
)

#: What a reader may type for "a Mercenary" (read, never shown: a Mercenary is shown by its value).
MERCENARY_WORDS = ("merc", "mercenary", "mercenaries", "soldier", "quan linh", "mercenario", "傭兵", "佣兵", "سرباز")

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
    return KINDS[kind].name("en")


def make_deck(counts: Mapping[str, int]) -> tuple[Card, ...]:
    """A deck with ids 0..n-1, kinds in the order of ``counts``."""
    deck = []
    for kind, n in counts.items():
        base = len(deck)
        deck.extend([Card(base + i, kind) for i in range(n)])
    return tuple(deck)


STANDARD_DECK = make_deck(STANDARD_COUNTS)
