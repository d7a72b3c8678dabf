"""Saves that never lose a game: the autosave after every decision, Continue at exactly
that decision, the finished game filed away, Save as / Load through the screens, files
that cannot be read refused cleanly (and never touched), a full disk, kill -9."""

import errno
import hashlib
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game import atomic, gamefile
from game.engine import Game
from ui.config import Seat
from ui.driver import (
    button_center,
    clear_entry,
    click,
    look,
    make_app,
    press,
    pump,
    settle,
    table_of,
    type_text,
)
from ui.screens.files import FilesScene
from ui.screens.menu import MenuScene
from ui.storage.saves import load_file
from ui.table.summary import GameOver, RoundSummary

PROJECT = Path(__file__).resolve().parent.parent
TRIO = [Seat("Ana", None), Seat("Bo", None), Seat("Cy", "baseline")]


def saved(app) -> dict:
    return json.loads(app.dirs.autosave.read_text(encoding="utf-8"))


def play_humans(app, table, moves: int) -> None:
    """``moves`` decisions by the humans (keys), bots acting by themselves in between."""
    made = 0
    for _ in range(2000):
        if made >= moves or table.game.over:
            return
        if app.stack.top is not table:
            app.stack.top.choose(app.stack.top.BUTTONS[0][0])
            continue
        settle(app)
        pump(app, 2)
        d = table.driver.human_turn()
        if d is None:
            continue
        if d.kind == "hit_or_stay":
            hand = table.game.hands[d.seat]
            press(app, pygame.K_h if hand.score() < 18 else pygame.K_s)
        else:
            press(app, pygame.K_1)
        made += 1
        assert saved(app)["actions"] == gamefile.to_dict(table.game)["actions"]


def test_every_decision_is_autosaved_and_continue_resumes_at_that_decision(tmp_path):
    app = make_app(home=str(tmp_path), seed=8, think_time=0.0, speed=8.0, lang="en")
    table = app.start_game(TRIO)
    assert saved(app)["actions"] == []  # saved before the first decision
    play_humans(app, table, 12)
    game = table.game
    assert saved(app) == gamefile.to_dict(game)
    press(app, pygame.K_ESCAPE)
    click(app, button_center(app.stack.top, "quit"))
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and "continue" in menu.buttons
    pygame.display.quit()
    # a new start of the program
    again = make_app(home=str(tmp_path), seed=99, think_time=30.0, lang="en")
    click(again, button_center(again.stack.top, "continue"))
    resumed = table_of(again)
    assert resumed.game.actions == game.actions and resumed.game.pending == game.pending
    assert resumed.game.totals == game.totals and resumed.game.round_no == game.round_no
    assert resumed.shown.differences(resumed.game) == []
    assert "Game resumed" in str(resumed.presenter.caption)


def test_a_finished_game_leaves_the_autosave_for_the_last_finished_file(tmp_path, two_humans):
    app = make_app(home=str(tmp_path), seed=1, think_time=0.0, lang="en")
    table = app.start_game(two_humans, deck=["9", "5"], dealer=1, totals=[195, 150])
    settle(app)
    click(app, button_center(table, "stay"))
    settle(app)
    click(app, button_center(table, "stay"))
    settle(app)
    assert table.game.over and isinstance(app.stack.top, RoundSummary)  # the last round's
    app.stack.top.choose("next")
    settle(app)
    assert isinstance(app.stack.top, GameOver)
    assert not app.dirs.autosave.exists()
    finished = load_file(app.dirs.last_finished)
    assert finished.over and finished.winner == 0
    click(app, button_center(app.stack.top, "menu"))
    assert "continue" not in app.stack.top.buttons
    # it can still be opened: straight to its result
    app.load_game(app.dirs.last_finished)
    settle(app)
    assert isinstance(app.stack.top, GameOver)
    assert not app.dirs.autosave.exists()  # a finished game does not take the autosave


def test_a_new_game_keeps_the_unfinished_one_among_the_saves(tmp_path):
    app = make_app(home=str(tmp_path), seed=3, think_time=0.0, lang="en")
    first = app.start_game(TRIO)
    play_humans(app, first, 3)
    before = saved(app)
    app.to_menu()
    app.start_game([Seat("Zed", None), Seat("Yo", None)])
    kept = list(app.dirs.saves.glob("unfinished-*.json"))
    assert len(kept) == 1 and json.loads(kept[0].read_text()) == before
    assert saved(app)["players"] == ["Zed", "Yo"]


