"""Rulesets are data: a frozen dataclass of named options, and the named rulesets.

The options themselves, each with its doc, source and allowed values, are the fields of
:class:`~condottiere_nb.options.Options`; a :class:`Ruleset` checks them, derives the deck's facts
and describes itself.  Where the rulebooks are vague, an option's doc states the reading we chose
and names the other readings as other values, so a user can flip it and see the outcome change
(the concordance notebook does).
"""
from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import Mapping

from .cards import KINDS, Card, make_deck
from .decks import DECK_RULE, DECKS, card_kinds, deck_pairs, entries, pair, whole  # noqa: F401
from .errors import Listed, Quoted, RulesError, Sentence
# the limits and shown() are named here too: rulesets is where the code reads them from
from .options import (MAX_HAND, MAX_KEEP, MAX_NAME, MAX_PER_REGION, MAX_SUMMARY, MAX_TARGET, Options,  # noqa: F401
                      shown, shown_value)
from .plays import face_down_options

#: The named rulesets, filled below once the class exists (a Ruleset checks its name against them).
RULESETS: dict[str, "Ruleset"] = {}

#: The Vietnamese variants (vi: Luật mở rộng), which combine: get_ruleset("continuous-war+invasion").
COMBINABLE = ("hidden-cards", "continuous-war", "scoring", "invasion")

def allowed_sentence(meta: Mapping):
    """The values an option allows, in words (from the option's metadata): a sentence of the
    catalogues, told in each language (English: :func:`allowed`)."""
    low, high = meta["min"], meta["max"]
    words = {
        "bool": Sentence.say("True or False"),
        "int": Sentence.say("a whole number from {low} to {high}", low=low, high=high),
        "choice": ", ".join(map(repr, meta["choices"])),         # the values as code writes them
        "name": Sentence.say("a name of {low} to {high} printable characters", low=low, high=high),
        "text": Sentence.say("text of at most {high} characters", high=high),
        "deck": DECK_RULE,
        "hand_sizes": Sentence.say("(players, cards) pairs: players 2 to 6, each at most once, and 1 to {high} cards",
                                   high=high),
        "kinds": Sentence.say("card kinds of the registry, each at most once ({kinds})", kinds=Listed(KINDS)),
        "ruleset": Sentence.say("'' (this ruleset) or the name of a ruleset with the same deck ({rulesets})",
                                rulesets=Listed(RULESETS)),
    }[meta["kind"]]
    return Sentence.say("{allowed} ({why})", allowed=words, why=meta["why"]) if meta["why"] else words


def allowed(meta: Mapping) -> str:
    """The values an option allows, in words, in English (from the option's metadata)."""
    return str(allowed_sentence(meta))


def _checked(rs: "Ruleset", f) -> object:
    """The value of option ``f`` of ``rs`` as stored, or RulesError naming the option, the value
    and what is allowed (with the reason, when the allowed values do not say it all)."""
    value, meta = getattr(rs, f.name), f.metadata
    try:
        return _check(rs, meta, value)
    except RulesError as err:
        if str(err):
            raise RulesError.say("option {option} cannot be {value} ({reason}); allowed: {allowed}", option=f.name,
                                 value=shown_value(value), reason=err, allowed=allowed_sentence(meta)) from None
        raise RulesError.say("option {option} cannot be {value}; allowed: {allowed}", option=f.name,
                             value=shown_value(value), allowed=allowed_sentence(meta)) from None


def _check(rs: "Ruleset", meta: Mapping, value):
    kind, low, high = meta["kind"], meta["min"], meta["max"]
    if kind == "int":
        return whole(value, low, high)
    if kind == "bool" and not isinstance(value, bool) or \
            kind == "choice" and (not isinstance(value, str) or value not in meta["choices"]):
        raise RulesError("")
    if kind in ("name", "text") and not (isinstance(value, str) and low <= len(value) <= high):
        if isinstance(value, str):
            raise RulesError.say_n("{n} character", "{n} characters", len(value))
        raise RulesError.say("not a string")
    if kind == "name" and (not value.isprintable() or not value.strip()):
        raise RulesError.say("blank or holding control characters")
    if kind in ("deck", "kinds"):
        return deck_pairs(value) if kind == "deck" else card_kinds(value)
    if kind == "hand_sizes":
        pairs = [pair(entry, Sentence.say("(players, cards)"))
                 for entry in entries(value, 5, Sentence.say("(players, cards) pairs"))]
        pairs = [(whole(players, 2, 6), whole(cards, 1, high)) for players, cards in pairs]
        if len({players for players, _ in pairs}) < len(pairs):
            raise RulesError.say("a number of players is listed twice")
        return tuple(pairs)
    if kind == "ruleset" and not (isinstance(value, str) and value == ""):
        try:
            final = get_ruleset(value if isinstance(value, str) and len(value) <= MAX_NAME else "")
        except RulesError:
            raise RulesError.say("no ruleset has that name") from None
        if final.deck != rs.deck:
            raise RulesError.say("its deck is not this ruleset's, and the final battle is fought with the game's cards")
    return value


