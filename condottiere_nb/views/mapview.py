"""The map of Italy as a widget, and as a matplotlib figure.

(This module imports ipywidgets; the package loads it only when MapView or draw_map is
first asked for, so ``import condottiere_nb`` stays free of display libraries.)

:class:`MapView` shows the SVG board of :mod:`~condottiere_nb.views.mapsvg` (the regions as
shapes inside Italy's outline) and follows a Game or takes the state by hand.  Where a
player must choose a region, the region names become buttons laid over the picture (a
grid of the picture's size holds the image and the buttons in the same cells): a click
places the token, in JupyterLab and in Voilà, with no extension.  :func:`draw_map` is the
older figure of dots and lines (matplotlib, imported only when called).
Drawing is deterministic: the same state gives the same picture.
"""
from __future__ import annotations

import math
from html import escape
from typing import Iterable, Mapping, Sequence

import ipywidgets as W
import networkx as nx

from ..board import ITALY, REGIONS, adjacent_group
from .html import PLAYER_COLOURS, plot_text
from .mapsvg import (CHOICE, GROUP, MAP_H, MAP_W, TOKEN, button_boxes, game_map_state, group_of, map_arguments,
                     map_html)
from .sheet import as_view, set_direction
from .widgets import NOTHING, classed, fit, set_if_changed, set_options
from .words import figure_words, words

FREE = "#e6e2d8"          # a region without a control marker
EDGE = "#9a9a9a"
FAVOR = "#f5d000"         # the Pope's Favor


# Where each name goes around its dot (dx, dy in map units, alignment): the Po valley
# cities are close together, so their labels are spread out by hand.
_LABELS = {
    "Mantova": (0, 0.16, "center", "bottom"), "Ferrara": (0.14, 0.02, "left", "center"),
    "Modena": (-0.05, -0.16, "center", "top"), "Parma": (-0.14, 0.05, "right", "center"),
    "Bologna": (0.14, -0.04, "left", "center"), "Lucca": (-0.14, 0, "right", "center"),
    "Firenze": (0.15, 0.05, "left", "center"), "Siena": (-0.14, -0.05, "right", "center"),
    "Milano": (0, 0.16, "center", "bottom"), "Venezia": (0, 0.16, "center", "bottom"),
    "Torino": (-0.14, 0, "right", "center"), "Genova": (0, -0.16, "center", "top"),
}
_DEFAULT_LABEL = (0, -0.16, "center", "top")


def positions(graph: nx.Graph = ITALY) -> dict[str, tuple[float, float]]:
    """x, y of each region: longitude scaled by cos(latitude) so distances look right."""
    lat0 = math.radians(sum(d["lat"] for _, d in graph.nodes(data=True)) / graph.number_of_nodes())
    return {n: (d["lon"] * math.cos(lat0), d["lat"]) for n, d in graph.nodes(data=True)}


