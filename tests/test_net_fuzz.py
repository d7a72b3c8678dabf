"""A protocol fuzz: over ten thousand malformed or hostile messages to a server with a
game under way, from a stranger, a spectator and a player who is not awaited.

Each gets exactly one ``error`` (a known code, one line); the server never stops;
no table changes (its file, its version, no state sent to anyone); afterwards the
game goes on. The bounds that close such connections are widened here (they have
their own tests in ``test_net_server.py``), so every message is answered.
"""

from __future__ import annotations

import json
import random
import string

import pytest
from websockets.sync.client import ClientConnection, connect

from game.net import protocol
from game.net.client import Client
from game.net.server import READ_LIMIT, Bounds, start_in_thread
from game.net.store import encode

MESSAGES = 10_500
BATCH = 250
HOSTILE = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    2**64,
    -(2**70),
    1e308,
    "",
    " ",
    "\u0000",
    "\ud800",
    "x" * 41,
    "A" * 9,
    "ab",
    "\u202e\u200b",
    "ABCD",
    "A-CD",
    "me",
    "open",
    "hit",
    [],
    [1],
    {},
    {"bot": "expert"},
    {"bot": "mybot.py:choose", "name": "Evil"},
    [[[[[[]]]]]],
    {"target": 0},
    {"target": 301},
    {"decks": 11},
    "../../etc/passwd",
    "x" * 20_000,
]


def templates(code: str, version: int, token: str) -> list[dict]:
    """One valid message of each kind (at this table, for its current state)."""
    return [
        {"type": "create", "name": "Zed", "seats": ["me", "open"], "rules": {"target": 150}},
        {"type": "join", "table": code, "name": "Zed"},
        {"type": "watch", "table": code},
        {"type": "rejoin", "table": code, "token": token},
        {"type": "start"},
        {"type": "act", "version": version, "do": "hit"},
        {"type": "act", "version": version, "do": "target", "target": "Ana"},
        {"type": "act", "version": max(0, version - 1), "do": "stay"},
    ]


def mutate(rng: random.Random, message: dict) -> dict:
    out = dict(message)
    keys = [k for k in out if k != "type"]
    roll = rng.random()
    if roll < 0.25 and keys:
        del out[rng.choice(keys)]
    elif roll < 0.45:
        out[rng.choice(["extra", "Type", "seat", "token2", "", "\u00e9"])] = rng.choice(HOSTILE)
    elif roll < 0.9 and keys:
        out[rng.choice(keys)] = rng.choice(HOSTILE)
    else:
        out["type"] = rng.choice(HOSTILE + ["Join", "act ", "over", "state", "error"])
    return out


def garbage(rng: random.Random, valid: dict) -> str | bytes:
    text = json.dumps(valid)
    kind = rng.randrange(10)
    if kind == 0:
        return text[: rng.randrange(len(text))]  # cut short
    if kind == 1:
        return "".join(rng.choice(string.printable) for _ in range(rng.randrange(1, 80)))
    if kind == 2:
        return json.dumps(rng.choice([1, "start", [valid], None, True, 3.5]))
    if kind == 3:
        return "[" * 20_000 + "]" * 20_000  # nested too deeply for any parser's stack
    if kind == 4:
        return '{"type": "act", "version": ' + "7" * 5000 + ', "do": "hit"}'
    if kind == 5:
        return text.encode()  # a binary frame
    if kind == 6:
        return '{"type": "act", "version": NaN, "do": "hit"}'
    if kind == 7:
        return '{"type": "start", "type": "act"}'  # the last one counts: an act with no keys
    if kind == 8:  # over 64 KiB, in characters of two bytes: read, and refused
        return text[:-1] + ', "pad": "' + "é" * rng.randrange(33_000, 60_000) + '"}'
    return json.dumps({"type": "join", "table": valid.get("table", "ABCD"), "name": "\\ud800"})


