"""flip7-net/1 without a socket: what a message may say, one table's seats, tokens,
decisions and takeovers, its file on disk, and a state read back as a client reads it.

The server and real connections are in ``test_net_server.py``; separate processes in
``test_net_processes.py``; the fuzz in ``test_net_fuzz.py``.
"""

from __future__ import annotations

import json
import random
import typing

import pytest

from game import events as ev
from game.commands.replay import summary
from game.engine import Game
from game.gamefile import from_dict, to_dict
from game.limits import NET_MAX_NAME_BYTES, NET_MAX_TARGET
from game.net import mirror, protocol, store
from game.net.protocol import Act, BotSeat, Create, NetError, Rejoin, parse
from game.net.state import event_text
from game.net.table import (
    BOT_NAME_BYTES,
    STAND_IN,
    Settings,
    Table,
    name_bytes,
    names_bytes,
    token_hash,
)
from game.rules import RuleOptions
from game.state import Action


class Member:
    """A connection as a table sees it: every message kept, parsed."""

    def __init__(self) -> None:
        self.got: list[dict] = []
        self.closed: str | None = None

    def send(self, text: str, state: bool = False) -> None:
        self.got.append(json.loads(text))

    def close(self, reason: str) -> None:
        self.closed = reason

    def last(self, kind: str) -> dict:
        return next(m for m in reversed(self.got) if m["type"] == kind)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def new_table(seats=("me", "open", {"bot": "easy", "name": "Eve"}), wait=60.0, delay=1.0):
    clock = Clock()
    host = Member()
    request = parse(json.dumps({"type": "create", "name": "Ana", "seats": list(seats)}))
    assert isinstance(request, Create)
    table, token = Table.create(request, host, "ABCD23", Settings(wait, delay, clock))
    return table, host, token, clock


def refused(code: str, fn, *args) -> NetError:
    with pytest.raises(NetError) as caught:
        fn(*args)
    assert caught.value.code == code, caught.value
    return caught.value


# ------------------------------------------------------------------------ messages
def test_every_client_message_of_the_protocol_is_read_as_written():
    create = parse(
        '{"type": "create", "name": "Ana", "seats": ["me", "open", {"bot": "expert",'
        ' "name": "Bo"}], "rules": {"target": 150, "opening": "deal"}}'
    )
    assert create == Create(
        "Ana", ("me", "open", BotSeat("expert", "Bo")), RuleOptions(target=150, opening="deal")
    )
    assert parse('{"type": "rejoin", "table": "AB12", "token": "x_-9"}') == Rejoin("AB12", "x_-9")
    assert parse('{"type": "watch", "table": "zz99zz"}') == protocol.Watch("ZZ99ZZ")
    assert parse('{"type": "start"}') == protocol.Start()
    assert parse('{"type": "act", "version": 7, "do": "target", "target": "Bo"}') == Act(
        7, "target", "Bo"
    )
    assert parse('{"type": "act", "version": 7, "do": "stay", "target": null}') == Act(
        7, "stay", None
    )


