"""The ``expert`` bot: plays to win the game, not the round.

Every decision maximises an estimate of its chance to win the game (R8):

- **Reading the opponents.** Each opponent is a stop-at-T player for one of
  the T in :data:`MODELS`, weighed by how likely each is (:func:`opponent_models`):
  a prior mostly on the baseline's 25, updated by every decision this seat has
  seen the opponent make this game — a hit on ``s`` says T > s, a stay on ``s``
  says T ≤ s, each with a slip of :data:`SLIP` — and by the score of every
  round it banked unseen (a stay on that score). An opponent out of the round
  scores what it has (0 when busted); an active one ends its round as the
  weighed mixture of the models says (:func:`mixed_dist`, from
  ``winprob.cond_dist``), and its later rounds are those of its weighted median T.
- **The round's worth in win chances.** For each round score ``x`` it could
  end this round with, ``U(x)`` is its chance to win the game. If the round ends
  the game (someone reaches the target, R8.1), ``U`` is "finish above every
  opponent". Otherwise: heads-up, the new totals are looked up in the heads-up
  win table (``winprob.WinTable``, where it picks its best stop-at-T every round
  against the opponent's totals; :class:`Outlook`); from three seats on, in the
  race of the whole table (``winprob.Race``, :class:`FieldOutlook`): every
  player races on alone, each opponent on its T, this seat on the best of
  :data:`MY_STOPS`, and it wins when it is the first past the target and above
  everyone who is too, the round they get there (a product over the opponents,
  summed over the rounds and the totals past the target).
- **Hit or stay** compares ``U(score now)`` with the expectation of ``U`` over
  the next cards: an expectimax two cards deep over the unseen cards
  (:class:`game.bots.analysis._State`: exact bust odds, modifiers, x2, Second
  Chance, Flip 7, Freeze and Flip Three). A Freeze or Flip Three this seat draws
  may go to an opponent instead: heads-up, and from three seats on to one of the
  :data:`AIM_AT` active opponents expected to finish highest (:func:`_field_hit_value`).
  Heads-up, while the rival is in the round, its next card may be a Freeze or
  Flip Three aimed at this seat (:func:`aimed_hit_value`). When staying cannot
  win (someone is out of the round above the target and above it), it hits. In
  a round that may end the game, heads-up, a hit is also followed by the
  rival's next card: staying in lets it answer the rival's result
  (:func:`_interleaved_hit`). The next cards are the draw pile, or once it is
  empty the discard a draw shuffles in (R2.4, :func:`game.bots.common.next_draws`).
- **Freeze and Flip Three** go to the seat (itself included) whose change of
  round outcome raises that chance the most (:func:`target_values`), against
  the whole table from three seats on: the opponent it stops is the one whose
  round threatens it most (a player near the target, a hand one card from a
  Flip 7), never one a Freeze would only bank for. Heads-up, keeping a Flip
  Three is followed through its three cards, what was staged among them (a
  Freeze it then aims at the opponent) and playing on afterwards; giving it
  away risks the Freeze the opponent may meet among its three cards, which
  comes back at this seat (the baseline's aim). A spare Second Chance goes to
  the opponent furthest behind.

Alone at the table (solo rounds) it maximises the expected round score.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from itertools import repeat
from operator import add, mul
from typing import Any

from game.bots import winprob
from game.bots.analysis import _falling, _State, flip_three_value, solo_hit_value
from game.bots.common import next_draws, opponents
from game.cards import (
    FLIP7_BONUS,
    FLIP7_SIZE,
    FLIP_THREE,
    FREEZE,
    MODIFIERS,
    NUMBERS,
    SECOND_CHANCE,
    hand_score,
    modifier_bonus,
)
from game.state import ACTIVE, BUSTED, HIT_OR_STAY, STAYED, Action
from game.view import HandView, SeatView

DEPTH = 2  # cards of lookahead for hit or stay
PLAY_ON_STOPS = (20, 25, 30)  # the stop-at-T a hand may play on with after a Flip Three
MY_STOPS = (20, 25, 30, 35)  # the stop-at-T this seat may race on with in later rounds

DEFAULT_T = 25  # an unknown opponent is most likely the baseline (docs/bots.md, the baseline)
# an opponent is a stop-at-T player for one of these T, weighed by how likely each is
MODELS = (15, 18, 20, 22, 25, 28, 30, 33, 36, 40, 45)
# before anything is seen: mostly the baseline's 25 (docs/bots.md, the baseline)
PRIOR = (0.02, 0.03, 0.05, 0.08, 0.5, 0.1, 0.08, 0.05, 0.04, 0.03, 0.02)
SLIP = 0.1  # the chance that a stop-at-T player's decision goes against its T
AGREE, AGAINST = math.log(1 - SLIP), math.log(SLIP)  # a decision's log-likelihood


@cache
def warm() -> None:
    """Build the tables the expert reads at the default target of 200 (under a second):
    the win tables of every opponent model and the race's, for this seat and the
    baseline-like rival. Its first decision builds them; a program that wants that
    decision quick (the window, a benchmark) calls this beforehand, from any thread."""
    for t in MODELS:
        winprob.win_table(200, t)
    race = winprob.race(200)
    for t in MY_STOPS:
        race.table(t, True)
    race.table(DEFAULT_T, False)


def choose(view: SeatView, legal: list[Action], rng: random.Random) -> Action:
    warm()  # the default target's tables, once a process
    return decide(view)


def decide(view: SeatView) -> Action:
    """The expert's decision, each table it reads built when first read (a program that
    asks once, as ``game.advise`` does, builds only those)."""
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


def _observe(post: list[float], score: int, hit: bool) -> None:
    """Update the log-weights ``post`` of :data:`MODELS` by one hit or stay at ``score``:
    a stop-at-T player hits below T and stays from T on (but for a slip)."""
    for k, m in enumerate(MODELS):
        post[k] += AGREE if (score < m) == hit else AGAINST


def _new_game_memory(view: SeatView) -> dict[str, Any]:
    return {
        "round": view.round_no,
        "totals": list(view.totals),
        "post": {s: [math.log(p) for p in PRIOR] for s in range(len(view.players))},
        "last": {},  # seat -> (round, score, cards) when last seen active
        "stayed": set(),  # (round, seat): its stay is counted
    }


def _memory_of(view: SeatView) -> dict[str, Any]:
    """What this seat has seen the others do this game, brought up to date with the table."""
    key = (view.players, view.seat)
    mem = _memory.get(key)
    totals = view.totals
    if mem is None or view.round_no < mem["round"] or sum(totals) < sum(mem["totals"]):
        if len(_memory) > 64:
            _memory.clear()
        mem = _memory[key] = _new_game_memory(view)
    post, last, stayed = mem["post"], mem["last"], mem["stayed"]
    if view.round_no != mem["round"]:
        ended = mem["round"]
        for s, before in enumerate(mem["totals"]):
            # a round it scored in and was not seen to end: it stayed on that score
            # (or was frozen on it, which looks the same from here)
            gained = totals[s] - before
            if s != view.seat and gained > 0 and (ended, s) not in stayed:
                seen = last.get(s)
                if view.round_no == ended + 1 and not (seen and seen[0] == ended and seen[3]):
                    _observe(post[s], gained, hit=False)
        mem["round"], mem["totals"] = view.round_no, list(totals)
        last.clear()
    rnd = view.round_no
    for s in range(len(view.players)):
        if s == view.seat:
            continue
        hand = view.hand(s)
        seen = last.get(s)
        cards = len(hand.numbers) + len(hand.modifiers) + hand.second_chance
        if seen is not None and seen[0] == rnd and not seen[3] and cards > seen[2]:
            _observe(post[s], seen[1], hit=True)  # it was active on that score and drew
        if hand.status == STAYED and (rnd, s) not in stayed:
            stayed.add((rnd, s))
            _observe(post[s], hand.score, hit=False)
        frozen = hand.status not in (ACTIVE, STAYED, BUSTED)
        last[s] = (rnd, hand.score, cards, frozen)
    return mem


def opponent_models(view: SeatView) -> dict[int, tuple[float, ...]]:
    """Each opponent's weights over :data:`MODELS`: the prior, updated by every hit and
    stay this seat has seen it make this game (a hit on ``s`` says T > s, a stay says
    T ≤ s), and by the score of every round it banked."""
    post = _memory_of(view)["post"]
    out = {}
    for s in range(len(view.players)):
        if s == view.seat:
            continue
        logs = post[s]
        top = max(logs)
        w = [math.exp(x - top) for x in logs]
        total = sum(w)
        out[s] = tuple(round(x / total, 3) for x in w)
    return out


def opponent_thresholds(view: SeatView) -> dict[int, int]:
    """Each opponent's most likely stop-at-T (:func:`opponent_models`)."""
    return {s: _typical(w) for s, w in opponent_models(view).items()}


