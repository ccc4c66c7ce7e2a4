"""Tests for condottiere_nb.board: the map of docs/rules.md, "The map" and the victory rules of section 3."""

import doctest
import random

import networkx as nx
import pytest

import condottiere_nb.board as board
from condottiere_nb.board import (
    BORDERS,
    ITALY,
    REGIONS,
    UnknownRegion,
    Victory,
    adjacent_group,
    check_victory,
    italy,
    open_regions,
    region,
    regions_of,
    victory_thresholds,
)

# Written out independently from the module, straight from docs/rules.md, "The map".
DESIGN_REGIONS = """Torino Milano Venezia Genova Mantova Ferrara Parma Modena Bologna
Lucca Firenze Siena Urbino Spoleto Ancona Roma Napoli""".split()

DESIGN_BORDERS = """
Torino–Milano, Torino–Genova, Genova–Milano, Genova–Parma, Milano–Parma,
Milano–Modena, Milano–Mantova, Milano–Venezia, Venezia–Mantova, Venezia–Ferrara,
Mantova–Modena, Mantova–Ferrara, Parma–Modena, Parma–Lucca, Modena–Ferrara,
Modena–Bologna, Modena–Lucca, Modena–Firenze, Ferrara–Bologna, Lucca–Firenze,
Bologna–Firenze, Bologna–Urbino, Firenze–Siena, Firenze–Urbino, Firenze–Spoleto,
Firenze–Roma, Siena–Roma, Urbino–Spoleto, Urbino–Ancona, Spoleto–Ancona, Spoleto–Roma,
Spoleto–Napoli, Ancona–Napoli, Roma–Napoli"""
DESIGN_EDGES = [tuple(pair.strip().split("–")) for pair in DESIGN_BORDERS.split(",")]

DESIGN_WEIGHTS = {
    **{r: 3 for r in "Napoli Milano Venezia Genova Bologna Firenze Roma".split()},
    **{r: 2 for r in "Ancona Spoleto Torino Modena".split()},
    **{r: 1 for r in "Mantova Ferrara Urbino Siena Lucca Parma".split()},
}


# ---------------------------------------------------------------- the map


def test_regions_are_the_17_of_the_design_in_order():
    assert len(DESIGN_REGIONS) == 17
    assert REGIONS == tuple(DESIGN_REGIONS)
    assert isinstance(REGIONS, tuple)


def test_borders_are_the_34_of_the_design_in_order():
    assert len(DESIGN_EDGES) == 34
    assert BORDERS == tuple(DESIGN_EDGES)


def test_graph_has_17_nodes_and_34_edges():
    assert isinstance(ITALY, nx.Graph)
    assert ITALY.number_of_nodes() == 17
    assert ITALY.number_of_edges() == 34
    assert set(ITALY.nodes) == set(DESIGN_REGIONS)


@pytest.mark.parametrize("a,b", DESIGN_EDGES)
def test_every_design_border_is_an_edge(a, b):
    assert ITALY.has_edge(a, b)
    assert ITALY.has_edge(b, a)


def test_no_edge_beyond_the_design():
    design = {frozenset(e) for e in DESIGN_EDGES}
    assert len(design) == 34  # no duplicate in the design list
    assert {frozenset(e) for e in ITALY.edges} == design


def test_some_non_borders_are_not_edges():
    assert not ITALY.has_edge("Torino", "Napoli")
    assert not ITALY.has_edge("Siena", "Lucca")
    assert not ITALY.has_edge("Venezia", "Bologna")


def test_graph_is_connected():
    assert nx.is_connected(ITALY)


def test_weights_follow_the_chinese_variant():
    assert {r: ITALY.nodes[r]["weight"] for r in REGIONS} == DESIGN_WEIGHTS
    assert sum(w for _, w in ITALY.nodes(data="weight")) == 7 * 3 + 4 * 2 + 6 * 1 == 35


def test_coordinates_are_plausible_for_italy():
    for name in REGIONS:
        lat, lon = ITALY.nodes[name]["lat"], ITALY.nodes[name]["lon"]
        assert isinstance(lat, float) and isinstance(lon, float)
        assert 36 <= lat <= 47.5, name
        assert 6.5 <= lon <= 19, name


