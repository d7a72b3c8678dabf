"""A plug-in's own process: the copy of the view it gets, the answer it gives, its deadline."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from game.bots import sandbox
from game.bots.plugins import BotError
from game.bots.table_copy import decode, decode_legal, encode, encode_legal
from game.engine import Game
from game.state import Action, Decision

ZOO = Path(__file__).resolve().parent / "bots_zoo"
VIEW = ("seat", "players", "rules", "totals", "dealer", "round_no", "pending", "draw_count")
MORE = ("discard_count", "discard", "staged", "queue", "active_seats", "unseen", "refill")
HAND = ("numbers", "number_count", "distinct", "modifiers", "second_chance", "status", "score")
HAND_MORE = ("active", "has_cards", "number_sum", "bonus", "x2")


@pytest.fixture(autouse=True)
def _no_plugin_left_running():
    yield
    sandbox.close_all()


def plain(value: object) -> bool:
    """Only values: no object that could lead back to the game (not even a class of its)."""
    if type(value) in (str, int, float, bool) or value is None:
        return True
    return type(value) is tuple and all(plain(v) for v in value)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_copy_shows_what_the_view_shows_and_holds_only_values(seed):
    rng = random.Random(seed)
    game = Game(["A", "B", "C", "D"], seed=seed, record_events=False)
    while game.pending is not None:
        seat = game.pending.seat
        real = game.view(seat)
        data, legal = encode(real), encode_legal(game.pending.actions)
        assert plain(data) and plain(legal)
        copy = decode(data, decode_legal(legal))
        for name in VIEW + MORE:
            value = getattr(real, name)
            assert (value() if callable(value) else value) == (
                getattr(copy, name)() if callable(value) else getattr(copy, name)
            ), name
        assert copy.next_draws() == real.next_draws()
        for s in range(4):
            for name in HAND + HAND_MORE:
                assert getattr(copy.hand(s), name) == getattr(real.hand(s), name), name
        assert copy.me.numbers == real.me.numbers and isinstance(copy.pending, Decision)
        game.apply(rng.choice(game.pending.actions))


def test_the_pile_order_never_leaves_the_game():
    game = Game(["A", "B"], seed=5, deck=["12", "1", "7", "3"], record_events=False)
    copy = decode(encode(game.view(game.pending.seat)))
    assert copy._game.draw_pile == sorted(game.draw_pile)  # its composition, in no real order


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_asking_does_not_wait_and_the_deadline_stops_a_sleeper():
    bot = sandbox.PluginBot(f"{ZOO / 'sleeps.py'}:choose", timeout=0.5)
    bot.wait_ready()
    game = Game(["A", "B"], seed=1, record_events=False)
    seat = game.pending.seat
    start = time.monotonic()
    bot.ask(game.view(seat), game.pending.actions, random.Random(1))
    assert bot.reply(wait=False) is None and bot.waiting
    assert time.monotonic() - start < 0.3  # neither call waited
    time.sleep(0.6)
    with pytest.raises(BotError, match="took longer than 0.5 s to decide"):
        bot.reply(wait=False)
    with pytest.raises(BotError):  # failed for good; its process is gone
        bot(game.view(seat), game.pending.actions, random.Random(1))
    assert not bot._process.is_alive()


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_the_answer_is_the_programs_own_action():
    bot = sandbox.shared(f"{ZOO / 'first.py'}:choose", 10.0)
    game = Game(["A", "B"], seed=1, record_events=False)
    legal = game.pending.actions
    action = bot(game.view(game.pending.seat), legal, random.Random(1))
    assert action is legal[0] and isinstance(action, Action)