def test_save_as_and_load_through_the_screens(tmp_path):
    app = make_app(home=str(tmp_path), seed=4, think_time=0.0, lang="en")
    table = app.start_game(TRIO)
    play_humans(app, table, 5)
    game = table.game
    press(app, pygame.K_ESCAPE)
    click(app, button_center(app.stack.top, "save"))
    files = app.stack.top
    assert isinstance(files, FilesScene) and files.mode == "save"
    click(app, files.widgets["path"].rect.center)
    press(app, pygame.K_END)
    for _ in range(len(".json")):
        press(app, pygame.K_BACKSPACE, frames=1)
    type_text(app, "-mine.json")
    click(app, button_center(files, "ok"))
    written = next(app.dirs.saves.glob("*-mine.json"))
    assert json.loads(written.read_text()) == gamefile.to_dict(game)
    assert any("Game saved" in n for n in app.notices.texts)
    assert app.stack.top.__class__.__name__ == "PauseScene"
    click(app, button_center(app.stack.top, "quit"))
    click(app, button_center(app.stack.top, "load"))
    files = app.stack.top
    assert files.mode == "load"
    label = next(k for k, p in files.files.items() if p == written)
    item = next(i for i in files.widgets["list"].item_list if i["text"] == label)
    click(app, item["button_element"].rect.center, frames=3)
    assert files.path == str(written)
    click(app, button_center(files, "ok"))
    loaded = table_of(app)
    assert loaded is not None and loaded.game.actions == game.actions
    assert loaded.game.pending == game.pending
    assert written.read_text() == gamefile.dumps(game)  # the file itself is untouched


def deep(n):
    return "[" * n + "]" * n


HOSTILE = {
    "not_json.json": "{ this is not json",
    "empty.json": "",
    "wrong_format.json": json.dumps(
        {"format": "flip7/9", "players": ["A", "B"], "seed": 1, "actions": []}
    ),
    "illegal_action.json": json.dumps(
        {
            "format": "flip7/1",
            "players": ["A", "B"],
            "seed": 1,
            "dealer": 1,
            "actions": [{"player": "B", "do": "hit"}],
        }
    ),
    "unknown_card.json": json.dumps(
        {"format": "flip7/1", "players": ["A", "B"], "seed": 1, "deck": ["13"], "actions": []}
    ),
    "wrong_types.json": json.dumps(
        {"format": "flip7/1", "players": "A,B", "seed": "x", "actions": {}}
    ),
    "wrong_types2.json": json.dumps(
        {"format": "flip7/1", "players": [1, 2], "seed": 1, "actions": []}
    ),
    "wrong_rules.json": json.dumps(
        {
            "format": "flip7/1",
            "players": ["A", "B"],
            "seed": 1,
            "rules": {"target": [[[1]]]},
            "actions": [],
        }
    ),
    "deeply_nested.json": deep(200_000),
    "nested_in_a_key.json": '{"format": "flip7/1", "players": ' + deep(50_000) + "}",
    "huge_number.json": '{"format": "flip7/1", "players": ["A", "B"], "seed": '
    + "9" * 6000
    + ', "actions": []}',
    "nineteen_players.json": json.dumps(
        {"format": "flip7/1", "seed": 1, "actions": [], "players": [f"P{i}" for i in range(19)]}
    ),
    "long_name.json": json.dumps(
        {"format": "flip7/1", "seed": 1, "actions": [], "players": ["A" * 5000, "B"]}
    ),
    "action_after_end.json": json.dumps(
        {
            "format": "flip7/1",
            "players": ["A", "B"],
            "seed": 1,
            "dealer": 1,
            "totals": [300, 0],
            "deck": ["3", "4"],
            "actions": [
                {"player": "A", "do": "stay"},
                {"player": "B", "do": "stay"},
                {"player": "A", "do": "hit"},
            ],
        }
    ),
}


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def hostile_dir(tmp_path_factory):
    d = tmp_path_factory.mktemp("hostile")
    for name, text in HOSTILE.items():
        (d / name).write_text(text, encoding="utf-8")
    (d / "binary.json").write_bytes(bytes(range(256)) * 10)
    with open(d / "huge.json", "wb") as f:  # over the 16 MB a game file may have
        f.write(b'{"format": "flip7/1", "pad": "')
        f.write(b"x" * (17 * 1024 * 1024))
        f.write(b'"}')
    (d / "a_folder.json").mkdir()
    return d


