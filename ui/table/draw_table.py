"""Drawing the table: felt, piles, seats. Reads the display model; changes nothing.

Every seat is rendered once into its own surface and reused until what it
shows changes, so a frame is a handful of blits.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import NamedTuple

import pygame

from game.cards import FLIP_THREE, FREEZE, SECOND_CHANCE
from game.state import ACTIVE, BUSTED, FROZEN, STAYED
from ui.assets import CREAM, GOLD, GREEN, ICE, INK, LRU, MUTED, RED, Assets
from ui.i18n import language, t
from ui.table import layout as L
from ui.table.display import Shown, ShownHand

FELT_CENTER = (44, 124, 78)
FELT_EDGE = (12, 52, 32)
NAME_KEEP = 6  # a name cut at a crowded table keeps at least this many characters
TURN = (255, 206, 84)
PICK = (110, 225, 255)
STATUS_STYLE: dict[str, tuple[tuple[int, int, int], tuple[int, int, int, int]]] = {
    STAYED: (GREEN, (16, 60, 30, 230)),
    FROZEN: (ICE, (14, 44, 74, 235)),
    BUSTED: (RED, (70, 14, 14, 235)),
}
#: a stamp's short form, for a seat too small for the word (the shipped font has both)
STATUS_SYMBOL: dict[str, str] = {STAYED: "\u2713", FROZEN: "\u2744"}


@dataclass(frozen=True)
class SeatState:
    """How the table scene wants a seat shown right now."""

    turn: bool = False  # whose decision it is
    eligible: bool = False  # may be chosen as the target
    dim: bool = False  # not eligible while a target is chosen
    hover: bool = False
    key: str | None = None  # the key that chooses it


#: the felts made so far, by everything they depend on: a window's start, a resize back and
#: forth, a test's window find theirs made (the surface is only ever blitted, never drawn on)
_FELTS = LRU(8)


def make_background(size: tuple[int, int], lay: L.TableLayout) -> pygame.Surface:
    """Felt with a soft light in the middle, a fine grain, the printed table line; made once
    a process for each size and layout."""
    key = (tuple(size), tuple(lay.table), lay.unit, tuple(lay.panel), tuple(lay.bar))
    return _FELTS.find(key) or _FELTS.put(key, _felt(size, lay))


def _felt(size: tuple[int, int], lay: L.TableLayout) -> pygame.Surface:
    w, h = size
    small = pygame.Surface((48, 27))
    cx, cy = lay.table.centerx / w * 48, lay.table.centery / h * 27
    for y in range(27):
        for x in range(48):
            d = min(1.0, (((x - cx) / 30) ** 2 + ((y - cy) / 19) ** 2) ** 0.5)
            k = d**1.6
            small.set_at(
                (x, y),
                [round(a + (b - a) * k) for a, b in zip(FELT_CENTER, FELT_EDGE, strict=True)],
            )
    bg = pygame.transform.smoothscale(small, size).convert()
    tile = _grain()
    for ty in range(0, h, tile.get_height()):
        for tx in range(0, w, tile.get_width()):
            bg.blit(tile, (tx, ty))
    ring = lay.table.inflate(-lay.table.w * 0.06, -lay.table.h * 0.1)
    line = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.ellipse(line, (255, 226, 150, 34), ring, width=max(2, round(3 * lay.unit)))
    pygame.draw.ellipse(
        line,
        (255, 226, 150, 18),
        ring.inflate(-16 * lay.unit, -16 * lay.unit),
        width=max(1, round(lay.unit)),
    )
    bg.blit(line, (0, 0))
    panel = lay.panel
    pygame.draw.rect(bg, (14, 26, 20), panel)
    for i in range(0, panel.h, 4):  # a faint wood-like grain on the panel
        shade = 16 + (i * 7919 % 9)
        pygame.draw.line(bg, (shade, 28 + shade // 4, 22), (panel.x, i), (panel.right, i))
    pygame.draw.line(bg, (240, 200, 90), panel.topleft, panel.bottomleft, max(1, round(lay.unit)))
    bar = pygame.Surface(lay.bar.size, pygame.SRCALPHA)
    bar.fill((6, 18, 12, 170))
    bg.blit(bar, lay.bar.topleft)
    pygame.draw.line(bg, (255, 226, 150, 60), lay.bar.topleft, lay.bar.topright)
    return bg


_GRAIN: list[pygame.Surface] = []


def _grain() -> pygame.Surface:
    if not _GRAIN:
        rng = random.Random(7)
        tile = pygame.Surface((96, 96), pygame.SRCALPHA)
        for y in range(96):
            for x in range(96):
                v = rng.random()
                if v < 0.5:
                    tile.set_at((x, y), (0, 0, 0, round(v * 22)))
                else:
                    tile.set_at((x, y), (255, 255, 255, round((v - 0.5) * 14)))
        _GRAIN.append(tile)
    return _GRAIN[0]


@dataclass(frozen=True)
class _SeatImage:
    """A seat's picture this frame (``img`` see-through, ``flat`` over the cloth)."""

    seat: int
    key: tuple[object, ...]
    img: pygame.Surface
    flat: pygame.Surface
    total: int
    still: bool  # drawn with the felt (TableView._still_layer)


