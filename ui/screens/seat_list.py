"""The list of seats that the New game screen and the new score sheet share.

One row a seat — ``[kind] name [plug-in spec] D ▲ ▼ ✕`` — in a scrolling box, and the
"add" buttons under it. The widgets go into the form's ``widgets`` under the names tests
and tools press: ``kind:i``, ``name:i``, ``spec:i``, ``dealer:i``, ``up:i``, ``down:i``,
``remove:i``, and the adders' own names. What a press or a keystroke means is the model's
(:class:`Seats`): a game's setup and a score sheet keep the first dealer differently.

:class:`SeatForm` is the base of the two scenes: it routes the list's widgets to the
:class:`SeatList`, and Enter in a field ends the typing, Enter again starts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame
import pygame_gui

from game.limits import MAX_NAME, MAX_SPEC, clean_text
from ui.i18n import t
from ui.screens.forms import FormScene
from ui.theme import widen_buttons

#: the buttons at the end of a row: widget name, label
TOOLS = (("dealer", "D"), ("up", "▲"), ("down", "▼"), ("remove", "✕"))
#: every widget of a row, by the name before its index
ROW_PARTS = ("kind", "name", "spec", *(what for what, _label in TOOLS))
BAR = 26  # pygame_gui's scroll bar is 20 px at any size


class Seats(Protocol):
    """What a seat list edits, seat ``index`` counted from 0."""

    def __len__(self) -> int: ...
    def name(self, index: int) -> str: ...
    def rename(self, index: int, name: str) -> None: ...
    def is_dealer(self, index: int) -> bool: ...
    def press_dealer(self, index: int) -> None: ...
    def move(self, index: int, delta: int) -> bool: ...
    def remove(self, index: int) -> bool: ...


class KindedSeats(Seats, Protocol):
    """Seats that are a human or a bot: a kind button that cycles, a plug-in's spec."""

    def kind_label(self, index: int) -> str: ...
    def cycle_kind(self, index: int) -> None: ...

    def spec(self, index: int) -> str | None:
        """The plug-in spec typed, or None: the row has no spec field."""
        ...

    def set_spec(self, index: int, spec: str) -> None: ...


