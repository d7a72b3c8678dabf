"""The main menu: Continue (when a game was left unfinished), New game, Load game, Demo,
Rules, Settings, Quit."""

from __future__ import annotations

import time

import pygame

from ui.assets import CREAM, GOLD, MUTED
from ui.config import demo_seats
from ui.i18n import t
from ui.screens.forms import FormScene
from ui.storage.marks import first_offer

FAN = ("7", "x2", "flip_three", "12", "second_chance", "+4", "freeze")
KEYS = {
    pygame.K_c: "continue",
    pygame.K_n: "new",
    pygame.K_l: "load",
    pygame.K_d: "demo",
    pygame.K_r: "rules",
    pygame.K_s: "settings",
    pygame.K_q: "quit",
    pygame.K_w: "replays",
    pygame.K_k: "sheet",
    pygame.K_t: "stats",
    pygame.K_g: "learn",
}
# The letter each button shows after its label: the same in every language (the menu's
# labels start with other letters in French and German, and one letter per language
# would clash: "Charger" and "Continuer"), so a player reads which key does what.
LETTERS = {
    "continue": "C",
    "new": "N",
    "load": "L",
    "replays": "W",
    "sheet": "K",
    "stats": "T",
    "demo": "D",
    "rules": "R",
    "settings": "S",
    "learn": "G",
    "quit": "Q",
}


def label(name: str, key: str) -> str:
    """A button's text: its label in the language on screen and its key."""
    return f"{t(key)} ({LETTERS[name]})"


