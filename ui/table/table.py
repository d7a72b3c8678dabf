"""The table view: one scene for every kind of play, driven by a driver
(:mod:`ui.table.drive`).

The view keeps the display model (:class:`~ui.table.display.Shown`), the presenter
that animates the events a driver feeds it, the layout and the bar's widgets. It draws
from the display model and the driver's :class:`~ui.table.drive.Prompt` only; keys,
clicks and time go to the driver, which changes the game only by ``Game.apply``.
What the view does itself, for every driver: the log's mouse wheel, the whole name of
the seat under the pointer, a click that skips an animation, and the keys of the
settings (+ − speed, M reduced motion, V sound).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ui.assets import CREAM, GOLD
from ui.i18n import t
from ui.scene import Scene
from ui.table import layout as L
from ui.table.draw_panel import PanelView, detail_fits, draw_bar, draw_head_bar
from ui.table.draw_table import TableView
from ui.table.presenter import Presenter

if TYPE_CHECKING:
    from game.engine import Game
    from ui.context import TableContext
    from ui.table.display import Shown
    from ui.table.drive import Control, Driver, Prompt

FASTER_KEYS = (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS)
SLOWER_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)


class TableScene(Scene):
    """The table, driven by ``driver``."""

    app: TableContext

    def __init__(self, app: TableContext, driver: Driver) -> None:
        super().__init__(app)
        self.driver = driver
        # what draws the table and the panel, with the pictures they keep between frames
        self.table_view = TableView(app.assets)
        self.panel_view = PanelView(app.assets)
        self.buttons: dict[str, pygame_gui.core.UIElement] = {}  # the bar's controls
        self._built: dict[str, Control] = {}  # what each widget was made or last set as
        self._synced: tuple[tuple[Control, ...], bool] | None = None  # the last sync's input
        self.pointer: int | None = None  # the seat under the pointer (its whole name shows)
        self.log_scroll = 0  # the table log's newest lines scrolled past (the mouse wheel)
        self.keys_down: set[int] = set()  # held keys: an auto-repeat is told as one
        self._answer: object = None  # what the scene above the table chose
        driver.start(self)

    # ------------------------------------------------------------ what drivers use
    @property
    def game(self) -> Game:
        return self.driver.game

    @property
    def demo(self) -> bool:
        return self.driver.demo

    @property
    def unattended(self) -> bool:
        return self.driver.unattended

    def present(self, shown: Shown, seed: int) -> Presenter:
        """A new display model on the table (a new game, a jump, a decision taken back),
        animated by a new presenter; the log starts empty."""
        cfg = self.app.config
        self.shown = shown
        self.layout = L.table_layout(self.app.size, len(shown.players))
        self.presenter = Presenter(shown, self.layout, seed, cfg.reduced_motion)
        self.presenter.timeline.speed = cfg.speed
        self.presenter.cue = self.app.sound.cue
        self.presenter.fonts = self.app.assets.font
        self.app.invalidate()
        return self.presenter

    def notice_span(self) -> tuple[int, int]:
        """Notices keep over the felt, clear of the panel's words."""
        return 0, self.layout.panel.x

    @property
    def on_top(self) -> bool:
        return self.app.on_top(self)

    def skip(self) -> None:
        """The animations queued, shown at once (up to a round's end)."""
        self.presenter.skip()
        self.app.invalidate()

    def sync(self) -> None:
        """The widgets as the driver's controls say (made, moved, relabelled, shown)."""
        controls = self.driver.controls()
        if (controls, self.on_top) == self._synced:
            return  # most frames: nothing changed
        self._synced = (controls, self.on_top)
        want = {c.name: c for c in controls}
        for name in [n for n in self.buttons if n not in want]:
            self.buttons.pop(name).kill()
            self._built.pop(name, None)
        for c in want.values():
            self._sync_control(c)

    def _sync_control(self, c: Control) -> None:
        c = dataclasses.replace(c, shown=c.shown and self.on_top)  # under a screen: hidden
        old = self._built.get(c.name)
        if old == c:
            return
        widget = self.buttons.get(c.name)
        if (
            widget is None
            or old is None
            or (old.style, old.tip, old.options) != (c.style, c.tip, c.options)
            or (c.options is not None and old.text != c.text)
        ):
            if widget is not None:
                widget.kill()
            widget = self._make(c)
            self.buttons[c.name] = widget
        else:
            if old.rect != c.rect:
                widget.set_relative_position(c.rect.topleft)
                widget.set_dimensions(c.rect.size)
            if old.text != c.text:
                assert isinstance(widget, pygame_gui.elements.UIButton)
                widget.set_text(c.text)
        if widget.is_enabled != c.enabled:
            widget.enable() if c.enabled else widget.disable()
        if widget.visible != c.shown:
            widget.show() if c.shown else widget.hide()
        self._built[c.name] = c
        self.app.invalidate()

    def _make(self, c: Control) -> pygame_gui.core.UIElement:
        m = self.app.manager
        if c.options is not None:
            return pygame_gui.elements.UIDropDownMenu(
                list(c.options),
                c.text,
                c.rect,
                m,
                object_id=c.style,
                expansion_height_limit=round(self.layout.size[1] * 0.6),
            )
        return pygame_gui.elements.UIButton(
            c.rect, c.text, m, object_id=c.style, tool_tip_text=c.tip
        )

    # ----------------------------------------------------------- scene
    def enter(self) -> None:
        self.build_ui()

    def exit(self) -> None:
        self.kill_ui()
        self.driver.close()

    def quit_question(self) -> tuple[str, str] | None:
        ask = getattr(self.driver, "quit_question", None)  # a driver of a table beyond it
        return ask() if ask is not None else None

    def shutdown(self) -> None:
        self.driver.close()

    def pause(self) -> None:
        """Another screen comes on top (it is not yet, as this is called): the table's
        widgets hide."""
        for b in self.buttons.values():
            b.hide()
        self._built = {n: dataclasses.replace(c, shown=False) for n, c in self._built.items()}
        self._synced = None

    def resume(self) -> None:
        self.sync()
        self.app.invalidate()
        answer, self._answer = self._answer, None
        self.driver.resumed(answer)
        self.sync()

    def returned(self, result: object) -> bool:
        """The scene above (a round's summary, the game's end) closes with the person's
        choice; the driver carries it out once it is gone (:meth:`resume`)."""
        self._answer = result
        return True

    def build_ui(self) -> None:
        self.kill_ui()
        self.sync()

    def kill_ui(self) -> None:
        for b in self.buttons.values():
            b.kill()
        self.buttons, self._built, self._synced = {}, {}, None

    def resize(self, size) -> None:
        self.layout = L.table_layout(size, len(self.shown.players))
        self.presenter.set_layout(self.layout)
        self.build_ui()
        if not self.on_top:
            self.pause()

    def busy(self) -> bool:
        return self.presenter.animating

    def wakeup(self) -> float | None:
        return self.driver.wakeup()

    # ----------------------------------------------------------- input
    def handle_event(self, event) -> bool:
        done = self._event(event)
        if done:
            self.sync()
        return done

    def _event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            name = self._control(event.ui_element)
            return name is not None and self.driver.command(name)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            name = self._control(event.ui_element)
            return name is not None and self.driver.command(name, event.text)
        if event.type == pygame.MOUSEWHEEL and self.scroll_log(-3 * event.y):
            return True
        if event.type == pygame.KEYUP:
            self.keys_down.discard(event.key)
            return False
        if event.type == pygame.KEYDOWN:
            repeat = event.key in self.keys_down or getattr(event, "repeat", False)
            self.keys_down.add(event.key)
            return self._key(event.key, repeat)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            seat = self.table_view.seat_at(self.layout, event.pos)
            if self.driver.click(event.pos, seat):
                return True
            if not self.presenter.settled and self.presenter.gate is None:
                self.skip()  # a click on the table skips the animation
                return True
            return False
        if event.type == pygame.MOUSEMOTION:
            seat = self.table_view.seat_at(self.layout, event.pos)
            if seat != self.pointer:
                self.pointer = seat
                self.app.invalidate()
        return False

    def _control(self, element) -> str | None:
        return next((n for n, w in self.buttons.items() if w is element), None)

    def _key(self, key: int, repeat: bool) -> bool:
        if key in self.driver.own_keys:
            return self.driver.key(key, repeat)
        if key in FASTER_KEYS:
            return self.driver.command("faster")
        if key in SLOWER_KEYS:
            return self.driver.command("slower")
        if key == pygame.K_m:  # reduced motion: captions, no travel
            self.app.change_settings(reduced_motion=not self.presenter.reduced)
            self.skip()
            return True
        if key == pygame.K_v:  # sound off and on again
            muted = not self.app.settings.muted
            self.app.change_settings(muted=muted)
            self.app.notify(t("notice.sound_off" if muted else "notice.sound_on"))
            return True
        return self.driver.key(key, repeat)

    def scroll_log(self, lines: int) -> bool:
        """Scroll the table log by ``lines`` (positive: to older lines), if the pointer is over
        the side panel; True if it was."""
        if not self.layout.panel.collidepoint(pygame.mouse.get_pos()):
            return False
        most = max(0, len(self.presenter.log) - 1)
        self.log_scroll = max(0, min(most, self.log_scroll + lines))
        self.app.invalidate()
        return True

    # ----------------------------------------------------------- update
    def update(self, dt: float) -> None:
        self.presenter.update(dt)
        self.driver.update(dt)
        self.sync()

    # ----------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        lay, view, p, assets = self.layout, self.table_view, self.presenter, self.app.assets
        q = self.driver.prompt()
        view.draw(surface, lay, self.shown, p, list(q.seats), q.note)
        cloth = view.background
        self.panel_view.draw(surface, lay, self.shown, p, p.timeline.speed, self.log_scroll, cloth)
        self._draw_bar(surface, q)
        for layer in (p.sprites, p.labels, p.confetti, p.banners):
            for item in layer:
                item.draw(surface, assets)
        if self.pointer is not None:
            view.name_tip(surface, lay, self.shown, self.pointer)
        self.driver.draw_over(surface)

    def _draw_bar(self, surface: pygame.Surface, q: Prompt) -> None:
        lay, assets = self.layout, self.app.assets
        if q.text_span is not None:
            lay = L.with_bar_text(lay, *q.text_span)
        if q.head is not None:
            draw_head_bar(surface, assets, lay, q.head, q.line, q.details)
            return
        detail = next((d for d in q.details if detail_fits(assets, lay, lay.hint.w, d)), "")
        detail = detail or (q.details[-1] if q.details else "")
        draw_bar(surface, assets, lay, q.line, detail, GOLD if q.live else CREAM)