def _typical(weights: tuple[float, ...]) -> int:
    """The weighted median of :data:`MODELS`."""
    acc = 0.0
    for m, w in zip(MODELS, weights, strict=True):
        acc += w
        if acc >= 0.5:
            return m
    return MODELS[-1]


@lru_cache(maxsize=4096)
def mixed_dist(weights: tuple[float, ...], score: int) -> winprob.Dist:
    """How a hand now on ``score`` ends, over the stop-at-T models weighed by ``weights``."""
    out: dict[int, float] = {}
    for m, w in zip(MODELS, weights, strict=True):
        if w > 0.01:
            for y, p in winprob.cond_dist(m, score):
                out[y] = out.get(y, 0.0) + w * p
    total = sum(out.values())
    return tuple((y, p / total) for y, p in sorted(out.items()) if p / total >= winprob.PRUNE)


def opponent_outcome(
    view: SeatView, seat: int, t: int, weights: tuple[float, ...] | None = None
) -> winprob.Dist:
    """How ``seat``'s round may end, as far as this seat can tell."""
    hand = view.hand(seat)
    if hand.status == BUSTED:
        return ((0, 1.0),)
    if hand.status != ACTIVE:
        return ((hand.score, 1.0),)
    if weights is None:
        return winprob.cond_dist(t, hand.score)
    if len(view.players) > 2 and len(hand.numbers) == FLIP7_SIZE - 1:
        return _one_from_flip7(hand, weights, next_draws(view))
    return mixed_dist(weights, hand.score)