@pytest.mark.parametrize(
    "text, code",
    [
        ("hello", "not_json"),
        ('{"type": "act", "version": NaN, "do": "hit"}', "not_json"),
        ("[" * 60_000, "not_json"),
        ('{"type": "act", "version": ' + "9" * 5000 + ', "do": "hit"}', "not_json"),
        ("[1, 2]", "bad_message"),
        ('{"type": "shout"}', "unknown_type"),
        ('{"kind": "join"}', "unknown_type"),
        ('{"type": "start", "table": "ABCD"}', "bad_message"),
        ('{"type": "join", "table": "ABCD"}', "bad_message"),
        ('{"type": "join", "table": "AB", "name": "Léa"}', "bad_message"),
        ('{"type": "join", "table": "ABCD-1", "name": "Léa"}', "bad_message"),
        ('{"type": "join", "table": "ABCD", "name": "   "}', "bad_message"),
        ('{"type": "join", "table": "ABCD", "name": "' + "x" * 41 + '"}', "bad_message"),
        ('{"type": "join", "table": "ABCD", "name": "a\\u0000b"}', "bad_message"),
        ('{"type": "join", "table": "ABCD", "name": "\\u200b\\u202e"}', "bad_message"),
        ('{"type": "rejoin", "table": "ABCD", "token": "not a token!"}', "bad_message"),
        ('{"type": "rejoin", "table": "ABCD", "token": "' + "a" * 65 + '"}', "bad_message"),
        ('{"type": "act", "version": -1, "do": "hit"}', "bad_message"),
        ('{"type": "act", "version": 1.0, "do": "hit"}', "bad_message"),
        ('{"type": "act", "version": true, "do": "hit"}', "bad_message"),
        ('{"type": "act", "version": 3, "do": "fold"}', "bad_message"),
        ('{"type": "act", "version": 3, "do": "hit", "target": "Bo"}', "bad_message"),
        ('{"type": "act", "version": 3, "do": "target"}', "bad_message"),
        ('{"type": "create", "name": "Ana", "seats": ["me"]}', "bad_message"),
        ('{"type": "create", "name": "Ana", "seats": ["open", "open"]}', "bad_message"),
        ('{"type": "create", "name": "Ana", "seats": ["me", "me"]}', "bad_message"),
        (
            '{"type": "create", "name": "Ana", "seats": '
            + json.dumps(["me"] + ["open"] * 18)
            + "}",
            "bad_message",
        ),
        (
            '{"type": "create", "name": "Ana", "seats": ["me", {"bot": "cautious.py:choose"}]}',
            "bad_message",
        ),
        (
            '{"type": "create", "name": "Ana", "seats": ["me", {"bot": "game.bots.easy:choose"}]}',
            "bad_message",
        ),
        (
            '{"type": "create", "name": "Ana", "seats": ["me", {"bot": "easy", "code": 1}]}',
            "bad_message",
        ),
        (
            '{"type": "create", "name": "Ana", "seats": ["me", "open"], "rules": {"target": 0}}',
            "bad_message",
        ),
        (
            '{"type": "create", "name": "Ana", "seats": ["me", "open"], "rules": {"target": '
            + str(NET_MAX_TARGET + 1)
            + "}}",
            "bad_message",
        ),
        (
            '{"type": "create", "name": "Ana", "seats": ["me", "open"], "rules": {"cheat": 1}}',
            "bad_message",
        ),
        ('{"type": "create", "name": "Ana", "seats": ["me", "open"], "rules": [1]}', "bad_message"),
    ],
)
def test_a_message_not_of_the_protocol_is_refused_with_a_code_and_one_line(text, code):
    error = refused(code, parse, text)
    assert error.code in protocol.CODES
    assert "\n" not in str(error) and 0 < len(str(error)) <= 200


def test_a_binary_frame_is_refused():
    assert refused("not_json", parse, b'{"type": "start"}')


# -------------------------------------------------------------------------- a table
def test_create_seats_the_creator_and_sends_the_token_then_the_state():
    table, host, token, _ = new_table()
    joined, state = host.got
    assert joined == {"type": "joined", "table": "ABCD23", "seat": 0, "token": token}
    assert len(token) >= 22 and table.seats[0].token_hash == token_hash(token)
    assert state["type"] == "state" and state["seat"] == 0 and state["game"] is None
    assert state["seats"] == [
        {"name": "Ana", "kind": "human", "connected": True, "bot": None, "takeover_in": None},
        {"name": None, "kind": "open", "connected": False, "bot": None, "takeover_in": None},
        {"name": "Eve", "kind": "bot", "connected": True, "bot": "easy", "takeover_in": None},
    ]


def created(name: str, seats: list) -> Table:
    request = parse(json.dumps({"type": "create", "name": name, "seats": seats}))
    assert isinstance(request, Create)
    return Table.create(request, Member(), "ABCD23", Settings(60.0, 1.0, Clock()))[0]


