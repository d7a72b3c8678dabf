"""The window as a person meets it: the real loop (``App.run``), real time, input only
as events. The frame invariant is checked at every idle nap (see ``tests/realtime.py``)."""

import json

import pygame
import pytest

from tests.realtime import key, run_live, tap
from ui import notice
from ui.config import Seat
from ui.driver import DT, driven_by, make_app, pump, settle, table_of
from ui.table.play import HANDOVER_GUARD
from ui.table.replay import ReplayDriver

EXAMPLE = "examples/seed004_last_round.json"
pytestmark = pytest.mark.slow  # the real loop in real time


def at_prompt(app) -> bool:
    table = table_of(app)
    return table is not None and table.driver.human_turn() is not None


def test_a_target_prompt_is_drawn_with_no_input_and_a_mouse_move_changes_nothing(tmp_path):
    """Once the Freeze settles, the prompt and the glowing seats are drawn without a mouse
    move (the frame in which the last animation ends is drawn)."""
    app = make_app(size=(1024, 600), seed=19, speed=2.0, lang="en")
    table = app.start_game(
        [Seat("Tess", None), Seat("Bo", "easy")], deck=["freeze", "5", "6"], dealer=1
    )
    naps = run_live(app, until=at_prompt, keep=tmp_path)
    assert naps > 0 and table.driver.human_turn().kind == "target"
    before = app.screen.copy()
    corner = pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 3), rel=(1, 1), buttons=(0, 0, 0))
    run_live(app, [(0.05, corner), (0.3, lambda: None)], keep=tmp_path)
    assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(before, "RGB")


def test_the_replay_viewer_never_keeps_a_half_faded_frame(tmp_path):
    """In the replay viewer, End, ←, → never leave a half-faded "Hugo wins!"."""
    app = make_app(size=(1280, 720), seed=1, speed=2.0, lang="en", replay=EXAMPLE)
    assert driven_by(app.stack.top, ReplayDriver)
    script = (
        tap(0.2, pygame.K_END)
        + tap(1.2, pygame.K_LEFT)
        + tap(2.0, pygame.K_RIGHT)
        + [(3.5, lambda: None)]
    )
    assert run_live(app, script, keep=tmp_path, timeout=12) > 0


def test_resize_language_notices_and_pause_are_always_drawn(tmp_path, monkeypatch):
    """Whatever changes the picture — a resize, a language switch, a notice expiring, a
    scene pushed and popped — the next idle screen is a full redraw."""
    monkeypatch.setattr(notice, "SECONDS", 0.6)
    app = make_app(size=(1280, 720), seed=3, speed=4.0, lang="en")
    app.start_game([Seat("Ana", None), Seat("Bo", "easy"), Seat("Cy", "easy")])
    run_live(app, until=at_prompt, keep=tmp_path)
    resize = pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=600, size=(1024, 600))
    script = [
        (0.1, lambda: app.notify("A notice that goes away")),
        (0.3, resize),
        (0.9, lambda: app.set_language("de")),
        *tap(1.4, pygame.K_ESCAPE),
        *tap(1.9, pygame.K_ESCAPE),
        (2.6, lambda: None),
    ]
    run_live(app, script, keep=tmp_path)
    assert not app.notices.items and app.size == (1024, 600)


# ------------------------------------------------------------------ hot seat
def hot_seat(tmp_path):
    app = make_app(size=(1280, 720), seed=5, speed=8.0, lang="en", home=str(tmp_path))
    table = app.start_game(
        [Seat("Marc", None), Seat("Tess", None), Seat("Ana", None)],
        deck=["5", "6", "7", "8", "9", "10", "11", "12"],
        dealer=2,
    )
    settle(app)
    assert table.driver.ready_turn().seat == 0
    return app, table


def post_key(k: int, down: bool = True) -> None:
    name = pygame.key.name(k)
    pygame.event.post(
        pygame.event.Event(
            pygame.KEYDOWN if down else pygame.KEYUP, key=k, mod=0, unicode=name, scancode=0
        )
    )


def wait(app, seconds: float) -> None:
    pump(app, round(seconds / DT))


@pytest.mark.parametrize("gap", [0.15, 0.4])
def test_a_double_tap_decides_only_for_the_person_whose_prompt_it_was(tmp_path, gap):
    """Marc's H pressed twice makes Marc hit, never Tess too."""
    app, table = hot_seat(tmp_path)
    post_key(pygame.K_h)
    post_key(pygame.K_h, down=False)
    wait(app, gap)
    assert (
        table.driver.human_turn() is not None and table.driver.human_turn().seat == 1
    )  # Tess's turn
    post_key(pygame.K_h)
    post_key(pygame.K_h, down=False)
    wait(app, 1.0)
    assert [(a.kind, a.seat) for a in table.game.actions] == [("hit", 0)]
    saved = json.loads((tmp_path / "data" / "autosave.json").read_text())
    assert len(saved["actions"]) == 1
    post_key(pygame.K_h)  # once her prompt has been on screen a moment, Tess decides
    post_key(pygame.K_h, down=False)
    wait(app, 0.2)
    assert [(a.kind, a.seat) for a in table.game.actions] == [("hit", 0), ("hit", 1)]


