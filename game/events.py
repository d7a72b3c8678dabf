"""Events: what ``Game.apply`` reports, in the order it happened.

The UI animates from these alone, so each one says who, which card, and from
where to where. Seats are indices into ``Game.players``. Events are immutable
named tuples (cheap to make: the simulator creates millions).

Where a card goes, by event:

* ``CardDrawn``: draw pile → face up in front of ``seat`` (``cause`` says why:
  ``"hit"``, ``"deal"`` or ``"flip_three"``; ``slot`` is 1–3 inside a Flip
  Three). The next event says where it settles:
  ``NumberAdded`` / ``Busted`` (into the line), ``ModifierAdded``,
  ``SecondChanceKept``, ``Staged`` (into the Flip Three tray), or
  ``CardInPlay``: it waits *in play* for its receiver to choose a target
  (R5.1, a spare Second Chance R5.3); ``TargetChosen`` /
  ``SecondChanceGiven`` / ``CardDiscarded`` (origin ``in_play``) take it from
  there.
* ``SecondChanceUsed``: the duplicate and the Second Chance → discard pile.
* ``EffectQueued``: a staged card, tray → effect queue. ``Frozen`` and
  ``FlipThreeStarted`` say with ``from_queue`` whether their card came from the
  effect queue (its head) or was just chosen (``TargetChosen``).
* ``CardDiscarded``: any card → discard pile, with its ``origin`` (a
  :class:`Place`) and a :class:`DiscardReason` code.
* ``RoundScored`` then ``CardsCleared``: every card in front of players →
  discard pile.

Every kind-like field is a string enum, equal to its plain string
(``Place.TRAY == "tray"``), so events stay JSON-friendly.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class DrawCause(StrEnum):
    HIT = "hit"
    DEAL = "deal"  # R3.4 variant: one card to each before the first turn
    FLIP_THREE = "flip_three"


class Place(StrEnum):
    """Where a card waits between the draw pile and a hand or the discard pile."""

    IN_PLAY = "in_play"  # waiting for its receiver's choice, or a Flip Three being dealt
    TRAY = "tray"  # staged by a Flip Three (R5.4.2)
    QUEUE = "queue"  # assigned, waiting in the effect queue (R5.5)


class DiscardReason(StrEnum):
    """Why a card went to the discard pile early (the UI words it per language)."""

    NOBODY_TO_TARGET = "nobody_to_target"  # a staged card, nobody left in the round (R5.4.4)
    NOBODY_CAN_TAKE = "nobody_can_take"  # a spare Second Chance nobody may receive (R5.3)
    TARGET_BUSTED = "target_busted"  # the Flip Three's target busted (R5.4.3)
    TARGET_OUT = "target_out"  # a queued card whose target left the round (R5.5)
    ROUND_OVER = "round_over"  # the round ended with the card still waiting (R6)


class RoundStarted(NamedTuple):
    round: int  # 1-based
    dealer: int


class Hit(NamedTuple):
    seat: int
    forced: bool  # R3.3: no card in front of them


class CardDrawn(NamedTuple):
    seat: int
    card: str
    cause: DrawCause
    slot: int  # 1..3 inside a Flip Three, else 0


class CardInPlay(NamedTuple):
    """A drawn Freeze or Flip Three (outside a Flip Three), or a spare Second
    Chance, waits in play for ``seat`` to choose who gets it."""

    seat: int
    card: str


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
    from_queue: bool = False  # the effect queue's head (R5.5), not a card just chosen


class FlipThreeStarted(NamedTuple):
    seat: int  # the target, who receives three cards
    by: int
    from_queue: bool = False


class Staged(NamedTuple):
    seat: int  # the Flip Three's target, who revealed it
    card: str
    index: int  # type: ignore[assignment]  # position in the tray, 0-based (shadows tuple.index)


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
    origin: Place
    seat: int | None  # whose card it was (None once the round is over)
    reason: DiscardReason


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


Event = (
    RoundStarted
    | Hit
    | CardDrawn
    | CardInPlay
    | NumberAdded
    | ModifierAdded
    | Busted
    | SecondChanceKept
    | SecondChanceGiven
    | SecondChanceUsed
    | TargetChosen
    | Frozen
    | FlipThreeStarted
    | Staged
    | FlipThreeEnded
    | EffectQueued
    | CardDiscarded
    | Stayed
    | Flip7
    | Reshuffled
    | RoundScored
    | CardsCleared
    | DealerPassed
    | GameWon
    | TieContinues
)


def to_dict(event: Event) -> dict[str, object]:
    """A JSON-friendly form: ``{"event": "CardDrawn", "seat": 0, …}``."""
    out: dict[str, object] = {"event": type(event).__name__}
    for key, value in event._asdict().items():
        if key == "results":
            value = [r._asdict() for r in value]
        out[key] = value
    return out
