"""The window, the scene stack and the loop: ``run(config)``.

The loop draws only when something changed or moves. With nothing moving it
sleeps in short naps between looks at the event queue (and wakes a scene that
asked for it: a bot's thinking beat), so an idle table costs next to no CPU.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import random
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterable, MutableMapping
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from game.bots import expert  # noqa: E402
from game.bots.plugins import static_problem  # noqa: E402
from game.engine import Game  # noqa: E402
from game.gamefile import BOT_LEVELS  # noqa: E402
from game.limits import printable  # noqa: E402
from game.rules import RuleOptions  # noqa: E402
from ui import paths  # noqa: E402
from ui import settings as settings_file  # noqa: E402
from ui.assets import Assets  # noqa: E402
from ui.config import Config, Resolved, Seat, demo_seats  # noqa: E402
from ui.i18n import set_language, system_language, t  # noqa: E402
from ui.notice import Notices  # noqa: E402
from ui.routes import CONFIRM_SCENE, HOME, HOME_SCENE, ROUTES, TABLE_SCENE  # noqa: E402
from ui.scene import Scene, SceneStack  # noqa: E402
from ui.settings import Settings  # noqa: E402
from ui.sound import Sound  # noqa: E402
from ui.storage import live_games  # noqa: E402
from ui.storage.saves import LoadError, Saves, load_file, write_game  # noqa: E402
from ui.storage.sheet_store import SHEETS_FOLDER, SheetStore, SheetStoreError  # noqa: E402
from ui.table import coach  # noqa: E402
from ui.table.replay_model import Replay, load_replay  # noqa: E402
from ui.theme import (  # noqa: E402
    clear_tooltips,
    font_scale,
    make_manager,
    tooltip_due,
    unit_for,
)

if TYPE_CHECKING:
    from ui.context import (
        Context,
        FilesContext,
        MenuContext,
        SettingsContext,
        SetupContext,
        TableContext,
    )
    from ui.screens.setup_model import TableSetup
    from ui.table.table import TableScene

    def _every_context(app: App) -> tuple[Context, ...]:
        """The App is every context its scenes are given: mypy checks it here."""
        table: TableContext = app
        menu: MenuContext = app
        setup: SetupContext = app
        files: FilesContext = app
        settings: SettingsContext = app
        return table, menu, setup, files, settings


MIN_SIZE = (800, 500)
IDLE_POLL_MS = 25  # idle input latency; about 0.3 % of a core
MAX_DT = 0.25  # a slow frame never jumps an animation further than this
MAX_IDLE_DT = 1.0  # time counted for a bot's beat or a notice's life after a nap
log = logging.getLogger("flip7")


class App:
    """The window: its loop, its scene stack, and everything a scene may ask of it (the
    contexts of ui/context.py and the scenes' own, which this class implements)."""

    def __init__(self, config: Config) -> None:
        self.dirs = paths.dirs(config.home)
        self.settings, problem, kept = settings_file.load(self.dirs.settings)
        self.config = config = resolved(config, self.settings)
        set_language(config.lang)
        pygame.display.init()
        software_framebuffer()
        pygame.font.init()
        self._screen = self._set_mode(config.size)
        self._undrawn = False  # a pass left the screen undrawn (ui.driver): drawn when read
        pygame.display.set_caption(t("app.title"))
        self.assets = Assets(config.lang)
        self._font_scale = font_scale(unit_for(self.size))
        self.manager = make_manager(self.size, self._font_scale, config.lang)
        self.notices = Notices()
        self.saves = Saves(self.dirs)
        self.sound = Sound(0.0 if self.settings.muted else config.volume)
        self.stack = SceneStack()
        self.clock = pygame.time.Clock()
        #: plug-in specs that may run: named by the person (flags, the setup screen) or
        #: agreed to when a file named them (ui.screens.trust), for as long as the program runs
        self.trusted: set[str] = set(config.trusted_bots)
        self.last_setup: TableSetup | None = None  # the new-game screen's, while the program runs
        self.running = True
        self.dirty = True
        self.frame = 0
        self._updated = time.perf_counter()
        seed = config.seed
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1 << 31)
        if problem:
            self.notify(
                t(
                    "notice.settings_broken",
                    problem=problem,
                    file=kept.name if kept else self.dirs.settings.name,
                ),
                error=True,
            )
        self.stack.push(ROUTES[HOME](self))
        if config.demo:
            self.start_game(config.players or demo_seats(), demo=True)
        elif config.players:
            self.start_game(config.players)
        elif config.replay:
            self.open_replay(config.replay)
        elif config.resume and self.check_unfinished() is not None:
            self.continue_game()

    # ------------------------------------------------------------ window
    def _set_mode(self, size) -> pygame.Surface:
        if self.config.fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.config.fullscreen = False
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        try:
            with warnings.catch_warnings():  # deprecated for drawing through it; we only size it
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):
            pass
        return screen

    @property
    def screen(self) -> pygame.Surface:
        """The window's surface, as a person would see it now: a pass that was not drawn
        (``step(draw=False)``: ``ui.driver``) is drawn before it is read."""
        if self._undrawn:
            self.draw()
        return self._screen

    @property
    def size(self) -> tuple[int, int]:
        return self._screen.get_size()

    def resize(self, size: tuple[int, int]) -> None:
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        current = pygame.display.get_surface()
        if current is None or current.get_size() != size:
            current = self._set_mode(size)
        self._screen = current
        scale = font_scale(unit_for(self.size))
        if scale != self._font_scale:
            self._font_scale = scale
            self.manager.clear_and_reset()
            self.manager = make_manager(self.size, scale, self.config.lang)
        else:
            self.manager.set_window_resolution(self.size)
        self.assets.clear_sizes()
        self.stack.resize(self.size)
        self.invalidate()

    def toggle_fullscreen(self) -> None:
        self.config.fullscreen = not self.config.fullscreen
        self._screen = self._set_mode(self.config.size)
        self.resize(self.size)

    # ------------------------------------------------------------ scenes
    def invalidate(self) -> None:
        self.dirty = True

    def quit(self) -> None:
        self.running = False

    def start_game(
        self,
        seats: list[Seat],
        demo: bool = False,
        rules: RuleOptions | None = None,
        seed: int | None = None,
        **game_args,
    ) -> TableScene:
        """A new table on top of the menu; ``game_args`` go to ``Game`` (deck, dealer, totals).
        The person chose these seats: their plug-ins are trusted."""
        self.trusted.update(s.bot for s in seats if s.bot is not None and s.bot not in BOT_LEVELS)
        if rules is None and self.config.target:
            rules = RuleOptions(target=self.config.target)
        table: TableScene = self.go(
            "table",
            seats,
            self.seed if seed is None else seed,
            home=True,
            demo=demo,
            game_args=game_args,
            rules=rules,
        )
        return table

    def open_game(self, game: Game, resumed: bool = False) -> TableScene | None:
        """Sit down at a game read from a file (``resumed``: the autosave, already in place).

        A plug-in the file names runs only if the person agrees (docs/bots.md, "Trust"):
        each spec not yet trusted is asked about first (ui.screens.trust), and the table
        opens after the last answer (None until then); declined, baseline plays the seat.
        A spec that could never run (a missing file, a module of Python's own) is not
        asked about: baseline plays it, and the table says why.
        """
        asking = {
            spec: name
            for name, spec in zip(game.players, game.bots, strict=True)
            if spec is not None
            and spec not in BOT_LEVELS
            and spec not in self.trusted
            and static_problem(spec) is None
        }
        if not asking:
            return self._sit_down(game, resumed)
        self._ask_trust(list(asking.items()), lambda: self._sit_down(game, resumed))
        return None

    def _sit_down(self, game: Game, resumed: bool) -> TableScene:
        table: TableScene = self.go("table", None, game.seed, home=True, game=game, resumed=resumed)
        return table

    def _ask_trust(self, asking: list[tuple[str, str]], then: Callable[[], object]) -> None:
        """Ask about each (spec, seat name) in turn, then ``then()``."""
        if not asking:
            then()
            return
        (spec, name), rest = asking[0], asking[1:]

        def answer(yes: bool) -> None:
            if yes:
                self.trusted.add(spec)
            self._ask_trust(rest, then)

        self.go("trust", spec, name, answer)

    def load_game(self, path) -> TableScene | None:
        """Open any game file; a file that cannot be played is a message, and nothing else."""
        try:
            game = load_file(path)
        except LoadError as e:
            self.notify(
                t("notice.load_failed", file=Path(path).name, reason=e), error=True, screen=True
            )
            return None
        return self.open_game(game)

    def show_replay(
        self, replay: Replay, title: str, play: bool = False, from_menu: bool = True
    ) -> TableScene:
        """Put ``replay`` on screen: over the menu, or (``from_menu`` False) over the current
        scene, so that Esc goes back to it (the list of files)."""
        scene: TableScene = self.go("replay", replay, title, play=play, home=from_menu)
        return scene

    def open_replay(
        self, path: str | os.PathLike[str], from_menu: bool = True
    ) -> TableScene | None:
        """Open a game file as a replay; one that cannot be played is a notice, and nothing
        else (the list of replays, ``--replay FILE``)."""
        try:
            replay = load_replay(path)
        except LoadError as e:
            self.notify(
                t("notice.load_failed", file=Path(path).name, reason=e), error=True, screen=True
            )
            return None
        # the file's name is its title: a name that is not UTF-8 or holds a newline still draws
        return self.show_replay(replay, printable(Path(path).name), from_menu=from_menu)

    def watch_game(self, game: Game) -> TableScene | None:
        """The game just played, from its first card, playing (the game-over screen)."""
        try:
            replay = Replay.of_game(game)
        except (LoadError, ValueError) as e:  # never expected: the table plays legal moves
            self.notify(t("notice.load_failed", file=t("replay.this_game"), reason=e), error=True)
            return None
        return self.show_replay(replay, t("replay.this_game"), play=True)

    def review_game(self, game: Game) -> TableScene:
        """The game-over screen's *Review*: this game's replay, the review on top."""
        scene = self.show_replay(Replay.of_game(game), t("replay.this_game"), from_menu=False)
        coach.command(scene.driver, "coach")
        return scene

    def continue_game(self) -> TableScene | None:
        """Back to the unfinished game left last, at exactly the decision it waits for: the
        autosaved game, or a live table's (over its score sheet, as *Cards…* opens it)."""
        saved = self.check_unfinished()
        if saved is not None and saved.sheet is not None:
            return self.continue_live(saved.sheet)
        try:
            game = self.saves.load_autosave()
        except LoadError as e:
            kept = self.saves.discard_broken_autosave()
            self.notify(
                t("notice.autosave_broken", reason=e, file=kept.name if kept else "autosave.json"),
                error=True,
            )
            if isinstance(self.stack.top, HOME_SCENE):
                self.stack.top.build_ui()  # no more "Continue"
            return None
        return self.open_game(game, resumed=True)

    def continue_live(self, sheet_id: str) -> TableScene | None:
        """The live table of the score sheet ``sheet_id``, at its last entry."""
        store = SheetStore(self.dirs.data / SHEETS_FOLDER)
        try:
            sheet = store.open(sheet_id)
        except SheetStoreError as e:
            self.notify(t("sheet.open_failed", reason=e), error=True)
            return None
        self.go("sheet", sheet, store, home=True)
        return self.go("live", sheet, store)

    def check_unfinished(self):
        """What "Continue" takes up (ui.storage.saves.SavedGame), or None: the autosaved
        game, or the live table saved last (ui.storage.live_games) when it was left later."""
        saved = self.check_autosave()
        table = live_games.newest_unfinished(self.dirs.data)
        if table is not None and (saved is None or table.saved_at > saved.saved_at):
            return table
        return saved

    def check_autosave(self):
        """What "Continue" would resume (ui.storage.saves.SavedGame), or None. A broken autosave
        is set aside here, with a message."""
        saved = self.saves.peek()
        if saved is not None and saved.problem:
            kept = self.saves.discard_broken_autosave()
            self.notify(
                t(
                    "notice.autosave_broken",
                    reason=saved.problem,
                    file=kept.name if kept else "autosave.json",
                ),
                error=True,
            )
            return None
        return saved

    def autosave(self, game: Game, new: bool = False) -> None:
        """After every decision (and at the start of a game): write it, off the window's
        thread (ui.storage.writer); a failure is told once, at a later pass. A new game
        waits for its first save, which keeps the unfinished game it replaces aside."""
        self.saves.writer.submit(game, new=new)
        if new:  # a new table is a scene change: it opens on its first save, done
            self.saves.writer.flush()

    def flush_autosave(self) -> None:
        self.saves.writer.flush()

    def keep(self, game: Game, path: Path) -> None:
        """Write ``game`` to ``path`` off the window's thread, the latest of that file
        (a live table's game after each entry)."""
        self.saves.writer.submit(game, write=partial(write_game, path), origin=path)

    def tell_autosave_problems(self) -> None:
        """What the autosave's writes had to tell: a failure, a game counted in damaged
        statistics."""
        for key, values in self.saves.writer.take_messages():
            self.notify(t(key, **values), error=True)

    def to_menu(self) -> None:
        self.stack.pop_to(HOME_SCENE)
        self.invalidate()

    def go(
        self, name: str, *args: Any, home: bool = False, replace: bool = False, **kwargs: Any
    ) -> Any:
        """Open the scene ``name`` (:data:`ui.routes.ROUTES`) on top and return it.

        ``home``: over the menu (the scenes above it close first); ``replace``: in place
        of the top scene, answering to the scene that one answered to. The scene that
        was on top is the asker: :meth:`back` gives it the result."""
        if home:
            self.stack.pop_to(HOME_SCENE)
        top = self.stack.top
        scene = ROUTES[name](self, *args, **kwargs)
        if replace and top is not None:
            scene.asker = top.asker
            self.stack.replace(scene)
        else:
            scene.asker = None if home else top
            self.stack.push(scene)
        self.invalidate()
        return scene

    def back(self, result: object = None) -> bool:
        """Close the top scene; a ``result`` goes first to the scene that opened it, which
        may refuse it (:meth:`ui.scene.Scene.returned` False: the top scene stays)."""
        top = self.stack.top
        if top is None:
            return False
        if result is not None and top.asker is not None and not top.asker.returned(result):
            return False
        self.stack.pop()
        self.invalidate()
        return True

    def on_top(self, scene: Scene) -> bool:
        return self.stack.top is scene

    def notify(self, text: str, error: bool = False, screen: bool = False) -> None:
        """A message at the top of the window; the program goes on. ``screen``: it is about
        the screen on top (a file it could not open) and goes when that screen is left."""
        (log.warning if error else log.info)("%s", text)
        self.notices.add(text, error, self.stack.top if screen else None)
        self.invalidate()

    def withdraw_notices(self, texts: Iterable[str]) -> None:
        """The notices of these words go (what they said no longer holds)."""
        self.notices.withdraw(set(texts))
        self.invalidate()

    # ------------------------------------------------------------ settings
    def change_settings(self, **changes) -> None:
        """Apply settings now (language, window, speed…) and keep them in the settings file."""
        old = self.settings
        new = old.with_(**changes)
        self.settings = new
        cfg = self.config
        if "language" in changes and new.language and new.language != cfg.lang:
            self.set_language(new.language)
        if "speed" in changes:
            cfg.speed = new.speed
            for table in self.tables():
                table.presenter.timeline.speed = new.speed
        if "reduced_motion" in changes:
            cfg.reduced_motion = new.reduced_motion
            for table in self.tables():
                table.presenter.reduced = new.reduced_motion
        for name in ("hints", "volume"):
            if name in changes:
                setattr(cfg, name, getattr(new, name))
        if "volume" in changes or "muted" in changes:
            self.sound.set_volume(0.0 if new.muted else cfg.volume)
        self._apply_window(changes, new)
        if new != old and not settings_file.save(new, self.dirs.settings):
            self.notify(t("notice.settings_unsaved", file=str(self.dirs.settings)), error=True)
        self.invalidate()

    def _apply_window(self, changes: dict, new: Settings) -> None:
        if "fullscreen" in changes and new.fullscreen != self.config.fullscreen:
            self.toggle_fullscreen()
        if "window" in changes and new.window != self.config.size:
            self.config.size = new.window
            if not self.config.fullscreen:
                self.resize(new.window)

    def set_language(self, lang: str) -> None:
        """Every string and the action cards' art in ``lang``, now, without losing anything."""
        set_language(lang)
        self.config.lang = lang
        self.assets.lang = lang
        self.assets.clear_sizes()
        self.manager.set_locale(lang)
        pygame.display.set_caption(t("app.title"))
        for scene in self.stack.scenes:
            scene.relabel()
        self.invalidate()

    def tables(self) -> list[TableScene]:
        return [s for s in self.stack.scenes if isinstance(s, TABLE_SCENE)]

    # ------------------------------------------------------------ loop
    def handle(self, event: pygame.event.Event) -> None:
        self.dirty = True
        if event.type == pygame.QUIT:
            question = self.stack.quit_question()
            if question is not None and not isinstance(self.stack.top, CONFIRM_SCENE):
                self.go("confirm", *question, self.quit)  # closed again while asked: quit
                return
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.change_settings(fullscreen=not self.config.fullscreen)
            return
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.notices.click(event.pos)
        ):
            return
        if not self.manager.process_events(event):
            self.stack.handle_event(event)

    def step(self, dt: float | None = None, draw: bool = True) -> None:
        """One pass of the loop; ``dt`` given: a test's fixed time step, no waiting.

        Time passes first (animations, a bot's beat, a notice's life), then the input
        of this pass is handled, so a key that starts an animation never skips the
        time the table stood still before it. Every pass that updates also draws: what
        is on screen is always what a full redraw would draw. A driver that steps the
        window with nobody looking (``ui.driver``) passes ``draw=False``: the pass is then
        drawn when :attr:`screen` is read, or by :meth:`draw`.
        """
        if dt is not None:
            events = pygame.event.get()
        elif self.dirty or self.stack.busy() or self.config.frames is not None:
            dt = min(self.clock.tick(self.config.fps) / 1000, MAX_DT)
            events = pygame.event.get()
        else:
            # Idle: pygame-ce's event.wait polls every millisecond, so nap for real and
            # look at the queue a few dozen times a second; update only when an event
            # came or a scene's wake-up time (a bot's thinking beat) has passed.
            wake = self.wakeup()
            self.nap(IDLE_POLL_MS if wake is None else max(1, min(IDLE_POLL_MS, int(wake * 1000))))
            events = pygame.event.get()
            idle_for = time.perf_counter() - self._updated
            if not events and (wake is None or idle_for < wake):
                self.frame += 1
                return
            dt = min(self.clock.tick() / 1000, MAX_IDLE_DT)
        # This pass brings everything up to date. Whatever changes from here on — input
        # handled below, a skip that ends a step early, a scene opened by a click — asks
        # for one more pass, whose update sees it (a bot's beat to start, a prompt to
        # note, a gate to open) before the loop may nap.
        self.dirty = False
        self.tell_autosave_problems()
        self.stack.update(dt)
        self.notices.update(dt)
        for event in events:
            self.handle(event)
            if not self.running:
                return
        self.notices.keep_for(self.stack.top)
        self.manager.update(dt)
        clear_tooltips(self.manager)
        self._updated = time.perf_counter()
        if draw:
            self.draw()
        else:
            self._undrawn = True
        self.frame += 1

    def wakeup(self) -> float | None:
        """Seconds until something must change on screen with no input (None: never)."""
        times = (self.stack.wakeup(), self.notices.wakeup(), tooltip_due(self.manager))
        return min((w for w in times if w is not None), default=None)

    def nap(self, ms: int) -> None:
        """Sleep while idle (the screen is then exactly a full redraw; tests check it here)."""
        pygame.time.wait(ms)

    def render(self, surface: pygame.Surface) -> None:
        """A full redraw of everything shown (the scenes, the widgets, the notices)."""
        self.stack.draw(surface)
        self.manager.draw_ui(surface)
        self.notices.draw(surface, self.assets)

    def draw(self) -> None:
        self._undrawn = False
        self.render(self._screen)
        pygame.display.flip()

    def run(self) -> int:
        frames = self.config.frames
        while self.running and (frames is None or self.frame < frames):
            self.step()
            if self.frame == 1:  # the window is up: the expert's tables, beside the loop
                threading.Thread(target=expert.warm, name="expert-tables", daemon=True).start()
        self.stack.shutdown()  # a hosted table's server tells its players, and stops
        self.saves.writer.flush()  # the last decision is on the disk before the window goes
        if self.config.screenshot:
            self.draw()
            try:
                pygame.image.save(self.screen, self.config.screenshot)
            except (pygame.error, OSError) as e:
                print(f"flip7: cannot write {self.config.screenshot}: {e}", file=sys.stderr)
                return 2
        return 0


