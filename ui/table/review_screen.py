"""The coach's summary over the replay viewer (the strip and its marks: :mod:`ui.table.coach`).

:class:`ReviewProgressScene` — while the review is computed (off the window's thread):
  a progress bar; Esc or *Cancel* stops it and goes back to the replay.

:class:`ReviewScene` — the summary: for each reviewed player the decisions
  reviewed, how many matched the expert, the expected points left on the table;
  the costliest three decisions (a click or ``1``–``3`` jumps there in the replay);
  a chart of everyone's chance to win, round by round.

The humans are reviewed; in a game of bots only, every seat.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.commands.review import Review, costliest
from ui.assets import BAND, CHART_GRID, CREAM, DIALOG, GOLD, MUTED, PALETTE
from ui.chart import Line, PygamePen, Scale, Style, draw_chart
from ui.context import TableContext
from ui.i18n import language, number, percent, t, tn
from ui.scene import ButtonDialog
from ui.table import coach
from ui.table.coach import ReviewJob, line_msg
from ui.theme import unit_for


# ------------------------------------------------------------------ while it is computed
class ReviewProgressScene(ButtonDialog):
    """A progress bar while the coach reviews the replay; then ``then`` (a coach command)
    is carried out. Esc, Enter or *Cancel* stops the review."""

    def __init__(self, app: TableContext, viewer, then: str = "coach") -> None:
        super().__init__(app)
        self.replay, self.then = viewer, then
        self.job = ReviewJob(viewer.replay)
        self.shown = -1.0  # the fraction drawn last

    def dialog(self) -> pygame.Rect:
        w, h = self.app.size
        u = unit_for(self.app.size)
        r = pygame.Rect(0, 0, min(w - 20, round(520 * u)), round(190 * u))
        r.center = (w // 2, h // 2)
        return r

    def build_ui(self) -> None:
        self.exit()
        d, u = self.dialog(), unit_for(self.app.size)
        bw, bh = round(170 * u), max(32, round(40 * u))  # the theme's corners need 32 px
        self.buttons["cancel"] = pygame_gui.elements.UIButton(
            pygame.Rect(d.centerx - bw // 2, d.bottom - bh - round(14 * u), bw, bh),
            t("files.cancel"),
            self.app.manager,
            object_id="#menu_button",
        )

    def on_key(self, key: int) -> None:
        if key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_c):
            self.choose("cancel")

    def choose(self, name: str) -> None:
        self.job.cancel()
        self.app.back()

    def busy(self) -> bool:
        return True  # the bar moves: the app draws every frame

    def update(self, dt: float) -> None:
        if self.job.fraction != self.shown:
            self.app.invalidate()
        if not self.job.finished or not self.app.on_top(self):
            return
        self.app.back()
        if self.job.review is None:  # it failed (never expected): say so, stay on the replay
            self.app.notify(t("review.failed"), error=True)
            return
        self.replay.review = self.job.review
        coach.command(self.replay, self.then)

    def draw(self, surface: pygame.Surface) -> None:
        d, u = self.dialog(), unit_for(self.app.size)
        shade = pygame.Surface(self.app.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        surface.blit(shade, (0, 0))
        radius = round(14 * u)
        pygame.draw.rect(surface, DIALOG, d, border_radius=radius)
        pygame.draw.rect(surface, GOLD, d, width=max(2, round(2 * u)), border_radius=radius)
        self.shown = fraction = self.job.fraction
        title = self.app.assets.text(
            t("review.working", percent=round(fraction * 100)), round(20 * u), CREAM
        )
        surface.blit(title, title.get_rect(midtop=(d.centerx, d.y + round(18 * u))))
        bar = pygame.Rect(
            d.x + round(30 * u), d.y + round(70 * u), d.w - round(60 * u), round(18 * u)
        )
        pygame.draw.rect(surface, BAND, bar, border_radius=bar.h // 2)
        done = bar.copy()
        done.w = max(bar.h, round(bar.w * fraction))
        pygame.draw.rect(surface, GOLD, done, border_radius=bar.h // 2)


# ------------------------------------------------------------------ the summary
class ReviewScene(ButtonDialog):
    """The review over the replay viewer (modal; Esc, Enter or *Close* goes back)."""

    def __init__(self, app: TableContext, viewer) -> None:
        super().__init__(app)
        self.replay = viewer
        self.review: Review = viewer.review
        self.worst = costliest(self.review.decisions)

    def relabel(self) -> None:
        self.build_ui()

    def rows(self, u: float) -> tuple[int, int, int]:
        """y of the first summary line, the line height, y of the first costly decision
        (each costly decision takes :meth:`costly_row`: two lines)."""
        d = self.dialog()
        row = round(26 * u)
        top = d.y + round(64 * u)
        shown = min(len(self.review.seats), 4)
        return top, row, top + (shown + 1) * row + round(8 * u)

    @staticmethod
    def costly_row(row: int) -> int:
        return round(row * 1.7)

    def build_ui(self) -> None:
        self.exit()
        d = self.dialog()
        u = unit_for(self.app.size)
        m = self.app.manager
        bw, bh, gap = round(170 * u), round(40 * u), round(14 * u)
        crow = self.costly_row(round(26 * u))
        self.buttons["close"] = pygame_gui.elements.UIButton(
            pygame.Rect(d.centerx - bw // 2, d.bottom - bh - gap, bw, bh),
            t("review.close"),
            m,
            object_id="#hit_button",
        )
        _top, row, y = self.rows(u)
        for i, _d in enumerate(self.worst):
            w = round(56 * u)
            self.buttons[f"go{i}"] = pygame_gui.elements.UIButton(
                pygame.Rect(
                    d.right - w - round(24 * u), y + i * crow + (crow - row) // 2 + 2, w, row - 4
                ),
                f"{i + 1} ▶",
                m,
                object_id="#tool_button",
                tool_tip_text=t("review.go"),
            )
        self._key = None

    def on_key(self, key: int) -> None:
        if key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_c):
            self.choose("close")
        elif pygame.K_1 <= key < pygame.K_1 + len(self.worst):
            self.choose(f"go{key - pygame.K_1}")

    def choose(self, name: str) -> None:
        self.app.back()
        if name.startswith("go"):
            self.replay.playing = False
            self.replay.goto(self.worst[int(name[2:])].action)
        self.app.invalidate()

    def draw(self, surface: pygame.Surface) -> None:
        key = (self.app.size, language())
        if key != self._key or self._image is None:
            self._image = self.render()
            self._key = key
        surface.blit(self._image, (0, 0))

    def text(self, img, text, size, color, **anchor) -> pygame.Rect:
        s = self.app.assets.text(str(text), size, color, max_width=anchor.pop("width", None))
        r = s.get_rect(**anchor)
        img.blit(s, r)
        return r

    def render(self) -> pygame.Surface:
        size = self.app.size
        img = pygame.Surface(size, pygame.SRCALPHA)
        img.fill((0, 0, 0, 110))
        d = self.dialog()
        u = unit_for(size)
        radius = round(18 * u)
        pygame.draw.rect(img, DIALOG, d, border_radius=radius)
        pygame.draw.rect(img, GOLD, d, width=max(2, round(2 * u)), border_radius=radius)
        review = self.review
        self.text(
            img, t("review.title"), round(30 * u), GOLD, midtop=(d.centerx, d.y + round(14 * u))
        )
        x0, width = d.x + round(28 * u), d.w - round(56 * u)
        top, row, y = self.rows(u)
        fs = max(10, round(16 * u))
        for i, p in enumerate(review.seats[:4]):
            s = review.summary(p)
            self.text(
                img,
                tn(
                    "review.summary",
                    s["reviewed"],
                    who=p,
                    n=s["reviewed"],
                    matched=s["matched"],
                    left=tn(
                        "review.left",
                        round(s["points_left"], 1),
                        points=number(s["points_left"]),
                    ),
                ),
                fs,
                CREAM,
                midleft=(x0, top + i * row + row // 2),
                width=width,
            )
        if len(review.seats) > 4:
            self.text(img, "…", fs, MUTED, midleft=(x0, top + 4 * row + row // 2))
        self.text(
            img,
            t("review.costliest") if self.worst else t("review.none"),
            fs,
            GOLD,
            midleft=(x0, y - row // 2),
        )
        crow = self.costly_row(row)
        for i, dec in enumerate(self.worst):
            band = pygame.Rect(x0 - 8, y + i * crow, width + 16, crow)
            if i % 2 == 0:
                pygame.draw.rect(img, BAND, band, border_radius=6)
            line = self.app.assets.wrapped(
                f"{i + 1}. {line_msg(dec)}", max(10, round(14 * u)), CREAM, width - round(70 * u), 2
            )
            img.blit(line, line.get_rect(midleft=(x0, band.centery)))
        chart_top = y + max(1, len(self.worst)) * crow + round(40 * u)
        chart = pygame.Rect(
            x0 + round(150 * u),
            chart_top,
            width - round(170 * u),
            d.bottom - round(80 * u) - chart_top,
        )
        if chart.h > 30:
            self.chart(img, chart, u)
        return img

    def chart(self, img, r: pygame.Rect, u: float) -> None:
        """Everyone's chance to win before each round, and at the end."""
        rows = self.review.win_probability
        names = self.review.players
        small = max(10, round(12 * u))
        self.text(
            img, t("review.chart"), max(11, round(15 * u)), MUTED, midbottom=(r.centerx, r.y - 4)
        )
        scale = Scale(len(rows) - 1, 1.0, [(frac, percent(frac)) for frac in (0.5, 1.0)])
        lines = []
        for seat, name in enumerate(names[:18]):
            width = max(2, round(3 * u)) if name in self.review.seats else max(1, round(u))
            lines.append(Line([row[seat] for row in rows], PALETTE[seat % len(PALETTE)], width))
        style = Style(small, MUTED, CHART_GRID, label_gap=4, band=BAND, whole=True)
        draw_chart(PygamePen(img, self.text), (r.x, r.y, r.right, r.bottom), scale, lines, style)
        for seat, name in enumerate(names[:8]):  # who is who, left of the chart
            self.text(
                img,
                name,
                small,
                PALETTE[seat % len(PALETTE)],
                midleft=(r.x - round(146 * u), r.y + seat * round(18 * u) + 8),
                width=round(130 * u),
            )
        if self.review.winner is not None:
            self.text(
                img,
                t("over.title", who=self.review.winner),
                small,
                GOLD,
                bottomright=(r.right, r.y - 4),
            )