class _Piles(NamedTuple):
    """What the piles show: the draw pile's count and how far its top card rises, the
    discard pile's count and top card, the cards in play, the caption under them (in
    the language it was drawn in)."""

    size: tuple[int, int]
    draw_count: int
    lift: int
    discard_count: int
    discard_top: str | None
    in_play: tuple[str, ...]
    caption: str
    language: str


class TableView:
    """Draws the felt, the piles and the seats."""

    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self.background: pygame.Surface | None = None
        self._bg_key: tuple[object, ...] | None = None
        self._seats = LRU(64)
        self.name_cut: dict[int, bool] = {}  # seat -> its name is cut in its header now
        self.name_rects: dict[int, pygame.Rect] = {}  # seat -> where its name is drawn
        self.badge_rects: dict[int, pygame.Rect] = {}  # bot seat -> where its BOT badge is
        self._badge_at: pygame.Rect | None = None  # the seat being drawn: its badge, if any
        self.pile_labels: list[pygame.Rect] = []  # where the piles' labels are drawn
        self._label_px = 14  # their size: the layout's, set as the piles are drawn
        self.stamps: dict[int, pygame.Rect] = {}  # seat -> where its status stamp was drawn
        self._layer: pygame.Surface | None = None  # the felt with what stands still on it
        self._layer_key: object = None
        self._on_layer: dict[int, object] = {}  # seat -> what of it the layer shows
        self._piles_last: _Piles | None = None  # the piles as the last frame showed them
        self._piles_on: _Piles | None = None  # the piles the layer shows, if any
        self._pile_rects: list[pygame.Rect] = []  # where the layer's piles are drawn

    def draw(
        self,
        surface: pygame.Surface,
        lay: L.TableLayout,
        shown: Shown,
        presenter,
        states: list[SeatState],
        caption: object = None,
    ) -> None:
        """The table; ``caption`` under the piles in place of the presenter's, if given."""
        key = (lay.size, len(lay.seats))
        if self._bg_key != key or self.background is None:
            self.background = make_background(lay.size, lay)
            self._bg_key = key
            self._seats.clear()
        hidden = presenter.hidden
        seats = [
            self._seat_image(seat, seat_lay, shown, presenter, states[seat], hidden)
            for seat, seat_lay in enumerate(lay.seats)
        ]
        piles = self._piles(lay, shown, hidden, presenter, caption or presenter.caption)
        still = piles == self._piles_last  # as the last frame: they join the layer
        self._piles_last = piles
        layer = self._still_layer(lay, seats, piles if still else None)
        # the panel's column is left to the panel, an opaque image that covers it whole
        surface.blit(layer, (0, 0), area=pygame.Rect(0, 0, lay.panel.x, lay.size[1]))
        if not still:
            self._draw_piles(surface, lay, piles)
        for s in seats:
            if not s.still:
                self._draw_seat(surface, lay.seats[s.seat], s, presenter.fx[s.seat], states[s.seat])

    def _still_layer(
        self, lay: L.TableLayout, seats: list[_SeatImage], piles: _Piles | None
    ) -> pygame.Surface:
        """The felt with every seat that stands still on it (no glow, no shake, no flash,
        not dimmed, its total not counting) and the piles when given (they showed the
        same the frame before): one opaque image put on screen each frame in place of
        the felt, those seats and the piles one by one. A seat that changes is drawn
        again on it alone (its flat picture holds the cloth under it); one that starts to
        move gives its place back to the cloth. Piles that change or start to move give
        theirs back (the cloth under what they drew, and any seat it reached drawn
        again), and are drawn on the layer again once they stand still."""
        bg = self.background
        assert bg is not None  # made by draw() first
        places = (bg, tuple(tuple(seat.box) for seat in lay.seats))
        if self._layer is None or self._layer_key != places:
            self._layer, self._layer_key = bg.copy(), places  # a new cloth, or new places
            self._on_layer, self._piles_on, self._pile_rects = {}, None, []
        layer = self._layer
        wanted = {s.seat: (s.key, s.total) if s.still else None for s in seats}
        changing = [s for s in seats if self._on_layer.get(s.seat) != wanted[s.seat]]
        under = self._pile_rects
        if self._piles_on is not None and (
            piles != self._piles_on
            or any(lay.seats[s.seat].box.collidelist(under) >= 0 for s in changing)
        ):
            for r in under:  # the piles off the layer; a seat they reached is drawn again
                layer.blit(bg, r.topleft, area=r)
            for seat, seat_lay in enumerate(lay.seats):
                if seat_lay.box.collidelist(under) >= 0:
                    self._on_layer.pop(seat, None)
            self._piles_on, self._pile_rects = None, []
        for s in seats:
            box = lay.seats[s.seat].box
            want = wanted[s.seat]
            if self._on_layer.get(s.seat) == want:
                continue
            if want is None:
                layer.blit(bg, box.topleft, area=box)
            else:
                layer.blit(s.flat, box.topleft)
                self._draw_total(layer, lay.seats[s.seat], box.x, s.total)
            self._on_layer[s.seat] = want
        if piles is not None and self._piles_on is None:
            self._pile_rects = self._draw_piles(layer, lay, piles)
            self._piles_on = piles
        return layer

    # -------------------------------------------------------------- piles
    def _card(self, surface, name: str, rect: pygame.Rect, shadow: bool = True) -> pygame.Rect:
        """A card, with its shadow; the rect of what it covers."""
        drawn = pygame.Rect(rect)
        if shadow:
            sh = self.assets.card_shadow(rect.size)
            m = (sh.get_width() - rect.w) // 2
            off = max(2, rect.w // 16)
            drawn.union_ip(surface.blit(sh, (rect.x - m + off, rect.y - m + off)))
        return drawn.union(surface.blit(self.assets.card(name, rect.size), rect.topleft))

    def _pile_label(self, surface, text: str, pile: pygame.Rect, width: int, color) -> pygame.Rect:
        """A pile's name and count under it, a little smaller when it would reach the next."""
        size = self._label_px
        label = self.assets.fitted(text, size, max(9, round(size * 0.7)), color, width)
        drawn = surface.blit(label, label.get_rect(midtop=(pile.centerx, pile.bottom + 6)))
        self.pile_labels.append(drawn)
        return drawn

    def _piles(self, lay: L.TableLayout, shown: Shown, hidden, presenter, caption) -> _Piles:
        """What the piles show this frame."""
        lift = presenter.pile_lift
        count = 0 if ("discard",) in hidden else shown.discard_count
        waiting = [c for c in shown.in_play if not (c == FLIP_THREE and shown.flip_three)]
        for card in ("freeze", "flip_three", "second_chance"):
            if ("in_play", card) in hidden and card in waiting:
                waiting.remove(card)
        return _Piles(
            lay.size,
            shown.draw_count,
            round(lift * lay.draw_pile.h * 0.08) if lift > 0.01 else 0,
            count,
            shown.discard_top if count else None,
            tuple(waiting),
            str(caption) if caption else "",
            language(),
        )

    def _draw_piles(self, surface, lay: L.TableLayout, piles: _Piles) -> list[pygame.Rect]:
        """The draw pile, the discard pile, a card in play, the caption; where they are drawn."""
        a = self.assets
        drawn: list[pygame.Rect] = []
        small = self._label_px = lay.font(14)
        draw = lay.draw_pile
        layers = min(4, (piles.draw_count + 24) // 25)
        for i in range(layers):
            r = draw.move(-i * 2, -i * 2)
            if i == layers - 1:
                r = r.move(0, -piles.lift)
            drawn.append(self._card(surface, "back", r, shadow=(i == 0)))
        if not layers:
            drawn.append(surface.blit(a.card("slot", draw.size), draw.topleft))
        disc = lay.discard_pile
        # each pile's label within its own pitch: a gap between them, always
        pitch = disc.x - draw.x - max(6, small // 2)
        self.pile_labels = []
        label = t("pile.draw", count=piles.draw_count)
        drawn.append(self._pile_label(surface, label, draw, pitch, MUTED))
        if piles.discard_top is None:
            drawn.append(surface.blit(a.card("slot", disc.size), disc.topleft))
        else:
            if piles.discard_count > 1:
                drawn.append(self._card(surface, "back", disc.move(2, 2)))
            drawn.append(self._card(surface, piles.discard_top, disc))
        label = t("pile.discard", count=piles.discard_count)
        drawn.append(self._pile_label(surface, label, disc, pitch, MUTED))
        spot = lay.in_play
        for i, card in enumerate(piles.in_play):
            r = spot.move(i * spot.w // 5, -i * spot.w // 5)
            glow = a.glow(r.size, TURN, max(6, r.w // 7), max(4, r.w // 12))
            drawn.append(surface.blit(glow, (r.x - max(6, r.w // 7), r.y - max(6, r.w // 7))))
            drawn.append(self._card(surface, card, r))
        if piles.in_play:
            drawn.append(self._pile_label(surface, t("pile.in_play"), spot, pitch, GOLD))
        if piles.caption:
            cap = a.wrapped(
                piles.caption,
                lay.font(17),
                CREAM,
                lay.caption.w,
                3,
                shadow=True,
                center=True,
            )
            drawn.append(surface.blit(cap, cap.get_rect(center=lay.caption.center)))
        return drawn

    # -------------------------------------------------------------- seats
    def _seat_image(
        self,
        seat: int,
        lay: L.SeatLayout,
        shown: Shown,
        presenter,
        state: SeatState,
        hidden,
    ) -> _SeatImage:
        """The seat's picture (made once while it shows the same) and whether it stands
        still this frame; notes where its name is drawn and whether it is cut."""
        fx = presenter.fx[seat]
        box = lay.box
        hand = shown.hand_shown(seat)
        no_cards = ("hands",) in hidden
        hide_sc = ("sc", seat) in hidden
        face_down = fx.face_down if hand.status == BUSTED else 0.0
        stamp = not presenter.labels  # the scoring labels take the stamps' place
        key = (
            tuple(box),
            hand.key(),
            shown.players[seat],
            shown.bots[seat],
            shown.dealer == seat,
            no_cards,
            hide_sc,
            round(face_down, 2),
            language(),
            state,
            stamp,
            len(str(shown.totals[seat])),
        )
        found = self._seats.find(key)
        if found is None:
            self._cut, self._name_at, self._badge_at = False, pygame.Rect(0, 0, 0, 0), None
            img = self._render_seat(
                lay, hand, shown, seat, state, no_cards, hide_sc, face_down, stamp
            )
            # and once more over the table's cloth: an opaque copy, several times faster
            # to put on screen each frame than the seat's see-through corners
            assert self.background is not None  # made by draw() before any seat
            flat = self.background.subsurface(box).copy()
            flat.blit(img, (0, 0))
            found = self._seats.put(key, (img, self._cut, self._name_at, self._badge_at, flat))
        img, self.name_cut[seat], name_at, badge_at, flat = found
        self.name_rects[seat] = name_at.move(box.x + round(fx.shake), box.y)
        if badge_at is None:
            self.badge_rects.pop(seat, None)
        else:
            self.badge_rects[seat] = badge_at.move(box.x + round(fx.shake), box.y)
        total = round(fx.total) if fx.total is not None else shown.totals[seat]
        still = (
            not (state.turn or state.eligible or state.dim)
            and round(fx.shake) == 0
            and fx.flash <= 0.01
            and fx.total is None
        )
        return _SeatImage(seat, key, img, flat, total, still)

    def _draw_total(self, surface, lay: L.SeatLayout, x: int, total: int) -> None:
        tsurf = self.assets.text(str(total), lay.big, CREAM)
        surface.blit(
            tsurf, tsurf.get_rect(midright=(x + lay.header.right - lay.box.x, lay.header.centery))
        )

    def _draw_seat(self, surface, lay: L.SeatLayout, s: _SeatImage, fx, state: SeatState) -> None:
        """A seat that moves, glows, flashes or is dimmed, drawn over the table."""
        a = self.assets
        box = lay.box
        x = box.x + round(fx.shake)
        glows = state.turn or state.eligible
        if glows:
            spread = max(8, round(box.h * 0.1))
            color = TURN if state.turn else (255, 255, 255) if state.hover else PICK
            glow = a.glow(box.size, color, spread, max(6, box.h // 12))
            surface.blit(glow, (x - spread, box.y - spread))
        # the flat copy wherever the cloth shows round the seat (not shaking, no glow)
        surface.blit(s.img if glows or x != box.x else s.flat, (x, box.y))
        self._draw_total(surface, lay, x, s.total)
        if fx.flash > 0.01:
            flash = a.panel(box.size, (*fx.flash_color, 120), radius=max(6, box.h // 12))
            flash.set_alpha(round(255 * fx.flash))
            surface.blit(flash, (x, box.y))
            flash.set_alpha(255)
        if state.dim:
            surface.blit(a.panel(box.size, (0, 0, 0, 120), radius=max(6, box.h // 12)), (x, box.y))

    def _render_seat(
        self,
        lay: L.SeatLayout,
        hand: ShownHand,
        shown: Shown,
        seat: int,
        state: SeatState,
        no_cards: bool,
        hide_sc: bool,
        face_down: float,
        stamps: bool,
    ) -> pygame.Surface:
        a = self.assets
        box = lay.box
        img = pygame.Surface(box.size, pygame.SRCALPHA)
        ox, oy = box.x, box.y
        radius = max(6, box.h // 12)
        out = hand.status != ACTIVE
        fill = (4, 14, 10, 150) if out else (8, 30, 20, 175)
        border = TURN if state.turn else PICK if state.eligible else (255, 255, 255, 46)
        img.blit(a.panel(box.size, fill, border, radius, 3 if state.turn else 1), (0, 0))
        self._header(img, lay, hand, shown, seat, no_cards, state.key, scoring=not stamps)
        if no_cards:
            return img
        mods = (
            list(hand.modifiers)
            + ([SECOND_CHANCE] if hand.second_chance and not hide_sc else [])
            + [FREEZE] * hand.freezes
        )
        for i, card in enumerate(mods):
            r = L.mod_card_rect(lay, i, len(mods), len(hand.numbers)).move(-ox, -oy)
            self._hand_card(img, card, r, face_down)
        for i, card in enumerate(hand.numbers):
            r = L.line_card_rect(lay, i, len(hand.numbers), len(mods)).move(-ox, -oy)
            self._hand_card(img, card, r, face_down)
        if hand.status == BUSTED and face_down <= 0.0 and hand.numbers:  # the duplicate
            n = len(hand.numbers)
            r = L.line_card_rect(lay, n - 1, n, len(mods)).move(-ox, -oy).inflate(4, 4)
            pygame.draw.rect(img, RED, r, width=max(2, r.w // 18), border_radius=max(3, r.w // 10))
        if stamps and hand.status in STATUS_STYLE and (hand.status != BUSTED or face_down > 0.5):
            stamp, where = self._stamp(lay, hand, len(mods), box.h)
            img.blit(stamp, stamp.get_rect(**where))
            self.stamps[seat] = stamp.get_rect(**where).move(ox, oy)
        return img

    def _stamp(
        self, lay: L.SeatLayout, hand: ShownHand, n_mods: int, height: int
    ) -> tuple[pygame.Surface, dict[str, tuple[int, int]]]:
        """The status stamp and where it goes in the seat's box: beside the number
        line, above it, over the cards' feet or in the header, wherever it sits
        clear of every card's value, in words, smaller if it must, and on the
        smallest seats as a symbol (✓ stayed, ❄ frozen) when no word fits."""
        a = self.assets
        fg, bg = STATUS_STYLE[hand.status]
        ox, oy = lay.box.topleft
        line = lay.line.move(-ox, -oy)
        n = len(hand.numbers)
        last = L.line_card_rect(lay, n - 1, n, n_mods).move(-ox, -oy)
        free_x = last.right + 4 if n else line.x
        end = line.right - (L.mods_width(lay, n_mods, n) + 4 if n_mods else 0)
        top = lay.header.bottom - oy  # the strip above the line and the gap over it
        feet = line.y + math.ceil(line.h * 0.67)  # below the numeral in the middle
        bottom = height - 1
        words = [t(f"status.{hand.status}")] + (
            [STATUS_SYMBOL[hand.status]] if n and hand.status in STATUS_SYMBOL else []
        )
        for text in words:
            for px in range(max(10, round(lay.text * 0.85)), 9, -1):  # smaller if it must
                stamp = a.pill(text, px, fg, bg, fg)
                sw, sh = stamp.get_size()
                if hand.status == BUSTED:  # nothing to read under it: across the cards
                    return stamp, {"center": line.center}
                if sw <= end - free_x:  # beside the line
                    return stamp, {"center": ((free_x + end) // 2, line.centery)}
                if sw <= end - self._below_x and sh <= line.y - top:  # above the line
                    return stamp, {"midbottom": ((self._below_x + end) // 2, line.y)}
                if sw <= end - line.x and sh <= bottom - feet:  # over the cards' feet
                    return stamp, {"midbottom": ((line.x + end) // 2, bottom)}
                if sw <= self._header_free.w and sh <= self._header_free.h + 4:  # the header
                    return stamp, {"center": self._header_free.center}
        return stamp, {"midbottom": ((line.x + end) // 2, bottom)}  # nowhere clear: the feet

    def _hand_card(self, img, card: str, r: pygame.Rect, face_down: float) -> None:
        if face_down <= 0.0:
            self._card(img, card, r)
            return
        squash = abs(1 - 2 * face_down)
        name = card if face_down < 0.5 else "back"
        face = self.assets.card(name, r.size)
        if squash < 0.99:
            face = pygame.transform.scale(face, (max(1, round(r.w * squash)), r.h))
        img.blit(face, face.get_rect(center=r.center))

    def _header(
        self,
        img,
        lay: L.SeatLayout,
        hand: ShownHand,
        shown: Shown,
        seat: int,
        no_cards: bool,
        key: str | None,
        scoring: bool = False,
    ) -> None:
        a = self.assets
        ox, oy = lay.box.x, lay.box.y
        head = lay.header.move(-ox, -oy)
        x = head.x
        badge: pygame.Surface | None  # the target key's pill, then the bot's mark
        if key:  # the key that chooses this seat as the target
            badge = a.pill(key, lay.text, INK, PICK, (255, 255, 255))
            img.blit(badge, badge.get_rect(midleft=(x, head.centery)))
            x += badge.get_width() + lay.text // 3
        digits = "8" * max(2, len(str(shown.totals[seat])))  # the total, drawn at the right
        reserve = a.font(lay.big).size(digits)[0] + lay.text // 2
        right = head.right - reserve
        if shown.dealer == seat:
            chip = a.pill(t("seat.dealer"), max(9, round(lay.text * 0.7)), INK, CREAM)
            img.blit(chip, chip.get_rect(midleft=(x, head.centery)))
            x += chip.get_width() + lay.text // 3
        gap = lay.text // 3
        score = None
        if not no_cards and hand.has_cards() and hand.status != BUSTED and not scoring:
            score = a.pill(f"+{hand.score()}", max(10, round(lay.text * 0.8)), INK, GOLD)
        badge = None
        if shown.bots[seat]:
            badge = a.pill(t("seat.bot"), max(9, round(lay.text * 0.62)), CREAM, (60, 82, 120))
        smallest = max(10, round(lay.text * 0.72))  # a name may step down to this size
        name_w = a.font(smallest).size(shown.players[seat])[0]

        def need() -> int:
            return name_w + sum(b.get_width() + gap for b in (score, badge) if b is not None)

        mods = lay.mods.move(-ox, -oy)  # its left part stays free of modifiers
        below = mods.x
        self._below_x = below
        if need() > right - x and score is not None:  # the running score moves down
            img.blit(score, score.get_rect(midleft=(below, mods.centery)))
            below += score.get_width() + gap
            self._below_x = below
            score = None
        if need() > right - x and badge is not None:  # and then the bot's mark
            self._badge_at = img.blit(badge, badge.get_rect(midleft=(below, mods.centery)))
            self._below_x = below + badge.get_width() + gap
            badge = None
        if score is not None:
            right -= score.get_width()
            img.blit(score, score.get_rect(midleft=(right, head.centery)))
            right -= gap
        free_right = right
        if badge is not None:
            right -= badge.get_width() + lay.text // 4
        name = a.fitted(
            shown.players[seat], lay.text, smallest, CREAM, max(10, right - x), keep=NAME_KEEP
        )
        self._cut = name_w > max(10, right - x)
        self._name_at = img.blit(name, name.get_rect(midleft=(x, head.centery)))
        name_end = x + name.get_width()
        if badge is not None:
            at = (name_end + lay.text // 4, head.centery)
            self._badge_at = img.blit(badge, badge.get_rect(midleft=at))
            name_end += lay.text // 4 + badge.get_width()
        self._header_free = pygame.Rect(name_end + gap, head.y, free_right - name_end - gap, head.h)

    def name_tip(self, surface, lay: L.TableLayout, shown: Shown, seat: int) -> None:
        """The whole name over a seat whose header had to cut it (under the pointer)."""
        if not self.name_cut.get(seat) or seat >= len(lay.seats):
            return
        s = lay.seats[seat]
        tip = self.assets.pill(shown.players[seat], s.text, INK, CREAM, GOLD)
        r = tip.get_rect(midbottom=(s.header.centerx, s.box.y + 2))
        r.clamp_ip(surface.get_rect())
        surface.blit(tip, r)

    def seat_at(self, lay: L.TableLayout, pos: tuple[int, int]) -> int | None:
        for seat, s in enumerate(lay.seats):
            if s.box.collidepoint(pos):
                return seat
        return None
