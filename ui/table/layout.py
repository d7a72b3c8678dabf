"""Where everything sits: ``table_layout(screen_size, seat_count)`` → rects.

Pure geometry (pygame's ``Rect`` needs no display), so the tests can check every
seat count at every window size without opening a window:

>>> lay = table_layout((1280, 720), 6)
>>> len(lay.seats), lay.panel.right, lay.bar.bottom
(6, 1280, 720)

The seats sit clockwise around the table in seat order (R3.1), seat 0 at the
bottom: a row along the bottom, a column up the left side, a row along the
top, a column down the right side. The centre keeps the draw and discard piles.
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass

from ui.theme import unit_for

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
from pygame import Rect  # noqa: E402

CARD_RATIO = 1.4  # height / width of a card (the art is 360×504)
SEAT_ASPECT = 1.75  # width / height of a seat panel: a line of 7 fanned cards fits
MODS_SHOW = 0.42  # height of the strip above the line, in cards (modifiers start there)
MOD_INDEX = 0.4  # the share of a modifier card's width that shows its corner index


@dataclass(frozen=True)
class SeatLayout:
    """One seat's panel: header (name, badges, scores), modifiers strip, line of numbers."""

    box: Rect
    header: Rect
    mods: Rect  # the visible strip; modifier cards are ``card`` sized and tuck under the line
    line: Rect
    card: tuple[int, int]
    text: int  # header font size, px
    big: int  # total score font size, px


@dataclass(frozen=True)
class TableLayout:
    size: tuple[int, int]
    unit: float  # 1.0 at 1280×720
    table: Rect  # the felt, where the seats are
    center: Rect  # the part of the felt free of seats
    draw_pile: Rect
    discard_pile: Rect
    in_play: Rect  # a card whose receiver is choosing its target
    caption: Rect
    panel: Rect  # the Flip Three tray, effect queue and table log
    bar: Rect  # prompt and buttons
    prompt: Rect
    hint: Rect
    hit_button: Rect
    stay_button: Rect
    seats: tuple[SeatLayout, ...]

    def font(self, px: float) -> int:
        """A font size designed at 1280×720, scaled to this window."""
        return max(10, round(px * self.unit))


def with_bar_text(lay: TableLayout, left: int, right: int) -> TableLayout:
    """``lay`` with the bar's two lines of text between ``left`` and ``right`` (the
    controls beside them take the rest)."""
    w = right - left
    return dataclasses.replace(
        lay,
        prompt=Rect(left, lay.prompt.y, w, lay.prompt.h),
        hint=Rect(left, lay.hint.y, w, lay.hint.h),
    )


