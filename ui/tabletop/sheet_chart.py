"""The totals-by-round chart of a score sheet: its scale, lines and colours (the same on
screen, :mod:`ui.tabletop.sheet_view`), and the one printed under a filled sheet (pillow),
drawn by :func:`ui.chart.draw_chart`."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from game.tabletop.sheet import ScoreSheet
from ui import chart
from ui.chart import Box, Colour, Line, Point, Scale, Style
from ui.tabletop.sheet_draw import ACCENT, FAINT, GRID, INK, MUTED, fit, font

# one colour a player, up to 18, on white paper: any two differ by a CIELAB distance of
# 30 or more (tests/test_ui_chart.py)
PALETTE = (
    (78, 121, 167),
    (242, 142, 43),
    (225, 87, 89),
    (118, 183, 178),
    (0, 0, 255),
    (0, 165, 0),
    (255, 15, 210),
    (0, 0, 105),
    (60, 45, 0),
    (165, 120, 255),
    (105, 30, 75),
    (255, 0, 0),
    (150, 150, 60),
    (0, 30, 45),
    (0, 90, 30),
    (180, 135, 135),
    (225, 105, 180),
    (105, 0, 0),
)
MIN_HEIGHT = 560  # below this the chart is left out


def colour(seat: int) -> tuple[int, int, int]:
    return PALETTE[seat % len(PALETTE)]


def sheet_scale(sheet: ScoreSheet, most_labels: int) -> Scale:
    """The totals' scale (up to the target at least, in round steps) and about
    ``most_labels`` rounds labelled: the same on screen and in print."""
    rounds = sheet.round_count
    high = max(sheet.target, *(max(sheet.totals_after(r)) for r in range(rounds + 1)))
    step = _step(high)
    top = -(-high // step) * step
    every = max(1, -(-rounds // most_labels))
    return Scale(
        rounds,
        top,
        [(v, str(v)) for v in range(0, top + 1, step)],
        [(r, str(r)) for r in range(0, rounds + 1, every)],
        sheet.target,
    )


def sheet_lines(sheet: ScoreSheet, width: int, dot: int) -> list[Line]:
    """A line a player in seat order, a dot on each total while there are 30 rounds at most."""
    series = [sheet.totals_after(r) for r in range(sheet.round_count + 1)]
    dot = dot if sheet.round_count <= 30 else 0
    return [
        Line([t[seat] for t in series], colour(seat), width, dot)
        for seat in range(len(sheet.players))
    ]


class PilPen:
    """The chart's :class:`~ui.chart.Pen` on a pillow page (the print's font)."""

    ANCHORS = {"midright": "rm", "midleft": "lm", "midtop": "mt", "bottomleft": "lb"}

    def __init__(self, draw: ImageDraw.ImageDraw) -> None:
        self.draw = draw

    def line(self, points: Sequence[Point], colour: Colour, width: int) -> None:
        self.draw.line(list(points), fill=colour, width=width, joint="curve")

    def dot(self, centre: Point, radius: int, colour: Colour) -> None:
        x, y = centre
        self.draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour)

    def text(self, text: str, size: int, colour: Colour, **anchor: Point) -> None:
        (where, xy), *_ = anchor.items()
        self.draw.text(xy, text, font=font(size), fill=colour, anchor=self.ANCHORS[where])

    def fill(self, box: Box, colour: Colour) -> None:
        self.draw.rectangle(box, fill=colour)


PRINT = Style(
    28,
    MUTED,
    FAINT,
    grid_width=2,
    label_gap=18,
    round_gap=20,
    axes=GRID,
    axes_width=4,
    target=ACCENT,
    target_width=4,
    dash=(24, 40),
    target_label=ACCENT,
    target_label_right=True,
)


def draw_chart(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], sheet: ScoreSheet, title: str
) -> None:
    """Every player's total after each round, the target dashed, a ranked legend."""
    x0, y0, x1, y1 = box
    draw.text((x0, y0), title, font=font(40), fill=ACCENT, anchor="lt")
    legend_w = 460
    plot = (x0 + 110, y0 + 80, x1 - legend_w - 40, y1 - 60)
    chart.draw_chart(PilPen(draw), plot, sheet_scale(sheet, 15), sheet_lines(sheet, 7, 9), PRINT)
    _legend(draw, (x1 - legend_w, plot[1], x1, plot[3]), sheet)


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
