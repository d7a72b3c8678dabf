"""The ``flip7-net/1`` server: many tables on one asyncio loop (docs/network.md).

:class:`Server` receives each connection's messages (``websockets``, at most
:data:`~game.limits.NET_MAX_MESSAGE` bytes each), refuses what is not of the protocol
with one ``error`` (:mod:`game.net.protocol`), hands the rest to the connection's
table (:mod:`game.net.table`) and, after every change, has the table saved
(:mod:`game.net.store`) and its next bot decision or seat takeover timed.

``python -m game.server`` runs :func:`serve`; :func:`start_in_thread` runs the same
server in a thread of its own (the tests, and a program that hosts a table itself).
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import logging
import secrets
import socket
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.frames import CloseCode
from websockets.http11 import Request, Response
from websockets.protocol import State as WsState
from websockets.server import ServerProtocol

from game import limits
from game.net import protocol
from game.net.protocol import (
    SERVER_STOPPED,
    Act,
    Create,
    Join,
    NetError,
    Rejoin,
    Start,
    Watch,
    parse,
)
from game.net.state import action_text
from game.net.store import SNAPSHOT_EVERY, Writer, encode, load_tables
from game.net.table import Settings, Table

log = logging.getLogger(__name__)
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read aloud, typed again
CODE_LENGTH = 6
HELD_BYTES = 256 * 1024  # a connection's unsent bytes from which its states are thinned
#: the longest message read: one up to this length but over the protocol's gets an
#: ``error`` (game.net.protocol.parse), a longer one that error and the connection closed
READ_LIMIT = 2 * limits.NET_MAX_MESSAGE
TOO_BIG = protocol.error(
    "bad_message",
    f"a message holds at most {limits.NET_MAX_MESSAGE:,} bytes; the connection closes",
)
#: a text message that is not UTF-8: RFC 6455 has the connection closed (1007), this
#: error said first
NOT_UTF8 = protocol.error("not_json", "a text message is UTF-8; the connection closes")
SWEEP_SECONDS = 30.0  # how often tables left empty are looked at
#: the least time between two passes over the tables whose time has come: the loop wakes
#: once for all the bot decisions due meanwhile, not once for each (tools/bench_net.py)
PASS_SECONDS = 0.01


@dataclass(frozen=True, slots=True)
class Bounds:
    """The server's bounds (defaults: :mod:`game.limits`); tests and benchmarks widen them."""

    tables: int = limits.NET_MAX_TABLES
    connections: int = limits.NET_MAX_CONNECTIONS
    table_connections: int = limits.NET_MAX_TABLE_CONNECTIONS
    rate: float = limits.NET_RATE
    burst: int = limits.NET_BURST
    bad_to_close: int = limits.NET_BAD_TO_CLOSE
    lobby_idle: float = limits.NET_LOBBY_IDLE


class TellingConnection(ServerConnection):
    """A WebSocket connection whose message over :data:`READ_LIMIT` is answered with
    one ``error`` before the connection closes (1009, message too big): its end is not
    read, so nothing after it could be. A text message that is not UTF-8 gets one too,
    before the close RFC 6455 asks (1007, invalid data)."""

    def __init__(self, ws_protocol: ServerProtocol, *args: Any, **kwargs: Any) -> None:
        super().__init__(ws_protocol, *args, **kwargs)
        fail = ws_protocol.fail

        told: dict[int, str] = {
            CloseCode.MESSAGE_TOO_BIG: TOO_BIG,
            CloseCode.INVALID_DATA: NOT_UTF8,
        }

        def fail_telling(code: int, reason: str = "") -> Any:
            if code in told and ws_protocol.state is WsState.OPEN:
                ws_protocol.send_text(told[code].encode())
            return fail(code, reason)

        ws_protocol.fail = fail_telling  # type: ignore[method-assign]


