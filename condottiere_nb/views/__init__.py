"""Views: HTML for cards, lines and resolutions; the map; the widgets.

The engine never imports this package; views import the engine.  The HTML renderers
and the plain-Python models load with the package; the widget classes (ipywidgets) and
the map (matplotlib) load on first use, so ``Battle._repr_html_`` stays light::

    from condottiere_nb.views import BattleBuilder, MapView, GameExplorer

The board as a picture (``ItalyMap``, ``map_svg``) is plain Python, like the HTML.  The widgets
and MapView need the ``lab`` extra (``pip install "condottiere_nb[lab]"``); the
engine alone installs without it, and asking for a widget then raises a ModuleNotFoundError
that says so.
"""
from __future__ import annotations

import importlib

from .html import (Line, battle_html, card_html, game_html, legend_html, line_html, lines_of, resolution_html,
                   rule_html, step_html, strengths_html)
from .mapsvg import ItalyMap, map_html, map_svg
from .tables import Facts, Readings, Table, battle_readings, option_readings, ruleset_readings, show
from .timeline import Shown, Timeline, resolution_timeline

# name -> submodule that defines it, imported on first access (PEP 562).
_LAZY = {
    "BattleBuilder": "widgets",
    "Stepper": "widgets",
    "CompareView": "widgets",
    "MapView": "mapview",
    "draw_map": "mapview",
    "GameExplorer": "explorer",
    "BuilderModel": "model",
    "StepperModel": "model",
    "CompareModel": "model",
    "GameModel": "game_model",
    "Practice": "practice",
    "PracticeModel": "practice_model",
    "PractiseThis": "practice_set",
}

__all__ = ["Facts", "Table", "Readings", "show", "battle_readings", "option_readings", "ruleset_readings", "Line",
           "lines_of", "battle_html", "card_html", "game_html", "legend_html", "line_html", "resolution_html",
           "rule_html", "step_html", "strengths_html", "Shown", "Timeline", "resolution_timeline", "ItalyMap",
           "map_html", "map_svg", *_LAZY]


# What the lazy names need beyond the engine: the `lab` extra of pyproject.toml.
_LAB = {"ipywidgets", "matplotlib", "IPython", "numpy", "fsrs"}


def __getattr__(name: str):
    if name in _LAZY:
        try:
            module = importlib.import_module(f".{_LAZY[name]}", __name__)
        except ModuleNotFoundError as e:
            missing = (e.name or "").partition(".")[0]
            if missing not in _LAB:
                raise
            raise ModuleNotFoundError(
                f"condottiere_nb.views.{name} needs {missing}, which the engine alone does not install; "
                f'install the lab extra: pip install "condottiere_nb[lab]" (from a clone: pip install -e ".[lab]")',
                name=missing) from e
        value = getattr(module, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_LAZY))
