"""Every engine event has its handler, found in an explicit table keyed by its type: the
display model's (ui.table.display) and the animation's (ui.table.presenter). A new event
without one fails here instead of animating nothing, silently."""

import typing

import pytest

from game import events as ev
from ui.table import display, presenter
from ui.table.steps_cards import CardSteps
from ui.table.steps_round import RoundSteps

EVENTS = set(typing.get_args(ev.Event))

TABLES = [
    ("display", display.SHOWN_BY_EVENT, display.SHOWN_IGNORES),
    ("presenter", presenter.STEP_BY_EVENT, presenter.STEP_AT_ONCE),
]


@pytest.mark.parametrize(("name", "table", "left_out"), TABLES, ids=[t[0] for t in TABLES])
def test_each_table_covers_every_event_once(name, table, left_out):
    assert set(table) | left_out == EVENTS, name
    assert not set(table) & left_out, name


@pytest.mark.parametrize(("name", "table", "left_out"), TABLES, ids=[t[0] for t in TABLES])
def test_each_handler_is_annotated_with_the_event_it_is_keyed_by(name, table, left_out):
    for kind, handler in table.items():
        hint = typing.get_type_hints(handler)["e"]
        assert hint is kind or kind in typing.get_args(hint), (name, kind, handler)


def test_no_handler_is_left_outside_the_tables():
    named = {kind.__name__: kind for kind in EVENTS}
    on = {n[4:] for n in vars(display.Shown) if n.startswith("_on_")}
    assert {named[n] for n in on} == set(display.SHOWN_BY_EVENT)
    steps = {n[1:] for cls in (CardSteps, RoundSteps) for n in vars(cls) if n[1:] in named}
    assert {named[n] for n in steps} <= set(presenter.STEP_BY_EVENT)
