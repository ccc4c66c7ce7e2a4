"""The few CSS rules every view carries with it (a builder, a game, a map, the odds...).

A view is a box of ipywidgets; its layout and style traits say most of what it looks like, but two
things need a rule for the whole box, so each view holds one hidden HTML part with a ``<style>``
scoped to the class ``cnb-view`` (:func:`as_view`).  It works wherever widgets are drawn
(JupyterLab, Voilà, JupyterLite) without a setting of the server.

* **Drawn from saved state.**  A notebook opened before its kernel runs draws its widgets from
  their saved state, and ipywidgets puts a broken-link icon before every part of them: dozens in
  a view, which squeezed every card of a hand and cut the region names on the map (a learner on
  Binder saw that first).  The view keeps one icon, its own (the whole view waits for Python),
  and its parts show none.
* **Right to left.**  In Persian a view reads from the right (:func:`set_direction` marks it
  ``cnb-rtl``): its rows, its labels beside their controls (their gap on the control's side), the
  cards of a line.  What has a
  direction of its own stays as it is: the map of Italy (its names sit on their regions) and a
  slider's track (its values grow to the right, as ipywidgets draws its handle).
"""
from __future__ import annotations

from .mapsvg import MAP_H, MAP_W

__all__ = ["VIEW_RULES", "as_view", "set_direction"]

#: The rules, scoped to views.
VIEW_RULES = ("<style>"
              ".cnb-view.jupyter-widgets-disconnected .jupyter-widgets-disconnected::before{display:none}"
              ".cnb-view.cnb-rtl{direction:rtl}"
              # a card's button is named by its words (a screen reader reads them); the eye sees the card
              ".cnb-view .cnb-card-button .jupyter-button{color:transparent;font-size:1px;line-height:1px;"
              "white-space:normal;overflow:hidden}"
              # the map scales with its box, keeping its proportions; its buttons' words with it
              f".cnb-view .cnb-map-board{{aspect-ratio:{MAP_W}/{MAP_H};container-type:inline-size}}"
              ".cnb-view .cnb-map-image,.cnb-view .cnb-map-image .widget-html-content{width:100%;height:100%}"
              ".cnb-view .cnb-map-image img{display:block;width:100%;height:auto}"
              ".cnb-view .cnb-map-region{font-size:clamp(5px,2.4cqw,11px);line-height:1;padding:0;overflow:hidden;"
              "text-overflow:clip}"
              ".cnb-view.cnb-rtl .cnb-map-board,.cnb-view.cnb-rtl .slider-container{direction:ltr}"
              ".cnb-view.cnb-rtl input,.cnb-view.cnb-rtl textarea{unicode-bidi:plaintext}"
              # a label's gap and alignment face its control, on its left now
              ".cnb-view.cnb-rtl .widget-inline-hbox .widget-label{margin-right:0;"
              "margin-left:calc(var(--jp-widgets-inline-margin) * 2);text-align:left}"
              "</style>")


def as_view(box, cls: str):
    """``box`` (a view shown on its own) marked as a view and by its own class ``cls``, with
    :data:`VIEW_RULES` in a hidden part of its own; ``box`` is returned."""
    import ipywidgets as W
    box.add_class("cnb-view")
    box.add_class(cls)
    box.children = (*box.children, W.HTML(VIEW_RULES, layout=W.Layout(display="none")))
    return box


def set_direction(box, rtl: bool) -> None:
    """Lay the view ``box`` out right to left (``rtl``: Persian) or left to right."""
    if rtl:
        box.add_class("cnb-rtl")
    else:
        box.remove_class("cnb-rtl")
