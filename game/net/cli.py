"""``python -m game.server``: a headless ``flip7-net/1`` server (docs/network.md).

``python -m game.server --host ADDRESS --port PORT [--home DIR] [--wait SECONDS]``
prints ``listening on ws://HOST:PORT`` as its first line (flushed at once), then
serves until it is stopped (Ctrl+C, SIGTERM): every table is then written, and the
next start with the same ``--home`` takes them up again. ``flip7 --serve …`` is the
same command. docs/network.md says how to run it at home or on a rented machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import socket
import sys

from game.commands.cli import ArgumentParser
from game.limits import NET_MAX_BOT_DELAY, NET_MAX_TABLES, NET_MAX_WAIT, excerpt
from game.net.server import Bounds, Server, address, listen, serve_until
from game.net.store import tables_folder

DEFAULT_PORT = 7707


def parse_args(argv: list[str] | None, prog: str = "python -m game.server") -> argparse.Namespace:
    p = ArgumentParser(prog=prog, description="Serve Flip 7 tables over the network.")
    p.add_argument(
        "--host",
        default="127.0.0.1",
        metavar="ADDRESS",
        help="address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every network)",
    )
    p.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=f"TCP port (default {DEFAULT_PORT}; 0: any free port)",
    )
    p.add_argument(
        "--home",
        metavar="DIR",
        help="keep the tables in DIR/data/tables (default: $FLIP7_HOME, else the user's folders)",
    )
    p.add_argument(
        "--wait",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="how long a dropped player's seat waits before a normal bot plays it (default 60)",
    )
    p.add_argument(
        "--bot-delay",
        type=float,
        default=1.0,
        metavar="SECONDS",
        help="how long a bot takes for a decision (default 1)",
    )
    p.add_argument(
        "--max-tables",
        type=int,
        default=NET_MAX_TABLES,
        metavar="N",
        help=f"tables kept at once (default {NET_MAX_TABLES})",
    )
    args = p.parse_args(argv)
    if not 0 <= args.port <= 65535:
        p.error(f"--port must be from 0 to 65535, not {args.port}")
    if not 0 <= args.wait <= NET_MAX_WAIT:  # NaN fails too
        p.error(f"--wait must be from 0 to {NET_MAX_WAIT} seconds")
    if not 0 <= args.bot_delay <= NET_MAX_BOT_DELAY:
        p.error(f"--bot-delay must be from 0 to {NET_MAX_BOT_DELAY:g} seconds")
    if not 1 <= args.max_tables <= 100 * NET_MAX_TABLES:
        p.error(f"--max-tables must be from 1 to {100 * NET_MAX_TABLES}")
    return args


def main(argv: list[str] | None = None, prog: str = "python -m game.server") -> int:
    args = parse_args(argv, prog)
    try:
        folder = tables_folder(args.home)
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        print(
            f"{prog}: cannot keep tables in {excerpt(str(args.home), 200)}: {e.strerror or e}",
            file=sys.stderr,
        )
        return 2
    try:
        sock = listen(args.host, args.port)
    except (OSError, UnicodeError) as e:
        reason = getattr(e, "strerror", None) or e
        print(
            f"{prog}: cannot listen on {excerpt(args.host, 100)[1:-1]}:{args.port}: {reason}",
            file=sys.stderr,
        )
        return 2
    print(f"listening on {address(args.host, sock)}", flush=True)
    server = Server(
        folder,
        wait=args.wait,
        bot_delay=args.bot_delay,
        bounds=Bounds(tables=args.max_tables),
    )
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(_serve(server, sock))
    return 0


async def _serve(server: Server, sock: socket.socket) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, AttributeError, ValueError):
            loop.add_signal_handler(signum, stop.set)
    await serve_until(server, sock, stop)
