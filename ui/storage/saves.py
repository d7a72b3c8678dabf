"""Game files on disk: the autosave, "Save as…", "Load game" — never losing a game.

- The game at the table is written to ``autosave.json`` after every decision
  (``game.gamefile.save``: temp file, fsync, rename), so a crash or a killed
  process loses nothing and "Continue" replays it to the very same decision.
- When the game ends, it moves to ``last-finished.json``: a finished game cannot
  be continued, but it is kept for a replay.
- Starting another game while an unfinished autosave exists moves that one into
  the saves folder as ``unfinished-<time>.json``: it can still be loaded.
- A file that cannot be read becomes one :class:`LoadError` whose message says
  why; the file itself is never changed. A full disk while saving becomes a
  message too, and the previous autosave stays as it was.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from game import atomic, gamefile
from game.engine import Game
from game.gamefile import GameFileError
from game.limits import MAX_ACTIONS, MAX_NAME, excerpt, name_problem
from ui.config import MAX_SEATS, MIN_SEATS
from ui.i18n import Msg
from ui.paths import Dirs
from ui.storage.writer import AutosaveWriter

__all__ = ["MAX_NAME", "LoadError", "SaveError", "Saves", "load_file", "not_a_game"]
KEEP_UNFINISHED = 20
#: the folders (under the data folder) where the program writes files
WRITTEN_FOLDERS = ("saves", "sheets", "finished", "exports")


class LoadError(ValueError):
    """A game file the table cannot open. Its message (``str(e)``) is one line in English,
    for the commands and the log; written into a sentence of the window (``f"{e}"``,
    ``t(key, reason=e)``) it is ``shown``, in the window's language.

    The engine's reasons (:class:`~game.gamefile.GameFileError`) are free English text, made
    at forty places, some holding a rule's own refusal: the window says in its language
    that the file cannot be played, the engine's words after it. What this module finds
    itself is said wholly in the window's language.

    >>> from ui.i18n import set_language
    >>> e = LoadError("duplicate player name 'Ana'")
    >>> set_language("fr"); print(f"{e}"); print(e); set_language("en")
    ce fichier ne peut pas être joué — duplicate player name 'Ana'
    duplicate player name 'Ana'
    """

    def __init__(self, detail: str, shown: Msg | None = None) -> None:
        super().__init__(detail)
        self.shown = shown if shown is not None else Msg("load.why.unplayable", detail=detail)

    def __format__(self, spec: str) -> str:
        return format(str(self.shown), spec)


class SaveError(OSError):
    """A game that could not be written (disk full, no permission…)."""


def load_file(path: str | os.PathLike[str]) -> Game:
    """Read and replay any game file; :class:`LoadError` if it cannot be played here."""
    try:
        data = gamefile.parse_json(gamefile.read_text(path))
        check_table(data)
        return gamefile.from_dict(data)
    except GameFileError as e:
        raise LoadError(str(e)) from None
    except LoadError:  # what this table cannot seat, said as it is
        raise
    except (ValueError, TypeError, KeyError, RecursionError, MemoryError, OSError) as e:
        # hostile files: a 5,000-digit number, nesting deeper than the parser goes…
        raise not_a_game(e) from None


def not_a_game(e: BaseException) -> LoadError:
    """What Python itself refused in a file (a 5,000-digit number…), as a :class:`LoadError`."""
    detail = f"{type(e).__name__}: {excerpt(str(e), 80)}"
    return LoadError(f"not a game file ({detail})", Msg("load.why.not_a_game", detail=detail))


def check_table(data: object) -> None:
    """What the engine accepts but this table cannot seat: too many players, huge names."""
    if not isinstance(data, dict) or not isinstance(data.get("players"), list):
        return  # the engine's own checks say what is wrong
    if data.get("dealing") == "observed":  # its cards come from a real table, not from here
        raise LoadError(
            "a game of real cards (dealing: observed): python -m game.advise FILE follows it",
            Msg("load.why.observed"),
        )
    n = len(data["players"])
    if not MIN_SEATS <= n <= MAX_SEATS:
        raise LoadError(
            f"{n} player{'' if n == 1 else 's'}: this table seats {MIN_SEATS} to {MAX_SEATS}",
            Msg.counted("load.why.seats", n, n=n, low=MIN_SEATS, high=MAX_SEATS),
        )
    # names: game.gamefile refuses what no table could show (game.limits.name_problem)


@dataclass(frozen=True)
class SavedGame:
    """What the menu says about the unfinished game *Continue* takes up: the autosave's, or
    a live table's (ui.storage.live_games)."""

    players: tuple[str, ...]
    round_no: int
    saved_at: float
    problem: LoadError | None = None  # set when the file cannot be continued
    sheet: str | None = None  # a live table's: the id of the score sheet it follows


