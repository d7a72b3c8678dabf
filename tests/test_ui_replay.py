"""The replay viewer: a game file stepped forward and back to the very same states, played
to its end, jumped round by round; opened from the menu, the command line and the
game-over screen; a file that cannot be played refused cleanly."""

import copy
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game import bots, gamefile
from game.engine import Game
from game.rules import RuleOptions
from ui.driver import button_center, click, driven_by, make_app, press, pump
from ui.screens.files import FilesScene, ReplayFilesScene
from ui.screens.menu import MenuScene
from ui.table.display import Shown
from ui.table.replay import ReplayDriver
from ui.table.replay_model import CHECKPOINT, Replay, load_replay
from ui.table.summary import GameOver
from ui.table.table import TableScene

PROJECT = Path(__file__).resolve().parent.parent
SEED004 = PROJECT / "examples" / "seed004_last_round.json"
FAQ = sorted((PROJECT / "examples" / "faq").glob("*.json"))


def bot_game(target: int = 200, seed: int = 1) -> dict:
    """A whole game of four baseline bots to ``target``: several rounds, some hundred
    decisions (more than one checkpoint)."""
    game = Game(
        ["Ana", "Bo", "Cy", "Di"], RuleOptions(target=target), seed=seed, bots=["baseline"] * 4
    )
    choose, rng = bots.get("baseline"), random.Random(seed)
    while not game.over:
        d = game.pending
        game.apply(choose(game.view(d.seat), game.legal_actions(), rng))
    return gamefile.to_dict(game)


@pytest.fixture(scope="module")
def long_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("replays") / "long.json"
    path.write_text(json.dumps(bot_game()), encoding="utf-8")
    return path


def shown_key(shown: Shown) -> tuple:
    return (
        shown.totals,
        shown.dealer,
        shown.round_no,
        shown.draw_count,
        shown.discard_count,
        shown.discard_top,
        shown.staged,
        shown.queue,
        sorted(shown.in_play),
        [h.key() for h in shown.hands],
        shown.winner,
        shown.round_totals,
    )


def hands(game) -> list[tuple]:
    return [
        (h.numbers, h.modifiers, h.second_chance, h.status, h.freezes, h.flip7) for h in game.hands
    ]


def state(scene: TableScene) -> tuple:
    """Everything a step must reproduce: the game file, the engine state, the display."""
    scene.driver.finish()
    game = scene.game
    assert scene.shown.differences(game) == []
    return copy.deepcopy(
        (
            gamefile.to_dict(game),
            game.pending,
            game.totals,
            game.round_no,
            game.draw_pile,
            game.discard,
            hands(game),
            shown_key(scene.shown),
        )
    )


def app_with(path, **config):
    app = make_app(size=(1280, 720), seed=7, lang="en", speed=8.0, **config)
    scene = app.open_replay(path)
    assert driven_by(scene, ReplayDriver) and app.stack.top is scene
    return app, scene


# ------------------------------------------------------------------ the model (no window)
def test_every_prefix_of_a_file_is_the_game_after_that_many_decisions(long_file):
    data = json.loads(long_file.read_text())
    replay = load_replay(long_file)
    n = len(replay)
    assert n > CHECKPOINT + 50 and len(replay.rounds()) >= 3
    forward = gamefile.new_game(data)
    for k in range(n + 1):
        again = replay.game_at(k)
        assert gamefile.to_dict(again) == {**data, "actions": data["actions"][:k]}
        assert (again.pending, again.totals, again.draw_pile, hands(again)) == (
            forward.pending,
            forward.totals,
            forward.draw_pile,
            hands(forward),
        ), k
        if k < n:
            forward.apply(replay.actions[k])
    assert gamefile.to_dict(replay.game_at(n)) == data and replay.game_at(n).over


def test_a_round_starts_at_the_first_decision_made_in_it(long_file):
    replay = load_replay(long_file)
    for r in replay.rounds()[1:]:
        k = replay.first_of_round(r)
        assert replay.game_at(k).round_no == r and replay.game_at(k - 1).round_no == r - 1
        assert replay.round_start(k, +1) > k and replay.round_start(k, -1) < k