def test_files_that_cannot_be_read_are_refused_cleanly_and_never_touched(tmp_path, hostile_dir):
    app = make_app(home=str(tmp_path), lang="en")
    paths = sorted(hostile_dir.iterdir()) + [hostile_dir / "missing.json"]
    before = {p: digest(p) for p in paths if p.is_file()}
    for path in paths:
        app.notices.items.clear()
        t0 = time.perf_counter()
        assert app.load_game(path) is None, path.name
        assert time.perf_counter() - t0 < 3, path.name
        (text,) = app.notices.texts
        assert text.startswith(f"Could not open {path.name}: "), text
        assert "Traceback" not in text and len(text) < 400
        assert isinstance(app.stack.top, MenuScene)
    assert {p: digest(p) for p in before} == before
    pump(app, 3)
    assert app.running


def test_a_bad_file_typed_in_the_load_screen_is_a_message_and_the_screen_stays(
    tmp_path, hostile_dir
):
    app = make_app(home=str(tmp_path), lang="fr")
    click(app, button_center(app.stack.top, "load"))
    files = app.stack.top
    click(app, files.widgets["path"].rect.center)
    type_text(app, str(hostile_dir / "illegal_action.json"))
    press(app, pygame.K_RETURN)
    assert app.stack.top is files
    (text,) = app.notices.texts
    # the engine's own words are English: the window says in French what they are about
    assert text.startswith(
        "Impossible d'ouvrir illegal_action.json\u00a0: ce fichier ne peut pas être joué — "
        "action 0: B cannot hit"
    )
    app.draw()  # the message is drawn on the screen
    assert app.notices.rects and app.notices.rects[0].collidepoint(app.notices.rects[0].center)
    click(app, app.notices.rects[0].center)  # a click dismisses it
    assert app.notices.texts == []


@pytest.mark.parametrize(
    ("lang", "size"), [("en", (1280, 720)), ("fr", (800, 500)), ("de", (1920, 1080))]
)
def test_a_failed_load_message_takes_its_own_place_under_the_title(
    tmp_path, hostile_dir, lang, size
):
    """The message about the file sits between the title and the panel: over no word of
    the title, the folder line, the list, the path or the buttons."""
    app = make_app(home=str(tmp_path), lang=lang, size=size)
    game = Game(["Léa", "Hugo"], seed=3)
    app.saves.save_as(game, app.dirs.saves / "family-sunday.json")  # a row in the list
    click(app, button_center(app.stack.top, "load"))
    files = app.stack.top
    assert "list" in files.widgets
    click(app, files.widgets["path"].rect.center)
    type_text(app, str(hostile_dir / "illegal_action.json"))
    press(app, pygame.K_RETURN)
    pump(app, 1)
    look(app)
    (box,) = app.notices.rects
    assert box.top > files.title_rect().bottom
    assert not box.colliderect(files.panel_rect())
    for name, widget in files.widgets.items():
        assert not box.colliderect(widget.rect), name
    assert app.screen.get_rect().contains(box)


def test_what_the_table_cannot_seat_is_said_in_the_window_s_language(tmp_path, hostile_dir):
    app = make_app(home=str(tmp_path), lang="de")
    assert app.load_game(hostile_dir / "nineteen_players.json") is None
    assert app.notices.texts == [
        "nineteen_players.json konnte nicht geöffnet werden: "
        "19 Spieler: dieser Tisch hat 2 bis 18 Plätze"
    ]


def test_the_command_line_says_why_a_replay_cannot_play_in_english(hostile_dir):
    from ui import i18n
    from ui.cli import check_replay
    from ui.config import ConfigError

    i18n.set_language("fr")
    try:
        with pytest.raises(ConfigError, match="19 players: this table seats 2 to 18$"):
            check_replay(str(hostile_dir / "nineteen_players.json"))
    finally:
        i18n.set_language("en")


def test_a_failed_load_message_stays_behind_when_a_good_file_is_opened(tmp_path, hostile_dir):
    """A message about a file stays with its screen: "Could not open garbage.json" never
    follows the player to the table."""
    app = make_app(home=str(tmp_path), lang="en")
    click(app, button_center(app.stack.top, "load"))
    files = app.stack.top
    good = Path("examples/seed004_last_round.json").resolve()
    for name in (str(hostile_dir / "illegal_action.json"), str(good)):
        click(app, files.widgets["path"].rect.center)
        clear_entry(app)
        type_text(app, name)
        press(app, pygame.K_RETURN)
        if app.stack.top is files:
            assert [t for t in app.notices.texts if t.startswith("Could not open")]
    assert table_of(app) is app.stack.top
    assert not [t for t in app.notices.texts if t.startswith("Could not open")]


