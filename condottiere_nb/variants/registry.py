"""The variants the Game knows, by where their class is; :func:`variants_for` gives a game the
ones its ruleset needs.  Classes are imported on first use, so this module imports no variant
and the Game may import it."""
from __future__ import annotations

import importlib

__all__ = ["VARIANTS", "variant_classes", "variants_for"]

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


def variant_classes(ruleset) -> tuple:
    """The class of each variant whose rules a battle or game under ``ruleset`` needs, in VARIANTS
    order (what :attr:`condottiere_nb.rulesets.Ruleset.variants` gives)."""
    return tuple(cls for cls in map(_load, VARIANTS) if cls.applies_to(ruleset))


def variants_for(ruleset) -> list:
    """One instance of each variant whose rules a game under ``ruleset`` needs, in VARIANTS order."""
    return [cls(ruleset) for cls in ruleset.variants]
