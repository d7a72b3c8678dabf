"""A ``flip7-net/1`` client for a UI thread (docs/network.md).

The connection lives in a thread of its own (``websockets.sync.client``); every
message from the server lands, parsed, in :attr:`Client.messages`, a thread-safe
queue the UI empties once a frame (:meth:`Client.poll`). Requests (:meth:`create`,
:meth:`join`, :meth:`act`…) may be made from any thread and never wait for the
network. A lost connection is opened again, by itself, with the seat's token
(``rejoin``) or the table watched (``watch``); the client says so in the queue with
messages of its own, ``{"type": "connection", "status": "open"|"lost"|"closed",
"reason": TEXT}``.

>>> client = Client("ws://127.0.0.1:9", reconnect=False)  # nothing listens there
>>> client.next(timeout=10)["status"], client.connected
('lost', False)
>>> client.close()
"""

from __future__ import annotations

import contextlib
import json
import queue
import threading
import time
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

#: the largest message this client reads: the protocol keeps to 64 KiB, and a very long
#: game's ``over`` file may pass it (docs/network.md, "Limits")
RECEIVE_LIMIT = 1 << 20
#: close codes after which the client does not open the connection again: a normal
#: close, and the server's refusal (its seat taken up elsewhere, too many bad messages)
FINAL_CLOSES = (1000, 1008)


class Client:
    """One connection to a server, kept open; see the module's docstring."""

    def __init__(self, url: str, reconnect: bool = True, open_timeout: float = 5.0) -> None:
        self.url = url
        self.reconnect = reconnect
        self.open_timeout = open_timeout
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self.table: str | None = None  # the table joined or watched
        self.seat: int | None = None  # one's seat (None: a spectator, or not seated yet)
        self.token: str | None = None  # the seat's secret, for rejoin
        self.state: dict[str, Any] | None = None  # the last state received
        self.over: dict[str, Any] | None = None  # the ``over`` message, once the game ends
        self._watching = False
        self._ws: ClientConnection | None = None
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._opened = threading.Event()
        self._thread = threading.Thread(target=self._run, name="flip7-net-client", daemon=True)
        self._thread.start()

    # ---------------------------------------------------------------- requests
    def create(self, name: str, seats: list[Any], rules: dict[str, Any] | None = None) -> bool:
        """A new table: ``seats`` of ``"me"``, ``"open"``, ``{"bot": LEVEL, "name": NAME}``."""
        message: dict[str, Any] = {"type": "create", "name": name, "seats": seats}
        if rules:
            message["rules"] = rules
        return self.send(message)

    def join(self, table: str, name: str) -> bool:
        return self.send({"type": "join", "table": table, "name": name})

    def watch(self, table: str) -> bool:
        self._watching, self.table = True, table
        return self.send({"type": "watch", "table": table})

    def rejoin(self, table: str, token: str) -> bool:
        self.table, self.token = table, token
        return self.send({"type": "rejoin", "table": table, "token": token})

    def start(self) -> bool:
        return self.send({"type": "start"})

    def act(self, do: str, target: str | None = None, version: int | None = None) -> bool:
        """A decision (``hit``, ``stay``, ``target`` with a name) for the state
        ``version`` — by default the last one received."""
        if version is None:
            version = None if self.state is None else self.state["version"]
        message: dict[str, Any] = {"type": "act", "version": version, "do": do}
        if target is not None:
            message["target"] = target
        return self.send(message)

    def send(self, message: dict[str, Any]) -> bool:
        """Send one message now; False if there is no open connection (nothing queued)."""
        text = json.dumps(message, ensure_ascii=False)
        with self._lock:
            ws = self._ws
        if ws is None:
            return False
        try:
            ws.send(text)
        except (ConnectionClosed, OSError):
            return False
        return True

    # ------------------------------------------------------------------ reading
    def poll(self) -> list[dict[str, Any]]:
        """Every message received since the last call, oldest first (never waits)."""
        out = []
        with contextlib.suppress(queue.Empty):
            while True:
                out.append(self.messages.get_nowait())
        return out

    def next(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next message, waiting up to ``timeout`` seconds (None: no message came)."""
        try:
            return self.messages.get(timeout=timeout)
        except queue.Empty:
            return None

    def wait_for(self, kind: str, timeout: float = 10.0, **match: Any) -> dict[str, Any]:
        """The next message of type ``kind`` (whose keys equal ``match``), skipping the
        others; TimeoutError if none comes in time. For tools and tests."""
        end = time.monotonic() + timeout
        while (left := end - time.monotonic()) > 0:
            message = self.next(left)
            if (
                message is not None
                and message.get("type") == kind
                and all(message.get(k) == v for k, v in match.items())
            ):
                return message
        raise TimeoutError(f"no {kind!r} message within {timeout} s")

    @property
    def connected(self) -> bool:
        with self._lock:
            return self._ws is not None

    def wait_connected(self, timeout: float = 10.0) -> bool:
        """Wait for the first connection; whether it is open."""
        self._opened.wait(timeout)
        return self.connected

    def close(self) -> None:
        """Close the connection for good (the seat stays the player's: see ``rejoin``)."""
        self._closing.set()
        with self._lock:
            ws = self._ws
        if ws is not None:
            ws.close()
        self._thread.join(timeout=10)

    # -------------------------------------------------------------- the thread
    def _run(self) -> None:
        delay = 0.25
        while not self._closing.is_set():
            try:
                ws = connect(
                    self.url, max_size=RECEIVE_LIMIT, open_timeout=self.open_timeout, legacy=True
                )
            except (OSError, ConnectionClosed, InvalidHandshake, InvalidURI, TimeoutError) as e:
                self._notice("lost", f"cannot connect to {self.url}: {e}")
                self._opened.set()
                if not self.reconnect or self._closing.wait(delay):
                    break
                delay = min(delay * 2, 5.0)
                continue
            delay = 0.25
            code = self._serve(ws)
            if self._closing.is_set() or not self.reconnect or code in FINAL_CLOSES:
                break
        self._notice("closed", "the connection is closed")

    def _serve(self, ws: ClientConnection) -> int | None:
        """Read one connection until it closes; its close code."""
        with self._lock:
            self._ws = ws
        self._notice("open", self.url)
        self._opened.set()
        if self.token is not None and self.table is not None:
            self.send({"type": "rejoin", "table": self.table, "token": self.token})
        elif self._watching and self.table is not None:
            self.send({"type": "watch", "table": self.table})
        try:
            for raw in ws:
                self._receive(raw)
        except ConnectionClosed:
            pass
        with self._lock:
            self._ws = None
        if not self._closing.is_set():
            self._notice("lost", ws.close_reason or "connection lost")
        return ws.close_code

    def _receive(self, raw: str | bytes) -> None:
        try:
            message = json.loads(raw)
        except ValueError:
            return
        if not isinstance(message, dict):
            return
        kind = message.get("type")
        if kind == "joined":
            self.table, self.seat, self.token = message["table"], message["seat"], message["token"]
        elif kind == "watching":
            self.table, self._watching = message["table"], True
        elif kind == "state":
            self.state = message
        elif kind == "over":
            self.over = message
        self.messages.put(message)

    def _notice(self, status: str, reason: str) -> None:
        self.messages.put({"type": "connection", "status": status, "reason": reason})
