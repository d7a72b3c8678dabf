"""End of a round and end of the game: overlays drawn over the table.

The round summary lists each seat's hand counted the way the rules count it
(R7: ``29 × 2 + 6 = 64``), the busts and the Flip 7, then "Next round". The
game-over screen names the winner (R8), the standings and a chart of the
totals round by round, with "Play again" and "Menu".
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ui.assets import BAND, CHART_GRID, CREAM, DIALOG, GOLD, ICE, MUTED, PALETTE, RED
from ui.chart import Line, PygamePen, Scale, Style, draw_chart, nice_step
from ui.i18n import t
from ui.scene import ButtonDialog
from ui.theme import unit_for, widen_buttons

if TYPE_CHECKING:
    from ui.context import TableContext


class Overlay(ButtonDialog):
    """A dialog over the table with buttons; in a demo its first button presses itself
    after ``auto`` seconds, which it counts down on its label: "Next round (3)"."""

    BUTTONS: tuple[tuple[str, str], ...] = ()
    GO_ON: str | None = None  # the button that Enter, Space or N press ("go on")
    app: TableContext

    def __init__(self, app: TableContext, table) -> None:
        super().__init__(app)
        self.table = table
        self.auto = (3.0 / max(0.25, app.config.speed)) if table.unattended else None
        self.row_rects: list[pygame.Rect] = []  # where the last drawing put each player's row

    def notice_span(self) -> tuple[int, int]:
        """Notices keep over the felt, as at the table beneath."""
        return self.table.notice_span()

    def build_ui(self) -> None:
        self.exit()
        d = self.dialog()
        u = unit_for(self.app.size)
        bw, bh, gap = round(170 * u), round(44 * u), round(14 * u)
        x = d.centerx - (len(self.BUTTONS) * (bw + gap) - gap) // 2
        for i, (name, _key) in enumerate(self.BUTTONS):
            rect = pygame.Rect(x + i * (bw + gap), d.bottom - bh - gap, bw, bh)
            self.buttons[name] = pygame_gui.elements.UIButton(
                rect, self.label(i), self.app.manager, object_id="#hit_button" if i == 0 else None
            )
        widen_buttons(self.buttons.values(), self.app.size[0])
        self._key = None

    def on_key(self, key: int) -> None:
        if key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_n):
            if self.GO_ON is not None:
                self.choose(self.GO_ON)
        elif key == pygame.K_ESCAPE:
            self.app.to_menu()

    def label(self, i: int) -> str:
        """Button ``i``'s text: the first one with the seconds left when it presses itself."""
        text = t(self.BUTTONS[i][1])
        if i == 0 and self.auto is not None:
            return t("summary.countdown", label=text, seconds=self.seconds_left())
        return text

    def seconds_left(self) -> int:
        """The whole seconds shown before the first button presses itself (3, 2, 1)."""
        return max(1, math.ceil(self.auto - 1e-9)) if self.auto is not None else 0

    def update(self, dt: float) -> None:
        if self.auto is not None:
            shown = self.seconds_left()
            self.auto -= dt
            if self.auto <= 0:
                self.auto = None
                self.choose(self.BUTTONS[0][0])
            elif self.seconds_left() != shown and self.BUTTONS[0][0] in self.buttons:
                self.buttons[self.BUTTONS[0][0]].set_text(self.label(0))
                self.app.invalidate()

    def wakeup(self) -> float | None:
        """When the countdown's number changes next (or the button presses itself)."""
        if self.auto is None:
            return None
        return max(0.0, self.auto - (self.seconds_left() - 1))

    def draw(self, surface: pygame.Surface) -> None:
        key = (self.app.size, self.table.shown.version)
        if key != self._key or self._image is None:
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
        n = len(self.table.shown.players)
        row = min(round(34 * u), max(18, (table.h - round(150 * u)) // n))
        w = min(table.w - round(20 * u), round(820 * u))
        h = round(94 * u) + n * row + round(80 * u)
        r = pygame.Rect(0, 0, w, min(h, table.h - 8))
        r.center = table.center
        return r

    def choose(self, name: str) -> None:
        self.app.back("play_on")

    def render_body(self, img, d: pygame.Rect, u: float) -> None:
        shown = self.table.shown
        p = self.table.presenter
        n = len(shown.players)
        self.text(
            img,
            t("summary.title", round=shown.round_shown),
            round(28 * u),
            GOLD,
            midtop=(d.centerx, d.y + round(16 * u)),
        )
        row = min(round(34 * u), max(18, (d.h - round(174 * u)) // n))
        size = max(11, min(round(18 * u), round(row * 0.6)))
        x0, x1 = d.x + round(24 * u), d.right - round(24 * u)
        head_y = d.y + round(70 * u)
        small = max(10, round(13 * u))
        a = self.app.assets
        font = a.font(size)
        calcs = [r.calculation + " = 000" for r in shown.last_results] or ["0"]
        name_col = min(round(d.w * 0.3), max(font.size(p.who(s))[0] for s in range(n)))
        calc_right = min(
            d.x + round(d.w * 0.58),
            x0 + name_col + round(16 * u) + max(font.size(c)[0] for c in calcs),
        )  # the reason starts after
        why_x = calc_right + round(14 * u)
        total_w = a.font(size).size(t("summary.total_col") + "0000")[0]
        self.text(img, t("summary.hand"), small, MUTED, midright=(calc_right, head_y))
        self.text(img, t("summary.total_col"), small, MUTED, midright=(x1, head_y))
        y = d.y + round(86 * u)
        reasons = shown.last_reasons or (None,) * n
        self.row_rects = []
        for seat, result in enumerate(shown.last_results):
            mid = y + row // 2
            self.row_rects.append(pygame.Rect(x0, y, x1 - x0, row))
            if seat % 2 == 0:
                band = pygame.Rect(x0 - 8, y, x1 - x0 + 16, row)
                pygame.draw.rect(img, BAND, band, border_radius=6)
            s = a.fitted(p.who(seat), size, max(10, size - 4), CREAM, max(40, name_col), keep=6)
            img.blit(s, s.get_rect(midleft=(x0, mid)))
            if result.busted:
                calc, color = "0", RED
            else:
                calc = (
                    f"{result.calculation} = {result.score}"
                    if result.calculation != str(result.score)
                    else str(result.score)
                )
                color = GOLD if result.flip7 else CREAM
            self.text(img, calc, size, color, midright=(calc_right, mid))
            why, why_color = self.reason(reasons[seat], seat, result)
            if why:
                s = a.fitted(
                    why, max(10, size - 2), max(10, size - 5), why_color, x1 - total_w - why_x
                )
                img.blit(s, s.get_rect(midleft=(why_x, mid)))
            self.text(img, str(shown.totals[seat]), size, CREAM, midright=(x1, mid))
            y += row

    def reason(self, why: tuple | None, seat: int, result) -> tuple[str, tuple]:
        """Why a hand scored what it did, in words: "busted on a second 9"."""
        p = self.table.presenter
        if result.busted:
            card = why[1] if why and why[0] == "busted" else None
            return (t("summary.why.busted", card=card) if card else t("summary.busted")), RED
        if result.flip7:
            return "★ " + t("summary.why.flip7"), GOLD
        if why and why[0] == "frozen":
            if why[1] == seat:
                return t("summary.why.frozen_self"), ICE
            return t("summary.why.frozen", by=p.who(why[1])), ICE
        if why and why[0] == "stayed":
            return t("summary.why.stayed"), MUTED
        return "", MUTED


class GameOver(Overlay):
    """The end of the game. No key starts a new one: Enter meant "Next round" a moment ago,
    so "Play again" takes a click on its button (Escape goes to the menu)."""

    BUTTONS = (
        ("again", "button.play_again"),
        ("watch", "replay.watch_game"),
        ("review", "review.button"),
        ("save", "replay.save_game"),
        ("menu", "button.menu"),
    )

    def __init__(self, app: TableContext, table) -> None:
        super().__init__(app, table)
        app.sound.play("win")
        if self.auto is not None:
            self.auto *= 1.6

    def choose(self, name: str) -> None:
        if name == "menu":
            self.app.to_menu()
            return
        if name == "review":
            self.app.review_game(self.table.game)
            return
        if name == "watch":
            self.app.watch_game(self.table.game)
            return
        if name == "save":
            self.app.go("files", "save", self.table.game)
            return
        self.app.back("play_again")

    def render_body(self, img, d: pygame.Rect, u: float) -> None:
        shown = self.table.shown
        p = self.table.presenter
        a = self.app.assets
        winner = shown.winner if shown.winner is not None else 0
        self.text(
            img,
            t("over.title", who=p.who(winner)),
            round(36 * u),
            GOLD,
            midtop=(d.centerx, d.y + round(18 * u)),
        )
        n = len(shown.players)
        records = shown.rounds
        order = sorted(range(n), key=lambda s: -shown.totals[s])
        left, right = d.x + round(24 * u), d.right - round(24 * u)
        top = d.y + round(74 * u)
        bottom = d.bottom - round(76 * u)
        # the rows take the height the chart below leaves them (its title, a plot of 110 px
        # at 1280 × 720, its rounds): a bigger window, bigger rows
        chart_room = round((40 + 110 + 22) * u)
        row = max(14, min(round(26 * u), (bottom - top - chart_room) // (n + 1)))
        size = max(10, min(round(15 * u), round(row * 0.7)))
        font = a.font(size)
        # the table: name, the totals after each round (the last ones that fit), total,
        # busts, Flip 7s and best round
        stats = [
            ("over.col.total", lambda s: shown.totals[s]),
            ("over.col.busts", lambda s: sum(s in r.busted for r in records)),
            ("over.col.flip7", lambda s: sum(r.flip7 == s for r in records)),
            ("over.col.best", lambda s: max((r.scores[s] for r in records), default=0)),
        ]
        stat_w = [
            max(font.size(t(key))[0], font.size("0000")[0]) + round(14 * u) for key, _f in stats
        ]
        widest = max(font.size(f"{n}. {p.who(s)}")[0] for s in range(n))  # with the rank
        name_w = min(round(230 * u), size + widest + round(8 * u))
        name_w = max(name_w, size + font.size("1. Abcdef…")[0])
        col = font.size("0000")[0] + round(10 * u)
        room = right - left - name_w - sum(stat_w)
        shown_rounds = max(0, min(len(records), room // col))
        first = len(records) - shown_rounds
        if shown_rounds:  # a few rounds spread out, though still read as one block
            col = min(room // shown_rounds, col * 9 // 4)
        # a short game: the table narrower than the dialog, centred, its figures together
        wide = min(right - left, name_w + shown_rounds * col + sum(stat_w))
        t_left = d.centerx - wide // 2
        t_right = t_left + wide
        totals = [shown.start_totals, *shown.round_totals]
        x_round = t_left + name_w
        x_stats = t_right - sum(stat_w)
        y = top
        if first > 0:
            self.text(img, "…", size, MUTED, midright=(x_round + col // 2, y + row // 2))
        for k in range(first, len(records)):
            cx = x_round + (k - first) * col + col - round(5 * u)
            self.text(img, t("over.round", round=k + 1), size, MUTED, midright=(cx, y + row // 2))
        x = x_stats
        for (key, _f), w in zip(stats, stat_w, strict=True):
            self.text(img, t(key), size, GOLD, midright=(x + w, y + row // 2))
            x += w
        self.row_rects = []  # where each player's row is (the tests measure them)
        self.rounds_right = x_round + shown_rounds * col  # the last round's column ends here
        self.stats_left = x_stats
        for rank, seat in enumerate(order):
            y = top + (rank + 1) * row
            mid = y + row // 2
            self.row_rects.append(pygame.Rect(t_left, y, wide, row))
            if rank % 2 == 0:
                pygame.draw.rect(img, BAND, (t_left - 6, y, wide + 12, row), border_radius=4)
            color = PALETTE[seat % len(PALETTE)]
            pygame.draw.circle(img, color, (t_left + size // 3, mid), max(3, size // 3))
            s = a.fitted(
                f"{rank + 1}. {p.who(seat)}",
                size,
                max(10, size - 3),
                GOLD if seat == winner else CREAM,
                name_w - size,
                keep=6,
            )
            img.blit(s, s.get_rect(midleft=(t_left + size, mid)))
            for k in range(first, len(records)):
                cx = x_round + (k - first) * col + col - round(5 * u)
                self.text(img, str(totals[k + 1][seat]), size, MUTED, midright=(cx, mid))
            x = x_stats
            for (_key, f), w in zip(stats, stat_w, strict=True):
                self.text(img, str(f(seat)), size, CREAM, midright=(x + w, mid))
                x += w
        chart_top = top + (n + 1) * row + round(40 * u)
        axis_w = font.size("00000")[0] + round(8 * u)
        chart = pygame.Rect(
            left + axis_w,
            chart_top,
            right - left - axis_w - round(10 * u),
            bottom - round(22 * u) - chart_top,
        )
        if chart.h >= round(60 * u):
            self.chart(img, chart, u, winner)

    def chart(self, img, r: pygame.Rect, u: float, winner: int) -> None:
        """Everyone's total after each round; the winner's line thicker, on top."""
        shown = self.table.shown
        series = [shown.start_totals, *shown.round_totals]
        rounds = len(series) - 1
        top = max(max(max(s) for s in series), shown.target, 1)
        small = max(10, round(12 * u))
        self.text(
            img, t("over.chart"), max(11, round(15 * u)), MUTED, midbottom=(r.centerx, r.y - 4)
        )
        step = nice_step(top, max(2, r.h // max(1, round(40 * u))))
        label_every = max(1, -(-rounds * small * 3 // max(1, r.w)))
        scale = Scale(
            rounds,
            top,
            [(v, str(v)) for v in range(0, top + 1, step)],
            [
                (i, t("over.round", round=i) if i else "0")
                for i in range(0, rounds + 1, label_every)
            ],
            shown.target,
        )
        lines = []
        for seat in sorted(range(len(shown.players)), key=lambda s: s == winner):
            width = max(2, round((4 if seat == winner else 2) * u))
            values = [s[seat] for s in series]
            lines.append(Line(values, PALETTE[seat % len(PALETTE)], width, width + 1, True))
        style = Style(
            small,
            MUTED,
            CHART_GRID,
            band=BAND,
            columns=True,
            whole=True,
            target=(150, 124, 52),
            target_label=GOLD,
        )
        draw_chart(PygamePen(img, self.text), (r.x, r.y, r.right, r.bottom), scale, lines, style)
