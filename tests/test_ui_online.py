"""Play online in the window (ui/online, ui/table/net.py): a person hosts a table from the
menu, a friend's client joins over loopback, the game is played to its end on both
screens; a spectator; a dropped friend's seat; the host closing the table. Every server
here listens on 127.0.0.1."""

import json
import random
import socket
import threading
import time

import pygame
import pytest

from game import gamefile, live
from game.net import discovery
from game.net.client import Client
from game.net.protocol import HOST_CLOSED
from game.net.server import start_in_thread
from tests.net_player import decision, play
from ui.driver import (
    button_center,
    clear_entry,
    click,
    driven_by,
    make_app,
    press,
    pump,
    settle,
    type_text,
    wait_until,
)
from ui.online import screens
from ui.online.screens import LobbyScene, OnlineScene
from ui.online.session import kept_seats, server_url
from ui.table.net import NetDriver
from ui.table.pause import PauseScene

#: whole games, or a connection lost and found again, in real time
SLOW = pytest.mark.slow


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


@SLOW
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


def guest_app(tmp_path, url, code, name="Léa", **config):
    """A window that joins table ``code`` at ``url`` from the Join form, as a person types."""
    app = online_app(tmp_path, name="guest", **config)
    press(app, pygame.K_o)
    form = app.stack.top
    press_button(app, "mode:join")
    address = url.removeprefix("ws://")
    for field, text in (("address", address), ("code", code.lower()), ("name", name)):
        click(app, button_center(form, field))
        clear_entry(app)
        type_text(app, text)
    press_button(app, "go")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    return app, lobby


def headless_host(tmp_path, seats, wait=60.0, name="Host"):
    """A server of the test's and its creator's client (seated, not yet started)."""
    hosted = start_in_thread(folder=tmp_path / "server", bot_delay=0.0, wait=wait)
    client = Client(hosted.address)
    client.wait_connected()
    client.create(name, seats)
    client.wait_for("joined")
    return hosted, client


def guest_at_a_started_table(tmp_path):
    """A headless host and a guest window (seat 1) at a two-seat table just started."""
    hosted, host = headless_host(tmp_path, ["me", "open"])
    app, lobby = guest_app(tmp_path, hosted.address, host.table)
    wait_until(app, lambda: lobby.session.my_seats(), 10)
    host.start()
    wait_until(app, lambda: driven_by(app.stack.top, NetDriver), 10)
    return hosted, host, app, app.stack.top


def only_my_seat_is_ever_prompted(app, table, mine):
    play = table.driver.play
    d = play.human_turn()
    assert d is None or d.seat in mine, (d, mine)


@SLOW
def test_a_guest_joins_from_the_form_and_only_their_own_seat_is_prompted_on_their_screen(
    tmp_path,
):
    hosted, host = headless_host(tmp_path, ["me", "open", {"bot": "easy", "name": "Eve"}])
    app, lobby = guest_app(tmp_path, hosted.address, host.table)
    wait_until(app, lambda: lobby.session.my_seats(), 10)
    assert "start" not in lobby.widgets  # only the host starts the game
    host.start()
    thread = threading.Thread(target=play, args=(host, 90), daemon=True)
    thread.start()
    wait_until(app, lambda: driven_by(app.stack.top, NetDriver), 10)
    table = app.stack.top
    deadline = time.monotonic() + 90
    while not table.game.over:
        assert time.monotonic() < deadline
        only_my_seat_is_ever_prompted(app, table, {1})
        if app.stack.top is table and human_decides(app, table):
            continue
        pump(app, 2, dt=0.2)
        time.sleep(0.003)
    thread.join(30)
    finished = gamefile.from_dict(host.over["file"])
    assert list(finished.players) == ["Host", "Léa", "Eve"]
    assert list(finished.totals) == list(table.game.totals)
    host.close()
    hosted.stop()


@SLOW
def test_a_spectator_sees_every_card_and_is_never_asked_to_decide(tmp_path):
    hosted, host = headless_host(tmp_path, ["me", {"bot": "normal", "name": "Ada"}])
    host.start()
    app = online_app(tmp_path, name="watcher")
    press(app, pygame.K_o)
    form = app.stack.top
    press_button(app, "mode:watch")
    for field, text in (("address", hosted.address.removeprefix("ws://")), ("code", host.table)):
        click(app, button_center(form, field))
        clear_entry(app)
        type_text(app, text)
    press(app, pygame.K_RETURN)
    wait_until(app, lambda: driven_by(app.stack.top, NetDriver), 10)
    table = app.stack.top
    thread = threading.Thread(target=play, args=(host, 90), daemon=True)
    thread.start()
    deadline = time.monotonic() + 90
    while not table.game.over:
        assert time.monotonic() < deadline
        assert not table.driver.prompt().live  # nobody decides on a spectator's screen
        pump(app, 3, dt=0.2)
        table.skip()
        time.sleep(0.003)
    thread.join(30)
    seen = live.observed_equivalent(host.over["file"]).turned()
    assert table.game.turned() == seen
    host.close()
    hosted.stop()


