"""The rules in brief, in the player's language, on three pages: the game, the action
cards, and the tricky cases (Second Chance, the Flip Three tray, a Freeze on the last
player in the round) shown with the cards themselves."""

from __future__ import annotations

import pygame

from ui.assets import CREAM, GOLD, MUTED
from ui.context import Context
from ui.i18n import card_name, t
from ui.screens.forms import FormScene
from ui.theme import window_scale

PAGES = ("basics", "actions", "tricky")
BASICS = ("goal", "turn", "bust", "flip7", "score", "end")
# Each illustrated row: its text key and a picture, a sequence of signs ("→", "+")
# and groups of cards with a caption under them (an i18n key, or None). A card in
# brackets is one set aside in the tray: outlined, dimmed.
ACTIONS = (
    ("freeze", ((None, ("freeze",)),)),
    ("flip_three", ((None, ("flip_three",)),)),
    ("second_chance", ((None, ("second_chance",)),)),
)
TRICKY = (
    (
        "sc",
        (
            ("rules.cap.hand", ("5", "second_chance")),
            "+",
            ("rules.cap.revealed", ("5",)),
            "→",
            ("rules.cap.after", ("5",)),
        ),
    ),
    (
        "tray",
        (("card.flip_three", ("flip_three",)), "→", ("rules.cap.tray", ("3", "(freeze)", "9"))),
    ),
    ("last", (("rules.cap.alone", ("freeze",)), "→", ("rules.cap.banked", ("7", "10", "+4")))),
)
SCORING = ("7", "11", "+8", "x2")
FLIP7 = ("0", "1", "2", "4", "6", "9", "12")


