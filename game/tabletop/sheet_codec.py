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

from typing import Any

from game.limits import excerpt, printable
from game.tabletop.calculator import CalculatorError, CardHand
from game.tabletop.sheet import (
    DECKS,
    FORMAT,
    MAX_ROUNDS,
    Cell,
    ScoreSheet,
    SheetError,
    check_points,
)

_KEYS = {"format", "id", "created", "updated", "players", "target", "first_dealer",
         "start_totals", "rounds", "current"}
MAX_TEXT = 64  # id and dates


def sheet_from_dict(cls: type[ScoreSheet], data: Any) -> ScoreSheet:
    if not isinstance(data, dict):
        raise SheetError("not a score sheet: expected a JSON object")
    if "format" not in data:
        raise SheetError("not a score sheet: missing key 'format'")
    if data["format"] != FORMAT:
        raise SheetError(f"unknown format {excerpt(data['format'])} "
                         f"(this program reads {FORMAT!r})")
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise SheetError(f"unknown key {excerpt(unknown[0])} in a score sheet")
    meta = {}
    for key in ("id", "created", "updated"):
        value = data.get(key)
        if value is not None and (not isinstance(value, str) or len(value) > MAX_TEXT
                                  or printable(value) != value):
            raise SheetError(f"{key!r} must be text of at most {MAX_TEXT} characters, "
                             "on one line")
        meta[key] = value
    players = data.get("players")
    if not isinstance(players, list):
        raise SheetError("'players' must be a list of names")
    sheet = cls(players, data.get("target", 200), data.get("first_dealer", 0),
                data.get("start_totals"), **meta)
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
    return [_cell(raw, f"round {round_no}, {name}") for raw, name in zip(row, sheet.players,
                                                                          strict=True)]


def _cell(raw: Any, where: str) -> Cell:
    if isinstance(raw, dict):
        try:
            return CardHand.from_dict(raw, DECKS)
        except CalculatorError as e:
            raise SheetError(f"{where}: {e}") from None
    return None if raw is None else check_points(raw, where)
