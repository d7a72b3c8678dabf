"""Win probability for the expert: "who wins the race to the target" (docs/rules.md R8).

Three ingredients, all built from ``expert_tables.json``
(``python -m tools.make_expert_tables``: solo rounds played with the policy
"stay as soon as the hand scores T or more", for T from 10 to 60):

- :func:`round_dist` and :func:`cond_dist` — how a round ends (final round
  score, bust = 0) under stop-at-T, from the start of a round or from a hand
  now scoring ``s``;
- :class:`WinTable` — ``W(a, b)``: the chance that a player on ``a`` points
  beats one opponent on ``b`` points, at the start of a round, when the
  opponent always plays stop-at-``T_opp`` and the player picks the best
  stop-at-T for every round (a dynamic programme over both totals in steps of
  ``STEP`` points, read back by bilinear interpolation). R8 is followed: the
  game ends after a round in which someone reaches the target, the highest
  total wins, a tie at the top plays on (counted as one half). The seats'
  order and the dealer are ignored;
- :class:`Race` — the race of a whole table, every player on their own
  stop-at-T: for a total now, the chance to be the first past the target on
  each later round and total, and the chance to be below a given total by then
  (the expert's outlook from three seats on multiplies these over the opponents).

A table has at most :data:`MAX_CELLS` cells a side, so that it builds within a second
whatever the target (R9 allows up to 10,000): past ``MAX_CELLS * STEP`` points a cell
spans more points, and a round's scores are shared between the two cells around them
(the mean kept). Its rows (``W(a, ·)``, read at every decision) are lists while a row is
short, and computed where they are read when the target is large; few are kept, so
memory stays flat however long the game.

Everything here is pure Python. A table for target 200 takes a few hundredths
of a second to build, once per process and opponent model (:func:`win_table`
caches it; the expert builds the default ones at its first decision, or when a program
asks it to beforehand: :func:`game.bots.expert.warm`), and once for all processes:
every table built is kept on disk and read back by the next process
(:mod:`game.bots.tablecache`).
"""

from __future__ import annotations

import json
import threading
from bisect import bisect_left
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import zip_longest
from pathlib import Path
from typing import Any

from game.bots import tablecache

TABLES = Path(__file__).with_name("expert_tables.json")
STEP = 5  # points per cell of the win table
MAX_CELLS = 200  # cells a side at most: past STEP * MAX_CELLS points a cell spans more
LIST_ROWS = 2_000  # up to this target a row is a list; past it, computed where it is read
KEPT_FLOATS = 1_000_000  # the rows kept per table hold at most this many values
PRUNE = 0.002  # outcomes rarer than this are dropped (and the rest renormalised)

Dist = tuple[tuple[int, float], ...]  # (round score, probability), probabilities sum to 1


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(TABLES.read_text())
    return data


def thresholds() -> tuple[int, ...]:
    return tuple(_data()["thresholds"])


def nearest_threshold(t: float) -> int:
    ts = thresholds()
    return min(ts, key=lambda x: (abs(x - t), x))


def _normalise(counts: dict[int, float], prune: float = PRUNE) -> Dist:
    total = sum(counts.values())
    kept = {s: n for s, n in counts.items() if n / total >= prune} or counts
    total = sum(kept.values())
    return tuple((s, n / total) for s, n in sorted(kept.items()))


@cache
def round_dist(t: int) -> Dist:
    """Final round score from the start of a round under stop-at-``t``."""
    raw = _data()["round"][str(nearest_threshold(t))]
    return _normalise({int(s): n for s, n in raw.items()})


@cache
def _cond(t: int) -> tuple[tuple[int, ...], tuple[Dist, ...]]:
    raw = _data()["cond"][str(t)]
    keys = sorted(int(s) for s in raw)
    return tuple(keys), tuple(_normalise({int(f): n for f, n in raw[str(k)].items()}) for k in keys)


@lru_cache(maxsize=4096)
def cond_dist(t: int, score: int) -> Dist:
    """Final round score of a hand now scoring ``score`` that plays on with stop-at-``t``.

    A hand already at ``t`` or more stays: its score is certain.
    """
    t = nearest_threshold(t)
    if score >= t:
        return ((score, 1.0),)
    keys, dists = _cond(t)
    i = max(0, min(len(keys) - 1, bisect_left(keys, score + 1) - 1))
    return dists[i]


