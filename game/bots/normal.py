"""The ``normal`` bot: a sound club player.

Stops at 24 points or when the next card busts it with 26% or more; freezes
the opponent furthest along, sends Flip Three to whoever holds the most
numbers, and gives a spare Second Chance to the player furthest behind.
"""

from __future__ import annotations

import random

from game.bots.common import bust_risk, opponents, standing
from game.cards import FREEZE, SECOND_CHANCE
from game.state import HIT_OR_STAY, Action
from game.view import SeatView

STAY_AT = 24
RISK_LIMIT = 0.26


def choose(view: SeatView, legal: list[Action], rng: random.Random) -> Action:
    d = view.pending
    assert d is not None  # a bot is asked only when it must decide
    me = view.seat
    if d.kind == HIT_OR_STAY:
        score = view.me.score
        if score >= STAY_AT or (score >= 10 and bust_risk(view) >= RISK_LIMIT):
            return Action.stay(me)
        return Action.hit(me)
    others = opponents(view, d.options)
    if not others:
        return Action.choose(me, me)
    if d.card == SECOND_CHANCE:
        return Action.choose(me, min(others, key=lambda s: standing(view, s)))
    if d.card == FREEZE:
        return Action.choose(me, max(others, key=lambda s: standing(view, s)))
    return Action.choose(me, max(others, key=lambda s: view.hand(s).number_count))
