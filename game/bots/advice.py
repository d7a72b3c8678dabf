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
  in one plain English sentence and as data (:class:`Reason`, which a window
  says in its own language).
"""

from __future__ import annotations

from collections.abc import Sequence
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


class Reason(NamedTuple):
    """Why the expert advises what it does, as data: a window says it in its own language
    (:func:`why` says it in English). ``kind`` is one of :data:`REASONS`; the figures a
    kind does not use are left at their defaults."""

    kind: str
    score: int = 0  # the points at stake: the hand of the player deciding, or of ``target``
    gain: float = 0.0  # one card's expected change of the hand's score (points)
    risk: float = 0.0  # the chance of busting: on one card, or on three for a Flip Three
    target: int | None = None  # the seat the card goes to
    other: int | None = None  # the best other seat to give it to (None: there was no other)
    points: float = 0.0  # percentage points of chance to win above giving it to ``other``


#: every :attr:`Reason.kind`, with the figures it uses
REASONS = {
    "stay_wins": ("score",),  # staying banks enough to win the game now
    "hit_cannot_win": ("score",),  # staying on ``score`` cannot win the game
    "hit_safe": ("gain",),  # one card adds ``gain`` and cannot bust
    "hit_worth": ("gain", "risk"),  # one card adds ``gain``, worth the ``risk``
    "hit_behind": ("gain", "score"),  # one card loses, but ``score`` is too few to win
    "stay_loses": ("risk", "gain"),  # with that ``risk``, one card loses points
    "stay_risk": ("gain", "risk", "score"),  # a card adds, but risking ``score`` costs more
    "second_chance": ("target",),  # the Second Chance to the player furthest behind
    # a Freeze kept (``target`` is the seat deciding) or given, banking ``score``
    "freeze": ("target", "score", "other", "points"),
    # a Flip Three taken or given: three cards bust ``score`` with chance ``risk``
    "flip_three": ("target", "score", "risk", "other", "points"),
}


class Advice(NamedTuple):
    """``do``: ``"hit"``, ``"stay"``, or the seat to give the card to (``target``)."""

    seat: int  # who decides
    do: str | int
    why: str  # one plain sentence, in English (``python -m game.advise`` prints it)
    reason: Reason  # the same, as data


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
    chosen = expert.decide(view)  # the tables this position reads, no others
    if d.kind == DecisionKind.HIT_OR_STAY:
        hit = chosen.kind == HIT
        reason = _hit_or_stay(view, hit)
        return Advice(d.seat, "hit" if hit else "stay", why(reason, view.players, d.seat), reason)
    target = chosen.target
    assert target is not None  # a target decision is answered with a target
    reason = _target(view, d.card or "", d.options, target)
    return Advice(d.seat, target, why(reason, view.players, d.seat), reason)


def _from_this_table() -> None:
    """The expert reads opponents from the hits and stays it has watched: here, only
    what this table shows (the same answer for a position, whatever was asked before)."""
    expert._memory.clear()


def _pct(p: float) -> str:
    return f"{p * 100:.0f}%"


def _hit_or_stay(view: SeatView, hit: bool) -> Reason:
    me = view.me
    pile = next_draws(view)
    risk = bust_probability(me.numbers, me.second_chance, pile)
    gain = hit_gain(me.numbers, me.modifiers, me.second_chance, pile)
    now = expert.outlook(view)(me.score)
    if not hit and now >= 1.0 - 1e-9:
        return Reason("stay_wins", score=me.score)
    if hit and now < 1e-6:
        return Reason("hit_cannot_win", score=me.score)
    if hit and gain > 0 and not risk:
        return Reason("hit_safe", gain=gain)
    if hit and gain > 0:
        return Reason("hit_worth", gain=gain, risk=risk)
    if hit:
        return Reason("hit_behind", gain=gain, score=me.score)
    if gain <= 0:
        return Reason("stay_loses", risk=risk, gain=gain)
    return Reason("stay_risk", gain=gain, risk=risk, score=me.score)


def _target(view: SeatView, card: str, options: tuple[int, ...], target: int) -> Reason:
    if card == SECOND_CHANCE:
        return Reason("second_chance", target=target)
    values = expert.target_values(view, options, card == FREEZE)
    others = [s for s in options if s != target]
    other = max(others, key=lambda s: values[s]) if others else None
    points = (values[target] - values[other]) * 100 if other is not None else 0.0
    score = view.hand(target).score
    if card == FREEZE:
        return Reason("freeze", score=score, target=target, other=other, points=points)
    hand = view.hand(target)
    risk = 1.0 - expert.survive_three(hand.numbers, hand.second_chance, next_draws(view))
    return Reason("flip_three", score=score, risk=risk, target=target, other=other, points=points)


def why(reason: Reason, names: Sequence[str], seat: int) -> str:
    """``reason`` in one plain English sentence, for ``names[seat]`` who decides."""
    r, name = reason, names[seat]
    gain, bust = r.gain, _pct(r.risk)
    if r.kind == "stay_wins":
        return f"{name} should stay: {r.score} points win the game now."
    if r.kind == "hit_cannot_win":
        return f"{name} should hit: staying on {r.score} points cannot win the game."
    if r.kind == "hit_safe":
        return f"{name} should hit: one card adds {gain:.1f} points on average and cannot bust."
    if r.kind == "hit_worth":
        return (
            f"{name} should hit: one card adds {gain:.1f} points on average, "
            f"worth the {bust} risk of busting."
        )
    if r.kind == "hit_behind":
        return (
            f"{name} should hit: one card loses {-gain:.1f} points on average, but "
            f"{r.score} points are too few to win the game from here."
        )
    if r.kind == "stay_loses":
        return (
            f"{name} should stay: with a {bust} risk of busting, one card loses "
            f"{-gain:.1f} points on average."
        )
    if r.kind == "stay_risk":
        return (
            f"{name} should stay: one card adds {gain:.1f} points on average, but a {bust} "
            f"risk of losing all {r.score} points costs more chances to win than it brings."
        )
    assert r.target is not None  # the other kinds give a card
    who = names[r.target]
    if r.kind == "second_chance":
        return f"{name} should give the Second Chance to {who}, the player furthest behind."
    best = f"the best choice for {name}'s chance to win"
    if r.other is not None:
        than = f"giving it to {names[r.other]}" if r.other != seat else "keeping it"
        best += (
            f" ({r.points:.0f} percentage points above {than})"
            if r.points >= 0.5
            else f" (about even with {than})"
        )
    if r.kind == "freeze":
        if r.target == seat:
            return f"{name} should keep the Freeze and bank {r.score} points, {best}."
        return f"{name} should freeze {who} on {r.score} points, {best}."
    lead = "take the Flip Three" if r.target == seat else f"give the Flip Three to {who}"
    return (
        f"{name} should {lead}: three cards bust {who}'s {r.score} points {bust} "
        f"of the time, {best}."
    )
