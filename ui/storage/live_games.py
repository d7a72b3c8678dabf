"""The live tables' games on disk (ui.table.live, docs/live-table.md).

A live table follows a score sheet's round card by card; its observed game is saved after
every entry as ``live/<sheet id>.json`` in the data folder, beside ``sheets/``. The sheet's
*Cards…* takes it up again, and so does the menu's *Continue* when a live table was the
last thing left unfinished (:func:`newest_unfinished`).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from game import gamefile
from game.engine import Game
from game.tabletop.sheet import ScoreSheet
from ui.storage.saves import SavedGame
from ui.storage.sheet_store import SHEETS_FOLDER, SheetStore, SheetStoreError

LIVE_FOLDER = "live"


def path(data: str | os.PathLike[str], sheet_id: str) -> Path:
    """Where the live game of the sheet ``sheet_id`` is kept, under the data folder."""
    return Path(data) / LIVE_FOLDER / f"{sheet_id}.json"


def load(file: Path, record_events: bool = True) -> Game | None:
    """The live game in ``file``; None when there is none or it cannot be read."""
    try:
        return gamefile.from_dict(json.loads(file.read_text()), record_events=record_events)
    except (OSError, ValueError, TypeError, KeyError, RecursionError):
        return None


def fits(game: Game, sheet: ScoreSheet) -> bool:
    """``game`` still follows ``sheet``: the same players, not over, and the round it plays
    is the sheet's next (the totals before it are the sheet's)."""
    return (
        tuple(game.players) == tuple(sheet.players)
        and not game.over
        and game.totals == list(sheet.totals)
    )


def newest_unfinished(data: str | os.PathLike[str]) -> SavedGame | None:
    """The live game saved last whose sheet still exists, is not over and is still the one
    the game follows, as the menu tells it (``sheet`` set to the sheet's id); None if no
    live game is waiting."""
    folder = Path(data) / LIVE_FOLDER
    try:
        files = [(f.stat().st_mtime, f) for f in folder.glob("*.json") if f.is_file()]
    except OSError:
        return None
    store = SheetStore(Path(data) / SHEETS_FOLDER)
    for saved_at, file in sorted(files, reverse=True):
        try:
            sheet = store.open(file.stem)
        except SheetStoreError:
            continue  # the sheet was deleted, or its file is not one
        if sheet.over:
            continue
        game = load(file, record_events=False)
        if game is not None and fits(game, sheet):
            return SavedGame(sheet.players, sheet.round_count + 1, saved_at, sheet=file.stem)
    return None
