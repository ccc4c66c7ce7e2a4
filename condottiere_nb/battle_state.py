"""The battle as the rules see it: the one object every rule function reads and changes.

A :class:`~condottiere_nb.battle.Battle` shows a battle to its users (the contract of play,
pass_turn, strengths, is_over, resolve, and copies of what lies on the table); the rule
functions (:mod:`~condottiere_nb.plays`, :mod:`~condottiere_nb.effects`,
:mod:`~condottiere_nb.resolution`, the variants' hooks and abilities, the Game's phases) work on
its :class:`BattleState`, ``battle.state``, as python-chess's rules work on a board's bitboards
and OpenSpiel's on a ``State``.  Its parts, for a rule function's author:

* the battle's facts, fixed when it is built: ``players`` (seat order), ``ruleset``, ``deck``
  (card id -> Card), ``kinds``, ``strict``, ``token_holder``, ``leader``, ``defender`` (an
  Invasion's, or None), ``region``, ``final``, ``explains`` (record Steps or not), and
  ``sandbox_hands`` (a sandbox without hands: cards come from the unused ones, the
  ``("supply", kind)`` piles);
* where the cards are: ``zones`` (:class:`~condottiere_nb.zones.Zones`; every card moves
  through ``zones.move``), read with :meth:`line`, :meth:`owner`, :meth:`in_play`;
* what changed, as plain data the rules change directly: ``turn`` (the seat to move),
  ``face_down`` (ids of the cards lying face down), ``returned`` (player -> the cards a
  Scarecrow took back and not played again), ``discarded`` (in order), ``passed`` (in order),
  ``favor``, ``surrendered_by``, ``moves``, ``steps``, ``banned`` (card kind -> the city-state
  whose ban keeps it out) and ``resolution``;
* what the rules do with it: :meth:`announced` (the totals a Step records), :meth:`record`
  (a Step, only when ``explains``), :meth:`discard`, :meth:`advance` (the turn moves on);
* what may be played, the one legality of a battle turn: :meth:`check_can_act`,
  :meth:`play_options`, :meth:`take_options`, :meth:`take_cards`, :meth:`find_card`,
  :meth:`taken_card`, and the variants' answers (:meth:`hook`, :meth:`not_returnable`).
"""
from __future__ import annotations

from itertools import compress
from operator import itemgetter, ne

from .cards import KIND_OF, KINDS, Card
from .errors import IllegalMove, Kind, Listed, Quoted, Spaced, excerpt
from .notation import exact_card, parse_kind, read_card
from .plays import scarecrow_take
from .strength import KIND_CODE, Tally, count, line_code, line_context, line_total, totals_of

__all__ = ["BattleState"]


