"""Nothing a file, a name or a keyboard can hold stops the game.

One test per class of hostile input, at the layer that refuses it: the game-file
loader and ``python -m game.replay``, names everywhere, numbers, files that are no
regular files, settings, exports, atomic writes. The app's start-up with each broken
file is in ``test_ui_broken_files.py``; the fuzz test in ``test_fuzz_files.py``.
"""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PIL import Image

from game import atomic, gamefile, limits
from game.atomic import write_atomic
from game.gamefile import GameFileError, from_dict, load
from game.limits import MAX_ACTIONS, MAX_DECKS, MAX_NAME, MAX_TARGET, MAX_TOTAL, name_problem
from game.tabletop.sheet import ScoreSheet, SheetError
from game.tabletop.stats import GameSummary, StatsError
from ui import settings as settings_file
from ui.config import ConfigError, parse_players, parse_size
from ui.screens.setup_model import TableSetup
from ui.tabletop.sheet_export import export_blank, save_pages

ROOT = Path(__file__).resolve().parent.parent
BASE = {"format": "flip7/1", "players": ["Ana", "Ben"], "seed": 1, "actions": []}


def with_(**changes) -> dict:
    return {**BASE, **changes}


def replay(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game.replay", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ, PYTHONIOENCODING="utf-8"),
    )


def refused_in_one_line(path: Path) -> str:
    t0 = time.perf_counter()
    done = replay(str(path))
    assert time.perf_counter() - t0 < 10
    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and len(done.stderr) < 400, done.stderr
    return done.stderr


# ------------------------------------------------------------- crash or hang at start
def test_decks_are_bounded_before_any_card_is_built():
    t0 = time.perf_counter()
    with pytest.raises(GameFileError, match=f"'decks' must be an integer from 1 to {MAX_DECKS}"):
        from_dict(with_(rules={"decks": 1_000_000}))
    assert time.perf_counter() - t0 < 0.5
    assert from_dict(with_(rules={"decks": MAX_DECKS})).rules.decks == MAX_DECKS


@pytest.mark.parametrize(
    "name, why",
    [
        ("\ud800", "control or invalid character"),  # a lone surrogate
        ("A\x00", "control or invalid character"),  # NUL
        ("A\nB", "control or invalid character"),  # a newline
        ("A\u2028B", "control or invalid character"),  # a line separator
        ("\u200b", "without a visible character"),  # zero width space
        ("\u202e\u200f", "without a visible character"),  # direction controls
        ("\ufeff \u200d", "without a visible character"),  # BOM, space, joiner
        ("\u0301", "without a visible character"),  # a combining mark alone
        ("x" * (MAX_NAME + 1), f"longer than {MAX_NAME}"),
    ],
)
@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_names_that_cannot_be_drawn_or_written_are_refused_everywhere(name, why, tmp_path):
    assert why in name_problem(name)
    with pytest.raises(GameFileError, match=why):  # game files: replay, Load, Continue
        from_dict(with_(players=[name, "Ben"]))
    with pytest.raises(GameFileError, match=why):  # a bot's name too
        from_dict(with_(players=[{"name": name, "bot": "easy"}, "Ben"]))
    with pytest.raises(SheetError):  # score sheets
        ScoreSheet([name, "Ben"])
    with pytest.raises(StatsError):  # statistics
        GameSummary.from_dict(
            {
                "format": "flip7-summary/1",
                "seats": [
                    {
                        "name": name,
                        "bot": None,
                        "rounds": 1,
                        "points": 1,
                        "busts": 0,
                        "flip7s": 0,
                        "best_round": 1,
                        "won": True,
                    }
                ],
            }
        )
    if "\n" not in name and "," not in name and name.strip():
        with pytest.raises(ConfigError):  # --players
            parse_players(f"{name},Ben")
    setup = TableSetup.default("Ana")
    setup.seats[0] = setup.seats[0]._replace(name=name)
    assert "setup.error.name_empty" in setup.problems()  # New game cannot start
    # the message is one line, with a short escaped excerpt of the name
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(with_(players=[name, "Ben"])), encoding="utf-8")
    assert why in refused_in_one_line(path)