def table_layout(size: tuple[int, int], seat_count: int) -> TableLayout:
    """Lay out a table for ``seat_count`` seats (2–18) in a window of ``size``."""
    w, h = size
    u = unit_for(size)
    gap = max(4, round(8 * u))
    panel_w = min(max(round(w * 0.2), 236), round(380 * u))
    bar_h = max(58, round(76 * u))
    panel = Rect(w - panel_w, 0, panel_w, h)
    table = Rect(0, 0, w - panel_w, h - bar_h)
    bar = Rect(0, h - bar_h, table.w, bar_h)
    boxes, center = _seat_boxes(table.inflate(-2 * gap, -2 * gap), seat_count, u, gap)
    seats = tuple(seat_layout(b) for b in boxes)
    draw_pile, discard_pile, in_play, caption = _piles(center, u, gap)
    bh = min(round(46 * u), bar_h - 2 * gap)
    bw = max(round(132 * u), 108)  # the theme's button font stops shrinking at 0.75
    stay = Rect(bar.right - gap * 2 - bw, bar.centery - bh // 2, bw, bh)
    hit = Rect(stay.x - gap - bw, stay.y, bw, bh)
    text_w = hit.x - 2 * gap - (bar.x + 2 * gap)
    prompt = Rect(bar.x + 2 * gap, bar.y + round(bar_h * 0.06), text_w, round(bar_h * 0.42))
    hint = Rect(prompt.x, prompt.bottom, text_w, bar.bottom - 2 - prompt.bottom)  # two lines
    return TableLayout(
        size,
        u,
        table,
        center,
        draw_pile,
        discard_pile,
        in_play,
        caption,
        panel,
        bar,
        prompt,
        hint,
        hit,
        stay,
        seats,
    )


def seat_layout(box: Rect) -> SeatLayout:
    pad = max(3, round(box.h * 0.05))
    inner = box.inflate(-2 * pad, -2 * pad)
    header_h = max(14, round(box.h * 0.2))
    header = Rect(inner.x, inner.y, inner.w, header_h)
    body_top = header.bottom + pad
    body_h = inner.bottom - body_top
    card_h = int(body_h / (1 + MODS_SHOW))
    card_w = max(8, round(card_h / CARD_RATIO))
    mods_h = body_h - card_h
    mods = Rect(inner.x, body_top, inner.w, mods_h)
    line = Rect(inner.x, mods.bottom, inner.w, card_h)
    text = max(12, round(header_h * 0.66))
    return SeatLayout(box, header, mods, line, (card_w, card_h), text, max(11, round(text * 1.2)))


def _seat_boxes(area: Rect, n: int, u: float, gap: int) -> tuple[list[Rect], Rect]:
    """Try every split of the seats between rows and side columns; keep the biggest seats."""
    min_center = (round(300 * u), round(176 * u))
    max_w = round(372 * u)
    best = None
    for side in range(0, n):
        rest = n - side
        bottom, top = (rest + 1) // 2, rest // 2
        left, right = (side + 1) // 2, side // 2
        if side and not top:
            continue
        w = _best_width(area, (top, bottom, left, right), gap, min_center, max_w)
        score = w * (0.96 if left != right else 1.0)  # a lopsided table looks wrong
        if w > 0 and (best is None or score > best[2] + 0.5):
            best = (w, (top, bottom, left, right), score)
    if best is None:  # far too small a window: squeeze everything into rows
        best = (max(24.0, area.w / max(1, (n + 1) // 2) - gap), (n // 2, n - n // 2, 0, 0), 0)
    return _place(area, best[1], int(best[0]), gap)


def _best_width(area: Rect, counts, gap: int, min_center, max_w: int) -> float:
    top, bottom, left, right = counts
    rows = (top > 0) + (bottom > 0)
    per_row = max(top, bottom)
    col = max(left, right)
    sides = (left > 0) + (right > 0)
    w = min(float(max_w), (area.w - (per_row - 1) * gap) / per_row)
    if col:  # the columns stand between the rows
        h_col = (area.h - (rows + col - 1) * gap) / (rows + col)
        w = min(w, h_col * SEAT_ASPECT)
        w = min(w, (area.w - min_center[0]) / sides - gap)
    h_max = (area.h - min_center[1]) / max(rows, 1) - gap
    w = min(w, h_max * SEAT_ASPECT)
    return w


def _place(area: Rect, counts, w: int, gap: int) -> tuple[list[Rect], Rect]:
    top, bottom, left, right = counts
    h = int(w / SEAT_ASPECT)

    def row(count: int, y: int) -> list[Rect]:
        space = (area.w - count * w) / (count + 1)
        return [Rect(round(area.x + space + i * (w + space)), y, w, h) for i in range(count)]

    top_y = area.y
    bottom_y = area.bottom - h
    col_top = area.y + (h + gap if top else 0)
    col_bottom = bottom_y - gap if bottom else area.bottom

    def column(count: int, x: int) -> list[Rect]:
        space = (col_bottom - col_top - count * h) / (count + 1)
        return [Rect(x, round(col_top + space + i * (h + space)), w, h) for i in range(count)]

    bottom_row = row(bottom, bottom_y)[::-1]  # clockwise: right to left along the bottom
    left_col = column(left, area.x)[::-1]  # bottom to top
    top_row = row(top, top_y)  # left to right
    right_col = column(right, area.right - w)  # top to bottom
    ring = bottom_row + left_col + top_row + right_col
    start = bottom // 2  # seat 0 in the middle of the bottom row
    boxes = ring[start:] + ring[:start]
    cx0 = area.x + (w + gap if left else 0)
    cx1 = area.right - (w + gap if right else 0)
    cy0 = area.y + (h + gap if top else 0)
    cy1 = area.bottom - (h + gap if bottom else 0)
    return boxes, Rect(cx0, cy0, cx1 - cx0, cy1 - cy0)


def _piles(center: Rect, u: float, gap: int) -> tuple[Rect, Rect, Rect, Rect]:
    label = round(22 * u)
    caption_h = round(44 * u)  # two lines
    ch = int(
        min(
            (center.h - label - caption_h - 2 * gap) * 0.92,
            168 * u,
            (center.w - 4 * gap) / 3.7 * CARD_RATIO,
        )
    )
    ch = max(ch, 20)
    cw = round(ch / CARD_RATIO)
    spacing = round(cw * 0.35) + gap
    total = 3 * cw + 2 * spacing
    x = center.centerx - total // 2
    y = center.centery - (ch + label + caption_h) // 2
    draw_pile = Rect(x, y, cw, ch)
    discard = Rect(x + cw + spacing, y, cw, ch)
    in_play = Rect(x + 2 * (cw + spacing), y, cw, ch)
    caption = Rect(center.x + gap, y + ch + label + gap // 2, center.w - 2 * gap, caption_h)
    return draw_pile, discard, in_play, caption


def clear_of(rect: Rect, avoid: Rect, within: Rect) -> Rect:
    """``rect`` moved up or down, the shorter way that stays ``within``, off ``avoid``.

    >>> clear_of(Rect(0, 40, 10, 10), Rect(0, 45, 10, 20), Rect(0, 0, 100, 100))
    Rect(0, 35, 10, 10)
    >>> clear_of(Rect(0, 60, 10, 10), Rect(0, 45, 10, 20), Rect(0, 0, 100, 100))
    Rect(0, 65, 10, 10)
    """
    if not rect.colliderect(avoid):
        return rect
    up = rect.move(0, avoid.top - rect.bottom)
    down = rect.move(0, avoid.bottom - rect.top)
    inside = [r for r in (up, down) if within.contains(r)] or [up, down]
    return min(inside, key=lambda r: abs(r.centery - rect.centery))


def line_step(count: int, card_w: int, line_w: int, gap: int = 3) -> float:
    """Horizontal step between fanned cards so ``count`` cards fit in ``line_w``."""
    if count <= 1:
        return float(card_w + gap)
    return min(float(card_w + gap), (line_w - card_w) / (count - 1))


def fan(seat: SeatLayout, numbers: int, mods: int) -> tuple[float, float, int]:
    """How a hand of ``numbers`` number cards and ``mods`` modifier cards shares the seat:
    (step between numbers, step between modifiers, the modifiers' width). The modifiers fan
    at the right, the numbers from the left, never one over the other; when both are long
    they share the room so that every corner index shows."""
    cw = seat.card[0]
    width = seat.line.w
    if mods <= 0:
        return line_step(numbers, cw, width), 0.0, 0
    gap = max(3, cw // 8)
    mod_step = (
        0.0
        if mods == 1
        else max(cw * MOD_INDEX, min(cw + 3.0, (seat.mods.w * 0.45 - cw) / (mods - 1)))
    )
    if cw + (mods - 1) * mod_step + gap + cw + max(0, numbers - 1) * cw * 0.3 > width:
        mod_step = num_step = (width - 2 * cw - gap) / max(1, mods - 1 + max(0, numbers - 1))
    mods_w = round(cw + (mods - 1) * mod_step)
    num_step = line_step(numbers, cw, width - mods_w - gap)
    return num_step, mod_step, mods_w


def line_card_rect(seat: SeatLayout, index: int, count: int, mods: int = 0) -> Rect:
    """Where card ``index`` of a line of ``count`` number cards lies, beside ``mods``
    modifier cards (which the line never covers)."""
    cw, ch = seat.card
    step = fan(seat, count, mods)[0]
    return Rect(round(seat.line.x + index * step), seat.line.y, cw, ch)


def mods_width(seat: SeatLayout, count: int, numbers: int = 0) -> int:
    """The width of a fan of ``count`` modifier cards (0 for none) beside ``numbers``."""
    return fan(seat, numbers, count)[2]


def mod_card_rect(seat: SeatLayout, index: int, count: int, numbers: int = 0) -> Rect:
    """Where modifier card ``index`` (of ``count``, beside ``numbers`` number cards) lies:
    a fan at the right of the seat, from the top of the modifiers' strip down beside the
    line, never under a number card."""
    cw, ch = seat.card
    _, step, width = fan(seat, numbers, count)
    return Rect(seat.mods.right - width + round(index * step), seat.mods.y, cw, ch)


@dataclass(frozen=True)
class PanelLayout:
    """The side panel: round header, the Flip Three tray, the effect queue, the table log."""

    header: Rect
    tray_title: Rect
    tray_line: Rect
    slots: tuple[Rect, Rect, Rect]
    staged_title: Rect
    staged: Rect  # staged cards fan left to right in here
    queue_title: Rect
    queue_rows: tuple[Rect, ...]
    log_title: Rect
    log: Rect
    card: tuple[int, int]  # slot card size
    small: tuple[int, int]  # staged / queue card size


def panel_layout(panel: Rect, unit: float) -> PanelLayout:
    pad = max(8, round(14 * unit))
    x, w = panel.x + pad, panel.w - 2 * pad
    title_h = round(24 * unit)
    y = panel.y + pad
    header = Rect(x, y, w, round(42 * unit))  # the round, then the target and speed
    y = header.bottom + pad
    tray_title = Rect(x, y, w, title_h)
    tray_line = Rect(x, tray_title.bottom, w, round(34 * unit))
    ch = min(round(92 * unit), int((w - 2 * pad) / 3 * CARD_RATIO))
    cw = round(ch / CARD_RATIO)
    slot_gap = (w - 3 * cw) // 4
    sy = tray_line.bottom + round(6 * unit)
    slot_x = [x + slot_gap + i * (cw + slot_gap) for i in range(3)]
    slots = (Rect(slot_x[0], sy, cw, ch), Rect(slot_x[1], sy, cw, ch), Rect(slot_x[2], sy, cw, ch))
    y = sy + ch + pad
    staged_title = Rect(x, y, w, title_h)
    sh = round(ch * 0.72)
    small = (round(sh / CARD_RATIO), sh)
    staged = Rect(x, staged_title.bottom + round(4 * unit), w, sh)
    y = staged.bottom + pad
    queue_title = Rect(x, y, w, title_h)
    row_h = round(small[1] * 0.62)
    rows = tuple(
        Rect(x, queue_title.bottom + round(4 * unit) + i * row_h, w, row_h - 2) for i in range(5)
    )
    y = rows[-1].bottom + pad
    log_title = Rect(x, y, w, title_h)
    log = Rect(x, log_title.bottom, w, max(0, panel.bottom - pad - log_title.bottom))
    return PanelLayout(
        header,
        tray_title,
        tray_line,
        slots,
        staged_title,
        staged,
        queue_title,
        rows,
        log_title,
        log,
        (cw, ch),
        small,
    )


def staged_card_rect(panel: PanelLayout, index: int, count: int) -> Rect:
    cw, ch = panel.small
    step = line_step(count, cw, panel.staged.w, gap=round(cw * 0.15))
    return Rect(round(panel.staged.x + index * step), panel.staged.y, cw, ch)


def queue_area(panel: PanelLayout, queued: int) -> Rect:
    """The effect queue as the panel shows it: its heading and the rows ``queued`` cards
    use (one at least, for "—"); the log rises over the rows left empty."""
    rows = panel.queue_rows
    return panel.queue_title.union(rows[min(len(rows), max(1, queued)) - 1])


def queue_card_rect(panel: PanelLayout, index: int) -> Rect:
    """The little card at the start of queue row ``index``."""
    row = panel.queue_rows[min(index, len(panel.queue_rows) - 1)]
    return Rect(row.x, row.y, round(row.h / CARD_RATIO), row.h)
