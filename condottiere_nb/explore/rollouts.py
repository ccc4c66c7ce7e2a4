"""Playing a battle out from a position, many times: what the workers of
:func:`~condottiere_nb.explore.odds.battle_odds` run.

A :class:`Problem` is everything a rollout needs, in plain values that travel to another
process (the seats, the ruleset as :func:`~condottiere_nb.agents.workers.portable_ruleset`
gives it, the moves so far, the known cards, the pool of unknown cards, the agent, the seed);
:func:`setup` rebuilds it once per process as a :class:`Setup`.  World ``k`` is one way the
unknown hands may be: drawn from the seed and ``k`` alone (or listed, for exact odds), with
agents seeded from the seed, ``k`` and the seat, so a world plays the same in any process.
The battle's position is built once per process (the moves replayed on a Game), and each world's
game is that Game with the opponents' hands re-dealt (:meth:`~condottiere_nb.game.Game.redealt`).
"""
from __future__ import annotations

import threading
from dataclasses import dataclass

from ..cards import Card
from ..errors import RulesError
from ..game.choices import favor_action
from .progress import numpy_hint

__all__ = ["Problem", "Setup", "Position", "setup", "play_out", "odds_worlds", "deal_order", "world_generator"]


@dataclass(frozen=True)
class Problem:
    """A battle to play out from, as plain values (hashable: a process builds it once)."""

    players: tuple          # seats in the battle's order
    leader: str
    ruleset: object         # a name, or the options of a custom ruleset
    moves: tuple            # the battle's Moves so far
    me: str                 # the player to move
    region: str | None
    control: tuple          # (region, player) pairs
    known: tuple            # (player, card ids) the players are known to hold
    pool: tuple             # card ids of the unknown cards
    sizes: tuple            # (player, unknown cards in their hand) for each active opponent
    agent: object           # the agent every player plays on with (a name or an Agent class)
    seed: int


class Position:
    """A battle in progress as a Game position, so the Game's agents can play it out."""

    def __init__(self, players: tuple, leader: str, ruleset, moves: tuple, me: str, region: str | None,
                 control):
        from .. import board
        self.ruleset = ruleset
        self.moves = moves
        self.me = me
        i = players.index(leader)
        self.seats = players[i:] + players[:i]
        self.deck = ruleset.make_deck()
        self.played: dict[str, list[Card]] = {p: [] for p in players}
        seen = set()
        for m in moves:
            if m.card is not None and m.card not in seen:
                seen.add(m.card)
                self.played[m.player].append(self.deck[m.card])
        self.control = dict(control or {})
        if region is None:
            region = next(r for r in board.REGIONS if r not in self.control)
        self.region = board.region(region)
        #: the players who drew a card in the battle's moves, in order (see :meth:`game`)
        self.drawers: list | None = None

    def game(self, hands: dict[str, list[Card]], seed):
        """A Game at this battle's current position with these hands (the cards not yet played).

        A move that drew cards (a Persian Weapon) drew them into a hand that ``hands`` already
        states as it is now: so those players start without that many of their cards, and the
        cards are laid on top of the draw pile, to be drawn when the moves are played again.
        Who drew, and in which order, is read from a first playing of the moves (the same in
        every world), kept in :attr:`drawers`."""
        if self.drawers is None:
            self.drawers = self._replayed(hands, seed, [])
        top, left = [], {p: list(hands.get(p, [])) for p in self.seats}
        for p in self.drawers:
            if not left[p]:
                raise RulesError.say("{player} drew a card in this battle, so their hand cannot be empty",
                                     player=p)
            top.append(left[p].pop())
        start = {p: [c for c in hands.get(p, []) if c not in top] for p in self.seats}
        return self._replayed(start, seed, None, top)

    def _replayed(self, hands: dict, seed, drawers: list | None, top=()):
        """The Game with these hands and ``top`` on the draw pile, the moves played again; with a
        ``drawers`` list, the players who drew in the moves (in order) instead."""
        from ..game import Game, Pass, PlaceFavor, PlaceToken, Play
        from ..game.choices import play_action
        stated = {}
        for p in self.seats:
            ids = {c.id for c in self.played[p]}
            stated[p] = self.played[p] + [c for c in hands.get(p, []) if c.id not in ids]
        g = Game(self.seats, self.ruleset, seed, explain=False, hands=stated, control=self.control,
                 deck_order=list(top) or None)
        g.apply(PlaceToken(self.region))
        for m in self.moves:
            before = len(g.state.deck)
            while g.phase == "favor":
                g.apply(PlaceFavor(None))
            if m.is_pass:
                if g.to_move != m.player:
                    continue       # the Game already passed a player with no cards
                g.apply(Pass())
            else:
                if g.to_move != m.player:
                    raise RulesError.say("odds need a battle played in turn order; {player} played when it was "
                                         "{to_move}'s turn", player=m.player, to_move=g.to_move)
                # fa-tutorial: soldiers go face down by rule, so the Game's Play takes no flag for them
                card = self.deck[m.card]
                down = m.face_down and not (self.ruleset.mercenaries_face_down and card.mercenary)
                first = next((c for c in g.state.hand(m.player) if c.kind == m.kind), None)
                if first is card and (m.take is None or "#" not in m.take):
                    g.apply(play_action(m.kind, down, m.take))     # as legal_actions() lists it
                else:
                    g.apply(Play(f"{m.kind}#{m.card}", face_down=down, take=m.take))
            if drawers is not None:
                drawers += [m.player] * (before - len(g.state.deck))      # what the draw pile lost
        if drawers is not None:
            return drawers
        while g.phase == "favor":
            g.apply(PlaceFavor(None))
        if g.phase != "battle" or g.to_move != self.me:
            raise RulesError.say("it is not {player}'s turn in this battle (to move: {to_move})", player=self.me,
                                 to_move=g.to_move)
        return g


