"""The main menu: Continue (when a game was left unfinished), New game, Load game, Demo,
Rules, Settings, Quit."""

from __future__ import annotations

import math
import time

import pygame

from ui.assets import CREAM, GOLD, MUTED
from ui.config import demo_seats
from ui.context import MenuContext
from ui.i18n import t
from ui.screens.forms import FormScene
from ui.storage.marks import first_offer
from ui.storage.sheet_store import SheetStore

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
    pygame.K_a: "live",
    pygame.K_o: "online",
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
    "live": "A",
    "online": "O",
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
    app: MenuContext

    def __init__(self, app: MenuContext) -> None:
        super().__init__(app)
        self.saved = None  # what Continue takes up (ui.storage.saves.SavedGame)
        self.offer = first_offer(app.dirs)  # the very first start: "Learn to play" is offered
        self.offer_rect: pygame.Rect | None = None  # where the offer's line is (a click on it)
        self.asking = False  # Esc was pressed: "quit?" waits for Esc or Enter again
        self.text_rects: list[pygame.Rect] = []  # where the last drawing put its words
        self.fan_rect: pygame.Rect | None = None  # and its cards (None: no room for them)

    def choices(self) -> list[tuple[str, str]]:
        names = [
            ("new", "menu.new_game"),
            ("load", "menu.load"),
            ("replays", "replay.menu"),
            ("sheet", "sheet.menu"),
            ("live", "live.menu"),
            ("online", "online.menu"),
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
        self.saved = self.app.check_unfinished()
        w, h = self.app.size
        bw, (bh, gap) = round(560 * u), self.pitch(u)
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

    def rows(self) -> int:
        return 1 + len(self.choices()) // 2  # the gold one, then pairs

    def pitch(self, u: float) -> tuple[int, int]:
        """A button's height and the gap below it: closer when there are seven rows."""
        return (round(50 * u), round(12 * u)) if self.rows() < 7 else (round(44 * u), round(9 * u))

    def buttons_top(self, u: float) -> int:
        """Where the buttons start: 60 % down, higher when there are many rows of them."""
        h = self.app.size[1]
        return min(round(h * 0.6), h - round(34 * u) - self.rows() * sum(self.pitch(u)))

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
        opens = {  # the screens a button opens, by name (ui/routes.py), and their arguments
            "new": ("setup",),
            "load": ("files", "load"),
            "rules": ("rules",),
            "settings": ("settings",),
            "replays": ("replay_files",),
            "sheet": ("history",),
            "stats": ("stats",),
            "online": ("online",),
        }
        if name in opens:
            app.go(*opens[name])
        elif name == "quit":
            app.quit()
        elif name == "continue":
            app.continue_game()
        elif name == "demo":
            app.start_game(demo_seats(), demo=True)
        elif name == "live":  # a new sheet, its first round followed card by card
            app.go("sheet_setup", SheetStore(app.dirs.data / "sheets"), live=True)
        elif name == "learn":
            self.offer = False
            app.go("tutorial", home=True)

    def background_key(self) -> object:
        return self.saved, self.offer, self.asking

    def render_body(self, img: pygame.Surface, u: float) -> None:
        w, h = self.app.size
        cx = w // 2
        title = self.text(img, t("app.title"), round(64 * u), GOLD, midtop=(cx, round(h * 0.04)))
        subtitle = self.text(
            img,
            t("menu.subtitle"),
            round(20 * u),
            CREAM,
            midtop=(cx, round(h * 0.04) + round(76 * u)),
        )
        line = self.render_line(img, u)
        keys = self.text(
            img, t("menu.keys"), round(14 * u), MUTED, midbottom=(cx, h - round(10 * u))
        )
        self.text_rects = [r for r in (title, subtitle, line, keys) if r is not None]
        # the fan fills the room between the subtitle and the line above the buttons
        margin = max(4, round(8 * u))
        below = line.top if line is not None else self.buttons_top(u)
        room = pygame.Rect(margin, subtitle.bottom + margin, w - 2 * margin, 0)
        room.height = below - margin - room.top
        self.fan_rect = self.draw_fan(img, room, u)

    def render_line(self, img: pygame.Surface, u: float) -> pygame.Rect | None:
        """The line just above the buttons: "quit?", the unfinished game, or the lesson's
        offer (where a click opens it); its rect, or None when there is none."""
        w = self.app.size[0]
        line_at = (w // 2, self.buttons_top(u) - round(10 * u))
        self.offer_rect = None
        if self.asking:
            return self.text(
                img,
                t("menu.quit_ask"),
                round(17 * u),
                GOLD,
                max_width=w - round(40 * u),
                midbottom=line_at,
            )
        if self.saved is not None:
            when = time.strftime("%H:%M", time.localtime(self.saved.saved_at))
            line = t(
                "menu.saved_live" if self.saved.sheet else "menu.saved_game",
                round=self.saved.round_no,
                players=", ".join(self.saved.players),
                time=when,
            )
            return self.text(
                img,
                line,
                round(15 * u),
                MUTED,
                max_width=min(round(900 * u), w - round(40 * u)),
                midbottom=line_at,
            )
        if self.offer:
            offer = self.app.assets.wrapped(
                t("tutorial.offer"),
                round(17 * u),
                GOLD,
                min(round(900 * u), w - round(40 * u)),
                max_lines=2,
                center=True,
            )
            self.offer_rect = img.blit(offer, offer.get_rect(midbottom=line_at))
            return self.offer_rect
        return None

    def draw_fan(self, img: pygame.Surface, room: pygame.Rect, u: float) -> pygame.Rect | None:
        """The seven cards, as big as ``room`` holds (at most 130 px tall at 1280 × 720) and
        centred in it; the rect they cover, or None when the room is too small for them."""
        # the fan of cards 1 px tall: each card's angle, centre and the box it turns in
        boxes = []
        for i in range(len(FAN)):
            a = math.radians(abs(i - 3) * 9)
            cw = 1 / 1.4
            bw, bh = cw * math.cos(a) + math.sin(a), cw * math.sin(a) + math.cos(a)
            dx, dy = (i - 3) * cw * 0.55, abs(i - 3) ** 1.6 * 0.046
            boxes.append((dx - bw / 2, dy - bh / 2, dx + bw / 2, dy + bh / 2))
        left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
        right, bottom = max(b[2] for b in boxes), max(b[3] for b in boxes)
        pad = 3  # the turned images are a pixel or two wider than their exact boxes
        ch = min(
            round(130 * u),
            int((room.h - 2 * pad) / (bottom - top)),
            int((room.w - 2 * pad) / (right - left)),
        )
        if ch < max(24, round(40 * u)):
            return None
        cw = round(ch / 1.4)
        cx = room.centerx - (left + right) / 2 * ch
        cy = room.centery - (top + bottom) / 2 * ch
        covered: pygame.Rect | None = None
        for i, card in enumerate(FAN):
            face = pygame.transform.rotozoom(
                self.app.assets.card(card, (cw, ch)), -(i - 3) * 9, 1.0
            )
            dx, dy = (i - 3) * cw * 0.55, abs(i - 3) ** 1.6 * 0.046 * ch
            r = img.blit(face, face.get_rect(center=(round(cx + dx), round(cy + dy))))
            covered = r if covered is None else covered.union(r)
        return covered
