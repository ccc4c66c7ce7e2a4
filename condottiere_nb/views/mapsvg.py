"""The board as a picture: the 17 regions as shapes inside Italy's outline, drawn as SVG.

Plain Python (no matplotlib, no numpy, no ipywidgets), so it runs wherever the engine does,
JupyterLite's Pyodide included.  The regions are a Voronoi tessellation of the 17 cities at
their real positions (``ITALY``'s latitudes and longitudes), clipped to the outline of
:mod:`~condottiere_nb.views.italy_shape`: each region is the land nearer its city than any
other city.  That is a drawing, not the rules: which regions border each other is
``ITALY``'s edge list, and victory reads only that.

The picture goes into notebooks as ``<img src="data:image/svg+xml,...">``: JupyterLab's
sanitiser keeps an image but strips inline ``<svg>``, and an image needs no extension in
JupyterLab or Voilà.  The same state always gives the same SVG text.
"""
from __future__ import annotations

import math
from functools import lru_cache
from html import escape
from typing import Iterable, Mapping, Sequence

from ..arguments import check_count
from ..board import ITALY, REGIONS, adjacent_group, region as canonical_region
from ..errors import Listed, RulesError, expects
from ..game import Game
from ..options import shown
from .html import PLAYER_COLOURS
from .icons import svg_uri
from .italy_shape import ISLANDS, MAINLAND
from .words import words

#: The picture's size in pixels (its viewBox; an <img> may scale it).
MAP_W, MAP_H = 440, 512
SEA, LAND, ISLAND, BORDER = "#cfe3ef", "#f1e8d0", "#e4dcc6", "#8a7f66"
TOKEN = "#7a1010"         # the Condottiere token and the battle region's outline
FAVOR = "#f5c400"         # the Pope's Favor
GROUP = "#e8a317"         # a winning connected group
CHOICE = "#0b61a4"        # a region that may be chosen now
# The drawn window: longitude and latitude of the top-left corner, pixels per degree of latitude.
_LON0, _LAT0, _LAT_MID = 6.35, 47.2, 42.0
_SCALE = MAP_W / ((18.75 - _LON0) * math.cos(math.radians(_LAT_MID)))
# The point each region grows from (longitude, latitude), where it is not the city itself: the
# cities of the Po valley and Tuscany lie close together, so a tessellation of the cities alone
# would give Firenze or Modena a sliver.  These points sit inside each state's historical lands
# (Modena's duchy reached south into the Apennines, Firenze's Tuscany east of Lucca's, the
# kingdom of Napoli over the whole south).  The city dots stay at the real cities.
_SEEDS = {"Firenze": (11.45, 43.55), "Siena": (11.35, 42.95), "Modena": (10.75, 44.4), "Bologna": (11.6, 44.35),
          "Parma": (10.0, 44.75), "Lucca": (10.35, 43.95), "Ferrara": (11.95, 44.8), "Mantova": (10.75, 45.25),
          "Venezia": (12.3, 45.75), "Milano": (9.35, 45.6), "Ancona": (13.35, 43.3), "Urbino": (12.55, 43.75),
          "Spoleto": (12.85, 42.6), "Roma": (12.6, 41.85), "Napoli": (15.3, 40.8), "Torino": (7.6, 45.0),
          "Genova": (8.9, 44.35)}
# Labels moved by hand from their region's centre (pixels), where a centre sits badly.
_NUDGE = {"Genova": (6, 4), "Napoli": (10, -20), "Mantova": (0, 14), "Venezia": (-6, 10), "Modena": (-6, -4),
          "Bologna": (8, 6), "Urbino": (6, -8)}


def project(lon: float, lat: float) -> tuple[float, float]:
    """Pixel x, y of a longitude and latitude (an equirectangular projection at 42 degrees north)."""
    return ((lon - _LON0) * math.cos(math.radians(_LAT_MID)) * _SCALE, (_LAT0 - lat) * _SCALE)


def _outline(points) -> list[tuple[float, float]]:
    return [project(lon, lat) for lon, lat, _ in points]


