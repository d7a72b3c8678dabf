"""The optional hint for a human: chance the next card busts you, expected gain of a hit.

``game.bots.analysis`` (being written) will hold the real probability code; it is
imported lazily here, so the UI works with or without it. Without it, a simple
count of the draw pile stands in (:func:`simple_odds`).
"""

from __future__ import annotations

import importlib
from typing import NamedTuple

from game.cards import MODIFIERS, NUMBERS


class Odds(NamedTuple):
    bust: float  # 0..1: the next card is a number you hold (and no Second Chance saves you)
    gain: float  # expected change of your round score if you hit (action cards count 0)


def odds(game, seat: int) -> Odds | None:
    """The hint for ``seat``, or None when nothing can be said."""
    view = game.view(seat)
    try:
        analysis = importlib.import_module("game.bots.analysis")
    except ImportError:
        analysis = None
    if analysis is not None:
        found = _from_analysis(analysis, view)
        if found is not None:
            return found
    try:
        return simple_odds(view)
    except Exception:  # a hint must never break the table
        return None


def _from_analysis(analysis, view) -> Odds | None:
    """``game.bots.analysis.bust_probability`` / ``hit_gain`` on what ``view`` may know."""
    try:
        me = view.me
        numbers, modifiers = me.numbers, me.modifiers
        unseen = dict(view.unseen())
        return Odds(float(analysis.bust_probability(numbers, me.second_chance, unseen)),
                    float(analysis.hit_gain(numbers, modifiers, me.second_chance, unseen)))
    except Exception:  # an API still moving: fall back to the simple count
        return None


def simple_odds(view) -> Odds | None:
    """Bust chance = unseen copies of the numbers you hold / unseen cards (R4.2, R5.3)."""
    unseen = view.unseen()
    total = sum(unseen.values())
    if total == 0:
        return None
    me = view.me
    held = me.distinct
    score = me.score
    bust_cards = sum(unseen[c] for c in held)
    bust = 0.0 if me.second_chance else bust_cards / total
    gain = 0.0
    for card, count in unseen.items():
        if not count:
            continue
        if card in NUMBERS:
            if card in held:
                delta = 0 if me.second_chance else -score
            else:
                new_sum = me.number_sum + int(card)
                new = (new_sum * 2 if me.x2 else new_sum) + me.bonus
                if len(held) + 1 == 7:
                    new += 15  # R4.4
                delta = new - score
        elif card in MODIFIERS:
            delta = (me.number_sum if not me.x2 else 0) if card == "x2" else int(card[1:])
        else:
            delta = 0
        gain += count * delta
    return Odds(bust, gain / total)