def _key(name: str) -> str:
    """A ruleset's name as get_ruleset looks it up: 'Hidden Cards' -> 'hidden-cards'."""
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def _option_values(rs: "Ruleset") -> dict:     # the options that make the rules (not name, summary)
    return {f.name: getattr(rs, f.name) for f in fields(rs) if f.name not in ("name", "summary")}


def _claimed_options(name: str) -> dict | None:
    """The options a ruleset called ``name`` must have: those of the ruleset get_ruleset gives for
    that name (a named ruleset or a combination of Vietnamese variants), or None if none has it."""
    key = _key(name)
    parts = [p for p in key.split("+") if p] if "+" in key else [key]
    if not parts or any(p not in RULESETS or len(parts) > 1 and p != "standard" and p not in COMBINABLE
                        for p in parts):
        return None
    values = _option_values(RULESETS[parts[0]] if len(parts) == 1 else RULESETS["standard"])
    changed: dict = {}
    for part in parts if len(parts) > 1 else ():
        for option, (value, _standard) in RULESETS[part].differences("standard").items():
            if changed.setdefault(option, value) != value:
                return None             # combine() refuses the name: no ruleset has it
            values[option] = value
    return values


@dataclass(frozen=True)
class Ruleset(Options):
    """A set of rules for :class:`~condottiere_nb.Battle` and :class:`~condottiere_nb.Game`: the options of
    :class:`~condottiere_nb.options.Options`, checked."""

    def __post_init__(self):
        # Every option is checked against its schema (option() metadata) and stored in one form
        # (a deck given by name becomes (kind, count) pairs, lists become tuples), so two rulesets
        # with the same rules compare equal however they were written.
        for f in fields(self):
            object.__setattr__(self, f.name, _checked(self, f))
        claimed, mine = _claimed_options(self.name), _option_values(self)
        differ = [k for k in mine if claimed is not None and mine[k] != claimed[k]]
        if differ:
            raise RulesError.say("a ruleset named {name} is the ruleset {key}, but this one differs from it in "
                                 "{options}; a changed ruleset needs a name of its own, such as {example} (what "
                                 "replace() gives it)", name=repr(self.name), key=repr(_key(self.name)),
                                 options=Listed(differ), example=repr(self.name + "+custom"))

    # -- derived facts -------------------------------------------------------------
    @property
    def deck_name(self) -> str | None:
        """The name in DECKS of this ruleset's deck, or None for a custom deck."""
        return next((n for n, c in DECKS.items() if tuple(c.items()) == self.deck), None)

    # The deck's facts are worked out once per ruleset (a Ruleset never changes).  A copy or a
    # pickle carries the options only: the facts are worked out again where they are needed
    # (their read-only mappings do not pickle).
    def __getstate__(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k not in _WORKED_OUT}

    @functools.cached_property
    def counts(self) -> Mapping[str, int]:
        """kind -> how many cards of it the deck has (read only)."""
        return MappingProxyType(dict(self.deck))

    @functools.cached_property
    def kinds(self) -> tuple[str, ...]:
        """The deck's kinds, in deck order."""
        return tuple(k for k, _ in self.deck)

    @functools.cached_property
    def rank(self) -> Mapping[str, int]:
        """kind -> its place in the deck's order of kinds (the order plays are listed in)."""
        return MappingProxyType({k: i for i, k in enumerate(self.kinds)})

    @functools.cached_property
    def cards(self) -> tuple[Card, ...]:
        """The deck: one Card per physical card, ids 0 to n-1 in deck order."""
        return make_deck(self.counts)

    @functools.cached_property
    def cards_by_kind(self) -> Mapping[str, tuple[Card, ...]]:
        """kind -> the deck's cards of that kind, in deck order."""
        return MappingProxyType({k: tuple(c for c in self.cards if c.kind == k) for k in self.kinds})

    @functools.cached_property
    def ways(self) -> Mapping[str, tuple[bool, ...]]:
        """kind -> how its cards may be laid under this ruleset (plays.face_down_options)."""
        return MappingProxyType({k: face_down_options(self, KINDS[k]) for k in self.kinds})

    @functools.cached_property
    def plain_plays(self) -> Mapping[str, tuple | None]:
        """kind -> the plays of a card of that kind as Battle.play_options lists them,
        ``(kind, face_down, None)`` for each of its :attr:`ways`, when playing it names no other
        card; None for a card that names one (a Scarecrow, a Maiden: their plays depend on the
        lines)."""
        return MappingProxyType({k: None if KINDS[k].choice is not None else tuple((k, fd, None) for fd in ways)
                                 for k, ways in self.ways.items()})

    def make_deck(self) -> tuple[Card, ...]:
        """The deck (the same tuple every time: cards never change, so every battle shares it)."""
        return self.cards

    @functools.cached_property
    def variants(self) -> tuple[type, ...]:
        """The classes of the variants whose rules a battle or game under this ruleset needs
        (:class:`condottiere_nb.variants.base.Variant`): the hooks the core calls, so that the
        core never asks which variant it is in."""
        from .variants.registry import variant_classes
        return variant_classes(self)

    @staticmethod
    def variant_home(action) -> "str | None":
        """The named ruleset whose variant adds ``action`` ("city-states" for a Ball), or None: what
        a refusal of another variant's action names (:func:`condottiere_nb.variants.registry.home_of`)."""
        from .variants.registry import home_of
        return home_of(action)

    @staticmethod
    def move_home(kind: str) -> "str | None":
        """The named ruleset whose variant has the battle move ``kind`` ("city-states" for
        "firenze"), or None: what a refusal of another variant's battle move names."""
        from .variants.registry import every_variant
        for cls in every_variant():
            if kind in cls.battle_moves:
                return cls.home
        return None

    @staticmethod
    def foreign_record(game, tag: str, args: list):
        """A saved record that none of ``game``'s variants reads, read as another variant would
        (the action it would be, to refuse it by name), or None
        (:func:`condottiere_nb.variants.registry.decode_elsewhere`)."""
        from .variants.registry import decode_elsewhere
        return decode_elsewhere(game, tag, args)

    # -- deriving and describing ---------------------------------------------------
    def replace(self, **changes) -> "Ruleset":
        """A copy with some options changed; an unknown option or a value the option does not
        allow is a RulesError naming it.  Without a new name the copy is called
        '<name>+custom', which no named ruleset is."""
        names = [f.name for f in fields(self)]
        unknown = [key for key in changes if key not in names]
        if unknown:
            raise RulesError.say("Ruleset has no option {option}; options are: {names}", option=shown(unknown[0]),
                                 names=Listed(names))
        if "name" not in changes:
            changes["name"] = self.name if self.name.endswith("+custom") else self.name + "+custom"
        return dataclasses.replace(self, **changes)

    @classmethod
    def options(cls) -> list[dict]:
        """Every option and its schema: name, default, doc, source, choices (the values of an
        option with listed choices), kind, min and max (of a number or a text's length) and
        allowed (the allowed values in words)."""
        keys = ("doc", "source", "choices", "kind", "min", "max")
        return [{"name": f.name, "default": f.default, **{k: f.metadata[k] for k in keys},
                 "allowed": allowed(f.metadata)} for f in fields(cls)]

    def differences(self, other: "Ruleset | str" = "standard") -> dict[str, tuple]:
        """option -> (this value, other value) for every option that differs."""
        mine, theirs = _option_values(self), _option_values(get_ruleset(other))
        return {k: (v, theirs[k]) for k, v in mine.items() if v != theirs[k]}

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
            text = (f"{self.deck_name or 'custom'}, {len(self.make_deck())} cards" if f.name == "deck"
                    else repr(value))
            lines.append(f" {mark} {f.name} = {text}  [{f.metadata['source']}]")
        return "\n".join(lines)

    def __repr__(self) -> str:
        diff = self.differences("standard") if self.name != "standard" else {}
        inner = ", ".join(f"{k}={v[0]!r}" for k, v in diff.items() if k != "deck")
        return f"Ruleset({self.name!r}{', ' + inner if inner else ''})"


