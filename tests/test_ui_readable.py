"""Readable at every size: what the table lays over itself never hides what a
player must read — the FLIP 7! banner and the caption under the piles, the badges and
the round-score bubble and the value of a card (its corner index and its centre)."""

from __future__ import annotations

import pygame
import pytest

from game import events as ev
from tests.tiers import tour
from ui.assets import GOLD
from ui.config import Seat
from ui.driver import make_app, pump, table_of

SIZES = [(1280, 720), (1024, 600), (800, 500)]


def table_at(size, seats: int, lang: str = "en"):
    app = make_app(size=size, seed=3, think_time=0.0, lang=lang, reduced_motion=True)
    app.start_game([Seat(f"P{i}", None) for i in range(seats)], dealer=seats - 1)
    pump(app)
    return app, table_of(app)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", [2, 4, 18])
def test_the_flip7_banner_never_covers_the_caption_under_the_piles(size, seats):
    app, table = table_at(size, seats)
    p = table.presenter
    caption = p.layout.caption
    for seat in range(seats):
        p._Flip7(ev.Flip7(seat)).start()
        banner = p.banners[-1]
        img = app.assets.pill(banner.text, banner.size, GOLD, banner.bg)
        rect = img.get_rect(center=(round(banner.pos[0]), round(banner.pos[1])))
        assert not rect.colliderect(caption), (seat, rect, caption)
        assert p.layout.table.contains(rect), (seat, rect)


def values(seat_lay, hand) -> list[pygame.Rect]:
    """Where the values of a hand's cards show: every card's corner index (top left) and
    the centre of the top card of each fan (the others are half covered there)."""
    from ui.table import layout as L

    n, m = len(hand.numbers), len(hand.cards()) - len(hand.numbers)
    lines = [L.line_card_rect(seat_lay, i, n, m) for i in range(n)]
    mods = [L.mod_card_rect(seat_lay, i, m, n) for i in range(m)]
    out = [pygame.Rect(r.x, r.y, round(r.w * 0.32), round(r.h * 0.24)) for r in lines + mods]
    for fan in (lines, mods):
        if fan:
            r = fan[-1]
            centre = pygame.Rect(0, 0, round(r.w * 0.5), round(r.h * 0.3))
            centre.center = r.center
            out.append(centre)
    return out


def full_hand(status: str):
    from ui.table.display import ShownHand

    numbers = ["12", "11", "10", "9", "8", "7", "6"]
    return ShownHand(numbers, ["x2", "+8"], second_chance=False, status=status, flip7=True)


@pytest.mark.parametrize("size", tour(*SIZES))
@pytest.mark.parametrize("seats", [4, 18])
@pytest.mark.parametrize("status", ["stayed", "frozen"])
@pytest.mark.parametrize("lang", tour("de", "en", "fr"))
def test_the_status_stamps_never_sit_on_a_cards_value(size, seats, status, lang):
    app, table = table_at(size, seats, lang)
    p = table.presenter
    p.labels.clear()
    for seat in range(seats):
        p.shown.hands[seat] = full_hand(status)
    view = table.table_view
    view.draw(app.screen, p.layout, p.shown, p, table.driver.seat_states())
    for seat in range(seats):
        stamp = view.stamps[seat]
        hit = stamp.collidelistall(values(p.layout.seats[seat], p.shown.hands[seat]))
        assert not hit, (seat, stamp)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", [4, 18])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_round_score_bubble_never_sits_on_a_cards_value(size, seats, lang):
    app, table = table_at(size, seats, lang)
    p = table.presenter
    results = []
    for seat in range(seats):
        p.shown.hands[seat] = hand = full_hand("stayed")
        results.append(
            ev.HandResult(
                tuple(hand.numbers), ("x2", "+8"), False, True, hand.score(), "63 × 2 + 8 + 15"
            )
        )
    for seat in range(seats):
        label = p._score_label(seat, results[seat])
        img = app.assets.pill(label.text, label.size, label.color, label.bg)
        rect = img.get_rect(center=(round(label.pos[0]), round(label.pos[1])))
        hit = rect.collidelistall(values(p.layout.seats[seat], p.shown.hands[seat]))
        assert not hit, (seat, rect)
        seat_lay = p.layout.seats[seat]
        assert seat_lay.box.contains(rect), (seat, rect)
        total = app.assets.text("888", seat_lay.big, GOLD)  # the total counts up at the right
        assert rect.right <= seat_lay.header.right - total.get_width(), (seat, rect)
