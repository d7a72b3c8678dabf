"""Statistics on disk: recorded once, rebuilt from game files when their file breaks."""

import json

from game import gamefile
from game.commands.simulate import play_game
from game.engine import Game
from ui.storage.stats_store import STATS_FILE, StatsStore


def games(n, start=0):
    return [play_game(("baseline", "normal", "easy"), seed) for seed in range(start, start + n)]


def figures(stats):
    return {k: vars(v) for k, v in stats.bots.items()}, {
        k: vars(v) for k, v in stats.players.items()
    }


def test_record_each_game_once_and_file_it(tmp_path):
    store = StatsStore(tmp_path)
    played = games(3)
    assert [store.record(g) for g in played] == [True, True, True]
    assert store.record(played[0]) is False  # the same game again
    assert store.record(Game(["Ana", "Ben"], seed=1)) is False  # not over
    assert store.statistics().games == 3
    assert len(list((tmp_path / "finished").glob("*.json"))) == 3
    again = StatsStore(tmp_path).load()
    assert again.problem is None and figures(again.statistics) == figures(store.statistics())


def test_a_broken_file_is_kept_aside_and_rebuilt(tmp_path):
    store = StatsStore(tmp_path, clock=lambda: 1_780_000_000.0)
    for g in games(4):
        store.record(g)
    want = figures(store.statistics())
    (tmp_path / STATS_FILE).write_text('{"format": "flip7-stats/1", "games": {"x": 1')
    report = StatsStore(tmp_path, clock=lambda: 1_780_000_000.0).load()
    assert report.problem.startswith("the statistics file was damaged (not JSON")
    assert "rebuilt from 4 saved games" in report.problem
    assert report.kept_aside.name.startswith(f"{STATS_FILE}.broken-")
    assert report.kept_aside.read_text().endswith('"x": 1')  # kept as it was
    assert figures(report.statistics) == want
    data = json.loads((tmp_path / STATS_FILE).read_text())  # written again, whole
    assert data["format"] == "flip7-stats/1" and len(data["games"]) == 4


def test_a_wrong_but_valid_json_file_is_broken_too(tmp_path):
    (tmp_path / STATS_FILE).write_text('{"format": "flip7-stats/1", "games": {"k": {}}}')
    report = StatsStore(tmp_path).load()
    assert "not a game summary" in report.problem and report.rebuilt_from == 0
    assert report.statistics.games == 0


def test_rebuilt_from_saves_and_the_last_finished_game(tmp_path):
    a, b, c = games(3, start=10)
    gamefile.save(a, tmp_path / "saves" / "mine.json")
    gamefile.save(a, tmp_path / "saves" / "copy.json")  # the same game twice: counted once
    gamefile.save(b, tmp_path / "last-finished.json")
    gamefile.save(Game(["Ana", "Ben"], seed=1), tmp_path / "saves" / "unfinished-1.json")
    (tmp_path / "saves" / "junk.json").write_text("[1, 2")
    report = StatsStore(tmp_path).load()  # no stats file yet: built from what is there
    assert report.rebuilt_from == 2 and report.statistics.games == 2
    assert [p.name for p in report.unreadable] == ["junk.json"]
    store = StatsStore(tmp_path)
    assert store.record(c) and store.statistics().games == 3


def test_a_fresh_folder_has_empty_statistics(tmp_path):
    report = StatsStore(tmp_path / "new").load()
    assert report.problem is None and report.statistics.games == 0