def _clip(polygon, a, b):
    """The part of ``polygon`` on the side of the perpendicular bisector of a-b nearer to a
    (one Sutherland-Hodgman pass against a half-plane)."""
    nx_, ny_ = b[0] - a[0], b[1] - a[1]
    c = (b[0] ** 2 + b[1] ** 2 - a[0] ** 2 - a[1] ** 2) / 2

    def inside(p):
        return p[0] * nx_ + p[1] * ny_ <= c

    out = []
    for i, cur in enumerate(polygon):
        prev = polygon[i - 1]
        if inside(cur):
            if not inside(prev):
                out.append(_cross(prev, cur, nx_, ny_, c))
            out.append(cur)
        elif inside(prev):
            out.append(_cross(prev, cur, nx_, ny_, c))
    return out


def _cross(p, q, nx_, ny_, c):
    t = (c - p[0] * nx_ - p[1] * ny_) / ((q[0] - p[0]) * nx_ + (q[1] - p[1]) * ny_)
    return (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))


def _centroid(polygon) -> tuple[float, float]:
    area = cx = cy = 0.0
    for i, (x1, y1) in enumerate(polygon):
        x0, y0 = polygon[i - 1]
        w = x0 * y1 - x1 * y0
        area += w
        cx += (x0 + x1) * w
        cy += (y0 + y1) * w
    if abs(area) < 1e-9:
        return polygon[0]
    return (cx / (3 * area), cy / (3 * area))


@lru_cache(maxsize=1)
def cities() -> dict[str, tuple[float, float]]:
    """Pixel position of each region's city."""
    return {r: project(ITALY.nodes[r]["lon"], ITALY.nodes[r]["lat"]) for r in REGIONS}


@lru_cache(maxsize=1)
def region_shapes() -> dict[str, tuple[tuple[float, float], ...]]:
    """Each region's outline in pixels: its Voronoi cell clipped to the mainland.

    >>> shapes = region_shapes()
    >>> len(shapes), all(len(s) >= 3 for s in shapes.values())
    (17, True)
    """
    land = _outline(MAINLAND)
    where = {r: project(*_SEEDS[r]) for r in REGIONS}
    shapes = {}
    for r in REGIONS:
        cell = land
        for other in REGIONS:
            if other != r:
                cell = _clip(cell, where[r], where[other])
        shapes[r] = tuple((round(x, 1), round(y, 1)) for x, y in cell)
    return shapes


@lru_cache(maxsize=1)
def label_points() -> dict[str, tuple[float, float]]:
    """Where each region's name goes: the centre of its shape, a few nudged apart by hand."""
    out = {}
    for r, shape in region_shapes().items():
        x, y = _centroid(shape)
        dx, dy = _NUDGE.get(r, (0, 0))
        out[r] = (round(x + dx, 1), round(y + dy, 1))
    return out


def inside(point: tuple[float, float], polygon) -> bool:
    """Is ``point`` inside ``polygon`` (a ray cast to the right crosses its edges an odd number of times)?

    >>> inside((1, 1), [(0, 0), (2, 0), (2, 2), (0, 2)]), inside((3, 1), [(0, 0), (2, 0), (2, 2), (0, 2)])
    (True, False)
    """
    x, y = point
    found = False
    for (x1, y1), (x2, y2) in zip(polygon, list(polygon[-1:]) + list(polygon[:-1])):
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            found = not found
    return found


def _to_segment(p, a, b) -> float:
    """The distance from point ``p`` to the segment ``a``-``b``."""
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def _to_edge(point, shape) -> float:
    """How far ``point`` lies from the nearest edge of ``shape``."""
    return min(_to_segment(point, a, b) for a, b in zip(shape, shape[1:] + shape[:1]))


@lru_cache(maxsize=1)
def marker_points() -> dict[str, tuple[float, float]]:
    """Where the Condottiere token or the Pope's Favor is drawn on each region: its city, where
    the city lies well inside the region (8 pixels or more from its edges); else (Siena's city
    is on the border with Firenze, Ancona's and Venezia's on the coast) the point of a 3-pixel
    grid inside the region farthest from its edges and its name."""
    out = {}
    names, where = label_points(), cities()
    for r, shape in region_shapes().items():
        city = where[r]
        if inside(city, shape) and _to_edge(city, shape) >= 8:
            out[r] = city
            continue
        xs, ys = [x for x, _ in shape], [y for _, y in shape]
        lx, ly = names[r]
        best, out[r] = -1.0, names[r]
        for gx in range(int(min(xs)), int(max(xs)) + 1, 3):
            for gy in range(int(min(ys)), int(max(ys)) + 1, 3):
                if inside((gx, gy), shape):
                    # a name is wider than it is tall: its distance counts less across
                    score = min(_to_edge((gx, gy), shape), math.hypot((gx - lx) / 2.5, gy - ly))
                    if score > best:
                        best, out[r] = score, (float(gx), float(gy))
    return out


