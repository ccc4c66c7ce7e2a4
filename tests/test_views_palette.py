"""The players' colours stay apart for colour-blind attendees (issue 33).

Each pair of seat colours is compared as a person with normal vision and with protanopia,
deuteranopia or tritanopia sees it (Machado et al. 2009, tests/colour_vision.py), by CIEDE2000;
so are the regions of the map (a seat's colour laid over the land at the map's opacity) and the
land without a control marker.  A difference of 10 or more is plain at a glance.
"""
import itertools
import re

import pytest

from colour_vision import blend, ciede2000, contrast, distance, lab
from condottiere_nb.views.html import PLAYER_COLOURS
from condottiere_nb.views.mapsvg import LAND, map_svg

VISIONS = [None, "protanopia", "deuteranopia", "tritanopia"]


def test_the_simulation_and_the_distance_are_the_published_ones():
    # Sharma, Wu & Dalal (2005), table 1, pairs 1 and 17
    assert ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
    # a dichromat sees red and green alike (the classic confusion), and blue apart from yellow
    assert distance("#ff0000", "#00a000", "deuteranopia") < 0.5 * distance("#ff0000", "#00a000")
    assert distance("#0000ff", "#ffff00", "deuteranopia") > 50
    assert lab((1, 1, 1)) == pytest.approx((100, 0, 0), abs=0.01)


@pytest.mark.parametrize("vision", VISIONS)
def test_every_two_seat_colours_stay_apart(vision):
    close = [(a, b, round(distance(a, b, vision), 1)) for a, b in itertools.combinations(PLAYER_COLOURS, 2)
             if distance(a, b, vision) < 12]
    assert close == []
    # a three-player game, the most common, uses the first three: wider apart still
    assert min(distance(a, b, vision) for a, b in itertools.combinations(PLAYER_COLOURS[:3], 2)) >= 25


@pytest.mark.parametrize("vision", VISIONS)
def test_the_maps_regions_stay_apart_from_each_other_and_from_free_land(vision):
    svg = map_svg(control={"Roma": "A", "Napoli": "B", "Milano": "C", "Torino": "D", "Firenze": "E", "Siena": "F"})
    opacity = float(re.search(r'data-region="Roma" fill="#[0-9a-f]{6}" fill-opacity="([0-9.]+)"', svg).group(1))
    regions = [blend(c, LAND, opacity) for c in PLAYER_COLOURS]
    assert min(distance(r, LAND, vision) for r in regions) >= 15
    assert min(distance(a, b, vision) for a, b in itertools.combinations(regions, 2)) >= 10


def test_white_figures_read_on_every_seat_colour():
    # the strength badge writes white bold figures on the seat's colour (WCAG: 3:1 for large bold text)
    assert min(contrast(c, "#ffffff") for c in PLAYER_COLOURS) >= 3