def _one_from_flip7(
    hand: HandView, weights: tuple[float, ...], pile: Mapping[str, int]
) -> winprob.Dist:
    """How a hand one number from a Flip 7 ends (R4.4): the models that stop at its
    score stay; the others draw a card, and any new number ends the round with the
    bonus, a held one busts it (R4.2, R5.3), anything else lets it play on."""
    score = hand.score
    stay = sum(w for m, w in zip(MODELS, weights, strict=True) if m <= score)
    drawing = tuple(0.0 if m <= score else w for m, w in zip(MODELS, weights, strict=True))
    size = sum(max(0, c) for c in pile.values())
    if stay >= 1.0 - 1e-9 or not size:
        return mixed_dist(weights, score)
    norm = tuple(round(w / (1.0 - stay), 3) for w in drawing)
    numbers, mods = tuple(hand.numbers), tuple(hand.modifiers)
    out: dict[int, float] = {score: stay} if stay > 0 else {}
    go = (1.0 - stay) / size

    def add(dist: winprob.Dist, p: float) -> None:
        for y, q in dist:
            out[y] = out.get(y, 0.0) + p * q

    for card, c in pile.items():
        if c <= 0:
            continue
        if card in NUMBERS and card not in numbers:
            add(((hand_score(numbers + (card,), mods, True), 1.0),), go * c)
        elif card in NUMBERS:
            add(mixed_dist(norm, score) if hand.second_chance else ((0, 1.0),), go * c)
        elif card in MODIFIERS:
            add(mixed_dist(norm, hand_score(numbers, mods + (card,))), go * c)
        else:  # Second Chance, Freeze, Flip Three: it plays on from where it is
            add(mixed_dist(norm, score), go * c)
    total = sum(out.values())
    return tuple((y, p / total) for y, p in sorted(out.items()))


class Outlook:
    """``U(x)``: the chance to win the game if this seat ends the round with ``x``."""

    def __init__(self, view: SeatView, leader_only: bool = False) -> None:
        self.view = view
        self.target = view.rules.target
        self.mine = view.totals[view.seat]
        models = opponent_models(view)
        ts = {s: _typical(w) for s, w in models.items()}
        self.rivals = [
            (s, view.totals[s], opponent_outcome(view, s, ts[s], models[s]), ts[s]) for s in ts
        ]
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
            at = self(lo)
            return at + (x - lo) * (self(lo + 1) - at)
        x = int(x)
        got = 1.0
        for _s, total, dist, t in self.rivals:
            got *= self.against(total, dist, t, x)
        self._cache[x] = got
        return got

    def mean(self, dist: winprob.Dist) -> float:
        """``sum(p * self(y) for y, p in dist)``, the values worked out so far read
        without a call."""
        known = self._cache.get
        return sum([p * (self(y) if (got := known(y)) is None else got) for y, p in dist])

    def expected(self, mine: winprob.Dist, changed: dict[int, winprob.Dist]) -> float:
        """Chance to win when this seat's round ends by ``mine`` and some rivals' change."""
        total = 0.0
        for x, px in mine:
            got = 1.0
            for s, tot, dist, t in self.rivals:
                got *= self.against(tot, changed.get(s, dist), t, x)
            total += px * got
        return total


def _times(a: list[float], b: list[float]) -> list[float]:
    return list(map(mul, a, b))


@lru_cache(maxsize=4096)
def _field_part(target: int, total: int, dist: winprob.Dist, t: int) -> list[float]:
    """The chance, by later round and cell past the target, that a rival on ``total``
    whose round ends by ``dist`` is below the target until then and below that cell
    in that round (:meth:`winprob.Race.below`; its totals shared between the cells
    around them)."""
    race = winprob.race(target)
    cells, step = race.cells, race.step
    weights: dict[int, float] = {}
    for y, p in dist:
        if total + y < target:
            x = (total + y) / step
            i = int(x)
            f = x - i if i + 1 < cells else 0.0
            weights[i] = weights.get(i, 0.0) + p * (1.0 - f)
            if f:
                weights[i + 1] = weights.get(i + 1, 0.0) + p * f
    rows = race.table(t, False)
    acc: list[float] | None = None
    for i, p in weights.items():
        scaled = map(mul, repeat(p), rows[i])  # p * b for each b (rows all of one length)
        acc = list(scaled) if acc is None else list(map(add, acc, scaled))
    return acc if acc is not None else [0.0] * (race.rounds * race.width)


