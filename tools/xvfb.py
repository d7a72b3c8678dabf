"""A virtual X screen (Debian's ``xvfb``) on a free display number, for the real-window
tests (``tests/xwindow.py``) and ``python -m tools.bench_ui --x11``.

Xvfb picks a free display itself and writes its number to a pipe: no race with another
test run (or an xdist worker) starting a screen at the same moment. ``-noreset``: by
default the server resets whenever its last client leaves (a window closed, every
xdotool call), and a window that connects during the reset finds no display.
"""

from __future__ import annotations

import os
import subprocess


def start(size: tuple[int, int]) -> tuple[subprocess.Popen, str]:
    """Xvfb with one screen of ``size``: its process and its display (``":N"``);
    RuntimeError if it did not start."""
    read, write = os.pipe()
    proc = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size[0]}x{size[1]}x24"]
        + ["-nolisten", "tcp", "-noreset"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        pass_fds=(write,),
    )
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()  # empty if Xvfb ended without a display
    if not number or proc.poll() is not None:
        raise RuntimeError("Xvfb did not start")
    return proc, f":{number}"
