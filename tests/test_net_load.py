"""Fifty tables of six bots running at once on one server, played to their ends.

Each creator makes its table and waits; once all fifty are made, every creator starts
its own and leaves (``wait=0``: a ``normal`` bot takes the seat at once), so every seat
is a bot's and the fifty games run side by side, a bot deciding every few hundredths of
a second. Spectators follow five of the tables to their ``over``. Every table ends with
a winner, its file retired to ``finished/``, and nothing is logged as an error.
(``tools/bench_net.py`` measures how many such tables a core serves.)
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import json
import logging
import time
from collections.abc import Callable
from typing import Any

import pytest
from websockets.sync.client import connect

from game.gamefile import from_dict
from game.net.client import Client
from game.net.server import HostedServer, Server, start_in_thread

pytestmark = pytest.mark.slow  # fifty whole games at once
TABLES = 50
BOT_DELAY = 0.03  # seconds a bot takes: a game of 6 bots lasts a few seconds
LEVELS = ["easy", "normal", "baseline", "normal", "easy"]  # expert: ms a decision, too slow
BOTS = [{"bot": level, "name": f"{level}{i}"} for i, level in enumerate(LEVELS)]


def on_the_loop(hosted: HostedServer, fn: Callable[[Server], Any]) -> Any:
    """``fn(server)`` run in the server's own thread, where its tables change."""
    loop = hosted.server._loop
    assert loop is not None
    done: concurrent.futures.Future[Any] = concurrent.futures.Future()

    def run() -> None:
        try:
            done.set_result(fn(hosted.server))
        except BaseException as e:  # handed to the test's thread
            done.set_exception(e)

    loop.call_soon_threadsafe(run)
    return done.result(timeout=10)


def test_fifty_tables_of_six_bots_run_at_once_on_one_server_and_all_end(tmp_path, caplog):
    caplog.set_level(logging.WARNING)
    hosted = start_in_thread(folder=tmp_path, wait=0.0, bot_delay=BOT_DELAY)
    with contextlib.ExitStack() as stack:
        stack.callback(hosted.stop)  # last: the connections close first
        creators = []
        for i in range(TABLES):
            # the creator stops reading once it has left: no flow control
            ws = stack.enter_context(connect(hosted.address, max_queue=None))
            ws.send(json.dumps({"type": "create", "name": f"Host{i}", "seats": ["me", *BOTS]}))
            creators.append((ws, json.loads(ws.recv(timeout=10))["table"]))
        codes = [code for _ws, code in creators]
        assert len(set(codes)) == TABLES
        spectators = []
        for code in codes[::10]:  # watched from before the start
            spectator = Client(hosted.address)
            stack.callback(spectator.close)
            spectator.wait_connected()
            spectator.watch(code)
            spectator.wait_for("watching")
            spectators.append(spectator)
        for ws, _code in creators:
            ws.send('{"type": "start"}')
        for ws, _code in creators:
            while json.loads(ws.recv(timeout=10)).get("game") is None:
                pass
            ws.close()  # a bot plays the creator's seat from now on

        def running(server: Server) -> list[str]:
            return [c for c in codes if server.tables[c].started and not server.tables[c].finished]

        assert on_the_loop(hosted, running) == codes  # all fifty under way at one moment
        for spectator in spectators:
            over = spectator.wait_for("over", timeout=60)
            assert from_dict(over["file"]).over
            spectator.close()  # a finished table nobody is at is retired
        end = time.monotonic() + 60
        while time.monotonic() < end and len(finished(tmp_path)) < TABLES:
            time.sleep(0.1)
    assert sorted(p.stem for p in finished(tmp_path)) == sorted(codes)
    for path in finished(tmp_path):
        game = from_dict(json.loads(path.read_text())["game"])
        assert game.over and game.winner is not None and len(game.players) == 6
    assert not list(tmp_path.glob("*.json"))  # none left under way
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


def finished(folder):
    return list((folder / "finished").glob("*.json"))
