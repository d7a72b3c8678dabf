"""The expert's tables kept on disk between processes (docs/bots.md, the expert).

A table of :mod:`game.bots.winprob` takes a few hundredths of a second to build and a
fraction of a millisecond to read back from a file, so a short command
(``python -m game.advise``), a worker of ``game.simulate`` or the window's start reads
what an earlier process built instead of building it again.

Each table is one file in the cache folder — ``HOME/cache/expert-tables`` when the
``FLIP7_HOME`` environment variable names a home folder, else the user cache folder's
``expert-tables`` (``platformdirs``) — named by what it is and a digest of everything it
is computed from: :mod:`game.bots.winprob`'s source, ``expert_tables.json`` and the
Python version (a sum of floats may differ between versions). A change to any of them
makes new files. A file holds plain numbers — each row's length, then every cell, as
8-byte floats — read back as numbers only (nothing in it is ever run or unpickled). A
file that cannot be read, or does not hold a table of the expected shape, is built
again and written over; a folder that cannot be written is no error (the table is then
built in every process, as without the cache). The folder may be deleted at any time.
"""

from __future__ import annotations

import os
import sys
import zlib
from array import array
from collections.abc import Callable
from functools import cache
from pathlib import Path

Table = list[list[float]]
HOME_ENV = "FLIP7_HOME"  # as ui.paths: a home folder instead of the user's folders
_HERE = Path(__file__).resolve().parent


def folder() -> Path:
    """Where the tables are kept (see the module doc)."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home).expanduser() / "cache" / "expert-tables"
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("flip7", appauthor=False)) / "expert-tables"


@cache
def digest() -> str:
    """What the tables are computed from, in 8 hex digits (a CRC-32: a name, not a seal);
    "" when a source cannot be read (an install without them): then nothing is kept."""
    crc = zlib.crc32(sys.version.encode())
    for name in ("winprob.py", "expert_tables.json"):
        try:
            crc = zlib.crc32((_HERE / name).read_bytes(), crc)
        except OSError:
            return ""
    return f"{crc:08x}"


def stored(name: str, rows: int, build: Callable[[], Table]) -> Table:
    """The table ``name`` (``rows`` rows of floats): read from the cache folder, or built
    by ``build()`` and written there for the next process."""
    if not digest():
        return build()
    path = folder() / f"{name}-{digest()}.f64"
    try:
        kept = read(path.read_bytes(), rows)
    except OSError:
        kept = None
    if kept is not None:
        return kept
    table = build()
    try:
        from game.atomic import write_atomic  # only when one is written

        write_atomic(path, encode(table))
    except OSError:
        pass  # a read-only or full disk: built again next time
    return table


def encode(table: Table) -> bytes:
    """The file of ``table``: the length of each row, then every cell.

    >>> read(encode([[0.5, 0.25], [1.0]]), 2)
    [[0.5, 0.25], [1.0]]
    """
    data = array("d", [float(len(row)) for row in table])
    for row in table:
        data.extend(row)
    return data.tobytes()


def read(data: bytes, rows: int) -> Table | None:
    """The table of ``rows`` rows a file holds, or None if it holds anything else (cut
    off, damaged, another table's shape).

    >>> read(b"", 2), read(b"garbage!", 2), read(encode([[0.5]]), 2)
    (None, None, None)
    """
    cells = array("d")
    try:
        cells.frombytes(data)
    except ValueError:  # not a whole number of floats
        return None
    if len(cells) < rows:
        return None
    lengths = cells[:rows]
    # every length a whole number that fits (NaN and the out of range fail the first test)
    if not all(0 <= n <= len(cells) and n == int(n) for n in lengths):
        return None
    if len(cells) != rows + int(sum(lengths)):
        return None
    table, at = [], rows
    for n in map(int, lengths):
        table.append(cells[at : at + n].tolist())
        at += n
    return table
