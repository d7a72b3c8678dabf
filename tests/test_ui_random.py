"""Random input never breaks the table: 5,000 random clicks, keys and resizes.

After every input the game is still legal (every card somewhere, R1.5) and, whenever
the table is settled, the screen shows exactly the game's state. Drawing a whole frame
is most of a pass of the loop, so the window is drawn every ``DRAW_EVERY``-th pass and
after every resize: every state is checked, one pass in four is drawn as well.
"""

import random

import pygame
import pytest

from game.cards import composition
from ui.config import Seat
from ui.driver import click, make_app, press, pump, resize, table_of

KEYS = [
    pygame.K_h,
    pygame.K_s,
    pygame.K_SPACE,
    pygame.K_RETURN,
    pygame.K_1,
    pygame.K_2,
    pygame.K_3,
    pygame.K_4,
    pygame.K_0,
    pygame.K_a,
    pygame.K_ESCAPE,
    pygame.K_PLUS,
    pygame.K_MINUS,
    pygame.K_m,
    pygame.K_x,
]
SIZES = [(1024, 640), (1280, 720), (1100, 700), (1440, 810), (900, 560), (1600, 900)]
SEATS = [
    Seat("Ana", None),
    Seat("Bo", None),
    Seat("Cy", "baseline"),
    Seat("Di", "baseline"),
    Seat("Ed", None),
]


def check(app):
    table = table_of(app)
    if table is None:
        return
    game = table.game
    n = len(game.players)
    assert game.card_counts() == composition(game.rules.deck_count(n))
    assert not game.over or game.pending is None
    if table.presenter.settled:
        assert table.shown.differences(game) == []


DRAW_EVERY = 4


def draw_sometimes(app, monkeypatch):
    """Let ``app.step`` draw only every ``DRAW_EVERY``-th pass; the returned function
    draws the next pass whatever its number (after a resize: a new layout)."""
    draw = app.draw
    passes = [0]
    forced = [False]

    def sometimes() -> None:
        passes[0] += 1
        if forced[0] or passes[0] % DRAW_EVERY == 0:
            forced[0] = False
            draw()

    monkeypatch.setattr(app, "draw", sometimes)
    return lambda: forced.__setitem__(0, True)


@pytest.mark.slow  # 5,000 inputs
def test_five_thousand_random_inputs(monkeypatch):
    rng = random.Random(2024)
    app = make_app(size=(1280, 720), seed=3, speed=6.0, think_time=0.0, lang="en")
    app.start_game(SEATS)
    quits = []
    monkeypatch.setattr(app, "quit", lambda: quits.append(1))
    draw_next = draw_sometimes(app, monkeypatch)
    for i in range(5000):
        w, h = app.size
        roll = rng.random()
        if roll < 0.55:
            table = table_of(app)
            if table is not None and rng.random() < 0.5:  # aim at seats and buttons often
                targets = [s.box.center for s in table.layout.seats]
                targets += [table.layout.hit_button.center, table.layout.stay_button.center]
                pos = rng.choice(targets)
            else:
                pos = (rng.randrange(w), rng.randrange(h))
            click(app, pos, frames=1)
        elif roll < 0.97:
            press(app, rng.choice(KEYS), frames=1)
        elif roll < 0.985:
            draw_next()
            resize(app, rng.choice(SIZES))
        else:
            pump(app, rng.randint(1, 30))
        check(app)
        if table_of(app) is None and i % 50 == 0:
            app.start_game(SEATS)  # back from the menu into a game (baseline bots only)
    assert app.running
    pygame.display.quit()


# ------------------------------------------------------------ Unicode in every text field
EDGE_CASES = [
    "\u200b",
    "\u202e",
    "\u200f",
    "\u200d",
    "\ufeff",
    "\u0301",
    "\ud800",
    "\udfff",
    "\n",
    "\r\n",
    "\x00",
    "\t",
    "\u2028",
    "😀",
    "👨\u200d👩\u200d👧",
    "²",
    "٣",
    "ﷺ",
    "أحمد",
    "A",
    " ",
    "x" * 45,
    "e\u0301",
]


