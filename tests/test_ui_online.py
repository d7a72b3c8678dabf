"""Play online in the window (ui/online, ui/table/net.py): a person hosts a table from the
menu, a friend's client joins over loopback, the game is played to its end on both
screens; a spectator; a dropped friend's seat; the host closing the table. Every server
here listens on 127.0.0.1."""

import threading
import time

import pygame
import pytest

from game import gamefile, live
from game.net.client import Client
from game.net.protocol import HOST_CLOSED
from game.net.server import start_in_thread
from tests.net_player import play
from ui.driver import button_center, click, driven_by, make_app, press, pump, settle, wait_until
from ui.online.screens import LobbyScene, OnlineScene
from ui.online.session import kept_seats, server_url
from ui.table.net import NetDriver

def online_app(tmp_path, name="host", **config):
    home = tmp_path / name
    return make_app(home=str(home), lang="en", think_time=0.0, **config)


def press_button(app, name):
    click(app, button_center(app.stack.top, name))


def host_table(app, away=1, bots=1, here=0):
    """Menu → Play online → Host: ``away`` open seats, ``here`` more people at this screen,
    ``bots`` bots; returns the lobby."""
    press(app, pygame.K_o)
    form = app.stack.top
    assert isinstance(form, OnlineScene)
    for row, want in (("away", away), ("bots", bots), ("here", here)):
        while form.counts[row] != want:
            press_button(app, ("more:" if form.counts[row] < want else "less:") + row)
    press_button(app, "go")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    wait_until(app, lambda: lobby.session.table is not None and lobby.session.creator, 10)
    return lobby


def friend(url, code, name="Bob", **play_args):
    """A friend's client in a thread, playing its seat to the game's end."""
    client = Client(url)
    out: dict = {}

    def run():
        client.wait_connected()
        client.join(code, name)
        out["joined"] = client.wait_for("joined")
        out["messages"] = play(client, timeout=90, **play_args)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return client, thread, out


def human_decides(app, table):
    """The host's seat decides like a careful player: hit below 15, else stay; a Freeze or a
    Flip Three to the first glowing seat."""
    settle(app)
    play = table.driver.play
    d = play.ready_turn()
    if d is None:
        return False
    if d.kind == "hit_or_stay":
        points = sum(int(c) for c in table.game.snapshot().hands[d.seat].numbers)
        press(app, pygame.K_h if points < 15 else pygame.K_s, frames=1)
    else:
        press(app, pygame.K_1, frames=1)
    return True


def play_to_the_end(app, table, seconds=90):
    deadline = time.monotonic() + seconds
    while not table.game.over:
        assert time.monotonic() < deadline, "the game did not end"
        if app.stack.top is not table:  # a round's summary: it goes on by itself
            pump(app, 30, dt=0.2)
            continue
        if not human_decides(app, table):
            pump(app, 2)
            time.sleep(0.003)


def test_a_hosted_game_is_played_to_its_end_on_the_host_s_screen_and_a_friend_s(tmp_path):
    app = online_app(tmp_path)
    lobby = host_table(app, away=1, bots=1)
    session = lobby.session
    assert session.hosted is not None and session.hosted.address.startswith("ws://127.0.0.1:")
    client, thread, out = friend(session.url, session.table)
    wait_until(app, lambda: any(s["name"] == "Bob" for s in session.state["seats"]), 10)
    press_button(app, "start")
    wait_until(app, lambda: driven_by(app.stack.top, NetDriver), 10)
    table = app.stack.top
    assert list(table.game.players[:2]) == ["Player", "Bob"] and table.game.bots[2] == "normal"
    play_to_the_end(app, table)
    thread.join(30)
    # the mirror on the host's screen is the server's game: same cards, same totals
    wait_until(app, lambda: session.over is not None, 10)
    over = session.over["file"]
    finished = gamefile.from_dict(over)
    assert finished.over and list(finished.totals) == list(table.game.totals)
    seen = live.observed_equivalent(over).turned()
    assert seen == table.game.turned()  # every card, in the order it was turned over
    assert client.over is not None and client.over["file"] == over
    client.close()
