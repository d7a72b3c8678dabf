"""The score sheet of a game played with real cards: type each round, or count it with cards.

Players in columns (seat order), rounds in rows. Click a cell — the round
being typed, or any past round to correct it — and type its points (Enter
goes to the next player; after the last one the round is finished), or open
the card calculator (:mod:`ui.tabletop.calculator_screen`). Totals, the ranking, the
leader and the chart follow every change; every change is saved at once
(:class:`~ui.storage.sheet_store.SheetStore`). Export the filled sheet, or a blank
one to print, as PDF or PNG (:mod:`ui.tabletop.sheet_export`); *Open* shows the last
export in the system's viewer, which prints it (:mod:`ui.viewer`).
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.limits import MAX_TARGET, parse_int
from game.tabletop.calculator import CardHand
from game.tabletop.sheet import OVER, TIEBREAK, ScoreSheet, SheetError
from ui import viewer
from ui.assets import CREAM, GOLD, MUTED, RED
from ui.context import Context
from ui.i18n import language, t, tn
from ui.paths import shown
from ui.screens.forms import FormScene
from ui.storage.sheet_store import SheetStore, SheetStoreError
from ui.tabletop.sheet_view import draw_chart, draw_grid, draw_ranking, grid_layout
from ui.theme import widen_buttons, window_scale

EXPORTS = "exports"
FOLLOW = 10**6  # a scroll offset past the end: the grid shows its last rows


class SheetScene(FormScene):
    def __init__(self, app: Context, sheet: ScoreSheet, store: SheetStore | None = None) -> None:
        super().__init__(app)
        self.sheet = sheet
        self.store = store or SheetStore(app.dirs.data / "sheets")
        self.sel: tuple[int, int] | None = None
        self.offset = FOLLOW
        self.error = ""
        self._save_failed = False
        self.exported: list[Path] = []  # the files of the last export (Open shows the first)
        self.viewing: viewer.Viewing | None = None  # a viewer being started on one of them
        self.select_next()

    # ------------------------------------------------------------ geometry
    def areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, float]:
        """The grid's panel, the ranking/chart panel, the grid inside the first; the unit."""
        w, h = self.app.size
        u = window_scale((w, h))
        top, bottom = round(66 * u), h - round(78 * u)
        gap = round(18 * u)
        left = pygame.Rect(gap, top, round(w * 0.64), bottom - top)
        right = pygame.Rect(left.right + gap, top, w - left.right - 2 * gap, bottom - top)
        grid = pygame.Rect(
            left.x + round(12 * u),
            left.y + round(10 * u),
            left.w - round(24 * u),
            left.h - round(96 * u),
        )
        return left, right, grid, u

    def grid(self):
        _left, _right, rect, u = self.areas()
        grid, self.offset = grid_layout(self.sheet, rect, u, self.offset)
        return grid

    # ------------------------------------------------------------ widgets
    def build(self, u: float) -> None:
        left, _right, _grid, u = self.areas()
        w, h = self.app.size
        bh = round(40 * u)
        ew = round(96 * u)
        self.entry(
            "target", (w - round(18 * u) - ew, round(14 * u), ew, bh), str(self.sheet.target), 5
        )
        y = left.bottom - round(52 * u)
        x = left.x + round(300 * u)
        self.entry("points", (x, y, ew, bh), "", 3, placeholder="0")
        x += ew + round(10 * u)
        cw = round(160 * u)
        self.button(
            "calc",
            (x, y, cw, bh),
            t("sheet.calculator"),
            "#tool_button",
            tooltip=t("sheet.tip.calculator"),
        )
        x += cw + round(10 * u)
        lw = round(110 * u)
        self.button(
            "live", (x, y, lw, bh), t("sheet.live"), "#tool_button", tooltip=t("sheet.tip.live")
        )
        x += lw + round(10 * u)
        self.button(
            "finish",
            (x, y, left.right - round(12 * u) - x, bh),
            t("sheet.finish"),
            "#choice_button",
            tooltip=t("sheet.tip.finish"),
        )
        # each as wide as its words, the row kept inside the grid's panel
        row = [self.widgets[k] for k in ("points", "calc", "live", "finish")]
        widen_buttons(row, w)
        over = row[-1].rect.right - (left.right - round(12 * u))
        for widget in row if over > 0 else ():
            widget.set_relative_position((widget.relative_rect.x - over, widget.relative_rect.y))
        by, bh2 = h - round(62 * u), round(46 * u)
        self.button(
            "back", (round(18 * u), by, round(250 * u), bh2), t("sheet.history"), "#menu_button"
        )
        names = (
            ("export_pdf", "sheet.export_pdf"),
            ("export_png", "sheet.export_png"),
            ("blank_pdf", "sheet.blank_pdf"),
            ("blank_png", "sheet.blank_png"),
        )
        bw, gap = round(178 * u), round(10 * u)
        x = w - round(18 * u) - 4 * bw - 3 * gap
        open_x = round((18 + 250) * u) + gap
        self.button(
            "open",
            (open_x, by, min(round(200 * u), x - gap - open_x), bh2),
            t("sheet.open"),
            "#choice_button",
            tooltip=t("sheet.tip.open"),
        )
        for name, key in names:
            self.button(
                name,
                (x, by, bw, bh2),
                t(key),
                "#choice_button",
                tooltip=t(f"sheet.tip.{name.split('_')[0]}"),
            )
            x += bw + gap
        self.refresh()
        if self.sel is not None:  # ready to type
            self.app.manager.set_focus_set(self.widgets["points"])

    def refresh(self) -> None:
        """Enable what can be done now."""
        w = self.widgets
        if not w:
            return
        over = self.sheet.over
        current = self.sel is not None and self.sel[0] == self.sheet.round_count + 1
        for name in ("points", "calc"):
            w[name].enable() if self.sel is not None else w[name].disable()
        row = self.sheet.current
        can_finish = current and not over and row is not None and any(c is not None for c in row)
        w["finish"].enable() if can_finish else w["finish"].disable()
        w["open"].enable() if self.exported else w["open"].disable()
        self.app.invalidate()

    # ------------------------------------------------------------ state
    def cell_value(self, round_no: int, seat: int):
        try:
            return self.sheet.cell(round_no, seat)
        except SheetError:
            return None

    def select_cell(self, round_no: int, seat: int, focus: bool = True) -> None:
        self.sel = (round_no, seat)
        self.error = ""
        entry = self.widgets.get("points")
        if entry is not None:
            entry.set_text("")
            self.refresh()
            if focus:
                self.app.manager.set_focus_set(entry)
        self.app.invalidate()

    def select_next(self, after: int = -1) -> None:
        """The next cell to type in the round being played (None once the game is over)."""
        s = self.sheet
        if s.over:
            self.sel = None
        else:
            row = s.current or (None,) * len(s.players)
            empty = [i for i, c in enumerate(row) if c is None and i > after]
            seat = empty[0] if empty else min(after + 1, len(s.players) - 1)
            self.sel = (s.round_count + 1, seat)
        self.offset = FOLLOW
        if "points" in self.widgets:
            self.widgets["points"].set_text("")
        self.refresh()

    def save(self) -> None:
        try:
            self.store.save(self.sheet)
        except SheetStoreError as e:
            if not self._save_failed:
                self.app.notify(t("sheet.save_failed", reason=e), error=True)
            self._save_failed = True
            return
        self._save_failed = False

    def put(self, value, advance: bool = True) -> bool:
        """Put typed points, a counted hand or ``None`` in the selected cell; save; move on."""
        if self.sel is None:
            return False
        round_no, seat = self.sel
        try:
            self.sheet.set_cell(round_no, seat, value)
        except SheetError as e:
            self.error = t("sheet.refused", reason=e)
            self.app.invalidate()
            return False
        self.error = ""
        last = seat == len(self.sheet.players) - 1
        if round_no == self.sheet.round_count + 1 and advance and last:
            self.finish_round(save=False)
        elif round_no == self.sheet.round_count + 1 and advance:
            self.select_cell(round_no, seat + 1)
        else:
            self.select_next()
        self.save()
        self.app.invalidate()
        return True

    def commit(self) -> None:
        """Enter: the typed points (empty: leave the cell as it is, count 0 if never typed)."""
        if self.sel is None:
            return
        text = self.widgets["points"].get_text().strip() if "points" in self.widgets else ""
        if not text:
            current = self.cell_value(*self.sel)
            self.put(current)
            return
        value = parse_int(text)
        if value is None:
            self.error = t("sheet.error.points")
            self.app.invalidate()
            return
        self.put(value)

    def finish_round(self, save: bool = True) -> None:
        try:
            self.sheet.finish_round()
        except SheetError as e:
            self.error = t("sheet.refused", reason=e)
            self.app.invalidate()
            return
        self.select_next()
        if self.sel is not None:
            self.select_cell(*self.sel)
        if save:
            self.save()

    def follow_live(self) -> None:
        """The round being played, followed card by card (ui.table.live); its scores come
        back into this sheet by themselves."""
        if self.sheet.over:
            self.app.notify(t("sheet.over_no_live"), error=True)
            return
        self.save()  # the live table's file is named after the sheet
        self.app.go("live", self.sheet, self.store)

    def open_calculator(self) -> None:
        if self.sel is None:
            return
        round_no, seat = self.sel
        self.app.go("calculator", self.sheet, round_no, seat, self.cell_value(round_no, seat))

    def returned(self, result: object) -> bool:
        """The calculator's counted hand, for the selected cell (False: it was refused)."""
        return isinstance(result, CardHand) and self.put(result)

    def export(self, name: str) -> None:
        from ui.tabletop.sheet_export import ExportError, export_blank, export_sheet

        kind, fmt = name.split("_")
        folder = self.app.dirs.data / EXPORTS
        lang = language()
        try:
            if kind == "blank":
                players = max(3, min(8, len(self.sheet.players)))
                path = folder / f"blank-sheet-{players}-players-{lang}.{fmt}"
                written = export_blank(path, players, lang, self.sheet.target, replace=False)
            else:
                self.save()
                path = folder / f"sheet-{self.sheet.id or 'new'}-{lang}.{fmt}"
                written = export_sheet(self.sheet, path, lang, replace=False)
        except (ExportError, OSError, ValueError, RuntimeError) as e:
            self.app.notify(t("sheet.export_failed", reason=e), error=True)
            return
        files = ", ".join(shown(p) for p in written)
        self.app.notify(t("sheet.exported", file=files))
        self.exported = list(written)
        self.refresh()

    def open_export(self) -> None:
        """Open: the last export (its first page) in the system's viewer, to print it."""
        if not self.exported:
            return
        path = self.exported[0]
        try:
            self.viewing = viewer.open_file(path)
        except viewer.ViewerError as e:
            self.viewer_failed(path, str(e))

    def viewer_failed(self, path: Path, reason: str) -> None:
        self.viewing = None
        self.app.notify(
            t("sheet.viewer_failed", file=path.name, reason=reason, folder=shown(path.parent)),
            error=True,
        )

    def update(self, dt: float) -> None:
        if self.viewing is not None:
            failed = self.viewing.failed(dt)
            if failed:
                self.viewer_failed(self.viewing.path, t("sheet.viewer_gave_up"))
            elif failed is not None:
                self.viewing = None

    # ------------------------------------------------------------ input
    def on_button(self, name: str) -> None:
        if name == "back":
            self.back()
        elif name == "calc":
            self.open_calculator()
        elif name == "live":
            self.follow_live()
        elif name == "finish":
            text = self.widgets["points"].get_text().strip()
            if text:
                self.commit()
            if self.sel is not None and self.sel[0] == self.sheet.round_count + 1:
                self.finish_round()
        elif name.startswith(("export_", "blank_")):
            self.export(name)
        elif name == "open":
            self.open_export()

    def on_text(self, name: str, text: str) -> None:
        if name != "target":
            return
        value = parse_int(text)
        if value is not None and 0 < value <= MAX_TARGET:
            self.sheet.target = value
            self.error = ""
            self.select_next() if self.sel is None else self.refresh()
            self.save()
        else:
            self.error = t("sheet.error.target")

    def on_submit(self, name: str) -> None:
        if name == "points":
            self.commit()
        else:
            self.app.manager.set_focus_set(None)

    def on_key(self, key: int) -> bool:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.commit()
            return True
        return False

    def on_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.grid().hit(event.pos, len(self.sheet.players))
            if hit is not None:
                self.select_cell(*hit)
                return True
        elif event.type == pygame.MOUSEWHEEL:
            self.grid()  # clamps the offset
            self.offset = max(0, self.offset - event.y)
            self.app.invalidate()
            return True
        return False

    # ------------------------------------------------------------ drawing
    def render_body(self, img, u: float) -> None:
        left, right, _grid, u = self.areas()
        self.panel(img, left, u)
        self.panel(img, right, u)
        self.text(
            img, t("sheet.title"), round(30 * u), GOLD, topleft=(round(18 * u), round(14 * u))
        )
        w = self.app.size[0]
        self.text(
            img,
            t("sheet.target"),
            round(17 * u),
            CREAM,
            midright=(w - round(128 * u), round(34 * u)),
        )

    def status(self) -> tuple[str, tuple]:
        s = self.sheet
        if s.status == OVER:
            winner = s.winner
            assert winner is not None  # an OVER sheet has one
            line = t(
                "sheet.won", name=s.players[winner], total=s.totals[winner], round=s.ended_after
            )
            if s.extra_rounds:
                line += "  ·  " + tn(
                    "sheet.extra", len(s.extra_rounds), rounds=", ".join(map(str, s.extra_rounds))
                )
            return line, GOLD
        if s.status == TIEBREAK:
            return t("sheet.tiebreak"), GOLD
        return t(
            "sheet.round_deals", round=s.round_count + 1, name=s.players[s.current_dealer]
        ), CREAM

    def draw_front(self, surface, u: float) -> None:
        left, right, _rect, u = self.areas()
        s = self.sheet
        line, fg = self.status()
        title_w = self.app.assets.font(round(30 * u)).size(t("sheet.title"))[0]
        x = round(18 * u) + title_w + round(28 * u)
        self.text(
            surface,
            line,
            round(18 * u),
            fg,
            max_width=self.app.size[0] - x - round(260 * u),
            midleft=(x, round(34 * u)),
        )
        draw_grid(surface, self.app.assets, s, self.grid(), u, self.sel)
        y = left.bottom - round(52 * u)
        if self.sel is not None:
            round_no, seat = self.sel
            value = self.cell_value(round_no, seat)
            label = t("sheet.cell", round=round_no, name=s.players[seat])
            if value is not None:
                now = value.text if isinstance(value, CardHand) else str(value)
                label += "  ·  " + t("sheet.now", value=now)
        else:
            label = t("sheet.click_to_correct")
        # beside the row of the points field and its buttons, or above it when too long
        x, size = left.x + round(14 * u), round(15 * u)
        beside = self.widgets["points"].rect.x - round(8 * u) - x
        if self.app.assets.font(size).size(label)[0] <= beside:
            self.text(surface, label, size, CREAM, max_width=beside, midleft=(x, y + round(20 * u)))
        elif not self.error:  # an error, said in that place, comes first
            width = left.right - round(14 * u) - x
            self.text(surface, label, size, CREAM, max_width=width, midleft=(x, y - round(14 * u)))
        if self.error:
            self.text(
                surface,
                self.error,
                max(10, round(14 * u)),
                RED,
                max_width=left.w - round(28 * u),
                midleft=(left.x + round(14 * u), y - round(14 * u)),
            )
        pad = round(16 * u)
        self.text(
            surface,
            t("sheet.ranking"),
            round(18 * u),
            GOLD,
            topleft=(right.x + pad, right.y + round(10 * u)),
        )
        box = pygame.Rect(
            right.x + pad,
            right.y + round(40 * u),
            right.w - 2 * pad,
            min(round(30 * u) * len(s.players), right.h // 2 - round(40 * u)),
        )
        bottom = draw_ranking(surface, self.app.assets, s, box, u)
        self.text(
            surface,
            t("sheet.chart"),
            round(16 * u),
            GOLD,
            topleft=(right.x + pad, bottom + round(10 * u)),
        )
        chart = pygame.Rect(
            right.x + pad,
            bottom + round(36 * u),
            right.w - 2 * pad,
            right.bottom - bottom - round(48 * u),
        )
        draw_chart(surface, self.app.assets, s, chart, u)
        if s.round_count == 0:
            self.text(
                surface, t("sheet.chart_empty"), max(10, round(13 * u)), MUTED, center=chart.center
            )