def draw_map(control: Mapping[str, str] | None = None, favor: str | None = None, battle: str | None = None,
             highlight: Iterable[str] | None = None, *, players: Sequence[str] | None = None, ax=None,
             title: str | None = None, weights: bool = False, figsize=(6.0, 6.0), lang: str | None = None):
    """Draw the map and return the matplotlib Figure.

    ``control``: region -> player (control markers, coloured by seat); ``favor``: the
    region holding the Pope's Favor; ``battle``: the region under the Condottiere token;
    ``highlight``: regions to ring in gold (a winning connected group); ``players``: seat
    order for the colours (default: the owners, sorted); ``weights``: label the Chinese
    variant's region weights.  Without ``ax`` a new pyplot figure is made.  ``lang``: the
    legend's language (None: the default language); Chinese and Persian, which matplotlib cannot
    write, give an English figure and a warning naming :class:`~condottiere_nb.views.ItalyMap`,
    the SVG map that speaks them.
    """
    control, favor, battle, ringed, owners = map_arguments(control, favor, battle, highlight, players)
    t = figure_words(lang, "ItalyMap(...)")
    colour = {p: PLAYER_COLOURS[i % len(PLAYER_COLOURS)] for i, p in enumerate(owners)}

    if ax is None:
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots(figsize=figsize)
    else:
        fig = ax.figure
    pos = positions()
    nodes = list(REGIONS)
    nx.draw_networkx_edges(ITALY, pos, ax=ax, edgelist=sorted(tuple(sorted(e)) for e in ITALY.edges()),
                           edge_color=EDGE, width=1.2)
    if len(ringed) > 1:
        inner = sorted(tuple(sorted(e)) for e in ITALY.subgraph(ringed).edges())
        nx.draw_networkx_edges(ITALY, pos, ax=ax, edgelist=inner, edge_color=GROUP, width=5)
    if ringed:
        nx.draw_networkx_nodes(ITALY, pos, ax=ax, nodelist=ringed, node_size=560, node_color=GROUP)
    nx.draw_networkx_nodes(ITALY, pos, ax=ax, nodelist=nodes, node_size=300,
                           node_color=[colour[control[n]] if n in control else FREE for n in nodes],
                           edgecolors="#444444", linewidths=1.0)
    if battle:
        nx.draw_networkx_nodes(ITALY, pos, ax=ax, nodelist=[battle], node_size=520, node_color="none",
                               edgecolors=TOKEN, linewidths=3.0)
    for n in nodes:
        x, y = pos[n]
        dx, dy, ha, va = _LABELS.get(n, _DEFAULT_LABEL)
        label = f"{n} ({ITALY.nodes[n]['weight']})" if weights else n
        ax.text(x + dx, y + dy, label, ha=ha, va=va, fontsize=8, color="#222222", zorder=6)
    if battle:
        x, y = pos[battle]
        ax.scatter([x - 0.13], [y + 0.13], marker="D", s=70, color=TOKEN, edgecolors="white", zorder=7)
    if favor:
        x, y = pos[favor]
        ax.scatter([x + 0.13], [y + 0.13], marker="*", s=200, color=FAVOR, edgecolors="#6b5900", zorder=7)
    from matplotlib.lines import Line2D
    handles = [Line2D([], [], marker="o", linestyle="", markersize=9, markerfacecolor=colour[p],
                      markeredgecolor="#444444", label=plot_text(p)) for p in owners]
    handles.append(Line2D([], [], marker="o", linestyle="", markersize=9, markerfacecolor=FREE,
                          markeredgecolor="#444444", label=t.say("no control marker")))
    if battle:
        handles.append(Line2D([], [], marker="D", linestyle="", markersize=8, color=TOKEN,
                              label=plot_text(t.say("Condottiere token: {region}", region=battle))))
    if favor:
        handles.append(Line2D([], [], marker="*", linestyle="", markersize=12, color=FAVOR,
                              markeredgecolor="#6b5900", label=plot_text(t.say("Pope's Favor: {region}", region=favor))))
    if ringed:
        handles.append(Line2D([], [], color=GROUP, linewidth=4, label=t.say("winning group")))
    ax.legend(handles=handles, loc="lower left", fontsize=8, frameon=True)
    ax.set_aspect("equal")
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    ax.set_xlim(min(xs) - 0.9, max(xs) + 0.5)
    ax.set_ylim(min(ys) - 0.4, max(ys) + 0.4)
    ax.set_axis_off()
    if title:
        ax.set_title(plot_text(title), fontsize=10)
    return fig


