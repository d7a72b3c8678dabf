"""The round summary and the game over at the table's biggest, 18 seats: after the window
grows, their rows grow with it and the figures stay together."""

import pytest

from game.rules import RuleOptions
from ui import i18n
from ui.config import Seat
from ui.driver import make_app, pump, resize
from ui.table.summary import GameOver, RoundSummary


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


@pytest.mark.parametrize(("lang", "label"), [("en", "Next round"), ("fr", None), ("de", None)])
def test_the_demos_round_summary_counts_down_on_its_button_and_moves_on_at_zero(lang, label):
    from ui.config import demo_seats

    app = make_app(seed=3, think_time=0.0, lang=lang, size=(1280, 720), speed=1.0)
    table = app.start_game(demo_seats(), demo=True)
    summary = play_to(app, table, RoundSummary)
    label = label or i18n.t("button.next_round")
    button = summary.buttons["next"]
    assert summary.auto == pytest.approx(3.0, abs=0.1)
    seen = []
    for _ in range(200):  # a tenth of a second a pass
        if app.stack.top is not summary:
            break
        seen.append(button.text)
        assert summary.wakeup() is not None and summary.wakeup() <= 1.0 + 1e-9
        pump(app, 1, dt=0.1)
    assert app.stack.top is not summary and table.game.round_no == 2  # moved on at zero
    counted = list(dict.fromkeys(seen))  # each text once, in order
    assert counted == [f"{label} (3)", f"{label} (2)", f"{label} (1)"]
    assert 9 <= seen.count(f"{label} (2)") <= 11  # about a second each


def test_a_game_with_people_has_no_countdown():
    app = make_app(seed=3, think_time=0.0, lang="en", size=(1280, 720))
    seats = [Seat("Ana", None), Seat("Ben", "baseline")]
    table = app.start_game(seats)
    summary = play_to_with_people(app, table)
    assert summary.auto is None and summary.buttons["next"].text == "Next round"
    pump(app, 200, dt=0.1)
    assert app.stack.top is summary  # it waits for a person


def play_to_with_people(app, table):
    from game.state import Action

    for _ in range(2000):
        top = app.stack.top
        if isinstance(top, RoundSummary):
            return top
        table.presenter.skip()
        pump(app)
        if table.driver.ready_turn() is not None:
            table.driver.act(Action.stay(0))
    raise AssertionError("no round summary")


@pytest.mark.parametrize("kind", [RoundSummary, GameOver])
def test_the_summaries_are_drawn_from_the_display_model_alone(kind, monkeypatch):
    import pygame

    from ui.table.table import TableScene

    app = make_app(seed=5, think_time=0.0, lang="en", size=(1280, 720))
    seats = [Seat(f"Bot{i}", "baseline") for i in range(4)]
    table = app.start_game(seats, demo=True, rules=RuleOptions(target=60))
    overlay = play_to(app, table, kind)
    overlay.auto = None
    drawn = pygame.image.tobytes(overlay.render(), "RGBA")

    def no_engine(self):
        raise AssertionError("drawing read the engine")

    monkeypatch.setattr(TableScene, "game", property(no_engine))
    assert pygame.image.tobytes(overlay.render(), "RGBA") == drawn
