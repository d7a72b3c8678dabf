"""Reading a ``flip7-sheet/1`` object back into a :class:`~game.tabletop.sheet.ScoreSheet`.

Every problem becomes one :class:`~game.tabletop.sheet.SheetError` naming where it is:
``round 3, Hugo: 7 twice: a hand with the same number twice has busted``.

>>> from game.tabletop.sheet import ScoreSheet
>>> sheet = ScoreSheet.from_dict({"format": "flip7-sheet/1", "players": ["Ana", "Ben"],
...                               "rounds": [[12, {"numbers": [5, 7], "modifiers": ["x2"]}]]})
>>> sheet.totals
(12, 24)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.limits import excerpt, printable
from game.tabletop.calculator import CalculatorError, CardHand, max_points

if TYPE_CHECKING:  # the sheet builds on this module, never the other way
    from game.tabletop.sheet import ScoreSheet

FORMAT = "flip7-sheet/1"
MAX_ROUNDS = 999
DECKS = 1  # R1.4: one deck up to 18 players

Cell = int | CardHand | None  # typed points, a counted hand, or not entered (counts 0)


class SheetError(ValueError):
    """Something a score sheet cannot hold; the message is one line for the user."""


_KEYS = {
    "format",
    "id",
    "created",
    "updated",
    "players",
    "target",
    "first_dealer",
    "start_totals",
    "rounds",
    "current",
}
MAX_TEXT = 64  # id and dates


def sheet_from_dict(cls: type[ScoreSheet], data: Any) -> ScoreSheet:
    if not isinstance(data, dict):
        raise SheetError("not a score sheet: expected a JSON object")
    if "format" not in data:
        raise SheetError("not a score sheet: missing key 'format'")
    if data["format"] != FORMAT:
        raise SheetError(
            f"unknown format {excerpt(data['format'])} (this program reads {FORMAT!r})"
        )
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise SheetError(f"unknown key {excerpt(unknown[0])} in a score sheet")
    meta = {}
    for key in ("id", "created", "updated"):
        value = data.get(key)
        if value is not None and (
            not isinstance(value, str) or len(value) > MAX_TEXT or printable(value) != value
        ):
            raise SheetError(f"{key!r} must be text of at most {MAX_TEXT} characters, on one line")
        meta[key] = value
    players = data.get("players")
    if not isinstance(players, list):
        raise SheetError("'players' must be a list of names")
    sheet = cls(
        players,
        data.get("target", 200),
        data.get("first_dealer", 0),
        data.get("start_totals"),
        **meta,
    )
    rounds = data.get("rounds", [])
    if not isinstance(rounds, list) or len(rounds) > MAX_ROUNDS:
        raise SheetError(f"'rounds' must be a list of at most {MAX_ROUNDS} rounds")
    rows = [_row(sheet, index, row) for index, row in enumerate(rounds, 1)]
    current = data.get("current")
    if current is not None:
        current = _row(sheet, len(rounds) + 1, current)
    sheet._restore(rows, current)
    return sheet


def _row(sheet: ScoreSheet, round_no: int, row: Any) -> list[Cell]:
    n = len(sheet.players)
    if not isinstance(row, list) or len(row) != n:
        raise SheetError(f"round {round_no}: expected a list of {n} cells, one per player")
    return [
        _cell(raw, f"round {round_no}, {name}")
        for raw, name in zip(row, sheet.players, strict=True)
    ]


def _cell(raw: Any, where: str) -> Cell:
    if isinstance(raw, dict):
        try:
            return CardHand.from_dict(raw, DECKS)
        except CalculatorError as e:
            raise SheetError(f"{where}: {e}") from None
    return None if raw is None else check_points(raw, where)


def check_points(value: object, where: str) -> int:
    """Typed points: a whole number a hand can score (0 to 171)."""
    if not _is_int(value):
        raise SheetError(f"{where}: points must be a whole number, not {excerpt(value)}")
    top = max_points(DECKS)
    if not 0 <= value <= top:  # type: ignore[operator]
        raise SheetError(
            f"{where}: {excerpt(value)} points cannot be scored in one round (0 to {top})"
        )
    return value  # type: ignore[return-value]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