def resolved(config: Config, settings: Settings) -> Resolved:
    """The config with every value left to the settings filled in from them."""
    filled = ("lang", "speed", "size", "fullscreen", "reduced_motion", "hints", "volume")
    rest = {
        f.name: getattr(config, f.name) for f in dataclasses.fields(config) if f.name not in filled
    }
    return Resolved(
        **rest,
        lang=config.lang or settings.language or system_language(),
        speed=settings.speed if config.speed is None else config.speed,
        size=settings.window if config.size is None else config.size,
        fullscreen=settings.fullscreen if config.fullscreen is None else config.fullscreen,
        reduced_motion=(
            settings.reduced_motion if config.reduced_motion is None else config.reduced_motion
        ),
        hints=settings.hints if config.hints is None else config.hints,
        volume=settings.volume if config.volume is None else config.volume,
    )


NO_DISPLAY = (
    "no display found (set DISPLAY or WAYLAND_DISPLAY, or use --frames N / --screenshot FILE "
    "for an offscreen run)"
)


def software_framebuffer(environ: MutableMapping[str, str] = os.environ) -> None:
    """On X11, show each frame through X's shared memory rather than an OpenGL texture.

    The window is drawn in software. SDL's default on X11 uploads every frame into an
    OpenGL texture; without a graphics card (a virtual machine, a remote desktop, Xvfb:
    Mesa's llvmpipe) that costs several milliseconds of CPU a frame, and X's shared
    memory a fraction of one (``python -m tools.bench_ui --x11``). Call after
    ``pygame.display.init`` and before the first ``set_mode``; a choice the person made
    in ``SDL_FRAMEBUFFER_ACCELERATION`` stands. Elsewhere SDL already chooses well
    (Windows: GDI), or has no framebuffer of its own (Wayland, macOS).
    """
    if pygame.display.get_driver() == "x11":
        environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


