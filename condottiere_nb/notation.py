"""Notation: everything a person writes for the engine is read here, in every language.

The one reader of the package: a number (a Mercenary's value, a card's id, a place in a line), a
card (a name in any of our languages, a value, or ``5#41`` for one physical card), a take (what a
Scarecrow takes back, the soldier a Maiden removes: ``5``, ``5#41``, ``Ben:5``, ``Ben@2``), a move
and a whole battle.  Everything else calls it; a refusal names what was wrong and what is allowed,
and quotes at most a short excerpt of what it refuses.

**Numbers** are strict: a value is the whole token, written with digits only, in one script
(``5``, ``۵``, ``٥``, ``５``); ``1.0``, ``0.5``, ``1 0``, ``1-0``, ``+5`` or ``5x`` are no number.

**Cards**: Mercenaries by value (``5``, ``Mercenary 5``, ``Quân Lính 5``, ``سرباز ۵``), specials by
their English or localised name, case- and accent-insensitive; ``5#41`` names card 41 of the deck.

**Battles**: the canonical form lists the moves in the order they were made::

    [Ana Ben Cy] Ana 10, Ben winter, Cy scarecrow>5, Ana 6*, Ben pass

* ``[...]`` the seats in clockwise order (the first placed the token and leads);
  optional: without it the players are the names in order of first appearance.
  After the names, ``token=Ben`` when another seat placed the Condottiere token,
  ``leader=Cy`` when someone else leads, ``defender=Ana`` for an Invasion battle.
* ``Name card`` a card played (English names, lower case; any name the engine reads
  is accepted on input); ``*`` after the card: played face down; ``scarecrow>5``:
  a Scarecrow taking back the player's 5 (a plain ``scarecrow`` takes nothing);
  ``scarecrow>5#35`` names the very card when the player had two 5s and took back
  the one ``take="5"`` would not pick.  A card name may have several words on input
  (``Hoàng Mùa Xuân``).
* ``Name pass`` a pass.
* ``Name firenze=10#52>courtesan#61``, ``Name venezia=2#9>3#22``: a city-state ability played
  instead of a card (the card paid, then the card taken); only under the city-states ruleset.
* An optional ``(ruleset)`` in front names the ruleset, e.g. ``(hidden-cards)``.
* Names with spaces or notation symbols are written in double quotes (``"Ana Maria"``);
  a double quote or backslash inside a quoted name gets a backslash before it.

A shorthand is accepted on input, one line per player, the cards played round-robin
in seat order and the passes last::

    Ana: 10 5 winter | Ben: 3 drummer; pass Ben
"""
from __future__ import annotations

import difflib
import itertools
import re
import shlex
import unicodedata
from collections.abc import Collection
from typing import Iterable, NamedTuple

from .cards import KINDS, MERCENARY_WORDS, STANDARD_COUNTS, Card
from .errors import Either, Kind, Listed, Lower, Quoted, RulesError, UnknownCard, shorten
from .plays import Move
from .rulesets import Ruleset, get_ruleset

__all__ = ["read_number", "parse_kind", "read_card", "exact_card", "claim_card", "kind_of", "Target", "read_target",
           "split_target", "format_battle", "parse_battle", "ruleset_named", "MAX_NAME", "MAX_NOTATION"]

#: The longest card name read (the longest real name is about 20 characters); a longer text is
#: refused before any work, so no input can make reading a name slow.
MAX_NAME = 60

#: The longest notation read: 110 cards and the passes of 6 players with long names fit in it.
MAX_NOTATION = 20_000


# -- numbers ---------------------------------------------------------------------------------------

#: The digits our languages write: ASCII, Arabic-Indic, Persian, full-width (a digit of another script,
#: or a superscript, is no digit of a value).
_DIGITS = "0-9\u0660-\u0669\u06f0-\u06f9\uff10-\uff19"
_DIGIT, _NOT_DIGITS = re.compile(f"[{_DIGITS}]"), re.compile(f"[^{_DIGITS}]")
#: More digits than any count of the game needs.
HUGE = 30


