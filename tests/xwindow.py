"""A real X11 window for the end-to-end tests: Xvfb, ``python main.py`` as a user starts
it, xdotool for keys and the mouse, screenshots of the window (Pillow's X grab), and the
autosave read back with the engine's own loader.

Needs Debian's ``xvfb`` and ``xdotool`` (``.ci/run`` installs them when missing).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from PIL import Image, ImageChops, ImageGrab, ImageStat

from tools import xvfb

PROJECT = Path(__file__).resolve().parent.parent
GOLD = (247, 199, 70)  # ui.assets.GOLD: the prompt when a person may decide


def missing_tools() -> list[str]:
    return [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]


class Xvfb:
    """A virtual screen on a free display number."""

    def __init__(self, size=(1280, 800)) -> None:
        self.proc, self.display = xvfb.start(size)

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(5)


class Window:
    """``python main.py ARGS`` in its own home folder, on ``xvfb``'s screen."""

    def __init__(self, xvfb: Xvfb, home: Path, *args: str, wait: bool = True) -> None:
        """Start the window; ``wait`` False: return at once (:meth:`shown` waits for it, so
        several windows start side by side)."""
        self.xvfb, self.home = xvfb, home
        env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
        env.update(DISPLAY=xvfb.display, SDL_AUDIODRIVER="dummy", FLIP7_HOME=str(home))
        self.log = (home / "stderr.txt").open("w")
        self.proc = subprocess.Popen(
            [sys.executable, str(PROJECT / "main.py"), *args],
            cwd=PROJECT,
            env=env,
            stdout=self.log,
            stderr=self.log,
        )
        if wait:
            self.shown()

    def shown(self) -> None:
        """Wait for the window to show, then focus it."""
        self.wid, self.box = self._find_window()
        self.xdotool("windowfocus", "--sync", self.wid)

    def xdotool(self, *args: str) -> str:
        done = subprocess.run(
            ["xdotool", *args],
            capture_output=True,
            text=True,
            timeout=10,
            env=dict(os.environ, DISPLAY=self.xvfb.display),
        )
        return done.stdout.strip()

    def _find_window(self) -> tuple[str, tuple[int, int, int, int]]:
        """The window's id and box on the screen. A window found may be gone
        before its geometry is read (SDL can replace it while it opens): then
        it is looked for again."""
        # generous: on a fresh checkout the first start makes the card art, and the
        # tests share two cores with other workers (pytest -n 4)
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"main.py exited: {self.stderr()}")
            found = self.xdotool("search", "--onlyvisible", "--pid", str(self.proc.pid))
            for wid in found.split():
                shell = self.xdotool("getwindowgeometry", "--shell", wid).split()
                g = dict(line.split("=", 1) for line in shell if "=" in line)
                if all(key in g for key in ("X", "Y", "WIDTH", "HEIGHT")):
                    x, y = int(g["X"]), int(g["Y"])
                    return wid, (x, y, x + int(g["WIDTH"]), y + int(g["HEIGHT"]))
            time.sleep(0.1)
        raise RuntimeError("no window")

    @property
    def size(self) -> tuple[int, int]:
        return self.box[2] - self.box[0], self.box[3] - self.box[1]

    def stderr(self) -> str:
        self.log.flush()
        return (self.home / "stderr.txt").read_text()

    # ------------------------------------------------------------ input
    def key(self, name: str) -> None:
        self.xdotool("key", "--window", self.wid, name)

    def type_keys(self, names: list[str], delay: float = 0.1) -> None:
        """Keys one after another, ``delay`` seconds apart, as a fast typist's."""
        gap = str(round(delay * 1000))
        for i in range(0, len(names), 20):  # a few calls: each must end within its timeout
            self.xdotool("key", "--window", self.wid, "--delay", gap, *names[i : i + 20])

    def move_mouse(self, x: int, y: int) -> None:
        """To (x, y) inside the window. (``mousemove --sync`` waits for the pointer to
        move: it would wait forever for a pointer already there, left by an earlier test.)"""
        at = (self.box[0] + x, self.box[1] + y)
        shell = self.xdotool("getmouselocation", "--shell").split()
        now = dict(line.split("=", 1) for line in shell if "=" in line)
        if (now.get("X"), now.get("Y")) != (str(at[0]), str(at[1])):
            self.xdotool("mousemove", "--sync", str(at[0]), str(at[1]))

    def click(self, times: int = 1, gap: float = 0.12) -> None:
        """Left clicks where the pointer is (``times`` of them ``gap`` seconds apart)."""
        self.xdotool("click", "--repeat", str(times), "--delay", str(round(gap * 1000)), "1")

    # ------------------------------------------------------------ output
    def shot(self) -> Image.Image:
        return ImageGrab.grab(bbox=self.box, xdisplay=self.xvfb.display).convert("RGB")

    def wait_still(self, still: float = 1.2, timeout: float = 20.0) -> Image.Image:
        """The picture once it has not changed for ``still`` seconds."""
        deadline = time.monotonic() + timeout
        last, since = self.shot(), time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(0.1)
            now = self.shot()
            if ImageChops.difference(now, last).getbbox() is not None:
                last, since = now, time.monotonic()
            elif time.monotonic() - since >= still:
                return now
        raise AssertionError(f"the window never stood still for {still} s")

    def autosave(self) -> dict | None:
        path = self.home / "data" / "autosave.json"
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None

    def finished(self) -> bool:
        return (self.home / "data" / "last-finished.json").exists()

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.log.close()


def gold_pixels(image: Image.Image, box: tuple[int, int, int, int]) -> int:
    """Pixels of the prompt's gold in ``box`` (a prompt a person may answer now)."""
    bands = image.crop(box).split()
    near = [
        band.point(lambda p, v=value, tol=tol: 255 if abs(p - v) < tol else 0)
        for band, value, tol in zip(bands, GOLD, (16, 16, 24), strict=True)
    ]
    return ImageChops.multiply(ImageChops.multiply(near[0], near[1]), near[2]).histogram()[255]


def brightness(image: Image.Image, box: tuple[int, int, int, int]) -> float:
    """The mean of R+G+B over ``box`` (an overlay's shade makes it drop)."""
    region = image.crop(box)
    if not region.width or not region.height:
        return 0.0
    return float(sum(ImageStat.Stat(region).mean))


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a, b).getbbox() is None