def test_a_full_disk_is_a_message_once_and_the_previous_autosave_stays(tmp_path, monkeypatch):
    app = make_app(home=str(tmp_path), seed=6, think_time=0.0, lang="en")
    table = app.start_game(TRIO)
    play_humans(app, table, 3)
    good = app.dirs.autosave.read_bytes()

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "fsync", full)
    made = len(table.game.actions)
    for _ in range(3):  # three more decisions that cannot be saved
        settle(app)
        d = table.driver.human_turn()
        if d is None:
            pump(app, 5)
            continue
        press(app, pygame.K_h if d.kind == "hit_or_stay" else pygame.K_1)
    assert len(table.game.actions) > made  # the game went on
    failures = [n for n in app.notices.texts if "could not be saved" in n]
    assert len(failures) == 1 and "No space left" in failures[0]
    assert app.dirs.autosave.read_bytes() == good  # intact, and loadable
    load_file(app.dirs.autosave)
    assert not list(app.dirs.data.glob(".*.tmp"))  # no half-written files left
    # Save as on the full disk: a message, the game goes on
    while app.stack.top is not table:  # past a round summary, if one is showing
        click(app, button_center(app.stack.top, app.stack.top.BUTTONS[0][0]))
    press(app, pygame.K_ESCAPE)
    click(app, button_center(app.stack.top, "save"))
    click(app, button_center(app.stack.top, "ok"))
    assert isinstance(app.stack.top, FilesScene)
    assert any(n.startswith("Could not save") for n in app.notices.texts)
    monkeypatch.undo()
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)
    play_humans(app, table, 1)  # the disk has room again: saved at once
    assert saved(app) == gamefile.to_dict(table.game)


def test_a_broken_autosave_is_set_aside_not_offered(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "autosave.json").write_text('{"format": "flip7/1", "players": ["A"]}')
    app = make_app(home=str(tmp_path), lang="en")
    assert "continue" not in app.stack.top.buttons
    assert any("cannot be continued" in n for n in app.notices.texts)
    assert not (data / "autosave.json").exists()
    (kept,) = data.glob("autosave.json.broken-*")
    assert kept.read_text() == '{"format": "flip7/1", "players": ["A"]}'


# --------------------------------------------------------------- kill -9
def start_bots(home: Path, *args: str) -> subprocess.Popen:
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        FLIP7_HOME=str(home),
        FLIP7_LOG="debug",
    )
    return subprocess.Popen(
        [sys.executable, str(PROJECT / "main.py"), "--speed", "20", *args],
        cwd=PROJECT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def kill_after(proc: subprocess.Popen, seconds: float, autosave: Path | None = None) -> int:
    """kill -9 ``seconds`` after the game is on (its ``autosave`` written, on a slow machine
    too); the count of actions the process said it had saved."""
    deadline = time.monotonic() + 30
    while autosave is not None and not autosave.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(seconds)
    assert proc.poll() is None, proc.stderr.read()
    proc.send_signal(signal.SIGKILL)
    _out, err = proc.communicate(timeout=20)
    counts = [int(n) for n in re.findall(r"autosaved (\d+) actions", err)]
    assert "Traceback" not in err, err
    return counts[-1] if counts else -1


@pytest.mark.slow  # the game's process killed again and again
def test_kill_9_at_random_moments_loses_no_decision(tmp_path):
    rng = random.Random(11)  # the moments vary with the machine's speed; the seed does not
    home = tmp_path / "home"
    proc = start_bots(
        home,
        "--players",
        "bot:baseline,bot:easy,bot:normal,bot:baseline",
        "--seed",
        str(rng.randrange(1000)),
    )
    said = kill_after(proc, rng.uniform(0.3, 1.5), home / "data" / "autosave.json")
    first = json.loads((home / "data" / "autosave.json").read_text())
    assert len(first["actions"]) >= max(said, 1)
    game = gamefile.from_dict(first)
    assert not game.over and len(first["actions"]) <= said + 1
    for _ in range(2):  # start again on the autosave, and kill again
        proc = start_bots(home, "--continue")
        said = kill_after(proc, rng.uniform(1.0, 2.2))
        autosave = home / "data" / "autosave.json"
        if not autosave.exists():  # the game ended meanwhile and another began
            break
        later = json.loads(autosave.read_text())
        if later["seed"] != first["seed"]:
            break
        assert later["actions"][: len(first["actions"])] == first["actions"]  # a prefix
        assert len(later["actions"]) >= said
        assert isinstance(gamefile.from_dict(later), Game)
        first = later
    # and the window's Continue takes it up
    app = make_app(home=str(home), lang="en", think_time=30.0)
    if app.dirs.autosave.exists():
        expected = json.loads(app.dirs.autosave.read_text())
        click(app, button_center(app.stack.top, "continue"))
        table = table_of(app)
        assert gamefile.to_dict(table.game)["actions"] == expected["actions"]
