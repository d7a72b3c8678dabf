"""The optional hint for a human: the chance the next card busts you and the expected
gain of a hit, from :mod:`game.bots.analysis` on what the seat may know."""

from __future__ import annotations

from typing import NamedTuple

from game.bots.analysis import bust_probability, hit_gain


class Odds(NamedTuple):
    bust: float  # 0..1: the next card is a number you hold (and no Second Chance saves you)
    gain: float  # expected change of your round score if you hit (action cards count 0)


def odds(game, seat: int) -> Odds | None:
    """The hint for ``seat``, or None when nothing can be said (no card can come)."""
    view = game.view(seat)
    try:
        me = view.me
        unseen = dict(view.next_draws())
        return Odds(
            float(bust_probability(me.numbers, me.second_chance, unseen)),
            float(hit_gain(me.numbers, me.modifiers, me.second_chance, unseen)),
        )
    except Exception:  # a hint must never break the table
        return None
