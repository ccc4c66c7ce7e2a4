"""Rulesets are data: a frozen dataclass of named options, and the named rulesets.

Every option says which rulebook it comes from.  Where the rulebooks are vague, the
option's doc states the reading we chose and names the other reading as another value,
so a user can flip it and see the outcome change (the concordance notebook does).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field, fields
from typing import Mapping

from .cards import STANDARD_COUNTS, Card, make_deck
from .errors import RulesError
from .variants import persian

#: Named decks: deck name -> card counts (the Persian readings are in variants/persian.py).
DECKS: dict[str, Mapping[str, int]] = {"standard": dict(STANDARD_COUNTS), **persian.DECKS}


def deck_counts(name: str) -> dict[str, int]:
    """The card counts of a named deck."""
    if name not in DECKS:
        raise RulesError(f"unknown deck {name!r}; named decks are: {', '.join(DECKS)}")
    return dict(DECKS[name])


def option(default, doc: str, source: str = "standard", choices: tuple = ()):
    """A ruleset option with its documentation, source and allowed values."""
    return field(default=default, metadata={"doc": doc, "source": source, "choices": choices})


@dataclass(frozen=True)
class Ruleset:
    """A set of rules for :class:`~condottiere_nb.Battle` and :class:`~condottiere_nb.Game`."""

    name: str = option("standard", "The ruleset's name, as listed in RULESETS.")
    summary: str = option("The Fantasy Flight 2006 rules (DESIGN.md section 3).",
                          "One line on what this ruleset is.")
    deck: tuple = option(tuple(STANDARD_COUNTS.items()),
                         "The deck as (kind, count) pairs; the standard deck has 110 cards. "
                         "A name from DECKS is accepted too and stored as pairs: 'fa-tutorial' is "
                         "our reading of the Persian tutorial's 'about 40 soldiers valued 1 to 10 "
                         "and about 15 specials: Banner, Maiden, Weapon' - four soldiers of each "
                         "value 1-10 and five of each special (55 cards); "
                         "'fa-tutorial-few-banners' is the other reading: 3 Banners, 6 Maidens, "
                         "6 Weapons.",
                         "vi: Chồng bài rút; es: Componentes; fa: مقدمه (کارت‌های سرباز و ویژه)")
    hidden_cards: bool = option(
        False,
        "Cards may be played face down. Announced strengths count face-up cards only; "
        "Scarecrow cannot take back a face-down card; Bishop sees only face-up Mercenaries; "
        "everything is revealed at the end.",
        "vi: Luật mở rộng, Ẩn Bài")
    face_down_specials: str = option(
        "reveal",
        "What a special card played face down does. The Vietnamese Hidden Cards text lets any "
        "card be played face down but only says how face-down Mercenaries behave. "
        "'reveal' (our reading): a face-down special acts only when revealed at the end, in "
        "play order - a revealed Winter or Spring discards the other season then; Drummer, "
        "Heroine and Courtesan count; a face-down Bishop, Scarecrow or Surrender does nothing "
        "(a bluff) and is discarded. 'on_play': the special acts at once as if face up, only "
        "its identity stays hidden. 'mercenaries_only': only Mercenaries may be played face down.",
        "vi: Luật mở rộng, Ẩn Bài",
        ("reveal", "on_play", "mercenaries_only"))
    courtesan_token: bool = option(
        True,
        "The player with the most Courtesans (alone) takes the Condottiere token instead of "
        "the winner.",
        "vi: Trường hợp ngoại lệ (Giai Nhân); es: 1. Compare la fuerza")

    # -- game options (condottiere_nb/game.py) ----------------------------------------
    hand_size: int = option(
        10,
        "Each deal fills every hand up to this many cards (plus cards_per_region for each "
        "region the player controls).",
        "vi: Chuẩn Bị 4, Kết thúc vòng chơi; es: Comenzando el juego 3, Fin de una ronda")
    cards_per_region: int = option(
        1,
        "Extra cards dealt for each region a player controls (es: no cards and Parma, Venezia "
        "and Siena -> 13 cards).",
        "vi: Kết thúc vòng chơi; es: Fin de una ronda")
    keep_cards: int = option(
        2,
        "At the end of a round the only player with cards left keeps up to this many of them; "
        "the rest are discarded.",
        "vi: Kết thúc vòng chơi; es: Fin de una ronda")
    hand_discard: bool = option(
        True,
        "After each battle a player with no Mercenary in hand may discard the whole hand.",
        "vi: 4 – Bỏ bài trên tay; es: 4. Descartar cartas de la mano")
    favor_on_battle_region: bool = option(
        True,
        "Whether the Bishop's player may put the Pope's Favor on the region being fought over. "
        "The texts allow any region without a control marker, and the contested region has none "
        "yet, so True (our reading): it may; if the battle ties, the region is then protected. "
        "False: only another region (or off the map).",
        "vi: Giám Mục; es: Componentes (Favor del Papa)")

    # -- battle options of the variants (issue 4; hooks in condottiere_nb/variants/) -------------
    mercenaries_face_down: bool = option(
        False,
        "Every Mercenary (soldier) is laid face down and turned face up only for the count; "
        "special cards are played face up. The Persian tutorial's turn: lay a soldier card face "
        "down on the region, or play a special card, or withdraw; at the end all soldier cards are "
        "turned over and added up.",
        "fa: بند ۳ (گردش نوبت) و بند ۴ (مبارزه و تعیین برنده)")
    banner_limit: str = option(
        "per_line",
        "How many Banners count. The Persian exact rules say Banners double the total but only one "
        "Banner can be active: if several are played only one counts. 'per_line' (our reading): "
        "like the real game's Drummer, which the tutorial paraphrases, a Banner doubles its own "
        "line's soldiers and a second Banner in the same line adds nothing. 'one_per_battle': "
        "only the first Banner played in the battle counts; a later one, in any line, is set aside.",
        "fa: قوانین دقیق (درفش)",
        ("per_line", "one_per_battle"))
    maiden_targets: str = option(
        "any",
        "Whose soldier a Maiden removes. The Persian text: the Maiden removes one soldier card from "
        "the region before the final count. We read it as on play (section 5: a special's rule is "
        "announced when it is played), the player naming the card, face-down soldiers included. "
        "'any' (our reading): the region holds every line, so any player's soldier, your own too. "
        "'opponents': only another player's soldier.",
        "fa: بند ۵ (دوشیزه) و قوانین دقیق",
        ("any", "opponents"))
    bishop_targets: str = option(
        "highest",
        "What a Bishop discards. 'highest' (standard): every face-up Mercenary of the highest "
        "printed value. The Chinese variant's final battle: the Bishop can discard every "
        "Drummer, in the order 1. Drummers 2. Mercenaries 10, 6, 5, 4, 3, 2, 1. "
        "'drummers_first' (our reading of that order): if any Drummer is in play the Bishop "
        "discards all the Drummers and no Mercenary; otherwise the highest Mercenaries as usual. "
        "'drummers_and_highest': every Drummer and also the highest Mercenaries.",
        "zh: 三、遊戲結束變體與最後決戰變體",
        ("highest", "drummers_first", "drummers_and_highest"))

    def __post_init__(self):
        # A deck may be named ("fa-tutorial"); it is stored as (kind, count) pairs so that
        # two rulesets with the same cards compare equal however the deck was given.
        if isinstance(self.deck, str):
            object.__setattr__(self, "deck", tuple(deck_counts(self.deck).items()))
        elif isinstance(self.deck, Mapping):
            object.__setattr__(self, "deck", tuple(self.deck.items()))

    # -- derived facts -------------------------------------------------------------
    @property
    def deck_name(self) -> str | None:
        """The name in DECKS of this ruleset's deck, or None for a custom deck."""
        return next((n for n, c in DECKS.items() if tuple(c.items()) == self.deck), None)

    @property
    def counts(self) -> dict[str, int]:
        return dict(self.deck)

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(k for k, _ in self.deck)

    def make_deck(self) -> tuple[Card, ...]:
        # Cards are immutable, so every Battle of a game can share one deck: the Game builds a
        # Battle per battle, and rebuilding 110 cards each time cost more than the battle.
        try:
            deck = _DECKS.get(self.deck)
        except TypeError:           # an unhashable custom deck: build it each time
            return make_deck(self.counts)
        if deck is None:
            deck = _DECKS[self.deck] = make_deck(self.counts)
        return deck

    # -- deriving and describing ---------------------------------------------------
    def replace(self, **changes) -> "Ruleset":
        """A copy with some options changed; unknown options or values are an error."""
        names = {f.name: f for f in fields(self)}
        for key, value in changes.items():
            if key not in names:
                raise RulesError(f"Ruleset has no option {key!r}; options are: {', '.join(names)}")
            choices = names[key].metadata.get("choices")
            if choices and value not in choices:
                raise RulesError(f"option {key} cannot be {value!r}; allowed: "
                                 f"{', '.join(repr(c) for c in choices)}")
        if "name" not in changes:
            changes["name"] = self.name + "+custom"
        return dataclasses.replace(self, **changes)

    @classmethod
    def options(cls) -> list[dict]:
        """Every option: name, default, doc, source and allowed values."""
        return [{"name": f.name, "default": f.default, "doc": f.metadata["doc"],
                 "source": f.metadata["source"], "choices": f.metadata["choices"]}
                for f in fields(cls)]

    def differences(self, other: "Ruleset | str" = "standard") -> dict[str, tuple]:
        """option -> (this value, other value) for every option that differs."""
        other = get_ruleset(other)
        skip = {"name", "summary"}
        return {f.name: (getattr(self, f.name), getattr(other, f.name))
                for f in fields(self) if f.name not in skip and getattr(self, f.name) != getattr(other, f.name)}

    def describe(self) -> str:
        """A readable list of the options, marking how this ruleset differs from standard."""
        diff = self.differences("standard")
        lines = [f"Ruleset {self.name!r}: {self.summary}"]
        if diff:
            lines.append("Differs from standard in: " + ", ".join(diff))
        else:
            lines.append("Same options as standard.")
        for f in fields(self):
            if f.name in ("name", "summary"):
                continue
            mark = "*" if f.name in diff else " "
            value = getattr(self, f.name)
            shown = (f"{self.deck_name or 'custom'}, {len(self.make_deck())} cards" if f.name == "deck"
                     else repr(value))
            lines.append(f" {mark} {f.name} = {shown}  [{f.metadata['source']}]")
        return "\n".join(lines)

    def __repr__(self) -> str:
        diff = self.differences("standard") if self.name != "standard" else {}
        inner = ", ".join(f"{k}={v[0]!r}" for k, v in diff.items() if k != "deck")
        return f"Ruleset({self.name!r}{', ' + inner if inner else ''})"


