"""Nothing kept is ever overwritten: set-aside copies, exported pages; and what the program
writes it reads back (a plug-in's spec in the statistics)."""

from __future__ import annotations

import json

import pytest
from PIL import Image

from game import atomic
from game.engine import Game
from game.tabletop.sheet import ScoreSheet
from ui import settings
from ui.paths import dirs
from ui.storage.saves import Saves
from ui.storage.stats_store import StatsStore
from ui.tabletop.sheet_export import main as export_main
from ui.tabletop.sheet_export import save_pages


@pytest.fixture
def same_second(monkeypatch):
    """Every set-aside stamped in the same second."""
    monkeypatch.setattr(atomic, "_stamp", lambda now: "20261202-120000")


def test_two_set_asides_in_one_second_keep_both(tmp_path, same_second):
    path = tmp_path / "thing.json"
    kept = []
    for text in ("first", "second", "third"):
        path.write_text(text)
        kept.append(atomic.set_aside(path))
    assert [k.name for k in kept] == [
        "thing.json.broken-20261202-120000",
        "thing.json.broken-20261202-120000-2",
        "thing.json.broken-20261202-120000-3",
    ]
    assert [k.read_text() for k in kept] == ["first", "second", "third"] and not path.exists()


def test_broken_settings_twice_in_one_second_are_both_kept(tmp_path, same_second):
    path = tmp_path / "settings.json"
    for text in ("{broken", "[1, 2"):
        path.write_text(text)
        _settings, problem, kept = settings.load(path)
        assert problem and kept is not None
    kept_files = sorted(tmp_path.glob("settings.json.broken-*"))
    assert [p.read_text() for p in kept_files] == ["{broken", "[1, 2"]


def test_broken_autosaves_twice_in_one_second_are_both_kept(tmp_path, same_second):
    saves = Saves(dirs(str(tmp_path)))
    saves.dirs.data.mkdir(parents=True)
    for text in ("not json", '{"format": "flip7/1"}'):
        saves.dirs.autosave.write_text(text)
        assert saves.discard_broken_autosave() is not None
    kept = sorted(saves.dirs.data.glob("autosave.json.broken-*"))
    assert [p.read_text() for p in kept] == ["not json", '{"format": "flip7/1"}']


def test_damaged_statistics_twice_in_one_second_are_both_kept(tmp_path):
    store = StatsStore(tmp_path, clock=lambda: 1_800_000_000.0)
    for text in ("damaged once", "damaged twice"):
        store.path.write_text(text)
        report = StatsStore(tmp_path, clock=lambda: 1_800_000_000.0).load()
        assert report.problem is not None
    kept = sorted(tmp_path.glob("stats.json.broken-*"))
    assert [p.read_text() for p in kept] == ["damaged once", "damaged twice"]


def test_a_long_plugin_spec_in_the_statistics_is_read_back(tmp_path):
    """A spec of far more than a name's 40 characters: written, then read as it was."""
    spec = f"{'/very/long/folder/name' * 4}/my_bot.py:choose"
    assert len(spec) > 80
    game = Game(["Ana", "Evil"], seed=2, bots=[None, spec], record_events=False)
    while game.pending is not None:
        game.apply(game.pending.actions[0])
    store = StatsStore(tmp_path)
    store.load()
    store.record(game)
    again = StatsStore(tmp_path).load()
    assert again.problem is None and again.statistics.games == 1
    assert not list(tmp_path.glob("stats.json.broken-*"))
    assert spec in json.dumps(json.loads(store.path.read_text()))


# ------------------------------------------------------------ exports
def long_sheet() -> ScoreSheet:
    sheet = ScoreSheet(["Ana", "Ben", "Cy"], target=5000)
    for r in range(45):
        sheet.add_round([r % 13, 20, 7])
    return sheet


def three_pages() -> list[Image.Image]:
    """Three pages, as a long sheet makes (test_sheet_export.py draws them): where they
    are written does not depend on what they show."""
    return [Image.new("RGB", (60, 85), "white") for _ in range(3)]


def test_an_export_replaces_the_file_named_but_no_page_the_person_did_not_name(tmp_path):
    pages = three_pages()
    named, other = tmp_path / "x.png", tmp_path / "x-2.png"
    named.write_bytes(b"old export")
    other.write_bytes(b"precious, never named")
    written = save_pages(pages, named)
    assert other.read_bytes() == b"precious, never named"
    assert len(written) == 3 and all(p.read_bytes()[:4] == b"\x89PNG" for p in written)
    assert named.read_bytes() == b"old export"  # the set went to free names instead
    assert [p.name for p in written] == ["x-3.png", "x-3-2.png", "x-3-3.png"]


def test_an_export_of_free_names_writes_the_file_named(tmp_path):
    named = tmp_path / "x.png"
    named.write_bytes(b"old export")
    written = save_pages(three_pages(), named)
    assert [p.name for p in written] == ["x.png", "x-2.png", "x-3.png"]
    assert named.read_bytes()[:4] == b"\x89PNG"


def test_the_export_command_never_writes_over_a_further_page(tmp_path, capsys):
    sheet_file = tmp_path / "sheet.json"
    sheet_file.write_text(json.dumps(long_sheet().to_dict()))
    (tmp_path / "out-3.png").write_bytes(b"keep me")
    out = tmp_path / "out.png"
    assert export_main(["--sheet", str(sheet_file), "--out", str(out)]) == 0
    assert (tmp_path / "out-3.png").read_bytes() == b"keep me"
    printed = capsys.readouterr().out
    assert "out-2.png" in printed and "out-2-3.png" in printed
