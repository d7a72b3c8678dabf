"""Fuzz (hypothesis): every game file, settings file, score sheet and statistics file is
either loaded or refused with one line, in bounded time — never a crash, never a hang.

Inputs are good files with hostile values put in at random places (huge numbers, lone
surrogates, NUL, newlines, zero-width and direction marks, emoji, deep nesting, wrong
types), and random bytes.
"""

import contextlib
import io
import json
import tempfile
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.commands.review import main as review_main
from game.gamefile import GameFileError, load
from ui import settings as settings_file
from ui.storage.saves import LoadError, load_file
from ui.storage.sheet_store import SheetStore, SheetStoreError
from ui.storage.stats_store import StatsStore

SECONDS = 3.0  # the most any one file may take to be loaded or refused
FUZZ = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

GAME = {
    "format": "flip7/1",
    "players": ["Hugo", {"name": "Léa", "bot": "expert"}, "Lucas"],
    "rules": {"target": 50, "opening": "deal", "flip_three_on_bust": "resolve", "decks": 1},
    "seed": 7,
    "dealer": 2,
    "totals": [10, 20, 30],
    "deck": ["12", "1", "flip_three"],
    "actions": [
        {"player": "Hugo", "do": "hit"},
        {"player": "Hugo", "do": "stay"},
        {"player": "Léa", "do": "target", "target": "Lucas"},
    ],
}
SETTINGS = {
    "format": "flip7-settings/1",
    "language": "fr",
    "speed": 1.5,
    "reduced_motion": False,
    "hints": True,
    "volume": 0.5,
    "window": [1280, 720],
    "fullscreen": False,
}
SHEET = {
    "format": "flip7-sheet/1",
    "id": "20261130-201500",
    "created": "2026-11-30T20:15:00",
    "players": ["Hugo", "Léa", "Lucas"],
    "target": 200,
    "first_dealer": 0,
    "start_totals": [0, 5, 0],
    "rounds": [
        [24, 0, {"numbers": [7, 10, 12], "modifiers": ["+6", "x2"], "busted": False, "points": 64}]
    ],
    "current": [None, 3, None],
}
STATS = {
    "format": "flip7-stats/1",
    "games": {
        "abc": {
            "format": "flip7-summary/1",
            "seats": [
                {
                    "name": "Hugo",
                    "bot": None,
                    "rounds": 3,
                    "points": 60,
                    "busts": 1,
                    "flip7s": 0,
                    "best_round": 30,
                    "won": True,
                },
                {
                    "name": "Ada",
                    "bot": "expert",
                    "rounds": 3,
                    "points": 50,
                    "busts": 0,
                    "flip7s": 0,
                    "best_round": 25,
                    "won": False,
                },
            ],
        }
    },
}

HOSTILE_TEXT = st.sampled_from(
    [
        "\ud800",
        "\udfff",
        "A\x00",
        "A\nB",
        "\r",
        "\u200b",
        "\u202e",
        "\ufeff",
        "\u200f",
        "\u2028",
        "\u0301",
        "😀",
        "👨\u200d👩\u200d👧",
        "",
        " ",
        "x" * 5000,
        "ب\u200fA",
        "\t",
    ]
)
HOSTILE_NUMBER = st.sampled_from(
    [
        10**309,
        -(10**309),
        10**4000,
        2**63,
        -1,
        0,
        1e308,
        float("inf"),
        1.5,
        True,
        None,
        1_000_000,
        1_000_001,
        10_000,
        10_001,
        16384,
        3841,
    ]
)
LEAF = st.one_of(
    HOSTILE_TEXT,
    HOSTILE_NUMBER,
    st.text(max_size=8),
    st.integers(),
    st.just([]),
    st.just({}),
    st.just([[[[[]]]]]),
    st.just({"name": "\u200b", "bot": "easy"}),
)


def mutate(doc, draw_path, value):
    """``doc`` with ``value`` put at ``draw_path`` (keys / indexes, as far as they go)."""
    doc = json.loads(json.dumps(doc))
    node = doc
    for step in draw_path[:-1]:
        if isinstance(node, dict) and node:
            node = node[sorted(node)[step % len(node)]]
        elif isinstance(node, list) and node:
            node = node[step % len(node)]
        else:
            break
    last = draw_path[-1]
    if isinstance(node, dict):
        keys = sorted(node) + ["extra"]
        node[keys[last % len(keys)]] = value
    elif isinstance(node, list):
        if node:
            node[last % len(node)] = value
        else:
            node.append(value)
    return doc


