"""The ``expert`` bot: plays to win the game, not the round.

Every decision maximises an estimate of its chance to win the game (R8):

- **The round's worth in win chances.** For each round score ``x`` it could
  end this round with, ``U(x)`` is its chance to win the game: opponents who
  are out of the round score what they have (0 when busted); an active
  opponent's round is drawn from how a stop-at-T player ends from its
  current score (``winprob.cond_dist``), with T read from the scores that
  opponent has stayed on so far in the game (25, the baseline's, until three
  stays are seen). If the round ends the game (someone reaches the target,
  R8.1), ``U`` is simply "finish above them"; otherwise the new totals
  are looked up in the heads-up win table (``winprob.WinTable``). With
  several opponents, hit or stay plays against the one expected to finish
  the round highest (measured better than multiplying the chances against
  each); targets multiply them.
- **Hit or stay** compares ``U(score now)`` with the expectation of ``U`` over
  the next cards: an expectimax two cards deep over the unseen cards
  (:class:`game.bots.analysis._State`: exact bust odds, modifiers, x2, Second
  Chance, Flip 7, Freeze and Flip Three). When staying cannot win (someone
  is out of the round above the target and above it), it hits.
- **Freeze and Flip Three** go to the seat (itself included) whose change of
  round outcome raises that chance the most; a spare Second Chance goes to
  the opponent furthest behind.

Alone at the table (solo rounds) it maximises the expected round score.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from game.bots import winprob
from game.bots.analysis import _falling, _State, flip_three_value, solo_hit_value
from game.bots.common import opponents
from game.cards import FLIP7_BONUS, FLIP7_SIZE, FREEZE, MODIFIERS, SECOND_CHANCE, modifier_bonus
from game.state import ACTIVE, BUSTED, HIT_OR_STAY, STAYED, Action
from game.view import HandView, SeatView

DEPTH = 2  # cards of lookahead for hit or stay
DEFAULT_T = 25  # an unknown opponent is modelled as the baseline (INTERFACES.md §4)
MY_T = 25  # its own stop-at-T when it is out of the round

MODELS = (15, 20, 25, 30, 35)  # the stop-at-T an opponent is modelled with

for _t in MODELS:  # the tables for the default target, built once at import (~0.2 s)
    winprob.win_table(200, _t)


def choose(view: SeatView, legal: list[Action], rng: random.Random) -> Action:
    d = view.pending
    assert d is not None  # a bot is asked only when it must decide
    me = view.seat
    if d.kind == HIT_OR_STAY:
        return Action.hit(me) if wants_hit(view) else Action.stay(me)
    others = opponents(view, d.options)
    if not others:
        return Action.choose(me, me)
    if d.card == SECOND_CHANCE:
        return Action.choose(me, min(others, key=lambda s: projection(view, s)))
    return Action.choose(me, best_target(view, d.options, d.card == FREEZE))


def projection(view: SeatView, seat: int) -> int:
    """Total after this round if the hand were scored now (0 for a bust)."""
    hand = view.hand(seat)
    return view.totals[seat] + (0 if hand.status == BUSTED else hand.score)


# -- opponents ---------------------------------------------------------------
_memory: dict[tuple[Any, ...], dict[str, Any]] = {}


def opponent_thresholds(view: SeatView) -> dict[int, int]:
    """Each opponent's stop-at-T, estimated from the scores it stayed on this game."""
    key = (view.players, view.seat)
    mem = _memory.get(key)
    totals = sum(view.totals)
    if mem is None or view.round_no < mem["round"] or totals < mem["totals"]:
        if len(_memory) > 64:
            _memory.clear()
        mem = _memory[key] = {"round": view.round_no, "totals": totals, "seen": set(), "stays": {}}
    mem["round"], mem["totals"] = view.round_no, totals
    out = {}
    for s in range(len(view.players)):
        if s == view.seat:
            continue
        hand = view.hand(s)
        if hand.status == STAYED and (view.round_no, s) not in mem["seen"]:
            mem["seen"].add((view.round_no, s))
            mem["stays"].setdefault(s, []).append(hand.score)
        stays = sorted(mem["stays"].get(s, ()))
        # a stop-at-T player's stays: a fifth of them at T + 1 or less (the last card overshoots)
        t = stays[len(stays) // 5] - 1 if len(stays) >= 3 else DEFAULT_T
        out[s] = min(MODELS, key=lambda m: (abs(m - t), m))
    return out


def opponent_outcome(view: SeatView, seat: int, t: int) -> winprob.Dist:
    """How ``seat``'s round may end, as far as this seat can tell."""
    hand = view.hand(seat)
    if hand.status == BUSTED:
        return ((0, 1.0),)
    if hand.status != ACTIVE:
        return ((hand.score, 1.0),)
    return winprob.cond_dist(t, hand.score)


class Outlook:
    """``U(x)``: the chance to win the game if this seat ends the round with ``x``."""

    def __init__(self, view: SeatView, leader_only: bool = False) -> None:
        self.view = view
        self.target = view.rules.target
        self.mine = view.totals[view.seat]
        ts = opponent_thresholds(view)
        self.rivals = [(s, view.totals[s], opponent_outcome(view, s, ts[s]), ts[s]) for s in ts]
        if leader_only and len(self.rivals) > 1:  # the rival expected to finish highest
            self.rivals = [max(self.rivals, key=lambda r: r[1] + sum(y * p for y, p in r[2]))]
        self._tables = {t: winprob.win_table(self.target, t) for t in set(ts.values())}
        self._cache: dict[float, float] = {}

    def against(self, total: int, dist: winprob.Dist, t: int, x: int) -> float:
        a = self.mine + x
        table = self._tables.get(t) or winprob.win_table(self.target, t)
        target = self.target
        if a >= target:
            acc = 0.0
            for y, p in dist:
                b = total + y
                acc += p if a > b else 0.5 * p if a == b else 0.0
            return acc
        row = table.row(a)
        acc = 0.0
        for y, p in dist:
            b = total + y
            acc += p * (row[b] if b < target else 0.0)
        return acc

    def changed(self, seat: int, dist: winprob.Dist) -> Outlook:
        """The same outlook with ``seat``'s round drawn from ``dist`` instead."""
        new = object.__new__(Outlook)
        new.view, new.target, new.mine = self.view, self.target, self.mine
        new._tables = self._tables
        new.rivals = [(s, tot, dist if s == seat else d, t) for s, tot, d, t in self.rivals]
        new._cache = {}
        return new

    def __call__(self, x: float) -> float:
        got = self._cache.get(x)
        if got is not None:
            return got
        if x != int(x):  # an expected score (a Flip Three's): between its neighbours
            lo = int(x)
            return self(lo) + (x - lo) * (self(lo + 1) - self(lo))
        x = int(x)
        got = 1.0
        for _s, total, dist, t in self.rivals:
            got *= self.against(total, dist, t, x)
        self._cache[x] = got
        return got

    def expected(self, mine: winprob.Dist, changed: dict[int, winprob.Dist]) -> float:
        """Chance to win when this seat's round ends by ``mine`` and some rivals' change."""
        total = 0.0
        for x, px in mine:
            got = 1.0
            for s, tot, dist, t in self.rivals:
                got *= self.against(tot, changed.get(s, dist), t, x)
            total += px * got
        return total


# -- hit or stay ---------------------------------------------------------------
_BONUS = {m: modifier_bonus(m) for m in MODIFIERS}


def _leaf(st: _State, u: Outlook, flip_three: bool = True) -> float:
    """One card, then stay: the expectation of ``U``.

    ``flip_three=False`` counts a Flip Three as a blank (inside forced draws,
    where it would only be staged, R5.4.2), which saves most of the time.
    """
    stay = st.stay()
    us = u(stay)
    mul = st.mul
    base = stay + (FLIP7_BONUS if st.distinct() + 1 >= FLIP7_SIZE else 0)  # Flip 7
    acc = 0.0
    for v, c in enumerate(st.counts):
        if c:
            acc += c * u(base + mul * v)
    if st.dups:
        acc += st.dups * (us if st.sch else u(0))
    for m, c in st.mods:
        if m == "x2":
            acc += c * u(stay + (st.total if mul == 1 else 0))
        else:
            acc += c * u(stay + _BONUS[m])
    acc += (st.sc + st.fz) * us
    if st.f3 and not flip_three:
        acc += st.f3 * us
    elif st.f3:
        acc += st.f3 * u(st._flip_three_value())
    return acc / st.size


def hit_value(st: _State, u: Outlook, depth: int = DEPTH) -> float:
    """Expectation of ``U`` when hitting now and choosing well for ``depth - 1`` more cards."""
    if not st.size:
        return u(st.stay())
    if depth <= 1:
        return _leaf(st, u)
    acc = 0.0
    for copies, nxt in st.children():
        if isinstance(nxt, _State):
            s = u(nxt.stay())
            h = hit_value(nxt, u, depth - 1) if nxt.size else s
            acc += copies * (h if h > s else s)
        else:
            acc += copies * u(nxt)
    return acc / st.size


def wants_hit(view: SeatView) -> bool:
    me = view.me
    if len(view.players) == 1:  # alone at the table: the round score is all there is
        stay, hit = solo_hit_value(me.numbers, me.modifiers, me.second_chance, view.unseen())
        return hit > stay
    u = Outlook(view, leader_only=True)
    st = _State.of(me.numbers, me.modifiers, me.second_chance, view.unseen())
    stay = u(st.stay())
    if stay >= 1.0 - 1e-12:
        return False  # banking now wins
    hit = hit_value(st, u)
    if hit > stay + 1e-12:
        return True
    # nothing to choose between: hit only when staying is (almost) sure to lose
    return hit >= stay - 1e-12 and stay < 1e-6


# -- Freeze and Flip Three -----------------------------------------------------
def survive_three(numbers: Sequence[str], second_chance: bool, unseen: Mapping[str, int]) -> float:
    """Chance that three forced cards do not bust the hand (R5.4; numbers exact)."""
    held = set(numbers)
    fresh = [max(0, unseen.get(str(v), 0)) for v in range(13) if str(v) not in held]
    dups = sum(max(0, unseen.get(n, 0)) for n in held)
    size = sum(max(0, c) for c in unseen.values())
    draws = min(3, size)
    if not draws:
        return 1.0
    blanks = size - sum(fresh) - dups
    if second_chance:
        blanks += dups  # one duplicate is forgiven (R5.3): near enough
    e = [1.0, 0.0, 0.0, 0.0]  # elementary symmetric sums of the fresh counts
    for c in fresh:
        if c:
            for m in (3, 2, 1):
                e[m] += c * e[m - 1]
    ways = 0.0
    for m in range(draws + 1):
        k = draws - m
        # choose which of the draws are numbers, ordered distinct values, ordered blanks
        ways += _falling(draws, m) // _falling(m, m) * _falling(m, m) * e[m] * _falling(blanks, k)
    return min(1.0, ways / _falling(size, draws))


def after_flip_three(hand: HandView, unseen: Mapping[str, int], t: int) -> winprob.Dist:
    """How a hand's round ends if it takes three forced cards, then plays stop-at-t."""
    alive = survive_three(hand.numbers, hand.second_chance, unseen)
    if alive <= 1e-9:
        return ((0, 1.0),)
    value = flip_three_value(hand.numbers, hand.modifiers, hand.second_chance, unseen)
    after = int(round(value / alive))
    out: dict[int, float] = {0: 1.0 - alive}
    for y, p in winprob.cond_dist(t, after):
        out[y] = out.get(y, 0.0) + alive * p
    return tuple(sorted(out.items()))


def forced_value(
    st: _State, u: Outlook, draws: int = 3, memo: dict[Any, float] | None = None
) -> float:
    """Expectation of ``U`` after ``draws`` forced cards (a Flip Three, R5.4), then staying.

    The same hand reached in another order (5 then 7, 7 then 5) is valued once.
    """
    if not st.size or draws <= 0:
        return u(st.stay())
    if draws == 1:
        return _leaf(st, u, flip_three=False)
    if memo is None:
        memo = {}
    key = (draws, st.held, st.mul, st.plus, st.sch, st.dups, st.mods, st.sc, st.f3, st.fz)
    got = memo.get(key)
    if got is None:
        acc = 0.0
        for copies, nxt in st.children():
            acc += copies * (
                forced_value(nxt, u, draws - 1, memo) if isinstance(nxt, _State) else u(nxt)
            )
        memo[key] = got = acc / st.size
    return got


def best_target(view: SeatView, options: tuple[int, ...], freeze: bool) -> int:
    """The seat whose Freeze / Flip Three raises this seat's chance to win the most.

    Its own round is followed card by card (the hit-or-stay lookahead, or the
    three forced cards when it keeps a Flip Three); an opponent's is drawn from
    the stop-at-T outcomes, frozen at its score or after three forced cards.
    """
    base = Outlook(view)
    unseen = view.unseen()
    me = view.me
    active = me.status == ACTIVE
    st = _State.of(me.numbers, me.modifiers, me.second_chance, unseen) if active else None
    fixed = 0 if me.status == BUSTED else me.score
    best, best_value = view.seat, float("-inf")
    shortfall = 0.0
    if st is not None and not freeze and view.seat in options:
        # Three blind hits are a policy it could follow itself, so keeping the Flip
        # Three is never worth more than playing on; the two-card lookahead sees
        # less than three cards, and that shortfall is added to playing on.
        own = forced_value(st, base)
        shortfall = max(0.0, own - max(base(st.stay()), hit_value(st, base)))
    for s in options:
        if s == view.seat:
            value = base(fixed) if freeze else own
        else:
            t = next(r[3] for r in base.rivals if r[0] == s)
            hand = view.hand(s)
            dist = ((hand.score, 1.0),) if freeze else after_flip_three(hand, unseen, t)
            u = base.changed(s, dist)
            value = max(u(st.stay()), hit_value(st, u)) + shortfall if st is not None else u(fixed)
        if value > best_value + 1e-12:
            best, best_value = s, value
    return best
