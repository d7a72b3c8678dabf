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


def played_games(reduced: bool):
    """Whole games of 2 to 18 seats played on a presenter frame by frame, every tween it
    plays seen with the step playing it: (step, the step's clock then, the animation)."""
    import random

    from game.engine import Game
    from ui.table import layout as L
    from ui.table.display import Shown

    for seed in range(6):
        rng = random.Random(seed)
        game = Game([f"P{i}" for i in range(rng.choice((2, 3, 6, 18)))], seed=seed)
        shown = Shown.before_opening(game)
        shown.bots = [None, *shown.bots[1:]]  # a person at the table: their results held
        p = presenter.Presenter(shown, L.table_layout((1280, 720), len(game.players)), seed)
        p.reduced = reduced
        tl, seen = p.timeline, []
        real = tl.animator.animate

        def animate(*args, tl=tl, seen=seen, real=real, **kwargs):
            anim = real(*args, **kwargs)
            assert tl.current is not None, "a tween played outside any step"
            seen.append((tl.current, tl.current.elapsed, anim))
            return anim

        tl.animator.animate = animate
        p.feed(game.opening_events)
        while True:
            while not p.settled:
                p.update(0.05)
                if p.gate:
                    p.release()
            yield from seen
            seen.clear()
            if game.over:
                break
            p.feed(game.apply(rng.choice(game.legal_actions())))


@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced motion"])
def test_a_step_lasts_as_long_as_the_tweens_it_plays_and_its_rest(reduced):
    from ui.table.tween import TWEENS

    declared: dict[type, set] = {}
    played: dict[type, set] = {}
    for step, at, anim in played_games(reduced):
        kind = type(step.event)
        beat = next(
            (
                b
                for b in step.beats
                if TWEENS[b.tween] is anim.tween
                and max(b.duration, 1e-6) == anim.duration
                and b.delay == anim.delay
            ),
            None,
        )
        assert beat is not None, (kind, anim.tween, anim.duration, anim.delay, step.beats)
        if not beat.trailing:  # played within the step, and the step waits for it
            assert at + beat.end <= step.duration - step.rest + 1e-9, (kind, beat, at)
            played.setdefault(kind, set()).add(beat)
        declared.setdefault(kind, set()).update(b for b in step.beats if not b.trailing)
    assert played, "no tween was played"
    for kind, beats in declared.items():  # and no beat declared that nothing plays
        assert played.get(kind, set()) == beats, kind
