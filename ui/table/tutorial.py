"""Learn to play: the guided first game on the table (the lessons are :mod:`game.lessons.tutorial`).

A :class:`TutorialScene` is the table with five stacked lessons in a row. Over the
table a caption box says what is new, quotes the Rules screen with docs/rules.md's
clauses, and points at the place concerned (a seat, the Flip Three tray, the
effect queue, the bar with Hit and Stay). It waits for the player: their decision (a stay where
the lesson needs one more card is not taken; the caption asks gently for a hit
instead), or ``Enter`` / a click on the caption ("OK"), while the bots wait.
``Esc`` pauses as at the table (*Quit to menu* leaves); the menu's *Learn to
play* starts again from the first lesson. Nothing is autosaved or counted.

:func:`first_offer` — the menu offers it once, on the very first start.
"""

from __future__ import annotations

import pygame

from game.lessons import tutorial as lessons
from game.rules import RuleOptions
from game.state import HIT, Action
from ui.assets import CREAM, GOLD, MUTED
from ui.config import Seat
from ui.i18n import Msg, t
from ui.table import layout as L
from ui.table.table import TableScene

BOX = (12, 30, 22, 235)


def start(app) -> TutorialScene:
    """The guided game on top of the menu, from its first lesson."""
    scene: TutorialScene = app.go("tutorial", home=True)
    return scene


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and font.size(trial)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + ([line] if line else [])


