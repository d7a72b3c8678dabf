"""Durable file writes that know nothing of the game: whole or not at all.

The game file (:func:`game.gamefile.save`) and everything the window keeps on disk
(``ui/storage/``, settings, printing) write through here, so ``game`` never needs
``ui`` for it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import stat
import tempfile
import time
from pathlib import Path

TEMP_SUFFIX = ".tmp"  # write_atomic's temp files: ``.NAME.<random>.tmp``


def write_atomic(path: Path, text: str | bytes) -> None:
    """Write ``path`` whole or not at all: a temp file beside it, fsync, rename, fsync of
    the folder. A symbolic link at ``path`` is replaced, never followed. Text that cannot
    be written as UTF-8 (a lone surrogate) is an ``OSError`` like a full disk."""
    try:
        data = text.encode("utf-8") if isinstance(text, str) else text
    except UnicodeEncodeError:
        raise OSError(errno.EINVAL, "text that cannot be written as UTF-8") from None
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        if hasattr(os, "fchmod"):  # mkstemp makes 0600; a save is an ordinary file
            os.fchmod(fd, 0o644)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_folder(path.parent)


def fsync_folder(folder: str | os.PathLike[str]) -> None:
    """Make a rename in ``folder`` survive a power cut (POSIX; a no-op where it cannot)."""
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def move(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
    """Rename ``src`` to ``dst`` (replacing it) and make the rename durable."""
    os.replace(src, dst)
    fsync_folder(Path(dst).parent)
    if Path(src).parent != Path(dst).parent:
        fsync_folder(Path(src).parent)


def move_to_new(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
    """Rename ``src`` to ``dst``, a name that must be free: ``FileExistsError`` if it is
    taken, which is never replaced (a hard link, then the old name removed; where the file
    system has no hard links, a rename after a look)."""
    try:
        os.link(src, dst, follow_symlinks=False)
    except FileExistsError:
        raise
    except OSError:  # no hard links here (or a folder): look, then rename
        if os.path.lexists(dst):
            raise FileExistsError(errno.EEXIST, "taken", str(dst)) from None
        os.rename(src, dst)
    else:
        os.unlink(src)
    fsync_folder(Path(dst).parent)


def _stamp(now: float | None) -> str:
    return time.strftime("%Y%m%d-%H%M%S", time.localtime(now))


def set_aside(
    path: str | os.PathLike[str], now: float | None = None, copy: bool = False
) -> Path | None:
    """Keep a file the program cannot use: moved to ``NAME.broken-<YYYYmmdd-HHMMSS>``
    (``…-2``, ``…-3`` when that name is taken, so a kept file is never replaced); where it
    went, or None when it could not be moved. ``copy``: a file that cannot be moved is
    copied there instead (a regular file only). ``now``: the time of the stamp."""
    path = Path(path)
    base = f"{path.name}.broken-{_stamp(now)}"
    for n in range(1, 1000):
        kept = path.with_name(base if n == 1 else f"{base}-{n}")
        try:
            move_to_new(path, kept)
            return kept
        except FileExistsError:
            continue
        except OSError:
            break
    return _copy_aside(path, base) if copy else None


def _copy_aside(path: Path, base: str) -> Path | None:
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None
    except OSError:
        return None
    for n in range(1, 1000):
        kept = path.with_name(base if n == 1 else f"{base}-{n}")
        try:
            with open(path, "rb") as src, open(kept, "xb") as dst:
                try:
                    shutil.copyfileobj(src, dst)
                except OSError:
                    os.unlink(kept)  # no half copy left behind
                    raise
            return kept
        except FileExistsError:
            continue
        except OSError:
            return None
    return None


def remove_stale_temp_files(folder: str | os.PathLike[str], age: float = 5.0) -> None:
    """Temp files of :func:`write_atomic` that a killed process never renamed."""
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            if entry.name.startswith(".") and entry.name.endswith(TEMP_SUFFIX):
                with contextlib.suppress(OSError):
                    if (
                        entry.is_file(follow_symlinks=False)
                        and time.time() - entry.stat(follow_symlinks=False).st_mtime > age
                    ):
                        os.unlink(entry.path)