@SLOW
def test_a_guest_who_drops_keeps_the_seat_then_a_bot_plays_it_until_they_rejoin(tmp_path):
    hosted, host = headless_host(tmp_path, ["me", "open", "open"], wait=1.5)
    app, lobby = guest_app(tmp_path, hosted.address, host.table)
    wait_until(app, lambda: lobby.session.my_seats(), 10)
    bob = Client(hosted.address)
    bob.wait_connected()
    bob.join(host.table, "Bob")
    token = bob.wait_for("joined")["token"]
    host.start()
    wait_until(app, lambda: driven_by(app.stack.top, NetDriver), 10)
    driver = app.stack.top.driver
    bob.close()
    wait_until(app, lambda: (driver.note() or "").startswith("Bob lost the connection"), 10)
    assert "a bot plays for them in" in driver.note()
    wait_until(app, lambda: driver.note() == "A bot plays for Bob until they come back", 10)
    back = Client(hosted.address)
    back.wait_connected()
    back.rejoin(host.table, token)
    back.wait_for("joined")
    wait_until(app, lambda: driver.note() is None, 10)
    for c in (back, host):
        c.close()
    hosted.stop()


@SLOW
def test_closing_the_host_s_window_asks_first_then_tells_every_guest_and_keeps_the_table(
    tmp_path,
):
    app = online_app(tmp_path)
    lobby = host_table(app, away=1, bots=0)
    session = lobby.session
    code, port = session.table, session.port
    guest = Client(session.url)
    guest.wait_connected()
    guest.join(code, "Bob")
    guest.wait_for("joined")
    press_button(app, "start")
    wait_until(app, lambda: driven_by(app.stack.top, NetDriver), 10)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    pump(app, 2)
    assert app.running and app.stack.top.__class__.__name__ == "ConfirmScene"
    press(app, pygame.K_y)
    assert not app.running
    app.run()  # the loop ends at once: the window closes its table as it goes
    lost = guest.wait_for("connection", status="lost")
    assert lost["reason"] == HOST_CLOSED
    assert list((tmp_path / "host" / "data" / "tables").glob("*.json"))  # the table is kept
    # the host opens it again from Play online: the guest sits down again by itself
    again = online_app(tmp_path)
    press(again, pygame.K_o)
    form = again.stack.top
    kept = kept_seats(tmp_path / "host" / "data" / "online" / "seats.json")
    assert kept[0].table == code and kept[0].hosted and kept[0].port == port
    press_button(again, "mode:kept")
    press_button(again, "kept:0")
    wait_until(again, lambda: driven_by(again.stack.top, NetDriver), 10)
    guest.wait_for("joined", timeout=20)  # the guest's client rejoined with its token
    assert guest.wait_for("state", timeout=10)["table"] == code
    assert form is not again.stack.top
    guest.close()
    again.stack.shutdown()


def test_quit_to_menu_from_the_host_s_pause_asks_first_then_closes_the_table(tmp_path):
    app = online_app(tmp_path)
    lobby = host_table(app, away=1, bots=0)
    session = lobby.session
    guest = Client(session.url)
    guest.wait_connected()
    guest.join(session.table, "Bob")
    guest.wait_for("joined")
    press_button(app, "start")
    wait_until(app, lambda: driven_by(app.stack.top, NetDriver), 10)
    table = app.stack.top
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    press(app, pygame.K_q)  # Quit to menu
    assert app.stack.top.__class__.__name__ == "ConfirmScene"
    assert table in app.stack.scenes and session.hosted is not None  # nothing ended yet
    press(app, pygame.K_n)  # no: back to the pause, the table goes on
    assert isinstance(app.stack.top, PauseScene) and table in app.stack.scenes
    assert guest.connected
    press(app, pygame.K_q)
    press(app, pygame.K_y)  # yes: the table closes for everyone, the menu comes back
    assert table not in app.stack.scenes
    lost = guest.wait_for("connection", status="lost")
    assert lost["reason"] == HOST_CLOSED
    guest.close()
    app.stack.shutdown()


