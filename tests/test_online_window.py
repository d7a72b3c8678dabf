"""Two real windows (Xvfb) playing one game across screens: ``python main.py`` twice, as two
people start it, side by side on one virtual screen; one hosts from Play online, the other
joins with the address and the code the host's screen gives; both play with keys only
until the game is over, and the server's kept game holds both people's decisions. Every
connection is on 127.0.0.1."""

import json
import time

import pygame
import pytest

from game import gamefile
from tests.xwindow import Window, Xvfb, missing_tools
from ui.driver import button_center, click, make_app, press

pytestmark = [
    pytest.mark.slow,  # two real X11 windows in real time
    pytest.mark.skipif(
        bool(missing_tools()),
        reason=f"needs {' and '.join(missing_tools())} (Debian: apt-get install xvfb xdotool)",
    ),
]
SIZE = (1024, 640)


def form_points(mode: str) -> dict[str, tuple[int, int]]:
    """Where the Play online form's widgets are in a window of SIZE (the same code lays out
    the real window)."""
    app = make_app(size=SIZE, lang="en")
    press(app, pygame.K_o)
    if mode != "host":
        click(app, button_center(app.stack.top, f"mode:{mode}"))
    form = app.stack.top
    points = {name: w.rect.center for name, w in form.widgets.items()}
    pygame.display.quit()
    return points


def at(window: Window, point: tuple[int, int]) -> None:
    window.move_mouse(*point)
    window.click()
    time.sleep(0.3)


def typed(window: Window, text: str) -> None:
    """Select what the field holds and type ``text`` over it."""
    window.key("ctrl+a")
    window.xdotool("type", "--window", window.wid, "--delay", "40", text)
    time.sleep(0.2)


def test_two_windows_host_and_join_one_game_and_play_it_to_the_end(tmp_path):
    host_points, join_points = form_points("host"), form_points("join")
    screen = Xvfb(size=(2 * SIZE[0] + 40, SIZE[1] + 40))
    # the cards fly four times as fast: the game's turns, not its pace, are what is tested
    args = ("--size", f"{SIZE[0]}x{SIZE[1]}", "--lang", "en", "--speed", "4")
    windows = []
    try:
        for name in ("host", "guest"):  # both start at once
            windows.append(Window(screen, _home(tmp_path, name), *args, wait=False))
        host, guest = windows
        for window in windows:
            window.shown()
        guest.xdotool("windowmove", "--sync", guest.wid, str(SIZE[0] + 30), "0")
        host.xdotool("windowmove", "--sync", host.wid, "0", "0")
        host.box, guest.box = _box(host), _box(guest)
        # the host: Play online, one friend and one bot, 40 points to win, Open the table
        _focus(host)
        host.key("o")
        time.sleep(0.8)
        at(host, host_points["less:bots"])
        at(host, host_points["target"])
        typed(host, "40")
        at(host, host_points["go"])
        seats = tmp_path / "host" / "data" / "online" / "seats.json"
        key = _wait(lambda: json.loads(seats.read_text())[0] if seats.exists() else None)
        # the guest: Play online, Join, the address and code the host's lobby shows
        _focus(guest)
        guest.key("o")
        time.sleep(0.8)
        at(guest, join_points["mode:join"])
        for field, text in (
            ("address", f"127.0.0.1:{key['port']}"),
            ("code", key["table"]),
            ("name", "Bob"),
        ):
            at(guest, join_points[field])
            typed(guest, text)
        guest.key("Return")
        tables = tmp_path / "host" / "data" / "tables"
        _wait(lambda: _seated(tables, key["table"], "Bob"))
        _focus(host)
        host.key("Return")  # Start the game
        # both play with keys only: each window's person hits, gives a Freeze or a Flip
        # Three to the first seat offered (1), then stays; a key on a screen whose person
        # is not asked decides nothing
        start = time.monotonic()
        while key["table"] in seats.read_text():  # the host's screen forgets a finished table
            assert time.monotonic() - start < 300, "the game did not end"
            for window in (host, guest):
                _focus(window)
                window.type_keys(["h", "1", "s"], delay=0.05)
        finished = _wait(lambda: _finished(tables, key["table"]))  # kept whole at its end
        names = [a["player"] for a in finished["actions"]]
        # both people decided, each on their screen
        assert {"Player", "Bob"} <= set(names), (finished["players"], finished.get("rules"), names)
        assert gamefile.from_dict(finished).over
        for window in (host, guest):
            assert window.proc.poll() is None and "Traceback" not in window.stderr()
    finally:
        for window in windows:
            window.close()
        screen.close()


def _home(tmp_path, name):
    home = tmp_path / name
    home.mkdir()
    return home


def _box(window: Window) -> tuple[int, int, int, int]:
    shell = window.xdotool("getwindowgeometry", "--shell", window.wid).split()
    g = dict(line.split("=", 1) for line in shell if "=" in line)
    x, y = int(g["X"]), int(g["Y"])
    return x, y, x + int(g["WIDTH"]), y + int(g["HEIGHT"])


def _focus(window: Window) -> None:
    window.xdotool("windowfocus", "--sync", window.wid)


def _wait(found, seconds=30.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            value = found()
        except (OSError, ValueError, KeyError, IndexError):
            value = None
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError("still waiting")


def _table_file(tables, code):
    for path in tables.glob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("table") == code:
            return data
    return None


def _seated(tables, code, name):
    data = _table_file(tables, code)
    return data is not None and any(s.get("name") == name for s in data.get("seats", []))


def _finished(tables, code):
    data = _table_file(tables, code)
    game = (data or {}).get("game")
    if game is None or not gamefile.from_dict(game).over:
        return None
    return game
