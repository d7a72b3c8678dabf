"""The score sheet of a game played with real cards (``flip7-sheet/1``).

Players 2–18 in seat order, a target (R8.1, default 200), a first dealer who
passes left each round (R2.3). Each round, every player's points are typed,
or counted by the card calculator (:mod:`game.tabletop.calculator`); an empty cell
counts 0. Totals follow every round, players are ranked high to low, and the
game ends after the round in which someone reaches the target — unless the
top is tied, which asks for another round (R8.2). Any past round can be
corrected; totals, ranking and the end follow. Pure: no I/O
(``ui.storage.sheet_store`` writes the files).

>>> s = ScoreSheet(["Hugo", "Léa", "Lucas", "Chloé"], target=60)
>>> s.add_round([24, 0, 35, 29])
>>> s.add_round([0, 41, 22, 36])
>>> s.totals, s.over, s.winner, s.standings()[0].name
((24, 41, 57, 65), True, 3, 'Chloé')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from game.limits import (
    MAX_NAME,
    MAX_PLAYERS,
    MAX_TARGET,
    MAX_TOTAL,
    MIN_PLAYERS,
    excerpt,
    name_problem,
)
from game.rules import DEFAULT_TARGET
from game.tabletop.calculator import CalculatorError, CardHand, check_round
from game.tabletop.sheet_codec import (
    DECKS,
    FORMAT,
    MAX_ROUNDS,
    Cell,
    SheetError,
    _is_int,
    check_points,
    sheet_from_dict,
)

__all__ = [
    "FORMAT",
    "MAX_NAME",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "ScoreSheet",
    "SheetError",
    "check_points",
]
PLAYING, TIEBREAK, OVER = "playing", "tiebreak", "over"


@dataclass(frozen=True)
class Standing:
    """One line of the ranking: ties share a rank (1, 2, 2, 4)."""

    rank: int
    seat: int
    name: str
    total: int
    leader: bool


def cell_points(cell: Cell) -> int:
    """What a cell adds: its points, a hand's count, 0 when empty."""
    if cell is None:
        return 0
    return cell.points if isinstance(cell, CardHand) else cell


