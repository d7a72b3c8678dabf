"""End of a round and end of the game: overlays drawn over the table.

The round summary lists each seat's hand counted the way the rules count it
(R7: ``29 × 2 + 6 = 64``), the busts and the Flip 7, then "Next round". The
game-over screen names the winner (R8), the standings and a chart of the
totals round by round, with "Play again" and "Menu".
"""

from __future__ import annotations

import pygame
import pygame_gui

from .assets import CREAM, GOLD, MUTED, RED
from .i18n import t
from .layout import unit_for
from .scene import Scene

PALETTE = ((247, 199, 70), (110, 225, 255), (236, 110, 110), (140, 230, 140), (210, 150, 255),
           (255, 160, 80), (120, 170, 255), (255, 130, 200), (200, 220, 120), (90, 210, 190),
           (255, 220, 170), (170, 140, 110), (220, 220, 220), (150, 120, 255), (255, 100, 60),
           (100, 200, 100), (240, 240, 110), (160, 200, 230))
DIALOG = (14, 36, 26, 255)  # opaque: pygame.draw writes pixels, it does not blend
BAND = (24, 52, 39, 255)


class Overlay(Scene):
    """A dialog over the table with buttons; ``auto`` seconds in demo mode, then ``advance``."""

    overlay = True
    BUTTONS: tuple[tuple[str, str], ...] = ()
    GO_ON: str | None = None  # the button that Enter, Space or N press ("go on")

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.auto = (3.0 / max(0.25, app.config.speed)) if table.unattended else None
        self._image = None
        self._key = None

    def enter(self) -> None:
        self.build_ui()

    def exit(self) -> None:
        for b in self.buttons.values():
            b.kill()
        self.buttons = {}

    def resize(self, size) -> None:
        if self.app.stack.top is self:
            self.build_ui()

    def pause(self) -> None:  # a screen over this one ("Save replay"): no buttons through it
        self.exit()

    def resume(self) -> None:
        self.build_ui()

    def dialog(self) -> pygame.Rect:
        raise NotImplementedError

    def build_ui(self) -> None:
        self.exit()
        d = self.dialog()
        u = unit_for(self.app.size)
        bw, bh, gap = round(170 * u), round(44 * u), round(14 * u)
        x = d.centerx - (len(self.BUTTONS) * (bw + gap) - gap) // 2
        for i, (name, key) in enumerate(self.BUTTONS):
            rect = pygame.Rect(x + i * (bw + gap), d.bottom - bh - gap, bw, bh)
            self.buttons[name] = pygame_gui.elements.UIButton(
                rect, t(key), self.app.manager, object_id="#hit_button" if i == 0 else None)
        self._key = None

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for name, button in self.buttons.items():
                if event.ui_element is button:
                    self.choose(name)
                    return True
        if event.type == pygame.KEYDOWN:
            if (event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_n)
                    and self.GO_ON is not None):
                self.choose(self.GO_ON)
                return True
            if event.key == pygame.K_ESCAPE:
                self.app.to_menu()
                return True
        return True  # modal: nothing reaches the table

    def update(self, dt: float) -> None:
        if self.auto is not None:
            self.auto -= dt
            if self.auto <= 0:
                self.auto = None
                self.choose(self.BUTTONS[0][0])

    def wakeup(self) -> float | None:
        return self.auto

    def choose(self, name: str) -> None:
        raise NotImplementedError

    def draw(self, surface: pygame.Surface) -> None:
        key = (self.app.size, self.table.shown.version)
        if key != self._key:
            self._image = self.render()
            self._key = key
        surface.blit(self._image, (0, 0))

    def render(self) -> pygame.Surface:
        size = self.app.size
        img = pygame.Surface(size, pygame.SRCALPHA)
        img.fill((0, 0, 0, 110))
        d = self.dialog()
        u = unit_for(size)
        shadow = pygame.Rect(d).move(round(6 * u), round(8 * u))
        pygame.draw.rect(img, (0, 0, 0, 120), shadow, border_radius=round(18 * u))
        pygame.draw.rect(img, DIALOG, d, border_radius=round(18 * u))
        pygame.draw.rect(img, GOLD, d, width=max(2, round(2 * u)), border_radius=round(18 * u))
        self.render_body(img, d, u)
        return img

    def render_body(self, img, d: pygame.Rect, u: float) -> None:
        raise NotImplementedError

    def text(self, img, text, size, color, **anchor) -> pygame.Rect:
        s = self.app.assets.text(text, size, color)
        r = s.get_rect(**anchor)
        img.blit(s, r)
        return r


