"""Pause (Esc at the table): resume, save as…, rules, settings, quit to the menu.

The game is autosaved after every decision, so "Quit to menu" loses nothing:
"Continue" in the menu takes it up again. A table whose leaving ends it for others (a
hosted network table) asks first, as closing the window does.
"""

from __future__ import annotations

import pygame

from ui.assets import MUTED
from ui.context import TableContext
from ui.i18n import t
from ui.screens.forms import DialogScene
from ui.theme import window_scale

CHOICES = (
    ("resume", "pause.resume"),
    ("save", "pause.save"),
    ("rules", "menu.rules"),
    ("settings", "menu.settings"),
    ("quit", "pause.quit"),
)
KEYS = {
    pygame.K_r: "resume",
    pygame.K_p: "resume",
    pygame.K_SPACE: "resume",
    pygame.K_RETURN: "resume",
    pygame.K_s: "save",
    pygame.K_q: "quit",
}


class PauseScene(DialogScene):
    TITLE = "pause.title"
    freeze_below = True  # the game waits: no card moves, no bot plays

    def __init__(self, app: TableContext, table) -> None:
        super().__init__(app)
        self.table = table

    def dialog(self) -> pygame.Rect:
        w, h = self.app.size
        u = window_scale((w, h))
        r = pygame.Rect(0, 0, round(440 * u), round(480 * u))
        r.center = (w // 2, h // 2)
        return r

    def build(self, u: float) -> None:
        d = self.dialog()
        bw, bh, gap = d.w - round(80 * u), round(50 * u), round(12 * u)
        y = d.y + round(78 * u)
        for name, key in CHOICES:
            self.button(
                name,
                (d.centerx - bw // 2, y, bw, bh),
                t(key),
                "#primary_button" if name == "resume" else "#menu_button",
            )
            y += bh + gap

    def note_key(self) -> str:
        """The line under the buttons: a demo is never saved, a game always is."""
        note = self.table.driver.pause_note
        if note is not None:
            return note
        return "pause.not_saved" if self.table.demo else "pause.autosaved"

    def render_body(self, img, u: float) -> None:
        d = self.dialog()
        note = self.app.assets.wrapped(
            t(self.note_key()),
            max(10, round(13 * u)),
            MUTED,
            d.w - round(60 * u),
            max_lines=3,
            shadow=True,
        )
        img.blit(note, note.get_rect(midbottom=(d.centerx, d.bottom - round(14 * u))))

    def on_button(self, name: str) -> None:
        self.choose(name)

    def on_key(self, key: int) -> bool:
        name = KEYS.get(key)
        if name:
            self.choose(name)
            return True
        return False

    def back(self) -> None:
        self.choose("resume")

    def choose(self, name: str) -> None:
        app = self.app
        if name == "resume":
            app.back()
        elif name == "save":
            app.go("files", "save", self.table.game)
        elif name == "rules":
            app.go("rules")
        elif name == "settings":
            app.go("settings")
        elif name == "quit":
            question = self.table.quit_question()  # a hosted table ends for everyone
            if question is not None:
                app.go("confirm", *question, app.to_menu)
            else:
                app.to_menu()
