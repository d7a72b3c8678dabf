"""Small helpers the bot levels share."""

from __future__ import annotations

from collections import Counter

from game.bots.analysis import bust_probability
from game.cards import SECOND_CHANCE, composition
from game.view import SeatView


def next_draws(view: SeatView) -> Counter[str]:
    """What the next card can be: :meth:`SeatView.next_draws`. A view with only
    the members docs/bots.md lists for plug-ins (a bot run elsewhere) has no discard: once
    the pile is empty, the pile a draw shuffles in (R2.4) is every card out of
    sight, counted from one deck."""
    pile = view.unseen()
    if sum(pile.values()):
        return Counter(pile)
    if hasattr(view, "next_draws"):
        return view.next_draws()
    left = composition()
    for seat in range(len(view.players)):
        hand = view.hand(seat)
        left.subtract([*hand.numbers, *hand.modifiers, *[SECOND_CHANCE] * hand.second_chance])
    left.subtract(view.staged)
    left.subtract(card for card, _target in view.queue)
    return +left


def bust_risk(view: SeatView) -> float:
    """Chance that the next card busts this seat: a number it holds, no Second Chance."""
    me = view.me
    return bust_probability(me.numbers, me.second_chance, next_draws(view))


def opponents(view: SeatView, options: tuple[int, ...]) -> list[int]:
    """The options other than this seat, in seat order after it."""
    n = len(view.players)
    return sorted((s for s in options if s != view.seat), key=lambda s: (s - view.seat) % n)


def standing(view: SeatView, seat: int) -> int:
    """Total plus what the hand would bank now: how far along a player is."""
    return view.totals[seat] + view.hand(seat).score
