"""Plug-in bots in their own process (docs/bots.md, "Bad bots").

Code running in the program's own process cannot be stopped nor fenced: a bot
that sleeps, calls ``sys.exit`` or ``os._exit``, raises ``KeyboardInterrupt``,
changes the ``legal`` list it was handed or finds the game through ``gc`` would
freeze, end or alter the program. So each plug-in runs in a process of its own
(:class:`PluginBot`; the far side is :mod:`game.bots.plugin_host`), a process that
shares nothing with the program but the plain values sent to it over a pipe. On Linux
it is forked from ``multiprocessing``'s *fork server*: a fresh interpreter, started the
first time the program needs one, that imports the plug-in host and the game's code
(:data:`PRELOAD`), never runs a plug-in, and forks itself for each plug-in and each
worker of ``--workers`` (about 10 ms where a fresh interpreter takes
about 120). Elsewhere each gets a fresh interpreter (the *spawn* method).

- the program sends the seat's view as plain values (:mod:`game.bots.table_copy`),
  the legal actions and a seed for the bot's ``rng``;
- the plug-in answers with the *index* of a legal action, as text; the program
  takes that action from its own list of legal actions, never an object the
  plug-in made;
- every decision has a deadline: past it the process is killed and the bot has
  failed (:class:`~game.bots.plugins.BotError`), as when it raises, exits,
  answers something illegal or its process dies.

The built-in bots stay in the program's process: they are the project's own code.
A ``PluginBot`` is called like any bot, ``bot(view, legal, rng)`` (waiting for the
answer), or asked without waiting: :meth:`PluginBot.ask`, then :meth:`PluginBot.reply`
with ``wait=False`` until it gives an action (the window keeps drawing meanwhile).
"""

from __future__ import annotations

import atexit
import contextlib
import multiprocessing
import multiprocessing.util
import os
import random
import signal
import sys
import time
from collections.abc import Sequence
from functools import cache
from multiprocessing.context import ForkServerContext, SpawnContext
from typing import NoReturn

from game.bots import plugin_host
from game.bots.plugins import BotError, PluginError
from game.bots.table_copy import encode, encode_legal
from game.limits import BOT_LOAD_TIMEOUT
from game.state import Action
from game.view import SeatView

DEFAULT_TIMEOUT = 10.0  # seconds per decision in game.simulate and game.tournament
ANSWER_BYTES = 1024  # an answer is a short line: anything longer is refused unread
CLOSE_WAIT = 0.05  # seconds a closed plug-in has to end by itself before it is killed


#: what the fork server imports once, before it forks: the plug-in host, and the games
#: and bots a worker of ``--workers`` plays (:mod:`game.commands.pool`)
PRELOAD = [
    "game.bots.plugin_host",
    "game.commands.tournament",
    *(f"game.bots.{level}" for level in ("easy", "normal", "baseline", "expert")),
]


@cache
def processes() -> SpawnContext | ForkServerContext:
    """How the program starts a process of its own, a plug-in's or a worker's: from the
    fork server on Linux (see the module doc), a fresh interpreter elsewhere — and in a
    worker, which starts each plug-in once: a server of its own would cost it a second
    fresh interpreter."""
    if not sys.platform.startswith("linux") or multiprocessing.parent_process() is not None:
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return context