class MenuScene(FormScene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.saved = None  # what the autosave holds (ui.storage.saves.SavedGame)
        self.offer = first_offer(app.dirs)  # the very first start: "Learn to play" is offered
        self.offer_rect: pygame.Rect | None = None  # where the offer's line is (a click on it)
        self.asking = False  # Esc was pressed: "quit?" waits for Esc or Enter again

    def choices(self) -> list[tuple[str, str]]:
        names = [
            ("new", "menu.new_game"),
            ("load", "menu.load"),
            ("replays", "replay.menu"),
            ("sheet", "sheet.menu"),
            ("stats", "stats.menu"),
            ("demo", "menu.demo"),
            ("rules", "menu.rules"),
            ("settings", "menu.settings"),
            ("learn", "tutorial.menu"),
            ("quit", "menu.quit"),
        ]
        if self.saved is not None:
            names.insert(0, ("continue", "menu.continue"))
        elif self.offer:  # the very first start: the gold button (and Enter) is the lesson
            names.insert(0, names.pop(names.index(("learn", "tutorial.menu"))))
        return names

    def build(self, u: float) -> None:
        self.saved = self.app.check_autosave()
        w, h = self.app.size
        bw, bh, gap = round(560 * u), round(50 * u), round(12 * u)
        half = (bw - gap) // 2
        names = self.choices()
        x0, y = w // 2 - bw // 2, self.buttons_top(u)
        primary, rest = names[0], names[1:]
        self.button(primary[0], (x0, y, bw, bh), label(*primary), "#primary_button")
        y += bh + gap
        for i in range(0, len(rest), 2):
            pair = rest[i : i + 2]
            width = half if len(pair) == 2 else bw
            for j, (name, key) in enumerate(pair):
                self.button(
                    name, (x0 + j * (half + gap), y, width, bh), label(name, key), "#menu_button"
                )
            y += bh + gap

    def buttons_top(self, u: float) -> int:
        """Where the buttons start: 60 % down, higher when there are many rows of them."""
        h = self.app.size[1]
        rows = 1 + len(self.choices()) // 2  # the gold one, then pairs
        return min(round(h * 0.6), h - round(34 * u) - rows * round(62 * u))

    def on_key(self, key: int) -> bool:
        if self.asking:  # "quit?": Enter says yes (Esc again is back()); any other key, no
            self.set_asking(False)
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.choose("quit")
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.choose(self.choices()[0][0])
            return True
        name = KEYS.get(key)
        if name is None or (name == "continue" and self.saved is None):
            return False
        self.choose(name)
        return True

    def on_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.set_asking(False)
            if self.offer_rect is not None and self.offer_rect.collidepoint(event.pos):
                self.choose("learn")
                return True
        return False

    def on_button(self, name: str) -> None:
        self.set_asking(False)
        self.choose(name)

    def back(self) -> None:
        """Esc: asks first (an Esc too many from a screen above never closes the game);
        Esc again quits."""
        if self.asking:
            self.choose("quit")
        else:
            self.set_asking(True)

    def set_asking(self, asking: bool) -> None:
        if asking != self.asking:
            self.asking = asking
            self.app.invalidate()

    def choose(self, name: str) -> None:
        app = self.app
        if name == "quit":
            app.quit()
        elif name == "continue":
            app.continue_game()
        elif name == "new":
            app.go("setup")
        elif name == "load":
            app.go("files", "load")
        elif name == "demo":
            app.start_game(demo_seats(), demo=True)
        elif name == "rules":
            app.go("rules")
        elif name == "settings":
            app.go("settings")
        elif name == "replays":
            app.go("replay_files")
        elif name == "sheet":
            app.go("history")
        elif name == "learn":
            self.offer = False
            app.go("tutorial", home=True)
        elif name == "stats":
            app.go("stats")

    def background_key(self) -> object:
        return self.saved, self.offer, self.asking

    def render_body(self, img: pygame.Surface, u: float) -> None:
        w, h = self.app.size
        assets = self.app.assets
        # the fan fills the room between the subtitle and the buttons (less with many rows)
        room_top = round(h * 0.04) + round(112 * u)
        gap = 34 if self.saved else 46 if self.offer else 12  # room for the line above them
        room_bottom = self.buttons_top(u) - round(gap * u)
        ch = max(round(60 * u), min(round(130 * u), round((room_bottom - room_top) * 0.74)))
        cw = round(ch / 1.4)
        cx, cy = w // 2, min(round(h * 0.37), (room_top + room_bottom) // 2 - round(16 * u))
        for i, card in enumerate(FAN):
            angle = (i - 3) * 9
            face = pygame.transform.rotozoom(assets.card(card, (cw, ch)), -angle, 1.0)
            dx = (i - 3) * cw * 0.55
            dy = abs(i - 3) ** 1.6 * 6 * u
            img.blit(face, face.get_rect(center=(round(cx + dx), round(cy + dy))))
        self.text(img, t("app.title"), round(64 * u), GOLD, midtop=(cx, round(h * 0.04)))
        self.text(
            img,
            t("menu.subtitle"),
            round(20 * u),
            CREAM,
            midtop=(cx, round(h * 0.04) + round(76 * u)),
        )
        line_at = (cx, self.buttons_top(u) - round(10 * u))
        self.offer_rect = None
        if self.asking:
            self.text(
                img,
                t("menu.quit_ask"),
                round(17 * u),
                GOLD,
                max_width=w - round(40 * u),
                midbottom=line_at,
            )
        elif self.saved is not None:
            when = time.strftime("%H:%M", time.localtime(self.saved.saved_at))
            line = t(
                "menu.saved_game",
                round=self.saved.round_no,
                players=", ".join(self.saved.players),
                time=when,
            )
            self.text(
                img,
                line,
                round(15 * u),
                MUTED,
                max_width=round(900 * u),
                midbottom=line_at,
            )
        elif self.offer:
            offer = self.app.assets.wrapped(
                t("tutorial.offer"),
                round(17 * u),
                GOLD,
                min(round(900 * u), w - round(40 * u)),
                max_lines=2,
                center=True,
            )
            self.offer_rect = img.blit(offer, offer.get_rect(midbottom=line_at))
        self.text(img, t("menu.keys"), round(14 * u), MUTED, midbottom=(cx, h - round(10 * u)))
