"""Score sheets: the history of every sheet, newest first, to reopen or delete; a new one.

The menu's "Score sheet" opens this screen. A sheet that cannot be read is
listed with why, and can still be deleted. Deleting asks first
(:class:`ConfirmScene`).
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.tabletop.sheet import OVER, TIEBREAK
from ui.assets import GOLD, MUTED
from ui.context import Context
from ui.i18n import t
from ui.paths import shown
from ui.screens.forms import DialogScene, FormScene
from ui.storage.sheet_store import SheetInfo, SheetStore, SheetStoreError
from ui.theme import window_scale

MAX_LISTED = 300


def describe(info: SheetInfo) -> str:
    """One line of the history: when, who, how far, who won or leads."""
    when = info.created.replace("T", " ")[:16]
    if info.problem:
        return f"{when}  ·  {t('sheet.unreadable', reason=info.problem)}"
    players = ", ".join(info.players)
    if len(players) > 48:
        players = players[:47] + "…"
    if info.status == OVER:
        state = t("sheet.hist.won", name=info.winner, total=max(info.totals) if info.totals else 0)
    elif info.status == TIEBREAK:
        state = t("sheet.tiebreak")
    elif info.rounds == 0:
        state = t("sheet.hist.new")
    else:
        state = t("sheet.hist.playing", rounds=info.rounds)
    return f"{when}  ·  {players}  ·  {state}"


class HistoryScene(FormScene):
    TITLE = "sheet.history_title"
    PANEL_BOX = (1040, 180, 84)
    HOSTS_NOTICES = True  # a sheet that cannot be opened: under the title, over no row

    def __init__(self, app: Context) -> None:
        super().__init__(app)
        self.store = SheetStore(app.dirs.data / "sheets")
        self.infos: list[SheetInfo] = []

    def build(self, u: float) -> None:
        self.infos = self.store.history()[:MAX_LISTED]
        p = self.panel_rect()
        pad = round(16 * u)
        area = pygame.Rect(p.x + pad, p.y + round(44 * u), p.w - 2 * pad, p.h - round(44 * u) - pad)
        if self.infos:
            row_h, step = round(44 * u), round(52 * u)
            scroller = pygame_gui.elements.UIScrollingContainer(
                area, self.app.manager, allow_scroll_x=False
            )
            self.widgets["rows"] = scroller
            bar = 26
            scroller.set_scrollable_area_dimensions((area.w - bar, len(self.infos) * step))
            tool = round(52 * u)
            for i, info in enumerate(self.infos):
                y = i * step
                b = self.button(
                    f"open:{info.id}",
                    (0, y, area.w - bar - tool - round(10 * u), row_h),
                    describe(info),
                    "#list_button",
                    container=scroller,
                )
                if info.problem:
                    b.disable()
                self.button(
                    f"delete:{info.id}",
                    (area.w - bar - tool, y, tool, row_h),
                    "✕",
                    "#tool_button",
                    tooltip=t("sheet.tip.delete"),
                    container=scroller,
                )
        w, h = self.app.size
        bw, bh = round(240 * u), round(50 * u)
        by = h - round(78 * u)
        self.button(
            "back", (w // 2 - bw - round(10 * u), by, bw, bh), t("settings.back"), "#menu_button"
        )
        self.button("new", (w // 2 + round(10 * u), by, bw, bh), t("sheet.new"), "#primary_button")

    def render_body(self, img, u: float) -> None:
        p = self.panel_rect()
        self.panel(img, p, u)
        folder = t("sheet.folder", folder=shown(self.store.folder))
        self.text(
            img,
            folder,
            max(10, round(14 * u)),
            MUTED,
            max_width=p.w - round(32 * u),
            topleft=(p.x + round(16 * u), p.y + round(14 * u)),
        )
        if not self.infos:
            self.text(
                img, t("sheet.none"), round(20 * u), GOLD, center=(p.centerx, p.y + round(140 * u))
            )

    # ------------------------------------------------------------ input
    def on_button(self, name: str) -> None:
        what, _, sheet_id = name.partition(":")
        if name == "back":
            self.back()
        elif name == "new":
            self.app.go("sheet_setup", self.store)
        elif what == "open":
            self.open(sheet_id)
        elif what == "delete":
            info = next((i for i in self.infos if i.id == sheet_id), None)
            if info is not None:
                self.app.go(
                    "confirm",
                    t("sheet.delete_ask", what=describe(info)),
                    t("sheet.delete"),
                    lambda: self.delete(sheet_id),
                )

    def on_key(self, key: int) -> bool:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_n):
            self.on_button("new")
            return True
        return False

    def open(self, sheet_id: str) -> None:
        try:
            sheet = self.store.open(sheet_id)
        except SheetStoreError as e:
            self.app.notify(t("sheet.open_failed", reason=e), error=True, screen=True)
            return
        self.app.go("sheet", sheet, self.store)

    def delete(self, sheet_id: str) -> None:
        try:
            self.store.delete(sheet_id)
        except SheetStoreError as e:
            self.app.notify(t("sheet.delete_failed", reason=e), error=True)
            return
        self.app.notify(t("sheet.deleted"))


class ConfirmScene(DialogScene):
    """A question with "yes" (runs ``action``, also Y) and "cancel" (Esc, N, Enter)."""

    TITLE = "sheet.confirm_title"

    def __init__(self, app: Context, question: str, yes: str, action) -> None:
        super().__init__(app)
        self.question, self.yes, self.action = question, yes, action

    def dialog(self) -> pygame.Rect:
        w, h = self.app.size
        u = window_scale((w, h))
        r = pygame.Rect(0, 0, round(620 * u), round(280 * u))
        r.center = (w // 2, h // 2)
        return r

    def build(self, u: float) -> None:
        d = self.dialog()
        bw, bh = round(220 * u), round(50 * u)
        by = d.bottom - bh - round(24 * u)
        self.button(
            "no", (d.centerx - bw - round(10 * u), by, bw, bh), t("files.cancel"), "#menu_button"
        )
        self.button("yes", (d.centerx + round(10 * u), by, bw, bh), self.yes, "#danger_button")

    def render_body(self, img, u: float) -> None:
        d = self.dialog()
        body = self.app.assets.wrapped(
            self.question,
            round(17 * u),
            (246, 241, 226),
            d.w - round(60 * u),
            max_lines=4,
            shadow=True,
        )
        img.blit(body, body.get_rect(midtop=(d.centerx, d.y + round(70 * u))))

    def on_button(self, name: str) -> None:
        self.answer(name == "yes")

    def on_key(self, key: int) -> bool:
        if key == pygame.K_y:
            self.answer(True)
        elif key in (pygame.K_n, pygame.K_RETURN, pygame.K_KP_ENTER):  # the safe answer
            self.answer(False)
        else:
            return False
        return True

    def answer(self, yes: bool) -> None:
        self.app.back()  # the history beneath rebuilds its list on resume
        if yes:
            self.action()
            if self.asker is not None and self.app.on_top(self.asker):
                self.asker.build_ui()  # and again, after what the answer changed