@pytest.mark.parametrize("path", [SEED004, *FAQ], ids=lambda p: p.name)
def test_the_examples_replay_to_what_the_loader_reaches(path):
    replay = load_replay(path)
    loaded = gamefile.load(path)
    assert gamefile.to_dict(replay.game_at(len(replay))) == gamefile.to_dict(loaded)
    assert replay.game_at(len(replay)).pending == loaded.pending


# ------------------------------------------------------------------ the viewer
def test_forward_then_back_reaches_identical_states(long_file):
    app, scene = app_with(long_file)
    n = len(scene.driver.replay)
    marks = sorted({0, 1, 5, CHECKPOINT - 1, CHECKPOINT, CHECKPOINT + 3, n // 2, n - 1, n})
    seen = {0: state(scene)}
    while scene.driver.k < n:
        scene.driver.forward()  # animated through the presenter, round ends and all
        pump(app, 1)
        if scene.driver.k in marks and scene.presenter.gate is None:
            seen[scene.driver.k] = state(scene)
    seen[n] = state(scene)
    assert scene.game.over and gamefile.to_dict(scene.game) == json.loads(long_file.read_text())
    for k in sorted(seen, reverse=True):  # from the end, back one decision at a time
        while scene.driver.k > k:
            scene.driver.back()
        assert state(scene) == seen[k], k
    scene.driver.goto(n // 2)
    scene.driver.forward()
    assert (
        scene.driver.k == n // 2 + 1
        and state(scene)[0]["actions"] == seen[n][0]["actions"][: scene.driver.k]
    )


def test_play_runs_to_the_end_of_the_file_and_the_table_equals_the_game():
    app, scene = app_with(SEED004)
    press(app, pygame.K_SPACE)
    assert scene.driver.playing
    for _ in range(3000):
        if not scene.driver.playing:
            break
        pump(app, 1, dt=0.2)
    assert not scene.driver.playing and scene.driver.k == len(scene.driver.replay) == 21
    scene.driver.finish()
    assert gamefile.to_dict(scene.game) == gamefile.to_dict(gamefile.load(SEED004))
    assert scene.shown.differences(scene.game) == [] and scene.shown.winner == 0  # Hugo
    assert scene.shown.totals == [235, 222, 189, 185]
    assert not app.dirs.autosave.exists()  # a replay is never saved over the real game


def test_keys_step_jump_and_speed(long_file):
    app, scene = app_with(long_file)
    replay = scene.driver.replay
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert scene.driver.k == 2
    press(app, pygame.K_LEFT)
    assert scene.driver.k == 1 and scene.presenter.settled
    press(app, pygame.K_PAGEDOWN)
    assert scene.driver.k == replay.first_of_round(2) and scene.game.round_no == 2
    press(app, pygame.K_PAGEDOWN)
    assert scene.game.round_no == 3
    press(app, pygame.K_PAGEUP)  # at a round's start: the one before
    assert scene.driver.k == replay.first_of_round(2)
    press(app, pygame.K_END)
    assert scene.driver.k == len(replay) and scene.game.over
    press(app, pygame.K_HOME)
    assert scene.driver.k == 0
    press(app, pygame.K_MINUS)
    speed = scene.presenter.timeline.speed
    press(app, pygame.K_PLUS)
    assert scene.presenter.timeline.speed > speed
    press(app, pygame.K_MINUS)
    press(app, pygame.K_MINUS)
    assert scene.presenter.timeline.speed < speed
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene)


def test_the_transport_buttons_and_the_round_picker(long_file):
    app, scene = app_with(long_file)
    pump(app, 2)
    assert not scene.buttons["back"].is_enabled  # nothing before the start
    click(app, button_center(scene, "forward"))
    assert scene.driver.k == 1
    click(app, button_center(scene, "back"))
    assert scene.driver.k == 0
    picker = scene.buttons["round"]
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
            text="Round 3",
            ui_element=picker,
            ui_object_id="#round_picker",
        )
    )
    pump(app, 2)
    assert scene.driver.k == scene.driver.replay.first_of_round(3) and scene.game.round_no == 3
    assert scene.buttons["round"].selected_option[0] == "Round 3"
    click(app, button_center(scene, "play"))
    assert scene.driver.playing and scene.buttons["play"].text == "❚❚"
    click(app, button_center(scene, "play"))
    assert not scene.driver.playing
    assert "Decision" in scene.driver.bar()[0] and "long.json" in scene.driver.bar()[1]