def step_for(target: int) -> int:
    """Points per cell of the table for ``target``: :data:`STEP`, or more past
    ``MAX_CELLS * STEP`` points.

    >>> step_for(200), step_for(1000), step_for(10_000)
    (5, 5, 50)
    """
    return max(STEP, -(-target // MAX_CELLS))


def _binned(dist: Dist, step: int) -> list[float]:
    """Probabilities by cell of ``step`` points: the nearest cell at :data:`STEP` (the
    tables the expert was tuned with), else shared between the two cells around a score
    in proportion to its distance to each (the mean kept: a wide cell would otherwise
    round a round's whole score to 0 or to a cell's width)."""
    out = [0.0] * (max(s for s, _ in dist) // step + 2)
    for s, p in dist:
        if step == STEP:
            out[int(s / step + 0.5)] += p
        else:
            cell, rest = divmod(s, step)
            out[cell] += p * (step - rest) / step
            out[cell + 1] += p * rest / step
    while len(out) > 1 and not out[-1]:
        out.pop()
    return out


class WinTable:
    """``W(a, b)`` at the start of a round, heads-up (see the module doc).

    ``mine``: the stop-at-T policies the player may pick from each round;
    ``opponent``: the opponent's fixed T.
    """

    def __init__(
        self, target: int, opponent: int = 25, mine: tuple[int, ...] | None = None, step: int = STEP
    ) -> None:
        self.target, self.step = target, step
        n = self.n = -(-target // step)
        q = _binned(round_dist(opponent), step)
        policies = [_binned(round_dist(t), step) for t in (mine or thresholds())]

        def end(i: int, j: int) -> float:  # somebody reached the target (R8.1)
            return 1.0 if i > j else 0.5 if i == j else 0.0  # a tie plays on (R8.2)

        w = [[0.0] * n for _ in range(n)]
        g: dict[int, list[float]] = {}  # g[i][j]: sum over the opponent's round of W(i, j + y)

        def g_row(i: int) -> list[float]:
            row = g.get(i)
            if row is None:
                wi = w[i] if i < n else None
                row = []
                for j in range(n):
                    acc = 0.0
                    for dy, p in enumerate(q):
                        jj = j + dy
                        acc += p * (wi[jj] if wi is not None and jj < n else end(i, jj))
                    row.append(acc)
                g[i] = row
            return row

        q0 = q[0]
        for i in range(n - 1, -1, -1):
            wi = w[i]
            # each policy's rounds where I score dx > 0, with the row g[i + dx] they reach
            # (rows above i are complete: fetched once for the whole row i)
            terms = [
                [(p, g_row(i + dx)) for dx, p in enumerate(pol) if dx and p] for pol in policies
            ]
            for j in range(n - 1, -1, -1):
                # the opponent scores, I do not: W(i, j + y), y > 0
                g0 = sum(
                    p * (wi[j + dy] if j + dy < n else end(i, j + dy))
                    for dy, p in enumerate(q)
                    if dy
                )
                best = 0.0
                for pol, scored in zip(policies, terms, strict=True):
                    rest = pol[0] * g0
                    for p, row in scored:
                        rest += p * row[j]
                    value = rest / (1.0 - pol[0] * q0)  # both score 0: the same state again
                    if value > best:
                        best = value
                wi[j] = best
            g_row(i)
        self._ready(w)

    @classmethod
    def from_cells(cls, target: int, step: int, cells: list[list[float]]) -> WinTable:
        """The table whose cells were built before (:mod:`game.bots.tablecache`)."""
        table = cls.__new__(cls)
        table.target, table.step, table.n = target, step, len(cells)
        table._ready(cells)
        return table

    def _ready(self, cells: list[list[float]]) -> None:
        self.cells = cells
        self._between: list[tuple[int, float, float]] | None = None  # _columns
        self._rows: dict[int, Sequence[float] | _Row] = {}
        self._kept_rows = max(16, KEPT_FLOATS // max(1, self.target))

    def at(self, a: float, b: float) -> float:
        """W for totals below the target (bilinear between cells)."""
        n, step = self.n, self.step
        x, y = min(a / step, n - 1), min(b / step, n - 1)
        i, j = min(int(x), n - 2), min(int(y), n - 2)
        fx, fy = x - i, y - j
        c = self.cells
        return (1 - fx) * ((1 - fy) * c[i][j] + fy * c[i][j + 1]) + fx * (
            (1 - fy) * c[i + 1][j] + fy * c[i + 1][j + 1]
        )

    def row(self, a: int) -> Sequence[float] | _Row:
        """``W(a, b)`` for ``b`` in ``range(target)``: a list (a lazy row for a large
        target), a few of them kept."""
        r = self._rows.get(a)
        if r is None:
            if len(self._rows) >= self._kept_rows:
                self._rows.clear()
            if self.target <= LIST_ROWS:
                r = self._list_row(a)
            else:
                r = _Row(self, a)
            self._rows[a] = r
        return r

    def _list_row(self, a: int) -> list[float]:
        """:meth:`at` for every ``b`` below the target: the same sums, where each ``b``
        falls between the columns worked out once a table."""
        n, step = self.n, self.step
        x = min(a / step, n - 1)
        i = min(int(x), n - 2)
        fx = x - i
        gx, lo, hi = 1 - fx, self.cells[i], self.cells[i + 1]
        return [
            gx * (gy * lo[j] + fy * lo[j + 1]) + fx * (gy * hi[j] + fy * hi[j + 1])
            for j, fy, gy in self._columns()
        ]

    def _columns(self) -> list[tuple[int, float, float]]:
        """For each ``b`` below the target: its column ``j`` and its weights ``fy`` and
        ``1 - fy`` (as :meth:`at` finds them)."""
        if self._between is None:
            n, step = self.n, self.step
            out = []
            for b in range(self.target):
                y = min(b / step, n - 1)
                j = min(int(y), n - 2)
                out.append((j, y - j, 1 - (y - j)))
            self._between = out
        return self._between

    def after_round(self, a: int, b: int) -> float:
        """Chance to win once a round ends with totals ``a`` and ``b`` (R8)."""
        if a >= self.target or b >= self.target:
            return 1.0 if a > b else 0.5 if a == b else 0.0
        return self.row(a)[b]


class _Row(dict[int, float]):
    """``W(a, ·)`` of a large table: a value is computed the first time it is read
    (bilinear, as :meth:`WinTable.at`), then read back at the speed of a dict."""

    __slots__ = ("_column", "_step", "_n")

    def __init__(self, table: WinTable, a: int) -> None:
        super().__init__()
        n, step = table.n, table.step
        x = min(a / step, n - 1)
        i = min(int(x), n - 2)
        fx = x - i
        low, high = table.cells[i], table.cells[i + 1]
        self._column = [(1 - fx) * low[j] + fx * high[j] for j in range(n)]
        self._step, self._n = step, n

    def __missing__(self, b: int) -> float:
        y = min(b / self._step, self._n - 1)
        j = min(int(y), self._n - 2)
        fy = y - j
        value = self[b] = (1 - fy) * self._column[j] + fy * self._column[j + 1]
        return value


#: held while a table is built: a thread that needs a table another is building waits for
#: it instead of building it a second time beside it (the window builds them beside its loop)
BUILDING = threading.RLock()


def win_table(target: int, opponent: int = 25) -> WinTable:
    with BUILDING:
        return _win_table(target, nearest_threshold(opponent))


@lru_cache(maxsize=16)
def _win_table(target: int, opponent: int) -> WinTable:
    step = step_for(target)
    cells = tablecache.stored(
        f"win-{target}-{step}-{opponent}",
        -(-target // step),
        lambda: WinTable(target, opponent, step=step).cells,
    )
    return WinTable.from_cells(target, step, cells)


# -- the race of the whole table ------------------------------------------------
RACE_TARGET_MAX = 500  # past this target the race is not built (its horizon grows with it)
RACE_WIDTH = 10  # cells past the target the race tells apart
RACE_LEFT = 1e-3  # the horizon: rounds until a stop-at-15 player from 0 is this unlikely unfinished


class Race:
    """The race to the target of a whole table, each player on their own.

    Every player's future rounds are drawn independently, a stop-at-T player's
    from :func:`round_dist` (totals in cells of :data:`STEP` points, as in
    :class:`WinTable`). The game ends after the first round in which someone
    reaches the target (R8.1) and the highest total wins (R8.2, a tie counted
    as one half). So a seat wins in round ``r`` with a total ``v`` past the
    target when it was below the target until then and every other player was
    too, and ends round ``r`` below ``v``; the players being independent, the
    chance is a sum over ``(r, v)`` of products:

    - :meth:`finish` — for a player now on a total below the target: the chance,
      for every later round ``r`` and every cell ``v`` past the target, that it
      was below the target until round ``r`` and ends round ``r`` on ``v``;
    - :meth:`below` — the chance that it was below the target until round ``r``
      and ends round ``r`` below ``v`` (half of it on ``v``).

    Both are flat lists indexed ``(r - 1) * width + (v - cells)``, ``r`` from 1
    to :attr:`rounds`, for totals on a cell (:meth:`at` reads between them).
    """

    def __init__(self, target: int, step: int = STEP) -> None:
        self.target, self.step = target, step
        self.cells = n = -(-target // step)
        longest = max(len(_binned(round_dist(t), step)) for t in thresholds())
        # cells past the target told apart (a total further past counts as the last one)
        self.width = min(longest, RACE_WIDTH)
        q = _binned(round_dist(15), step)
        mass = [0.0] * n
        mass[0] = 1.0
        rounds = 0
        while sum(mass) > RACE_LEFT and rounds < 4 * n:
            nxt = [0.0] * n
            for i, m in enumerate(mass):
                if m:
                    for dy, p in enumerate(q):
                        if i + dy < n:
                            nxt[i + dy] += m * p
            mass, rounds = nxt, rounds + 1
        self.rounds = max(1, rounds)
        self._finish: dict[int, list[list[float]]] = {}
        self._below: dict[int, list[list[float]]] = {}
        self._between: dict[tuple[int, float, bool], list[float]] = {}

    def _build(self, t: int, finish: bool) -> list[list[float]]:
        n, width, rounds = self.cells, self.width, self.rounds
        q = _binned(round_dist(t), self.step)
        size = rounds * width
        out: list[list[float]] = [[] for _ in range(n)]
        for i in range(n - 1, -1, -1):
            first = [0.0] * width  # round 1
            for w in range(width):
                acc = 0.0
                for dy, p in enumerate(q):
                    j = min(i + dy, n + width - 1)
                    if finish:
                        acc += p if j == n + w else 0.0
                    else:
                        acc += p if j < n + w else 0.5 * p if j == n + w else 0.0
                first[w] = acc
            later = [0.0] * (size - width)  # rounds 2..: through a total still below the target
            for dy in range(1, len(q)):
                p = q[dy]
                if p and i + dy < n:
                    vec = out[i + dy]
                    later = [a + p * b for a, b in zip(later, vec, strict=False)]
            vec = first + later
            p0 = q[0]  # a bust: the same total a round later
            if p0:
                for k in range(width, size):
                    vec[k] += p0 * vec[k - width]
            out[i] = vec
        if finish:  # read by products that stop at the shorter list: the tail of zeros dropped
            for i, vec in enumerate(out):
                end = len(vec)
                while end and vec[end - 1] < 1e-9:
                    end -= 1
                out[i] = vec[:end]
        return out

    def table(self, t: int, finish: bool) -> list[list[float]]:
        kept = self._finish if finish else self._below
        got = kept.get(t)
        if got is None:
            with BUILDING:  # another thread may be building this one (expert.warm)
                got = kept.get(t)
                if got is None:
                    near = nearest_threshold(t)
                    kind = "finish" if finish else "below"
                    name = f"race-{self.target}-{self.step}-{near}-{kind}"
                    got = tablecache.stored(name, self.cells, lambda: self._build(near, finish))
                    kept[t] = got
        return got

    def at(self, t: int, total: float, finish: bool) -> list[float]:
        """:meth:`finish` or :meth:`below` for a total below the target, between cells."""
        rows = self.table(t, finish)
        x = total / self.step
        i = int(x)
        f = x - i
        if f < 1e-9 or i + 1 >= self.cells:
            return rows[min(i, self.cells - 1)]
        key = (t, total, finish)
        got = self._between.get(key)
        if got is None:
            if len(self._between) > 4096:
                self._between.clear()
            lo, hi = rows[i], rows[i + 1]
            pairs = zip_longest(lo, hi, fillvalue=0.0)  # a finish row may end sooner
            got = self._between[key] = [a + f * (b - a) for a, b in pairs]
        return got

    def finish(self, t: int, total: float) -> list[float]:
        return self.at(t, total, True)

    def below(self, t: int, total: float) -> list[float]:
        return self.at(t, total, False)


@lru_cache(maxsize=4)
def race(target: int) -> Race:
    return Race(target, step_for(target))
