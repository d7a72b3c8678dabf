"""Probabilities for bots and hints (pure Python, no pygame, no engine import).

Everything takes plain data: a hand is ``numbers`` (distinct number names held,
e.g. ``("3", "7")``), ``modifiers`` (e.g. ``("+4", "x2")``) and
``second_chance`` (bool); ``unseen`` maps card names to the copies the player
cannot see anywhere — the draw pile as far as they can know (R2.4: the full
composition minus every card seen since the last reshuffle).

Action cards are valued as if the player were alone in the round (R5.1: then
they must target themselves): a Freeze stops them with what they have (R5.2), a
Flip Three forces three more cards (R5.4), a Second Chance is kept (R5.3). With
opponents the receiver may aim Freeze and Flip Three elsewhere; the figures then
describe keeping them for oneself.

Fast functions (``bust_probability``, ``hit_gain``, ``solo_hit_value``,
``should_hit``) take well under a millisecond; the exact solver lives in
:mod:`game.bots.solo` and is re-exported here as ``solo_policy_value``. What is
approximate in the fast ones: a Flip Three's three cards (numbers exact,
other cards as blanks, see :meth:`_State._flip_three_value`), and the
lookahead depth of ``solo_hit_value``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from game.bots.solo import SoloSolver, solo_policy_value, solo_values_exact
from game.cards import (
    FLIP7_BONUS,
    FLIP7_SIZE,
    FLIP_THREE,
    FREEZE,
    MODIFIERS,
    NUMBERS,
    SECOND_CHANCE,
    composition,
    hand_score,
    modifier_bonus,
)

__all__ = [
    "bust_probability",
    "flip_three_value",
    "hand_value",
    "hit_gain",
    "should_hit",
    "solo_hit_value",
    "solo_policy_value",
    "solo_values_exact",
    "unseen_from_seen",
]


def unseen_from_seen(seen_counts: Mapping[str, int], decks: int = 1) -> dict[str, int]:
    """The composition of ``decks`` full decks (R1) minus what was seen, never below 0.

    >>> unseen_from_seen({"12": 3, "x2": 5})["12"], unseen_from_seen({"x2": 5})["x2"]
    (9, 0)
    """
    full = composition(decks)
    return {card: max(0, n - int(seen_counts.get(card, 0))) for card, n in full.items()}


def hand_value(numbers: Sequence[str], modifiers: Sequence[str]) -> int:
    """Round score of an unbusted hand (R7), with the +15 once it holds 7 numbers (R4.4)."""
    return hand_score(tuple(numbers), tuple(modifiers), len(set(numbers)) >= FLIP7_SIZE)


def bust_probability(
    numbers: Sequence[str], second_chance: bool, unseen: Mapping[str, int]
) -> float:
    """Chance that the next card busts the hand: a number already held (R4.2).

    A held Second Chance saves from one duplicate (R5.3), so it is 0 then.
    Freeze and Flip Three are not busts themselves (R5.2, R5.4).

    >>> bust_probability(("3", "7"), False, {"3": 2, "7": 1, "5": 1})
    0.75
    """
    total = sum(unseen.values())
    if second_chance or not total:
        return 0.0
    return sum(unseen.get(n, 0) for n in set(numbers)) / total


def hit_gain(
    numbers: Sequence[str],
    modifiers: Sequence[str],
    second_chance: bool,
    unseen: Mapping[str, int],
    exact_flip_three: bool = False,
) -> float:
    """Expected change of the round score (R7) from taking exactly one card, then staying.

    A new number adds its value (doubled by ``x2``, R7.2) and +15 on the 7th
    (R4.4); a duplicate loses the whole hand (R4.2) unless a Second Chance
    absorbs it (R5.3, change 0); a modifier adds its bonus (R7.2, R7.3); a
    Second Chance or a Freeze changes nothing now (R5.3, R5.2 on oneself).
    A Flip Three forces three more cards on oneself (R5.4): with
    ``exact_flip_three`` they are followed card by card, staged Freeze and
    Flip Three included (R5.4.2–R5.5) — exact, but up to seconds early in a
    round —, else a fast form follows the numbers exactly and treats the other
    cards as blanks (see :meth:`_State._flip_three_value`; typically within
    0.05 points of exact).
    """
    if exact_flip_three:
        stay, hit = SoloSolver(unseen, numbers, modifiers, second_chance).values(hits=1)
        return hit - stay
    state = _State.of(numbers, modifiers, second_chance, unseen)
    return state.hit1() - state.stay()


def flip_three_value(
    numbers: Sequence[str], modifiers: Sequence[str], second_chance: bool, unseen: Mapping[str, int]
) -> float:
    """Expected round score after three forced cards from ``unseen``, then staying (R5.4).

    For choosing a Flip Three's target: the card is already out of the pile.
    The fast form of :meth:`_State._flip_three_value` (numbers exact, other
    cards blanks).
    """
    return _State.of(numbers, modifiers, second_chance, unseen)._flip_three_value(in_pile=False)


def solo_hit_value(
    numbers: Sequence[str],
    modifiers: Sequence[str],
    second_chance: bool,
    unseen: Mapping[str, int],
    depth_limit: int | None = 2,
) -> tuple[float, float]:
    """``(value_if_stay, value_if_hit)`` for a player alone in the round.

    ``value_if_hit`` is the expected final score of hitting now and then
    choosing hit/stay well (solo rules of :mod:`game.bots.solo`).
    ``depth_limit=None`` is exact (:class:`game.bots.solo.SoloSolver`: instant late
    in a round, seconds to minutes early on). A number ``d`` is a fast
    expectimax: up to ``d`` free hits are looked at, after which the player is
    assumed to stay (so it undervalues long runs), and a Flip Three is valued by
    :meth:`_State._flip_three_value`. With ``d=2`` (default) a decision takes
    about 0.4 ms (median) and costs 0.007 points per fresh-deck solo round
    against optimal play (20.291 against 20.298, ``tools/bench_analysis.py``).
    """
    if depth_limit is None:
        return solo_values_exact(numbers, modifiers, second_chance, unseen)
    state = _State.of(numbers, modifiers, second_chance, unseen)
    return state.stay(), state.hit(max(1, depth_limit))


def should_hit(
    numbers: Sequence[str],
    modifiers: Sequence[str],
    second_chance: bool,
    unseen: Mapping[str, int],
    depth_limit: int | None = 2,
) -> bool:
    """Whether a solo player should hit (fast rule of :func:`solo_hit_value`).

    A hand with no card at all must hit (R3.3).
    """
    if not numbers and not modifiers and not second_chance:
        return True
    stay, hit = solo_hit_value(numbers, modifiers, second_chance, unseen, depth_limit)
    return hit > stay


class _State:
    """A solo hand and its pile, as plain numbers, for the fast lookahead."""

    __slots__ = (
        "held",
        "total",
        "mul",
        "plus",
        "sch",
        "dups",
        "counts",
        "mods",
        "sc",
        "f3",
        "fz",
        "size",
        "_f3_value",
    )

    def __init__(
        self,
        held: int,
        total: int,
        mul: int,
        plus: int,
        sch: bool,
        dups: int,
        counts: list[int],
        mods: tuple[tuple[str, int], ...],
        sc: int,
        f3: int,
        fz: int,
        size: int,
    ) -> None:
        self.held, self.total, self.mul, self.plus = held, total, mul, plus
        self.sch, self.dups, self.counts, self.mods = sch, dups, counts, mods
        self.sc, self.f3, self.fz, self.size = sc, f3, fz, size
        self._f3_value: float | None = None  # _flip_three_value(), once asked

    @classmethod
    def of(
        cls,
        numbers: Sequence[str],
        modifiers: Sequence[str],
        second_chance: bool,
        unseen: Mapping[str, int],
    ) -> _State:
        held = 0
        for n in numbers:
            held |= 1 << int(n)
        counts = [0 if held >> v & 1 else max(0, unseen.get(NUMBERS[v], 0)) for v in range(13)]
        dups = sum(max(0, unseen.get(NUMBERS[v], 0)) for v in range(13) if held >> v & 1)
        mods = tuple((m, unseen[m]) for m in MODIFIERS if unseen.get(m, 0) > 0)
        sc, f3, fz = (max(0, unseen.get(a, 0)) for a in (SECOND_CHANCE, FLIP_THREE, FREEZE))
        size = sum(counts) + dups + sum(c for _, c in mods) + sc + f3 + fz
        return cls(
            held,
            sum(v for v in range(13) if held >> v & 1),
            2 if "x2" in modifiers else 1,
            sum(modifier_bonus(m) for m in modifiers),
            bool(second_chance),
            dups,
            counts,
            mods,
            sc,
            f3,
            fz,
            size,
        )

    def stay(self) -> int:
        return self.mul * self.total + self.plus

    def distinct(self) -> int:
        return self.held.bit_count()

    # Successor states (a new object each; the fast search is shallow).
    def _with(self, **changes: object) -> _State:
        """This hand one card later (``size`` one less), with ``changes`` to its fields."""
        new = _State(
            self.held,
            self.total,
            self.mul,
            self.plus,
            self.sch,
            self.dups,
            self.counts,
            self.mods,
            self.sc,
            self.f3,
            self.fz,
            self.size - 1,
        )
        for name, value in changes.items():
            setattr(new, name, value)
        return new

    def children(self) -> list[tuple[int, _State | float]]:
        """``(copies, next state or final score)`` for every kind of next card.

        Freeze ends with the current score (R5.2); Flip Three is valued by
        :meth:`_flip_three_value` as a final score.
        """
        out: list[tuple[int, _State | float]] = []
        held, total, mul, plus = self.held, self.total, self.mul, self.plus
        flip7 = held.bit_count() + 1 >= FLIP7_SIZE
        for v, c in enumerate(self.counts):
            if c:
                if flip7:  # R4.4
                    out.append((c, float(mul * (total + v) + plus + FLIP7_BONUS)))
                else:
                    counts = self.counts.copy()
                    counts[v] = 0
                    nxt = self._with()  # then the number taken (no keywords: the hot path)
                    nxt.held, nxt.total, nxt.counts, nxt.dups = (
                        held | 1 << v,
                        total + v,
                        counts,
                        self.dups + c - 1,
                    )
                    out.append((c, nxt))
        if self.dups:
            out.append(
                (self.dups, self._with(sch=False, dups=self.dups - 1) if self.sch else 0.0)
            )  # R5.3 / R4.2
        for i, (m, c) in enumerate(self.mods):
            mods = self.mods[:i] + (((m, c - 1),) if c > 1 else ()) + self.mods[i + 1 :]
            if m == "x2":
                out.append((c, self._with(mods=mods, mul=2)))
            else:
                out.append((c, self._with(mods=mods, plus=self.plus + _BONUS[m])))
        if self.sc:
            out.append((self.sc, self._with(sc=self.sc - 1, sch=True)))
        if self.fz:
            out.append((self.fz, float(self.stay())))
        if self.f3:
            out.append((self.f3, self._flip_three_value()))
        return out

    def hit1(self) -> float:
        """One card, then stay, in O(13): the leaf of the lookahead."""
        if not self.size:
            return float(self.stay())
        stay = self.stay()
        new = sum(self.counts)
        weighted = sum(v * c for v, c in enumerate(self.counts))
        acc: float = new * stay + self.mul * weighted
        if self.distinct() + 1 >= FLIP7_SIZE:
            acc += FLIP7_BONUS * new
        if self.sch:
            acc += self.dups * stay
        for m, c in self.mods:
            acc += c * (stay + (self.total if m == "x2" and self.mul == 1 else modifier_bonus(m)))
        acc += (self.sc + self.fz) * stay + self.f3 * self._flip_three_value()
        return acc / self.size

    def hit(self, depth: int) -> float:
        """Expected score of hitting now, then up to ``depth - 1`` more well-chosen hits."""
        if depth <= 1 or not self.size:
            return self.hit1()
        acc = 0.0
        for copies, nxt in self.children():
            if isinstance(nxt, _State):
                stay = nxt.stay()
                hit = nxt.hit(depth - 1)
                acc += copies * (hit if hit > stay else stay)
            else:
                acc += copies * nxt
        return acc / self.size

    def _flip_three_value(self, in_pile: bool = True) -> float:
        """Value of three forced cards on oneself, then stay (R5.4, approximated).

        Numbers are followed exactly: the hand survives when they are new and
        distinct (a held Second Chance makes duplicates harmless), and a Flip 7
        ends the draw at once (R4.4). Every other card is a *blank*: a
        modifier still adds its bonus (an ``x2`` its doubling), but a Second
        Chance drawn inside gives no protection and a Freeze or Flip Three
        inside is ignored (R5.4.2 staging is not followed).
        """
        if in_pile:
            got = self._f3_value
            if got is None:
                got = self._f3_value = self._forced_three(self.size - 1)
            return got
        return self._forced_three(self.size)

    def _forced_three(self, size: int) -> float:
        """:meth:`_flip_three_value` over ``size`` cards."""
        if size <= 0:
            return float(self.stay())
        draws = min(3, size)
        counts, dups, mods, mul = self.counts, self.dups, self.mods, self.mul
        others = size - sum(counts) - dups  # non-number cards
        bonus = x2s = 0  # the modifiers' points, and how many x2 (one pass over them)
        for card, c in mods:
            bonus += c * _BONUS[card]
            if card == "x2":
                x2s += c
        distinct = self.held.bit_count()
        if distinct + draws > FLIP7_SIZE:  # a Flip 7 may stop the draw early
            return self._forced_walk(draws, others, bonus / others if others else 0.0, size)
        blanks = others + (dups if self.sch else 0)
        doublers = x2s if mul == 1 else 0
        # Ordered draws: e[m] sums, over m distinct new values, the product of
        # their copies; f[m] weights each term by the values' sum. (Unrolled over
        # m = 3, 2, 1, each step reading the previous values; e[0] = 1, f[0] = 0.)
        e1 = e2 = e3 = f1 = f2 = f3 = 0.0
        for v, c in enumerate(counts):
            if c:
                f3 += c * (f2 + v * e2)
                e3 += c * e2
                f2 += c * (f1 + v * e1)
                e2 += c * e1
                f1 += c * v
                e1 += c
        e = (1.0, e1, e2, e3)
        f = (0.0, f1, f2, f3)
        falls, falls_one = _falls(blanks), _falls(blanks - 1)
        held_total, plus = self.total, self.plus
        total = 0.0
        for m in range(draws + 1):
            k = draws - m
            chosen = falls[k]  # ordered picks of k blanks
            em = e[m]
            if not chosen or not em:
                continue
            with_one = k * falls_one[k - 1] if k else 0  # ... holding a given one
            numbers = held_total * em + f[m]
            flat = plus + (FLIP7_BONUS if distinct + m >= FLIP7_SIZE else 0)
            score = chosen * (mul * numbers + flat * em)
            score += with_one * (bonus * em + doublers * numbers)
            total += _ORDERS[draws][m] * score
        return total / _falls(size)[draws]

    def _forced_walk(self, draws: int, blanks: int, blank_bonus: float, size: int) -> float:
        """Forced draws followed card by card (numbers exact, blanks add their mean bonus)."""
        memo: dict[tuple[int, bool, int, int, int], float] = {}
        mul, base_plus = self.mul, self.plus
        numbered = [(v, c) for v, c in enumerate(self.counts) if c]

        def walk(
            held: int, total: int, sch: bool, dups: int, left: int, k: int, size: int, distinct: int
        ) -> float:
            plus = base_plus + (blanks - left) * blank_bonus
            if not k or not size:
                return mul * total + plus
            key = (held, sch, dups, left, k)
            got = memo.get(key)
            if got is not None:
                return got
            acc = 0.0
            flip7 = distinct + 1 >= FLIP7_SIZE
            for v, c in numbered:
                if not held >> v & 1:
                    acc += c * (
                        mul * (total + v) + plus + FLIP7_BONUS
                        if flip7
                        else walk(
                            held | 1 << v,
                            total + v,
                            sch,
                            dups + c - 1,
                            left,
                            k - 1,
                            size - 1,
                            distinct + 1,
                        )
                    )
            if dups and sch:
                acc += dups * walk(held, total, False, dups - 1, left, k - 1, size - 1, distinct)
            if left:
                acc += left * walk(held, total, sch, dups, left - 1, k - 1, size - 1, distinct)
            memo[key] = got = acc / size
            return got

        return walk(
            self.held, self.total, self.sch, self.dups, blanks, draws, size, self.distinct()
        )


def _falling(n: int, k: int) -> int:
    """n (n-1) ... (n-k+1); 0 when fewer than k remain."""
    if k < 0 or n < k:
        return 0
    out = 1
    for i in range(k):
        out *= n - i
    return out


def _choose(n: int, k: int) -> int:
    return _falling(n, k) // _falling(k, k)


@cache
def _falls(n: int) -> tuple[int, int, int, int]:
    """``_falling(n, k)`` for k = 0 to 3."""
    return _falling(n, 0), _falling(n, 1), _falling(n, 2), _falling(n, 3)


# _ORDERS[draws][m]: the ways to place m distinct numbers, in order, among draws cards
_ORDERS = tuple(tuple(_choose(d, m) * _falling(m, m) for m in range(d + 1)) for d in range(4))
_BONUS = {m: modifier_bonus(m) for m in MODIFIERS}