def read_number(text) -> int | None:
    """``text`` as a whole number written with digits only, in one script, or None.

    The digits of the scripts our languages write are read (0-9, the Persian ۵, the Arabic-Indic
    ٥, the full-width ５), nothing else: no sign, point, space, letter, superscript or other script.
    A number of more than HUGE digits is read as 10**HUGE, more than anything counted here.

    >>> [read_number(t) for t in ("10", "۱۰", "٥", "05", "1.0", "0.5", "1 0", "1-0", "+5", " 5x", "٥.٠", "")]
    [10, 10, 5, 5, None, None, None, None, None, None, None, None]
    """
    if not isinstance(text, str) or not text or _NOT_DIGITS.search(text):
        return None
    zeros = {chr(ord(ch) - unicodedata.decimal(ch)) for ch in text}
    if len(zeros) != 1:             # digits of two scripts
        return None
    digits = text.lstrip(zeros.pop())
    return int(digits or "0") if len(digits) <= HUGE else 10 ** HUGE


# -- card names ------------------------------------------------------------------------------------

_LETTERS = str.maketrans({"đ": "d", "Đ": "d", "ي": "ی", "ك": "ک", "\u200c": "", "\u200d": ""})


def _key(text: str) -> str:
    """Fold a typed name for matching: no case, accents, spaces, dashes or ZWNJ."""
    text = unicodedata.normalize("NFKD", str(text).translate(_LETTERS).casefold())
    return "".join(ch for ch in text if not unicodedata.combining(ch) and ch not in " -_'.\t")


def _alias_table() -> dict[str, str]:
    """Every name the card registry knows (each kind's names in five languages and its other
    spellings), folded, -> its kind."""
    table = {}
    for kind, spec in KINDS.items():
        if spec.names:
            table[_key(kind)] = kind
            table.update((_key(name), kind) for name in (*spec.names.values(), *spec.aliases))
    return table


_ALIAS = _alias_table()
_MERC_WORDS = frozenset(_key(w) for w in MERCENARY_WORDS)


def parse_kind(name, kinds: Iterable[str] = STANDARD_COUNTS) -> str:
    """Read a card name typed by a person and return its kind.

    Mercenaries by value ("5", "mercenary 5", "Quân Lính 5", "۵"), specials by their
    English or localised name, case- and accent-insensitive.  ``kinds`` is the deck
    the name must belong to.

    >>> parse_kind("Bishop"), parse_kind("mùa đông"), parse_kind("Espantapájaros"), parse_kind("10")
    ('bishop', 'winter', 'scarecrow', '10')
    """
    if type(kinds) not in _KIND_LISTS:
        check_kinds(kinds)
    if isinstance(name, Card):
        return name.kind
    if isinstance(name, str) and name in kinds:
        return name         # a kind names itself: "5", "winter"
    if isinstance(name, bool) or not isinstance(name, (str, int)):
        raise UnknownCard.say("a card is named by a string such as '5' or 'winter', not {value}",
                              value=Quoted.of(name))
    if isinstance(name, int):
        if name.bit_length() > 64:      # no deck has it, and str() refuses a number of 4,300 digits
            raise _unknown(name, kinds, None, "number")
        name = str(name)
    if len(name) > MAX_NAME:
        raise UnknownCard.say("a card name is at most {limit} characters; this one has {n} (it starts {start})",
                              limit=MAX_NAME, n=len(name), start=Quoted.of(name[:20]))
    kind, form = _read_name(name)
    if kind is not None and kind in kinds:
        return kind
    raise _unknown(name, kinds, kind, form)


#: the collections a deck's kinds come in (the checks below are by type, the fast path's cost)
_KIND_LISTS = frozenset({tuple, list, dict, set, frozenset})


def check_kinds(kinds, every: bool = False, listed: bool = False) -> None:
    """A RulesError unless ``kinds`` is a collection of card kinds, such as a ruleset's ``kinds``
    (``every``: at most one per kind known, each a kind's id: checked before a refusal lists them;
    ``listed``: a list or a tuple)."""
    if isinstance(kinds, str) or not isinstance(kinds, (list, tuple) if listed else Collection) \
            or every and (len(kinds) > len(KINDS) or not all(isinstance(k, str) and k in KINDS for k in kinds)):
        raise RulesError.say("kinds must be a list of card names (at most {most}), e.g. {example}, not {value}",
                             most=len(KINDS), example="['10', 'winter', 'bishop']", value=Quoted.of(kinds))