def test_coordinates_are_in_the_right_order():
    node = ITALY.nodes
    assert node["Roma"]["lat"] < node["Firenze"]["lat"] < node["Milano"]["lat"]
    assert node["Torino"]["lon"] < node["Venezia"]["lon"]
    assert node["Napoli"]["lat"] == min(node[r]["lat"] for r in REGIONS)
    assert node["Torino"]["lon"] == min(node[r]["lon"] for r in REGIONS)
    assert node["Roma"]["lat"] == pytest.approx(41.90, abs=0.1)
    assert node["Roma"]["lon"] == pytest.approx(12.50, abs=0.1)


def test_coordinates_are_distinct():
    points = {(ITALY.nodes[r]["lat"], ITALY.nodes[r]["lon"]) for r in REGIONS}
    assert len(points) == 17


def test_italy_is_frozen():
    assert nx.is_frozen(ITALY)
    with pytest.raises(nx.NetworkXError):
        ITALY.add_edge("Torino", "Napoli")
    with pytest.raises(nx.NetworkXError):
        ITALY.remove_node("Roma")


def test_italy_copy_is_fresh_and_mutable():
    g = italy()
    assert not nx.is_frozen(g)
    assert g is not ITALY
    assert g.number_of_nodes() == 17 and g.number_of_edges() == 34
    assert g.nodes["Roma"] == ITALY.nodes["Roma"]
    g.add_edge("Torino", "Napoli")
    g.nodes["Roma"]["weight"] = 99
    assert not ITALY.has_edge("Torino", "Napoli")
    assert ITALY.nodes["Roma"]["weight"] == 3
    assert italy().number_of_edges() == 34


# ---------------------------------------------------------------- names


@pytest.mark.parametrize(
    "alias,canonical",
    [
        ("Torino", "Torino"),
        ("torino", "Torino"),
        ("  ROMA ", "Roma"),
        ("Turin", "Torino"),
        ("Milan", "Milano"),
        ("Milán", "Milano"),
        ("Venice", "Venezia"),
        ("Venecia", "Venezia"),
        ("Genoa", "Genova"),
        ("genoa", "Genova"),
        ("Génova", "Genova"),
        ("Mantua", "Mantova"),
        ("Florence", "Firenze"),
        ("Florencia", "Firenze"),
        ("Rome", "Roma"),
        ("Naples", "Napoli"),
        ("Nápoles", "Napoli"),
        ("napoles", "Napoli"),
        ("翡冷翠", "Firenze"),
        ("熱那亞", "Genova"),
    ],
)
def test_region_aliases(alias, canonical):
    assert region(alias) == canonical


def test_every_canonical_name_maps_to_itself():
    for name in REGIONS:
        assert region(name) == name
        assert region(name.upper()) == name


def test_no_alias_is_shared_by_two_regions():
    seen = {}
    for name, aliases in board._ALIASES.items():
        for alias in (name, *aliases):
            key = board._key(alias)
            assert seen.setdefault(key, name) == name, alias


def test_unknown_region_is_a_value_error_with_suggestions():
    assert issubclass(UnknownRegion, ValueError)
    with pytest.raises(UnknownRegion) as info:
        region("Flornce")
    message = str(info.value)
    assert len(info.value.args) == 1
    assert "'Flornce'" in message
    assert "Did you mean Firenze" in message
    for name in REGIONS:
        assert name in message


def test_unknown_region_without_close_match():
    with pytest.raises(UnknownRegion) as info:
        region("Atlantis")
    message = str(info.value)
    assert "'Atlantis'" in message
    assert "Did you mean" not in message
    assert "Napoli" in message


def test_unknown_region_non_string():
    with pytest.raises(UnknownRegion):
        region(None)
    with pytest.raises(ValueError):
        region(17)


# ---------------------------------------------------------------- groups


def test_adjacent_group_takes_the_northern_three():
    assert adjacent_group({"Torino", "Milano", "Genova", "Roma"}) == frozenset(
        {"Torino", "Milano", "Genova"}
    )


def test_adjacent_group_returns_frozenset_and_accepts_aliases():
    group = adjacent_group(["Rome", "Naples", "Siena"])
    assert isinstance(group, frozenset)
    assert group == frozenset({"Roma", "Napoli", "Siena"})


