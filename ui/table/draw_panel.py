"""Drawing the side panel (the Flip Three tray, staged cards, effect queue, table log)
and the prompt bar. Reads the display model; changes nothing.

The tray shows R5.4–R5.5 as they happen: who takes three and from whom, the
three slots filling one by one, the staged cards in the order revealed, and
the effect queue, card → target, first in first out.
"""

from __future__ import annotations

import re

import pygame

from ui.assets import CREAM, GOLD, MUTED, Assets
from ui.i18n import card_name, language, number, t, tn
from ui.table import layout as L
from ui.table.display import Shown


class PanelView:
    """The side panel, kept as one image in two parts drawn again only when they change:
    the tray, the staged cards and the effect queue above, the table log below (which
    changes with every caption)."""

    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self._img: pygame.Surface | None = None  # the see-through panel
        self._flat: pygame.Surface | None = None  # the same over the cloth, opaque
        self._keys: tuple[object, object] = (None, None)  # what each part shows
        self._last: object = None  # what the panel was drawn from last (most frames: the same)

    def draw(
        self,
        surface: pygame.Surface,
        lay: L.TableLayout,
        shown: Shown,
        presenter,
        speed: float,
        scroll: int = 0,
        cloth: pygame.Surface | None = None,
    ) -> None:
        """``scroll``: how many of the newest log lines are scrolled past (0: the newest
        on top); ``cloth``: the table's background under the panel, which the panel's
        image is made opaque over (several times faster to put on screen each frame)."""
        panel, hidden = lay.panel, presenter.hidden
        last = (
            lay.size,
            shown.version,
            presenter.version,
            hidden,
            language(),
            speed,
            scroll,
            cloth,
        )
        shows = self._flat if cloth is not None else self._img
        if last == self._last and shows is not None:
            surface.blit(shows, panel.topleft)
            return
        self._last = last
        p = L.panel_layout(panel, lay.unit)
        # the log grows over the queue's empty rows: where it starts splits the two parts
        used = L.queue_area(p, len(shown.queue))
        log_title = p.log_title.move(0, used.bottom - p.queue_rows[-1].bottom)
        split = log_title.top - panel.top
        ft = shown.flip_three
        common = (lay.size, language(), split, cloth)  # the very cloth (an id may be reused)
        top = (
            *common,
            shown.round_shown,
            shown.heading,
            shown.target,
            speed,
            (ft.target, ft.by, tuple(ft.cards)) if ft is not None else None,
            tuple(shown.staged),
            tuple(shown.queue),
            hidden,
            shown.players,
            presenter.you,
        )
        log = (*common, presenter.version, scroll)
        img, flat = self._img, self._flat
        if img is None or img.get_size() != panel.size:
            img = self._img = pygame.Surface(panel.size, pygame.SRCALPHA)
            self._keys = (None, None)
        if cloth is not None and (flat is None or flat.get_size() != panel.size):
            # made again in the same surfaces: a new one of the panel's size costs more
            # than its drawing (the system hands out fresh memory slowly)
            flat = self._flat = pygame.Surface(panel.size, 0, cloth)
            self._keys = (None, None)
        c = _Canvas(img, panel.topleft, self.assets, lay)
        parts = (
            (pygame.Rect(0, 0, panel.w, split), top, lambda: _top(c, p, shown, presenter, speed)),
            (
                pygame.Rect(0, split, panel.w, panel.h - split),
                log,
                lambda: _log(c, p, log_title, presenter, scroll),
            ),
        )
        for i, (area, key, draw) in enumerate(parts):
            if key == self._keys[i]:
                continue
            img.fill((0, 0, 0, 0), area)
            img.set_clip(area)
            draw()
            img.set_clip(None)
            if cloth is not None and flat is not None:
                flat.blit(cloth, area.topleft, area=area.move(panel.topleft))
                flat.blit(img, area.topleft, area=area)
        self._keys = (top, log)
        surface.blit(flat if cloth is not None and flat is not None else img, panel.topleft)


def _top(c: _Canvas, p, shown: Shown, presenter, speed: float) -> None:
    """The round, the target, the speed; the tray, the staged cards, the queue: they
    always show (R5.4–R5.5 have their place at the table)."""
    a, lay = c.assets, c.lay
    head = c.at(p.header)
    s = a.text(
        t("top.round_no", round=max(1, shown.round_shown)),
        lay.font(17),
        CREAM,
        max_width=head.w,
    )
    c.img.blit(s, head.topleft)
    under = t("top.target", target=shown.target) if shown.heading is None else str(shown.heading)
    if speed != 1.0:
        under += "  ·  " + t("speed", speed=number(speed, 2, trim=True))
    s = a.text(under, lay.font(12), MUTED, max_width=head.w)
    c.img.blit(s, s.get_rect(bottomleft=head.bottomleft))
    _draw_flip_three(c, p, shown, presenter)
    _draw_staged(c, p, shown, presenter.hidden)
    _draw_queue(c, p, shown, presenter, presenter.hidden)


