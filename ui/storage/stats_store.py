"""Statistics on disk, beside the saves — and rebuilt when their file breaks.

``stats.json`` (format ``flip7-stats/1``) keeps one small summary per
finished game (:class:`game.tabletop.stats.GameSummary`), keyed by a hash of the game
file, so a game is never counted twice. Every finished game recorded here is
also filed in ``finished/`` as its ``flip7/1`` game file: the statistics can
always be rebuilt from game files, and replays have something to list.

A ``stats.json`` that cannot be read is never lost nor trusted: it is moved
aside (``stats.json.broken-<time>``), the statistics are rebuilt from every
game file found — ``finished/``, the saves folder, ``last-finished.json`` —
and :attr:`StatsReport.problem` says so, for the screen to show once.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import atomic, gamefile
from game.tabletop.stats import GameSummary, Statistics, StatsError, compute, summarize

FORMAT = "flip7-stats/1"
STATS_FILE = "stats.json"
FINISHED_FOLDER = "finished"
MAX_GAMES = 100_000  # summaries in one statistics file


@dataclass(frozen=True)
class StatsReport:
    """What :meth:`StatsStore.load` found. ``problem`` is one line, or None."""

    statistics: Statistics
    problem: str | None = None
    kept_aside: Path | None = None
    rebuilt_from: int = 0  # finished games found in game files by a rebuild
    unreadable: tuple[Path, ...] = ()


def game_key(game: Any) -> str:
    """The same game gives the same key, wherever its file lies."""
    text = json.dumps(gamefile.to_dict(game), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:24]


class StatsStore:
    """The statistics of one data folder (``ui.paths.dirs().data`` by default).

    ``sources`` are where a rebuild looks for game files (folders or files);
    by default ``finished/``, ``saves/`` and ``last-finished.json`` of the folder.
    """

    def __init__(
        self,
        folder: str | os.PathLike[str] | None = None,
        sources: Iterable[str | os.PathLike[str]] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if folder is None:
            from ui.paths import dirs

            folder = dirs().data
        self.folder = Path(folder)
        self.path = self.folder / STATS_FILE
        self.finished = self.folder / FINISHED_FOLDER
        if sources is None:
            sources = (self.finished, self.folder / "saves", self.folder / "last-finished.json")
        self.sources = tuple(Path(s) for s in sources)
        self.clock = clock
        self._summaries: dict[str, GameSummary] | None = None

    # ------------------------------------------------------------ reading
    def load(self) -> StatsReport:
        """Read the statistics; rebuild them if the file is missing or broken."""
        try:
            os.stat(self.path)
        except (FileNotFoundError, NotADirectoryError):  # first run, or deleted: rebuild
            return self.rebuild()
        except OSError:
            pass  # reading it says why
        try:
            self._summaries = _parse(gamefile.parse_json(gamefile.read_text(self.path)))
        except (
            gamefile.GameFileError,
            StatsError,
            ValueError,
            TypeError,
            RecursionError,
            MemoryError,
        ) as e:
            return self._recover(str(e))
        return StatsReport(self.statistics())

    def statistics(self) -> Statistics:
        return compute(self._loaded().values())

    def rebuild(self) -> StatsReport:
        """Count every finished game in the game files found, and write the result."""
        summaries: dict[str, GameSummary] = {}
        unreadable = []
        for path in self._game_files():
            try:
                game = gamefile.load(path, record_events=False)
            except (
                ValueError,
                TypeError,
                KeyError,
                RecursionError,
                MemoryError,
                OSError,
                IndexError,
            ):
                unreadable.append(path)
                continue
            if game.over:
                summaries.setdefault(game_key(game), summarize(game))
        self._summaries = summaries
        problem = self._write()
        return StatsReport(
            self.statistics(), problem, rebuilt_from=len(summaries), unreadable=tuple(unreadable)
        )

    # ------------------------------------------------------------ writing
    def record(self, game: Any) -> bool:
        """Count a finished game once; file it in ``finished/`` first. False if not counted.

        Raises ``OSError`` only if nothing could be written at all.
        """
        if game.winner is None:
            return False
        summaries = self._loaded()
        key = game_key(game)
        if key in summaries:
            return False
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(self.clock()))
        gamefile.save(game, self.finished / f"{stamp}-{key[:8]}.json")
        summaries[key] = summarize(game)
        problem = self._write()
        if problem:
            raise OSError(problem)
        return True

    # ------------------------------------------------------------- inside
    def _loaded(self) -> dict[str, GameSummary]:
        if self._summaries is None:
            self.load()
        assert self._summaries is not None
        return self._summaries

    def _recover(self, why: str) -> StatsReport:
        aside = atomic.set_aside(self.path, now=self.clock())  # never over an earlier one
        report = self.rebuild()
        kept = f"kept as {aside.name}" if aside else "it could not be moved aside"
        problem = (
            f"the statistics file was damaged ({why}); {kept}; rebuilt from "
            f"{report.rebuilt_from} saved game{'s' if report.rebuilt_from != 1 else ''}"
        )
        if report.problem:
            problem += f"; {report.problem}"
        return StatsReport(
            report.statistics, problem, aside, report.rebuilt_from, report.unreadable
        )

    def _write(self) -> str | None:
        data = {
            "format": FORMAT,
            "games": {k: s.to_dict() for k, s in (self._summaries or {}).items()},
        }
        try:
            atomic.write_atomic(self.path, json.dumps(data, ensure_ascii=False) + "\n")
        except OSError as e:
            return f"the statistics could not be saved ({e.strerror or e})"
        return None

    def _game_files(self) -> Iterator[Path]:
        for source in self.sources:
            try:
                if source.is_dir():
                    found = sorted(
                        p for p in source.iterdir() if p.suffix == ".json" and p.is_file()
                    )
                else:
                    found = [source] if source.is_file() else []
            except OSError:  # a folder that cannot be read: nothing found there
                continue
            yield from found


def _parse(data: Any) -> dict[str, GameSummary]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StatsError(f"not a statistics file (expected format {FORMAT!r})")
    games = data.get("games")
    if not isinstance(games, dict):
        raise StatsError("'games' must be an object")
    if len(games) > MAX_GAMES:
        raise StatsError(f"more than {MAX_GAMES} games")
    return {str(k)[:64]: GameSummary.from_dict(v) for k, v in games.items()}