class FieldOutlook(Outlook):
    """``U(x)`` against the whole table (:class:`winprob.Race`), for three seats and more.

    Every opponent's round ends as its model says (:func:`opponent_outcome`), then
    every player races on alone: the opponents on their stop-at-T, this seat on the
    best of :data:`MY_STOPS` for the rest of the game. A round that ends the game
    is won by finishing above everyone.
    """

    def __init__(self, view: SeatView) -> None:
        super().__init__(view)
        self.race = winprob.race(self.target)
        target = self.target
        self._below = {s: _field_part(target, tot, dist, t) for s, tot, dist, t in self.rivals}
        self._field = self._product(self._below)
        self._dots: dict[tuple[int, int], float] = {}

    def _product(self, parts: Mapping[int, list[float]]) -> list[float]:
        field: list[float] | None = None
        for vec in parts.values():
            field = vec if field is None else _times(field, vec)
        return field if field is not None else [1.0] * (self.race.rounds * self.race.width)

    def changed(self, seat: int, dist: winprob.Dist) -> Outlook:
        new = object.__new__(FieldOutlook)
        new.view, new.target, new.mine = self.view, self.target, self.mine
        new._tables, new.race = self._tables, self.race
        new.rivals = [(s, tot, dist if s == seat else d, t) for s, tot, d, t in self.rivals]
        new._below = dict(self._below)
        for s, tot, d, t in new.rivals:
            if s == seat:
                new._below[s] = _field_part(new.target, tot, d, t)
        new._field = new._product(new._below)
        new._cache, new._dots = {}, {}
        return new

    def _later(self, total: int) -> float:
        """Chance to win from ``total`` below the target once this round is over."""
        race = self.race
        x = total / race.step
        i = int(x)
        f = x - i
        on_cell = f < 1e-9 or i + 1 >= race.cells
        dots = self._dots  # _dot's values worked out so far, read without calling it
        best = 0.0
        for t in MY_STOPS:
            lo = dots.get((t, i))
            if lo is None:
                lo = self._dot(t, i)
            if on_cell:
                got = lo
            else:
                hi = dots.get((t, i + 1))
                if hi is None:
                    hi = self._dot(t, i + 1)
                got = lo + f * (hi - lo)
            if got > best:
                best = got
        return best

    def _dot(self, t: int, cell: int) -> float:
        key = (t, cell)
        got = self._dots.get(key)
        if got is None:
            vec = self.race.table(t, True)[min(cell, self.race.cells - 1)]
            got = self._dots[key] = sum(map(mul, vec, self._field))
        return got

    def _value(self, x: int) -> float:
        a = self.mine + x
        if a < self.target:
            return self._later(a)
        got = 1.0
        for _s, total, dist, _t in self.rivals:
            acc = 0.0
            for y, p in dist:
                b = total + y
                acc += p if a > b else 0.5 * p if a == b else 0.0
            got *= acc
        return got

    def __call__(self, x: float) -> float:
        got = self._cache.get(x)
        if got is not None:
            return got
        if x != int(x):
            lo = int(x)
            at = self(lo)
            return at + (x - lo) * (self(lo + 1) - at)
        got = self._cache[x] = self._value(int(x))
        return got

    def expected(self, mine: winprob.Dist, changed: dict[int, winprob.Dist]) -> float:
        u = self
        for s, dist in changed.items():
            u = u.changed(s, dist)  # type: ignore[assignment]
        return sum(px * u(x) for x, px in mine)


def whole_table(view: SeatView) -> bool:
    """Whether the race of the whole table is played: three seats and more, a target
    up to ``winprob.RACE_TARGET_MAX``."""
    return len(view.players) >= 3 and view.rules.target <= winprob.RACE_TARGET_MAX


