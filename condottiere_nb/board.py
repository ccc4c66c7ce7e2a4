"""The map of Italy: 17 regions, 34 borders, region names and victory checks.

Pure Python + networkx (docs/rules.md, "The map"). Nothing here knows about
Jupyter; the map drawing lives in the views.

>>> ITALY.number_of_nodes(), ITALY.number_of_edges()
(17, 34)
>>> region("rome")
'Roma'
>>> victory_thresholds(4)
(5, 3)
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import networkx as nx

from .errors import Either, Listed, Quoted, RulesError

__all__ = [
    "REGIONS",
    "BORDERS",
    "ITALY",
    "UnknownRegion",
    "Victory",
    "italy",
    "region",
    "adjacent_group",
    "victory_thresholds",
    "check_victory",
    "victory_of",
    "regions_of",
    "open_regions",
]

# --------------------------------------------------------------------------
# The facts of section 4
# --------------------------------------------------------------------------

REGIONS: tuple[str, ...] = (
    "Torino", "Milano", "Venezia", "Genova", "Mantova", "Ferrara", "Parma",
    "Modena", "Bologna", "Lucca", "Firenze", "Siena", "Urbino", "Spoleto",
    "Ancona", "Roma", "Napoli",
)

BORDERS: tuple[tuple[str, str], ...] = (
    ("Torino", "Milano"), ("Torino", "Genova"), ("Genova", "Milano"),
    ("Genova", "Parma"), ("Milano", "Parma"), ("Milano", "Modena"),
    ("Milano", "Mantova"), ("Milano", "Venezia"), ("Venezia", "Mantova"),
    ("Venezia", "Ferrara"), ("Mantova", "Modena"), ("Mantova", "Ferrara"),
    ("Parma", "Modena"), ("Parma", "Lucca"), ("Modena", "Ferrara"),
    ("Modena", "Bologna"), ("Modena", "Lucca"), ("Modena", "Firenze"),
    ("Ferrara", "Bologna"), ("Lucca", "Firenze"), ("Bologna", "Firenze"),
    ("Bologna", "Urbino"), ("Firenze", "Siena"), ("Firenze", "Urbino"),
    ("Firenze", "Spoleto"), ("Firenze", "Roma"), ("Siena", "Roma"),
    ("Urbino", "Spoleto"), ("Urbino", "Ancona"), ("Spoleto", "Ancona"),
    ("Spoleto", "Roma"), ("Spoleto", "Napoli"), ("Ancona", "Napoli"),
    ("Roma", "Napoli"),
)

# Real city coordinates (latitude, longitude), decimal degrees.
_COORDS: dict[str, tuple[float, float]] = {
    "Torino": (45.07, 7.69),
    "Milano": (45.46, 9.19),
    "Venezia": (45.44, 12.32),
    "Genova": (44.41, 8.93),
    "Mantova": (45.16, 10.79),
    "Ferrara": (44.84, 11.62),
    "Parma": (44.80, 10.33),
    "Modena": (44.65, 10.93),
    "Bologna": (44.49, 11.34),
    "Lucca": (43.84, 10.50),
    "Firenze": (43.77, 11.26),
    "Siena": (43.32, 11.33),
    "Urbino": (43.73, 12.64),
    "Spoleto": (42.74, 12.74),
    "Ancona": (43.62, 13.52),
    "Roma": (41.90, 12.50),
    "Napoli": (40.85, 14.27),
}

# Region weights of the Chinese city-state variant (zh-city-state-variant.txt).
_WEIGHTS: dict[str, int] = {
    **dict.fromkeys(("Napoli", "Milano", "Venezia", "Genova", "Bologna", "Firenze", "Roma"), 3),
    **dict.fromkeys(("Ancona", "Spoleto", "Torino", "Modena"), 2),
    **dict.fromkeys(("Mantova", "Ferrara", "Urbino", "Siena", "Lucca", "Parma"), 1),
}


def _build() -> nx.Graph:
    graph = nx.Graph(name="Italy")
    for name in REGIONS:
        lat, lon = _COORDS[name]
        graph.add_node(name, lat=lat, lon=lon, weight=_WEIGHTS[name])
    graph.add_edges_from(BORDERS)
    return graph


ITALY: nx.Graph = nx.freeze(_build())


def italy() -> nx.Graph:
    """Return a fresh, mutable copy of the map (ITALY itself is frozen).

    >>> g = italy(); g.remove_node("Napoli"); g.number_of_nodes(), ITALY.number_of_nodes()
    (16, 17)
    """
    return ITALY.copy()


# --------------------------------------------------------------------------
# Region names
# --------------------------------------------------------------------------


class UnknownRegion(RulesError):
    """A region name that is not one of the 17; the message lists the closest names.

    A RulesError (hence a ValueError), like UnknownCard: bad input, not a bad move.
    """


def _key(text: str) -> str:
    """Lower-case, accent-free, whitespace-trimmed form of a name."""
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


_ALIASES: dict[str, tuple[str, ...]] = {
    # English, Spanish (es-reglas), French/German, Chinese (traditional and simplified).
    "Torino": ("Turin", "Turín", "Turim", "都靈", "都灵"),
    "Milano": ("Milan", "Milán", "Mailand", "米蘭", "米兰"),
    "Venezia": ("Venice", "Venecia", "Venise", "Venedig", "威尼斯"),
    "Genova": ("Genoa", "Génova", "Gênes", "Genua", "熱那亞", "热那亚"),
    "Mantova": ("Mantua", "Mantoue", "曼托瓦"),
    "Ferrara": ("Ferrare", "費拉拉", "费拉拉"),
    "Parma": ("Parme", "帕爾馬", "帕尔马"),
    "Modena": ("Módena", "Modène", "摩德納", "摩德纳"),
    "Bologna": ("Bolonia", "Bologne", "波隆那", "博洛尼亞", "博洛尼亚"),
    "Lucca": ("Lucques", "盧卡", "卢卡"),
    "Firenze": ("Florence", "Florencia", "Florenz", "翡冷翠", "佛羅倫斯", "佛罗伦萨"),
    "Siena": ("Sienne", "錫耶納", "锡耶纳"),
    "Urbino": ("烏爾比諾", "乌尔比诺"),
    "Spoleto": ("Spolète", "斯波萊托", "斯波莱托"),
    "Ancona": ("Ancône", "安科納", "安科纳"),
    "Roma": ("Rome", "Rom", "羅馬", "罗马"),
    "Napoli": ("Naples", "Nápoles", "Neapel", "那不勒斯"),
}

_LOOKUP: dict[str, str] = {_key(spelling): name for name in REGIONS for spelling in (name, *_ALIASES[name])}


def _unknown(name: object) -> UnknownRegion:
    matches = difflib.get_close_matches(_key(name), list(_LOOKUP), n=6, cutoff=0.6) if isinstance(name, str) else []
    close = list(dict.fromkeys(_LOOKUP[match] for match in matches))
    if close:
        return UnknownRegion.say("Unknown region {typed}. Did you mean {close}? The {n} regions are: {regions}.",
                                 typed=Quoted.of(name), close=Either(close[:3]), n=len(REGIONS),
                                 regions=Listed(REGIONS))
    return UnknownRegion.say("Unknown region {typed}. The {n} regions are: {regions}.", typed=Quoted.of(name),
                             n=len(REGIONS), regions=Listed(REGIONS))


def region(name: str) -> str:
    """Return the canonical region name for `name` (any case, common English/Spanish/Chinese spellings).

    >>> region("FLORENCE"), region("Génova"), region("Nápoles"), region("Genoa")
    ('Firenze', 'Genova', 'Napoli', 'Genova')
    """
    if isinstance(name, str):
        if len(name) > 40:      # the longest spelling is 15 characters: no need to fold a book
            raise UnknownRegion.say("Unknown region {typed} ({length} characters): a region's name is short. The "
                                    "{n} regions are: {regions}.", typed=Quoted.of(name), length=len(name),
                                    n=len(REGIONS), regions=Listed(REGIONS))
        found = _LOOKUP.get(_key(name))
        if found is not None:
            return found
    raise _unknown(name)


def _node(name: str, graph: nx.Graph) -> str:
    """`name` as a node of `graph`: itself if present, else its canonical spelling."""
    if name in graph:
        return name
    canonical = region(name)
    if canonical not in graph:
        raise UnknownRegion.say("Region {region} is not on this map.", region=Quoted.of(canonical))
    return canonical


# --------------------------------------------------------------------------
# Groups and victory
# --------------------------------------------------------------------------


def adjacent_group(regions: Iterable[str], graph: nx.Graph = ITALY) -> frozenset:
    """Return the largest connected group among `regions` (ties: the group holding the alphabetically first region).

    >>> sorted(adjacent_group({"Torino", "Milano", "Genova", "Roma"}))
    ['Genova', 'Milano', 'Torino']
    >>> adjacent_group([])
    frozenset()
    """
    nodes = {_node(r, graph) for r in regions}
    if not nodes:
        return frozenset()
    groups = nx.connected_components(graph.subgraph(nodes))
    return frozenset(min(groups, key=lambda g: (-len(g), min(g))))


_THRESHOLDS = {2: (6, 4), 3: (6, 4), 4: (5, 3), 5: (5, 3), 6: (5, 3)}


def victory_thresholds(n_players: int) -> tuple[int, int]:
    """Return (regions in total, regions adjacent) needed to win with `n_players` players.

    >>> victory_thresholds(3), victory_thresholds(6)
    ((6, 4), (5, 3))
    """
    if isinstance(n_players, bool) or n_players not in _THRESHOLDS:
        raise RulesError.say("Condottiere is played by {fewest} to {most} players (allowed: {counts}), not {players}.",
                             fewest=min(_THRESHOLDS), most=max(_THRESHOLDS), counts=Listed(map(str, _THRESHOLDS)),
                             players=Quoted.of(n_players))
    return _THRESHOLDS[n_players]


@dataclass(frozen=True)
class Victory:
    """A player meeting a victory condition: reason "adjacent" or "total"."""

    player: str
    reason: str
    regions: frozenset
    group: frozenset


def _canonical_control(control: Mapping[str, str]) -> dict[str, str]:
    """control with canonical region names, uncontrolled (None) entries dropped."""
    return {(r if r in _COORDS else region(r)): p for r, p in control.items() if p is not None}


def regions_of(control: Mapping[str, str], player: str) -> frozenset:
    """Return the regions `player` controls.

    >>> sorted(regions_of({"Roma": "Ana", "Milan": "Ana", "Siena": "Ben"}, "Ana"))
    ['Milano', 'Roma']
    """
    return frozenset(r for r, p in _canonical_control(control).items() if p == player)


def check_victory(control: Mapping[str, str], n_players: int) -> list[Victory]:
    """Return a Victory for every player meeting a condition, in sorted player order ([] if none).

    >>> check_victory({"Torino": "Ana", "Milano": "Ana", "Genova": "Ana"}, 4)[0].reason
    'adjacent'
    >>> check_victory({"Torino": "Ana", "Milano": "Ana", "Genova": "Ana"}, 3)
    []
    """
    victory_thresholds(n_players)
    owned: dict[str, set[str]] = {}
    for r, p in _canonical_control(control).items():
        owned.setdefault(p, set()).add(r)
    victories = []
    for player in sorted(owned):
        won = victory_of(player, owned[player], n_players)
        if won is not None:
            victories.append(won)
    return victories


def victory_of(player: str, regions: Iterable[str], n_players: int) -> Victory | None:
    """The Victory of `player` controlling `regions` (canonical names), or None.

    The game asks this for the battle's winner only, after every battle.

    >>> victory_of("Ana", {"Torino", "Milano", "Genova", "Parma"}, 3).reason
    'adjacent'
    >>> victory_of("Ana", {"Torino", "Roma"}, 4) is None
    True
    """
    total, adjacent = victory_thresholds(n_players)
    mine = frozenset(regions)
    if len(mine) < adjacent:
        return None
    group = adjacent_group(mine)
    if len(group) >= adjacent:
        return Victory(player, "adjacent", mine, group)
    if len(mine) >= total:
        return Victory(player, "total", mine, group)
    return None


def open_regions(
    control: Mapping[str, str],
    favor: str | None = None,
    *,
    allow_controlled: bool = False,
) -> list[str]:
    """Return the regions (in REGIONS order) where the next battle may be placed.

    >>> open_regions({r: "Ana" for r in REGIONS[:15]}, favor="Roma")
    ['Napoli']
    >>> len(open_regions({"Roma": "Ana"}, favor="Napoli", allow_controlled=True))
    16
    """
    taken = _canonical_control(control)     # (an unknown region name raises, even when allowed)
    blocked = (favor if favor in _COORDS else region(favor)) if favor is not None else None
    return [r for r in REGIONS if r != blocked and (allow_controlled or r not in taken)]
