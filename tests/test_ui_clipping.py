"""No text is ever cut or wider than its box: every screen, every language, two sizes.

The walk is the screenshot gallery's (``tools.screenshot``: the table's telling
moments, every menu, the score sheet, calculator, history, statistics and the
replay viewer), with each picture replaced by a check. Two checks, over every
string drawn rather than a list of known ones:

- every text the table's fonts draw goes through ``Assets.text``/``wrapped``, which
  record each string they had to cut with "…" (``ui.assets.CLIPS``); a cut fails,
  unless the caller accepted it (a name at a crowded table keeping at least 6
  characters);
- every visible pygame_gui button and label: the text's width at its font must
  fit the element's rect inside its border.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
import pytest

from ui import assets as assets_module
from ui.driver import headless

SIZES = [(800, 500), (1920, 1080)]
LANGS = ["en", "fr", "de"]


def widget_overflows(manager) -> list[str]:
    out = []
    for element in manager.get_sprite_group().sprites():
        if not isinstance(element, (pygame_gui.elements.UIButton, pygame_gui.elements.UILabel)):
            continue
        if not element.visible or not getattr(element, "text", "") or element.font is None:
            continue
        text = pygame_gui.core.utility.translate(element.text, **element.text_kwargs)
        border = getattr(element, "border_width", 0)
        if isinstance(border, dict):
            border = max(border.get("left", 0), border.get("right", 0))
        room = element.rect.w - 2 * (border + getattr(element, "shadow_width", 0))
        width = element.font.size(text)[0]
        if width > room:
            out.append(f"{type(element).__name__} {text!r}: {width}px in {room}px")
    return out


class Checker:
    """Stands in for ``tools.screenshot.shot``: checks the frame instead of saving it."""

    def __init__(self) -> None:
        self.faults: list[str] = []
        assets_module.CLIPS = []

    def __call__(self, app, path: Path, dither: bool = False) -> None:
        app.draw()
        where = Path(path).stem
        for whole, shown, keep in assets_module.CLIPS:
            if not keep or len(shown.rstrip("…")) < min(keep, len(whole)):
                self.faults.append(f"{where}: {whole!r} cut to {shown!r}")
        assets_module.CLIPS.clear()
        self.faults += [f"{where}: {fault}" for fault in widget_overflows(app.manager)]


@pytest.fixture
def checker():
    headless()
    check = Checker()
    yield check
    assets_module.CLIPS = None


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_no_text_is_cut_anywhere(lang, size, checker, tmp_path):
    from tools.screenshot import gallery, menus, replays
    from tools.screenshot_sheet import sheets

    gallery(tmp_path, size, lang, shot=checker)
    menus(tmp_path, size, lang, shot=checker)
    sheets(tmp_path, checker, size, lang)
    replays(tmp_path, size, lang, shot=checker)
    faults = sorted(set(checker.faults))
    assert not faults, f"{len(faults)} texts cut at {size} in {lang}:\n" + "\n".join(faults)


def test_the_check_sees_a_cut(checker):
    """The recorder itself: a string too wide for its box is reported, an accepted one not."""
    pygame.font.init()
    a = assets_module.Assets.__new__(assets_module.Assets)
    a._fonts, a._texts, a._cut = {}, assets_module.LRU(10), {}
    a.text("A rather long sentence", 14, max_width=40)
    a.text("A rather long sentence", 14, max_width=40)  # from the cache: still recorded
    a.text("Bartholomew", 14, max_width=60, keep=6)
    assert [c[0] for c in assets_module.CLIPS] == ["A rather long sentence"] * 2 + ["Bartholomew"]
