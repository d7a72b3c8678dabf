"""The card designs: one function per kind of face, each ``(..., w, h) -> RGBA image``.

Coordinates are written for the 180×252 base card and multiplied by ``u``
(= width / 180), so every scale draws the same picture at its final size.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from itertools import pairwise

from PIL import Image

from tools.cardart_draw import (
    WHITE,
    Colour,
    Op,
    Point,
    big_text,
    circle,
    fill,
    fill_layers,
    fit_lines,
    heart,
    hex_rgb,
    mix,
    paint_image,
    regular,
    rounded_mask,
    rounded_rect,
    star,
    text_lines,
    transform,
    vgradient,
)

INK = hex_rgb("#1b1d2b")  # outlines of numerals and pips
CREAM = hex_rgb("#fbf5e6")  # frame of number cards and the back
CORNER_R = 12.0  # card corner radius, base units

#: value -> (panel colour, shape cue). Colours differ in hue *and* lightness;
#: the shape makes every value distinct without colour at all.
NUMBER_STYLE: dict[int, tuple[str, str]] = {
    0: ("#6b7685", "ring"),
    1: ("#9a5b34", "dot"),
    2: ("#d7263d", "half"),
    3: ("#f26b1d", "triangle"),
    4: ("#b08a00", "square"),
    5: ("#5e9e2f", "pentagon"),
    6: ("#12897b", "hexagon"),
    7: ("#1e6fd9", "star"),
    8: ("#4b3fc4", "hourglass"),
    9: ("#8e2fb0", "diamond"),
    10: ("#d1307f", "plus"),
    11: ("#0f6b3c", "crescent"),
    12: ("#223063", "sun"),
}

GOLD_TOP, GOLD_BOTTOM, GOLD_INK = hex_rgb("#ffe37a"), hex_rgb("#f2a007"), hex_rgb("#6b2a00")
X2_TOP, X2_BOTTOM, X2_GOLD = hex_rgb("#4a2390"), hex_rgb("#170a36"), hex_rgb("#ffd23f")

#: action -> (gradient top, gradient bottom, ink for the title and icon)
ACTION_STYLE: dict[str, tuple[str, str, str]] = {
    "freeze": ("#e6f7ff", "#84cdf5", "#0f3f73"),
    "flip_three": ("#b57bff", "#5a1fb8", "#2a0b63"),
    "second_chance": ("#ff9bbb", "#d6265f", "#6e0a2c"),
}


def _shape_ring(cx: float, cy: float, r: float) -> list[Op]:
    return [("fill", circle(cx, cy, r)), ("cut", circle(cx, cy, r * 0.56))]


def _shape_dot(cx: float, cy: float, r: float) -> list[Op]:
    return [("fill", circle(cx, cy, r * 0.82))]


def _shape_half(cx: float, cy: float, r: float) -> list[Op]:
    arc = [
        (
            cx + r * math.cos(math.pi + math.pi * i / 48),
            cy + r * 0.42 + r * math.sin(math.pi + math.pi * i / 48),
        )
        for i in range(49)
    ]
    return [("fill", arc)]


def _shape_triangle(cx: float, cy: float, r: float) -> list[Op]:
    return [("fill", regular(3, cx, cy + r * 0.2, r * 1.12))]


def _shape_square(cx: float, cy: float, r: float) -> list[Op]:
    return [("fill", regular(4, cx, cy, r * 1.0, start_deg=45))]


def _shape_pentagon(cx: float, cy: float, r: float) -> list[Op]:
    return [("fill", regular(5, cx, cy + r * 0.06, r * 1.02))]


def _shape_hexagon(cx: float, cy: float, r: float) -> list[Op]:
    return [("fill", regular(6, cx, cy, r * 1.0, start_deg=0))]


def _shape_star(cx: float, cy: float, r: float) -> list[Op]:
    return [("fill", star(7, cx, cy + r * 0.04, r * 1.1, r * 0.52))]


def _shape_hourglass(cx: float, cy: float, r: float) -> list[Op]:
    w, h = r * 0.86, r * 0.98
    return [
        ("fill", [(cx - w, cy - h), (cx + w, cy - h), (cx, cy)]),
        ("fill", [(cx - w, cy + h), (cx + w, cy + h), (cx, cy)]),
    ]


def _shape_diamond(cx: float, cy: float, r: float) -> list[Op]:
    return [
        ("fill", [(cx, cy - r * 1.1), (cx + r * 0.75, cy), (cx, cy + r * 1.1), (cx - r * 0.75, cy)])
    ]


def _shape_plus(cx: float, cy: float, r: float) -> list[Op]:
    a, b = r * 0.34, r * 1.0
    return [
        (
            "fill",
            [
                (cx - a, cy - b),
                (cx + a, cy - b),
                (cx + a, cy - a),
                (cx + b, cy - a),
                (cx + b, cy + a),
                (cx + a, cy + a),
                (cx + a, cy + b),
                (cx - a, cy + b),
                (cx - a, cy + a),
                (cx - b, cy + a),
                (cx - b, cy - a),
                (cx - a, cy - a),
            ],
        )
    ]


def _shape_crescent(cx: float, cy: float, r: float) -> list[Op]:
    return [("fill", circle(cx, cy, r)), ("cut", circle(cx + r * 0.48, cy - r * 0.3, r * 0.84))]


def _shape_sun(cx: float, cy: float, r: float) -> list[Op]:
    return [("fill", star(12, cx, cy, r * 1.08, r * 0.74))]


_SHAPES: dict[str, Callable[[float, float, float], list[Op]]] = {
    "ring": _shape_ring,
    "dot": _shape_dot,
    "half": _shape_half,
    "triangle": _shape_triangle,
    "square": _shape_square,
    "pentagon": _shape_pentagon,
    "hexagon": _shape_hexagon,
    "star": _shape_star,
    "hourglass": _shape_hourglass,
    "diamond": _shape_diamond,
    "plus": _shape_plus,
    "crescent": _shape_crescent,
    "sun": _shape_sun,
}


def shape_ops(kind: str, cx: float, cy: float, r: float) -> list[Op]:
    """The shape cue of a number value, fitting a circle of radius ``r``."""
    shape = _SHAPES.get(kind)
    if shape is None:
        raise ValueError(f"unknown shape {kind!r}")
    return shape(cx, cy, r)


def _base(w: int, h: int, colour: Colour) -> Image.Image:
    return Image.new("RGBA", (w, h), colour)


def _finish(img: Image.Image, u: float) -> Image.Image:
    """Cut the rounded card outline: alpha 0 outside, the drawing inside."""
    img.putalpha(rounded_mask(img.width, img.height, CORNER_R * u))
    return img


def _panel(img: Image.Image, inset: float, radius: float, top: Colour, bottom: Colour) -> None:
    x0 = round(inset)
    w, h = img.width - 2 * x0, img.height - 2 * x0
    paint_image(img, vgradient(w, h, top, bottom), rounded_mask(w, h, radius), (x0, x0))


def _frame_line(
    img: Image.Image, inset: float, width: float, radius: float, colour: Colour
) -> None:
    w, h = img.width, img.height
    fill(
        img,
        [
            ("fill", rounded_rect(inset, inset, w - inset, h - inset, radius)),
            (
                "cut",
                rounded_rect(
                    inset + width,
                    inset + width,
                    w - inset - width,
                    h - inset - width,
                    radius - width,
                ),
            ),
        ],
        colour,
    )


def _corners(
    img: Image.Image, draw_index, u: float, box: tuple[float, float], offset: float = 9
) -> None:
    """Draw a corner index top-left and the same, turned 180°, bottom-right."""
    bw, bh, off = round(box[0] * u), round(box[1] * u), round(offset * u)
    layer = Image.new("RGBA", (bw, bh), (0, 0, 0, 0))
    draw_index(layer)
    img.alpha_composite(layer, dest=(off, off))
    turned = layer.transpose(Image.Transpose.ROTATE_180)
    img.alpha_composite(turned, dest=(img.width - bw - off, img.height - bh - off))


def render_number(value: int, w: int, h: int) -> Image.Image:
    u = w / 180
    colour = hex_rgb(NUMBER_STYLE[value][0])
    kind = NUMBER_STYLE[value][1]
    img = _base(w, h, CREAM)
    _panel(img, 8 * u, 10 * u, mix(colour, WHITE, 0.14), mix(colour, (0, 0, 0, 255), 0.12))
    fill(img, shape_ops(kind, w / 2, h / 2, 74 * u), mix(colour, WHITE, 0.3))
    text = str(value)
    underline = value in (6, 9)
    cy = h / 2 - (7 * u if underline else 0)
    box = big_text(img, text, w / 2, cy, 104 * u, 136 * u, WHITE, INK, 5 * u)
    if underline:
        _underline(img, w / 2, box[3] + 8 * u, (box[2] - box[0]) * 0.62, 8 * u, 2.5 * u)

    def index(layer: Image.Image) -> None:
        cx = 17 * u
        b = big_text(layer, text, cx, 17 * u, 28 * u, 34 * u, WHITE, INK, 2.6 * u)
        y = b[3] + 3 * u
        if underline:
            _underline(layer, cx, y + 1.5 * u, (b[2] - b[0]) * 0.7, 3.4 * u, 1.4 * u)
            y += 7 * u
        pip_r = 8.5 * u
        fill(layer, shape_ops(kind, cx, y + pip_r + 1.5 * u, pip_r + 2.2 * u), INK)
        fill(layer, shape_ops(kind, cx, y + pip_r + 1.5 * u, pip_r), WHITE)

    _corners(img, index, u, (36, 66))
    return _finish(img, u)


def _underline(
    img: Image.Image, cx: float, y: float, width: float, thick: float, stroke: float
) -> None:
    x0, x1 = cx - width / 2, cx + width / 2
    s = stroke
    fill(img, [("fill", rounded_rect(x0 - s, y - s, x1 + s, y + thick + s, thick / 2 + s))], INK)
    fill(img, [("fill", rounded_rect(x0, y, x1, y + thick, thick / 2))], WHITE)


def _rays(img: Image.Image, n: int, colour: Colour, u: float) -> None:
    cx, cy = img.width / 2, img.height / 2
    r = 260 * u
    ops: list[Op] = []
    for i in range(n):
        a0 = 2 * math.pi * i / n
        a1 = a0 + math.pi / n
        ops.append(
            (
                "fill",
                [
                    (cx, cy),
                    (cx + r * math.cos(a0), cy + r * math.sin(a0)),
                    (cx + r * math.cos(a1), cy + r * math.sin(a1)),
                ],
            )
        )
    fill(img, ops, colour, ss=2)  # soft background: coarser supersampling is plenty


def render_modifier(card: str, w: int, h: int) -> Image.Image:
    u = w / 180
    times = card == "x2"
    label = "×2" if times else card
    top, bottom = (X2_TOP, X2_BOTTOM) if times else (GOLD_TOP, GOLD_BOTTOM)
    ink, face, edge = (X2_GOLD, X2_GOLD, X2_BOTTOM) if times else (GOLD_INK, WHITE, GOLD_INK)
    img = vgradient(w, h, top, bottom).copy()
    _rays(img, 18, hex_rgb("#ffd23f", 46) if times else hex_rgb("#fff6c8", 110), u)
    if times:
        fill(img, [("fill", circle(w / 2, h / 2, 70 * u))], hex_rgb("#ffd23f", 40))
    _frame_line(img, 7 * u, 3 * u, 8 * u, ink)
    big_text(img, label, w / 2, h / 2, 92 * u, 140 * u, face, edge, 6 * u, min_squash=0.74)

    def index(layer: Image.Image) -> None:
        big_text(layer, label, 22 * u, 15 * u, 22 * u, 44 * u, face, edge, 2.4 * u)

    _corners(img, index, u, (46, 32), offset=12)
    return _finish(img, u)


# --- action icons: lists of (shape ops, colour) layers ----------------------


def icon_freeze(cx: float, cy: float, r: float, ink: Colour) -> list[tuple[list[Op], Colour]]:
    octagon = regular(8, cx, cy, r, start_deg=22.5)
    layers: list[tuple[list[Op], Colour]] = [
        ([("fill", regular(8, cx, cy, r * 1.07, start_deg=22.5))], WHITE),
        ([("fill", octagon)], ink),
        (
            [
                ("fill", regular(8, cx, cy, r * 0.9, start_deg=22.5)),
                ("cut", regular(8, cx, cy, r * 0.85, start_deg=22.5)),
            ],
            hex_rgb("#bfe8ff"),
        ),
    ]
    flake: list[Op] = []
    arm, width = r * 0.64, r * 0.1
    for k in range(6):
        ang = -90 + 60 * k
        tip = transform([(cx, cy - arm)], ang + 90, (cx, cy))[0]
        flake.append(("line", [(cx, cy), tip], width))
        for along, length in ((0.45, 0.24), (0.72, 0.17)):
            base = (cx, cy - arm * along)
            for side in (-1, 1):
                end = (cx + side * r * length * 0.8, cy - arm * along - r * length * 0.75)
                flake.append(("line", transform([base, end], ang + 90, (cx, cy)), width * 0.85))
    flake.append(("fill", regular(6, cx, cy, r * 0.14, start_deg=0)))
    layers.append((flake, WHITE))
    return layers


def icon_flip_three(cx: float, cy: float, r: float, ink: Colour) -> list[tuple[list[Op], Colour]]:
    layers: list[tuple[list[Op], Colour]] = []
    cw, ch = r * 0.74, r * 1.04
    pivot = (cx, cy + r * 1.25)
    # Side cards first, so the middle one is on top and shows its three pips.
    for angle, face in ((-24, "#f26b1d"), (24, "#d7263d"), (0, "#1e6fd9")):
        x0, y0 = cx - cw / 2, cy - ch / 2 - r * 0.12
        outline = transform(
            rounded_rect(
                x0 - r * 0.05, y0 - r * 0.05, x0 + cw + r * 0.05, y0 + ch + r * 0.05, r * 0.14
            ),
            angle,
            pivot,
        )
        card = transform(rounded_rect(x0, y0, x0 + cw, y0 + ch, r * 0.1), angle, pivot)
        inner = transform(
            rounded_rect(
                x0 + cw * 0.13, y0 + cw * 0.13, x0 + cw * 0.87, y0 + ch - cw * 0.13, r * 0.06
            ),
            angle,
            pivot,
        )
        layers += [
            ([("fill", outline)], ink),
            ([("fill", card)], WHITE),
            ([("fill", inner)], hex_rgb(face)),
        ]
    dots: list[Op] = [
        ("fill", circle(cx + d * r * 0.15, cy - r * 0.12 + d * r * 0.27, r * 0.09))
        for d in (-1, 0, 1)
    ]
    layers.append((dots, WHITE))
    return layers


def _shield(cx: float, cy: float, r: float) -> list[Point]:
    """Heraldic shield: top arched up to the middle, straight sides curving to a point."""
    side, corner, shoulder, tip = r * 0.86, cy - r * 0.88, cy + r * 0.1, cy + r * 1.08
    right = [
        (cx + side * i / 12, corner - r * 0.12 * math.cos(math.pi * i / 24)) for i in range(13)
    ]
    right += [
        (cx + side * math.cos(a), shoulder + (tip - shoulder) * math.sin(a))
        for a in (math.pi / 2 * i / 16 for i in range(17))
    ]
    return right + [(2 * cx - x, y) for x, y in reversed(right)]


def icon_second_chance(
    cx: float, cy: float, r: float, ink: Colour
) -> list[tuple[list[Op], Colour]]:
    return [
        ([("fill", _shield(cx, cy, r * 1.1))], ink),
        ([("fill", _shield(cx, cy, r))], WHITE),
        ([("fill", heart(cx, cy + r * 0.02, r * 0.66))], ink),
        ([("fill", heart(cx, cy + r * 0.02, r * 0.55))], hex_rgb("#e3193f")),
        ([("fill", circle(cx - r * 0.22, cy - r * 0.2, r * 0.1))], hex_rgb("#ffffff", 170)),
    ]


ICONS = {"freeze": icon_freeze, "flip_three": icon_flip_three, "second_chance": icon_second_chance}


def render_action(card: str, title: str, w: int, h: int) -> Image.Image:
    u = w / 180
    top, bottom, ink_hex = ACTION_STYLE[card]
    ink = hex_rgb(ink_hex)
    img = vgradient(w, h, hex_rgb(top), hex_rgb(bottom)).copy()
    fill(img, [("fill", circle(w / 2, 95 * u, 70 * u))], hex_rgb("#ffffff", 60))
    _frame_line(img, 7 * u, 3 * u, 8 * u, WHITE)
    fill_layers(img, ICONS[card](w / 2, 95 * u, 50 * u, ink))
    # Title banner: white band, big ink letters; long names wrap and shrink.
    y0, y1 = 160 * u, 213 * u
    fill(img, [("fill", rounded_rect(16 * u, y0, w - 16 * u, y1, 10 * u))], WHITE)
    lines, size = fit_lines(title.upper(), w - 44 * u, (y1 - y0) - 12 * u, round(30 * u))
    text_lines(img, lines, size, w / 2, (y0 + y1) / 2, ink)

    def index(layer: Image.Image) -> None:
        fill_layers(layer, ICONS[card](15 * u, 15 * u, 10 * u, ink))

    _corners(img, index, u, (30, 30), offset=11)
    return _finish(img, u)


def render_back(w: int, h: int) -> Image.Image:
    u = w / 180
    img = _base(w, h, CREAM)
    navy, lattice = hex_rgb("#1b2a57"), hex_rgb("#2a3f7a")
    _panel(img, 8 * u, 10 * u, mix(navy, WHITE, 0.06), mix(navy, (0, 0, 0, 255), 0.2))
    ops: list[Op] = []
    step = 22 * u
    for k in range(-14, 15):
        x = w / 2 + k * step
        ops.append(("line", [(x - h, h / 2 - h), (x + h, h / 2 + h)], 2.4 * u))
        ops.append(("line", [(x + h, h / 2 - h), (x - h, h / 2 + h)], 2.4 * u))
    layer = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    fill(layer, ops, lattice, ss=2)
    inset = round(8 * u)
    lw, lh = w - 2 * inset, h - 2 * inset
    clip = layer.crop((inset, inset, inset + lw, inset + lh))
    clip.putalpha(
        Image.composite(
            clip.getchannel("A"), Image.new("L", (lw, lh), 0), rounded_mask(lw, lh, 10 * u)
        )
    )
    img.alpha_composite(clip, dest=(inset, inset))
    _frame_line(img, 15 * u, 2 * u, 6 * u, hex_rgb("#ffd23f", 200))
    cx, cy = w / 2, h / 2
    fill(img, [("fill", star(14, cx, cy, 64 * u, 50 * u, start_deg=-90))], hex_rgb("#ffd23f"))
    fill(img, [("fill", circle(cx, cy, 48 * u))], CREAM)
    fill(img, [("fill", circle(cx, cy, 42 * u))], navy)
    big_text(img, "7", cx, cy, 58 * u, 70 * u, hex_rgb("#ffd23f"), CREAM, 3 * u)
    return _finish(img, u)


def render_slot(w: int, h: int) -> Image.Image:
    """An empty place for a card: faint fill and a dashed rounded outline."""
    u = w / 180
    img = Image.new("RGBA", (w, h), (255, 255, 255, 0))
    fill(img, [("fill", rounded_rect(0, 0, w, h, CORNER_R * u, steps=24))], (255, 255, 255, 34))
    inset, width = 5 * u, 3.2 * u
    path = rounded_rect(inset, inset, w - inset, h - inset, (CORNER_R - 3) * u, steps=24)
    path.append(path[0])
    dash, gap = 14 * u, 9 * u
    ops: list[Op] = []
    current: list[Point] = [path[0]]
    pos, on = 0.0, True
    for (x0, y0), (x1, y1) in pairwise(path):
        seg = math.hypot(x1 - x0, y1 - y0)
        t = 0.0
        while seg > 0 and t < seg:
            limit = (dash if on else gap) - pos
            step = min(limit, seg - t)
            t += step
            pos += step
            p = (x0 + (x1 - x0) * t / seg, y0 + (y1 - y0) * t / seg)
            if on:
                current.append(p)
            if pos >= (dash if on else gap) - 1e-9:
                if on and len(current) > 1:
                    ops.append(("line", current, width))
                on, pos, current = not on, 0.0, [p]
    if on and len(current) > 1:
        ops.append(("line", current, width))
    fill(img, ops, (255, 255, 255, 190))
    img.putalpha(
        Image.composite(
            img.getchannel("A"), Image.new("L", (w, h), 0), rounded_mask(w, h, CORNER_R * u)
        )
    )
    return img