def write_game(path: Path, game: Game, new: bool = False) -> list[tuple[str, dict]]:
    """Write ``game`` to ``path`` atomically (a live table's file, on the writer's thread);
    what to tell the player if the disk refuses."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        gamefile.save(game, path)
    except OSError as e:
        return [("notice.autosave_failed", {"reason": e.strerror or str(e)})]
    return []


class Saves:
    """The autosave and the saves folder of one home (:class:`ui.paths.Dirs`)."""

    def __init__(self, dirs: Dirs) -> None:
        self.dirs = dirs
        self._peeked: tuple[tuple, SavedGame | None] | None = None
        self.failing = False  # the last autosave failed (reported once until one works)
        self.stats_notice: tuple[str, dict] | None = None  # (i18n key, values) for the app
        #: the autosave after each decision, written off the window's thread
        self.writer = AutosaveWriter(self.write, lambda: self.failing)
        self._remove_stale_temp_files()

    # ------------------------------------------------------------ autosave
    def has_autosave(self) -> bool:
        self.writer.flush()
        return _is_file(self.dirs.autosave)

    def peek(self) -> SavedGame | None:
        """The unfinished game in the autosave, or None (cached until the file changes).
        The autosave being written is waited for.

        An autosave that holds a finished game (the process ended between the
        last save and the move) is moved to ``last-finished.json`` here.
        """
        self.writer.flush()
        path = self.dirs.autosave
        try:
            st = path.stat()
        except OSError:
            return None
        key = (st.st_mtime_ns, st.st_size)
        if self._peeked is not None and self._peeked[0] == key:
            return self._peeked[1]
        try:
            game = load_file(path)
            info: SavedGame | None = SavedGame(game.players, game.round_no, st.st_mtime)
            if game.over:
                self._move(path, self.dirs.last_finished)
                info = None
        except LoadError as e:
            info = SavedGame((), 0, st.st_mtime, problem=e)
        self._peeked = (key, info)
        return info

    def load_autosave(self) -> Game:
        self.writer.flush()
        return load_file(self.dirs.autosave)

    def write(self, game: Game, new: bool) -> list[tuple[str, dict]]:
        """:meth:`begin` or :meth:`autosave` (the writer's thread calls it); what to tell:
        the first failure of a run of them, a game counted in damaged statistics."""
        problem = self.begin(game) if new else self.autosave(game)
        out = [("notice.autosave_failed", {"reason": problem})] if problem else []
        if self.stats_notice is not None:
            out.append(self.stats_notice)
            self.stats_notice = None
        return out

    def begin(self, game: Game) -> str | None:
        """A new game takes the autosave: keep the unfinished one it replaces, then save."""
        if self.has_autosave():
            stamp = time.strftime("%Y%m%d-%H%M%S")
            kept = False
            with contextlib.suppress(OSError):  # `saves` may be a file, or not writable
                self.dirs.saves.mkdir(parents=True, exist_ok=True)
                kept = self._keep(self.dirs.saves / f"unfinished-{stamp}")
            if kept:
                self._trim_unfinished()
            elif not self._keep(self.dirs.data / f"unfinished-{stamp}"):  # beside it, then
                first = not self.failing
                self.failing = True
                return "the unfinished game could not be kept aside" if first else None
        return self.autosave(game)

    def autosave(self, game: Game) -> str | None:
        """Write the game (or, once it is over, file it as the last finished one).

        Returns the problem to show the player, only the first time in a row it fails.
        """
        if len(game.actions) > MAX_ACTIONS:  # a file the program would refuse to read back
            first = not self.failing
            self.failing = True
            return f"more than {MAX_ACTIONS} decisions" if first else None
        try:
            if game.over:
                self.record_finished(game)  # first: filed in finished/ before a rebuild sees it
                gamefile.save(game, self.dirs.last_finished)
                with contextlib.suppress(FileNotFoundError):
                    self.dirs.autosave.unlink()
            else:
                gamefile.save(game, self.dirs.autosave)
        except OSError as e:
            first = not self.failing
            self.failing = True
            return (e.strerror or str(e)) if first else None
        self.failing = False
        return None

    def record_finished(self, game: Game) -> None:
        """Count a finished game in the statistics, once (``ui.storage.stats_store``); a damaged
        statistics file is rebuilt there, and :attr:`stats_notice` tells the app."""
        from ui.storage.stats_store import StatsStore

        store = StatsStore(self.dirs.data)
        try:
            report = store.load()
            store.record(game)
        except (OSError, ValueError) as e:
            self.stats_notice = ("stats.record_failed", {"reason": str(e)})
            return
        if report.problem:
            self.stats_notice = ("stats.rebuilt", {"problem": report.problem})

    def discard_broken_autosave(self) -> Path | None:
        """Set an autosave that cannot be continued aside (kept, never deleted, never over
        an earlier one)."""
        self.writer.flush()
        return atomic.set_aside(self.dirs.autosave)

    # ------------------------------------------------------------ files
    def save_as(self, game: Game, path: str | os.PathLike[str]) -> Path:
        """Write the game where the player asked; :class:`SaveError` if the disk refuses."""
        target = Path(path).expanduser()
        if target.is_dir():
            raise SaveError(f"{target} is a folder")
        try:
            gamefile.save(game, target)
        except OSError as e:
            raise SaveError(e.strerror or str(e)) from None
        return target

    def suggested_path(self) -> Path:
        """A fresh file name in the saves folder: ``flip7-2026-05-01-2130.json``."""
        return self._unique(self.dirs.saves / time.strftime("flip7-%Y-%m-%d-%H%M"))

    def list_saves(self) -> list[Path]:
        """Game files in the saves folder, and the last finished game; newest first."""
        found = []
        with contextlib.suppress(OSError):
            found = [p for p in self.dirs.saves.iterdir() if p.suffix == ".json" and _is_file(p)]
        if _is_file(self.dirs.last_finished):
            found.append(self.dirs.last_finished)
        return sorted(found, key=_mtime, reverse=True)

    # ------------------------------------------------------------ helpers
    @staticmethod
    def _move(src: Path, dst: Path) -> bool:
        """Rename (made durable by an fsync of the folder); False if it could not be done."""
        try:
            atomic.move(src, dst)
        except OSError:
            return False
        return True

    def _keep(self, stem: Path) -> bool:
        """Move the autosave to a free name from ``stem`` (never over another file)."""
        for _attempt in range(100):
            try:
                atomic.move_to_new(self.dirs.autosave, self._unique(stem))
                return True
            except FileExistsError:  # taken since it was looked at: the next free one
                continue
            except OSError:
                return False
        return False

    @staticmethod
    def _unique(stem: Path) -> Path:
        path, n = stem.with_name(stem.name + ".json"), 2
        while _exists(path):
            path, n = stem.with_name(f"{stem.name}-{n}.json"), n + 1
        return path

    def _trim_unfinished(self) -> None:
        with contextlib.suppress(OSError):
            old = sorted(self.dirs.saves.glob("unfinished-*.json"), key=_mtime)
            for path in old[:-KEEP_UNFINISHED]:
                with contextlib.suppress(OSError):
                    path.unlink()

    def _remove_stale_temp_files(self) -> None:
        """Temp files of a write that a killed process never renamed (never a real file),
        in every folder the program writes to."""
        folders = [
            self.dirs.data,
            self.dirs.config,
            *(self.dirs.data / name for name in WRITTEN_FOLDERS),
        ]
        for folder in folders:
            atomic.remove_stale_temp_files(folder)


def _is_file(path: Path) -> bool:
    """``Path.is_file`` that says False, not PermissionError, for a folder it cannot read."""
    try:
        return path.is_file()
    except OSError:
        return False


def _exists(path: Path) -> bool:
    """True also for a dangling symbolic link: a name that is taken."""
    try:
        os.lstat(path)
    except OSError:  # missing, or in a folder that cannot be read: writing will tell
        return False
    return True


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def describe(path: Path) -> str:
    """The players of a game file, for the load list ("?" when it is no game file)."""
    try:
        data = json.loads(gamefile.read_text(path, 1024 * 1024))
        names = [p if isinstance(p, str) else p.get("name", "?") for p in data["players"]]
        if any(name_problem(n) for n in names):
            return "?"
        text = ", ".join(str(n) for n in names)
        return text if len(text) <= 60 else text[:59] + "…"
    except Exception:  # only a label: the real checks happen when the file is loaded
        return "?"