def test_good_names_pass_everywhere():
    for name in ("Léa", "李小龙", "أحمد\u200f", "😀", "e\u0301", "Zoë-Ann O'Neil", "x" * MAX_NAME):
        assert name_problem(name) is None, name
        from_dict(with_(players=[name, "Ben"]))
        ScoreSheet([name, "Ben"])


def test_the_name_limit_is_one_limit_so_a_game_the_app_wrote_is_never_refused():
    name = "x" * MAX_NAME
    seats = parse_players(f"{name},Ben")
    game = from_dict(with_(players=[s.name for s in seats]))
    from ui.storage.saves import load_file

    path = Path(os.environ.get("TMPDIR", "/tmp")) / f"flip7-limit-{os.getpid()}.json"
    try:
        gamefile.save(game, path)
        assert load_file(path).players == (name, "Ben")
    finally:
        path.unlink()
    with pytest.raises(ConfigError, match="longer than"):
        parse_players(f"{name}x,Ben")


def test_numbers_beyond_the_limits_are_refused_before_any_float():
    huge = 10**400
    with pytest.raises(GameFileError, match="'totals' must hold integers from 0 to"):
        from_dict(with_(totals=[huge, 0]))
    with pytest.raises(GameFileError, match="'totals'"):
        from_dict(with_(totals=[MAX_TOTAL + 1, 0]))
    from_dict(with_(totals=[MAX_TOTAL, 0]))
    with pytest.raises(GameFileError, match=f"at most {MAX_TARGET}, not a number of 401 digits"):
        from_dict(with_(rules={"target": huge}))
    for bad in ({"target": huge}, {"start_totals": [huge, 0]}):
        with pytest.raises(SheetError):
            ScoreSheet.from_dict({"format": "flip7-sheet/1", "players": ["A", "B"], **bad})
    with pytest.raises(StatsError, match="from 0 to"):
        GameSummary.from_dict(
            {
                "format": "flip7-summary/1",
                "seats": [
                    {
                        "name": "A",
                        "bot": None,
                        "rounds": 1,
                        "points": huge,
                        "busts": 0,
                        "flip7s": 0,
                        "best_round": 1,
                        "won": True,
                    }
                ],
            }
        )


def test_a_game_at_the_target_limit_ends_within_the_action_limit():
    """The app never writes a file it would refuse: a game to the largest target, with
    the most seats, takes far fewer decisions than a file may hold."""
    from game.commands.simulate import play_game
    from game.rules import RuleOptions

    game = play_game(("baseline",) * 18, seed=1, rules=RuleOptions(target=MAX_TARGET))
    assert game.over and len(game.actions) < MAX_ACTIONS / 2


def test_players_and_actions_are_counted_before_anything_is_built():
    t0 = time.perf_counter()
    with pytest.raises(GameFileError, match="100000 players: a game file holds at most"):
        from_dict(with_(players=[f"P{i}" for i in range(100_000)]))
    with pytest.raises(GameFileError, match=f"actions: a game file holds at most {MAX_ACTIONS}"):
        from_dict(with_(actions=[{"player": "Ana", "do": "hit"}] * (MAX_ACTIONS + 1)))
    with pytest.raises(GameFileError, match="'deck' lists"):
        from_dict(with_(deck=["5"] * 10_000))
    assert time.perf_counter() - t0 < 2


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_a_fifo_a_device_and_a_folder_are_refused_without_blocking(tmp_path):
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.json"
    zero.symlink_to("/dev/zero")
    for path in (fifo, zero):
        with pytest.raises(GameFileError, match="not a regular file"):
            load(path)
        assert "not a regular file" in refused_in_one_line(path)
    with pytest.raises(GameFileError):
        load(tmp_path)


