"""game.live: undo at a real table, and a network client's mirror of a server's game."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.commands.replay import summary
from game.engine import Game
from game.live import as_observed, catch_up, dealt_cards, entries, observed_game, undo
from game.rules import RuleOptions
from game.state import Action, DecisionKind
from tests.test_properties import RULES, random_game


def state(game):
    """Everything an entry changes, as plain values."""
    return (
        json.dumps(summary(game), sort_keys=True),
        game.pending,
        game.turned(),
        list(game.actions),
        game.card_counts(),
    )


def live_table(seed, players, rules, steps):
    """A game of real cards entered one entry at a time: (game, states, entries)."""
    rng = random.Random(seed)
    game = Game([f"P{i}" for i in range(players)], rules, observed=True, dealer=seed % players)
    states, made = [state(game)], []
    for _ in range(steps):
        d = game.pending
        if d is None:
            break
        if d.kind == DecisionKind.REVEAL:
            entry = Action.reveal(d.seat, rng.choice(game.revealable()))
        elif d.kind == DecisionKind.HIT_OR_STAY:
            entry = d.actions[0] if rng.random() < 0.75 else d.actions[1]
        else:
            entry = rng.choice(d.actions)
        game.apply(entry)
        made.append(entry)
        states.append(state(game))
    return game, states, made


@pytest.mark.slow  # 10 tables of up to 400 entries, each undone by playing the table again
@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    players=st.integers(2, 6),
    rules=st.sampled_from(RULES),
    steps=st.integers(0, 400),
)
def test_undo_takes_entries_back_one_by_one_exactly_to_the_start(seed, players, rules, steps):
    game, states, made = live_table(seed, players, rules, steps)
    assert entries(game) == made
    for expected in reversed(states[:-1]):
        before = state(game)
        previous = undo(game)
        assert state(game) == before  # the game given is left as it is
        assert state(previous) == expected
        game = previous
    with pytest.raises(ValueError, match="nothing to undo"):
        undo(game)


def test_undo_takes_back_a_card_named_ahead_first():
    game = observed_game(["Ana", "Ben"], dealer=1, turned=["7", "12", "5", "6"])
    assert game.waiting() == ["5", "6"]
    game = undo(game)
    assert game.turned() == ["7", "12", "5"] and game.waiting() == ["5"]
    game = undo(undo(game))
    assert game.turned() == ["7"] and game.pending.kind == DecisionKind.REVEAL


def test_a_decision_is_undone_back_to_the_same_decision():
    game = observed_game(["Ana", "Ben"], dealer=1, turned=["7", "12"])
    game.apply(Action.hit(0))
    assert game.pending.kind == DecisionKind.REVEAL
    back = undo(game)
    assert back.actions == [] and back.pending.kind == DecisionKind.HIT_OR_STAY
    assert back.legal_actions() == [Action.hit(0), Action.stay(0)]


def test_only_an_observed_game_takes_entries_back():
    with pytest.raises(ValueError, match="only an observed game"):
        undo(Game(["Ana", "Ben"], seed=1))


def server_game(seed, players, rules):
    """A shuffled game (the server's), with every apply's events and its dealt cards."""
    game, _ = random_game(seed, players, rules)  # its decisions
    server = Game(game.players, rules, seed=seed, dealer=game.initial["dealer"])
    steps = [(list(server.opening_events), [], server.pending)]
    for action in game.actions:
        steps.append((server.apply(action), [action], server.pending))
    return server, steps


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 7), rules=st.sampled_from(RULES))
def test_a_mirror_from_the_cards_and_decisions_reproduces_the_servers_events(seed, players, rules):
    server, steps = server_game(seed, players, rules)
    turned, actions = [], []
    mirror = observed_game(server.players, rules, server.initial["dealer"])
    for i, (events, done, pending) in enumerate(steps):
        turned += dealt_cards(events)
        actions += done
        got = list(mirror.opening_events) if i == 0 else []
        got += catch_up(mirror, turned, actions)
        assert got == events  # the same events, so the same animation
        assert mirror.pending == pending  # waiting for the same player's decision
    assert summary(mirror) == summary(server)
    # built at once from what the server sent, the same game
    at_once = observed_game(server.players, rules, server.initial["dealer"], None, turned, actions)
    assert summary(at_once) == summary(server) and at_once.pending == server.pending
    assert summary(as_observed(server, turned)) == summary(server)


def test_a_mirror_refuses_a_state_that_does_not_continue_it():
    mirror = observed_game(["Ana", "Ben"], dealer=1, turned=["7", "12"])
    with pytest.raises(ValueError, match="its history differs"):
        catch_up(mirror, ["7", "11"], [])
    with pytest.raises(ValueError, match="does not wait for"):
        catch_up(mirror, ["7", "12", "5"], [])  # a card while Ana is to decide


def test_a_mirror_keeps_the_servers_rules_and_totals():
    rules = RuleOptions(target=60, opening="deal")
    mirror = observed_game(["Ana", "Ben"], rules, 0, [50, 55], ["7", "8"])
    assert mirror.rules == rules and mirror.totals == [50, 55]
    assert mirror.pending.kind == DecisionKind.HIT_OR_STAY  # the deal dealt one card each