class RulesScene(FormScene):
    TITLE = "menu.rules"

    def __init__(self, app: Context) -> None:
        super().__init__(app)
        self.page = PAGES[0]

    def area(self) -> pygame.Rect:
        w, h = self.app.size
        u = window_scale((w, h))
        r = pygame.Rect(0, 0, min(w - round(40 * u), round(1160 * u)), h - round(230 * u))
        r.midtop = (w // 2, round(140 * u))
        return r

    def build(self, u: float) -> None:
        a = self.area()
        tabs = pygame.Rect(0, 0, min(a.w, round(720 * u)), round(42 * u))
        tabs.midbottom = (a.centerx, a.y - round(12 * u))
        self.choice(
            "page", [(p, t(f"rules.tab.{p}")) for p in PAGES], self.page, tabs, round(10 * u)
        )
        bw, bh = round(220 * u), round(48 * u)
        self.button(
            "back",
            (a.centerx - bw // 2, a.bottom + round(18 * u), bw, bh),
            t("settings.back"),
            "#primary_button",
        )

    def on_button(self, name: str) -> None:
        if name == "back":
            self.back()
        elif name.startswith("page:"):
            self.show(name.partition(":")[2])

    def on_key(self, key: int) -> bool:
        i = PAGES.index(self.page)
        if key in (pygame.K_RIGHT, pygame.K_TAB):
            self.show(PAGES[(i + 1) % len(PAGES)])
        elif key == pygame.K_LEFT:
            self.show(PAGES[(i - 1) % len(PAGES)])
        elif pygame.K_1 <= key <= pygame.K_3:
            self.show(PAGES[key - pygame.K_1])
        else:
            return False
        return True

    def show(self, page: str) -> None:
        self.page = page
        self.select("page", page)
        self.app.invalidate()

    def background_key(self) -> object:
        return self.page

    # ------------------------------------------------------------ drawing
    def render_body(self, img, u: float) -> None:
        a = self.area()
        self.panel(img, a, u)
        inner = a.inflate(-round(48 * u), -round(36 * u))
        if self.page == "basics":
            self.render_basics(img, inner, u)
        else:
            rows = ACTIONS if self.page == "actions" else TRICKY
            step = inner.h // len(rows)
            for i, (key, cards) in enumerate(rows):
                row = pygame.Rect(inner.x, inner.y + i * step, inner.w, step)
                self.render_row(img, row, key, cards, u)

    def render_basics(self, img, r: pygame.Rect, u: float) -> None:
        size = max(11, round(17 * u))
        text_w = round(r.w * 0.56)
        y = r.y
        step = r.h // len(BASICS)
        for key in BASICS:
            pygame.draw.circle(
                img, GOLD, (r.x + round(6 * u), y + round(11 * u)), max(2, round(4 * u))
            )
            self.para(
                img,
                t(f"rules.basics.{key}"),
                size,
                text_w - round(20 * u),
                (r.x + round(20 * u), y),
                CREAM,
                max_lines=3,
            )
            y += step
        right = pygame.Rect(r.x + text_w + round(30 * u), r.y, r.w - text_w - round(30 * u), r.h)
        ch = min(round(120 * u), right.h // 4)
        self.text(
            img,
            t("rules.example.score"),
            max(11, round(16 * u)),
            GOLD,
            midtop=(right.centerx, right.y),
        )
        top = right.y + round(30 * u)
        self.cards(img, SCORING, right.centerx, top, ch, u)
        self.text(
            img,
            "(7 + 11) × 2 + 8 = 44",
            round(20 * u),
            CREAM,
            midtop=(right.centerx, top + ch + round(10 * u)),
        )
        top2 = top + ch + round(60 * u)
        self.text(
            img,
            t("rules.example.flip7"),
            max(11, round(16 * u)),
            GOLD,
            midtop=(right.centerx, top2),
        )
        small = min(ch, round(right.w / len(FLIP7) * 1.4 / 0.8))
        self.cards(img, FLIP7, right.centerx, top2 + round(30 * u), small, u, overlap=0.72)
        self.text(
            img,
            "34 + 15 = 49",
            round(20 * u),
            CREAM,
            midtop=(right.centerx, top2 + round(40 * u) + small),
        )

    def render_row(self, img, row: pygame.Rect, key: str, picture, u: float) -> None:
        pics_w = round(row.w * (0.2 if self.page == "actions" else 0.46))
        caption = max(10, round(13 * u))
        has_captions = any(isinstance(p, tuple) and p[0] for p in picture)
        ch = min(
            round(124 * u), row.h - round(16 * u) - (caption + round(8 * u) if has_captions else 0)
        )
        ch = min(ch, self.fit_height(picture, pics_w, u))
        top = row.centery - (ch + (caption if has_captions else 0)) // 2
        self.picture(img, picture, row.x + pics_w // 2, top, ch, caption, u)
        x = row.x + pics_w + round(24 * u)
        width = row.right - x
        base = "rules.actions" if self.page == "actions" else "rules.tricky"
        title = card_name(key) if self.page == "actions" else t(f"{base}.{key}.title")
        self.text(img, title, round(20 * u), GOLD, topleft=(x, row.y + round(8 * u)))
        body = 17 if self.page == "actions" else 15
        self.para(
            img,
            t(f"{base}.{key}"),
            max(11, round(body * u)),
            width,
            (x, row.y + round(40 * u)),
            CREAM,
            max_lines=5,
        )
        if row.bottom < self.area().bottom - round(40 * u):
            pygame.draw.line(
                img,
                (60, 100, 76),
                (row.x, row.bottom - 2),
                (row.right, row.bottom - 2),
                max(1, round(u)),
            )

    @staticmethod
    def _widths(picture, cw: int, gap: int, overlap: float) -> list[int]:
        out = []
        for item in picture:
            if isinstance(item, str):
                out.append(round(cw * 0.45))
            else:
                n = len(item[1])
                out.append(cw + round(cw * overlap) * (n - 1) + gap * (n - 1))
        return out

    def fit_height(self, picture, width: int, u: float) -> int:
        """The tallest card height at which ``picture`` fits in ``width``."""
        gap = round(8 * u)
        widths = self._widths(picture, 100, gap, 1.0)
        total = sum(widths) + gap * (len(widths) - 1)
        return int(width / total * 100 * 1.4) if total > width else 10_000

    def cards(self, img, cards, cx: int, top: int, ch: int, u: float, overlap: float = 1.0) -> None:
        """A row of cards centred on ``cx``."""
        self.picture(img, ((None, tuple(cards)),), cx, top, ch, 0, u, overlap)

    def picture(
        self, img, picture, cx: int, top: int, ch: int, caption: int, u: float, overlap: float = 1.0
    ) -> None:
        """Groups of cards and signs in a row centred on ``cx``, captions under the groups."""
        cw = round(ch / 1.4)
        gap = round(8 * u)
        widths = self._widths(picture, cw, gap, overlap)
        x = cx - (sum(widths) + gap * (len(widths) - 1)) // 2
        assets = self.app.assets
        for item, w in zip(picture, widths, strict=True):
            if isinstance(item, str):
                self.text(img, item, round(30 * u), MUTED, center=(x + w // 2, top + ch // 2))
                x += w + gap
                continue
            label, cards = item
            cx_group = x + w // 2
            for card in cards:
                aside = card.startswith("(")
                face = assets.card(card.strip("()"), (cw, ch))
                if aside:
                    face = face.copy()
                    face.set_alpha(150)
                    pygame.draw.rect(
                        img,
                        GOLD,
                        pygame.Rect(x - 3, top - 3, cw + 6, ch + 6),
                        width=max(2, round(2 * u)),
                        border_radius=round(8 * u),
                    )
                img.blit(face, (x, top))
                x += round(cw * overlap) + gap
            x += w - (round(cw * overlap) + gap) * len(cards) + gap
            if label:
                text = t(label)
                s = assets.wrapped(
                    text, caption, MUTED, max(w, round(150 * u)), 2, shadow=True, center=True
                )
                img.blit(s, s.get_rect(midtop=(cx_group, top + ch + round(6 * u))))
