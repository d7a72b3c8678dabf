"""Read-only views: what one seat may know (never the draw pile's order), and a
snapshot of the whole table for a screen (:class:`TableSnapshot`)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, NamedTuple

from game.state import ACTIVE, Decision, HandStatus, RoundRecord

if TYPE_CHECKING:
    from game.engine import Game
    from game.rules import RuleOptions
    from game.state import Hand


class HandView:
    """One player's cards on the table, read-only."""

    __slots__ = ("_hand",)

    def __init__(self, hand: Hand) -> None:
        self._hand = hand

    @property
    def numbers(self) -> tuple[str, ...]:
        return tuple(self._hand.numbers)

    @property
    def number_count(self) -> int:
        return len(self._hand.numbers)

    @property
    def distinct(self) -> frozenset[str]:
        return frozenset(self._hand.numbers)

    def holds(self, card: str) -> bool:
        """True if this number is already in the line."""
        return card in self._hand.numbers

    @property
    def modifiers(self) -> tuple[str, ...]:
        return tuple(self._hand.modifiers)

    @property
    def second_chance(self) -> bool:
        return self._hand.second_chance

    @property
    def status(self) -> str:
        return self._hand.status

    @property
    def active(self) -> bool:
        return self._hand.status == ACTIVE

    @property
    def has_cards(self) -> bool:
        return self._hand.has_cards()

    @property
    def score(self) -> int:
        """The round score if scored now (R7, with the Flip 7 bonus if made), kept up to
        date by the engine as cards arrive: bots read it at every decision."""
        return self._hand.points

    @property
    def number_sum(self) -> int:
        return self._hand.number_sum

    @property
    def bonus(self) -> int:
        """Sum of the +N modifiers."""
        return self._hand.bonus

    @property
    def x2(self) -> bool:
        return self._hand.x2


class SeatView:
    """The public table as ``seat`` sees it: every card on the table, the discard
    pile since the last reshuffle, pile sizes, totals; never the draw pile's order.
    """

    __slots__ = ("_game", "seat", "_hands", "me")

    def __init__(self, game: Game, seat: int, hands: tuple[HandView, ...] | None = None) -> None:
        self._game = game
        self.seat = seat
        # a game keeps its Hand objects for good (a new round empties them), so one
        # view per seat can serve a whole game, and every seat's view the same HandViews
        self._hands = hands if hands is not None else tuple(HandView(h) for h in game.hands)
        self.me: HandView = self._hands[seat]  #: this seat's own hand

    @property
    def players(self) -> tuple[str, ...]:
        return self._game.players

    @property
    def rules(self) -> RuleOptions:
        return self._game.rules

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(self._game.totals)

    @property
    def dealer(self) -> int:
        return self._game.dealer

    @property
    def round_no(self) -> int:
        return self._game.round_no

    @property
    def pending(self) -> Decision | None:
        """The decision this seat answers (when asked to decide)."""
        return self._game.pending

    def hand(self, seat: int) -> HandView:
        return self._hands[seat]

    def active_seats(self) -> list[int]:
        return self._game.active_seats()

    @property
    def draw_count(self) -> int:
        return len(self._game.draw_pile)

    @property
    def discard_count(self) -> int:
        return len(self._game.discard)

    @property
    def discard(self) -> tuple[str, ...]:
        """The discard pile since the last reshuffle, oldest first."""
        return tuple(self._game.discard)

    @property
    def staged(self) -> tuple[str, ...]:
        return tuple(self._game.staged)

    @property
    def queue(self) -> tuple[tuple[str, int], ...]:
        """The effect queue as (card, target) pairs."""
        return tuple((card, target) for card, target, _c in self._game.queue)

    def unseen(self) -> Counter[str]:
        """Cards not visible anywhere: what the draw pile holds, in no order.

        Equal to the full composition minus everything seen since the last
        reshuffle (discard pile, every hand, tray, queue, cards in play), which
        a player can count at the table.
        """
        return Counter(self._game.draw_pile)

    def refill(self) -> Counter[str]:
        """What the draw pile becomes once it runs out this round: the discard
        pile, shuffled (R2.4); nothing when the discard is empty or was already
        shuffled in once this round (then the round ends, R2.5)."""
        game = self._game
        if game.reshuffled_this_round:
            return Counter()
        return Counter(game.discard)

    def next_draws(self) -> Counter[str]:
        """What the next card drawn can be, in no order: the draw pile
        (:meth:`unseen`), or when it is empty the pile a draw would shuffle
        together first (:meth:`refill`)."""
        return self.unseen() if self._game.draw_pile else self.refill()


class HandSnapshot(NamedTuple):
    """One hand at one moment, as plain values."""

    numbers: tuple[str, ...]  # in the order received; a bust's duplicate last (R1.5)
    modifiers: tuple[str, ...]
    second_chance: bool
    status: HandStatus
    freezes: int  # Freezes lying in front of the player (R5.2)
    flip7: bool
    score: int  # what the hand banks if the round ended now (R7)


class QueuedEffect(NamedTuple):
    card: str  # "freeze" | "flip_three"
    target: int
    chooser: int


class TableSnapshot(NamedTuple):
    """Everything on the table at one moment, read-only (``Game.snapshot()``).

    What a screen needs to draw the game without reading the engine's insides:
    the Flip Three tray, the effect queue, the cards waiting in play, the pile
    sizes, and how the game started.
    """

    players: tuple[str, ...]
    bots: tuple[str | None, ...]
    target: int  # points to win (R8.1)
    round_no: int  # 0 before the game starts
    dealer: int
    totals: tuple[int, ...]  # banked before this round
    start_totals: tuple[int, ...]  # the totals the game started from
    start_dealer: int  # the first round's dealer
    hands: tuple[HandSnapshot, ...]
    draw_count: int
    discard_count: int
    discard_top: str | None
    staged: tuple[str, ...]  # the Flip Three tray, in the order revealed (R5.4.2)
    queue: tuple[QueuedEffect, ...]  # the effect queue, head first (R5.5)
    in_play: tuple[str, ...]  # waiting for a target, or a Flip Three being dealt
    pending: Decision | None
    winner: int | None
    rounds: tuple[RoundRecord, ...]


def snapshot(game: Game) -> TableSnapshot:
    hands = tuple(
        HandSnapshot(
            tuple(h.numbers),
            tuple(h.modifiers),
            h.second_chance,
            h.status,
            h.freezes,
            h.flip7,
            h.points,
        )
        for h in game.hands
    )
    return TableSnapshot(
        game.players,
        game.bots,
        game.rules.target,
        game.round_no,
        game.dealer,
        tuple(game.totals),
        tuple(game.initial["totals"]),
        game.initial["dealer"],
        hands,
        len(game.draw_pile),
        len(game.discard),
        game.discard[-1] if game.discard else None,
        tuple(game.staged),
        tuple(QueuedEffect(*q) for q in game.queue),
        tuple(game.in_play),
        game.pending,
        game.winner,
        tuple(game.rounds),
    )