class Connection:
    """One client: its table, its rate limit, and its messages on their way out."""

    def __init__(self, ws: ServerConnection, server: Server) -> None:
        self.ws = ws
        self.server = server
        self.table: Table | None = None
        self.allowance = float(server.bounds.burst)  # messages it may send now
        self.bad = 0.0  # refused messages, less one a second
        self.last = time.monotonic()
        self.held: deque[tuple[str, bool]] = deque()  # waiting for the socket to drain
        self.closed = False

    # -------------------------------------------------------------------- out
    def send(self, text: str, state: bool = False) -> None:
        """Queue ``text``; a client that reads slowly gets fewer states, each whole."""
        if self.closed:
            return
        if self.held or self._buffered() > HELD_BYTES:
            if state and self.held and self.held[-1][1]:
                self.held[-1] = (text, True)  # the newer state replaces the older one
            else:
                self.held.append((text, state))
            if len(self.held) == 1:
                asyncio.get_running_loop().call_later(0.05, self._drain)
            return
        self._push(text)

    def _push(self, text: str) -> None:
        broadcast([self.ws], text)  # written at once, never awaited

    def _buffered(self) -> int:
        transport = self.ws.transport
        return 0 if transport is None else transport.get_write_buffer_size()

    def _drain(self) -> None:
        while self.held and not self.closed and self._buffered() <= HELD_BYTES:
            self._push(self.held.popleft()[0])
        if self.held and not self.closed:
            asyncio.get_running_loop().call_later(0.05, self._drain)

    def close(self, reason: str) -> None:
        if not self.closed:
            self.closed = True
            self.held.clear()
            asyncio.get_running_loop().create_task(self.ws.close(1008, reason[:120]))

    # --------------------------------------------------------------------- in
    def admit(self) -> bool:
        """Whether the rate limit lets one more message through (a token bucket)."""
        now = time.monotonic()
        elapsed, self.last = now - self.last, now
        bounds = self.server.bounds
        self.allowance = min(float(bounds.burst), self.allowance + elapsed * bounds.rate)
        self.bad = max(0.0, self.bad - elapsed)
        if self.allowance < 1.0:
            return False
        self.allowance -= 1.0
        return True

    def refuse(self, code: str, message: str) -> None:
        """One ``error``; a connection that keeps being refused is closed."""
        self.send(protocol.error(code, message))
        self.bad += 1.0
        if self.bad > self.server.bounds.bad_to_close:
            self.close("too many refused messages")


