"""flip7-net/1 across processes on loopback: a host and two clients playing one game,
a spectator, a client killed (SIGKILL) and back with its token, the server killed
(SIGKILL) mid-game and started again on its folder.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.gamefile import from_dict, to_dict
from game.net.client import Client
from game.net.store import load_tables
from game.net.table import Settings
from tests.net_player import play

ROOT = Path(__file__).resolve().parent.parent
PLAYER = [sys.executable, str(ROOT / "tests" / "net_player.py")]
pytestmark = [
    pytest.mark.slow,  # processes on loopback, killed and started again
    pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX signals"),
]


def spawn(*args: str) -> subprocess.Popen:
    return subprocess.Popen(
        list(args),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, PYTHONIOENCODING="utf-8"),
    )


def finish(process: subprocess.Popen, timeout: float = 90) -> dict:
    out, err = process.communicate(timeout=timeout)
    assert process.returncode == 0, err
    assert "Traceback" not in err, err
    return json.loads(out.strip().splitlines()[-1])


def server(home: Path, *flags: str) -> tuple[subprocess.Popen, str]:
    process = spawn(sys.executable, "-m", "game.server", "--home", str(home), *flags)
    line = process.stdout.readline()
    assert line.startswith("listening on ws://127.0.0.1:"), line + process.stderr.read()
    return process, line.split()[-1]


def until(predicate, timeout: float = 30.0, what: str = "the condition"):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.02)
    raise TimeoutError(f"{what} did not come within {timeout} s")


def decisions(client: Client) -> list[list]:
    """The decisions of the game so far, as the client's last state says."""
    state = client.state
    return [] if state is None or state["record"] is None else state["record"]["actions"]


def decisions_of(client: Client, seat: int) -> int:
    return sum(a[0] == seat for a in decisions(client))


def test_a_host_and_two_clients_in_separate_processes_play_one_game_a_spectator_watches(tmp_path):
    host = spawn(*PLAYER, "host", "--home", str(tmp_path))
    url, code = host.stdout.readline().split()
    watcher = spawn(*PLAYER, "watch", url, code)
    ben = spawn(*PLAYER, "join", url, code, "Ben")
    cy = spawn(*PLAYER, "join", url, code, "Cy")
    reports = [finish(p) for p in (ben, cy, watcher, host)]
    files = [r["over"]["file"] for r in reports]
    assert all(f == files[0] for f in files)
    game = from_dict(files[0])
    assert game.over and game.players[0] == "Host" and game.players[3] == "Eve"
    assert {game.players[r["seat"]] for r in reports[:2]} == {"Ben", "Cy"}  # they raced
    assert [r["seat"] for r in reports[2:]] == [None, 0]
    for report in reports:
        last = [m for m in report["messages"] if m["type"] == "state"][-1]
        assert last["game"]["winner"] == game.players[game.winner]
        decided = {
            e["seat"]
            for m in report["messages"]
            if m["type"] == "state"
            for e in m["events"]
            if e["event"] == "Decided" and e["by"] == "person"
        }
        assert decided <= {0, 1, 2} and decided  # every person decided for themselves


