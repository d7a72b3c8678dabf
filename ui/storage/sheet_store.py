"""Score sheets on disk: saved as they are typed, listed newest first, reopened, deleted.

Each sheet is one ``flip7-sheet/1`` file, ``<id>.json`` in the ``sheets``
folder beside the saved games (``ui.paths``: ``user_data_dir("flip7")/sheets``,
or ``$FLIP7_HOME/data/sheets``; any folder given to :class:`SheetStore`).
Writes are atomic (``game.atomic.write_atomic``): a crash mid-save leaves the
previous version whole. A file that cannot be read is still listed, with why,
so it can be deleted; it is never changed.

>>> import tempfile
>>> from game.tabletop.sheet import ScoreSheet
>>> store = SheetStore(tempfile.mkdtemp())
>>> sheet = ScoreSheet(["Ana", "Ben", "Cy"])
>>> sheet.add_round([12, 0, 30])
>>> path = store.save(sheet)
>>> [info.players for info in store.history()], store.open(sheet.id).totals
([('Ana', 'Ben', 'Cy')], (12, 0, 30))
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.atomic import write_atomic
from game.gamefile import GameFileError, parse_json, read_text
from game.tabletop.sheet import ScoreSheet, SheetError

SHEETS_FOLDER = "sheets"
_ID = re.compile(r"[0-9A-Za-z][0-9A-Za-z_-]{0,63}")


class SheetStoreError(ValueError):
    """A sheet that cannot be read, written or found; one line for the user."""


@dataclass(frozen=True)
class SheetInfo:
    """One line of the history. ``problem`` is set when the file cannot be opened."""

    id: str
    path: Path
    players: tuple[str, ...] = ()
    rounds: int = 0
    status: str = ""
    winner: str | None = None
    leaders: tuple[str, ...] = ()
    totals: tuple[int, ...] = ()
    target: int = 0
    created: str = ""
    updated: str = ""
    problem: str | None = None


def default_folder() -> Path:
    from ui.paths import dirs

    return dirs().data / SHEETS_FOLDER


class SheetStore:
    """The sheets of one folder. ``clock`` (seconds, like ``time.time``) is for tests."""

    def __init__(
        self, folder: str | os.PathLike[str] | None = None, clock: Callable[[], float] = time.time
    ) -> None:
        self.folder = Path(folder) if folder is not None else default_folder()
        self.clock = clock

    def path(self, sheet_id: str) -> Path:
        if not isinstance(sheet_id, str) or not _ID.fullmatch(sheet_id):
            raise SheetStoreError(f"not a sheet name: {sheet_id!r}")
        return self.folder / f"{sheet_id}.json"

    def save(self, sheet: ScoreSheet) -> Path:
        """Write the sheet; the first save names it (``id``) and dates it (``created``)."""
        now = self._stamp()
        if sheet.id is None or not _ID.fullmatch(sheet.id):
            sheet.id = self._new_id()
            sheet.created = now
        sheet.created = sheet.created or now
        sheet.updated = now
        path = self.path(sheet.id)
        text = json.dumps(sheet.to_dict(), ensure_ascii=False, indent=1) + "\n"
        try:
            write_atomic(path, text)
        except OSError as e:
            raise SheetStoreError(f"{path.name}: {e.strerror or e}") from None
        return path

    def open(self, sheet_id: str) -> ScoreSheet:
        path = self.path(sheet_id)
        try:
            sheet = ScoreSheet.from_dict(parse_json(read_text(path)))
        except (GameFileError, SheetError) as e:
            raise SheetStoreError(f"{path.name}: {e}") from None
        except (ValueError, TypeError, RecursionError, MemoryError, OverflowError) as e:
            raise SheetStoreError(f"{path.name}: not a score sheet ({type(e).__name__})") from None
        sheet.id = sheet_id  # the file's name wins over a copied file's inner id
        return sheet

    def delete(self, sheet_id: str) -> None:
        """Remove a sheet for good (the screen asks for confirmation first)."""
        path = self.path(sheet_id)
        try:
            path.unlink()
        except FileNotFoundError:
            raise SheetStoreError(f"no sheet {sheet_id!r}") from None
        except OSError as e:
            raise SheetStoreError(f"{path.name}: {e.strerror or e}") from None

    def history(self) -> list[SheetInfo]:
        """Every sheet, newest first (by creation; unreadable ones by file date)."""
        try:
            paths = [
                p
                for p in self.folder.iterdir()
                if p.suffix == ".json" and p.is_file() and _ID.fullmatch(p.stem)
            ]
        except OSError:
            return []
        infos = [self._info(p) for p in paths]
        return sorted(infos, key=lambda i: (i.created, i.id), reverse=True)

    # ------------------------------------------------------------- inside
    def _info(self, path: Path) -> SheetInfo:
        try:
            sheet = self.open(path.stem)
        except SheetStoreError as e:
            return SheetInfo(path.stem, path, created=_file_date(path), problem=str(e))
        winner = sheet.winner
        return SheetInfo(
            id=path.stem,
            path=path,
            players=sheet.players,
            rounds=sheet.round_count,
            status=sheet.status,
            winner=None if winner is None else sheet.players[winner],
            leaders=tuple(sheet.players[s] for s in sheet.leaders_after(sheet.round_count)),
            totals=sheet.totals,
            target=sheet.target,
            created=sheet.created or _file_date(path),
            updated=sheet.updated or "",
        )

    def _stamp(self) -> str:
        return time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(self.clock()))

    def _new_id(self) -> str:
        base = time.strftime("%Y%m%d-%H%M%S", time.localtime(self.clock()))
        sheet_id, n = base, 2
        while _taken(self.path(sheet_id)):
            sheet_id, n = f"{base}-{n:02d}", n + 1
        return sheet_id


def _taken(path: Path) -> bool:
    try:
        os.lstat(path)
    except OSError:
        return False
    return True


def _file_date(path: Path) -> str:
    with contextlib.suppress(OSError):
        return time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(path.stat().st_mtime))
    return ""