def _log(c: _Canvas, p, log_title: pygame.Rect, presenter, scroll: int) -> None:
    """The table log's title and lines, below the queue's rows in use."""
    log = pygame.Rect(log_title.x, log_title.bottom, log_title.w, p.log.bottom - log_title.bottom)
    if log.h > c.lay.font(13):
        _draw_log(c, log, log_title, presenter, scroll)


class _Canvas:
    """The panel's image, drawn in the window's coordinates (``at`` moves a rect in)."""

    def __init__(
        self, img: pygame.Surface, origin: tuple[int, int], assets: Assets, lay: L.TableLayout
    ) -> None:
        self.img, self.origin, self.assets, self.lay = img, origin, assets, lay

    def at(self, r: pygame.Rect) -> pygame.Rect:
        return r.move(-self.origin[0], -self.origin[1])

    def title(self, text: str, r: pygame.Rect, color=GOLD) -> None:
        s = self.assets.fitted(text, self.lay.font(15), self.lay.font(12), color, r.w)
        self.img.blit(s, s.get_rect(midleft=self.at(r).midleft))
        y = self.at(r).bottom - 2
        pygame.draw.line(self.img, (*color[:3], 70), (self.at(r).x, y), (self.at(r).right, y))


def _draw_flip_three(c: _Canvas, p, shown: Shown, presenter) -> None:
    """Who takes three and from whom, the three slots filling one by one."""
    a, lay, img, at = c.assets, c.lay, c.img, c.at
    c.title(t("tray.title"), p.tray_title)
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


def _draw_staged(c: _Canvas, p, shown: Shown, hidden) -> None:
    """The staged cards in the order revealed."""
    a, lay, img, at = c.assets, c.lay, c.img, c.at
    c.title(t("tray.staged"), p.staged_title)
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


def _draw_queue(c: _Canvas, p, shown: Shown, presenter, hidden) -> None:
    """The effect queue, card → target, first in first out."""
    a, lay, img, at = c.assets, c.lay, c.img, c.at
    c.title(t("tray.queue"), p.queue_title)
    queue = list(shown.queue)
    if not queue:
        s = a.text(t("tray.empty"), lay.font(14), MUTED)
        img.blit(s, s.get_rect(midleft=at(p.queue_rows[0]).midleft))
    rows = p.queue_rows
    for i, (card, target) in enumerate(queue[: len(rows)]):
        if i == 0 and ("queue", 0) in hidden:
            continue
        cr = at(L.queue_card_rect(p, i))
        img.blit(a.card(card, cr.size), cr.topleft)
        text = f"{i + 1}. {card_name(card)} → {presenter.who(target)}"
        room = at(rows[i]).right - cr.right - 8
        s = a.fitted(text, lay.font(13), lay.font(11), CREAM, room)
        img.blit(s, s.get_rect(midleft=(cr.right + 8, cr.centery)))
    if len(queue) > len(rows):
        more = a.text(f"+{len(queue) - len(rows)}", lay.font(12), MUTED)
        img.blit(more, more.get_rect(bottomright=at(rows[-1]).bottomright))


def _draw_log(c: _Canvas, log: pygame.Rect, log_title: pygame.Rect, presenter, scroll: int) -> None:
    """The table log, newest on top, ``scroll`` lines scrolled past."""
    a, lay, img, at = c.assets, c.lay, c.img, c.at
    lines = list(presenter.log)[::-1]
    scroll = max(0, min(scroll, len(lines) - 1))
    head = t("tray.log")
    if scroll:
        head += "  " + tn("tray.log_scrolled", scroll, count=scroll)
    c.title(head, log_title, MUTED)
    size = lay.font(12)
    step = round(size * 1.35)
    y = at(log).y + 4
    for i, text in enumerate(lines[scroll:]):
        if y + step > at(log).bottom:
            break
        color = CREAM if i + scroll == 0 else MUTED
        s = a.wrapped(str(text), size, color, log.w, 4)
        if y + s.get_height() > at(log).bottom:
            break
        img.blit(s, (at(log).x, y))
        y += s.get_height() + step // 4


