"""Every screen around the table, reached and used through posted clicks and keys:
the main menu, rules, settings, pause, save as / load (with the file browser), at
three window sizes and in three languages."""

import pygame
import pygame_gui
import pytest

from tests.tiers import tour
from ui import i18n
from ui.config import Seat
from ui.driver import button_center, click, make_app, press, pump, resize, table_of
from ui.screens.files import FilesScene
from ui.screens.menu import KEYS, MenuScene
from ui.screens.rules_screen import PAGES, RulesScene
from ui.screens.settings_screen import SettingsScene
from ui.screens.setup import SetupScene
from ui.storage.marks import OFFERED
from ui.table.pause import PauseScene
from ui.table.table import TableScene


@pytest.mark.parametrize(
    "lang,size", [("en", (1280, 720)), ("fr", (1024, 640)), ("de", (1920, 1080))]
)
def test_each_menu_button_leads_to_its_screen_and_back(lang, size):
    app = make_app(lang=lang, size=size, seed=1)
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and "continue" not in menu.buttons
    for name, kind in (
        ("new", SetupScene),
        ("load", FilesScene),
        ("rules", RulesScene),
        ("settings", SettingsScene),
    ):
        click(app, button_center(app.stack.top, name))
        assert isinstance(app.stack.top, kind), name
        app.draw()
        press(app, pygame.K_ESCAPE)
        assert app.stack.top is menu, name
    click(app, button_center(menu, "demo"))
    table = app.stack.top
    assert isinstance(table, TableScene) and table.demo
    pump(app, 20)
    assert not app.dirs.autosave.exists()  # the demo never takes the autosave
    press(app, pygame.K_ESCAPE)
    click(app, button_center(app.stack.top, "quit"))
    assert app.stack.top is menu
    quit_at = button_center(menu, "quit")
    click(app, quit_at)
    assert not app.running


def test_a_menu_covered_as_it_opens_makes_its_buttons_only_when_shown_again(monkeypatch):
    """A table the command line opens covers the menu at once: the menu makes no button
    behind it; back on the menu, it makes them at its first pass, every one."""
    built = []
    real = MenuScene.build
    monkeypatch.setattr(MenuScene, "build", lambda self, u: built.append(u) or real(self, u))
    app = make_app(lang="en", seed=1, players=[Seat("Ana", None), Seat("Bo", "baseline")])
    menu = app.stack.scenes[0]
    assert isinstance(menu, MenuScene) and isinstance(app.stack.top, TableScene)
    pump(app, 2)
    assert built == []
    app.stack.pop()
    pump(app, 1)
    assert app.stack.top is menu and len(built) == 1
    assert {"new", "demo", "quit"} <= set(menu.buttons)
    assert all(b.alive() for b in menu.buttons.values())


def test_menu_keys(tmp_path):
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / OFFERED).write_text("1\n")  # not the first start: no lesson offered
    app = make_app(lang="en", seed=1, home=str(tmp_path))
    for key, kind in (
        (pygame.K_n, SetupScene),
        (pygame.K_l, FilesScene),
        (pygame.K_r, RulesScene),
        (pygame.K_s, SettingsScene),
    ):
        press(app, key)
        assert isinstance(app.stack.top, kind)
        press(app, pygame.K_ESCAPE)
    press(app, pygame.K_c)  # no unfinished game: nothing happens
    assert isinstance(app.stack.top, MenuScene)
    press(app, pygame.K_RETURN)  # the first button: New game
    assert isinstance(app.stack.top, SetupScene)
    press(app, pygame.K_RETURN)  # Start
    assert isinstance(app.stack.top, TableScene)
    app.to_menu()
    assert list(app.stack.top.buttons)[0] == "continue"
    press(app, pygame.K_c)
    assert isinstance(app.stack.top, TableScene)
    app.to_menu()
    press(app, pygame.K_q)
    assert not app.running


@pytest.mark.parametrize("lang", tour("de", "en", "fr"))
def test_each_menu_button_shows_the_key_that_presses_it(lang):
    """The key hint is readable in every language (the letter is on its button)."""
    app = make_app(lang=lang, seed=1)
    menu = app.stack.top
    keys = {name: key for key, name in KEYS.items() if key != pygame.K_ESCAPE}
    for name, button in menu.buttons.items():
        letter = button.text.rsplit("(", 1)[1].rstrip(")")
        assert button.text.startswith(i18n.t(dict(menu.choices())[name])), button.text
        assert pygame.key.key_code(letter.lower()) == keys[name], (name, letter)
        press(app, keys[name])
        if name == "quit":
            assert not app.running
            break
        assert app.stack.top is not menu, name
        app.to_menu()
        menu = app.stack.top


