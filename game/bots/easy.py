"""The ``easy`` bot: a cautious, slightly erratic player.

It stops early (somewhere around 19 points, never the same twice), now and
then stops or pushes on a whim, and gives its action cards at random.
"""

from __future__ import annotations

import random

from game.state import HIT_OR_STAY, Action
from game.view import SeatView


def choose(view: SeatView, legal: list[Action], rng: random.Random) -> Action:
    d = view.pending
    assert d is not None  # a bot is asked only when it must decide
    if d.kind == HIT_OR_STAY:
        if rng.random() < 0.1:  # a whim
            return rng.choice(legal)
        stop_at = rng.gauss(19, 4)
        return Action.stay(view.seat) if view.me.score >= stop_at else Action.hit(view.seat)
    return rng.choice(legal)
