"""What a plug-in sees, copied: a seat's view as plain values, and rebuilt on the far side.

A plug-in runs in its own process (:mod:`game.bots.sandbox`). :func:`encode` turns a
:class:`~game.view.SeatView` into tuples of strings, numbers and booleans — only what
the view shows: the table, the hands, the totals, the draw pile's *composition* (never
its order) —, and :func:`decode` rebuilds a :class:`~game.view.SeatView` over a
:class:`TableCopy` from them, so a plug-in gets the same view class as a built-in bot
(docs/bots.md), and nothing it does to it can reach the real game. Plain values also
travel fast: a decision costs a plug-in a pipe's round trip and little more.
"""

from __future__ import annotations

from typing import Any

from game.rules import RuleOptions
from game.state import Action, ActionKind, Decision, DecisionKind, Hand, HandStatus
from game.view import SeatView

Legal = tuple[tuple[str, int, int | None], ...]  # (kind, seat, target) per legal action
_ACTIONS = {str(kind): kind for kind in ActionKind}
_DECISIONS = {str(kind): kind for kind in DecisionKind}
_STATUSES = {str(status): status for status in HandStatus}
_RULES: dict[tuple[Any, ...], RuleOptions] = {}


def encode(view: SeatView) -> tuple[Any, ...]:
    """The plain values of ``view`` (tuples of strings, numbers, booleans)."""
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
    rules, d, discard = view.rules, view.pending, view.discard
    return (
        view.seat,
        view.players,
        (rules.target, rules.opening, rules.flip_three_on_bust, rules.decks),
        view.totals,
        view.dealer,
        view.round_no,
        None if d is None else (d.seat, str(d.kind), d.card, d.options),
        tuple(hands),
        tuple(view.unseen().items()),
        discard,
        view.staged,
        view.queue,
        tuple(view.active_seats()),
        bool(discard) and not view.refill(),  # the discard was shuffled in this round
    )


def encode_legal(legal: Any) -> Legal:
    """The legal actions as plain triples."""
    return tuple((str(a.kind), a.seat, a.target) for a in legal)


def decode_legal(data: Legal) -> list[Action]:
    """The legal actions rebuilt (``kind`` compares equal to its string, as in the game)."""
    return [Action(_ACTIONS[kind], seat, target) for kind, seat, target in data]


class TableCopy:
    """The table of one view, rebuilt from :func:`encode`'s values: what a
    :class:`~game.view.SeatView` reads of a game, and nothing else."""

    def __init__(self, data: tuple[Any, ...], legal: list[Action]) -> None:
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
        self.rules = _rules(tuple(rules))
        self.totals = list(totals)
        self.pending: Decision | None = None
        if pending is not None:
            seat, kind, card, options = pending
            self.pending = Decision(seat, _DECISIONS[kind], card, tuple(options), tuple(legal))
        self.hands = [_hand(values) for values in hands]
        # the pile's composition in a fixed order: the real order never leaves the game
        self.draw_pile = [card for card, n in sorted(unseen) for _ in range(n)]
        self.discard = list(discard)
        self.staged = list(staged)
        self.queue = [(card, target, None) for card, target in queue]
        self._active = list(active)

    def active_seats(self) -> list[int]:
        return list(self._active)


def decode(data: tuple[Any, ...], legal: list[Action] | None = None) -> SeatView:
    """A :class:`~game.view.SeatView` of the seat :func:`encode` was given, over a copy
    (``legal``: the pending decision's actions, as the plug-in gets them)."""
    return SeatView(TableCopy(data, legal or []), data[0])  # type: ignore[arg-type]


def _rules(values: tuple[Any, ...]) -> RuleOptions:
    rules = _RULES.get(values)
    if rules is None:
        target, opening, flip_three_on_bust, decks = values
        rules = _RULES[values] = RuleOptions(target, opening, flip_three_on_bust, decks)
    return rules


def _hand(values: tuple[Any, ...]) -> Hand:
    numbers, modifiers, second_chance, status, score, number_sum, bonus, x2 = values
    hand = Hand()
    hand.numbers.extend(numbers)
    hand.modifiers.extend(modifiers)
    hand.second_chance = bool(second_chance)
    hand.status = _STATUSES[status]
    hand.points = score
    hand.number_sum = number_sum
    hand.bonus = bonus
    hand.x2 = bool(x2)
    return hand
