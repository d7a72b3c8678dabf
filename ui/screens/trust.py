"""Asking before a file's plug-in bot runs (docs/bots.md, "Trust").

A game file names its plug-in seats (``{"name": …, "bot": "PATH.py:FUNCTION"}``).
Opening it — Continue, Load game — never runs that code unless the person agrees,
here, for that spec: the dialog says it is code and shows where it lives. The safe
answer is the default (Esc, Enter, N): ``baseline`` plays the seat, and the file
keeps the spec. ``Y`` or the button runs it (``App.trusted`` then holds the spec
until the program ends).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.bots.plugins import PluginError, check
from game.limits import printable
from ui.assets import CREAM, GOLD
from ui.context import Context
from ui.i18n import t
from ui.screens.forms import DialogScene
from ui.theme import window_scale


def where(spec: str) -> str:
    """Where a spec's code lives, for a person: the file's full path (or the module), and
    the function."""
    try:
        found = check(spec)
    except PluginError:
        return printable(spec)
    return printable(f"{found.shown()}:{found.function}")


def broken(text: str, fits, lines: int) -> list[str]:
    """``text`` cut into at most ``lines`` lines that each ``fits(line)`` — anywhere, as a
    path has no spaces; of a longer text the start gives way (the file's name stays).

    >>> broken("abcdefgh", lambda s: len(s) <= 3, 5)
    ['abc', 'def', 'gh']
    >>> broken("abcdefgh", lambda s: len(s) <= 3, 2)
    ['…de', 'fgh']
    """
    out, rest = _lines(text, fits, lines)
    start = 0
    while rest:
        start += len(rest)
        out, rest = _lines("…" + text[start:], fits, lines)
    return out


def _lines(text: str, fits, lines: int) -> tuple[list[str], str]:
    out: list[str] = []
    rest = text
    while rest and len(out) < lines:
        n = len(rest)
        while n > 1 and not fits(rest[:n]):
            n -= 1
        out.append(rest[:n])
        rest = rest[n:]
    return out, rest


class TrustScene(DialogScene):
    """Run the plug-in ``spec`` that plays ``name``? ``answer(True/False)`` once closed."""

    TITLE = "trust.title"

    def __init__(self, app: Context, spec: str, name: str, answer: Callable[[bool], None]) -> None:
        super().__init__(app)
        self.spec, self.name, self.answer = spec, name, answer
        self.where = where(spec)

    def dialog(self) -> pygame.Rect:
        w, h = self.app.size
        u = window_scale((w, h))
        r = pygame.Rect(0, 0, min(w - 20, round(700 * u)), min(h - 20, round(420 * u)))
        r.center = (w // 2, h // 2)
        return r

    def build(self, u: float) -> None:
        d = self.dialog()
        bw, bh = round(240 * u), round(50 * u)
        by = d.bottom - bh - round(22 * u)
        self.button(
            "no",
            (d.centerx - bw - round(10 * u), by, bw, bh),
            t("trust.decline"),
            "#primary_button",
        )
        self.button(
            "yes", (d.centerx + round(10 * u), by, bw, bh), t("trust.run"), "#danger_button"
        )

    def render_body(self, img, u: float) -> None:
        d = self.dialog()
        width = d.w - round(60 * u)
        body = self.app.assets.wrapped(
            t("trust.body", name=self.name), round(16 * u), CREAM, width, max_lines=6, shadow=True
        )
        top = d.y + round(66 * u)
        img.blit(body, body.get_rect(midtop=(d.centerx, top)))
        size = round(15 * u)
        font = self.app.assets.font(size)
        y = top + body.get_height() + round(16 * u)
        text = t("trust.where", where=self.where)
        for line in broken(text, lambda s: font.size(s)[0] <= width, 5):
            part = self.app.assets.text(line, size, GOLD, shadow=False)
            img.blit(part, (d.x + round(30 * u), y))
            y += font.get_linesize()

    def on_button(self, name: str) -> None:
        self.close(name == "yes")

    def on_key(self, key: int) -> bool:
        if key == pygame.K_y:
            self.close(True)
        elif key in (pygame.K_n, pygame.K_RETURN, pygame.K_KP_ENTER):  # the safe answer
            self.close(False)
        else:
            return False
        return True

    def back(self) -> None:  # Esc
        self.close(False)

    def close(self, yes: bool) -> None:
        self.app.back()
        self.answer(yes)
