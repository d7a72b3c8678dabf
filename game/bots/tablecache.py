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
makes new files. A file that cannot be read, or does not hold a table of the expected
shape, is built again and written over; a folder that cannot be written is no error
(the table is then built in every process, as without the cache). The folder may be
deleted at any time.
"""

from __future__ import annotations

import marshal
import os
import sys
import zlib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TypeGuard

Table = list[list[float]]
HOME_ENV = "FLIP7_HOME"  # as ui.paths: a home folder instead of the user's folders
_HERE = Path(__file__).resolve().parent
FLOATS = {float}


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
    path = folder() / f"{name}-{digest()}.marshal"
    try:
        kept: object = marshal.loads(path.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        kept = None
    if fits(kept, rows):
        return kept
    table = build()
    try:
        from game.atomic import write_atomic  # only when one is written

        write_atomic(path, marshal.dumps(table))
    except OSError:
        pass  # a read-only or full disk: built again next time
    return table


def fits(table: object, rows: int) -> TypeGuard[Table]:
    """Whether ``table`` is ``rows`` lists of floats (a file read back, whatever it held)."""
    return (
        isinstance(table, list)
        and len(table) == rows
        and all(isinstance(row, list) and set(map(type, row)) <= FLOATS for row in table)
    )
