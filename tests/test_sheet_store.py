"""Score sheets on disk: saved as typed, history newest first, reopen, delete."""

import json

import pytest

from game.tabletop.calculator import count
from game.tabletop.sheet import ScoreSheet
from ui.storage.sheet_store import SheetStore, SheetStoreError


class Clock:
    def __init__(self, start=1_780_000_000.0):
        self.now = start

    def __call__(self):
        return self.now

    def tick(self, seconds=60):
        self.now += seconds


def sheet(*names):
    return ScoreSheet(list(names or ("Hugo", "Léa", "Lucas", "Chloé")))


def test_round_trip_saved_as_typed(tmp_path):
    store = SheetStore(tmp_path / "sheets", clock=Clock())
    s = sheet()
    path = store.save(s)  # the empty sheet, as soon as it is made
    assert path == tmp_path / "sheets" / f"{s.id}.json" and s.created == s.updated
    s.set_cell(1, 0, count([12, 10, 7], ["x2", "+6"]))
    store.save(s)
    s.set_cell(1, 1, 30)
    s.finish_round()
    store.save(s)
    again = store.open(s.id)
    assert again.to_dict() == s.to_dict()
    assert again.cell(1, 0).text == "29 × 2 + 6 = 64"
    assert not list((tmp_path / "sheets").glob("*.tmp"))  # atomic: no leftovers


def test_history_newest_first_and_delete(tmp_path):
    clock = Clock()
    store = SheetStore(tmp_path, clock=clock)
    made = []
    for names in (("Ana", "Ben"), ("Cy", "Dan"), ("Eve", "Fay")):
        s = sheet(*names)
        s.add_round([10, 20])
        store.save(s)
        made.append(s)
        clock.tick()
    store.save(made[0])  # typing into an old sheet does not move it up
    history = store.history()
    assert [h.players for h in history] == [("Eve", "Fay"), ("Cy", "Dan"), ("Ana", "Ben")]
    assert history[0].totals == (10, 20) and history[0].leaders == ("Fay",)
    assert history[0].status == "playing" and history[0].problem is None
    store.delete(made[1].id)
    assert [h.id for h in store.history()] == [made[2].id, made[0].id]
    with pytest.raises(SheetStoreError, match="no sheet"):
        store.delete(made[1].id)
    with pytest.raises(SheetStoreError):
        store.open(made[1].id)


def test_two_sheets_in_the_same_second_get_their_own_files(tmp_path):
    store = SheetStore(tmp_path, clock=Clock())
    ids = [store.save(sheet()).stem for _ in range(3)]
    assert len(set(ids)) == 3
    assert [h.id for h in store.history()] == sorted(ids, reverse=True)


def test_a_broken_file_is_listed_with_why_and_left_alone(tmp_path):
    store = SheetStore(tmp_path, clock=Clock())
    store.save(sheet())
    broken = tmp_path / "20200101-000000.json"
    broken.write_text('{"format": "flip7-sheet/1", "players": ["Solo"]}')
    (tmp_path / "notes.txt").write_text("not a sheet")
    history = store.history()
    assert len(history) == 2
    bad = next(h for h in history if h.problem)
    assert "2 to 18 players" in bad.problem and bad.path == broken
    with pytest.raises(SheetStoreError, match="20200101-000000.json: a score sheet has"):
        store.open("20200101-000000")
    assert json.loads(broken.read_text())["players"] == ["Solo"]


def test_names_that_are_not_sheet_names_are_refused(tmp_path):
    store = SheetStore(tmp_path)
    for bad in ("../../etc/passwd", "", ".hidden", "a/b"):
        with pytest.raises(SheetStoreError, match="not a sheet name"):
            store.open(bad)


def test_missing_folder_gives_an_empty_history(tmp_path):
    assert SheetStore(tmp_path / "nowhere").history() == []


def test_default_folder_follows_flip7_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FLIP7_HOME", str(tmp_path))
    assert SheetStore().folder == tmp_path / "data" / "sheets"
