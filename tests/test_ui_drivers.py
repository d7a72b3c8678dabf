"""One table view, many drivers (ui.table.drive): every kind of play is a driver of the
same TableScene, and a new kind of play needs no subclass of it — only a driver, here one
written in the test, that the view draws and obeys through the protocol."""

import random

import pygame

from game.bots import baseline
from game.engine import Game
from ui import routes
from ui.config import Seat
from ui.driver import button_center, click, make_app, press, pump
from ui.table.display import Shown
from ui.table.draw_table import SeatState
from ui.table.drive import Control, Prompt
from ui.table.play import PlayDriver
from ui.table.replay import ReplayDriver
from ui.table.replay_model import Replay
from ui.table.table import TableScene
from ui.table.tutorial import LessonDriver


def test_every_kind_of_play_is_a_driver_of_the_one_table_view():
    app = make_app(lang="en", think_time=0.0)
    played = app.start_game([Seat("Ana", None), Seat("Bo", "baseline")], seed=3)
    made = {
        "table": played,
        "replay": app.show_replay(Replay.of_game(played.game), "t"),
        "tutorial": app.go("tutorial", home=True),
    }
    kinds = {"table": PlayDriver, "replay": ReplayDriver, "tutorial": LessonDriver}
    for name, scene in made.items():
        assert type(scene) is TableScene and isinstance(scene.driver, kinds[name]), name
    assert TableScene.__subclasses__() == []  # nothing overrides the view
    assert set(kinds) <= set(routes.ROUTES)


class StepDriver:
    """A kind of play the project does not have: a button "Next" makes baseline play the
    pending decision, whoever's it is; "Next" greys once the game is over."""

    own_keys: frozenset[int] = frozenset()
    pause_note: str | None = None

    demo = True
    unattended = True

    def __init__(self) -> None:
        self.game = Game(["Ana", "Bo", "Cy"], seed=11, start=False)
        self.commands: list[str] = []
        self.rng = random.Random(5)

    def start(self, table: TableScene) -> None:
        self.table = table
        self.presenter = table.present(Shown.before_opening(self.game), 11)
        self.presenter.feed(self.game.start())

    def prompt(self) -> Prompt:
        d = self.game.pending
        seat = None if d is None else d.seat
        states = tuple(SeatState(turn=s == seat) for s in range(3))
        return Prompt("Step by step", (f"{len(self.game.actions)} decisions",), states)

    def controls(self) -> tuple[Control, ...]:
        lay = self.table.layout
        over = self.game.over
        return (Control("next", lay.stay_button, "Next", "#hit_button", enabled=not over),)

    def command(self, name: str, value: str | None = None) -> bool:
        self.commands.append(name)
        if name != "next" or self.game.pending is None or not self.presenter.settled:
            return False
        d = self.game.pending
        legal = self.game.legal_actions()
        action = baseline.choose(self.game.view(d.seat), legal, self.rng)
        self.presenter.feed(self.game.apply(action))
        return True

    def key(self, key: int, repeat: bool) -> bool:
        return key == pygame.K_n and self.command("next")

    def click(self, pos, seat) -> bool:
        return False

    def update(self, dt: float) -> None:
        if self.presenter.gate is not None:
            self.presenter.release()

    def wakeup(self) -> float | None:
        return None

    def resumed(self, answer: object) -> None:
        pass

    def draw_over(self, surface: pygame.Surface) -> None:
        pass

    def close(self) -> None:
        pass


def test_a_driver_written_elsewhere_drives_the_table_through_the_protocol_alone():
    app = make_app(lang="en", think_time=0.0)
    driver = StepDriver()
    table = TableScene(app, driver)
    app.stack.push(table)
    pump(app, 2)
    assert table.buttons["next"].visible and table.buttons["next"].text == "Next"
    for _ in range(3):
        table.skip()
        pump(app, 1)
    click(app, button_center(table, "next"))  # the view's widget, made from the control
    assert len(driver.game.actions) == 1 and not table.presenter.settled  # the card flies
    table.skip()
    pump(app, 1)
    press(app, pygame.K_n)
    assert len(driver.game.actions) == 2
    for _ in range(400):
        if driver.game.over:
            break
        table.skip()
        pump(app, 1)
        driver.command("next")
    assert driver.game.over
    pump(app, 2)
    assert not table.buttons["next"].is_enabled  # the control's state, followed by the widget
    table.skip()
    pump(app, 2)
    assert table.shown.differences(driver.game) == []  # the view showed every event


def test_the_views_speed_keys_are_commands_of_the_driver():
    app = make_app(lang="en", think_time=0.0)
    driver = StepDriver()
    app.stack.push(TableScene(app, driver))
    pump(app, 1)
    press(app, pygame.K_PLUS)
    press(app, pygame.K_MINUS)
    assert driver.commands == ["faster", "slower"]


def test_a_control_hidden_by_the_driver_or_under_another_screen_is_hidden(two_humans):
    app = make_app(lang="en", think_time=0.0)
    table = app.start_game(two_humans, seed=3)
    for _ in range(3):
        table.skip()
        pump(app, 1)
    pump(app, 40)  # past the prompt's appearance
    assert table.buttons["hit"].visible and not table.buttons["undo"].visible
    press(app, pygame.K_ESCAPE)  # the pause on top: no widget of the table shows
    assert not any(b.visible for b in table.buttons.values())
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is table and table.buttons["hit"].visible
