"""Colour-vision deficiency simulation and colour distances, for the palette tests (issue 33).

* Simulation: Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for Simulation
  of Color Vision Deficiency", IEEE TVCG 15(6): the matrices for severity 1.0 (dichromacy) of
  protanopia, deuteranopia and tritanopia, applied to linear sRGB.
* Distance: CIEDE2000 (Sharma, Wu & Dalal 2005) between CIELAB colours (D65 white).
"""
from __future__ import annotations

import math

MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def hex_rgb(colour: str) -> tuple[float, float, float]:
    c = colour.lstrip("#")
    return tuple(int(c[i:i + 2], 16) / 255 for i in (0, 2, 4))


def to_linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def to_srgb(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def blend(colour: str, under: str, alpha: float) -> str:
    """``colour`` at opacity ``alpha`` over ``under`` (as a browser blends, in sRGB)."""
    a, b = hex_rgb(colour), hex_rgb(under)
    return "#" + "".join(f"{round(255 * (alpha * x + (1 - alpha) * y)):02x}" for x, y in zip(a, b))


def simulate(colour: str, deficiency: str | None) -> tuple[float, float, float]:
    """The sRGB colour (0..1) a person with ``deficiency`` (None: normal vision) sees."""
    rgb = hex_rgb(colour)
    if deficiency is None:
        return rgb
    lin = [to_linear(c) for c in rgb]
    m = MACHADO[deficiency]
    return tuple(to_srgb(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3))


def lab(rgb) -> tuple[float, float, float]:
    r, g, b = (to_linear(c) for c in rgb)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1, lab2) -> float:
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dLp, dCp = L2 - L1, c2p - c1p
    if c1p * c2p == 0:
        dhp = 0.0
    elif abs(h2p - h1p) <= 180:
        dhp = h2p - h1p
    else:
        dhp = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dHp = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp / 2))
    Lp = (L1 + L2) / 2
    Cp = (c1p + c2p) / 2
    if c1p * c2p == 0:
        hp = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hp = (h1p + h2p) / 2
    else:
        hp = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hp - 30)) + 0.24 * math.cos(math.radians(2 * hp))
         + 0.32 * math.cos(math.radians(3 * hp + 6)) - 0.20 * math.cos(math.radians(4 * hp - 63)))
    d_theta = 30 * math.exp(-(((hp - 275) / 25) ** 2))
    rc = 2 * math.sqrt(Cp ** 7 / (Cp ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (Lp - 50) ** 2 / math.sqrt(20 + (Lp - 50) ** 2)
    sc = 1 + 0.045 * Cp
    sh = 1 + 0.015 * Cp * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt((dLp / sl) ** 2 + (dCp / sc) ** 2 + (dHp / sh) ** 2 + rt * (dCp / sc) * (dHp / sh))


def distance(c1: str, c2: str, deficiency: str | None = None) -> float:
    """CIEDE2000 between two colours as seen with ``deficiency`` (None: normal vision)."""
    return ciede2000(lab(simulate(c1, deficiency)), lab(simulate(c2, deficiency)))


def contrast(c1: str, c2: str) -> float:
    """WCAG contrast ratio of two colours."""
    def lum(c):
        r, g, b = (to_linear(x) for x in hex_rgb(c))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    hi, lo = sorted((lum(c1), lum(c2)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)
