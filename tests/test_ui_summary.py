"""The round summary and the game over at the table's biggest, 18 seats: after the window
grows, their rows grow with it and the figures stay together."""

import pygame
import pytest

from game.rules import RuleOptions
from ui import i18n
from ui.config import Seat
from ui.driver import make_app, pump, resize
from ui.table.summary import GameOver, RoundSummary


@pytest.fixture(autouse=True)
def _close_display():
    yield
    pygame.display.quit()
    i18n.set_language("en")


def play_to(app, table, kind):
    for _ in range(5000):
        top = app.stack.top
        if isinstance(top, kind):
            return top
        if isinstance(top, RoundSummary):
            top.choose("next")
        table.presenter.skip()
        pump(app)
    raise AssertionError(f"no {kind.__name__}")


def rows_after(app, size):
    resize(app, size, 2)
    app.draw()
    return list(app.stack.top.row_rects)


@pytest.mark.parametrize("kind", [RoundSummary, GameOver])
def test_eighteen_rows_grow_to_fill_a_bigger_window(kind):
    app = make_app(seed=3, think_time=0.0, lang="en", size=(1280, 720))
    seats = [Seat(f"Bot{i}", "baseline") for i in range(18)]
    table = app.start_game(seats, demo=True, rules=RuleOptions(target=60))
    overlay = play_to(app, table, kind)
    overlay.auto = None  # it waits while the window changes
    small = rows_after(app, (1280, 720))
    big = rows_after(app, (1500, 850))
    assert len(small) == len(big) == 18
    assert big[0].h > small[0].h  # the rows grow…
    dialog = overlay.dialog()
    used = big[-1].bottom - big[0].top
    share = 0.42 if kind is GameOver else 0.7  # …over the height the dialog gives them
    assert used >= dialog.h * share, (used, dialog.h)
    if kind is GameOver:  # the rounds' figures sit close to the totals, not a gap apart
        assert overlay.stats_left - overlay.rounds_right <= 0.25 * dialog.w
    assert rows_after(app, (1280, 720))[0].h == small[0].h  # and shrink back
