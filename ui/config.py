"""What the app is asked to do: built by ``main.py`` from the command line.

>>> parse_players("Ana,Ben,bot:expert,bot:normal")
[Seat(name='Ana', bot=None), Seat(name='Ben', bot=None), Seat(name='Ada', bot='expert'), \
Seat(name='Bo', bot='normal')]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from game.gamefile import BOT_LEVELS
from game.limits import (
    MAX_PLAYERS,
    MAX_WINDOW,
    MIN_PLAYERS,
    MIN_WINDOW,
    TABLE_BOT_TIMEOUT,
    excerpt,
    name_problem,
)

MIN_SEATS, MAX_SEATS = MIN_PLAYERS, MAX_PLAYERS
BOT_NAMES = (
    "Ada",
    "Bo",
    "Cyd",
    "Dee",
    "Eli",
    "Fay",
    "Gus",
    "Hal",
    "Ivy",
    "Jo",
    "Kit",
    "Lou",
    "Max",
    "Nia",
    "Oz",
    "Pia",
    "Quin",
    "Rex",
    "Sol",
)


class ConfigError(ValueError):
    """A bad command-line value; the message is one line for the user."""


class Seat(NamedTuple):
    name: str
    bot: str | None  # a bot level, or None for a human


@dataclass
class Config:
    """Everything :func:`ui.app.run` needs; the defaults open the menu.

    ``None`` in a field that the settings also hold (speed, window, language…)
    means "as in the player's settings"; a value (a command-line flag) wins for
    this run. The app fills them in (:meth:`ui.app.App.__init__`).
    """

    players: list[Seat] | None = None  # start this game at once
    demo: bool = False
    resume: bool = False  # take up the autosaved game at once
    seed: int | None = None
    speed: float | None = None
    size: tuple[int, int] | None = None
    fullscreen: bool | None = None
    frames: int | None = None
    screenshot: str | None = None
    lang: str | None = None  # None: from the settings, else the system locale
    reduced_motion: bool | None = None
    hints: bool | None = None
    volume: float | None = None  # 0..1
    think_time: float = 0.55  # the visible "thinking" beat of a bot, in seconds
    target: int | None = None  # rule R8.1 target, default 200
    fps: int = 60  # frame rate while something moves
    home: str | None = None  # settings and saves go to HOME/config, HOME/data (ui.paths)
    replay: str | None = None  # a game file to watch at once (ui.table.replay)
    #: plug-in specs a game file may name and that run without asking (--trust-bot)
    trusted_bots: tuple[str, ...] = ()
    bot_timeout: float = TABLE_BOT_TIMEOUT  # seconds a plug-in has per decision at the table


@dataclass
class Resolved(Config):
    """A :class:`Config` with the settings' values filled in (:func:`ui.app.resolved`)."""

    speed: float = 1.0
    size: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    lang: str = "en"
    reduced_motion: bool = False
    hints: bool = True
    volume: float = 0.7


def parse_players(text: str) -> list[Seat]:
    """``"Ana,Ben,bot:expert,bot:normal:Zoe"``: humans by name, bots by level (and name).

    A bot may be a plug-in: ``bot:mybots/cautious.py:choose[:Name]``.
    """
    parts = [p.strip() for p in text.split(",")]
    if any(not p for p in parts):
        raise ConfigError("--players: empty name in the list")
    humans = {p for p in parts if not p.lower().startswith("bot:")}
    free_names = iter(n for n in BOT_NAMES if n not in humans)
    seats: list[Seat] = []
    for part in parts:
        if part.lower().startswith("bot:"):
            level, name = _bot_part(part)
            seats.append(Seat(name or next(free_names), level))
        else:
            seats.append(Seat(part, None))
    names = [s.name for s in seats]
    for name in names:
        problem = name_problem(name)
        if problem:
            raise ConfigError(f"--players: {problem}")
    if len(set(names)) != len(names):
        raise ConfigError("--players: every name must be different")
    if not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise ConfigError(
            f"--players: {len(seats)} player{'' if len(seats) == 1 else 's'}; "
            f"the table seats {MIN_SEATS} to {MAX_SEATS}"
        )
    return seats


def _bot_part(part: str) -> tuple[str, str]:
    """``bot:LEVEL[:Name]`` or ``bot:SPEC[:Name]`` with a plug-in SPEC (docs/bots.md):
    ``PATH.py:FUNCTION`` or ``package.module:FUNCTION``. Returns (level or spec, name or "")."""
    bits = part.split(":")[1:]
    level = bits[0].strip().lower()
    if level in BOT_LEVELS:
        return level, ":".join(bits[1:]).strip()
    if len(bits) < 2:
        raise ConfigError(
            f"--players: unknown bot level {excerpt(level)} (known: "
            f"{', '.join(BOT_LEVELS)}, or PATH.py:FUNCTION, package.module:FUNCTION)"
        )
    from game.bots.plugins import static_problem

    spec = f"{bits[0].strip()}:{bits[1].strip()}"
    problem = static_problem(spec)  # read, never run: the plug-in runs in its own process
    if problem is not None:
        raise ConfigError(f"--players: cannot load {problem}")
    return spec, ":".join(bits[2:]).strip()


def parse_size(text: str) -> tuple[int, int]:
    """``"1280x720"`` → (1280, 720)."""
    (low_w, low_h), (high_w, high_h) = MIN_WINDOW, MAX_WINDOW
    try:
        if not text.isascii() or len(text) > 20:
            raise ValueError(text)
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise ConfigError(
            f"--size: expected WIDTHxHEIGHT like 1280x720, from {low_w}x{low_h} "
            f"to {high_w}x{high_h}, not {excerpt(text)}"
        ) from None
    if not (low_w <= w <= high_w and low_h <= h <= high_h):
        raise ConfigError(f"--size: {w}x{h} is out of range ({low_w}x{low_h} to {high_w}x{high_h})")
    return w, h


def demo_seats(count: int = 5) -> list[Seat]:
    levels = ("expert", "normal", "easy", "baseline", "normal", "expert")
    return [Seat(BOT_NAMES[i], levels[i % len(levels)]) for i in range(count)]