#: The map widget's region buttons: their height and the room kept between two (pixels).
BUTTON_H, BUTTON_GAP = 24, 2


def button_width(region: str) -> int:
    """The width of a region's button: 11 px bold sans-serif (about 7 px a letter), border and room."""
    return round(7.3 * len(region) + 14)


@lru_cache(maxsize=None)
def button_boxes(cell: int = 4) -> dict[str, tuple[int, int, int, int]]:
    """Where the map widget puts each region's button, as (x, y, width, height) in pixels on a
    grid of ``cell`` pixels.  Each starts centred on its region's name; where two would overlap
    (the small regions of the Po valley and Tuscany lie close), the pair is pushed apart, half
    each, along the shorter way out, again until no two overlap.  So every region can be
    offered at once and each button stays near its name.

    >>> boxes = button_boxes()
    >>> x, y, w, h = boxes["Parma"]; (w, h)
    (50, 24)
    >>> def apart(a, b): return a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1]
    >>> all(apart(boxes[a], boxes[b]) for a in REGIONS for b in REGIONS if a < b)
    True
    """
    names = label_points()
    room = BUTTON_GAP + cell              # snapping to the grid moves a box by up to half a cell
    box = {}
    for r in REGIONS:
        x, y = names[r]
        w = button_width(r)
        box[r] = [x - w / 2, y - BUTTON_H / 2, w, BUTTON_H]
    for _ in range(1000):
        moved = False
        for i, a in enumerate(REGIONS):
            for b in REGIONS[i + 1:]:
                A, B = box[a], box[b]
                dx = min(A[0] + A[2], B[0] + B[2]) - max(A[0], B[0]) + room
                dy = min(A[1] + A[3], B[1] + B[3]) - max(A[1], B[1]) + room
                if dx <= 0 or dy <= 0:
                    continue
                moved = True
                if dy <= dx:                  # apart vertically: the upper one goes up
                    way = 1 if A[1] + A[3] / 2 <= B[1] + B[3] / 2 else -1
                    A[1] -= way * dy / 2
                    B[1] += way * dy / 2
                else:                         # apart horizontally: the left one goes left
                    way = 1 if A[0] + A[2] / 2 <= B[0] + B[2] / 2 else -1
                    A[0] -= way * dx / 2
                    B[0] += way * dx / 2
        if not moved:
            break
    out = {}
    for r, (x, y, w, h) in box.items():
        x = min(max(0, cell * round(x / cell)), MAP_W - w)
        y = min(max(0, cell * round(y / cell)), MAP_H - h)
        out[r] = (x, y, w, h)
    return out


def _path(points) -> str:
    return "M" + " L".join(f"{x:.1f} {y:.1f}" for x, y in points) + " Z"


#: The clip path of the mainland, which the regions are drawn in (see _base).
LAND_CLIP = "cnb-land"


@lru_cache(maxsize=1)
def _base() -> str:
    """Sea, islands and the mainland: the same under every state."""
    parts = [f'<rect width="{MAP_W}" height="{MAP_H}" fill="{SEA}"/>']
    for name, points in ISLANDS.items():
        parts.append(f'<path class="cnb-island" d="{_path(_outline(points))}" fill="{ISLAND}" stroke="{BORDER}" '
                     f'stroke-width="1"/>')
    coast = _path(_outline(MAINLAND))
    parts.append(f'<path d="{coast}" fill="{LAND}" stroke="#5f5647" stroke-width="1.6"/>')
    # The regions are drawn inside the coast: a Voronoi cell clipped half-plane by half-plane
    # keeps, where the coast bends back (east of Ancona), an edge across the sea joining its two
    # pieces of land.  (Every map writes the same clip, so two on one page cannot disagree.)
    parts.append(f'<defs><clipPath id="{LAND_CLIP}"><path d="{coast}"/></clipPath></defs>')
    return "".join(parts)


def _token(x: float, y: float) -> str:
    # The Condottiere token: a dark red disc with two crossed swords.
    return (f'<g class="cnb-token-condottiere"><circle cx="{x:.1f}" cy="{y:.1f}" r="11" fill="{TOKEN}" '
            f'stroke="#ffffff" stroke-width="2"/>'
            f'<path d="M{x - 6:.1f} {y - 6:.1f} L{x + 6:.1f} {y + 6:.1f} M{x + 6:.1f} {y - 6:.1f} L{x - 6:.1f} {y + 6:.1f}" '
            f'stroke="#ffffff" stroke-width="2.4" stroke-linecap="round"/></g>')