class Setup:
    """A :class:`Problem` rebuilt: the position, the cards, and the actions to weigh (the
    Game's legal actions at the position, in its order)."""

    def __init__(self, problem: Problem):
        from ..agents.workers import ruleset_of
        self.problem = problem
        rs = ruleset_of(problem.ruleset)
        deck = rs.make_deck()
        self.position = Position(problem.players, problem.leader, rs, problem.moves, problem.me, problem.region,
                                 dict(problem.control))
        self.known = {p: [deck[i] for i in ids] for p, ids in problem.known}
        self.pool = [deck[i] for i in problem.pool]
        #: the pool's kinds, in the order of :meth:`dealt`'s counts
        self.kinds = tuple(dict.fromkeys(c.kind for c in self.pool))
        self.sizes = dict(problem.sizes)
        self.active = [p for p, _ in problem.sizes]
        # What a world's result is weighed by (:meth:`dealt`): for each active opponent, how many
        # cards of each kind they hold, but the pool's commonest kind (a hand's size fixes it, and a
        # sample is least likely to lack it).  Who holds a card matters, not only that it is out:
        # a Heroine in the next player's hand answers at once (issue 34's decision: the best
        # action's interval a third narrower than with the kinds of both hands added up).
        count = {k: 0 for k in self.kinds}
        for c in self.pool:
            count[c.kind] += 1
        commonest = max(self.kinds, key=count.get) if self.kinds else None
        self.weighed = tuple(k for k in self.kinds if k != commonest)
        self.controls = tuple((p, k) for p in self.active for k in self.weighed)
        #: the average of :meth:`dealt` over every deal, exactly: a hand of h cards drawn from the N
        #: of the pool holds h K / N of a kind the pool has K of
        self.means = tuple(self.sizes[p] * count[k] / len(self.pool) for p, k in self.controls)
        #: the same of :meth:`pooled`: the kinds of all the opponents' hands together
        self.pooled_means = tuple(sum(self.sizes.values()) * count[k] / len(self.pool) for k in self.weighed)
        # The position with hands of the worlds' sizes (the first cards of the pool): every world
        # holds as many cards, so the Game shuffles its draw pile the same way in every world.
        placeholder, at = {}, 0
        for p in self.active:
            placeholder[p] = self.pool[at:at + self.sizes[p]]
            at += self.sizes[p]
        self.base = self.position.game(self.hands(placeholder), problem.seed)
        self.actions = self.base.legal_actions()
        # A battle whose moves drew from the draw pile (the Persian Weapon) drew cards of each
        # world's own hands (see Position.game): those worlds are built anew, the moves replayed.
        stated = sum(len(ids) for ids in self.base.setup["hands"].values())
        self.redeal = len(self.base.deck) == len(self.base.cards) - stated

    def hands(self, drawn: dict) -> dict:
        """Every hand: the known cards, and the active opponents' ``drawn`` ones (before the cards
        a Scarecrow took back, as their hands hold them)."""
        return {**self.known, **{p: drawn[p] + self.known.get(p, []) for p in self.active}}

    def game(self, drawn: dict):
        """The Game of one world: the position with the active opponents' ``drawn`` hands (the
        same Game as the position built with them, see :attr:`redeal`)."""
        if not self.redeal:
            return self.position.game(self.hands(drawn), self.problem.seed)
        hands = self.hands(drawn)
        return self.base.redealt({p: hands[p] for p in self.active})

    def dealt(self, drawn: dict) -> tuple:
        """How many cards of each kind each active opponent holds in a world (:attr:`controls`, whose
        average over the deals is :attr:`means`): what :func:`~condottiere_nb.explore.odds.controlled`
        weighs a world's result by."""
        counts = {}
        for p in self.active:
            for c in drawn[p]:
                counts[p, c.kind] = counts.get((p, c.kind), 0) + 1
        return tuple([counts.get(pk, 0) for pk in self.controls])

    def pooled(self, dealt: tuple) -> tuple:
        """:meth:`dealt` of a world for all the opponents together: how many cards of each kind
        (:attr:`weighed`) their hands hold between them, whose average is :attr:`pooled_means`."""
        kinds = len(self.weighed)
        return tuple([sum(dealt[j::kinds]) for j in range(kinds)])

    def agents(self, world: int, again: dict | None = None) -> dict:
        """Fresh agents for one world, seeded from (seed, world, seat): the same in any order.
        ``again``: the agents this world's last action was played out with, started again from
        their seeds (:meth:`~condottiere_nb.agents.HeuristicAgent.reseed`, where the agent's own
        class defines it: the same decisions as new agents, without making them anew for every
        action; a subclass that does not define it may remember more, so it is made anew)."""
        base = self.problem.seed
        seeds = [(base * 1_000_003 + world * 7 + i) % 2 ** 32 for i in range(len(self.problem.players))]
        if again is not None and all("reseed" in type(a).__dict__ for a in again.values()):
            for p, seed in zip(self.problem.players, seeds):
                again[p].reseed(seed)
            return again
        from ..agents import make_agent
        return {p: make_agent(self.problem.agent, seed=seed) for p, seed in zip(self.problem.players, seeds)}

    def drawn(self, world: int) -> dict:
        """World ``world`` of a Monte Carlo run: the pool shuffled by a generator keyed by the
        seed and the world's number alone (:func:`deal_order`), dealt to the active opponents in turn."""
        order = deal_order(self.problem.seed, world, len(self.pool))
        hands, at = {}, 0
        for p in self.active:
            hands[p] = [self.pool[j] for j in order[at:at + self.sizes[p]]]
            at += self.sizes[p]
        return hands


