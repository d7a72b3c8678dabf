"""Driving the app without a person: posted clicks and keys, a fixed clock.

Used by the headless tests and by ``tools.screenshot``/``tools.bench_ui``.
Input goes through the real event queue, the real pygame_gui buttons and the
real scenes, exactly as a player's would.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from game.state import Action  # noqa: E402
from ui.app import App  # noqa: E402
from ui.config import Config  # noqa: E402
from ui.table.net import NetDriver  # noqa: E402
from ui.table.play import HANDOVER_GUARD, PlayDriver  # noqa: E402
from ui.table.table import TableScene  # noqa: E402
from ui.table.tutorial import LessonDriver  # noqa: E402

DT = 1 / 30


def headless() -> None:
    """Use SDL's dummy video and audio drivers (call before creating an App)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def scratch_home() -> str:
    """A fresh home folder for settings and saves, removed at exit: a test or a tool
    never reads or writes the player's real ones."""
    home = tempfile.mkdtemp(prefix="flip7-home-")
    atexit.register(shutil.rmtree, home, True)
    return home


def make_app(**config) -> App:
    """An app driven by posted events; ``home`` defaults to a scratch folder."""
    headless()
    config.setdefault("home", scratch_home())
    return App(Config(**config))


def driven_by(scene: object, kind: type) -> bool:
    """``scene`` is the table view, driven by a ``kind`` driver (ui.table.drive)."""
    return isinstance(scene, TableScene) and isinstance(scene.driver, kind)


def play_driver(table: TableScene) -> PlayDriver:
    """What decides at ``table``: its play driver (in a lesson, the one the lesson leads)."""
    driver = table.driver
    if isinstance(driver, LessonDriver | NetDriver):
        driver = driver.play
    assert isinstance(driver, PlayDriver), driver
    return driver


def table_of(app: App) -> TableScene | None:
    return next((s for s in reversed(app.stack.scenes) if isinstance(s, TableScene)), None)


def open_table(app: App) -> TableScene:
    """The table being played; AssertionError if none is open."""
    table = table_of(app)
    assert table is not None, "no table is open"
    return table


def pump(app: App, frames: int = 1, dt: float = DT) -> None:
    """``frames`` passes of the loop, none drawn: what is on screen is drawn when a test
    looks (``app.screen`` read, or :func:`look`); then, as a person looking a moment later
    would find it, the autosave written (ui.storage.writer) and any failure of it told."""
    for _ in range(frames):
        app.step(dt=dt, draw=False)
    app.saves.writer.flush()
    app.tell_autosave_problems()


def look(app: App) -> pygame.Surface:
    """The window as a person sees it now: drawn, with what the drawing records (where
    names, labels and boxes went) up to date."""
    app.draw()
    return app.screen


def wait_until(app: App, done, seconds: float = 60.0, dt: float = DT) -> None:
    """Step the app (real time passing too) until ``done()``: work done off the window's
    thread (the coach's review, a plug-in's decision). AssertionError after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "still waiting"
        app.step(dt=dt, draw=False)
        time.sleep(0.005)


def click(app: App, pos, frames: int = 2) -> None:
    """A left click at ``pos`` (down and up), then ``frames`` loop passes."""
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    pump(app, frames)


def press(app: App, key: int, frames: int = 2) -> None:
    """A key press (down and up), then ``frames`` loop passes."""
    name = pygame.key.name(key)
    text = name if len(name) == 1 else (" " if key == pygame.K_SPACE else "")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=text, scancode=0))
    pump(app, frames)


def resize(app: App, size, frames: int = 1) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=tuple(size))
    )
    pump(app, frames)


def settle(app: App) -> None:
    """Play every queued animation at once (stopping at a round summary), then wait, as
    a person would, until a prompt for a human accepts input (a hot-seat hand-over)."""
    table = open_table(app)
    for _ in range(3):
        table.presenter.skip()
        app.step(dt=DT, draw=False)
    if isinstance(table.driver, PlayDriver | LessonDriver | NetDriver):  # else a replay
        play = play_driver(table)
        for _ in range(round(HANDOVER_GUARD / DT) + 2):
            if play.human_turn() is None or play.ready_turn() is not None:
                break
            app.step(dt=DT, draw=False)


def move(app: App, text: str) -> None:
    """``"Léa hit"``, ``"Léa stay"``, ``"Lucas > Ada"``: that action, through the table."""
    table = open_table(app)
    names = list(table.game.players)
    if " > " in text:
        who, target = text.split(" > ")
        action = Action.choose(names.index(who), names.index(target))
    else:
        who, verb = text.rsplit(" ", 1)
        seat = names.index(who)
        action = Action.hit(seat) if verb == "hit" else Action.stay(seat)
    assert action in table.game.legal_actions(), (text, table.game.pending)
    play_driver(table).act(action)


def button_center(scene, name: str) -> tuple[int, int]:
    return scene.buttons[name].rect.center


def type_text(app: App, text: str, frames: int = 1) -> None:
    """Type ``text`` into the focused text entry, as the keyboard would."""
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    pump(app, frames)


def clear_entry(app: App, frames: int = 1) -> None:
    """Select all (Ctrl+A) and delete the focused entry's text, with keys."""
    pygame.event.post(
        pygame.event.Event(
            pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="", scancode=0
        )
    )
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0)
    )
    pump(app, frames)


def lesson_answer(scene, target_key: int = pygame.K_1, stay_when_asked: bool = True) -> int | None:
    """The key a newcomer presses in the lesson (ui.table.tutorial) now: Enter on a caption
    that waits for OK, ``target_key`` for a card to give, S where the lesson offers the
    stay (``stay_when_asked``) and in free play between lessons, else H; None when
    nothing waits for them."""
    step, d = scene.driver.step, scene.driver.ready_turn()
    if step is not None and step.want == "ok":
        return pygame.K_RETURN
    if d is None:
        return None
    if d.kind != "hit_or_stay":
        return target_key
    if step is None or (step.key == "stay" and stay_when_asked):
        return pygame.K_s
    return pygame.K_h