class TutorialScene(TableScene):
    """The table, five lessons, and the captions that lead through them."""

    undoable = False  # a lesson's steps follow each decision: none is taken back

    def __init__(self, app) -> None:
        self.lesson = 0
        self.done: set[str] = set()
        self.step: lessons.Step | None = None
        self.insist = False
        self.finished = False
        self.you = t("tutorial.you")
        data = lessons.lesson_data(0, self.you)
        seats = [Seat(self.you, None), Seat("Ada", "normal"), Seat("Bob", "normal")]
        super().__init__(
            app,
            seats,
            data["seed"],
            demo=True,
            rules=RuleOptions(target=1000),
            game_args=self._args(data),
        )
        self._follow()

    @staticmethod
    def _args(data: dict) -> dict:
        return {"deck": data["deck"], "dealer": data["dealer"], "totals": data.get("totals")}

    @property
    def unattended(self) -> bool:
        return False  # the round summaries wait for the player

    def _bots(self):
        levels = super()._bots()
        bot = lessons.friendly_bot(min(self.lesson, lessons.LESSONS - 1))
        self.bot_fns = {s: bot for s in self.bot_fns}
        return levels

    # ------------------------------------------------------------ the script
    def _follow(self) -> None:
        """Which caption shows now (only once every card is shown)."""
        if self.finished or not self.presenter.settled or self.presenter.gate is not None:
            step = None
        else:
            step = lessons.current_step(self.game, self.lesson, self.done)
        if step is not self.step:
            self.step = step
            self.insist = False
            self._sync_buttons()
            self.app.invalidate()
        self.autoplay = not self.finished and not (self.step is not None and self.step.want == "ok")

    def ready_turn(self):
        if self.finished or (self.step is not None and self.step.want == "ok"):
            return None
        return super().ready_turn()

    def act(self, action: Action) -> None:
        step = self.step
        if step is not None and action.seat == lessons.YOU:
            if step.want == HIT and action.kind != HIT:
                self.insist = True  # gently: this lesson needs one more card
                self.app.invalidate()
                return
            if not step.sticky:
                self.done.add(step.key)
        super().act(action)
        self._follow()

    def acknowledge(self) -> None:
        """OK on a caption that waits for no decision."""
        if self.finished:
            self.app.to_menu()
            return
        if self.step is not None and self.step.want == "ok":
            self.done.add(self.step.key)
            self.step = None
            self._follow()
            self.app.invalidate()

    def gate_closed(self) -> None:
        """A lesson's round was counted: on to the next lesson (totals carried)."""
        self.gate_open = False
        self.lesson += 1
        if self.lesson >= lessons.LESSONS:
            self.finished = True  # the table stays on the last count; no more rounds
            self.gate_open = True
            self.autoplay = False
            self._follow()
            self.app.invalidate()
            return
        data = lessons.lesson_data(self.lesson, self.you, list(self.game.totals))
        self.game_args = self._args(data)
        self.new_game(data["seed"])
        self._follow()

    def update(self, dt: float) -> None:
        self._follow()
        super().update(dt)
        self._follow()

    def handle_event(self, event) -> bool:
        waiting = self.finished or (
            self.step is not None and self.step.want == "ok" and self.presenter.settled
        )
        if waiting:
            if event.type == pygame.KEYDOWN and event.key in (
                pygame.K_RETURN,
                pygame.K_KP_ENTER,
                pygame.K_SPACE,
            ):
                self.acknowledge()
                return True
            if (
                event.type == pygame.MOUSEBUTTONDOWN
                and event.button == 1
                and self.box_rect().collidepoint(event.pos)
            ):
                self.acknowledge()
                return True
        return super().handle_event(event)

    # ------------------------------------------------------------ drawing
    def caption(self) -> tuple[Msg, str, str | None]:
        """The caption's title, its body (the Rules screen's words and clauses), its hint."""
        if self.finished:
            return Msg("tutorial.done"), "", t("tutorial.ok_menu")
        step = self.step
        assert step is not None  # draw() shows no caption between steps
        title = Msg(f"tutorial.{step.key}", you=self.you)
        body = (t(step.rule) + " " if step.rule else "") + t(
            "tutorial.clauses", clauses=step.clauses
        )
        if self.insist:
            hint = t("tutorial.insist")
        elif step.want == "ok":
            hint = t("tutorial.ok")
        elif step.want == HIT:
            hint = t("tutorial.press_hit")
        else:
            hint = t("tutorial.your_choice")
        return title, body, hint

    def box_rect(self) -> pygame.Rect:
        lay = self.layout
        c = lay.center
        w = min(c.w - round(20 * lay.unit), round(560 * lay.unit))
        h = round(172 * lay.unit)
        r = pygame.Rect(0, 0, w, h)
        r.midtop = (c.centerx, c.y + round(4 * lay.unit))
        return r

    def pointed(self) -> list[pygame.Rect]:
        lay = self.layout
        where = self.step.point if self.step is not None else None
        if where is None:
            return []
        if where.startswith("seat") and where[4:].isdigit():
            return [lay.seats[int(where[4:])].box]
        if where == "seats":
            return [s.box for s in lay.seats]
        if where == "tray":
            return [pygame.Rect(lay.panel.x, lay.panel.y, lay.panel.w, lay.panel.h // 2)]
        if where == "queue":
            p = L.panel_layout(lay.panel, lay.unit)
            return [p.queue_title.union(p.queue_rows[-1])]
        if where == "bar":
            return [lay.hit_button.union(lay.stay_button)]
        return [lay.draw_pile]

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.step is None and not self.finished:
            return
        lay, assets = self.layout, self.app.assets
        u = lay.unit
        box = self.box_rect()
        for rect in self.pointed():
            pygame.draw.rect(
                surface,
                GOLD,
                rect.inflate(6, 6),
                width=max(2, round(3 * u)),
                border_radius=round(12 * u),
            )
            pygame.draw.line(surface, GOLD, box.center, rect.center, max(2, round(2 * u)))
        title, body, hint = self.caption()
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        panel.fill(BOX)
        surface.blit(panel, box)
        pygame.draw.rect(
            surface, GOLD, box, width=max(2, round(2 * u)), border_radius=round(10 * u)
        )
        pad = round(12 * u)
        y = box.y + pad
        size = lay.font(18)
        for line in wrap(assets.font(size), str(title), box.w - 2 * pad)[:3]:
            s = assets.text(line, size, GOLD, max_width=box.w - 2 * pad)
            surface.blit(s, (box.x + pad, y))
            y += s.get_height()
        y += round(4 * u)
        small = lay.font(14)
        font = assets.font(small)
        lines = wrap(font, body, box.w - 2 * pad)
        room = (box.bottom - pad - small * 2 - y) // max(1, font.get_linesize())
        for line in lines[: max(1, room)]:
            s = assets.text(line, small, CREAM, max_width=box.w - 2 * pad)
            surface.blit(s, (box.x + pad, y))
            y += font.get_linesize()
        if hint:
            s = assets.text(hint, small, GOLD if self.insist else MUTED, max_width=box.w - 2 * pad)
            surface.blit(s, s.get_rect(bottomleft=(box.x + pad, box.bottom - pad // 2)))
