"""The ``baseline`` bot: INTERFACES.md §4, fixed forever — the yardstick.

Never tune it: every strength figure of the project is measured against it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.cards import FREEZE, SECOND_CHANCE
from game.state import HIT, Action
from game.view import SeatView

STAY_AT = 25


def choose(view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
    if legal[0].kind == HIT:  # hit or stay: legal is (hit, stay)
        # hand score per R7 without the Flip 7 bonus (a pending hand never has one)
        return legal[0] if view.me.score < STAY_AT else legal[1]
    d = view.pending
    assert d is not None  # a bot is asked only when it must decide
    me = view.seat
    n = len(view.players)
    after_me = sorted((s for s in d.options if s != me), key=lambda s: (s - me) % n)
    if d.card == SECOND_CHANCE:
        return Action.choose(me, after_me[0])  # the first eligible after itself
    if not after_me:
        return Action.choose(me, me)

    def key(s: int) -> int:  # Freeze: the best score; Flip Three: the most number cards
        hand = view.hand(s)
        return hand.score if d.card == FREEZE else hand.number_count

    best = max(key(s) for s in after_me)
    return Action.choose(me, next(s for s in after_me if key(s) == best))
