"""The pygame_gui theme: ``assets/theme.json``, with font paths made absolute.

pygame_gui resolves a theme's font paths against the working directory, so the
app loads the JSON itself, points every ``*_path`` at the shipped font files,
scales the font sizes (and corner radii, list rows) to the window, and hands the
manager a dict.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import i18n  # type: ignore[import-untyped]  # python-i18n, pygame_gui's translations
import pygame
import pygame_gui
from pygame_gui.core import BlockingThreadedResourceLoader, UIAppearanceTheme
from pygame_gui.core.drawable_shapes.drawable_shape import DrawableShape

from ui.artcache import ASSETS, THEME_PATH

_PATH_KEYS = ("regular_path", "bold_path", "italic_path", "bold_italic_path")


def window_scale(size: tuple[int, int]) -> float:
    """How big the window is against the 1280 × 720 it was designed at (the smaller ratio)."""
    return min(size[0] / 1280, size[1] / 720)


def unit_for(size: tuple[int, int]) -> float:
    """The unit of every layout: the window scale, never below one half."""
    return max(0.5, window_scale(size))


def load_theme(scale: float = 1.0, path: Path = THEME_PATH) -> dict:
    """The theme dict with absolute font paths and font sizes × ``scale``."""
    with open(path, encoding="utf-8") as fh:
        theme = json.load(fh)
    return _resolve(theme, scale)


_SCALED_MISC = ("shape_corner_radius", "list_item_height", "title_bar_height")


def _resolve(theme: dict, scale: float) -> dict:
    theme = copy.deepcopy(theme)
    for block in theme.values():
        misc = block.get("misc") if isinstance(block, dict) else None
        if isinstance(misc, dict):  # sizes that must shrink with the buttons
            for key in _SCALED_MISC:
                if key in misc:
                    misc[key] = str(max(2, round(int(misc[key]) * scale)))
        font = block.get("font") if isinstance(block, dict) else None
        if not isinstance(font, dict):
            continue
        for key in _PATH_KEYS:
            if key in font:
                font[key] = str(font_file(font[key]))
        if "size" in font:
            font["size"] = str(max(9, round(int(font["size"]) * scale)))
    return theme


def font_file(path: str) -> Path:
    """A theme's font path (``assets/fonts/…``, as from the checkout) made absolute, in
    the assets folder of the checkout or of an installed copy."""
    parts = Path(path).parts
    return ASSETS.joinpath(*(parts[1:] if parts[:1] == ("assets",) else parts)).resolve()


def font_scale(unit: float) -> float:
    """Theme font scale for a layout unit, in steps of 1/4 (a rebuild only on real changes)."""
    return max(0.75, round(unit * 4) / 4)


class _Manager(pygame_gui.UIManager):
    """A UI manager over a theme already parsed, its fonts already loaded (``make_manager``)."""

    def __init__(
        self,
        size: tuple[int, int],
        theme: UIAppearanceTheme,
        loader: BlockingThreadedResourceLoader,
        lang: str,
    ) -> None:
        self._parsed = theme
        super().__init__(
            size,
            None,
            enable_live_theme_updates=False,
            resource_loader=loader,
            starting_language=lang,
        )

    def create_new_theme(self, theme_path=None) -> UIAppearanceTheme:
        return self._parsed


#: (font scale, language) -> the parsed theme and the loader that loaded its fonts
_THEMES: dict[tuple[float, str], tuple[UIAppearanceTheme, BlockingThreadedResourceLoader]] = {}


def _theme(scale: float, lang: str) -> tuple[UIAppearanceTheme, BlockingThreadedResourceLoader]:
    """The theme at ``scale`` in ``lang``, parsed once a process (until ``pygame.quit``, which
    frees its fonts), its locale set again (a manager's ``set_locale`` changes it)."""
    found = _THEMES.get((scale, lang))
    if found is None:
        loader = BlockingThreadedResourceLoader()
        theme = UIAppearanceTheme(loader, lang)
        theme.load_theme(load_theme(scale))
        loader.start()
        loader.update()  # blocking: returns when every font is loaded
        if not _THEMES:
            pygame.register_quit(_THEMES.clear)  # called once, then forgotten by pygame
        found = _THEMES[(scale, lang)] = (theme, loader)
    theme = found[0]
    theme.set_locale(lang)
    theme.get_font_dictionary().set_locale(lang)
    return found


#: pygame_gui's own way: every look of a shape drawn ahead, one a frame after the first
DRAW_EVERY_LOOK = DrawableShape.redraw_all_states


def draw_shown_look(shape: DrawableShape, force_full_redraw: bool = False) -> None:
    """What a widget's shape does when it is built or changes size, text or theme: draw the
    look it shows (and its normal one), and let every other look (hovered, pressed,
    selected, disabled) be drawn again when the widget first takes it.

    pygame_gui draws all of a button's looks ahead, the rest spread over the next frames,
    and draws a look that is not ready when the widget takes it
    (``DrawableShape.set_active_state``) — the way it already treats ``disabled``. A
    window builds many buttons on every screen and every resize, and most are never
    hovered or pressed. A look drawn before a change is marked as not drawn, so it is
    drawn again, for the new size and text, the next time it is shown."""
    for look in shape.states.values():
        look.generated = False
    shape.states_to_redraw_queue.clear()
    shape.redraw_state(shape.active_state.state_id)
    if shape.active_state.state_id != "normal":  # a look not drawn falls back on it
        shape.redraw_state("normal")


def make_manager(size: tuple[int, int], scale: float, lang: str = "en") -> pygame_gui.UIManager:
    """The UI manager; ``lang`` translates pygame_gui's own words (the file dialog's).

    Its theme is parsed and its fonts loaded once a process for each scale and language,
    then shared by every manager made after (a window's start, a font-scale change on
    resize, a test's window): the theme holds data read from ``assets/theme.json``, the
    fonts and the shapes drawn so far, nothing of one manager's widgets.

    Every manager adds pygame_gui's translations folder to python-i18n's one search
    path, and a text with a dot that is no translation key (most of ours) lists every
    folder of that path: kept to one entry a folder, however many managers a process
    makes (a font-scale change on resize makes one, a test process hundreds).

    Widgets draw the look they show and others when first shown
    (:func:`draw_shown_look`)."""
    DrawableShape.redraw_all_states = draw_shown_look  # type: ignore[method-assign, assignment]
    manager = _Manager(size, *_theme(scale, lang), lang)
    i18n.load_path[:] = list(dict.fromkeys(i18n.load_path))
    return manager


def text_room(button) -> int:
    """The width a button's text may take: its rect inside the border and shadow."""
    border = getattr(button, "border_width", 0)
    if isinstance(border, dict):
        border = max(border.get("left", 0), border.get("right", 0))
    return button.rect.w - 2 * (border + getattr(button, "shadow_width", 0))


def text_width(button) -> int:
    if button.font is None or not button.text:
        return 0
    return button.font.size(pygame_gui.core.utility.translate(button.text))[0]


ROW_WIDGETS = (pygame_gui.elements.UIButton, pygame_gui.elements.UITextEntryLine)


def widen_buttons(buttons, screen_w: int, pad: int = 8) -> None:
    """Make every button at least as wide as its text (and ``pad`` either side), keeping
    each row of buttons centred where it was and its gaps (a text field in the row moves
    with it, its width kept); a row that would leave the screen is kept inside. The text
    is never cut and never shrunk."""
    rows: dict[int, list] = {}
    for b in buttons:
        if isinstance(b, ROW_WIDGETS) and b.ui_container is not None:
            rows.setdefault(b.rect.y, []).append(b)
    for row in rows.values():
        need = {
            b: text_width(b) + 2 * pad - text_room(b)
            if isinstance(b, pygame_gui.elements.UIButton)
            else 0
            for b in row
        }
        if all(n <= 0 for n in need.values()):
            continue
        row.sort(key=lambda b: b.rect.x)
        gaps = [max(4, nb.rect.x - b.rect.right) for b, nb in zip(row, row[1:], strict=False)]
        widths = [b.rect.w + max(0, need[b]) for b in row]
        if len(row) > 1 and all(b.rect.w == row[0].rect.w for b in row):
            widths = [max(widths)] * len(row)  # a row of equal buttons stays equal
        total = sum(widths) + sum(gaps)
        center = (row[0].rect.x + row[-1].rect.right) // 2
        x = max(0, min(center - total // 2, screen_w - total))
        for i, b in enumerate(row):
            offset = b.rect.x - b.relative_rect.x  # a button inside a container
            b.set_dimensions((widths[i], b.rect.h))
            b.set_relative_position((x - offset, b.relative_rect.y))
            b.rebuild()  # lay the text out again in the new width
            if getattr(b, "is_selected", False):  # pygame_gui's rebuild shows it unselected
                b.select()
            x += widths[i] + (gaps[i] if i < len(gaps) else 0)


def tooltip_due(manager: pygame_gui.UIManager) -> float | None:
    """Seconds until pygame_gui shows the tooltip of the widget under a resting pointer
    (None: none is coming). Its hover clock only runs in ``manager.update``, so an idle
    loop must wake for it, or a tooltip waits for the next mouse move."""
    for element in manager.get_sprite_group().sprites():
        if (
            getattr(element, "hovered", False)
            and element.visible
            and getattr(element, "tool_tip_text", None)
            and getattr(element, "tool_tip", None) is None
        ):
            delay = float(getattr(element, "tool_tip_delay", 0.0))
            return max(0.0, delay - float(getattr(element, "hover_time", 0.0)))
    return None


#: the widgets a tooltip must leave in sight
_OBSTACLES = (
    pygame_gui.elements.UIButton,
    pygame_gui.elements.UITextEntryLine,
    pygame_gui.elements.UIHorizontalSlider,
    pygame_gui.elements.UIDropDownMenu,
)


def clear_tooltips(manager: pygame_gui.UIManager) -> None:
    """Move each tooltip that has just appeared off every button and field (its own
    widget's too), to the nearest place in the window that covers none; pygame_gui puts
    it under the pointer, or above the widget at the bottom of the window, whatever
    lies there. Called after ``manager.update``, before anything is drawn."""
    sprites = manager.get_sprite_group().sprites()
    tips = []
    for element in sprites:
        tip = getattr(element, "tool_tip", None)
        if tip is not None and not getattr(tip, "flip7_placed", False):
            tips.append((element, tip))
    if not tips:
        return
    window = pygame.Rect((0, 0), manager.window_resolution)
    obstacles = [
        pygame.Rect(e.rect)
        for e in sprites
        if isinstance(e, _OBSTACLES) and e.visible and e.alive() and window.colliderect(e.rect)
    ]
    for element, tip in tips:
        tip.flip7_placed = True
        spot = clear_spot(pygame.Rect(tip.rect), pygame.Rect(element.rect), obstacles, window)
        if spot is not None and spot != tip.rect.topleft:
            tip.set_position(spot)


def clear_spot(
    tip: pygame.Rect, anchor: pygame.Rect, obstacles: list[pygame.Rect], window: pygame.Rect
) -> tuple[int, int] | None:
    """Where ``tip`` (its top-left) covers none of ``obstacles`` inside ``window``, nearest
    its place now: just above or below its ``anchor`` or an obstacle, at any x. None: no
    such place (it stays).

    >>> W = pygame.Rect(0, 0, 400, 300)
    >>> button, other = pygame.Rect(100, 250, 80, 40), pygame.Rect(60, 200, 200, 40)
    >>> clear_spot(pygame.Rect(100, 190, 120, 50), button, [button, other], W)
    (100, 146)
    >>> clear_spot(pygame.Rect(100, 10, 120, 50), button, [button], W)
    (100, 10)
    """
    if tip.collidelist(obstacles) < 0 and window.contains(tip):
        return tip.topleft
    gap = 4
    ys = {anchor.top - gap - tip.h, anchor.bottom + gap}
    for r in obstacles:
        ys.update((r.top - gap - tip.h, r.bottom + gap))
    xs = set(range(window.x, window.right - tip.w + 1, 8))
    xs.update((tip.x, anchor.x, anchor.right - tip.w, window.right - tip.w))
    best: tuple[float, tuple[int, int]] | None = None
    for y in ys:
        if y < window.y or y + tip.h > window.bottom:
            continue
        for x in xs:
            if x < window.x or x + tip.w > window.right:
                continue
            far = (x - tip.x) ** 2 + (y - tip.y) ** 2
            if (best is None or far < best[0]) and tip.move_to(topleft=(x, y)).collidelist(
                obstacles
            ) < 0:
                best = (far, (x, y))
    return None if best is None else best[1]