def documents(good):
    mutated = st.builds(
        mutate, st.just(good), st.lists(st.integers(0, 50), min_size=1, max_size=5), LEAF
    )
    twice = st.builds(mutate, mutated, st.lists(st.integers(0, 50), min_size=1, max_size=5), LEAF)
    return st.one_of(mutated, twice)


def encoded(good):
    """The bytes of a file: a mutated good document, or random bytes."""
    as_json = documents(good).map(lambda d: _dumps(d).encode("utf-8"))
    return st.one_of(
        as_json,
        as_json,
        as_json,
        st.binary(max_size=300),
        st.just(b'{"a":' * 100_000),
        st.just(b"\xef\xbb\xbf" + _dumps(good).encode()),
    )


def _dumps(doc) -> str:
    try:
        return json.dumps(doc)  # ensure_ascii: a lone surrogate is written as \ud800
    except ValueError:  # inf / nan written as bare Infinity (json.loads reads it)
        return json.dumps(doc, allow_nan=True)


def one_line(message: object) -> None:
    text = str(message)
    assert text and "\n" not in text and "\r" not in text and len(text) < 600, text
    assert "Traceback" not in text


def timed(fn):
    t0 = time.perf_counter()
    result = fn()
    assert time.perf_counter() - t0 < SECONDS
    return result


@FUZZ
@given(encoded(GAME))
def test_game_files_load_or_are_refused_in_one_line(data):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_bytes(data)
        try:
            timed(lambda: load(path, record_events=False))
        except GameFileError as e:
            one_line(e)
        try:  # what Load game, Continue and the replay list do
            timed(lambda: load_file(path))
        except LoadError as e:
            one_line(e)
        err = io.StringIO()  # python -m game.review: the coach's review, or one line
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            status = timed(lambda: review_main([str(path)]))
        assert status in (0, 2)
        if status:
            one_line(err.getvalue().rstrip("\n"))


@FUZZ
@given(encoded(SETTINGS))
def test_settings_files_load_or_are_replaced_with_one_line(data):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.json"
        path.write_bytes(data)
        settings, problem, kept = timed(lambda: settings_file.load(path))
        lo, hi = settings_file.MIN_WINDOW, settings_file.MAX_WINDOW
        assert lo[0] <= settings.window[0] <= hi[0] and lo[1] <= settings.window[1] <= hi[1]
        if problem is not None:
            one_line(problem)
            assert kept is not None and kept.read_bytes() == data  # kept aside, never lost
        assert settings_file.from_dict(json.loads(path.read_text("utf-8-sig")))[1] is None


@FUZZ
@given(encoded(SHEET))
def test_score_sheets_open_or_are_refused_in_one_line(data):
    with tempfile.TemporaryDirectory() as folder:
        store = SheetStore(folder)
        (Path(folder) / "20261130-201500.json").write_bytes(data)
        try:
            sheet = timed(lambda: store.open("20261130-201500"))
        except SheetStoreError as e:
            one_line(e)
        else:
            sheet.totals, sheet.standings(), sheet.status  # noqa: B018  what the screen reads
            store.save(sheet)  # and what it writes back reads the same
            assert store.open(sheet.id).to_dict()["rounds"] == sheet.to_dict()["rounds"]
        (info,) = timed(store.history)
        if info.problem:
            one_line(info.problem)


@FUZZ
@given(encoded(STATS))
def test_statistics_files_load_or_are_rebuilt_with_one_line(data):
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "stats.json").write_bytes(data)
        report = timed(lambda: StatsStore(folder).load())
        if report.problem:
            one_line(report.problem)
            assert (Path(folder) / report.kept_aside.name).read_bytes() == data
        for record in [*report.statistics.players.values(), *report.statistics.bots.values()]:
            record.average_round, record.bust_rate, record.win_rate  # noqa: B018  floats
