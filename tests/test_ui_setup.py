"""The New game screen builds exactly the game it shows: seats (typed names, bots and
their levels, their order), the first dealer, the rule options of R9, the seed."""

import pygame
import pytest

from game.rules import RuleOptions
from ui.config import Seat
from ui.driver import (
    button_center,
    clear_entry,
    click,
    press,
    pump,
    table_of,
    type_text,
)
from ui.screens.setup import SetupScene
from ui.screens.setup_model import TableSetup
from ui.table.table import TableScene

APP = {"seed": 5}  # the app fixture (tests/conftest.py): 1280×720, English


def open_setup(app) -> SetupScene:
    click(app, button_center(app.stack.top, "new"))
    scene = app.stack.top
    assert isinstance(scene, SetupScene)
    return scene


def retype(app, scene, name: str, text: str) -> None:
    """Click an entry, select all, delete, type: as a player would."""
    click(app, scene.widgets[name].rect.center)
    clear_entry(app)
    type_text(app, text, frames=2)


def test_start_in_one_click_is_you_and_three_bots(app):
    scene = open_setup(app)
    click(app, button_center(scene, "start"))
    table = app.stack.top
    assert isinstance(table, TableScene)
    game = table.game
    assert game.players == ("Player", "Ada", "Bo", "Cyd")
    assert game.bots[0] is None and all(b is not None for b in game.bots[1:])
    assert game.rules == RuleOptions()


def test_the_setup_screen_builds_the_exact_game_it_shows(app):
    scene = open_setup(app)
    retype(app, scene, "name:0", "Léa")
    click(app, button_center(scene, "kind:1"))  # Ada: normal -> expert
    click(app, button_center(scene, "kind:2"))  # Bo: easy -> normal
    click(app, button_center(scene, "kind:2"))  # -> expert
    click(app, button_center(scene, "kind:2"))  # -> plug-in
    scene = app.stack.top
    click(app, button_center(scene, "kind:2"))  # -> human
    scene = app.stack.top
    retype(app, scene, "name:2", "Hugo")
    click(app, button_center(scene, "add_bot"))
    scene = app.stack.top
    assert len(scene.setup.seats) == 5
    click(app, button_center(scene, "up:4"))  # the new bot moves up one seat
    click(app, button_center(scene, "remove:0"))  # Léa leaves...
    click(app, button_center(scene, "add_human"))  # ...and a human sits at the end
    scene = app.stack.top
    retype(app, scene, "name:4", "Léa")
    click(app, button_center(scene, "dealer:2"))
    retype(app, scene, "target", "150")
    click(app, button_center(scene, "opening:deal"))
    click(app, button_center(scene, "f3:resolve"))
    retype(app, scene, "seed", "4242")
    shown = [(s.name, s.bot) for s in scene.setup.seats]
    assert shown == [
        ("Ada", "expert"),
        ("Hugo", None),
        ("Bo", "normal"),
        ("Cyd", "expert"),
        ("Léa", None),
    ]
    assert [scene.widgets[f"name:{i}"].get_text() for i in range(5)] == [
        "Ada",
        "Hugo",
        "Bo",
        "Cyd",
        "Léa",
    ]
    click(app, button_center(scene, "start"))
    game = table_of(app).game
    assert game.players == ("Ada", "Hugo", "Bo", "Cyd", "Léa")
    assert game.bots == ("expert", None, "normal", "expert", None) or game.bots == (
        "baseline",
        None,
        "normal",
        "baseline",
        None,
    )  # expert may still be missing
    assert game.rules == RuleOptions(target=150, opening="deal", flip_three_on_bust="resolve")
    assert game.seed == 4242 and game.snapshot().start_dealer == 2
    # the same seed and dealer deal the same game again
    from game.engine import Game

    again = Game(list(game.players), game.rules, seed=4242, dealer=2, bots=game.bots)
    assert again.snapshot() == game.snapshot() and again.opening_events == game.opening_events


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_a_seat_plays_a_plug_in_bot_typed_as_a_spec(app):
    """Kind → plug-in: a field for the spec appears; "Start" waits until it loads."""
    scene = open_setup(app)
    click(app, button_center(scene, "kind:3"))  # Cyd: expert -> plug-in
    scene = app.stack.top
    assert scene.setup.seats[3] == Seat("Cyd", "") and "spec:3" in scene.widgets
    assert "setup.error.plugin" in scene.setup.problems()
    assert not scene.widgets["start"].is_enabled
    retype(app, scene, "spec:3", "examples/bots/nowhere.py:choose")
    assert not scene.widgets["start"].is_enabled
    retype(app, scene, "spec:3", "examples/bots/coin.py:choose")
    assert scene.setup.problems() == [] and scene.widgets["start"].is_enabled
    click(app, button_center(scene, "start"))
    game = table_of(app).game
    assert game.bots[3] == "examples/bots/coin.py:choose" and game.players[3] == "Cyd"


