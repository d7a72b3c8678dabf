"""Tables on disk: one file per table, and a journal of the decisions made since.

A table file (``flip7-net-table/1``) holds the seats — names, kinds, the SHA-256 of
each person's token, never the token — and the table's ``flip7/1`` game file (seed
included: it never leaves the server before the game is over). :class:`Writer`
writes them from a thread of its own through :func:`game.atomic.write_atomic`, as
the window's autosave is written, so the server never waits for the disk.

Every decision is also one line of the journal (``journal-N.log`` beside the table
files): the table, the decision's number in its game, the state's version and the
decision. The writer appends every line put since its last pass (passes at least
:data:`JOURNAL_PAUSE` apart) in one write and makes them durable with one
``fdatasync``, so a decision costs a few bytes rather than a whole file. A table's
file is written whole again every :data:`SNAPSHOT_EVERY` decisions, whenever its
seats change and when its game starts or ends, and a journal whose every line the
table files hold is deleted. A restarted server reads the table files back and
replays the journal's lines past them (:func:`load_tables`), so it goes on from the
last decision on disk.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
import threading
import time
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game import events as ev
from game.atomic import fsync_folder, move, remove_stale_temp_files, write_atomic
from game.engine import Game
from game.gamefile import BOT_LEVELS, GameFileError, new_game, parse_actions, read_text, to_dict
from game.limits import MAX_PLAYERS, MIN_PLAYERS, excerpt, in_range, name_problem
from game.net.protocol import OPEN, dumps
from game.net.state import joined_more
from game.net.table import BOT, HUMAN, Seat, Settings, Table
from game.rules import RuleError, RuleOptions
from game.state import Action, IllegalActionError

FORMAT = "flip7-net-table/1"
FINISHED = "finished"  # the sub-folder where the files of finished tables go
#: a restarted server numbers its states from this far past the last one saved, so that
#: no decision sent for a state it showed but had not yet saved can count (``stale``)
VERSION_GAP = 10_000
SNAPSHOT_EVERY = 256  # a table's file is written whole again after this many decisions
#: the least time between two writes of the journal: the lines put meanwhile share one
#: ``fdatasync`` (a decision is on disk this much later at most, plus the write itself)
JOURNAL_PAUSE = 0.005
JOURNAL_BYTES = 4 << 20  # a journal this long is closed; the next lines start a new one
JOURNAL = re.compile(r"journal-([0-9]{1,9})\.log")
_CODE = re.compile(r"[A-Z0-9]{4,8}")
_HASH = re.compile(r"[0-9a-f]{64}")


class StoreError(ValueError):
    """A table file that cannot be read; one line."""


def tables_folder(home: str | os.PathLike[str] | None) -> Path:
    """Where a server keeps its tables: ``HOME/data/tables`` for ``--home HOME`` (or
    ``$FLIP7_HOME``), else the user's data folder's ``tables`` (as the window's saves)."""
    home = home or os.environ.get("FLIP7_HOME") or None
    if home:
        return Path(home).expanduser() / "data" / "tables"
    from platformdirs import user_data_dir

    return Path(user_data_dir("flip7", appauthor=False)) / "tables"


# ----------------------------------------------------------------------- writing
def encode(table: Table) -> str:
    """The table file's text: its seats, and its game's ``flip7/1`` file."""
    seats = [
        {"name": s.name, "kind": s.kind, "bot": s.bot, "token_sha256": s.token_hash}
        for s in table.seats
    ]
    head = {
        "format": FORMAT,
        "table": table.code,
        "version": table.version,
        "rules": table.rules.to_dict(),
        "creator": table.creator,
        "bot_seed": table.bot_seed,
        "seats": seats,
    }
    return f'{dumps(head)[:-1]},"game":{_game_text(table)}}}\n'


class _GameText:
    """A game's ``flip7/1`` file as JSON, its decisions kept as text: a save late in a
    long game costs what one early on does (``tools/bench_net.py``)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        file = to_dict(game)
        self.head = dumps({k: v for k, v in file.items() if k != "actions"})[:-1]
        #: the decisions written so far, and their JSON joined: one text, not one each
        self.actions: tuple[int, str] = (0, "")

    def text(self) -> str:
        names = self.game.players
        new = []
        for action in self.game.actions[self.actions[0] :]:
            item = {"player": names[action.seat], "do": action.kind}  # as gamefile.to_dict
            if action.target is not None:
                item["target"] = names[action.target]
            new.append(dumps(item))
        self.actions = joined_more(self.actions, new)
        return f'{self.head},"actions":[{self.actions[1]}]}}'


_TEXTS: weakref.WeakKeyDictionary[Table, _GameText] = weakref.WeakKeyDictionary()


def _game_text(table: Table) -> str:
    if table.game is None:
        return "null"
    cached = _TEXTS.get(table)
    if cached is None or cached.game is not table.game:
        cached = _TEXTS[table] = _GameText(table.game)
    return cached.text()


class Writer:
    """A thread that writes table files and the journal; :meth:`put` and :meth:`log`
    never wait for the disk."""

    def __init__(self, folder: Path, on_error: Callable[[str], None] | None = None) -> None:
        self.folder = folder
        self.on_error = on_error or (lambda line: print(line, file=sys.stderr, flush=True))
        #: called from the writer's thread after each table's write (or failure)
        self.done: Callable[[str], None] = lambda code: None
        self._pending: dict[str, tuple[str | None, str, int]] = {}  # code -> (text, then, n)
        self._lines: list[tuple[str, int, str]] = []  # (code, decisions, line) not yet written
        self._busy = False
        self._stop = False
        self._cond = threading.Condition()
        numbers = [int(m[1]) for p in _journals(folder) if (m := JOURNAL.fullmatch(p.name))]
        self._number = max(numbers, default=0)  # of the journal being written
        self._fd: int | None = None
        self._size = 0
        #: journal number -> the tables with lines in it -> the most decisions a line says
        self._held: dict[int, dict[str, int]] = {}
        self._thread = threading.Thread(target=self._run, name="flip7-net-writer", daemon=True)
        self._thread.start()

    def put(self, code: str, text: str | None, then: str = "keep", actions: int = 0) -> None:
        """Write ``text`` as the table's file (None: the text already waiting), then
        ``"keep"`` it, ``"retire"`` it to ``finished/`` or ``"remove"`` it. ``actions``:
        how many decisions of its game the text holds."""
        with self._cond:
            old = self._pending.get(code)
            if text is None and old is not None:
                text, actions = old[0], old[2]
            if old is not None and old[1] != "keep" and then == "keep":
                then = old[1]
            self._pending[code] = (text, then, actions)
            self._cond.notify_all()

    def log(self, code: str, index: int, version: int, action: str) -> None:
        """One decision into the journal: the ``index``-th of table ``code``'s game,
        which made state ``version``; ``action`` is its JSON text
        (:func:`~game.net.state.action_text`)."""
        line = f'{{"table":"{code}","action":{index},"version":{version},"do":{action}}}'
        with self._cond:
            self._lines.append((code, index + 1, f"{line}\n"))
            if len(self._lines) == 1:  # the writer waits for a first line, not for more
                self._cond.notify_all()

    def flush(self, timeout: float = 30.0) -> None:
        """Wait until everything put so far is on disk."""
        with self._cond:
            self._cond.wait_for(
                lambda: not self._pending and not self._lines and not self._busy, timeout
            )

    def close(self) -> None:
        self.flush()
        with self._cond:
            self._stop = True
            self._cond.notify_all()
        self._thread.join(timeout=10)
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        self._drop_journals()

    def _run(self) -> None:
        last = 0.0  # when the journal was last written (time.monotonic)
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending or self._lines or self._stop)
                while not self._pending and not self._stop:  # more lines to write with these
                    pause = last + JOURNAL_PAUSE - time.monotonic()
                    if pause <= 0:
                        break
                    self._cond.wait(pause)
                if not self._pending and not self._lines:
                    return
                lines, self._lines = self._lines, []
                job = None
                if self._pending:
                    code = next(iter(self._pending))
                    job = (code, *self._pending.pop(code))
                self._busy = True
            try:
                if lines:
                    last = time.monotonic()
                    self._journal(lines)
            except OSError as e:
                self.on_error(f"cannot write the journal: {e.strerror or e}")
            if job is None:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
                continue
            code, text, then, actions = job
            try:
                self._write(code, text, then)
                self._written(code, actions if then == "keep" else None)
            except OSError as e:
                self.on_error(f"table {code}: cannot save: {e.strerror or e}")
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
                self.done(code)

    def _journal(self, lines: list[tuple[str, int, str]]) -> None:
        """Append ``lines`` to the journal, durably (one write, one ``fdatasync``)."""
        if self._fd is not None and self._size > JOURNAL_BYTES:
            os.close(self._fd)
            self._fd = None
            self._drop_journals()
        if self._fd is None:
            self._number += 1
            self.folder.mkdir(parents=True, exist_ok=True)
            path = self.folder / f"journal-{self._number}.log"
            self._fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
            self._size = 0
            fsync_folder(self.folder)  # the new file's name survives a power cut too
        data = "".join(line for _c, _n, line in lines).encode("utf-8")
        os.write(self._fd, data)
        getattr(os, "fdatasync", os.fsync)(self._fd)
        self._size += len(data)
        held = self._held.setdefault(self._number, {})
        for code, decisions, _line in lines:
            held[code] = max(held.get(code, 0), decisions)

    def _written(self, code: str, actions: int | None) -> None:
        """A table's file holds its first ``actions`` decisions (None: the table is gone):
        the journal's lines for them are no longer needed."""
        for held in self._held.values():
            if code in held and (actions is None or held[code] <= actions):
                del held[code]
        self._drop_journals()

    def _drop_journals(self) -> None:
        """Delete every journal but the one being written whose lines the table files hold."""
        for number, held in list(self._held.items()):
            if not held and (number != self._number or self._fd is None):
                del self._held[number]
                with contextlib.suppress(FileNotFoundError):
                    (self.folder / f"journal-{number}.log").unlink()

    def _write(self, code: str, text: str | None, then: str) -> None:
        path = self.folder / f"{code}.json"
        if text is not None and then != "remove":
            write_atomic(path, text)
        if then == "retire":
            (self.folder / FINISHED).mkdir(parents=True, exist_ok=True)
            move(path, self.folder / FINISHED / path.name)
        elif then == "remove":
            with contextlib.suppress(FileNotFoundError):
                path.unlink()


def _journals(folder: Path) -> list[Path]:
    """The journals in ``folder``, oldest first."""
    if not folder.is_dir():
        return []
    found = [(int(m[1]), p) for p in folder.iterdir() if (m := JOURNAL.fullmatch(p.name))]
    return [p for _n, p in sorted(found)]


# ----------------------------------------------------------------------- reading
def load_tables(folder: Path, settings: Settings) -> tuple[list[Table], list[str]]:
    """Every table kept in ``folder``, and one line per file that could not be read.

    The journal's decisions past a table file are played on its table; the files of
    the tables they moved on are then written whole, and the journals deleted."""
    tables: list[Table] = []
    problems: list[str] = []
    if not folder.is_dir():
        return [], []
    remove_stale_temp_files(folder)
    for path in sorted(folder.glob("*.json")):
        try:
            tables.append(decode(json.loads(read_text(path)), settings))
        except (StoreError, GameFileError, ValueError, RecursionError) as e:
            problems.append(f"{path.name}: not a table file: {' '.join(str(e).split())[:200]}")
    journals = _journals(folder)
    if journals:
        moved = _replay_journals(journals, {t.code: t for t in tables}, problems)
        for table in moved:
            write_atomic(folder / f"{table.code}.json", encode(table))
        for path in journals:
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
        fsync_folder(folder)
    return tables, problems


def _replay_journals(
    journals: list[Path], tables: dict[str, Table], problems: list[str]
) -> list[Table]:
    """Play the journals' decisions past each table's file; the tables they moved on.
    A line cut short (the server killed as it wrote) and lines a file already holds are
    passed over; a table stops at a line that does not follow from its game."""
    moved: dict[str, Table] = {}
    stopped: set[str] = set()
    for path in journals:
        try:
            text = path.read_bytes().decode("utf-8", errors="replace")
        except OSError as e:
            problems.append(f"{path.name}: cannot read: {e.strerror or e}")
            continue
        for line in text.splitlines():
            try:
                item = json.loads(line)
                code, index = item["table"], item["action"]
                table = tables.get(code) if isinstance(code, str) else None
            except (ValueError, KeyError, TypeError):
                continue
            game = table.game if table is not None else None
            if table is None or game is None or code in stopped or index != len(game.actions):
                continue
            try:
                action = _journal_action(item, len(game.players))
                events = game.apply(action)
            except (StoreError, IllegalActionError) as e:
                problems.append(f"{path.name}: table {code}: decision {index}: {e}")
                stopped.add(code)
                continue
            table.cards += [e.card for e in events if type(e) is ev.CardDrawn]
            version = item.get("version")
            if in_range(version, 1, 2**52):
                table.version = table.game_version = max(table.version, version + VERSION_GAP)
            table.bot_rng.seed(f"{table.bot_seed}:{len(game.actions)}")
            table.logged = len(game.actions)
            table.filed = (table.seats_version, table.logged)
            moved[code] = table
    return list(moved.values())


def _journal_action(item: dict[str, Any], players: int) -> Action:
    do = item.get("do")
    if not isinstance(do, list) or len(do) not in (2, 3):
        raise StoreError("bad decision")
    seat, kind, *rest = do
    target = rest[0] if rest else None
    ok = in_range(seat, 0, players - 1) and kind in ("hit", "stay", "target")
    if not ok or (kind == "target") != in_range(target, 0, players - 1):
        raise StoreError("bad decision")
    return Action(kind, seat, target)


def decode(data: Any, settings: Settings) -> Table:
    """The table a parsed table file describes, every person away (just restarted)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StoreError(f"expected format {FORMAT!r}")
    code = data.get("table")
    if not isinstance(code, str) or not _CODE.fullmatch(code):
        raise StoreError(f"bad table code {excerpt(code)}")
    version = _int(data, "version", 1, 2**52)
    try:
        rules = RuleOptions.from_dict(data.get("rules"))
    except (RuleError, TypeError) as e:
        raise StoreError(str(e)) from None
    seats = _seats(data.get("seats"))
    creator = _int(data, "creator", 0, len(seats) - 1)
    if seats[creator].kind != HUMAN:
        raise StoreError("the creator's seat is not a person's")
    bot_seed = _int(data, "bot_seed", 0, 2**63)
    table = Table(code, rules, seats, creator, settings, bot_seed)
    if data.get("game") is not None:
        table.game, table.cards = _replay(data["game"], seats)
        table.bot_rng.seed(f"{bot_seed}:{len(table.game.actions)}")
    table.version = table.game_version = version + VERSION_GAP
    table.unsaved = False
    table.logged = len(table.game.actions) if table.game is not None else 0
    table.filed = (table.seats_version, table.logged)
    now = settings.clock()
    for seat in seats:
        if seat.kind == HUMAN:
            seat.dropped_at = now
    table.empty_since = now
    return table


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if not in_range(value, low, high):
        raise StoreError(f"bad {key} {excerpt(value)}")
    assert isinstance(value, int)
    return value


def _seats(raw: Any) -> list[Seat]:
    if not isinstance(raw, list) or not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        raise StoreError("bad seats")
    seats = []
    for item in raw:
        if not isinstance(item, dict):
            raise StoreError("bad seat")
        name, kind, bot, digest = (item.get(k) for k in ("name", "kind", "bot", "token_sha256"))
        if kind == HUMAN:
            ok = (
                name_problem(name) is None
                and isinstance(digest, str)
                and bool(_HASH.fullmatch(digest))
            )
        elif kind == BOT:
            ok = name_problem(name) is None and bot in BOT_LEVELS and digest is None
        else:
            ok = kind == OPEN and name is None and bot is None and digest is None
        if not ok:
            raise StoreError(f"bad seat {excerpt(name)}")
        seats.append(Seat(name, str(kind), bot, digest))
    return seats


def _replay(data: Any, seats: list[Seat]) -> tuple[Game, list[str]]:
    """The game of a table file, and the cards it turned over (its events, replayed)."""
    game = new_game(data, start=False)
    if list(game.players) != [s.name for s in seats] or list(game.bots) != [
        s.bot if s.kind == BOT else None for s in seats
    ]:
        raise StoreError("the game's players are not the table's seats")
    cards = [e.card for e in game.start() if type(e) is ev.CardDrawn]
    for index, action in enumerate(parse_actions(data, game)):
        try:
            events = game.apply(action)
        except IllegalActionError as e:
            raise GameFileError(f"action {index}: {e}") from None
        cards += [e.card for e in events if type(e) is ev.CardDrawn]
    return game, cards
