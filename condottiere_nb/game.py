"""Game: the whole game of Condottiere as a seeded, replayable state machine.

In the style of OpenSpiel: ``to_move`` names who decides next (or :data:`TERMINAL`),
``legal_actions()`` lists what they may do, ``apply(action)`` does it.  Dealing is chance,
drawn from ``random.Random(seed)`` and logged as a Step, never asked for.  Each battle is a
strict :class:`~condottiere_nb.battle.Battle`, so the battle rules live in one place.

The decisions, in the order the rulebooks give them (DESIGN.md section 3):

* ``PlaceToken(region)``: the token holder puts the Condottiere token on a region with
  neither a control marker nor the Pope's Favor (first the first player, later after
  every battle);
* ``Play(card, face_down=False, take=None)`` / ``Pass()``: one card or a pass in turn;
* ``PlaceFavor(region)``: right after their Bishop, its player puts the Favor on a region
  without a control marker, or off the map (``None``);
* ``DiscardHand(yes)``: after each battle, a player with no Mercenary in hand may discard it;
* ``Keep(cards)``: at the end of a round, the only player with cards keeps up to two.

>>> g = Game(["Ana", "Ben", "Cy"], seed=1)
>>> g.to_move, g.phase
('Ana', 'token')
>>> g.apply(PlaceToken("Roma"))
>>> g.to_move, g.phase, g.region
('Ana', 'battle', 'Roma')
>>> Game.from_json(g.to_json()).to_json() == g.to_json()
True
"""
from __future__ import annotations

import copy
import itertools
import json
import random
from dataclasses import dataclass, fields
# collections.abc, not typing: isinstance() against the typing aliases is several times slower.
from collections.abc import Iterable, Mapping, Sequence
from operator import attrgetter

from . import board
from .battle import Battle, seat_names
from .cards import Card, exact_card, kind_name, parse_kind
from .errors import IllegalMove, RulesError
from .explain import RULES, Step, explain as explain_steps, join_names
from .rulesets import RULESETS, STANDARD, Ruleset, get_ruleset

__all__ = [
    "Game", "TERMINAL", "FORMAT", "DEFAULT_NAMES", "GAME_RULES",
    "Action", "PlaceToken", "Play", "Pass", "PlaceFavor", "DiscardHand", "Keep",
]

#: The saved-game format this version writes and reads.
FORMAT = "condottiere-game/1"

#: Seat names used when a Game is given a number of players.
DEFAULT_NAMES = ("Ana", "Ben", "Cy", "Dee", "Eva", "Fay")

# Rule ids of the game flow, with the rulebook sections they come from.  They are
# registered in explain.RULES so that Step.title and Step.source work for them too.
GAME_RULES: dict[str, tuple[str, str]] = {
    "game.setup": ("Setting up the game", "vi: Chuẩn Bị; es: Comenzando el juego"),
    "round.deal": ("Dealing: up to 10 cards plus 1 per region",
                   "vi: Chuẩn Bị 4, Kết thúc vòng chơi; es: Comenzando el juego 3, Fin de una ronda"),
    "token.place": ("Placing the Condottiere token",
                    "vi: Tổng quan 1 vòng chơi (Lưu ý), Kết thúc trận chiến 2; "
                    "es: Ronda de juego, 2. Elige la nueva batalla"),
    "battle.start": ("A battle begins: the token holder leads, then clockwise",
                     "vi: Bắt đầu trận chiến; es: Comenzando una batalla"),
    "play.no_cards": ("A player with no cards can only pass",
                      "vi: Nếu một người chơi không còn bài; es: Si un jugador no tiene cartas"),
    "favor.place": ("Placing the Pope's Favor", "vi: Thành Phần 4, Giám Mục; es: Componentes"),
    "region.conquered": ("The winner places a control marker",
                         "vi: Kết thúc trận chiến 1; es: 1. Compare la fuerza"),
    "region.tied": ("A tied battle conquers nothing",
                    "vi: Trường hợp ngoại lệ; es: 1. Compare la fuerza"),
    "game.victory": ("Victory: regions in total or adjacent",
                     "vi: Chiến Thắng 1-2; es: Fin del juego"),
    "battle.discard_lines": ("The battle lines are discarded",
                             "vi: 3 – Giải tán quân đội; es: 3. Descartar las líneas de batalla"),
    "hand.discard": ("A hand without Mercenaries may be discarded",
                     "vi: 4 – Bỏ bài trên tay; es: 4. Descartar cartas de la mano"),
    "round.end": ("The end of a round", "vi: Kết thúc vòng chơi; es: Fin de una ronda"),
    "round.keep": ("The last player with cards keeps up to two",
                   "vi: Kết thúc vòng chơi; es: Fin de una ronda"),
    "game.no_region": ("No region left: the most regions wins",
                       "vi: Chiến Thắng 3; es: Fin del juego"),
    "game.final_battle": ("The final battle among the tied players",
                          "vi: Trường hợp 2 hoặc nhiều người Hòa nhau; es: Romper lazos"),
}
for _rule, _entry in GAME_RULES.items():
    RULES.setdefault(_rule, _entry)
del _rule, _entry


class _Terminal:
    """The value of ``Game.to_move`` once the game is over (nobody moves)."""

    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "TERMINAL"

    def __reduce__(self):
        return (_Terminal, ())


TERMINAL = _Terminal()


# ---------------------------------------------------------------------------------
# Actions: small immutable values whose repr can be pasted back into Python
# ---------------------------------------------------------------------------------

class Action:
    """Base class of the game's actions (PlaceToken, Play, Pass, PlaceFavor, DiscardHand, Keep)."""

    __slots__ = ()
    # True on a variant's own actions (variants/game_rules.VariantAction).  Set here too, so
    # that apply()'s getattr finds it instead of raising and catching an AttributeError.
    _variant_action = False
    # The kind, on the shared Play of a face-up card taking nothing back, other than a Bishop
    # (set by _play): the Game's usual move (Game.apply); None on everything else.
    _plain_kind = None


def _card_repr(card) -> str:
    return repr(card)


@dataclass(frozen=True)
class PlaceToken(Action):
    """Put the Condottiere token on ``region``: the next battle is fought there."""

    region: str

    def __repr__(self) -> str:
        return f"PlaceToken({self.region!r})"


@dataclass(frozen=True)
class Play(Action):
    """Play one card: a name ("10", "winter", "Mùa Đông"), a Card, or "5#41" for one physical card.

    ``take`` is for a Scarecrow: the Mercenary of your own line to take back (None: nothing).
    ``face_down`` only where the ruleset has hidden cards.
    """

    card: object
    face_down: bool = False
    take: object = None

    def __repr__(self) -> str:
        parts = [_card_repr(self.card)]
        if self.face_down:
            parts.append(f"face_down={self.face_down!r}")
        if self.take is not None:
            parts.append(f"take={_card_repr(self.take)}")
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
            cards = tuple(cards)
        object.__setattr__(self, "cards", cards)

    def __repr__(self) -> str:
        return f"Keep({self.cards!r})"


# Canonical actions are shared objects: legal_actions() builds none in a simulation.
_PASS = Pass()
_PLAYS: dict[tuple, Play] = {}
_TOKENS = {r: PlaceToken(r) for r in board.REGIONS}
_FAVORS = {**{r: PlaceFavor(r) for r in board.REGIONS}, None: PlaceFavor(None)}
_DISCARDS = (DiscardHand(True), DiscardHand(False))


def _game_rules():
    """variants/game_rules.py, imported on first use (it imports this module)."""
    global _GAME_RULES
    if _GAME_RULES is None:
        from .variants import game_rules
        _GAME_RULES = game_rules
    return _GAME_RULES


_GAME_RULES = None
_KEEPS: dict[tuple, Keep] = {}      # _keep_actions(): kinds -> the Keep (value objects, shared)


def _play(kind: str, face_down: bool = False, take: str | None = None) -> Play:
    key = (kind, face_down, take)
    action = _PLAYS.get(key)
    if action is None:
        action = _PLAYS[key] = Play(kind, face_down, take)
        if not face_down and take is None and kind != "bishop":
            object.__setattr__(action, "_plain_kind", kind)
    return action


def _face_up_record(card_id: int) -> tuple:
    """A saved game's entry for a face-up play of card ``card_id`` taking nothing back (shared:
    every entry is read only, and to_json copies it)."""
    record = _FACE_UP_RECORDS.get(card_id)
    if record is None:
        record = _FACE_UP_RECORDS[card_id] = ("play", card_id, False, None)
    return record


_FACE_UP_RECORDS: dict[int, tuple] = {}