def test_a_random_dealer_and_seed_are_drawn_at_start(app):
    scene = open_setup(app)
    click(app, button_center(scene, "dealer:1"))
    assert scene.setup.dealer == 1
    click(app, button_center(scene, "random_dealer"))
    assert scene.setup.dealer is None
    click(app, button_center(scene, "start"))
    game = table_of(app).game
    assert 0 <= game.seed < 1 << 31 and 0 <= game.initial["dealer"] < 4


def test_start_is_refused_while_names_clash_or_fields_are_wrong(app):
    scene = open_setup(app)
    retype(app, scene, "name:1", "Bo")  # the same as seat 2
    assert scene.setup.problems() == ["setup.error.name_twice"]
    pump(app, 2)
    assert not scene.widgets["start"].is_enabled
    press(app, pygame.K_RETURN)
    assert app.stack.top is scene  # no game
    retype(app, scene, "name:1", "Ada")
    retype(app, scene, "target", "0")
    retype(app, scene, "seed", "abc")
    assert scene.setup.problems() == ["setup.error.target", "setup.error.seed"]
    retype(app, scene, "target", "300")
    retype(app, scene, "seed", "")
    assert scene.setup.problems() == []
    press(app, pygame.K_RETURN)  # ends the typing in the seed field
    assert app.stack.top is scene
    press(app, pygame.K_RETURN)
    assert table_of(app).game.rules.target == 300


def test_seats_stay_between_two_and_eighteen(app):
    scene = open_setup(app)
    for _ in range(20):
        click(app, button_center(app.stack.top, "add_bot"), frames=1)
    scene = app.stack.top
    assert len(scene.setup.seats) == 18 and not scene.widgets["add_human"].is_enabled
    names = [s.name for s in scene.setup.seats]
    assert len(set(names)) == 18
    for _ in range(20):
        scene.on_button("remove:0")
    assert len(scene.setup.seats) == 2
    assert not app.stack.top.widgets["remove:0"].is_enabled


def test_escape_goes_back_and_the_setup_is_remembered(app):
    scene = open_setup(app)
    retype(app, scene, "name:0", "Zoé")
    press(app, pygame.K_ESCAPE)
    scene = open_setup(app)
    assert scene.widgets["name:0"].get_text() == "Zoé"


def test_the_setup_screen_in_french_and_german(app):
    app.change_settings(language="fr")
    scene = open_setup(app)
    assert scene.widgets["start"].text == "Commencer"
    assert scene.widgets["kind:1"].text == "Bot · normal"
    assert scene.widgets["opening:must_hit"].text == "Tout le monde pioche"
    app.change_settings(language="de")
    assert app.stack.top.widgets["start"].text == "Los"


def test_the_model_keeps_the_dealer_with_its_player():
    s = TableSetup([Seat(n, None) for n in ("A", "B", "C", "D")], dealer=2)
    s.move(2, -1)
    assert s.seats[1].name == "C" and s.dealer == 1
    s.move(0, 1)
    assert s.dealer == 0
    s.remove(3)
    assert s.dealer == 0
    s.remove(0)
    assert s.dealer is None
    spec = TableSetup([Seat(" Ana ", None), Seat("Bo", "easy")], seed="12").build()
    assert spec.seats == [Seat("Ana", None), Seat("Bo", "easy")]
    assert spec.seed == 12 and spec.dealer is None
