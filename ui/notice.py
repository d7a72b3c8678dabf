"""Messages over every screen: a file that could not be read, a save that failed.

A notice sits at the top of the window for a few seconds (a click on it
dismisses it); the program goes on underneath. A screen whose words fill its top (a
title, a list) makes room for the notices itself: it answers ``notice_room(texts)``
with where they go (:meth:`Notices.keep_for`), and they take that place instead. A
screen with a part of its own at the side (the table's panel) answers
``notice_span()`` with the columns the notices keep to.
"""

from __future__ import annotations

import pygame

from game.limits import printable
from ui.assets import CREAM, GOLD, RED, Assets
from ui.theme import unit_for

SECONDS = 8.0
MAX_SHOWN = 3


class Notices:
    def __init__(self) -> None:
        self.items: list[list] = []  # [text, seconds left, error, owner scene or None]
        self.rects: list[pygame.Rect] = []
        self.top: int | None = None  # where the screen on top puts them (None: the window's top)
        self.span: tuple[int, int] | None = None  # the columns they keep to (None: the window's)

    def add(self, text: str, error: bool = False, owner: object = None) -> None:
        """Show ``text``; with an ``owner`` (a scene), only while that scene is on top."""
        text = printable(str(text))  # a file name may hold anything: one drawable line
        self.items = [i for i in self.items if i[0] != text]
        self.items.append([text, SECONDS, error, owner])
        del self.items[:-MAX_SHOWN]

    def withdraw(self, texts: set[str]) -> None:
        """Take back the notices saying any of ``texts`` (what a later one replaces)."""
        self.items = [i for i in self.items if i[0] not in texts]

    def keep_for(self, top: object) -> None:
        """Drop the notices of a screen that was left ("Could not open…" stays behind
        when a good file is opened next), and ask the screen on top where they go."""
        self.items = [i for i in self.items if i[3] is None or i[3] is top]
        room = getattr(top, "notice_room", None)
        self.top = room(self.texts) if callable(room) else None
        span = getattr(top, "notice_span", None)
        self.span = span() if callable(span) else None

    @property
    def texts(self) -> list[str]:
        return [i[0] for i in self.items]

    def update(self, dt: float) -> bool:
        """Age the notices; True if one went away (the screen must be redrawn)."""
        before = len(self.items)
        for item in self.items:
            item[1] -= dt
        self.items = [i for i in self.items if i[1] > 0]
        return len(self.items) != before

    def wakeup(self) -> float | None:
        return min((i[1] for i in self.items), default=None)

    def click(self, pos) -> bool:
        """A click on a notice dismisses it (and is used up)."""
        for rect, item in zip(self.rects, list(self.items), strict=False):
            if rect.collidepoint(pos):
                self.items.remove(item)
                return True
        return False

    def draw(self, surface: pygame.Surface, assets: Assets) -> None:
        self.rects = []
        if not self.items:
            return
        u = unit_for(surface.get_size())
        y = round(12 * u) if self.top is None else self.top
        boxes = laid_out(self.texts, assets, surface.get_size(), self.span)
        for (body, rect), (_text, _left, error, _owner) in zip(boxes, self.items, strict=True):
            rect = rect.move(0, y)
            border = RED if error else GOLD
            surface.blit(
                assets.panel(
                    rect.size,
                    (58, 16, 16, 252) if error else (16, 48, 32, 252),
                    border,
                    round(10 * u),
                    max(2, round(2 * u)),
                ),
                rect,
            )
            surface.blit(body, (rect.x + _pad(u), rect.y + _pad(u)))
            self.rects.append(rect)


def _pad(u: float) -> int:
    return round(12 * u)


def laid_out(
    texts: list[str], assets: Assets, size: tuple[int, int], span: tuple[int, int] | None = None
) -> list[tuple[pygame.Surface, pygame.Rect]]:
    """Each notice's words and its box in a window of ``size``, one under the other from y 0,
    centred between the columns ``span`` (the whole window's width if None)."""
    left, right = span if span is not None else (0, size[0])
    u = unit_for(size)
    width = min(right - left - round(40 * u), round(820 * u))
    pad, y = _pad(u), 0
    out = []
    for text in texts:
        body = assets.wrapped(text, max(11, round(16 * u)), CREAM, width - 2 * pad, max_lines=4)
        rect = pygame.Rect(0, y, width, body.get_height() + 2 * pad)
        rect.centerx = (left + right) // 2
        out.append((body, rect))
        y = rect.bottom + round(8 * u)
    return out


def height(texts: list[str], assets: Assets, size: tuple[int, int]) -> int:
    """The room ``texts`` take, shown as notices in a window of ``size`` (0 for none)."""
    boxes = laid_out(texts, assets, size)
    return boxes[-1][1].bottom if boxes else 0
