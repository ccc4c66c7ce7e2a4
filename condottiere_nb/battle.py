"""Battle: players lay cards in their lines, on-play effects fire, and resolve() explains.

A Battle built directly is a *sandbox*: any player may play any card in any order
(a passed player may not play again), limited only by the deck.  ``strict=True``
enforces turn order; ``hands=`` enforces real hands.  The Game uses both.

Where the rules live: what may be played is :meth:`Battle.play_options` (the one legality
function of a battle turn, which :meth:`Battle.play`, the Game and the widgets all use); playing
and passing are :mod:`condottiere_nb.plays`; what a card does when played is its rule in
:mod:`condottiere_nb.effects` (found from the card registry, :data:`condottiere_nb.cards.KINDS`);
the count is :mod:`condottiere_nb.strength`; the end of the battle is
:mod:`condottiere_nb.resolution`.

Every call either applies completely or raises and leaves the battle as it was:
all checks run before anything changes, and every card moves through
:meth:`condottiere_nb.zones.Zones.move`.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from . import board, plays
from .arguments import check_flag
from .cards import KIND_OF, KINDS, Card
from .errors import IllegalMove, Joined, Kind, Listed, Quoted, RulesError, Spaced, excerpt
from .explain import explain, format_strengths, join_names
from .notation import exact_card, parse_kind, read_card
from .plays import BattleState, Move
from .resolution import Resolution, resolve
from .rulesets import Ruleset, get_ruleset
from .seats import seat_names
from .strength import KIND_CODE, STAGES, Tally, count, line_code, totals_of
from .zones import Zones, check_game_zones, sandbox_piles

__all__ = ["Battle", "BattleState", "Move", "Resolution", "seat_names"]

_UNSET = object()


class Battle:
    """One battle for one region.

    >>> b = Battle(["Ana", "Ben"])
    >>> b.play("Ana", "10"); b.play("Ben", "winter")
    >>> b.strengths()
    {'Ana': 1, 'Ben': 0}
    >>> b.resolve().winner
    'Ana'

    A Game passes its own ``zones`` (hands, draw pile, discard pile): the battle's cards then
    move in the game's piles, and ``final=True`` for its final battle (fought for no region).
    Threads: a finished battle may be read from many at once; a battle is changed from one at a time.
    """

    def __init__(self, players: Sequence[str], ruleset: "Ruleset | str" = "standard", *,
                 strict: bool = False, hands: Mapping[str, Iterable] | None = None,
                 token_holder: str | None = None, leader: str | None = None,
                 defender: str | None = None, region: str | None = None, explain: bool = True,
                 zones: Zones | None = None, final: bool = False):
        self.ruleset = get_ruleset(ruleset)
        players = seat_names(players)
        for role, who in (("token_holder", token_holder), ("leader", leader), ("defender", defender)):
            if who is not None and who not in players:
                raise RulesError.say("{role} {who} is not one of the players [{players}]", role=role,
                                     who=Quoted.of(who), players=Listed(Quoted.of(p) for p in players))
        region = None if region is None else board.region(region)
        for name, flag in (("strict", strict), ("final", final), ("explain", explain)):
            check_flag(name, flag)
        self.players = players
        self.seats = len(players)
        #: the piles of the players' lines, in seat order
        self.line_keys = tuple(("line", p) for p in players)
        self.strict = strict
        #: explain=True (the default): each rule records its Step as it fires; False: no Step is
        #: ever made (the lab, the bots, the odds).  The outcome is the same.  (Named `explains`
        #: so that it does not hide the explain() method.)
        self.explains = explain
        self.token_holder = token_holder if token_holder is not None else players[0]
        self.leader = leader if leader is not None else self.token_holder
        self.defender = defender
        self.region = region
        self.final = final
        self.deck = self.ruleset.make_deck()
        self.kinds = self.ruleset.kinds
        if zones is not None:
            if hands is not None:
                raise RulesError.say("a battle played on a game's zones takes its hands from them")
            check_game_zones(zones, players)
            self._initial = None
            self.zones = zones
            self.sandbox_hands = False
        else:
            self._initial = sandbox_piles(self.ruleset, players, hands)
            self.sandbox_hands = hands is None
        self._reset()

    # -- state ----------------------------------------------------------------------------------
    def _reset(self) -> None:
        if self._initial is not None:
            self.zones = Zones.shared(self._initial)      # tuples: the lines and discard pile included
        else:
            for p in self.players:
                self.zones.add_pile(("line", p))
        #: The last announced() totals, with the lines' codes they were counted from, and the
        #: (zones.changes, face-down count) they were last asked for at.
        self._said = ((), None)
        self._moved = (-1, -1)
        # bans are decided before the first card (zh: Bologna, Milano): undo keeps them
        banned = self.state.banned if "state" in self.__dict__ else {}
        self.state = BattleState(turn=self.players.index(self.leader), returned={p: [] for p in self.players},
                                 banned=banned)

    # -- what the battle shows: copies, so that nothing but the rules changes it --------------------
    @property
    def face_down(self) -> frozenset:
        """The ids of the cards lying face down."""
        return frozenset(self.state.face_down)

    @property
    def returned(self) -> dict[str, list[Card]]:
        """player -> the cards a Scarecrow took back to hand and not played again (copies)."""
        return {p: list(cs) for p, cs in self.state.returned.items()}

    @property
    def discarded(self) -> list[Card]:
        """The cards discarded in this battle, in order (a copy)."""
        return list(self.state.discarded)

    @property
    def passed(self) -> list[str]:
        """Who passed, in order (a copy)."""
        return list(self.state.passed)

    favor = property(lambda self: self.state.favor,
                     doc="Who earned the Pope's Favor in this battle (the last Bishop played), or None.")
    surrendered_by = property(lambda self: self.state.surrendered_by, doc="Who played a Surrender, or None.")

    @property
    def moves(self) -> list[Move]:
        """Everything done in this battle, in order (a copy)."""
        return list(self.state.moves)

    @property
    def steps(self) -> list:
        """The Steps recorded so far, in order (a copy; [] with explain=False)."""
        return list(self.state.steps)

    @property
    def banned(self) -> dict[str, str]:
        """card kind -> the city-state whose ban keeps it out of this battle (a copy)."""
        return dict(self.state.banned)

    turn = property(lambda self: self.state.turn, doc="The seat whose turn it is.")

    @property
    def hands(self) -> dict[str, list[Card]] | None:
        """Every player's hand (copies), or None in a sandbox built without hands."""
        if self.sandbox_hands:
            return None
        return {p: list(self.zones.piles[("hand", p)]) for p in self.players}

    def hand(self, player: str) -> tuple[Card, ...]:
        """``player``'s hand (a sandbox without hands: the cards taken back)."""
        return tuple(self.zones.piles[("hand", player)])

    @property
    def lines(self) -> dict[str, list[Card]]:
        """Every player's battle line, in play order (copies)."""
        return {p: list(self.zones.piles[("line", p)]) for p in self.players}

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
        return self.state.surrendered_by is not None or len(self.state.passed) == self.seats

    is_resolved = property(lambda self: self.state.resolution is not None, doc="True once resolved.")
    resolution = property(lambda self: self.state.resolution, doc="The Resolution, once resolved.")

    @property
    def to_move(self) -> str | None:
        """Whose turn it is (turn order as in strict mode), or None once the battle is over."""
        if self.state.surrendered_by is not None or len(self.state.passed) == self.seats:     # is_over
            return None
        return self.players[self.state.turn]

    def waiting(self, player: str) -> bool:
        """Invasion: the defender who has passed but not played a card yet may still play."""
        return player == self.defender and not self.zones.piles[("line", player)] and player not in self.state.passed \
            and any(m.player == player and m.is_pass for m in self.state.moves)

    def advance(self, after: str) -> None:
        """The turn goes to the first seat after ``after``'s, clockwise, that has not passed
        (``after`` again when everyone else has)."""
        n = len(self.players)
        i = self.players.index(after)
        for step in range(1, n + 1):
            j = (i + step) % n
            if self.players[j] not in self.state.passed:
                self.state.turn = j
                return

    def copy(self, zones: Zones | None = None, *, explain: bool | None = None) -> "Battle":
        """An independent copy (for previews and what-ifs), with its own piles: a copy of this
        battle's, or ``zones`` (a game's cloned piles, for Game.clone).  ``explain``: whether the
        copy records Steps (this battle's choice unless given; a what-if nobody reads: False)."""
        other = Battle.__new__(Battle)
        other.__dict__.update(self.__dict__)
        other.zones = self.zones.copy() if zones is None else zones
        other.state = self.state.copy()
        if explain is not None:
            other.explains = check_flag("explain", explain)
        return other

    def strengths(self) -> dict[str, int]:
        """Current totals as each player would announce them (face-up cards only)."""
        return dict(self.announced())

    def announced(self, hide: int | None = None) -> dict[str, int]:
        """The totals as the players announce them now: face-up cards only (and without card
        ``hide``, to show the strengths just before that card acted).  What the rules record in
        their Steps; never changed afterwards (:meth:`strengths` gives a caller its own copy)."""
        fd = self.state.face_down
        moved = (self.zones.changes, len(fd))
        if hide is None and self._moved == moved:      # no card has moved or turned since
            return self._said[1]
        if fd:
            lines = self.counted_lines(hide)
            codes = tuple(map(line_code, lines))
        else:
            lines = None
            codes = tuple(map(self.zones.code, self.line_keys))
            if hide is not None:
                card = self.deck[hide]
                owner = self.owner(card)
                if owner is not None:
                    i = self.players.index(owner)
                    codes = codes[:i] + (codes[i] - KIND_CODE[card.kind],) + codes[i + 1:]
        # A line's total depends only on the kinds the lines hold (strength.line_code): several Steps
        # in a row often see the same lines (a play and its effect's "before", a pass), counted once.
        said = self._said
        if said[0] != codes:
            if lines is None:
                lines = self.counted_lines(hide)
            said = self._said = (codes, dict(zip(self.players, totals_of(lines, self.ruleset.spring_highest,
                                                                            codes=codes))))
        # the shortcut above holds for the lines as they are, not for the lines without a card
        self._moved = moved if hide is None else (-1, -1)
        return said[1]

    def tally(self) -> Tally:
        """The announced lines counted stage by stage: each total and each face-up card's value."""
        return count(self.players, self.counted_lines(), self.ruleset.spring_highest).tally()

    def counted_lines(self, hide: int | None = None) -> list[tuple[Card, ...]]:
        """Each player's cards that count in the announced totals (the face-up ones, without
        card ``hide``), in seat order."""
        fd = self.state.face_down
        piles = self.zones.piles
        if not fd and hide is None:
            return [tuple(piles[("line", p)]) for p in self.players]
        return [tuple(c for c in piles[("line", p)] if c.id not in fd and c.id != hide) for p in self.players]

    def record(self, step) -> None:
        """Add a Step to the battle's explanation (rules call this only when the battle explains)."""
        self.state.steps.append(step)

    def discard(self, cards: Sequence[Card]) -> None:
        """Cards leave their lines for the discard pile (a Bishop's victims, a cancelled season,
        a played Scarecrow ...)."""
        for card in cards:
            owner = self.owner(card)
            if owner is None:
                raise IllegalMove.say("{card} is not in any battle line", card=card.tag)
            self.zones.move(card, ("line", owner), "discard")
            self.state.face_down.discard(card.id)
            self.state.discarded.append(card)

    # -- what may be played: the legality of a battle turn ----------------------------------------
    def check_can_act(self, player) -> None:
        """IllegalMove unless ``player`` may play or pass now."""
        if self.state.resolution is not None:
            raise IllegalMove.say("this battle has already been resolved; start a new Battle (or use preview())")
        if not isinstance(player, str) or player not in self.players:
            raise IllegalMove.say("{player} is not a player in this battle; players are [{players}]",
                                  player=excerpt(player), players=Listed(Quoted.of(p) for p in self.players))
        if self.state.surrendered_by is not None:
            raise IllegalMove.say("the battle is over: {player} played a Surrender, so nobody plays another card",
                                  player=self.state.surrendered_by)
        if self.is_over:
            raise IllegalMove.say("the battle is over: everyone has passed, so nobody plays another card")
        if player in self.state.passed:
            raise IllegalMove.say("{player} has passed and cannot play again in this battle", player=player)
        if self.strict and self.players[self.state.turn] != player:
            raise IllegalMove.say("it is {turn}'s turn, not {player}'s", turn=self.players[self.state.turn],
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
        if self.state.banned:
            present -= self.state.banned.keys()
        return sorted(present, key=self.ruleset.rank.__getitem__)

    def face_down_options(self, card) -> tuple[bool, ...]:
        """How a ``card`` (a Card or its CardKind) may be laid: the rule
        :func:`condottiere_nb.plays.face_down_options` under this battle's ruleset."""
        return plays.face_down_options(self.ruleset, card)

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
            return self._hook("target_cards", player) or []
        locked = self.not_returnable()
        return [c for c in self.zones.piles[("line", player)]
                if c.mercenary and c.id not in self.state.face_down and c.id not in locked]

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
            return nothing + self._hook("targets", player)
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

    def _hook(self, name: str, *args):
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
        return plays.scarecrow_take(self, player, take if isinstance(take, Card) else read_card(take, self.kinds))

    # -- playing and passing --------------------------------------------------------------------
    def play(self, player: str, card, *, face_down: bool = False, take=_UNSET) -> None:
        """``player`` lays ``card`` in their line; its on-play effect fires at once.

        ``card``: a name ("5", "winter", "Mùa Đông"), a :class:`Card`, or "5#41" for one
        physical card.  ``face_down`` where the ruleset has hidden cards.  ``take``: for a
        Scarecrow, the value of one of the player's own face-up Mercenaries to take back
        (a name, a :class:`Card` or "5#41"); ``None`` takes nothing.  For a Persian Maiden,
        the soldier she removes ("Ben:5", "5#41" or "Ben@2").
        """
        self.check_can_act(player)
        chosen = self.find_card(player, card)
        if chosen.kind in self.state.banned:
            raise IllegalMove.say("{player}'s ban keeps every {card} out of this battle; banned now: {banned}",
                                  player=self.state.banned[chosen.kind], card=Kind(chosen.kind),
                                  banned=Joined(Kind(k) for k in sorted(self.state.banned)))
        if not isinstance(face_down, bool):
            raise IllegalMove.say("{name} must be True or False, not {value}", name="face_down",
                                  value=excerpt(face_down))
        rs = self.ruleset
        if face_down and True not in self.face_down_options(chosen) and \
                not (rs.mercenaries_face_down and chosen.mercenary):
            if not rs.hidden_cards:
                raise IllegalMove.say("cards are played face up under the {rules} ruleset; face_down=True needs a "
                                      "ruleset with hidden cards, such as {example}", rules=repr(rs.name),
                                      example="'hidden-cards'")
            raise IllegalMove.say("under this ruleset only Mercenaries may be played face down, not a {card}",
                                  card=Kind(chosen.kind))
        choice = chosen.spec.choice
        if take is not _UNSET and choice is None:
            raise IllegalMove.say("take= is only for a Scarecrow or a Maiden, not for a {card}", card=Kind(chosen.kind))
        taken = None if take is _UNSET or take is None else self.taken_card(player, chosen, take, face_down)
        if choice == "take" and taken is None and None not in self.take_options(player, chosen, face_down):
            raise plays.must_take(self, player)
        # Everything is checked: from here on the battle changes.
        plays.play_card(self, player, chosen, face_down, taken)

    def taken_card(self, player: str, card: Card, take, face_down: bool = False) -> Card:
        """The card that playing ``card`` names with ``take``: the player's own Mercenary a
        Scarecrow takes back, or the soldier a Maiden removes; IllegalMove when it cannot."""
        if not self.acts_now(card, face_down):
            raise IllegalMove.say("a face-down {card} does nothing until it is revealed, so it cannot take a card; "
                                  "use take=None", card=Kind(card.kind))
        if card.spec.choice == "take":
            return self.find_take(player, take)
        found = self._hook("target", player, take)
        if found is None:
            raise IllegalMove.say("a {card} names no card under this ruleset", card=Kind(card.kind))
        return found

    def pass_turn(self, player: str) -> None:
        """``player`` passes: they play no more cards in this battle, but their line still counts."""
        self.check_can_act(player)
        plays.play_pass(self, player)

    # -- the end ----------------------------------------------------------------------------------
    def preview(self, stages: Sequence[str] = STAGES) -> Resolution:
        """Resolve as if everyone passed now, leaving this battle open.  ``stages``: the count's
        stages to run, by rule id, in order (:data:`condottiere_nb.strength.STAGES`, the rules'
        order, by default): one left out or two swapped show what a misapplied rule gives.

        >>> b = Battle(["Ana", "Ben"]); b.play("Ana", "5"); b.play("Ana", "drummer"); b.play("Ben", "spring")
        >>> b.preview().strengths["Ana"], b.preview(["strength.printed", "season.spring", "card.drummer"]).strengths["Ana"]
        (13, 16)
        """
        return resolve(self.copy(), stages)

    def resolve(self) -> Resolution:
        """End the battle: reveal, count, compare and pass the Condottiere token.

        A sandbox battle may be resolved at any time (as if all passed now); a strict
        one only once it is over.  A battle is resolved once.
        """
        if self.state.resolution is not None:
            raise IllegalMove.say("this battle has already been resolved; its result is in .resolution")
        if self.strict and not self.is_over:
            left = [p for p in self.players if p not in self.state.passed]
            if len(left) == 1:
                raise IllegalMove.say("the battle is not over: {player} still has to pass", player=left[0])
            raise IllegalMove.say("the battle is not over: {players} still have to pass", players=join_names(left))
        self.state.resolution = resolve(self)
        return self.state.resolution

    # -- undo and notation --------------------------------------------------------------------------
    def undo(self) -> Move:
        """Take back the last move (by replaying the others); returns the move undone."""
        if self.state.resolution is not None:
            raise IllegalMove.say("this battle has already been resolved; undo is no longer possible")
        if self._initial is None:
            raise IllegalMove.say("this battle is (a copy of) a game's battle: undo the game's last action "
                                  "(Game.undo) instead")
        if not self.state.moves:
            raise IllegalMove.say("there is no move to undo")
        moves = self.state.moves[:-1]
        last = self.state.moves[-1]
        self._reset()
        for m in moves:
            self.apply_move(m)
        return last

    def apply_move(self, move: Move, player: str | None = None) -> None:
        """Make a recorded :class:`Move` again (a card, a pass, or a variant's ability move),
        by ``player`` if given (the same seat renamed): what :meth:`undo`, the exploration tools
        and the views replay.  Its card is the same physical card when this battle's deck has
        it, else one of the same kind (a move replayed under another ruleset)."""
        if player is not None:
            move = Move(player, move.kind, move.face_down, move.take, move.card)
        if move.is_pass:
            self.pass_turn(move.player)
            return
        for v in self.ruleset.variants:       # a variant's ability (zh: Firenze's Ball, Venezia's Bribe)
            if move.kind in v.battle_moves:
                v.replay(self, move)
                return
        home = self.ruleset.move_home(move.kind)
        if home is not None:
            raise IllegalMove.say("the ability {move} belongs to the {home} ruleset; the {ruleset} ruleset does not "
                                  "have it", move=Quoted.of(move.kind), home=Quoted.of(home),
                                  ruleset=Quoted.of(self.ruleset.name))
        same = move.card is not None and move.card < len(self.deck) and self.deck[move.card].kind == move.kind
        card = self.deck[move.card] if same else move.kind
        if move.take is not None:
            self.play(move.player, card, face_down=move.face_down, take=move.take)
        else:
            self.play(move.player, card, face_down=move.face_down)

    def notation(self) -> str:
        """The battle as text that :meth:`from_notation` reads back (see notation.py)."""
        from .notation import format_battle
        return format_battle(self)

    @classmethod
    def from_notation(cls, text: str, ruleset: "Ruleset | str | None" = None, **kwargs) -> "Battle":
        """Build a battle from its notation, e.g. ``"[Ana Ben] Ana 10, Ben winter, Ana 5"``."""
        from .notation import parse_battle
        return parse_battle(text, ruleset=ruleset, battle_class=cls, **kwargs)

    def explain(self, lang: str | None = None) -> str:
        """The steps so far, in plain text, in ``lang`` (the default language when None)."""
        return explain(self.steps, lang)

    def __repr__(self) -> str:
        parts = []
        for p in self.players:
            cards = " ".join(("?" + c.name if c.id in self.state.face_down else c.name) for c in self.line(p)) or "-"
            mark = " (passed)" if p in self.state.passed else ""
            parts.append(f"{p}: {cards}{mark}")
        state = "resolved" if self.state.resolution else ("over" if self.is_over else "in progress")
        extra = "" if self.ruleset.name == "standard" else f" ruleset={self.ruleset.name!r}"
        return f"<Battle{extra} {state} | " + " | ".join(parts) + f" | strengths {format_strengths(self.strengths())}>"

    def _repr_html_(self) -> str:
        from .views.html import battle_html
        return battle_html(self)
