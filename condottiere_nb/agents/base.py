"""The agent interface and the random player.

An agent is anything with ``choose(game) -> action`` (or a plain callable ``f(game)``) that
returns one of ``game.legal_actions()`` for ``game.to_move``.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["Agent", "RandomAgent"]


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
        legal = game.legal_actions()
        return legal[int(self.rng.random() * len(legal))]

    def __repr__(self) -> str:
        return f"RandomAgent({self.seed!r})"
