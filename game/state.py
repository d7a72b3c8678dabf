"""Value types of the engine: actions, pending decisions, hands, errors."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from game.cards import FLIP7_BONUS, FREEZE, SECOND_CHANCE, calculation


class ActionKind(StrEnum):
    """What a player decides; equal to its string (``ActionKind.HIT == "hit"``)."""

    HIT = "hit"
    STAY = "stay"
    TARGET = "target"  # give a Freeze, a Flip Three or a spare Second Chance
    #: the card turned over at a real table (an observed game's chance node): not a
    #: player's decision, so never in ``Game.actions`` nor a file's ``actions``
    REVEAL = "reveal"


class DecisionKind(StrEnum):
    """What the game waits for."""

    HIT_OR_STAY = "hit_or_stay"
    TARGET = "target"
    #: an observed game needs the next card (docs/live-table.md): whoever supplies it —
    #: a person at the table, a network server — answers with ``Action.reveal``
    REVEAL = "reveal"


class HandStatus(StrEnum):
    ACTIVE = "active"
    STAYED = "stayed"
    FROZEN = "frozen"
    BUSTED = "busted"


HIT = ActionKind.HIT
STAY = ActionKind.STAY
TARGET = ActionKind.TARGET  # == DecisionKind.TARGET: both are the string "target"
REVEAL = ActionKind.REVEAL  # == DecisionKind.REVEAL: both are the string "reveal"
HIT_OR_STAY = DecisionKind.HIT_OR_STAY

ACTIVE = HandStatus.ACTIVE
STAYED = HandStatus.STAYED
FROZEN = HandStatus.FROZEN
BUSTED = HandStatus.BUSTED


class IllegalActionError(ValueError):
    """An action the rules do not allow now; the message names the player and why."""


class Action(NamedTuple):
    """A decision: ``hit``/``stay`` on one's turn, or ``target`` for a card; in an
    observed game also ``reveal``: the card turned over for ``seat``.

    >>> Action.hit(0) in [Action.hit(0), Action.stay(0)]
    True
    >>> Action.reveal(2, "7")
    Action(kind=<ActionKind.REVEAL: 'reveal'>, seat=2, target=None, card='7')
    """

    kind: ActionKind | str  # a plain string is accepted: "hit", "stay", "target", "reveal"
    seat: int
    target: int | None = None  # the chosen seat, for ``target`` only
    card: str | None = None  # the card turned over, for ``reveal`` only

    def __repr__(self) -> str:
        # the decisions' text stays what it is without the card (tools digest it)
        card = "" if self.card is None else f", card={self.card!r}"
        return f"Action(kind={self.kind!r}, seat={self.seat!r}, target={self.target!r}{card})"

    @classmethod
    def hit(cls, seat: int) -> Action:
        return cls(HIT, seat)

    @classmethod
    def stay(cls, seat: int) -> Action:
        return cls(STAY, seat)

    @classmethod
    def choose(cls, seat: int, target: int) -> Action:
        return cls(TARGET, seat, target)

    @classmethod
    def reveal(cls, seat: int, card: str) -> Action:
        """``card`` is turned over for ``seat``, who receives it (an observed game)."""
        return cls(REVEAL, seat, None, card)


class Decision(NamedTuple):
    """What the game waits for: ``seat`` must decide ``kind`` (about ``card``).

    ``options`` are the seats that may be chosen for a ``target`` decision,
    in seat order; empty for ``hit_or_stay`` and ``reveal``. ``actions`` are the
    legal actions: ``(hit, stay)``, one ``target`` action per option, or one
    ``reveal`` per card that can be turned over (in the order of ``ALL_CARDS``). A
    player's pending decision always has at least two: forced ones are applied by
    the engine; a ``reveal`` may have one (the pile holds a single kind of card).
    """

    seat: int
    kind: DecisionKind
    card: str | None
    options: tuple[int, ...]
    actions: tuple[Action, ...] = ()  # the legal actions, in the order of legal_actions()


class RoundRecord(NamedTuple):
    """A finished round, as ``python -m game.replay`` reports it."""

    dealer: int
    scores: tuple[int, ...]
    busted: tuple[int, ...]
    flip7: int | None


class Hand:
    """The cards in front of one player this round, and their status."""

    __slots__ = (
        "numbers",
        "modifiers",
        "second_chance",
        "status",
        "freezes",
        "flip7",
        "number_sum",
        "bonus",
        "x2",
        "points",
    )

    def __init__(self) -> None:
        self.numbers: list[str] = []  # in the order received; a bust's duplicate last
        self.modifiers: list[str] = []
        self.reset()

    def reset(self) -> None:
        """An empty hand: the start of a round (the object lives for the whole game)."""
        self.numbers.clear()
        self.modifiers.clear()
        self.second_chance = False
        self.status = ACTIVE
        self.freezes = 0  # the Freeze that froze them lies in front of them (R5.2)
        self.flip7 = False
        self.number_sum = 0
        self.bonus = 0
        self.x2 = False
        #: :meth:`score` kept up to date by the engine at every change, so that
        #: reading a hand's score (a bot does at every decision) costs nothing
        self.points = 0

    @property
    def distinct(self) -> set[str]:
        """The numbers in the line, each once (a bust's duplicate is one of them)."""
        return set(self.numbers)

    def has_cards(self) -> bool:
        """R3.3: numbers, modifiers and a Second Chance count as cards."""
        return bool(self.numbers or self.modifiers or self.second_chance)

    def score(self) -> int:
        """The round score if the hand were scored now (R7); 0 when busted."""
        if self.status == BUSTED:
            return 0
        total = self.number_sum * 2 if self.x2 else self.number_sum
        return total + self.bonus + (FLIP7_BONUS if self.flip7 else 0)

    def calculation(self) -> str:
        """The score written the way the rules count it, e.g. ``29 × 2 + 6``."""
        if self.status == BUSTED:
            return "0"
        bonuses = [int(m[1:]) for m in self.modifiers if m != "x2"]
        return calculation(self.number_sum, self.x2, bonuses, self.flip7)

    def cards(self) -> list[str]:
        """Every card lying in front of the player (R1.5), in the order they are
        discarded at the end of a round."""
        out = self.numbers + self.modifiers
        if self.second_chance:
            out.append(SECOND_CHANCE)
        out.extend([FREEZE] * self.freezes)
        return out

    def copy(self) -> Hand:
        new = Hand.__new__(Hand)
        new.numbers = self.numbers.copy()
        new.modifiers = self.modifiers.copy()
        new.second_chance = self.second_chance
        new.status = self.status
        new.freezes = self.freezes
        new.flip7 = self.flip7
        new.number_sum = self.number_sum
        new.bonus = self.bonus
        new.x2 = self.x2
        new.points = self.points
        return new
