"""Reading a ``state`` as a client: its game as an observed file, its events as the
engine's.

A state's ``record`` holds how the game started (its players are those of the state's
``game``), every card turned over so far and every decision — nothing that was not yet
turned over. :func:`observed_file` makes of it the ``flip7/1`` file of an observed game
(docs/live-table.md: ``"dealing": "observed"``, its ``deck`` the cards in the order
they were turned over), which an engine that deals observed games replays into the
same position as the server's: a client that missed states rebuilds from the last one
alone. :func:`engine_events` turns a state's ``events`` back into :mod:`game.events`
records, for a presenter that animates the engine's events.

>>> state = {"rules": {"target": 200}, "game": {"players": ["Ana", "Bo"]}, "record": {
...     "bots": [None, "easy"], "dealer": 1, "totals": [0, 0], "cards": ["7", "3", "12"],
...     "actions": [[1, "hit"], [0, "stay"]]}, "events": [{"event": "Hit", "seat": 1,
...     "forced": False}, {"event": "CardDrawn", "seat": 1, "card": "12", "cause": "hit",
...     "slot": 0}, {"event": "Decided", "seat": 1, "do": "hit"}]}
>>> observed_file(state)["actions"]
[{'player': 'Bo', 'do': 'hit'}, {'player': 'Ana', 'do': 'stay'}]
>>> engine_events(state)
[Hit(seat=1, forced=False), CardDrawn(seat=1, card='12', cause=<DrawCause.HIT: 'hit'>, slot=0)]
"""

from __future__ import annotations

import typing
from typing import Any

from game import events as ev
from game.state import TARGET

_CLASSES: dict[str, type] = {c.__name__: c for c in typing.get_args(ev.Event)}
_ENUMS: dict[str, type] = {"cause": ev.DrawCause, "origin": ev.Place, "reason": ev.DiscardReason}


def observed_file(state: dict[str, Any]) -> dict[str, Any] | None:
    """The observed ``flip7/1`` file of a state's game so far (None before it starts)."""
    record = state.get("record")
    if record is None:
        return None
    names, bots = state["game"]["players"], record["bots"]
    players = [n if b is None else {"name": n, "bot": b} for n, b in zip(names, bots, strict=True)]
    actions = []
    for seat, do, *target in record["actions"]:
        action = {"player": names[seat], "do": do}
        if do == TARGET:
            action["target"] = names[target[0]]
        actions.append(action)
    return {
        "format": "flip7/1",
        "dealing": "observed",
        "players": players,
        "rules": state["rules"],
        "dealer": record["dealer"],
        "totals": record["totals"],
        "deck": list(record["cards"]),
        "actions": actions,
    }


def engine_events(state: dict[str, Any]) -> list[ev.Event]:
    """The engine's events among a state's ``events`` (the table's own — a seat taken, a
    connection lost, who decided — are left out), as :mod:`game.events` records."""
    out = []
    for item in state.get("events", ()):
        event = from_dict(item)
        if event is not None:
            out.append(event)
    return out


def from_dict(item: dict[str, Any]) -> ev.Event | None:
    """The inverse of :func:`game.events.to_dict`; None for what is not an engine event."""
    cls = _CLASSES.get(item.get("event", ""))
    if cls is None:
        return None
    fields = {}
    for key in cls._fields:  # type: ignore[attr-defined]
        value = item[key]
        if key in _ENUMS:
            value = _ENUMS[key](value)
        elif key == "results":
            value = tuple(ev.HandResult(**_tuples(r)) for r in value)
        elif isinstance(value, list):
            value = tuple(value)
        fields[key] = value
    event: ev.Event = cls(**fields)
    return event


def _tuples(result: dict[str, Any]) -> dict[str, Any]:
    return {k: tuple(v) if isinstance(v, list) else v for k, v in result.items()}
