"""The real loop in real time: ``App.run`` as a person meets it, with two checks at
every nap (nothing moves, no input): the frame invariant — the window shows exactly
what a full redraw of the scene stack would show — and the rest invariant — one more
update of the scenes would change nothing (no bot's beat left unstarted, no prompt
unnoticed, no gate unopened: what input or a skip changed after the pass's update has
had its update)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pygame

from ui.app import App


class StaleFrame(AssertionError):
    pass


class StaleState(AssertionError):
    """The loop napped although an update would have changed something."""


def same_picture(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def run_live(
    app: App,
    script=(),
    until: Callable[[App], bool] | None = None,
    timeout: float = 10.0,
    keep: Path | None = None,
) -> int:
    """Run ``app.run()`` in real time. ``script``: ``(seconds, event or callable)`` posted
    (or called) when due. Stops at the first nap after the script is done where ``until``
    holds (default: at once). At every nap the screen must equal a fresh full redraw
    (``StaleFrame`` otherwise; both pictures are saved in ``keep``). Returns the naps
    checked."""
    script = sorted(script, key=lambda item: item[0])
    start = time.perf_counter()
    real_step, naps = app.step, [0]

    def step() -> None:
        now = time.perf_counter() - start
        if now > timeout:
            raise AssertionError(f"not done after {timeout} s")
        while script and script[0][0] <= now:
            what = script.pop(0)[1]
            what() if callable(what) else pygame.event.post(what)
        real_step()

    def nap(ms: int) -> None:
        fresh = app.screen.copy()
        app.render(fresh)
        if not same_picture(app.screen, fresh):
            if keep is not None:
                pygame.image.save(app.screen, str(keep / "on_screen.png"))
                pygame.image.save(fresh, str(keep / "full_redraw.png"))
            raise StaleFrame(f"the window is stale at {time.perf_counter() - start:.2f} s")
        if not at_rest(app):
            raise StaleState(
                f"the loop naps at {time.perf_counter() - start:.2f} s with an update pending"
            )
        naps[0] += 1
        if not script and (until is None or until(app)):
            app.quit()
        pygame.time.wait(ms)

    app.step, app.nap = step, nap
    try:
        app.run()
    finally:
        del app.step, app.nap
        app.running = True
    return naps[0]


def at_rest(app: App) -> bool:
    """True if an update of the scenes now (no time passing) asks for nothing: what the
    loop may nap on. (When it asks for something, the test fails anyway.)"""
    dirty, app.dirty = app.dirty, False
    app.stack.update(0.0)
    asked, app.dirty = app.dirty, dirty
    return not asked


def key(k: int, down: bool = True) -> pygame.event.Event:
    name = pygame.key.name(k)
    return pygame.event.Event(
        pygame.KEYDOWN if down else pygame.KEYUP,
        key=k,
        mod=0,
        unicode=name if len(name) == 1 else "",
        scancode=0,
    )


def tap(at: float, k: int) -> list[tuple[float, pygame.event.Event]]:
    """A key pressed at ``at`` seconds and released 60 ms later."""
    return [(at, key(k)), (at + 0.06, key(k, down=False))]
