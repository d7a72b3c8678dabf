"""Taking back a misclick: a person's own last Stay or target, while no card has been
turned over since.

Nothing hidden comes to light when such a decision is undone — every card it touched was
already face up — so taking it back is fair at a hot-seat table too. A hit is never
taken back (it turned a card over), nor a bot's decision, nor a decision after which
another was made: only the last decision at the table stands open. The game file then
records only what stands (:meth:`TakeBack.game` is the game before the decision).

>>> from game.engine import Game
>>> from game.state import Action
>>> game = Game(["Ana", "Bo"], seed=1, dealer=1, deck=["3", "5"])
>>> before = game.clone()
>>> events = game.apply(Action.stay(0))
>>> offer(before, Action.stay(0), events).game.actions
[]
>>> before = game.clone()
>>> offer(before, Action.hit(1), game.apply(Action.hit(1))) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from game import events as ev
from game.engine import Game
from game.state import HIT, Action


class TakeBack(NamedTuple):
    """What an undo restores: ``game`` before ``seat``'s decision ``action``."""

    game: Game
    seat: int
    action: Action


def offer(before: Game, action: Action, events: Sequence[ev.Event]) -> TakeBack | None:
    """The take-back of ``action``, applied to ``before`` with ``events`` as its result,
    or None if it may not be taken back: a hit, a bot's decision, one that turned a card
    over (a Flip Three's cards, the next round's deal) or ended the game."""
    if action.kind == HIT or before.bots[action.seat] is not None:
        return None
    if any(isinstance(e, (ev.CardDrawn, ev.GameWon, ev.Reshuffled)) for e in events):
        return None
    return TakeBack(before, action.seat, action)