def test_a_file_is_read_with_a_cap_not_trusting_its_size(tmp_path, monkeypatch):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 2000)
    with pytest.raises(GameFileError, match="file too large"):
        gamefile.read_text(path, limit=1000)
    assert gamefile.read_text(path, limit=2000) == " " * 2000


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_messages_are_one_line_with_a_short_escaped_excerpt(tmp_path):
    long_bad = "A\n" * 5_000_000  # 10 MB of newlines in a player's name
    path = tmp_path / "one\nline.json"
    path.write_text(json.dumps(with_(actions=[{"player": long_bad, "do": "hit"}])))
    line = refused_in_one_line(path)
    assert line.endswith(
        "one\\nline.json: action 0: unknown player 'A\\nA\\nA\\nA\\nA\\nA\\nA"
        "\\nA\\nA\\nA\\nA\\nA\\nA\\…\n"
    ), line
    for bad in ("x" * 10_000, 10**4000, [1] * 10_000, {"a": 1}):
        text = limits.excerpt(bad)
        assert len(text) <= limits.EXCERPT and "\n" not in text


def test_replay_of_a_large_legal_file_is_fast(tmp_path):
    from game.commands.simulate import play_game
    from game.rules import RuleOptions

    game = play_game(("baseline",) * 18, seed=2, rules=RuleOptions(target=3000))
    path = tmp_path / "long.json"
    gamefile.save(game, path)
    t0 = time.perf_counter()
    load(path, record_events=False)
    assert time.perf_counter() - t0 < 3


# ------------------------------------------------------------------ writing
def test_text_that_cannot_be_utf8_is_an_oserror_and_nothing_is_written(tmp_path):
    path = tmp_path / "x.json"
    path.write_text("before")
    with pytest.raises(OSError, match="cannot be written as UTF-8"):
        write_atomic(path, "\ud800")
    assert path.read_text() == "before" and sorted(p.name for p in tmp_path.iterdir()) == ["x.json"]


def test_renames_are_followed_by_an_fsync_of_the_folder(tmp_path, monkeypatch):
    synced = []
    real_fsync = os.fsync

    def fsync(fd):
        synced.append(os.path.isdir(f"/proc/self/fd/{fd}"))
        return real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    write_atomic(tmp_path / "a.json", "{}")
    atomic.move(tmp_path / "a.json", tmp_path / "b.json")
    assert synced.count(True) == 2 and synced.count(False) == 1


def test_stale_temp_files_are_cleaned_in_every_folder_the_app_writes(tmp_path):
    from ui.paths import dirs
    from ui.storage.saves import Saves

    d = dirs(tmp_path)
    folders = [
        d.data,
        d.config,
        d.saves,
        d.data / "sheets",
        d.data / "finished",
        d.data / "exports",
    ]
    old = time.time() - 60
    for folder in folders:
        folder.mkdir(parents=True, exist_ok=True)
        for name in (".autosave.json.abc.tmp", ".keep.json.xyz.tmp", "real.json"):
            (folder / name).write_text("x")
        os.utime(folder / ".autosave.json.abc.tmp", (old, old))
    Saves(d)
    for folder in folders:
        files = sorted(p.name for p in folder.iterdir() if p.is_file())
        assert files == [".keep.json.xyz.tmp", "real.json"]


def test_a_saves_file_never_loses_the_unfinished_game(tmp_path):
    from ui.paths import dirs
    from ui.storage.saves import Saves

    d = dirs(tmp_path)
    d.data.mkdir(parents=True)
    d.saves.write_text("not a folder")
    saves = Saves(d)
    first = from_dict(BASE)
    assert saves.autosave(first) is None
    kept = d.autosave.read_text()
    assert saves.begin(from_dict(with_(seed=2))) is None  # New game: no crash
    (aside,) = d.data.glob("unfinished-*.json")
    assert aside.read_text() == kept
    assert saves.list_saves() == []


