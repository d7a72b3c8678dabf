"""Statistics: per player name and per bot level, across the games finished in the program.

Games, wins (with a bar for the win rate), average round score (a bar),
bust rate, Flip 7s and best round. The figures come from
:class:`~ui.storage.stats_store.StatsStore`; a damaged statistics file is reported
once (a notice) and rebuilt from the game files by the store.
"""

from __future__ import annotations

import unicodedata

import pygame

from game.tabletop.stats import Record, Statistics
from ui.assets import CREAM, GOLD, GREEN, INK, MUTED, RED
from ui.context import Context
from ui.i18n import number, percent, t, tn
from ui.screens.forms import FormScene
from ui.storage.stats_store import StatsStore

# column: (i18n key, width in units)
COLUMNS = (
    ("stats.col.name", 230),
    ("stats.col.games", 80),
    ("stats.col.wins", 80),
    ("stats.col.win_rate", 170),
    ("stats.col.average", 190),
    ("stats.col.bust_rate", 110),
    ("stats.col.flip7s", 90),
    ("stats.col.best", 100),
)
BAR = (242, 182, 50)
BAR_BACK = (16, 40, 28)


def rows_of(stats: Statistics, tab: str) -> list[tuple[str, Record]]:
    """The lines of a tab: most games first, then most wins, then by name."""
    if tab == "bots":
        items = [(t(f"setup.level.{level}"), r) for level, r in stats.bots.items()]
    else:
        items = list(stats.players.items())
    return sorted(items, key=lambda item: (-item[1].games, -item[1].wins, _plain(item[0])))


def figures(record: Record) -> dict[str, str]:
    """The texts of one line, as shown."""
    return {
        "games": str(record.games),
        "wins": str(record.wins),
        "win_rate": percent(record.win_rate),
        "average": number(record.average_round),
        "bust_rate": percent(record.bust_rate),
        "flip7s": str(record.flip7s),
        "best": str(record.best_round),
    }


def _plain(name: str) -> str:
    """ "Léa" sorts as "lea", between "Hugo" and "Lucas"."""
    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().casefold()


