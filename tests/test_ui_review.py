"""The coach in the window: the game-over screen's Review, the replay viewer's marks."""

from pathlib import Path

import pygame
import pytest

from tests.tiers import tour
from ui import i18n
from ui.driver import button_center, click, driven_by, make_app, press, pump, wait_until
from ui.table import coach
from ui.table.coach import line_msg, mark_rects, marks, strip_rect
from ui.table.draw_table import TableView
from ui.table.replay import ReplayDriver
from ui.table.review_screen import ReviewProgressScene, ReviewScene
from ui.table.summary import GameOver
from ui.table.table import TableScene

PROJECT = Path(__file__).resolve().parent.parent
SEED004 = PROJECT / "examples" / "seed004_last_round.json"


def test_review_from_the_game_over_screen_jumps_to_a_costly_decision():
    app = make_app(size=(1280, 720), seed=7, lang="en", speed=8.0)
    app.load_game(SEED004)
    pump(app, 3)
    over = app.stack.top
    assert isinstance(over, GameOver) and "review" in over.buttons
    click(app, button_center(over, "review"))
    wait_until(app, lambda: isinstance(app.stack.top, ReviewScene))
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    replay = app.stack.scenes[-2]
    assert driven_by(replay, ReplayDriver) and not replay.driver.playing
    assert review.review.seats == ["Hugo", "Léa", "Lucas", "Chloé"]  # every seat a human
    worst = review.worst
    assert worst and all(d.costly for d in worst) and "go0" in review.buttons
    for lang in i18n.LANGS:  # every line reads in every language
        i18n.set_language(lang)
        assert all("{" not in str(line_msg(d)) for d in review.review.decisions)
        pump(app, 1)
    i18n.set_language("en")
    click(app, button_center(review, "go0"))
    assert app.stack.top is replay and replay.driver.k == worst[0].action
    assert replay.driver.bar()[1].endswith(str(line_msg(worst[0], short=True)))  # in the bar
    # the marks: [ and ] step through them, a click on the strip jumps to the nearest
    ks = marks(replay.driver.review)
    press(app, pygame.K_HOME)
    press(app, pygame.K_RIGHTBRACKET)
    assert replay.driver.k == ks[0]
    press(app, pygame.K_END)
    press(app, pygame.K_LEFTBRACKET)
    assert replay.driver.k == ks[-1]
    r = strip_rect(replay.driver)
    click(app, (r.x + 1, r.centery))
    assert replay.driver.k == ks[0]
    press(app, pygame.K_c)
    assert isinstance(app.stack.top, ReviewScene)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is over  # the replay was opened over the game over


@pytest.mark.parametrize("lang", tour("en", "fr", "de"))
@pytest.mark.parametrize("size", tour((800, 500), (1024, 600), (1280, 720), (1920, 1080)))
def test_the_coach_strip_keeps_clear_of_the_bar_s_words(monkeypatch, lang, size):
    """The strip's band and marks leave a row of pixels at least between them and every
    word of the bar (its shadow included): at the costliest decision, its verdict on two
    lines, and at the end of the file."""
    words = []
    draw_bar = TableScene._draw_bar

    def spy(self, surface, q):  # the bar's words alone, on a clear layer
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        draw_bar(self, layer, q)
        words.append(pygame.mask.from_surface(layer, 1))
        draw_bar(self, surface, q)

    monkeypatch.setattr(TableScene, "_draw_bar", spy)
    app = make_app(size=size, lang=lang, seed=11)
    scene = app.open_replay(SEED004)
    coach.command(scene.driver, "coach")
    wait_until(app, lambda: scene.driver.review is not None and app.stack.top is not scene)
    press(app, pygame.K_ESCAPE)
    worst = max(scene.driver.review.decisions, key=lambda d: d.cost_win)
    for k in (worst.action, len(scene.driver.replay)):
        scene.driver.goto(k)
        pump(app, 2)
        words.clear()
        app.draw()
        (ink,) = words
        drawn = mark_rects(scene.driver)
        assert len(drawn) > 2  # the band, a costly decision at least, the one shown
        for rect, _color in drawn:
            near = rect.inflate(2, 2)
            assert ink.overlap_area(pygame.mask.Mask(near.size, fill=True), near.topleft) == 0, (
                k,
                rect,
            )


