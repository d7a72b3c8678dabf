"""The expert's tables kept on disk (game.bots.tablecache): a process reads the very tables
an earlier one built, and a file that is damaged, foreign or unwritable is never an error."""

import pytest

from game.bots import tablecache, winprob


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A home folder of the test's own, and no table of this process kept in memory."""
    monkeypatch.setenv(tablecache.HOME_ENV, str(tmp_path))
    winprob._win_table.cache_clear()
    winprob.race.cache_clear()
    yield tmp_path
    winprob._win_table.cache_clear()
    winprob.race.cache_clear()


@pytest.fixture(scope="module")
def built_200_30():
    """The table for 200 points against a stop at 30, built here, never read from a file."""
    return winprob.WinTable(200, 30).cells


def files(home):
    return sorted(p.name for p in (home / "cache" / "expert-tables").iterdir())


def test_a_process_reads_the_tables_an_earlier_one_built(home, monkeypatch):
    built = winprob.win_table(200, 30).cells
    race = winprob.race(200).table(30, True)
    digest = tablecache.digest()
    assert files(home) == [
        f"race-200-5-30-finish-{digest}.f64",
        f"win-200-5-30-{digest}.f64",
    ]
    assert built == winprob.WinTable(200, 30).cells  # what the cache holds is the table
    assert race == winprob.Race(200)._build(30, True)
    winprob._win_table.cache_clear()  # the next process: nothing in memory…
    winprob.race.cache_clear()

    def never(*args, **kwargs):
        raise AssertionError("built again")

    monkeypatch.setattr(winprob.WinTable, "__init__", never)  # …and nothing built
    monkeypatch.setattr(winprob.Race, "_build", never)
    assert winprob.win_table(200, 30).cells == built
    assert winprob.win_table(200, 30).at(123, 77) == winprob.WinTable.from_cells(200, 5, built).at(
        123, 77
    )
    assert winprob.race(200).table(30, True) == race


@pytest.mark.parametrize(
    "content",
    [
        b"",  # empty
        b"\x00garbage",  # not a whole number of floats
        tablecache.encode([[0.5] * 40] * 39),  # a row short
        tablecache.encode([[0.5] * 40] * 40)[:-8],  # cut off
        b"\xff" * 8 + tablecache.encode([[0.5] * 40] * 40)[8:],  # a row's length not a number
    ],
)
def test_a_damaged_file_is_built_again_and_written_over(home, content, built_200_30):
    path = home / "cache" / "expert-tables" / f"win-200-5-30-{tablecache.digest()}.f64"
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    assert winprob.win_table(200, 30).cells == built_200_30
    assert tablecache.read(path.read_bytes(), 40) == built_200_30


def test_a_folder_that_cannot_be_written_builds_the_table_each_time(tmp_path, monkeypatch):
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    monkeypatch.setenv(tablecache.HOME_ENV, str(blocked))
    calls = []
    table = tablecache.stored("t", 2, lambda: calls.append(1) or [[0.5], [0.25]])
    again = tablecache.stored("t", 2, lambda: calls.append(1) or [[0.5], [0.25]])
    assert table == again == [[0.5], [0.25]] and len(calls) == 2


def test_tables_of_other_sources_are_other_files(home, tmp_path, monkeypatch):
    """A change to winprob.py or to expert_tables.json names new files: an old table is
    never read for a new computation."""
    before = tablecache.digest()
    source = tmp_path / "source"
    source.mkdir()
    for name in ("winprob.py", "expert_tables.json"):
        (source / name).write_bytes((tablecache._HERE / name).read_bytes())
    (source / "winprob.py").write_bytes(b"# changed\n" + (source / "winprob.py").read_bytes())
    monkeypatch.setattr(tablecache, "_HERE", source)
    tablecache.digest.cache_clear()
    try:
        assert tablecache.digest() != before
    finally:
        tablecache.digest.cache_clear()


def test_without_its_sources_nothing_is_kept(home, tmp_path, monkeypatch):
    monkeypatch.setattr(tablecache, "_HERE", tmp_path / "nowhere")
    tablecache.digest.cache_clear()
    try:
        assert tablecache.stored("t", 1, lambda: [[0.5]]) == [[0.5]]
        assert not (home / "cache").exists()
    finally:
        tablecache.digest.cache_clear()
