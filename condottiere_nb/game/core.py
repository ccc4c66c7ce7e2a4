"""Game: the whole game of Condottiere as a seeded, replayable state machine.

In the style of OpenSpiel: ``to_move`` names who decides next (or :data:`TERMINAL`),
``legal_actions()`` lists what they may do, ``apply(action)`` does it.  Dealing is chance,
drawn from ``random.Random(seed)`` and logged as a Step, never asked for.  Each battle is a
strict :class:`~condottiere_nb.battle.Battle` playing on the game's own piles, so the battle
rules live in one place.

The decisions, in the order the rulebooks give them (docs/rules.md):

* ``PlaceToken(region)``: the token holder puts the Condottiere token on a region with
  neither a control marker nor the Pope's Favor (first the first player, later after
  every battle);
* ``Play(card, face_down=False, take=None)`` / ``Pass()``: one card or a pass in turn;
* ``PlaceFavor(region)``: right after their Bishop, its player puts the Favor on a region
  without a control marker, or off the map (``None``);
* ``DiscardHand(yes)``: after each battle, a player with no Mercenary in hand may discard it;
* ``Keep(cards)``: at the end of a round, the only player with cards keeps up to two.

Where the rules live: the phases in :mod:`.phases`, chance in :mod:`.deal`, what is legal in
:mod:`.choices`, the messages in :mod:`.messages`, saving in :mod:`.persist`; a variant's rules
in its :class:`~condottiere_nb.variants.base.Variant`, called at the hooks that class documents.

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

import json
import random
from collections.abc import Iterable, Mapping, Sequence

from .. import board
from ..arguments import check_flag, check_seed
from ..battle import Battle, seat_names
from ..cards import Card
from ..errors import IllegalMove, Listed, Quoted, RulesError, excerpt
from ..explain import Step, explain as explain_steps
from ..rulesets import Ruleset, get_ruleset, shown
from ..zones import Zones
from . import choices, deal, messages, persist, phases
from .actions import Action, DiscardHand, Keep, Pass, PlaceFavor, PlaceToken, Play
from .state import GameState

__all__ = ["Game", "DEFAULT_NAMES", "check_players"]

#: Seat names used when a Game is given a number of players.
DEFAULT_NAMES = ("Ana", "Ben", "Cy", "Dee", "Eva", "Fay")


def check_players(players) -> tuple[str, ...]:
    """The seat names of a game: a list of 2 to 6 names, or a number of players."""
    if isinstance(players, int) and not isinstance(players, bool):
        if not 2 <= players <= 6:
            raise RulesError.say("Condottiere is played by 2 to 6 players, not {n}", n=shown(players))
        return DEFAULT_NAMES[:players]
    return seat_names(players, of_game=True)


def _seated(game, player) -> str:
    """``player`` if it is one of the game's players, else a RulesError that lists them."""
    if not isinstance(player, str) or player not in game.players:
        raise RulesError.say("{player} is not a player; players are [{players}]", player=excerpt(player),
                             players=Listed(Quoted.of(p) for p in game.players))
    return player


def _shown(name: str, doc: str):
    return property(lambda self: getattr(self.state, name), doc=doc)


#: The ids of the games being changed right now (Game.apply): kept outside the games, so that a copy
#: or a save made meanwhile is not marked.  Two threads changing one game would corrupt it; the one
#: that comes second while the first is inside apply() is refused instead.
_CHANGING: set[int] = set()


