"""Computer players and simulation helpers.

An agent is anything with ``choose(game) -> action`` (or a plain callable ``f(game)``) that
returns one of ``game.legal_actions()`` for ``game.to_move``.

* :class:`RandomAgent` picks uniformly among the legal actions (seeded).
* :class:`HeuristicAgent` plays like a careful beginner: it fights for the battles it can
  win cheaply, passes when beaten (taking a Mercenary back with a Scarecrow first), plays a
  Surrender when ahead, a Bishop or a season when it swings the battle its way, chooses
  regions next to its own, and puts the Pope's Favor where an opponent is most dangerous.

:func:`play_game` plays one game; :func:`simulate` plays many and returns statistics.

>>> r = play_game([RandomAgent(1), RandomAgent(2), HeuristicAgent(3)], seed=7)
>>> r.winners == r.game.winners and r.battles > 0
True
"""
from __future__ import annotations

import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from collections.abc import Callable, Mapping, Sequence

from . import board
from .errors import RulesError
from .game import DEFAULT_NAMES, DiscardHand, Game, Keep, Pass, PlaceFavor, PlaceToken, Play

__all__ = ["Agent", "RandomAgent", "HeuristicAgent", "GameResult", "SimulationStats",
           "play_game", "simulate", "make_agent"]


class Agent:
    """Base class: ``choose(game)`` returns a legal action for ``game.to_move``."""

    name = "agent"

    def choose(self, game: Game):
        raise NotImplementedError("an Agent subclass must define choose(game)")

    def __call__(self, game: Game):
        return self.choose(game)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomAgent(Agent):
    """Chooses uniformly at random among the legal actions (``random.Random(seed)``)."""

    name = "random"

    def __init__(self, seed=None):
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, game: Game):
        legal = game._legal if game._legal is not None else game.legal_actions()
        return legal[int(self.rng.random() * len(legal))]

    def __repr__(self) -> str:
        return f"RandomAgent({self.seed!r})"


# What a card is worth keeping in hand, roughly: the price of playing it.
_COST = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "10": 10, "heroine": 10, "courtesan": 1.5,
         "drummer": 5, "bishop": 5, "spring": 3, "winter": 3, "scarecrow": 1, "surrender": 6}
# Cards to keep at the end of a round, best first.
_KEEP_ORDER = ("10", "heroine", "surrender", "bishop", "6", "drummer", "spring", "5", "winter",
               "scarecrow", "4", "courtesan", "3", "2", "1")