class Server:
    """Every table of one server, and the connections at them."""

    def __init__(
        self,
        folder: Path | None,
        wait: float = 60.0,
        bot_delay: float = 1.0,
        bounds: Bounds | None = None,
    ) -> None:
        self.folder = folder
        self.settings = Settings(wait=wait, bot_delay=bot_delay, clock=time.monotonic)
        self.bounds = bounds or Bounds()
        self.tables: dict[str, Table] = {}
        self.connections: set[Connection] = set()
        self._due: dict[str, float] = {}  # code -> when its next tick is due (Settings.clock)
        self._queue: list[tuple[float, str]] = []  # (due, code), earliest first; some stale
        self._wake: asyncio.TimerHandle | None = None  # the next pass over the tables due
        self._wake_at = float("inf")
        self._passed = float("-inf")  # when the last pass began
        self._saving: set[str] = set()  # tables with a write under way
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ws: WsServer | None = None
        self.writer: Writer | None = None

    # ------------------------------------------------------------------ life
    async def start(self, sock: socket.socket) -> None:
        """Read the tables kept in the folder, then serve on ``sock``."""
        self._loop = asyncio.get_running_loop()
        if self.folder is not None:
            self.writer = Writer(self.folder, on_error=_problem)
            self.writer.done = lambda code: self._call(self._saved, code)
            tables, problems = load_tables(self.folder, self.settings)
            for line in problems:
                _problem(line)
            for table in tables:
                self.tables[table.code] = table
                self._changed(table)
        self._ws = await serve(
            self._handle,
            sock=sock,
            max_size=READ_LIMIT,
            create_connection=TellingConnection,
            # no permessage-deflate: a state is a few kB, and compressing it for every
            # connection costs more CPU than the rest of a decision (tools/bench_net.py)
            compression=None,
            process_request=self._admit_connection,
        )
        self._loop.call_later(SWEEP_SECONDS, self._sweep)

    async def stop(self, reason: str = SERVER_STOPPED) -> None:
        """Close every connection (1001, going away, with ``reason``), write every table,
        stop."""
        if self._wake is not None:
            self._wake.cancel()
            self._wake = None
        if self._ws is not None:
            # stops listening first: a client that reconnects at once must not sit down
            # on a server about to close, and miss why it closed
            self._ws.close(code=1001, reason=reason)
            await self._ws.wait_closed()
        for table in self.tables.values():
            self._saving.discard(table.code)  # a write under way is followed by this one
            self._save(table)
        if self.writer is not None:
            await asyncio.get_running_loop().run_in_executor(None, self.writer.close)

    def _call(self, fn: Callable[[str], None], code: str) -> None:
        """``fn(code)`` on the loop, from another thread."""
        if self._loop is not None and not self._loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                self._loop.call_soon_threadsafe(fn, code)

    # ----------------------------------------------------------- connections
    def _admit_connection(self, ws: ServerConnection, request: Request) -> Response | None:
        if len(self.connections) < self.bounds.connections:
            return None
        body = b"the server has as many connections as it may\n"
        headers = Headers([("Content-Type", "text/plain"), ("Content-Length", str(len(body)))])
        return Response(HTTPStatus.SERVICE_UNAVAILABLE, "Service Unavailable", headers, body)

    async def _handle(self, ws: ServerConnection) -> None:
        # states go out as they are made, often two or three in a row: without TCP_NODELAY
        # the next waits for the client to acknowledge the last (some 40 ms). asyncio sets
        # it only on sockets made with IPPROTO_TCP, which socket.create_server's are not
        sock = ws.transport.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        conn = Connection(ws, self)
        self.connections.add(conn)
        try:
            async for message in ws:
                self.receive(conn, message)
        except ConnectionClosed:
            pass
        finally:
            conn.closed = True
            self.connections.discard(conn)
            table = conn.table
            if table is not None:
                table.drop(conn)
                self._changed(table)

    def receive(self, conn: Connection, raw: str | bytes) -> None:
        """One message: refused with one ``error``, or done."""
        if conn.closed:
            return
        if not conn.admit():
            conn.refuse("too_fast", f"at most {self.bounds.rate:g} messages a second")
            return
        try:
            self._dispatch(conn, parse(raw))
        except NetError as e:
            conn.refuse(e.code, str(e))
        except Exception:  # a bug must not take the server (or its other tables) down
            log.exception("refused a message after an internal error")
            conn.refuse("internal", "the server could not do that; nothing changed")
        if conn.table is not None:
            self._changed(conn.table)

    def _dispatch(self, conn: Connection, request: protocol.Request) -> None:
        if isinstance(request, Act | Start):
            table = conn.table
            if table is None:
                raise NetError("not_at_table", "create, join, rejoin or watch a table first")
            if isinstance(request, Act):
                table.act(conn, request)
            else:
                table.start(conn)
            return
        if conn.table is not None:
            raise NetError("already_at_table", f"this connection is at table {conn.table.code}")
        if isinstance(request, Create):
            if len(self.tables) >= self.bounds.tables:
                raise NetError("server_full", "the server has as many tables as it may")
            table, _token = Table.create(request, conn, self._new_code(), self.settings)
            self.tables[table.code] = table
        else:
            table = self._table(request.table)
            if sum(1 for _ in table.members()) >= self.bounds.table_connections:
                raise NetError(
                    "table_full", f"table {table.code} has as many connections as it may"
                )
            if isinstance(request, Join):
                table.join(conn, request.name)
            elif isinstance(request, Rejoin):
                table.rejoin(conn, request.token)
            else:
                assert isinstance(request, Watch)
                table.watch(conn)
        conn.table = table

    def _table(self, code: str) -> Table:
        table = self.tables.get(code)
        if table is None:
            raise NetError("no_table", f"no table {code} on this server")
        return table

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            if code not in self.tables:
                return code

    # ---------------------------------------------------------------- tables
    def _changed(self, table: Table) -> None:
        """After anything happened at ``table``: save it, time its next tick."""
        self._log(table)
        if table.unsaved and self._wants_file(table):
            self._save(table)
        due = table.next_due()
        if due is None or table.code not in self.tables:
            self._due.pop(table.code, None)
        elif self._due.get(table.code) != due:
            self._due[table.code] = due
            heapq.heappush(self._queue, (due, table.code))
            self._wake_for(due)
        if table.finished and table.empty_since is not None:
            self._forget(table, "retire")

    def _wake_for(self, due: float) -> None:
        """Have a pass run by ``due``: at once if it is past, else no sooner than
        :data:`PASS_SECONDS` after the last pass began (the tables due meanwhile wait
        for it together)."""
        if self._loop is None:
            return
        now = self.settings.clock()
        at = now if due <= now else max(due, self._passed + PASS_SECONDS)
        if at >= self._wake_at:
            return
        if self._wake is not None:
            self._wake.cancel()
        self._wake_at = at
        self._wake = self._loop.call_later(max(0.0, at - now), self._pass)

    def _pass(self) -> None:
        """Tick every table whose time has come, each once."""
        self._wake, self._wake_at = None, float("inf")
        now = self._passed = self.settings.clock()
        due: list[Table] = []
        while self._queue and self._queue[0][0] <= now:
            when, code = heapq.heappop(self._queue)
            if self._due.get(code) == when:  # else timed again since: a stale entry
                del self._due[code]
                due.append(self.tables[code])
        for table in due:
            try:
                self._tick(table)
            except Exception:  # one table's trouble must not hold up the others due
                log.exception("table %s: could not go on", table.code)
        if self._queue:
            self._wake_for(self._queue[0][0])

    def _tick(self, table: Table) -> None:
        try:
            table.tick()
        except Exception:  # a bot's bug: the table waits, the server goes on
            log.exception("table %s: a bot could not decide", table.code)
            return
        self._changed(table)

    def _log(self, table: Table) -> None:
        """Every decision not yet on its way to disk, into the journal (store.Writer.log)."""
        game = table.game
        if self.writer is None or game is None or table.logged >= len(game.actions):
            return
        if table.filed[1] < 0:  # no file of its game yet: the file holds them
            return
        for index in range(table.logged, len(game.actions)):
            self.writer.log(table.code, index, table.version, action_text(game.actions[index]))
        table.logged = len(game.actions)

    def _wants_file(self, table: Table) -> bool:
        """Whether the table's file is written whole now: its seats changed, its game
        started or ended, or :data:`~game.net.store.SNAPSHOT_EVERY` decisions were made
        since (the journal holds them meanwhile)."""
        seats, decisions = table.filed
        game = table.game
        return (
            self.writer is None
            or seats != table.seats_version
            or game is None
            or game.over
            or decisions < 0
            or len(game.actions) - decisions >= SNAPSHOT_EVERY
        )

    def _save(self, table: Table) -> None:
        """Write the table, unless a write of it is under way: then when it is done."""
        if self.writer is None:
            table.unsaved = False
        elif table.code not in self._saving:
            self._saving.add(table.code)
            table.unsaved = False
            decisions = -1 if table.game is None else len(table.game.actions)
            table.filed = (table.seats_version, decisions)
            table.logged = max(table.logged, decisions)
            self.writer.put(table.code, encode(table), actions=max(0, decisions))

    def _saved(self, code: str) -> None:
        self._saving.discard(code)
        table = self.tables.get(code)
        if table is not None and table.unsaved and self._wants_file(table):
            self._save(table)

    def _forget(self, table: Table, then: str) -> None:
        """Drop a table nobody is at: a finished one's file is retired, an idle one's removed."""
        self.tables.pop(table.code, None)
        self._due.pop(table.code, None)  # its entry in the queue is stale now
        if self.writer is not None:
            self._log(table)
            self.writer.put(table.code, encode(table), then)

    def _sweep(self) -> None:
        now = self.settings.clock()
        for table in list(self.tables.values()):
            if table.filed[1] < table.logged and now - table.changed_at > SWEEP_SECONDS:
                self._save(table)  # a game that waits: its file, so no journal waits for it
            if table.empty_since is None:
                continue
            if table.finished:
                self._forget(table, "retire")
            elif not table.started and now - table.empty_since > self.bounds.lobby_idle:
                self._forget(table, "remove")
        assert self._loop is not None
        self._loop.call_later(SWEEP_SECONDS, self._sweep)