def test_the_rules_pages_by_click_and_by_key():
    app = make_app(lang="fr", seed=1)
    click(app, button_center(app.stack.top, "rules"))
    rules = app.stack.top
    assert rules.widgets["page:basics"].text == "Le jeu"
    for page in PAGES:
        click(app, button_center(rules, f"page:{page}"))
        assert rules.page == page
        app.draw()
    press(app, pygame.K_RIGHT)
    assert rules.page == "basics"
    press(app, pygame.K_3)
    assert rules.page == "tricky"
    press(app, pygame.K_LEFT)
    assert rules.page == "actions"
    click(app, button_center(rules, "back"))
    assert isinstance(app.stack.top, MenuScene)


def test_pause_stops_the_game_and_offers_everything():
    app = make_app(lang="en", seed=2, think_time=0.0, speed=4.0)
    table = app.start_game([Seat("Ada", "baseline"), Seat("Bo", "baseline")])
    pump(app, 3)
    press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    frozen = len(table.game.actions)
    pump(app, 200)  # bots would have played many moves by now
    assert len(table.game.actions) == frozen
    for name, kind in (("rules", RulesScene), ("settings", SettingsScene), ("save", FilesScene)):
        click(app, button_center(pause, name))
        assert isinstance(app.stack.top, kind)
        app.draw()
        press(app, pygame.K_ESCAPE)
        assert app.stack.top is pause
    click(app, button_center(pause, "resume"))
    assert app.stack.top is table
    pump(app, 200)
    assert len(table.game.actions) > frozen


def test_the_file_browser_picks_a_file(tmp_path, two_humans):
    app = make_app(lang="de", seed=2)
    table = app.start_game(two_humans)
    target = app.saves.save_as(table.game, tmp_path / "partie.json")
    app.to_menu()
    click(app, button_center(app.stack.top, "load"))
    files = app.stack.top
    assert files.widgets["browse"].text == "Durchsuchen…"
    click(app, button_center(files, "browse"))
    dialog = files.browser
    assert isinstance(dialog, pygame_gui.windows.UIFileDialog)
    dialog.file_path_text_line.set_text(str(target))
    dialog.current_file_path = target
    dialog.ok_button.enable()
    click(app, dialog.ok_button.rect.center, frames=3)
    assert files.path == str(target) and files.browser is None
    click(app, button_center(files, "ok"))
    assert table_of(app).game.players == ("Ana", "Bo")


def test_screens_survive_resizes_and_a_language_change():
    app = make_app(lang="en", seed=2, size=(1280, 720))
    click(app, button_center(app.stack.top, "new"))
    for size in ((800, 500), (1600, 900), (1024, 640)):
        resize(app, size)
        app.draw()
    setup = app.stack.top
    assert setup.widgets["start"].rect.bottom <= app.size[1]
    app.change_settings(language="de")
    assert setup.widgets["start"].text == "Los"
    press(app, pygame.K_ESCAPE)
    assert app.stack.top.buttons["new"].text == "Neues Spiel (N)"


@pytest.mark.parametrize("lang", tour(*i18n.LANGS))
@pytest.mark.parametrize("size", tour((800, 500), (1024, 600), (1280, 720), (1920, 1080)))
def test_the_card_fan_never_covers_a_word_or_a_button(monkeypatch, lang, size):
    from ui.storage.saves import SavedGame

    app = make_app(lang=lang, size=size)
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and menu.offer  # the very first start: the lesson's offer
    names = ("Léa", "Hugo", "Ada", "Bo", "Chloé", "Lucas", "Maximilian", "Anne-Sophie")
    saved = SavedGame(players=names, round_no=3, saved_at=1_700_000_000)

    def states():
        yield "offer"
        menu.offer = False
        menu.build_ui()
        yield "plain"
        menu.set_asking(True)
        yield "asking"
        menu.set_asking(False)
        monkeypatch.setattr(app, "check_autosave", lambda: saved)
        menu.build_ui()
        yield "saved"

    for state in states():
        app.draw()
        fan = menu.fan_rect
        assert fan is not None, (state, "no room for the fan")
        assert fan.h >= 40 * min(size[0] / 1280, size[1] / 720), state
        others = list(menu.text_rects) + [widget.rect for widget in menu.widgets.values()]
        assert len(menu.text_rects) == (3 if state == "plain" else 4), state
        for rect in others:
            assert not fan.colliderect(rect), (state, fan, rect)
        assert pygame.Rect((0, 0), size).contains(fan), state
