"""A view as a notebook shows it from its saved widget state, before the kernel runs.

ipywidgets marks every part of a widget drawn from saved state "disconnected" and puts a
broken-link icon before each one.  Inside a view of this package that is dozens of icons: they
squeezed every card of a hand and cut the region names on the map (a learner opening the game on
Binder saw that first).  :func:`as_view` keeps one icon, the view's own (the whole view waits for
its kernel), and hides its parts' icons, with one CSS rule carried by the view itself, so it works
wherever the widgets are drawn (JupyterLab, Voilà, JupyterLite) without a setting of the server.
"""
from __future__ import annotations

__all__ = ["QUIET_PARTS", "as_view"]

#: The rule: inside a view (class ``cnb-view``), no part shows the disconnected icon.
QUIET_PARTS = ("<style>.cnb-view.jupyter-widgets-disconnected .jupyter-widgets-disconnected::before"
               "{display:none}</style>")


def as_view(box):
    """``box`` (a view shown on its own: a builder, a game, a map...) marked as a view, with
    :data:`QUIET_PARTS` in a hidden part of its own; ``box`` is returned."""
    import ipywidgets as W
    box.add_class("cnb-view")
    box.children = (*box.children, W.HTML(QUIET_PARTS, layout=W.Layout(display="none")))
    return box