class HeuristicAgent(Agent):
    """A simple, sensible player (see the module docstring).  ``seed`` breaks ties."""

    name = "heuristic"

    def __init__(self, seed=None):
        self.seed = seed
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"HeuristicAgent({self.seed!r})"

    def choose(self, game: Game):
        phase = game.phase
        if phase == "battle":
            return self._battle(game)
        if phase == "token":
            return self._region(game)
        if phase == "favor":
            return self._favor(game)
        if phase == "discard":
            return self._discard(game)
        if phase == "keep":
            return self._keep(game)
        legal = game.legal_actions()
        if not legal:
            raise RulesError("the game is over: there is nothing to choose")
        return self.rng.choice(legal)        # a variant's own decision: no heuristic for it yet

    # -- choosing a region -------------------------------------------------------------------
    def _region_score(self, game: Game, region: str, me: str) -> float:
        control = game.control
        n = len(game.players)
        score = 0.0
        for nb in board.ITALY.adj[region]:
            owner = control.get(nb)
            if owner == me:
                score += 3
            elif owner is not None:
                score -= 1
        if any(v.player == me for v in board.check_victory({**control, region: me}, n)):
            score += 50
        for p in game.players:
            if p != me and any(v.player == p for v in board.check_victory({**control, region: p}, n)):
                score -= 20      # a region that would let an opponent win is left alone
        return score + self.rng.random() * 0.1

    def _region(self, game: Game):
        me = game.to_move
        regions = game.open_regions()
        best = max(regions, key=lambda r: self._region_score(game, r, me))
        return PlaceToken(best)

    # -- the Pope's Favor --------------------------------------------------------------------
    def _favor(self, game: Game):
        me = game.to_move
        control = game.control
        n = len(game.players)
        best, best_score = None, 1.5
        for region in game.favor_regions():
            if region == game.region:
                continue
            threat = 0.0
            for p in game.players:
                if p == me:
                    continue
                if any(v.player == p for v in board.check_victory({**control, region: p}, n)):
                    threat = max(threat, 100)
                else:
                    threat = max(threat, sum(control.get(nb) == p for nb in board.ITALY.adj[region]))
            mine = sum(control.get(nb) == me for nb in board.ITALY.adj[region])
            score = threat - 2 * mine + self.rng.random() * 0.1
            if score > best_score:
                best, best_score = region, score
        return PlaceFavor(best)

    # -- hands ---------------------------------------------------------------------------------
    def _discard(self, game: Game):
        hand = game.hand(game.to_move)
        # Without Mercenaries only a Heroine (10) can still win a battle on her own.
        return DiscardHand(not any(c.kind == "heroine" for c in hand))

    def _keep(self, game: Game):
        hand = sorted(game.hand(game.to_move), key=lambda c: _KEEP_ORDER.index(c.kind)
                      if c.kind in _KEEP_ORDER else len(_KEEP_ORDER))
        return Keep(tuple(c.kind for c in hand[:game.ruleset.keep_cards]))

    # -- battles -----------------------------------------------------------------------------
    def _stake(self, game: Game, me: str) -> float:
        """How much this battle matters: my neighbours, a win for me, a win for someone else."""
        if game.final:
            return 10
        region = game.region
        control = game.control
        n = len(game.players)
        stake = 1 + sum(control.get(nb) == me for nb in board.ITALY.adj[region])
        if any(v.player == me for v in board.check_victory({**control, region: me}, n)):
            stake += 6
        for p in game.players:
            if p != me and any(v.player == p for v in board.check_victory({**control, region: p}, n)):
                stake += 4
        return stake

    def _battle(self, game: Game):
        me = game.to_move
        battle = game.battle
        legal = game.legal_actions()
        now = battle.strengths()
        others = [p for p in battle.players if p != me]
        rival = max(now[p] for p in others)
        active = [p for p in others if p not in battle.passed]
        margin = now[me] - rival
        budget = 4 + 3 * self._stake(game, me)

        # What each card would do right now (on a copy of the battle).
        outcomes = []
        for action in legal:
            if not isinstance(action, Play) or action.face_down:
                continue
            trial = battle.copy()
            trial.explaining = False
            card = next(c for c in trial.hands[me] if c.kind == action.card)
            try:
                if action.take is not None:
                    trial.play(me, card, take=action.take)
                else:
                    trial.play(me, card)
            except RulesError:
                continue                                  # a variant's card this agent cannot judge
            after = trial.strengths()
            gap = after[me] - max(after[p] for p in others)
            cost = _COST.get(action.card, 3)
            if action.card == "scarecrow" and action.take is not None:
                cost -= _COST.get(action.take, 0)        # the Mercenary comes back to hand
            outcomes.append((action, gap, cost, trial.is_over))

        ending = [(a, g) for a, g, c, over in outcomes if over and g > 0]
        if ending:                                        # a Surrender while ahead wins now
            return ending[0][0]
        if margin > 0:
            if not active or margin >= 6:
                return Pass()                             # safely ahead: keep the cards
            firmer = [(c, -g, self.rng.random(), a) for a, g, c, over in outcomes
                      if g > margin and c <= budget / 2]
            return min(firmer)[3] if firmer else Pass()
        winning = [(c, -g, self.rng.random(), a) for a, g, c, over in outcomes if g > 0 and c <= budget]
        if winning:
            return min(winning)[3]                        # the cheapest card that puts me ahead
        if not active and not any(battle.lines.values()) and outcomes \
                and any(game._hands[p] for p in others):
            # Everyone else has passed, nothing is in play, and a rival still holds cards: a
            # pass would end the battle with no card played, the round would go on, and two
            # players each keeping a dear card (a 10, a Heroine) would pass every battle for
            # ever (Game(4, seed=10090) stalled).  Take the region with the cheapest card.
            ahead = [(c, -g, self.rng.random(), a) for a, g, c, over in outcomes if g > 0]
            return min(ahead or [(c, -g, self.rng.random(), a) for a, g, c, over in outcomes])[3]
        # Beaten: even my three strongest cards would not catch up.
        reach = sum(sorted((c.value for c in game.hand(me) if c.mercenary or c.kind == "heroine"),
                           reverse=True)[:3])
        if now[me] + reach <= rival:
            return self._retreat(outcomes)
        hopeful = [(g - margin) / max(c, 0.5) for a, g, c, over in outcomes if g > margin and c <= budget / 2]
        if hopeful and margin > -15:
            best = max(((g - margin) / max(c, 0.5), self.rng.random(), a)
                       for a, g, c, over in outcomes if g > margin and c <= budget / 2)
            return best[2]
        return self._retreat(outcomes)

    def _retreat(self, outcomes):
        """Beaten: take my best Mercenary back with a Scarecrow if I can, else pass."""
        backs = [(_COST.get(a.take, 0), a) for a, g, c, over in outcomes
                 if a.card == "scarecrow" and a.take is not None]
        if backs:
            value, action = max(backs, key=lambda b: b[0])
            if value >= 4:
                return action
        return Pass()


_AGENTS = {"random": RandomAgent, "heuristic": HeuristicAgent}


def make_agent(spec, seed=None):
    """An agent from an Agent, a callable, or a name ("random", "heuristic")."""
    if isinstance(spec, str):
        cls = _AGENTS.get(spec.strip().lower())
        if cls is None:
            raise RulesError(f"unknown agent {spec!r}; named agents are: {', '.join(_AGENTS)}")
        return cls(seed)
    if isinstance(spec, type) and issubclass(spec, Agent):
        return spec(seed)
    if isinstance(spec, Agent) or callable(spec):
        return spec
    raise RulesError(f"an agent is an Agent, a callable f(game) -> action, or a name; not {spec!r}")


def _choose(agent, game: Game):
    return agent.choose(game) if isinstance(agent, Agent) else agent(game)