def outlook(view: SeatView) -> Outlook:
    """The outlook hit or stay plays by: against the whole table
    (:class:`FieldOutlook`, :func:`whole_table`), else the heads-up table against the
    rival expected to finish highest."""
    return FieldOutlook(view) if whole_table(view) else Outlook(view, leader_only=True)


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
    known = u._cache.get  # U's values worked out so far, read without calling u
    acc = 0.0
    for v, c in enumerate(st.counts):
        if c:
            x = base + mul * v
            got = known(x)
            acc += c * (u(x) if got is None else got)
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
    pile = next_draws(view)
    if len(view.players) == 1:  # alone at the table: the round score is all there is
        stay, hit = solo_hit_value(me.numbers, me.modifiers, me.second_chance, pile)
        return hit > stay
    u = outlook(view)
    st = _State.of(me.numbers, me.modifiers, me.second_chance, pile)
    stay = u(st.stay())
    if stay >= 1.0 - 1e-12:
        return False  # banking now wins
    hit = aimed_hit_value(view, u, st, pile)
    if hit <= stay and (rival := _rival_draws_next(view, u)) is not None and st.size > 1:
        hit = max(hit, _interleaved_hit(view, u, st, pile, *rival))
    if hit > stay + 1e-12:
        return True
    # nothing to choose between: hit only when staying is (almost) sure to lose
    return hit >= stay - 1e-12 and stay < 1e-6


def aimed_hit_value(view: SeatView, u: Outlook, st: _State, pile: Mapping[str, int]) -> float:
    """:func:`hit_value` with the action cards aimed, heads-up while the rival is in.

    The plain lookahead lets every Freeze and Flip Three land on this seat. In
    a heads-up round both players are still in, so (R5.1, and the baseline's rule in docs/bots.md
    for how the baseline aims):

    - after this seat's card, the rival's next one (when it will hit) may be
      its Freeze, aimed at this seat, which then banks what it holds, or its
      Flip Three: three forced cards on this seat (R5.4);
    - a Freeze or Flip Three this seat draws may go to the rival instead: a
      Freeze banks the rival's score, a Flip Three forces three cards on it,
      and this seat plays on — whichever its chance to win prefers.
    """
    if len(view.players) > 2 and st.size and (st.fz or st.f3):
        return _field_hit_value(view, u, st, pile)
    if len(view.players) != 2 or len(u.rivals) != 1 or not st.size:
        return hit_value(st, u)
    seat, _total, _dist, t = u.rivals[0]
    rival = view.hand(seat)
    if rival.status != ACTIVE:
        return hit_value(st, u)
    aimed_at_me = rival.score < t  # it will draw again before this seat decides
    acc = 0.0
    for copies, nxt in st.children():
        if not isinstance(nxt, _State):
            acc += copies * u(nxt)
            continue
        s = u(nxt.stay())
        h = hit_value(nxt, u, DEPTH - 1) if nxt.size else s
        value = h if h > s else s
        if aimed_at_me and nxt.size and (nxt.fz or nxt.f3):
            frozen, flipped = nxt.fz / nxt.size, nxt.f3 / nxt.size
            value = (1.0 - frozen - flipped) * value + frozen * s
            if flipped:
                value += flipped * u(nxt._flip_three_value())
        acc += copies * value
    # its own Freeze / Flip Three: st.children() counted them as kept
    for n, card in ((st.fz, FREEZE), (st.f3, FLIP_THREE)):
        if not n:
            continue
        after = st._with(fz=st.fz - 1) if card == FREEZE else st._with(f3=st.f3 - 1)
        x = after.stay()
        kept = u(x) if card == FREEZE else u(st._flip_three_value())
        given = u.changed(
            seat,
            ((rival.score, 1.0),) if card == FREEZE else after_flip_three(rival, pile, t),
        )
        alt = max(given(x), hit_value(after, given, 1) if after.size else given(x))
        if alt > kept:
            acc += n * (alt - kept)
    return acc / st.size


AIM_AT = 2  # the active rivals a Freeze or Flip Three it may draw is weighed on


def _threats(view: SeatView, u: Outlook) -> list[tuple[int, int, winprob.Dist, int]]:
    """The active rivals expected to finish the round highest, at most :data:`AIM_AT`."""
    rivals = [r for r in u.rivals if view.hand(r[0]).status == ACTIVE]
    rivals.sort(key=lambda r: -(r[1] + sum(y * p for y, p in r[2])))
    return rivals[:AIM_AT]


def _field_hit_value(view: SeatView, u: Outlook, st: _State, pile: Mapping[str, int]) -> float:
    """:func:`hit_value` at three seats and more, where a Freeze or Flip Three this seat
    draws may go to a rival instead (a Freeze banks the rival's score, a Flip Three
    forces three cards on it) while this seat plays on, whichever wins most.

    Playing on after giving the card away is credited with what one more card is
    worth to this seat on the table as it is (its gain over staying), so that each
    rival costs one look-up of the changed table."""
    acc = hit_value(st, u) * st.size
    threats = _threats(view, u)
    for n, card in ((st.fz, FREEZE), (st.f3, FLIP_THREE)):
        if not n or not threats:
            continue
        after = st._with(fz=st.fz - 1) if card == FREEZE else st._with(f3=st.f3 - 1)
        x = after.stay()
        kept = u(x) if card == FREEZE else u(st._flip_three_value())
        more = max(0.0, hit_value(after, u, 1) - u(x)) if after.size else 0.0
        best = kept
        for seat, _total, _dist, t in threats:
            rival = view.hand(seat)
            given = u.changed(
                seat,
                ((rival.score, 1.0),) if card == FREEZE else after_flip_three(rival, pile, t),
            )
            best = max(best, given(x) + more)
        acc += n * (best - kept)
    return acc / st.size