def test_the_replay_viewer_has_a_coach_button(tmp_path):
    app = make_app(size=(1024, 640), lang="fr", replay=str(SEED004))
    pump(app, 3)
    scene = app.stack.top
    assert driven_by(scene, ReplayDriver) and scene.driver.review is None
    click(app, button_center(scene, "coach"))
    wait_until(app, lambda: isinstance(app.stack.top, ReviewScene))
    assert scene.driver.review is not None
    pump(app, 2)
    press(app, pygame.K_RETURN)
    assert app.stack.top is scene


@pytest.mark.slow  # the real loop, 4 s of real time
def test_every_idle_frame_with_the_coach_is_a_full_redraw(tmp_path):
    from tests.realtime import run_live, tap

    app = make_app(size=(1280, 720), lang="en", replay=str(SEED004))
    script = (
        tap(0.1, pygame.K_c)
        + [(1.0, lambda: app.set_language("de"))]
        + tap(1.5, pygame.K_1)
        + tap(2.0, pygame.K_RIGHTBRACKET)
        + tap(2.5, pygame.K_LEFTBRACKET)
        + [(3.5, lambda: None)]
    )

    def reviewed(app) -> bool:  # the coach's review done (on a busy machine: after the keys)
        return driven_by(app.stack.top, ReplayDriver) and app.stack.top.driver.review is not None

    assert run_live(app, script, until=reviewed, keep=tmp_path, timeout=12) > 0


def long_game_file(tmp_path, decisions: int = 600) -> Path:
    """The first decisions of an 18-seat game to 10,000 points, every seat a person: a
    review of several seconds."""
    import json

    from tools.bench_review import largest_game

    data = largest_game(1)
    data["actions"] = data["actions"][:decisions]
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data))
    return path


def test_the_coach_reviews_off_the_windows_thread_with_a_bar_and_a_cancel(tmp_path):
    import time

    app = make_app(size=(1024, 640), lang="en", replay=str(long_game_file(tmp_path)))
    pump(app, 3)
    scene = app.stack.top
    press(app, pygame.K_c)
    progress = app.stack.top
    assert isinstance(progress, ReviewProgressScene) and scene.driver.review is None
    frames, longest, start = 0, 0.0, time.monotonic()
    while frames < 20 or progress.job.fraction == 0:  # frames drawn while the review runs
        assert time.monotonic() - start < 60
        step = time.monotonic()
        app.step(dt=1 / 30)
        longest = max(longest, time.monotonic() - step)
        frames += 1
        time.sleep(0.01)
    assert longest < 0.5 and 0 < progress.job.fraction < 1 and not progress.job.finished
    press(app, pygame.K_ESCAPE)  # cancel
    assert app.stack.top is scene and scene.driver.review is None
    wait_until(app, lambda: progress.job.finished, seconds=5)  # it stopped at once
    assert progress.job.review is None


def test_a_verdict_too_long_for_the_bar_is_shown_whole_over_the_table():
    app = make_app(size=(800, 500), lang="fr", replay=str(SEED004))
    pump(app, 3)
    scene = app.stack.top
    click(app, button_center(scene, "coach"))
    wait_until(app, lambda: isinstance(app.stack.top, ReviewScene))
    press(app, pygame.K_1)  # the costliest decision
    assert app.stack.top is scene
    verdict = coach.bar_note(scene.driver, "")
    assert verdict
    prompt = scene.driver.prompt()
    assert prompt.note == verdict  # over the table
    assert not any(verdict in d for d in prompt.details)  # the bar says what comes next
    drawn: list[str] = []
    wrapped = app.assets.wrapped

    def spy(text, *args, **kwargs):
        drawn.append(str(text))
        return wrapped(text, *args, **kwargs)

    app.assets.wrapped = spy
    scene.table_view = TableView(app.assets)  # a view that draws everything afresh
    app.draw()
    assert verdict in drawn  # the table's caption holds it, whole
