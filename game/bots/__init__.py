"""Bots: ``choose(view, legal, rng) -> Action``, one module per level.

A bot decides through the same path as a human: it gets the pending decision
through its :class:`~game.view.SeatView` (the public table, never the draw
pile's order) and returns one of the legal actions.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable

from ..state import Action
from ..view import SeatView

LEVELS = ("easy", "normal", "expert", "baseline")

Bot = Callable[[SeatView, list[Action], random.Random], Action]


def get(level: str) -> Bot:
    """The ``choose`` function of a bot level; ValueError for an unknown level."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    return importlib.import_module(f"{__name__}.{level}").choose
