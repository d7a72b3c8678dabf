"""Work spread over processes for ``game.simulate`` and ``game.tournament`` (``--workers``).

The workers are started as plug-ins are (:func:`game.bots.sandbox.processes`: forked
from a fork server that holds nothing of the program, or a fresh interpreter) and each
watches the program that started it: when the program ends in
any way, even killed, they end too (:func:`game.bots.plugin_host.watch_parent`),
and so do the plug-ins they started. When one part fails (a plug-in bot), the
others stop at their next game and the failure is raised, without waiting for the
rest of the run.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from game.bots import sandbox
from game.bots.plugin_host import watch_parent
from game.bots.plugins import BotError

_STOP: Any = None  # in a worker: set once the run has failed somewhere


def stopped() -> bool:
    """True in a worker once the run failed elsewhere (its chunk may end early)."""
    return _STOP is not None and _STOP.is_set()


def _worker_start(stop: Any) -> None:
    global _STOP
    _STOP = stop
    watch_parent()
    sandbox.close_at_exit()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the program's: it stops us


def run_chunks(
    func: Callable[[Any], Any],
    make_args: Callable[[int, int], Any],
    count: int,
    workers: int,
    progress: bool,
) -> list[Any]:
    """Run ``count`` items in chunks (``make_args(start, stop)``), on ``workers``
    processes, with a progress bar on stderr; the results in order."""
    size = max(1, min(2000, count // (workers * 8) or 1))
    chunks = [make_args(i, min(i + size, count)) for i in range(0, count, size)]
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=count, unit=" games", file=sys.stderr, leave=False)
    results = []
    try:
        for args, result in zip(chunks, _results(func, chunks, workers), strict=True):
            results.append(result)
            if bar:
                bar.update(args[-1] - args[-2])
    finally:
        if bar:
            bar.close()
    return results


def _results(func: Callable[[Any], Any], chunks: Sequence[Any], workers: int) -> Iterator[Any]:
    if workers <= 1:
        yield from map(func, chunks)
        return
    context = sandbox.processes()
    stop = context.Event()
    pool = ProcessPoolExecutor(
        workers, mp_context=context, initializer=_worker_start, initargs=(stop,)
    )
    futures: list[Future[Any]] = []
    try:
        futures = [pool.submit(func, chunk) for chunk in chunks]
        for future in futures:
            yield future.result()
    except BrokenProcessPool:
        raise BotError("a worker process ended unexpectedly") from None
    finally:
        stop.set()  # the others stop at their next game
        for future in futures:
            future.cancel()
        pool.shutdown(wait=True)
        sandbox.close_all()
