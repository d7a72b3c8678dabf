"""Statistics of games played in the program: per player name, per bot level.

A finished :class:`~game.engine.Game` is first reduced to a small
:class:`GameSummary` (what each seat did: rounds, points, busts, Flip 7s,
best round, won); statistics are sums of summaries, so a store can keep the
summaries and rebuild the figures at any time. Pure: no I/O.

Human seats are counted under their name, bot seats under their level
(``game.bots``'s ``easy``, ``normal``, ``expert``, ``baseline``), whatever
the bot was called. ``games`` counts seats: a level seated twice in one game
plays two games there, and wins at most one of them.

>>> from game.commands.simulate import play_game
>>> stats = compute([play_game(("baseline", "baseline"), seed=3)])
>>> record = stats.bots["baseline"]
>>> record.games, record.wins
(2, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from game.gamefile import is_bot
from game.limits import MAX_COUNT, MAX_FILE_PLAYERS, excerpt, name_problem

SUMMARY_FORMAT = "flip7-summary/1"


class StatsError(ValueError):
    """A game that cannot be counted, or a stored summary that cannot be read."""


@dataclass(frozen=True)
class SeatResult:
    """What one seat did in one game (its rounds only: starting totals are not its own)."""

    name: str
    bot: str | None
    rounds: int
    points: int
    busts: int
    flip7s: int
    best_round: int
    won: bool


@dataclass(frozen=True)
class GameSummary:
    """One finished game, reduced to what the statistics need."""

    seats: tuple[SeatResult, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"format": SUMMARY_FORMAT, "seats": [asdict(s) for s in self.seats]}

    @classmethod
    def from_dict(cls, data: Any) -> GameSummary:
        if not isinstance(data, dict) or data.get("format") != SUMMARY_FORMAT:
            raise StatsError(f"not a game summary (expected format {SUMMARY_FORMAT!r})")
        seats = data.get("seats")
        if not isinstance(seats, list) or not seats or len(seats) > MAX_FILE_PLAYERS:
            raise StatsError(f"a game summary needs a list of 1 to {MAX_FILE_PLAYERS} seats")
        return cls(tuple(_seat_result(s) for s in seats))


@dataclass
class Record:
    """Sums over games for one player name or one bot level."""

    games: int = 0
    wins: int = 0
    rounds: int = 0
    points: int = 0
    busts: int = 0
    flip7s: int = 0
    best_round: int = 0

    @property
    def average_round(self) -> float:
        """Mean points per round played (busted rounds count 0)."""
        return self.points / self.rounds if self.rounds else 0.0

    @property
    def bust_rate(self) -> float:
        """Share of rounds that ended in a bust."""
        return self.busts / self.rounds if self.rounds else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def add(self, seat: SeatResult) -> None:
        self.games += 1
        self.wins += seat.won
        self.rounds += seat.rounds
        self.points += seat.points
        self.busts += seat.busts
        self.flip7s += seat.flip7s
        self.best_round = max(self.best_round, seat.best_round)


@dataclass
class Statistics:
    """``players`` by name (humans), ``bots`` by level; ``games`` counted in all."""

    games: int = 0
    players: dict[str, Record] = field(default_factory=dict)
    bots: dict[str, Record] = field(default_factory=dict)

    def add(self, summary: GameSummary) -> None:
        self.games += 1
        for seat in summary.seats:
            table, key = (self.players, seat.name) if seat.bot is None else (self.bots, seat.bot)
            table.setdefault(key, Record()).add(seat)


def summarize(game: Any) -> GameSummary:
    """Reduce a finished :class:`~game.engine.Game`; :class:`StatsError` if it is not over."""
    if game.winner is None:
        raise StatsError("the game is not over: only finished games are counted")
    seats = []
    for seat, name in enumerate(game.players):
        scores = [r.scores[seat] for r in game.rounds]
        seats.append(
            SeatResult(
                name=name,
                bot=game.bots[seat],
                rounds=len(scores),
                points=sum(scores),
                busts=sum(seat in r.busted for r in game.rounds),
                flip7s=sum(r.flip7 == seat for r in game.rounds),
                best_round=max(scores, default=0),
                won=game.winner == seat,
            )
        )
    return GameSummary(tuple(seats))


def compute(games: Iterable[Any]) -> Statistics:
    """Statistics of finished games or of their summaries (unfinished games are skipped)."""
    stats = Statistics()
    for item in games:
        if not isinstance(item, GameSummary):
            if item.winner is None:
                continue
            item = summarize(item)
        stats.add(item)
    return stats


_INT_FIELDS = ("rounds", "points", "busts", "flip7s", "best_round")


def _seat_result(data: Any) -> SeatResult:
    if not isinstance(data, dict):
        raise StatsError("a seat of a game summary must be an object")
    name, bot, won = data.get("name"), data.get("bot"), data.get("won")
    problem = name_problem(name)
    if problem:
        raise StatsError(f"a seat of a game summary: {problem}")
    if bot is not None and not is_bot(bot):  # what a game file may name (gamefile.is_bot)
        raise StatsError(f"seat {excerpt(name)}: 'bot' must be a bot level, a plug-in or null")
    if not isinstance(won, bool):
        raise StatsError(f"seat {excerpt(name)}: 'won' must be true or false")
    values = {}
    for key in _INT_FIELDS:
        value = data.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_COUNT:
            raise StatsError(
                f"seat {excerpt(name)}: {key!r} must be a whole number from 0 to {MAX_COUNT}"
            )
        values[key] = value
    if values["busts"] > values["rounds"] or values["flip7s"] > values["rounds"]:
        raise StatsError(f"seat {excerpt(name)}: more busts or Flip 7s than rounds")
    return SeatResult(name=str(name), bot=bot, won=won, **values)