class RoundSummary(Overlay):
    BUTTONS = (("next", "button.next_round"),)
    GO_ON = "next"

    def dialog(self) -> pygame.Rect:
        table = self.table.layout.table
        u = unit_for(self.app.size)
        n = len(self.table.seats)
        row = min(round(34 * u), max(18, (table.h - round(150 * u)) // n))
        w = min(table.w - round(40 * u), round(620 * u))
        h = round(94 * u) + n * row + round(80 * u)
        r = pygame.Rect(0, 0, w, min(h, table.h - 8))
        r.center = table.center
        return r

    def choose(self, name: str) -> None:
        self.app.stack.pop()
        self.table.gate_closed()

    def render_body(self, img, d: pygame.Rect, u: float) -> None:
        shown = self.table.shown
        p = self.table.presenter
        n = len(shown.players)
        self.text(img, t("summary.title", round=shown.round_no), round(28 * u), GOLD,
                  midtop=(d.centerx, d.y + round(16 * u)))
        row = min(round(34 * u), max(18, (d.h - round(174 * u)) // n))
        size = max(11, min(round(18 * u), round(row * 0.6)))
        x0, x1 = d.x + round(24 * u), d.right - round(24 * u)
        head_y = d.y + round(70 * u)
        small = max(10, round(13 * u))
        self.text(img, t("summary.hand"), small, MUTED, center=(d.x + d.w * 0.56, head_y))
        self.text(img, t("summary.total_col"), small, MUTED, midright=(x1, head_y))
        y = d.y + round(86 * u)
        for seat, result in enumerate(shown.last_results):
            mid = y + row // 2
            if seat % 2 == 0:
                band = pygame.Rect(x0 - 8, y, x1 - x0 + 16, row)
                pygame.draw.rect(img, BAND, band, border_radius=6)
            self.text(img, p.who(seat), size, CREAM, midleft=(x0, mid))
            if result.busted:
                calc, color = t("summary.busted") + " · 0", RED
            else:
                calc = (f"{result.calculation} = {result.score}"
                        if result.calculation != str(result.score) else str(result.score))
                color = GOLD if result.flip7 else CREAM
            r = self.text(img, calc, size, color, center=(d.x + d.w * 0.56, mid))
            if result.flip7:
                self.text(img, "★ " + t("summary.flip7"), max(10, size - 3), GOLD,
                          midleft=(r.right + 10, mid))
            self.text(img, str(shown.totals[seat]), size, CREAM, midright=(x1, mid))
            y += row


class GameOver(Overlay):
    """The end of the game. No key starts a new one: Enter meant "Next round" a moment ago,
    so "Play again" takes a click on its button (Escape goes to the menu)."""

    BUTTONS = (("again", "button.play_again"), ("watch", "replay.watch_game"),
               ("review", "review.button"), ("save", "replay.save_game"),
               ("menu", "button.menu"))

    def __init__(self, app, table) -> None:
        super().__init__(app, table)
        if self.auto is not None:
            self.auto *= 1.6

    def dialog(self) -> pygame.Rect:
        w, h = self.app.size
        r = pygame.Rect(0, 0, round(w * 0.86), round(h * 0.86))
        r.center = (w // 2, h // 2)
        return r

    def choose(self, name: str) -> None:
        if name == "menu":
            self.app.to_menu()
            return
        if name == "review":
            from .review_screen import review_game

            review_game(self.app, self.table.game)
            return
        if name in ("watch", "save"):
            from .files import FilesScene
            from .replay_files import watch_game

            if name == "watch":
                watch_game(self.app, self.table.game)
            else:
                self.app.stack.push(FilesScene(self.app, "save", self.table.game))
            return
        self.app.stack.pop()
        self.table.games_played += 1
        self.table.new_game(self.table.seed + 1)
        self.table.build_ui()

    def render_body(self, img, d: pygame.Rect, u: float) -> None:
        shown = self.table.shown
        p = self.table.presenter
        winner = shown.winner if shown.winner is not None else 0
        self.text(img, t("over.title", who=p.who(winner)), round(36 * u), GOLD,
                  midtop=(d.centerx, d.y + round(18 * u)))
        n = len(shown.players)
        order = sorted(range(n), key=lambda s: -shown.totals[s])
        top = d.y + round(80 * u)
        bottom = d.bottom - round(80 * u)
        row = min(round(30 * u), (bottom - top) // n)
        size = max(10, min(round(17 * u), round(row * 0.62)))
        left_w = round(d.w * 0.3)
        for rank, seat in enumerate(order):
            y = top + rank * row + row // 2
            color = PALETTE[seat % len(PALETTE)]
            pygame.draw.circle(img, color, (d.x + round(30 * u), y), max(3, size // 3))
            self.text(img, f"{rank + 1}. {p.who(seat)}", size, GOLD if seat == winner else CREAM,
                      midleft=(d.x + round(42 * u), y))
            self.text(img, str(shown.totals[seat]), size, CREAM,
                      midright=(d.x + left_w, y))
        chart = pygame.Rect(d.x + left_w + round(50 * u), top, d.w - left_w - round(80 * u),
                            bottom - top)
        self.chart(img, chart, u, winner)

    def chart(self, img, r: pygame.Rect, u: float, winner: int) -> None:
        shown = self.table.shown
        game = self.table.game
        series = [tuple(game.initial["totals"])] + list(shown.round_totals)
        rounds = len(series) - 1
        top = max(max(max(s) for s in series), shown.target, 1)
        small = max(10, round(12 * u))
        self.text(img, t("over.chart"), max(11, round(15 * u)), MUTED,
                  midbottom=(r.centerx, r.y - 4))
        pygame.draw.rect(img, BAND, r)

        def point(i: int, v: int) -> tuple[int, int]:
            x = r.x + (r.w * i / max(1, rounds))
            return round(x), round(r.bottom - r.h * v / top)
        ty = point(0, shown.target)[1]
        for x in range(r.x, r.right, 12):
            pygame.draw.line(img, (150, 124, 52), (x, ty), (min(x + 6, r.right), ty))
        self.text(img, str(shown.target), small, GOLD, bottomright=(r.right, ty - 2))
        for i in range(rounds + 1):
            x, _ = point(i, 0)
            pygame.draw.line(img, (40, 68, 54), (x, r.y), (x, r.bottom))
            if rounds <= 20 or i % 2 == 0:
                self.text(img, t("over.round", round=i) if i else "0", small, MUTED,
                          midtop=(x, r.bottom + 4))
        for seat in sorted(range(len(shown.players)), key=lambda s: s == winner):
            pts = [point(i, s[seat]) for i, s in enumerate(series)]
            color = PALETTE[seat % len(PALETTE)]
            width = max(2, round((4 if seat == winner else 2) * u))
            if len(pts) > 1:
                pygame.draw.lines(img, color, False, pts, width)
            pygame.draw.circle(img, color, pts[-1], width + 1)