def test_the_menu_lists_files_to_watch_and_refuses_a_broken_one(tmp_path):
    app = make_app(size=(1280, 720), seed=7, lang="en")
    saved = app.dirs.saves / "sunday.json"
    saved.parent.mkdir(parents=True)
    saved.write_text(SEED004.read_text(encoding="utf-8"), encoding="utf-8")
    press(app, pygame.K_w)
    files = app.stack.top
    assert isinstance(files, ReplayFilesScene) and saved in files.files.values()
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "flip7/1", "players": ["Ana", "Ana"], "seed": 1, "actions": []}')
    files.set_path(str(bad))
    press(app, pygame.K_RETURN)
    assert app.stack.top is files
    assert any("Could not open bad.json" in n and "duplicate" in n for n in app.notices.texts)
    files.set_path(str(saved))
    click(app, button_center(files, "ok"))
    scene = app.stack.top
    assert driven_by(scene, ReplayDriver) and len(scene.driver.replay) == 21
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is files  # back to the list


def test_watch_and_save_replay_from_the_game_over_screen(tmp_path):
    app = make_app(size=(1280, 720), seed=7, lang="en", speed=8.0)
    table = app.load_game(SEED004)  # a finished game: straight to its result
    pump(app, 3)
    over = app.stack.top
    assert isinstance(over, GameOver)
    click(app, button_center(over, "save"))
    files = app.stack.top
    assert isinstance(files, FilesScene) and files.mode == "save" and not over.buttons
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is over and set(over.buttons) == {
        "again",
        "watch",
        "review",
        "save",
        "menu",
    }
    click(app, button_center(over, "watch"))
    scene = app.stack.top
    assert driven_by(scene, ReplayDriver) and scene.driver.playing
    assert scene.driver.replay.actions == table.game.actions
    assert not app.dirs.autosave.exists()


