"""Screens made of pygame_gui widgets: the base of the menu, setup, settings, rules, files, pause.

A :class:`FormScene` owns named widgets, rebuilt whenever the window size or
the language changes; it turns pygame_gui's events into ``on_button(name)``,
``on_text(name, text)`` and ``on_submit(name)`` calls. Widgets are styled only
by ``assets/theme.json`` (the ``object_id`` picks a block); the background,
titles and explanations are drawn here with the table's fonts.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.limits import UNTYPEABLE, clean_text
from ui import notice
from ui.assets import CREAM, GOLD, LRU, MUTED
from ui.context import Context
from ui.i18n import language, t
from ui.scene import Scene
from ui.theme import unit_for, widen_buttons, window_scale

PANEL = (12, 32, 23, 235)
PANEL_EDGE = (143, 209, 166, 120)
DIALOG = (14, 36, 26, 255)
_felts = LRU(4)


def felt(size: tuple[int, int]) -> pygame.Surface:
    """The green baize of the menus: a soft light in the middle, darker edges."""
    img = _felts.find(size)
    if img is None:
        small = pygame.Surface((32, 18))
        for y in range(18):
            for x in range(32):
                d = min(1.0, (((x - 16) / 18) ** 2 + ((y - 8) / 11) ** 2) ** 0.5)
                small.set_at((x, y), (round(46 - 34 * d), round(128 - 76 * d), round(80 - 48 * d)))
        img = _felts.put(size, pygame.transform.smoothscale(small, size))
    return img


class FormScene(Scene):
    """A screen of named pygame_gui widgets over a background drawn once per size."""

    TITLE = ""  # i18n key of the big title, if any
    #: the centred panel: (widest, margin below, top), in 1280×720 units
    PANEL_BOX = (980, 170, 84)
    #: the notices go under the title, the panel lower to make room (else over the screen)
    HOSTS_NOTICES = False

    def __init__(self, app: Context) -> None:
        super().__init__(app)
        self._widgets: dict[str, Any] = {}  # buttons, entries, lists: each its own kind
        self._unbuilt = False  # on top, its widgets not made yet (:meth:`ready`)
        self._bg: pygame.Surface | None = None
        self._bg_key: tuple[object, ...] | None = None
        self.notice_h = 0  # the room under the title kept for the notices

    # ------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        self._build_later()

    def exit(self) -> None:
        self.kill_ui()

    def pause(self) -> None:
        self.kill_ui()

    def resume(self) -> None:
        self._build_later()

    def _build_later(self) -> None:
        """Make the widgets when first needed — the next pass, a drawing, a look at them —
        not at once: a screen covered as soon as it opens (the menu under the table that
        ``--players`` or a test starts) never makes them."""
        self._unbuilt = True
        self.app.invalidate()

    def ready(self) -> None:
        if self._unbuilt:
            self.build_ui()

    @property
    def widgets(self) -> dict[str, Any]:
        """The named widgets, made first if they are due (:meth:`_build_later`)."""
        self.ready()
        return self._widgets

    def resize(self, size) -> None:
        self._bg_key = None
        self.notice_h = 0  # measured again for this size
        if self.app.on_top(self):
            self.build_ui()

    def relabel(self) -> None:
        """The language changed: every text again."""
        self.resize(self.app.size)

    def build_ui(self) -> None:
        self.kill_ui()
        self.build(unit_for(self.app.size))
        widen_buttons(self.widgets.values(), self.app.size[0])
        self._bg_key = None
        self.app.invalidate()

    def kill_ui(self) -> None:
        self._unbuilt = False
        for widget in self._widgets.values():
            widget.kill()
        self._widgets = {}

    @property
    def buttons(self) -> dict:
        """The named widgets (tests and tools press them by name)."""
        return self.widgets

    def panel_rect(self) -> pygame.Rect:
        widest, margin, top = self.PANEL_BOX
        w, h = self.app.size
        u = window_scale((w, h))
        r = pygame.Rect(0, 0, min(w - round(40 * u), round(widest * u)), h - round(margin * u))
        r.midtop = (w // 2, round(top * u))
        if self.notice_h:  # the panel gives its top to the notices; its bottom stays
            below = self.notice_top() + self.notice_h + round(12 * unit_for((w, h)))
            r.h -= max(0, below - r.y)
            r.y = max(r.y, below)
        return r

    def title_rect(self) -> pygame.Rect:
        """Where the big title is (an empty line under the window's top if none)."""
        w, _h = self.app.size
        u = unit_for(self.app.size)
        if not self.TITLE:
            return pygame.Rect(w // 2, round(18 * u), 0, 0)
        img = self.app.assets.text(t(self.TITLE), round(40 * u), GOLD)
        return img.get_rect(midtop=(w // 2, round(18 * u)))

    def notice_top(self) -> int:
        return self.title_rect().bottom + round(4 * unit_for(self.app.size))

    def notice_room(self, texts: list[str]) -> int | None:
        """Where the notices go (their top), asked each pass while this screen is on top
        (:meth:`ui.notice.Notices.keep_for`): under the title, the panel moved down to make
        room, the room kept while the screen stays (nothing jumps when they go); None (a
        screen that does not host them): over the screen, at the window's top."""
        if not self.HOSTS_NOTICES:
            return None
        need = notice.height(texts, self.app.assets, self.app.size)
        if need > self.notice_h:
            self.notice_h = need
            self.build_ui()
        return self.notice_top()

    def build(self, u: float) -> None:
        """Create the widgets (``self.button``, ``self.entry``…) for the current size."""

    # ------------------------------------------------------------ widgets
    def button(
        self,
        name: str,
        rect,
        text: str,
        object_id: str | None = None,
        tooltip: str | None = None,
        container=None,
    ) -> pygame_gui.elements.UIButton:
        button = pygame_gui.elements.UIButton(
            pygame.Rect(rect),
            text,
            self.app.manager,
            object_id=object_id,
            tool_tip_text=tooltip,
            container=container,
        )
        self.widgets[name] = button
        return button

    def entry(
        self,
        name: str,
        rect,
        text: str = "",
        limit: int | None = None,
        container=None,
        placeholder: str = "",
    ) -> pygame_gui.elements.UITextEntryLine:
        entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(rect),
            self.app.manager,
            container=container,
            placeholder_text=placeholder or None,
        )
        if limit:
            entry.set_text_length_limit(limit)
        # typed or pasted, a field takes only characters that draw with a width of their own:
        # no control characters (newlines, NUL), no lone surrogates, no zero-width or
        # direction marks (pygame_gui cannot draw a text of zero width)
        # pygame_gui only asks `char in forbidden_characters` (and copies it): a set-like
        # object does; its stub says list[str]
        entry.forbidden_characters = UNTYPEABLE  # type: ignore[assignment]
        entry.set_text(clean_text(text)[:limit] if limit else clean_text(text))
        self.widgets[name] = entry
        return entry

    def choice(
        self,
        name: str,
        options: list[tuple[str, str]],
        selected: str,
        rect: pygame.Rect,
        gap: int,
        container=None,
    ) -> None:
        """Buttons side by side, one selected: ``name:value`` widgets (``value`` from options)."""
        n = len(options)
        w = (rect.w - gap * (n - 1)) // n
        for i, (value, text) in enumerate(options):
            b = self.button(
                f"{name}:{value}",
                (rect.x + i * (w + gap), rect.y, w, rect.h),
                text,
                object_id="#choice_button",
                container=container,
            )
            if value == selected:
                b.select()

    def select(self, name: str, value: str) -> None:
        """Show ``value`` as the chosen one among the ``name:…`` buttons."""
        for key, widget in self.widgets.items():
            if key.startswith(name + ":"):
                if key == f"{name}:{value}":
                    widget.select()
                else:
                    widget.unselect()

    def name_of(self, element) -> str | None:
        for name, widget in self.widgets.items():
            if widget is element:
                return name
        return None

    # ------------------------------------------------------------ input
    def handle_event(self, event) -> bool:
        kind = event.type
        if kind == pygame_gui.UI_BUTTON_PRESSED:
            name = self.name_of(event.ui_element)
            if name is not None:
                self.on_button(name)
                self.app.invalidate()
                return True
        elif kind == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            name = self.name_of(event.ui_element)
            if name is not None:
                self.on_text(name, event.text)
                self.app.invalidate()
                return True
        elif kind == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            name = self.name_of(event.ui_element)
            if name is not None:
                self.on_submit(name)
                return True
        elif kind == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return True
            return self.on_key(event.key)
        return self.on_event(event)

    def on_button(self, name: str) -> None:
        pass

    def on_text(self, name: str, text: str) -> None:
        pass

    def on_submit(self, name: str) -> None:
        pass

    def on_key(self, key: int) -> bool:
        return False

    def on_event(self, event) -> bool:
        return False

    def back(self) -> None:
        self.app.back()

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self.ready()
        key = (self.app.size, language(), self.background_key())
        if key != self._bg_key or self._bg is None:
            self._bg = self.render_background()
            self._bg_key = key
        surface.blit(self._bg, (0, 0))
        self.draw_front(surface, unit_for(self.app.size))

    def background_key(self) -> object:
        """Whatever the background shows besides size and language (redraw when it changes)."""
        return None

    def render_background(self) -> pygame.Surface:
        size = self.app.size
        img = felt(size).copy()
        u = unit_for(size)
        if self.TITLE:
            img.blit(self.app.assets.text(t(self.TITLE), round(40 * u), GOLD), self.title_rect())
        self.render_body(img, u)
        return img

    def render_body(self, img: pygame.Surface, u: float) -> None:
        """Draw what stays until the next rebuild (panels, headings, explanations)."""

    def draw_front(self, surface: pygame.Surface, u: float) -> None:
        """Draw what changes without a rebuild (called every frame the screen is drawn)."""

    # ------------------------------------------------------------ helpers
    def text(
        self, img, text: str, size: int, color=CREAM, max_width: int | None = None, **anchor
    ) -> pygame.Rect:
        s = self.app.assets.text(text, size, color, max_width=max_width)
        r = s.get_rect(**anchor)
        img.blit(s, r)
        return r

    def para(
        self, img, text: str, size: int, width: int, topleft, color=MUTED, max_lines: int = 3
    ) -> pygame.Rect:
        s = self.app.assets.wrapped(text, size, color, width, max_lines=max_lines, shadow=True)
        return img.blit(s, topleft)

    def panel(self, img, rect: pygame.Rect, u: float, fill=PANEL, edge=PANEL_EDGE) -> None:
        """A rounded panel with a shadow, blended over ``img``."""
        radius = round(16 * u)
        assets = self.app.assets
        img.blit(
            assets.panel(rect.size, (0, 0, 0, 90), radius=radius),
            rect.move(round(4 * u), round(6 * u)),
        )
        img.blit(assets.panel(rect.size, fill, edge, radius, max(1, round(2 * u))), rect)


class DialogScene(FormScene):
    """A dialog over the scene beneath (the pause menu over the table)."""

    overlay = True

    def dialog(self) -> pygame.Rect:
        raise NotImplementedError

    def handle_event(self, event) -> bool:
        super().handle_event(event)
        return True  # modal: nothing reaches the scene beneath

    def render_background(self) -> pygame.Surface:
        size = self.app.size
        u = unit_for(size)
        img = pygame.Surface(size, pygame.SRCALPHA)
        img.fill((0, 0, 0, 130))
        d = self.dialog()
        self.panel(img, d, u, fill=DIALOG, edge=GOLD)
        if self.TITLE:
            self.text(
                img, t(self.TITLE), round(30 * u), GOLD, midtop=(d.centerx, d.y + round(16 * u))
            )
        self.render_body(img, u)
        return img
