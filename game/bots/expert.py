"""The ``expert`` bot: plays to win the game, not the round.

Hit or stay starts from the solo expectimax of :mod:`game.analysis` (exact bust
odds and expected value from the unseen cards, modifiers, x2, Second Chance,
the Flip 7 bonus and the chance of drawing a Freeze or Flip Three), then leans
on the score sheet:

- it stays when banking takes it to the target ahead of everyone (R8.1);
- when the game is sure to end this round and staying would leave it behind,
  it hits whatever the odds;
- otherwise it takes more risk when behind, or when an opponent may reach the
  target this round, and less when ahead.

Targets: a Freeze goes to the opponent it most needs to stop (the one who
would gain most by playing on, weighted by how dangerous they are); a Flip
Three goes to whichever player it changes most in its favour — an opponent
likely to bust, or itself when three more cards are worth it; a spare Second
Chance goes to the least dangerous opponent.
"""

from __future__ import annotations

import random

from ..analysis import flip_three_value, solo_hit_value
from ..cards import FREEZE, SECOND_CHANCE
from ..state import ACTIVE, BUSTED, HIT_OR_STAY, Action
from ..view import HandView, SeatView
from .common import opponents

MAX_MARGIN = 1.5  # points of expected value the score sheet may tilt a decision by


def choose(view: SeatView, legal: list[Action], rng: random.Random) -> Action:
    d = view.pending
    if d.kind == HIT_OR_STAY:
        return Action.hit(view.seat) if wants_hit(view) else Action.stay(view.seat)
    others = opponents(view, d.options)
    if not others:
        return Action.choose(view.seat, view.seat)
    if d.card == SECOND_CHANCE:
        return Action.choose(view.seat, min(others, key=lambda s: projection(view, s)))
    if d.card == FREEZE:
        return Action.choose(view.seat, freeze_target(view, d.options))
    return Action.choose(view.seat, flip_three_target(view, d.options))


def projection(view: SeatView, seat: int) -> int:
    """Total after this round if the hand were scored now (0 for a bust)."""
    hand = view.hand(seat)
    return view.totals[seat] + (0 if hand.status == BUSTED else hand.score)


def wants_hit(view: SeatView) -> bool:
    me = view.me
    target = view.rules.target
    mine = projection(view, view.seat)
    rivals = [s for s in range(len(view.players)) if s != view.seat]
    stay, hit = solo_hit_value(me.numbers, me.modifiers, me.second_chance, view.unseen())
    if not rivals:  # alone at the table: the round score is all there is
        return hit > stay
    best_rival = max(projection(view, s) for s in rivals)
    if mine >= target and mine > best_rival:
        return False  # banking now should win the game
    # a rival already out of the round at or past the target ends the game now
    done = [projection(view, s) for s in rivals
            if view.hand(s).status != ACTIVE and projection(view, s) >= target]
    if done and mine < max(done):
        return True  # staying loses for sure
    return hit - stay > margin(view, mine, best_rival)


def margin(view: SeatView, mine: int, best_rival: int) -> float:
    """How much expected value a hit must beat staying by: > 0 when ahead."""
    tilt = (mine - best_rival) / 25
    target = view.rules.target
    racing = any(view.hand(s).status == ACTIVE and projection(view, s) + 20 >= target
                 for s in range(len(view.players)) if s != view.seat)
    if racing and mine < target:
        tilt -= 1.0
    return max(-MAX_MARGIN, min(MAX_MARGIN, tilt))


def _continuation(hand: HandView, unseen) -> float:
    """What a hand expects to end the round with if it plays on well."""
    stay, hit = solo_hit_value(hand.numbers, hand.modifiers, hand.second_chance, unseen,
                               depth_limit=1)
    return max(stay, hit)


def danger(view: SeatView, seat: int) -> float:
    """How much an opponent threatens to win: weight of harm done to them."""
    gap = projection(view, seat) - projection(view, view.seat)
    near = projection(view, seat) + 25 >= view.rules.target
    return 1.0 + max(0.0, gap) / 40 + (0.5 if near else 0.0)


def freeze_target(view: SeatView, options: tuple[int, ...]) -> int:
    unseen = view.unseen()
    best, best_value = view.seat, float("-inf")
    for s in options:
        hand = view.hand(s)
        lost = _continuation(hand, unseen) - hand.score  # what a freeze takes from them
        value = -lost if s == view.seat else lost * danger(view, s)
        if value > best_value:
            best, best_value = s, value
    return best


def flip_three_target(view: SeatView, options: tuple[int, ...]) -> int:
    unseen = view.unseen()
    best, best_value = view.seat, float("-inf")
    for s in options:
        hand = view.hand(s)
        change = (flip_three_value(hand.numbers, hand.modifiers, hand.second_chance, unseen)
                  - _continuation(hand, unseen))
        value = change if s == view.seat else -change * danger(view, s)
        if value > best_value:
            best, best_value = s, value
    return best
