"""The Play online gallery (``python -m tools.screenshot --only online``): the form, the
lobby, the host's table when a friend drops out and comes back, a guest's table when its
connection is lost and when the host closes the table, and a spectator's table. Every
server here listens on 127.0.0.1."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pygame

from game.net.client import Client
from game.net.protocol import HOST_CLOSED
from game.net.server import start_in_thread
from ui.app import App
from ui.config import Config
from ui.driver import button_center, clear_entry, click, press, pump, scratch_home, type_text
from ui.online.session import OnlineSession


def _until(app: App, done, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            raise RuntimeError("the online gallery waited too long")
        app.step(dt=1 / 30, draw=False)  # drawn when kept (save)
        time.sleep(0.005)


def _settle(app: App, seconds: float = 1.5) -> None:
    """Real time for the network, the cards landed."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        top: Any = app.stack.top
        if hasattr(top, "skip"):
            top.skip()
        app.step(dt=1 / 30, draw=False)  # drawn when kept (save)
        time.sleep(0.01)


def _seats(session: OnlineSession) -> list[dict[str, Any]]:
    return list((session.state or {}).get("seats") or [])


def _decide(table: Any) -> None:
    """The seats of this screen hit once, then stay (a target: the first seat offered)."""
    play = table.driver.play
    d = play.ready_turn()
    if d is None:
        return
    if d.kind == "hit_or_stay":
        cards = len(table.game.snapshot().hands[d.seat].numbers)
        play.command("hit" if cards < 2 else "stay")
    else:
        play.decide(d.actions[0])


def online(out: Path, shot, size=(1280, 720), lang: str = "en") -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    made: list[Path] = []

    def save(app: App, name: str) -> None:
        pump(app, 2)
        path = out / f"online-{name}-{lang}.png"
        shot(app, path)
        made.append(path)

    # the host's screen: the form, the lobby, a friend who drops out and comes back
    app = App(Config(size=size, lang=lang, think_time=0.4, home=scratch_home()))
    press(app, pygame.K_o)
    click(app, button_center(app.stack.top, "public:yes"))
    save(app, "host")
    click(app, button_center(app.stack.top, "mode:join"))
    form: Any = app.stack.top
    for field, text in (("address", "192.168.1.20:7707"), ("code", "K7QX2M"), ("name", "Léa")):
        click(app, button_center(form, field))
        clear_entry(app)
        type_text(app, text)
    save(app, "join")
    app.stack.pop()
    session = OnlineSession.host(
        app.dirs.data / "tables", app.dirs.data / "online" / "seats.json", False, 0, 0.4, 3.0
    )
    session.create("Léa", ["me", "open", {"bot": "normal", "name": "Ada"}], {"target": 200})
    lobby: Any = app.go("lobby", session)
    _until(app, lambda: session.table is not None and session.creator)
    bob = Client(session.url)
    bob.wait_connected()
    bob.join(session.table or "", "Bob")
    token = bob.wait_for("joined")["token"]
    _until(app, lambda: any(s["name"] == "Bob" for s in _seats(session)))
    _settle(app, 0.3)
    save(app, "lobby")
    lobby.on_button("start")
    _until(app, lambda: type(app.stack.top).__name__ == "TableScene")
    table: Any = app.stack.top
    for _ in range(3):
        _decide(table)
        _settle(app, 0.4)
    bob.close()
    _until(app, lambda: table.driver.note() is not None)
    _settle(app, 1.0)
    save(app, "away")
    _until(app, lambda: _seats(session)[1].get("bot") is not None)
    _settle(app, 0.5)
    save(app, "stand-in")
    back = Client(session.url)
    back.wait_connected()
    back.rejoin(session.table or "", token)
    _until(app, lambda: table.driver.note() is None)
    _settle(app, 0.5)
    save(app, "back")
    back.close()
    app.stack.shutdown()
    pygame.quit()

    # a guest's screen and a spectator's: the server of another computer (here, the tool's)
    folder = Path(scratch_home()) / "server"
    hosted = start_in_thread(folder=folder, bot_delay=0.4)
    host = Client(hosted.address)
    host.wait_connected()
    host.create("Hugo", ["me", "open", {"bot": "expert", "name": "Ada"}])
    code = host.wait_for("joined")["table"]
    guest = App(Config(size=size, lang=lang, think_time=0.4, home=scratch_home()))
    guest_session = OnlineSession(hosted.address, guest.dirs.data / "online" / "seats.json")
    guest_session.join(code, "Léa")
    guest.go("lobby", guest_session)
    _until(guest, lambda: bool(guest_session.my_seats()))
    host.start()
    _until(guest, lambda: type(guest.stack.top).__name__ == "TableScene")
    table = guest.stack.top
    stop = threading.Event()
    plays = threading.Thread(target=_plays, args=(host, stop), daemon=True)
    plays.start()
    for _ in range(4):
        _decide(table)
        _settle(guest, 0.5)
    save(guest, "guest")
    port = hosted.port
    hosted.stop()  # the server's computer goes away for a moment
    _until(guest, lambda: guest_session.status == "lost")
    _settle(guest, 0.3)
    save(guest, "lost")
    hosted = start_in_thread(port=port, folder=folder, bot_delay=0.4)
    before = guest_session.state["version"] if guest_session.state else 0
    # sat down again: the server's state after the rejoin (numbered past the old ones)
    _until(guest, lambda: (guest_session.state or {}).get("version", 0) > before, 30)
    hosted.stop(HOST_CLOSED)
    _until(guest, lambda: guest_session.ended)
    _settle(guest, 0.3)
    save(guest, "closed")
    guest.stack.shutdown()
    pygame.quit()

    # a spectator, for a big screen: the table opened again, its game going on
    hosted = start_in_thread(port=port, folder=folder, bot_delay=0.4)
    watcher = App(Config(size=size, lang=lang, think_time=0.4, home=scratch_home()))
    watching = OnlineSession(hosted.address, watcher.dirs.data / "online" / "seats.json")
    watching.watch(code)
    watcher.go("lobby", watching)
    _until(watcher, lambda: type(watcher.stack.top).__name__ == "TableScene", 30)
    _settle(watcher, 1.0)  # the game goes on to Léa's turn (she has left: it waits there)
    save(watcher, "watch")
    watcher.stack.shutdown()
    pygame.quit()
    stop.set()
    host.close()
    hosted.stop()
    return made


def _plays(client: Client, stop: threading.Event) -> None:
    """The other computer's person: stays at once (a target: the first seat offered)."""
    acted = None
    while client.over is None and not stop.is_set():
        state = client.state
        game = (state or {}).get("game") or {}
        waiting = game.get("waiting_for")
        if state and waiting and waiting["player"] == "Hugo" and state["version"] != acted:
            acted = state["version"]
            if waiting["decision"] == "target":
                client.act("target", waiting["options"][0])
            else:
                client.act("stay")
        client.next(0.2)
