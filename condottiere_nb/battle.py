"""Battle: players lay cards in their lines, on-play effects fire, and resolve() explains.

A Battle built directly is a *sandbox*: any player may play any card in any order
(a passed player may not play again), limited only by the deck.  ``strict=True``
enforces turn order; ``hands=`` enforces real hands.  The Game uses both.

Every call either applies completely or raises and leaves the battle as it was:
all checks run before anything changes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
# collections.abc, not typing: isinstance() against the typing aliases costs microseconds, and
# the Game builds a Battle (with hands) for every battle.
from collections.abc import Iterable, Mapping, Sequence

from .cards import Card, exact_card, kind_name, parse_kind
from .errors import IllegalMove, RulesError
from .explain import Step, count_names, explain, format_strengths, join_names
from .rulesets import Ruleset, get_ruleset
from .strength import evaluate, fast_totals
from .variants import city_states, persian

_UNSET = object()


@dataclass(frozen=True)
class Move:
    """One thing a player did in a battle: a card played (with its options) or a pass."""

    player: str
    kind: str | None            # None for a pass
    face_down: bool = False
    take: str | None = None     # Scarecrow: the kind taken back, or None
    card: int | None = None     # the physical card id that was played

    @property
    def is_pass(self) -> bool:
        return self.kind is None


#: _SEATS_AFTER[n][i]: the seats after seat i of n (2 to 6), clockwise, ending with i itself
_SEATS_AFTER = [tuple(tuple((i + step) % n for step in range(1, n + 1)) for i in range(n)) for n in range(7)]


def _next_seats(n: int) -> tuple:
    """_NEXT_SEAT[n][i][out]: the first seat after seat i of n, clockwise, that is not in the
    bit set ``out`` of passed seats (i itself if every other seat has passed; -1 if all have)."""
    table = []
    for i in range(n):
        row = []
        for out in range(1 << n):
            row.append(next((j for j in _SEATS_AFTER[n][i] if not out >> j & 1), -1))
        table.append(tuple(row))
    return tuple(table)


#: the next seat to move, looked up by the bits of the seats that have passed (Battle._out)
_NEXT_SEAT = [_next_seats(n) for n in range(7)]


# Moves are frozen, so equal moves can be one shared object: building a frozen dataclass costs
# more than a simulated play, and a game makes ~140 moves out of a few thousand different ones.
_PASS_MOVES: dict[str, Move] = {}
_PLAY_MOVES: dict[tuple, Move] = {}
_SHARED_MOVES = 100_000          # never grow without bound (seat names can be anything)


def _pass_move(player: str) -> Move:
    move = _PASS_MOVES.get(player)
    if move is None:
        move = Move(player, None)
        if len(_PASS_MOVES) < _SHARED_MOVES:
            _PASS_MOVES[player] = move
    return move


def _play_move(player: str, kind: str, face_down: bool, take: str | None, card: int) -> Move:
    key = (player, kind, face_down, take, card)
    move = _PLAY_MOVES.get(key)
    if move is None:
        move = Move(player, kind, face_down, take, card)
        if len(_PLAY_MOVES) < _SHARED_MOVES:
            _PLAY_MOVES[key] = move
    return move


_FACE_UP_MOVES: dict[str, dict[int, Move]] = {}    # seat -> card id -> its face-up Move, nothing taken
_NO_MOVES: dict[int, Move] = {}


def _face_up_move(player: str, card: Card) -> Move:
    move = _play_move(player, card.kind, False, None, card.id)
    if len(_FACE_UP_MOVES) < _SHARED_MOVES:
        _FACE_UP_MOVES.setdefault(player, {})[card.id] = move
    return move


@dataclass(slots=True)
class Resolution:
    """The outcome of a battle and every step that led to it.

    ``values`` maps each counted card id to its final strength; a battle built with
    ``explain=False`` (the simulation fast path) leaves ``steps`` and ``values`` empty and
    fills every other field exactly as the explained path does.
    """

    strengths: dict[str, int]
    winner: str | None
    token_holder: str | None
    favor: str | None
    steps: list[Step]
    lines: dict[str, list[Card]] = field(default_factory=dict)
    values: dict[int, int] = field(default_factory=dict)
    discarded: list[Card] = field(default_factory=list)
    returned: dict[str, list[Card]] = field(default_factory=dict)
    tied: list[str] = field(default_factory=list)
    surrendered_by: str | None = None
    players: tuple[str, ...] = ()

    def explain(self) -> str:
        """The whole battle in plain text, one numbered step a line."""
        return explain(self.steps)

    def __repr__(self) -> str:
        won = f"winner={self.winner!r}" if self.winner else f"tie={self.tied!r}"
        return (f"<Resolution {won} strengths={self.strengths} token_holder={self.token_holder!r}"
                f" favor={self.favor!r} steps={len(self.steps)}>")

    def _repr_html_(self) -> str:
        from .views.html import resolution_html
        return resolution_html(self)


def seat_names(players, count_rule: str, also: str = "") -> tuple[str, ...]:
    """The seats as a tuple of distinct non-empty names, 2 to 6 of them, or a RulesError
    that says what was wrong (``count_rule`` words the 2-to-6 rule; ``also`` names what
    else the caller accepts)."""
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise RulesError(f"players must be a list of names such as ['Ana', 'Ben']{also}, not {players!r}")
    players = tuple(players)
    bad = [p for p in players if not isinstance(p, str) or not p.strip()]
    if bad:
        raise RulesError(f"player names must be non-empty strings; got {bad[0]!r}")
    if len(set(players)) != len(players):
        dup = next(p for p in players if players.count(p) > 1)
        raise RulesError(f"player {dup!r} appears twice; each seat needs its own name")
    if not 2 <= len(players) <= 6:
        raise RulesError(f"{count_rule}, not {len(players)}")
    return players


class Battle:
    """One battle for one region.

    >>> b = Battle(["Ana", "Ben"])
    >>> b.play("Ana", "10"); b.play("Ben", "winter")
    >>> b.strengths()
    {'Ana': 1, 'Ben': 0}
    >>> b.resolve().winner
    'Ana'
    """

    def __init__(self, players: Sequence[str], ruleset: "Ruleset | str" = "standard", *,
                 strict: bool = False, hands: Mapping[str, Iterable] | None = None,
                 token_holder: str | None = None, leader: str | None = None,
                 defender: str | None = None, region: str | None = None, explain: bool = True):
        self.ruleset = get_ruleset(ruleset)
        players = seat_names(players, "a battle needs 2 to 6 players")
        for role, who in (("token_holder", token_holder), ("leader", leader), ("defender", defender)):
            if who is not None and who not in players:
                raise RulesError(f"{role} {who!r} is not one of the players {list(players)}")
        self.players = players
        self.strict = bool(strict)
        # explain=False: no Step objects while playing (the fast path for simulations);
        # resolve() still returns the same strengths, winner and token holder.  The flag is
        # named `explaining` so that it does not hide the explain() method.
        self.explaining = bool(explain)
        self.token_holder = token_holder if token_holder is not None else players[0]
        self.leader = leader if leader is not None else self.token_holder
        self.defender = defender
        self.region = region
        self.deck = self.ruleset.make_deck()
        self._kinds = self.ruleset.kinds
        self._initial_hands = None if hands is None else self._deal_hands(hands)
        # card kind -> the city-state whose ban keeps it out of this battle (zh: Bologna, Milano)
        self.banned: dict[str, str] = {}
        self._reset()

    @classmethod
    def _for_game(cls, players: tuple, ruleset: Ruleset, hands: Mapping[str, list], *, token_holder: str,
                  leader: str, defender: str | None, region: str | None, explain: bool,
                  deck: tuple | None = None, kinds: tuple | None = None) -> "Battle":
        """The Game's battle: the same object as ``Battle(players, ruleset, strict=True, hands=hands,
        ...)``, without re-checking what the Game guarantees (its seat names, and hands of Cards
        dealt from its own deck).  The Game starts ~12 battles a game, and checking every card
        of every hand cost more than a simulated battle's plays.  ``deck`` and ``kinds``: the
        ruleset's, when the Game has them already.  The lists of ``hands`` become the battle's
        initial hands: the caller must not change them afterwards (the Game takes the battle's
        own ``hands`` instead).  tests/test_speed_paths.py checks that both constructions give
        equal state."""
        self = cls.__new__(cls)
        self.ruleset = ruleset
        self.players = players
        self.strict = True
        self.explaining = explain
        self.token_holder = token_holder
        self.leader = leader
        self.defender = defender
        self.region = region
        self.deck = ruleset.make_deck() if deck is None else deck
        self._kinds = ruleset.kinds if kinds is None else kinds
        # The Game hands its lists over (it plays on from self.hands and never touches them
        # again), so they are the snapshot undo() replays from without another copy.
        self._initial_hands = initial = {}
        for p in players:
            initial[p] = hands[p]
        self.banned = {}
        self._reset()
        return self

    # -- state ----------------------------------------------------------------------
    def _reset(self) -> None:
        # one loop rather than three comprehensions (each builds a function): the Game starts
        # a battle this way about twelve times a game
        lines: dict[str, list[Card]] = {}
        returned: dict[str, list[Card]] = {}
        for p in self.players:
            lines[p] = []
            returned[p] = []
        self.lines = lines
        self.face_down: set[int] = set()
        if self._initial_hands is None:
            self.hands = None
        else:
            self.hands = hands = {}
            for p, h in self._initial_hands.items():
                hands[p] = list(h)
        self.returned = returned
        self.discarded: list[Card] = []
        self.passed: list[str] = []
        self._out = 0               # the seats in `passed`, one bit each (bit i: players[i])
        self.favor: str | None = None
        self.surrendered_by: str | None = None
        self.moves: list[Move] = []
        self.steps: list[Step] = []
        self._resolution: Resolution | None = None
        self._next = self.players.index(self.leader)
        self._seats = _NEXT_SEAT[len(self.players)]     # _advance's table for this many seats

    def _deal_hands(self, hands: Mapping[str, Iterable]) -> dict[str, list[Card]]:
        if not isinstance(hands, Mapping):
            raise RulesError("hands must map each player to a list of cards")
        unknown = [p for p in hands if p not in self.players]
        if unknown:
            raise RulesError(f"hands name {unknown[0]!r}, who is not a player; players are {list(self.players)}")
        used: set[int] = set()
        dealt = {p: [] for p in self.players}
        for p, cards in hands.items():
            if isinstance(cards, str):
                cards = cards.split()
            if not isinstance(cards, Iterable):
                raise RulesError(f"hands[{p!r}] must be a list of cards such as ['5', 'winter'], not {cards!r}")
            for item in cards:
                if isinstance(item, Card):
                    if item.id in used:
                        raise RulesError(f"card {item.tag} is in two hands")
                    card = item
                else:
                    kind = parse_kind(item, self._kinds)
                    free = [c for c in self.deck if c.kind == kind and c.id not in used]
                    if not free:
                        raise RulesError(f"the hands hold more {kind_name(kind)} cards than the deck's "
                                         f"{self.ruleset.counts[kind]}")
                    card = free[0]
                used.add(card.id)
                dealt[p].append(card)
        return dealt

    @property
    def is_over(self) -> bool:
        """True once everyone has passed or a Surrender was played."""
        return self.surrendered_by is not None or len(self.passed) == len(self.players)

    @property
    def is_resolved(self) -> bool:
        return self._resolution is not None

    @property
    def to_move(self) -> str | None:
        """Whose turn it is (turn order as in strict mode), or None once the battle is over."""
        if self.is_over:
            return None
        return self.players[self._next]

    def waiting(self, player: str) -> bool:
        """Invasion: the defender who has passed but not played a card yet may still play."""
        return player == self.defender and not self.lines[player] and player not in self.passed \
            and any(m.player == player and m.is_pass for m in self.moves)

    def _advance(self, after: str) -> None:
        """The turn goes to the first seat after ``after``'s, clockwise, that has not passed."""
        self._next = self._seats[self.players.index(after)][self._out]

    def in_play(self) -> list[Card]:
        """Every card in every line, in seat order."""
        return [c for p in self.players for c in self.lines[p]]

    def copy(self) -> "Battle":
        """An independent copy (for previews and what-ifs)."""
        other = Battle.__new__(Battle)
        other.__dict__.update(self.__dict__)
        other.lines = {p: list(l) for p, l in self.lines.items()}
        other.face_down = set(self.face_down)
        other.banned = dict(self.banned)
        other.hands = None if self.hands is None else {p: list(h) for p, h in self.hands.items()}
        other.returned = {p: list(l) for p, l in self.returned.items()}
        other.discarded = list(self.discarded)
        other.passed = list(self.passed)
        other.moves = list(self.moves)
        other.steps = list(self.steps)
        return other

    # -- checks shared by play and pass ----------------------------------------------
    def _check_can_act(self, player) -> None:
        if self._resolution is not None:
            raise IllegalMove("this battle has already been resolved; start a new Battle (or use preview())")
        if not isinstance(player, str) or player not in self.players:
            raise IllegalMove(f"{player!r} is not a player in this battle; players are {list(self.players)}")
        if self.surrendered_by is not None:
            raise IllegalMove(f"the battle is over: {self.surrendered_by} played a Surrender; call resolve()")
        if self.is_over:
            raise IllegalMove("the battle is over: everyone has passed; call resolve()")
        if player in self.passed:
            raise IllegalMove(f"{player} has passed and cannot play again in this battle")
        if self.strict and self.players[self._next] != player:
            raise IllegalMove(f"it is {self.players[self._next]}'s turn, not {player}'s")

    # -- playing ------------------------------------------------------------------------
    def play(self, player: str, card, *, face_down: bool = False, take=_UNSET) -> None:
        """``player`` lays ``card`` in their line; its on-play effect fires at once.

        ``card``: a name ("5", "winter", "Mùa Đông"), a :class:`Card`, or "5#41" for one
        physical card.  ``face_down`` where the ruleset has hidden cards.  ``take``: for a
        Scarecrow, the value of one of the player's own face-up Mercenaries to take back
        (a name, a :class:`Card` or "5#41"); ``None`` takes nothing.
        """
        self._check_can_act(player)
        chosen = self._find_card(player, card)
        if chosen.kind in self.banned:
            raise IllegalMove(f"{self.banned[chosen.kind]}'s ban keeps every {chosen.name} out of this battle; "
                              f"banned now: {join_names(kind_name(k) for k in sorted(self.banned))}")
        if not isinstance(face_down, bool):
            raise IllegalMove(f"face_down must be True or False, not {face_down!r}")
        rs = self.ruleset
        forced = rs.mercenaries_face_down and chosen.mercenary   # Persian soldiers lie face down
        if face_down and not forced:
            if not rs.hidden_cards:
                raise IllegalMove(f"cards are played face up under the {rs.name!r} ruleset; face_down=True "
                                  f"needs a ruleset with hidden cards, such as 'hidden-cards'")
            if rs.face_down_specials == "mercenaries_only" and not chosen.mercenary:
                raise IllegalMove(f"under this ruleset only Mercenaries may be played face down, "
                                  f"not a {chosen.name}")
        face_down = face_down or forced
        acts_now = not face_down or rs.face_down_specials == "on_play"
        taken = None
        if take is not _UNSET and chosen.kind not in ("scarecrow", "maiden"):
            raise IllegalMove(f"take= is only for a Scarecrow or a Maiden, not for a {chosen.name}")
        if chosen.kind in ("scarecrow", "maiden") and take is not _UNSET and take is not None:
            if not acts_now:
                raise IllegalMove(f"a face-down {chosen.name} does nothing until it is revealed, so it cannot "
                                  f"take a card; use take=None")
            taken = (self._find_take(player, take) if chosen.kind == "scarecrow"
                     else persian.maiden_target(self, player, take))
        # Everything is checked: from here on the battle changes.
        self._apply_play(player, chosen, None, face_down, acts_now, taken)

    def _play_validated(self, player: str, card: Card, face_down: bool = False, take: Card | None = None,
                        at: int | None = None) -> None:
        """:meth:`play` for a move the Game took from its own legal_actions(): whose turn it is,
        the card in the player's hand, the bans and ``face_down`` were checked there, so only
        the play itself is left (a simulation plays ~100 cards a game).  ``take``: the Card of
        the player's line a Scarecrow takes back, still checked as play() checks it.  ``at``:
        where the card is in the hand, if the caller knows.  Never for a Maiden (its target is
        named differently).  tests/test_speed_paths.py plays whole games both ways and compares
        them."""
        rs = self.ruleset
        face_down = face_down or (rs.mercenaries_face_down and card.mercenary)
        acts_now = not face_down or rs.face_down_specials == "on_play"
        taken = None
        if take is not None:
            if not acts_now:        # a face-down Scarecrow cannot take: play() says so
                return self.play(player, card, face_down=face_down, take=take)
            taken = self._find_take(player, take)
        self._apply_play(player, card, at, face_down, acts_now, taken)

    def _find_card(self, player: str, card) -> Card:
        exact = exact_card(card, self.deck, self._kinds, self.ruleset.name, IllegalMove)
        if exact is not None:
            kind, want_id = exact.kind, exact.id
        else:
            kind, want_id = parse_kind(card, self._kinds), None
        if self.hands is not None:
            hand = self.hands[player]
            for c in hand:
                if c.kind == kind and (want_id is None or c.id == want_id):
                    return c
            shown = " ".join(c.name for c in hand) or "no cards"
            raise IllegalMove(f"{player} has no {kind_name(kind)} in hand; {player}'s hand: {shown}")
        # Sandbox: a card the player took back with a Scarecrow is in their hand first.
        for c in self.returned[player]:
            if c.kind == kind and (want_id is None or c.id == want_id):
                return c
        busy = {c.id for c in self.in_play()} | {c.id for c in self.discarded}
        busy |= {c.id for cs in self.returned.values() for c in cs}
        for c in self.deck:
            if c.kind == kind and c.id not in busy and (want_id is None or c.id == want_id):
                return c
        total = self.ruleset.counts[kind]
        if want_id is not None:
            raise IllegalMove(f"card {kind_name(kind)}#{want_id} is already used in this battle")
        raise IllegalMove(f"the deck has only {total} {kind_name(kind)} card{'s' if total > 1 else ''}, "
                          f"and all {total} are already used in this battle (in lines, discarded or back "
                          f"in a hand)")

    def _find_take(self, player: str, take) -> Card:
        own = self.lines[player]
        if isinstance(take, Card):
            if take not in own:
                owner = next((p for p, l in self.lines.items() if take in l), None)
                if owner is not None and owner != player:
                    raise IllegalMove(f"a Scarecrow takes back one of your own Mercenaries; {take.tag} is in "
                                      f"{owner}'s line")
                raise IllegalMove(f"{take.tag} is not in {player}'s line")
            target = take
        else:
            if isinstance(take, str) and "#" in take:
                name, _, num = take.rpartition("#")
                kind = parse_kind(name, self._kinds)
                candidates = [c for c in own if c.kind == kind and str(c.id) == num]
            else:
                # a kind of this deck names itself; parse_kind (a regex and a fold) is for people
                kind = take if take in self._kinds else parse_kind(take, self._kinds)
                candidates = []
                for c in own:
                    if c.kind == kind:
                        candidates.append(c)
            if not candidates:
                mine = [c.name for c in own if c.mercenary and c.id not in self.face_down]
                others = [p for p in self.players if p != player and any(c.kind == kind for c in self.lines[p])]
                where = (f" (there is one in {join_names(others)}'s line, but a Scarecrow only takes back your own)"
                         if others else "")
                allowed = f"{player}'s face-up Mercenaries: {' '.join(mine)}" if mine else \
                    f"{player} has no face-up Mercenary to take back (use take=None)"
                if isinstance(take, str) and "#" in take and any(c.kind == kind for c in own):
                    mine = [c.tag for c in own if c.mercenary and c.id not in self.face_down]
                    raise IllegalMove(f"card {take} is not in {player}'s line; {player}'s face-up Mercenaries: "
                                      f"{' '.join(mine)}")
                raise IllegalMove(f"{player} has no {kind_name(kind)} in their line{where}; {allowed}")
            fd = self.face_down
            face_up = [c for c in candidates if c.id not in fd] if fd else candidates
            if not face_up:
                raise IllegalMove(f"a Scarecrow cannot take back a face-down card ({player}'s "
                                  f"{kind_name(kind)} is face down)")
            locked = self._not_returnable()
            own_cards = [c for c in face_up if c.id not in locked] if locked else face_up
            target = (own_cards or face_up)[-1]
        if not target.mercenary:
            raise IllegalMove(f"a Scarecrow takes back a Mercenary only, not a {target.name}")
        if target.id in self.face_down:
            raise IllegalMove(f"a Scarecrow cannot take back a face-down card ({target.tag})")
        if target.id in self._not_returnable():
            raise IllegalMove(f"{target.tag} was bribed by Venezia: under this ruleset it is not {player}'s own "
                              f"card, so no Scarecrow can take it back")
        return target

    def _not_returnable(self) -> set[int]:
        """Venezia's bribed Mercenaries, when the ruleset reads them as not the briber's own."""
        if self.ruleset.venezia_bribe != "not_returnable" or not self.moves:
            return set()
        return city_states.bribed(self)

    def _announced(self, hide: int | None = None) -> dict[str, int]:
        """Totals as the players announce them: face-up cards only (and without card
        ``hide``, to show the strengths just before that card acted)."""
        fd = self.face_down
        lines = self.lines
        if fd or hide is not None:
            seq = [[c for c in lines[p] if c.id not in fd and c.id != hide] for p in self.players]
        else:
            seq = [lines[p] for p in self.players]
        return dict(zip(self.players, fast_totals(seq, self.ruleset.spring_highest)))

    def _visible_lines(self) -> dict[str, list[Card]]:
        fd = self.face_down
        return {p: [c for c in l if c.id not in fd] for p, l in self.lines.items()}

    def _apply_play(self, player: str, card: Card, at: int | None = None, face_down: bool = False,
                    acts_now: bool = True, taken: Card | None = None) -> None:
        if self.hands is not None:
            hand = self.hands[player]
            if at is not None and at < len(hand) and hand[at] is card:
                # list.remove compares every card before it, and Card's ordering (__lt__) makes
                # each comparison a Python-level dispatch: delete at the known place instead
                del hand[at]
            else:
                hand.remove(card)
        if card in self.returned[player]:
            self.returned[player].remove(card)
        self.lines[player].append(card)
        if face_down:
            self.face_down.add(card.id)
        if taken is None:
            took = None
        else:
            # A Maiden's target is any player's card, so the move keeps its exact id ("5#41"); so
            # does a Scarecrow's when take="5" would have picked another 5 (undo and notation
            # stay exact).
            exact = card.kind == "maiden" or (card.kind == "scarecrow"
                                              and self._find_take(player, taken.kind) is not taken)
            took = f"{taken.kind}#{taken.id}" if exact else taken.kind
        if face_down or took is not None:
            key = (player, card.kind, face_down, took, card.id)
            self.moves.append(_PLAY_MOVES.get(key) or _play_move(*key))
        else:
            # the usual move, face up and taking nothing: found by seat and card id, without
            # building and hashing a key (the kind is checked: decks number their cards apiece)
            move = _FACE_UP_MOVES.get(player, _NO_MOVES).get(card.id)
            if move is None or move.kind != card.kind:
                move = _face_up_move(player, card)
            self.moves.append(move)
        if not self.explaining:
            pass
        elif face_down and self.ruleset.mercenaries_face_down and card.mercenary:
            self.steps.append(Step("play.face_down",
                                   f"{player} lays a soldier face down; soldiers are turned face up only for "
                                   f"the count.", strengths=self._announced(), player=player, cards=(card.id,)))
        elif face_down:
            before = self._announced()
            self.steps.append(Step("play.face_down",
                                   f"{player} plays a card face down; announced strengths count face-up cards only.",
                                   strengths=before, player=player, cards=(card.id,)))
        else:
            if acts_now and self._effect_step_follows(card):
                # the effect's own step tells what changed and carries the new strengths; until
                # it acts (a season cancelling the other), the strengths are those before the card
                before = self._announced(hide=card.id)
                text = f"{player} plays {_a(card)}."
            else:
                before = self._announced()
                text = f"{player} plays {_a(card)} and announces {before[player]}."
            self.steps.append(Step("play.card", text, strengths=before, player=player, cards=(card.id,)))
        if acts_now:
            effect = _ON_PLAY.get(card.kind)
            if effect is not None:
                effect(self, player, card, taken)
        if self.surrendered_by is None and len(self.passed) != len(self.players):    # not is_over
            self._advance(player)

    def _play_plain(self, player: str, card: Card, at: int) -> None:
        """A face-up play of a battle without hidden cards, taking nothing back, of the card
        at ``at`` in the hand of the player whose turn it is: the Game's most common move,
        with nothing left to check and no option to work out.  :meth:`_apply_play` without
        its branches (it makes the Steps when the battle explains).
        tests/test_speed_paths.py replaces it by play() and compares whole games."""
        if self.explaining:
            self._apply_play(player, card, at)
            return
        del self.hands[player][at]
        returned = self.returned[player]
        if returned and card in returned:
            returned.remove(card)
        self.lines[player].append(card)
        # the shared Move, found by seat and card id (the kind is checked: decks number their
        # cards apiece)
        move = _FACE_UP_MOVES.get(player, _NO_MOVES).get(card.id)
        if move is None or move.kind != card.kind:
            move = _face_up_move(player, card)
        self.moves.append(move)
        effect = _ON_PLAY.get(card.kind)
        if effect is not None:
            effect(self, player, card, None)
            if self.surrendered_by is not None or len(self.passed) == len(self.players):   # is_over
                return
        # the player to move is players[_next]: the turn passes on from that seat
        self._next = self._seats[self._next][self._out]

    # -- on-play effects (DESIGN.md section 3, "On play") ------------------------------
    def _effect_step_follows(self, card: Card) -> bool:
        """Will this card's on-play effect add its own Step (so play.card need not announce)?"""
        if card.kind in ("bishop", "scarecrow", "surrender"):
            return True
        if card.kind in ("winter", "spring"):
            other = "spring" if card.kind == "winter" else "winter"
            unseen = self.face_down if self.ruleset.face_down_specials != "on_play" else ()
            return any(c.kind == other and c.id not in unseen for c in self.in_play())
        return False

    def _discard(self, cards: Sequence[Card]) -> None:
        ids = set()
        for c in cards:
            ids.add(c.id)
        lines = self.lines
        for p in self.players:
            line = lines[p]
            for c in line:
                if c.id in ids:      # only a line that loses a card is built anew (a loop: a
                    kept = []        # comprehension is a call)
                    for d in line:
                        if d.id not in ids:
                            kept.append(d)
                    lines[p] = kept
                    break
        self.face_down -= ids
        self.discarded.extend(cards)

    def _season(self, player: str, card: Card, _taken, unseen: "set[int] | None" = None) -> None:
        other = "spring" if card.kind == "winter" else "winter"
        if unseen is None:
            # Hidden cards, 'reveal' reading: a face-down season has not acted yet and nobody
            # knows what it is, so a season played face up does not touch it; it acts when
            # revealed.  Under 'on_play' it acted when played, so it is in play like any other.
            unseen = self.face_down if self.ruleset.face_down_specials != "on_play" else ()
        victims = []
        for p in self.players:
            for c in self.lines[p]:
                if c.kind == other and c.id not in unseen:
                    victims.append(c)
        if not victims:
            return
        if not self.explaining:
            self._discard(victims)
            return
        before = self._announced(hide=card.id)   # never both seasons at once, even for a moment
        owned = [f"{p}'s {count_names(c.name for c in self.lines[p] if c in victims)}"
                 for p in self.players if any(c in victims for c in self.lines[p])]
        self._discard(victims)
        self.steps.append(Step(
            "season.cancel",
            f"{player}'s {card.name} discards every {kind_name(other)} in play ({join_names(owned)}): "
            f"only one season can be in play.",
            strengths=self._announced(), before=before, player=player,
            cards=tuple(c.id for c in victims)))

    def _bishop_victims(self) -> tuple[list[Card], list[Card]]:
        """(Drummers, Mercenaries) a Bishop discards; option bishop_targets (the city-state
        final battle sends the Drummers first)."""
        mode = self.ruleset.bishop_targets
        fd = self.face_down
        drummers, visible = [], []          # face up, in play order (one pass, no comprehension)
        top = 0
        for p in self.players:
            for c in self.lines[p]:
                if c.id in fd:
                    continue
                if c.mercenary:
                    visible.append(c)
                    if c.value > top:
                        top = c.value
                elif c.kind == "drummer" and mode != "highest":
                    drummers.append(c)
        if drummers and mode == "drummers_first":
            return drummers, []
        victims = []
        for c in visible:
            if c.value == top:
                victims.append(c)
        return drummers, victims

    def _bishop(self, player: str, card: Card, _taken) -> None:
        before = self._announced() if self.explaining else None
        drummers, victims = self._bishop_victims()
        if not self.explaining:
            self._discard(drummers + victims + [card])
            self.favor = player
            return
        by = {p: [c for c in self.lines[p] if c in victims] for p in self.players}
        drums = {p: [c for c in self.lines[p] if c in drummers] for p in self.players}
        self._discard(drummers + victims + [card])
        if drummers:
            text = ("Bishop: in this battle the Bishop discards the Drummers first (the city-state variant's "
                    f"final battle), so every Drummer in play is discarded: "
                    f"{join_names(f'{p}' + chr(39) + 's ' + count_names(c.name for c in cs) for p, cs in drums.items() if cs)}.")
            if victims:
                hit = [f"{p}'s {count_names(c.name for c in cs)}" for p, cs in by.items() if cs]
                text += (f" Then the highest face-up Mercenaries ({victims[0].value}) are discarded too: "
                         f"{join_names(hit)}.")
            else:
                text += " No Mercenary is discarded."
        elif victims:
            hit = [f"{p}'s {count_names(c.name for c in cs)}" for p, cs in by.items() if cs]
            passed = [p for p, cs in by.items() if cs and p in self.passed]
            note = (f" {join_names(passed)} had passed, but a passed player's line is hit like any other."
                    if passed else "")
            own = f" {player}'s own line is not spared." if by[player] else ""
            text = (f"Bishop: the highest face-up Mercenary in play is {victims[0].value}, so every "
                    f"{victims[0].value} in play is discarded: {join_names(hit)}.{own}{note}")
            if self.face_down:
                text += " Face-down cards are not seen by the Bishop."
        else:
            text = "Bishop: there is no face-up Mercenary in play, so nothing is discarded."
        text += " The Bishop itself is discarded."
        self.steps.append(Step("card.bishop", text, strengths=self._announced(), before=before,
                               player=player, cards=tuple(c.id for c in drummers + victims)))
        previous, self.favor = self.favor, player
        earns = (f"earns the Pope's Favor, taking it from {previous} (the last Bishop played decides),"
                 if previous and previous != player else "earns the Pope's Favor again" if previous
                 else "earns the Pope's Favor")
        self.steps.append(Step("token.favor",
                               f"{player} {earns} and places it on a region without a control marker, or off "
                               f"the map.{'' if previous else ' A later Bishop would move it.'}",
                               strengths=self._announced(), player=player, data={"previous": previous}))

    def _scarecrow(self, player: str, card: Card, taken: Card | None) -> None:
        before = self._announced() if self.explaining else None
        self._discard([card])
        if taken is not None:
            self.lines[player].remove(taken)
            if self.hands is not None:
                self.hands[player].append(taken)
            self.returned[player].append(taken)
        if not self.explaining:
            return
        if taken is None:
            text = (f"{player}'s Scarecrow takes nothing back (to take one of your own face-up Mercenaries, "
                    f"name it with take=). The Scarecrow is discarded.")
        else:
            # two cards of one kind are different cards: say which one went back
            twin = any(c.kind == taken.kind for c in self.lines[player])
            which = f"one of the {taken.name}s (card #{taken.id})" if twin else f"the {taken.name}"
            text = (f"With the Scarecrow, {player} takes {which} back to hand; it can be played again "
                    f"later. The Scarecrow is discarded.")
        self.steps.append(Step("card.scarecrow", text, strengths=self._announced(), before=before,
                               player=player, cards=(taken.id,) if taken else ()))

    def _surrender(self, player: str, card: Card, _taken) -> None:
        self.surrendered_by = player
        if self.explaining:
            now = self._announced()
            self.steps.append(Step("card.surrender",
                                   f"{player}'s Surrender ends the battle at once: nobody plays another card, and "
                                   f"the region goes to the strongest line at this moment ({format_strengths(now)}).",
                                   strengths=now, player=player, cards=(card.id,)))

    # -- passing ------------------------------------------------------------------------
    def pass_turn(self, player: str) -> None:
        """``player`` passes: they play no more cards in this battle, but their line still counts."""
        self._check_can_act(player)
        self._pass_validated(player)

    def _pass_validated(self, player: str) -> None:
        """:meth:`pass_turn` once _check_can_act has passed (the Game's moves were checked by
        its legal_actions())."""
        self.moves.append(_PASS_MOVES.get(player) or _pass_move(player))
        if player == self.defender and not self.lines[player] and \
                any(p not in self.passed for p in self.players if p != player):
            # Invasion (vi, Xâm Lược): the defender may pass and still play later, until their first card.
            if self.explaining:
                self.steps.append(Step("play.wait",
                                   f"{player}, the defender, passes but may still play later in this battle "
                                       f"(until playing a first card).", strengths=self._announced(),
                                       player=player))
            self._advance(player)      # nobody passed for good: the battle goes on
            return
        players = self.players
        seat = players.index(player)
        self.passed.append(player)
        self._out |= 1 << seat
        if self.explaining:
            self.steps.append(Step("play.pass", f"{player} passes and will play no more cards in this battle; "
                                   f"{player}'s line still counts.", strengths=self._announced(), player=player))
        if self.surrendered_by is None and len(self.passed) != len(players):    # not is_over
            self._next = self._seats[seat][self._out]       # _advance, without the call

    # -- strengths and resolution --------------------------------------------------------
    def strengths(self) -> dict[str, int]:
        """Current totals as each player would announce them (face-up cards only)."""
        return self._announced()

    def preview(self) -> Resolution:
        """Resolve as if everyone passed now, leaving this battle open."""
        # Only revealing hidden cards changes the battle; otherwise no copy is needed.
        if not self.face_down:
            return self._conclude() if self.explaining else self._conclude_fast()
        if self.explaining or self._reveal_changes_lines():
            return self.copy()._conclude()
        return self._conclude_fast()

    def resolve(self) -> Resolution:
        """End the battle: reveal, count, compare and pass the Condottiere token.

        A sandbox battle may be resolved at any time (as if all passed now); a strict
        one only once it is over.  A battle is resolved once.
        """
        if self._resolution is not None:
            raise IllegalMove("this battle has already been resolved; its result is in .resolution")
        if self.strict and not self.is_over:
            raise IllegalMove(f"the battle is not over: {join_names(p for p in self.players if p not in self.passed)}"
                              f" still {'has' if len(self.players) - len(self.passed) == 1 else 'have'} to pass")
        if not self.explaining and not (self.face_down and self._reveal_changes_lines()):
            # nothing changes this battle once it is resolved (undo builds new lists), so the
            # Resolution may hold the battle's own lists instead of copies
            self._resolution = self._conclude_fast(share=True)
        else:
            self._resolution = self._conclude()
        self.face_down = set()  # everything is revealed at the end (the fast path skips _reveal)
        return self._resolution

    def _conclude(self) -> Resolution:
        """Reveal, count, compare and pass the token; the battle changes only by the reveal.

        With ``explaining`` off no Step is made and no text is formatted (the fast path for
        simulations); the strengths, winner, token holder and Favor are the same.
        """
        explaining = self.explaining
        players = self.players
        if not explaining and not self._reveal_changes_lines():
            return self._conclude_fast()
        steps = list(self.steps) if explaining else []
        if explaining and self.surrendered_by is None:
            ended = ("The battle ends: everyone has passed." if self.is_over else
                     "The battle is resolved here, as if everyone had passed.")
            steps.append(Step("battle.end", ended, strengths=self._announced()))
        if self.face_down:
            revealed = self._reveal()
            if explaining:
                steps += revealed
        totals, values, pipeline = evaluate(players, self.lines, explain=explaining,
                                            spring_highest=self.ruleset.spring_highest)
        best = max(totals.values())
        top = [p for p in players if totals[p] == best]
        winner = top[0] if len(top) == 1 else None
        holder, why = self._token(winner, explaining)
        if explaining:
            steps += pipeline
            where = self.region or "the region"
            if winner:
                text = f"{winner} has the strongest line ({best}) and conquers {where}."
                if winner in self.passed:
                    text += f" {winner} had passed: a passed player's line still counts."
            else:
                text = f"{join_names(top)} tie for the highest total ({best}): nobody conquers {where}."
                if self.defender is not None:
                    text += f" It stays with its defender, {self.defender}."
            steps.append(Step("battle.compare", text, strengths=dict(totals), values=dict(values),
                              data={"winner": winner, "tied": top if not winner else []}))
            steps.append(Step("token.condottiere", why, strengths=dict(totals), player=holder,
                              data={"holder": holder, "previous": self.token_holder}))
        return Resolution(
            dict(totals), winner, holder, self.favor, steps,
            {p: list(l) for p, l in self.lines.items()}, values, list(self.discarded),
            {p: list(l) for p, l in self.returned.items()}, top if not winner else [],
            self.surrendered_by, players)

    @property
    def resolution(self) -> Resolution | None:
        return self._resolution

    def _reveal_changes_lines(self) -> bool:
        """Will turning the face-down cards over change the lines?  Only a season (which
        then acts) or a bluffed Bishop, Scarecrow or Surrender (discarded) does, under the
        'reveal' reading; revealed Mercenaries and characters simply count."""
        if not self.face_down or self.ruleset.face_down_specials == "on_play":
            return False
        deck = self.deck
        return any(deck[i].kind in _ACT_WHEN_REVEALED for i in self.face_down)

    def _conclude_fast(self, share: bool = False) -> Resolution:
        """_conclude for simulations: no Step, no text, no per-card values; the same
        strengths, winner, token holder and Favor (the property tests compare the two).
        ``share``: the Resolution holds the battle's lists, not copies (for resolve())."""
        players = self.players
        lines, returned = self.lines, self.returned
        if share:
            seq = []
            for p in players:
                seq.append(lines[p])
            lines_now, returned_now, discarded = dict(lines), dict(returned), self.discarded
        else:
            seq, lines_now, returned_now = [], {}, {}      # one loop, no comprehension functions
            for p in players:
                line = lines[p]
                seq.append(line)
                lines_now[p] = line[:]
                returned_now[p] = returned[p][:]
            discarded = self.discarded[:]
        totals = fast_totals(seq, self.ruleset.spring_highest)
        best = max(totals)
        if totals.count(best) == 1:
            winner = players[totals.index(best)]
            tied = []
        else:
            winner = None
            tied = [p for p, t in zip(players, totals) if t == best]
        return Resolution(
            dict(zip(players, totals)), winner, self._token(winner, False)[0], self.favor, [],
            lines_now, {}, discarded, returned_now, tied, self.surrendered_by, players)

    def _reveal(self) -> list[Step]:
        """Hidden cards (vi, Ẩn Bài): turn the face-down cards over, in play order.

        Under the 'reveal' reading each revealed season then acts as if played at that
        moment, in play order (so, as face up, the season played last stays); a revealed
        Bishop, Scarecrow or Surrender was a bluff and is discarded.
        """
        explaining = self.explaining
        steps = []
        order = [self.deck[m.card] for m in self.moves if m.card is not None and m.card in self.face_down]
        if explaining:
            before = self._announced()
            names = "; ".join(f"{p}: {count_names(c.name for c in self.lines[p] if c.id in self.face_down)}"
                              for p in self.players if any(c.id in self.face_down for c in self.lines[p]))
        acted = self.ruleset.face_down_specials == "on_play"
        self.face_down = set()
        if explaining:
            steps.append(Step("battle.reveal", f"Everyone reveals their face-down cards ({names}).",
                              strengths=self._announced(), before=before, cards=tuple(c.id for c in order)))
        if acted:
            return steps
        pending = {c.id for c in order if c.kind in ("winter", "spring")}
        for card in order:
            pending.discard(card.id)
            if card.kind in ("winter", "spring") and card in self.in_play():
                mark = len(self.steps)
                self._season(self._owner(card), card, None, unseen=pending)
                steps += self.steps[mark:]
                del self.steps[mark:]
            elif card.kind in ("bishop", "scarecrow", "surrender") and card in self.in_play():
                if not explaining:
                    self._discard([card])
                    continue
                before = self._announced()
                self._discard([card])
                steps.append(Step("battle.reveal",
                                  f"{self._owner_from_moves(card)}'s face-down {card.name} was a bluff: played face "
                                  f"down it does nothing, and it is discarded.",
                                  strengths=self._announced(), before=before, cards=(card.id,)))
        return steps

    def _owner(self, card: Card) -> str:
        return next(p for p in self.players if card in self.lines[p])

    def _owner_from_moves(self, card: Card) -> str:
        return next(m.player for m in self.moves if m.card == card.id)

    def _token(self, winner: str | None, explain: bool = True) -> tuple[str, str | None]:
        """The Condottiere token: Courtesan majority, then the winner, then the defender
        (Invasion tie), then the seat after the previous holder.  Returns (holder, why);
        ``why`` is None when ``explain`` is False."""
        if self.ruleset.courtesan_token and not explain:
            # the fast path: who alone has the most Courtesans, without building any text
            most, alone = 0, None
            for p in self.players:
                k = 0
                for c in self.lines[p]:
                    if c.kind == "courtesan":
                        k += 1
                if k > most:
                    most, alone = k, p
                elif k == most:
                    alone = None
            if alone is not None:
                return alone, None
        if self.ruleset.courtesan_token and explain:
            counts = {p: [c.kind for c in self.lines[p]].count("courtesan") for p in self.players}
            most = max(counts.values())
            leaders = [p for p in self.players if counts[p] == most] if most else []
            if most > 0 and len(leaders) == 1:
                who = leaders[0]
                extra = "" if who == winner else (f", instead of the winner {winner}" if winner else
                                                  " although nobody won the battle")
                return who, (f"{who} has the most Courtesans ({most}) and takes the Condottiere token{extra}.")
            if most > 0:
                tie_note = f"{join_names(leaders)} tie for the most Courtesans ({most}), so the Courtesans decide nothing. "
            else:
                tie_note = ""
        else:
            tie_note = ""
        if not explain:
            if winner is not None:
                return winner, None
            if self.defender is not None:
                return self.defender, None
            return self.players[(self.players.index(self.token_holder) + 1) % len(self.players)], None
        if winner is not None:
            return winner, f"{tie_note}The winner, {winner}, takes the Condottiere token."
        if self.defender is not None:
            return self.defender, (f"{tie_note}The battle is tied: the defender {self.defender} keeps the region "
                                   f"and takes the Condottiere token.")
        i = self.players.index(self.token_holder)
        nxt = self.players[(i + 1) % len(self.players)]
        return nxt, (f"{tie_note}Nobody won, so the token passes from {self.token_holder} to the next seat on "
                     f"the left: {nxt}.")

    # -- undo and notation ----------------------------------------------------------------
    def undo(self) -> Move:
        """Take back the last move (by replaying the others); returns the move undone."""
        if self._resolution is not None:
            raise IllegalMove("this battle has already been resolved; undo is no longer possible")
        if not self.moves:
            raise IllegalMove("there is no move to undo")
        moves = self.moves[:-1]
        last = self.moves[-1]
        self._reset()
        for m in moves:
            self._replay(m)
        return last

    def apply_move(self, m: Move) -> None:
        """Make a recorded :class:`Move` again (a card, a pass, or a variant's ability move):
        what :meth:`undo` and the exploration tools replay."""
        self._replay(m)

    def _replay(self, m: Move) -> None:
        if m.is_pass:
            self.pass_turn(m.player)
        elif m.kind in city_states.ABILITY_MOVES:    # Firenze's Ball, Venezia's Bribe
            city_states.ABILITY_MOVES[m.kind](self, m)
        elif m.kind in ("scarecrow", "maiden"):
            self.play(m.player, self.deck[m.card], face_down=m.face_down, take=m.take)
        else:
            self.play(m.player, self.deck[m.card], face_down=m.face_down)

    def notation(self) -> str:
        """The battle as text that :meth:`from_notation` reads back (see notation.py)."""
        from .notation import format_battle
        return format_battle(self)

    @classmethod
    def from_notation(cls, text: str, ruleset: "Ruleset | str | None" = None, **kwargs) -> "Battle":
        """Build a battle from its notation, e.g. ``"[Ana Ben] Ana 10, Ben winter, Ana 5"``."""
        from .notation import parse_battle
        return parse_battle(text, ruleset=ruleset, **kwargs)

    def explain(self) -> str:
        """The steps so far, in plain text."""
        return explain(self.steps)

    def __repr__(self) -> str:
        parts = []
        for p in self.players:
            cards = " ".join(("?" + c.name if c.id in self.face_down else c.name) for c in self.lines[p]) or "-"
            mark = " (passed)" if p in self.passed else ""
            parts.append(f"{p}: {cards}{mark}")
        state = "resolved" if self._resolution else ("over" if self.is_over else "in progress")
        extra = "" if self.ruleset.name == "standard" else f" ruleset={self.ruleset.name!r}"
        return f"<Battle{extra} {state} | " + " | ".join(parts) + f" | strengths {format_strengths(self.strengths())}>"

    def _repr_html_(self) -> str:
        from .views.html import battle_html
        return battle_html(self)


def _a(card: Card) -> str:
    """'a 10', 'a Winter', 'an 8' (the Persian tutorial has 8s)."""
    name = card.name
    return ("an " if name[0] in "AEIOU8" or name in ("11", "18") else "a ") + name


_ACT_WHEN_REVEALED = frozenset({"winter", "spring", "bishop", "scarecrow", "surrender"})

_ON_PLAY = {
    "winter": Battle._season,
    "spring": Battle._season,
    "bishop": Battle._bishop,
    "scarecrow": Battle._scarecrow,
    "surrender": Battle._surrender,
    # the Persian tutorial's specials (variants/persian.py)
    "banner": persian.banner,
    "maiden": persian.maiden,
    "weapon": persian.weapon,
}