def _read_name(name: str) -> tuple[str | None, str]:
    """(the kind a typed text of at most MAX_NAME characters names, or None; how it was read: "name",
    "number" or "bad number").  A Mercenary's kind is its value as digits ("7"), a special's its id
    ("winter")."""
    text = name.strip()
    digit = _DIGIT.search(text)
    head = text[:digit.start()] if digit else ""
    word = re.sub(r"[\W_]+$", "", head)         # the words before the value, without what ends them
    if digit is None or word and _key(word) not in _MERC_WORDS:
        return _ALIAS.get(_key(text)), "name"    # a name; one with a digit in it ("bishop2") names nothing
    # a value, alone or after the word Mercenary and a space: the rest must be digits only
    number = read_number(text[digit.start():]) if not head[len(word):].strip() else None
    return (None, "bad number") if number is None else (str(number), "number")


def _unknown(name, kinds, kind: str | None, form: str) -> UnknownCard:
    """The refusal of a card ``name`` that names no card of the deck ``kinds``, saying why (read as
    ``form`` gave ``kind``, which the deck has not), with the cards it has."""
    check_kinds(kinds, every=True)
    real = Listed(sorted((k for k in kinds if k.isdecimal()), key=int))
    if form == "bad number":
        return UnknownCard.say("there is no Mercenary of value {typed}: a value is written with digits only, such as "
                               "'5' (no sign, point, space or other character); the Mercenaries are {values}",
                               typed=Quoted.of(name), values=real)
    if form == "number":
        return UnknownCard.say("there is no Mercenary of value {typed}: the Mercenaries are {values}",
                               typed=Quoted.of(name), values=real)
    key, specials = _key(name), Listed(Lower(k) for k in kinds if not k.isdecimal())
    if not key:
        return UnknownCard.say("the card name is empty; write a Mercenary's value ({values}) or a special card "
                               "({specials})", values=real, specials=specials)
    if key in _MERC_WORDS:
        return UnknownCard.say("{typed} needs a value: a Mercenary is named by its strength, e.g. '5' or {example}; "
                               "the Mercenaries are {values}", typed=Quoted.of(name),
                               example=Quoted.of(f"{name.strip()} 5"), values=real)
    if kind is not None:
        return UnknownCard.say("{typed} ({card}) is not a card of this deck; its special cards are: {specials}",
                               typed=Quoted.of(name), card=Kind(kind), specials=specials)
    close = difflib.get_close_matches(key, list(_ALIAS), n=3, cutoff=0.6)
    suggestions = list(dict.fromkeys(_ALIAS[c] for c in close if _ALIAS[c] in kinds))
    if suggestions:
        return UnknownCard.say("unknown card {typed}. Did you mean {suggestions}? Cards are the Mercenaries {values} "
                               "and {specials}.", typed=Quoted.of(name),
                               suggestions=Either(Quoted.of(Lower(k)) for k in suggestions), values=real,
                               specials=specials)
    return UnknownCard.say("unknown card {typed}. Cards are the Mercenaries {values} and {specials}.",
                           typed=Quoted.of(name), values=real, specials=specials)


def read_card(item, kinds: Iterable[str] = STANDARD_COUNTS) -> tuple[str, int | None]:
    """(kind, card id or None) of a card named by a person: a :class:`Card`, a tag "5#41" (one
    physical card: its kind and its id, a number), or a plain name ("5", "winter": a kind only).

    >>> read_card("Mùa Đông"), read_card("5#41"), read_card("Quân Lính 5#۴۱")
    (('winter', None), ('5', 41), ('5', 41))
    """
    if isinstance(item, Card):
        return item.kind, item.id
    if not (isinstance(item, str) and "#" in item):
        return parse_kind(item, kinds), None
    name, _, num = item.rpartition("#")
    if not name.strip():
        raise UnknownCard.say("{typed} names no card: a card's id comes after its kind, such as '5#41'",
                              typed=Quoted.of(item))
    kind, number = parse_kind(name, kinds), read_number(num.strip())
    if number is None:
        raise UnknownCard.say("{typed} names no card: a card's id is written with digits only, such as '5#41'",
                              typed=Quoted.of(item))
    return kind, number


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
    if not (isinstance(item, str) and "#" in item):
        return None
    kind, number = read_card(item, kinds)
    if number < len(deck) and deck[number].kind == kind:
        return deck[number]
    ids = [c.id for c in deck if c.kind == kind]
    values = dict(typed=Quoted.of(item), number=shorten(item.rpartition("#")[2].strip(), 24), card=Kind(kind))
    if len(ids) > 1:
        raise UnknownCard.say("{typed} does not name a card of this deck: card #{number} is not a {card}; "
                              "the {card} cards of this deck are #{first} to #{last}",
                              first=ids[0], last=ids[-1], **values)
    if ids:
        raise UnknownCard.say("{typed} does not name a card of this deck: card #{number} is not a {card}; "
                              "the {card} of this deck is #{first}", first=ids[0], **values)
    raise UnknownCard.say("{typed} does not name a card of this deck: card #{number} is not a {card}", **values)


