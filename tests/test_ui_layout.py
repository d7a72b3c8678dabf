"""The table layout fits 2–18 seats from 1024×640 to 3840×2160, nothing overlapping.

``ui.table.layout`` is pure geometry: no window is opened here.
"""

import itertools
import math
import os

import pytest

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pygame import Rect  # noqa: E402

from ui.table import layout as L  # noqa: E402

SIZES = [(1024, 640), (1280, 720), (1920, 1080), (3840, 2160)]
SEATS = range(2, 19)


def top_level(lay: L.TableLayout) -> dict[str, Rect]:
    """Rects that must not overlap one another."""
    rects = {f"seat{i}": s.box for i, s in enumerate(lay.seats)}
    rects.update(
        panel=lay.panel,
        bar=lay.bar,
        draw=lay.draw_pile,
        discard=lay.discard_pile,
        in_play=lay.in_play,
        caption=lay.caption,
    )
    return rects


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", SEATS)
def test_nothing_overlaps_and_everything_is_on_screen(size, n):
    lay = L.table_layout(size, n)
    screen = Rect((0, 0), size)
    assert len(lay.seats) == n
    rects = top_level(lay)
    for name, r in rects.items():
        assert screen.contains(r), (name, r)
        assert r.w > 0 and r.h > 0, name
    for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
        assert not ra.colliderect(rb), (a, ra, b, rb)
    for name in ("prompt", "hint", "hit_button", "stay_button"):
        assert lay.bar.contains(getattr(lay, name)), name
    assert not lay.hit_button.colliderect(lay.stay_button)
    assert not lay.prompt.colliderect(lay.hit_button)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", SEATS)
def test_a_seat_holds_its_header_modifiers_and_a_line_of_seven(size, n):
    lay = L.table_layout(size, n)
    for seat in lay.seats:
        for part in (seat.header, seat.mods, seat.line):
            assert seat.box.contains(part)
        assert seat.header.bottom <= seat.mods.y and seat.mods.bottom <= seat.line.y
        cw, ch = seat.card
        assert cw >= 24 and ch >= 34, (size, n, seat.card)  # numerals stay legible
        for count in range(1, 9):
            for i in range(count):
                card = L.line_card_rect(seat, i, count)
                assert seat.box.contains(card)
                assert seat.box.contains(L.mod_card_rect(seat, i, count))
            if count > 1:  # fanned cards still show their corner index
                step = L.line_card_rect(seat, 1, count).x - L.line_card_rect(seat, 0, count).x
                assert step >= cw * 0.3


@pytest.mark.parametrize("size", SIZES)
def test_the_panel_sections_stack_inside_the_panel(size):
    lay = L.table_layout(size, 6)
    p = L.panel_layout(lay.panel, lay.unit)
    parts = [
        p.header,
        p.tray_title,
        p.tray_line,
        *p.slots,
        p.staged_title,
        p.staged,
        p.queue_title,
        *p.queue_rows,
        p.log_title,
    ]
    for r in parts:
        assert lay.panel.contains(r), r
    for a, b in itertools.combinations(
        [
            p.header,
            p.tray_title,
            p.tray_line,
            p.slots[0],
            p.staged_title,
            p.staged,
            p.queue_title,
            *p.queue_rows,
            p.log_title,
        ],
        2,
    ):
        assert not a.colliderect(b), (a, b)
    for i in range(5):
        assert p.staged.contains(L.staged_card_rect(p, i, 5))


@pytest.mark.parametrize("n", [2, 4, 6, 9, 18])
def test_seats_go_clockwise_from_the_bottom(n):
    """R3.1: play passes to the left; seen from above, seat 0 sits at the bottom and seat 1
    is to its left (clockwise), the last seat to its right."""
    lay = L.table_layout((1280, 720), n)
    boxes = [s.box for s in lay.seats]
    assert boxes[0].bottom == max(b.bottom for b in boxes)
    cx, cy = lay.center.center
    angles = [math.atan2(b.centery - cy, b.centerx - cx) for b in boxes]
    # clockwise on screen (y down: bottom, left, top, right) the angle grows
    turns = [(angles[(i + 1) % n] - angles[i]) % (2 * math.pi) for i in range(n)]
    assert all(0 < tt < math.pi * 1.5 for tt in turns), turns
    assert sum(turns) == pytest.approx(2 * math.pi)


def test_bigger_windows_get_bigger_cards():
    small = L.table_layout((1024, 640), 8).seats[0].card
    big = L.table_layout((3840, 2160), 8).seats[0].card
    assert big[0] > 2 * small[0]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", SEATS)
def test_the_number_line_never_covers_a_modifier(size, n):
    """Modifiers and Second Chance sit whole beside the line (a +6 and a +4 never vanish
    behind four numbers); every card's corner index stays in sight."""
    lay = L.table_layout(size, n)
    for seat in lay.seats:
        cw = seat.card[0]
        for mods in range(1, 9):
            for count in range(0, 8):
                fan = [L.mod_card_rect(seat, i, mods, count) for i in range(mods)]
                assert all(seat.box.contains(r) for r in fan)
                line = [L.line_card_rect(seat, i, count, mods) for i in range(count)]
                assert not any(c.colliderect(m) for c in line for m in fan), (size, n, mods)
                if mods + count <= 11:  # the corner indexes show (7 numbers and 4 modifiers)
                    steps = [
                        b.x - a.x for row in (fan, line) for a, b in zip(row, row[1:], strict=False)
                    ]
                    assert all(s >= cw * 0.2 for s in steps), (size, n, mods, count, steps)
