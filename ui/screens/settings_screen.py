"""Settings: language, animation speed, reduced motion, hints, sound volume, window.

Every change applies at once — a new language relabels every screen and the
action cards, a game in progress goes on untouched — and is written to the
settings file straight away.
"""

from __future__ import annotations

import pygame
import pygame_gui

from ui.assets import CREAM, MUTED
from ui.context import SettingsContext
from ui.i18n import number, percent, t
from ui.paths import shown
from ui.screens.forms import FormScene
from ui.settings import SPEEDS, WINDOW_SIZES
from ui.theme import window_scale

LANGUAGE_NAMES = (("en", "English"), ("fr", "Français"), ("de", "Deutsch"))
ROWS = ("language", "speed", "reduced_motion", "hints", "volume", "window", "fullscreen")
HELP = {
    "reduced_motion": "settings.motion_help",
    "hints": "settings.hints_help",
    "speed": "settings.speed_help",
}


def _speed_label(speed: float) -> str:
    return f"×{number(speed, 2, trim=True)}"


class SettingsScene(FormScene):
    TITLE = "menu.settings"
    app: SettingsContext

    def geometry(self) -> tuple[pygame.Rect, int, int, int]:
        """The panel, the row height, the x where the controls start, their width."""
        w, h = self.app.size
        u = window_scale((w, h))
        panel = pygame.Rect(0, 0, min(w - round(40 * u), round(940 * u)), round(540 * u))
        panel.midtop = (w // 2, round(84 * u))
        row = (panel.h - round(30 * u)) // len(ROWS)
        x = panel.x + round(330 * u)
        return panel, row, x, panel.right - round(26 * u) - x

    def build(self, u: float) -> None:
        cfg = self.app.config
        panel, row, x, width = self.geometry()
        h, gap = round(40 * u), round(8 * u)
        on_off = [("on", t("settings.on")), ("off", t("settings.off"))]
        for i, name in enumerate(ROWS):
            y = panel.y + round(15 * u) + i * row + (row - h) // 2
            rect = pygame.Rect(x, y, width, h)
            if name == "language":
                self.choice(name, list(LANGUAGE_NAMES), cfg.lang, rect, gap)
            elif name == "speed":
                options = [(str(v), _speed_label(v)) for v in SPEEDS]
                self.choice(name, options, str(float(cfg.speed)), rect, gap)
            elif name in ("reduced_motion", "hints", "fullscreen"):
                value = {
                    "reduced_motion": cfg.reduced_motion,
                    "hints": cfg.hints,
                    "fullscreen": self.app.config.fullscreen,
                }[name]
                half = pygame.Rect(x, y, (width - gap) // 2, h)
                self.choice(name, on_off, "on" if value else "off", half, gap)
            elif name == "volume":
                slider = pygame_gui.elements.UIHorizontalSlider(
                    pygame.Rect(x, y, width - round(110 * u), h),
                    round(cfg.volume * 100),
                    (0, 100),
                    self.app.manager,
                    click_increment=10,
                )
                self.widgets["volume"] = slider
            elif name == "window":
                options = [(f"{a}x{b}", f"{a}×{b}") for a, b in WINDOW_SIZES]
                size = self.app.size  # the window as it is (a dragged size: none)
                self.choice(name, options, f"{size[0]}x{size[1]}", rect, gap)
        bw, bh = round(220 * u), round(48 * u)
        self.button(
            "back",
            (panel.centerx - bw // 2, panel.bottom + round(18 * u), bw, bh),
            t("settings.back"),
            "#primary_button",
        )

    def background_key(self) -> object:
        return round(self.app.config.volume * 100)

    def render_body(self, img, u: float) -> None:
        panel, row, x, width = self.geometry()
        self.panel(img, panel, u)
        label_x = panel.x + round(26 * u)
        small = max(10, round(13 * u))
        for i, name in enumerate(ROWS):
            mid = panel.y + round(15 * u) + i * row + row // 2
            help_key = HELP.get(name)
            if name == "volume" and self.app.sound.no_device:
                help_key = "settings.no_sound"  # the slider stays: the volume kept for later
            below = help_key is not None and name in ("speed", "volume")  # else beside On/Off
            dy = round(9 * u) if below else 0
            self.text(
                img,
                t(f"settings.{name}"),
                round(19 * u),
                CREAM,
                max_width=x - label_x - round(12 * u),
                midleft=(label_x, mid - dy),
            )
            if below and help_key is not None:
                self.text(
                    img,
                    t(help_key),
                    max(10, round(12 * u)),
                    MUTED,
                    max_width=x - label_x - round(12 * u),
                    midleft=(label_x, mid + 11 * u),
                )
            elif help_key:
                beside = x + (width - round(8 * u)) // 2 + round(24 * u)
                note = self.app.assets.wrapped(
                    t(help_key), small, MUTED, x + width - beside, max_lines=2, shadow=True
                )
                img.blit(note, note.get_rect(midleft=(beside, mid)))
            if name == "volume":
                self.text(
                    img,
                    percent(self.app.config.volume),
                    round(19 * u),
                    CREAM,
                    midright=(x + width, mid),
                )
        where = t("settings.saved_in", file=shown(self.app.dirs.settings))
        self.text(
            img,
            where,
            max(10, round(12 * u)),
            MUTED,
            max_width=panel.w,
            midbottom=(panel.centerx, self.app.size[1] - round(6 * u)),
        )

    # ------------------------------------------------------------ input
    def on_button(self, name: str) -> None:
        if name == "back":
            self.back()
            return
        row, _, value = name.partition(":")
        app = self.app
        if row == "language":
            app.change_settings(language=value)  # rebuilds every screen, this one too
            return
        if row == "speed":
            app.change_settings(speed=float(value))
        elif row in ("reduced_motion", "hints", "fullscreen"):
            app.change_settings(**{row: value == "on"})
        elif row == "window":
            w, h = (int(v) for v in value.split("x"))
            app.change_settings(window=(w, h), fullscreen=False)
        self.select(row, value)

    def on_event(self, event) -> bool:
        if (
            event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED
            and event.ui_element is self.widgets.get("volume")
        ):
            self.app.change_settings(volume=round(event.value) / 100)
            self.app.sound.play("flip")
            return True
        return False
