"""The pictures on the cards' faces, drawn here as SVG (our own drawings, no font, no network).

Which picture a kind shows is its registry entry's ``picture`` (:data:`condottiere_nb.cards.KINDS`).

A notebook's HTML output loses inline ``<svg>`` to JupyterLab's sanitiser, so each icon is an
``<img>`` whose ``src`` is a ``data:image/svg+xml`` URI (tests/html_safety.py keeps those).  The
drawings are simple shapes on a 40 x 40 grid, dark strokes on the card's own colour, so they
read the same in the light and the dark theme.  Plain Python: no display library.
"""
from __future__ import annotations

from functools import lru_cache
from urllib.parse import quote

from ..cards import KINDS

_INK = "#2b2118"

#: picture -> the inside of an <svg viewBox="0 0 40 40">.
DRAWINGS = {
    # the Mercenary's sign
    "sword": (f'<path d="M28 4 L36 4 L36 12 L16 32 L8 24 Z" fill="#d9d9d9" stroke="{_INK}" stroke-width="2"/>'
                  f'<path d="M6 22 L18 34" stroke="{_INK}" stroke-width="4" stroke-linecap="round"/>'
                  f'<path d="M9 31 L3 37" stroke="{_INK}" stroke-width="4" stroke-linecap="round"/>'),
    "snowflake": "".join(
        f'<g transform="rotate({a} 20 20)"><path d="M20 3 L20 37 M20 9 L15 5 M20 9 L25 5 M20 31 L15 35 '
        f'M20 31 L25 35" stroke="#1d4e89" stroke-width="2.6" stroke-linecap="round" fill="none"/></g>'
        for a in (0, 60, 120)),
    "flower": ("".join(f'<ellipse cx="20" cy="10" rx="5" ry="8" fill="#f7a8c4" stroke="{_INK}" stroke-width="1.2" '
                       f'transform="rotate({a} 20 20)"/>' for a in range(0, 360, 72))
               + '<circle cx="20" cy="20" r="5" fill="#f5c518" stroke="#2b2118" stroke-width="1.2"/>'),
    # with a cross
    "mitre": (f'<path d="M10 36 L10 16 Q20 0 30 16 L30 36 Z" fill="#f4f0e6" stroke="{_INK}" stroke-width="2"/>'
               '<path d="M20 12 L20 30 M14 19 L26 19" stroke="#b8860b" stroke-width="3"/>'),
    "fan": ("".join(f'<path d="M20 34 L{20 + 16 * c:.1f} {34 - 16 * s:.1f}" stroke="{_INK}" stroke-width="1.3"/>'
                          for c, s in ((-0.94, 0.34), (-0.64, 0.77), (-0.17, 0.98), (0.34, 0.94), (0.77, 0.64),
                                       (0.98, 0.17)))
                  + f'<path d="M5 28.5 A16 16 0 0 1 35.7 31.3 L20 34 Z" fill="#c2185b" fill-opacity="0.55" '
                    f'stroke="{_INK}" stroke-width="1.5"/>'),
    # with sticks
    "drum": (f'<ellipse cx="20" cy="14" rx="13" ry="5" fill="#f4e1c1" stroke="{_INK}" stroke-width="2"/>'
                f'<path d="M7 14 L7 30 Q20 38 33 30 L33 14" fill="#b03a2e" stroke="{_INK}" stroke-width="2"/>'
                f'<path d="M9 18 L16 31 L23 18 L30 31" stroke="#f4e1c1" stroke-width="1.5" fill="none"/>'
                f'<path d="M12 2 L19 12 M30 2 L23 12" stroke="{_INK}" stroke-width="2.5" stroke-linecap="round"/>'),
    # with a star
    "shield": (f'<path d="M20 3 L34 8 L32 24 Q28 33 20 37 Q12 33 8 24 L6 8 Z" fill="#c0392b" stroke="{_INK}" '
                f'stroke-width="2"/>'
                '<path d="M20 10 L22.6 17.4 L30.4 17.6 L24.2 22.4 L26.4 29.8 L20 25.4 L13.6 29.8 L15.8 22.4 '
                'L9.6 17.6 L17.4 17.4 Z" fill="#f5c518"/>'),
    # a hat, a head, arms on a pole
    "scarecrow": (f'<path d="M20 14 L20 38" stroke="#7a5230" stroke-width="3"/>'
                  f'<path d="M4 19 L36 19" stroke="#7a5230" stroke-width="3"/>'
                  f'<circle cx="20" cy="11" r="5" fill="#e9c46a" stroke="{_INK}" stroke-width="1.5"/>'
                  f'<path d="M11 7 L29 7 M15 7 L17 1 L23 1 L25 7" fill="#6d4c41" stroke="{_INK}" stroke-width="2"/>'
                  f'<path d="M13 19 L15 30 L25 30 L27 19" fill="#8fbc5a" stroke="{_INK}" stroke-width="1.5"/>'),
    "white flag": (f'<path d="M9 3 L9 38" stroke="{_INK}" stroke-width="3" stroke-linecap="round"/>'
                  f'<path d="M10 5 Q20 1 24 6 Q29 11 35 7 L35 21 Q29 25 24 20 Q20 15 10 19 Z" fill="#ffffff" '
                  f'stroke="{_INK}" stroke-width="2"/>'),
    "banner": (f'<path d="M9 3 L9 38" stroke="{_INK}" stroke-width="3"/>'
               f'<path d="M10 5 L34 5 L28 12 L34 19 L10 19 Z" fill="#2e7d32" stroke="{_INK}" stroke-width="2"/>'),
    "maiden": (f'<circle cx="20" cy="10" r="6" fill="#f1c27d" stroke="{_INK}" stroke-width="1.5"/>'
               f'<path d="M8 37 Q20 8 32 37 Z" fill="#8e44ad" stroke="{_INK}" stroke-width="2"/>'),
    "blade": (f'<path d="M20 2 L24 10 L22 30 L18 30 L16 10 Z" fill="#d9d9d9" stroke="{_INK}" stroke-width="2"/>'
               f'<path d="M11 30 L29 30 M20 30 L20 38" stroke="{_INK}" stroke-width="3"/>'),
}
_BACK = ('<rect x="4" y="4" width="32" height="32" rx="4" fill="none" stroke="#f2e9e4" stroke-width="2"/>'
         '<path d="M20 8 L32 20 L20 32 L8 20 Z" fill="none" stroke="#f2e9e4" stroke-width="2"/>')


def svg_uri(inner: str, view_box: str = "0 0 40 40") -> str:
    """A data URI of an SVG picture with ``inner`` as its content (percent-encoded, not base64: smaller)."""
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view_box}">{inner}</svg>'
    return "data:image/svg+xml," + quote(svg, safe="=:/,;-.'()")


@lru_cache(maxsize=None)
def icon_uri(kind: str) -> str:
    """The picture of a card kind ("back" for a face-down card), as an <img> src.

    >>> icon_uri("winter").startswith("data:image/svg+xml,")
    True
    >>> icon_uri("7") == icon_uri("5")
    True
    """
    return svg_uri(_BACK if kind == "back" else DRAWINGS[KINDS[kind].picture])
