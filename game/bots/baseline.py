"""The ``baseline`` bot (docs/bots.md), fixed forever — the yardstick.

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
    # the options other than itself, in turn order after it (options are in seat order)
    options = d.options
    after_me = [s for s in options if s > me] + [s for s in options if s < me]
    if d.card == SECOND_CHANCE:
        target = after_me[0]  # the first eligible after itself
    elif not after_me:
        target = me
    else:
        hand = view.hand
        if d.card == FREEZE:  # the best score
            keys = [hand(s).score for s in after_me]
        else:  # Flip Three: the most number cards
            keys = [hand(s).number_count for s in after_me]
        target = after_me[keys.index(max(keys))]  # the first of the best
    return legal[options.index(target)]  # Action.choose(me, target), already made
