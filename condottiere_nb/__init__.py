"""condottiere_nb: the card game Condottiere as a rules engine that explains itself.

>>> from condottiere_nb import Battle
>>> b = Battle(["Ana", "Ben"])
>>> b.play("Ana", "10"); b.play("Ben", "winter")
>>> b.resolve().winner
'Ana'
"""
from .agents import HeuristicAgent, RandomAgent, play_game, simulate
from .battle import Battle, Move, Resolution
from .cards import STANDARD_DECK, Card
from .notation import parse_kind
from .board import ITALY, REGIONS, UnknownRegion
from .errors import IllegalMove, RulesError, UnknownCard
from .explain import RULES, Step
from .language import get_language, set_language
from .game import TERMINAL, DiscardHand, Game, Keep, Pass, PlaceFavor, PlaceToken, Play
from .rulesets import RULESETS, Ruleset, combine, get_ruleset
from .variants.city_states import (Annul, Ball, Bribe, ChooseCity, GenovaDraw, GenovaKeep, GenovaTrade, LiftBan,
                                   RomaClaim, UseAbility, Veto)
from .variants.scoring import Match

__all__ = [
    "Battle", "Move", "Resolution", "Card", "STANDARD_DECK", "parse_kind",
    "RulesError", "IllegalMove", "UnknownCard", "Step", "RULES", "set_language", "get_language",
    "Ruleset", "RULESETS", "get_ruleset",
    "Game", "TERMINAL", "PlaceToken", "Play", "Pass", "PlaceFavor", "DiscardHand", "Keep",
    "ITALY", "REGIONS", "UnknownRegion",
    "RandomAgent", "HeuristicAgent", "play_game", "simulate",
    # the variants (RULESETS.md)
    "combine", "Match", "ChooseCity", "UseAbility", "Veto", "GenovaTrade", "GenovaDraw", "GenovaKeep",
    "Ball", "Bribe", "LiftBan", "Annul", "RomaClaim",
]
__version__ = "0.1.0"
