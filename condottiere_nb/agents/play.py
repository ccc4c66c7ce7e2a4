"""Playing games with agents: one game (:func:`play_game`) or many (:func:`simulate`)."""
from __future__ import annotations

import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..arguments import check_count, check_seed
from ..errors import Listed, RulesError, Sentence
from ..game import DEFAULT_NAMES, Game, check_players
from ..options import shown
from .base import Agent, RandomAgent
from .heuristic import HeuristicAgent

__all__ = ["AGENTS", "make_agent", "choose_with", "GameResult", "play_game", "SimulationStats", "simulate",
           "simulate_games"]


AGENTS = {"random": RandomAgent, "heuristic": HeuristicAgent}


def make_agent(spec, seed=None):
    """An agent from an Agent, a callable, or a name ("random", "heuristic")."""
    if isinstance(spec, str):
        cls = AGENTS.get(spec.strip().lower())
        if cls is None:
            raise RulesError.say("unknown agent {typed}; named agents are: {names}", typed=shown(spec),
                                 names=Listed(AGENTS))
        return cls(seed)
    if isinstance(spec, type) and issubclass(spec, Agent):
        return spec(seed)
    if isinstance(spec, Agent) or callable(spec):
        return spec
    raise RulesError.say("an agent is an Agent, a callable f(game) -> action, or a name; not {value}", value=shown(spec))


def _agents_for(specs, names) -> RulesError:
    return RulesError.say_n("{agents} agents for {n} player; give one agent per seat",
                            "{agents} agents for {n} players; give one agent per seat", len(names), agents=len(specs))


def choose_with(agent, game: Game):
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
    check_count("max_actions", max_actions)
    if isinstance(agents, Mapping):
        names = tuple(agents)
        specs = list(agents.values())
    elif isinstance(agents, (list, tuple)):
        specs = list(agents)
        names = check_players(players) if players is not None else DEFAULT_NAMES[:len(specs)]
    else:
        raise RulesError.say("agents must be a list with one agent per seat, or {{player: agent}}, not {value}",
                             value=shown(agents))
    if len(names) != len(specs):
        raise _agents_for(specs, names)
    game = Game(names, ruleset, seed, explain=explain, **game_options)
    base = game.seed if isinstance(game.seed, int) else 0
    seated = {p: make_agent(s, seed=base * 7 + i) for i, (p, s) in enumerate(zip(names, specs))}
    count = 0
    while not game.is_over:
        if count >= max_actions:
            # The rules let a game go on for ever (players who always pass tie every battle
            # and the round never ends), so a loop of agents needs a limit.
            raise RulesError.say("the game did not end within {n} actions: the agents may be passing for ever (the "
                                 "rules allow it); raise max_actions= if the game is just long", n=max_actions)
        game.apply(choose_with(seated[game.to_move], game))
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
             ruleset="standard", workers=None, executor=None, **game_options) -> SimulationStats:
    """Play ``n`` games and return statistics.

    ``agents``: None (all random), one name/agent for every seat, or a list with one per seat.
    Game ``i`` is seeded from ``seed`` and ``i`` alone, and agents given by name or class are
    made afresh for every game, seeded from the game's seed (as :func:`play_game` seats them):
    so ``workers`` (processes of this machine; 0: one per core) or ``executor`` (any
    concurrent.futures.Executor, e.g. a Dask cluster's) give the same statistics as one process.
    An agent object is used as it is, in every game (its state carries from game to game, so
    only a run in one process repeats exactly).
    ``progress``: True shows a text bar on stderr once a run takes more than half a second; a
    :class:`~condottiere_nb.explore.Progress` (a notebook's bar) or a callable ``progress(done, n)``
    is told as games complete; None or False is silent.
    """
    from .workers import MAX_GAMES, check_workers, job_seed, portable_ruleset, run_jobs
    check_count(Sentence.say("n, the number of games,"), n, 1, MAX_GAMES)
    names = check_players(players)
    check_seed(seed)
    from ..explore.progress import TextProgress, as_progress
    bar = as_progress(TextProgress(quiet_for=0.5) if progress is True else progress)
    if agents is None:
        agents = "random"
    specs = list(agents) if isinstance(agents, (list, tuple)) else [agents] * len(names)
    if len(specs) != len(names):
        raise _agents_for(specs, names)
    for spec in specs:
        make_agent(spec)                    # an unknown name says so now
    check_workers(workers, executor)
    labels = tuple(_label(s) for s in specs)
    rules = portable_ruleset(ruleset)
    jobs = ((names, specs, rules, job_seed(seed, i), game_options) for i in range(n))     # made as handed out
    wins = {p: 0.0 for p in names}
    reasons: Counter = Counter()
    battles = rounds = actions = 0
    start = time.perf_counter()
    bar.start(n, "games")               # the label the notebook bar says in the learner's language
    results = run_jobs(simulate_games, jobs, workers=workers, executor=executor, total=n, done=bar.update)
    try:
        for _, (winners, reason, b, r, a) in results:
            for w in winners:
                wins[w] += 1 / len(winners)
            reasons[reason] += 1
            battles += b
            rounds += r
            actions += a
    finally:
        results.close()
        bar.finish()
    seconds = time.perf_counter() - start
    k = max(n, 1)
    return SimulationStats(n, names, labels, wins, reasons, battles / k, rounds / k, actions / k, seconds)


def _label(spec) -> str:
    if isinstance(spec, str):
        return spec.strip().lower()
    if isinstance(spec, type):
        return spec.__name__
    return repr(spec) if isinstance(spec, Agent) else getattr(spec, "__name__", "agent")


def simulate_games(jobs: list) -> list:
    """(winners, reason, battles, rounds, actions) of each game of ``jobs``: what a worker of
    :func:`simulate` runs."""
    from .workers import ruleset_of
    out = []
    for names, specs, rules, seed, options in jobs:
        r = play_game(specs, seed, ruleset_of(rules), players=names, **options)
        out.append((r.winners, r.reason, r.battles, r.rounds, r.actions))
    return out