class PluginBot:
    """One plug-in ``spec`` running in a process of its own (see the module doc).

    ``timeout``: seconds per decision; ``load_timeout``: seconds to start and import the
    plug-in (a fresh interpreter takes a moment; default the longer of ``timeout`` and
    :data:`~game.limits.BOT_LOAD_TIMEOUT`). The process starts at once; :meth:`wait_ready`
    waits for the import, :meth:`ready` looks without waiting.
    """

    def __init__(self, spec: str, timeout: float, load_timeout: float | None = None) -> None:
        self.spec = spec
        self.timeout = timeout
        self.load_timeout = max(timeout, BOT_LOAD_TIMEOUT) if load_timeout is None else load_timeout
        self._conn, theirs = processes().Pipe()
        self._process = processes().Process(
            target=plugin_host.serve, args=(theirs, spec), name="flip7 plug-in", daemon=True
        )
        self._process.start()
        theirs.close()
        self._since = time.monotonic()
        self._loaded = False
        self._legal: tuple[Action, ...] | None = None  # the request awaiting an answer
        self.failure: Exception | None = None  # once failed, every call raises it again
        _OPEN.add(self)

    # ------------------------------------------------------------ loading
    def ready(self) -> bool:
        """True once the plug-in is imported; raises what went wrong (PluginError: it
        cannot be loaded; BotError: its process ended or it took too long)."""
        self._check()
        if self._loaded:
            return True
        if not self._incoming(0.0):
            if time.monotonic() - self._since > self.load_timeout:
                self._fail(
                    PluginError(
                        f"bot {self.spec!r}: took longer than {self.load_timeout:g} s to load"
                    )
                )
            return False
        kind, text = self._read("while loading")
        if kind == "E":
            self._fail(PluginError(text))
        if kind != "R":
            self._fail(BotError(f"bot {self.spec!r} sent {text[:40]!r} while loading"))
        self._loaded = True
        return True

    def wait_ready(self) -> None:
        """Wait until the plug-in is imported (at most ``load_timeout``); raises as
        :meth:`ready`."""
        while not self.ready():
            self._incoming(max(0.0, self.load_timeout - (time.monotonic() - self._since)) + 0.01)

    # ------------------------------------------------------------ deciding
    def __call__(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The plug-in's decision, waited for; :class:`BotError` if it fails (also when it
        cannot be loaded: in a worker, the program checked it loads before)."""
        try:
            self.wait_ready()
        except PluginError as error:
            raise BotError(str(error)) from None
        self.ask(view, legal, rng)
        action = self.reply(wait=True)
        assert action is not None  # waiting gives an action or raises
        return action

    def ask(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> None:
        """Send a decision to the plug-in (it must be :meth:`ready`); the answer comes
        through :meth:`reply`. ``rng`` gives the seed of the bot's own ``rng``."""
        self._check()
        legal = tuple(legal)
        seed = rng.getrandbits(64)
        try:
            self._conn.send((encode(view), encode_legal(legal), seed))
        except (OSError, ValueError):
            self._ended("while being asked")
        self._legal = legal
        self._since = time.monotonic()

    def reply(self, wait: bool) -> Action | None:
        """The action asked for: one of the legal actions sent, from the program's own
        list. ``wait`` False: None while the plug-in is still thinking. Raises
        :class:`BotError` when it failed (and then stops its process)."""
        self._check()
        if self._legal is None:
            raise RuntimeError("reply() without ask()")
        left = self.timeout - (time.monotonic() - self._since)
        if not self._incoming(max(0.0, left) if wait else 0.0):
            if left > 0 and not wait:
                return None
            self._fail(BotError(f"bot {self.spec!r} took longer than {self.timeout:g} s to decide"))
        kind, text = self._read("while deciding")
        legal, self._legal = self._legal, None
        if kind == "X":
            self._fail(BotError(text))
        if kind == "I" and text.isdigit() and int(text) < len(legal):
            return legal[int(text)]
        self._fail(BotError(f"bot {self.spec!r} sent {text[:40]!r}, which is no answer"))

    @property
    def waiting(self) -> bool:
        """True while a decision was asked and not yet answered."""
        return self._legal is not None

    # ------------------------------------------------------------ the process
    def close(self, wait: float = CLOSE_WAIT) -> None:
        """Stop the process: asked to end, killed if it has not within ``wait`` seconds
        (0: killed at once, as a plug-in that failed is)."""
        _OPEN.discard(self)
        if wait:
            with contextlib.suppress(OSError, ValueError):
                self._conn.send(None)
        with contextlib.suppress(OSError):
            self._conn.close()
        self._process.join(wait)
        if self._process.is_alive():
            self._process.kill()
            self._process.join()
        _end_group(self._process.pid)

    def _incoming(self, timeout: float) -> bool:
        try:
            return self._conn.poll(timeout)
        except (OSError, ValueError):  # the pipe is gone: reading says how
            return True

    def _read(self, when: str) -> tuple[str, str]:
        try:
            data = self._conn.recv_bytes(ANSWER_BYTES)
        except (EOFError, OSError):
            self._ended(when)
        text = data.decode("utf-8", "replace")
        return text[:1], text[1:]

    def _ended(self, when: str) -> NoReturn:
        self._process.join(1.0)  # it is ending: its exit status says how
        code = self._process.exitcode
        status = "" if code is None else f" (exit status {code})"
        self._fail(BotError(f"bot {self.spec!r}: its process ended {when}{status}"))

    def _check(self) -> None:
        if self.failure is not None:
            raise self.failure

    def _fail(self, error: Exception) -> NoReturn:
        self.failure = error
        self._legal = None
        self.close(wait=0)
        raise error


def _end_group(pid: int | None) -> None:
    """Kill what is left of the process group the plug-in's process led (what the
    plug-in started: :func:`game.bots.plugin_host.serve`); nothing if it is gone."""
    if pid is not None and hasattr(os, "killpg"):
        with contextlib.suppress(OSError):
            os.killpg(pid, signal.SIGKILL)


_OPEN: set[PluginBot] = set()
_SHARED: dict[tuple[str, float], PluginBot] = {}


def shared(spec: str, timeout: float) -> PluginBot:
    """The plug-in's process of this program (one per spec), started the first time."""
    bot = _SHARED.get((spec, timeout))
    if bot is None or bot.failure is not None:
        bot = _SHARED[spec, timeout] = PluginBot(spec, timeout)
    return bot


def check_loads(specs: Sequence[str], timeout: float) -> None:
    """Start every plug-in and wait until each is imported: :class:`PluginError` (one line)
    for the first that cannot be (they start together, so the waits overlap)."""
    started = [shared(spec, timeout) for spec in dict.fromkeys(specs)]
    for bot in started:
        try:
            bot.wait_ready()
        except BotError as error:
            raise PluginError(str(error)) from None


@atexit.register
def close_all() -> None:
    """Stop every plug-in process still open (at the end of the program, or of a run)."""
    for bot in list(_OPEN):
        bot.close()
    _SHARED.clear()


def close_at_exit() -> None:
    """In a worker of ``--workers``, which ends without atexit: multiprocessing's own exit
    stops its daemonic children with SIGTERM and waits for them, which a plug-in may
    ignore. This runs first and kills what did not end. (Called as the worker starts:
    what a module registers as it is imported, the fork server's children forget.)"""
    multiprocessing.util.Finalize(None, close_all, exitpriority=10)
