"""Events: what ``Game.apply`` reports, in the order it happened.

The UI animates from these alone, so each one says who, which card, and from
where to where. Seats are indices into ``Game.players``. Events are immutable
named tuples (cheap to make: the simulator creates millions).

Where a card goes, by event:

* ``CardDrawn``: draw pile → face up in front of ``seat`` (``cause`` says why:
  ``"hit"``, ``"deal"`` or ``"flip_three"``; ``slot`` is 1–3 inside a Flip
  Three). The next event says where it settles:
  ``NumberAdded`` / ``Busted`` (into the line), ``ModifierAdded``,
  ``SecondChanceKept`` / ``SecondChanceGiven`` / ``CardDiscarded``,
  ``Staged`` (into the Flip Three tray), or a pending target choice.
* ``SecondChanceUsed``: the duplicate and the Second Chance → discard pile.
* ``EffectQueued``: a staged card, tray → effect queue.
* ``CardDiscarded``: any card → discard pile, with its ``origin``.
* ``RoundScored`` then ``CardsCleared``: every card in front of players →
  discard pile.
"""

from __future__ import annotations

from typing import NamedTuple


class RoundStarted(NamedTuple):
    round: int  # 1-based
    dealer: int


class Hit(NamedTuple):
    seat: int
    forced: bool  # R3.3: no card in front of them


class CardDrawn(NamedTuple):
    seat: int
    card: str
    cause: str  # "hit" | "deal" | "flip_three"
    slot: int  # 1..3 inside a Flip Three, else 0


class NumberAdded(NamedTuple):
    seat: int
    card: str


class ModifierAdded(NamedTuple):
    seat: int
    card: str


class Busted(NamedTuple):
    seat: int
    card: str  # the duplicate; it stays at the end of the line (R1.5)


class SecondChanceKept(NamedTuple):
    seat: int


class SecondChanceGiven(NamedTuple):
    giver: int
    receiver: int
    forced: bool


class SecondChanceUsed(NamedTuple):
    seat: int
    card: str  # the duplicate, discarded with the Second Chance (R5.3)


class TargetChosen(NamedTuple):
    chooser: int
    card: str  # "freeze" | "flip_three"
    target: int
    forced: bool  # the only active player (R5.1)


class Frozen(NamedTuple):
    seat: int
    by: int  # who chose the target
    score: int  # what the frozen hand will score


class FlipThreeStarted(NamedTuple):
    seat: int  # the target, who receives three cards
    by: int


class Staged(NamedTuple):
    seat: int  # the Flip Three's target, who revealed it
    card: str
    index: int  # position in the tray, 0-based


class FlipThreeEnded(NamedTuple):
    seat: int
    cards_dealt: int  # 3, or fewer after a bust or Flip 7


class EffectQueued(NamedTuple):
    chooser: int
    card: str
    target: int
    forced: bool


class CardDiscarded(NamedTuple):
    card: str
    origin: str  # "in_play" | "tray" | "queue" | "hand"
    seat: int  # whose card it was (-1 if nobody's)
    reason: str


class Stayed(NamedTuple):
    seat: int
    score: int
    forced: bool  # R2.5: the piles ran out


class Flip7(NamedTuple):
    seat: int


class Reshuffled(NamedTuple):
    cards: int  # discard pile → new draw pile


class HandResult(NamedTuple):
    numbers: tuple[str, ...]
    modifiers: tuple[str, ...]
    busted: bool
    flip7: bool
    score: int
    calculation: str  # the way the rules count it: "29 × 2 + 6"


class RoundScored(NamedTuple):
    round: int
    dealer: int
    results: tuple[HandResult, ...]  # by seat
    totals: tuple[int, ...]  # after this round


class CardsCleared(NamedTuple):
    cards: int  # every card in front of players → discard pile (R6.3)


class DealerPassed(NamedTuple):
    old: int
    new: int


class GameWon(NamedTuple):
    winner: int
    totals: tuple[int, ...]


class TieContinues(NamedTuple):
    leaders: tuple[int, ...]  # R8.2: tied at the top, another round


Event = (RoundStarted | Hit | CardDrawn | NumberAdded | ModifierAdded | Busted
         | SecondChanceKept | SecondChanceGiven | SecondChanceUsed | TargetChosen | Frozen
         | FlipThreeStarted | Staged | FlipThreeEnded | EffectQueued | CardDiscarded | Stayed
         | Flip7 | Reshuffled | RoundScored | CardsCleared | DealerPassed | GameWon
         | TieContinues)


def to_dict(event: Event) -> dict[str, object]:
    """A JSON-friendly form: ``{"event": "CardDrawn", "seat": 0, …}``."""
    out: dict[str, object] = {"event": type(event).__name__}
    for key, value in event._asdict().items():
        if key == "results":
            value = [r._asdict() for r in value]
        out[key] = value
    return out
