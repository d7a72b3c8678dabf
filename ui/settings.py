"""The player's settings, kept in ``settings.json`` in the config folder (:mod:`ui.paths`).

A file that cannot be used — not JSON, not an object, a value of the wrong
kind, a file that cannot be read — is never fatal: it is moved aside as
``settings.json.broken-<time>`` (copied there if it cannot be moved), the
values that were fine are kept, the rest take their defaults, a fresh file is
written, and :func:`load` returns a problem to report once. A file that can be
neither moved nor copied aside is left as it is and never written over.
A window larger than :data:`game.limits.MAX_WINDOW` is brought down to it.

>>> s, problem = from_dict({"language": "fr", "volume": 3, "speed": 1.5})
>>> s.language, s.volume, s.speed, problem
('fr', 0.7, 1.5, 'volume')
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from game.atomic import set_aside, write_atomic
from game.gamefile import GameFileError, read_text
from game.limits import MAX_WINDOW, MIN_WINDOW

LANGUAGES = ("en", "fr", "de")
SPEEDS = (0.5, 1.0, 1.5, 2.0, 3.0)  # the choices on the settings screen
WINDOW_SIZES = ((1024, 640), (1280, 720), (1600, 900), (1920, 1080))
MAX_BYTES = 64 * 1024  # a real settings file is a few hundred bytes
_PROTECTED: set[Path] = set()  # unreadable files that could not be kept aside: never replaced


@dataclass(frozen=True)
class Settings:
    language: str | None = None  # None: follow the system locale
    speed: float = 1.0
    reduced_motion: bool = False
    hints: bool = True
    volume: float = 0.7
    muted: bool = False  # the table's V: sound off, the volume kept for when it comes back
    window: tuple[int, int] = (1280, 720)
    fullscreen: bool = False

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["window"] = list(self.window)
        return {"format": "flip7-settings/1", **out}

    def with_(self, **changes: Any) -> Settings:
        return replace(self, **changes)


def _number(value: Any, low: float, high: float) -> float | None:
    ok = isinstance(value, int | float) and not isinstance(value, bool)
    return float(value) if ok and low <= value <= high else None


def _check(key: str, value: Any) -> Any:
    """The value if it is a fine value for ``key``, else None."""
    if key == "language":
        return value if value in LANGUAGES else None
    if key == "speed":
        return _number(value, 0.1, 20.0)
    if key == "volume":
        return _number(value, 0.0, 1.0)
    if key in ("reduced_motion", "hints", "fullscreen", "muted"):
        return value if isinstance(value, bool) else None
    if key == "window":
        if (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            and value[0] >= MIN_WINDOW[0]
            and value[1] >= MIN_WINDOW[1]
        ):
            return min(value[0], MAX_WINDOW[0]), min(value[1], MAX_WINDOW[1])
        return None
    return None


def from_dict(data: Any) -> tuple[Settings, str | None]:
    """Settings from a parsed file, and the keys that were unusable (None if all were fine)."""
    if not isinstance(data, dict):
        return Settings(), "not an object"
    values, bad = {}, []
    for f in fields(Settings):
        if f.name not in data:
            continue
        raw = data[f.name]
        if f.name == "language" and raw is None:
            continue
        value = _check(f.name, raw)
        if value is None:
            bad.append(f.name)
        else:
            values[f.name] = value
    return Settings(**values), ", ".join(bad) or None


def load(path: Path) -> tuple[Settings, str | None, Path | None]:
    """The settings in ``path``; and, if the file was broken, what was wrong and where it went.

    A missing file is not a problem (the first start). Unknown keys are ignored
    (a newer version may have written them).
    """
    path = Path(path)
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return Settings(), None, None
    except OSError:
        pass  # reading it says why
    try:
        data = json.loads(read_text(path, MAX_BYTES))
        settings, problem = from_dict(data)
    except GameFileError as e:  # cannot be read, not a regular file, too large, not UTF-8
        settings, problem = Settings(), f"cannot read it: {str(e).rpartition(': ')[2]}"
    except (ValueError, RecursionError) as e:  # not JSON, nested too deeply
        settings, problem = Settings(), f"not JSON ({type(e).__name__})"
    if problem is None:
        return settings, None, None
    kept = _keep_aside(path)
    if kept is None:  # still there, maybe still the player's: never written over
        _PROTECTED.add(path)
        return settings, f"{problem}; it is left as it is", None
    save(settings, path)
    return settings, problem, kept


def _keep_aside(path: Path) -> Path | None:
    """Move the broken file aside (or copy it, if it cannot be moved); where it went."""
    return set_aside(path, copy=True)


def save(settings: Settings, path: Path) -> bool:
    """Write the settings atomically; False if the disk refused (the game goes on), or if
    the file there could not be read nor kept aside (it is never written over)."""
    if Path(path) in _PROTECTED:
        return False
    try:
        write_atomic(path, json.dumps(settings.to_dict(), indent=1) + "\n")
    except OSError:
        return False
    return True