class StatsScene(FormScene):
    TITLE = "stats.title"
    PANEL_BOX = (1200, 262, 140)

    def __init__(self, app: Context, store: StatsStore | None = None) -> None:
        super().__init__(app)
        self.store = store or StatsStore(app.dirs.data)
        report = self.store.load()
        if report.problem:
            app.notify(t("stats.rebuilt", problem=report.problem), error=True)
        self.stats = report.statistics
        self.tab = "players" if self.stats.players or not self.stats.bots else "bots"
        self.offset = 0

    def build(self, u: float) -> None:
        w, h = self.app.size
        tabs = pygame.Rect(0, 0, round(460 * u), round(42 * u))
        tabs.midtop = (w // 2, round(80 * u))
        self.choice(
            "tab",
            [("players", t("stats.tab.players")), ("bots", t("stats.tab.bots"))],
            self.tab,
            tabs,
            round(10 * u),
        )
        bw, bh = round(240 * u), round(50 * u)
        self.button(
            "back",
            (w // 2 - bw // 2, h - round(78 * u), bw, bh),
            t("settings.back"),
            "#menu_button",
        )

    def on_button(self, name: str) -> None:
        if name == "back":
            self.back()
        elif name.startswith("tab:"):
            self.tab = name.split(":", 1)[1]
            self.offset = 0
            self.select("tab", self.tab)

    def on_key(self, key: int) -> bool:
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            self.on_button("tab:" + ("bots" if self.tab == "players" else "players"))
            return True
        return False

    def on_event(self, event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.offset = max(0, self.offset - event.y)
            self.app.invalidate()
            return True
        return False

    def render_body(self, img, u: float) -> None:
        self.panel(img, self.panel_rect(), u)

    def draw_front(self, surface, u: float) -> None:
        p = self.panel_rect()
        assets = self.app.assets
        w, h = self.app.size
        games = tn("stats.games", self.stats.games, count=self.stats.games)
        self.text(
            surface, games, max(10, round(14 * u)), MUTED, midbottom=(w // 2, h - round(90 * u))
        )
        rows = rows_of(self.stats, self.tab)
        if not rows:
            key = "stats.none" if not self.stats.games else f"stats.none_{self.tab}"
            body = assets.wrapped(
                t(key), round(18 * u), GOLD, p.w - round(80 * u), max_lines=3, shadow=True
            )
            surface.blit(body, body.get_rect(center=p.center))
            return
        scale = (p.w - round(40 * u)) / sum(wd for _k, wd in COLUMNS)
        xs, x = [], p.x + round(20 * u)
        for _key, width in COLUMNS:
            xs.append((x, round(width * scale)))
            x += round(width * scale)
        head = max(9, round(14 * u))
        y = p.y + round(16 * u)
        for (key, _w), (cx, cw) in zip(COLUMNS, xs, strict=True):
            anchor = (
                {"topleft": (cx, y)} if key == "stats.col.name" else {"midtop": (cx + cw // 2, y)}
            )
            s = assets.wrapped(
                t(key), head, GOLD, cw - 6, 2, shadow=True, center=key != "stats.col.name"
            )
            surface.blit(s, s.get_rect(**anchor))
        row_h = round(34 * u)
        top = y + round(32 * u) + assets.font(head).get_linesize()  # headers may take two lines
        room = max(1, (p.bottom - top - round(10 * u)) // row_h)
        self.offset = max(0, min(self.offset, len(rows) - room))
        best_avg = max((r.average_round for _n, r in rows), default=1.0) or 1.0
        size = max(9, round(16 * u))
        for i, (name, record) in enumerate(rows[self.offset : self.offset + room]):
            ry = top + i * row_h
            mid = ry + row_h // 2
            if i % 2 == 0:
                band = pygame.Surface((p.w - round(24 * u), row_h), pygame.SRCALPHA)
                band.fill((255, 255, 255, 14))
                surface.blit(band, (p.x + round(12 * u), ry))
            values = figures(record)
            for (key, _w), (cx, cw) in zip(COLUMNS, xs, strict=True):
                col = key.split(".")[-1]
                if col == "name":
                    self.text(surface, name, size, CREAM, max_width=cw - 8, midleft=(cx, mid))
                elif col in ("win_rate", "average"):
                    share = (
                        record.win_rate if col == "win_rate" else record.average_round / best_avg
                    )
                    self._bar(
                        surface,
                        pygame.Rect(cx + 6, mid - round(9 * u), cw - 12, round(18 * u)),
                        share,
                        values[col],
                        u,
                    )
                else:
                    fg = (
                        RED
                        if col == "bust_rate" and record.busts
                        else GREEN
                        if col == "flip7s" and record.flip7s
                        else CREAM
                    )
                    self.text(surface, values[col], size, fg, center=(cx + cw // 2, mid))
        if len(rows) > room:
            more = t("stats.more", shown=f"{self.offset + 1}–{self.offset + room}", count=len(rows))
            self.text(
                surface,
                more,
                max(9, round(12 * u)),
                MUTED,
                bottomright=(p.right - round(16 * u), p.bottom - round(4 * u)),
            )

    def _bar(self, surface, rect: pygame.Rect, share: float, label: str, u: float) -> None:
        pygame.draw.rect(surface, BAR_BACK, rect, border_radius=max(2, rect.h // 3))
        fill = rect.copy()
        fill.w = max(0, round(rect.w * max(0.0, min(1.0, share))))
        if fill.w:
            pygame.draw.rect(surface, BAR, fill, border_radius=max(2, rect.h // 3))
        dark = fill.w > rect.w // 2 + round(20 * u)  # the label sits on the gold
        img = self.app.assets.text(
            label, max(9, round(13 * u)), INK if dark else CREAM, shadow=not dark
        )
        surface.blit(img, img.get_rect(center=rect.center))
