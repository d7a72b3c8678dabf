"""Every command-line number has a limit (game/limits.py), every argument error is one line
and exit status 2, and no worker outlives the program, even killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import limits
from game.bots import sandbox
from game.commands import replay, review, simulate, tournament
from ui.tabletop import sheet_export

ROOT = Path(__file__).resolve().parent.parent
HUGE = str(10**23)


@pytest.fixture(autouse=True)
def _no_plugin_left_running():
    yield
    sandbox.close_all()


def one_line_exit(capsys, main, argv: list[str]) -> str:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1, (argv, err)
    assert "usage:" not in err and "Traceback" not in err
    return err


@pytest.mark.parametrize(
    ("main", "argv"),
    [
        (replay.main, []),
        (replay.main, ["a.json", "--nope"]),
        (review.main, []),
        (review.main, ["a.json", "--seat"]),
        (sheet_export.main, []),
        (sheet_export.main, ["--blank", "--sheet", "x", "--out", "x.png"]),
        (sheet_export.main, ["--blank", "--players", "many", "--out", "x.png"]),
        (simulate.main, ["--bots", "easy,easy", "--games", "x"]),
        (tournament.main, ["--bots"]),
    ],
)
def test_every_argument_error_is_one_line(capsys, main, argv):
    one_line_exit(capsys, main, argv)


@pytest.mark.parametrize(
    ("main", "argv", "says"),
    [
        (simulate.main, ["--games", HUGE], f"--games must be from 1 to {limits.MAX_GAMES}"),
        (simulate.main, ["--solo-rounds", HUGE, "--bots", "easy"], "--solo-rounds must be"),
        (simulate.main, ["--workers", "100000"], "--workers must be from 1 to"),
        (simulate.main, ["--workers", "99999999999999999999999"], "--workers must be"),
        (simulate.main, ["--bot-timeout", "0"], "--bot-timeout must be more than 0"),
        (simulate.main, ["--bot-timeout", "nan"], "--bot-timeout must be"),
        (tournament.main, ["--games", HUGE], "--games must be"),
        (tournament.main, ["--workers", "100000"], "--workers must be"),
        (tournament.main, ["--bot-timeout", "1e9"], "--bot-timeout must be"),
    ],
)
def test_counts_workers_and_timeouts_have_limits(capsys, main, argv, says):
    argv = argv if "--bots" in argv else ["--bots", "easy,baseline", *argv]
    assert says in one_line_exit(capsys, main, argv)


def test_the_workers_limit_is_four_per_core():
    assert limits.max_workers() == (os.cpu_count() or 1) * 4


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_frames_have_a_limit():
    result = subprocess.run(
        [sys.executable, "main.py", "--frames", HUGE],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
    )
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert f"--frames must be from 1 to {limits.MAX_FRAMES}" in result.stderr


# ------------------------------------------------------------ nothing left behind
def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (Linux /proc)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        children = [p for p, pp in parents.items() if pp == parent]
        found += children
        todo += children
    return found


def running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.slow  # kill -9, then seconds for every process it started to end
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize(
    "bots",
    ["tests/bots_zoo/sleeps.py:choose,baseline", "examples/bots/cautious.py:choose,easy"],
)
def test_workers_and_plugins_end_when_the_program_is_killed(bots):
    """kill -9 of game.simulate --workers 2 while its workers play (one of them in a
    plug-in that sleeps): every process it started ends within seconds."""
    argv = ["-m", "game.simulate", "--bots", bots, "--games", "100000", "--workers", "2"]
    proc = subprocess.Popen(
        [sys.executable, *argv, "--bot-timeout", "600"],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        kids: list[int] = []
        while len(kids) < 4 and time.monotonic() < deadline:  # 2 workers, their plug-ins
            time.sleep(0.2)
            kids = descendants(proc.pid)
        assert len(kids) >= 4, kids
        time.sleep(0.5)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    deadline = time.monotonic() + 10
    while any(running(k) for k in kids) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [k for k in kids if running(k)]
    for k in left:
        os.kill(k, signal.SIGKILL)
    assert not left


@pytest.mark.slow  # kill -9 of the window's process
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_a_plugins_process_ends_when_the_window_is_killed(tmp_path):
    proc = subprocess.Popen(
        [
            sys.executable,
            "main.py",
            "--players",
            "bot:tests/bots_zoo/sleeps.py:choose,bot:baseline",
            "--home",
            str(tmp_path),
        ],
        cwd=ROOT,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        kids: list[int] = []
        while not kids and time.monotonic() < deadline:
            time.sleep(0.2)
            kids = descendants(proc.pid)
        assert kids
        time.sleep(1.0)  # the plug-in is loaded, maybe asked
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    deadline = time.monotonic() + 10
    while any(running(k) for k in kids) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [k for k in kids if running(k)]
    for k in left:
        os.kill(k, signal.SIGKILL)
    assert not left
