"""Drawing the side panel (the Flip Three tray, staged cards, effect queue, table log)
and the prompt bar. Reads the display model; changes nothing.

The tray shows R5.4–R5.5 as they happen: who takes three and from whom, the
three slots filling one by one, the staged cards in the order revealed, and
the effect queue, card → target, first in first out.
"""

from __future__ import annotations

import pygame

from . import layout as L
from .assets import CREAM, GOLD, MUTED, Assets
from .display import Shown
from .i18n import card_name, language, t


class PanelView:
    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self._cache: pygame.Surface | None = None
        self._key = None

    def draw(self, surface: pygame.Surface, lay: L.TableLayout, shown: Shown, presenter,
             speed: float) -> None:
        hidden = presenter.hidden
        key = (lay.size, shown.version, presenter.version, hidden, language(), speed)
        if key != self._key:
            self._cache = self._render(lay, shown, presenter, hidden, speed)
            self._key = key
        surface.blit(self._cache, lay.panel.topleft)

    def _render(self, lay: L.TableLayout, shown: Shown, presenter, hidden,
                speed: float) -> pygame.Surface:
        a = self.assets
        panel = lay.panel
        p = L.panel_layout(panel, lay.unit)
        img = pygame.Surface(panel.size, pygame.SRCALPHA)
        ox, oy = panel.topleft

        def at(r: pygame.Rect) -> pygame.Rect:
            return r.move(-ox, -oy)

        def title(text: str, r: pygame.Rect, color=GOLD) -> None:
            s = a.text(text, lay.font(15), color, max_width=r.w)
            img.blit(s, s.get_rect(midleft=at(r).midleft))
            y = at(r).bottom - 2
            pygame.draw.line(img, (*color[:3], 70), (at(r).x, y), (at(r).right, y))

        head = t("top.round", round=max(1, shown.round_no), target=shown.target)
        room = p.header.w
        if speed != 1.0:
            sp = a.text(t("speed", speed=f"{speed:.3g}"), lay.font(12), MUTED)
            img.blit(sp, sp.get_rect(midright=at(p.header).midright))
            room -= sp.get_width() + 6
        s = a.text(head, lay.font(17), CREAM, max_width=room)
        img.blit(s, s.get_rect(midleft=at(p.header).midleft))

        title(t("tray.title"), p.tray_title)
        ft = shown.flip_three
        if ft is not None:
            line = t("tray.dealing", target=presenter.who(ft.target), by=presenter.who(ft.by))
            color = CREAM
        else:
            line, color = t("tray.none"), MUTED
        s = a.wrapped(line, lay.font(13), color, p.tray_line.w, 2)
        img.blit(s, s.get_rect(midleft=at(p.tray_line).midleft))
        for i, slot in enumerate(p.slots):
            r = at(slot)
            img.blit(a.card("slot", r.size), r.topleft)
            num = a.text(str(i + 1), lay.font(20), (255, 255, 255, 90), shadow=False)
            img.blit(num, num.get_rect(center=r.center))
            if ft is not None and i < len(ft.cards):
                img.blit(a.card(ft.cards[i], r.size), r.topleft)

        title(t("tray.staged"), p.staged_title)
        staged = list(shown.staged)
        skip_first = ("staged", 0) in hidden
        if not staged:
            s = a.text(t("tray.empty"), lay.font(14), MUTED)
            img.blit(s, s.get_rect(midleft=at(p.staged).midleft))
        for i, card in enumerate(staged):
            if i == 0 and skip_first:
                continue
            r = at(L.staged_card_rect(p, i, len(staged)))
            img.blit(a.card(card, r.size), r.topleft)
            n = a.pill(str(i + 1), lay.font(11), (20, 20, 20), GOLD)
            img.blit(n, n.get_rect(center=r.topleft))

        title(t("tray.queue"), p.queue_title)
        queue = list(shown.queue)
        if not queue:
            s = a.text(t("tray.empty"), lay.font(14), MUTED)
            img.blit(s, s.get_rect(midleft=at(p.queue_rows[0]).midleft))
        rows = p.queue_rows
        for i, (card, target) in enumerate(queue[:len(rows)]):
            if i == 0 and ("queue", 0) in hidden:
                continue
            cr = at(L.queue_card_rect(p, i))
            img.blit(a.card(card, cr.size), cr.topleft)
            text = f"{i + 1}. {card_name(card)} → {presenter.who(target)}"
            s = a.text(text, lay.font(13), CREAM, max_width=at(rows[i]).right - cr.right - 8)
            img.blit(s, s.get_rect(midleft=(cr.right + 8, cr.centery)))
        if len(queue) > len(rows):
            more = a.text(f"+{len(queue) - len(rows)}", lay.font(12), MUTED)
            img.blit(more, more.get_rect(bottomright=at(rows[-1]).bottomright))

        if p.log.h > lay.font(13):
            title(t("tray.log"), p.log_title, MUTED)
            size = lay.font(12)
            step = round(size * 1.35)
            y = at(p.log).y + 4
            lines = list(presenter.log)[::-1]
            for i, text in enumerate(lines):
                if y + step > at(p.log).bottom:
                    break
                color = CREAM if i == 0 else MUTED
                s = a.wrapped(str(text), size, color, p.log.w, 2)
                if y + s.get_height() > at(p.log).bottom:
                    break
                if i > 3:
                    s = s.copy()
                    s.set_alpha(max(70, 255 - (i - 3) * 30))
                img.blit(s, (at(p.log).x, y))
                y += s.get_height() + step // 4
        return img


def draw_bar(surface: pygame.Surface, assets: Assets, lay: L.TableLayout, prompt: str,
             detail: str, prompt_color=CREAM) -> None:
    """The prompt ("Léa — hit or stay?") and a detail line (keys, hint) in the bottom bar."""
    if prompt:
        s = assets.text(prompt, lay.font(24), prompt_color, max_width=lay.prompt.w)
        surface.blit(s, s.get_rect(midleft=lay.prompt.midleft))
    if detail:
        s = assets.text(detail, lay.font(14), MUTED, max_width=lay.hint.w)
        surface.blit(s, s.get_rect(midleft=lay.hint.midleft))
