"""A file opened in the system's own viewer (an exported score sheet, to print from there):
``xdg-open`` on Linux and the BSDs, ``open`` on macOS, ``os.startfile`` on Windows.

:func:`open_file` starts the viewer and returns at once; :class:`Viewing` then tells,
without waiting, whether the opener gave up (``xdg-open`` exits with a non-zero status
when no program opens that kind of file).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

#: how long an opener that has not exited yet may still report a failure
WATCH_SECONDS = 10.0


class ViewerError(Exception):
    """No viewer could be started; the message is one line."""


class Viewing:
    """A viewer being started: :meth:`failed` once the opener has given up."""

    def __init__(self, path: Path, process: subprocess.Popen[bytes] | None) -> None:
        self.path = path
        self.process = process
        self.left = WATCH_SECONDS

    def failed(self, dt: float) -> bool | None:
        """True: the opener gave up; False: it worked (or is no longer watched);
        None: not known yet."""
        if self.process is None:
            return False
        code = self.process.poll()
        if code is not None:
            return code != 0
        self.left -= dt
        return None if self.left > 0 else False


def command(path: Path, platform: str = sys.platform) -> list[str] | None:
    """The command that opens ``path`` (None: ``os.startfile``, on Windows).

    >>> command(Path("/tmp/sheet.pdf"), "linux"), command(Path("/tmp/sheet.pdf"), "darwin")
    (['xdg-open', '/tmp/sheet.pdf'], ['open', '/tmp/sheet.pdf'])
    >>> command(Path("sheet.pdf"), "win32") is None
    True
    """
    if platform.startswith("win"):
        return None
    return ["open" if platform == "darwin" else "xdg-open", str(path)]


def open_file(path: Path) -> Viewing:
    """Start the system's viewer on ``path``; :class:`ViewerError` if none can be started."""
    if not path.is_file():
        raise ViewerError(f"{path.name} is not there any more")
    argv = command(path)
    try:
        if argv is None:
            os.startfile(path)  # type: ignore[attr-defined]  # Windows only
            return Viewing(path, None)
        process = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # the viewer outlives the game, and its Ctrl+C
        )
    except FileNotFoundError:
        raise ViewerError(f"{argv[0] if argv else 'the viewer'} is not installed") from None
    except OSError as e:
        raise ViewerError(e.strerror or str(e)) from None
    return Viewing(path, process)