def test_a_client_killed_keeps_its_seat_a_bot_plays_it_and_it_rejoins_with_its_token(tmp_path):
    process, url = server(tmp_path, "--port", "0", "--wait", "0.5", "--bot-delay", "0.02")
    host = Client(url)
    try:
        host.wait_connected()
        host.create("Ana", ["me", "open", {"bot": "easy", "name": "Eve"}])
        host.wait_for("joined")
        token_file = tmp_path / "token"
        ben = spawn(
            *PLAYER,
            "join",
            url,
            host.table,
            "Ben",
            "--token-file",
            str(token_file),
            "--quit-after",
            "2",
        )
        until(lambda: host.state and host.state["seats"][1]["kind"] == "human", what="Ben")
        host.start()
        seen: list = []
        player = threading.Thread(target=lambda: seen.extend(play(host)))
        player.start()
        until(lambda: decisions_of(host, 1) >= 2, what="two decisions of Ben")
        ben.send_signal(signal.SIGKILL)
        ben.wait(10)
        until(lambda: host.state["seats"][1]["bot"] == "normal", what="the stand-in")
        before = decisions_of(host, 1)
        until(lambda: decisions_of(host, 1) > before or host.over, what="a stand-in decision")
        back = spawn(*PLAYER, "rejoin", url, host.table, token_file.read_text())
        report = finish(back)
        player.join(60)
        assert report["seat"] == 1 and report["over"] == host.over
        kinds = [
            (m["seats"][1]["connected"], m["seats"][1]["bot"]) for m in seen if m["type"] == "state"
        ]
        assert (False, None) in kinds and (False, "normal") in kinds
        assert kinds.index((False, "normal")) > kinds.index((False, None))
        by = {
            e["by"]
            for m in seen
            if m["type"] == "state"
            for e in m["events"]
            if e["event"] == "Decided" and e["seat"] == 1
        }
        assert "person" in by and "stand_in" in by
    finally:
        host.close()
        process.terminate()
        process.communicate(timeout=30)
    assert process.returncode == 0


def test_the_server_killed_mid_game_and_started_again_continues_and_everyone_rejoins(tmp_path):
    flags = ("--wait", "30", "--bot-delay", "0.05")
    first, url = server(tmp_path, "--port", "0", *flags)
    second = None
    ana, ben = Client(url), Client(url)
    try:
        for client in (ana, ben):
            client.wait_connected()
        ana.create("Ana", ["me", "open", {"bot": "normal", "name": "No"}])
        ana.wait_for("joined")
        ben.join(ana.table, "Ben")
        ben.wait_for("joined")
        ana.start()
        results: list = [None, None]
        threads = [
            threading.Thread(target=lambda i=i, c=c: results.__setitem__(i, play(c, 90)))
            for i, c in enumerate((ana, ben))
        ]
        for t in threads:
            t.start()
        until(lambda: len(decisions(ana)) >= 6, what="six decisions")
        first.send_signal(signal.SIGKILL)
        first.wait(10)
        last_before = ana.state["version"]
        kept = tmp_path / "kept"  # what the disk held at the kill: table file and journal
        shutil.copytree(tmp_path / "data" / "tables", kept)
        tables, problems = load_tables(kept, Settings())
        assert not problems
        saved = {"game": to_dict(next(t.game for t in tables if t.code == ana.table))}
        second, again = server(tmp_path, "--port", url.rsplit(":", 1)[1], *flags)
        assert again == url
        for t in threads:
            t.join(90)
        assert ana.over is not None and ana.over == ben.over
        file = ana.over["file"]
        assert file["actions"][: len(saved["game"]["actions"])] == saved["game"]["actions"]
        assert len(saved["game"]["actions"]) >= 1 and from_dict(file).over
        after = [m["version"] for m in results[0] if m["type"] == "state"]
        assert max(after) > last_before
        lost = [m for m in results[0] if m["type"] == "connection" and m["status"] == "lost"]
        assert lost  # the client saw the server go, and came back by itself
    finally:
        ana.close()
        ben.close()
        for process in (first, second):
            if process is not None and process.poll() is None:
                process.terminate()
                process.communicate(timeout=30)


def test_flip7_serve_starts_the_same_server_headless(tmp_path):
    process = spawn(sys.executable, "main.py", "--serve", "--port", "0", "--home", str(tmp_path))
    line = process.stdout.readline()
    assert line.startswith("listening on ws://127.0.0.1:")
    client = Client(line.split()[-1], reconnect=False)
    try:
        client.wait_connected()
        client.create("Ana", ["me", "open"])
        client.wait_for("joined")
        code = client.table
    finally:
        client.close()
    process.terminate()  # SIGTERM: every table written, exit 0
    out, err = process.communicate(timeout=30)
    assert process.returncode == 0 and err == ""
    assert (tmp_path / "data" / "tables" / f"{code}.json").exists()
    bad = subprocess.run(
        [sys.executable, "main.py", "--serve", "--port", "70000"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "--port" in bad.stderr
