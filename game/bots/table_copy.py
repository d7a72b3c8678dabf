"""What a plug-in sees, copied: a seat's view as plain values, and rebuilt on the far side.

A plug-in runs in its own process (:mod:`game.bots.sandbox`). :func:`encode` turns a
:class:`~game.view.SeatView` into plain values — only what the view shows: the table,
the hands, the totals, the draw pile's *composition* (never its order) —, and
:func:`decode` rebuilds a :class:`~game.view.SeatView` over a :class:`TableCopy` from
them, so a plug-in gets the same view class as a built-in bot (INTERFACES.md §5), and
nothing it does to it can reach the real game.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.rules import RuleOptions
from game.state import Action, ActionKind, Decision, Hand, HandStatus
from game.view import SeatView

#: (numbers, modifiers, second_chance, status, score, number_sum, bonus, x2)
HandValues = tuple[tuple[str, ...], tuple[str, ...], bool, str, int, int, int, bool]


def encode(view: SeatView) -> tuple[Any, ...]:
    """The plain values of ``view``: tuples, strings, numbers, the rule options."""
    hands = []
    for seat in range(len(view.players)):
        h = view.hand(seat)
        hands.append(
            (
                h.numbers,
                h.modifiers,
                h.second_chance,
                str(h.status),
                h.score,
                h.number_sum,
                h.bonus,
                h.x2,
            )
        )
    discard = view.discard
    return (
        view.seat,
        view.players,
        view.rules,
        view.totals,
        view.dealer,
        view.round_no,
        view.pending,
        tuple(hands),
        dict(view.unseen()),
        discard,
        view.staged,
        view.queue,
        tuple(view.active_seats()),
        bool(discard) and not view.refill(),  # the discard was shuffled in this round
    )


def encode_legal(legal: Any) -> tuple[tuple[str, int, int | None], ...]:
    """The legal actions as plain triples."""
    return tuple((str(a.kind), a.seat, a.target) for a in legal)


def decode_legal(data: tuple[tuple[str, int, int | None], ...]) -> list[Action]:
    """The legal actions rebuilt (``kind`` compares equal to its string, as in the game)."""
    return [Action(ActionKind(kind), seat, target) for kind, seat, target in data]


class TableCopy:
    """The table of one view, rebuilt from :func:`encode`'s values: what a
    :class:`~game.view.SeatView` reads of a game, and nothing else."""

    def __init__(self, data: tuple[Any, ...]) -> None:
        (
            _seat,
            players,
            rules,
            totals,
            self.dealer,
            self.round_no,
            pending,
            hands,
            unseen,
            discard,
            staged,
            queue,
            active,
            self.reshuffled_this_round,
        ) = data
        self.players: tuple[str, ...] = tuple(players)
        if not isinstance(rules, RuleOptions):
            raise TypeError("the rule options are missing")
        self.rules = rules
        self.totals = list(totals)
        self.pending: Decision | None = pending
        self.hands = [_hand(values) for values in hands]
        # the pile's composition in a fixed order: the real order never leaves the game
        self.draw_pile = sorted(Counter(unseen).elements())
        self.discard = list(discard)
        self.staged = list(staged)
        self.queue = [(card, target, None) for card, target in queue]
        self._active = list(active)

    def active_seats(self) -> list[int]:
        return list(self._active)


def decode(data: tuple[Any, ...]) -> SeatView:
    """A :class:`~game.view.SeatView` of the seat :func:`encode` was given, over a copy."""
    return SeatView(TableCopy(data), data[0])  # type: ignore[arg-type]


def _hand(values: HandValues) -> Hand:
    numbers, modifiers, second_chance, status, score, number_sum, bonus, x2 = values
    hand = Hand()
    hand.numbers.extend(numbers)
    hand.modifiers.extend(modifiers)
    hand.second_chance = bool(second_chance)
    hand.status = HandStatus(status)
    hand.points = score
    hand.number_sum = number_sum
    hand.bonus = bonus
    hand.x2 = bool(x2)
    return hand
