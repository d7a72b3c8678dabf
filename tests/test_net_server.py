"""The flip7-net/1 server on loopback, in this process: whole games read message by
message, spectators, dropped connections, the bounds, a restart from its folder.

Separate processes (a killed client, a killed server) are in ``test_net_processes.py``.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.frames import Frame, Opcode
from websockets.sync.client import connect

from game import events as ev
from game.cards import ALL_CARDS
from game.commands.replay import summary
from game.engine import Game
from game.gamefile import from_dict
from game.limits import NET_BAD_TO_CLOSE, NET_MAX_MESSAGE
from game.net import protocol
from game.net.cli import parse_args
from game.net.client import Client
from game.net.server import Bounds, start_in_thread
from tests.net_player import play

SEATS = ["me", "open", {"bot": "expert", "name": "Ex"}, {"bot": "easy", "name": "Eve"}]


@pytest.fixture
def server(tmp_path):
    hosted = start_in_thread(folder=tmp_path, bot_delay=0.0, wait=30)
    yield hosted
    hosted.stop()


def seated(url: str, name: str, code: str | None = None, seats=SEATS, rules=None) -> Client:
    client = Client(url)
    assert client.wait_connected(10)
    if code is None:
        client.create(name, seats, rules)
    else:
        client.join(code, name)
    client.wait_for("joined")
    return client


def started(client: Client) -> dict:
    """The first state of ``client`` once the game has started."""
    state = client.wait_for("state")
    while state["game"] is None:
        state = client.wait_for("state")
    return state


def in_threads(*jobs):
    """Run each ``(fn, args)`` in a thread; their results, in order."""
    results: list = [None] * len(jobs)

    def run(i, fn, args):
        results[i] = fn(*args)

    threads = [
        threading.Thread(target=run, args=(i, fn, args)) for i, (fn, args) in enumerate(jobs)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(90)
    return results


def true_draws(file: dict) -> list[str]:
    """Every card the game turned over, in order, from its whole flip7/1 file."""
    played = from_dict(file)
    game = Game(played.players, played.rules, seed=file["seed"], dealer=file["dealer"])
    drawn = [e.card for e in game.opening_events if type(e) is ev.CardDrawn]
    for action in played.actions:
        drawn += [e.card for e in game.apply(action) if type(e) is ev.CardDrawn]
    return drawn


def cards_named(value, key: str | None = None) -> list[str]:
    """The card names anywhere in a message (a hand's numbers as names too)."""
    if isinstance(value, dict):
        return [c for k, v in value.items() for c in cards_named(v, k)]
    if isinstance(value, list):
        return [c for v in value for c in cards_named(v, key)]
    if key == "numbers" and isinstance(value, int):
        return [str(value)]
    if key in ("card", "cards", "modifiers", "staged") and value in ALL_CARDS:
        return [value]
    return []


def test_a_whole_game_two_people_a_spectator_and_nothing_unturned_is_ever_sent(server):
    ana = seated(server.address, "Ana")
    ben = seated(server.address, "Ben", ana.table)
    watcher = Client(server.address)
    watcher.wait_connected()
    watcher.watch(ana.table)
    watcher.wait_for("watching")
    ana.start()
    seen = in_threads((play, (ana,)), (play, (ben,)), (play, (watcher,)))
    file = ana.over["file"]
    assert ben.over["file"] == file == watcher.over["file"]
    drawn = true_draws(file)
    for messages in seen:
        states = [m for m in messages if m["type"] == "state"]
        assert states and all(
            m["type"] in ("state", "over", "error", "connection") for m in messages
        )
        for message in messages:
            if message["type"] == "over":
                break
            text = json.dumps(message)
            assert '"seed"' not in text and '"deck"' not in text
            if message["type"] != "state" or message["record"] is None:
                continue
            turned = message["record"]["cards"]
            assert turned == drawn[: len(turned)]  # the cards turned over, in order
            assert set(cards_named(message)) <= set(turned)
        final = [m for m in states if m["game"] and m["game"]["over"]][-1]
        assert final["game"] == summary(from_dict(file))  # python -m game.replay's object
        assert all(
            len(json.dumps(m, ensure_ascii=False).encode()) <= NET_MAX_MESSAGE for m in messages
        )
    assert {m["seat"] for m in seen[2] if m["type"] == "state"} == {None}
    for client in (ana, ben, watcher):
        client.close()


def test_a_spectator_makes_no_decision_and_changes_nothing(server):
    ana = seated(server.address, "Ana", seats=["me", {"bot": "easy", "name": "Eve"}])
    ana.start()
    watcher = Client(server.address)
    watcher.wait_connected()
    watcher.watch(ana.table)
    state = watcher.wait_for("state")
    assert state["seat"] is None and state["game"] is not None
    watcher.act("hit", version=state["version"])
    error = watcher.wait_for("error")
    assert error["code"] == "not_at_table"
    watcher.start()
    assert watcher.wait_for("error")["code"] == "not_creator"
    ana.close()
    watcher.close()


def test_a_dropped_player_keeps_the_seat_a_bot_plays_it_then_they_rejoin(tmp_path):
    hosted = start_in_thread(folder=tmp_path, bot_delay=0.0, wait=0.3)
    try:
        ana = seated(hosted.address, "Ana", seats=["me", "open", {"bot": "easy", "name": "Eve"}])
        ben = seated(hosted.address, "Ben", ana.table)
        token, code = ben.token, ben.table
        ana.start()
        ana.wait_for("state")
        ben.close()
        gone = ana.wait_for("state")
        while gone["seats"][1]["connected"]:
            gone = ana.wait_for("state")
        assert gone["seats"][1]["kind"] == "human" and gone["seats"][1]["bot"] is None
        assert 0 < gone["seats"][1]["takeover_in"] <= 0.3
        taken = ana.wait_for("state", timeout=5)
        while taken["seats"][1]["bot"] != "normal":
            taken = ana.wait_for("state", timeout=5)
        assert taken["seats"][1]["connected"] is False
        back = Client(hosted.address)
        back.wait_connected()
        back.rejoin(code, token)
        joined = back.wait_for("joined")
        assert joined["seat"] == 1 and joined["token"] == token
        state = back.wait_for("state")
        assert state["seats"][1] == {
            "name": "Ben",
            "kind": "human",
            "connected": True,
            "bot": None,
            "takeover_in": None,
        }
        in_threads((play, (ana,)), (play, (back,)))
        assert back.over is not None
        ana.close()
        back.close()
    finally:
        hosted.stop()


def test_a_connection_that_keeps_sending_bad_messages_is_closed_each_one_answered(server):
    with connect(server.address) as ws:
        answers = []
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(NET_BAD_TO_CLOSE + 10):
                ws.send('{"type": "shout"}')
                answers.append(json.loads(ws.recv(timeout=5)))
        assert closed.value.rcvd.code == 1008
        assert NET_BAD_TO_CLOSE <= len(answers) <= NET_BAD_TO_CLOSE + 2
        assert {a["code"] for a in answers} == {"unknown_type"}


def test_over_the_rate_limit_a_message_is_refused_and_not_done(tmp_path):
    hosted = start_in_thread(folder=tmp_path, bounds=Bounds(rate=1, burst=3, bad_to_close=100))
    try:
        with connect(hosted.address) as ws:
            for _ in range(5):
                ws.send('{"type": "watch", "table": "NONE99"}')
            codes = [json.loads(ws.recv(timeout=5))["code"] for _ in range(5)]
            assert codes == ["no_table"] * 3 + ["too_fast"] * 2
    finally:
        hosted.stop()


def test_a_message_over_64_kib_gets_one_error_and_the_connection_goes_on(server):
    with connect(server.address, max_size=None) as ws:
        for text in (
            '{"type": "watch", "table": "' + "A" * NET_MAX_MESSAGE + '"}',
            '{"type": "join", "table": "AB12", "name": "' + "名" * 30_000 + '"}',  # 90,000 bytes
        ):
            ws.send(text)
            answer = json.loads(ws.recv(timeout=5))
            assert answer["type"] == "error" and answer["code"] == "bad_message"
            assert "65,536 bytes" in answer["message"]
        ws.send('{"type": "watch", "table": "NONE99"}')  # still open, and answered
        assert json.loads(ws.recv(timeout=5))["code"] == "no_table"


def test_a_message_too_long_to_read_gets_one_error_then_the_connection_closes(server):
    with connect(server.address, max_size=None) as ws:
        ws.send('{"type": "watch", "table": "' + "A" * (2 * NET_MAX_MESSAGE) + '"}')
        answer = json.loads(ws.recv(timeout=5))
        assert answer["type"] == "error" and answer["code"] == "bad_message"
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=5)
        assert closed.value.rcvd.code == 1009  # message too big: its end was never read
    client = seated(server.address, "Ana")
    assert client.wait_for("state")["table"] == client.table
    client.close()


