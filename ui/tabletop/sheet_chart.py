"""The totals-by-round line chart printed under a filled score sheet (pillow)."""

from __future__ import annotations

from PIL import ImageDraw

from game.tabletop.sheet import ScoreSheet
from ui.tabletop.sheet_draw import ACCENT, FAINT, GRID, INK, MUTED, fit, font

PALETTE = (
    (78, 121, 167),
    (242, 142, 43),
    (225, 87, 89),
    (118, 183, 178),
    (89, 161, 79),
    (237, 201, 72),
    (176, 122, 161),
    (255, 157, 167),
    (156, 117, 95),
    (120, 120, 120),
    (31, 78, 121),
    (160, 82, 45),
    (46, 125, 50),
    (106, 27, 154),
    (198, 40, 40),
    (0, 131, 143),
    (249, 168, 37),
    (55, 71, 79),
)
MIN_HEIGHT = 560  # below this the chart is left out


def colour(seat: int) -> tuple[int, int, int]:
    return PALETTE[seat % len(PALETTE)]


def draw_chart(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], sheet: ScoreSheet, title: str
) -> None:
    """Every player's total after each round, the target dashed, a ranked legend."""
    x0, y0, x1, y1 = box
    n = len(sheet.players)
    draw.text((x0, y0), title, font=font(40), fill=ACCENT, anchor="lt")
    legend_w = 460
    left, top, right, bottom = x0 + 110, y0 + 80, x1 - legend_w - 40, y1 - 60
    series = [sheet.totals_after(r) for r in range(sheet.round_count + 1)]
    high = max(sheet.target, *(max(t) for t in series))
    step = _step(high)
    top_value = -(-high // step) * step

    def px(r: int) -> float:
        return left + (right - left) * r / max(1, sheet.round_count)

    def py(v: float) -> float:
        return bottom - (bottom - top) * v / top_value

    for v in range(0, top_value + 1, step):
        draw.line((left, py(v), right, py(v)), fill=FAINT, width=2)
        draw.text((left - 18, py(v)), str(v), font=font(28), fill=MUTED, anchor="rm")
    _dashed(draw, left, right, py(sheet.target), ACCENT)
    draw.text(
        (right + 12, py(sheet.target)), str(sheet.target), font=font(28), fill=ACCENT, anchor="lm"
    )
    every = max(1, -(-sheet.round_count // 15))
    for r in range(0, sheet.round_count + 1, every):
        draw.text((px(r), bottom + 20), str(r), font=font(28), fill=MUTED, anchor="mt")
    draw.line((left, top, left, bottom, right, bottom), fill=GRID, width=4)
    dot = 9 if sheet.round_count <= 30 else 0
    for seat in range(n):
        points = [(px(r), py(t[seat])) for r, t in enumerate(series)]
        if len(points) > 1:
            draw.line(points, fill=colour(seat), width=7, joint="curve")
        for x, y in points if dot else ():
            draw.ellipse((x - dot, y - dot, x + dot, y + dot), fill=colour(seat))
    _legend(draw, (x1 - legend_w, top, x1, bottom), sheet)


def _legend(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], sheet: ScoreSheet
) -> None:
    x0, y0, x1, y1 = box
    standings = sheet.standings()
    row = min(58.0, (y1 - y0) / len(standings))
    size = max(16, min(34, int(row * 0.6)))
    for i, s in enumerate(standings):
        y = y0 + i * row + row / 2
        draw.rounded_rectangle(
            (x0, y - size * 0.35, x0 + 44, y + size * 0.35), 6, fill=colour(s.seat)
        )
        total = str(s.total)
        draw.text((x1, y), total, font=font(size), fill=INK, anchor="rm")
        name, name_size = fit(s.name, size, x1 - x0 - 80 - font(size).getlength(total), 14)
        draw.text((x0 + 60, y), name, font=font(name_size), fill=INK, anchor="lm")


def _step(high: int) -> int:
    for step in (10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if high / step <= 8:
            return step
    return -(-high // 8000) * 1000


def _dashed(draw: ImageDraw.ImageDraw, x0: float, x1: float, y: float, fill) -> None:
    x = x0
    while x < x1:
        draw.line((x, y, min(x + 24, x1), y), fill=fill, width=4)
        x += 40