def test_adjacent_group_empty_and_single():
    assert adjacent_group([]) == frozenset()
    assert adjacent_group(["Lucca"]) == frozenset({"Lucca"})


def test_adjacent_group_tie_takes_alphabetically_first():
    # {Torino, Genova} and {Roma, Napoli}: both size 2; "Genova" < "Napoli".
    assert adjacent_group({"Torino", "Genova", "Roma", "Napoli"}) == frozenset({"Torino", "Genova"})
    # Three singletons: Ancona first.
    assert adjacent_group({"Venezia", "Torino", "Ancona"}) == frozenset({"Ancona"})
    # Deterministic whatever the input order.
    assert adjacent_group(["Napoli", "Roma", "Genova", "Torino"]) == frozenset({"Torino", "Genova"})


def test_adjacent_group_bigger_group_beats_alphabet():
    assert adjacent_group({"Ancona", "Torino", "Milano", "Venezia"}) == frozenset(
        {"Torino", "Milano", "Venezia"}
    )


def test_adjacent_group_kept_answers_agree_with_networkx():
    # ITALY's groups are kept by the regions' bits: asked twice, in any order and spelling,
    # a set gets networkx's answer (largest component, ties to the alphabetically first)
    rng = random.Random(17)
    for _ in range(600):
        regions = rng.sample(REGIONS, rng.randint(0, len(REGIONS)))
        parts = list(nx.connected_components(ITALY.subgraph(regions)))
        want = frozenset(min(parts, key=lambda g: (-len(g), min(g)))) if parts else frozenset()
        assert adjacent_group(regions) == want
        assert adjacent_group(reversed(regions)) == want


def test_adjacent_group_on_a_custom_graph():
    g = italy()
    g.remove_edge("Torino", "Milano")
    g.remove_edge("Torino", "Genova")
    assert adjacent_group({"Torino", "Milano", "Genova"}, graph=g) == frozenset({"Milano", "Genova"})


def test_adjacent_group_unknown_region():
    with pytest.raises(UnknownRegion):
        adjacent_group({"Roma", "Atlantis"})


# ---------------------------------------------------------------- victory


@pytest.mark.parametrize(
    "n,expected", [(2, (6, 4)), (3, (6, 4)), (4, (5, 3)), (5, (5, 3)), (6, (5, 3))]
)
def test_victory_thresholds(n, expected):
    assert victory_thresholds(n) == expected


@pytest.mark.parametrize("n", [1, 7, 0, -3, True, "4", 4.5])
def test_victory_thresholds_rejects_other_counts(n):
    with pytest.raises(ValueError) as info:
        victory_thresholds(n)
    message = str(info.value)
    for allowed in "23456":
        assert allowed in message


def test_three_adjacent_wins_with_four_players():
    control = {"Torino": "Ana", "Milano": "Ana", "Genova": "Ana", "Roma": "Ben"}
    result = check_victory(control, 4)
    assert result == [
        Victory("Ana", "adjacent", frozenset({"Torino", "Milano", "Genova"}),
                frozenset({"Torino", "Milano", "Genova"}))
    ]


def test_three_not_adjacent_does_not_win():
    control = {"Torino": "Ana", "Venezia": "Ana", "Napoli": "Ana", "Roma": "Ben"}
    assert check_victory(control, 4) == []


def test_five_scattered_win_by_total_with_four_players():
    scattered = {"Torino", "Venezia", "Lucca", "Ancona", "Napoli"}
    assert len(adjacent_group(scattered)) < 3
    control = dict.fromkeys(scattered, "Cy")
    control["Roma"] = "Ana"
    result = check_victory(control, 4)
    assert len(result) == 1
    win = result[0]
    assert (win.player, win.reason, win.regions) == ("Cy", "total", frozenset(scattered))
    assert win.group == adjacent_group(scattered)
    # The same five with only 3 players are not enough (6 needed).
    assert check_victory(control, 3) == []


def test_four_adjacent_wins_with_three_players_but_three_do_not():
    four = {"Roma": "Ben", "Napoli": "Ben", "Spoleto": "Ben", "Ancona": "Ben"}
    result = check_victory(four, 3)
    assert [(v.player, v.reason) for v in result] == [("Ben", "adjacent")]
    assert result[0].group == frozenset(four)
    three = {"Roma": "Ben", "Napoli": "Ben", "Spoleto": "Ben", "Torino": "Ben"}
    assert check_victory(three, 3) == []
    assert check_victory(three, 2) == []
    assert [v.reason for v in check_victory(three, 4)] == ["adjacent"]