def test_a_text_message_not_utf8_gets_one_error_then_the_connection_closes(server):
    with connect(server.address) as ws:
        with ws.protocol_mutex:  # a text frame no client library would send
            ws.protocol.send_frame(Frame(Opcode.TEXT, b'{"type": "watch", "table": "\xff"}'))
            ws.send_data()
        answer = json.loads(ws.recv(timeout=5))
        assert answer["type"] == "error" and answer["code"] == "not_json"
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=5)
        assert closed.value.rcvd.code == 1007  # invalid data, as RFC 6455 asks
    client = seated(server.address, "Ana")
    assert client.wait_for("state")["table"] == client.table
    client.close()


def test_tables_per_server_and_connections_per_table_are_bounded(tmp_path):
    hosted = start_in_thread(folder=tmp_path, bounds=Bounds(tables=2, table_connections=3))
    try:
        a = seated(hosted.address, "Ana", seats=["me", "open", "open"])
        b = seated(hosted.address, "Bob", seats=["me", "open"])
        c = Client(hosted.address)
        c.wait_connected()
        c.create("Cy", ["me", "open"])
        assert c.wait_for("error")["code"] == "server_full"
        d = seated(hosted.address, "Dee", a.table)
        e = seated(hosted.address, "Eli", a.table)
        c.watch(a.table)
        assert c.wait_for("error")["code"] == "table_full"
        for client in (a, b, c, d, e):
            client.close()
    finally:
        hosted.stop()


