"""Properties over thousands of random legal games (R1.5, R8, the API contract)."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import composition
from game.commands.replay import summary
from game.engine import Game
from game.gamefile import dumps, from_dict, new_game, to_dict
from game.rules import RuleOptions
from game.state import HIT_OR_STAY, STAY

ROOT = Path(__file__).resolve().parent.parent


def random_game(seed: int, players: int, rules: RuleOptions, check=None) -> tuple[Game, list]:
    """Play random legal actions to the end; ``check(game)`` after every step."""
    rng = random.Random(seed)
    game = Game([f"P{i}" for i in range(players)], rules, seed=seed)
    events = list(game.opening_events)
    stay_bias = rng.random()
    while not game.over:
        legal = game.legal_actions()
        if game.pending.kind == HIT_OR_STAY and rng.random() < stay_bias:
            action = next(a for a in legal if a.kind == STAY)
        else:
            action = rng.choice(legal)
        events += game.apply(action)
        if check:
            check(game)
    return game, events


def invariants(full):
    last = {}
    full = dict(full)  # compared as plain dicts: no card is ever counted 0

    def check(game):
        key = id(game)
        assert dict(game.card_counts()) == full, "a card appeared or vanished (R1.5)"
        before = last.get(key)
        assert before is None or all(a >= b for a, b in zip(game.totals, before, strict=True))
        last[key] = list(game.totals)
        legal = game.legal_actions()
        if game.over:
            assert game.pending is None and legal == []
        else:
            assert game.pending is not None and len(legal) >= 2  # forced ones are applied
            assert game.pending.seat in game.active_seats() or game.pending.kind != HIT_OR_STAY

    return check


RULES = [
    RuleOptions(),
    RuleOptions(opening="deal"),
    RuleOptions(flip_three_on_bust="resolve"),
    RuleOptions(target=60, opening="deal", flip_three_on_bust="resolve"),
]


@pytest.mark.slow  # 2,000 games
def test_two_thousand_random_games_keep_every_invariant():
    games = 0
    for seed in range(2000):
        players = 2 + seed % 7
        rules = RULES[seed % len(RULES)]
        game, _ = random_game(seed, players, rules, invariants(composition()))
        best = max(game.totals)
        assert game.winner is not None and game.totals[game.winner] == best >= rules.target
        assert game.totals.count(best) == 1
        games += 1
    assert games == 2000


def test_many_players_use_two_decks():
    game, _ = random_game(5, 19, RuleOptions(target=40), invariants(composition(2)))
    assert game.over


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 6), rules=st.sampled_from(RULES))
def test_save_load_replay_gives_the_same_state_and_events(seed, players, rules):
    game, events = random_game(seed, players, rules)
    data = json.loads(dumps(game))
    again = new_game(data)
    replayed = list(again.opening_events)
    for action in game.actions:
        replayed += again.apply(action)
    assert replayed == events
    assert summary(from_dict(data)) == summary(game)
    assert to_dict(again) == data


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), cut=st.floats(0, 1))
def test_partial_games_resume_at_the_same_decision(seed, cut):
    game, _ = random_game(seed, 4, RuleOptions())
    data = to_dict(game)
    data["actions"] = data["actions"][: int(len(data["actions"]) * cut)]
    part = from_dict(data)
    again = from_dict(json.loads(json.dumps(data)))
    assert again.pending == part.pending and summary(again) == summary(part)


def test_clone_is_independent():
    game, _ = random_game(3, 4, RuleOptions())
    game = Game(["A", "B", "C"], seed=11)
    twin = game.clone()
    while not twin.over:
        twin.apply(twin.legal_actions()[0])
    assert game.round_no == 1 and not game.over
    assert game.card_counts() == composition()
    # the clone follows the same future as the original
    other = game.clone()
    while not game.over:
        action = game.legal_actions()[0]
        assert game.apply(action) == other.apply(action)


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_replay_cli_agrees_with_the_engine(tmp_path):
    for seed in (1, 2, 3):
        game, _ = random_game(seed, 3 + seed, RULES[seed])
        data = to_dict(game)
        data["actions"] = data["actions"][: len(data["actions"]) // 2]
        path = tmp_path / f"g{seed}.json"
        path.write_text(json.dumps(data))
        run = subprocess.run(
            [sys.executable, "-m", "game.replay", str(path)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        assert json.loads(run.stdout) == summary(from_dict(data))
