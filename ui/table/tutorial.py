"""Learn to play: the guided first game on the table (the lessons are :mod:`game.lessons.tutorial`).

A :class:`LessonDriver` drives the table view (:mod:`ui.table.drive`) through five
stacked lessons in a row. Over the
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

from itertools import repeat
from operator import add, mul

import pygame

from game.lessons import tutorial as lessons
from game.rules import RuleOptions
from game.state import HIT, Action
from ui.assets import CREAM, GOLD, MUTED
from ui.config import Seat
from ui.context import TableContext
from ui.i18n import Msg, t
from ui.table import layout as L
from ui.table.drive import Control, Prompt
from ui.table.play import PlayDriver
from ui.table.table import TableScene

BOX = (12, 30, 22, 235)


def start(app: TableContext) -> TableScene:
    """The guided game on top of the menu, from its first lesson."""
    scene: TableScene = app.go("tutorial", home=True)
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


class LessonDriver:
    """Five lessons at a table of people and bots (a :class:`PlayDriver` it leads), and the
    captions that lead through them."""

    own_keys: frozenset[int] = frozenset()
    pause_note: str | None = None

    demo = True  # never autosaved, never counted as a game played
    unattended = False  # the round summaries wait for the player
    _box_key: object = None  # what the caption box was placed for (box_rect)
    _box = pygame.Rect(0, 0, 0, 0)

    def __init__(self, app: TableContext) -> None:
        self.app = app
        self.lesson = 0
        self.done: set[str] = set()
        self.step: lessons.Step | None = None
        self.insist = False
        self.finished = False
        self.you = t("tutorial.you")
        data = lessons.lesson_data(0, self.you)
        seats = [Seat(self.you, None), Seat("Ada", "normal"), Seat("Bob", "normal")]
        self.play = PlayDriver(
            app,
            seats,
            data["seed"],
            demo=True,
            rules=RuleOptions(target=1000),
            game_args=self._args(data),
        )
        self.play.undoable = False  # a lesson's steps follow each decision: none is taken back
        self.play.bot_override = lessons.friendly_bot(0)
        self.play.dress = self._dress
        self.play.accept = self._accept
        self.play.after_round = self._next_lesson

    def start(self, table: TableScene) -> None:
        self.table = table
        self.play.start(table)
        self._follow()

    @property
    def game(self):
        return self.play.game

    @property
    def presenter(self):
        return self.play.presenter

    def _dress(self, shown, presenter) -> None:
        """The table of the lesson: its rounds counted on from the lessons before, the
        lesson named where the target would be, the player spoken to as "you"."""
        shown.rounds_before = self.lesson
        shown.heading = Msg("tutorial.heading", n=self.lesson + 1, of=lessons.LESSONS)
        presenter.you = self.you

    @staticmethod
    def _args(data: dict) -> dict:
        return {"deck": data["deck"], "dealer": data["dealer"], "totals": data.get("totals")}

    # ------------------------------------------------------------ the script
    def _follow(self) -> None:
        """Which caption shows now (only once every card is shown)."""
        p = self.presenter
        if self.finished or not p.settled or p.gate is not None:
            step = None
        else:
            step = lessons.current_step(self.game, self.lesson, self.done)
        if step is not self.step:
            self.step = step
            self.insist = False
            self.app.invalidate()
        self.play.hold = self.finished or (self.step is not None and self.step.want == "ok")

    def ready_turn(self):
        return self.play.ready_turn()

    def _accept(self, action: Action) -> bool:
        """A person's decision, as the lesson takes it: a stay where it needs one more card
        is not taken (the caption asks gently for a hit)."""
        step = self.step
        if step is not None and action.seat == lessons.YOU:
            if step.want == HIT and action.kind != HIT:
                self.insist = True  # gently: this lesson needs one more card
                self.app.invalidate()
                return False
            if not step.sticky:
                self.done.add(step.key)
        return True

    def act(self, action: Action) -> None:
        """``action`` taken at the lesson's table, as a person's decision is."""
        self.play.decide(action)
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

    def _next_lesson(self) -> None:
        """A lesson's round was counted: on to the next lesson (totals carried)."""
        self.lesson += 1
        if self.lesson >= lessons.LESSONS:
            self.finished = True  # the table stays on the last count; no more rounds
            self.play.gate_open = True
            self._follow()
            self.app.invalidate()
            return
        data = lessons.lesson_data(self.lesson, self.you, list(self.game.totals))
        self.play.bot_override = lessons.friendly_bot(min(self.lesson, lessons.LESSONS - 1))
        self.play.new_game(data["seed"], self._args(data))
        self._follow()

    def resumed(self, answer: object) -> None:
        self.play.resumed(answer)
        self._follow()

    def close(self) -> None:
        self.play.close()

    # ------------------------------------------------------------ time and input
    def update(self, dt: float) -> None:
        self._follow()
        self.play.update(dt)
        self._follow()

    def wakeup(self) -> float | None:
        return self.play.wakeup()

    def _waiting(self) -> bool:
        """A caption waits for OK (the lesson's end included)."""
        return self.finished or (
            self.step is not None and self.step.want == "ok" and self.presenter.settled
        )

    def key(self, key: int, repeat: bool) -> bool:
        if self._waiting() and key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.acknowledge()
            return True
        return self.play.key(key, repeat)

    def click(self, pos: tuple[int, int], seat: int | None) -> bool:
        if self._waiting() and self.box_rect().collidepoint(pos):
            self.acknowledge()
            return True
        return self.play.click(pos, seat)

    def command(self, name: str, value: str | None = None) -> bool:
        return self.play.command(name, value)

    def controls(self) -> tuple[Control, ...]:
        return self.play.controls()

    def prompt(self) -> Prompt:
        return self.play.prompt()

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
        """Where the caption stands (:meth:`_place_box`), kept while it says the same."""
        lay = self.table.layout
        words = str(self.caption()[0]) if (self.step or self.finished) else ""
        key = (lay.size, self.step.key if self.step else None, self.finished, self.insist, words)
        if self._box_key != key:
            self._box_key, self._box = key, self._place_box()
        return self._box.copy()

    def _place_box(self) -> pygame.Rect:
        """The widest box (up to 560 design pixels) whose text fits and that covers neither
        the piles nor a seat — else the one covering least, the piles, the card in play and
        the seats' headers (names, totals) weighing most; among equals the one nearest the
        table's top middle."""
        lay = self.table.layout
        u = lay.unit
        gap = round(10 * u)
        area = lay.table.inflate(-2 * gap, -2 * gap)
        piles = lay.draw_pile.union(lay.discard_pile).union(lay.in_play).union(lay.caption)
        covered = [(10, piles)] + [(1, seat.box) for seat in lay.seats]
        covered += [(30, seat.header) for seat in lay.seats]  # a name, its chip, its total
        widths = [min(area.w, round(design_w * u)) for design_w in range(560, 299, -20)]
        return place_box(area, covered, max(4, round(12 * u)), widths, self._box_height)

    def _box_height(self, w: int) -> int:
        """The height the caption needs at width ``w``: its title, body and hint, whole."""
        lay, assets = self.table.layout, self.app.assets
        pad = round(12 * lay.unit)
        title, body, hint = self.caption()
        big, small = assets.font(lay.font(18)), assets.font(lay.font(14))
        inner = w - 2 * pad
        h = 2 * pad + round(4 * lay.unit)
        h += len(wrap(big, str(title), inner)) * big.get_linesize()
        h += len(wrap(small, body, inner)) * small.get_linesize()
        if hint:
            h += len(wrap(small, hint, inner)) * small.get_linesize() + pad // 2
        return h

    def pointed(self) -> list[pygame.Rect]:
        lay = self.table.layout
        where = self.step.point if self.step is not None else None
        if where is None:
            return []
        if where.startswith("seat") and where[4:].isdigit():
            return [lay.seats[int(where[4:])].box]
        if where == "seats":
            return [s.box for s in lay.seats]
        p = L.panel_layout(lay.panel, lay.unit)
        if where == "tray":  # the card set aside, where it waits
            return [p.staged_title.union(p.staged)]
        if where == "queue":  # its rows in use: the log rises over the others
            return [L.queue_area(p, len(self.table.shown.queue))]
        if where == "bar":
            return [lay.hit_button.union(lay.stay_button)]
        return [lay.draw_pile]

    def leader(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """The gold line from the caption to the one place it points at, ending on that
        place's frame; None for several places or one the caption touches (their frames
        say it), and where the straight line would run over a seat or a pile it does not
        point at (a name, a "+N" chip, a card)."""
        pointed = self.pointed()
        if len(pointed) != 1:
            return None
        box, frame = self.box_rect(), pointed[0].inflate(6, 6)
        if frame.colliderect(box):
            return None
        a, b = _facing(box, frame), _facing(frame, box)
        lay = self.table.layout
        others = [s.box for s in lay.seats] + [lay.draw_pile, lay.discard_pile, lay.in_play]
        if any(r != pointed[0] and r.clipline(a, b) for r in others):
            return None
        return a, b

    def draw_over(self, surface: pygame.Surface) -> None:
        if self.step is None and not self.finished:
            return
        lay, assets = self.table.layout, self.app.assets
        u = lay.unit
        box = self.box_rect()
        for rect in self.pointed():
            frame = rect.inflate(6, 6)
            pygame.draw.rect(
                surface, GOLD, frame, width=max(2, round(3 * u)), border_radius=round(12 * u)
            )
        leader = self.leader()
        if leader is not None:
            pygame.draw.line(surface, GOLD, *leader, max(2, round(2 * u)))
        title, body, hint = self.caption()
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        panel.fill(BOX)
        surface.blit(panel, box)
        pygame.draw.rect(
            surface, GOLD, box, width=max(2, round(2 * u)), border_radius=round(10 * u)
        )
        pad = round(12 * u)
        inner = box.w - 2 * pad
        y = box.y + pad
        size = lay.font(18)
        big = assets.font(size)
        for line in wrap(big, str(title), inner):
            surface.blit(assets.text(line, size, GOLD, max_width=inner), (box.x + pad, y))
            y += big.get_linesize()
        y += round(4 * u)
        small = lay.font(14)
        font = assets.font(small)
        for line in wrap(font, body, inner):
            surface.blit(assets.text(line, small, CREAM, max_width=inner), (box.x + pad, y))
            y += font.get_linesize()
        if hint:
            color = GOLD if self.insist else MUTED
            lines = wrap(font, hint, inner)
            y = box.bottom - pad // 2 - len(lines) * font.get_linesize()
            for line in lines:
                surface.blit(assets.text(line, small, color, max_width=inner), (box.x + pad, y))
                y += font.get_linesize()


def place_box(
    area: pygame.Rect,
    covered: list[tuple[int, pygame.Rect]],
    stride: int,
    widths: list[int],
    height,
) -> pygame.Rect:
    """The box, ``widths`` wide in turn (the first that covers nothing wins) and
    ``height(w)`` high, inside ``area`` on a grid of ``stride`` pixels, that covers the
    least of ``covered`` (each rect's covered area times its weight); among equals the
    one nearest ``area``'s top middle, the first in reading order at a tie.

    The covered area of a box and a rect is the overlap of their columns times the
    overlap of their rows, so a row of the grid adds up each rect's columns once
    instead of clipping every box against every rect.

    >>> area = pygame.Rect(0, 0, 100, 60)
    >>> place_box(area, [(1, pygame.Rect(30, 0, 40, 20))], 10, [40], lambda w: 20)
    Rect(30, 20, 40, 20)
    >>> place_box(area, [(1, pygame.Rect(0, 0, 100, 60))], 10, [40], lambda w: 20)
    Rect(30, 0, 40, 20)
    """
    reach = area.w + area.h
    best: tuple[float, tuple[int, int, int, int]] | None = None
    for w in widths:
        h = height(w)
        xs = range(area.x, max(area.x, area.right - w) + 1, stride)
        ys = range(area.y, max(area.y, area.bottom - h) + 1, stride)
        # each row of the grid: the rects it overlaps, their columns times their rows
        overlaps: list[list[tuple[int, int, list[int]]]] = [[] for _ in ys]
        for weight, r in covered:
            lo, cols = _overlaps(xs, w, r.left, r.right)
            if cols:
                top, rows = _overlaps(ys, h, r.top, r.bottom)
                weighted = [weight * c for c in cols]
                for j, k in enumerate(rows, top):
                    overlaps[j].append((lo, k, weighted))
        for y, row in zip(ys, overlaps, strict=True):
            cost = [0] * len(xs)
            for lo, k, weighted in row:
                hi = lo + len(weighted)
                cost[lo:hi] = map(add, cost[lo:hi], map(mul, weighted, repeat(k)))
            # the costs are whole numbers and the nearness term is below one: only the
            # row's cheapest boxes can be the best, and none if it costs more than the best
            least = min(cost)
            if best is not None and least > best[0]:
                continue
            down = y - area.y
            for i in (i for i, c in enumerate(cost) if c == least):
                x = xs[i]
                score = least + (abs(x + w // 2 - area.centerx) + down) / reach
                if best is None or score < best[0]:
                    best = (score, (x, y, w, h))
        if best is not None and best[0] < 1:  # covers nothing: the widest such box
            break
    assert best is not None
    return pygame.Rect(best[1])


def _overlaps(starts: range, length: int, low: int, high: int) -> tuple[int, list[int]]:
    """How much each span ``[s, s + length)`` of ``starts`` overlaps ``[low, high)``: the
    index of the first that does and the overlaps from there on, up to the last that does.

    >>> _overlaps(range(0, 50, 10), 15, 12, 30)
    (0, [3, 13, 10])
    >>> _overlaps(range(0, 50, 10), 15, 60, 70)[1]
    []
    """
    if high <= low or length <= 0:
        return 0, []
    step = starts.step
    # the first start whose span ends past ``low``, the last that begins before ``high``
    first = max(0, -((starts.start + length - 1 - low) // step))
    last = min(len(starts) - 1, (high - 1 - starts.start) // step)
    spans = [min(s + length, high) - max(s, low) for s in starts[first : last + 1]]
    return first, spans


def _facing(a: pygame.Rect, b: pygame.Rect) -> tuple[int, int]:
    """The point of ``a``'s edge nearest to ``b``'s centre."""
    x = min(max(b.centerx, a.left), a.right - 1)
    y = min(max(b.centery, a.top), a.bottom - 1)
    return x, y


def tutorial(app: TableContext) -> TableScene:
    """The route "tutorial": the table view driven by a :class:`LessonDriver`."""
    return TableScene(app, LessonDriver(app))
