"""Images and text, made once and cached: cards per size, text per string, shadows, glows.

Card art is loaded from the generated set (``tools.make_cards.ensure_cards``)
and smooth-scaled once per size; nothing is smooth-scaled per frame.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from ui.artcache import FONT_PATH, card_path, ensure_cards

ACTION_CARDS = ("freeze", "flip_three", "second_chance")

Color = tuple[int, int, int] | tuple[int, int, int, int]

CREAM = (246, 241, 226)
MUTED = (176, 201, 184)
GOLD = (247, 199, 70)
RED = (236, 84, 84)
ICE = (130, 205, 255)
GREEN = (124, 220, 140)
INK = (16, 24, 20)
SHADOW = (0, 0, 0)
# the overlays' seats (round summary, game over, the coach's review): one colour a seat, up
# to 18; any two differ by a CIELAB distance of 30 or more, and each stands out on BAND
# (tests/test_ui_chart.py)
PALETTE = (
    (247, 199, 70),
    (110, 225, 255),
    (236, 110, 110),
    (140, 230, 140),
    (240, 15, 255),
    (120, 135, 255),
    (0, 255, 0),
    (255, 225, 195),
    (240, 75, 180),
    (255, 75, 0),
    (210, 255, 45),
    (255, 195, 255),
    (105, 150, 120),
    (0, 165, 0),
    (0, 255, 225),
    (180, 135, 75),
    (0, 150, 225),
    (165, 135, 150),
)
DIALOG = (14, 36, 26, 255)  # opaque: pygame.draw writes pixels, it does not blend
BAND = (24, 52, 39, 255)
CHART_GRID = (40, 68, 54)  # the lines of the overlays' charts, over BAND


#: When a list, every text cut to fit its box is recorded here as ``(text, shown, keep)``
#: (``keep``: how many characters the caller accepts to keep at least); the clipping
#: test (tests/test_ui_clipping.py) sets it and fails on any cut it does not accept.
CLIPS: list[tuple[str, str, int]] | None = None


class LRU(OrderedDict):
    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def put(self, key, value):
        self[key] = value
        if len(self) > self.limit:
            self.popitem(last=False)
        return value

    def find(self, key):
        value = self.get(key)
        if value is not None:
            self.move_to_end(key)
        return value


class _Made:
    """The surfaces made from one card set and the font: they depend on their keys alone."""

    def __init__(self) -> None:
        self.raw: dict[str, pygame.Surface] = {}
        self.cards = LRU(600)
        self.texts = LRU(1500)
        self.shapes = LRU(200)
        self.cut: dict[tuple, tuple[str, str, int]] = {}  # text key -> what was cut


#: every :class:`Assets` of a process on the same card set shares what is made from it (a
#: window has one at a time; tools and tests open many windows in one process); the last
#: two card sets are kept
_MADE = LRU(2)


class Assets:
    """The one place that loads and caches surfaces; call after the display exists."""

    def __init__(self, lang: str = "en", manifest: dict | None = None) -> None:
        self.manifest = manifest or ensure_cards()
        self.lang = lang
        key = (str(self.manifest.get("dir")), str(self.manifest.get("version")))
        made = _MADE.find(key) or _MADE.put(key, _Made())
        self._raw = made.raw
        self._cards = made.cards
        self._fonts: dict[int, pygame.font.Font] = {}  # a font lives until pygame.quit()
        self._texts = made.texts
        self._shapes = made.shapes
        self._cut = made.cut

    # ------------------------------------------------------------- cards
    def _load(self, name: str) -> pygame.Surface:
        key = f"{name}_{self.lang}" if name in ACTION_CARDS else name
        raw = self._raw.get(key)
        if raw is None:
            path = card_path(self.manifest, name, self.lang)
            raw = self._raw[key] = pygame.image.load(str(path)).convert_alpha()
        return raw

    def card(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """A card face (or ``"back"``, ``"slot"``) at ``size``, smooth-scaled once."""
        size = (max(2, int(size[0])), max(2, int(size[1])))
        key = (name, self.lang, size)
        img = self._cards.find(key)
        if img is None:
            img = self._cards.put(key, pygame.transform.smoothscale(self._load(name), size))
        return img

    def card_shadow(self, size: tuple[int, int]) -> pygame.Surface:
        """A soft shadow to put under a card of ``size`` (the surface is larger by a margin)."""
        key = ("shadow", size)
        img = self._shapes.find(key)
        if img is None:
            w, h = size
            m = max(3, w // 8)
            img = pygame.Surface((w + 2 * m, h + 2 * m), pygame.SRCALPHA)
            pygame.draw.rect(img, (0, 0, 0, 120), (m, m, w, h), border_radius=max(2, w // 14))
            img = pygame.transform.gaussian_blur(img, max(1, m // 2))
            self._shapes.put(key, img)
        return img

    def glow(self, size: tuple[int, int], color: Color, spread: int, radius: int) -> pygame.Surface:
        """A blurred outline around a rounded rect of ``size``; blit at -spread, -spread."""
        key = ("glow", size, color, spread, radius)
        img = self._shapes.find(key)
        if img is None:
            w, h = size
            img = pygame.Surface((w + 2 * spread, h + 2 * spread), pygame.SRCALPHA)
            band = (
                spread // 3,
                spread // 3,
                w + 2 * spread - 2 * (spread // 3),
                h + 2 * spread - 2 * (spread // 3),
            )
            pygame.draw.rect(
                img,
                (*color[:3], 255),
                band,
                width=max(3, spread * 2 // 3),
                border_radius=radius + spread // 2,
            )
            img = pygame.transform.gaussian_blur(img, max(1, spread // 3))
            self._shapes.put(key, img)
        return img

    def panel(
        self,
        size: tuple[int, int],
        fill: Color,
        border: Color | None = None,
        radius: int = 10,
        width: int = 1,
    ) -> pygame.Surface:
        """A translucent rounded panel."""
        key = ("panel", size, fill, border, radius, width)
        img = self._shapes.find(key)
        if img is None:
            img = pygame.Surface(size, pygame.SRCALPHA)
            rect = img.get_rect()
            pygame.draw.rect(img, fill, rect, border_radius=radius)
            if border is not None:
                pygame.draw.rect(img, border, rect, width=width, border_radius=radius)
            self._shapes.put(key, img)
        return img

    # -------------------------------------------------------------- text
    def font(self, size: int) -> pygame.font.Font:
        font = self._fonts.get(size)
        if font is None:
            font = self._fonts[size] = pygame.font.Font(str(FONT_PATH), size)
        return font

    def text(
        self,
        text: str,
        size: int,
        color: Color = CREAM,
        shadow: bool = True,
        max_width: int | None = None,
        keep: int = 0,
    ) -> pygame.Surface:
        """Rendered text (with a soft drop shadow), cut with "…" to ``max_width``.

        A cut is a fault the clipping test reports, unless the caller passes ``keep``:
        then cutting is accepted while at least ``keep`` characters remain (names at a
        crowded table)."""
        key = (text, size, color, shadow, max_width)
        img = self._texts.find(key)
        if img is not None:
            if CLIPS is not None and key in self._cut:
                CLIPS.append((*self._cut[key][:2], keep))
            return img
        font = self.font(size)
        if max_width is not None and font.size(text)[0] > max_width:
            whole = text
            while text and font.size(text + "…")[0] > max_width:
                text = text[:-1]
            text = text.rstrip() + "…"
            if len(self._cut) > 4000:
                self._cut.clear()
            self._cut[key] = (whole, text, keep)
            if CLIPS is not None:
                CLIPS.append((whole, text, keep))
        face = font.render(text, True, color)
        if not shadow:
            return self._texts.put(key, face)
        off = max(1, size // 14)
        back = font.render(text, True, (0, 0, 0))
        back.set_alpha(150)
        img = pygame.Surface((face.get_width() + off, face.get_height() + off), pygame.SRCALPHA)
        img.blit(back, (off, off))
        img.blit(face, (0, 0))
        return self._texts.put(key, img)

    def fitted(
        self,
        text: str,
        size: int,
        smallest: int,
        color: Color = CREAM,
        max_width: int = 10**6,
        shadow: bool = True,
        keep: int = 0,
    ) -> pygame.Surface:
        """``text`` at the largest size from ``size`` down to ``smallest`` that fits
        ``max_width`` (cut at ``smallest`` only when none does)."""
        for px in range(size, smallest, -1):
            if self.font(px).size(text)[0] <= max_width:
                return self.text(text, px, color, shadow)
        return self.text(text, smallest, color, shadow, max_width=max_width, keep=keep)

    def pill(
        self, text: str, size: int, fg: Color, bg: Color, border: Color | None = None
    ) -> pygame.Surface:
        """Text on a rounded pill: badges, chips, status stamps."""
        key = ("pill", text, size, fg, bg, border)
        img = self._shapes.find(key)
        if img is None:
            label = self.text(text, size, fg, shadow=False)
            px, py = max(4, size // 2), max(1, size // 6)
            img = pygame.Surface(
                (label.get_width() + 2 * px, label.get_height() + 2 * py), pygame.SRCALPHA
            )
            rect = img.get_rect()
            pygame.draw.rect(img, bg, rect, border_radius=rect.h // 2)
            if border is not None:
                pygame.draw.rect(
                    img, border, rect, width=max(1, size // 10), border_radius=rect.h // 2
                )
            img.blit(label, (px, py))
            self._shapes.put(key, img)
        return img

    def wrapped(
        self,
        text: str,
        size: int,
        color: Color,
        width: int,
        max_lines: int = 2,
        shadow: bool = False,
        center: bool = False,
    ) -> pygame.Surface:
        """Text broken into lines of at most ``width`` px (the last one cut with "…");
        ``center``: each line centred."""
        key = ("wrap", text, size, color, width, max_lines, shadow, center)
        img = self._texts.find(key)
        if img is not None:
            if CLIPS is not None and key in self._cut:
                CLIPS.append(self._cut[key])
            return img
        font = self.font(size)
        lines: list[str] = []
        words = text.split(" ")
        while words and len(lines) < max_lines:
            line = words.pop(0)
            while words and font.size(line + " " + words[0])[0] <= width:
                line += " " + words.pop(0)
            lines.append(line)
        if words:
            lines[-1] = lines[-1] + " " + " ".join(words)
        if any(font.size(ln)[0] > width for ln in lines):
            self._cut[key] = (text, "…", 0)  # recorded once more by ``text`` below
        parts = [self.text(ln, size, color, shadow, max_width=width) for ln in lines]
        step = font.get_linesize()
        img = pygame.Surface(
            (max(p.get_width() for p in parts), step * (len(parts) - 1) + parts[-1].get_height()),
            pygame.SRCALPHA,
        )
        for i, part in enumerate(parts):
            img.blit(part, ((img.get_width() - part.get_width()) // 2 if center else 0, i * step))
        return self._texts.put(key, img)

    def clear_sizes(self) -> None:
        """Forget size-dependent images (after a window resize)."""
        self._texts.clear()
        self._cut.clear()
        self._cards.clear()
        self._shapes.clear()