# the stop-at-T a hand may play on with once it has seen the rival's next card
ALL_STOPS = tuple(range(15, 65, 5))


def _rival_draws_next(view: SeatView, u: Outlook) -> tuple[int, int] | None:
    """``(seat, T)`` of the rival when its next card may decide the game: heads-up,
    it is still in the round and will hit (its score is below its T), and the
    game ends this round if it reaches T or if this seat stays (R8.1)."""
    if len(u.rivals) != 1 or len(view.players) != 2:
        return None
    seat, total, _dist, t = u.rivals[0]
    hand = view.hand(seat)
    if hand.status != ACTIVE or hand.score >= t:
        return None
    target = view.rules.target
    if u.mine + view.me.score >= target or total + t >= target:
        return seat, t
    return None


Hand = tuple[tuple[str, ...], tuple[str, ...], bool]  # numbers, modifiers, Second Chance


def _after_card(hand: Hand, card: str) -> Hand | int:
    """A hand after it takes ``card``, or its final score when the card ends its
    round (a bust, R4.2: 0; a Flip 7, R4.4). Freeze and Flip Three are blanks."""
    numbers, modifiers, sch = hand
    if card in NUMBERS:
        if card in numbers:
            return (numbers, modifiers, False) if sch else 0  # R5.3
        numbers += (card,)
        if len(numbers) >= FLIP7_SIZE:
            return hand_score(numbers, modifiers, True)
    elif card in MODIFIERS:
        modifiers += (card,)
    elif card == SECOND_CHANCE:
        sch = True
    return numbers, modifiers, sch


def _rival_after(hand: HandView, card: str, t: int) -> winprob.Dist:
    """How a stop-at-``t`` rival's round ends after it draws ``card`` (its Freeze,
    Flip Three or Second Chance counted as a blank)."""
    after = _after_card((tuple(hand.numbers), tuple(hand.modifiers), hand.second_chance), card)
    if isinstance(after, int):
        return ((after, 1.0),)
    score = hand_score(after[0], after[1])
    return ((score, 1.0),) if score >= t else winprob.cond_dist(t, score)


def _interleaved_hit(
    view: SeatView, u: Outlook, st: _State, pile: Mapping[str, int], seat: int, t: int
) -> float:
    """Hit, then the rival draws its next card, then choose again knowing how it went.

    In a round that may end the game, a hand still in the round can answer
    the rival's result (keep drawing to beat a total it stayed on); the plain
    lookahead draws the rival's outcome as if it were decided already. After
    the rival's card, this seat stays, takes one more card, or plays on with
    the best stop-at-T (:class:`PlayOn`). ``st`` is this seat's hand now, over ``pile``.
    """
    me, rival = view.me, view.hand(seat)
    mine: Hand = (tuple(me.numbers), tuple(me.modifiers), me.second_chance)
    size = st.size
    after: dict[winprob.Dist, tuple[Outlook, PlayOn]] = {}
    rival_after = {card: _rival_after(rival, card, t) for card, n in pile.items() if n > 0}
    ways: dict[winprob.Dist, int] = {}  # the rival's next card, grouped by what it makes
    for card, dist in rival_after.items():
        ways[dist] = ways.get(dist, 0) + pile[card]
    acc = 0.0
    for c1, n1 in pile.items():
        if n1 <= 0:
            continue
        if c1 in (FREEZE, FLIP_THREE):  # as the lookahead values them
            acc += n1 * u(st.stay() if c1 == FREEZE else st._flip_three_value())
            continue
        hand = _after_card(mine, c1)
        if isinstance(hand, int):
            acc += n1 * u(hand)
            continue
        rest = dict(pile)
        rest[c1] -= 1
        nxt = _State.of(*hand, rest)
        x = nxt.stay()
        taken = rival_after[c1]  # the card this seat took is not the rival's
        sub = 0.0
        for dist, n2 in ways.items():
            n2 -= dist == taken
            if not n2:
                continue
            got = after.get(dist)
            if got is None:
                changed = u.changed(seat, dist)
                got = after[dist] = (changed, PlayOn(changed, ALL_STOPS))
            u2, on = got
            sub += n2 * max(on(x), hit_value(nxt, u2, 1) if nxt.size else u2(x))
        acc += n1 * sub / (size - 1)
    return acc / size


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


