"""Input that means one thing: a key that skips never decides, Esc on the menu asks before
quitting, and the first start's "Learn to play" offer is what Enter and a click start."""

import pygame
import pytest

from ui.config import Seat
from ui.driver import button_center, click, driven_by, make_app, press, pump, settle
from ui.i18n import t
from ui.screens.menu import MenuScene
from ui.screens.setup import SetupScene
from ui.table.table import TableScene
from ui.table.tutorial import LessonDriver


def solo(lang: str = "en"):
    app = make_app(size=(1280, 720), seed=84, lang=lang)
    table = app.start_game([Seat("Me", None), Seat("Ada", "normal"), Seat("Bob", "normal")])
    for _ in range(200):  # the bots before Me play
        settle(app)
        if table.driver.ready_turn() is not None:
            return app, table
        pump(app)
    raise AssertionError("Me is never asked")


@pytest.mark.parametrize("key", [pygame.K_SPACE, pygame.K_RETURN])
def test_a_key_that_skips_never_decides_at_a_live_prompt(key):
    """Space (and Enter) hurry the animations; landing just as the person's prompt goes
    live, they decide nothing. H still hits."""
    app, table = solo()
    made = len(table.game.actions)
    press(app, key)
    pump(app, 10)
    assert len(table.game.actions) == made and table.driver.ready_turn() is not None
    press(app, pygame.K_h)
    assert table.game.actions[made].kind == "hit"


@pytest.mark.parametrize(("lang", "letter"), [("en", "H"), ("fr", "P"), ("de", "Z")])
def test_the_prompt_says_which_key_hits_and_never_offers_space(lang, letter):
    app, table = solo(lang)
    _question, detail = table.driver.bar()
    keys = t("prompt.keys_hit")
    assert keys in detail and keys.startswith(letter)
    space = {"en": "Space", "fr": "Espace", "de": "Leertaste"}[lang]
    assert space not in keys and space not in t("tutorial.press_hit")


def test_escape_on_the_menu_asks_before_quitting_and_a_second_escape_quits():
    app = make_app(size=(1280, 720), lang="en")
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    press(app, pygame.K_ESCAPE)
    assert app.running and menu.asking
    press(app, pygame.K_ESCAPE)
    assert not app.running


def test_enter_confirms_quitting_and_any_other_key_keeps_the_menu():
    app = make_app(size=(1280, 720), lang="en")
    menu = app.stack.top
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_LEFT)  # no: the menu stays, and the key did nothing else
    assert app.running and not menu.asking and app.stack.top is menu
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_RETURN)
    assert not app.running


def test_two_escapes_from_a_screen_above_the_menu_leave_the_game_running():
    """Statistics, Esc (back to the menu), Esc (a habit): the game is still there."""
    app = make_app(size=(1280, 720), lang="en")
    click(app, button_center(app.stack.top, "stats"))
    assert not isinstance(app.stack.top, MenuScene)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)
    assert app.running and isinstance(app.stack.top, MenuScene)


def test_the_first_start_offers_the_lesson_as_the_gold_button_and_enter_starts_it():
    app = make_app(size=(1280, 720), lang="en")
    menu = app.stack.top
    assert menu.offer and menu.choices()[0][0] == "learn"
    press(app, pygame.K_RETURN)
    assert driven_by(app.stack.top, LessonDriver)


def test_a_click_on_the_offer_starts_the_lesson():
    app = make_app(size=(1280, 720), lang="en")
    menu = app.stack.top
    app.draw()
    assert menu.offer_rect is not None
    click(app, menu.offer_rect.center)
    assert driven_by(app.stack.top, LessonDriver)


def test_after_the_first_start_enter_starts_a_new_game_again(tmp_path):
    make_app(size=(1280, 720), lang="en", home=str(tmp_path))
    pygame.display.quit()
    app = make_app(size=(1280, 720), lang="en", home=str(tmp_path))
    assert not app.stack.top.offer
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, SetupScene)
    assert not isinstance(app.stack.top, TableScene)