class ScoreSheet:
    """A game's score sheet. Rounds are numbered from 1, seats from 0.

    ``rounds`` are the finished rounds; ``current`` is the round being typed,
    if any: it shows in :attr:`live_totals` but decides nothing until
    :meth:`finish_round`. ``id``, ``created`` and ``updated`` belong to
    whoever stores the sheet.
    """

    def __init__(
        self,
        players: Sequence[str],
        target: int = DEFAULT_TARGET,
        first_dealer: int = 0,
        start_totals: Sequence[int] | None = None,
        *,
        id: str | None = None,
        created: str | None = None,
        updated: str | None = None,
    ) -> None:
        self.players: tuple[str, ...] = _players(players)
        n = len(self.players)
        self._target = DEFAULT_TARGET
        self.target = target
        self._first_dealer = 0
        self.first_dealer = first_dealer
        totals = (0,) * n if start_totals is None else tuple(start_totals)
        if len(totals) != n or not all(_is_int(t) and 0 <= t <= MAX_TOTAL for t in totals):
            raise SheetError(f"the starting totals must be {n} whole numbers from 0 to {MAX_TOTAL}")
        self.start_totals: tuple[int, ...] = totals
        self._rounds: list[list[Cell]] = []
        self._current: list[Cell] | None = None
        self.id, self.created, self.updated = id, created, updated

    # ------------------------------------------------------------- settings
    @property
    def target(self) -> int:
        return self._target

    @target.setter
    def target(self, value: int) -> None:
        if not _is_int(value) or not 0 < value <= MAX_TARGET:
            raise SheetError(
                f"the target must be a whole number from 1 to {MAX_TARGET}, not {excerpt(value)}"
            )
        self._target = value

    @property
    def first_dealer(self) -> int:
        return self._first_dealer

    @first_dealer.setter
    def first_dealer(self, seat: int) -> None:
        self._seat(seat)
        self._first_dealer = seat

    def rename(self, seat: int, name: str) -> None:
        names = list(self.players)
        names[self._seat(seat)] = name
        self.players = _players(names)

    # ---------------------------------------------------------------- rounds
    @property
    def rounds(self) -> tuple[tuple[Cell, ...], ...]:
        return tuple(tuple(r) for r in self._rounds)

    @property
    def current(self) -> tuple[Cell, ...] | None:
        return None if self._current is None else tuple(self._current)

    @property
    def round_count(self) -> int:
        """Finished rounds."""
        return len(self._rounds)

    def cell(self, round_no: int, seat: int) -> Cell:
        return self._row(round_no, create=False)[self._seat(seat)]

    def set_cell(self, round_no: int, seat: int, value: Cell) -> None:
        """Type points (an int), put a counted hand, or empty a cell (``None``).

        ``round_no`` is a finished round (a correction) or the next one, which
        opens it as :attr:`current`. A hand is checked against the other hands
        of its round (:func:`game.tabletop.calculator.check_round`).
        """
        seat = self._seat(seat)
        value = self._value(value, f"round {round_no}, {self.players[seat]}")
        row = self._row(round_no, create=True)
        trial = row.copy()
        trial[seat] = value
        _check_hands(trial, round_no)
        row[seat] = value

    def add_round(self, cells: Sequence[Cell]) -> None:
        """Type a whole round at once and finish it."""
        if len(cells) != len(self.players):
            raise SheetError(f"a round needs {len(self.players)} cells, one per player")
        if self._current is not None:
            raise SheetError(f"round {self.round_count + 1} is being typed: finish it first")
        round_no = self.round_count + 1
        try:
            for seat, value in enumerate(cells):
                self.set_cell(round_no, seat, value)
            self.finish_round()
        except SheetError:
            self._current = None
            raise

    def finish_round(self) -> None:
        """Close the round being typed: its empty cells count 0 (seed 004)."""
        if self.over:
            raise SheetError(self._over_message())
        row = self._current
        if row is None or all(c is None for c in row):
            raise SheetError(
                f"round {self.round_count + 1}: no points entered yet "
                "(type 0 for a player who busted)"
            )
        self._rounds.append(row)
        self._current = None

    def delete_round(self, round_no: int) -> None:
        """Remove a round typed by mistake (the current one, or a finished one)."""
        if self._current is not None and round_no == self.round_count + 1:
            self._current = None
            return
        self._row(round_no, create=False)
        del self._rounds[round_no - 1]

    # ---------------------------------------------------------------- scores
    def totals_after(self, round_no: int) -> tuple[int, ...]:
        """Totals after a finished round; ``0`` gives the starting totals."""
        if not 0 <= round_no <= self.round_count:
            raise SheetError(f"there is no round {round_no} (finished rounds: {self.round_count})")
        return next(islice(self._running_totals(), round_no, None))

    def _running_totals(self) -> Iterator[tuple[int, ...]]:
        """The starting totals, then the totals after each finished round in turn."""
        totals = list(self.start_totals)
        yield tuple(totals)
        for row in self._rounds:
            for seat, c in enumerate(row):
                totals[seat] += cell_points(c)
            yield tuple(totals)

    @property
    def totals(self) -> tuple[int, ...]:
        """After the last finished round."""
        return self.totals_after(self.round_count)

    @property
    def live_totals(self) -> tuple[int, ...]:
        """With the round being typed counted in."""
        row = self._current or [None] * len(self.players)
        return tuple(t + cell_points(c) for t, c in zip(self.totals, row, strict=True))

    def leaders_after(self, round_no: int) -> tuple[int, ...]:
        """Seats with the highest total after a round; nobody while everyone is at 0."""
        return _leaders(self.totals_after(round_no))

    def standings(self, round_no: int | None = None) -> list[Standing]:
        """Players high to low after a round (default: the last finished one)."""
        totals = self.totals_after(self.round_count if round_no is None else round_no)
        order = sorted(range(len(totals)), key=lambda s: (-totals[s], s))
        leaders = _leaders(totals)
        out: list[Standing] = []
        for place, seat in enumerate(order, 1):
            tied = out and out[-1].total == totals[seat]
            rank = out[-1].rank if tied else place
            out.append(Standing(rank, seat, self.players[seat], totals[seat], seat in leaders))
        return out

    def dealer(self, round_no: int) -> int:
        """The dealer of a round: the first dealer, then one seat left each round (R2.3)."""
        if round_no < 1:
            raise SheetError(f"there is no round {round_no}")
        return (self.first_dealer + round_no - 1) % len(self.players)

    @property
    def current_dealer(self) -> int:
        """The dealer of the round being played (the next one to type)."""
        return self.dealer(self.round_count + 1)

    # ------------------------------------------------------------------ end
    @property
    def ended_after(self) -> int | None:
        """The round after which the game ended (R8.1, R8.2), or ``None``."""
        for round_no, totals in islice(enumerate(self._running_totals()), 1, None):
            best = max(totals)
            if best >= self.target and totals.count(best) == 1:
                return round_no
        return None

    @property
    def over(self) -> bool:
        return self.ended_after is not None

    @property
    def winner(self) -> int | None:
        """The single leader after the round that ended the game."""
        end = self.ended_after
        return None if end is None else _leaders(self.totals_after(end))[0]

    @property
    def status(self) -> str:
        """``"playing"``; ``"tiebreak"`` when the target is reached but the top is tied
        (R8.2: another round for everyone); ``"over"``."""
        if self.over:
            return OVER
        return TIEBREAK if self._rounds and max(self.totals) >= self.target else PLAYING

    @property
    def extra_rounds(self) -> tuple[int, ...]:
        """Rounds typed after the end — a correction moved the end earlier."""
        end = self.ended_after
        return () if end is None else tuple(range(end + 1, self.round_count + 1))

    # ------------------------------------------------------------ JSON form
    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT}
        for key in ("id", "created", "updated"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        out.update(players=list(self.players), target=self.target, first_dealer=self.first_dealer)
        if any(self.start_totals):
            out["start_totals"] = list(self.start_totals)
        out["rounds"] = [[_cell_json(c) for c in row] for row in self._rounds]
        if self._current is not None:
            out["current"] = [_cell_json(c) for c in self._current]
        return out

    @classmethod
    def from_dict(cls, data: Any) -> ScoreSheet:
        """Read :meth:`to_dict`'s form; :class:`SheetError` names what is wrong."""
        return sheet_from_dict(cls, data)

    # ---------------------------------------------------------------- inside
    def _seat(self, seat: int) -> int:
        if not _is_int(seat) or not 0 <= seat < len(self.players):
            raise SheetError(
                f"there is no seat {excerpt(seat)} (seats 0 to {len(self.players) - 1})"
            )
        return seat

    def _row(self, round_no: int, create: bool) -> list[Cell]:
        if _is_int(round_no) and 1 <= round_no <= self.round_count:
            return self._rounds[round_no - 1]
        if round_no == self.round_count + 1:
            if self._current is not None:
                return self._current
            if create:
                if self.over:
                    raise SheetError(self._over_message())
                if self.round_count >= MAX_ROUNDS:
                    raise SheetError(f"a sheet holds at most {MAX_ROUNDS} rounds")
                self._current = [None] * len(self.players)
                return self._current
        raise SheetError(
            f"there is no round {excerpt(round_no)} (finished rounds: {self.round_count})"
        )

    def _value(self, value: object, where: str) -> Cell:
        if value is None or isinstance(value, CardHand):
            return value
        return check_points(value, where)

    def _restore(self, rounds: list[list[Cell]], current: list[Cell] | None) -> None:
        """Put back rounds as they were stored (rounds after the end included)."""
        for index, row in enumerate([*rounds, *([] if current is None else [current])], 1):
            if len(row) != len(self.players):
                raise SheetError(
                    f"round {index}: expected {len(self.players)} cells, one per player"
                )
            _check_hands(row, index)
        self._rounds = [list(r) for r in rounds]
        self._current = None if current is None else list(current)

    def _over_message(self) -> str:
        end, winner = self.ended_after, self.winner
        assert end is not None and winner is not None
        return (
            f"the game ended after round {end}: {self.players[winner]} won with "
            f"{self.totals_after(end)[winner]}"
        )


def sheet_from_game(game: Any) -> ScoreSheet:
    """The sheet of a game played in the program (a :class:`game.engine.Game`)."""
    snap = game.snapshot()
    sheet = ScoreSheet(snap.players, snap.target, snap.start_dealer, snap.start_totals)
    for record in snap.rounds:
        sheet.add_round(list(record.scores))
    return sheet


def _check_hands(row: Iterable[Cell], round_no: int) -> None:
    try:
        check_round((c for c in row if isinstance(c, CardHand)), DECKS)
    except CalculatorError as e:
        raise SheetError(f"round {round_no}: {e}") from None


def _leaders(totals: Sequence[int]) -> tuple[int, ...]:
    best = max(totals)
    return () if best <= 0 else tuple(s for s, t in enumerate(totals) if t == best)


def _players(names: Sequence[str]) -> tuple[str, ...]:
    if isinstance(names, str) or not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise SheetError(f"a score sheet has {MIN_PLAYERS} to {MAX_PLAYERS} players")
    out: list[str] = []
    for i, name in enumerate(names):
        if not isinstance(name, str) or not name.strip():
            raise SheetError(f"player {i + 1}: a name is needed")
        name = name.strip()
        problem = name_problem(name)
        if problem:
            raise SheetError(f"player {i + 1}: {problem}")
        if name in out:
            raise SheetError(f"two players are called {excerpt(name)}")
        out.append(name)
    return tuple(out)


def _cell_json(cell: Cell) -> Any:
    return cell.to_dict() if isinstance(cell, CardHand) else cell
