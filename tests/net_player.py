"""A flip7-net/1 player for the network tests, in-process or as a process of its own.

    python tests/net_player.py host  --home DIR [--seats me,open,open,bot:easy]
    python tests/net_player.py join  URL CODE NAME [--token-file F] [--quit-after N]
    python tests/net_player.py rejoin URL CODE TOKEN
    python tests/net_player.py watch URL CODE

``host`` runs the server in this process (as the window's "Host a game" does),
creates the table and prints ``URL CODE``; every mode then plays its seat (hit below
20 points, else stay; a target: the first option) until the game is over, and prints
one JSON line: the messages it received and the ``over`` file.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.net.client import Client  # noqa: E402
from game.net.server import start_in_thread  # noqa: E402


def decision(state: dict[str, Any] | None, seat: int | None) -> tuple[str, str | None] | None:
    """What this test player does in ``state`` (None: it is not its turn)."""
    if state is None or seat is None or state.get("game") is None:
        return None
    waiting = state["game"]["waiting_for"]
    name = state["seats"][seat]["name"]
    if waiting is None or waiting["player"] != name:
        return None
    if waiting["decision"] == "target":
        return "target", waiting["options"][0]
    hand = state["game"]["round"]["hands"][name]
    points = sum(hand["numbers"])
    return ("hit", None) if points < 20 or not hand["numbers"] else ("stay", None)


def play(client: Client, timeout: float = 60.0, quit_after: int | None = None) -> list[dict]:
    """Play ``client``'s seat until the game is over; every message received."""
    got: list[dict] = []
    acted_for = None
    end = time.monotonic() + timeout
    while client.over is None:
        if time.monotonic() > end:
            raise TimeoutError("the game did not end in time")
        state = client.state
        todo = decision(state, client.seat)
        if todo is not None and state is not None and state["version"] != acted_for:
            acted_for = state["version"]
            client.act(*todo)
            if quit_after is not None:
                quit_after -= 1
                if quit_after <= 0:
                    return got
        message = client.next(0.5)
        if message is not None:
            got.append(message)
    got += client.poll()
    return got


def report(got: list[dict], client: Client) -> None:
    print(json.dumps({"messages": got, "over": client.over, "seat": client.seat}), flush=True)


def main(argv: list[str]) -> int:
    mode = argv[0]
    if mode == "host":
        home = Path(argv[argv.index("--home") + 1])
        seats = ["me", "open", "open", {"bot": "easy", "name": "Eve"}]
        hosted = start_in_thread(folder=home, bot_delay=0.02, wait=30)
        client = Client(hosted.address)
        client.wait_connected()
        client.create("Host", seats)
        client.wait_for("joined")
        print(hosted.address, client.table, flush=True)
        while sum(s["kind"] == "human" for s in (client.state or {"seats": []})["seats"]) < 3:
            client.wait_for("state")
        client.start()
        got = play(client)
        report(got, client)
        time.sleep(0.5)  # the others read their last messages
        client.close()
        hosted.stop()
        return 0
    url, code = argv[1], argv[2]
    client = Client(url)
    client.wait_connected()
    if mode == "join":
        client.join(code, argv[3])
        client.wait_for("joined")
        if "--token-file" in argv:
            Path(argv[argv.index("--token-file") + 1]).write_text(client.token or "")
        quit_after = int(argv[argv.index("--quit-after") + 1]) if "--quit-after" in argv else None
        got = play(client, quit_after=quit_after)
        if quit_after is not None and client.over is None:
            time.sleep(3600)  # the test kills this process here
    elif mode == "rejoin":
        client.rejoin(code, argv[3])
        got = play(client)
    else:
        client.watch(code)
        got = play(client)
    report(got, client)
    client.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
