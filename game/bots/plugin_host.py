"""The far side of :mod:`game.bots.sandbox`: one plug-in, alone in its own process.

:func:`serve` runs in the child process. It imports the plug-in, then answers one
request at a time: the seat's view (plain values, :mod:`game.bots.table_copy`), the
legal actions and a seed for the bot's ``rng``. The answer is plain text, never a
Python object: ``R`` (loaded), ``I<n>`` (the ``n``-th legal action), ``E<line>`` (it
cannot be loaded) or ``X<line>`` (it raised, exited or answered something illegal).
So nothing a plug-in returns is ever unpickled by the program.

The process ends when the program closes the pipe, and by itself when the program
ends in any way, even killed (a thread watching the parent; on Linux the kernel
too), so a plug-in is never left running. It leads a process group of its own, which
the program kills as it closes the plug-in: a process the plug-in started ends too.
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import sys
import threading
from multiprocessing.connection import Connection, wait
from typing import Any

from game.bots import plugins
from game.bots.table_copy import decode, decode_legal
from game.limits import excerpt

MESSAGE = 300  # characters of a problem sent back


def serve(conn: Connection, spec: str) -> None:
    """Load ``spec`` and answer requests on ``conn`` until it closes (the child's main)."""
    watch_parent()
    _own_group()
    _quiet()
    try:
        bot = plugins.load(spec)
    except plugins.PluginError as error:
        _send(conn, "E", str(error))
        return
    except BaseException as error:  # sys.exit, KeyboardInterrupt… while it is imported
        _send(conn, "E", f"bot {spec!r} {_what(error)} while loading")
        return
    _send(conn, "R", "")
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        _send(conn, *answer(bot, spec, *request))


def answer(
    bot: plugins.Bot, spec: str, view_data: Any, legal_data: Any, seed: int
) -> tuple[str, str]:
    """Ask the bot; ``("I", "n")`` for the ``n``-th legal action, or ``("X", problem)``."""
    legal = decode_legal(legal_data)
    kept = tuple(legal)  # what the bot returns is looked up here: it may change its list
    try:
        action = bot(decode(view_data, legal), legal, random.Random(seed))
    except BaseException as error:  # sys.exit and KeyboardInterrupt too: reported, not obeyed
        return "X", f"bot {spec!r} {_what(error)}"
    try:
        return "I", str(kept.index(action))
    except BaseException:  # not there, or a value whose comparison raises
        return "X", f"bot {spec!r} returned {_shown(action)}, which is not a legal action"


def _what(error: BaseException) -> str:
    if isinstance(error, SystemExit):
        return f"called sys.exit({_shown(error.code)})"
    return f"raised {plugins.one_line(error)}"


def _shown(value: object) -> str:
    try:
        return excerpt(value)
    except BaseException:  # a __repr__ that raises
        return f"a {type(value).__name__}"


def _send(conn: Connection, kind: str, text: str) -> None:
    with contextlib.suppress(OSError):
        conn.send_bytes((kind + " ".join(text.split())[:MESSAGE]).encode("utf-8", "replace"))


def _own_group() -> None:
    """This process leads a process group of its own: whatever the plug-in starts (a
    child that outlives it, holding the program's stderr) is in it and is killed with it
    (:meth:`game.bots.sandbox.PluginBot.close`)."""
    with contextlib.suppress(AttributeError, OSError):  # no process groups on Windows
        os.setpgid(0, 0)


def _quiet() -> None:
    """What the plug-in prints goes to stderr (a ``--json`` output stays clean); it reads
    nothing from the terminal; Ctrl-C is for the program, which closes this process."""
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
        os.dup2(2, 1)
    sys.stdout = sys.stderr
    with contextlib.suppress(ValueError, OSError):
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def watch_parent() -> None:
    """End this process as soon as the program that started it ends (a plug-in's
    process, a worker of ``game.simulate --workers``)."""
    import multiprocessing

    parent = multiprocessing.parent_process()
    if parent is None:  # called in the program itself (a test): nothing to watch
        return
    if sys.platform.startswith("linux"):
        # the kernel kills us even if we never get the GIL when the process that started
        # us ends: the program, or its fork server (which ends with the program)
        with contextlib.suppress(Exception):
            import ctypes

            pr_set_pdeathsig = 1
            ctypes.CDLL(None).prctl(pr_set_pdeathsig, signal.SIGKILL)
    sentinel = parent.sentinel  # readable once the program has ended, even before this

    def watch() -> None:
        wait([sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="parent watch", daemon=True).start()
