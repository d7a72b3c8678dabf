"""The app starts whatever its files hold. One start-up per class of broken
file: the app reaches its menu, the file is kept aside (never lost), a notice says so."""

import json
import os
import time
from pathlib import Path

import pytest

from game.limits import MAX_ACTIONS, MAX_WINDOW
from ui import settings as settings_file
from ui.config import Seat
from ui.driver import driven_by, make_app, pump
from ui.screens.menu import MenuScene
from ui.table.table import TableScene
from ui.tabletop.stats_screen import StatsScene

ROOT = Path(__file__).resolve().parent.parent
GOOD = {"format": "flip7/1", "players": ["Ana", "Ben"], "seed": 1, "actions": []}


def text_of(**changes) -> str:
    return json.dumps({**GOOD, **changes})  # ensure_ascii: a lone surrogate stays \ud800


AUTOSAVES = {
    "a million decks": text_of(rules={"decks": 1_000_000}),
    "a lone surrogate in a name": text_of(players=["\ud800", "Ben"]),
    "a NUL in a name": text_of(players=["A\u0000na", "Ben"]),
    "a name of zero-width characters": text_of(players=["\u200b\u202e\ufeff", "Ben"]),
    "a newline in a name": text_of(players=["A\nna", "Ben"]),
    "totals that overflow a float": text_of(totals=[10**400, 0]),
    "a target that overflows a float": text_of(rules={"target": 10**309}),
    "100,000 players": text_of(players=[f"P{i}" for i in range(100_000)]),
    "too many actions": text_of(actions=[{"player": "Ana", "do": "hit"}] * (MAX_ACTIONS + 1)),
    "a 41-character name": text_of(players=["x" * 41, "Ben"]),
}


def started(home, **config):
    app = make_app(home=str(home), lang="en", **config)
    pump(app, 2)
    assert isinstance(app.stack.top, MenuScene) and app.running
    return app


@pytest.mark.parametrize("case", list(AUTOSAVES))
def test_a_broken_autosave_is_kept_aside_and_the_menu_opens(tmp_path, case):
    data = tmp_path / "data"
    data.mkdir()
    (data / "autosave.json").write_text(AUTOSAVES[case], encoding="utf-8")
    app = started(tmp_path, resume=True)  # even `--continue`
    assert "continue" not in app.stack.top.buttons
    (notice,) = app.notices.texts
    assert "cannot be continued" in notice and "autosave.json.broken-" in notice
    assert "\n" not in notice and len(notice) < 400
    (kept,) = data.glob("autosave.json.broken-*")
    assert kept.read_text(encoding="utf-8") == AUTOSAVES[case]  # never changed, never lost
    assert not (data / "autosave.json").exists()
    started(tmp_path)  # and the next start is an ordinary one


