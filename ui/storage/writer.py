"""The autosave, written off the window's thread: no frame waits on a disk.

After each decision the table hands the game to :class:`AutosaveWriter`, which keeps
only the latest of a game (a slow disk never builds a queue: decisions made while a
write is under way all go into the next one); a new game's first save (which keeps the
unfinished one aside) and a finished game (filed, counted) are never skipped. Each is
written as before (:meth:`ui.storage.saves.Saves.write`: atomic, fsynced). A live
table's game goes the same way to its own file (``submit(..., write=...)``). The line
"autosaved N actions" is logged once the file is on the disk, never earlier, so what
the program says it saved survives a kill -9. :meth:`AutosaveWriter.flush` waits for
the last write: before anything reads the autosave, when the table is left, on quit.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass

from game.engine import Game

log = logging.getLogger(__name__)

#: what a write has to tell the player: (i18n key, values)
Message = tuple[str, dict]


#: a write: the game, whether it is a game's first save; what to tell the player
Write = Callable[[Game, bool], list[Message]]


@dataclass
class _Task:
    game: Game  # a copy: the table plays on meanwhile
    new: bool  # the first save of a game (the unfinished one it replaces is kept aside)
    origin: object  # what it is the latest of: the table's game (its ``id``), or a file
    write: Write


class AutosaveWriter:
    """``write(game, new)`` on a thread of its own, in order, the latest of each game."""

    def __init__(self, write: Write, failing: Callable[[], bool]) -> None:
        self._write, self._failing = write, failing
        self._cond = threading.Condition()
        self._tasks: list[_Task] = []
        self._busy = False
        self._messages: list[Message] = []
        self._thread: threading.Thread | None = None

    def submit(
        self, game: Game, new: bool = False, write: Write | None = None, origin: object = None
    ) -> None:
        """Write ``game`` soon, after what is already waiting; it replaces a plain save of
        the same game still waiting (never a game's first save). ``write`` another way
        than the autosave's, the latest of ``origin`` (a live table's file)."""
        key = id(game) if origin is None else origin
        task = _Task(game.clone(), new, key, self._write if write is None else write)
        with self._cond:
            last = self._tasks[-1] if self._tasks else None
            if last is not None and last.origin == task.origin and not task.new:
                task.new = last.new  # the first save's keeping aside is not lost
                self._tasks[-1] = task
            else:
                self._tasks.append(task)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def flush(self) -> None:
        """Wait until everything submitted is on the disk (or its write failed); on the
        writer's own thread (a write that looks at the autosave), nothing to wait for."""
        if threading.current_thread() is self._thread:
            return
        with self._cond:
            self._cond.wait_for(lambda: not self._tasks and not self._busy)

    def take_messages(self) -> list[Message]:
        """What the writes had to tell the player since the last call."""
        with self._cond:
            messages, self._messages = self._messages, []
        return messages

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._tasks))
                task = self._tasks.pop(0)
                self._busy = True
            try:
                messages = task.write(task.game, task.new)
            except Exception as error:  # a write must never end the program
                messages = [("notice.autosave_failed", {"reason": str(error)})]
            if not self._failing():
                log.debug("autosaved %d actions", len(task.game.actions))
            with self._cond:
                self._messages += messages
                self._busy = False
                self._cond.notify_all()
