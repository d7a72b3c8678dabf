"""Small helpers the bot levels share."""

from __future__ import annotations

from game.bots.analysis import bust_probability
from game.view import SeatView


def bust_risk(view: SeatView) -> float:
    """Chance that the next card busts this seat: a number it holds, no Second Chance."""
    me = view.me
    return bust_probability(me.numbers, me.second_chance, view.unseen())


def opponents(view: SeatView, options: tuple[int, ...]) -> list[int]:
    """The options other than this seat, in seat order after it."""
    n = len(view.players)
    return sorted((s for s in options if s != view.seat), key=lambda s: (s - view.seat) % n)


def standing(view: SeatView, seat: int) -> int:
    """Total plus what the hand would bank now: how far along a player is."""
    return view.totals[seat] + view.hand(seat).score