class Game:
    """A whole game of Condottiere for 2 to 6 players.

    ``players``: seat names in clockwise order (or a number: "Ana", "Ben", ...); the first
    deals, places the Condottiere token and leads the first battle.  ``seed``: the dealing
    (``random.Random(seed)``); None draws a seed, which :attr:`seed` then shows.
    ``explain``: True (the default), each rule records its Step in :attr:`log` as it fires;
    False, no Step is ever made (the lab, the bots, the odds: what they play is the same).

    Setting up a position (tests, notebooks; stored in the saved game):
    ``hands={"Ana": ["10", "winter", ...]}`` deals exactly those cards to the players named
    (the others are dealt as usual); ``deck_order=[...]``: the cards on top of the draw pile,
    top first; ``control={"Parma": "Ana"}`` and ``favor="Roma"``: markers already on the map.

    Threads: a game's log, actions and saved text may be read from any number of threads at once; a
    game is changed (apply, undo) by one thread at a time: give each thread its own ``clone()``.  An
    apply() that comes while another is under way is refused (RulesError) before it changes anything.
    """

    def __init__(self, players: "Sequence[str] | int" = 4, ruleset: "Ruleset | str" = "standard",
                 seed: "int | str | None" = None, *, explain: bool = True,
                 hands: Mapping[str, Iterable] | None = None, deck_order: Iterable | None = None,
                 control: Mapping[str, str] | None = None, favor: str | None = None):
        self.ruleset = get_ruleset(ruleset)
        self.players = check_players(players)
        check_flag("explain", explain)
        if seed is None:
            seed = random.SystemRandom().randrange(2 ** 32)
        check_seed(seed)
        if isinstance(seed, int) and abs(seed) >= 10 ** persist.MAX_DIGITS:
            raise RulesError.say("seed must have at most {most} digits (so that the game can be saved), not "
                                 "{value}", most=persist.MAX_DIGITS, value=shown(seed))
        if isinstance(seed, str) and len(seed) > persist.MAX_STRING:
            raise RulesError.say("seed must be at most {most} characters (so that the game can be saved), not "
                                 "{n}", most=format(persist.MAX_STRING, ","), n=format(len(seed), ","))
        self.seed = seed
        #: True: the rules record their Steps as they fire; False: no Steps (see the class
        #: docstring).  Named `explains` so that it does not hide the explain() method.
        self.explains = explain
        self.cards: tuple[Card, ...] = self.ruleset.make_deck()
        # the game's chance (see rng): the generator, or, in a clone not yet dealing, the state to make it from
        self._rng: random.Random | None = random.Random(seed)
        self._rng_state = None
        # victory_regions (fa): that many regions win, with no adjacency win
        self.thresholds = ((self.ruleset.victory_regions, 0) if self.ruleset.victory_regions
                           else board.victory_thresholds(len(self.players)))
        self.variants = [cls(self.ruleset) for cls in self.ruleset.variants]
        self.state = GameState(zones=Zones(), token_holder=self.players[0], to_move=self.players[0])
        self.battle: Battle | None = None
        self.resolution = None
        self._legal: tuple | None = None            # legal_actions() of the current decision
        for v in self.variants:
            v.check(self)
        self.setup = deal.game_setup(self, hands, deck_order, control, favor)
        for v in self.variants:
            v.setup(self)

    @property
    def rank(self):
        """kind -> its place in the deck's order of kinds (the order legal actions list kinds in)."""
        return self.ruleset.rank

    # -- what the rules and the variants call -----------------------------------------------------
    @property
    def rng(self) -> random.Random:
        """The game's chance, every shuffle and random draw: ``random.Random(seed)``.  A clone and
        its original make theirs again from the state it had when it was copied, when first used
        (most copies never shuffle)."""
        if self._rng is None:
            self._rng = random.Random(0)      # seeded (not from the system's entropy): setstate replaces it
            self._rng.setstate(self._rng_state)
        return self._rng

    def record(self, step: Step) -> None:
        """Add a Step to the log (rules call this only when the game explains)."""
        self.state.log.append(step)

    def write(self, record: list) -> None:
        """Add an action's record, as saved and replayed."""
        self.state.records.append(record)

    @property
    def log(self) -> list[Step]:
        """Every Step so far, in order (a copy; [] with explain=False)."""
        return list(self.state.log)

    @property
    def actions(self) -> list[Action]:
        """Every action applied so far, in order (a copy)."""
        return list(self.state.actions)

    @property
    def records(self) -> list[list]:
        """Every action as a saved game writes it (copies): what to_json saves and undo replays."""
        return [list(r) for r in self.state.records]

    # -- facts ------------------------------------------------------------------------------------
    phase = _shown("phase", "The decision the game waits for: 'token', 'battle', 'favor', 'discard', 'keep', "
                            "'over' or a variant's own phase.")
    to_move = _shown("to_move", "The player who decides next, or TERMINAL once the game is over.")
    token_holder = _shown("token_holder", "Who holds the Condottiere token.")
    first = _shown("first", "The first player: who took the Condottiere token at the start (option first_player).")
    region = _shown("region", "The region of the current (or last) battle.")
    round = _shown("round", "The round, from 1.")
    battles = _shown("battles", "Battles resolved so far.")
    final = _shown("final", "True once the final battle has begun.")
    winners = _shown("winners", "The winners, once the game is over.")
    reason = _shown("reason", "Why the game ended: 'adjacent', 'total', 'most_regions', 'most_weight', "
                              "'shared', 'final_battle' or 'final_battle_tie'.")
    victory = _shown("victory", "The Victory that ended the game, if one did.")
    favor = _shown("favor", "The region holding the Pope's Favor, or None (off the map).")

    @property
    def is_over(self) -> bool:
        """True once the game has ended (phase 'over')."""
        return self.state.phase == "over"

    @property
    def control(self) -> dict[str, str]:
        """region -> player, for every region with a control marker."""
        return dict(self.state.control)

    @property
    def zones(self) -> Zones:
        """A copy of where every card is."""
        return self.state.zones.copy()

    @property
    def hands(self) -> dict[str, list[Card]]:
        """Every player's hand (copies)."""
        return {p: list(self.state.hand(p)) for p in self.players}

    def hand(self, player: str) -> list[Card]:
        return list(self.state.hand(_seated(self, player)))

    @property
    def deck(self) -> list[Card]:
        """The draw pile, top card first."""
        return self.state.deck[::-1]

    @property
    def discard_pile(self) -> list[Card]:
        return list(self.state.discard)

    @property
    def lines(self) -> dict[str, list[Card]]:
        """The battle lines on the table (during a battle, or after it until they are discarded)."""
        piles = self.state.zones.piles
        return {p: list(piles.get(("line", p), ())) for p in self.players}

    def regions_of(self, player: str) -> list[str]:
        player = _seated(self, player)
        return [r for r in board.REGIONS if self.state.control.get(r) == player]

    def open_regions(self) -> list[str]:
        """Where the Condottiere token may go (token.place): no control marker, no Favor.  Invasion
        (vi, Xâm Lược): any region without the Favor, controlled ones too (option invasion_favor=
        'ignored': the Favor's region too)."""
        rs = self.ruleset
        favor = None if rs.invasion and rs.invasion_favor == "ignored" else self.state.favor
        return board.open_regions(self.state.control, favor, allow_controlled=rs.invasion)

    def favor_regions(self) -> list[str]:
        """Where the Pope's Favor may go (besides off the map): any region without a control marker
        (Invasion: any region at all)."""
        control = () if self.ruleset.invasion else self.state.control
        regions = [r for r in board.REGIONS if r not in control]
        if not self.ruleset.favor_on_battle_region and self.battle is not None and self.state.region in regions:
            regions.remove(self.state.region)
        return regions

    def hand_limit(self, player: str) -> int:
        """How many cards a deal fills ``player``'s hand up to: 10 + 1 per region controlled."""
        return deal.hand_limits(self, (_seated(self, player),))[player]

    def card_locations(self) -> dict:
        """Where every card is: hands, lines (on the table), deck, discard (card ids)."""
        return {
            "hands": {p: [c.id for c in self.state.hand(p)] for p in self.players},
            "lines": {p: [c.id for c in cs] for p, cs in self.lines.items()},
            "deck": [c.id for c in self.deck],
            "discard": [c.id for c in self.discard_pile],
        }

    def result_facts(self) -> dict:
        """The facts a sentence about the game's end needs."""
        state = self.state
        facts = {"reason": state.reason, "winners": list(state.winners), "players": len(self.players),
                 "thresholds": self.thresholds, "without": state.without}
        if state.victory is not None:
            facts["group"] = sorted(state.victory.group, key=board.REGIONS.index)
            facts["regions"] = len(state.victory.regions)
        if state.winners:
            facts["owned"] = len(self.regions_of(state.winners[0]))
        return facts

    def result(self, lang: str | None = None) -> str:
        """How the game ended, in a whole sentence ('The game is not over.' before)."""
        from ..language import speaker
        from ..tell.game import result_sentence
        return result_sentence(self.result_facts(), speaker(lang))

    # -- legal actions and applying them -----------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now, in a fixed order ([] once over)."""
        # Only apply() (and undo) change the state, so the list is worked out once per decision.
        if self._legal is None:
            self._legal = tuple(choices.legal_actions(self))
        return list(self._legal)

    def apply(self, action: Action) -> None:
        """Do ``action`` for the player to move.  An illegal action raises IllegalMove (saying what
        is allowed now) and leaves the game exactly as it was.  A second change of this game while
        one is under way (from another thread) is refused, before it touches anything."""
        key = id(self)
        if key in _CHANGING:
            raise RulesError.say("this game is already being changed (by another thread): change a game from one "
                                 "thread at a time, or give each thread its own copy")
        _CHANGING.add(key)
        try:
            if self._legal is None:
                self.legal_actions()
            for listed in self._legal:
                if listed is action:                # one of legal_actions() itself, as an agent hands it back
                    canon, physical = action, None
                    break
            else:
                canon, physical = choices.canonical(self, action)
                if canon not in self._legal:
                    raise messages.rejection(self, action, canon)
            self._legal = None
            for v in self.variants:
                if isinstance(canon, v.actions):
                    v.apply(self, canon, physical)
                    break
            else:
                self._apply_core(canon, physical)
            self._legal = None
            self.state.actions.append(canon)
        finally:
            _CHANGING.discard(key)

    def _apply_core(self, canon: Action, physical) -> None:
        state = self.state
        kind = type(canon)
        if kind is Play:
            card, take = physical or (None, None)
            if card is None:
                for card in state.hand(state.to_move):      # the first card of that kind in hand
                    if card.kind == canon.card:
                        break
            phases.battle_play(self, card, canon.face_down, take if take is not None else canon.take)
        elif kind is Pass:
            phases.battle_pass(self)
        elif kind is PlaceToken:
            phases.token_place(self, canon.region)
        elif kind is PlaceFavor:
            phases.favor_place(self, canon.region)
        elif kind is DiscardHand:
            phases.hand_discard(self, canon.yes)
        else:
            rest = list(state.hand(state.to_move))
            kept = []
            for kind, card in zip(canon.cards, physical or [None] * len(canon.cards)):
                if card is None:
                    card = next(c for c in rest if c.kind == kind)
                rest.remove(card)
                kept.append(card)
            phases.round_keep(self, kept)

    # -- copies, undo, saving -----------------------------------------------------------------------
    def clone(self) -> "Game":
        """An independent copy (same state, same future deals)."""
        if self._rng is not None:
            # both games make their generator again when first used (see rng): most copies never shuffle
            self._rng_state, self._rng = self._rng.getstate(), None
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.state = self.state.copy()
        other._legal = None
        other.variants = [type(v)(self.ruleset) for v in self.variants]
        if self.battle is not None:
            other.battle = self.battle.copy(zones=other.state.zones)
        return other

    def redealt(self, hands: Mapping[str, Iterable]) -> "Game":
        """A copy of this game in which the players named hold other cards: ``hands[player]``
        (names, "5#41" or Cards), in that order, as many as they hold now, taken from their hands
        and the draw pile (OpenSpiel's ``resample_from_infostate``: the same position as the
        others see it, the hidden hands dealt another way).  The draw pile keeps its shuffle and
        the game its chance; the setup lists the redeal, so a saved file and :meth:`undo` deal it
        again after the same actions (see :func:`.deal.redeal`).
        A refusal (RulesError) leaves this game as it was.

        >>> g = Game(["Ana", "Ben"], seed=1, hands={"Ana": ["10", "winter"], "Ben": ["1", "2"]})
        >>> g.apply(PlaceToken("Roma")); g.apply(Play("10"))
        >>> h = g.redealt({"Ben": ["3", "spring"]})
        >>> [c.name for c in h.hand("Ben")], [c.name for c in g.hand("Ben")], h.to_move
        (['3', 'Spring'], ['1', '2'], 'Ben')
        >>> Game.from_json(h.to_json()).hands == h.hands
        True
        """
        other = self.clone()
        deal.redeal(other, hands)
        return other

    def undo(self) -> Action:
        """Take back the last action (by replaying the others); returns it."""
        if not self.state.actions:
            raise IllegalMove.say("there is no action to undo: the game is at its start")
        last = self.state.actions[-1]
        again = self.replayed(self.state.records[:-1])
        self.__dict__.update(again.__dict__)
        return last

    def replayed(self, records: list, explain: bool | None = None) -> "Game":
        """A new game with this one's players, ruleset, seed and setup, and ``records`` replayed
        (``explain``: this game's, unless given)."""
        game = persist.set_up(Game, self.players, self.ruleset, self.seed,
                              self.explains if explain is None else explain, self.setup)
        persist.replay(game, records, self.setup.get("redeals", ()))
        return game

    def snapshot(self) -> dict:
        """The state as plain data (what to_json saves next to the actions, to check them)."""
        return persist.snapshot(self)

    def to_dict(self) -> dict:
        return persist.to_dict(self)

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
        return persist.load(cls, data, explain)

    # -- reading ------------------------------------------------------------------------------------
    def explain(self, lang: str | None = None) -> str:
        """The log so far, one numbered step a line (needs explain=True), in ``lang`` (the default
        language when None)."""
        if not self.explains:
            return "(this game was built with explain=False: no steps were recorded)"
        return explain_steps(self.log, lang)

    def waiting_text(self) -> str:
        """Whose decision the game waits for, in words."""
        return messages.waiting_text(self)

    def __repr__(self) -> str:
        extra = "" if self.ruleset.name == "standard" else f" {self.ruleset.name!r}"
        owned = ", ".join(f"{p} {len(self.regions_of(p))}" for p in self.players)
        if self.is_over:
            state = f"over: {self.result()}"
        else:
            state = f"round {self.round}, {self.battles} battles; {self.waiting_text()}"
        return f"<Game{extra} [{' '.join(self.players)}] {state} | regions: {owned}>"

    def _repr_html_(self) -> str:
        from ..views.html import game_html
        return game_html(self)