#: the Ruleset's facts worked out once (its cached properties), left out of a copy or a pickle
_WORKED_OUT = frozenset(name for name, value in vars(Ruleset).items() if isinstance(value, functools.cached_property))


def combine(*names: "str | Ruleset") -> Ruleset:
    """One ruleset with the options of several Vietnamese variants.

    Each variant changes options of 'standard'; they are applied together.  Two variants that
    set one option differently cannot combine (RulesError names the option).

    >>> rs = combine("continuous-war", "invasion")
    >>> rs.name, rs.invasion, rs.first_hand
    ('continuous-war+invasion', True, 7)
    """
    rulesets = [get_ruleset(n) for n in names]
    if not rulesets:
        raise RulesError.say("combine() needs at least one ruleset, e.g. {example}",
                             example="combine('continuous-war', 'invasion')")
    changes: dict = {}
    origin: dict = {}
    for rs in rulesets:
        if rs.name != "standard" and rs.name not in COMBINABLE:
            raise RulesError.say("only the Vietnamese variants combine ({variants}); {name} is a system of its own",
                                 variants=Listed(COMBINABLE), name=repr(rs.name))
        for key, (value, _std) in rs.differences("standard").items():
            if key in changes and changes[key] != value:
                raise RulesError.say("{first} and {second} disagree on {option} ({one} vs {other})", first=origin[key],
                                     second=rs.name, option=key, one=repr(changes[key]), other=repr(value))
            changes[key] = value
            origin[key] = rs.name
    order = {n: i for i, n in enumerate(COMBINABLE)}
    parts = sorted(dict.fromkeys(rs.name for rs in rulesets if rs.name != "standard"), key=order.__getitem__)
    name = "+".join(parts) or "standard"
    if name in RULESETS:
        return RULESETS[name]
    summary = "Vietnamese variants together: " + ", ".join(parts) + "."
    return STANDARD.replace(name=name, summary=summary, **changes)