def map_info_html(control, favor=None, battle=None, highlight=None, players=None, lang: str = "en") -> str:
    """The map in words: who holds what, where the tokens are."""
    t = words(lang)
    control, favor, battle, highlight, owners = map_arguments(control, favor, battle, highlight, players)
    rows = []
    for i, p in enumerate(owners):
        mine = [r for r in REGIONS if control.get(r) == p]
        group = sorted(adjacent_group(mine)) if mine else []
        c = PLAYER_COLOURS[i % len(PLAYER_COLOURS)]
        name = f"<b>{escape(p)}</b>"
        listed = t.say(", ").join(mine)
        if len(group) > 1:
            said = t.say_n("{player}: {n} region ({regions}); largest connected group {group}",
                           "{player}: {n} regions ({regions}); largest connected group {group}", len(mine),
                           player="\x00", regions=listed, group=len(group))
        elif mine:
            said = t.say_n("{player}: {n} region ({regions})", "{player}: {n} regions ({regions})", len(mine),
                           player="\x00", regions=listed)
        else:
            said = t.say("{player}: no region", player="\x00")
        rows.append(f'<div><span style="display:inline-block;width:10px;height:10px;background:{c}"></span> '
                    f'{escape(said).replace(chr(0), name)}</div>')
    tokens = []
    if battle:
        tokens.append(t.say("Condottiere token on {region}", region=battle))
    if favor:
        tokens.append(t.say("Pope's Favor on {region}", region=favor))
    if highlight:
        tokens.append(t.say("highlighted: {regions}", regions=t.say(", ").join(highlight)))
    tail = f"<div>{escape(t.clauses(tokens), quote=False)}</div>" if tokens else ""
    return (f'<div class="cnb-map-info" style="font-family:sans-serif;font-size:12px"{t.dir}>'
            f'{"".join(rows)}{tail}</div>')


#: The map's grid cell in pixels: buttons are placed to the nearest cell.
CELL = 4


