"""The state of a game, as plain data.

:class:`GameState` is everything that changes while a game is played: where the cards are
(:class:`~condottiere_nb.zones.Zones`), the markers on the map, whose decision it is, and the
variants' own data.  The rules of :mod:`condottiere_nb.game.phases` and the variants change it;
:class:`~condottiere_nb.game.core.Game` shows it through read-only properties and copies.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from ..zones import Zones

__all__ = ["GameState"]


@dataclass
class GameState:
    """The changing part of a game.

    ``first`` is the first player, who took the Condottiere token at the start (option
    first_player).  ``phase`` is the decision the game waits for: "token", "battle", "favor", "discard",
    "keep", "over", or a variant's own phase; ``to_move`` who decides it.  ``queue``: the
    players still to decide whether to discard their hand.  ``after_battle``: the token is being
    placed after a battle (the lines are still on the table).  ``variant``: each variant's own
    data, by variant name (plain data, copied with the state).  ``log``: the Steps so far;
    ``actions`` and ``records``: every action applied, and as a saved game writes it.
    """

    zones: Zones
    control: dict = field(default_factory=dict)
    favor: str | None = None
    token_holder: str = ""
    first: str = ""
    region: str | None = None
    round: int = 1
    battles: int = 0
    phase: str = "token"
    to_move: object = None
    queue: list = field(default_factory=list)
    after_battle: bool = False
    logged: int = 0
    final: bool = False
    final_players: tuple = ()
    final_leader: str | None = None
    winners: tuple = ()
    reason: str | None = None
    #: why a game ended without a victory (game.no_region): "no_region", or a variant's own end
    without: str | None = None
    victory: object = None
    variant: dict = field(default_factory=dict)
    log: list = field(default_factory=list)
    actions: list = field(default_factory=list)
    records: list = field(default_factory=list)

    def copy(self) -> "GameState":
        other = copy.copy(self)
        other.zones = self.zones.copy()
        other.control = dict(self.control)
        other.queue = list(self.queue)
        other.variant = copy.deepcopy(self.variant)
        other.log = list(self.log)
        other.actions = list(self.actions)
        other.records = [list(r) for r in self.records]
        return other

    def hand(self, player: str) -> list:
        """``player``'s hand (the pile itself)."""
        return self.zones.piles[("hand", player)]

    @property
    def deck(self) -> list:
        """The draw pile (the pile itself); its top is the end of the list."""
        return self.zones.piles["deck"]

    @property
    def discard(self) -> list:
        """The discard pile (the pile itself)."""
        return self.zones.piles["discard"]
