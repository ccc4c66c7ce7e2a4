"""The agent interface and the random player.

An agent is anything with ``choose(game) -> action`` (or a plain callable ``f(game)``) that
returns one of ``game.legal_actions()`` for ``game.to_move``.
"""
from __future__ import annotations

import random

from ..arguments import check_seed
from ..errors import RulesError
from ..game import Game
from ..options import shown

__all__ = ["Agent", "RandomAgent", "choices_of"]


def choices_of(game) -> list:
    """The legal actions an agent chooses among: a RulesError when ``game`` is not a Game (or a
    Match) or is over, rather than a crash deep inside the agent."""
    if type(game) is not Game:
        legal_actions = getattr(game, "legal_actions", None)
        if not callable(legal_actions) or not hasattr(game, "to_move"):
            raise RulesError.say("an agent chooses an action in a Game (or a Match), not in {value}", value=shown(game))
    legal = game.legal_actions()
    if not legal:
        raise RulesError.say("the game is over: there is nothing to choose")
    return legal


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
        self.seed = check_seed(seed)
        self.rng = random.Random(seed)

    def choose(self, game: Game):
        legal = choices_of(game)
        return legal[int(self.rng.random() * len(legal))]

    def __repr__(self) -> str:
        return f"RandomAgent({self.seed!r})"

    def reseed(self, seed) -> None:
        """Start again from ``seed``: from now on it chooses as ``RandomAgent(seed)`` would."""
        self.seed = check_seed(seed)
        self.rng.seed(seed)
