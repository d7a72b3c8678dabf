"""A new score sheet: the players (2–18, in seat order), the target, the first dealer."""

from __future__ import annotations

import pygame
import pygame_gui

from game.limits import MAX_TARGET, parse_int
from game.rules import DEFAULT_TARGET
from game.tabletop.sheet import MAX_NAME, MAX_PLAYERS, MIN_PLAYERS, ScoreSheet, SheetError
from ui.assets import CREAM, GOLD, MUTED, RED
from ui.i18n import t
from ui.screens.forms import FormScene
from ui.storage.sheet_store import SheetStore, SheetStoreError

TOOLS = (
    ("dealer", "D", "sheet.tip.dealer"),
    ("up", "▲", "setup.tip.up"),
    ("down", "▼", "setup.tip.down"),
    ("remove", "✕", "setup.tip.remove"),
)


class SheetSetupScene(FormScene):
    TITLE = "sheet.new_title"
    PANEL_BOX = (820, 190, 84)

    def __init__(self, app, store: SheetStore) -> None:
        super().__init__(app)
        self.store = store
        last = getattr(app, "last_setup", None)
        names = [s.name for s in last.seats] if last is not None else []
        if len(names) < MIN_PLAYERS:
            names = [t("sheet.player", n=i + 1) for i in range(4)]
        self.names: list[str] = names
        self.target = str(DEFAULT_TARGET)
        self.dealer = 0

    def build(self, u: float) -> None:
        p = self.panel_rect()
        pad = round(16 * u)
        area = pygame.Rect(
            p.x + pad, p.y + round(48 * u), p.w - 2 * pad, p.h - round(48 * u) - round(70 * u)
        )
        scroller = pygame_gui.elements.UIScrollingContainer(
            area, self.app.manager, allow_scroll_x=False
        )
        self.widgets["rows"] = scroller
        row_h, step, tool, gap = round(40 * u), round(48 * u), round(44 * u), round(8 * u)
        bar = 26
        scroller.set_scrollable_area_dimensions((area.w - bar, len(self.names) * step))
        name_w = area.w - bar - 4 * (tool + gap)
        for i, name in enumerate(self.names):
            y = i * step
            self.entry(f"name:{i}", (0, y, name_w, row_h), name, MAX_NAME, container=scroller)
            x = name_w + gap
            for what, label, tip in TOOLS:
                b = self.button(
                    f"{what}:{i}",
                    (x, y, tool, row_h),
                    label,
                    "#tool_button",
                    tooltip=t(tip),
                    container=scroller,
                )
                if what == "dealer" and i == self.dealer:
                    b.select()
                if (
                    (what == "up" and i == 0)
                    or (what == "down" and i == len(self.names) - 1)
                    or (what == "remove" and len(self.names) <= MIN_PLAYERS)
                ):
                    b.disable()
                x += tool + gap
        bh = round(40 * u)
        y = p.bottom - round(58 * u)
        add = self.button("add", (p.x + pad, y, round(200 * u), bh), t("sheet.add_player"))
        if len(self.names) >= MAX_PLAYERS:
            add.disable()
        ew = round(110 * u)
        self.entry("target", (p.right - pad - ew, y, ew, bh), self.target, 5)
        w, h = self.app.size
        bw, bh2 = round(220 * u), round(50 * u)
        by = h - round(78 * u)
        self.button(
            "back", (w // 2 - bw - round(10 * u), by, bw, bh2), t("settings.back"), "#menu_button"
        )
        self.button(
            "start", (w // 2 + round(10 * u), by, bw, bh2), t("sheet.start"), "#primary_button"
        )
        self.update_start()

    def problem(self) -> str | None:
        try:
            self.make()
        except SheetError as e:
            return str(e)
        return None

    def make(self) -> ScoreSheet:
        value = parse_int(self.target)
        if value is None or not 0 < value <= MAX_TARGET:
            raise SheetError(t("sheet.error.target"))
        return ScoreSheet(self.names, value, self.dealer)

    def update_start(self) -> None:
        start = self.widgets.get("start")
        if start is not None:
            start.disable() if self.problem() else start.enable()
        self.app.invalidate()

    # ------------------------------------------------------------ input
    def on_text(self, name: str, text: str) -> None:
        what, _, index = name.partition(":")
        if what == "name" and index.isdigit() and int(index) < len(self.names):
            self.names[int(index)] = text
        elif name == "target":
            self.target = text
        self.update_start()

    def on_submit(self, name: str) -> None:
        self.app.manager.set_focus_set(None)

    def on_key(self, key: int) -> bool:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
            return True
        return False

    def on_button(self, name: str) -> None:
        what, _, index = name.partition(":")
        i = int(index) if index.isdigit() else -1
        n = len(self.names)
        if name == "back":
            self.back()
            return
        if name == "start":
            self.start()
            return
        if name == "add" and n < MAX_PLAYERS:
            self.names.append(t("sheet.player", n=n + 1))
        elif what == "dealer" and 0 <= i < n:
            self.dealer = i
        elif what in ("up", "down") and 0 <= i < n:
            j = i - 1 if what == "up" else i + 1
            if 0 <= j < n:
                self.names[i], self.names[j] = self.names[j], self.names[i]
                if self.dealer in (i, j):
                    self.dealer = j if self.dealer == i else i
        elif what == "remove" and 0 <= i < n and n > MIN_PLAYERS:
            del self.names[i]
            if self.dealer >= i and self.dealer > 0:
                self.dealer -= 1
        self.build_ui()

    def start(self) -> None:
        try:
            sheet = self.make()
        except SheetError:
            self.app.invalidate()
            return
        try:
            self.store.save(sheet)
        except SheetStoreError as e:
            self.app.notify(t("sheet.save_failed", reason=e), error=True)
        self.app.go("sheet", sheet, self.store, replace=True)

    # ------------------------------------------------------------ drawing
    def render_body(self, img, u: float) -> None:
        p = self.panel_rect()
        self.panel(img, p, u)
        pad = round(16 * u)
        self.text(
            img,
            t("sheet.players_help"),
            max(10, round(15 * u)),
            MUTED,
            max_width=p.w - 2 * pad,
            topleft=(p.x + pad, p.y + round(16 * u)),
        )
        self.text(
            img,
            t("sheet.target"),
            round(17 * u),
            CREAM,
            midright=(p.right - pad - round(120 * u), p.bottom - round(38 * u)),
        )

    def draw_front(self, surface, u: float) -> None:
        w, h = self.app.size
        problem = self.problem()
        if problem:
            self.text(
                surface,
                problem,
                round(15 * u),
                RED,
                max_width=w - round(40 * u),
                midbottom=(w // 2, h - round(84 * u)),
            )
        else:
            line = t("sheet.first_dealer", name=self.names[self.dealer].strip())
            self.text(
                surface,
                line,
                round(15 * u),
                GOLD,
                max_width=w - round(40 * u),
                midbottom=(w // 2, h - round(84 * u)),
            )
