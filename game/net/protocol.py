"""What a ``flip7-net/1`` message may say (docs/network.md).

Every message a client sends goes through :func:`parse` before anything is done with
it: JSON, one object, a known ``type``, exactly its keys, each of its type and within
the bounds of :mod:`game.limits`. Anything else is a :class:`NetError`, which the
server answers with one ``error`` message and nothing else.

>>> parse('{"type": "join", "table": "abc234", "name": "Léa"}')
Join(table='ABC234', name='Léa')
>>> parse('{"type": "act", "version": 3, "do": "hit"}')
Act(version=3, do='hit', target=None)
>>> try:
...     parse('{"type": "act", "version": 3, "do": "fold"}')
... except NetError as e:
...     print(e.code, "-", e)
bad_message - 'do' must be 'hit', 'stay' or 'target', not 'fold'
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from json.encoder import c_make_encoder, encode_basestring  # type: ignore[attr-defined]
from typing import Any

from game.gamefile import BOT_LEVELS
from game.limits import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    NET_MAX_MESSAGE,
    NET_MAX_TARGET,
    NET_MAX_TOKEN,
    excerpt,
    in_range,
    is_int,
    name_problem,
)
from game.rules import RuleError, RuleOptions
from game.state import HIT, STAY, TARGET

PROTOCOL = "flip7-net/1"
ME, OPEN = "me", "open"
MAX_VERSION = 2**53  # what any JSON reader holds exactly
_CODE = re.compile(r"[A-Za-z0-9]{4,8}")
_TOKEN = re.compile(rf"[A-Za-z0-9_-]{{1,{NET_MAX_TOKEN}}}")

#: every error code the server sends, and when
CODES = {
    "not_json": "the message is not one JSON text",
    "bad_message": "a key is missing, unknown, mistyped or out of bounds; over 65,536 bytes",
    "unknown_type": "no such message type",
    "too_fast": "over the connection's rate limit (the message was dropped)",
    "no_table": "no table with that code on this server",
    "bad_token": "the token is not that of a seat at the table",
    "table_full": "no open seat left (or too many connections to the table)",
    "name_taken": "a seat at the table already has that name",
    "already_at_table": "this connection already sits at or watches a table",
    "not_at_table": "this connection sits at no table",
    "not_creator": "only the table's creator starts the game",
    "started": "the game has already started",
    "not_started": "the game has not started",
    "game_over": "the game is over",
    "stale": "the decision was made for an older state",
    "not_your_turn": "the game waits for someone else",
    "illegal": "the rules do not allow that decision now",
    "server_full": "the server keeps as many tables as it may",
    "internal": "the server could not do it (nothing changed)",
}


#: the close reasons a server gives as it stops (close code 1001): a client goes on trying
#: to connect, and finds its seat when the server runs again
SERVER_STOPPED = "the server stopped"
HOST_CLOSED = "the host closed the table"


class NetError(ValueError):
    """A message refused: ``code`` (one of :data:`CODES`) and a one-line message."""

    def __init__(self, code: str, message: str) -> None:
        assert code in CODES, code
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class BotSeat:
    level: str
    name: str | None


Seat = str | BotSeat  # ME, OPEN or a bot


@dataclass(frozen=True, slots=True)
class Create:
    name: str
    seats: tuple[Seat, ...]
    rules: RuleOptions


@dataclass(frozen=True, slots=True)
class Join:
    table: str
    name: str


@dataclass(frozen=True, slots=True)
class Watch:
    table: str


@dataclass(frozen=True, slots=True)
class Rejoin:
    table: str
    token: str


@dataclass(frozen=True, slots=True)
class Start:
    pass


@dataclass(frozen=True, slots=True)
class Act:
    version: int
    do: str
    target: str | None


Request = Create | Join | Watch | Rejoin | Start | Act


def parse(text: str | bytes) -> Request:
    """The request ``text`` makes, checked whole; :class:`NetError` if it is none."""
    if not isinstance(text, str):
        raise NetError("not_json", "a message is a text frame, not binary")
    if (
        len(text) * 4 > NET_MAX_MESSAGE  # 4 bytes a character at most: short texts pass
        and len(text.encode("utf-8", "surrogatepass")) > NET_MAX_MESSAGE
    ):
        raise NetError("bad_message", f"a message holds at most {NET_MAX_MESSAGE:,} bytes")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as e:
        raise NetError("not_json", f"not JSON: {_one_line(e)}") from None
    if not isinstance(data, dict):
        raise NetError("bad_message", f"a message is a JSON object, not {_kind(data)}")
    kind = data.get("type")
    reader = _READERS.get(kind) if isinstance(kind, str) else None
    if reader is None:
        raise NetError("unknown_type", f"unknown message type {excerpt(kind)}")
    return reader(data)


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is no JSON number")


def _one_line(e: BaseException) -> str:
    if isinstance(e, RecursionError):
        return "nested too deeply"
    return " ".join(str(e).split())[:120]


def _keys(data: dict[str, Any], required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
    for key in required:
        if key not in data:
            raise NetError("bad_message", f"{data['type']!r} needs the key {key!r}")
    for key in data:
        if key != "type" and key not in required and key not in optional:
            raise NetError("bad_message", f"{data['type']!r} has no key {excerpt(key)}")


def _name(value: object, what: str = "'name'") -> str:
    problem = name_problem(value)
    if problem is not None:
        raise NetError("bad_message", f"{what}: {problem}")
    return value  # type: ignore[return-value]


def _code(value: object) -> str:
    if not isinstance(value, str) or not _CODE.fullmatch(value):
        raise NetError(
            "bad_message", f"'table' must be 4 to 8 letters or digits, not {excerpt(value)}"
        )
    return value.upper()


def _create(data: dict[str, Any]) -> Create:
    _keys(data, ("name", "seats"), ("rules",))
    name = _name(data["name"])
    raw = data["seats"]
    if not isinstance(raw, list) or not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        raise NetError(
            "bad_message", f"'seats' must be a list of {MIN_PLAYERS} to {MAX_PLAYERS} seats"
        )
    seats = tuple(_seat(i, s) for i, s in enumerate(raw))
    if seats.count(ME) != 1:
        raise NetError("bad_message", "'seats' must hold \"me\" exactly once")
    return Create(name, seats, _rules(data.get("rules", {})))


def _seat(index: int, raw: object) -> Seat:
    if raw in (ME, OPEN):
        return str(raw)
    where = f"seat {index}"
    if not isinstance(raw, dict):
        raise NetError("bad_message", f'{where}: "me", "open" or {{"bot": LEVEL, "name": NAME}}')
    for key in raw:
        if key not in ("bot", "name"):
            raise NetError("bad_message", f"{where}: no key {excerpt(key)}")
    level = raw.get("bot")
    if not isinstance(level, str) or level not in BOT_LEVELS:
        raise NetError(
            "bad_message",
            f"{where}: 'bot' must be one of {', '.join(BOT_LEVELS)}, not {excerpt(level)}",
        )
    name = raw.get("name")
    return BotSeat(level, None if name is None else _name(name, f"{where}: 'name'"))


def _rules(raw: object) -> RuleOptions:
    if isinstance(raw, dict) and is_int(raw.get("target")) and raw["target"] > NET_MAX_TARGET:
        raise NetError("bad_message", f"rule 'target' of a table is at most {NET_MAX_TARGET}")
    try:
        return RuleOptions.from_dict(raw)
    except (RuleError, TypeError) as e:
        raise NetError("bad_message", _one_line(e)) from None


def _join(data: dict[str, Any]) -> Join:
    _keys(data, ("table", "name"))
    return Join(_code(data["table"]), _name(data["name"]))


def _watch(data: dict[str, Any]) -> Watch:
    _keys(data, ("table",))
    return Watch(_code(data["table"]))


def _rejoin(data: dict[str, Any]) -> Rejoin:
    _keys(data, ("table", "token"))
    token = data["token"]
    if not isinstance(token, str) or not _TOKEN.fullmatch(token):
        raise NetError("bad_message", f"'token' must be the seat's token, not {excerpt(token)}")
    return Rejoin(_code(data["table"]), token)


def _start(data: dict[str, Any]) -> Start:
    _keys(data, ())
    return Start()


def _act(data: dict[str, Any]) -> Act:
    _keys(data, ("version", "do"), ("target",))
    version, do, target = data["version"], data["do"], data.get("target")
    if not in_range(version, 0, MAX_VERSION):
        raise NetError(
            "bad_message", f"'version' must be a state's version, not {excerpt(version)}"
        )
    if not isinstance(do, str) or do not in (HIT, STAY, TARGET):
        raise NetError("bad_message", f"'do' must be 'hit', 'stay' or 'target', not {excerpt(do)}")
    if do == TARGET:
        target = _name(target, "'target'")
    elif target is not None:
        raise NetError("bad_message", f"a {do!r} has no 'target'")
    return Act(version, do, target)


_READERS: dict[str, Callable[[dict[str, Any]], Request]] = {
    "create": _create,
    "join": _join,
    "watch": _watch,
    "rejoin": _rejoin,
    "start": _start,
    "act": _act,
}


def _kind(value: object) -> str:
    return {
        list: "a list",
        str: "text",
        bool: "true/false",
        int: "a number",
        float: "a number",
    }.get(type(value), "null" if value is None else "?")


# ----------------------------------------------------------------- server → client
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def _no_default(value: object) -> Any:
    raise TypeError(f"{type(value).__name__} is not JSON")


#: the C encoder ``_ENCODER`` makes for each message, made once: a state is encoded in
#: pieces, several per decision, and making it again cost as much as a small piece.
#: No check for cycles: a message is built of fresh lists and dicts.
_C_ENCODE = (
    None
    if c_make_encoder is None
    else c_make_encoder(None, _no_default, encode_basestring, None, ":", ",", False, False, True)
)


def dumps(message: Any) -> str:
    """One message as sent: compact JSON, UTF-8 text.

    >>> dumps({"name": "Léa", "seat": [1, None, True]})
    '{"name":"Léa","seat":[1,null,true]}'
    """
    if _C_ENCODE is None:  # a Python without json's C speedups
        return _ENCODER.encode(message)
    return "".join(_C_ENCODE(message, 0))


def error(code: str, message: str) -> str:
    """The ``error`` message for a refusal (one line, at most 200 characters)."""
    line = " ".join(message.split())
    return dumps({"type": "error", "code": code, "message": line[:200]})


def joined(table: str, seat: int, token: str) -> str:
    return dumps({"type": "joined", "table": table, "seat": seat, "token": token})


def watching(table: str) -> str:
    return dumps({"type": "watching", "table": table})