def hostile(rng: random.Random, code: str, version: int, stranger: bool) -> str | bytes:
    """A message the connection must be refused. A stranger (at no table) is sent
    no valid create or watch and no right token: those would be done."""
    valid = rng.choice(templates(code, version, "Q" * 43))
    if stranger:
        while valid["type"] in ("create", "watch"):
            valid = rng.choice(templates(code, version, "Q" * 43))
    if rng.random() < 0.3:
        return garbage(rng, valid)
    message = mutate(rng, valid)
    if stranger and message.get("type") in ("create", "watch"):
        message["seats" if message["type"] == "create" else "table"] = ["me", "me"]
    if not stranger and rng.random() < 0.3:
        message = valid  # valid, but not theirs to send: refused all the same
    return json.dumps(message)


def answers(ws: ClientConnection, count: int) -> list[dict]:
    return [json.loads(ws.recv(timeout=20)) for _ in range(count)]


@pytest.fixture
def table_under_way(tmp_path):
    hosted = start_in_thread(
        folder=tmp_path,
        bot_delay=3600.0,  # the bots hold still: only the fuzz could change the table
        wait=3600.0,
        bounds=Bounds(rate=1e9, burst=10**9, bad_to_close=10**9),
    )
    ana, ben, observer = Client(hosted.address), Client(hosted.address), Client(hosted.address)
    for c in (ana, ben, observer):
        c.wait_connected()
    ana.create("Ana", ["me", "open", {"bot": "easy", "name": "Eve"}])
    ana.wait_for("joined")
    ben.join(ana.table, "Ben")
    ben.wait_for("joined")
    ana.start()
    observer.watch(ana.table)
    state = observer.wait_for("state")
    yield hosted, ana, ben, observer, state
    for c in (ana, ben, observer):
        c.close()
    hosted.stop()


@pytest.mark.slow  # 10,000 messages
def test_ten_thousand_hostile_messages_get_one_error_each_and_change_nothing(table_under_way):
    hosted, ana, ben, observer, state = table_under_way
    code, version = state["table"], state["version"]
    awaited = state["game"]["waiting_for"]["player"]
    table = hosted.server.tables[code]
    rng = random.Random(28)
    sent = refused = 0
    codes: dict[str, int] = {}
    with (
        connect(hosted.address) as stranger,
        connect(hosted.address) as spectator,
        connect(hosted.address) as player,
    ):
        spectator.send(json.dumps({"type": "watch", "table": code}))
        assert [m["type"] for m in answers(spectator, 2)] == ["watching", "state"]
        seat = "Ben" if awaited != "Ben" else "Ana"
        token = (ben if seat == "Ben" else ana).token
        player.send(json.dumps({"type": "rejoin", "table": code, "token": token}))
        joined, now = answers(player, 2)
        assert (joined["type"], now["type"]) == ("joined", "state")
        observer.wait_for("state", version=now["version"])  # the rejoin's own change
        assert answers(spectator, 1)[0]["events"] == [
            {"event": "Connected", "seat": 1 if seat == "Ben" else 0}
        ]
        before = (encode(table), table.version)
        while sent < MESSAGES:
            for ws in (stranger, spectator, player):
                batch = [hostile(rng, code, version, ws is stranger) for _ in range(BATCH)]
                batch = [
                    m for m in batch if len(m if isinstance(m, bytes) else m.encode()) <= READ_LIMIT
                ]
                for message in batch:
                    ws.send(message)
                for answer in answers(ws, len(batch)):
                    assert answer["type"] == "error", answer
                    assert answer["code"] in protocol.CODES and answer["code"] != "internal"
                    assert "\n" not in answer["message"] and answer["message"]
                    codes[answer["code"]] = codes.get(answer["code"], 0) + 1
                    refused += 1
                sent += len(batch)
        for ws in (stranger, spectator, player):
            with pytest.raises(TimeoutError):  # not one answer more than messages sent
                ws.recv(timeout=0.3)
        assert (encode(table), table.version) == before
        assert list(hosted.server.tables) == [code]
        assert [m for m in observer.poll() if m["type"] == "state"] == []
    assert refused == sent >= 10_000
    assert len(codes) >= 11, codes
    # and the game goes on: the awaited person decides, everyone sees it
    if awaited in ("Ana", "Ben"):
        client = ana if awaited == "Ana" else ben
        wanted = client.state["game"]["waiting_for"]
        client.act(
            "target" if wanted["decision"] == "target" else "hit",
            wanted["options"][0] if wanted["options"] else None,
        )
        assert observer.wait_for("state")["version"] > before[1]
