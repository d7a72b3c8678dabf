"""A new score sheet: the players (2–18, in seat order), the target, the first dealer."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.limits import MAX_TARGET, parse_int
from game.rules import DEFAULT_TARGET
from game.tabletop.sheet import MAX_PLAYERS, MIN_PLAYERS, ScoreSheet, SheetError
from ui.assets import CREAM, GOLD, MUTED, RED
from ui.context import SetupContext
from ui.i18n import t
from ui.screens.seat_list import SeatForm, SeatList
from ui.storage.sheet_store import SheetStore, SheetStoreError


@dataclass
class SheetSeats:
    """The players of a new sheet, in seat order, and the first dealer (always one).

    >>> s = SheetSeats(["A", "B", "C"], dealer=1)
    >>> s.move(1, 1), s.names, s.dealer
    (True, ['A', 'C', 'B'], 2)
    >>> s.remove(0), s.names, s.dealer
    (True, ['C', 'B'], 1)
    """

    names: list[str]
    dealer: int = 0

    def __len__(self) -> int:
        return len(self.names)

    def name(self, index: int) -> str:
        return self.names[index]

    def rename(self, index: int, name: str) -> None:
        self.names[index] = name

    def is_dealer(self, index: int) -> bool:
        return self.dealer == index

    def press_dealer(self, index: int) -> None:
        self.dealer = index

    def add(self) -> None:
        self.names.append(t("sheet.player", n=len(self.names) + 1))

    def move(self, index: int, delta: int) -> bool:
        """Swap with the player ``delta`` seats away; the first dealer stays with the player."""
        other = index + delta
        if not 0 <= other < len(self.names):
            return False
        self.names[index], self.names[other] = self.names[other], self.names[index]
        if self.dealer in (index, other):
            self.dealer = other if self.dealer == index else index
        return True

    def remove(self, index: int) -> bool:
        if len(self.names) <= MIN_PLAYERS:
            return False
        del self.names[index]
        if self.dealer >= index and self.dealer > 0:
            self.dealer -= 1
        return True


class SheetSetupScene(SeatForm):
    TITLE = "sheet.new_title"
    PANEL_BOX = (820, 190, 84)

    def __init__(self, app: SetupContext, store: SheetStore, live: bool = False) -> None:
        """``live``: the sheet's first round is followed card by card at once (the menu's
        *Real table*)."""
        super().__init__(app)
        self.store = store
        self.live = live
        last = app.last_setup  # the names of the last table set up, if any
        names = [s.name for s in last.seats] if last is not None else []
        if len(names) < MIN_PLAYERS:
            names = [t("sheet.player", n=i + 1) for i in range(4)]
        self.seats = SheetSeats(names)
        self.target = str(DEFAULT_TARGET)
        self.seat_list = SeatList(
            self,
            self.seats,
            fewest=MIN_PLAYERS,
            most=MAX_PLAYERS,
            adders={"add": self.seats.add},
            dealer_tip="sheet.tip.dealer",
        )

    @property
    def names(self) -> list[str]:
        return self.seats.names

    @property
    def dealer(self) -> int:
        return self.seats.dealer

    def build(self, u: float) -> None:
        p = self.panel_rect()
        pad = round(16 * u)
        area = pygame.Rect(
            p.x + pad, p.y + round(48 * u), p.w - 2 * pad, p.h - round(48 * u) - round(70 * u)
        )
        self.seat_list.build(area, u)
        bh = round(40 * u)
        y = p.bottom - round(58 * u)
        self.seat_list.adder("add", (p.x + pad, y, round(200 * u), bh), t("sheet.add_player"))
        ew = round(110 * u)
        self.entry("target", (p.right - pad - ew, y, ew, bh), self.target, 5)
        self.back_and_start(u, t("sheet.start"), 78)
        self.refresh()

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
    def typed(self, name: str, text: str) -> None:
        if name == "target":
            self.target = text

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
        if self.live:
            self.app.go("live", sheet, self.store)

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
        problem = self.problem()
        if problem:
            self.status(surface, problem, RED, u, 84)
        else:
            line = t("sheet.first_dealer", name=self.names[self.dealer].strip())
            self.status(surface, line, GOLD, u, 84)
