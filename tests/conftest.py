"""Every test runs headless: set before any test module imports pygame.

The fixtures every test file shares: after each test the window is closed and the
language is English again; ``app`` is a window driven by posted events (ui/driver.py).
"""

import os
import sys
from itertools import islice

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# the hostile-bot zoo is code no test process may import (only a plug-in's own process)
collect_ignore_glob = ["bots_zoo/*"]


@pytest.fixture(autouse=True)
def _close_display():
    """After each test: a window it opened is closed, and the language is English again."""
    yield
    if "pygame" in sys.modules:
        sys.modules["pygame"].display.quit()
    if "ui.i18n" in sys.modules:
        sys.modules["ui.i18n"].set_language("en")


@pytest.fixture
def app(request):
    """A 1280×720 window in English whose bots decide at once, in a scratch home; a test
    module's ``APP`` dict changes or adds to that configuration (``ui.config.Config``)."""
    from ui.driver import make_app

    config = {"size": (1280, 720), "lang": "en", "think_time": 0.0}
    return make_app(**{**config, **getattr(request.module, "APP", {})})


def pytest_collection_modifyitems(config, items):
    """With ``--dist worksteal`` (the README's test command) the slow tier starts first,
    dealt in turn to every worker: a real window's or a deadline's waits then overlap the
    others' work instead of queueing on one worker at the end.

    pytest-xdist's worksteal hands each worker a contiguous share of the collection (the
    first ``len // n``, then an even share of the rest) and a worker that runs out takes
    the second half of the longest queue left: the slow tests at the head of each share
    stay with their worker, the fast ones behind them are shared out at the end."""
    worker = getattr(config, "workerinput", None)  # a worker's: its run's count and command
    if worker is None:
        return
    if not any("worksteal" in arg for arg in [*config.getini("addopts"), *worker["mainargv"]]):
        return
    workers = worker["workercount"]
    slow = [item for item in items if item.get_closest_marker("slow")]
    if not slow:
        return
    chosen = set(map(id, slow))
    fast = iter([item for item in items if id(item) not in chosen])
    shares, left = [], len(items)
    for k in range(workers):
        size = left // (workers - k)
        shares.append(size)
        left -= size
    ordered = []
    for k, size in enumerate(shares):
        head = slow[k::workers]
        ordered += head + list(islice(fast, max(0, size - len(head))))  # fewer if none left
    items[:] = ordered + list(fast)  # none left, unless the slow tests outnumber a share


@pytest.fixture
def two_humans():
    """Ana and Bo, two people at one screen (a hot seat): the table most tests set."""
    from ui.config import Seat

    return [Seat("Ana", None), Seat("Bo", None)]
