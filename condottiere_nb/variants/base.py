"""The base class of a variant's game rules, and the hooks the Game calls.

A variant whose rules an option alone cannot express subclasses :class:`Variant` and is named in
:data:`condottiere_nb.variants.registry.VARIANTS`.  The Game makes one instance per game for each
variant that ``applies_to`` its ruleset, and calls its hooks at the moments they name; every
hook has a default that changes nothing, so a variant overrides only what it needs.  A variant
keeps its own data in ``self.data(game)`` (plain data, copied with the game) and changes the game
only through the public functions of :mod:`condottiere_nb.game.phases` and
:mod:`condottiere_nb.game.deal`, the game's ``state`` and its ``zones`` (whose ``move`` is the one
way a card changes place).

In the manner of python-chess's variant boards: the standard game is the base, a variant adds.
"""
from __future__ import annotations

from ..errors import IllegalMove
from ..options import shown_value

__all__ = ["Variant"]


class Variant:
    """A variant's game rules (see the module docstring).  Hooks, in the order of a game:

    * :meth:`check` and :meth:`setup`: before and after the first deal;
    * :meth:`before_battle`: before a battle's first card (True: the game waits for a decision of
      the variant's own);
    * :meth:`battle_actions`: actions of its own on a battle turn (listed before Pass);
      :meth:`take_name`: how its cards name a target; :meth:`legal`: the actions of its own phases;
    * :meth:`canonical`, :meth:`apply`, :meth:`decode`: reading, applying and loading its actions;
    * :meth:`after_play`: after each card played;
    * :meth:`on_tie`, :meth:`victories`, :meth:`after_compare`: after a battle's compare;
    * :meth:`round_end`, :meth:`new_round`: at the end of a round;
    * :meth:`final_leader`: who leads a final battle;
    * :meth:`waiting_text`: words for a decision of its own.

    And the battle's hooks, classmethods (a sandbox Battle has no game), which a Battle under a
    ruleset the variant applies to calls: :attr:`battle_moves` and :meth:`replay` (moves that are
    abilities, not cards), :meth:`targets` and :meth:`target` (what a card that names a target may
    name), :meth:`locked` (cards a Scarecrow may not take back).
    """

    #: the key of the variant's data in the game state
    name = "variant"
    #: the action classes this variant adds
    actions: tuple = ()
    #: the kinds of the battle moves that are this variant's abilities, not cards
    battle_moves: tuple = ()
    #: the players draw after every battle (so a player with no cards waits for a draw, not a round)
    draws_after_battle = False
    #: the named ruleset whose games have these actions (a refusal under another ruleset names it)
    home: str | None = None

    def __init__(self, ruleset):
        self.ruleset = ruleset

    @classmethod
    def applies_to(cls, ruleset) -> bool:
        """Does a game under ``ruleset`` need this variant's rules?"""
        return False

    def data(self, game) -> dict:
        """This variant's own data in ``game`` (plain data, copied with the game)."""
        return game.state.variant.setdefault(self.name, {})

    def check(self, game) -> None:
        """Refuse (RulesError) a game this variant cannot be played in, before anything is dealt."""

    def setup(self, game) -> None:
        """After the first deal."""

    def before_battle(self, game) -> bool:
        """Before the first card of a battle; True when the game now waits for a decision."""
        return False

    def battle_actions(self, game, player: str) -> list:
        """Actions of this variant ``player`` may take on a battle turn (listed before Pass)."""
        return []

    def take_name(self, game, kind: str, take):
        """The canonical ``take`` of a Play of ``kind``, when this variant names it (else None)."""
        return None

    def legal(self, game) -> list:
        """The actions of this variant's own phases (empty when the phase is not its own)."""
        return []

    def canonical(self, game, action) -> tuple:
        """(canonical action, physical cards named) for one of this variant's actions."""
        raise IllegalMove.say("{action} is not an action of this game", action=shown_value(action))

    def apply(self, game, canon, physical) -> None:
        """Do one of this variant's actions (legal: Game.apply checked it)."""
        raise NotImplementedError(f"{type(self).__name__} has actions but does not apply them")

    def decode(self, game, tag: str, args: list):
        """A saved record of one of this variant's actions -> the action, or None."""
        return None

    def after_play(self, game, player: str, card) -> None:
        """After ``player`` played ``card`` in a battle."""

    def on_tie(self, game, resolution) -> bool:
        """After a tied compare; True when the game now waits for a decision."""
        return False

    def victories(self, game, player: str, found: list) -> list:
        """The victories ``player`` meets (``found``: those of the standard rules)."""
        return found

    def after_compare(self, game) -> bool:
        """After the compare, before the next region is chosen; True if the game ended."""
        return False

    def round_end(self, game) -> bool:
        """When a round would end; True if this variant ended it its own way."""
        return False

    def new_round(self, game) -> None:
        """At the start of a new round, after the deal."""

    def final_leader(self, game, finalists) -> str | None:
        """Who leads the final battle, if this variant says (else None)."""
        return None

    # -- the battle's hooks ---------------------------------------------------------------------------
    @classmethod
    def replay(cls, battle, move) -> None:
        """Make again a battle move of one of :attr:`battle_moves` (undo, notation, the lab)."""
        raise NotImplementedError(f"{cls.__name__} has no battle moves")

    @classmethod
    def target_cards(cls, battle, player: str) -> list | None:
        """The cards a card that names a target (choice 'target') may name (None: this variant
        has no such card)."""
        return None

    @classmethod
    def targets(cls, battle, player: str) -> list | None:
        """What a card that names a target (choice 'target') may name, as a player names it
        (None: this variant has no such card)."""
        return None

    @classmethod
    def target(cls, battle, player: str, take):
        """The card a card that names a target names with ``take`` (None: not this variant's)."""
        return None

    @classmethod
    def locked(cls, battle) -> set:
        """The ids of cards in play that a Scarecrow may not take back, by this variant's rules."""
        return set()

    def waiting_text(self, game):
        """Words for a decision of this variant's own phase (else None): a
        :class:`~condottiere_nb.errors.Sentence` of the catalogues, said in each language."""
        return None
