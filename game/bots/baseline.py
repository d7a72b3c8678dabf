"""The ``baseline`` bot: INTERFACES.md §4, fixed forever — the yardstick.

Never tune it: every strength figure of the project is measured against it.
"""

from __future__ import annotations

import random

from ..cards import FREEZE, SECOND_CHANCE
from ..state import HIT_OR_STAY, Action
from ..view import SeatView

STAY_AT = 25


def choose(view: SeatView, legal: list[Action], rng: random.Random) -> Action:
    d = view.pending
    me = view.seat
    if d.kind == HIT_OR_STAY:
        # hand score per R7 without the Flip 7 bonus (a pending hand never has one);
        # legal is (hit, stay)
        return legal[0] if view.me.score < STAY_AT else legal[1]
    n = len(view.players)
    after_me = sorted((s for s in d.options if s != me), key=lambda s: (s - me) % n)
    if d.card == SECOND_CHANCE:
        return Action.choose(me, after_me[0])  # the first eligible after itself
    if not after_me:
        return Action.choose(me, me)
    if d.card == FREEZE:
        key = lambda s: view.hand(s).score  # noqa: E731
    else:  # Flip Three: the opponent with the most number cards
        key = lambda s: view.hand(s).number_count  # noqa: E731
    best = max(key(s) for s in after_me)
    return Action.choose(me, next(s for s in after_me if key(s) == best))