@SLOW
def test_two_people_at_the_host_s_screen_take_their_seats_in_turn(tmp_path):
    app = online_app(tmp_path)
    lobby = host_table(app, away=0, bots=1, here=1)
    session = lobby.session
    wait_until(app, lambda: len(session.my_seats()) == 2, 10)
    press_button(app, "start")
    wait_until(app, lambda: driven_by(app.stack.top, NetDriver), 10)
    table = app.stack.top
    assert list(table.game.players[:2]) == ["Player", "Seat 2"]
    prompted = set()
    deadline = time.monotonic() + 90
    while not table.game.over:
        assert time.monotonic() < deadline
        d = table.driver.play.human_turn()
        if d is not None:
            prompted.add(d.seat)
        if app.stack.top is table and human_decides(app, table):
            continue
        pump(app, 2, dt=0.2)
        time.sleep(0.003)
    assert prompted == {0, 1}
    app.stack.shutdown()


def test_a_double_tap_sends_one_decision(tmp_path):
    hosted, host, app, table = guest_at_a_started_table(tmp_path)
    deadline = time.monotonic() + 20
    while table.game.pending.seat == 0:  # the host's turn first: it plays its seat
        assert time.monotonic() < deadline
        if (host.state or {}).get("version") == table.driver.version:
            todo = decision(host.state, 0)
            if todo is not None:
                host.act(*todo)
        pump(app, 2)
        time.sleep(0.01)
    wait_until(app, lambda: table.driver.play.ready_turn() is not None, 10)
    before = len(table.game.actions)
    d = table.driver.play.ready_turn()
    key = pygame.K_h if d.kind == "hit_or_stay" else pygame.K_1  # a Freeze dealt: a target
    press(app, key, frames=0)
    press(app, key, frames=1)  # the second tap lands before the server's answer
    wait_until(app, lambda: len(table.game.actions) > before, 10)
    pump(app, 10)
    mine = [a for a in table.game.actions[before:] if a.seat == 1]
    assert len(mine) == 1 and table.driver.session.error is None
    host.close()
    hosted.stop()


def test_the_join_form_says_in_one_line_what_is_wrong(tmp_path):
    app = online_app(tmp_path)
    press(app, pygame.K_o)
    form = app.stack.top
    press_button(app, "mode:join")
    press_button(app, "go")
    assert (
        form.problem == "Server address: a name or number, like 192.168.1.20 or 192.168.1.20:7707"
    )
    click(app, button_center(form, "address"))
    type_text(app, "127.0.0.1:9")
    press_button(app, "go")
    assert form.problem == "Table code: six letters or digits"
    assert app.stack.top is form
    assert server_url("127.0.0.1:9") == "ws://127.0.0.1:9"


def test_an_unreachable_server_is_said_and_leave_goes_back(tmp_path):
    app, lobby = guest_app(tmp_path, "ws://127.0.0.1:9", "ABCDEF")
    wait_until(app, lambda: lobby.session.status == "lost", 10)
    assert lobby.status_line().startswith("Cannot reach ws://127.0.0.1:9, trying again")
    press_button(app, "leave")
    assert isinstance(app.stack.top, OnlineScene)


@SLOW
def test_a_guest_s_own_lost_connection_is_said_and_replaced_when_it_comes_back(tmp_path):
    hosted, host = headless_host(tmp_path, ["me", "open"])
    app, lobby = guest_app(tmp_path, hosted.address, host.table)
    wait_until(app, lambda: lobby.session.my_seats(), 10)
    host.start()
    wait_until(app, lambda: driven_by(app.stack.top, NetDriver), 10)
    driver = app.stack.top.driver
    port = hosted.port
    hosted.stop()  # the server's computer goes away
    wait_until(
        app, lambda: driver.note() == "Connection lost: trying again… your seat waits for you"
    )
    assert app.notices.texts[-1] == driver.note()  # at the top of the window too
    hosted = start_in_thread(port=port, folder=tmp_path / "server", bot_delay=0.0)
    wait_until(app, lambda: driver.session.status == "open", 20)
    wait_until(app, lambda: driver.note() is None, 10)
    assert "Connected again: you are back at your seat" in app.notices.texts
    assert "Connection lost: trying again… your seat waits for you" not in app.notices.texts
    host.close()
    hosted.stop()


def free_udp_port():
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_join_tab_lists_tables_heard_on_the_network_and_a_click_fills_the_form(
    tmp_path, monkeypatch
):
    hosted, host = headless_host(tmp_path, ["me", "open", "open"])
    port = free_udp_port()
    monkeypatch.setattr(screens, "LISTEN", ("127.0.0.1", port))
    monkeypatch.setattr(discovery, "EVERY", 0.1)
    found = discovery.Found(host.table, hosted.port, "Hugo", 2)
    beacon = discovery.Beacon(lambda: found, (("127.0.0.1", port),))
    app = online_app(tmp_path, name="guest")
    press(app, pygame.K_o)
    form = app.stack.top
    press_button(app, "mode:join")
    wait_until(app, lambda: "found:0" in form.widgets, 10)
    assert form.widgets["found:0"].text == f"Hugo's table {host.table}, 2 seats open · 127.0.0.1"
    press_button(app, "found:0")
    assert form.values["address"] == f"127.0.0.1:{hosted.port}"
    assert form.values["code"] == host.table
    press_button(app, "go")
    lobby = app.stack.top
    wait_until(app, lambda: lobby.session.my_seats(), 10)
    beacon.stop()
    host.close()
    hosted.stop()


