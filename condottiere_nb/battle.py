"""Battle: players lay cards in their lines, on-play effects fire, and resolve() explains.

A Battle built directly is a *sandbox*: any player may play any card in any order
(a passed player may not play again), limited only by the deck.  ``strict=True``
enforces turn order; ``hands=`` enforces real hands.  The Game uses both.

A Battle shows the contract (play, pass_turn, strengths, is_over, resolve) and copies of what
lies on the table; the rules work on its :class:`~condottiere_nb.battle_state.BattleState`,
``battle.state``, which also holds the one legality of a battle turn (``play_options``, which
:meth:`Battle.play`, the Game and the widgets all use).  Playing and passing are
:mod:`condottiere_nb.plays`; what a card does when played is its rule in
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
from .battle_state import BattleState
from .cards import Card
from .errors import IllegalMove, Joined, Kind, Listed, Quoted, RulesError, excerpt
from .explain import explain, format_strengths
from .plays import Move
from .resolution import Resolution, resolve
from .rulesets import Ruleset, get_ruleset
from .seats import seat_names
from .strength import STAGES
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
        ruleset = get_ruleset(ruleset)
        players = seat_names(players)
        for role, who in (("token_holder", token_holder), ("leader", leader), ("defender", defender)):
            if who is not None and who not in players:
                raise RulesError.say("{role} {who} is not one of the players [{players}]", role=role,
                                     who=Quoted.of(who), players=Listed(Quoted.of(p) for p in players))
        region = None if region is None else board.region(region)
        for name, flag in (("strict", strict), ("final", final), ("explain", explain)):
            check_flag(name, flag)
        if zones is not None:
            if hands is not None:
                raise RulesError.say("a battle played on a game's zones takes its hands from them")
            check_game_zones(zones, players)
            for p in players:
                zones.add_pile(("line", p))
            self._initial = None
        else:
            self._initial = sandbox_piles(ruleset, players, hands)
            zones = Zones.shared(self._initial)      # tuples: the lines and discard pile included
        token_holder = token_holder if token_holder is not None else players[0]
        # explain=True (the default): each rule records its Step as it fires; False: no Step is ever
        # made (the lab, the bots, the odds).  The outcome is the same.
        self._facts = dict(strict=strict, token_holder=token_holder, defender=defender, region=region, final=final,
                           leader=leader if leader is not None else token_holder, explains=explain,
                           sandbox_hands=hands is None and self._initial is not None)
        #: The battle as its rules read and change it (:class:`BattleState`): for the rule functions,
        #: the variants and the Game; everyone else reads the battle through its own members.
        self.state = BattleState(players, ruleset, zones, **self._facts)

    # -- what the battle shows: copies, so that nothing but the rules changes it --------------------
    players = property(lambda self: self.state.players, doc="The seats, clockwise.")
    ruleset = property(lambda self: self.state.ruleset, doc="The Ruleset this battle is fought under.")
    deck = property(lambda self: self.state.deck, doc="The ruleset's deck: card id -> Card.")
    strict = property(lambda self: self.state.strict, doc="True when turn order and hands are enforced.")
    token_holder = property(lambda self: self.state.token_holder, doc="Who held the Condottiere token.")
    leader = property(lambda self: self.state.leader, doc="Who played first.")
    defender = property(lambda self: self.state.defender, doc="The invaded defender (vi: Xâm Lược), or None.")
    region = property(lambda self: self.state.region, doc="The region fought for, or None.")
    final = property(lambda self: self.state.final, doc="True for a game's final battle (for no region).")
    face_down = property(lambda self: frozenset(self.state.face_down), doc="The ids of the cards lying face down.")
    favor = property(lambda self: self.state.favor,
                     doc="Who earned the Pope's Favor in this battle (the last Bishop played), or None.")
    surrendered_by = property(lambda self: self.state.surrendered_by, doc="Who played a Surrender, or None.")
    discarded = property(lambda self: list(self.state.discarded), doc="The cards discarded, in order (a copy).")
    passed = property(lambda self: list(self.state.passed), doc="Who passed, in order (a copy).")
    moves = property(lambda self: list(self.state.moves), doc="Everything done in this battle, in order (a copy).")
    steps = property(lambda self: list(self.state.steps),
                     doc="The Steps recorded so far, in order (a copy; [] with explain=False).")
    banned = property(lambda self: dict(self.state.banned),
                      doc="card kind -> the city-state whose ban keeps it out of this battle (a copy).")
    is_over = property(lambda self: self.state.is_over, doc="True once everyone has passed or a Surrender was played.")
    is_resolved = property(lambda self: self.state.resolution is not None, doc="True once resolved.")
    resolution = property(lambda self: self.state.resolution, doc="The Resolution, once resolved.")

    @property
    def returned(self) -> dict[str, list[Card]]:
        """player -> the cards a Scarecrow took back to hand and not played again (copies)."""
        return {p: list(cs) for p, cs in self.state.returned.items()}

    @property
    def hands(self) -> dict[str, list[Card]] | None:
        """Every player's hand (copies), or None in a sandbox built without hands."""
        return None if self.state.sandbox_hands else {p: list(self.hand(p)) for p in self.players}

    def hand(self, player: str) -> tuple[Card, ...]:
        """``player``'s hand (a sandbox without hands: the cards taken back)."""
        return tuple(self.state.zones.piles[("hand", player)])

    @property
    def lines(self) -> dict[str, list[Card]]:
        """Every player's battle line, in play order (copies)."""
        return {p: list(self.state.zones.piles[("line", p)]) for p in self.players}

    def line(self, player: str) -> tuple[Card, ...]:
        """One player's battle line, in play order."""
        return self.state.line(player)

    def in_play(self) -> list[Card]:
        """Every card in every line, in seat order."""
        return self.state.in_play()

    @property
    def to_move(self) -> str | None:
        """Whose turn it is (turn order as in strict mode), or None once the battle is over."""
        state = self.state
        if state.surrendered_by is not None or len(state.passed) == len(state.players):     # is_over
            return None
        return state.players[state.turn]

    def waiting(self, player: str) -> bool:
        """Invasion: the defender who has passed but not played a card yet may still play."""
        state = self.state
        return player == state.defender and not state.zones.piles[("line", player)] and \
            player not in state.passed and any(m.player == player and m.is_pass for m in state.moves)

    def copy(self, zones: Zones | None = None, *, explain: bool | None = None) -> "Battle":
        """An independent copy (for previews and what-ifs), with its own piles: a copy of this
        battle's, or ``zones`` (a game's cloned piles, for Game.clone).  ``explain``: whether the
        copy records Steps (this battle's choice unless given; a what-if nobody reads: False)."""
        other = Battle.__new__(Battle)
        other.__dict__.update(self.__dict__)
        other.state = self.state.copy(zones)
        if explain is not None:
            other.state.explains = check_flag("explain", explain)
            other._facts = {**self._facts, "explains": explain}
        return other

    def strengths(self) -> dict[str, int]:
        """Current totals as each player would announce them (face-up cards only)."""
        return dict(self.state.announced())

    # -- what may be played: the legality of a battle turn (:class:`BattleState`) ----------------
    def play_options(self, player: str) -> list[tuple[str, bool, object]]:
        """Every play ``player`` may make now, as (kind, face_down, take); [] when they may not act."""
        return self.state.play_options(player)

    def take_options(self, player: str, card, face_down: bool = False) -> list:
        """What playing ``card`` may name with ``take=``: None, the Scarecrow's kinds, the Maiden's places."""
        return self.state.take_options(player, card, face_down)

    def take_cards(self, player: str, card, face_down: bool = False) -> list[Card]:
        """The cards playing ``card`` could name with ``take=``, in line order."""
        return self.state.take_cards(player, card, face_down)

    # -- playing and passing --------------------------------------------------------------------
    def play(self, player: str, card, *, face_down: bool = False, take=_UNSET) -> None:
        """``player`` lays ``card`` in their line; its on-play effect fires at once.

        ``card``: a name ("5", "winter", "Mùa Đông"), a :class:`Card`, or "5#41" for one
        physical card.  ``face_down`` where the ruleset has hidden cards.  ``take``: for a
        Scarecrow, the value of one of the player's own face-up Mercenaries to take back
        (a name, a :class:`Card` or "5#41"); ``None`` takes nothing.  For a Persian Maiden,
        the soldier she removes ("Ben:5", "5#41" or "Ben@2").
        """
        state = self.state
        state.check_can_act(player)
        chosen = state.find_card(player, card)
        if chosen.kind in state.banned:
            raise IllegalMove.say("{player}'s ban keeps every {card} out of this battle; banned now: {banned}",
                                  player=state.banned[chosen.kind], card=Kind(chosen.kind),
                                  banned=Joined(Kind(k) for k in sorted(state.banned)))
        if not isinstance(face_down, bool):
            raise IllegalMove.say("{name} must be True or False, not {value}", name="face_down",
                                  value=excerpt(face_down))
        rs = state.ruleset
        if face_down and True not in plays.face_down_options(rs, chosen) and \
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
        taken = None if take is _UNSET or take is None else state.taken_card(player, chosen, take, face_down)
        if choice == "take" and taken is None and None not in state.take_options(player, chosen, face_down):
            raise plays.must_take(state, player)
        # Everything is checked: from here on the battle changes.
        plays.play_card(state, player, chosen, face_down, taken)

    def pass_turn(self, player: str) -> None:
        """``player`` passes: they play no more cards in this battle, but their line still counts."""
        self.state.check_can_act(player)
        plays.play_pass(self.state, player)

    # -- the end ----------------------------------------------------------------------------------
    def preview(self, stages: Sequence[str] = STAGES) -> Resolution:
        """Resolve as if everyone passed now, leaving this battle open.  ``stages``: the count's
        stages to run, by rule id, in order (:data:`condottiere_nb.strength.STAGES`, the rules'
        order, by default): one left out or two swapped show what a misapplied rule gives.

        >>> b = Battle(["Ana", "Ben"]); b.play("Ana", "5"); b.play("Ana", "drummer"); b.play("Ben", "spring")
        >>> b.preview().strengths["Ana"], b.preview(["strength.printed", "season.spring", "card.drummer"]).strengths["Ana"]
        (13, 16)
        """
        return resolve(self.state.copy(), stages)

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
            raise IllegalMove.say("the battle is not over: {players} still have to pass", players=Joined(left))
        self.state.resolution = resolve(self.state)
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
        self.state = BattleState(self.players, self.ruleset, Zones.shared(self._initial), **self._facts,
                                 banned=self.state.banned)     # bans come before the first card: undo keeps them
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
                v.replay(self.state, move)
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