def _favor(x: float, y: float) -> str:
    # The Pope's Favor: a gold disc with a cross.
    return (f'<g class="cnb-token-favor"><circle cx="{x:.1f}" cy="{y:.1f}" r="10" fill="{FAVOR}" '
            f'stroke="#6b5900" stroke-width="2"/>'
            f'<path d="M{x:.1f} {y - 6:.1f} L{x:.1f} {y + 6:.1f} M{x - 4:.1f} {y - 2:.1f} L{x + 4:.1f} {y - 2:.1f}" '
            f'stroke="#6b5900" stroke-width="2.2"/></g>')


#: the arguments map_arguments checks
MAP_ARGUMENTS = ("control", "favor", "battle", "highlight", "players", "choosable", "unlabelled")


def map_arguments(control, favor=None, battle=None, highlight=None, players=None, **given) -> tuple:
    """A map's arguments, checked (a RulesError names a wrong one and what it should be), with every
    region under its canonical name: (control, favor, battle, the ringed regions, the seats in
    colour order: ``players``, every owner among them, or the owners, sorted).  ``given``: the
    other lists of regions a map takes (``choosable``, ``unlabelled``), checked too."""
    given = {"choosable": (), "unlabelled": (), **given}
    if control is not None and not isinstance(control, Mapping):
        raise RulesError.say("control must map regions to players, e.g. {example}, not {value}",
                             example="{'Parma': 'Ana'}", value=shown(control))
    if highlight is not None and (isinstance(highlight, str) or not isinstance(highlight, Iterable)):
        raise RulesError.say("highlight must be a list of regions, not {value}", value=shown(highlight))
    if players is not None:
        if isinstance(players, str) or not isinstance(players, Sequence) or len(players) > 6 \
                or not all(isinstance(p, str) and p.strip() for p in players) or len(set(players)) < len(players):
            raise RulesError.say("players must be a list of at most six different names, e.g. {example}, not {value}",
                                 example="['Ana', 'Ben']", value=shown(players))
    for name in ("choosable", "unlabelled"):
        if isinstance(given[name], str) or not isinstance(given[name], Iterable):
            raise RulesError.say("{name} must be a list of regions, not {value}", name=name, value=shown(given[name]))
    control = {canonical_region(r): p for r, p in (control or {}).items() if p is not None}
    ringed = sorted({canonical_region(r) for r in (highlight or ())})
    owners = sorted({p for p in control.values() if isinstance(p, str) and p.strip()}) if players is None \
        else list(players)
    for region, p in control.items():
        if not (isinstance(p, str) and p in owners):
            raise RulesError.say("control names {player}, who is not in players {players}", player=shown(p),
                                 players=Listed(owners))
    return (control, None if favor is None else canonical_region(favor),
            None if battle is None else canonical_region(battle),
            ringed, owners)


