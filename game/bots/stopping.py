"""Optimal stopping of one's own hand when stopping at round score ``x`` is worth ``U(x)``.

The expert's hit or stay (:mod:`game.bots.expert`): ``U`` is its chance to win
the game, not the score. The hand is played as a solo hand
(:mod:`game.bots.solo`'s model, R4, R5): every card of the pile it cannot see
may come next; a new number joins the line, a duplicate busts (``U(0)``)
unless a Second Chance saves it (R5.3), seven numbers end the round with +15
(R4.4), a modifier adds its bonus (R7), a Freeze stops the hand (R5.2), a
Flip Three forces three more cards, a Freeze or Flip Three met inside it is
staged and resolved afterwards (R5.4, R5.5). After every free card it hits
or stays, whichever is worth more.

The search is memoised on what was drawn (the numbers held, the modifiers
and action cards left, the Second Chance, the forced draws pending), so a
hand reached in another order is valued once. Branches less likely than
``prune`` are valued as "one more card, then stay", and a search that would
expand more than ``budget`` states gives up (:class:`TooBig`), so that the
caller can fall back to a shallower search.
"""

from __future__ import annotations

from collections.abc import Callable

from game.bots.analysis import _State
from game.cards import FLIP7_BONUS, FLIP7_SIZE, modifier_bonus

PRUNE = 0.003  # branches reached with a smaller chance are valued one card deep
BUDGET = 3000  # states expanded at most before giving up

_Key = tuple[int, tuple[int, ...], bool, int, int, int, int, int, bool]


class TooBig(Exception):
    """The search would expand more than its budget of states."""


