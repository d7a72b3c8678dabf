"""Issue 13, readable at every size: what the table lays over itself never hides what a
player must read — the FLIP 7! banner and the caption under the piles, the badges and
the round-score bubble and the value of a card (its corner index and its centre)."""

from __future__ import annotations

import pygame
import pytest

from game import events as ev
from ui import i18n
from ui.assets import GOLD
from ui.config import Seat
from ui.driver import make_app, pump, table_of

SIZES = [(1280, 720), (800, 500)]


@pytest.fixture(autouse=True)
def _close_display():
    yield
    pygame.display.quit()
    i18n.set_language("en")


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
