"""Where the cards come from: the draw pile as the game's chance node.

A shuffled game's draw pile is a plain list, top card last: ``pile.pop()`` is
the next card. An observed game (docs/live-table.md: a real table, card by card)
has an :class:`ObservedPile` instead: what can still be turned over, a multiset
in no order (R2.4: at a real table nobody knows the order, not even after a
reshuffle), and the cards people said were turned over. Its ``pop()`` deals
the next of those, refuses one that cannot be there (:class:`CardRefused`),
and raises :class:`CardNeeded` when nobody has said yet — the engine then waits
for a ``reveal`` decision. The rules never ask which pile they draw from.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import SupportsIndex

from game.cards import ALL_CARDS

#: a card's place in the game file's order (docs/files-and-commands.md), the multiset's order
_ORDER = {card: i for i, card in enumerate(ALL_CARDS)}


class CardNeeded(Exception):
    """An observed game needs the next card and nobody has said what it is yet."""


class NotInPile(Exception):
    """The next card said to be turned over is not in the draw pile (the engine
    says why, as a :class:`CardRefused`)."""

    def __init__(self, index: int, card: str) -> None:
        super().__init__(index, card)
        self.index = index
        self.card = card


class CardRefused(ValueError):
    """A card said to be turned over that cannot be drawn at that moment.

    ``index`` counts the cards turned over in the game, from 0 (the file's
    ``deck`` index); the message gives the reason:
    ``no "12" can be drawn: all 12 are on the table``.
    """

    def __init__(self, index: int, card: str, reason: str) -> None:
        super().__init__(f'no "{card}" can be drawn: {reason}')
        self.index = index
        self.card = card


class ObservedPile(list[str]):
    """The draw pile of an observed game: what can still be turned over (a list
    in §1's card order, so it counts, copies and compares like any pile) and
    ``turned``, every card said to be turned over, in order; ``dealt`` of them
    are already dealt, the rest wait for the moment a card is needed."""

    __slots__ = ("turned", "dealt")

    def __init__(self, cards: Iterable[str], turned: Iterable[str] = ()) -> None:
        super().__init__(sorted(cards, key=_ORDER.__getitem__))
        self.turned: list[str] = list(turned)
        self.dealt = 0

    def pop(self, index: SupportsIndex = -1) -> str:
        """The next card turned over, taken out of the pile (the engine's draw)."""
        if self.dealt == len(self.turned):
            raise CardNeeded
        card = self.turned[self.dealt]
        if card not in self:
            raise NotInPile(self.dealt, card)
        self.remove(card)
        self.dealt += 1
        return card

    def refill(self, discard: list[str]) -> None:
        """R2.4: the discard pile becomes the draw pile (its order is not known)."""
        self.extend(discard)
        self.sort(key=_ORDER.__getitem__)

    def waiting(self) -> list[str]:
        """The cards said to be turned over that are not dealt yet, in order."""
        return self.turned[self.dealt :]

    def copy(self) -> ObservedPile:
        new = ObservedPile.__new__(ObservedPile)
        list.__init__(new, self)
        new.turned = self.turned.copy()
        new.dealt = self.dealt
        return new


def refusal(card: str, in_discard: int, on_table: int) -> str:
    """Why no ``card`` can be drawn when none is in the draw pile: ``in_discard``
    copies lie on the discard pile (shuffled back only once the draw pile is
    empty, R2.4) and ``on_table`` in front of players, staged, queued or in play."""
    total = in_discard + on_table
    if not in_discard:
        return "the only one is on the table" if total == 1 else f"all {total} are on the table"
    if not on_table:
        where = "the only one is" if total == 1 else f"all {total} are"
        return f"{where} in the discard pile, shuffled back only once the draw pile is empty"
    return (
        f"{on_table} on the table and {in_discard} in the discard pile, "
        "shuffled back only once the draw pile is empty"
    )
