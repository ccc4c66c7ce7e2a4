"""The variants the Game knows, by where their class is; :func:`variant_classes` gives a game the
ones its ruleset needs.  Classes are imported on first use, so this module imports no variant
and the Game may import it."""
from __future__ import annotations

import importlib

from ..errors import RulesError

__all__ = ["VARIANTS", "every_variant", "variant_classes", "home_of", "decode_elsewhere"]

_PACKAGE = __name__.rpartition(".")[0]

#: Every variant with game rules of its own, as "module:Class" under condottiere_nb.variants.
VARIANTS = (
    "vietnamese:ContinuousWar",
    "persian_game:PersianTutorial",
    "city_states.game:CityStates",
)


def _load(where: str):
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(f"{_PACKAGE}.{module}"), name)


def every_variant() -> tuple:
    """Every variant class, in VARIANTS order."""
    return tuple(map(_load, VARIANTS))


def variant_classes(ruleset) -> tuple:
    """The class of each variant whose rules a battle or game under ``ruleset`` needs, in VARIANTS
    order (what :attr:`condottiere_nb.rulesets.Ruleset.variants` gives)."""
    return tuple(cls for cls in map(_load, VARIANTS) if cls.applies_to(ruleset))


def home_of(action) -> str | None:
    """The named ruleset whose variant adds ``action`` ("city-states" for a Ball), or None."""
    for cls in map(_load, VARIANTS):
        if cls.actions and isinstance(action, cls.actions):
            return cls.home
    return None


def decode_elsewhere(game, tag: str, args: list):
    """A saved record that none of ``game``'s variants reads, read as another variant would (the
    action it would be, to refuse it by name), or None."""
    mine = {type(v) for v in game.variants}
    for cls in map(_load, VARIANTS):
        if cls not in mine:
            try:
                action = cls(game.ruleset).decode(game, tag, args)
            except RulesError:          # not that variant's record either
                continue
            if action is not None:
                return action
    return None