@dataclass
class GameResult:
    """One finished game: who won and how, and how long it took."""

    winners: tuple
    reason: str
    battles: int
    rounds: int
    actions: int
    log_length: int
    players: tuple
    seed: object
    game: Game = field(repr=False, compare=False, default=None)


def play_game(agents, seed=None, ruleset="standard", *, players: Sequence[str] | None = None,
              explain: bool = False, max_actions: int = 100_000, **game_options) -> GameResult:
    """Play one game to the end.  ``agents``: one per seat (a list), or {player: agent};
    agents may be given by name ("random", "heuristic").  ``explain=True`` keeps the log
    (``log_length`` is 0 without it)."""
    if isinstance(agents, Mapping):
        names = tuple(agents)
        specs = list(agents.values())
    else:
        specs = list(agents)
        names = tuple(players) if players is not None else DEFAULT_NAMES[:len(specs)]
    if len(names) != len(specs):
        raise RulesError(f"{len(specs)} agents for {len(names)} players; give one agent per seat")
    game = Game(names, ruleset, seed, explain=explain, **game_options)
    base = game.seed if isinstance(game.seed, int) else 0
    seated = {p: make_agent(s, seed=base * 7 + i) for i, (p, s) in enumerate(zip(names, specs))}
    count = 0
    while not game.is_over:
        if count >= max_actions:
            raise RulesError(f"the game did not end within {max_actions} actions")
        game.apply(_choose(seated[game.to_move], game))
        count += 1
    return GameResult(game.winners, game.reason, game.battles, game.round, count, len(game.log),
                      names, game.seed, game)


@dataclass
class SimulationStats:
    """Statistics of many games: wins per seat (a shared victory is split), lengths, reasons."""

    games: int
    players: tuple
    agents: tuple
    wins: dict
    reasons: Counter
    mean_battles: float
    mean_rounds: float
    mean_actions: float
    seconds: float

    @property
    def win_rate(self) -> dict:
        return {p: w / self.games for p, w in self.wins.items()} if self.games else {}

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def __str__(self) -> str:
        lines = [f"{self.games} games, {len(self.players)} players, {self.games_per_second:,.0f} games/s"]
        for p, a in zip(self.players, self.agents):
            lines.append(f"  {p:<6} {a:<22} wins {self.wins[p]:8.1f}  ({100 * self.win_rate[p]:.1f}%)")
        lines.append(f"  mean battles {self.mean_battles:.1f}, rounds {self.mean_rounds:.2f}, "
                     f"actions {self.mean_actions:.0f}")
        lines.append("  victories: " + ", ".join(f"{r} {c}" for r, c in self.reasons.most_common()))
        return "\n".join(lines)


def simulate(n: int, players: "int | Sequence[str]" = 4, agents=None, seed=0, *, progress=True,
             ruleset="standard", **game_options) -> SimulationStats:
    """Play ``n`` games and return statistics.

    ``agents``: None (all random), one name/agent for every seat, or a list with one per seat.
    ``progress``: True prints a progress line on stderr for long runs; a callable is called as
    ``progress(i, n)`` after each game; False is silent.
    """
    names = DEFAULT_NAMES[:players] if isinstance(players, int) else tuple(players)
    if not 2 <= (players if isinstance(players, int) else len(names)) <= 6:
        raise RulesError(f"Condottiere is played by 2 to 6 players, not {len(names)}")
    if agents is None:
        agents = "random"
    specs = list(agents) if isinstance(agents, (list, tuple)) else [agents] * len(names)
    if len(specs) != len(names):
        raise RulesError(f"{len(specs)} agents for {len(names)} players; give one agent per seat")
    rng = random.Random(seed)
    seated = [make_agent(s, seed=rng.randrange(2 ** 32)) for s in specs]
    labels = tuple(repr(a) if isinstance(a, Agent) else getattr(a, "__name__", "agent") for a in seated)
    wins = {p: 0.0 for p in names}
    reasons: Counter = Counter()
    battles = rounds = actions = 0
    start = time.perf_counter()
    shown = start
    report: Callable | None = progress if callable(progress) else None
    for i in range(n):
        result = play_game(seated, rng.randrange(2 ** 32), ruleset, players=names, **game_options)
        for w in result.winners:
            wins[w] += 1 / len(result.winners)
        reasons[result.reason] += 1
        battles += result.battles
        rounds += result.rounds
        actions += result.actions
        if report is not None:
            report(i + 1, n)
        elif progress:
            now = time.perf_counter()
            if now - shown > 0.5 or (i + 1 == n and now - start > 0.5):
                shown = now
                rate = (i + 1) / (now - start)
                sys.stderr.write(f"\rsimulate: {i + 1}/{n} games ({100 * (i + 1) / n:.0f}%), "
                                 f"{rate:,.0f} games/s   ")
                sys.stderr.flush()
    seconds = time.perf_counter() - start
    if progress is True and seconds > 0.5:
        sys.stderr.write("\n")
    k = max(n, 1)
    return SimulationStats(n, names, labels, wins, reasons, battles / k, rounds / k, actions / k, seconds)
