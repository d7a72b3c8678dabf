"""One chart of every player round by round: a line a player over a grid of axis values.

Drawn by the game over (the totals, :mod:`ui.table.summary`), the coach's review (the
chance to win, :mod:`ui.table.review_screen`) and the score sheet, on screen
(:mod:`ui.tabletop.sheet_view`) and in print (:mod:`ui.tabletop.sheet_chart`). They differ
in the scale, the labels, the target line, the lines' widths and dots, the colours: a
:class:`Style` and the :class:`Line` s say which; :func:`draw_chart` draws with a
:class:`Pen` (pygame: :class:`PygamePen`; pillow for print).

The order is the same everywhere: the band, the axis values and their lines, the target
(dashed) and its value, the rounds, the axes, then the players' lines in the order given
(the last one on top).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

import pygame

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # left, top, right, bottom
Colour = tuple[int, ...]


class Pen(Protocol):
    """What the chart draws with. ``anchor`` is one keyword of :class:`pygame.Rect`'s
    points (``midright=(x, y)``): where the text's box sits."""

    def line(self, points: Sequence[Point], colour: Colour, width: int) -> None: ...
    def dot(self, centre: Point, radius: int, colour: Colour) -> None: ...
    def text(self, text: str, size: int, colour: Colour, **anchor: Point) -> None: ...
    def fill(self, box: Box, colour: Colour) -> None: ...


class PygamePen:
    """Draws on a pygame surface; ``text(surface, text, size, colour, **anchor)`` is the
    screen's own way to write (its fonts, its shadow)."""

    def __init__(self, surface: pygame.Surface, text: Callable[..., object]) -> None:
        self.surface = surface
        self._text = text

    def line(self, points: Sequence[Point], colour: Colour, width: int) -> None:
        pygame.draw.lines(self.surface, colour, False, points, width)

    def dot(self, centre: Point, radius: int, colour: Colour) -> None:
        pygame.draw.circle(self.surface, colour, centre, radius)

    def text(self, text: str, size: int, colour: Colour, **anchor: Point) -> None:
        self._text(self.surface, text, size, colour, **anchor)

    def fill(self, box: Box, colour: Colour) -> None:
        x0, y0, x1, y1 = box
        pygame.draw.rect(self.surface, colour, pygame.Rect(x0, y0, x1 - x0, y1 - y0))


@dataclass(frozen=True)
class Line:
    """A player's values, one a round from round 0 (before the first)."""

    values: Sequence[float]
    colour: Colour
    width: int
    dot: int = 0  # the radius of a dot on each value (0: none)
    last_dot_only: bool = False  # only the last value's dot (where the line ends)


@dataclass(frozen=True)
class Style:
    label_size: int
    label: Colour  # the axis values and the rounds
    grid: Colour  # the lines at the axis values (and at the rounds: ``columns``)
    grid_width: int = 1
    label_gap: float = 6  # from an axis value to the plot
    round_gap: float = 4  # from the plot to a round's label
    band: Colour | None = None  # the plot's background
    columns: bool = False  # a line at every round
    axes: Colour | None = None  # the left and bottom edges
    axes_width: int = 1
    target: Colour | None = None  # the target's dashed line
    target_width: int = 1
    dash: tuple[float, float] = (6, 12)  # a dash's length, from one dash to the next
    target_label: Colour | None = None  # the target's value
    target_label_right: bool = False  # right of the plot (else over its left end)
    whole: bool = False  # the points on whole pixels


@dataclass(frozen=True)
class Scale:
    """What the chart shows: ``rounds`` (0 to), values 0 to ``top``, the axis values and
    the rounds that carry a label, the target if there is one."""

    rounds: int
    top: float
    ticks: Sequence[tuple[float, str]]
    round_labels: Sequence[tuple[int, str]] = ()
    target: float | None = None


def draw_chart(pen: Pen, box: Box, scale: Scale, lines: Sequence[Line], style: Style) -> None:
    """The chart in ``box`` (the plot: labels and values go outside it)."""
    left, top, right, bottom = box

    def point(r: float, v: float) -> Point:
        x = left + (right - left) * r / max(1, scale.rounds)
        y = bottom - (bottom - top) * v / scale.top
        return (round(x), round(y)) if style.whole else (x, y)

    if style.band is not None:
        pen.fill(box, style.band)
    for v, label in scale.ticks:
        y = point(0, v)[1]
        pen.line([(left, y), (right, y)], style.grid, style.grid_width)
        pen.text(label, style.label_size, style.label, midright=(left - style.label_gap, y))
    if scale.target is not None and style.target is not None:
        _target(pen, box, point(0, scale.target)[1], str(scale.target), style)
    for r in range(scale.rounds + 1) if style.columns else ():
        x = point(r, 0)[0]
        pen.line([(x, top), (x, bottom)], style.grid, style.grid_width)
    for r, label in scale.round_labels:
        x = point(r, 0)[0]
        pen.text(label, style.label_size, style.label, midtop=(x, bottom + style.round_gap))
    if style.axes is not None:
        pen.line([(left, top), (left, bottom)], style.axes, style.axes_width)
        pen.line([(left, bottom), (right, bottom)], style.axes, style.axes_width)
    for line in lines:
        points = [point(r, v) for r, v in enumerate(line.values)]
        if len(points) > 1:
            pen.line(points, line.colour, line.width)
        if line.dot:
            for p in points[-1:] if line.last_dot_only else points:
                pen.dot(p, line.dot, line.colour)


def _target(pen: Pen, box: Box, y: float, label: str, style: Style) -> None:
    """The target's dashed line across the plot, and its value."""
    left, _top, right, _bottom = box
    assert style.target is not None
    dash, period = style.dash
    x = left
    while x < right:
        pen.line([(x, y), (min(x + dash, right), y)], style.target, style.target_width)
        x += period
    if style.target_label is None:
        return
    if style.target_label_right:
        pen.text(label, style.label_size, style.target_label, midleft=(right + 12, y))
    else:  # over the left end: the lines end at the right
        pen.text(label, style.label_size, style.target_label, bottomleft=(left + 4, y - 2))


def nice_step(top: int, ticks: int) -> int:
    """A round step (1, 2, 5 × 10^k) giving about ``ticks`` axis values up to ``top``.

    >>> nice_step(300, 6), nice_step(47, 4), nice_step(3, 10)
    (50, 20, 1)
    """
    raw = max(1, top / max(1, ticks))
    base = 10 ** (len(str(int(raw))) - 1)
    for m in (1, 2, 5, 10):
        if m * base >= raw:
            return m * base
    return 10 * base