_SETUPS: dict = {}


def setup(problem: Problem) -> Setup:
    """The Setup of ``problem``, built once per process (a worker is sent the same problem
    with every chunk of worlds)."""
    found = _SETUPS.get(problem)
    if found is None:
        if len(_SETUPS) >= 8:
            _SETUPS.clear()
        found = _SETUPS[problem] = Setup(problem)
    return found


#: where a Bishop's player lays the Pope's Favor in a rollout: off the map (always allowed).  The
#: Favor only keeps battles from a region (the token's placing reads it), never decides the battle
#: under way, so who wins it cannot depend on this choice and no agent is asked (it was one decision
#: in nine of issue 34's rollouts, and the dearest: every region weighed)
NO_FAVOR = favor_action(None)       # the very action legal_actions() lists


def play_out(game, action, agents: dict, me: str, *, copy: bool = True) -> bool:
    """Apply ``action`` to a copy of ``game`` (to ``game`` itself with ``copy=False``), let the
    agents finish the battle; True if ``me`` conquers the region.  The Pope's Favor, which cannot
    change who wins the battle, is laid off the map (:data:`NO_FAVOR`)."""
    g = game.clone() if copy else game
    state = g.state                   # read only: the battles so far, the phase, who is to move
    start = state.battles
    g.apply(action)
    while state.battles == start:
        phase = state.phase
        if phase == "favor":
            g.apply(NO_FAVOR)
        elif phase == "over":
            break
        else:
            g.apply(agents[state.to_move].choose(g))
    return g.resolution is not None and g.resolution.winner == me