class _PlayTables:
    """The legal plays without hidden cards, looked up instead of built (legal_actions() is
    asked before every move of a simulation).

    Each kind of the deck has a bit; a hand is the OR of its kinds' bits.  The kinds are cut
    into chunks of at most 8, in deck order, and each chunk has a table: chunk bits -> the
    Plays of those kinds.  The plays of a hand are the chunks' entries one after the other;
    the Scarecrow ends a chunk, so that its takes (one table per chunk too, over the bits of
    the face-up Mercenaries in the player's line) go right after it.  A few hundred entries,
    shared by every Game with this deck.

    :meth:`plays` keeps each answer it builds (a tuple, Pass last), keyed by the hand's bits
    and the takes' bits above them: a simulation meets the same few thousand hands again
    and again, and one dict lookup is cheaper than joining the chunks each time.
    """

    _KEPT = 50_000              # answers kept per deck, at most (~200 bytes each; 1,000 games make ~30,000)

    def __init__(self, kinds: tuple):
        self.kinds = kinds
        self.rank = {k: i for i, k in enumerate(kinds)}                 # Game._rank
        self.plain = tuple((k, _play(k)) for k in kinds)                # Game._plain
        self.bits = {k: 1 << i for i, k in enumerate(kinds)}
        self.width = len(kinds)
        self.scarecrow = self.bits.get("scarecrow", 0)
        cut = kinds.index("scarecrow") + 1 if "scarecrow" in kinds else len(kinds)
        self.before = self._chunks(kinds, 0, cut, _play)
        self.after = self._chunks(kinds, cut, len(kinds), _play)
        self.takes = self._chunks(kinds, 0, len(kinds), lambda k: _play("scarecrow", False, k))
        self.known: dict[int, tuple] = {}           # plays(): key -> the plays
        self._decks: dict[int, tuple] = {}          # id_bits(): id(cards) -> (cards, bits)

    def id_bits(self, cards: tuple) -> list:
        """Each card's kind bit, by card id (a list index costs less than a dict lookup by
        kind, and legal_actions() does one per card in hand, every turn)."""
        entry = self._decks.get(id(cards))
        if entry is None or entry[0] is not cards:
            entry = self._decks[id(cards)] = (cards, [self.bits[c.kind] for c in cards])
        return entry[1]

    @staticmethod
    def _chunks(kinds: tuple, start: int, end: int, action) -> tuple:
        chunks = []
        for lo in range(start, end, 8):
            part = kinds[lo:min(lo + 8, end)]
            table = tuple(tuple(action(k) for i, k in enumerate(part) if m >> i & 1)
                          for m in range(1 << len(part)))
            chunks.append((lo, (1 << len(part)) - 1, table))
        return tuple(chunks)

    def plays(self, key: int) -> tuple:
        """The plays of a hand with kinds ``key & (2**width - 1)`` whose Scarecrow may take
        back the kinds ``key >> width``: one Play per kind in deck order, the Scarecrow's
        takes right after it, then Pass.  Asked when ``known`` has no answer yet."""
        mask, mine = key & ((1 << self.width) - 1), key >> self.width
        actions = []
        for lo, width, table in self.before:
            actions += table[mask >> lo & width]
        if mine:
            for lo, width, table in self.takes:
                actions += table[mine >> lo & width]
        for lo, width, table in self.after:
            actions += table[mask >> lo & width]
        actions.append(_PASS)
        found = tuple(actions)
        if len(self.known) < self._KEPT:
            self.known[key] = found
        return found


_PLAY_TABLES: dict[tuple, _PlayTables] = {}


def _play_tables(ruleset: Ruleset) -> _PlayTables:
    """The tables of the ruleset's deck (built once per deck)."""
    try:
        key = ruleset.deck
        tables = _PLAY_TABLES.get(key)
    except TypeError:               # an unhashable custom deck
        key = ruleset.kinds
        tables = _PLAY_TABLES.get(key)
    if tables is None:
        tables = _PLAY_TABLES[key] = _PlayTables(ruleset.kinds)
    return tables


_UNSET = object()
_KIND = attrgetter("kind")
_CORE = frozenset({PlaceToken, Play, Pass, PlaceFavor, DiscardHand, Keep})
_PASS_RECORD = ("pass",)        # a saved game's pass (every entry is read only; to_json copies it)


# ---------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------