class MapView(W.VBox):
    """A widget showing the map; follows a Game (``MapView(game)``, then ``.refresh()``)
    or a state given by hand (``MapView(control=..., favor=..., battle=...)``).

    ``choose(regions, on_click, what)`` turns those regions' names into buttons over the
    picture; a click calls ``on_click(region)``; ``what`` ("token", "favor" or "region") words their
    tooltips.  ``choose({}, None)`` ends the choice.  A "Ring the largest group of" dropdown outlines
    a player's largest connected group.  ``lang`` (and :meth:`set_lang`): the legend, the tooltips and
    the words under the map in that language.  It redraws only when the state changed.
    """

    def __init__(self, game=None, *, control=None, favor=None, battle=None, highlight=None, players=None,
                 width: int = MAP_W, dpi: int | None = None, lang: str = "en"):
        self.game = game
        self.lang = words(lang).lang
        self._what = "region"
        self.width = width
        self.image = classed(W.HTML(layout=W.Layout(grid_area=f"1 / 1 / {MAP_H // CELL + 1} / {MAP_W // CELL + 1}",
                                                    margin="0", padding="0")), "cnb-map-image")
        self.buttons: dict[str, W.Button] = {}
        boxes = button_boxes(CELL)               # near each name, no two overlapping
        for r in REGIONS:
            x, y, w, h = boxes[r]
            # The button fills its cells (the grid scales with the map; sheet.py sizes its words).
            b = W.Button(description=r, tooltip=r, layout=W.Layout(
                grid_area=f"{y // CELL + 1} / {x // CELL + 1} / span {-(-h // CELL)} / span {-(-w // CELL)}",
                width="auto", height="auto", min_width="0", padding="0", margin="0",
                border=f"2px solid {CHOICE}", display="none"),
                style={"button_color": "#ffffff", "font_weight": "bold", "text_color": CHOICE})
            classed(b, "cnb-map-region", f"cnb-map-region-{r}")
            b.on_click(self._clicked(r))
            self.buttons[r] = b
        # The map fits the width it is given, up to its own (a phone's 360 px to a wide screen): the
        # grid's cells are fractions of the board, and the board keeps the picture's proportions
        # (sheet.py: aspect-ratio), so the picture and the buttons on it scale together.
        self.board = classed(W.GridBox([self.image, *self.buttons.values()], layout=W.Layout(
            grid_template_columns=f"repeat({MAP_W // CELL}, minmax(0, 1fr))",
            grid_template_rows=f"repeat({MAP_H // CELL}, minmax(0, 1fr))", width="100%", max_width=f"{MAP_W}px",
            height="auto")), "cnb-map-board")
        self.info = classed(W.HTML(), "cnb-map-info")
        self.group_select = classed(W.Dropdown(description=words(self.lang).say("Ring the largest group of"),
                                               layout=fit("360px")), "cnb-map-highlight")
        self.state: dict = {}
        self.choosable: tuple = ()
        self._on_click = None
        self._key = None
        self._syncing = False
        self.group_select.observe(self._on_group, names="value")
        super().__init__([self.board, self.group_select, self.info],
                         layout=W.Layout(width=f"{MAP_W}px", max_width="100%", min_width="0"))
        as_view(self, "cnb-map")
        set_direction(self, words(self.lang).rtl)
        if game is None:
            self.update(control=control, favor=favor, battle=battle, highlight=highlight, players=players)
        else:
            self.refresh()

    def _clicked(self, region):
        def click(_):
            if self._on_click is not None and region in self.choosable:
                self._on_click(region)
        return click

    def choose(self, regions, on_click=None, what: str = "region") -> None:
        """Make ``regions`` clickable (their names become buttons); ``on_click(region)`` on a click.
        ``what``: "token" (the Condottiere token goes there), "favor" (the Pope's Favor) or "region"."""
        self.choosable = tuple(sorted(regions))
        self._on_click = on_click
        self._what = what
        t = words(self.lang)
        for r, b in self.buttons.items():
            set_if_changed(b.layout, "display", "" if r in self.choosable else "none")
            tip = (t.say("Place the Condottiere token on {region}", region=r) if what == "token" else
                   t.say("Put the Pope's Favor on {region}", region=r) if what == "favor" else
                   t.say("Choose {region}", region=r))
            if r in self.choosable:
                set_if_changed(b, "tooltip", tip)
        self._draw(self.state)

    def set_lang(self, lang: str) -> None:
        """Show the map's words in ``lang``."""
        lang = words(lang).lang
        if lang == self.lang:
            return
        self.lang = lang
        self.group_select.description = words(lang).say("Ring the largest group of")
        set_direction(self, words(lang).rtl)
        self.update(**{k: self.state.get(k) for k in ("control", "favor", "battle", "highlight", "players")})
        self.choose(self.choosable, self._on_click, self._what)

    def refresh(self) -> None:
        """Re-read the followed game."""
        if self.game is not None:
            self.update(**game_map_state(self.game))

    def update(self, control=None, favor=None, battle=None, highlight=None, players=None) -> None:
        """Show a new state (same arguments as :func:`~condottiere_nb.views.mapsvg.map_svg`)."""
        control, favor, battle, ringed, owners = map_arguments(control, favor, battle, highlight, players)
        self.state = {"control": control, "favor": favor, "battle": battle, "highlight": ringed or None,
                      "players": owners}
        self._syncing = True
        try:
            t = words(self.lang)
            first = t.say("the winning group") if highlight else t.say("nobody")
            options = [(first, NOTHING)] + [(p, p) for p in owners]
            set_options(self.group_select, options)
            set_if_changed(self.group_select, "value", NOTHING)
        finally:
            self._syncing = False
        self._draw(self.state)

    def _on_group(self, change) -> None:
        if self._syncing:
            return
        state = dict(self.state)
        p = change["new"]
        if p != NOTHING:
            state["highlight"] = group_of(state["control"], p) or None
        self._draw(state)

    def _draw(self, state) -> None:
        key = repr(sorted((k, repr(v)) for k, v in state.items())) + repr(self.choosable) + self.lang
        if key == self._key:
            return
        self._key = key
        # The buttons of a choice show their regions' names, so the picture leaves those out.
        self.image.value = map_html(width=MAP_W, choosable=self.choosable, unlabelled=self.choosable, lang=self.lang,
                                    **state)
        self.info.value = map_info_html(lang=self.lang, **state)
