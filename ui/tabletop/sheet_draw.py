"""Drawing a score sheet page with pillow: A4 at 300 dpi, ready to print.

One page is a header (title, date, target), a grid — a column of round
numbers, then per player a *points* cell and a shaded *new total* cell — and a
box reminding how a round is counted. :func:`draw_page` draws either a blank
sheet or the rounds of a :class:`~game.tabletop.sheet.ScoreSheet`. Words come from
``ui.tabletop.sheet_export.TEXTS``; only the shipped DejaVu Sans Bold is used.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from game.tabletop.calculator import CardHand
from game.tabletop.sheet import ScoreSheet
from ui.artcache import FONT_PATH

A4 = (2480, 3508)  # 210 × 297 mm at 300 dpi
MARGIN = 140

INK = (31, 36, 48)
MUTED = (120, 128, 142)
FAINT = (190, 196, 206)
GRID = (150, 158, 172)
TINT = (236, 240, 246)
BOX = (244, 246, 250)
ACCENT = (22, 78, 140)
GOLD = (250, 228, 150)
GOLD_INK = (150, 105, 0)
BUST = (190, 60, 50)
WHITE = (255, 255, 255)


@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_PATH), max(6, size))


def text_width(text: str, size: int) -> float:
    return font(size).getlength(text)


def fit(text: str, size: int, width: float, smallest: int) -> tuple[str, int]:
    """Shrink ``text`` to ``width`` down to ``smallest``, then cut it with an ellipsis."""
    while size > smallest and text_width(text, size) > width:
        size -= 2
    if text_width(text, size) <= width:
        return text, size
    while len(text) > 1 and text_width(text + "…", size) > width:
        text = text[:-1]
    return text.rstrip() + "…", size


@dataclass(frozen=True)
class Rows:
    """What the grid shows: ``labels`` per row; with a sheet, ``first`` round of the page."""

    labels: tuple[str, ...]
    sheet: ScoreSheet | None = None
    first: int = 1
    start_row: bool = False  # a first row with the starting totals


class Page:
    """One page being drawn. ``t`` gives the sheet's words in one language."""

    def __init__(self, size: tuple[int, int], t: dict[str, str]) -> None:
        self.image = Image.new("RGB", size, WHITE)
        self.draw = ImageDraw.Draw(self.image)
        self.w, self.h = size
        self.t = t

    def text(
        self, xy: tuple[float, float], text: str, size: int, fill=INK, anchor: str = "la"
    ) -> None:
        self.draw.text(xy, text, font=font(size), fill=fill, anchor=anchor)

    def centred(
        self,
        box: tuple[float, float, float, float],
        text: str,
        size: int,
        fill=INK,
        smallest: int | None = None,
    ) -> None:
        x0, y0, x1, y1 = box
        text, size = fit(text, size, (x1 - x0) * 0.9, smallest or size)
        self.text(((x0 + x1) / 2, (y0 + y1) / 2), text, size, fill, "mm")

    # ------------------------------------------------------------ header
    def header(self, target: int, date: str, subtitle: str) -> float:
        y = MARGIN
        self.text((MARGIN, y), "FLIP 7", 118, ACCENT, "lt")
        x = MARGIN + text_width("FLIP 7", 118) + 40
        self.text((x, y + 30), self.t["title"], 78, INK, "lt")
        right = self.w - MARGIN
        for row, (label, value) in enumerate(
            ((self.t["date"], date), (self.t["target"], str(target)))
        ):
            yy = y + 8 + row * 62
            self.text((right - 420, yy + 44), label, 36, MUTED, "ls")
            self.draw.line((right - 250, yy + 52, right, yy + 52), fill=GRID, width=3)
            if value:
                self.text((right - 125, yy + 44), value, 40, INK, "ms")
        if subtitle:
            subtitle, size = fit(subtitle, 34, self.w - 2 * MARGIN - 460, 22)
            self.text((MARGIN, y + 146), subtitle, size, MUTED, "lt")
        return y + 205

    # -------------------------------------------------------------- grid
    def grid(self, top: float, bottom: float, players: Sequence[str], rows: Rows) -> float:
        """Draw the grid between ``top`` and at most ``bottom``; returns where it ends."""
        n = len(players)
        left, right = MARGIN, self.w - MARGIN
        round_w = 150
        col_w = (right - left - round_w) / n
        pts_w = col_w * 0.44
        name_h, sub_h = 124, 54
        row_h = min(118.0, (bottom - top - name_h - sub_h) / len(rows.labels))
        body = top + name_h + sub_h
        end = body + row_h * len(rows.labels)
        sheet = rows.sheet
        winner = None if sheet is None else sheet.winner
        sub = min(
            fit(self.t["points"], 28, pts_w * 0.9, 14)[1],
            fit(self.t["total"], 28, (col_w - pts_w) * 0.9, 14)[1],
        )
        # header cells
        self.draw.rectangle((left, top, right, top + name_h), fill=TINT)
        self.draw.rectangle((left, top, left + round_w, body), fill=TINT)
        self.centred((left, top, left + round_w, body), self.t["round"], 30, MUTED, smallest=18)
        for i, name in enumerate(players):
            x0 = left + round_w + i * col_w
            if i == winner:
                self.draw.rectangle((x0, top, x0 + col_w, top + name_h), fill=GOLD)
            if name:
                self._name((x0 + 12, top, x0 + col_w - 12, top + name_h), name, i == winner)
            else:
                self.text((x0 + 18, top + 14), str(i + 1), 28, FAINT, "lt")
            self.centred((x0, top + name_h, x0 + pts_w, body), self.t["points"], sub, MUTED)
            self.centred((x0 + pts_w, top + name_h, x0 + col_w, body), self.t["total"], sub, MUTED)
            self.draw.rectangle((x0 + pts_w, body, x0 + col_w, end), fill=TINT)
        # rows
        for r, label in enumerate(rows.labels):
            y0 = body + r * row_h
            self.centred(
                (left, y0, left + round_w, y0 + row_h), label, min(44, int(row_h * 0.42)), MUTED
            )
            if sheet is not None:
                self._row(sheet, rows, r, y0, row_h, left + round_w, col_w, pts_w)
            if r:
                heavy = r % 5 == 0
                self.draw.line(
                    (left, y0, right, y0), fill=GRID if heavy else FAINT, width=4 if heavy else 2
                )
        # column lines, drawn last so that they cross the shading
        self.draw.line((left + round_w, top + name_h, right, top + name_h), fill=GRID, width=3)
        self.draw.line((left, body, right, body), fill=INK, width=4)
        for i in range(n):
            x0 = left + round_w + i * col_w
            self.draw.line((x0, top, x0, end), fill=INK, width=4)
            self.draw.line((x0 + pts_w, top + name_h, x0 + pts_w, end), fill=FAINT, width=2)
        self.draw.rectangle((left, top, right, end), outline=INK, width=6)
        return end

    def _name(self, box: tuple[float, float, float, float], name: str, winner: bool) -> None:
        """A player's name; the winner's with a star before it."""
        x0, y0, x1, y1 = box
        star = 56 if winner else 0
        text, size = fit(name, 52, (x1 - x0) * 0.9 - star, 26)
        width = text_width(text, size) + star
        left = (x0 + x1 - width) / 2
        cy = (y0 + y1) / 2
        if winner:
            r = 20
            points = [
                (
                    left + r + (r if k % 2 == 0 else r * 0.45) * math.cos(a),
                    cy + (r if k % 2 == 0 else r * 0.45) * math.sin(a),
                )
                for k, a in ((k, -math.pi / 2 + k * math.pi / 5) for k in range(10))
            ]
            self.draw.polygon(points, fill=GOLD_INK)
        self.text((left + star, cy), text, size, INK, "lm")

    def _row(
        self,
        sheet: ScoreSheet,
        rows: Rows,
        r: int,
        y0: float,
        row_h: float,
        x_first: float,
        col_w: float,
        pts_w: float,
    ) -> None:
        if rows.start_row and r == 0:
            round_no, cells = 0, None
        else:
            round_no = rows.first + r - (1 if rows.start_row else 0)
            if round_no > sheet.round_count:
                return
            cells = sheet.rounds[round_no - 1]
        totals = sheet.totals_after(round_no)
        leaders = sheet.leaders_after(round_no) if round_no else ()
        size = int(min(50, row_h * 0.46, pts_w * 0.36))
        for seat, total in enumerate(totals):
            x0 = x_first + seat * col_w
            cell = (x0 + pts_w, y0, x0 + col_w, y0 + row_h)
            if seat in leaders:
                self.draw.rectangle(cell, fill=GOLD)
            self.centred(cell, str(total), size, GOLD_INK if seat in leaders else INK)
            if cells is None:
                continue
            c = cells[seat]
            busted = isinstance(c, CardHand) and c.busted
            points = "" if c is None else str(c if isinstance(c, int) else c.points)
            box = (x0, y0, x0 + pts_w, y0 + row_h)
            self.centred(box, points, size, BUST if busted else INK)
            if isinstance(c, CardHand) and c.flip7:
                self.text((x0 + pts_w - 8, y0 + 6), "F7", max(14, size // 2), ACCENT, "rt")
            if sheet.dealer(round_no) == seat:
                self._dealer_chip(x0 + 6, y0 + 6, int(max(10, min(row_h * 0.15, pts_w * 0.1, 17))))

    def _dealer_chip(self, x: float, y: float, r: int) -> None:
        self.draw.ellipse((x, y, x + 2 * r, y + 2 * r), fill=MUTED)
        self.text((x + r, y + r), self.t["dealer_mark"], int(r * 1.2), WHITE, "mm")

    # ----------------------------------------------------------- reminder
    def reminder(self, bottom: float, target: int, columns: int) -> float:
        """The counting reminder, bottom-aligned; returns its top."""
        items = (
            ("7", self.t["numbers"]),
            ("×2", self.t["x2"]),
            ("+4", self.t["plus"]),
            ("F7", self.t["flip7"]),
            ("7 7", self.t["bust"]),
            ("64", self.t["example"]),
        )
        per_col = -(-len(items) // columns)
        item_h, pad = 96, 44
        end_lines = self.wrap(
            self.t["end"].format(target=target), 32, self.w - 2 * MARGIN - 2 * pad
        )
        height = pad + 76 + per_col * item_h + 44 * len(end_lines) + pad
        top = bottom - height
        left, right = MARGIN, self.w - MARGIN
        self.draw.rounded_rectangle((left, top, right, bottom), 28, fill=BOX, outline=GRID, width=3)
        self.text((left + pad, top + pad), self.t["counting"], 44, ACCENT, "lt")
        col_w = (right - left - 2 * pad) / columns
        for i, (chip, words) in enumerate(items):
            x = left + pad + (i // per_col) * col_w
            y = top + pad + 76 + (i % per_col) * item_h
            colour = BUST if chip == "7 7" else MUTED if chip == "64" else ACCENT
            self._chip(x, y, chip, colour)
            text, size = fit(words, 34, col_w - 170, 24)
            self.text((x + 150, y + 38), text, size, INK, "lm")
        y = top + pad + 76 + per_col * item_h + 6
        for k, line in enumerate(end_lines):
            self.text((left + pad, y + 44 * k), line, 32, MUTED, "lt")
        return top

    def _chip(self, x: float, y: float, label: str, colour: tuple[int, int, int]) -> None:
        self.draw.rounded_rectangle(
            (x, y, x + 122, y + 78), 14, fill=WHITE, outline=colour, width=4
        )
        self.text((x + 61, y + 39), label, 38, colour, "mm")

    def wrap(self, text: str, size: int, width: float) -> list[str]:
        lines, line = [], ""
        for word in text.split(" "):
            trial = f"{line} {word}".strip()
            if line and text_width(trial, size) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        return [*lines, line] if line else lines

    def footer(self, text: str, y: float) -> None:
        text, size = fit(text, 32, self.w - 2 * MARGIN, 20)
        self.text((MARGIN, y), text, size, MUTED, "lt")

    def page_number(self, text: str) -> None:
        self.text((self.w - MARGIN, self.h - MARGIN / 2), text, 28, MUTED, "rm")