#: SDL's video drivers that show nothing: the game would run unseen, for ever
UNSEEN_DRIVERS = ("offscreen", "dummy")


def display_problem(
    config: Config, environ: dict[str, str] | None = None, platform: str = sys.platform
) -> str | None:
    """Why no window could be seen (None: one can). An offscreen run asked for (``--frames``,
    ``--screenshot``) or a video driver named in ``SDL_VIDEODRIVER`` (the tests' ``dummy``)
    is the person's choice and never refused.

    >>> display_problem(Config(), {}, "linux") == NO_DISPLAY
    True
    >>> display_problem(Config(frames=3), {}, "linux"), display_problem(
    ...     Config(), {"SDL_VIDEODRIVER": "dummy"}, "linux")
    (None, None)
    """
    environ = dict(os.environ) if environ is None else environ
    if config.frames is not None or config.screenshot is not None:
        return None
    if environ.get("SDL_VIDEODRIVER"):
        return None
    unix = platform.startswith(("linux", "freebsd", "openbsd", "netbsd", "dragonfly", "sunos"))
    if unix and not (environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY")):
        return NO_DISPLAY
    try:
        pygame.display.init()
    except pygame.error:
        return NO_DISPLAY
    return NO_DISPLAY if pygame.display.get_driver() in UNSEEN_DRIVERS else None


def run(config: Config) -> int:
    """Open the window and play until it is closed; the exit status."""
    if not getattr(pygame, "IS_CE", False):
        print(
            "flip7: plain pygame shadows pygame-ce; run `pip uninstall -y pygame` "
            "then `pip install --force-reinstall pygame-ce`",
            file=sys.stderr,
        )
        return 1
    problem = display_problem(config)
    if problem:
        print(f"flip7: {problem}", file=sys.stderr)
        return 2
    level = os.environ.get("FLIP7_LOG", "warning").upper()  # FLIP7_LOG=debug: every autosave
    logging.basicConfig(level=getattr(logging, level, logging.WARNING), format="flip7: %(message)s")
    app = App(config)
    try:
        return app.run()
    finally:
        pygame.quit()