def test_a_plug_in_is_never_named_over_the_network(server, tmp_path):
    marker = tmp_path / "ran"
    bot = tmp_path / "evil.py"
    bot.write_text(
        f"open({str(marker)!r}, 'w').close()\ndef choose(v, legal, rng):\n    return legal[0]\n"
    )
    client = Client(server.address)
    client.wait_connected()
    client.create("Ana", ["me", {"bot": f"{bot}:choose", "name": "Evil"}])
    error = client.wait_for("error")
    assert error["code"] == "bad_message" and "bot" in error["message"]
    assert not marker.exists()
    client.close()


def test_a_server_restarted_on_its_folder_continues_its_tables_and_tokens_still_work(tmp_path):
    hosted = start_in_thread(folder=tmp_path, bot_delay=0.0, wait=30)
    ana = seated(hosted.address, "Ana", seats=["me", {"bot": "normal", "name": "No"}])
    code, token = ana.table, ana.token
    ana.start()
    state = started(ana)
    ana.close()
    hosted.stop()
    assert json.loads((tmp_path / f"{code}.json").read_text())["table"] == code
    again = start_in_thread(folder=tmp_path, bot_delay=0.0, wait=30)
    try:
        back = Client(again.address)
        back.wait_connected()
        back.rejoin(code, token)
        assert back.wait_for("joined")["seat"] == 0
        resumed = back.wait_for("state")
        assert resumed["version"] > state["version"]
        assert (
            resumed["record"]["actions"][: len(state["record"]["actions"])]
            == state["record"]["actions"]
        )
        play(back)
        assert back.over is not None
        back.close()
    finally:
        again.stop()
    assert (tmp_path / "finished" / f"{code}.json").exists()


def test_a_client_that_tries_again_at_once_hears_why_the_server_stopped(tmp_path):
    """A closing server stops listening before it closes its connections: a client that
    reconnects the moment it is closed finds no server, never a short-lived seat that
    hides the reason (the host closed the table)."""
    for _ in range(2):
        hosted = start_in_thread(folder=tmp_path, bot_delay=0.0, wait=30)
        ana = seated(hosted.address, "Ana", seats=["me", "open", "open"])
        friends = [seated(hosted.address, name, ana.table) for name in ("Bob", "Cy")]
        hosted.stop(protocol.HOST_CLOSED)
        clients = [ana, *friends]
        for client in clients:
            lost = client.wait_for("connection", status="lost")
            assert lost["reason"] == protocol.HOST_CLOSED
        time.sleep(0.25)  # each client's own try again, all at once, has had its time
        for client in clients:
            after = []
            while (message := client.next(0)) is not None:
                after.append(message)
            client.close()
            assert [m for m in after if m.get("status") == "open"] == []