def test_an_autosave_that_is_a_fifo_is_set_aside_without_blocking(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    os.mkfifo(data / "autosave.json")
    app = started(tmp_path)
    assert any("not a regular file" in n for n in app.notices.texts)
    (kept,) = data.glob("autosave.json.broken-*")
    assert not kept.is_file()  # the FIFO itself, moved aside


def test_a_broken_settings_file_is_kept_aside_and_the_menu_opens(tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text('{"language": "fr", "window": "big"')
    app = started(tmp_path)
    (notice,) = app.notices.texts
    assert "settings.json.broken-" in notice
    (kept,) = config.glob("settings.json.broken-*")
    assert kept.read_text() == '{"language": "fr", "window": "big"'


def test_a_huge_window_in_the_settings_opens_at_the_largest_size(tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(json.dumps({"window": [16384, 16384]}))
    app = started(tmp_path)
    assert app.size == MAX_WINDOW and app.screen.get_size() == MAX_WINDOW  # never 16384²


def test_an_unreadable_settings_file_is_moved_aside_and_the_notice_says_where(
    tmp_path, monkeypatch
):
    """As root a mode-000 file is still readable: reading it is made to fail instead."""
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text('{"language": "fr"}')

    def denied(path, limit=0):
        raise settings_file.GameFileError(f"{path}: Permission denied")

    monkeypatch.setattr(settings_file, "read_text", denied)
    app = started(tmp_path)
    (notice,) = app.notices.texts
    assert "Permission denied" in notice
    (kept,) = config.glob("settings.json.broken-*")
    assert kept.name in notice and kept.read_text() == '{"language": "fr"}'
    app.change_settings(speed=2.0)  # the next change writes a new file, not over the old
    assert kept.read_text() == '{"language": "fr"}'


def test_broken_statistics_are_kept_aside_and_the_screen_opens(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    bad = json.dumps(
        {
            "format": "flip7-stats/1",
            "games": {
                "k": {
                    "format": "flip7-summary/1",
                    "seats": [
                        {
                            "name": "Ana",
                            "bot": None,
                            "rounds": 1,
                            "points": 10**400,
                            "busts": 0,
                            "flip7s": 0,
                            "best_round": 1,
                            "won": True,
                        }
                    ],
                }
            },
        }
    )
    (data / "stats.json").write_text(bad)
    app = started(tmp_path)
    app.stack.top.choose("stats")
    pump(app, 2)
    assert isinstance(app.stack.top, StatsScene)
    assert any("stats.json.broken-" in n for n in app.notices.texts)
    (kept,) = data.glob("stats.json.broken-*")
    assert kept.read_text() == bad


def test_a_hostile_game_among_the_saves_slows_nothing(tmp_path):
    """A million decks in saves/: the Statistics screen, Load, Replays and the end of a
    game read it (a rebuild counts every save) in no time."""
    saves = tmp_path / "data" / "saves"
    saves.mkdir(parents=True)
    (saves / "huge.json").write_text(AUTOSAVES["a million decks"])
    (saves / "surrogate.json").write_text(AUTOSAVES["a lone surrogate in a name"])
    app = started(tmp_path)
    t0 = time.perf_counter()
    for what in ("stats", "load", "replays"):
        app.to_menu()
        app.stack.top.choose(what)
        pump(app, 2)
    for path in sorted(saves.iterdir()):  # picked from the list: a message, nothing else
        app.notices.items.clear()
        assert app.load_game(path) is None
        (notice,) = app.notices.texts
        assert "\n" not in notice and len(notice) < 400
    assert time.perf_counter() - t0 < 5


def test_broken_score_sheets_are_listed_with_why_and_the_history_opens(tmp_path):
    sheets = tmp_path / "data" / "sheets"
    sheets.mkdir(parents=True)
    for name, bad in (
        ("20260101-000001", {"target": 10**400}),
        ("20260101-000002", {"start_totals": [10**309, 0]}),
        ("20260101-000003", {"players": ["A\nB", "C"]}),
        ("20260101-000004", {"created": "\ud800"}),
    ):
        (sheets / f"{name}.json").write_text(
            json.dumps({"format": "flip7-sheet/1", "players": ["A", "B"], **bad})
        )
    app = started(tmp_path)
    app.stack.top.choose("sheet")
    pump(app, 3)
    infos = app.stack.top.store.history()
    assert len(infos) == 4 and all(i.problem and "\n" not in i.problem for i in infos)
    assert len(list(sheets.iterdir())) == 4  # listed, never changed


def test_a_saves_file_or_an_unreadable_data_folder_is_no_crash(tmp_path, monkeypatch):
    data = tmp_path / "data"
    data.mkdir()
    (data / "saves").write_text("a file where the saves folder should be")
    (data / "autosave.json").write_text(text_of())  # an unfinished game
    app = started(tmp_path)
    for what in ("load", "replays", "stats", "sheet"):
        app.to_menu()
        app.stack.top.choose(what)
        pump(app, 2)
    table = app.start_game([Seat("Ana", None), Seat("Ben", None)])  # New game
    pump(app, 2)
    assert isinstance(app.stack.top, TableScene) and table.game is not None
    (aside,) = data.glob("unfinished-*.json")  # the unfinished game is kept, beside
    assert json.loads(aside.read_text())["players"] == ["Ana", "Ben"]

    real_stat = os.stat

    def denied(path, *args, **kwargs):  # the data folder cannot be read (as root: faked)
        if str(path).startswith(str(data) + os.sep):
            raise PermissionError(13, "Permission denied", str(path))
        return real_stat(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", denied)
    app = started(tmp_path)
    for what in ("load", "replays", "stats", "sheet"):
        app.to_menu()
        app.stack.top.choose(what)
        pump(app, 2)
    app.start_game([Seat("Ana", None), Seat("Ben", None)])
    pump(app, 2)
    assert app.running


def test_saves_with_strange_file_names_are_listed_picked_and_opened(tmp_path):
    """File names are bytes: not UTF-8, a newline, zero-width or direction marks. The
    lists, the path field, the notices and the replay's title still draw them."""
    from ui.screens.files import FilesScene, ReplayFilesScene
    from ui.table.play import PlayDriver
    from ui.table.replay import ReplayDriver

    saves = tmp_path / "data" / "saves"
    saves.mkdir(parents=True)
    good = (ROOT / "examples" / "faq" / "resume_order.json").read_bytes()
    for name in (b"\xff.json", b"a\nb.json", "\u200b.json".encode(), "\u202e.json".encode()):
        with open(os.path.join(os.fsencode(saves), name), "wb") as f:
            f.write(good)
    os.mkfifo(saves / "fifo.json")
    (saves / "zero.json").symlink_to("/dev/zero")
    strange = sorted(p for p in saves.iterdir() if p.is_file())
    assert len(strange) == 4
    app = started(tmp_path)
    for scene_type, opened in ((FilesScene, PlayDriver), (ReplayFilesScene, ReplayDriver)):
        for path in strange:
            app.to_menu()
            scene = scene_type(app, "load") if scene_type is FilesScene else scene_type(app)
            app.stack.push(scene)
            pump(app, 2)
            listed = set(scene.files.values())
            assert set(strange) <= listed and saves / "fifo.json" not in listed
            scene.set_path(str(path))
            pump(app, 1)
            scene.confirm()
            pump(app, 2)
            assert driven_by(app.stack.top, opened)
    for name in ("fifo.json", "zero.json", "missing\n.json"):
        app.notices.items.clear()
        assert app.load_game(saves / name) is None
        (notice,) = app.notices.texts
        assert "\n" not in notice


def test_long_save_rows_fit_the_list_and_still_open_their_file(tmp_path):
    """A save of six players with 40-character names is wider than the Load list at
    800 × 500: its row ends in "…" inside its box (no text cut by the box's edge),
    two such files stay two rows, and clicking a shortened row opens that file."""
    from game.engine import Game
    from game.gamefile import save
    from tests.test_ui_clipping import widget_overflows
    from ui.driver import click
    from ui.screens.files import FilesScene

    saves = tmp_path / "data" / "saves"
    saves.mkdir(parents=True)
    for first in "AB":
        names = [f"{first}{i}" + "x" * 38 for i in range(6)]
        save(Game(names, seed=5), saves / f"long-{first}.json")
    app = started(tmp_path, size=(800, 500))
    scene = FilesScene(app, "load")
    app.stack.push(scene)
    pump(app, 2)
    assert sorted(scene.files.values()) == [saves / "long-A.json", saves / "long-B.json"]
    assert all(label.endswith("…") for label in scene.files)
    assert widget_overflows(app.manager) == []
    row = next(
        item["button_element"]
        for item in scene.widgets["list"].item_list
        if scene.files[item["text"]].name == "long-B.json"
    )
    click(app, row.rect.center, frames=3)  # the list answers its row's press a pass later
    assert scene.path == str(saves / "long-B.json")
    scene.confirm()
    pump(app, 2)
    assert isinstance(app.stack.top, TableScene)
    assert app.stack.top.game.players[0].startswith("B0")