def test_a_broken_file_is_a_notice_in_the_app(tmp_path):
    bad = tmp_path / "cut.json"
    data = json.loads(SEED004.read_text())
    data["actions"].insert(3, {"player": "Hugo", "do": "stay"})
    bad.write_text(json.dumps(data))
    app = make_app(size=(1280, 720), replay=str(bad))
    pump(app, 2)
    assert isinstance(app.stack.top, MenuScene)
    assert any("action 3" in n for n in app.notices.texts)


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_command_line_replay_and_a_broken_file(tmp_path):
    shot = tmp_path / "replay.png"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    run = subprocess.run(
        [
            sys.executable,
            "main.py",
            "--replay",
            str(SEED004),
            "--frames",
            "40",
            "--screenshot",
            str(shot),
            "--home",
            str(tmp_path / "home"),
        ],
        cwd=PROJECT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert shot.stat().st_size > 10_000
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    run = subprocess.run(
        [sys.executable, "main.py", "--replay", str(bad)],
        cwd=PROJECT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert run.stderr.count("\n") == 1 and "bad.json" in run.stderr and "not JSON" in run.stderr


def test_the_end_shows_the_final_table_and_who_won():
    """End shows the last round's seats and the winner."""
    app = make_app(size=(1280, 720), seed=1, lang="en", replay=str(SEED004))
    scene = app.stack.top
    press(app, pygame.K_END)
    pump(app, 3)
    shown = scene.shown
    hugo = shown.players.index("Hugo")
    assert scene.game.over and shown.winner == scene.game.winner == hugo
    assert [shown.hand_shown(s).score() for s in range(4)] == [64, 62, 21, 0]
    assert [st.turn for st in scene.driver.seat_states()] == [s == hugo for s in range(4)]
    assert "Hugo wins!" in scene.driver.bar()[1]
    press(app, pygame.K_LEFT)  # back, and forward again: the same end
    press(app, pygame.K_RIGHT)
    scene.driver.finish()
    pump(app, 2)
    assert scene.shown.winner == hugo and scene.shown.hand_shown(hugo).score() > 0


def test_a_flip_7_is_never_shown_faster_than_normal_speed():
    """At ×2 the Flip 7 moment still plays at normal speed."""
    from ui.table.timeline import Step, Timeline

    tl = Timeline()
    tl.speed = 2.0
    tl.add(Step(0.5))
    tl.add(Step(1.6, savour=True))
    tl.update(0.25)  # the first step at ×2
    assert tl.current is not None and tl.current.savour
    played = 0.0
    while tl.current is not None:
        tl.update(0.1)
        played += 0.1
    assert played >= 1.6 - 0.11


@pytest.mark.parametrize(
    ("lang", "heading"),
    [
        ("en", "Examples shipped with the game"),
        ("fr", "Exemples fournis avec le jeu"),
        ("de", "Mitgelieferte Beispiele"),
    ],
)
def test_the_shipped_examples_are_a_group_of_the_replays_list_and_play(tmp_path, lang, heading):
    app = make_app(home=str(tmp_path), size=(1280, 720), seed=7, lang=lang)
    saved = app.dirs.saves / "sunday.json"
    saved.parent.mkdir(parents=True)
    saved.write_text(SEED004.read_text(encoding="utf-8"), encoding="utf-8")
    press(app, pygame.K_w)
    files = app.stack.top
    assert isinstance(files, ReplayFilesScene)
    labels = list(files.files)
    head = labels.index(next(label for label in labels if heading in label))
    assert files.files[labels[head]] is None  # a heading, not a file
    assert [files.files[label] for label in labels[:head]] == [saved]  # the player's first
    examples = PROJECT / "examples"
    shipped = [files.files[label] for label in labels[head + 1 :]]
    assert shipped == [
        examples / "seed004_last_round.json",
        *sorted((examples / "faq").glob("*.json")),
    ]  # not the table of real cards (live_round.json): no replay plays it
    assert labels[head + 1].startswith("seed004_last_round.json")
    assert sorted(p.name for p in saved.parent.iterdir()) == ["sunday.json"]  # nothing copied
    # a click on the heading picks nothing; a double click on an example plays it
    listing = files.widgets["list"]
    for label, kind in ((labels[head], "NEW"), (labels[head + 2], "DOUBLE_CLICKED")):
        pygame.event.post(
            pygame.event.Event(
                getattr(pygame_gui, f"UI_SELECTION_LIST_{kind}_SELECTION"),
                text=label,
                ui_element=listing,
            )
        )
        pump(app, 2)
        if kind == "NEW":
            assert app.stack.top is files and files.path == ""
    scene = app.stack.top
    assert driven_by(scene, ReplayDriver)
    faq = sorted((examples / "faq").glob("*.json"))[0]
    assert len(scene.driver.replay) == len(json.loads(faq.read_text(encoding="utf-8"))["actions"])
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is files


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_bar_at_the_end_of_an_unfinished_file_is_never_cut_in_a_small_window(lang):
    """18 seats at 800×500: the bar's second line has little room; it keeps the decision
    the file waits for, whole, when the longer sayings do not fit."""
    from ui import assets as assets_module

    names = [f"Maximilienne{i + 1}" for i in range(18)]
    game = Game(names, seed=4, bots=["baseline"] * 18)
    choose, rng = bots.get("baseline"), random.Random(4)
    while game.round_no == 1 and game.pending is not None:
        seat = game.pending.seat
        game.apply(choose(game.view(seat), game.legal_actions(), rng))
    app = make_app(size=(800, 500), lang=lang, speed=8.0)
    scene = app.show_replay(Replay(gamefile.to_dict(game)), "eighteen-seats.json")
    press(app, pygame.K_END)
    assert scene.game.pending is not None  # the file stops where a decision waits
    assets_module.CLIPS = []
    try:
        app.draw()
        cut = [(whole, shown) for whole, shown, keep in assets_module.CLIPS if not keep]
    finally:
        assets_module.CLIPS = None
    assert not cut
