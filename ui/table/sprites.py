"""Things that move over the table: cards in flight, text pop-ups, confetti, seat effects.

Their attributes are what the tweens animate; drawing them changes nothing.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pygame

from ui.assets import Assets


class CardSprite:
    """A card in flight. ``pos`` is its centre; ``face`` 0 shows the back, 1 the face."""

    def __init__(
        self,
        card: str,
        pos: tuple[float, float],
        size: tuple[int, int],
        face: float = 0.0,
        lift: float = 1.0,
    ) -> None:
        self.card = card
        self.pos = pos
        self.size = (float(size[0]), float(size[1]))
        self.face = face
        self.lift = lift  # shadow offset: 1 = held above the table
        self.alpha = 255.0

    def draw(self, surface: pygame.Surface, assets: Assets) -> None:
        w, h = max(2, round(self.size[0])), max(2, round(self.size[1]))
        squash = abs(self.face * 2 - 1)
        name = self.card if self.face >= 0.5 else "back"
        img = assets.card(name, (w, h))
        sw = max(1, round(w * squash))
        if sw != w:
            img = pygame.transform.scale(img, (sw, h))
        x, y = round(self.pos[0] - sw / 2), round(self.pos[1] - h / 2)
        if self.lift > 0.05:
            shadow = assets.card_shadow((w, h))
            m = (shadow.get_width() - w) // 2
            off = round(self.lift * max(3, w // 10))
            surface.blit(shadow, (round(self.pos[0] - w / 2) - m + off, y - m + off))
        if self.alpha < 255:
            img = img.copy()
            img.set_alpha(round(self.alpha))
        surface.blit(img, (x, y))


class TextSprite:
    """A caption over the table: score calculations, "FLIP 7!", "Tie!"."""

    def __init__(
        self, text: str, pos: tuple[float, float], size: int, color, scale: float = 1.0, bg=None
    ) -> None:
        self.text = text
        self.pos = pos
        self.size = size
        self.color = color
        self.scale = scale
        self.alpha = 255.0
        self.bg = bg

    def draw(self, surface: pygame.Surface, assets: Assets) -> None:
        if self.alpha <= 2 or self.scale <= 0.02:
            return
        if self.bg is not None:
            img = assets.pill(self.text, self.size, self.color, self.bg)
        else:
            img = assets.text(self.text, self.size, self.color)
        if abs(self.scale - 1.0) > 0.02:
            img = pygame.transform.scale_by(img, self.scale)
        if self.alpha < 255:
            img = img.copy()
            img.set_alpha(round(self.alpha))
        surface.blit(img, img.get_rect(center=(round(self.pos[0]), round(self.pos[1]))))


class Confetti:
    """A burst of paper bits for a Flip 7; ``update`` moves them, gravity pulls them down."""

    COLORS = (
        (247, 199, 70),
        (236, 84, 84),
        (130, 205, 255),
        (124, 220, 140),
        (210, 130, 255),
        (255, 255, 255),
    )

    def __init__(
        self, origin: tuple[float, float], count: int, scale: float, rng: random.Random
    ) -> None:
        # x, y, vx, vy, color, life, size
        self.bits: list[list[Any]] = []
        for _ in range(count):
            angle = rng.uniform(-math.pi, 0)
            speed = rng.uniform(180, 520) * scale
            self.bits.append(
                [
                    origin[0],
                    origin[1],
                    math.cos(angle) * speed,
                    math.sin(angle) * speed,
                    rng.choice(self.COLORS),
                    rng.uniform(1.2, 2.2),
                    max(2, round(rng.uniform(4, 8) * scale)),
                ]
            )
        self.gravity = 600 * scale

    @property
    def alive(self) -> bool:
        return bool(self.bits)

    def update(self, dt: float) -> None:
        for bit in self.bits:
            bit[0] += bit[2] * dt
            bit[1] += bit[3] * dt
            bit[3] += self.gravity * dt
            bit[2] *= 0.99
            bit[5] -= dt
        self.bits = [b for b in self.bits if b[5] > 0]

    def draw(self, surface: pygame.Surface, assets: Assets) -> None:
        for x, y, _vx, _vy, color, _life, size in self.bits:
            h = max(1, round(size * (0.4 + 0.6 * abs(math.sin(y * 0.05)))))
            surface.fill(color, (round(x), round(y), size, h))


class SeatFx:
    """Per-seat animation state the seat drawing reads."""

    def __init__(self) -> None:
        self.shake = 0.0  # horizontal offset in px
        self.face_down = 1.0  # a busted hand: 0 = still face up, 1 = face down
        self.flash = 0.0  # 0..1, a coloured flash over the seat (Freeze, Flip 7)
        self.flash_color = (130, 205, 255)
        self.total: float | None = None  # a total counting up, or None: the shown total
