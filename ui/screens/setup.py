"""New game: the seats (a typed name, or a bot of some level), their order, the first
dealer, the rule options of R9 with a line of explanation each, and a seed.

The defaults — you and three bots, the rule book's options, a random seed — make
"Start" a single click. What the screen shows is a :class:`~ui.screens.setup_model.TableSetup`;
"Start" builds exactly that game.
"""

from __future__ import annotations

import pygame

from game.rules import FLIP_THREE_ON_BUST, OPENINGS
from ui.assets import CREAM, GOLD, MUTED, RED
from ui.config import MAX_SEATS, MIN_SEATS
from ui.context import SetupContext
from ui.i18n import t
from ui.screens.seat_list import SeatForm, SeatList
from ui.screens.setup_model import PLUGIN, TableSetup, seat_kind
from ui.theme import window_scale


def kind_label(bot: str | None) -> str:
    if bot is None:
        return t("setup.human")
    return t("setup.bot", level=t(f"setup.level.{seat_kind(bot)}"))


class GameSeats:
    """The seats of a :class:`TableSetup` as the seat list edits them
    (:class:`~ui.screens.seat_list.KindedSeats`)."""

    def __init__(self, setup: TableSetup) -> None:
        self.setup = setup

    def __len__(self) -> int:
        return len(self.setup.seats)

    def name(self, index: int) -> str:
        return self.setup.seats[index].name

    def rename(self, index: int, name: str) -> None:
        self.setup.rename(index, name)

    def is_dealer(self, index: int) -> bool:
        return self.setup.dealer == index

    def press_dealer(self, index: int) -> None:
        self.setup.toggle_dealer(index)  # pressed again: the seed draws the dealer

    def move(self, index: int, delta: int) -> bool:
        return self.setup.move(index, delta)

    def remove(self, index: int) -> bool:
        return self.setup.remove(index)

    def kind_label(self, index: int) -> str:
        return kind_label(self.setup.seats[index].bot)

    def cycle_kind(self, index: int) -> None:
        self.setup.cycle_kind(index)

    def spec(self, index: int) -> str | None:
        bot = self.setup.seats[index].bot
        return (bot or "") if seat_kind(bot) == PLUGIN else None

    def set_spec(self, index: int, spec: str) -> None:
        self.setup.set_spec(index, spec)


class SetupScene(SeatForm):
    TITLE = "setup.title"

    app: SetupContext

    def __init__(self, app: SetupContext) -> None:
        super().__init__(app)
        if app.last_setup is None:
            app.last_setup = TableSetup.default(t("menu.you"))
        self.setup: TableSetup = app.last_setup
        self.seat_list = SeatList(
            self,
            GameSeats(self.setup),
            fewest=MIN_SEATS,
            most=MAX_SEATS,
            adders={
                "add_human": lambda: self.setup.add(None, t("menu.you")),
                "add_bot": lambda: self.setup.add("normal"),
            },
            dealer_tip="setup.tip.dealer",
            kinds=True,
        )

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
        self.seat_list.build(self.rows_rect(), u)
        left, right, _ = self.panels()
        bh = round(40 * u)
        add_y = left.bottom - round(56 * u)
        aw = round(170 * u)
        rows = self.seat_list
        rows.adder("add_human", (left.x + round(14 * u), add_y, aw, bh), t("setup.add_human"))
        rows.adder("add_bot", (left.x + round(24 * u) + aw, add_y, aw, bh), t("setup.add_bot"))
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
        self.back_and_start(u, t("setup.start"), 70)
        self.refresh()

    def refresh(self) -> None:
        """Show the setup in the widgets (after a reorder, a kind change…)."""
        random_dealer = self.widgets["random_dealer"]
        random_dealer.select() if self.setup.dealer is None else random_dealer.unselect()
        super().refresh()

    def update_start(self) -> None:
        """ "Start" only when the setup makes a game (the reasons are shown above it)."""
        start = self.widgets["start"]
        start.disable() if self.setup.problems() else start.enable()
        self.app.invalidate()

    # ------------------------------------------------------------ input
    def press(self, name: str) -> bool:
        what, _, value = name.partition(":")
        if name == "random_dealer":
            self.setup.dealer = None
        elif what == "opening":
            self.setup.opening = value
            self.select("opening", value)
        elif what == "f3":
            self.setup.flip_three_on_bust = value
            self.select("f3", value)
        return False

    def typed(self, name: str, text: str) -> None:
        if name == "target":
            self.setup.target = text
        elif name == "seed":
            self.setup.seed = text

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
        if problems:
            text = " · ".join(t(p, min=MIN_SEATS, max=MAX_SEATS) for p in problems)
            self.status(surface, text, RED, u, 76)