def test_the_server_listens_on_loopback_unless_told_otherwise(server):
    assert server.address.startswith("ws://127.0.0.1:")
    assert parse_args([]).host == "127.0.0.1"


def test_every_error_code_is_documented_in_one_line():
    assert all(len(line) < 80 and "\n" not in line for line in protocol.CODES.values())


def test_a_client_that_reads_slowly_gets_fewer_states_each_whole_in_order():
    from game.net.server import Connection, Server

    class Slow(Connection):
        def __init__(self) -> None:
            super().__init__(ws=None, server=Server(None))  # type: ignore[arg-type]
            self.buffered, self.pushed = 10**6, []

        def _buffered(self) -> int:
            return self.buffered

        def _push(self, text: str) -> None:
            self.pushed.append(text)

    async def scene() -> Slow:
        conn = Slow()
        conn.send("state 1", state=True)
        conn.send("error 1")
        for version in range(2, 50):
            conn.send(f"state {version}", state=True)
        conn.send("over")
        await asyncio.sleep(0.2)
        assert conn.pushed == []  # the socket is full: nothing more is written
        conn.buffered = 0
        await asyncio.sleep(0.2)
        return conn

    conn = asyncio.run(scene())
    assert conn.pushed == ["state 1", "error 1", "state 49", "over"]


def test_connections_per_server_are_bounded(tmp_path):
    from websockets.exceptions import InvalidStatus

    hosted = start_in_thread(folder=tmp_path, bounds=Bounds(connections=2))
    try:
        with connect(hosted.address), connect(hosted.address):
            with pytest.raises(InvalidStatus) as refused:
                connect(hosted.address, legacy=True)
            assert refused.value.response.status_code == 503
        with connect(hosted.address):  # room again
            pass
    finally:
        hosted.stop()


def test_a_table_nobody_started_and_everyone_left_is_dropped_after_a_while(tmp_path):
    hosted = start_in_thread(folder=tmp_path, bounds=Bounds(lobby_idle=0.0))
    try:
        client = seated(hosted.address, "Ana")
        code = client.table
        client.close()
        server = hosted.server
        end = time.monotonic() + 10
        while server.tables[code].empty_since is None and time.monotonic() < end:
            time.sleep(0.02)
        server._loop.call_soon_threadsafe(server._sweep)
        while code in server.tables and time.monotonic() < end:
            time.sleep(0.02)
        assert code not in server.tables
        server.writer.flush()
        assert not (tmp_path / f"{code}.json").exists()
        again = Client(hosted.address)
        again.wait_connected()
        again.watch(code)
        assert again.wait_for("error")["code"] == "no_table"
        again.close()
    finally:
        hosted.stop()


def test_a_client_whose_connection_is_closed_in_the_handshake_tries_again(server, monkeypatch):
    from websockets.exceptions import ConnectionClosedError

    from game.net import client as client_module

    real, calls = client_module.connect, []

    def closed_once(*args, **kwargs):  # a server killed as the client connects
        calls.append(1)
        if len(calls) == 1:
            raise ConnectionClosedError(None, None)
        return real(*args, **kwargs)

    monkeypatch.setattr(client_module, "connect", closed_once)
    client = Client(server.address)
    try:
        lost = client.wait_for("connection", status="lost", timeout=10)
        assert "cannot connect" in lost["reason"]
        assert client.wait_for("connection", status="open", timeout=10)
    finally:
        client.close()


def test_states_go_out_at_once_never_held_for_the_last_one_s_acknowledgement(server):
    """A decision often makes two or three states in a row: each connection's socket
    sends without waiting for the client's acknowledgement of the last (TCP_NODELAY),
    so the second does not arrive some 40 ms after the first."""
    import socket

    client = seated(server.address, "Ana")
    (conn,) = server.server.connections
    sock = conn.ws.transport.get_extra_info("socket")
    assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
    client.close()