class Game:
    """A whole game of Condottiere for 2 to 6 players.

    ``players``: seat names in clockwise order (or a number: "Ana", "Ben", ...); the first
    deals, places the Condottiere token and leads the first battle.  ``seed``: the dealing
    (``random.Random(seed)``); None draws a seed, which :attr:`seed` then shows.
    ``explain=False``: no Step objects (a fast path for simulations; the same game).

    Setting up a position (tests, notebooks; stored in the saved game):
    ``hands={"Ana": ["10", "winter", ...]}`` deals exactly those cards to the players named
    (the others are dealt as usual); ``deck_order=[...]``: the cards on top of the draw pile,
    top first; ``control={"Parma": "Ana"}`` and ``favor="Roma"``: markers already on the map.
    """

    def __init__(self, players: "Sequence[str] | int" = 4, ruleset: "Ruleset | str" = "standard",
                 seed: "int | str | None" = None, *, explain: bool = True,
                 hands: Mapping[str, Iterable] | None = None, deck_order: Iterable | None = None,
                 control: Mapping[str, str] | None = None, favor: str | None = None):
        self.ruleset = get_ruleset(ruleset)
        self.players = _check_players(players)
        if seed is None:
            seed = random.SystemRandom().randrange(2 ** 32)
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise RulesError(f"seed must be an integer or a string (or None), not {seed!r}")
        self.seed = seed
        # Named `explaining` so that it does not hide the explain() method.
        self.explaining = bool(explain)
        self.cards: tuple[Card, ...] = self.ruleset.make_deck()
        self._tables = _play_tables(self.ruleset)   # per deck, shared: legal_actions()' lookups
        self._id_bits = self._tables.id_bits(self.cards)
        self._rank = self._tables.rank               # kind -> position in the deck (read only)
        self._plain = self._tables.plain             # (kind, Play(kind)) in deck order
        self._rng = random.Random(seed)
        n = len(self.players)
        # victory_regions (fa): that many regions win, with no adjacency win
        self._thresholds = ((self.ruleset.victory_regions, 0) if self.ruleset.victory_regions
                            else board.victory_thresholds(n))

        self._control: dict[str, str] = {}
        self._favor: str | None = None
        self.token_holder: str = self.players[0]
        self.region: str | None = None
        self.round = 1
        self.battles = 0
        self.battle: Battle | None = None
        self.resolution = None
        self._hands: dict[str, list[Card]] = {p: [] for p in self.players}
        self._deck: list[Card] = []          # the draw pile; its top is the END of the list
        self._discard: list[Card] = []
        self._lines_out = False              # a resolved battle's lines are still on the table
        self._logged = 0                     # battle steps already copied to the log
        self.phase = "token"
        self._over = False                   # is_over: phase == "over" (set with it, in _finish)
        self._to_move: object = self.players[0]
        self._queue: list[str] = []          # players still to decide on discarding their hand
        self._after_battle = False
        self.final = False
        self.winners: tuple[str, ...] = ()
        self.reason: str | None = None
        self.victory: board.Victory | None = None
        self.log: list[Step] = []
        self.actions: list[Action] = []
        self._record: list[list] = []
        self._legal: list[Action] | None = None
        self._final_players: tuple[str, ...] = ()
        self._final_leader: str | None = None
        self._open_memo: tuple | None = None    # _open(): (control, favor, regions, tokens)
        # The variants' game rules (variants/game_rules.py), None when the Game needs none;
        # their state is plain data in _vstate, copied by clone().
        self._variant = _game_rules().for_ruleset(self.ruleset)
        # Every play from legal_actions() without a take is face up and acts at once: no hidden
        # cards, no soldiers face down (Battle._play_plain); the variants play their own way.
        self._plain_plays = (self._variant is None and not self.ruleset.hidden_cards
                             and not self.ruleset.mercenaries_face_down)
        self._vstate: dict = {}
        self._setup = self._set_up(hands, deck_order, control, favor)
        if self._variant is not None:
            self._variant.setup(self)

    # -- setting up ----------------------------------------------------------------------
    def _set_up(self, hands, deck_order, control, favor) -> dict:
        """Validate the stated position, then deal.  Returns the setup as saved in JSON."""
        players = self.players
        setup_control = {}
        if control is not None:
            if not isinstance(control, Mapping):
                raise RulesError("control must map regions to players, e.g. {'Parma': 'Ana'}")
            for r, p in control.items():
                name = board.region(r)
                if p is None:
                    continue
                if p not in players:
                    raise RulesError(f"control gives {name} to {p!r}, who is not a player; players are "
                                     f"{list(players)}")
                setup_control[name] = p
            won = board.check_victory(setup_control, len(players))
            if won:
                raise RulesError(f"the stated control already makes {won[0].player} the winner "
                                 f"({won[0].reason}); a game must start before any victory")
        self._control = {r: setup_control[r] for r in board.REGIONS if r in setup_control}
        if favor is not None:
            favor = board.region(favor)
            if favor in self._control:
                raise RulesError(f"the Pope's Favor cannot start on {favor}: it has a control marker")
        self._favor = favor
        if not self.open_regions():
            raise RulesError("the stated position leaves no region where the Condottiere token can go")

        used: set[int] = set()
        stated: dict[str, list[Card]] = {}
        if hands is not None:
            if not isinstance(hands, Mapping):
                raise RulesError("hands must map players to lists of cards, e.g. {'Ana': ['10', 'winter']}")
            for p, items in hands.items():
                if p not in players:
                    raise RulesError(f"hands name {p!r}, who is not a player; players are {list(players)}")
                if isinstance(items, str):
                    items = items.split()
                if not isinstance(items, Iterable):
                    raise RulesError(f"{p}'s hand must be a list of cards, not {items!r}")
                stated[p] = [self._stated_card(item, used, f"{p}'s hand") for item in items]
        top: list[Card] = []
        if deck_order is not None:
            if isinstance(deck_order, str):
                deck_order = deck_order.split()
            if not isinstance(deck_order, Iterable):
                raise RulesError(f"deck_order must be a list of cards, not {deck_order!r}")
            top = [self._stated_card(item, used, "deck_order") for item in deck_order]
        rest = _all_but(self.cards, used)
        _shuffle(self._rng, rest)
        # The pile's top is the end of the list: deck_order[0] is drawn first.
        self._deck = rest + top[::-1]
        for p, cards in stated.items():
            self._hands[p] = list(cards)
        if self.explaining:
            markers = ", ".join(f"{r} ({p})" for r, p in self._control.items())
            text = (f"{len(players)} players sit in this clockwise order: {join_names(players)}. "
                    f"{players[0]} takes the Condottiere token, deals, and will place it on the first "
                    f"battlefield. To win: {self._thresholds[0]} regions in total"
                    + (f" or {self._thresholds[1]} adjacent ones." if self._thresholds[1] else "."))
            if markers:
                text += f" Already controlled: {markers}."
            if self._favor:
                text += f" The Pope's Favor is on {self._favor}."
            self.log.append(Step("game.setup", text, data={"players": list(players), "seed": self.seed}))
        self._deal([p for p in self._deal_order(players) if p not in stated], dealer=players[0],
                   stated=sorted(stated, key=players.index), upto=self.ruleset.first_hand or None)
        return {
            "hands": None if hands is None else {p: [c.id for c in cs] for p, cs in stated.items()},
            "deck_order": None if deck_order is None else [c.id for c in top],
            "control": None if control is None else dict(self._control),
            "favor": self._favor,
        }

    def _stated_card(self, item, used: set, where: str) -> Card:
        """One card named in a stated hand or deck order: a name, "5#41" or a Card."""
        card = exact_card(item, self.cards, self.ruleset.kinds, self.ruleset.name, RulesError)
        if card is None:
            kind = parse_kind(item, self.ruleset.kinds)
            card = next((c for c in self.cards if c.kind == kind and c.id not in used), None)
            if card is None:
                raise RulesError(f"{where} asks for one {kind_name(kind)} too many: the deck has only "
                                 f"{self.ruleset.counts[kind]}, and the stated hands and deck order use them all")
        if card.id in used:
            raise RulesError(f"card {card.tag} is stated twice (in {where} and before)")
        used.add(card.id)
        return card

    def _deal_order(self, players: Sequence[str]) -> list[str]:
        """Clockwise from the dealer's left (the dealer, the token holder, is served last)."""
        i = self.players.index(self.token_holder)
        seats = self.players[i + 1:] + self.players[:i + 1]
        return [p for p in seats if p in players]

    def hand_limit(self, player: str) -> int:
        """How many cards a deal fills ``player``'s hand up to: 10 + 1 per region controlled."""
        return self._hand_limits((player,))[player]

    def _hand_limits(self, players) -> dict[str, int]:
        """hand_limit() of each of ``players``, the control markers counted once."""
        size, per, owned = self._hand_size(), self.ruleset.cards_per_region, list(self._control.values())
        return {p: size + per * owned.count(p) for p in players}

    def _hand_size(self) -> int:
        """hand_size, or the size for this many players (option hand_sizes, fa: 10 or 8)."""
        rs = self.ruleset
        return dict(rs.hand_sizes).get(len(self.players), rs.hand_size) if rs.hand_sizes else rs.hand_size

    def _deal(self, players: Sequence[str], dealer: str, stated: Sequence[str] = (),
              upto: int | None = None) -> None:
        """Deal one card at a time, clockwise, until every hand reaches its limit (or ``upto``
        cards: Continuous War's 7-card start, a final battle's hand), or the pile ends."""
        hands, deck = self._hands, self._deck
        before = {p: len(hands[p]) for p in players} if self.explaining else None
        limits = self._hand_limits(players) if upto is None else {p: upto for p in players}
        wanting = []
        for p in players:
            if len(hands[p]) < limits[p]:
                wanting.append(p)
        while wanting and deck:
            # One card a lap to each player still wanting; the laps until the next hand is full
            # go out in one slice (the same cards to the same players as card by card).
            m = len(wanting)
            laps = None
            for p in wanting:       # the fewest cards still wanted (a loop: a generator is a call)
                want = limits[p] - len(hands[p])
                if laps is None or want < laps:
                    laps = want
            if laps * m <= len(deck):
                top = deck[-laps * m:]
                del deck[-laps * m:]
                top.reverse()
                for j, p in enumerate(wanting):
                    hands[p] += top[j::m]
            else:
                for p in wanting:
                    if deck:
                        hands[p].append(deck.pop())
            still = []
            for p in wanting:
                if len(hands[p]) < limits[p]:
                    still.append(p)
            wanting = still
        for p in players:
            hands[p].sort(key=_card_id)
        if not self.explaining or not players:
            return
        parts = []
        for p in players:
            got = len(hands[p]) - before[p]
            owned = [r for r, q in self._control.items() if q == p]
            why = f"{before[p]} in hand" + (f", {len(owned)} region{'s' if len(owned) > 1 else ''} "
                                            f"({join_names(owned)})" if owned else "")
            parts.append(f"{p} {got} ({why} -> {len(hands[p])})")
        if upto is not None:
            text = f"{dealer} deals each player up to {upto} cards: {'; '.join(parts)}."
        else:
            text = (f"{dealer} deals each player up to {self._hand_size()} cards plus "
                    f"{self.ruleset.cards_per_region} for each region they control: {'; '.join(parts)}.")
        if stated:
            text += f" The hands of {join_names(stated)} were stated for this game."
        if wanting:
            text += " The draw pile ran out before every hand was full."
        self.log.append(Step("round.deal", text, player=dealer,
                             data={"dealt": {p: len(hands[p]) - before[p] for p in players},
                                   "hand_sizes": {p: len(hands[p]) for p in self.players}}))

    # -- facts -----------------------------------------------------------------------------
    # Read-only properties read by a C getter (attrgetter): a loop asks them at every move,
    # and a Python getter costs a call each time.
    to_move = property(attrgetter("_to_move"),
                       doc="The player who decides next, or TERMINAL once the game is over.")
    is_over = property(attrgetter("_over"), doc="True once the game has ended (phase 'over').")

    @property
    def control(self) -> dict[str, str]:
        """region -> player, for every region with a control marker."""
        return dict(self._control)

    @property
    def favor(self) -> str | None:
        """The region holding the Pope's Favor, or None (off the map)."""
        return self._favor

    @property
    def hands(self) -> dict[str, list[Card]]:
        """Every player's hand (copies)."""
        return {p: list(h) for p, h in self._hands.items()}

    def hand(self, player: str) -> list[Card]:
        if player not in self._hands:
            raise RulesError(f"{player!r} is not a player; players are {list(self.players)}")
        return list(self._hands[player])

    @property
    def deck(self) -> list[Card]:
        """The draw pile, top card first."""
        return self._deck[::-1]

    @property
    def discard_pile(self) -> list[Card]:
        pile = list(self._discard)
        if self.battle is not None and not self.battle.is_resolved:
            pile += self.battle.discarded
        return pile

    @property
    def lines(self) -> dict[str, list[Card]]:
        """The battle lines on the table (during a battle, or after it until they are discarded)."""
        if self.battle is not None and (self._lines_out or not self.battle.is_resolved):
            return {p: list(self.battle.lines.get(p, ())) for p in self.players}
        return {p: [] for p in self.players}

    def regions_of(self, player: str) -> list[str]:
        return [r for r in board.REGIONS if self._control.get(r) == player]

    def open_regions(self) -> list[str]:
        """Where the Condottiere token may go: no control marker, no Favor.  Invasion (vi, Xâm
        Lược): any region without the Favor, controlled ones too."""
        # Asked twice after every battle (is any region left? then the token's choices) with
        # the same markers: the last answer is kept with the markers it was for.
        return list(self._open()[2])

    def _open(self) -> tuple:
        """(control, favor, open regions, their PlaceToken actions), worked out again only
        when the markers have changed since the last time."""
        memo = self._open_memo
        if memo is not None and memo[1] == self._favor and memo[0] == self._control:
            return memo
        regions = board._open(self._control, self._favor, self.ruleset.invasion)   # canonical names
        memo = self._open_memo = (dict(self._control), self._favor, tuple(regions),
                                  tuple(map(_TOKENS.__getitem__, regions)))
        return memo

    def favor_regions(self) -> list[str]:
        """Where the Pope's Favor may go (besides off the map): any region without a control marker
        (Invasion: any region at all)."""
        control = () if self.ruleset.invasion else self._control
        regions = [r for r in board.REGIONS if r not in control]
        if not self.ruleset.favor_on_battle_region and self.battle is not None and self.region in regions:
            regions.remove(self.region)
        return regions

    def card_locations(self) -> dict:
        """Where every card is: hands, lines (on the table), deck, discard (card ids)."""
        return {
            "hands": {p: [c.id for c in h] for p, h in self._hands.items()},
            "lines": {p: [c.id for c in l] for p, l in self.lines.items()},
            "deck": [c.id for c in self.deck],
            "discard": [c.id for c in self.discard_pile],
        }

    # -- legal actions ------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now, in a fixed order ([] once over)."""
        legal = self._legal
        if legal is not None:
            return [*legal]
        if self.phase != "battle" or self.ruleset.hidden_cards:
            legal = self._legal = self._compute_legal()
            return [*legal]
        # A battle without hidden cards: asked before every move of a simulation, so worked
        # out here, without another call.  The plays are looked up in _PlayTables: the kinds
        # in hand as bits, and the kinds the Scarecrow may take back as bits above them.
        player = self._to_move
        tables = self._tables
        bits = self._id_bits
        mask = 0
        for c in self._hands[player]:
            mask |= bits[c.id]
        battle = self.battle
        if battle.banned:       # zh: Bologna's and Milano's bans
            for k in battle.banned:
                mask &= ~tables.bits.get(k, 0)
        if mask & tables.scarecrow:
            fd = battle.face_down
            mine = 0
            for c in battle.lines[player]:
                if c.mercenary and c.id not in fd:
                    mine |= bits[c.id]
            mask |= mine << tables.width
        legal = tables.known.get(mask)
        if legal is None:
            legal = tables.plays(mask)
        if self._variant is not None:
            legal = self._variant.battle_actions(self, player, list(legal))
        self._legal = legal
        return [*legal]

    def _compute_legal(self) -> "list[Action] | tuple[Action, ...]":
        """legal_actions() but for a battle without hidden cards (which it works out itself)."""
        phase = self.phase
        if phase == "battle":
            actions = self._hidden_plays(self._to_move)
            if self._variant is not None:
                actions = self._variant.battle_actions(self, self._to_move, list(actions))
            return actions
        if phase == "token":
            return self._open()[3]
        if phase == "favor":
            return [_FAVORS[r] for r in self.favor_regions()] + [_FAVORS[None]]
        if phase == "discard":
            return list(_DISCARDS)
        if phase == "keep":
            return self._keep_actions(self._to_move)
        if self._variant is not None:
            return self._variant.legal(self)     # the variants' phases (city-states choices)
        return []

    def _hidden_plays(self, player: str) -> list[Action]:
        """The battle's legal plays with hidden cards: one Play per kind in hand (in deck order),
        Scarecrow takes, face-down plays, then Pass.  (Without hidden cards, legal_actions()
        looks the same list up, as a shared tuple.)"""
        rs = self.ruleset
        present = set(map(_KIND, self._hands[player]))
        if self.battle.banned:      # zh: Bologna's and Milano's bans
            present -= self.battle.banned.keys()
        actions = []
        for kind, plain in self._plain:
            if kind not in present:
                continue
            actions.append(plain)
            takes = ()
            if kind == "scarecrow":
                face_down = self.battle.face_down
                mine = {c.kind for c in self.battle.lines[player] if c.mercenary and c.id not in face_down}
                if mine:
                    takes = [k for k, _ in self._plain if k in mine]
                    actions.extend(_play(kind, False, t) for t in takes)
            if rs.face_down_specials != "mercenaries_only" or kind.isdigit():
                actions.append(_play(kind, True))
                if takes and rs.face_down_specials == "on_play":
                    actions.extend(_play(kind, True, t) for t in takes)
        actions.append(_PASS)
        return actions

    def _keep_actions(self, player: str) -> list[Action]:
        counts: dict[str, int] = {}
        for c in self._hands[player]:
            counts[c.kind] = counts.get(c.kind, 0) + 1
        kinds = sorted(counts, key=self._rank.__getitem__)
        most = min(self.ruleset.keep_cards, len(self._hands[player]))
        # every multiset of at most `most` of the hand's cards, in deck order: the distinct
        # combinations of the hand's kinds, each repeated as often as it can be kept
        pool = [k for k in kinds for _ in range(min(counts[k], most))]
        actions = []
        for size in range(most + 1):
            for combo in dict.fromkeys(itertools.combinations(pool, size)):
                keep = _KEEPS.get(combo)
                if keep is None:
                    keep = Keep(combo)
                    if len(_KEEPS) < 100_000:
                        _KEEPS[combo] = keep
                actions.append(keep)
        return actions

    # -- applying ---------------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Do ``action`` for the player to move.  An illegal action raises IllegalMove (saying what
        is allowed now) and leaves the game exactly as it was."""
        if self._plain_plays and self.phase == "battle":
            # A simulation's moves, without a search through legal_actions(): in a battle with
            # no variant and no hidden cards, it lists Pass and the shared Play of each kind in
            # hand (plus the Scarecrow's takes), so Pass is legal, and so is the shared face-up
            # Play of a kind (other than the Bishop, which may stop for the Favor) exactly when
            # the player holds a card of it.  The battle skips the checks play() and
            # pass_turn() make for moves typed by a person.
            if action is _PASS:
                self._legal = None
                self.battle._pass_validated(self._to_move)
                self._record.append(_PASS_RECORD)
                self._continue_battle()
                self.actions.append(action)
                return
            kind = action._plain_kind if type(action) is Play else None
            if kind is not None:
                player = self._to_move
                at = 0
                for card in self._hands[player]:       # the first card of that kind (_first_of,
                    if card.kind == kind:              # without the call)
                        break
                    at += 1
                else:
                    kind = None         # none in hand: refused below, with the reason
            if kind is not None:
                self._legal = None
                battle = self.battle
                battle._play_plain(player, card, at)
                record = _FACE_UP_RECORDS.get(card.id)
                self._record.append(record if record is not None else _face_up_record(card.id))
                if self.explaining:
                    self._sync_log()
                # _continue_battle's usual first step, without the call: the next player has
                # cards (a play ends a battle only by a Surrender)
                nxt = battle.players[battle._next]
                if self._hands[nxt] and battle.surrendered_by is None:
                    self._to_move = nxt
                else:
                    self._continue_battle()
                self.actions.append(action)
                return
        legal = self._legal
        if legal is None:
            self.legal_actions()
            legal = self._legal
        for known in legal:
            # An action taken from legal_actions() is canonical already (agents do this).
            if known is action and type(action) in _CORE:
                canon, card, take = action, None, None
                break
        else:
            canon, card, take = self._canonical(action)
            if canon not in legal:
                raise IllegalMove(self._rejection(action, canon))
        self._legal = None
        phase = self.phase
        if canon is _PASS and phase == "battle":
            self.battle._pass_validated(self._to_move)
            self._record.append(_PASS_RECORD)
            self._continue_battle()
        elif self._variant is not None and canon._variant_action:    # False but on a variant's own
            self._variant.apply(self, canon, card)
        elif phase == "battle":
            self._do_battle_action(canon, card, take)
        elif phase == "token":
            self._do_token(canon.region)
        elif phase == "favor":
            self._do_favor(canon.region)
        elif phase == "discard":
            self._do_discard(canon.yes)
        else:
            self._do_keep(canon, card)
        self.actions.append(canon)

    def _canonical(self, action) -> tuple:
        """(canonical action, physical card(s), taken card) for an action as the user wrote it.

        Raises IllegalMove for something that is not an action, UnknownCard / UnknownRegion for
        names that mean nothing; returns a canonical action that may still be illegal now.
        """
        cls = type(action)
        if getattr(action, "_variant_action", False):
            if self._variant is None:
                raise IllegalMove(f"{action!r} is an action of a variant; the {self.ruleset.name!r} ruleset has "
                                  f"none. {self._allowed_text()}")
            canon, physical = self._variant.canonical(self, action)
            return canon, physical, None
        if cls is Play:
            player = self._to_move if self.phase == "battle" else None
            kind, card = self._named_card(action.card, player, "hand")
            if not isinstance(action.face_down, bool):
                raise IllegalMove(f"face_down must be True or False, not {action.face_down!r}")
            take = None
            take_kind = None
            if action.take is not None and kind == "maiden" and self._variant is not None:
                take_kind = self._variant.maiden_take(self, action.take)   # fa: "Ben@2", a position
            elif action.take is not None:
                take_kind, take = self._named_card(action.take, player, "line")
            return _play(kind, action.face_down, take_kind), card, take
        if cls is Pass:
            return _PASS, None, None
        if cls is PlaceToken:
            return _TOKENS[board.region(action.region)], None, None
        if cls is PlaceFavor:
            return _FAVORS[None if action.region is None else board.region(action.region)], None, None
        if cls is DiscardHand:
            if not isinstance(action.yes, bool):
                raise IllegalMove(f"DiscardHand takes True or False, not {action.yes!r}")
            return _DISCARDS[0 if action.yes else 1], None, None
        if cls is Keep:
            if not isinstance(action.cards, tuple):
                raise IllegalMove(f"Keep takes a tuple of cards such as Keep(('10', 'heroine')), "
                                  f"not {action.cards!r}")
            player = self._to_move if self.phase == "keep" else None
            named = [self._named_card(item, player, "hand") for item in action.cards]
            named.sort(key=lambda kc: self._rank[kc[0]])
            cards = [c for _, c in named]
            ids = [c.id for c in cards if c is not None]
            if len(set(ids)) != len(ids):
                raise IllegalMove("Keep names the same physical card twice")
            return Keep(tuple(k for k, _ in named)), cards, None
        raise IllegalMove(f"apply() takes an action such as PlaceToken('Roma'), Play('10'), Pass(), "
                          f"PlaceFavor(None), DiscardHand(True) or Keep(('10',)), not {action!r}. "
                          + self._allowed_text())

    def _named_card(self, item, player, where: str) -> tuple[str, "Card | None"]:
        """(kind, physical card or None) for a card named by the user; a "5#41" or a Card
        names one physical card, which must be in ``player``'s hand (or line for ``take``)."""
        card = exact_card(item, self.cards, self.ruleset.kinds, self.ruleset.name, IllegalMove)
        if card is None:
            if isinstance(item, str) and item in self._rank:
                return item, None
            return parse_kind(item, self.ruleset.kinds), None
        if player is not None:
            if where == "hand":
                pool = self._hands[player]
            else:
                pool = self.battle.lines[player] if self.battle is not None else []
            if card not in pool:
                place = "hand" if where == "hand" else "line"
                raise IllegalMove(f"{card.tag} is not in {player}'s {place}. {self._allowed_text()}")
        return card.kind, card

    def _rejection(self, action, canon) -> str:
        """Why ``action`` is not legal now, and what is."""
        phase = self.phase
        who = self._to_move
        if phase == "over":
            return f"the game is over ({self._result_text()}); no action is possible"
        expected = {"token": PlaceToken, "battle": (Play, Pass), "favor": PlaceFavor,
                    "discard": DiscardHand, "keep": Keep}.get(phase, Action)
        if not isinstance(canon, expected) or (expected is Action and not getattr(canon, "_variant_action", False)):
            return (f"{type(action).__name__} is not possible now: {self._waiting_text()}. "
                    f"{self._allowed_text(context=False)}")
        elif phase == "battle" and isinstance(canon, Play):
            reason = self._battle_rejection(who, canon)
        elif phase == "token":
            r = canon.region
            if r in self._control:
                reason = f"{r} already has {self._control[r]}'s control marker; the token never goes there"
            elif r == self._favor:
                reason = f"{r} has the Pope's Favor, so no battle can be fought there"
            else:
                reason = f"the token cannot go on {r} now"
        elif phase == "favor":
            r = canon.region
            if r in self._control:
                reason = f"the Pope's Favor goes only on a region without a control marker; {r} is {self._control[r]}'s"
            else:
                reason = f"the Pope's Favor cannot go on {r} under this ruleset (it is the region being fought over)"
        elif phase == "keep":
            hand = self._hands[who]
            if len(canon.cards) > self.ruleset.keep_cards:
                reason = f"{who} may keep at most {self.ruleset.keep_cards} cards, not {len(canon.cards)}"
            else:
                reason = (f"{who}'s hand ({' '.join(c.name for c in hand)}) does not hold "
                          f"{' '.join(kind_name(k) for k in canon.cards)}")
        else:
            reason = f"{action!r} is not possible now"
        return f"{reason}. {self._allowed_text()}"

    def _battle_rejection(self, player: str, canon: Play) -> str:
        """The battle's own words for a card it would refuse (tried on a copy)."""
        trial = self.battle.copy()
        trial.explaining = False
        kwargs = {} if canon.take is None and canon.card != "scarecrow" else {"take": canon.take}
        try:
            trial.play(player, canon.card, face_down=canon.face_down, **kwargs)
        except RulesError as err:
            return str(err)
        return f"{canon!r} is not possible now"

    def _waiting_text(self) -> str:
        who = self._to_move
        phase = self.phase
        if phase == "token":
            return f"{who} holds the Condottiere token and must place it on a region (PlaceToken)"
        if phase == "battle":
            where = "the final battle" if self.final else f"the battle for {self.battle.region}"
            return f"it is {who}'s turn in {where} (Play or Pass)"
        if phase == "favor":
            return f"{who} played a Bishop and must place the Pope's Favor (PlaceFavor)"
        if phase == "discard":
            return f"{who} has no Mercenary in hand and may discard it (DiscardHand)"
        if phase == "keep":
            return f"the round is over and {who}, the only player with cards, chooses what to keep (Keep)"
        if self._variant is not None and phase != "over":
            return self._variant.waiting_text(self)
        return "the game is over"

    def _allowed_text(self, context: bool = True, limit: int = 16) -> str:
        """What the player to move may do now, in one sentence."""
        legal = self.legal_actions()
        if not legal:
            return "The game is over: nothing is allowed."
        why = f" ({self._waiting_text()})" if context else ""
        if self.phase in ("token", "favor"):
            name = "PlaceToken" if self.phase == "token" else "PlaceFavor"
            regions = [a.region for a in legal if a.region is not None]
            off = " or None (off the map)" if self.phase == "favor" else ""
            return f"Allowed now{why}: {name}(region) with region one of {', '.join(regions)}{off}."
        shown = ", ".join(repr(a) for a in legal[:limit])
        more = f" and {len(legal) - limit} more" if len(legal) > limit else ""
        return f"Allowed now{why}: {shown}{more}."

    # -- the token and the battles ------------------------------------------------------------------
    def _do_token(self, region: str) -> None:
        self.region = region
        self._record.append(["token", region])
        if self.explaining:
            first = "" if self._after_battle else " for the first battle"
            self.log.append(Step("token.place",
                                 f"{self.token_holder} places the Condottiere token on {region}{first}: the next "
                                 f"battle is fought there. (The token never goes on a region with a control "
                                 f"marker or the Pope's Favor.)", player=self.token_holder,
                                 data={"region": region}))
        if self._after_battle:
            self._after_placement()
        else:
            self._start_battle()

    def _start_battle(self) -> None:
        players = self._final_players if self.final else self.players     # who fights
        rs = self.ruleset
        if self.final and rs.final_ruleset:     # zh: the city-states' final battle has its own Bishop
            rs = get_ruleset(rs.final_ruleset)
        # Invasion (vi, Xâm Lược): the controller of the region defends it
        defender = self._control.get(self.region) if self.ruleset.invasion and not self.final else None
        # Battle(players, rs, strict=True, hands=...) without re-checking the Game's own seats and cards
        same = rs is self.ruleset
        if self.final:
            holder, leader = self._battle_token_holder(players), self._leader(players)
        else:           # every seat fights: the token holder holds it and leads
            holder = leader = self.token_holder
        battle = Battle._for_game(players, rs, self._hands, token_holder=holder, leader=leader,
                                  region=None if self.final else self.region, defender=defender,
                                  explain=self.explaining, deck=self.cards if same else None,
                                  kinds=self._tables.kinds if same else None)
        self.battle = battle
        self.resolution = None
        for p in players:
            self._hands[p] = battle.hands[p]     # the battle plays from the game's hands
        self._logged = 0
        self._lines_out = False
        if self.explaining:
            order = list(players[players.index(battle.leader):] + players[:players.index(battle.leader)])
            where = "The final battle" if self.final else f"The battle for {self.region}"
            self.log.append(Step("battle.start",
                                 f"{where} begins. {battle.leader} leads; then clockwise: {join_names(order)}. "
                                 f"Each turn a player plays one card or passes, and a pass is final.",
                                 player=battle.leader, data={"region": self.region, "order": order}))
            if defender is not None:
                self.log.append(Step("invasion.defender",
                                     f"{self.region} is {defender}'s: {defender} defends it. The defender may pass "
                                     f"and still play later, until playing a first card; if the battle ties, "
                                     f"{defender} keeps {self.region} and takes the Condottiere token.",
                                     player=defender, data={"region": self.region}))
        if self._variant is not None and self._variant.before_battle(self):
            return      # the variant asks first (city-states: abilities before the first card)
        self._continue_battle()

    def _battle_token_holder(self, players) -> str:
        return self.token_holder if self.token_holder in players else self._leader(players)

    def _leader(self, players) -> str:
        """The token holder leads; in a final battle without them, the nearest tied player to their left."""
        if self.final and self._final_leader in players:    # zh: Roma leads the final battle
            return self._final_leader
        if self.token_holder in players:
            return self.token_holder
        i = self.players.index(self.token_holder)
        return next(p for p in self.players[i + 1:] + self.players[:i] if p in players)

    def _sync_log(self) -> None:
        steps = self.battle.steps
        if len(steps) > self._logged:
            self.log.extend(steps[self._logged:])
            self._logged = len(steps)

    def _continue_battle(self) -> None:
        """Auto-pass players with no cards; resolve when the battle is over; else wait for a move."""
        battle = self.battle
        hands = self._hands
        players = battle.players
        passed = battle.passed
        # `not battle.is_over`, without a property call per move
        while battle.surrendered_by is None and len(passed) != len(players):
            p = players[battle._next]
            if hands[p]:
                self.phase = "battle"
                self._to_move = p
                return
            if self.explaining:
                self._sync_log()
                self.log.append(Step("play.no_cards",
                                     f"{p} has no cards left, so {p} can only pass (and sits out the battles "
                                     f"until the next round).", player=p))
            battle._pass_validated(p)       # p's turn, in a battle not over: nothing to check
        self._resolve()

    def _do_battle_action(self, canon: Action, card: "Card | None", take: "Card | None") -> None:
        """A Play: any but the shared plain ones of a battle without variants or hidden cards,
        which apply() plays itself."""
        # The action is one of legal_actions() (apply() checked it), so the battle skips the
        # checks play() makes for moves typed by a person.
        if not self._play_card(self.battle, self._to_move, canon, card, take):
            self._continue_battle()
        # else the Bishop acted: its player places the Favor before the next turn

    def _play_card(self, battle: Battle, player: str, canon: Play, card: "Card | None", take: "Card | None"
                   ) -> bool:
        """Play ``canon`` (with the physical ``card`` and ``take``, if the player named them).
        True when a Bishop acted outside the final battle: its player places the Favor next."""
        kind, face_down, take_kind = canon.card, canon.face_down, canon.take
        hand = self._hands[player]
        if card is None:
            # the first card of that kind in the hand, and where it is
            at = _first_of(hand, kind)
            card = hand[at]
        else:           # a card the player named (_canonical checked that it is in the hand)
            at = hand.index(card)
        if take_kind is not None and kind == "maiden":
            battle.play(player, card, face_down=face_down, take=take_kind)
            take = battle.deck[int(battle.moves[-1].take.partition("#")[2])]   # the soldier removed
        else:
            if take_kind is not None and take is None and kind == "scarecrow":
                fd = battle.face_down
                for c in battle.lines[player]:         # the last face-up card of that kind
                    if c.kind == take_kind and c.id not in fd:
                        take = c
            if take is None and self._plain_plays:
                battle._play_plain(player, card, at)
            else:
                battle._play_validated(player, card, face_down, take, at)
        self._record.append(["play", card.id, face_down, None if take is None else take.id])
        if self.explaining:
            self._sync_log()
        if self._variant is not None:
            self._variant.after_play(self, player, card)     # fa: the Weapon's draw
        if kind == "bishop" and battle.discarded and battle.discarded[-1] is card:   # it acted
            if not self.final:
                self.phase = "favor"
                self._to_move = player
                return True
            if self.explaining:
                self.log.append(Step("favor.place",
                                     f"In the final battle the Pope's Favor no longer matters: {player} does "
                                     f"not place it.", player=player))
        return False

    def _do_favor(self, region: str | None) -> None:
        player = self._to_move
        self._favor = region
        self._record.append(["favor", region])
        if self.explaining:
            if region is None:
                text = f"{player} puts the Pope's Favor off the map: every region without a control marker is open."
            else:
                text = (f"{player} puts the Pope's Favor on {region}: no battle can be fought there until a later "
                        f"Bishop moves it.")
                if region == self.region:
                    text += (" It sits on the region being fought over: the battle goes on, and if it ends in a "
                             "tie the region stays protected.")
            self.log.append(Step("favor.place", text, player=player, data={"region": region}))
        self._continue_battle()

    def _resolve(self) -> None:
        battle = self.battle
        res = battle.resolve()
        self.resolution = res
        self.battles += 1
        self._lines_out = True
        if self.explaining:
            self.log.extend(res.steps[self._logged:])
            self._logged = len(res.steps)
        self._discard.extend(battle.discarded)
        if self.final:
            self._end_final_battle(res)
            return
        region = self.region
        winner = res.winner
        defender = battle.defender
        if winner is not None:
            self._control[region] = winner
            if self.explaining and winner == defender:
                self.log.append(Step("region.conquered", f"{winner} defends {region} and keeps it.",
                                     player=winner, data={"region": region}))
            elif self.explaining:
                lost = f" {defender} loses it." if defender else ""
                self.log.append(Step("region.conquered",
                                     f"{winner} conquers {region} and places a control marker there "
                                     f"({len(self.regions_of(winner))} region"
                                     f"{'s' if len(self.regions_of(winner)) > 1 else ''}: "
                                     f"{join_names(self.regions_of(winner))}).{lost}",
                                     player=winner, data={"region": region}))
            victories = self._victories(winner)
            if victories:
                self._finish((winner,), victories[0].reason, victories[0])
                return
        elif self.explaining and defender is not None:
            self.log.append(Step("invasion.tie",
                                 f"The battle is tied: the defender {defender} keeps {region} (and takes the "
                                 f"Condottiere token).", player=defender, data={"region": region, "tied": list(res.tied)}))
        elif self.explaining:
            self.log.append(Step("region.tied",
                                 f"Nobody conquers {region}: it stays free and may be chosen again.",
                                 data={"region": region, "tied": list(res.tied)}))
        if winner is None and self._variant is not None and self._variant.on_tie(self, res):
            return      # zh: Roma may claim the tied region first
        self._after_compare()

    def _victories(self, player: str) -> list:
        """The victory conditions ``player`` meets now (the variants: victory_regions, city_end)."""
        if self._variant is not None:
            return self._variant.victories(self, player)
        mine = []
        for r, p in self._control.items():
            if p == player:
                mine.append(r)
        won = board.victory_of(player, mine, len(self.players))
        return [won] if won is not None else []

    def _after_compare(self) -> None:
        """After the compare: the variants' draws, then the token holder chooses the next region."""
        res = self.resolution
        if self._variant is not None and self._variant.draw_after_battle(self):
            return      # fa: the draw pile ran out and the game ended
        self.token_holder = res.token_holder
        if not self._open()[2]:
            self._no_region_left()
            return
        self.phase = "token"
        self._to_move = self.token_holder
        self._after_battle = True

    def _finish(self, winners: Sequence[str], reason: str, victory=None) -> None:
        self.winners = tuple(winners)
        self.reason = reason
        self.victory = victory
        self.phase = "over"
        self._over = True
        self._to_move = TERMINAL
        if self.explaining:
            self.log.append(Step("game.victory", self._result_text(), player=winners[0] if len(winners) == 1 else None,
                                 data={"winners": list(winners), "reason": reason}))

    def _result_text(self) -> str:
        w = self.winners
        if self.reason == "adjacent":
            group = sorted(self.victory.group, key=board.REGIONS.index)
            return (f"{w[0]} controls {len(group)} adjacent regions ({join_names(group)}), at least "
                    f"{self._thresholds[1]} with {len(self.players)} players: {w[0]} wins the game")
        if self.reason == "total":
            return (f"{w[0]} controls {len(self.victory.regions)} regions, at least {self._thresholds[0]} with "
                    f"{len(self.players)} players: {w[0]} wins the game")
        if self.reason == "most_regions":
            how = ("the game ends without a victory" if self.ruleset.drawing == "fa_tutorial"
                   else "no region can be chosen any more")
            return (f"{how} and {w[0]} controls the most regions "
                    f"({len(self.regions_of(w[0]))}): {w[0]} wins the game")
        if self.reason == "most_weight":
            return (f"the game ends without a victory and {w[0]}'s regions weigh the most: {w[0]} wins the game")
        if self.reason == "shared":
            return f"the game ends without a victory and {join_names(w)} tie on regions and value: they share it"
        if self.reason == "final_battle":
            return f"{w[0]} wins the final battle and the game"
        if self.reason == "final_battle_tie":
            return f"the final battle ends in a tie: {join_names(w)} share the victory"
        return "the game is not over"

    # -- after a battle: lines, hands, the end of a round ---------------------------------------------
    def _after_placement(self) -> None:
        self._lines_out = False
        battle = self.battle
        discard = self._discard
        for p in battle.players:
            discard.extend(battle.lines[p])
        if self.explaining:
            table = [c for p in battle.players for c in battle.lines[p]]
            self.log.append(Step("battle.discard_lines",
                                 f"Every battle line is discarded ({len(table)} card{'s' if len(table) != 1 else ''}).",
                                 cards=tuple(c.id for c in table)))
        self._queue = []
        if self.ruleset.hand_discard:
            i = self.players.index(self.token_holder)
            for p in self.players[i:] + self.players[:i]:
                for c in self._hands[p]:         # a hand without a Mercenary (a loop: no call per player)
                    if c.mercenary:
                        break
                else:
                    if self._hands[p]:
                        self._queue.append(p)
        self._next_discard()

    def _next_discard(self) -> None:
        if self._queue:
            self.phase = "discard"
            self._to_move = self._queue[0]
            return
        self._check_round_end()

    def _do_discard(self, yes: bool) -> None:
        player = self._queue.pop(0)
        self._record.append(["discard", yes])
        hand = self._hands[player]
        if self.explaining:
            names = " ".join(c.name for c in hand)
            if yes:
                text = (f"{player} has no Mercenary in hand and discards the whole hand ({names}); {player} sits out "
                        f"until the next round.")
            else:
                text = f"{player} has no Mercenary in hand but keeps the hand ({names}); discarding is optional."
            self.log.append(Step("hand.discard", text, player=player, cards=tuple(c.id for c in hand) if yes else (),
                                 data={"discarded": yes}))
        if yes:
            self._discard.extend(hand)
            self._hands[player] = []
        self._next_discard()

    def _check_round_end(self) -> None:
        holding = []
        for p in self.players:
            if self._hands[p]:
                holding.append(p)
        if len(holding) >= 2:
            self._start_battle()
            return
        if self._variant is not None and self._variant.round_end(self):
            return      # fa: the tutorial deals no new hands; the game ends

        if self.explaining:
            who = (f"only {holding[0]} has cards left" if holding else "nobody has cards left")
            self.log.append(Step("round.end", f"Round {self.round} ends: {who}.",
                                 data={"round": self.round, "holding": holding}))
        if holding and self.ruleset.keep_cards > 0:
            self.phase = "keep"
            self._to_move = holding[0]
            return
        if holding:
            self._discard.extend(self._hands[holding[0]])
            self._hands[holding[0]] = []
        self._new_round()

    def _do_keep(self, canon: Keep, named: list) -> None:
        player = self._to_move
        hand = self._hands[player]
        kept = []
        rest = list(hand)
        for kind, card in zip(canon.cards, named or [None] * len(canon.cards)):
            if card is None:
                card = next(c for c in rest if c.kind == kind)
            rest.remove(card)
            kept.append(card)
        self._record.append(["keep", [c.id for c in kept]])
        self._hands[player] = sorted(kept, key=_card_id)
        self._discard.extend(rest)
        if self.explaining:
            shown = join_names(c.name for c in kept) if kept else "nothing"
            self.log.append(Step("round.keep",
                                 f"{player}, the only player with cards, keeps {shown} (up to "
                                 f"{self.ruleset.keep_cards}) and discards the other {len(rest)}.",
                                 player=player, cards=tuple(c.id for c in kept)))
        self._new_round()

    def _new_round(self) -> None:
        self.round += 1
        pile = _all_but(self.cards, [c.id for h in self._hands.values() for c in h])
        _shuffle(self._rng, pile)
        self._deck = pile
        self._discard = []
        if self.explaining:
            self.log.append(Step("round.end",
                                 f"Round {self.round} begins: {self.token_holder}, who holds the Condottiere token, "
                                 f"shuffles every other card ({len(pile)}: the discards and the rest of the deck).",
                                 player=self.token_holder, data={"round": self.round}))
        self._deal(self._deal_order(self.players), dealer=self.token_holder)
        if self._variant is not None:
            self._variant.new_round(self)       # zh: every city-state's ability is ready again
        self._start_battle()

    # -- the end of the game when no region is left --------------------------------------------------
    def _no_region_left(self) -> None:
        free = [r for r in board.REGIONS if r not in self._control]
        why = (f" ({free[0]} has the Pope's Favor)" if free else "")
        self._rank_end(f"no region can be chosen any more{why}")

    def _rank_end(self, why: str) -> None:
        """The game ends without a victory: rank by option end_ranking; a tie is a final battle
        (fa: a tie on regions is broken by region value, then shared)."""
        ranking = self.ruleset.end_ranking
        counts = {p: sum(1 for q in self._control.values() if q == p) for p in self.players}
        weights = {p: sum(board.ITALY.nodes[r]["weight"] for r, q in self._control.items() if q == p)
                   for p in self.players}
        score = weights if ranking == "weights" else counts
        best = max(score.values())
        top = tuple(p for p in self.players if score[p] == best)
        by_weight = ranking == "weights"
        if ranking == "regions_then_weights" and len(top) > 1:
            most = max(weights[p] for p in top)
            top = tuple(p for p in top if weights[p] == most)
            by_weight = True
        if self.explaining:
            if ranking == "weights":
                rule = "the highest region weight wins (3, 2 or 1 a region)"
                shown = ", ".join(f"{p} {weights[p]}" for p in self.players)
            else:
                rule = "the most regions wins" + (", then the most region value" if ranking != "regions" else "")
                shown = ", ".join(f"{p} {counts[p]}" + (f" (value {weights[p]})" if ranking != "regions" else "")
                                  for p in self.players)
            self.log.append(Step("game.no_region", f"{why[0].upper()}{why[1:]}: {rule}. Scores: {shown}.",
                                 data={"counts": counts, "weights": weights, "ranking": ranking}))
        if len(top) == 1:
            self._finish(top, "most_weight" if by_weight else "most_regions")
            return
        if ranking == "regions_then_weights":
            self._finish(top, "shared")
            return
        self._final_battle(top, best)

    def _final_battle(self, top: tuple, best: int) -> None:
        # es, Romper lazos: all hands are discarded, all 110 cards shuffled, each tied player
        # dealt 10 + 1 per region; the token holder, or the nearest tied player to their left, leads.
        self.final = True
        self._final_players = top
        self._lines_out = False
        for p in self.players:
            self._hands[p] = []
        pile = list(self.cards)
        _shuffle(self._rng, pile)
        self._deck = pile
        self._discard = []
        if self.explaining:
            self.log.append(Step("game.final_battle",
                                 f"{join_names(top)} tie with {best} {'points' if self.ruleset.end_ranking == 'weights' else 'regions'} each: they fight a final battle. "
                                 f"Everyone discards their hand and {self.token_holder} shuffles all "
                                 f"{len(pile)} cards.", data={"players": list(top)}))
        rs = self.ruleset
        self._deal(self._deal_order(top), dealer=self.token_holder, upto=rs.final_hand or None)
        if rs.final_discard:
            # zh 三: each finalist first discards every Scarecrow, Surrender, Winter and Spring
            out = {p: [c for c in self._hands[p] if c.kind in rs.final_discard] for p in top}
            for p in top:
                self._hands[p] = [c for c in self._hands[p] if c.kind not in rs.final_discard]
                self._discard.extend(out[p])
            if self.explaining:
                kinds = join_names(kind_name(k) for k in rs.final_discard)
                self.log.append(Step("game.final_battle",
                                     f"Before the final battle each finalist discards every {kinds}: "
                                     + "; ".join(f"{p} {len(out[p])}" for p in top) + ".",
                                     data={"discarded": {p: [c.id for c in out[p]] for p in top}}))
        if self._variant is not None:
            self._final_leader = self._variant.final_leader(self, top)
        self._start_battle()

    def _end_final_battle(self, res) -> None:
        if res.winner is not None:
            self._finish((res.winner,), "final_battle")
        else:
            self._finish(tuple(p for p in self.players if p in res.tied), "final_battle_tie")

    # -- copies, undo, saving -------------------------------------------------------------------------
    def clone(self) -> "Game":
        """An independent copy (same state, same future deals)."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        other._control = dict(self._control)
        other._hands = {p: list(h) for p, h in self._hands.items()}
        other._deck = list(self._deck)
        other._discard = list(self._discard)
        other._queue = list(self._queue)
        other._vstate = copy.deepcopy(self._vstate)
        other.log = list(self.log)
        other.actions = list(self.actions)
        other._record = list(self._record)
        other._legal = None
        if self.battle is not None:
            other.battle = self.battle.copy()
            if not self.battle.is_resolved:
                for p in other.battle.players:
                    other._hands[p] = other.battle.hands[p]
        return other

    def undo(self) -> Action:
        """Take back the last action (by replaying the others); returns it."""
        if not self.actions:
            raise IllegalMove("there is no action to undo")
        last = self.actions[-1]
        again = self._replayed(self._record[:-1], self.explaining)
        self.__dict__.update(again.__dict__)
        return last

    def _constructor_args(self) -> dict:
        s = self._setup
        return {
            "hands": None if s["hands"] is None else {p: [self.cards[i] for i in ids] for p, ids in s["hands"].items()},
            "deck_order": None if s["deck_order"] is None else [self.cards[i] for i in s["deck_order"]],
            "control": s["control"], "favor": s["favor"],
        }

    def _replayed(self, records: list, explain: bool) -> "Game":
        game = Game(self.players, self.ruleset, self.seed, explain=explain, **self._constructor_args())
        for i, rec in enumerate(records, 1):
            game.apply(game._decode(rec, i))
        return game

    def snapshot(self) -> dict:
        """The state as plain data (what to_json saves next to the actions, to check them)."""
        loc = self.card_locations()
        return {
            "phase": self.phase,
            "to_move": None if self._to_move is TERMINAL else self._to_move,
            "round": self.round,
            "battles": self.battles,
            "region": self.region,
            "favor": self._favor,
            "token_holder": self.token_holder,
            "control": {r: self._control[r] for r in board.REGIONS if r in self._control},
            "hands": loc["hands"],
            "lines": loc["lines"],
            "deck": loc["deck"],
            "discard": loc["discard"],
            "final": self.final,
            "winners": list(self.winners),
            "reason": self.reason,
        }

    def to_dict(self) -> dict:
        return {
            "format": FORMAT,
            "players": list(self.players),
            "ruleset": _ruleset_to_json(self.ruleset),
            "seed": self.seed,
            "setup": copy.deepcopy(self._setup),
            "actions": [list(r) for r in self._record],
            "snapshot": self.snapshot(),
        }

    def to_json(self, indent: int | None = None) -> str:
        """The game as JSON text: the setup, the seed and every action, plus a snapshot that
        :meth:`from_json` checks after replaying.  Same seed and actions: the same text."""
        return json.dumps(self.to_dict(), sort_keys=True, ensure_ascii=False, indent=indent,
                          separators=(",", ":") if indent is None else None)

    @classmethod
    def from_json(cls, data, *, explain: bool = True) -> "Game":
        """Rebuild a game saved by :meth:`to_json` (text or the parsed dict) by replaying it.

        A malformed or tampered file raises RulesError saying what is wrong; nothing is
        half-loaded.
        """
        if isinstance(data, (bytes, bytearray)):
            try:
                data = data.decode("utf-8")
            except UnicodeDecodeError as err:
                raise RulesError(f"a saved game is UTF-8 JSON text; this is not ({err})") from None
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as err:
                raise RulesError(f"not a saved game: the text is not JSON ({err})") from None
        if not isinstance(data, dict):
            raise RulesError(f"a saved game is a JSON object, not {type(data).__name__}")
        return _load(cls, data, explain)

    def _decode(self, rec, index: int) -> Action:
        """An action record of a saved game -> the Action (RulesError if malformed)."""
        def bad(why: str) -> RulesError:
            return RulesError(f"action {index} of the saved game, {rec!r}, is malformed: {why}")

        if not isinstance(rec, list) or not rec or not isinstance(rec[0], str):
            raise bad("each action is a list starting with its name")
        tag, args = rec[0], rec[1:]
        n = len(self.cards)

        def card(i) -> Card:
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < n:
                raise bad(f"{i!r} is not a card id (0..{n - 1})")
            return self.cards[i]

        if tag == "pass" and not args:
            return _PASS
        if tag == "token" and len(args) == 1 and isinstance(args[0], str):
            return PlaceToken(args[0])
        if tag == "favor" and len(args) == 1 and (args[0] is None or isinstance(args[0], str)):
            return PlaceFavor(args[0])
        if tag == "discard" and len(args) == 1 and isinstance(args[0], bool):
            return _DISCARDS[0 if args[0] else 1]
        if tag == "keep" and len(args) == 1 and isinstance(args[0], list):
            return Keep(tuple(card(i) for i in args[0]))
        if tag == "play" and len(args) == 3 and isinstance(args[1], bool):
            return Play(card(args[0]), args[1], None if args[2] is None else card(args[2]))
        if self._variant is not None:
            try:
                action = self._variant.decode(self, tag, args)
            except RulesError as err:
                raise bad(str(err)) from None
            if action is not None:
                return action
        raise bad("unknown action name or wrong arguments")

    # -- reading ---------------------------------------------------------------------------------------
    def explain(self) -> str:
        """The log so far, one numbered step a line (needs explain=True)."""
        if not self.explaining and not self.log:
            return "(this game was built with explain=False: no steps were recorded)"
        return explain_steps(self.log)

    def __repr__(self) -> str:
        extra = "" if self.ruleset.name == "standard" else f" {self.ruleset.name!r}"
        owned = ", ".join(f"{p} {len(self.regions_of(p))}" for p in self.players)
        if self.is_over:
            state = f"over: {self._result_text()}"
        else:
            state = f"round {self.round}, {self.battles} battles; {self._waiting_text()}"
        return f"<Game{extra} [{' '.join(self.players)}] {state} | regions: {owned}>"

    def _repr_html_(self) -> str:
        try:
            from .views.html import game_html
        except ImportError:
            import html
            return f"<pre>{html.escape(repr(self))}</pre>"
        return game_html(self)


_card_id = attrgetter("id")     # a sort key called in C (hands are sorted after every deal)


# A plain loop over a hand of a few cards costs a third of list(map(attrgetter(...), hand)):
# the attrgetter is called through C for every card, the loop reads a slot.
def _first_of(hand: list, kind: str) -> int:
    """Where the first card of ``kind`` is in ``hand`` (the caller knows there is one)."""
    at = 0
    for c in hand:
        if c.kind == kind:
            return at
        at += 1
    raise ValueError(f"no {kind} in the hand")


def _all_but(cards: tuple, ids) -> list:
    """The deck's cards in deck order without the card ids ``ids`` (a card's id is its place in
    the deck); a few ids are deleted from a copy instead of testing all 110 cards."""
    pile = list(cards)
    for i in sorted(ids, reverse=True):
        del pile[i]
    return pile


def _shuffle_inline(rng: random.Random, x: list) -> None:
    # random.Random.shuffle with its _randbelow written out: the same draws from the generator
    # in the same order, so the same permutation (seeded deals must not change), without two
    # Python calls per card.
    getrandbits = rng.getrandbits
    plan = _SHUFFLE_PLANS.get(len(x))
    if plan is None:            # the steps for this length, last position first (kept: a few lengths)
        plan = [(i, i + 1, (i + 1).bit_length()) for i in range(len(x) - 1, 0, -1)]
        if len(_SHUFFLE_PLANS) < 512:
            _SHUFFLE_PLANS[len(x)] = plan
    for i, n, k in plan:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


# list length -> _shuffle_inline's steps (i, i + 1, bits of i + 1), from the last position down
_SHUFFLE_PLANS: dict[int, list] = {}


def _shuffle_agrees() -> bool:
    """Does _shuffle_inline match this Python's Random.shuffle?  (Checked once at import; if a
    future Python shuffles differently, the Game simply uses Random.shuffle.)"""
    for size in (2, 7, 110):
        a, b = list(range(size)), list(range(size))
        r1, r2 = random.Random(size), random.Random(size)
        r1.shuffle(a)
        _shuffle_inline(r2, b)
        if a != b or r1.getrandbits(64) != r2.getrandbits(64):
            return False
    return True


_INLINE_SHUFFLE = _shuffle_agrees()


def _shuffle(rng: random.Random, x: list) -> None:
    """``rng.shuffle(x)``, about twice as fast (a game shuffles 110 cards each round)."""
    if _INLINE_SHUFFLE and type(rng) is random.Random:
        _shuffle_inline(rng, x)
    else:
        rng.shuffle(x)


def _check_players(players) -> tuple[str, ...]:
    if isinstance(players, int) and not isinstance(players, bool):
        if not 2 <= players <= 6:
            raise RulesError(f"Condottiere is played by 2 to 6 players, not {players}")
        return DEFAULT_NAMES[:players]
    return seat_names(players, "Condottiere is played by 2 to 6 players", ", or a number")


# ---------------------------------------------------------------------------------
# Saving and loading
# ---------------------------------------------------------------------------------

def _jsonable(value):
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise RulesError(f"this ruleset has an option that cannot be saved as JSON: {value!r}")


def _ruleset_to_json(rs: Ruleset) -> dict:
    options = {}
    for f in fields(rs):
        if f.name in ("name", "summary"):
            continue
        value = getattr(rs, f.name)
        if value != getattr(STANDARD, f.name):
            options[f.name] = _jsonable(value)
    return {"name": rs.name, "options": options}


def _tuplify(value):
    return tuple(_tuplify(v) for v in value) if isinstance(value, list) else value


def _ruleset_from_json(data) -> Ruleset:
    if not isinstance(data, dict) or not isinstance(data.get("name"), str) \
            or not isinstance(data.get("options"), dict):
        raise RulesError("the saved ruleset must be {'name': ..., 'options': {...}}")
    name, options = data["name"], data["options"]
    known = RULESETS.get(name)
    if known is not None and _ruleset_to_json(known) == data:
        return known
    defaults = {f.name: f.default for f in fields(Ruleset)}
    changes = {}
    for key, value in options.items():
        if key not in defaults or key in ("name", "summary"):
            raise RulesError(f"the saved ruleset has an unknown option {key!r}")
        value = _tuplify(value)
        default = defaults[key]
        if type(value) is not type(default):
            raise RulesError(f"the saved ruleset's option {key} is {value!r}, not a {type(default).__name__}")
        changes[key] = value
    try:
        rs = STANDARD.replace(name=name, **changes)
        rs.make_deck()
    except RulesError:
        raise
    except (TypeError, ValueError) as err:
        raise RulesError(f"the saved ruleset {name!r} cannot be rebuilt: {err}") from None
    return rs


_SNAPSHOT_KEYS = ("phase", "to_move", "round", "battles", "region", "favor", "token_holder", "control",
                  "hands", "lines", "deck", "discard", "final", "winners", "reason")


def _load(cls, data: dict, explain: bool) -> Game:
    fmt = data.get("format")
    if fmt is None:
        raise RulesError("not a saved Condottiere game: there is no 'format' key")
    if fmt != FORMAT:
        raise RulesError(f"saved game format {fmt!r} is not supported; this version reads {FORMAT!r}")
    for key in ("players", "ruleset", "seed", "setup", "actions", "snapshot"):
        if key not in data:
            raise RulesError(f"the saved game has no {key!r}")
    players = _check_players(data["players"]) if isinstance(data["players"], list) else None
    if players is None:
        raise RulesError("the saved game's players must be a list of names")
    ruleset = _ruleset_from_json(data["ruleset"])
    seed = data["seed"]
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise RulesError(f"the saved seed must be an integer or a string, not {seed!r}")
    setup = data["setup"]
    if not isinstance(setup, dict) or set(setup) != {"hands", "deck_order", "control", "favor"}:
        raise RulesError("the saved setup must have exactly 'hands', 'deck_order', 'control' and 'favor'")
    deck = ruleset.make_deck()
    n = len(deck)

    def card_list(ids, where):
        if not isinstance(ids, list):
            raise RulesError(f"{where} must be a list of card ids")
        out = []
        for i in ids:
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < n:
                raise RulesError(f"{where} holds {i!r}, which is not a card id of the {n}-card deck")
            out.append(deck[i])
        return out

    hands = setup["hands"]
    if hands is not None:
        if not isinstance(hands, dict):
            raise RulesError("the saved setup's hands must map players to card ids")
        hands = {p: card_list(ids, f"the setup hand of {p!r}") for p, ids in hands.items()}
    deck_order = setup["deck_order"]
    if deck_order is not None:
        deck_order = card_list(deck_order, "the setup deck order")
    control = setup["control"]
    if control is not None and not isinstance(control, dict):
        raise RulesError("the saved setup's control must map regions to players")
    favor = setup["favor"]
    if favor is not None and not isinstance(favor, str):
        raise RulesError("the saved setup's favor must be a region name or null")
    snapshot = data["snapshot"]
    _check_snapshot(snapshot, players, n)
    actions = data["actions"]
    if not isinstance(actions, list):
        raise RulesError("the saved actions must be a list")
    game = cls(players, ruleset, seed, explain=explain, hands=hands, deck_order=deck_order,
               control=control, favor=favor)
    for i, rec in enumerate(actions, 1):
        action = game._decode(rec, i)
        try:
            game.apply(action)
        except RulesError as err:
            raise RulesError(f"action {i} of the saved game, {rec!r}, cannot be replayed: {err}") from None
    replayed = game.snapshot()
    for key in _SNAPSHOT_KEYS:
        if replayed[key] != snapshot[key]:
            raise RulesError(f"the saved snapshot does not match the game replayed from its actions: {key!r} is "
                             f"{_short(snapshot[key])} in the file but {_short(replayed[key])} after replaying; "
                             f"the file was edited or is corrupt")
    return game


def _short(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 120 else text[:117] + "..."


def _check_snapshot(snap, players: tuple, n: int) -> None:
    """Structural checks with clear messages, before replaying."""
    if not isinstance(snap, dict):
        raise RulesError("the saved snapshot must be a JSON object")
    missing = [k for k in _SNAPSHOT_KEYS if k not in snap]
    if missing:
        raise RulesError(f"the saved snapshot lacks {', '.join(missing)}")

    def player(p, where, allow_none=False):
        if p is None and allow_none:
            return
        if p not in players:
            raise RulesError(f"the saved snapshot's {where} names {p!r}, who is not a player; players are "
                             f"{list(players)}")

    def region(r, where):
        if r is None:
            return
        if not isinstance(r, str) or r not in board.REGIONS:
            raise RulesError(f"the saved snapshot's {where} is {r!r}, which is not one of the 17 regions")

    player(snap["to_move"], "to_move", allow_none=True)
    player(snap["token_holder"], "token_holder")
    region(snap["region"], "region")
    region(snap["favor"], "favor")
    if not isinstance(snap["control"], dict):
        raise RulesError("the saved snapshot's control must map regions to players")
    for r, p in snap["control"].items():
        region(r, "control")
        player(p, f"control of {r}")
    if not isinstance(snap["winners"], list):
        raise RulesError("the saved snapshot's winners must be a list")
    for p in snap["winners"]:
        player(p, "winners")
    seen: dict[int, str] = {}
    total = 0
    places = []
    for key in ("hands", "lines"):
        if not isinstance(snap[key], dict):
            raise RulesError(f"the saved snapshot's {key} must map players to card ids")
        for p, ids in snap[key].items():
            player(p, key)
            places.append((f"{p}'s {key[:-1]}", ids))
        absent = [p for p in players if p not in snap[key]]
        if absent:
            raise RulesError(f"the saved snapshot's {key} leave out {join_names(absent)}")
    places += [("the deck", snap["deck"]), ("the discard pile", snap["discard"])]
    for where, ids in places:
        if not isinstance(ids, list):
            raise RulesError(f"{where} in the saved snapshot must be a list of card ids")
        for i in ids:
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < n:
                raise RulesError(f"{where} in the saved snapshot holds {i!r}, which is not a card id "
                                 f"(0..{n - 1})")
            if i in seen:
                raise RulesError(f"card {i} appears twice in the saved snapshot ({seen[i]} and {where})")
            seen[i] = where
            total += 1
    if total != n:
        lost = sorted(set(range(n)) - set(seen))
        raise RulesError(f"the saved snapshot holds {total} cards but the deck has {n}: "
                         f"card{'s' if len(lost) > 1 else ''} {', '.join(map(str, lost[:10]))} "
                         f"{'are' if len(lost) > 1 else 'is'} missing")