FROZE, FLIPPED = 1, 2  # a Freeze / a Flip Three staged during its own Flip Three


class _Staging:
    """How its own hand ends after a Flip Three it keeps: once the three cards
    are in (R5.4.4) it assigns what was staged — a Freeze to the rival (who
    then scores what they hold) or to itself (banking), a Flip Three to the
    rival — and then stays or plays on (:class:`PlayOn`)."""

    def __init__(self, view: SeatView, u: Outlook) -> None:
        self.u, self.on = u, PlayOn(u)
        self._cache: dict[tuple[int, int], float] = {}
        rivals = [r for r in u.rivals if view.hand(r[0]).status == ACTIVE]
        self.frozen, self.flipped = self.on, self.on
        if rivals:
            s, _total, dist, t = max(rivals, key=lambda r: r[1] + sum(y * p for y, p in r[2]))
            hand = view.hand(s)
            self.frozen = PlayOn(u.changed(s, ((hand.score, 1.0),)))
            self.flipped = PlayOn(u.changed(s, after_flip_three(hand, next_draws(view), t)))

    def end(self, x: int, staged: int) -> float:
        key = (x, staged)
        got = self._cache.get(key)
        if got is None:
            if staged & FROZE:
                got = max(self.u(x), self.frozen(x))
            elif staged & FLIPPED:
                got = max(self.on(x), self.flipped(x))
            else:
                got = self.on(x)
            self._cache[key] = got
        return got


def _last_forced_card(st: _State, how: _Staging, staged: int) -> float:
    """:func:`_kept_flip_three` for the third card, without building the next hands."""
    u, end = how.u, how.end
    stay, mul = st.stay(), st.mul
    acc = 0.0
    if st.distinct() + 1 >= FLIP7_SIZE:  # R4.4
        for v, c in enumerate(st.counts):
            if c:
                acc += c * u(stay + mul * v + FLIP7_BONUS)
    else:
        for v, c in enumerate(st.counts):
            if c:
                acc += c * end(stay + mul * v, staged)
    if st.dups:
        acc += st.dups * (end(stay, staged) if st.sch else u(0))
    for m, c in st.mods:
        acc += c * end(
            stay + (st.total if mul == 1 else 0) if m == "x2" else stay + _BONUS[m], staged
        )
    acc += st.sc * end(stay, staged) + st.fz * end(stay, staged | FROZE)
    acc += st.f3 * end(stay, staged | FLIPPED)
    return acc / st.size


def _kept_flip_three(
    st: _State, how: _Staging, draws: int, staged: int, memo: dict[Any, float]
) -> float:
    """Expectation of ``U`` over the ``draws`` forced cards still to come (R5.4)."""
    if not st.size or draws <= 0:
        return how.end(st.stay(), staged)
    key = (draws, staged, st.held, st.mul, st.plus, st.sch, st.dups, st.mods, st.sc, st.f3, st.fz)
    got = memo.get(key)
    if got is not None:
        return got
    if draws == 1:
        memo[key] = got = _last_forced_card(st, how, staged)
        return got
    u = how.u
    acc = 0.0
    flip7 = st.distinct() + 1 >= FLIP7_SIZE
    for v, c in enumerate(st.counts):
        if not c:
            continue
        if flip7:  # R4.4: the round ends at once, staged cards are dropped
            acc += c * u(st.mul * (st.total + v) + st.plus + FLIP7_BONUS)
        else:
            counts = st.counts.copy()
            counts[v] = 0
            nxt = st._with(
                held=st.held | 1 << v, total=st.total + v, counts=counts, dups=st.dups + c - 1
            )
            acc += c * _kept_flip_three(nxt, how, draws - 1, staged, memo)
    if st.dups:  # a Second Chance saves (R5.3), else the hand busts and nothing staged counts
        saved = st._with(sch=False, dups=st.dups - 1)
        acc += st.dups * (_kept_flip_three(saved, how, draws - 1, staged, memo) if st.sch else u(0))
    for k, (m, c) in enumerate(st.mods):
        mods = st.mods[:k] + (((m, c - 1),) if c > 1 else ()) + st.mods[k + 1 :]
        nxt = (
            st._with(mods=mods, mul=2)
            if m == "x2"
            else st._with(mods=mods, plus=st.plus + _BONUS[m])
        )
        acc += c * _kept_flip_three(nxt, how, draws - 1, staged, memo)
    if st.sc:
        acc += st.sc * _kept_flip_three(
            st._with(sc=st.sc - 1, sch=True), how, draws - 1, staged, memo
        )
    if st.fz:
        acc += st.fz * _kept_flip_three(
            st._with(fz=st.fz - 1), how, draws - 1, staged | FROZE, memo
        )
    if st.f3:
        acc += st.f3 * _kept_flip_three(
            st._with(f3=st.f3 - 1), how, draws - 1, staged | FLIPPED, memo
        )
    memo[key] = got = acc / st.size
    return got


