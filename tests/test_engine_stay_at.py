"""``Game(stay_at=...)``: the engine makes a built-in bot's hit-or-stay itself, in
its turn loop (the simulator's fast path for ``baseline``), and the game is the
same as when the bot is asked at every decision: actions, events, file, winner."""

import random

import pytest

from game import bots
from game.commands.simulate import play_game, stay_limits
from game.engine import Game
from game.gamefile import dumps
from game.rules import RuleOptions
from game.state import HIT_OR_STAY

RULES = [
    RuleOptions(),
    RuleOptions(opening="deal", flip_three_on_bust="resolve", target=80),
    RuleOptions(decks=2, target=120),
]


def asked_every_time(levels, seed, rules=None, record_events=False):
    """The game of ``play_game``, each bot asked at every decision through its view."""
    game = Game(
        [f"{level}{i}" for i, level in enumerate(levels)],
        rules,
        seed=seed,
        bots=levels,
        record_events=record_events,
    )
    choosers = [bots.get(level) for level in levels]
    rng = random.Random(seed ^ 0x5EED)
    events = list(game.opening_events)
    while game.pending is not None:
        seat = game.pending.seat
        events += game.apply(choosers[seat](game.view(seat), game.legal_actions(), rng))
    return game, events


@pytest.mark.parametrize("seed", range(40))
def test_the_simulator_plays_the_games_the_bots_would(seed):
    # baseline alone and beside bots that draw from the shared generator
    pick = random.Random(seed)
    levels = tuple(pick.choice(["baseline", "baseline", "easy"]) for _ in range(2 + seed % 9))
    rules = RULES[seed % len(RULES)]
    fast = play_game(levels, seed, rules)
    slow, _ = asked_every_time(levels, seed, rules)
    assert fast.actions == slow.actions
    assert (fast.winner, fast.rounds, fast.totals) == (slow.winner, slow.rounds, slow.totals)
    assert dumps(fast) == dumps(slow)


@pytest.mark.parametrize("seed", range(12))
def test_events_are_the_same_when_the_engine_decides(seed):
    levels = ("baseline",) * (2 + seed % 5) + ("easy",)
    rules = RULES[seed % len(RULES)]
    slow, expected = asked_every_time(levels, seed, rules, record_events=True)
    game = Game(
        [f"{level}{i}" for i, level in enumerate(levels)],
        rules,
        seed=seed,
        bots=levels,
        stay_at=stay_limits(levels),
    )
    choosers = [bots.get(level) for level in levels]
    rng = random.Random(seed ^ 0x5EED)
    events = list(game.opening_events)
    while game.pending is not None:
        # only what the engine cannot decide is left: easy's turns and every target
        assert game.pending.kind != HIT_OR_STAY or levels[game.pending.seat] == "easy"
        seat = game.pending.seat
        events += game.apply(choosers[seat](game.view(seat), game.legal_actions(), rng))
    assert events == expected
    assert game.snapshot() == slow.snapshot()


def test_a_limit_hits_below_it_and_stays_from_it():
    game = Game(["A", "B"], seed=3, dealer=1, stay_at=[0, None])  # A stays whenever it may
    while game.pending is not None:
        assert game.pending.seat == 1 or game.pending.kind != HIT_OR_STAY
        game.apply(game.legal_actions()[0])  # B always hits
    a_moves = [action.kind for action in game.actions if action.seat == 0]
    assert a_moves and set(a_moves) <= {"stay", "target"}
    hungry = Game(["A", "B"], seed=3, dealer=1, stay_at=[10**6, 10**6])  # both always hit
    while hungry.pending is not None:
        assert hungry.pending.kind != HIT_OR_STAY
        hungry.apply(hungry.legal_actions()[0])
    assert {action.kind for action in hungry.actions} == {"hit", "target"}


def test_one_limit_per_seat():
    with pytest.raises(ValueError, match="one limit"):
        Game(["A", "B", "C"], stay_at=[25, None])
