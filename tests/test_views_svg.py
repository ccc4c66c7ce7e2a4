"""The board and the card icons as SVG: plain Python, so they also run in Pyodide (tests/test_pyodide.py)."""
from urllib.parse import unquote

from condottiere_nb.board import ITALY, REGIONS
from condottiere_nb.cards import KINDS
from condottiere_nb.views.html import PLAYER_COLOURS
from condottiere_nb.views.icons import icon_uri
from condottiere_nb.views.mapsvg import (ItalyMap, MAP_H, MAP_W, cities, label_points, map_html, map_svg,
                                         region_shapes)
from html_safety import unsafe_parts


def inside(point, polygon) -> bool:
    x, y = point
    hit = False
    for i, (x1, y1) in enumerate(polygon):
        x0, y0 = polygon[i - 1]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def area(polygon) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]))) / 2


def test_seventeen_region_shapes_inside_the_picture_each_around_its_city_or_label():
    shapes = region_shapes()
    assert sorted(shapes) == sorted(REGIONS)
    for r, shape in shapes.items():
        assert all(0 <= x <= MAP_W and 0 <= y <= MAP_H for x, y in shape), r
        assert area(list(shape)) > 250, (r, area(list(shape)))          # a shape, not a sliver
        assert inside(label_points()[r], list(shape)), r                 # the name sits on its region
    # the real geography: Torino west of Venezia, Napoli south of Milano
    assert cities()["Torino"][0] < cities()["Venezia"][0] and cities()["Napoli"][1] > cities()["Milano"][1]


def test_names_do_not_sit_on_each_other():
    points = label_points()
    for a in REGIONS:
        for b in REGIONS:
            if a < b:
                (xa, ya), (xb, yb) = points[a], points[b]
                # 12 px text: apart vertically, or far enough apart sideways for both names
                assert abs(ya - yb) >= 12 or abs(xa - xb) >= 3.6 * (len(a) + len(b)), (a, b)


def test_control_colours_tokens_group_and_choices():
    svg = map_svg({"Roma": "Ana", "Milano": "Ben"}, favor="Siena", battle="Firenze", highlight=["Roma", "Napoli"],
                  players=["Ana", "Ben"], choosable=["Lucca"])
    assert f'data-region="Roma" fill="{PLAYER_COLOURS[0]}"' in svg
    assert f'data-region="Milano" fill="{PLAYER_COLOURS[1]}"' in svg
    assert svg.count('class="cnb-region ') == 17 and svg.count('class="cnb-group"') == 2
    assert "cnb-token-condottiere" in svg and "cnb-token-favor" in svg and "cnb-battle-region" in svg
    assert "Condottiere token: Firenze" in svg and "Pope&#x27;s Favor: Siena" in svg
    assert map_svg() == map_svg()                                   # the same state, the same picture


def test_the_map_goes_into_a_notebook_as_an_image_the_sanitiser_keeps():
    html = ItalyMap(control={"Roma": "Ana"}, battle="Bologna")._repr_html_()
    assert unsafe_parts(html) == [] and html.startswith('<img class="cnb-map-svg" src="data:image/svg+xml,')
    assert "<svg" not in html and "cnb-region" in unquote(html)
    assert 'alt="Map of Italy: 17 regions, 1 with a control marker; the Condottiere token on Bologna."' in html
    assert map_html(width=220).count('width="220"') == 1


def test_every_card_kind_has_an_icon():
    from condottiere_nb.views.icons import DRAWINGS
    assert {spec.picture for spec in KINDS.values()} == set(DRAWINGS)       # every drawing is some card's
    for kind, spec in KINDS.items():
        uri = icon_uri(kind)
        assert uri.startswith("data:image/svg+xml,") and "<svg" in unquote(uri) and '"' not in uri
    assert ITALY.number_of_nodes() == 17


# -- the token and the Favor on their own region; no region drawn out to sea (a browser check) --------

def _marker_centre(svg: str, cls: str) -> tuple[float, float]:
    import re
    found = re.search(rf'<g class="{cls}"[^>]*>\s*<circle cx="([\d.]+)" cy="([\d.]+)"', svg)
    assert found, cls
    return float(found[1]), float(found[2])


def test_the_token_and_the_favor_are_drawn_on_their_own_region():
    """They were drawn beside the region's name: Firenze's token on Lucca's name, Ferrara's
    Favor in the Adriatic.  Now on the region's city, inside its shape, under the names."""
    from condottiere_nb.views.mapsvg import inside, map_svg, region_shapes
    for region in REGIONS:
        _on_own_region(region, list(region_shapes()[region]), map_svg, inside)


def _on_own_region(region, shape, map_svg, inside) -> None:
    for svg, cls in ((map_svg(battle=region), "cnb-token-condottiere"), (map_svg(favor=region), "cnb-token-favor")):
        assert inside(_marker_centre(svg, cls), shape), (region, cls)
        assert svg.index(f'class="{cls}"') < svg.index("<text"), "names are drawn over the markers"


def test_the_regions_are_drawn_inside_the_coast():
    """A cell clipped half-plane by half-plane keeps an edge across the sea east of Ancona; the
    regions are drawn in the mainland's clip path, which hides it."""
    from condottiere_nb.views.mapsvg import LAND_CLIP, map_svg
    svg = map_svg({"Ancona": "Ana"}, battle="Spoleto", highlight=["Ancona"], players=["Ana"], choosable=["Roma"])
    assert f'<clipPath id="{LAND_CLIP}">' in svg
    clipped = svg.split(f'<g clip-path="url(#{LAND_CLIP})">', 1)[1].split("</g>", 1)[0]
    assert clipped.count('class="cnb-region ') == 17 and 'class="cnb-battle-region"' in clipped
    assert 'class="cnb-group"' in clipped and 'stroke-dasharray="5 3"' in clipped
