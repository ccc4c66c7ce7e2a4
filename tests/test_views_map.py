"""The map: draw_map as a static figure and the MapView widget."""
import hashlib
import io

import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

from condottiere_nb.board import REGIONS  # noqa: E402
from condottiere_nb.views import MapView, draw_map  # noqa: E402
from condottiere_nb.views.html import PLAYER_COLOURS  # noqa: E402
from condottiere_nb.views.mapview import FREE, GROUP, map_info_html, positions  # noqa: E402
from html_safety import unsafe_parts  # noqa: E402

STATE = dict(control={"Roma": "Ana", "Napoli": "Ana", "Spoleto": "Ana", "Milano": "Ben"}, favor="Siena",
             battle="Firenze", highlight=["Roma", "Napoli", "Spoleto"], players=["Ana", "Ben", "Cy"])


def map_png(**kwargs) -> bytes:
    """The map as PNG bytes, drawn off pyplot (no global figure is left open)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(6.0, 6.0), dpi=80)
    FigureCanvasAgg(fig)
    draw_map(ax=fig.add_subplot(1, 1, 1), **kwargs)
    fig.subplots_adjust(0, 0, 1, 1)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None})
    return buf.getvalue()


def overlap(a: tuple, b: tuple) -> bool:
    """Whether two (x, y, width, height) boxes share any pixel."""
    return min(a[0] + a[2], b[0] + b[2]) > max(a[0], b[0]) and min(a[1] + a[3], b[1] + b[3]) > max(a[1], b[1])


def node_colours(fig):
    """The facecolours of the 17 region dots (the collection with 17 offsets, drawn last)."""
    from matplotlib.colors import to_hex
    ax = fig.axes[0]
    dots = [c for c in ax.collections if len(c.get_offsets()) == 17][-1]
    return [to_hex(c) for c in dots.get_facecolors()], dots.get_offsets()


def test_regions_at_their_real_positions():
    pos = positions()
    assert set(pos) == set(REGIONS)
    assert pos["Torino"][0] < pos["Milano"][0] < pos["Venezia"][0]          # west to east
    assert pos["Napoli"][1] < pos["Roma"][1] < pos["Firenze"][1] < pos["Milano"][1]   # south to north


def test_draw_map_colours_control_by_seat():
    import matplotlib.pyplot as plt
    fig = draw_map(**STATE)
    colours, offsets = node_colours(fig)
    by_region = dict(zip(REGIONS, colours))
    assert by_region["Roma"] == PLAYER_COLOURS[0] and by_region["Milano"] == PLAYER_COLOURS[1]
    assert by_region["Torino"] == FREE
    pos = positions()
    assert [tuple(o) for o in offsets] == [pytest.approx(pos[r]) for r in REGIONS]
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert sorted(texts) == sorted(REGIONS)
    legend = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert legend == ["Ana", "Ben", "Cy", "no control marker", "Condottiere token: Firenze",
                      "Pope's Favor: Siena", "winning group"]
    plt.close(fig)


def test_draw_map_borders_and_group_edges():
    import matplotlib.pyplot as plt
    fig = draw_map(**STATE)
    from matplotlib.collections import LineCollection
    lines = [c for c in fig.axes[0].collections if isinstance(c, LineCollection)]
    assert len(lines[0].get_segments()) == 34                # every border
    assert len(lines[1].get_segments()) == 3                 # Roma-Napoli, Roma-Spoleto, Spoleto-Napoli
    from matplotlib.colors import to_hex
    assert to_hex(lines[1].get_colors()[0]) == GROUP
    plt.close(fig)


def test_draw_map_is_deterministic():
    a = hashlib.sha256(map_png(**STATE)).hexdigest()
    b = hashlib.sha256(map_png(**STATE)).hexdigest()
    assert a == b
    assert map_png(**STATE) != map_png(**{**STATE, "favor": "Lucca"})


def test_draw_map_accepts_region_aliases_and_rejects_strangers():
    import matplotlib.pyplot as plt
    fig = draw_map(control={"Rome": "Ana"}, battle="Florence", weights=True)
    assert "Roma (3)" in [t.get_text() for t in fig.axes[0].texts]
    plt.close(fig)
    with pytest.raises(ValueError, match="Unknown region 'Atlantis'"):
        draw_map(control={"Atlantis": "Ana"})
    with pytest.raises(ValueError, match="not in players"):
        draw_map(control={"Roma": "Zed"}, players=["Ana"])


def test_map_info_in_words():
    html = map_info_html(**STATE)
    assert "<b>Ana</b>: 3 regions (Spoleto, Roma, Napoli); largest connected group 3" in html
    assert "Condottiere token on Firenze" in html and "Pope's Favor on Siena" in html


def test_mapview_widget_redraws_on_change_only():
    mv = MapView(**STATE)
    assert {"cnb-map"} <= set(mv._dom_classes) and "cnb-map-image" in mv.image._dom_classes
    first = mv.image.value
    assert first.startswith('<img class="cnb-map-svg" src="data:image/svg+xml,') and unsafe_parts(first) == []
    mv.update(**STATE)
    assert mv.image.value is first                              # same state: not redrawn
    mv.update(**{**STATE, "battle": "Lucca"})
    assert mv.image.value != first and "Condottiere token on Lucca" in mv.info.value


def test_mapview_highlight_dropdown_rings_a_players_group():
    mv = MapView(control={"Torino": "Ana", "Milano": "Ana", "Genova": "Ana", "Roma": "Ana", "Napoli": "Ben"})
    assert [label for label, _ in mv.group_select.options] == ["nobody", "Ana", "Ben"]
    assert mv.group_select.description == "Ring the largest group of"
    mv.group_select.value = "Ana"
    assert "highlighted: Genova, Milano, Torino" in mv.info.value
    mv.group_select.value = mv.group_select.options[0][1]
    assert "highlighted" not in mv.info.value


def test_every_region_button_sits_near_its_name_and_none_overlaps():
    from condottiere_nb.board import REGIONS
    from condottiere_nb.views.mapsvg import MAP_H, MAP_W, button_boxes, label_points
    from condottiere_nb.views.mapview import MapView, CELL
    boxes, names = button_boxes(CELL), label_points()
    assert [(a, b) for a in REGIONS for b in REGIONS if a < b and overlap(boxes[a], boxes[b])] == []
    for r, (x, y, w, h) in boxes.items():
        cx, cy = names[r]
        assert abs(x + w / 2 - cx) <= 30 and abs(y + h / 2 - cy) <= 30, r        # still over its name
        assert 0 <= x <= MAP_W - w and 0 <= y <= MAP_H - h and x % CELL == 0 == y % CELL
    view = MapView()
    x, y, w, h = boxes["Parma"]
    assert view.buttons["Parma"].layout.grid_area == f"{y // CELL + 1} / {x // CELL + 1} / span 6 / span {-(-w // CELL)}"


def test_a_choice_leaves_its_names_to_the_buttons():
    import urllib.parse
    from condottiere_nb.views.mapsvg import map_svg
    from condottiere_nb.views.mapview import MapView
    assert ">Parma</text>" in map_svg() and ">Parma</text>" not in map_svg(unlabelled=["parma"])
    view = MapView()
    view.choose(["Parma", "Modena"], None, "token")
    picture = urllib.parse.unquote(view.image.value)          # an <img> of the SVG as a data URI
    assert ">Parma</text>" not in picture and ">Roma</text>" in picture
    assert view.buttons["Parma"].layout.display == "" and view.buttons["Roma"].layout.display == "none"