def claim_card(item, deck, kinds, used: set, none_left, twice, deck_name: str = "this") -> "Card":
    """The physical card of ``deck`` that ``item`` names (a name, "5#41" or a Card) and that is not
    ``used`` yet, added to ``used``: a name takes the first unused card of its kind.  ``none_left(kind)``
    and ``twice(card)`` make the error raised when no card of that kind is left, or when the card
    named is used already: each caller (a sandbox's hands, a game's stated hands, the odds' hands)
    says why in its own words.

    >>> from .cards import STANDARD_DECK
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


def kind_of(card) -> str:
    """The kind a card of an action shows, to name it in words: a Card's kind, or a kind or tag's
    kind part ("5#41" -> "5"), not checked (the action may be one the game refuses).

    >>> kind_of("5#41"), kind_of("winter")
    ('5', 'winter')
    """
    return str(getattr(card, "kind", card)).partition("#")[0]


# -- takes and targets -----------------------------------------------------------------------------

class Target(NamedTuple):
    """A card of a line as a person names it: ``owner`` (a player's name, or None), and either
    ``kind`` and ``id`` (``Ben:5``, ``5#41``, ``5``) or, by its place, ``position`` (``Ben@2``: Ben's
    second soldier; None when not written as a number)."""

    owner: str | None
    kind: str | None = None
    id: int | None = None
    position: int | None = None

    @property
    def by_position(self) -> bool:
        return self.kind is None


def read_target(text: str, kinds: Iterable[str] = STANDARD_COUNTS) -> Target:
    """A card of someone's line written as ``Ben@2`` (Ben's second soldier in line order),
    ``Ben:5`` (Ben's 5), ``5#41`` (that card) or ``5`` (a 5 of any line).

    >>> read_target("Ben@2"), read_target("Ben@2.0").position
    (Target(owner='Ben', kind=None, id=None, position=2), None)
    >>> read_target("Ben:۵")[:3], read_target("5#41")[:3]
    (('Ben', '5', None), (None, '5', 41))
    """
    owner, sep, rest = split_target(text)
    if sep == "@":
        return Target(owner, position=read_number(rest))
    kind, card = read_card(rest, kinds)
    return Target(owner, kind, card)


def split_target(text: str) -> tuple[str | None, str, str]:
    """The parts of a target as written, not checked (a refused action must still be worded):
    ("Ben", "@", "2") for "Ben@2", ("Ben", ":", "5") for "Ben:5", (None, "", "5#41") for "5#41"."""
    text = text.strip()
    for sep in "@:":
        if sep in text:
            owner, _, rest = text.rpartition(sep)
            return owner.strip(), sep, rest.strip()
    return None, "", text


# -- battles ---------------------------------------------------------------------------------------


_QUOTED = r'"(?:[^"\\]|\\.)*"'   # a double-quoted name; \" and \\ inside it are escapes


def _name(n: str) -> str:
    """A player's name as notation writes it: quoted when it holds a character the
    notation uses (spaces, commas, brackets, quotes ...) or reads like a keyword."""
    if re.search(r'[\s,\[\]():|;"\'\\*>=]', n) or n.lower() == "pass":
        return '"' + n.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return n


def _split_outside_quotes(text: str, sep: str) -> list[str]:
    """text.split(sep), except inside double-quoted names (one left open runs to the end)."""
    parts = [""]
    for piece in re.findall(rf'"(?:[^"\\]|\\.)*"?|[^"{re.escape(sep)}]+|.', text, re.S):
        if piece == sep:
            parts.append("")
        else:
            parts[-1] += piece
    return parts


def format_battle(battle) -> str:
    """The canonical notation of a battle."""
    head = ""
    try:    # a named ruleset, or a combination of the Vietnamese variants ("continuous-war+invasion")
        named = get_ruleset(battle.ruleset.name) == battle.ruleset
    except RulesError:
        named = False
    if battle.ruleset.name != "standard" and named:
        head = f"({battle.ruleset.name}) "
    # who placed the token, who leads and who defends, when it is not simply the first seat
    roles = []
    if battle.token_holder != battle.players[0]:
        roles.append(f"token={_name(battle.token_holder)}")
    if battle.leader != battle.token_holder:
        roles.append(f"leader={_name(battle.leader)}")
    if battle.defender is not None:
        roles.append(f"defender={_name(battle.defender)}")
    seats = "[" + " ".join([_name(p) for p in battle.players] + roles) + "]"
    moves = []
    for m in battle.moves:
        if m.is_pass:
            moves.append(f"{_name(m.player)} pass")
        elif m.kind not in battle.ruleset.counts:      # no card: a variant's battle move
            # a city-state ability instead of a card: firenze=10#52>courtesan#61, venezia=2#9>3#22
            moves.append(f"{_name(m.player)} {m.kind}={battle.deck[m.card].kind}#{m.card}>{m.take}")
        else:
            card = m.kind + ("*" if m.face_down else "")
            if m.kind in ("scarecrow", "maiden") and m.take:   # maiden>5#41: the soldier it removed
                card += f">{m.take}"
            moves.append(f"{_name(m.player)} {card}")
    return head + seats + (" " + ", ".join(moves) if moves else "")


def _split_words(text: str) -> list[str]:
    try:
        return shlex.split(text, posix=True)
    except ValueError as e:         # shlex says one of these two
        if str(e) == "No closing quotation":
            raise RulesError.say("cannot read {typed}: No closing quotation", typed=Quoted.of(text)) from None
        raise RulesError.say("cannot read {typed}: No escaped character", typed=Quoted.of(text)) from None


_HEAD = re.compile(r"\(([^)]*)\)\s*")      # "(hidden-cards) ": the ruleset a notation names


def ruleset_named(text) -> str | None:
    """The ruleset a battle's notation names in its head ("(hidden-cards) [Ana Ben] ..."), or None."""
    m = _HEAD.match(text.strip()) if isinstance(text, str) else None
    return None if m is None else m.group(1)


def parse_battle(text: str, ruleset=None, *, battle_class, **kwargs):
    """Build a battle of ``battle_class`` (Battle) from notation (canonical or shorthand)."""
    if not isinstance(text, str) or not text.strip():
        raise RulesError.say("battle notation is a non-empty string such as '[Ana Ben] Ana 10, Ben winter'")
    if len(text) > MAX_NOTATION:
        limit, n = format(MAX_NOTATION, ","), format(len(text), ",")
        raise RulesError.say("battle notation is at most {limit} characters (a battle of every card in the deck fits "
                             "in far fewer); this text has {n}", limit=limit, n=n)
    text = text.strip()
    m = _HEAD.match(text)
    if m:
        named = get_ruleset(m.group(1))
        if ruleset is not None and get_ruleset(ruleset) != named:
            raise RulesError.say("the notation says ruleset {named} but ruleset={given} was given",
                                 named=Quoted.of(named.name), given=Quoted.of(get_ruleset(ruleset).name))
        ruleset = named
        text = text[m.end():]
    ruleset = get_ruleset(ruleset)
    if not text.startswith("[") and (len(_split_outside_quotes(text, "|")) > 1
                                     or re.match(rf'^({_QUOTED}|[^\s\[,"]+)\s*:', text)):
        seats, moves = _shorthand(text)
        roles = {}
    else:
        seats, moves, roles = _canonical(text)
    for key, who in roles.items():
        arg = _ROLES[key]
        if kwargs.get(arg) is not None and kwargs[arg] != who:
            raise RulesError.say("the notation says {key}={who} but {arg}={given} was given", key=key,
                                 who=Quoted.of(who), arg=arg, given=Quoted.of(kwargs[arg]))
        kwargs[arg] = who
    battle = battle_class(seats, ruleset, **kwargs)
    for i, (player, word) in enumerate(moves, 1):
        try:
            _apply(battle, player, word)
        except RulesError as e:
            raise type(e).say("move {i} ({player} {word}): {error}", i=i, player=shorten(player, 24),
                              word=shorten(word, 40), error=e) from None
    return battle


_ROLES = {"token": "token_holder", "leader": "leader", "defender": "defender"}


def _seat_list(inner: str) -> tuple[list[str], dict[str, str]]:
    """'Ana "Ana Maria" token=Ben' -> (['Ana', 'Ana Maria'], {'token': 'Ben'})."""
    seats, roles = [], {}
    for raw in re.findall(rf'(?:{_QUOTED}|[^\s"])+|"', inner):
        m = re.match(r"(token|leader|defender)=(.+)$", raw, re.S)
        if m:
            roles[m.group(1)] = _split_words(m.group(2))[0]
        else:
            seats += _split_words(raw)
    return seats, roles


def _listed(seats: list[str]) -> Listed:
    """The seats as a refusal lists them: the first eight, quoted (a message stays short)."""
    return Listed([Quoted.of(s) for s in seats[:8]] + (["..."] if len(seats) > 8 else []))


def _canonical(text: str):
    seats, roles = None, {}
    m = re.match(rf'\[((?:{_QUOTED}|[^\]"])*)\]\s*', text)
    if m:
        seats, roles = _seat_list(m.group(1))
        if not seats:
            raise RulesError.say("the seat list [...] is empty; write the players, e.g. [Ana Ben]")
        text = text[m.end():]
    moves = []
    for chunk in [c.strip() for c in _split_outside_quotes(text, ",")]:
        if not chunk:
            continue
        words = _split_words(chunk)
        # a card name may have several words ("Hoàng Mùa Xuân"); a second seat name in
        # the move means a missing comma
        if len(words) < 2 or (seats and any(w in seats for w in words[2:])):
            raise RulesError.say("cannot read the move {typed}: a move is 'Name card' or 'Name pass', moves are "
                                 "separated by commas", typed=Quoted.of(chunk))
        moves.append((words[0], " ".join(words[1:])))
    if seats is None:
        seats = list(dict.fromkeys(p for p, _ in moves))
    else:
        for p, w in moves:
            if p not in seats:
                raise RulesError.say("the move '{player} {word}' names {named}, who is not in the seat list [{seats}]",
                                     player=shorten(p, 24), word=shorten(w, 40), named=Quoted.of(p),
                                     seats=_listed(seats))
    return seats, moves, roles


def _shorthand(text: str):
    passes = []
    text, *tails = _split_outside_quotes(text, ";")
    if tails:
        tail = ";".join(tails)
        words = _split_words(tail)
        if not words or words[0].lower() != "pass":
            raise RulesError.say("after ';' write 'pass' and the names that passed, not {typed}",
                                 typed=Quoted.of(tail.strip()))
        passes = words[1:]
    seats, lines = [], []
    for seg in _split_outside_quotes(text, "|"):
        seg = seg.strip()
        m = re.match(rf'({_QUOTED}|[^:"]+):(.*)$', seg, re.S)
        if not m:
            raise RulesError.say("cannot read {typed}: each part is 'Name: cards', e.g. 'Ana: 10 5 winter'",
                                 typed=Quoted.of(seg))
        name = _split_words(m.group(1))[0] if m.group(1).strip() else ""
        seats.append(name)
        lines.append(_split_words(m.group(2)))
    for p in passes:
        if p not in seats:
            raise RulesError.say("'pass {player}' names {named}, who has no line; players are [{seats}]",
                                 player=shorten(p, 24), named=Quoted.of(p), seats=_listed(seats))
    # the cards round-robin in seat order, then the passes
    moves = [(p, word) for row in itertools.zip_longest(*lines) for p, word in zip(seats, row) if word is not None]
    return seats, moves + [(p, "pass") for p in passes]


def _apply(battle, player: str, word: str) -> None:
    """Make one move written ``word`` ("10", "6*", "scarecrow>5", "pass", "firenze=10#52>courtesan#61")."""
    if word.lower() == "pass":
        battle.pass_turn(player)
        return
    card, has_take, take = word.partition(">")
    ability, is_ability, paid = card.partition("=")
    # a variant's battle move is read in any ruleset, so that one written where it does not belong
    # is refused by name (Battle.apply_move)
    if is_ability and Ruleset.move_home(ability.lower()) is not None:
        # a city-state ability instead of a card: firenze=10#52>courtesan#61, venezia=2#9>3#22
        kind = ability.lower()
        battle.state.check_can_act(player)
        battle.apply_move(Move(player, kind, kind == "firenze", take or None, battle.state.find_card(player, paid).id))
        return
    takes = {"take": None if take in ("", "-") else take} if has_take else {}
    battle.play(player, card.rstrip("*"), face_down=card.endswith("*"), **takes)
