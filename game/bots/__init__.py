"""Bots: ``choose(view, legal, rng) -> Action``, one module per level.

A seat may also play a plug-in (``PATH.py:FUNCTION``, ``package.module:FUNCTION``,
docs/bots.md): it runs in its own process (:mod:`game.bots.sandbox`), never in
the program's, so :func:`get` gives the built-in levels only.

A bot decides through the same path as a human: it gets the pending decision
through its :class:`~game.view.SeatView` (the public table, never the draw
pile's order) and returns one of the legal actions.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from functools import cache

from game.gamefile import BOT_LEVELS
from game.state import Action
from game.view import SeatView

LEVELS = BOT_LEVELS  # the built-in levels, as a game file names them

#: ``legal`` is a list for plug-ins (docs/bots.md); built-in bots may get a tuple
Bot = Callable[[SeatView, Sequence[Action], random.Random], Action]


def get(level: str) -> Bot:
    """The ``choose`` function of a built-in level; ValueError for any other name (a
    plug-in spec included: :func:`game.bots.sandbox.PluginBot` runs those)."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    return _builtin(level)


@cache
def _builtin(level: str) -> Bot:
    """A built-in level's ``choose``, looked up once (the simulator asks every game)."""
    choose: Bot = importlib.import_module(f"{__name__}.{level}").choose
    return choose