def odds_worlds(jobs: list) -> list:
    """For each job (problem, world, the actions to weigh as indices, the opponents' hands as
    card ids or None to draw them): whether ``me`` wins after each of those actions, and the
    kinds the opponents were dealt (:meth:`Setup.dealt`)."""
    out = []
    for problem, world, weigh, listed in jobs:
        s = setup(problem)
        if listed is None:
            drawn = s.drawn(world)
        else:
            deck = s.position.deck
            drawn = {p: [deck[i] for i in ids] for p, ids in listed}
        game = s.game(drawn)           # the world's own Game: the last action is played out on it
        last = len(weigh) - 1
        agents, won = None, []
        for k, i in enumerate(weigh):
            agents = s.agents(world, agents)
            won.append(play_out(game, s.actions[i], agents, problem.me, copy=k < last))
        out.append((tuple(won), s.dealt(drawn)))
    return out


_DEALER = threading.local()


def deal_order(seed: int, world: int, size: int) -> list[int]:
    """The order of a pool of ``size`` cards in world ``world`` of a run seeded ``seed``: numpy's
    Philox, a counter-based generator, keyed by the two numbers.  A key is set, not seeded (no
    seed-spreading work for every world, as a new generator does): the same order on every
    machine, at half the cost of a new generator.  One generator a thread.

    >>> deal_order(1, 7, 5) == deal_order(1, 7, 5) != deal_order(1, 8, 5)
    True
    """
    found = getattr(_DEALER, "generator", None)
    if found is None:
        world_generator((0, 0))                 # numpy, or what to install
        import numpy
        bits = numpy.random.Philox(key=0)
        found = _DEALER.generator = (bits, numpy.random.Generator(bits), numpy)
    bits, generator, numpy = found
    bits.state = {"bit_generator": "Philox", "state": {"counter": numpy.zeros(4, dtype=numpy.uint64),
                                                        "key": numpy.array([world, seed], dtype=numpy.uint64)},
                  "buffer": numpy.zeros(4, dtype=numpy.uint64), "buffer_pos": 4, "has_uint32": 0, "uinteger": 0}
    return generator.permutation(size).tolist()


def world_generator(seed):
    """numpy's generator for a Monte Carlo world: a seed draws the same hands on every machine,
    so the figures in the notebooks and tests are reproducible.  Exact odds do not need it;
    ImportError (what to install) when numpy is missing."""
    try:
        import numpy
    except ImportError as e:
        raise ImportError(f"battle odds by Monte Carlo draw the hands with numpy, which is not installed: "
                          f"{numpy_hint()} (exact odds, for small hands, work without it: raise exact_limit)") from e
    return numpy.random.default_rng(list(seed))
