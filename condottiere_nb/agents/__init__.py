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

:func:`play_game` plays one game; :func:`simulate` plays many and returns statistics, on
several processes or any executor if asked (``workers=``, ``executor=``: see
:mod:`condottiere_nb.agents.workers`), with the same statistics.

>>> r = play_game([RandomAgent(1), RandomAgent(2), HeuristicAgent(3)], seed=7)
>>> r.winners == r.game.winners and r.battles > 0
True
"""
from .base import Agent, RandomAgent
from .heuristic import HeuristicAgent
from .play import AGENTS, GameResult, SimulationStats, make_agent, play_game, simulate

__all__ = ["Agent", "RandomAgent", "HeuristicAgent", "GameResult", "SimulationStats",
           "play_game", "simulate", "make_agent", "AGENTS"]