def draw_bar(
    surface: pygame.Surface,
    assets: Assets,
    lay: L.TableLayout,
    prompt: str,
    detail: str,
    prompt_color=CREAM,
) -> None:
    """The prompt ("Léa — hit or stay?") and a detail line (keys, hint) in the bottom bar."""
    if prompt:
        s = assets.fitted(prompt, lay.font(24), lay.font(17), prompt_color, lay.prompt.w)
        surface.blit(s, s.get_rect(midleft=lay.prompt.midleft))
    if detail:
        draw_detail(surface, assets, lay, lay.hint, detail)


def first_fitting(assets: Assets, lay: L.TableLayout, *lines: str) -> str:
    """The first of ``lines`` that :func:`draw_bar` shows whole as its prompt (at its
    smallest type), else the last: a long line, then shorter words for a small window."""
    font = assets.font(lay.font(17))
    return next((line for line in lines if font.size(line)[0] <= lay.prompt.w), lines[-1])


def draw_head_bar(
    surface: pygame.Surface,
    assets: Assets,
    lay: L.TableLayout,
    head: str,
    line: str,
    details: tuple[str, ...],
) -> None:
    """A gold ``head`` ("Decision 3 / 40") with ``line`` beside it, and below it the first of
    ``details`` that fits, else the last; a ``line`` with no room beside the head goes first
    below it, before the second detail (the first names the file), then the shorter ones."""
    s = assets.fitted(head, lay.font(21), lay.font(16), GOLD, lay.prompt.w)
    r = surface.blit(s, s.get_rect(midleft=lay.prompt.midleft))
    room = lay.prompt.right - r.right - lay.font(12)
    small = assets.font(lay.font(14))
    last = details[-1] if details else ""
    if line and small.size(line)[0] <= room:
        s = assets.fitted(line, lay.font(18), lay.font(14), CREAM, room)
        surface.blit(s, s.get_rect(bottomleft=(r.right + lay.font(12), r.bottom - 2)))
    elif line:
        shorter = details[1:] or (last,)
        details = (f"{line}  ·  {shorter[0]}", *shorter)
    detail = next((d for d in details if detail_fits(assets, lay, lay.hint.w, d)), last)
    if detail:
        draw_detail(surface, assets, lay, lay.hint, detail)


def detail_lines(font: pygame.font.Font, width: int, detail: str) -> list[str] | None:
    """``detail`` on one line, or on two broken at one of its separators (a wide
    ``"   ·   "`` first, then a ``" · "``, then after a colon) so that both fit ``width``;
    None if none does.

    >>> class Font:  # ten pixels a character
    ...     def size(self, text): return (10 * len(text), 10)
    >>> detail_lines(Font(), 200, "Bust 12% · gain +1.5   ·   H: hit · S: stay")
    ['Bust 12% · gain +1.5', 'H: hit · S: stay']
    >>> detail_lines(Font(), 100, "Bust 12% · gain +1.5")
    ['Bust 12%', 'gain +1.5']
    >>> detail_lines(Font(), 50, "Bust 12% · gain +1.5") is None
    True
    """
    if font.size(detail)[0] <= width:
        return [detail]
    for pattern in (r" {2,}· {2,}", r" · ", r"[ \u00a0]?: "):
        for m in re.finditer(pattern, detail):
            lines = [detail[: m.start()], detail[m.end() :]]
            if all(font.size(line)[0] <= width for line in lines):
                return lines
    return None


def detail_fits(assets: Assets, lay: L.TableLayout, width: int, detail: str) -> bool:
    """Whether :func:`draw_detail` shows ``detail`` whole in ``width`` (:func:`detail_lines`)."""
    return detail_lines(assets.font(lay.font(14)), width, detail) is not None


def draw_detail(
    surface: pygame.Surface, assets: Assets, lay: L.TableLayout, rect: pygame.Rect, detail: str
) -> None:
    """The bar's second line (the hint, the keys); when too long, two lines, broken between
    its parts when it can (:func:`detail_lines`)."""
    size = lay.font(14)
    font = assets.font(size)
    lines = detail_lines(font, rect.w, detail)
    if lines is None:
        s = assets.wrapped(detail, size, MUTED, rect.w, 2)
        surface.blit(s, rect.topleft)
    elif len(lines) == 1:
        s = assets.text(detail, size, MUTED)
        surface.blit(s, s.get_rect(midleft=rect.midleft))
    else:
        for i, line in enumerate(lines):
            surface.blit(assets.text(line, size, MUTED), (rect.x, rect.y + i * font.get_linesize()))
