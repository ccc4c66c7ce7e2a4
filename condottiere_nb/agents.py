"""Computer players and simulation helpers.

An agent is anything with ``choose(game) -> action`` (or a plain callable ``f(game)``) that
returns one of ``game.legal_actions()`` for ``game.to_move``.

* :class:`RandomAgent` picks uniformly among the legal actions (seeded).
* :class:`HeuristicAgent` plays like a careful beginner: it fights for the battles it can
  win cheaply, passes when beaten (taking a Mercenary back with a Scarecrow first), plays a
  Surrender when ahead, a Bishop or a season when it swings the battle its way, chooses
  regions next to its own, and puts the Pope's Favor where an opponent is most dangerous.
  It plays every named ruleset: face-down cards, Invasion's defence, the Persian tutorial's
  Weapon and the city-state abilities (details in its docstring).

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
from .strength import DOUBLERS, fast_totals
from .variants import city_states
from .variants.game_rules import Ball, Bribe, GenovaTrade, RomaClaim, UseAbility, Veto

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


# What a card is worth keeping in hand, roughly: the price of playing it.  The Persian
# tutorial's Weapon costs nothing: it draws its replacement at once (fa, section 5).
_COST = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "heroine": 10,
         "courtesan": 1.5, "drummer": 5, "banner": 5, "bishop": 5, "spring": 3, "winter": 3, "scarecrow": 1,
         "surrender": 6, "maiden": 3, "weapon": 0}
# Cards to keep at the end of a round, best first.
_KEEP_ORDER = ("10", "heroine", "9", "surrender", "8", "bishop", "7", "6", "drummer", "banner", "spring", "5",
               "maiden", "winter", "scarecrow", "4", "courtesan", "3", "2", "1", "weapon")
# City-states (zh 二): the cities this agent prefers, best first, by how often each won when
# heuristic players drew their cities at random (300 seeded games each with 3 and 4 players,
# fair 0.33 / 0.25): Genova 0.70 / 0.56 (its trade takes 5-7 cards from the other hands and keeps
# the best three), Venezia 0.35 / 0.22, Firenze 0.30 / 0.21, Roma 0.26 / 0.18, Bologna 0.23 / 0.19,
# Milano 0.20 / 0.16.
_CITY_ORDER = ("Genova", "Venezia", "Firenze", "Roma", "Bologna", "Milano")


def _would_win(game: Game, player: str, region: str) -> bool:
    """Would ``player`` win the game by taking ``region``, under the game's ruleset?"""
    rs = game.ruleset
    control = {**game.control, region: player}
    if rs.city_states and rs.city_end == "weights_only":
        return False
    if rs.victory_regions:                       # fa-tutorial: a number of regions, no adjacency
        return sum(1 for owner in control.values() if owner == player) >= rs.victory_regions
    return any(v.player == player for v in board.check_victory(control, len(game.players)))


