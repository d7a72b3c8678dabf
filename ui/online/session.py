"""A table across screens, as the window holds it (docs/network.md, "In the window").

An :class:`OnlineSession` is one table on a ``flip7-net/1`` server: the server itself
when this window hosts it (:func:`game.net.server.start_in_thread`, in a thread of the
program), and one :class:`~game.net.client.Client` for every person sitting at this
screen — a host with a friend beside them is two seats and two connections, each with
its own token — or one with no seat for a spectator. The window empties the clients'
queues once a frame (:meth:`OnlineSession.poll`); nothing here waits for the network.

Every seat taken is written to ``data/online/seats.json`` (the table, the server's
address, the seat's token), so a window closed or killed sits down again with
*Rejoin*, and a host opens its table again with *Open again* (the server's tables are
kept in ``data/tables``, as ``python -m game.server`` keeps them).
"""

from __future__ import annotations

import contextlib
import json
import socket
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.atomic import write_atomic
from game.net import discovery
from game.net.protocol import HOST_CLOSED

if TYPE_CHECKING:  # the WebSocket library is imported when a table is hosted or joined
    from game.net.client import Client
    from game.net.server import HostedServer

DEFAULT_PORT = 7707  # the port a host listens on when it is free (docs/network.md)
#: where a table open to other computers is announced (game.net.discovery)
BEACON_TO: tuple[tuple[str, int], ...] = (("<broadcast>", discovery.PORT),)
#: the seats kept for Rejoin, at most (the oldest go first)
KEPT_SEATS = 20


@dataclass(frozen=True)
class SeatKey:
    """What sits a person down again: where the table is, which table, the seat's token."""

    url: str
    table: str
    token: str
    seat: int
    name: str
    hosted: bool = False  # this window hosted the table (Open again starts its server)
    port: int = DEFAULT_PORT
    public: bool = False  # its server listened for other computers

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def kept_seats(path: Path) -> list[SeatKey]:
    """The seats in ``path`` (newest first); a missing or broken file holds none."""
    try:
        items = json.loads(path.read_text(encoding="utf-8"))
        return [SeatKey(**item) for item in items][:KEPT_SEATS]
    except (OSError, ValueError, TypeError):
        return []


def keep_seat(path: Path, key: SeatKey) -> None:
    """``key`` first in ``path`` (the same table's older seats of that number go)."""
    rest = [k for k in kept_seats(path) if (k.table, k.seat) != (key.table, key.seat)]
    items = [k.to_dict() for k in [key, *rest][:KEPT_SEATS]]
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps(items, ensure_ascii=False, indent=1))


def forget_table(path: Path, table: str) -> None:
    """The seats of a finished table leave the list."""
    rest = [k.to_dict() for k in kept_seats(path) if k.table != table]
    with contextlib.suppress(OSError):
        write_atomic(path, json.dumps(rest, ensure_ascii=False, indent=1))


def server_url(text: str, port: int = DEFAULT_PORT) -> str:
    """A server's address as a person types it — ``192.168.1.20``, ``host:7707``,
    ``ws://host:7707`` — as a WebSocket URL; ValueError if it is none.

    >>> server_url("192.168.1.20"), server_url("example.org:7777"), server_url(" ws://h:1 ")
    ('ws://192.168.1.20:7707', 'ws://example.org:7777', 'ws://h:1')
    >>> server_url("a b")
    Traceback (most recent call last):
    ValueError: not an address: a b
    """
    text = text.strip()
    if text.startswith(("ws://", "wss://")):
        scheme, _, rest = text.partition("://")
    else:
        scheme, rest = "ws", text
    host, sep, tail = rest.rpartition(":") if rest.count(":") == 1 else (rest, "", "")
    if not sep:
        host, tail = rest, str(port)
    if (
        not host
        or not tail.isdigit()
        or not 0 < int(tail) < 65536
        or any(c.isspace() for c in host)
    ):
        raise ValueError(f"not an address: {text}")
    return f"{scheme}://{host}:{int(tail)}"


def local_addresses() -> list[str]:
    """This computer's addresses on its networks, to give to friends (loopback left out);
    found without sending anything."""
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))  # a documentation address: routes, sends nothing
        found.append(s.getsockname()[0])
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    return [a for i, a in enumerate(found) if a not in found[:i] and not a.startswith("127.")]