@expects(title=(str, None), weights=bool, legend=bool, labels=bool)
def map_svg(control: Mapping[str, str] | None = None, favor: str | None = None, battle: str | None = None,
            highlight: Iterable[str] | None = None, *, players: Sequence[str] | None = None,
            weights: bool = False, choosable: Iterable[str] = (), legend: bool = True,
            labels: bool = True, unlabelled: Iterable[str] = (), title: str | None = None,
            lang: str = "en") -> str:
    """The map as SVG text.

    ``control``: region -> player (each region filled with its player's seat colour);
    ``favor``: the region holding the Pope's Favor; ``battle``: the region under the Condottiere
    token (outlined in dark red, the token on it); ``highlight``: regions outlined in gold (a
    winning connected group); ``players``: seat order for the colours; ``weights``: the Chinese
    variant's region weights after the names; ``choosable``: regions that may be chosen now
    (a blue outline); ``labels``: False leaves the names to a view drawn on top, and
    ``unlabelled`` the names of those regions (the map widget's buttons show them, see
    :func:`button_boxes`); ``lang``: the legend's language.

    >>> svg = map_svg({"Roma": "Ana"}, battle="Firenze", players=["Ana", "Ben"])
    >>> svg.count('class="cnb-region '), 'data-region="Roma" fill="#1a85ff"' in svg
    (17, True)
    """
    control, favor, battle, ringed, owners = map_arguments(control, favor, battle, highlight, players,
                                                           choosable=choosable, unlabelled=unlabelled)
    choosable = {canonical_region(r) for r in choosable}
    colour = {p: PLAYER_COLOURS[i % len(PLAYER_COLOURS)] for i, p in enumerate(owners)}
    shapes, where, names = region_shapes(), cities(), label_points()
    parts = [_base(), f'<g clip-path="url(#{LAND_CLIP})">']
    for r in REGIONS:
        fill = colour[control[r]] if r in control else LAND
        opacity = ' fill-opacity="0.78"' if r in control else ""
        state = "controlled" if r in control else "free"
        parts.append(f'<path class="cnb-region cnb-region-{state}" data-region="{r}" fill="{fill}"{opacity} '
                     f'stroke="{BORDER}" stroke-width="1" d="{_path(shapes[r])}"><title>{r}</title></path>')
    for r in sorted(choosable):
        parts.append(f'<path d="{_path(shapes[r])}" fill="none" stroke="{CHOICE}" stroke-width="2.5" '
                     f'stroke-dasharray="5 3"/>')
    for r in ringed:
        parts.append(f'<path class="cnb-group" d="{_path(shapes[r])}" fill="none" stroke="{GROUP}" '
                     f'stroke-width="4" stroke-linejoin="round"/>')
    if battle:
        parts.append(f'<path class="cnb-battle-region" d="{_path(shapes[battle])}" fill="none" stroke="{TOKEN}" '
                     f'stroke-width="3.5" stroke-dasharray="7 4" stroke-linejoin="round"/>')
    parts.append("</g>")
    for r in REGIONS:
        x, y = where[r]
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.6" fill="#3b3326"/>')
    # The token and the Favor sit on their region's city (marker_points), under its name (which
    # stays readable over them): beside the name they fell on a neighbour's name or in the sea.
    # Both on one region (Invasion may allow it): side by side.
    both = battle is not None and battle == favor
    marks = marker_points()
    if battle:
        x, y = marks[battle]
        parts.append(_token(x - (12 if both else 0), y))
    if favor:
        x, y = marks[favor]
        parts.append(_favor(x + (12 if both else 0), y))
    if labels:
        unlabelled = {canonical_region(r) for r in unlabelled}
        for r in REGIONS:
            if r in unlabelled:
                continue
            x, y = names[r]
            text = f"{r} ({ITALY.nodes[r]['weight']})" if weights else r
            parts.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" font-family="sans-serif" '
                         f'font-size="12" font-weight="bold" fill="#1d1a14" stroke="#ffffff" stroke-width="3" '
                         f'paint-order="stroke" stroke-linejoin="round">{escape(text)}</text>')
    if legend:
        parts.append(_legend(owners, colour, battle, favor, ringed, choosable, lang))
    if title:
        parts.append(f'<text x="{MAP_W - 8}" y="20" text-anchor="end" font-family="sans-serif" font-size="14" '
                     f'font-weight="bold" fill="#1d1a14">{escape(title)}</text>')
    body = "".join(parts)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {MAP_W} {MAP_H}" width="{MAP_W}" '
            f'height="{MAP_H}">{body}</svg>')


def _legend(owners, colour, battle, favor, ringed, choosable, lang: str = "en") -> str:
    # In the sea south of Sardinia, west of Sicily.
    t = words(lang)
    x, y = 8, MAP_H - 8
    rows = [(f'<rect x="{x}" y="-6" width="12" height="12" fill="{colour[p]}" fill-opacity="0.78" '
             f'stroke="{BORDER}"/>', p) for p in owners]
    rows.append((f'<rect x="{x}" y="-6" width="12" height="12" fill="{LAND}" stroke="{BORDER}"/>',
                 t.say("no control marker")))
    if battle:
        rows.append((_token(x + 6, 0).replace('r="11"', 'r="7"'), t.say("Condottiere token: {region}", region=battle)))
    if favor:
        rows.append((_favor(x + 6, 0).replace('r="10"', 'r="7"'), t.say("Pope's Favor: {region}", region=favor)))
    if ringed:
        rows.append((f'<rect x="{x}" y="-6" width="12" height="12" fill="none" stroke="{GROUP}" stroke-width="3"/>',
                     t.say("winning group")))
    if choosable:
        rows.append((f'<rect x="{x}" y="-6" width="12" height="12" fill="none" stroke="{CHOICE}" '
                     f'stroke-width="2" stroke-dasharray="3 2"/>', t.say("you may choose it")))
    out = []
    for i, (mark, text) in enumerate(reversed(rows)):
        ty = y - 8 - 17 * i
        out.append(f'<g transform="translate(0 {ty})">{mark}<text x="{x + 18}" y="4" font-family="sans-serif" '
                   f'font-size="12" fill="#1d1a14">{escape(text)}</text></g>')
    height = 17 * len(rows) + 8
    return (f'<rect x="2" y="{MAP_H - height - 10}" width="196" height="{height + 6}" rx="5" fill="#ffffff" '
            f'fill-opacity="0.85" stroke="{BORDER}"/>' + "".join(out))


