"""Tables found on the local network: a host's beacon, a joiner's listener (UDP).

A window that hosts a table open to other computers says so every two seconds in one
UDP datagram to the local network's broadcast address, port :data:`PORT`: a JSON
object ``{"flip7-net": 1, "table": CODE, "port": PORT, "host": NAME, "open": N}`` (the
table's code, the server's port, the host's name, the seats still open). A window on
the Join tab listens on that port and lists what it hears for a few seconds; the
address is the datagram's sender. Nothing else is ever read from a datagram: one that
is not exactly such an object, or longer than :data:`MAX_BYTES`, is dropped.

>>> parse('{"flip7-net": 1, "table": "K7QX2M", "port": 7707, "host": "Léa", "open": 2}'.encode())
Found(table='K7QX2M', port=7707, host='Léa', open=2)
>>> parse(b'{"flip7-net": 1, "table": "K7QX2M", "port": 0, "host": "x", "open": 2}') is None
True
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from game.limits import MAX_NAME, name_problem

PORT = 7708  # where beacons go (the server's own port is in the beacon)
EVERY = 2.0  # seconds between two beacons
FORGET = 6.0  # seconds a table is listed after its last beacon
MAX_BYTES = 512
CODE = frozenset("ABCDEFGHJKMNPQRSTUVWXYZ23456789")


@dataclass(frozen=True)
class Found:
    table: str
    port: int
    host: str
    open: int


def parse(data: bytes) -> Found | None:
    """The table a datagram announces, or None if it is not a beacon."""
    if len(data) > MAX_BYTES:
        return None
    try:
        item = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(item, dict) or set(item) != {"flip7-net", "table", "port", "host", "open"}:
        return None
    table, port, host, seats = item["table"], item["port"], item["host"], item["open"]
    ok = (
        item["flip7-net"] == 1
        and isinstance(table, str)
        and len(table) == 6
        and set(table) <= CODE
        and type(port) is int
        and 0 < port < 65536
        and isinstance(host, str)
        and len(host) <= MAX_NAME
        and name_problem(host) is None
        and type(seats) is int
        and 0 <= seats <= 18
    )
    return Found(table, port, host, seats) if ok else None


class Beacon:
    """Says every :data:`EVERY` seconds, from a thread of its own, what ``describe()``
    returns (None: nothing to say now) to ``targets`` (the broadcast address by default)."""

    def __init__(
        self,
        describe: Callable[[], Found | None],
        targets: tuple[tuple[str, int], ...] = (("<broadcast>", PORT),),
    ) -> None:
        self.describe = describe
        self.targets = targets
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="flip7-beacon", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
            while not self._stop.is_set():
                found = self.describe()
                if found is not None:
                    data = json.dumps({"flip7-net": 1, **found.__dict__}).encode("utf-8")
                    for target in self.targets:
                        with contextlib.suppress(OSError):  # no network: nothing to tell
                            sock.sendto(data, target)
                self._stop.wait(EVERY)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)


class Listener:
    """The tables heard on ``address`` (every interface, port :data:`PORT`, by default):
    :meth:`tables` lists those heard in the last :data:`FORGET` seconds. A port another
    program holds means no table is ever found (``error`` says why)."""

    def __init__(self, address: tuple[str, int] = ("", PORT)) -> None:
        self.error: str | None = None
        self._heard: dict[tuple[str, int, str], tuple[Found, float]] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if hasattr(socket, "SO_REUSEPORT"):  # several windows of one computer listen
            self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        self._sock.settimeout(0.25)
        try:
            self._sock.bind(address)
        except OSError as e:
            self.error = str(e)
            self._sock.close()
            return
        self._thread = threading.Thread(target=self._run, name="flip7-listener", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                data, sender = self._sock.recvfrom(MAX_BYTES + 1)
            except TimeoutError:
                continue
            except OSError:
                return
            found = parse(data)
            if found is not None:
                with self._lock:
                    self._heard[(sender[0], found.port, found.table)] = (found, time.monotonic())

    def tables(self) -> list[tuple[str, Found]]:
        """(the host's address, the table) for every table heard lately, by host name."""
        now = time.monotonic()
        with self._lock:
            live = {k: v for k, v in self._heard.items() if now - v[1] < FORGET}
            self._heard = live
        return sorted(((k[0], f) for k, (f, _t) in live.items()), key=lambda x: x[1].host)

    def stop(self) -> None:
        self._stop.set()
        if self.error is None:
            self._thread.join(5)
            self._sock.close()
