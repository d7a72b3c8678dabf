"""What the table should know now: each player's odds, chance to win, and the
advice for the decision awaited (docs/live-table.md, ``python -m game.advise``).

Everything is computed from what the table shows — every seat's
:class:`~game.view.SeatView`: the hands, the totals, and the cards that can
still be turned over as a multiset (the draw pile, or once it is empty the
discard pile a draw shuffles in, R2.4) — never from the order of a draw pile.
Give it an observed game (``game.live.observed_equivalent``) and it cannot
know a card before it is turned over.

- bust chance and expected gain of one card: :mod:`game.bots.analysis`, as the
  window's hint shows them (an action card valued as the bots value it);
- chance to win: the expert's model (:func:`win_chances`);
- advice: what the expert (:mod:`game.bots.expert`) would do, with its reason
  in one plain sentence.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, NamedTuple

from game.bots import expert
from game.bots.analysis import bust_probability, hit_gain
from game.bots.common import next_draws
from game.cards import FREEZE, SECOND_CHANCE
from game.state import ACTIVE, BUSTED, HIT, DecisionKind
from game.view import SeatView

if TYPE_CHECKING:
    from game.engine import Game

#: the action cards as the rules call them (R5)
CARD_NAMES = {"freeze": "Freeze", "flip_three": "Flip Three", "second_chance": "Second Chance"}


class Odds(NamedTuple):
    """One player's figures; ``bust`` and ``gain`` are None out of the round."""

    status: str  # "active", "stayed", "frozen", "busted"; "over" once the game is
    score: int  # what the hand banks if the round ended now (R7; the last round's when over)
    total: int  # banked before this round
    bust: float | None  # the next card busts the hand (R4.2, no Second Chance, R5.3)
    gain: float | None  # expected change of the round score from one card, then staying
    win: float  # chance to win the game (all players' sum to 1)


class Advice(NamedTuple):
    """``do``: ``"hit"``, ``"stay"``, or the seat to give the card to (``target``)."""

    seat: int  # who decides
    do: str | int
    why: str  # one plain sentence


class TableAdvice(NamedTuple):
    players: tuple[Odds, ...]  # in seat order
    advice: Advice | None  # None when nothing is to decide (a card to turn over, the end)


def table_advice(game: Game) -> TableAdvice:
    """Everyone's odds and the advice for the decision awaited, from ``game``'s table."""
    views = [game.view(s) for s in range(len(game.players))]
    wins = win_chances(game)
    if game.over:
        last = game.rounds[-1].scores if game.rounds else (0,) * len(views)
        players = tuple(
            Odds("over", last[v.seat], v.totals[v.seat], None, None, wins[v.seat]) for v in views
        )
        return TableAdvice(players, None)
    return TableAdvice(tuple(_odds(v, wins[v.seat]) for v in views), advise(game))


def _odds(view: SeatView, win: float) -> Odds:
    me, seat = view.me, view.seat
    if me.status != ACTIVE:
        return Odds(me.status, me.score, view.totals[seat], None, None, win)
    pile = next_draws(view)
    bust = bust_probability(me.numbers, me.second_chance, pile)
    gain = hit_gain(me.numbers, me.modifiers, me.second_chance, pile)
    return Odds(me.status, me.score, view.totals[seat], bust, gain, win)


def win_chances(game: Game) -> list[float]:
    """Each seat's chance to win the game, the expert's model, normalised to sum to 1.

    Seat by seat, the expert's outlook from that seat (:class:`expert.Outlook`:
    every rival's round drawn from how such a hand ends, the win table
    beyond) weighs the seat's own round: the score it banks when out of the
    round, else the better of staying and playing on (:class:`expert.PlayOn`).
    """
    n = len(game.players)
    if game.over:
        return [1.0 if s == game.winner else 0.0 for s in range(n)]
    _from_this_table()
    raw = []
    for seat in range(n):
        view = game.view(seat)
        me, u = view.me, expert.Outlook(view)
        if me.status == ACTIVE:
            raw.append(expert.PlayOn(u)(me.score))
        else:
            raw.append(u(0 if me.status == BUSTED else me.score))
    total = sum(raw)
    return [p / total for p in raw] if total > 0 else [1.0 / n] * n