class OnlineSession:
    """One table across screens: its connections from this window (and its server, when
    this window hosts it). See the module's docstring."""

    def __init__(self, url: str, seats_file: Path, hosted: HostedServer | None = None) -> None:
        self.url = url
        self.seats_file = seats_file
        self.hosted = hosted
        self.clients: list[Client] = []
        self.names: dict[int, str] = {}  # client index -> the name it asked for
        self.watching = False
        self.table: str | None = None
        self.state: dict[str, Any] | None = None  # the newest state any client received
        self.over: dict[str, Any] | None = None
        self.status = "connecting"  # "open", "lost", "closed"
        self.reason = ""  # why the connection was lost, in the server's words
        self.error: dict[str, Any] | None = None  # the last error a server sent
        self.ended = False  # the host closed the table
        self._intros: dict[int, Callable[[Client], object]] = {}
        self._also_here: list[str] = []
        self.beacon = discovery.Beacon(self._beacon, BEACON_TO) if self.public else None

    # ----------------------------------------------------------------- starting
    @classmethod
    def host(
        cls,
        folder: Path,
        seats_file: Path,
        public: bool,
        port: int = DEFAULT_PORT,
        bot_delay: float = 1.0,
        wait: float = 60.0,
    ) -> OnlineSession:
        """Start a server in this program (on ``port`` if free, else any), its tables kept
        in ``folder``, its bots taking ``bot_delay`` seconds a decision, a dropped player's
        seat waiting ``wait`` seconds; OSError if it cannot listen at all."""
        from game.net.server import start_in_thread

        where = "0.0.0.0" if public else "127.0.0.1"
        try:
            hosted = start_in_thread(where, port, folder, wait=wait, bot_delay=bot_delay)
        except OSError:  # the port is taken: any free one
            hosted = start_in_thread(where, 0, folder, wait=wait, bot_delay=bot_delay)
        return cls(f"ws://127.0.0.1:{hosted.port}", seats_file, hosted)

    @property
    def port(self) -> int | None:
        return self.hosted.port if self.hosted is not None else None

    @property
    def public(self) -> bool:
        return self.hosted is not None and not self.hosted.address.startswith("ws://127.")

    def _client(self, intro: Callable[[Client], object]) -> Client:
        """One more connection; ``intro`` is sent once it first opens (never waited for)."""
        from game.net.client import Client

        client = Client(self.url)
        self._intros[id(client)] = intro
        self.clients.append(client)
        return client

    def create(
        self, name: str, seats: list[Any], rules: dict[str, Any], also_here: tuple[str, ...] = ()
    ) -> None:
        """The table: ``seats`` as the protocol's ``create`` takes them; the people of
        ``also_here`` (at this screen too) take open seats as soon as it exists."""
        self.names[0] = name
        self._also_here = list(also_here)
        self._client(lambda c: c.create(name, seats, rules))

    def join(self, code: str, name: str) -> None:
        """One more person at this screen takes the table's next open seat."""
        self.names[len(self.clients)] = name
        self._client(lambda c: c.join(code, name))

    def watch(self, code: str) -> None:
        self.watching = True
        self._client(lambda c: c.watch(code))

    def rejoin(self, key: SeatKey) -> None:
        self.names[len(self.clients)] = key.name
        self._client(lambda c: c.rejoin(key.table, key.token))

    # ------------------------------------------------------------------ reading
    def poll(self) -> list[dict[str, Any]]:
        """Every client's messages since the last call (oldest first within a client);
        the session's state, status and error follow them."""
        out: list[dict[str, Any]] = []
        for client in self.clients:
            for message in client.poll():
                self._read(client, message)
                out.append(message)
        return out

    def _read(self, client: Client, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "state":
            if self.state is None or message["version"] >= self.state["version"]:
                self.state = message
            self.table = message.get("table", self.table)
        elif kind == "joined":
            self.table = message["table"]
            self._keep(client, message)
            while self._also_here:
                self.join(self.table, self._also_here.pop(0))
        elif kind == "watching":
            self.table = message["table"]
        elif kind == "over":
            self.over = message
            if self.table is not None:
                forget_table(self.seats_file, self.table)
        elif kind == "error":
            self.error = message
        elif kind == "connection":
            if message.get("status") == "open" and id(client) in self._intros:
                self._intros.pop(id(client))(client)
            self._connection(message)

    def _connection(self, message: dict[str, Any]) -> None:
        status = message.get("status", "")
        if status == "open":
            self.status, self.reason = "open", ""
            self.ended = False
        elif status == "lost" and self.status != "closed":
            self.status, self.reason = "lost", str(message.get("reason", ""))
            self.ended = self.ended or self.reason == HOST_CLOSED
        elif status == "closed" and all(not c.connected for c in self.clients):
            self.status = "closed"

    def _keep(self, client: Client, joined: dict[str, Any]) -> None:
        index = self.clients.index(client)
        seat = joined["seat"]
        name = self.names.get(index) or self._seat_name(seat)
        hosted = self.hosted is not None
        url = self.url
        keep_seat(
            self.seats_file,
            SeatKey(
                url,
                joined["table"],
                joined["token"],
                seat,
                name,
                hosted,
                self.port or 0,
                self.public,
            ),
        )

    def _seat_name(self, seat: int) -> str:
        if self.state is None:
            return "?"
        seats = self.state.get("seats") or []
        name = seats[seat].get("name") if seat < len(seats) else None
        return str(name or "?")

    # ------------------------------------------------------------------- state
    def my_seats(self) -> dict[int, Client]:
        """The seats of this screen, each with the connection that acts for it."""
        return {c.seat: c for c in self.clients if c.seat is not None}

    @property
    def creator(self) -> bool:
        """This screen created the table (it may start the game)."""
        if self.state is None:
            return False
        return self.state.get("creator") in self.my_seats()

    @property
    def started(self) -> bool:
        return self.state is not None and self.state.get("record") is not None

    def start(self) -> None:
        for seat, client in self.my_seats().items():
            if self.state is not None and self.state.get("creator") == seat:
                client.start()

    def act(self, seat: int, do: str, target: str | None = None) -> bool:
        """A decision for ``seat`` of this screen, for the newest state; False if that seat
        has no open connection."""
        client = self.my_seats().get(seat)
        if client is None or self.state is None:
            return False
        self.error = None
        return client.act(do, target, self.state["version"])

    def _beacon(self) -> discovery.Found | None:
        """What the local network hears of this table while people may still join."""
        state = self.state
        if state is None or self.started or self.table is None or self.port is None:
            return None
        seats = state.get("seats") or []
        free = sum(1 for seat in seats if seat.get("kind") == "open")
        if not free:
            return None
        return discovery.Found(self.table, self.port, self.names.get(0, "?"), free)

    def close(self) -> None:
        """Leave the table (the seats stay ours: Rejoin); a hosted server stops, telling
        everyone the host closed the table, its tables kept."""
        if self.beacon is not None:
            self.beacon.stop()
            self.beacon = None
        for client in self.clients:
            client.close()
        if self.hosted is not None:
            self.hosted.stop(HOST_CLOSED)
            self.hosted = None
