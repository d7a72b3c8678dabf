"""The window, the scene stack and the loop: ``run(config)``.

The loop draws only when something changed or moves. With nothing moving it
sleeps in short naps between looks at the event queue (and wakes a scene that
asked for it: a bot's thinking beat), so an idle table costs next to no CPU.
"""

from __future__ import annotations

import logging
import os
import random
import sys
import time
import warnings
from dataclasses import dataclass

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from .assets import Assets  # noqa: E402
from .config import Config, Seat, demo_seats  # noqa: E402
from .draw_panel import PanelView  # noqa: E402
from .draw_table import TableView  # noqa: E402
from .i18n import set_language, system_language, t  # noqa: E402
from .layout import unit_for  # noqa: E402
from .menu import MenuScene  # noqa: E402
from .scene import SceneStack  # noqa: E402
from .summary import GameOver, RoundSummary  # noqa: E402
from .table import TableScene  # noqa: E402
from .theme import font_scale, make_manager  # noqa: E402

MIN_SIZE = (800, 500)
IDLE_POLL_MS = 25  # idle input latency; about 0.3 % of a core


@dataclass
class Views:
    """Drawing helpers shared by scenes (they hold the size-dependent caches)."""

    table: TableView
    panel: PanelView


class App:
    def __init__(self, config: Config) -> None:
        self.config = config
        lang = config.lang or system_language()
        set_language(lang)
        pygame.display.init()
        pygame.font.init()
        self.fullscreen = config.fullscreen
        self.screen = self._set_mode(config.size)
        pygame.display.set_caption(t("app.title"))
        self.assets = Assets(lang)
        self._font_scale = font_scale(unit_for(self.size))
        self.manager = make_manager(self.size, self._font_scale)
        self.views = Views(TableView(self.assets), PanelView(self.assets))
        self.stack = SceneStack()
        self.clock = pygame.time.Clock()
        self.running = True
        self.dirty = True
        self.frame = 0
        self._updated = time.perf_counter()
        seed = config.seed
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1 << 31)
        self.stack.push(MenuScene(self))
        if config.demo:
            self.start_game(config.players or demo_seats(), demo=True)
        elif config.players:
            self.start_game(config.players)

    # ------------------------------------------------------------ window
    def _set_mode(self, size) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        try:
            with warnings.catch_warnings():  # deprecated for drawing through it; we only size it
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):
            pass
        return screen

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def resize(self, size: tuple[int, int]) -> None:
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if pygame.display.get_surface().get_size() != size:
            self.screen = self._set_mode(size)
        self.screen = pygame.display.get_surface()
        scale = font_scale(unit_for(self.size))
        if scale != self._font_scale:
            self._font_scale = scale
            self.manager.clear_and_reset()
            self.manager = make_manager(self.size, scale)
        else:
            self.manager.set_window_resolution(self.size)
        self.assets.clear_sizes()
        self.stack.resize(self.size)
        self.invalidate()

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.screen = self._set_mode(self.config.size)
        self.resize(self.size)

    # ------------------------------------------------------------ scenes
    def invalidate(self) -> None:
        self.dirty = True

    def quit(self) -> None:
        self.running = False

    def start_game(self, seats: list[Seat], demo: bool = False, **game_args) -> TableScene:
        """A new table on top of the menu; ``game_args`` go to ``Game`` (deck, dealer, totals)."""
        self.stack.pop_to(MenuScene)
        table = TableScene(self, seats, self.seed, demo=demo, game_args=game_args)
        self.stack.push(table)
        self.invalidate()
        return table

    def to_menu(self) -> None:
        self.stack.pop_to(MenuScene)
        self.invalidate()

    def open_gate(self, table: TableScene, gate: str) -> None:
        """The table reached the end of a round or of the game: show it."""
        self.stack.push(GameOver(self, table) if gate == "game_over" else RoundSummary(self, table))
        self.invalidate()

    # ------------------------------------------------------------ loop
    def handle(self, event: pygame.event.Event) -> None:
        self.dirty = True
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if not self.manager.process_events(event):
            self.stack.handle_event(event)

    def step(self, dt: float | None = None) -> None:
        """One pass of the loop; ``dt`` given: a test's fixed time step, no waiting."""
        if dt is not None:
            events = pygame.event.get()
        elif self.dirty or self.stack.busy() or self.config.frames is not None:
            dt = min(self.clock.tick(self.config.fps) / 1000, 0.25)
            events = pygame.event.get()
        else:
            # Idle: pygame-ce's event.wait polls every millisecond, so nap for real and
            # look at the queue a few dozen times a second; update only when an event
            # came or a scene's wake-up time (a bot's thinking beat) has passed.
            wake = self.stack.wakeup()
            pygame.time.wait(IDLE_POLL_MS if wake is None
                             else max(1, min(IDLE_POLL_MS, int(wake * 1000))))
            events = pygame.event.get()
            idle_for = time.perf_counter() - self._updated
            if not events and (wake is None or idle_for < wake):
                self.frame += 1
                return
            dt = self.clock.tick() / 1000
        for event in events:
            self.handle(event)
            if not self.running:
                return
        self.stack.update(dt)
        self.manager.update(dt)
        self._updated = time.perf_counter()
        if self.dirty or self.stack.busy():
            self.draw()
        self.frame += 1

    def draw(self) -> None:
        self.stack.draw(self.screen)
        self.manager.draw_ui(self.screen)
        pygame.display.flip()
        self.dirty = False

    def run(self) -> int:
        frames = self.config.frames
        while self.running and (frames is None or self.frame < frames):
            self.step()
        if self.config.screenshot:
            self.draw()
            pygame.image.save(self.screen, self.config.screenshot)
        return 0


def run(config: Config) -> int:
    """Open the window and play until it is closed; the exit status."""
    if not getattr(pygame, "IS_CE", False):
        print("flip7: plain pygame is installed over pygame-ce; "
              "run `pip uninstall pygame pygame-ce && pip install pygame-ce`", file=sys.stderr)
        return 1
    logging.basicConfig(level=logging.WARNING, format="flip7: %(message)s")
    app = App(config)
    try:
        return app.run()
    finally:
        pygame.quit()
