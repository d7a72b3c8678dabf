"""Exact optimal play for a player alone in a round (pure Python, no engine import).

A *solo* round is one player against the draw pile: every Freeze and Flip Three
they receive must target themselves (R5.1). The player stops to maximise the
expected round score (R7). The model, clause by clause:

- hit or stay after every card (R3.2); a hand with no card cannot stay (R3.3) —
  never binding here, since hitting an untouched pile is worth at least 0;
- a new number joins the line (R4.1); a duplicate busts (score 0, R4.2) unless
  a Second Chance is held, in which case the duplicate and the Second Chance are
  discarded and play goes on (R5.3); 7 different numbers end the round with +15
  (R4.4);
- a Second Chance is kept; a second one, with nobody to give it to, is
  discarded (R5.3);
- Freeze: the player stops with what they have (R5.2);
- Flip Three: the next three cards are forced (R5.4). A Freeze or Flip Three met
  during it is staged and resolved in order afterwards (R5.4.2, R5.4.4, R5.5):
  a staged Flip Three forces three more cards, a staged Freeze stops the
  player, and anything staged behind a Freeze never resolves (the player is no
  longer active, R5.5). A bust or a Flip 7 ends it early and staged cards are
  discarded (R5.4.3, default ``"discard"``);
- the pile is what the player cannot see (``unseen``); if it runs out the round
  ends as if the player stayed (R2.5; the reshuffle of R2.4 is not modelled).

The state is kept small without losing exactness:

- the order of drawn cards never matters, only what was drawn;
- a held number can only come back as a duplicate, so the copies of all held
  numbers left in the pile are one count ``dups`` (which value a saved
  duplicate had is irrelevant);
- pending Flip Three cards collapse into one count of forced draws, and once a
  Freeze is pending every later Freeze or Flip Three is a blank that only uses
  up a forced draw;
- the modifiers drawn so far are the last axis: every memo entry holds the
  values for *all* combinations of modifiers drawn, as one list, so the
  Python-level work per state is shared by up to 64 of them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from game.cards import (
    FLIP7_BONUS,
    FLIP7_SIZE,
    FLIP_THREE,
    FREEZE,
    MODIFIERS,
    SECOND_CHANCE,
    modifier_bonus,
)


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


#: Sum of the numbers in each 13-bit set of numbers (the sets without bit ``v``, then
#: the same sets with it: a list built in a fraction of a millisecond at import).
_SUMS = [0]
for _v in range(13):
    _SUMS += [s + _v for s in _SUMS]


class SoloSolver:
    """Memoised expectimax for one solo hand and the pile it draws from.

    ``unseen`` maps card names to the copies still in the draw pile; the hand
    is ``numbers`` (distinct number names), ``modifiers`` and ``second_chance``.
    Values are expected final round scores (R7) under optimal hit/stay choices.
    """

    def __init__(
        self,
        unseen: Mapping[str, int],
        numbers: Sequence[str] = (),
        modifiers: Sequence[str] = (),
        second_chance: bool = False,
        freeze_last: bool = False,
    ) -> None:
        #: ``freeze_last``: the published model's reading (Eppie/flip-seven), where
        #: every Flip Three met stacks three more forced cards and a staged Freeze
        #: waits until all of them are drawn. Not this project's rules (R5.5).
        self.stack = freeze_last
        self.counts = [max(0, int(unseen.get(str(v), 0))) for v in range(13)]
        self.held = 0
        for n in numbers:
            self.held |= 1 << int(n)
        self.held_sum = sum(v for v in range(13) if self.held >> v & 1)
        self.second_chance = bool(second_chance)
        self.actions = tuple(
            max(0, int(unseen.get(a, 0))) for a in (SECOND_CHANCE, FLIP_THREE, FREEZE)
        )
        self._build_modifier_axis(unseen, modifiers)
        self.memo: dict[tuple[int, ...], list[float]] = {}
        self._inv: dict[int, list[float]] = {}
        # Per set of held numbers: their sum, and the copies of other numbers left.
        self.sums = _SUMS
        self.fresh = [0] * 8192
        self.fresh[0] = sum(self.counts)
        for m in range(1, 8192):
            self.fresh[m] = self.fresh[m & (m - 1)] - self.counts[(m & -m).bit_length() - 1]

    # -- the modifier axis -------------------------------------------------
    def _build_modifier_axis(self, unseen: Mapping[str, int], held: Sequence[str]) -> None:
        types = [(m, int(unseen.get(m, 0))) for m in MODIFIERS if unseen.get(m, 0)]
        strides, size = [], 1
        for _, count in types:
            strides.append(size)
            size *= count + 1
        self.size = size
        self.axis = [
            (name, count, stride) for (name, count), stride in zip(types, strides, strict=True)
        ]
        base_plus = sum(modifier_bonus(m) for m in held)
        base_x2 = "x2" in held
        self.mul, self.plus, left = [], [], []
        self.steps: list[list[tuple[int, int]]] = []
        self.gathers: list[tuple[list[int], list[int]]] = [([], []) for _ in types]
        for idx in range(size):
            plus, x2, remaining, steps = base_plus, base_x2, 0, []
            for t, ((name, count), stride) in enumerate(zip(types, strides, strict=True)):
                drawn = idx // stride % (count + 1)
                plus += drawn * modifier_bonus(name)
                x2 = x2 or (name == "x2" and drawn > 0)
                if drawn < count:
                    remaining += count - drawn
                    steps.append((idx + stride, count - drawn))
                    self.gathers[t][0].append(idx + stride)
                    self.gathers[t][1].append(count - drawn)
                else:
                    self.gathers[t][0].append(idx)
                    self.gathers[t][1].append(0)
            self.mul.append(2 if x2 else 1)  # R7.2
            self.plus.append(plus)  # R7.3
            left.append(remaining)
            self.steps.append(steps)
        self.mods_left = left

    def _inverse_sizes(self, rest: int) -> list[float]:
        """1 / pile size for every modifier combination (0 for an empty pile)."""
        inv = self._inv.get(rest)
        if inv is None:
            inv = [1.0 / (rest + m) if rest + m else 0.0 for m in self.mods_left]
            self._inv[rest] = inv
        return inv

    def _stay(self, total: int, bonus: int = 0) -> list[float]:
        return [total * m + p + bonus for m, p in zip(self.mul, self.plus, strict=True)]

    # -- public ------------------------------------------------------------
    def values(self, hits: int = -1) -> tuple[float, float]:
        """``(value_if_stay, value_if_hit)`` for the hand the solver was built with.

        ``value_if_hit`` is one card now, then optimal play. With ``hits >= 1``
        the player may hit at most ``hits`` times in all (forced Flip Three
        cards are free), then must stay: ``hits=1`` is "one card, then stay".
        """
        stay = self._stay(self.held_sum)[0]
        return stay, self._hit(*self._root_key(), hits)[0]

    def values_at(
        self, numbers: Sequence[str], second_chance: bool, unseen: Mapping[str, int]
    ) -> tuple[float, float]:
        """``(value_if_stay, value_if_hit)`` at a free turn later in the same round.

        The state must grow out of the solver's own: ``numbers`` include the
        starting ones and ``unseen`` is the starting pile minus what was drawn
        since (which modifiers were drawn is read from it). Memo entries are
        shared, so after :meth:`optimum` this costs one step of the recursion.
        """
        nm = 0
        for n in numbers:
            nm |= 1 << int(n)
        idx = sum((count - unseen.get(name, 0)) * stride for name, count, stride in self.axis)
        dups = sum(unseen.get(str(v), 0) for v in range(13) if nm >> v & 1)
        key = (
            nm,
            int(second_chance),
            dups,
            unseen.get(SECOND_CHANCE, 0),
            unseen.get(FLIP_THREE, 0),
            unseen.get(FREEZE, 0),
            0,
            0,
        )
        stay = self.sums[nm] * self.mul[idx] + self.plus[idx]
        return stay, self._hit(*key, -1)[idx]

    def optimum(self) -> float:
        """Expected final score with optimal play from the solver's hand."""
        stay, hit = self.values()
        has_card = self.held or self.mul[0] != 1 or self.plus[0] or self.second_chance
        return hit if not has_card else max(stay, hit)  # R3.3: no card -> must hit

    def _root_key(self) -> tuple[int, int, int, int, int, int, int, int]:
        held_dups = sum(self.counts[v] for v in range(13) if self.held >> v & 1)
        sc, f3, fz = self.actions
        return (self.held, int(self.second_chance), held_dups, sc, f3, fz, 0, 0)

    # -- recursion ---------------------------------------------------------
    def _value(
        self,
        nm: int,
        sch: int,
        dups: int,
        sc: int,
        f3: int,
        fz: int,
        forced: int,
        frozen: int,
        hits: int,
    ) -> list[float]:
        """Values of a state for every modifier combination (``hits < 0``: no limit)."""
        if not forced and (frozen or not hits):  # pending Freeze (R5.2, R5.5) or no hit left
            return self._stay(self.sums[nm])
        key = (nm, sch, dups, sc, f3, fz, forced, frozen, hits)
        got = self.memo.get(key)
        if got is None:
            got = self._hit(nm, sch, dups, sc, f3, fz, forced, frozen, hits)
            if not forced:
                stay = self._stay(self.sums[nm])
                got = [h if h > s else s for h, s in zip(got, stay, strict=True)]
            self.memo[key] = got
        return got

    def _action_draws(
        self,
        add: Callable[[int, list[float]], None],
        nm: int,
        sch: int,
        dups: int,
        sc: int,
        f3: int,
        fz: int,
        forced: int,
        frozen: int,
        left: int,
        total: int,
    ) -> None:
        """The Flip Three and Freeze cards among the next draws (:meth:`_hit`)."""
        value = self._value
        nxt = forced - 1 if forced else 0
        if frozen and not self.stack:  # behind a pending Freeze, actions are blanks (R5.5)
            if f3:
                add(f3, value(nm, sch, dups, sc, f3 - 1, fz, nxt, frozen, left))
            return
        if f3:  # R5.4 / R5.4.4: three (more) forced cards
            add(f3, value(nm, sch, dups, sc, f3 - 1, fz, nxt + 3, frozen, left))
        if fz:
            if self.stack and forced:
                add(fz, value(nm, sch, dups, sc, f3, fz - 1, nxt, 1, left))
            elif forced:  # staged behind the Flip Threes already pending (R5.4.2)
                add(fz, value(nm, sch, dups, sc, f3 + fz - 1, 0, nxt, 1, left))
            else:  # R5.2
                add(fz, self._stay(total))

    def _free_hit(self, acc: list[float], inv: list[float], total: int) -> list[float]:
        """Free hit, no limit: a modifier keeps the same memo entry, so walk the axis
        from "all modifiers drawn" back to "none drawn"."""
        stay = self._stay(total)
        out = [0.0] * self.size
        best = [0.0] * self.size
        steps = self.steps
        for idx in range(self.size - 1, -1, -1):
            h = acc[idx]
            for j, c in steps[idx]:
                h += c * best[j]
            h *= inv[idx]
            out[idx] = h
            best[idx] = h if h > stay[idx] else stay[idx]
        return out

    def _hit(
        self,
        nm: int,
        sch: int,
        dups: int,
        sc: int,
        f3: int,
        fz: int,
        forced: int,
        frozen: int,
        hits: int,
    ) -> list[float]:
        """Expected value of drawing the next card (free hit or forced draw)."""
        counts, total = self.counts, self.sums[nm]
        nxt = forced - 1 if forced else 0
        left = hits if forced or hits < 0 else hits - 1
        rest = dups + sc + f3 + fz + self.fresh[nm]
        inv = self._inverse_sizes(rest)
        acc = [0.0] * self.size
        distinct = _popcount(nm)
        value = self._value

        def add(weight: int, vec: list[float]) -> None:
            nonlocal acc
            acc = [a + weight * x for a, x in zip(acc, vec, strict=True)]

        for v in range(13):
            c = counts[v]
            if c and not nm >> v & 1:
                if distinct + 1 >= FLIP7_SIZE:  # R4.4
                    add(c, self._stay(total + v, FLIP7_BONUS))
                else:
                    add(c, value(nm | 1 << v, sch, dups + c - 1, sc, f3, fz, nxt, frozen, left))
        if dups and sch:  # R5.3: saved; the duplicate leaves the pile too
            add(dups, value(nm, 0, dups - 1, sc, f3, fz, nxt, frozen, left))
        if sc:  # kept, or discarded when one is already held (R5.3)
            add(sc, value(nm, 1, dups, sc - 1, f3, fz, nxt, frozen, left))
        self._action_draws(add, nm, sch, dups, sc, f3, fz, forced, frozen, left, total)
        if self.size == 1:
            return [acc[0] * inv[0] if inv[0] else self._stay(total)[0]]
        if forced or hits >= 0:
            after = value(nm, sch, dups, sc, f3, fz, nxt, frozen, left)
            for targets, weights in self.gathers:
                acc = [a + w * after[j] for a, w, j in zip(acc, weights, targets, strict=True)]
            out = [a * i for a, i in zip(acc, inv, strict=True)]
        else:
            out = self._free_hit(acc, inv, total)
        if 0.0 in inv:  # empty pile: the round ends as if the player stayed (R2.5)
            stay = self._stay(total)
            out = [o if i else s for o, i, s in zip(out, inv, stay, strict=True)]
        return out


def solo_policy_value(
    numbers: Sequence[str], modifiers: Sequence[str], second_chance: bool, unseen: Mapping[str, int]
) -> float:
    """Exact expected final round score of a solo player playing optimally.

    Exponential in the pile's variety: instant for a hand deep in a round, a
    few minutes for a fresh 94-card pile (``tools/solo_optimum.py``).
    """
    return SoloSolver(unseen, numbers, modifiers, second_chance).optimum()


def solo_values_exact(
    numbers: Sequence[str], modifiers: Sequence[str], second_chance: bool, unseen: Mapping[str, int]
) -> tuple[float, float]:
    """Exact ``(value_if_stay, value_if_hit_then_optimal)`` for a solo hand."""
    return SoloSolver(unseen, numbers, modifiers, second_chance).values()
