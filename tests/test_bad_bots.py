"""The hostile-bot zoo (tests/bots_zoo/) through every place a plug-in plays (docs/bots.md).

In the commands a misbehaving plug-in ends the run with exit status 2 and one line
naming the spec, the game and what happened; at the table its seat falls back to
baseline with a notice while the window keeps drawing. A plug-in that only writes
into what it was handed, or looks for the game through ``gc``, changes nothing; one
that looks through its process for the program's code finds none.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from game.bots import sandbox
from game.commands import simulate, tournament
from ui.config import Seat
from ui.driver import make_app, pump

ZOO = Path(__file__).resolve().parent / "bots_zoo"
SLEEPER_TIMEOUT = 0.5  # seconds per decision for the sleeper: stopped quickly
TABLE_SLEEPER_TIMEOUT = 3.0  # at the table: far longer than any frame, were it waited for
TIMEOUT = 10.0  # for the others: they fail for their own reason, however loaded the machine
pytestmark = pytest.mark.slow  # every test starts plug-in processes and waits out deadlines

#: zoo bot -> what the one line says
MISBEHAVING = {
    "sleeps": "took longer than 0.5 s to decide",
    "sys_exit": "called sys.exit(3)",
    "os_exit": "its process ended while deciding (exit status 7)",
    "interrupt": "raised KeyboardInterrupt",
    "raises": "raised KeyError: 'x'",
    "returns_junk": "returned 'cheat', which is not a legal action",
    "mutates_legal": "which is not a legal action",
}
AT_IMPORT = {
    "exits_at_import": "called sys.exit(4) while loading",
    "os_exit_at_import": "its process ended while loading (exit status 5)",
}
HARMLESS = ("mutates_view", "reaches_game", "looks_around", "prints")  # they play like first.py


def spec(name: str) -> str:
    return f"{ZOO / name}.py:choose"


@pytest.fixture(autouse=True)
def _no_plugin_left_running():
    yield
    sandbox.close_all()


def one_line_exit(capsys, command, argv: list[str]) -> str:
    with pytest.raises(SystemExit) as stop:
        command.main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


RUNS = {
    "simulate": (simulate, ["--games", "4"]),
    "simulate --workers 2": (simulate, ["--games", "4", "--workers", "2"]),
    "tournament": (tournament, ["--games", "4"]),
}


@pytest.mark.parametrize("run", RUNS)
@pytest.mark.parametrize("name", MISBEHAVING)
def test_a_misbehaving_plugin_ends_the_run_with_one_line(capsys, name, run):
    command, extra = RUNS[run]
    started = time.monotonic()
    timeout = SLEEPER_TIMEOUT if name == "sleeps" else TIMEOUT
    argv = ["--bots", f"{spec(name)},baseline,easy", "--bot-timeout", str(timeout), *extra]
    err = one_line_exit(capsys, command, argv)
    assert spec(name) in err and "game 0" in err and MISBEHAVING[name] in err
    assert time.monotonic() - started < 30  # a sleeper is stopped at its deadline


@pytest.mark.parametrize("run", RUNS)
@pytest.mark.parametrize("name", AT_IMPORT)
def test_a_plugin_that_exits_as_it_is_imported_is_one_line(capsys, name, run):
    command, extra = RUNS[run]
    err = one_line_exit(capsys, command, ["--bots", f"{spec(name)},baseline", *extra])
    assert f"cannot load bot {spec(name)!r}" in err and AT_IMPORT[name] in err


@pytest.mark.parametrize("name", HARMLESS)
def test_a_plugin_that_writes_into_what_it_sees_changes_nothing(capsys, name):
    """Wins of a run with the meddler are those of the fair bot it imitates."""
    runs = []
    for bot in (name, "first"):
        argv = ["--bots", f"{spec(bot)},baseline,easy", "--games", "12", "--seed", "5", "--json"]
        assert simulate.main(argv) == 0
        runs.append(json.loads(capsys.readouterr().out))  # stdout holds the JSON only
    assert runs[0]["wins"] == runs[1]["wins"] and sum(runs[0]["wins"]) == 12


def test_a_meddler_changes_nothing_in_a_tournament_on_two_workers(capsys):
    runs = []
    for bot in ("reaches_game", "first"):
        argv = ["--bots", f"{spec(bot)},baseline,easy", "--games", "9", "--workers", "2", "--json"]
        assert tournament.main(argv) == 0
        runs.append(json.loads(capsys.readouterr().out)["ranking"])
    assert [(r["wins"], r["seats_played"]) for r in runs[0]] == [
        (r["wins"], r["seats_played"]) for r in runs[1]
    ]


# ---------------------------------------------------------------- at the table
def table_app(timeout: float = TIMEOUT):
    return make_app(
        size=(900, 560), seed=3, speed=20.0, think_time=0.0, lang="en", bot_timeout=timeout
    )


def play_in_real_time(app, table, decisions: int, seconds: float = 20.0) -> float:
    """Step the window (skipping animations) until ``decisions`` are made; the longest
    single step, in seconds."""
    longest, start = 0.0, time.monotonic()
    while len(table.game.actions) < decisions and not table.game.over:
        assert time.monotonic() - start < seconds, "the game stopped"
        table.presenter.skip()
        if table.presenter.gate:
            table.driver.gate_closed()
        step = time.monotonic()
        pump(app)
        longest = max(longest, time.monotonic() - step)
        time.sleep(0.005)
    return longest


@pytest.mark.parametrize("name", [*MISBEHAVING, *AT_IMPORT])
def test_at_the_table_a_misbehaving_plugin_gives_way_to_baseline(name):
    app = table_app(TABLE_SLEEPER_TIMEOUT if name == "sleeps" else TIMEOUT)
    bot = spec(name)
    table = app.start_game([Seat("Zed", bot), Seat("Bo", "baseline"), Seat("Cy", "easy")])
    frames = app.frame
    longest = play_in_real_time(app, table, 15)
    assert len(table.game.actions) >= 15  # the game went on
    assert longest < 1.0  # the window never waited for the bot (the sleeper has 3 s)
    assert app.frame - frames > 15
    assert (
        table.driver.bots.levels[0] == "baseline" and table.game.bots[0] == bot
    )  # the file keeps it
    log = " ".join(map(str, table.presenter.log))
    assert "Zed's plug-in bot failed" in log
    saved = json.loads(app.dirs.autosave.read_text())
    assert saved["players"][0] == {"name": "Zed", "bot": bot}


@pytest.mark.parametrize("name", ["reaches_game", "mutates_view"])
def test_at_the_table_a_meddler_plays_on_and_changes_nothing(name):
    app = table_app()
    table = app.start_game([Seat("Zed", spec(name)), Seat("Bo", "baseline")])
    play_in_real_time(app, table, 12)
    assert table.driver.bots.levels[0] == spec(name)  # it was never replaced
    assert all(total <= 400 for total in table.game.totals)  # nobody handed itself a million
    assert not any("failed" in str(line) for line in table.presenter.log)


def test_a_plugin_that_ignores_the_signals_to_end_still_lets_a_run_end():
    """A worker's plug-in that ignores SIGTERM is killed when the worker ends."""
    import subprocess
    import sys

    bots = f"{spec('ignores_signals')},baseline"
    for command in ("game.simulate", "game.tournament"):
        result = subprocess.run(
            [sys.executable, "-m", command, "--bots", bots, "--games", "8", "--workers", "2"],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=ZOO.parent.parent,
        )
        assert result.returncode == 0, result.stderr


def _running_with(word: str) -> list[str]:
    """The processes of this machine whose command line holds ``word``."""
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            if word.encode() in cmdline.read_bytes().split(b"\0"):
                found.append(cmdline.parent.name)
        except OSError:  # it ended meanwhile
            pass
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the processes from /proc")
@pytest.mark.parametrize("workers", ["1", "2"])
def test_what_a_plugin_started_ends_with_the_run(workers):
    """A plug-in's own child, which would sleep for a minute holding the run's stderr, is
    killed with the plug-in: the run's output ends when the run does."""
    import os
    import subprocess
    import sys
    import uuid

    mark = f"flip7-zoo-{uuid.uuid4().hex}"
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "game.simulate", "--bots", f"{spec('spawns_child')},baseline"]
        + ["--games", "3", "--seed", "1", "--workers", workers],
        capture_output=True,
        text=True,
        timeout=50,  # the child sleeps 60 s: the output would stay open that long
        cwd=ZOO.parent.parent,
        env={**os.environ, "FLIP7_ZOO_MARK": mark},
    )
    assert result.returncode == 0, result.stderr
    assert time.monotonic() - started < 50
    assert _running_with(mark) == []
