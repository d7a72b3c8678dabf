"""The display model follows the game event by event; the presenter's clock and tweens."""

import random

import pytest

from game import events as ev
from game.bots import baseline
from game.engine import Game
from ui.table import layout as L
from ui.table.display import Shown
from ui.table.presenter import Presenter
from ui.table.timeline import CATCH_UP, Step, Timeline
from ui.table.tween import TWEENS, Animator


def random_games(count, seed=0):
    for k in range(count):
        rng = random.Random(seed + k)
        n = rng.randint(2, 18)
        yield rng, Game([f"P{i}" for i in range(n)], seed=seed + k)


def test_the_shown_table_equals_the_game_after_every_batch_of_events():
    for rng, game in random_games(60):
        shown = Shown.before_opening(game)
        for e in game.opening_events:
            shown.apply(e)
        assert shown.differences(game) == []
        while not game.over:
            legal = game.legal_actions()
            action = (
                baseline.choose(game.view(game.pending.seat), legal, rng)
                if rng.random() < 0.6
                else rng.choice(legal)
            )
            for e in game.apply(action):
                shown.apply(e)
            assert shown.differences(game) == []


def test_a_finished_flip_three_always_leaves_the_tray():
    """Never "Bo takes three — from Ada" with its cards still in the tray
    during the next decision when that decision is not a hit."""
    ended = 0
    for rng, game in random_games(150, seed=500):
        shown = Shown.before_opening(game)
        for e in game.opening_events:
            shown.apply(e)
        running = 0  # Flip Threes started and not yet ended
        while not game.over:
            legal = game.legal_actions()
            for e in game.apply(rng.choice(legal)):
                shown.apply(e)
                if isinstance(e, ev.FlipThreeStarted):
                    running += 1
                if isinstance(e, ev.FlipThreeEnded):
                    running -= 1
                    ended += 1
                if isinstance(e, ev.RoundScored):  # a round can end in the middle of one
                    running = 0
            assert (shown.flip_three is None) == (running == 0), "a Flip Three left in the tray"
    assert ended > 20


def test_a_snapshot_of_a_quiet_game_equals_the_game():
    _rng, game = next(random_games(1, seed=99))
    game.apply(game.legal_actions()[0])
    assert Shown.from_game(game).differences(game) == []


def test_the_presenter_moves_the_shown_table_step_by_step_to_the_game():
    """Right after apply the game has jumped ahead; the screen catches up card by card."""
    for rng, game in random_games(8, seed=40):
        lay = L.table_layout((1280, 720), len(game.players))
        shown = Shown.before_opening(game)
        p = Presenter(shown, lay, seed=1)
        p.feed(game.opening_events)
        while not game.over:
            for _ in range(4):
                p.update(0.05)
            p.skip()
            while p.gate:
                p.release()
                p.skip()
            assert p.settled
            assert shown.differences(game) == []
            events = game.apply(rng.choice(game.legal_actions()))
            p.feed(events)
            if any(isinstance(e, ev.CardDrawn) for e in events):
                assert shown.differences(game)  # the screen has not caught up yet


def test_a_drawn_card_is_shown_arriving_before_it_counts():
    game = Game(["Ana", "Bo"], seed=1, dealer=1, deck=["5", "6", "9"])
    shown = Shown.before_opening(game)
    lay = L.table_layout((1280, 720), 2)
    p = Presenter(shown, lay)
    p.feed(game.opening_events)
    p.skip()
    p.feed(game.apply(game.legal_actions()[0]))  # Ana hits a 9
    p.update(0.08)
    assert shown.draw_count == len(game.draw_pile)  # the card has left the pile...
    assert shown.hands[0].numbers == ["5"]  # ...but has not landed yet
    assert p.sprites and p.sprites[0].card == "9"
    start = p.sprites[0].pos
    p.update(0.05)
    assert p.sprites[0].pos != start  # it travels
    p.update(1.0)
    assert shown.hands[0].numbers == ["5", "9"]
    assert not p.sprites


def test_the_timeline_speeds_up_when_much_is_queued():
    tl = Timeline()
    for _ in range(10):
        tl.add(Step(0.5))
    assert tl.queued() == pytest.approx(5.0)
    assert tl.rate() == pytest.approx(5.0 / CATCH_UP)
    tl.speed = 2.0
    assert tl.rate() == pytest.approx(2 * 5.0 / CATCH_UP)


def test_a_gate_stops_the_timeline_until_released():
    tl = Timeline()
    seen = []
    tl.add(Step(0.1, start=lambda: seen.append("a")))
    tl.add(Step(0.0, gate="round_over"))
    tl.add(Step(0.1, start=lambda: seen.append("b")))
    tl.update(10.0)
    assert seen == ["a"] and tl.gate == "round_over" and not tl.settled
    tl.release()
    tl.skip()
    assert seen == ["a", "b"] and tl.settled


def test_tweens_ease_from_start_to_end():
    for name, fn in TWEENS.items():
        if name not in ("shake", "pulse"):
            assert fn(0.0) == pytest.approx(0.0, abs=1e-6), name
            assert fn(1.0) == pytest.approx(1.0, abs=1e-6), name

    class Thing:
        pos = (0.0, 0.0)

    thing, anim = Thing(), Animator()
    done = []
    anim.animate(thing, "decelerate", 0.2, on_finished=lambda: done.append(1), pos=(10.0, 20.0))
    anim.update(0.1)
    assert 5 < thing.pos[0] < 10
    anim.finish_all()
    assert thing.pos == (10.0, 20.0) and done == [1] and not anim.running
