"""Every limit of the program, stated once (README, "Limits").

The loaders (game files, score sheets, statistics, settings) refuse what is
beyond them with one line, and every input field and command-line flag keeps
within them, so the program never writes a file it would refuse to read.

>>> name_problem("Léa"), name_problem("\\u200b\\u202e") is not None
(None, True)
>>> excerpt("a" * 100)
"'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…"
"""

from __future__ import annotations

import os
import unicodedata
from typing import Any

MIN_PLAYERS = 2
MAX_PLAYERS = 18  # seats at the table, New game, --players, score sheets (R2.1, R1.4)
MAX_FILE_PLAYERS = 36  # a flip7/1 file (python -m game.replay): two decks' worth (R1.4)
MAX_NAME = 40  # characters in a player's name, everywhere
MAX_SPEC = 300  # characters of a plug-in bot's spec (PATH.py:FUNCTION), everywhere
MAX_DECKS = 10  # rule option `decks` (R9)
MAX_TARGET = 10_000  # rule option `target`, New game, --target, score sheets (R8.1)
MAX_TOTAL = 1_000_000  # a starting total (`totals`, `start_totals`)
MAX_COUNT = 10**9  # any count kept in the statistics (rounds, points, busts…)
MAX_ACTIONS = 100_000  # decisions in one game file
MAX_DEALT = 400_000  # cards listed in an observed game file's `deck` (a few per decision)
MAX_FILE_BYTES = 16 * 1024 * 1024  # any file the program reads (a game file is a few kB)
MAX_WINDOW = (3840, 2160)  # the largest window size kept in the settings or asked by --size
MIN_WINDOW = (320, 240)
EXCERPT = 40  # characters of a bad value quoted in a message
MAX_GAMES = 10_000_000  # --games of game.simulate and game.tournament (hours of play)
MAX_SOLO_ROUNDS = 100_000_000  # --solo-rounds of game.simulate
MAX_FRAMES = 1_000_000  # --frames of the window (hours at 60 frames a second)
WORKERS_PER_CORE = 4  # --workers: at most this many processes per core
BOT_TIMEOUT = 10.0  # seconds a plug-in bot has per decision in the commands (--bot-timeout)
MAX_BOT_TIMEOUT = 3600.0  # the longest --bot-timeout
TABLE_BOT_TIMEOUT = 2.0  # seconds a plug-in bot has per decision at the table
BOT_LOAD_TIMEOUT = 30.0  # seconds a plug-in has to be imported, at the table


def max_workers() -> int:
    """The most processes ``--workers`` may start: :data:`WORKERS_PER_CORE` per core."""
    return (os.cpu_count() or 1) * WORKERS_PER_CORE


# -- Play across screens (flip7-net/1, docs/network.md) -------------
NET_MAX_MESSAGE = 65_536  # bytes of one WebSocket message, either way (a longer one: an error)
NET_MAX_TABLES = 1_000  # tables one server keeps at once (finished ones leave when empty)
NET_MAX_CONNECTIONS = 5_000  # open connections to one server
NET_MAX_TABLE_CONNECTIONS = 50  # players and spectators of one table
NET_MAX_TARGET = 300  # rule option `target` of a table (a longer game: longer messages)
#: bytes the names at one table take together, as its messages write them (UTF-8, a `"`
#: or `\` two): every name is in every state, in every round's scores and in every
#: decision of the `over` file, which keep within NET_MAX_MESSAGE (docs/network.md)
NET_MAX_NAME_BYTES = 360
NET_MAX_TOKEN = 64  # characters of a seat token sent back (the server makes 43)
NET_MAX_WAIT = 3_600  # --wait: seconds a dropped player's seat waits before a bot plays it
NET_MAX_BOT_DELAY = 10.0  # --bot-delay: seconds a bot takes for a decision at a table
NET_RATE = 20.0  # messages a second one connection may send, sustained ...
NET_BURST = 60  # ... and at once
NET_BAD_TO_CLOSE = 30  # refused messages (less one a second) after which a connection closes
NET_LOBBY_IDLE = 1_800  # seconds a table not started stays with nobody connected

#: categories never allowed in a name: control characters (NUL, newline…), lone
#: surrogates, line and paragraph separators, private use and unassigned code points
_NEVER = frozenset({"Cc", "Cs", "Zl", "Zp", "Co", "Cn"})
#: what counts as visible: letters, marks that take room, numbers, punctuation, symbols
_VISIBLE = frozenset(
    {
        "Lu",
        "Ll",
        "Lt",
        "Lm",
        "Lo",
        "Mc",
        "Nd",
        "Nl",
        "No",
        "Pc",
        "Pd",
        "Ps",
        "Pe",
        "Pi",
        "Pf",
        "Po",
        "Sm",
        "Sc",
        "Sk",
        "So",
    }
)
#: what a text field refuses as typed: the above, and characters without width of
#: their own (format characters such as U+200B or U+202E, combining marks)
_UNTYPEABLE = _NEVER | {"Cf", "Mn", "Me"}


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot be a player's name (one line), or None when it can."""
    if not isinstance(name, str):
        return "a name must be text"
    if not name.strip():
        return "empty name"
    if len(name) > MAX_NAME:
        return f"name longer than {MAX_NAME} characters: {excerpt(name, 20)}"
    bad = next((c for c in name if unicodedata.category(c) in _NEVER), None)
    if bad is not None:
        return f"name with a control or invalid character ({ascii(bad)}): {excerpt(name)}"
    if not any(unicodedata.category(c) in _VISIBLE for c in name):
        return f"name without a visible character: {excerpt(name)}"
    return None


def typeable(char: str) -> bool:
    """Whether a text field takes this character as typed (it draws with a width)."""
    return len(char) == 1 and unicodedata.category(char) not in _UNTYPEABLE


class Untypeable:
    """``char in UNTYPEABLE``: what pygame_gui text fields refuse (``forbidden_characters``)."""

    def __contains__(self, char: object) -> bool:
        return not isinstance(char, str) or not all(typeable(c) for c in char)

    def copy(self) -> Untypeable:
        return self


UNTYPEABLE = Untypeable()


def clean_text(text: str) -> str:
    """``text`` without what a text field refuses (pasted or set text)."""
    return "".join(c for c in text if typeable(c))


def printable(text: str) -> str:
    """``text`` fit to draw on one line: control characters, lone surrogates (a file name
    that is not UTF-8) and line separators become ``?``."""
    return "".join("?" if unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp") else c for c in text)


def excerpt(value: object, limit: int = EXCERPT) -> str:
    """A short, escaped quotation of a bad value for a one-line message."""
    try:
        text = repr(value) if not isinstance(value, dict | list) else _short_repr(value)
    except (ValueError, RecursionError):  # a 5,000-digit int, a deep nest
        return type(value).__name__
    if is_int(value) and len(text) > limit:
        return f"a number of {len(text.lstrip('-'))} digits"
    text = (
        text.encode("ascii", "backslashreplace").decode("ascii") if not text.isprintable() else text
    )
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _short_repr(value: dict[Any, Any] | list[Any]) -> str:
    kind = "an object" if isinstance(value, dict) else "a list"
    return f"{kind} of {len(value)}"


def parse_int(text: str) -> int | None:
    """An integer typed in a field: ASCII digits only (``"²"`` is no number), else None."""
    text = text.strip()
    if not text or len(text) > 18 or not text.isascii() or not text.isdigit():
        return None
    return int(text)


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def in_range(value: object, low: int, high: int) -> bool:
    """An integer (never a bool or a float) from ``low`` to ``high``."""
    return is_int(value) and low <= value <= high  # type: ignore[operator]