def open_text_screens(app):
    """Every screen with a text field, one after another: (name, opener)."""
    from game.engine import Game
    from ui.screens.files import FilesScene, ReplayFilesScene
    from ui.screens.menu import MenuScene
    from ui.screens.setup import SetupScene
    from ui.storage.sheet_store import SheetStore
    from ui.tabletop.history_screen import HistoryScene
    from ui.tabletop.sheet_setup import SheetSetupScene

    def sheet_setup():
        app.stack.push(HistoryScene(app))
        app.stack.push(SheetSetupScene(app, SheetStore(app.dirs.data / "sheets")))

    def sheet():
        from game.tabletop.sheet import ScoreSheet
        from ui.tabletop.sheet_screen import SheetScene

        app.stack.push(SheetScene(app, ScoreSheet(["Ana", "Ben", "Cy"])))

    return [
        ("setup", lambda: app.stack.push(SetupScene(app))),
        ("sheet_setup", sheet_setup),
        ("sheet", sheet),
        ("load", lambda: app.stack.push(FilesScene(app, "load"))),
        ("replays", lambda: app.stack.push(ReplayFilesScene(app))),
        ("save", lambda: app.stack.push(FilesScene(app, "save", game=Game(["Ana", "Ben"])))),
    ], MenuScene


def test_unicode_edge_cases_typed_into_every_text_field(tmp_path):
    """Zero-width and direction marks, lone surrogates, newlines, NUL, emoji, non-ASCII
    digits, typed first into empty fields and anywhere else: no crash; what a field holds
    always draws; Start and Export still work with what was typed."""
    import pygame_gui

    from game.limits import typeable
    from ui.driver import clear_entry, type_text

    rng = random.Random(11)
    app = make_app(home=str(tmp_path), size=(1280, 720), lang="en", think_time=0.0)
    screens, menu = open_text_screens(app)
    for name, opener in screens:
        app.stack.pop_to(menu)
        opener()
        pump(app, 2)
        scene = app.stack.top
        entries = [
            w for w in scene.widgets.values() if isinstance(w, pygame_gui.elements.UITextEntryLine)
        ]
        assert entries, name
        for _ in range(24):
            entry = rng.choice(entries)
            if not entry.alive():
                entries = [
                    w
                    for w in scene.widgets.values()
                    if isinstance(w, pygame_gui.elements.UITextEntryLine)
                ]
                continue
            app.manager.set_focus_set(entry)
            if rng.random() < 0.5:
                clear_entry(app)  # an empty field first: a zero-width character next
            type_text(app, "".join(rng.choice(EDGE_CASES) for _ in range(rng.randint(1, 3))))
            if rng.random() < 0.2:
                press(
                    app, rng.choice([pygame.K_BACKSPACE, pygame.K_LEFT, pygame.K_RETURN]), frames=1
                )
            assert all(typeable(c) for c in entry.get_text()), (name, entry.get_text())
            app.manager.set_focus_set(None)  # drawn unfocused too (it crashed there)
            pump(app, 1)
            if app.stack.top is not scene:  # Enter started something: back to this screen
                break
        assert app.running
    # what can be typed still makes a game and a sheet that draw and export
    from ui.screens.setup import SetupScene

    app.stack.pop_to(menu)
    app.last_setup = None  # the defaults again (the random typing above left garbage)
    setup = SetupScene(app)
    app.stack.push(setup)
    pump(app, 2)
    for i, text in enumerate(["😀", "أحمد\u200f", "e\u0301"]):
        app.manager.set_focus_set(setup.widgets[f"name:{i}"])
        clear_entry(app)
        type_text(app, text, frames=2)
    assert [s.name for s in setup.setup.seats[:3]] == ["😀", "أحمد", "e"]
    assert setup.setup.problems() == []
    setup.start()
    pump(app, 10)
    assert table_of(app) is not None
    app.stack.pop_to(menu)
    screens[2][1]()  # the score sheet: export what was typed
    pump(app, 2)
    app.stack.top.export("export_png")
    assert any("exported" in n.lower() or "saved" in n.lower() for n in app.notices.texts), (
        app.notices.texts
    )
    pygame.display.quit()
