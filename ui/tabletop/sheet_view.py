"""Drawing the score sheet on screen (pygame): the grid, the ranking, the totals chart.

Pure drawing over a :class:`~game.tabletop.sheet.ScoreSheet`; the scene
(:mod:`ui.tabletop.sheet_screen`) owns the state and the input. The chart is
:func:`ui.chart.draw_chart` with the printed one's scale and colours
(:mod:`ui.tabletop.sheet_chart`).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.tabletop.calculator import CardHand
from game.tabletop.sheet import ScoreSheet
from ui import chart
from ui.assets import CREAM, GOLD, ICE, MUTED, RED
from ui.chart import PygamePen, Style
from ui.i18n import t
from ui.tabletop.sheet_chart import colour, sheet_lines, sheet_scale

GRID_LINE = (58, 104, 78)
LEAD_FILL = (247, 199, 70, 46)
SELECT = GOLD


@dataclass
class Grid:
    """Where the grid's cells are: ``rows`` are round numbers, top to bottom."""

    rect: pygame.Rect
    label_w: int
    col_w: float
    head_h: int
    row_h: int
    rows: list[int]
    total_y: int

    def cell(self, round_no: int, seat: int) -> pygame.Rect | None:
        if round_no not in self.rows:
            return None
        y = self.rect.y + self.head_h + self.rows.index(round_no) * self.row_h
        x = self.rect.x + self.label_w + seat * self.col_w
        return pygame.Rect(round(x), y, round(self.col_w), self.row_h)

    def hit(self, pos, seats: int) -> tuple[int, int] | None:
        x, y = pos
        if not self.rect.collidepoint(pos) or x < self.rect.x + self.label_w:
            return None
        index = (y - self.rect.y - self.head_h) // self.row_h
        seat = int((x - self.rect.x - self.label_w) // self.col_w)
        if 0 <= index < len(self.rows) and 0 <= seat < seats:
            return self.rows[index], seat
        return None


def grid_layout(sheet: ScoreSheet, rect: pygame.Rect, u: float, offset: int) -> tuple[Grid, int]:
    """The grid in ``rect``; ``offset`` rounds hidden at the top (clamped, returned)."""
    n = len(sheet.players)
    last = sheet.round_count + (0 if sheet.over else 1)
    label_w = round(70 * u)
    head_h = round(44 * u)
    row_h = max(16, round(28 * u))
    room = max(1, (rect.h - head_h - round(34 * u)) // row_h)
    offset = max(0, min(offset, last - room))
    rows = list(range(offset + 1, min(last, offset + room) + 1))
    total_y = rect.y + head_h + len(rows) * row_h
    return Grid(rect, label_w, (rect.w - label_w) / n, head_h, row_h, rows, total_y), offset


def _draw_names(
    surface,
    assets,
    sheet: ScoreSheet,
    grid: Grid,
    u: float,
    size: int,
    small: int,
    leaders: set[int],
) -> None:
    """The players' names over their columns: the leaders starred, the dealer's mark."""
    r = grid.rect
    dealer_now = None if sheet.over else sheet.current_dealer
    for seat, name in enumerate(sheet.players):
        x = r.x + grid.label_w + seat * grid.col_w
        mid = round(x + grid.col_w / 2)
        colour_bar = pygame.Rect(
            round(x + 3),
            r.y + grid.head_h - round(5 * u),
            round(grid.col_w - 6),
            max(2, round(3 * u)),
        )
        pygame.draw.rect(surface, colour(seat), colour_bar)
        label = ("★ " if seat in leaders else "") + name
        pill = None
        room = round(grid.col_w - 4)
        if seat == dealer_now:  # beside the name, never over its accents
            pill = assets.pill(t("sheet.dealer_mark"), small, (42, 26, 0), GOLD)
            room -= pill.get_width() + 4
        img = assets.fitted(
            label, size, max(8, size - 3), GOLD if seat in leaders else CREAM, room, keep=6
        )
        shift = (pill.get_width() + 4) // 2 if pill is not None else 0
        rect = img.get_rect(midbottom=(mid - shift, r.y + grid.head_h - round(8 * u)))
        surface.blit(img, rect)
        if pill is not None:
            surface.blit(pill, pill.get_rect(midleft=(rect.right + 4, rect.centery)))


def _draw_row(
    surface,
    assets,
    sheet: ScoreSheet,
    grid: Grid,
    u: float,
    size: int,
    small: int,
    round_no: int,
    is_current: bool,
    extra: bool,
) -> None:
    """One round's row: its number, the cells (leaders shaded, the dealer marked)."""
    r = grid.rect
    n = len(sheet.players)
    y = r.y + grid.head_h + grid.rows.index(round_no) * grid.row_h
    if is_current:
        band = pygame.Surface((r.w, grid.row_h), pygame.SRCALPHA)
        band.fill((255, 255, 255, 22))
        surface.blit(band, (r.x, y))
    label = assets.text(str(round_no), size, GOLD if is_current else MUTED)
    surface.blit(
        label, label.get_rect(midright=(r.x + grid.label_w - round(12 * u), y + grid.row_h // 2))
    )
    dealer = sheet.dealer(round_no)
    lead = () if is_current else sheet.leaders_after(round_no)
    row = sheet.current if is_current else sheet.rounds[round_no - 1]
    for seat in range(n):
        cell = grid.cell(round_no, seat)
        assert cell is not None  # the row is drawn, so it is in the grid
        if seat in lead:
            shade = pygame.Surface(cell.size, pygame.SRCALPHA)
            shade.fill(LEAD_FILL)
            surface.blit(shade, cell)
        value = None if row is None else row[seat]
        text, fg = _cell_text(value, is_current)
        if extra:
            fg = MUTED
        img = assets.text(text, size, fg, max_width=cell.w - 4)
        surface.blit(img, img.get_rect(center=cell.center))
        if seat == dealer:
            mark = assets.text(t("sheet.dealer_mark"), small, MUTED, shadow=False)
            surface.blit(mark, (cell.x + 3, cell.y + 1))
    pygame.draw.line(surface, GRID_LINE, (r.x, y + grid.row_h - 1), (r.right, y + grid.row_h - 1))


def draw_grid(
    surface, assets, sheet: ScoreSheet, grid: Grid, u: float, selected: tuple[int, int] | None
) -> None:
    n = len(sheet.players)
    r = grid.rect
    size = max(9, min(round(17 * u), round(grid.col_w / 3.2)))
    small = max(8, round(12 * u))
    current = sheet.round_count + 1
    leaders = set(sheet.leaders_after(sheet.round_count))
    _draw_names(surface, assets, sheet, grid, u, size, small, leaders)
    extra = set(sheet.extra_rounds)
    for round_no in grid.rows:
        _draw_row(
            surface,
            assets,
            sheet,
            grid,
            u,
            size,
            small,
            round_no,
            round_no == current,
            round_no in extra,
        )
    for seat in range(1, n):
        x = round(r.x + grid.label_w + seat * grid.col_w)
        pygame.draw.line(surface, GRID_LINE, (x, r.y + grid.head_h), (x, grid.total_y))
    # totals: after the finished rounds (the round being typed shows in the ranking)
    y = grid.total_y + round(4 * u)
    pygame.draw.line(
        surface, GOLD, (r.x, y - round(2 * u)), (r.right, y - round(2 * u)), max(1, round(2 * u))
    )
    label = assets.text(t("sheet.total"), small, GOLD)
    surface.blit(
        label, label.get_rect(midright=(r.x + grid.label_w - round(8 * u), y + round(14 * u)))
    )
    for seat, total in enumerate(sheet.totals):
        cx = r.x + grid.label_w + seat * grid.col_w + grid.col_w / 2
        img = assets.text(str(total), size, GOLD if seat in leaders else CREAM)
        surface.blit(img, img.get_rect(center=(round(cx), y + round(14 * u))))
    if selected is not None:
        cell = grid.cell(*selected)
        if cell is not None:
            pygame.draw.rect(surface, SELECT, cell, max(2, round(2 * u)), border_radius=4)


def _cell_text(value, is_current: bool) -> tuple[str, tuple]:
    if value is None:
        return ("·" if is_current else "0"), MUTED
    if isinstance(value, CardHand):
        return str(value.points), (RED if value.busted else ICE)
    return str(value), CREAM


def draw_ranking(surface, assets, sheet: ScoreSheet, rect: pygame.Rect, u: float) -> int:
    """Players high to low after the last finished round; returns the bottom."""
    standings = sheet.standings()
    row = min(round(30 * u), max(12, rect.h // max(1, len(standings))))
    size = max(9, min(round(18 * u), round(row * 0.62)))
    y = rect.y
    winner = sheet.winner
    for s in standings:
        mid = y + row // 2
        pygame.draw.rect(
            surface,
            colour(s.seat),
            (rect.x, mid - size // 3, round(14 * u), 2 * (size // 3)),
            border_radius=3,
        )
        fg = GOLD if s.leader else CREAM
        rank = assets.text(f"{s.rank}.", size, MUTED)
        surface.blit(rank, rank.get_rect(midleft=(rect.x + round(22 * u), mid)))
        tag = ""
        if s.seat == winner:
            tag = "  " + t("sheet.winner_tag")
        elif s.leader:
            tag = "  ★"
        total = assets.text(str(s.total), size, fg)
        surface.blit(total, total.get_rect(midright=(rect.right, mid)))
        name = assets.text(
            s.name + tag, size, fg, max_width=rect.w - round(70 * u) - total.get_width()
        )
        surface.blit(name, name.get_rect(midleft=(rect.x + round(58 * u), mid)))
        y += row
    return y


def draw_chart(surface, assets, sheet: ScoreSheet, rect: pygame.Rect, u: float) -> None:
    """Every player's total after each round, the target dashed."""
    left, top = rect.x + round(40 * u), rect.y + round(8 * u)
    right, bottom = rect.right - round(8 * u), rect.bottom - round(20 * u)
    if right - left < 40 or bottom - top < 40:
        return

    def text(img, text: str, size: int, colour, **anchor) -> None:
        label = assets.text(text, size, colour, shadow=False)
        img.blit(label, label.get_rect(**anchor))

    width = max(2, round(3 * u))
    style = Style(
        max(8, round(12 * u)),
        MUTED,
        GRID_LINE,
        label_gap=round(6 * u),
        round_gap=round(4 * u),
        axes=MUTED,
        target=GOLD,
        target_width=max(1, round(2 * u)),
        dash=(8 * u, 14 * u),
    )
    scale, lines = sheet_scale(sheet, 12), sheet_lines(sheet, width, width + 1)
    chart.draw_chart(PygamePen(surface, text), (left, top, right, bottom), scale, lines, style)