@expects(alt=str)
def map_html(*, width: int = MAP_W, alt: str = "", **state) -> str:
    """The map as an HTML ``<img>`` (sanitiser-safe), ``width`` pixels wide."""
    check_count("width", width, 50, 4000)
    alt = alt or map_caption(**{k: v for k, v in state.items() if k in ("control", "favor", "battle", "lang")})
    height = round(width * MAP_H / MAP_W)
    svg = map_svg(**state)          # as a data URI: its inside, in svg_uri's own <svg> of the same view box
    src = svg_uri(svg[svg.index(">") + 1:-len("</svg>")], view_box=f"0 0 {MAP_W} {MAP_H}")
    return (f'<img class="cnb-map-svg" src="{src}" width="{width}" height="{height}" '
            f'alt="{escape(alt)}" title="{escape(alt)}">')


def map_caption(control=None, favor=None, battle=None, lang: str = "en") -> str:
    """The map in one sentence (an image's alt text)."""
    t = words(lang)
    held = len([p for p in (control or {}).values() if p])
    parts = [t.say_n("Map of Italy: 17 regions, {n} with a control marker",
                     "Map of Italy: 17 regions, {n} with a control marker", held)]
    if battle:
        parts.append(t.say("the Condottiere token on {region}", region=canonical_region(battle)))
    if favor:
        parts.append(t.say("the Pope's Favor on {region}", region=canonical_region(favor)))
    return t.say("{text}.", text=t.clauses(parts))


def game_map_state(game) -> dict:
    """map_svg's arguments for a Game: control, Favor, the battle region, the winning group."""
    victory = getattr(game, "victory", None)
    group = sorted(victory.group) if victory is not None and victory.reason == "adjacent" else None
    region = game.region if getattr(game, "phase", None) == "battle" else None
    return {"control": dict(game.control), "favor": game.favor, "battle": region, "highlight": group,
            "players": list(game.players)}


class ItalyMap:
    """The map as a value a notebook shows (``_repr_html_``): ``ItalyMap(game)`` or
    ``ItalyMap(control=..., favor=..., battle=..., highlight=...)``, with :func:`map_svg`'s other
    arguments (``weights=True``, ``title=``).  ``lang``: the language of its legend and caption
    (None: the default language); an SVG map writes every language, Chinese and Persian too.

    >>> "cnb-map-svg" in ItalyMap(control={"Roma": "Ana"})._repr_html_()
    True
    >>> ItalyMap(battle="Roma", lang="es")
    Mapa de Italia: 17 regiones, 0 con marcador de control; la ficha de Condottiere en Roma.
    """

    @expects(game=(Game, None))
    def __init__(self, game=None, *, width: int = MAP_W, lang: str | None = None, **state):
        self.state = {**(game_map_state(game) if game is not None else state), "lang": words(lang).lang}
        map_arguments(self.state.get("control"), **{k: v for k, v in self.state.items()
                                                    if k in MAP_ARGUMENTS and k != "control"})
        self.width = check_count("width", width, 50, 4000)

    def svg(self) -> str:
        return map_svg(**self.state)

    def _repr_html_(self) -> str:
        return map_html(width=self.width, **self.state)

    def __repr__(self) -> str:
        return map_caption(**{k: v for k, v in self.state.items() if k in ("control", "favor", "battle", "lang")})


def group_of(control: Mapping[str, str], player: str) -> list[str]:
    """The largest connected group of ``player``'s regions (for a highlight)."""
    mine = [r for r, p in control.items() if p == player]
    return sorted(adjacent_group(mine)) if mine else []