class Stopping:
    """``hit()``: the worth of hitting now and then playing on optimally (module doc)."""

    def __init__(
        self,
        st: _State,
        u: Callable[[float], float],
        prune: float = PRUNE,
        budget: int = BUDGET,
    ) -> None:
        self.root = st
        self.u = u
        self.prune, self.budget = prune, budget
        self.counts = st.counts  # copies of each number not held at the start
        self.names = tuple(m for m, _ in st.mods)
        self.bonus = tuple(modifier_bonus(m) for m in self.names)
        self.memo: dict[_Key, float] = {}
        self.leaves: dict[_Key, float] = {}
        self.nodes = 0
        self.bust = u(0)

    def hit(self) -> float:
        """Expectation of ``U`` when hitting now, then hitting or staying optimally."""
        st = self.root
        if not st.size:
            return self.u(st.stay())
        mods = tuple(c for _, c in st.mods)
        return self._draw(
            (st.held, mods, st.sch, st.dups, st.sc, st.f3, st.fz, 0, False),
            st.total,
            st.mul,
            st.plus,
            st.size,
            1.0,
        )

    # -- the recursion -------------------------------------------------------------
    def _node(self, key: _Key, total: int, mul: int, plus: int, size: int, reach: float) -> float:
        """Worth of a state: forced draws are drawn, a free turn takes the better choice."""
        forced, frozen = key[7], key[8]
        stay = self.u(mul * total + plus)
        if not size or (not forced and frozen):
            return stay
        got = self.memo.get(key)
        if got is not None:
            return got
        if reach < self.prune:
            got = self.leaves.get(key)
            if got is None:
                got = self.leaves[key] = self._leaf(key, total, mul, plus, size, stay)
            return got if forced or got > stay else stay
        self.nodes += 1
        if self.nodes > self.budget:
            raise TooBig
        got = self._draw(key, total, mul, plus, size, reach)
        if not forced and stay > got:
            got = stay
        self.memo[key] = got
        return got

    def _leaf(self, key: _Key, total: int, mul: int, plus: int, size: int, stay: float) -> float:
        """One card, then stay (a Flip Three or Freeze drawn counts as staying)."""
        held, mods, sch, dups = key[0], key[1], key[2], key[3]
        u = self.u
        base = mul * total + plus
        if bin(held).count("1") + 1 >= FLIP7_SIZE:
            base += FLIP7_BONUS
        acc = 0.0
        rest = size
        for v, c in enumerate(self.counts):
            if c and not held >> v & 1:
                acc += c * u(base + mul * v)
                rest -= c
        if dups:
            acc += dups * (stay if sch else self.bust)
            rest -= dups
        for i, c in enumerate(mods):
            if c:
                more = self.bonus[i] if self.names[i] != "x2" else (total if mul == 1 else 0)
                acc += c * u(mul * total + plus + more)
                rest -= c
        acc += rest * stay  # Second Chance, Freeze, Flip Three
        return acc / size

    def _draw(self, key: _Key, total: int, mul: int, plus: int, size: int, reach: float) -> float:
        """Expectation over the next card of the pile (``size`` cards)."""
        held, mods, sch, dups, sc, f3, fz, forced, frozen = key
        node, u = self._node, self.u
        nxt = forced - 1 if forced else 0
        step = reach / size
        acc = 0.0
        flip7 = bin(held).count("1") + 1 >= FLIP7_SIZE
        for v, c in enumerate(self.counts):
            if c and not held >> v & 1:
                if flip7:  # R4.4: the round ends at once
                    acc += c * u(mul * (total + v) + plus + FLIP7_BONUS)
                else:
                    k = (held | 1 << v, mods, sch, dups + c - 1, sc, f3, fz, nxt, frozen)
                    acc += c * node(k, total + v, mul, plus, size - 1, step * c)
        if dups:  # R4.2, or saved by the Second Chance (R5.3)
            if sch:
                k = (held, mods, False, dups - 1, sc, f3, fz, nxt, frozen)
                acc += dups * node(k, total, mul, plus, size - 1, step * dups)
            else:
                acc += dups * self.bust
        for i, c in enumerate(mods):
            if c:
                left = mods[:i] + (c - 1,) + mods[i + 1 :]
                k = (held, left, sch, dups, sc, f3, fz, nxt, frozen)
                if self.names[i] == "x2":
                    acc += c * node(k, total, 2, plus, size - 1, step * c)
                else:
                    acc += c * node(k, total, mul, plus + self.bonus[i], size - 1, step * c)
        if sc:  # kept (a second one would go to an opponent: the hand is the same)
            k = (held, mods, True, dups, sc - 1, f3, fz, nxt, frozen)
            acc += sc * node(k, total, mul, plus, size - 1, step * sc)
        acc += self._actions(key, total, mul, plus, size, step)
        return acc / size

    def _actions(self, key: _Key, total: int, mul: int, plus: int, size: int, step: float) -> float:
        """The Flip Three and Freeze cards among the next draws (summed over copies)."""
        held, mods, sch, dups, sc, f3, fz, forced, frozen = key
        nxt = forced - 1 if forced else 0
        node = self._node
        acc = 0.0
        if frozen:  # behind a staged Freeze, actions only use up a draw (R5.5)
            if f3:
                k = (held, mods, sch, dups, sc, f3 - 1, fz, nxt, True)
                acc += f3 * node(k, total, mul, plus, size - 1, step * f3)
            if fz:
                k = (held, mods, sch, dups, sc, f3, fz - 1, nxt, True)
                acc += fz * node(k, total, mul, plus, size - 1, step * fz)
            return acc
        if f3:  # three (more) forced cards (R5.4, R5.4.4)
            k = (held, mods, sch, dups, sc, f3 - 1, fz, nxt + 3, False)
            acc += f3 * node(k, total, mul, plus, size - 1, step * f3)
        if fz:
            if forced:  # staged: the hand stops once the forced cards are drawn (R5.4.2)
                k = (held, mods, sch, dups, sc, f3, fz - 1, nxt, True)
                acc += fz * node(k, total, mul, plus, size - 1, step * fz)
            else:  # R5.2
                acc += fz * self.u(mul * total + plus)
        return acc
