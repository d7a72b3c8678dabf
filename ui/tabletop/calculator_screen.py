"""The card calculator: tap the cards lying in front of a player, read the count.

Numbers ``0``–``12`` and the modifiers ``+2`` … ``+10``, ``x2``, drawn with the
game's card art; a tap adds a card to the hand, a tap on a card of the hand
takes it back. "Busted" says the player went out on a duplicate. The count is
written the way the rules do it (``29 × 2 + 6 = 64``), the Flip 7 bonus added
by itself; what cannot exist — in this hand, or beside the other hands of the
round — is refused with the calculator's own reason (:mod:`game.tabletop.calculator`).
"""

from __future__ import annotations

import pygame

from game.cards import MODIFIERS
from game.tabletop.calculator import CalculatorError, CardHand, check_round, count
from ui.assets import CREAM, GOLD, GREEN, MUTED, RED
from ui.context import Context
from ui.i18n import t
from ui.screens.forms import FormScene
from ui.theme import window_scale

NUMBERS = tuple(str(n) for n in range(13))
MODS = tuple(MODIFIERS)  # +2 … +10, x2
KEYS_REMOVE = (pygame.K_BACKSPACE, pygame.K_DELETE)


class CalculatorScene(FormScene):
    def __init__(self, app: Context, sheet, round_no: int, seat: int, cell: object = None) -> None:
        """Count the hand of ``seat`` in ``round_no`` of ``sheet``, starting from its ``cell``;
        the hand goes back to the scene that asked (``App.back``)."""
        super().__init__(app)
        self.sheet = sheet
        self.round_no, self.seat = round_no, seat
        self.cards: list[str] = []  # in the order tapped
        self.busted = False
        if isinstance(cell, CardHand):
            self.cards = [str(n) for n in cell.numbers] + list(cell.modifiers)
            self.busted = cell.busted

    # ------------------------------------------------------------ the count
    def evaluate(self) -> tuple[CardHand | None, str]:
        """The counted hand, or why it cannot exist."""
        numbers = [int(c) for c in self.cards if c in NUMBERS]
        modifiers = [c for c in self.cards if c in MODS]
        try:
            hand = count(numbers, modifiers, self.busted)
            row = self._row()
            others = [c for i, c in enumerate(row) if i != self.seat and isinstance(c, CardHand)]
            check_round([*others, hand])
        except CalculatorError as e:
            return None, str(e)
        return hand, ""

    @property
    def problem(self) -> str:
        return self.evaluate()[1]

    def _row(self) -> tuple:
        s = self.sheet
        if self.round_no <= s.round_count:
            return s.rounds[self.round_no - 1]
        return s.current or (None,) * len(s.players)

    # ------------------------------------------------------------ geometry
    def unit(self) -> float:
        w, h = self.app.size
        return window_scale((w, h))

    def card_size(self) -> tuple[int, int]:
        w, _h = self.app.size
        u = self.unit()
        cw = min(round(84 * u), (w - round(60 * u) - 12 * round(8 * u)) // 13)
        return cw, round(cw * 1.4)

    def card_rects(self) -> dict[str, pygame.Rect]:
        """Where each card of the palette is."""
        u = self.unit()
        cw, ch = self.card_size()
        gap = round(8 * u)
        x0 = (self.app.size[0] - (13 * cw + 12 * gap)) // 2
        out = {}
        y = round(96 * u)
        for i, card in enumerate(NUMBERS):
            out[card] = pygame.Rect(x0 + i * (cw + gap), y, cw, ch)
        y += ch + round(14 * u)
        for i, card in enumerate(MODS):
            out[card] = pygame.Rect(x0 + i * (cw + gap), y, cw, ch)
        return out

    def hand_rects(self) -> list[pygame.Rect]:
        """Where each card of the hand is, in the order tapped."""
        u = self.unit()
        cw, ch = self.card_size()
        cw, ch = round(cw * 0.8), round(ch * 0.8)
        palette = self.card_rects()
        top = palette["x2"].bottom + round(56 * u)
        n = len(self.cards)
        room = self.app.size[0] - round(120 * u)
        step = min(cw + round(6 * u), (room - cw) // max(1, n - 1)) if n > 1 else cw
        x0 = (self.app.size[0] - (step * (n - 1) + cw)) // 2
        return [pygame.Rect(x0 + i * step, top, cw, ch) for i in range(n)]

    # ------------------------------------------------------------ widgets
    def build(self, u: float) -> None:
        palette = self.card_rects()
        x = palette["x2"].right + round(30 * u)
        y = palette["x2"].y + round(10 * u)
        bw, bh = round(200 * u), round(44 * u)
        b = self.button(
            "busted",
            (x, y, bw, bh),
            t("calc.busted"),
            "#choice_button",
            tooltip=t("calc.tip.busted"),
        )
        if self.busted:
            b.select()
        self.button("clear", (x, y + bh + round(12 * u), bw, bh), t("calc.clear"), "#tool_button")
        w, h = self.app.size
        bw2, bh2 = round(220 * u), round(50 * u)
        by = h - round(70 * u)
        self.button(
            "cancel",
            (w // 2 - bw2 - round(10 * u), by, bw2, bh2),
            t("files.cancel"),
            "#menu_button",
        )
        self.button("ok", (w // 2 + round(10 * u), by, bw2, bh2), t("calc.ok"), "#primary_button")
        self.refresh()

    def refresh(self) -> None:
        hand, _problem = self.evaluate()
        if "ok" in self.widgets:
            ok = self.widgets["ok"]
            ok.enable() if hand is not None else ok.disable()
            ok.set_text(t("calc.ok") if hand is None else t("calc.use", points=hand.points))
        self.app.invalidate()

    # ------------------------------------------------------------ input
    def tap(self, card: str) -> None:
        self.cards.append(card)
        self.refresh()

    def take_back(self, index: int) -> None:
        if 0 <= index < len(self.cards):
            del self.cards[index]
            self.refresh()

    def set_busted(self, busted: bool) -> None:
        self.busted = busted
        b = self.widgets.get("busted")
        if b is not None:
            b.select() if busted else b.unselect()
        self.refresh()

    def confirm(self) -> None:
        hand, _problem = self.evaluate()
        if hand is None:
            return
        self.app.back(hand)

    def on_button(self, name: str) -> None:
        if name == "busted":
            self.set_busted(not self.busted)
        elif name == "clear":
            self.cards = []
            self.set_busted(False)
        elif name == "cancel":
            self.back()
        elif name == "ok":
            self.confirm()

    def on_key(self, key: int) -> bool:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
        elif key in KEYS_REMOVE:
            self.take_back(len(self.cards) - 1)
        elif key == pygame.K_b:
            self.set_busted(not self.busted)
        else:
            return False
        return True

    def on_event(self, event) -> bool:
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        for card, rect in self.card_rects().items():
            if rect.collidepoint(event.pos):
                self.tap(card)
                return True
        for index, rect in reversed(list(enumerate(self.hand_rects()))):
            if rect.collidepoint(event.pos):
                self.take_back(index)
                return True
        return False

    # ------------------------------------------------------------ drawing
    def render_body(self, img, u: float) -> None:
        name = self.sheet.players[self.seat]
        self.text(
            img,
            t("calc.title", name=name, round=self.round_no),
            round(30 * u),
            GOLD,
            midtop=(self.app.size[0] // 2, round(16 * u)),
        )
        self.text(
            img,
            t("calc.help"),
            max(10, round(15 * u)),
            MUTED,
            midtop=(self.app.size[0] // 2, round(60 * u)),
        )
        assets = self.app.assets
        for card, rect in self.card_rects().items():
            img.blit(
                assets.card_shadow(rect.size),
                rect.move(-max(3, rect.w // 8), -max(3, rect.w // 8) + 2),
            )
            img.blit(assets.card(card, rect.size), rect)

    def draw_front(self, surface, u: float) -> None:
        assets = self.app.assets
        w, _h = self.app.size
        palette = self.card_rects()
        for card, rect in palette.items():  # how many of each are in the hand
            k = self.cards.count(card)
            if k:
                pygame.draw.rect(
                    surface,
                    GOLD,
                    rect.inflate(6, 6),
                    max(2, round(3 * u)),
                    border_radius=max(4, rect.w // 10),
                )
                pill = assets.pill(
                    f"×{k}" if k > 1 else "✓", max(10, round(14 * u)), (42, 26, 0), GOLD
                )
                surface.blit(pill, pill.get_rect(center=(rect.right - 4, rect.y + 4)))
        top = palette["x2"].bottom + round(24 * u)
        who = t("calc.in_front", name=self.sheet.players[self.seat])
        self.text(surface, who, round(17 * u), CREAM, midtop=(w // 2, top))
        rects = self.hand_rects()
        if not rects:
            self.text(
                surface, t("calc.empty"), round(15 * u), MUTED, midtop=(w // 2, top + round(60 * u))
            )
        for card, rect in zip(self.cards, rects, strict=True):
            surface.blit(assets.card(card, rect.size), rect)
        y = (rects[0].bottom if rects else top + round(130 * u)) + round(18 * u)
        hand, problem = self.evaluate()
        if hand is None:
            self.text(surface, t("calc.refused"), round(26 * u), RED, midtop=(w // 2, y))
            self.text(
                surface,
                problem,
                round(17 * u),
                RED,
                max_width=w - round(80 * u),
                midtop=(w // 2, y + round(40 * u)),
            )
            return
        big = hand.text
        if hand.busted:
            big = t("calc.bust_count")
        self.text(surface, big, round(40 * u), GOLD, midtop=(w // 2, y))
        if hand.flip7:
            self.text(
                surface, t("calc.flip7"), round(17 * u), GREEN, midtop=(w // 2, y + round(54 * u))
            )
