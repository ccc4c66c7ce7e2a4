"""The whole game: a seeded, replayable state machine (:class:`Game`) and its actions.

* :mod:`.core` - the Game: state, legal actions, apply, copies, undo, saving;
* :mod:`.actions` - PlaceToken, Play, Pass, PlaceFavor, DiscardHand, Keep, TERMINAL;
* :mod:`.state` - the changing state, as plain data;
* :mod:`.phases` - the rules of the game around the battles, one function per rule id;
* :mod:`.deal` - chance: setting up, shuffling, dealing;
* :mod:`.choices` - what is legal in each phase, and reading an action as written;
* :mod:`.messages` - what the game says to a player;
* :mod:`.persist` - JSON.
"""
from .actions import TERMINAL, Action, DiscardHand, Keep, Pass, PlaceFavor, PlaceToken, Play
from .core import DEFAULT_NAMES, Game, check_players
from .persist import FORMAT

__all__ = ["Game", "TERMINAL", "FORMAT", "DEFAULT_NAMES", "Action", "PlaceToken", "Play", "Pass", "PlaceFavor",
           "DiscardHand", "Keep", "check_players"]