class HeuristicAgent(Agent):
    """A simple, sensible player (see the module docstring).  ``seed`` breaks ties.

    It plays every named ruleset: it judges a battle by its own view of it (its own
    face-down cards counted, an opponent's face-down card at the average value of the
    Mercenaries it has not seen), sometimes lays a strong Mercenary face down where hidden
    cards are allowed, and makes the city-state choices (city, ability, Roma's veto and
    claim, Genova's trade) with a few plain rules.  A decision it has no rule for is a
    random legal action.  It never lets a battle end with no card played while it could
    play one, so its games always move on (see ``_battle``).
    """

    name = "heuristic"

    def __init__(self, seed=None):
        self.seed = seed
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"HeuristicAgent({self.seed!r})"

    def choose(self, game: Game):
        handler = self._PHASES.get(game.phase)
        if handler is not None:
            return handler(self, game)
        legal = game.legal_actions()
        if not legal:
            raise RulesError("the game is over: there is nothing to choose")
        return self.rng.choice(legal)        # a decision this agent has no rule for

    # -- choosing a region -------------------------------------------------------------------
    def _region_score(self, game: Game, region: str, me: str) -> float:
        control = game.control
        score = 0.0
        for nb in board.ITALY.adj[region]:
            owner = control.get(nb)
            if owner == me:
                score += 3
            elif owner is not None:
                score -= 1
        owner = control.get(region)
        if owner == me:
            score -= 10          # Invasion: attacking my own region gains nothing
        elif owner is not None:
            score += 1           # Invasion: taking a region from a rival counts twice
        if game.ruleset.end_ranking != "regions":
            score += 0.5 * board.ITALY.nodes[region]["weight"]     # heavier regions score more at the end
        if _would_win(game, me, region):
            score += 50
        for p in game.players:
            if p != me and p != owner and _would_win(game, p, region):
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
        best, best_score = None, 1.5
        for region in game.favor_regions():
            if region == game.region:
                continue
            owner = control.get(region)
            mine = sum(control.get(nb) == me for nb in board.ITALY.adj[region])
            if owner == me:
                score = 1.0 + mine        # Invasion: the Favor shields my own region from attack
            elif owner is not None:
                continue                  # ... and would shield a rival's
            else:
                threat = 0.0
                for p in game.players:
                    if p == me:
                        continue
                    if _would_win(game, p, region):
                        threat = max(threat, 100)
                    else:
                        threat = max(threat, sum(control.get(nb) == p for nb in board.ITALY.adj[region]))
                score = threat - 2 * mine
            score += self.rng.random() * 0.1
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
        owner = control.get(region)
        stake = 1 + sum(control.get(nb) == me for nb in board.ITALY.adj[region])
        if owner == me:
            stake += 2                    # Invasion: defending a region I hold
        elif owner is not None:
            stake += 1                    # Invasion: taking one from a rival
        if _would_win(game, me, region):
            stake += 6
        for p in game.players:
            if p != me and _would_win(game, p, region):
                stake += 4
        return stake

    @staticmethod
    def _hidden_value(game: Game, battle, me: str) -> float:
        """What an opponent's face-down card is worth, as far as ``me`` can tell: the mean of
        the Mercenaries ``me`` has not seen (where any card may lie face down, a bluff is
        possible too, so a quarter less)."""
        fd = battle.face_down
        known = {c.id for c in battle.hands[me]}
        known.update(c.id for c in game._discard)
        known.update(c.id for c in battle.discarded)
        for p in battle.players:
            known.update(c.id for c in battle.lines[p] if p == me or c.id not in fd)
        values = [c.value for c in battle.deck if c.mercenary and c.id not in known]
        mean = sum(values) / len(values) if values else 0.0
        return mean if battle.ruleset.mercenaries_face_down else 0.75 * mean

    @staticmethod
    def _view(battle, me: str, hidden: float) -> dict:
        """Each line's strength as ``me`` sees it: ``me``'s own face-down cards counted, each
        opponent's face-down card at ``hidden`` (twice that beside a face-up Drummer/Banner)."""
        players = battle.players
        lines = battle.lines
        spring = battle.ruleset.spring_highest
        fd = battle.face_down
        if not fd:
            return dict(zip(players, fast_totals([lines[p] for p in players], spring)))
        seen, extra = [], []
        for p in players:
            line = lines[p]
            if p == me:
                seen.append(line)
                extra.append(0.0)
                continue
            up = [c for c in line if c.id not in fd]
            doubled = any(c.kind in DOUBLERS for c in up)
            seen.append(up)
            extra.append((len(line) - len(up)) * hidden * (2 if doubled else 1))
        totals = fast_totals(seen, spring)
        return {p: t + x for p, t, x in zip(players, totals, extra)}

    def _outcomes(self, game: Game, battle, me: str, legal, others, hidden: float, edge: float) -> list:
        """(action, gap, cost, ends the battle) for each card (and Bribe or Ball) I could play:
        ``gap`` is my strength minus the best rival's after it, in my view of the battle."""
        outcomes = []
        for action in legal:
            kind = type(action)
            if kind is Play:
                if action.face_down:
                    continue                              # judged as its face-up twin (_hide decides)
                trial = battle.copy()
                trial.explaining = False
                card = next(c for c in trial.hands[me] if c.kind == action.card)
                try:
                    if action.take is not None:
                        trial.play(me, card, take=action.take)
                    else:
                        trial.play(me, card)
                except RulesError:
                    continue                              # a card this agent cannot judge
                cost = _COST.get(action.card, 3)
                if action.card == "scarecrow" and action.take is not None:
                    cost -= _COST.get(action.take, 0)    # the Mercenary comes back to hand
            elif kind is Bribe or kind is Ball:
                trial = battle.copy()
                trial.explaining = False
                card = next(c for c in sorted(trial.hands[me]) if c.kind == action.card)
                try:
                    if kind is Bribe:
                        city_states.venezia_bribe(trial, me, card, action.target)
                        cost = _COST.get(action.card, 3) + 1          # the card, and the ability
                    else:
                        city_states.firenze_ball(trial, me, card, action.courtesan)
                        cost = max(0.5, _COST.get(action.card, 3) + 1 - _COST["courtesan"])
                except RulesError:
                    continue
            else:
                continue                                  # lifting a ban, Roma's annulment: never
            after = self._view(trial, me, hidden)
            gap = after[me] - max(after[p] for p in others) + edge
            outcomes.append((action, gap, cost, trial.is_over))
        return outcomes

    def _battle(self, game: Game):
        me = game.to_move
        battle = game.battle
        legal = game.legal_actions()
        others = [p for p in battle.players if p != me]
        hidden = self._hidden_value(game, battle, me) if battle.face_down else 0.0
        now = self._view(battle, me, hidden)
        # Invasion: the defender keeps a tied region, so a tie is as good as a win for them.
        edge = 0.5 if battle.defender == me else 0.0
        rival = max(now[p] for p in others)
        margin = now[me] - rival + edge
        # Who may still answer: not passed, and holding cards (a player without cards is passed
        # automatically, but only on their turn)
        hands = battle.hands
        active = [p for p in others if p not in battle.passed and hands[p]]
        budget = 4 + 3 * self._stake(game, me)
        fa = game.ruleset.drawing == "fa_tutorial"
        if fa:
            # fa: the winner draws a card for each soldier used, so only a lost battle costs its
            # soldiers; any card that leads is worth it (x3 beat x1.5 and x2 in seeded matches).
            budget *= 3
        outcomes = self._outcomes(game, battle, me, legal, others, hidden, edge)
        rng = self.rng.random

        weapon = next((a for a in legal if type(a) is Play and a.card == "weapon"), None)
        if weapon is not None and game._deck:
            return weapon                                 # fa: a Weapon is a free card
        ending = [(a, g) for a, g, c, over in outcomes if over and g > 0]
        if ending:                                        # a Surrender while ahead wins now
            return ending[0][0]
        if outcomes and not any(battle.lines.values()) and \
                all(p not in active or battle.waiting(p) for p in others):
            # A pass would end the battle with no card played at all (or leave it to Invasion's
            # defender, who has passed once and keeps a tie).  Players who each keep their cards
            # would then pass every battle for ever: the round ends only when at most one player
            # holds cards (Game(4, seed=10090) stalled so), and a defended region could be fought
            # over with no card for ever.  So the last to decide spends a card: the cheapest that
            # leads, else the cheapest of all.
            sure = [(c, -g, rng(), a) for a, g, c, over in outcomes if g > 0]
            return min(sure)[3] if sure else min((c, rng(), a) for a, g, c, over in outcomes)[2]
        if margin > 0:
            if not active or margin >= 6:
                return Pass()                             # safely ahead: keep the cards
            firmer = [(c, -g, rng(), a) for a, g, c, over in outcomes if g > margin and c <= budget / 2]
            return self._hide(game, legal, min(firmer)[3]) if firmer else Pass()
        if not active:
            # Nobody can answer any more: the cheapest card that puts me ahead takes the region.
            sure = [(c, -g, rng(), a) for a, g, c, over in outcomes if g > 0]
            if sure:
                return min(sure)[3]
        # What this battle has cost me so far counts too: the budget is for the whole battle
        # (fa aside, where the winner draws a card for every soldier it used).
        spent = 0 if fa else sum(_COST.get(c.kind, 3) for c in battle.lines[me])
        winning = [(c, -g, rng(), a) for a, g, c, over in outcomes
                   if g > 0 and c <= budget and (c + spent <= budget or g >= 6)]
        if winning:
            return self._hide(game, legal, min(winning)[3])   # the cheapest card that puts me ahead
        # Beaten: even my three strongest cards would not catch up.
        reach = sum(sorted((c.value for c in battle.hands[me] if c.mercenary or c.kind == "heroine"),
                           reverse=True)[:3])
        if now[me] + reach + edge <= rival:
            return self._retreat(outcomes)
        hopeful = [((g - margin) / max(c, 0.5), rng(), a) for a, g, c, over in outcomes
                   if g > margin and c <= budget / 2]
        if hopeful and margin > -15:
            return self._hide(game, legal, max(hopeful)[2])
        return self._retreat(outcomes)

    def _hide(self, game: Game, legal, action):
        """Hidden cards: lay a strong Mercenary face down half the time.  The lead it gives is
        not announced, and a face-down card is safe from the Bishop (it sees face-up
        Mercenaries only); the price is that no Scarecrow can take it back."""
        if type(action) is not Play or action.face_down or not game.ruleset.hidden_cards:
            return action
        card = next((c for c in game.battle.hands[game.to_move] if c.kind == action.card), None)
        if card is None or not card.mercenary or card.value < 5 or self.rng.random() >= 0.5:
            return action
        down = Play(action.card, face_down=True)
        return down if down in legal else action

    def _retreat(self, outcomes):
        """Beaten: take my best Mercenary back with a Scarecrow if I can, else pass."""
        backs = [(_COST.get(a.take, 0), a) for a, g, c, over in outcomes
                 if type(a) is Play and a.card == "scarecrow" and a.take is not None]
        if backs:
            value, action = max(backs, key=lambda b: b[0])
            if value >= 4:
                return action
        return Pass()

    # -- city-states (zh-city-state-variant.txt) ---------------------------------------------
    def _city(self, game: Game):
        legal = game.legal_actions()
        return min(legal, key=lambda a: _CITY_ORDER.index(a.city) if a.city in _CITY_ORDER else len(_CITY_ORDER))

    def _ability(self, game: Game):
        """Use my city's ability (once a round) only in a battle that matters, and only where it
        helps my hand more than the others'."""
        me = game.to_move
        city = game._vstate["cities"][me]
        hand = game._hands[me]
        stake = self._stake(game, me)
        if city == "Genova":          # a better hand (or three more cards) for the round
            use = stake >= 2 or len(hand) <= 5
        elif city == "Venezia":       # the Bribe costs a card each time: keep some to pay with
            use = stake >= 2 and len(hand) >= 4
        elif city in city_states.BANS:
            banned = city_states.BANS[city]
            mine = sum(1 for c in hand if c.kind in banned)
            left = sum(c.value for c in hand if c.mercenary and c.kind not in banned)
            use = stake >= 2 and mine <= 1 and left >= 8
        else:                         # Firenze's Ball helps only against Courtesans
            use = stake >= 3
        return UseAbility(use)

    def _veto(self, game: Game):
        """Roma's Edict, kept for the claim unless the ability would hand a rival the game or
        bribe away one of my own good Mercenaries."""
        me = game.to_move
        pending = game._vstate.get("pending") or {}
        user = pending.get("player")
        if user is not None and game.region is not None and _would_win(game, user, game.region):
            return Veto(True)
        if pending.get("action") == "bribe" and pending.get("target") is not None:
            target = game.cards[pending["target"]]
            if target in game.battle.lines[me] and target.value >= 4:
                return Veto(True)
        return Veto(False)

    def _claim(self, game: Game):
        """Roma's claim on a tied region: with a Bishop, or with three spare cards (six or more
        in hand), whichever costs less; always when the region wins the game."""
        me = game.to_move
        legal = game.legal_actions()
        wins = _would_win(game, me, game.region)
        spare = len(game._hands[me]) >= 6
        options = []
        for a in legal:
            if a.cards == ("bishop",) or (len(a.cards) == 3 and (spare or wins)):
                options.append((sum(_COST.get(k, 3) for k in a.cards), self.rng.random(), a))
        return min(options)[2] if options else RomaClaim(())

    def _genova(self, game: Game):
        """Genova's trade (my three cheapest cards for the best three of the others'), taking
        three from the fullest hand; else the draw from the discards."""
        legal = game.legal_actions()
        hands = game._hands
        trades = [a for a in legal if type(a) is GenovaTrade]
        if trades:
            return min(trades, key=lambda a: (sum(_COST.get(k, 3) for k in a.discard), -len(hands[a.source]),
                                              self.rng.random()))
        return legal[0]

    def _genova_keep(self, game: Game):
        legal = game.legal_actions()
        return max(legal, key=lambda a: (sum(_COST.get(k, 3) for k in a.cards), self.rng.random()))

    _PHASES = {"battle": _battle, "token": _region, "favor": _favor, "discard": _discard, "keep": _keep,
               "city": _city, "ability": _ability, "veto": _veto, "claim": _claim, "genova": _genova,
               "genova_keep": _genova_keep}


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
            # The rules let a game go on for ever (players who always pass tie every battle
            # and the round never ends), so a loop of agents needs a limit.
            raise RulesError(f"the game did not end within {max_actions} actions: the agents may be passing "
                             f"for ever (the rules allow it); raise max_actions= if the game is just long")
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