class SeatList:
    """The rows of a form's seats: their widgets, layout, adding, removing, reordering.

    ``fewest``/``most`` bound the count (✕ and the adders are disabled at the bounds);
    ``adders`` name the add buttons and what each adds; ``kinds`` gives every row a kind
    button (and a spec field for a plug-in seat: ``seats`` is then a :class:`KindedSeats`).
    """

    def __init__(
        self,
        form: FormScene,
        seats: Seats,
        *,
        fewest: int,
        most: int,
        adders: dict[str, Callable[[], object]],
        dealer_tip: str,
        kinds: bool = False,
    ) -> None:
        self.form = form
        self.seats = seats
        self.fewest, self.most = fewest, most
        self.adders = adders
        self.tips = {
            "dealer": dealer_tip,
            "up": "setup.tip.up",
            "down": "setup.tip.down",
            "remove": "setup.tip.remove",
        }
        self.kinds = kinds

    @property
    def kinded(self) -> KindedSeats:
        assert self.kinds
        return self.seats  # type: ignore[return-value]  # kinds=True promised it

    # ------------------------------------------------------------ widgets
    def build(self, area: pygame.Rect, u: float) -> None:
        """The rows in a scrolling box filling ``area`` (the adders: :meth:`adder`)."""
        form = self.form
        scroller = pygame_gui.elements.UIScrollingContainer(
            area, form.app.manager, allow_scroll_x=False
        )
        form.widgets["rows"] = scroller
        self._area, self._u = area, u
        self._size_rows()
        for i in range(len(self.seats)):
            self._row(i)

    def sync_rows(self) -> None:
        """Rows for the seats after a change: a seat added gets its row under the others,
        a seat gone takes the last row with it, a row whose fields no longer fit its seat
        (a plug-in's spec field come or gone: a new kind, seats moved) is built again —
        alone: every other row keeps its widgets, and shows its seat's words
        (:meth:`refresh`)."""
        widgets, n = self.form.widgets, len(self.seats)
        before = list(widgets.values())  # held: no widget made below takes a freed id
        gone = n
        while f"name:{gone}" in widgets:
            self._kill_row(gone)
            gone += 1
        for i in range(n):
            if f"name:{i}" in widgets and (f"spec:{i}" in widgets) != self._has_spec(i):
                self._kill_row(i)
            if f"name:{i}" not in widgets:
                self._row(i)
        self._size_rows()
        self.refresh()  # the words first: a button is widened to them
        kept = set(map(id, before))
        added = [w for w in widgets.values() if id(w) not in kept]
        widen_buttons(added, self.form.app.size[0])

    def _kill_row(self, i: int) -> None:
        for what in ROW_PARTS:
            widget = self.form.widgets.pop(f"{what}:{i}", None)
            if widget is not None:
                widget.kill()

    def _has_spec(self, i: int) -> bool:
        return self.kinds and self.kinded.spec(i) is not None

    def _size_rows(self) -> None:
        u = self._u
        step = round(48 * u)
        self.form.widgets["rows"].set_scrollable_area_dimensions(
            (self._area.w - BAR, len(self.seats) * step)
        )

    def _row(self, i: int) -> None:
        form, u, scroller = self.form, self._u, self.form.widgets["rows"]
        row_h, step, tool, gap = round(40 * u), round(48 * u), round(44 * u), round(8 * u)
        kind_w = round(190 * u) if self.kinds else 0
        name_w = (
            self._area.w - BAR - (kind_w + gap if self.kinds else 0) - len(TOOLS) * (tool + gap)
        )
        y, x = i * step, 0
        if self.kinds:
            form.button(f"kind:{i}", (x, y, kind_w, row_h), "", "#choice_button", None, scroller)
            x += kind_w + gap
        self._fields(i, pygame.Rect(x, y, name_w, row_h), gap, scroller)
        x += name_w + gap
        for what, label in TOOLS:
            tip = t(self.tips[what])
            form.button(f"{what}:{i}", (x, y, tool, row_h), label, "#tool_button", tip, scroller)
            x += tool + gap

    def _fields(self, i: int, rect: pygame.Rect, gap: int, scroller) -> None:
        """The name field, or the name and the spec of a plug-in seat (2 : 3)."""
        form, name = self.form, self.seats.name(i)
        spec = self.kinded.spec(i) if self.kinds else None
        if spec is None:
            form.entry(f"name:{i}", rect, name, MAX_NAME, container=scroller)
            return
        half = (rect.w - gap) * 2 // 5
        form.entry(f"name:{i}", (rect.x, rect.y, half, rect.h), name, MAX_NAME, scroller)
        form.entry(
            f"spec:{i}",
            (rect.x + half + gap, rect.y, rect.w - half - gap, rect.h),
            spec,
            MAX_SPEC,
            container=scroller,
            placeholder=t("setup.spec_hint"),
        )

    def adder(self, name: str, rect, text: str) -> None:
        """One of the buttons that add a seat (``name`` among ``adders``)."""
        self.form.button(name, rect, text)

    def refresh(self) -> None:
        """Show the seats in the widgets: names, kinds, the dealer, what can be pressed."""
        widgets, n = self.form.widgets, len(self.seats)
        for i in range(n):
            if self.kinds:
                widgets[f"kind:{i}"].set_text(self.kinded.kind_label(i))
            self._show(f"name:{i}", self.seats.name(i))
            if self._has_spec(i):
                self._show(f"spec:{i}", self.kinded.spec(i) or "")
            dealer = widgets[f"dealer:{i}"]
            dealer.select() if self.seats.is_dealer(i) else dealer.unselect()
            for what, edge in (("up", 0), ("down", n - 1)):
                button = widgets[f"{what}:{i}"]
                button.disable() if i == edge else button.enable()
            remove = widgets[f"remove:{i}"]
            remove.disable() if n <= self.fewest else remove.enable()
        for name in self.adders:
            if name in widgets:
                widgets[name].disable() if n >= self.most else widgets[name].enable()

    def _show(self, name: str, text: str) -> None:
        entry = self.form.widgets[name]
        if entry.get_text() != text:
            entry.set_text(text)

    # ------------------------------------------------------------ input
    def press(self, name: str) -> bool:
        """A button pressed: False when it is not the list's, else the seats and their
        rows changed as it says (:meth:`sync_rows`)."""
        n = len(self.seats)
        what, _, index = name.partition(":")
        if name in self.adders:
            if n < self.most:
                self.adders[name]()
        elif (what in self.tips or what == "kind" and self.kinds) and index.isdigit():
            if int(index) < n:
                self._press_row(what, int(index))
        else:
            return False
        self.sync_rows()
        return True

    def _press_row(self, what: str, i: int) -> None:
        if what == "kind":
            self.kinded.cycle_kind(i)
        elif what == "dealer":
            self.seats.press_dealer(i)
        elif what in ("up", "down"):
            self.seats.move(i, -1 if what == "up" else 1)
        elif len(self.seats) > self.fewest:
            self.seats.remove(i)

    def type(self, name: str, text: str) -> bool:
        """A field of the list typed in (the name kept to what a name may hold): True when
        ``name`` is the list's."""
        what, _, index = name.partition(":")
        if what not in ("name", "spec") or not index.isdigit():
            return False
        i = int(index)
        if i < len(self.seats):
            if what == "name":
                self.seats.rename(i, clean_text(text)[:MAX_NAME])
            else:
                self.kinded.set_spec(i, text)
        return True