# ------------------------------------------------------------------ settings
def test_a_huge_window_in_the_settings_is_brought_down_to_the_limit():
    s, problem = settings_file.from_dict({"window": [16384, 16384]})
    assert s.window == limits.MAX_WINDOW and problem is None
    with pytest.raises(ConfigError, match="out of range"):
        parse_size("16384x16384")
    assert parse_size("3840x2160") == (3840, 2160)


def test_an_unreadable_settings_file_is_moved_aside_and_never_overwritten(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    path.write_text('{"language": "fr"}')

    def denied(p, limit=0):
        raise GameFileError(f"{p}: Permission denied")

    monkeypatch.setattr(settings_file, "read_text", denied)
    s, problem, kept = settings_file.load(path)
    assert problem == "cannot read it: Permission denied"
    assert kept is not None and kept.read_text() == '{"language": "fr"}'  # moved aside
    assert json.loads(path.read_text())["format"] == "flip7-settings/1"  # a fresh one


def test_a_settings_file_that_cannot_be_kept_aside_is_left_alone(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    path.write_text('{"language": "fr"}')
    monkeypatch.setattr(
        settings_file,
        "read_text",
        lambda p, limit=0: (_ for _ in ()).throw(GameFileError("x: denied")),
    )

    def refuse(*_a, **_k):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(atomic, "move_to_new", refuse)
    monkeypatch.setattr(atomic.shutil, "copyfileobj", refuse)
    s, problem, kept = settings_file.load(path)
    assert kept is None and "left as it is" in problem
    assert settings_file.save(s.with_(speed=2.0), path) is False  # the next change
    assert path.read_text() == '{"language": "fr"}'
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


# ------------------------------------------------------------------ exports
def test_exports_never_follow_a_link_nor_replace_a_file_not_chosen(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    folder = tmp_path / "exports"
    folder.mkdir()
    (folder / "sheet.png").symlink_to(victim)  # a planted link at the export's name
    page = [Image.new("RGB", (8, 8), "white")]  # where and how a page is written, not its look
    (written,) = save_pages(page, folder / "sheet.png", replace=False)
    assert written.name == "sheet-2.png" and victim.read_text() == "precious"
    (again,) = save_pages(page, folder / "sheet.png", replace=False)
    assert again.name == "sheet-3.png"
    # the command line's --out is chosen: replaced, but the link itself, atomically
    (chosen,) = save_pages(page, folder / "sheet.png")
    assert not chosen.is_symlink() and chosen.read_bytes()[:4] == b"\x89PNG"
    assert victim.read_text() == "precious"
    assert not [p for p in folder.iterdir() if p.name.startswith(".")]  # no temp file left


def test_typed_numbers_are_ascii_digits_within_the_limits():
    assert limits.parse_int(" 42 ") == 42
    for text in ("²", "٣", "", "1e3", "-1", "9" * 40):
        assert limits.parse_int(text) is None, text
    setup = TableSetup.default("Ana")
    setup.target = str(MAX_TARGET + 1)
    assert "setup.error.target" in setup.problems()
    setup.target = "²"
    assert "setup.error.target" in setup.problems()


def test_a_page_pillow_cannot_draw_is_an_export_error(tmp_path, monkeypatch):
    from ui.tabletop.sheet_export import ExportError

    def fails(*_a, **_k):
        raise RuntimeError("text contains a newline\nsecond line")

    monkeypatch.setattr(Image.Image, "save", fails)
    with pytest.raises(ExportError, match="could not be made") as info:
        export_blank(tmp_path / "blank.pdf")
    assert "\n" not in str(info.value)
    assert list(tmp_path.iterdir()) == []


def test_file_names_that_are_not_utf8_or_hold_a_newline_draw_on_one_line(tmp_path):
    from ui.notice import Notices

    notices = Notices()
    notices.add("Could not open \udcff\n\u2028x.json: why")
    assert notices.texts == ["Could not open ???x.json: why"]
    assert limits.printable("e\u0301 \u200b😀") == "e\u0301 \u200b😀"  # drawable: kept
