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
  fit the element's rect inside its border;
- every tooltip of a visible element is written in the game's font (pygame_gui's own
  lacks the arrows and dashes the tips name keys with), with a glyph for each character.

The walk includes the lesson's every caption (and its gentle refusal) and the replay
bar with the coach's verdict.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pygame_gui
import pytest

from ui import assets as assets_module
from ui.config import Seat
from ui.driver import headless

SIZES = [(800, 500), (1920, 1080)]
LANGS = ["en", "fr", "de"]


def tooltip_faults(manager) -> list[str]:
    """Tooltips that would show a missing-glyph box, or not in the game's font."""
    font = pygame.font.Font(str(assets_module.FONT_PATH), 14)
    theme = manager.get_theme()
    out = []
    probe = pygame_gui.elements.UITooltip("?", (0, 0), manager)  # as pygame_gui makes one
    name = theme.get_font_info(probe.text_block.combined_element_ids)["name"]
    probe.kill()
    for element in list(manager.get_sprite_group().sprites()):
        tip = getattr(element, "tool_tip_text", None)
        if not element.visible or not tip:
            continue
        text = pygame_gui.core.utility.translate(tip, **(element.tool_tip_text_kwargs or {}))
        if name != "dejavu_bold":
            out.append(f"tooltip {text!r} in {name}")
        missing = [c for c, m in zip(text, font.metrics(text), strict=True) if m is None]
        if missing:
            out.append(f"tooltip {text!r}: no glyph for {missing}")
    return out


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
        layout = getattr(getattr(element, "drawable_shape", None), "text_box_layout", None)
        if layout is not None and width > layout.view_rect.w:  # laid out for another size
            out.append(
                f"{type(element).__name__} {text!r}: {width}px laid out in {layout.view_rect.w}px"
            )
    return out


class Checker:
    """Stands in for ``tools.screenshot.shot``: checks the frame instead of saving it."""

    def __init__(self) -> None:
        self.faults: list[str] = []
        self.strict = False  # True: a cut the caller accepts (a name at 18 seats) fails too
        assets_module.CLIPS = []

    def __call__(self, app, path: Path, dither: bool = False) -> None:
        app.draw()
        where = Path(path).stem
        for whole, shown, keep in assets_module.CLIPS:
            if self.strict or not keep or len(shown.rstrip("…")) < min(keep, len(whole)):
                self.faults.append(f"{where}: {whole!r} cut to {shown!r}")
        assets_module.CLIPS.clear()
        self.faults += [f"{where}: {fault}" for fault in widget_overflows(app.manager)]
        self.faults += [f"{where}: {fault}" for fault in tooltip_faults(app.manager)]


@pytest.fixture
def checker():
    headless()
    check = Checker()
    yield check
    assets_module.CLIPS = None


@pytest.mark.slow  # the whole gallery, three languages, two sizes
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_no_text_is_cut_anywhere(lang, size, checker, tmp_path, monkeypatch):
    import tempfile

    from tools.screenshot import gallery, lesson, live_table, menus, replays
    from tools.screenshot_sheet import sheets

    # the tour's own folders (tools.screenshot: fixed names under the temp folder) in
    # a short folder of this test's own: another worker's tour (pytest -n 4) must not
    # remove them, and the paths the screens show stay about as long as in the gallery
    own = tempfile.mkdtemp(prefix="f7-")
    monkeypatch.setattr(tempfile, "tempdir", own)

    gallery(tmp_path, size, lang, shot=checker)
    menus(tmp_path, size, lang, shot=checker)
    sheets(tmp_path, checker, size, lang)
    replays(tmp_path, size, lang, shot=checker)
    lesson(tmp_path, size, lang, shot=checker)
    live_table(tmp_path, size, lang, shot=checker)  # big type too
    if size == SIZES[0]:  # Play online's screens, where room is least
        from tools.screenshot_online import online

        online(tmp_path, checker, size, lang)
    shutil.rmtree(own, ignore_errors=True)
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


NAMES_12 = [
    "Bartholomäus",
    "Maximilienne",
    "Anne-Charlot",
    "Christophine",
    "Wilhelmine W",
    "Jean-Baptist",
    "Marie-Claire",
    "Guillaumette",
]


@pytest.mark.parametrize("seats", [4, 8])
def test_names_of_twelve_characters_show_whole_up_to_eight_seats(seats, checker):
    """Up to 8 seats at 1280×720, every name up to 12 characters shows whole: with the
    dealer's badge, the bot badge, the round score and a target key beside it."""
    from game.state import Action
    from ui.driver import make_app, settle

    checker.strict = True
    app = make_app(size=(1280, 720), seed=3, think_time=0.0, lang="fr")
    players = [Seat(name, "baseline" if i % 2 else None) for i, name in enumerate(NAMES_12[:seats])]
    deck = [str(n) for n in range(12, 12 - seats, -1)] + ["freeze", "+4", "x2", "+10"]
    table = app.start_game(players, deck=deck, dealer=seats - 1)
    table.driver.autoplay = False
    settle(app)
    checker(app, Path("start"))
    table.driver.act(Action.hit(0))
    settle(app)
    d = table.game.pending
    assert d.kind != "hit_or_stay"  # the Freeze waits for its target: key badges shown
    checker(app, Path("target-choice"))
    table.driver.act(Action.choose(d.seat, d.options[-1]))
    settle(app)
    checker(app, Path("after"))
    assert not checker.faults, "\n".join(checker.faults)


def test_a_crowded_table_keeps_six_characters_and_shows_the_whole_name_on_hover(checker):
    from ui.driver import make_app, settle

    app = make_app(size=(1280, 720), seed=3, think_time=0.0, lang="en")
    players = [
        Seat(
            f"{NAMES_12[i % 8]} {NAMES_12[(i + 3) % 8]}"[:22] + f"{i:02d}",
            "baseline" if i % 3 else None,
        )
        for i in range(18)
    ]
    table = app.start_game(players, dealer=17)
    table.driver.autoplay = False
    settle(app)
    checker(app, Path("eighteen"))  # a cut keeping fewer than 6 characters is a fault
    assert not checker.faults, "\n".join(checker.faults)
    cut = [s for s, c in table.table_view.name_cut.items() if c]
    assert cut, "the test wants names long enough to be cut at 18 seats"
    seat = cut[0]
    box = table.layout.seats[seat].box
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=box.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    app.step(dt=1 / 30)
    assert table.pointer == seat
    assets_module.CLIPS.clear()
    app.draw()
    assert not assets_module.CLIPS or all(
        c[0] != players[seat].name or c[2] for c in assets_module.CLIPS
    )
    tip = app.assets.pill(
        players[seat].name,
        table.layout.seats[seat].text,
        (16, 24, 20),
        (246, 241, 226),
        (247, 199, 70),
    )
    assert tip.get_width() > 0