class SeatForm(FormScene):
    """A form around a :class:`SeatList` (``self.seat_list``), with "back" and "start"."""

    seat_list: SeatList

    def back_and_start(self, u: float, start_text: str, above: int) -> None:
        """ "Back" and "start" side by side, centred, ``above`` units over the bottom."""
        w, h = self.app.size
        bw, bh = round(220 * u), round(50 * u)
        y = h - round(above * u)
        back = (w // 2 - bw - round(10 * u), y, bw, bh)
        self.button("back", back, t("settings.back"), "#menu_button")
        self.button("start", (w // 2 + round(10 * u), y, bw, bh), start_text, "#primary_button")

    def status(self, surface, text: str, colour, u: float, above: int) -> None:
        """The line over "back" and "start" (what stops "start", in red), ``above`` units
        over the bottom."""
        w, h = self.app.size
        self.text(
            surface,
            text,
            round(15 * u),
            colour,
            max_width=w - round(40 * u),
            midbottom=(w // 2, h - round(above * u)),
        )

    def refresh(self) -> None:
        """Show the model in the widgets after a change that keeps them."""
        self.seat_list.refresh()
        self.update_start()

    def update_start(self) -> None:
        """Enable "start" when the form makes something."""

    def start(self) -> None:
        """Make what the form describes."""

    def press(self, name: str) -> bool:
        """A button of the form's own (not the list's); True: build the form again."""
        return False

    def typed(self, name: str, text: str) -> None:
        """A field of the form's own (not the list's) typed in."""

    # ------------------------------------------------------------ input
    def on_button(self, name: str) -> None:
        if name == "back":
            self.back()
            return
        if name == "start":
            self.start()
            return
        if not self.seat_list.press(name) and self.press(name):
            self.build_ui()
        else:
            self.refresh()

    def on_text(self, name: str, text: str) -> None:
        if not self.seat_list.type(name, text):
            self.typed(name, text)
        self.update_start()

    def on_submit(self, name: str) -> None:
        """Enter in a field ends the typing; Enter again starts."""
        self.app.manager.set_focus_set(None)

    def on_key(self, key: int) -> bool:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
            return True
        return False