class PlayOn:
    """The chance to win from a hand now scoring ``x`` that may play on: the
    better of staying and the best of a few stop-at-T continuations
    (``winprob.cond_dist``, how such a hand usually ends)."""

    def __init__(self, u: Outlook, stops: Sequence[int] = PLAY_ON_STOPS) -> None:
        self.u, self.stops = u, stops
        self._cache: dict[int, float] = {}

    def __call__(self, x: float) -> float:
        k = int(x)
        got = self._cache.get(k)
        if got is None:
            u = self.u
            got = u(k)
            for t in self.stops:
                if t > k:
                    got = max(got, u.mean(winprob.cond_dist(t, k)))
            self._cache[k] = got
        return got


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


def _keeping(view: SeatView, st: _State, base: Outlook) -> tuple[float, float]:
    """``(keep, bonus)``: its chance to win when it keeps a Flip Three, and what
    playing on after giving it away is credited on top of its lookahead.

    Heads-up it follows the three cards and what was staged among them
    (:func:`_kept_flip_three`), no bonus. With several opponents: three cards,
    then it stays; three blind hits are a policy it could follow itself, so
    keeping the card is never worth more than playing on, and the shortfall of
    the two-card lookahead is credited to playing on.
    """
    if len(view.players) == 2:
        return _kept_flip_three(st, _Staging(view, base), 3, 0, {}), 0.0
    own = forced_value(st, base)
    return own, max(0.0, own - max(base(st.stay()), hit_value(st, base)))


def target_values(view: SeatView, options: tuple[int, ...], freeze: bool) -> dict[int, float]:
    """This seat's chance to win for each target of its Freeze or Flip Three.

    Its own round is followed card by card: the hit-or-stay lookahead after
    freezing or flipping an opponent, the three forced cards when it keeps a
    Flip Three (:func:`_keeping`). An opponent's round is drawn from the
    stop-at-T outcomes, frozen at its score or after three forced cards —
    and heads-up, a Freeze that opponent meets among them comes back to this
    seat (docs/bots.md, the baseline).
    """
    base = FieldOutlook(view) if whole_table(view) else Outlook(view)
    unseen = next_draws(view)
    me = view.me
    st = (
        _State.of(me.numbers, me.modifiers, me.second_chance, unseen)
        if me.status == ACTIVE
        else None
    )
    fixed = 0 if me.status == BUSTED else me.score
    keep = bonus = 0.0
    if st is not None and not freeze and view.seat in options:
        keep, bonus = _keeping(view, st, base)
    out = {}
    for s in options:
        if s == view.seat:
            out[s] = base(fixed) if st is None or freeze else keep
            continue
        t = next(r[3] for r in base.rivals if r[0] == s)
        hand = view.hand(s)
        dist = ((hand.score, 1.0),) if freeze else after_flip_three(hand, unseen, t)
        u = base.changed(s, dist)
        if st is None:
            out[s] = u(fixed)
            continue
        value = max(u(st.stay()), hit_value(st, u)) + bonus
        if not freeze and len(view.players) == 2 and _freezes_me_first(view, s):
            q = _staged_freeze(hand, unseen)  # its Freeze comes to this seat
            value = (1.0 - q) * value + q * u(st.stay())
        out[s] = value
    return out


def best_target(view: SeatView, options: tuple[int, ...], freeze: bool) -> int:
    """The seat whose Freeze / Flip Three raises this seat's chance to win the most
    (:func:`target_values`; the first in seat order on a tie)."""
    values = target_values(view, options, freeze)
    best, best_value = view.seat, float("-inf")
    for s in options:
        if values[s] > best_value + 1e-12:
            best, best_value = s, values[s]
    return best


def _freezes_me_first(view: SeatView, seat: int) -> bool:
    """Whether ``seat`` would aim a Freeze at this seat: the active player with the
    highest hand score (the baseline's rule, docs/bots.md)."""
    mine = view.me.score
    return all(
        view.hand(s).score <= mine
        for s in range(len(view.players))
        if s not in (seat, view.seat) and view.hand(s).status == ACTIVE
    )


def _staged_freeze(hand: HandView, unseen: Mapping[str, int]) -> float:
    """Chance that a Flip Three's three cards hold a Freeze and do not bust ``hand``."""
    size = sum(max(0, c) for c in unseen.values())
    fz = max(0, unseen.get(FREEZE, 0))
    if not size:
        return 0.0
    none = 1.0
    for k in range(min(3, size)):
        none *= max(0.0, 1.0 - fz / (size - k))
    return (1.0 - none) * survive_three(hand.numbers, hand.second_chance, unseen)
