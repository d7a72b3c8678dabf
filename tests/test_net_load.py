"""Fifty tables of six bots on one server at once, played to their ends.

Each creator starts its table and leaves; with ``wait=0`` a ``normal`` bot takes its
seat at once, so every seat is a bot. Spectators follow five of the tables to their
``over``. Every table ends, its file retired to ``finished/``, a whole game.
(``tools/bench_net.py`` measures how many such tables a core serves in real time.)
"""

from __future__ import annotations

import json
import time

import pytest
from websockets.sync.client import connect

from game.gamefile import from_dict
from game.net.client import Client
from game.net.server import start_in_thread

pytestmark = pytest.mark.slow  # fifty whole games at once
TABLES = 50
BOTS = [
    {"bot": level, "name": f"{level}{i}"}
    for i, level in enumerate(["easy", "normal", "expert", "baseline", "normal"])
]


def test_fifty_tables_of_six_bots_play_to_their_ends_on_one_server(tmp_path):
    hosted = start_in_thread(folder=tmp_path, wait=0.0, bot_delay=0.0)
    spectators = []
    try:
        codes = []
        for i in range(TABLES):
            with connect(hosted.address, max_queue=None) as ws:  # it stops reading: no flow control
                ws.send(json.dumps({"type": "create", "name": f"Host{i}", "seats": ["me", *BOTS]}))
                code = json.loads(ws.recv(timeout=10))["table"]
                codes.append(code)
                if i % 10 == 0:  # watched from before the start: a game takes a second
                    spectator = Client(hosted.address)
                    spectator.wait_connected()
                    spectator.watch(code)
                    spectator.wait_for("watching")
                    spectators.append(spectator)
                ws.send('{"type": "start"}')
                while json.loads(ws.recv(timeout=10))["game"] is None:
                    pass
        assert len(set(codes)) == TABLES
        for spectator in spectators:
            over = spectator.wait_for("over", timeout=60)
            assert from_dict(over["file"]).over
            spectator.close()
        end = time.monotonic() + 60
        while time.monotonic() < end and len(finished(tmp_path)) < TABLES:
            time.sleep(0.1)
    finally:
        for spectator in spectators:
            spectator.close()
        hosted.stop()
    assert sorted(p.stem for p in finished(tmp_path)) == sorted(codes)
    for path in finished(tmp_path):
        table = json.loads(path.read_text())
        game = from_dict(table["game"])
        assert game.over and len(game.players) == 6
    assert not list(tmp_path.glob("*.json"))  # none left under way


def finished(folder):
    return list((folder / "finished").glob("*.json"))