def get_ruleset(ruleset: "Ruleset | str | None") -> Ruleset:
    """A Ruleset from an instance or a name in RULESETS (None means standard)."""
    if ruleset is None:
        return STANDARD
    if isinstance(ruleset, Ruleset):
        return ruleset
    if isinstance(ruleset, str):
        key = _key(ruleset)
        if key in RULESETS:
            return RULESETS[key]
        if "+" in key:
            return combine(*[part for part in key.split("+") if part])
        raise RulesError.say("unknown ruleset {typed}; named rulesets are: {names} (the Vietnamese variants combine "
                             "with '+', e.g. 'continuous-war+invasion')", typed=Quoted.of(ruleset),
                             names=Listed(RULESETS))
    raise RulesError.say("ruleset must be a name or a Ruleset, not {type}", type=type(ruleset).__name__)


STANDARD = Ruleset()
RULESETS["standard"] = STANDARD


def _named(**options) -> None:
    """A named ruleset (options changed from standard), registered in RULESETS under its name."""
    RULESETS[options["name"]] = STANDARD.replace(**options)


_named(name="hidden-cards", hidden_cards=True,
       summary="Vietnamese variant Ẩn Bài: cards may be played face down.")
_named(name="fa-tutorial", deck="fa-tutorial", mercenaries_face_down=True,
       hand_sizes=((2, 10), (3, 10), (4, 8), (5, 8), (6, 8)), drawing="fa_tutorial", victory_regions=5,
       end_ranking="regions_then_weights", hand_discard=False,
       summary="The Persian tutorial's own system: soldiers 1-10 laid face down, Banner, Maiden, "
               "Weapon; hands of 10 (2-3 players) or 8; the winner redraws its soldiers, the others 1; "
               "5 regions or an empty draw pile end the game.")
_named(name="city-states-final", bishop_targets="drummers_first", courtesan_token=False,
       summary="The Chinese city-state variant's final battle: a Bishop discards the Drummers first; "
               "Courtesans are plain 1s.")
_named(name="continuous-war", drawing="after_battle", first_hand=7, hand_discard=False,
       summary="Vietnamese variant Chiến tranh liên tiếp: 7-card start, everyone draws 3 after each "
               "battle up to 10 plus 1 per region, no hand discard.")
_named(name="scoring", match_points=20,
       summary="Vietnamese variant Tính điểm: a Match of games to 20 points (1 per region, 5 more per "
               "region for an adjacency win).")
_named(name="invasion", invasion=True,
       summary="Vietnamese variant Xâm Lược: controlled regions may be attacked; the defender may wait, "
               "keeps a tied region and takes the token.")
_named(name="city-states", city_states=True, hand_size=11, cards_per_region=0, end_ranking="weights",
       final_ruleset="city-states-final", final_hand=18,
       final_discard=("scarecrow", "surrender", "winter", "spring"),
       summary="The Chinese city-state variant (3-6 players): a city-state each from the start, its "
               "ability once per round, 11-card deals, weighted end score, an 18-card final battle.")