def advise(game: Game) -> Advice | None:
    """What the expert would do at the decision awaited, and why; None for a card to
    turn over (chance decides it) or once the game is over."""
    d = game.pending
    if d is None or d.kind == DecisionKind.REVEAL:
        return None
    _from_this_table()
    view = game.view(d.seat)
    chosen = expert.choose(view, list(d.actions), random.Random(0))
    if d.kind == DecisionKind.HIT_OR_STAY:
        hit = chosen.kind == HIT
        return Advice(d.seat, "hit" if hit else "stay", _why_hit_or_stay(view, hit))
    target = chosen.target
    assert target is not None  # a target decision is answered with a target
    return Advice(d.seat, target, _why_target(view, d.card or "", d.options, target))


def _from_this_table() -> None:
    """The expert reads opponents from the hits and stays it has watched: here, only
    what this table shows (the same answer for a position, whatever was asked before)."""
    expert._memory.clear()


def _pct(p: float) -> str:
    return f"{p * 100:.0f}%"


def _why_hit_or_stay(view: SeatView, hit: bool) -> str:
    me, name = view.me, view.players[view.seat]
    pile = next_draws(view)
    risk = bust_probability(me.numbers, me.second_chance, pile)
    bust = _pct(risk)
    gain = hit_gain(me.numbers, me.modifiers, me.second_chance, pile)
    u = expert.outlook(view)
    now = u(me.score)
    if not hit and now >= 1.0 - 1e-9:
        return f"{name} should stay: {me.score} points win the game now."
    if hit and now < 1e-6:
        return f"{name} should hit: staying on {me.score} points cannot win the game."
    if hit and gain > 0 and not risk:
        return f"{name} should hit: one card adds {gain:.1f} points on average and cannot bust."
    if hit and gain > 0:
        return (
            f"{name} should hit: one card adds {gain:.1f} points on average, "
            f"worth the {bust} risk of busting."
        )
    if hit:
        return (
            f"{name} should hit: one card loses {-gain:.1f} points on average, but "
            f"{me.score} points are too few to win the game from here."
        )
    if gain <= 0:
        return (
            f"{name} should stay: with a {bust} risk of busting, one card loses "
            f"{-gain:.1f} points on average."
        )
    return (
        f"{name} should stay: one card adds {gain:.1f} points on average, but a {bust} "
        f"risk of losing all {me.score} points costs more chances to win than it brings."
    )


def _why_target(view: SeatView, card: str, options: tuple[int, ...], target: int) -> str:
    names, me = view.players, view.seat
    name, who, hand = names[me], names[target], view.hand(target)
    if card == SECOND_CHANCE:
        return f"{name} should give the Second Chance to {who}, the player furthest behind."
    values = expert.target_values(view, options, card == FREEZE)
    others = [s for s in options if s != target]
    best = f"the best choice for {name}'s chance to win"
    if others:
        rest = max(others, key=lambda s: values[s])
        points = (values[target] - values[rest]) * 100
        than = f"giving it to {names[rest]}" if rest != me else "keeping it"
        best += (
            f" ({points:.0f} percentage points above {than})"
            if points >= 0.5
            else f" (about even with {than})"
        )
    if card == FREEZE:
        if target == me:
            return f"{name} should keep the Freeze and bank {hand.score} points, {best}."
        return f"{name} should freeze {who} on {hand.score} points, {best}."
    risk = _pct(1.0 - expert.survive_three(hand.numbers, hand.second_chance, next_draws(view)))
    lead = "take the Flip Three" if target == me else f"give the Flip Three to {who}"
    return (
        f"{name} should {lead}: three cards bust {who}'s {hand.score} points {risk} "
        f"of the time, {best}."
    )
