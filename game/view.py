"""Read-only views: what one seat may know (never the draw pile's order)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .state import ACTIVE

if TYPE_CHECKING:
    from .engine import Game
    from .rules import RuleOptions
    from .state import Decision, Hand


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
        return frozenset(self._hand.distinct)

    def holds(self, card: str) -> bool:
        """True if this number is already in the line."""
        return card in self._hand.distinct

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
        """The round score if scored now (R7, with the Flip 7 bonus if made)."""
        return self._hand.score()

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

    def __init__(self, game: Game, seat: int) -> None:
        self._game = game
        self.seat = seat
        # a game keeps its Hand objects for good (a new round empties them), so one
        # view per seat can serve a whole game
        self._hands = tuple(HandView(h) for h in game.hands)
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