class BattleState:
    """One battle as its rules read and change it (see the module docstring)."""

    def __init__(self, players: tuple, ruleset, zones, *, strict: bool, token_holder: str, leader: str,
                 defender: str | None, region, final: bool, explains: bool, sandbox_hands: bool,
                 banned: dict | None = None):
        self.players, self.ruleset, self.zones, self.strict = players, ruleset, zones, strict
        self.token_holder, self.leader, self.defender = token_holder, leader, defender
        self.region, self.final, self.explains, self.sandbox_hands = region, final, explains, sandbox_hands
        self.deck = ruleset.make_deck()
        self.kinds = ruleset.kinds
        #: the piles of the players' lines, in seat order
        self.line_keys = tuple(("line", p) for p in players)
        #: what a dict by pile holds for the lines, in seat order (their piles, their codes)
        self._of_lines = itemgetter(*self.line_keys)
        self.turn = players.index(leader)
        self.face_down: set = set()
        self.returned: dict = {p: [] for p in players}
        self.discarded: list = []
        self.passed: list = []
        self.favor = self.surrendered_by = self.resolution = None
        self.moves: list = []
        self.steps: list = []
        # bans are decided before the first card (zh: Bologna, Milano): undo keeps them
        self.banned: dict = {} if banned is None else banned
        #: The last announced() totals: the lines' codes they were counted from, the totals by
        #: player (in seat order), and strength.line_context's answer for them; and the
        #: (zones.changes, face-down count) they were last asked for at.
        self._said = ((), None, None)
        self._moved = (-1, -1)

    def copy(self, zones=None) -> "BattleState":
        """An independent copy, on a copy of these piles or on ``zones`` (a game's cloned piles)."""
        other = BattleState.__new__(BattleState)
        other.__dict__.update(self.__dict__)
        other.zones = self.zones.copy() if zones is None else zones
        other.face_down = set(self.face_down)
        other.returned = {p: list(cs) for p, cs in self.returned.items()}
        other.discarded, other.passed = list(self.discarded), list(self.passed)
        other.moves, other.steps, other.banned = list(self.moves), list(self.steps), dict(self.banned)
        return other

    # -- where the cards are ----------------------------------------------------------------------
    def line(self, player: str) -> tuple[Card, ...]:
        """One player's battle line, in play order."""
        return tuple(self.zones.piles[("line", player)])

    def in_play(self) -> list[Card]:
        """Every card in every line, in seat order."""
        return [c for p in self.players for c in self.zones.piles[("line", p)]]

    def owner(self, card: Card) -> str | None:
        """Whose line holds ``card`` (None if no line does)."""
        for p in self.players:
            if card in self.zones.piles[("line", p)]:
                return p
        return None

    @property
    def is_over(self) -> bool:
        """True once everyone has passed or a Surrender was played."""
        return self.surrendered_by is not None or len(self.passed) == len(self.players)

    # -- what the rules do ----------------------------------------------------------------------------
    def announced(self, hide: int | None = None) -> dict[str, int]:
        """The totals as the players announce them now: face-up cards only (and without card
        ``hide``, to show the strengths just before that card acted).  What the rules record in
        their Steps; never changed afterwards (Battle.strengths gives a caller its own copy)."""
        fd = self.face_down
        zones = self.zones
        moved = (zones.changes, len(fd))
        if hide is None and self._moved == moved:      # no card has moved or turned since
            return self._said[1]
        if fd or hide is not None:
            lines = self.counted_lines(hide)
            codes = tuple(map(line_code, lines))
        else:
            lines = self._of_lines(zones.piles)
            codes = tuple(map(zones.code, self.line_keys))      # kept up to date by every move
        # A line's total depends only on the kinds it holds (strength.line_code), on Winter and on
        # Spring's top (strength.line_context): several Steps in a row often see the same lines (a
        # play and its effect's "before", a pass), and a play changes one line, so only the lines
        # that changed since the last totals are looked up again.
        said_codes, said, said_context = self._said
        if said_codes != codes:
            context = line_context(sum(codes), self.ruleset.spring_highest)
            if context is None:
                said = dict(zip(self.players, totals_of(lines, self.ruleset.spring_highest, codes=codes)))
            else:
                winter, top = context
                if context == said_context:
                    said = said.copy()
                    changed = compress(range(len(codes)), map(ne, codes, said_codes))
                else:
                    said = {}
                    changed = range(len(codes))
                for i in changed:
                    said[self.players[i]] = line_total(lines[i], winter, codes[i], top)
            self._said = (codes, said, context)
        # the shortcut above holds for the lines as they are, not for the lines without a card
        self._moved = moved if hide is None else (-1, -1)
        return said

    def tally(self) -> Tally:
        """The announced lines counted stage by stage: each total and each face-up card's value."""
        return count(self.players, self.counted_lines(), self.ruleset.spring_highest).tally()

    def counted_lines(self, hide: int | None = None) -> list[tuple[Card, ...]]:
        """Each player's cards that count in the announced totals (the face-up ones, without
        card ``hide``), in seat order."""
        fd = self.face_down
        piles = self.zones.piles
        if not fd and hide is None:
            return [tuple(piles[("line", p)]) for p in self.players]
        return [tuple(c for c in piles[("line", p)] if c.id not in fd and c.id != hide) for p in self.players]

    def record(self, step) -> None:
        """Add a Step to the battle's explanation (rules call this only when ``explains``)."""
        self.steps.append(step)

    def discard(self, cards) -> None:
        """Cards leave their lines for the discard pile (a Bishop's victims, a cancelled season,
        a played Scarecrow ...)."""
        for card in cards:
            owner = self.owner(card)
            if owner is None:
                raise IllegalMove.say("{card} is not in any battle line", card=card.tag)
            self.zones.move(card, ("line", owner), "discard")
            self.face_down.discard(card.id)
            self.discarded.append(card)

    def advance(self, after: str) -> None:
        """The turn goes to the first seat after ``after``'s, clockwise, that has not passed
        (``after`` again when everyone else has)."""
        n = len(self.players)
        i = self.players.index(after)
        for step in range(1, n + 1):
            j = (i + step) % n
            if self.players[j] not in self.passed:
                self.turn = j
                return

    # -- what may be played: the legality of a battle turn ----------------------------------------
    def check_can_act(self, player) -> None:
        """IllegalMove unless ``player`` may play or pass now."""
        if self.resolution is not None:
            raise IllegalMove.say("this battle has already been resolved; start a new Battle (or use preview())")
        if not isinstance(player, str) or player not in self.players:
            raise IllegalMove.say("{player} is not a player in this battle; players are [{players}]",
                                  player=excerpt(player), players=Listed(Quoted.of(p) for p in self.players))
        if self.surrendered_by is not None:
            raise IllegalMove.say("the battle is over: {player} played a Surrender, so nobody plays another card",
                                  player=self.surrendered_by)
        if self.is_over:
            raise IllegalMove.say("the battle is over: everyone has passed, so nobody plays another card")
        if player in self.passed:
            raise IllegalMove.say("{player} has passed and cannot play again in this battle", player=player)
        if self.strict and self.players[self.turn] != player:
            raise IllegalMove.say("it is {turn}'s turn, not {player}'s", turn=self.players[self.turn],
                                  player=player)

    def source_of(self, player: str, card: Card):
        """The pile ``player`` would play ``card`` from (their hand, or in a sandbox without hands
        the unused cards), or None when it is in neither."""
        if card in self.zones.piles[("hand", player)]:
            return ("hand", player)
        if self.sandbox_hands and card in self.zones.piles[("supply", card.kind)]:
            return ("supply", card.kind)
        return None

    def playable_kinds(self, player: str) -> list[str]:
        """The kinds ``player`` could play now, in deck order: the kinds in hand (a sandbox
        without hands: every kind of the deck still unused), without the banned ones."""
        present = set(map(KIND_OF, self.zones.piles[("hand", player)]))
        if self.sandbox_hands:
            present |= {k for k in self.kinds if self.zones.piles[("supply", k)]}
        if self.banned:
            present -= self.banned.keys()
        return sorted(present, key=self.ruleset.rank.__getitem__)

    def lies_face_down(self, card, face_down: bool) -> bool:
        return face_down or (self.ruleset.mercenaries_face_down and card.mercenary)

    def acts_now(self, card, face_down: bool) -> bool:
        """Does ``card``'s on-play effect act when it is played (face up, or face down under the
        'on_play' reading)?"""
        return not self.lies_face_down(card, face_down) or self.ruleset.face_down_specials == "on_play"

    def take_cards(self, player: str, card, face_down: bool = False) -> list[Card]:
        """The cards playing ``card`` (a Card or its CardKind) could name with ``take=``, in line
        order: for a Scarecrow the player's own face-up Mercenaries it may take back (not one a
        variant locks, :meth:`not_returnable`); for a card that names a target (the Persian
        Maiden), what its variant's hook :meth:`~condottiere_nb.variants.base.Variant.target_cards`
        gives; none for another card, or for a face-down Scarecrow that does nothing until
        revealed."""
        spec = card.spec if isinstance(card, Card) else card
        if spec.choice is None or not self.acts_now(spec, face_down):
            return []
        if spec.choice == "target":
            return self.hook("target_cards", player) or []
        locked = self.not_returnable()
        return [c for c in self.zones.piles[("line", player)]
                if c.mercenary and c.id not in self.face_down and c.id not in locked]

    def take_options(self, player: str, card, face_down: bool = False) -> list:
        """What playing ``card`` may name with ``take=``, as a Play names it: None (nothing),
        then for a Scarecrow the kinds of :meth:`take_cards` in deck order, for a Maiden her
        targets by position ("Ben@2": soldiers lie face down, so a player chooses a place).
        Option scarecrow_empty=False: a Scarecrow that acts must take a card, so None is not
        offered, and with nothing to take the list is empty (it cannot be played)."""
        spec = card.spec if isinstance(card, Card) else card
        cards = self.take_cards(player, spec, face_down)
        must_take = spec.choice == "take" and not self.ruleset.scarecrow_empty and self.acts_now(spec, face_down)
        nothing = [] if must_take else [None]
        if not cards:
            return nothing
        if spec.choice == "target":
            return nothing + self.hook("targets", player)
        return nothing + sorted({c.kind for c in cards}, key=self.ruleset.rank.__getitem__)

    def play_options(self, player: str) -> list[tuple[str, bool, object]]:
        """Every play ``player`` may make now, as (kind, face_down, take), in a fixed order:
        the kinds in deck order, each face up, then its takes, then face down.  [] when the
        player may not act."""
        try:
            self.check_can_act(player)
        except IllegalMove:
            return []
        options = []
        plain = self.ruleset.plain_plays
        for kind in self.playable_kinds(player):
            fixed = plain[kind]
            if fixed is not None:
                options += fixed
                continue
            spec = KINDS[kind]
            for face_down in self.ruleset.ways[kind]:
                for take in self.take_options(player, spec, face_down):
                    options.append((kind, face_down, take))
        return options

    def not_returnable(self) -> frozenset[int]:
        """The ids of the cards in play that a Scarecrow may not take back by a variant's rule
        (the hook :meth:`~condottiere_nb.variants.base.Variant.locked`: Venezia's bribe)."""
        variants = self.ruleset.variants
        return frozenset().union(*(v.locked(self) for v in variants)) if variants else frozenset()

    def hook(self, name: str, *args):
        """The first answer (not None) of this ruleset's variants to the battle hook ``name``
        (:class:`~condottiere_nb.variants.base.Variant`), or None."""
        for v in self.ruleset.variants:
            found = getattr(v, name)(self, *args)
            if found is not None:
                return found
        return None

    def find_card(self, player: str, card) -> Card:
        """The physical card ``player`` plays when naming ``card`` (a name, a Card or "5#41"):
        from their hand (in a sandbox without hands, a card taken back first, then an unused
        one).  IllegalMove when they cannot play it."""
        exact = exact_card(card, self.deck, self.kinds, self.ruleset.name, IllegalMove)
        kind, want = (exact.kind, exact) if exact is not None else (parse_kind(card, self.kinds), None)
        hand = self.zones.piles[("hand", player)]
        for c in hand:
            if c.kind == kind and (want is None or c is want):
                return c
        if not self.sandbox_hands:
            if not hand:
                raise IllegalMove.say("{player} has no {card} in hand; {player}'s hand: no cards", player=player,
                                      card=Kind(kind))
            raise IllegalMove.say("{player} has no {card} in hand; {player}'s hand: {hand}", player=player,
                                  card=Kind(kind), hand=Spaced(Kind(c.kind) for c in hand))
        for c in self.zones.piles[("supply", kind)]:
            if want is None or c is want:
                return c
        total = self.ruleset.counts[kind]
        if want is not None:
            raise IllegalMove.say("card {card} is already used in this battle", card=want.tag)
        if total == 1:
            raise IllegalMove.say("the deck has only 1 {card} card, and it is already used in this battle (in a "
                                  "line, discarded or back in a hand)", card=Kind(kind))
        raise IllegalMove.say("the deck has only {total} {card} cards, and all {total} are already used in this "
                              "battle (in lines, discarded or back in a hand)", total=total, card=Kind(kind))

    def find_take(self, player: str, take) -> Card:
        """The card of ``player``'s own line a Scarecrow takes back, named by ``take`` (a kind,
        a Card or "5#41"): the rule :func:`condottiere_nb.plays.scarecrow_take`."""
        return scarecrow_take(self, player, take if isinstance(take, Card) else read_card(take, self.kinds))

    def taken_card(self, player: str, card: Card, take, face_down: bool = False) -> Card:
        """The card that playing ``card`` names with ``take``: the player's own Mercenary a
        Scarecrow takes back, or the soldier a Maiden removes; IllegalMove when it cannot."""
        if not self.acts_now(card, face_down):
            raise IllegalMove.say("a face-down {card} does nothing until it is revealed, so it cannot take a card; "
                                  "use take=None", card=Kind(card.kind))
        if card.spec.choice == "take":
            return self.find_take(player, take)
        found = self.hook("target", player, take)
        if found is None:
            raise IllegalMove.say("a {card} names no card under this ruleset", card=Kind(card.kind))
        return found
