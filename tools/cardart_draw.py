"""Drawing primitives for the card art (pillow only, no pygame).

Everything is painted as *mask + colour* composited onto an RGBA image, so
edges blend the same way on opaque and on transparent layers. Polygon edges are
anti-aliased by rasterising only their bounding box at ``SS`` times the final
resolution and reducing it; text is anti-aliased by FreeType already.

A shape is a list of ops drawn in order onto one mask:
``("fill", points)`` adds a polygon, ``("cut", points)`` removes one and
``("line", points, width)`` adds a polyline with round caps and joints.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from tools.generated import FONT_PATH

SS = 4  # supersampling factor for polygon edges

Point = tuple[float, float]
Colour = tuple[int, ...]
Op = tuple[str, list[Point]] | tuple[str, list[Point], float]


# --- colours ---------------------------------------------------------------


def hex_rgb(code: str, alpha: int = 255) -> Colour:
    code = code.lstrip("#")
    return (int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16), alpha)


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """``a`` moved a fraction ``t`` of the way towards ``b`` (alpha from ``a``)."""
    rgb = tuple(round(x + (y - x) * t) for x, y in zip(a[:3], b[:3], strict=True))
    return rgb + (a[3] if len(a) > 3 else 255,)


WHITE = (255, 255, 255, 255)
BLACK = (0, 0, 0, 255)


# --- geometry ---------------------------------------------------------------


def circle(cx: float, cy: float, r: float, n: int = 96) -> list[Point]:
    return [
        (cx + r * math.cos(2 * math.pi * i / n), cy + r * math.sin(2 * math.pi * i / n))
        for i in range(n)
    ]


def regular(n: int, cx: float, cy: float, r: float, start_deg: float = -90.0) -> list[Point]:
    """Regular n-gon with circumradius ``r``; the first vertex points up by default."""
    a0 = math.radians(start_deg)
    angles = (a0 + 2 * math.pi * i / n for i in range(n))
    return [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in angles]


def star(
    n: int, cx: float, cy: float, r_out: float, r_in: float, start_deg: float = -90.0
) -> list[Point]:
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(start_deg) + math.pi * i / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def rounded_rect(
    x0: float, y0: float, x1: float, y1: float, r: float, steps: int = 10
) -> list[Point]:
    r = max(0.0, min(r, (x1 - x0) / 2, (y1 - y0) / 2))
    corners = (
        (x1 - r, y0 + r, -90),
        (x1 - r, y1 - r, 0),
        (x0 + r, y1 - r, 90),
        (x0 + r, y0 + r, 180),
    )
    pts = []
    for cx, cy, a0 in corners:
        for i in range(steps + 1):
            a = math.radians(a0 + 90 * i / steps)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def heart(cx: float, cy: float, size: float, n: int = 90) -> list[Point]:
    """Classic parametric heart, ``size`` ≈ half its width, centred on its bounding box."""
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((cx + x * size / 16, cy - (y + 2.5) * size / 16))
    return pts


def transform(
    pts: list[Point],
    angle_deg: float = 0.0,
    about: Point = (0.0, 0.0),
    dx: float = 0.0,
    dy: float = 0.0,
) -> list[Point]:
    """Rotate points clockwise (screen coordinates) about ``about``, then translate."""
    a = math.radians(angle_deg)
    ca, sa = math.cos(a), math.sin(a)
    ox, oy = about
    return [
        (ox + (x - ox) * ca - (y - oy) * sa + dx, oy + (x - ox) * sa + (y - oy) * ca + dy)
        for x, y in pts
    ]


# --- rasterising ------------------------------------------------------------


def _ops_box(ops) -> tuple[int, int, int, int]:
    xs: list[float] = []
    ys: list[float] = []
    for op in ops:
        pad = op[2] / 2 if op[0] == "line" else 0.0  # type: ignore[misc]
        for x, y in op[1]:
            xs += (x - pad, x + pad)
            ys += (y - pad, y + pad)
    return (
        math.floor(min(xs)) - 1,
        math.floor(min(ys)) - 1,
        math.ceil(max(xs)) + 1,
        math.ceil(max(ys)) + 1,
    )


def shape_mask(ops: list[Op], ss: int = SS) -> tuple[Image.Image, tuple[int, int]]:
    """Anti-aliased L mask of ``ops`` and the position of its top-left corner.

    Masks are cached (many faces share frames, rays and icons): treat as read-only.
    """
    key = tuple((op[0], tuple(op[1])) + tuple(op[2:]) for op in ops)
    return _shape_mask(key, ss)


@lru_cache(maxsize=512)
def _shape_mask(ops: tuple, ss: int) -> tuple[Image.Image, tuple[int, int]]:
    x0, y0, x1, y1 = _ops_box(ops)
    mask = Image.new("L", ((x1 - x0) * ss, (y1 - y0) * ss), 0)
    draw = ImageDraw.Draw(mask)

    def sc(pts: list[Point]) -> list[Point]:
        return [((x - x0) * ss, (y - y0) * ss) for x, y in pts]

    for op in ops:
        pts = sc(op[1])
        if op[0] == "line":
            w = op[2] * ss  # type: ignore[misc]
            draw.line(pts, fill=255, width=max(1, round(w)), joint="curve")
            for px, py in (pts[0], pts[-1]):
                draw.ellipse((px - w / 2, py - w / 2, px + w / 2, py + w / 2), fill=255)
        else:
            draw.polygon(pts, fill=255 if op[0] == "fill" else 0)
    return mask.reduce(ss), (x0, y0)


def paint(img: Image.Image, mask: Image.Image, xy: tuple[int, int], colour: Colour) -> None:
    """Composite a solid ``colour`` through ``mask`` placed at ``xy`` onto ``img``."""
    alpha = colour[3] if len(colour) > 3 else 255
    if alpha < 255:
        mask = mask.point([v * alpha // 255 for v in range(256)])
    layer = Image.new("RGBA", mask.size, colour[:3] + (255,))
    layer.putalpha(mask)
    paste_layer(img, layer, xy)


def paste_layer(img: Image.Image, layer: Image.Image, xy: tuple[int, int]) -> None:
    """``img.alpha_composite`` that tolerates layers sticking out of ``img``."""
    x, y = xy
    sx, sy = max(0, -x), max(0, -y)
    x, y = max(0, x), max(0, y)
    w = min(layer.width - sx, img.width - x)
    h = min(layer.height - sy, img.height - y)
    if w > 0 and h > 0:
        img.alpha_composite(layer, dest=(x, y), source=(sx, sy, sx + w, sy + h))


def fill(img: Image.Image, ops: list[Op], colour: Colour, ss: int = SS) -> None:
    mask, xy = shape_mask(ops, ss)
    paint(img, mask, xy, colour)


def fill_layers(img: Image.Image, layers: list[tuple[list[Op], Colour]]) -> None:
    for ops, colour in layers:
        fill(img, ops, colour)


@lru_cache(maxsize=32)
def rounded_mask(w: int, h: int, r: float) -> Image.Image:
    """Anti-aliased mask of a ``w``×``h`` rounded rectangle (cached: treat as read-only)."""
    mask, (x0, y0) = shape_mask([("fill", rounded_rect(0, 0, w, h, r, steps=24))])
    full = Image.new("L", (w, h), 0)
    full.paste(mask, (x0, y0))
    return full


@lru_cache(maxsize=32)
def vgradient(w: int, h: int, top: Colour, bottom: Colour) -> Image.Image:
    """Opaque vertical gradient (cached: treat as read-only)."""
    ramp = Image.linear_gradient("L").resize((w, h), Image.Resampling.BILINEAR)
    return Image.composite(Image.new("RGBA", (w, h), bottom), Image.new("RGBA", (w, h), top), ramp)


def paint_image(img: Image.Image, src: Image.Image, mask: Image.Image, xy: tuple[int, int]) -> None:
    """Composite an opaque image ``src`` through ``mask`` (same size) at ``xy``."""
    layer = src.copy()
    layer.putalpha(mask)
    paste_layer(img, layer, xy)


# --- text -------------------------------------------------------------------


@lru_cache(maxsize=256)
def font(size: int) -> ImageFont.FreeTypeFont:
    # BASIC layout: identical output whether or not libraqm is installed.
    return ImageFont.truetype(str(FONT_PATH), max(1, size), layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=256)
def _ink_masks(text: str, size: int, stroke: int) -> tuple[Image.Image, Image.Image]:
    """Tight masks of ``text`` with and without its stroke (cached: read-only)."""
    f = font(size)
    left, top, right, bottom = f.getbbox(text, stroke_width=stroke)
    outer = Image.new("L", (int(right - left + 2), int(bottom - top + 2)), 0)
    inner = outer.copy()
    pos = (1 - left, 1 - top)
    ImageDraw.Draw(outer).text(pos, text, fill=255, font=f, stroke_width=stroke, stroke_fill=255)
    ImageDraw.Draw(inner).text(pos, text, fill=255, font=f)
    box = outer.getbbox() or (0, 0, 1, 1)
    return outer.crop(box), inner.crop(box)


def big_text(
    img: Image.Image,
    text: str,
    cx: float,
    cy: float,
    height: float,
    max_w: float,
    colour: Colour,
    stroke_colour: Colour | None = None,
    stroke: float = 0.0,
    min_squash: float = 0.78,
) -> tuple[int, int, int, int]:
    """Draw ``text`` with its ink (stroke included) ``height`` px tall, centred on (cx, cy).

    Too-wide text is first condensed horizontally (down to ``min_squash``), then
    shrunk. Returns the ink box actually drawn.
    """
    s = max(0, round(stroke))
    ref = _ink_masks(text, 200, 0)[1]
    size = max(1, round(200 * (height - 2 * s) / ref.height))
    outer, inner = _ink_masks(text, size, s)
    squash = 1.0
    if outer.width > max_w:
        squash = max(min_squash, max_w / outer.width)
        if outer.width * squash > max_w:  # still too wide: shrink as well
            size = max(1, int(size * max_w / (outer.width * squash)))
            outer, inner = _ink_masks(text, size, s)
    if squash < 1.0:
        w = max(1, round(outer.width * squash))
        outer = outer.resize((w, outer.height), Image.Resampling.LANCZOS)
        inner = inner.resize((w, inner.height), Image.Resampling.LANCZOS)
    xy = (round(cx - outer.width / 2), round(cy - outer.height / 2))
    if s and stroke_colour is not None:
        paint(img, outer, xy, stroke_colour)
    paint(img, inner, xy, colour)
    return xy[0], xy[1], xy[0] + outer.width, xy[1] + outer.height


def fit_lines(
    text: str, max_w: float, max_h: float, max_size: int, stroke: int = 0
) -> tuple[list[str], int]:
    """Split ``text`` into one or two lines and pick the largest font size that fits."""
    words = text.split()
    options = [[text]] + [[" ".join(words[:i]), " ".join(words[i:])] for i in range(1, len(words))]
    best: tuple[int, list[str]] = (0, [text])
    for lines in options:
        size = max_size
        while size > 6:
            f = font(size)
            width = max(f.getlength(line) for line in lines) + 2 * stroke
            height = line_height(size) * len(lines) + 2 * stroke
            if width <= max_w and height <= max_h:
                break
            size -= 1
        # Prefer one line unless two lines make the text clearly larger.
        if size > best[0] * (1.15 if len(lines) > 1 and best[0] else 1.0):
            best = (size, lines)
    return best[1], best[0]


def line_height(size: int) -> float:
    return size * 1.08


def text_lines(
    img: Image.Image,
    lines: list[str],
    size: int,
    cx: float,
    cy: float,
    colour: Colour,
    stroke_colour: Colour | None = None,
    stroke: int = 0,
) -> None:
    """Draw centred lines, the block's cap-height middle on ``cy``."""
    f = font(size)
    mask_o = Image.new("L", img.size, 0)
    mask_i = Image.new("L", img.size, 0)
    cap = f.getbbox("H", anchor="ls")[1]  # negative: cap height above the baseline
    lh = line_height(size)
    first_baseline = cy - (len(lines) - 1) * lh / 2 - cap / 2
    for i, line in enumerate(lines):
        pos = (cx, first_baseline + i * lh)
        if stroke:
            ImageDraw.Draw(mask_o).text(
                pos, line, fill=255, font=f, anchor="ms", stroke_width=stroke, stroke_fill=255
            )
        ImageDraw.Draw(mask_i).text(pos, line, fill=255, font=f, anchor="ms")
    if stroke and stroke_colour is not None:
        paint(img, mask_o, (0, 0), stroke_colour)
    paint(img, mask_i, (0, 0), colour)


def clear_caches() -> None:
    """Forget cached fonts, masks and gradients (for cold-start benchmarks)."""
    for cached in (font, _ink_masks, _shape_mask, rounded_mask, vgradient):
        cached.cache_clear()