STANDARD = Ruleset()

RULESETS: dict[str, Ruleset] = {
    "standard": STANDARD,
    "hidden-cards": STANDARD.replace(
        name="hidden-cards", hidden_cards=True,
        summary="Vietnamese variant Ẩn Bài: cards may be played face down."),
    "fa-tutorial": STANDARD.replace(
        name="fa-tutorial", deck="fa-tutorial", mercenaries_face_down=True,
        summary="The Persian tutorial's own system: soldiers 1-10 laid face down, Banner, Maiden, "
                "Weapon (RULESETS.md lists every reading)."),
    "city-states-final": STANDARD.replace(
        name="city-states-final", bishop_targets="drummers_first", courtesan_token=False,
        summary="The Chinese city-state variant's final battle: a Bishop discards the Drummers first; "
                "Courtesans are plain 1s."),
}


_DECKS: dict[tuple, tuple[Card, ...]] = {}


def get_ruleset(ruleset: "Ruleset | str | None") -> Ruleset:
    """A Ruleset from an instance or a name in RULESETS (None means standard)."""
    if ruleset is None:
        return STANDARD
    if isinstance(ruleset, Ruleset):
        return ruleset
    if isinstance(ruleset, str):
        key = ruleset.strip().lower().replace("_", "-").replace(" ", "-")
        if key in RULESETS:
            return RULESETS[key]
        raise RulesError(f"unknown ruleset {ruleset!r}; named rulesets are: {', '.join(RULESETS)}")
    raise RulesError(f"ruleset must be a name or a Ruleset, not {type(ruleset).__name__}")