def test_a_datagram_that_is_not_a_beacon_lists_nothing():
    port = free_udp_port()
    listener = discovery.Listener(("127.0.0.1", port))
    rng = random.Random(7)
    good = {"flip7-net": 1, "table": "K7QX2M", "port": 7707, "host": "Léa", "open": 2}
    bad = [
        b"",
        b"\xff\xfe",
        b"[]",
        b"{" * 400,
        json.dumps({**good, "table": "K7QX2O"}).encode(),  # an O is never in a code
        json.dumps({**good, "port": 70000}).encode(),
        json.dumps({**good, "open": True}).encode(),
        json.dumps({**good, "host": "\u202e"}).encode(),
        json.dumps({**good, "extra": 1}).encode(),
        json.dumps({**good, "host": "x" * 600}).encode(),
    ]
    bad += [bytes(rng.randrange(256) for _ in range(rng.randrange(1, 600))) for _ in range(500)]
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as out:
        for data in bad:
            out.sendto(data, ("127.0.0.1", port))
        deadline = time.monotonic() + 10
        while not listener.tables() and time.monotonic() < deadline:
            # a beacon comes again and again (the junk may have filled the socket's buffer)
            out.sendto(json.dumps(good).encode(), ("127.0.0.1", port))
            time.sleep(0.1)
    heard = listener.tables()
    listener.stop()
    assert heard == [("127.0.0.1", discovery.Found("K7QX2M", 7707, "Léa", 2))]


def test_a_host_announces_its_table_while_seats_are_open_and_stops_once_it_starts(tmp_path):
    app = online_app(tmp_path)
    lobby = host_table(app, away=1, bots=1)
    session = lobby.session
    wait_until(app, lambda: session.state is not None, 10)
    said = session._beacon()
    assert said == discovery.Found(session.table, session.port, "Player", 1)
    press_button(app, "start")
    wait_until(app, lambda: session.started, 10)
    assert session._beacon() is None
    app.stack.shutdown()


def test_the_bar_says_the_game_waits_for_a_person_whose_connection_was_lost(tmp_path):
    hosted, host, app, table = guest_at_a_started_table(tmp_path)
    while table.game.pending.seat == 1:  # the guest's own turn first: a stay (or a target)
        wait_until(app, lambda: table.driver.play.ready_turn() is not None, 10)
        kind = table.driver.play.ready_turn().kind
        press(app, pygame.K_s if kind == "hit_or_stay" else pygame.K_1)
        wait_until(app, lambda: not table.driver.play.hold, 10)
    wait_until(app, lambda: table.game.pending.seat == 0 and table.presenter.settled, 10)
    assert table.driver.prompt().line == "Host is thinking…"
    host.close()
    wait_until(app, lambda: table.driver.note() is not None, 10)
    assert table.driver.prompt().line == "Waiting for Host, whose connection was lost…"
    hosted.stop()


def test_the_bar_says_a_person_is_away_in_shorter_words_when_the_window_is_small():
    from ui import i18n
    from ui.table import layout as L
    from ui.table.draw_panel import first_fitting

    app = make_app(size=(800, 500), lang="fr")
    i18n.set_language("fr")
    lay = L.table_layout((800, 500), 3)
    name = "Bartholomew"
    long = i18n.t("online.waiting_away", name=name)
    short = i18n.t("online.waiting_away_short", name=name)
    assert first_fitting(app.assets, lay, long, short) == short
    assert app.assets.font(lay.font(17)).size(short)[0] <= lay.prompt.w
    wide = L.table_layout((1280, 720), 3)
    assert first_fitting(app.assets, wide, long, short) == long


def test_no_decision_is_offered_while_the_connection_is_lost_or_the_table_closed():
    """Hit and Stay show only while a decision can reach the server."""
    from types import SimpleNamespace

    from ui.table.drive import Control

    here = pygame.Rect(0, 0, 10, 10)
    offered = (Control("hit", here, "Hit"), Control("stay", here, "Stay"))
    driver = object.__new__(NetDriver)
    driver.play = SimpleNamespace(controls=lambda: offered)
    for status, ended, shown in (
        ("open", False, True),
        ("lost", False, False),
        ("open", True, False),
    ):
        driver.session = SimpleNamespace(status=status, ended=ended)
        assert [c.shown for c in driver.controls()] == [shown, shown], (status, ended)