def test_adjacency_is_preferred_when_both_hold():
    control = dict.fromkeys(["Torino", "Milano", "Genova", "Roma", "Napoli"], "Ana")
    (win,) = check_victory(control, 5)
    assert win.reason == "adjacent"
    assert win.group == frozenset({"Torino", "Milano", "Genova"})
    assert win.regions == frozenset(control)


def test_several_winners_in_sorted_order():
    control = {
        "Torino": "Zoe", "Milano": "Zoe", "Genova": "Zoe",
        "Roma": "Ana", "Napoli": "Ana", "Spoleto": "Ana",
        "Venezia": "Max",
    }
    result = check_victory(control, 6)
    assert [v.player for v in result] == ["Ana", "Zoe"]
    assert all(isinstance(v, Victory) for v in result)


def test_check_victory_ignores_uncontrolled_and_accepts_aliases():
    control = {"Turin": "Ana", "Milan": "Ana", "Genoa": "Ana", "Roma": None}
    (win,) = check_victory(control, 4)
    assert win.regions == frozenset({"Torino", "Milano", "Genova"})


def test_check_victory_empty_and_bad_player_count():
    assert check_victory({}, 4) == []
    with pytest.raises(ValueError):
        check_victory({"Roma": "Ana"}, 7)


def test_victory_is_frozen():
    v = Victory("Ana", "total", frozenset(), frozenset())
    with pytest.raises(AttributeError):
        v.player = "Ben"


def test_regions_of():
    control = {"Roma": "Ana", "Milan": "Ana", "Siena": "Ben", "Lucca": None}
    assert regions_of(control, "Ana") == frozenset({"Roma", "Milano"})
    assert regions_of(control, "Ben") == frozenset({"Siena"})
    assert regions_of(control, "Cy") == frozenset()
    assert isinstance(regions_of(control, "Ana"), frozenset)


# ---------------------------------------------------------------- placing a battle


def test_open_regions_all_when_map_is_empty():
    assert open_regions({}) == list(REGIONS)


def test_open_regions_excludes_controlled_and_favoured():
    control = {"Roma": "Ana", "Torino": "Ben"}
    result = open_regions(control, favor="Napoli")
    assert result == [r for r in REGIONS if r not in {"Roma", "Torino", "Napoli"}]
    assert len(result) == 14


def test_open_regions_accepts_aliases_and_none_control():
    result = open_regions({"Rome": "Ana", "Siena": None}, favor="Florence")
    assert "Roma" not in result and "Firenze" not in result
    assert "Siena" in result
    assert len(result) == 15


def test_open_regions_allow_controlled_still_excludes_favour():
    control = {"Roma": "Ana", "Torino": "Ben"}
    result = open_regions(control, favor="Napoli", allow_controlled=True)
    assert "Roma" in result and "Torino" in result
    assert "Napoli" not in result
    assert result == [r for r in REGIONS if r != "Napoli"]
    # allow_controlled is keyword-only
    with pytest.raises(TypeError):
        open_regions(control, "Napoli", True)


def test_open_regions_can_run_out():
    control = dict.fromkeys(REGIONS[:16], "Ana")
    assert open_regions(control) == ["Napoli"]
    assert open_regions(control, favor="Napoli") == []


def test_open_regions_unknown_favor():
    with pytest.raises(UnknownRegion):
        open_regions({}, favor="Atlantis")


# ---------------------------------------------------------------- hygiene


def test_doctests_pass():
    result = doctest.testmod(board)
    assert result.attempted >= 10
    assert result.failed == 0


def test_public_functions_have_docstrings():
    for name in board.__all__:
        obj = getattr(board, name)
        if callable(obj) and not isinstance(obj, nx.Graph):
            assert obj.__doc__ and obj.__doc__.strip(), name


def test_board_imports_no_view_libraries():
    source = open(board.__file__, encoding="utf-8").read()
    for lib in ("matplotlib", "ipywidgets", "IPython"):
        assert f"import {lib}" not in source and f"from {lib}" not in source