def test_the_hit_and_stay_buttons_are_greyed_during_a_hand_over(tmp_path):
    app, table = hot_seat(tmp_path)
    post_key(pygame.K_s)
    post_key(pygame.K_s, down=False)
    wait(app, 0.15)
    assert not table.buttons["hit"].is_enabled
    wait(app, HANDOVER_GUARD)
    assert table.buttons["hit"].is_enabled and table.driver.ready_turn().seat == 1


def test_a_held_key_auto_repeating_never_decides(tmp_path):
    app, table = hot_seat(tmp_path)
    post_key(pygame.K_h)  # Marc hits, and keeps the key down
    wait(app, 1.5)
    post_key(pygame.K_h)  # what auto-repeat sends: another KEYDOWN, no KEYUP
    wait(app, 0.3)
    assert len(table.game.actions) == 1
    post_key(pygame.K_h, down=False)
    post_key(pygame.K_h)
    wait(app, 0.3)
    assert [(a.kind, a.seat) for a in table.game.actions] == [("hit", 0), ("hit", 1)]


def test_random_input_in_real_time_never_leaves_a_stale_frame(tmp_path):
    """Any sequence: random keys, clicks and mouse moves at random moments, through the real
    loop; at every idle nap the window equals a fresh full redraw."""
    import random

    rng = random.Random(10)
    app = make_app(size=(1024, 600), seed=8, speed=3.0, lang="en", home=str(tmp_path))
    app.start_game([Seat("Ana", None), Seat("Ben", None), Seat("Bo", "easy")])
    keys = [
        pygame.K_h,
        pygame.K_s,
        pygame.K_1,
        pygame.K_2,
        pygame.K_SPACE,
        pygame.K_RETURN,
        pygame.K_m,
        pygame.K_PLUS,
        pygame.K_MINUS,
    ]
    script, at = [], 0.0
    for _ in range(30):
        at += rng.uniform(0.02, 0.25)
        pos = (rng.randrange(1024), rng.randrange(600))
        roll = rng.random()
        if roll < 0.5:
            script += tap(at, rng.choice(keys))
        elif roll < 0.8:
            script.append(
                (at, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
            )
        else:
            script += [
                (at, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)),
                (at + 0.05, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)),
            ]
    script.append((at + 1.0, lambda: None))
    assert run_live(app, script, keep=tmp_path, timeout=20) > 0


@pytest.mark.parametrize("delay", [0.5, 0.9, 1.3])
def test_a_skip_pressed_and_released_within_one_pass_lets_the_table_play_on(tmp_path, delay):
    """H, then Space ``delay`` seconds later, each pressed and released between two passes
    of the loop (as xdotool and a quick finger do), then nothing: the bots play on by
    themselves to the person's next prompt. The skip ended the animation after the pass's
    update; the loop must not nap before an update has seen it (a bot's beat to start)."""
    app = make_app(size=(1024, 600), seed=84, lang="en", home=str(tmp_path))
    table = app.start_game([Seat("Me", None), Seat("Ada", "normal"), Seat("Bob", "normal")])
    run_live(app, until=at_prompt, keep=tmp_path)
    made = len(table.game.actions)
    script = [
        (0.05, key(pygame.K_h)),
        (0.05, key(pygame.K_h, down=False)),
        (0.05 + delay, key(pygame.K_SPACE)),
        (0.05 + delay, key(pygame.K_SPACE, down=False)),
    ]
    run_live(app, script, until=lambda a: table.driver.ready_turn() is not None, keep=tmp_path)
    assert len(table.game.actions) > made + 1  # the bots played, then Me's prompt came back


def test_a_tooltip_shows_under_a_resting_pointer_with_no_mouse_move(tmp_path):
    """The pointer comes to rest on a replay button and nothing happens after: its tooltip
    shows a second later all the same (pygame_gui counts hover time only while the loop
    updates it, so the idle loop wakes for it)."""
    app = make_app(size=(1280, 720), lang="en", replay=EXAMPLE)
    scene = app.stack.top
    assert driven_by(scene, ReplayDriver)
    pos = scene.buttons["forward"].rect.center

    def rest_there():
        pygame.mouse.set_pos(pos)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
        )

    run_live(app, until=lambda a: not a.stack.busy(), keep=tmp_path)  # the deal is dealt
    run_live(app, [(0.1, rest_there), (1.8, lambda: None)], keep=tmp_path)
    tips = [s for s in app.manager.get_sprite_group().sprites() if type(s).__name__ == "UITooltip"]
    assert tips, "no tooltip under the resting pointer"
