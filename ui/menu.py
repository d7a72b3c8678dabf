"""The main menu (minimal for now: a new game against bots, the demo, quit)."""

from __future__ import annotations

import pygame
import pygame_gui

from .assets import CREAM, GOLD, MUTED
from .config import default_seats, demo_seats
from .i18n import t
from .layout import unit_for
from .scene import Scene

FAN = ("7", "x2", "flip_three", "12", "second_chance", "+4", "freeze")


class MenuScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self._image = None
        self._key = None

    def enter(self) -> None:
        self.build_ui()

    def exit(self) -> None:
        for b in self.buttons.values():
            b.kill()
        self.buttons = {}

    def pause(self) -> None:
        self.exit()

    def resume(self) -> None:
        self.build_ui()
        self.app.invalidate()

    def resize(self, size) -> None:
        if self.app.stack.top is self:
            self.build_ui()

    def build_ui(self) -> None:
        self.exit()
        w, h = self.app.size
        u = unit_for(self.app.size)
        bw, bh, gap = round(420 * u), round(58 * u), round(16 * u)
        y = round(h * 0.56)
        for i, (name, key) in enumerate((("new", "menu.new_game"), ("demo", "menu.demo"),
                                         ("quit", "menu.quit"))):
            rect = pygame.Rect(w // 2 - bw // 2, y + i * (bh + gap), bw, bh)
            self.buttons[name] = pygame_gui.elements.UIButton(
                rect, t(key), self.app.manager,
                object_id="#hit_button" if i == 0 else "#menu_button")

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for name, button in self.buttons.items():
                if event.ui_element is button:
                    self.choose(name)
                    return True
        if event.type == pygame.KEYDOWN:
            key = {pygame.K_n: "new", pygame.K_RETURN: "new", pygame.K_d: "demo",
                   pygame.K_q: "quit", pygame.K_ESCAPE: "quit"}.get(event.key)
            if key:
                self.choose(key)
                return True
        return False

    def choose(self, name: str) -> None:
        if name == "quit":
            self.app.quit()
        elif name == "new":
            self.app.start_game(default_seats(t("menu.you")))
        else:
            self.app.start_game(demo_seats(), demo=True)

    def draw(self, surface: pygame.Surface) -> None:
        if self._key != self.app.size:
            self._image = self.render()
            self._key = self.app.size
        surface.blit(self._image, (0, 0))

    def render(self) -> pygame.Surface:
        size = self.app.size
        w, h = size
        u = unit_for(size)
        img = pygame.Surface(size)
        small = pygame.Surface((32, 18))
        for y in range(18):
            for x in range(32):
                d = min(1.0, (((x - 16) / 18) ** 2 + ((y - 8) / 11) ** 2) ** 0.5)
                small.set_at((x, y), (round(46 - 34 * d), round(128 - 76 * d), round(80 - 48 * d)))
        img.blit(pygame.transform.smoothscale(small, size), (0, 0))
        assets = self.app.assets
        ch = round(150 * u)
        cw = round(ch / 1.4)
        cx, cy = w // 2, round(h * 0.36)
        for i, card in enumerate(FAN):
            angle = (i - 3) * 9
            face = pygame.transform.rotozoom(assets.card(card, (cw, ch)), -angle, 1.0)
            dx = (i - 3) * cw * 0.55
            dy = abs(i - 3) ** 1.6 * 6 * u
            img.blit(face, face.get_rect(center=(round(cx + dx), round(cy + dy))))
        title = assets.text(t("app.title"), round(64 * u), GOLD)
        img.blit(title, title.get_rect(center=(cx, round(h * 0.1))))
        sub = assets.text(t("menu.subtitle"), round(20 * u), CREAM)
        img.blit(sub, sub.get_rect(center=(cx, round(h * 0.1) + round(48 * u))))
        keys = assets.text("N · D · Q", round(14 * u), MUTED)
        img.blit(keys, keys.get_rect(midbottom=(cx, h - round(12 * u))))
        return img
