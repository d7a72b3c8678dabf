"""New game: the seats (a typed name, or a bot of some level), their order, the first
dealer, the rule options of R9 with a line of explanation each, and a seed.

The defaults — you and three bots, the rule book's options, a random seed — make
"Start" a single click. What the screen shows is a :class:`~ui.screens.setup_model.TableSetup`;
"Start" builds exactly that game.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.rules import FLIP_THREE_ON_BUST, OPENINGS
from ui.assets import CREAM, GOLD, MUTED, RED
from ui.config import MAX_SEATS, MIN_SEATS
from ui.i18n import t
from ui.screens.forms import FormScene
from ui.screens.setup_model import NAME_LIMIT, PLUGIN, SPEC_LIMIT, TableSetup, seat_kind
from ui.theme import window_scale

ROW_TOOLS = (
    ("dealer", "D", "setup.tip.dealer"),
    ("up", "▲", "setup.tip.up"),
    ("down", "▼", "setup.tip.down"),
    ("remove", "✕", "setup.tip.remove"),
)


def kind_label(bot: str | None) -> str:
    if bot is None:
        return t("setup.human")
    return t("setup.bot", level=t(f"setup.level.{seat_kind(bot)}"))


class SetupScene(FormScene):
    TITLE = "setup.title"

    def __init__(self, app) -> None:
        super().__init__(app)
        if getattr(app, "last_setup", None) is None:
            app.last_setup = TableSetup.default(t("menu.you"))
        self.setup: TableSetup = app.last_setup
        self.scroller: pygame_gui.elements.UIScrollingContainer | None = None

    # ------------------------------------------------------------ geometry
    def panels(self) -> tuple[pygame.Rect, pygame.Rect, float]:
        w, h = self.app.size
        u = window_scale((w, h))
        top, bottom = round(80 * u), h - round(92 * u)
        gap = round(20 * u)
        left_w = round((w - 3 * gap) * 0.58)
        left = pygame.Rect(gap, top, left_w, bottom - top)
        right = pygame.Rect(left.right + gap, top, w - left.right - 2 * gap, bottom - top)
        return left, right, u

    def rows_rect(self) -> pygame.Rect:
        left, _right, u = self.panels()
        return pygame.Rect(
            left.x + round(14 * u),
            left.y + round(48 * u),
            left.w - round(20 * u),
            left.h - round(48 * u) - round(66 * u),
        )

    BLOCKS = (("target", 64), ("opening", 112), ("f3", 112), ("dealer", 64), ("seed", 84))

    def right_rows(self) -> dict[str, int]:
        """The top of each block of the rules panel, spread over its height."""
        _left, right, u = self.panels()
        top = right.y + round(54 * u)
        used = sum(round(h * u) for _name, h in self.BLOCKS)
        gap = max(0, (right.bottom - round(10 * u) - top - used) / (len(self.BLOCKS) - 1))
        out, y = {}, float(top)
        for name, h in self.BLOCKS:
            out[name] = round(y)
            y += round(h * u) + gap
        return out

    # ------------------------------------------------------------ widgets
    def build(self, u: float) -> None:
        self.scroller = None
        self.build_rows(u)
        left, right, _ = self.panels()
        bh = round(40 * u)
        add_y = left.bottom - round(56 * u)
        aw = round(170 * u)
        self.button("add_human", (left.x + round(14 * u), add_y, aw, bh), t("setup.add_human"))
        self.button("add_bot", (left.x + round(24 * u) + aw, add_y, aw, bh), t("setup.add_bot"))
        x = right.x + round(20 * u)
        width = right.w - round(40 * u)
        ys = self.right_rows()
        s = self.setup
        ew = round(130 * u)
        self.entry("target", (right.right - round(20 * u) - ew, ys["target"], ew, bh), s.target, 6)
        self.choice(
            "opening",
            [(v, t(f"setup.opening.{v}")) for v in OPENINGS],
            s.opening,
            pygame.Rect(x, ys["opening"] + round(28 * u), width, bh),
            round(8 * u),
        )
        self.choice(
            "f3",
            [(v, t(f"setup.f3.{v}")) for v in FLIP_THREE_ON_BUST],
            s.flip_three_on_bust,
            pygame.Rect(x, ys["f3"] + round(28 * u), width, bh),
            round(8 * u),
        )
        rw = round(130 * u)
        self.button(
            "random_dealer",
            (right.right - round(20 * u) - rw, ys["dealer"], rw, bh),
            t("setup.random"),
            "#choice_button",
        )
        self.entry(
            "seed",
            (
                right.right - round(20 * u) - ew - rw - round(10 * u),
                ys["seed"],
                ew + rw + round(10 * u),
                bh,
            ),
            s.seed,
            18,
            placeholder=f"({t('setup.random')})",
        )
        w, h = self.app.size
        bw, bh2 = round(220 * u), round(50 * u)
        by = h - round(70 * u)
        self.button(
            "back", (w // 2 - bw - round(10 * u), by, bw, bh2), t("settings.back"), "#menu_button"
        )
        self.button(
            "start", (w // 2 + round(10 * u), by, bw, bh2), t("setup.start"), "#primary_button"
        )
        self.refresh()

    def build_rows(self, u: float) -> None:
        area = self.rows_rect()
        manager = self.app.manager
        row_h, step = round(40 * u), round(48 * u)
        n = len(self.setup.seats)
        self.scroller = pygame_gui.elements.UIScrollingContainer(
            area, manager, allow_scroll_x=False
        )
        self.widgets["rows"] = self.scroller
        bar = 26  # pygame_gui's scroll bar is 20 px at any size
        self.scroller.set_scrollable_area_dimensions((area.w - bar, n * step))
        tool = round(44 * u)
        kind_w = round(190 * u)
        name_w = area.w - bar - kind_w - 4 * tool - 5 * round(8 * u)
        for i, seat in enumerate(self.setup.seats):
            y = i * step
            x = 0
            self.button(
                f"kind:{i}", (x, y, kind_w, row_h), "", "#choice_button", container=self.scroller
            )
            x += kind_w + round(8 * u)
            if seat_kind(seat.bot) == PLUGIN:  # the name, then the spec of the bot function
                half = (name_w - round(8 * u)) * 2 // 5
                self.entry(
                    f"name:{i}", (x, y, half, row_h), "", NAME_LIMIT, container=self.scroller
                )
                self.entry(
                    f"spec:{i}",
                    (x + half + round(8 * u), y, name_w - half - round(8 * u), row_h),
                    seat.bot or "",
                    SPEC_LIMIT,
                    container=self.scroller,
                    placeholder=t("setup.spec_hint"),
                )
            else:
                self.entry(
                    f"name:{i}", (x, y, name_w, row_h), "", NAME_LIMIT, container=self.scroller
                )
            x += name_w + round(8 * u)
            for name, label, tip in ROW_TOOLS:
                self.button(
                    f"{name}:{i}",
                    (x, y, tool, row_h),
                    label,
                    "#tool_button",
                    tooltip=t(tip),
                    container=self.scroller,
                )
                x += tool + round(8 * u)

    def refresh(self) -> None:
        """Show the setup in the widgets (after a reorder, a kind change…)."""
        s = self.setup
        for i, seat in enumerate(s.seats):
            self.widgets[f"kind:{i}"].set_text(kind_label(seat.bot))
            entry = self.widgets[f"name:{i}"]
            if entry.get_text() != seat.name:
                entry.set_text(seat.name)
            dealer = self.widgets[f"dealer:{i}"]
            dealer.select() if s.dealer == i else dealer.unselect()
            for name, edge in (("up", 0), ("down", len(s.seats) - 1)):
                button = self.widgets[f"{name}:{i}"]
                button.disable() if i == edge else button.enable()
            remove = self.widgets[f"remove:{i}"]
            remove.disable() if len(s.seats) <= MIN_SEATS else remove.enable()
        for name in ("add_human", "add_bot"):
            self.widgets[name].disable() if len(s.seats) >= MAX_SEATS else self.widgets[
                name
            ].enable()
        random_dealer = self.widgets["random_dealer"]
        random_dealer.select() if s.dealer is None else random_dealer.unselect()
        self.update_start()

    def update_start(self) -> None:
        """ "Start" only when the setup makes a game (the reasons are shown above it)."""
        start = self.widgets["start"]
        start.disable() if self.setup.problems() else start.enable()
        self.app.invalidate()

    # ------------------------------------------------------------ input
    def on_button(self, name: str) -> None:
        s = self.setup
        what, _, index = name.partition(":")
        i = int(index) if index.isdigit() else None
        rebuild = False
        if name == "back":
            self.back()
            return
        if name == "start":
            self.start()
            return
        if name == "add_human":
            rebuild = s.add(None, t("menu.you"))
        elif name == "add_bot":
            rebuild = s.add("normal")
        elif name == "random_dealer":
            s.dealer = None
        elif what == "opening":
            s.opening = index
            self.select("opening", index)
        elif what == "f3":
            s.flip_three_on_bust = index
            self.select("f3", index)
        elif i is not None and i < len(s.seats):
            rebuild = self._seat_button(what, i)
        if rebuild:
            self.build_ui()
        else:
            self.refresh()

    def _seat_button(self, what: str, i: int) -> bool:
        """A button of seat ``i``; True when the form must be built again."""
        s = self.setup
        if what == "kind":
            was = seat_kind(s.seats[i].bot)
            s.cycle_kind(i)
            return PLUGIN in (was, seat_kind(s.seats[i].bot))  # the spec field comes or goes
        if what == "dealer":
            s.toggle_dealer(i)
        elif what in ("up", "down"):
            s.move(i, -1 if what == "up" else 1)
        elif what == "remove":
            return bool(s.remove(i))
        return False

    def on_text(self, name: str, text: str) -> None:
        what, _, index = name.partition(":")
        if what == "name" and index.isdigit() and int(index) < len(self.setup.seats):
            self.setup.rename(int(index), text)
        elif what == "spec" and index.isdigit() and int(index) < len(self.setup.seats):
            self.setup.set_spec(int(index), text)
        elif name == "target":
            self.setup.target = text
        elif name == "seed":
            self.setup.seed = text
        self.update_start()

    def on_submit(self, name: str) -> None:
        """Enter in a field ends the typing; Enter again starts the game."""
        self.app.manager.set_focus_set(None)

    def on_key(self, key: int) -> bool:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
            return True
        return False

    def start(self) -> None:
        if self.setup.problems():
            self.app.invalidate()
            return
        spec = self.setup.build()
        self.app.start_game(spec.seats, rules=spec.rules, seed=spec.seed, dealer=spec.dealer)

    # ------------------------------------------------------------ drawing
    def render_body(self, img, u: float) -> None:
        left, right, _ = self.panels()
        self.panel(img, left, u)
        self.panel(img, right, u)
        self.text(
            img,
            t("setup.rules"),
            round(22 * u),
            GOLD,
            topleft=(right.x + round(20 * u), right.y + round(12 * u)),
        )
        ys = self.right_rows()
        x = right.x + round(20 * u)
        label = round(17 * u)
        for block, _h in self.BLOCKS:
            beside = block in ("target", "dealer", "seed")  # the label left of its widget
            y = ys[block] + round(20 * u) if beside else ys[block] + round(12 * u)
            self.text(img, t(f"setup.{block}"), label, CREAM, midleft=(x, y))

    def draw_front(self, surface, u: float) -> None:
        s = self.setup
        left, right, _ = self.panels()
        self.text(
            surface,
            t("setup.players", count=len(s.seats)),
            round(22 * u),
            GOLD,
            topleft=(left.x + round(20 * u), left.y + round(12 * u)),
        )
        ys = self.right_rows()
        x, width = right.x + round(20 * u), right.w - round(40 * u)
        small = max(10, round(13 * u))
        helps = {
            "target": t("setup.target_help"),
            "opening": t(f"setup.opening.{s.opening}.help"),
            "f3": t(f"setup.f3.{s.flip_three_on_bust}.help"),
            "seed": t("setup.seed_help"),
        }
        for block, text in helps.items():
            dy = round(46 * u) if block in ("target", "seed") else round(74 * u)
            self.para(surface, text, small, width, (x, ys[block] + dy), MUTED, max_lines=2)
        if s.dealer is None or s.dealer >= len(s.seats):
            dealer = t("setup.dealer_random")
        else:
            dealer = t("setup.dealer_is", name=s.seats[s.dealer].name or "?")
        self.para(
            surface, dealer, small, width, (x, ys["dealer"] + round(46 * u)), MUTED, max_lines=2
        )
        problems = s.problems()
        w, h = self.app.size
        if problems:
            text = " · ".join(t(p, min=MIN_SEATS, max=MAX_SEATS) for p in problems)
            self.text(
                surface,
                text,
                round(15 * u),
                RED,
                max_width=w - round(40 * u),
                midbottom=(w // 2, h - round(76 * u)),
            )