def test_the_names_at_a_table_take_at_most_their_bytes_together_an_open_seat_its_bots():
    wide = "\U00020000"  # four bytes in UTF-8
    long_name = wide * 40  # 160 bytes, a name as long as any
    bots = [{"bot": "easy", "name": chr(0x20100 + i) * 40} for i in range(2)]  # 320 bytes
    error = refused("bad_message", created, long_name, ["me", *bots])
    assert f"at most {NET_MAX_NAME_BYTES}" in str(error) and "\n" not in str(error)
    left = NET_MAX_NAME_BYTES - 160 - BOT_NAME_BYTES * 2  # two open seats keep their bots'
    table = created(long_name, ["me", "open", "open"])
    assert names_bytes(table.seats) == NET_MAX_NAME_BYTES - left
    refused("bad_message", table.join, Member(), "é" * (left // 2 + BOT_NAME_BYTES // 2 + 1))
    table.join(Member(), "é" * (left // 2 + BOT_NAME_BYTES // 2))  # fills the table's bytes
    assert names_bytes(table.seats) == NET_MAX_NAME_BYTES
    refused("bad_message", table.join, Member(), "Bo12345")  # more than the open seat kept
    table.join(Member(), "Bo")
    assert table.seats[2].name == "Bo"
    quoted = '"' * 40  # a quote takes two bytes in a message
    assert name_bytes(quoted) == 80 and name_bytes("Bot 18") == BOT_NAME_BYTES


def test_tokens_are_secrets_of_at_least_128_bits_each_time_new():
    tokens = {new_table()[2] for _ in range(20)}
    assert len(tokens) == 20
    assert all(len(t) * 6 >= 128 for t in tokens)  # URL-safe base64: 6 bits a character


def test_join_takes_the_first_open_seat_and_everyone_gets_the_state():
    table, host, _, _ = new_table(("me", "open", "open"))
    ben = Member()
    assert table.join(ben, "Ben") == 1
    assert ben.got[0]["type"] == "joined" and ben.got[0]["seat"] == 1
    assert host.last("state")["seats"][1]["name"] == "Ben"
    assert ben.last("state")["version"] == host.last("state")["version"]
    refused("name_taken", table.join, Member(), "Ben")
    table.join(Member(), "Cy")
    refused("table_full", table.join, Member(), "Dee")


def test_only_the_creator_starts_and_open_seats_become_normal_bots():
    table, host, _, _ = new_table(("me", "open", "open"))
    ben = Member()
    table.join(ben, "Ben")
    refused("not_creator", table.start, ben)
    table.start(host)
    state = host.last("state")
    assert state["seats"][2] == {
        "name": "Bot 1",
        "kind": "bot",
        "connected": True,
        "bot": "normal",
        "takeover_in": None,
    }
    assert state["game"]["players"] == ["Ana", "Ben", "Bot 1"]
    assert state["events"][0] == {"event": "GameStarted"}
    refused("started", table.start, host)
    refused("started", table.join, Member(), "Late")


def waiting_person(table: Table) -> int:
    """Let the bots play (ticks) until a person must decide; their seat."""
    while table.seats[table.game.pending.seat].played_by_bot():
        table.settings.clock.now += 5
        table.tick()
    return table.game.pending.seat


def act_now(table: Table, member: Member, do: str, target: str | None = None) -> None:
    table.act(member, Act(member.last("state")["version"], do, target))


def test_a_stale_decision_the_double_tap_is_refused_and_changes_nothing():
    """Ben stays as soon as he may, Ana hits: once Ben has stayed the turn comes back to
    Ana at once, and a second tap of her hit must not take another card."""
    table, ana, _, _ = new_table(("me", "open"))
    ben = Member()
    table.join(ben, "Ben")
    table.start(ana)
    for _ in range(500):
        pending = table.game.pending
        member = ana if pending.seat == 0 else ben
        if pending.kind == "target":
            act_now(table, member, "target", table.game.players[pending.options[0]])
        elif member is ben and table.game.hands[1].has_cards():
            act_now(table, ben, "stay")
        else:
            version = ana.last("state")["version"]
            act_now(table, ana, "hit")
            again = table.game.pending
            if again is not None and again.seat == 0 and again.kind == "hit_or_stay":
                break
    else:
        raise AssertionError("the turn never came back to Ana at once")
    before, sent = to_dict(table.game), len(ana.got)
    error = refused("stale", table.act, ana, Act(version, "hit", None))
    assert "older" in protocol.CODES[error.code]
    assert to_dict(table.game) == before and len(ana.got) == sent
    act_now(table, ana, "stay")
    assert table.game.actions[-1] == Action("stay", 0)


def test_a_decision_counts_only_from_the_player_awaited_for_a_state_they_were_shown():
    table, host, _, _ = new_table(("me", "open"))
    ben = Member()
    table.join(ben, "Ben")
    table.start(host)
    seat = waiting_person(table)
    member, other = (host, ben) if seat == 0 else (ben, host)
    version = table.version
    before = to_dict(table.game)
    refused("not_your_turn", table.act, other, Act(version, "hit", None))
    refused("stale", table.act, member, Act(version + 1, "hit", None))
    refused("not_at_table", table.act, Member(), Act(version, "hit", None))
    wrong = "hit" if table.game.pending.kind == "target" else "target"
    refused("illegal", table.act, member, Act(version, wrong, "Ana"))
    assert to_dict(table.game) == before and table.version == version


def test_a_dropped_player_keeps_the_seat_then_a_normal_bot_plays_it_until_they_rejoin():
    table, host, token, clock = new_table(("me", {"bot": "easy", "name": "Eve"}), wait=60)
    watcher = Member()
    table.watch(watcher)
    table.start(host)
    table.drop(host)
    state = watcher.last("state")
    assert state["seats"][0]["connected"] is False and state["seats"][0]["bot"] is None
    assert state["seats"][0]["takeover_in"] == 60
    assert state["events"] == [{"event": "Disconnected", "seat": 0}]
    assert table.next_due() is not None
    clock.now += 30
    table.tick()
    assert not table.seats[0].stand_in
    clock.now += 31
    table.tick()
    assert table.seats[0].stand_in
    taken = next(
        m
        for m in watcher.got
        if m["type"] == "state"
        and m["events"][:1] == [{"event": "StandIn", "seat": 0, "bot": STAND_IN}]
    )
    assert taken["seats"][0] == {
        "name": "Ana",
        "kind": "human",
        "connected": False,
        "bot": "normal",
        "takeover_in": None,
    }
    for _ in range(40):  # the stand-in and Eve play on
        clock.now += 2
        table.tick()
    by = [
        e["by"]
        for m in watcher.got
        if m["type"] == "state"
        for e in m["events"]
        if e.get("event") == "Decided" and e["seat"] == 0
    ]
    assert by and set(by) == {"stand_in"}
    back = Member()
    refused("bad_token", table.rejoin, back, "x" * 43)
    assert table.rejoin(back, token) == 0
    assert back.got[0] == {"type": "joined", "table": "ABCD23", "seat": 0, "token": token}
    assert back.last("state")["seats"][0]["connected"] is True
    assert not table.seats[0].played_by_bot()


def test_a_second_connection_with_the_token_takes_the_seat_and_the_first_is_closed():
    table, host, token, _ = new_table()
    other = Member()
    table.rejoin(other, token)
    assert host.closed and table.seat_of(other) == 0 and table.seat_of(host) is None


# ------------------------------------------------------------------ what is revealed
def test_the_record_of_a_state_is_every_card_turned_over_and_every_decision_nothing_more():
    table, host, _, clock = new_table(("me", {"bot": "expert", "name": "Ex"}), wait=0)
    watcher = Member()
    table.watch(watcher)
    table.start(host)
    table.drop(host)
    while not table.finished:
        clock.now += 2
        table.tick()
    file = json.loads(table.over_message())["file"]
    replayed = from_dict(file)
    game = Game(replayed.players, replayed.rules, seed=file["seed"], dealer=file["dealer"])
    drawn = [e.card for e in game.opening_events if type(e) is ev.CardDrawn]
    for action in replayed.actions:
        drawn += [e.card for e in game.apply(action) if type(e) is ev.CardDrawn]
    assert table.cards == drawn
    states = [m for m in watcher.got if m["type"] == "state" and m["record"]]
    for state in states:
        cards = state["record"]["cards"]
        assert cards == drawn[: len(cards)]
        assert "seed" not in json.dumps(state)
    observed = mirror.observed_file(states[-1])
    assert observed["deck"] == drawn and observed["dealing"] == "observed"
    assert observed["actions"] == file["actions"]


def test_a_bot_reached_late_decides_on_its_beat_so_its_table_keeps_the_pace():
    bots = [{"bot": "normal", "name": n} for n in ("No", "Ne")]
    table, host, _, clock = new_table(("me", *bots), wait=0, delay=1.0)
    table.start(host)
    table.drop(host)  # every seat a bot's: one decision a second
    beat = table.changed_at
    decisions = []
    for late in (0.3, 0.0, 0.9, 0.5):  # each tick after the beat, by less than a delay
        beat += 1.0
        clock.now = beat + late
        table.tick()
        decisions.append(len(table.game.actions))
        assert table.changed_at == beat and table.next_due() == beat + 1.0
    assert decisions == [1, 2, 3, 4]
    clock.now = beat + 5.0  # a table reached very late: one decision, then a delay from now
    table.tick()
    assert len(table.game.actions) == 5 and table.next_due() == clock.now + 1.0


LEVELS = ("easy", "normal", "expert", "baseline", "normal")
SIX_SEATS = ("me", *({"bot": level, "name": f"{level}{i}"} for i, level in enumerate(LEVELS)))


@pytest.mark.parametrize("seats", [("me", {"bot": "normal", "name": "No"}), SIX_SEATS])
def test_a_state_built_from_what_the_last_one_said_is_the_state_built_whole(seats):
    table, host, _, clock = new_table(seats, wait=0)
    watcher = Member()
    table.watch(watcher)
    table.start(host)
    table.drop(host)
    while not table.finished:
        clock.now += 2
        table.tick()
        state = watcher.last("state")
        assert state["game"] == summary(table.game)
        assert state["record"] == table.record()
        assert state["version"] == table.version
        assert state["seats"] == [s.describe(table.takeover_at(s), clock.now) for s in table.seats]


def test_a_state_whose_game_saw_no_reshuffle_rebuilds_from_its_record_alone():
    """Until the first reshuffle an observed deck is a stacked one (docs/files-and-commands.md):
    the record replays into the very position the server's game is in."""
    table, host, _, clock = new_table(("me", {"bot": "normal", "name": "No"}), wait=0)
    watcher = Member()
    table.watch(watcher)
    table.start(host)
    table.drop(host)
    checked = 0
    while not table.finished:
        clock.now += 2
        table.tick()
        state = watcher.last("state")
        if any(
            e["event"] == "Reshuffled"
            for m in watcher.got
            if m["type"] == "state"
            for e in m["events"]
        ):
            break
        data = mirror.observed_file(state)
        stacked = {k: v for k, v in data.items() if k != "dealing"} | {"seed": 0}
        assert summary(from_dict(stacked)) == state["game"]
        checked += 1
    assert checked > 10


def read_back(event: ev.Event) -> ev.Event | None:
    """``event`` as a state carries it (the text the engine's ``to_dict`` makes), read
    back by a client."""
    said = json.loads(event_text(event))
    assert said == json.loads(protocol.dumps(ev.to_dict(event)))
    return mirror.from_dict(said)


def test_the_events_of_a_state_read_back_as_the_engines_events():
    game = Game(["Ana", "Bo", "Cy"], seed=11)
    rng = random.Random(3)
    kinds, events = set(), list(game.opening_events)
    while not game.over:
        events += game.apply(rng.choice(game.legal_actions()))
    for event in events:
        kinds.add(type(event))
        assert read_back(event) == event
    assert len(kinds) >= 12
    for cls in typing.get_args(ev.Event):  # every kind, even those this game had not
        fields = {f: _sample(f) for f in cls._fields}
        event = cls(**fields)
        assert read_back(event) == event
    assert mirror.from_dict({"event": "SeatTaken", "seat": 1}) is None


def _sample(field: str):
    return {
        "cause": ev.DrawCause.FLIP_THREE,
        "origin": ev.Place.TRAY,
        "reason": ev.DiscardReason.TARGET_OUT,
        "results": (ev.HandResult(("3", "4"), ("x2",), False, False, 14, "7 × 2"),),
        "totals": (10, 20),
        "leaders": (0, 1),
        "card": "freeze",
        "calculation": "",
    }.get(field, 1)


# ------------------------------------------------------------------------- on disk
def test_a_table_file_keeps_token_hashes_never_tokens_and_reads_back_whole():
    table, host, token, clock = new_table(("me", "open", {"bot": "easy", "name": "Eve"}))
    ben = Member()
    table.join(ben, "Ben")
    ben_token = ben.got[0]["token"]
    table.start(host)
    waiting_person(table)
    text = store.encode(table)
    assert json.loads(text)["game"] == to_dict(table.game)
    pending = table.game.pending
    target = table.game.players[pending.options[0]] if pending.kind == "target" else None
    who = ben if pending.seat == 1 else host
    table.act(who, Act(table.version, "target" if target else "hit", target))
    text = store.encode(table)  # a save after a save: the decisions kept as text, and one more
    assert json.loads(text)["game"] == to_dict(table.game)
    assert token not in text and ben_token not in text and token_hash(token) in text
    again = store.decode(json.loads(text), Settings(60, 1, clock))
    assert to_dict(again.game) == to_dict(table.game) and again.cards == table.cards
    assert [s.name for s in again.seats] == ["Ana", "Ben", "Eve"]
    assert all(s.member is None and s.dropped_at == clock.now for s in again.seats[:2])
    assert again.version == table.version + store.VERSION_GAP
    back = Member()
    assert again.rejoin(back, ben_token) == 1


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(format="flip7/1"),
        lambda d: d.update(table="ab"),
        lambda d: d.update(version="1"),
        lambda d: d.update(creator=2),
        lambda d: d["seats"][0].update(token_sha256="00"),
        lambda d: d["seats"][1].update(bot="mybot.py:choose"),
        lambda d: d["seats"][1].update(kind=["bot"]),
        lambda d: d["game"]["actions"].append({"player": "Ana", "do": "fly"}),
        lambda d: d["game"].update(players=["Ana", "Zed", "Eve"]),
    ],
)
def test_a_broken_table_file_is_left_out_with_one_line(tmp_path, change):
    table, host, _, clock = new_table(("me", "open", {"bot": "easy", "name": "Eve"}))
    table.start(host)
    data = json.loads(store.encode(table))
    change(data)
    (tmp_path / "ABCD23.json").write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "GOOD12.json").write_text(
        store.encode(table).replace("ABCD23", "GOOD12"), encoding="utf-8"
    )
    tables, problems = store.load_tables(tmp_path, Settings(60, 1, clock))
    assert [t.code for t in tables] == ["GOOD12"]
    assert len(problems) == 1 and problems[0].startswith("ABCD23.json: not a table file")
    assert "\n" not in problems[0]