def _call_soon(loop: asyncio.AbstractEventLoop, fn: Callable[[], object]) -> None:
    with contextlib.suppress(RuntimeError):  # the loop is already closed
        loop.call_soon_threadsafe(fn)


def _problem(line: str) -> None:
    print(f"flip7-server: {line}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------------- running
def listen(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host``:``port`` (0: any free port); OSError if not."""
    family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0][0]
    return socket.create_server((host, port), family=family)


def address(host: str, sock: socket.socket) -> str:
    """``ws://HOST:PORT`` of a listening socket (its real port, for port 0)."""
    port = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    return f"ws://{shown}:{port}"


async def serve_until(server: Server, sock: socket.socket, stop: asyncio.Event) -> None:
    await server.start(sock)
    try:
        await stop.wait()
    finally:
        await server.stop()


class HostedServer:
    """A server running in a thread of its own (the window's "Host a game")."""

    def __init__(self, server: Server, url: str) -> None:
        self.server = server
        self.address = url  # ws://HOST:PORT
        self.port = int(url.rsplit(":", 1)[1])
        self._stop: Callable[[], None] = lambda: None
        self._thread: threading.Thread | None = None
        self.reason = SERVER_STOPPED  # what the connections are told as they close

    def stop(self, reason: str = SERVER_STOPPED, timeout: float = 15.0) -> None:
        """Close every connection (telling each ``reason``), write every table, end the
        thread."""
        self.reason = reason
        self._stop()
        if self._thread is not None:
            self._thread.join(timeout)


def start_in_thread(
    host: str = "127.0.0.1",
    port: int = 0,
    folder: Path | None = None,
    wait: float = 60.0,
    bot_delay: float = 1.0,
    bounds: Bounds | None = None,
) -> HostedServer:
    """Start a server in a daemon thread; returns once it listens (OSError if it cannot)."""
    sock = listen(host, port)
    server = Server(folder, wait=wait, bot_delay=bot_delay, bounds=bounds)
    hosted = HostedServer(server, address(host, sock))
    ready = threading.Event()
    failure: list[BaseException] = []

    def run() -> None:
        async def main() -> None:
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            hosted._stop = lambda: _call_soon(loop, stop.set)
            try:
                await server.start(sock)
            except BaseException as e:
                failure.append(e)
                raise
            finally:
                ready.set()
            try:
                await stop.wait()
            finally:
                await server.stop(hosted.reason)

        with contextlib.suppress(BaseException):
            asyncio.run(main())

    hosted._thread = threading.Thread(target=run, name="flip7-net-server", daemon=True)
    hosted._thread.start()
    ready.wait(30)
    if failure:
        raise OSError(f"the server could not start: {failure[0]}")
    return hosted
