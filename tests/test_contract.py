"""The engine's contract explains itself: typed events, string enums, no sentinels,
opening events from start(), reason codes, a read-only snapshot."""

from __future__ import annotations

import json
import random

import pytest

from game import events as ev
from game.cards import FLIP_THREE, SECOND_CHANCE
from game.engine import Game
from game.rules import RuleOptions
from game.state import Action, ActionKind, DecisionKind, HandStatus, IllegalActionError


def test_start_returns_the_opening_like_any_step():
    game = Game(["Ana", "Ben", "Cy"], seed=4, dealer=2, start=False)
    assert game.round_no == 0 and game.pending is None and not game.over
    with pytest.raises(IllegalActionError, match="not started"):
        game.apply(Action.hit(0))
    events = game.start()
    assert isinstance(events[0], ev.RoundStarted) and game.pending is not None
    with pytest.raises(RuntimeError):
        game.start()
    same = Game(["Ana", "Ben", "Cy"], seed=4, dealer=2)
    assert same.opening_events == events and same.clone().opening_events == events


def test_kinds_are_string_enums_equal_to_their_names():
    game = Game(["Ana", "Ben"], seed=1, dealer=1)
    game.apply(game.legal_actions()[0])
    d = game.pending
    assert isinstance(d.kind, DecisionKind) and d.kind == "hit_or_stay"
    hit, stay = game.legal_actions()
    assert isinstance(hit.kind, ActionKind) and (hit.kind, stay.kind) == ("hit", "stay")
    assert hit.target is None and stay.target is None
    assert isinstance(game.hands[0].status, HandStatus)
    assert json.loads(json.dumps([hit.kind, d.kind])) == ["hit", "hit_or_stay"]


def _random_games(count: int):
    for k in range(count):
        rng = random.Random(k)
        n = rng.choice([2, 3, 4, 6, 9])
        rules = RuleOptions(
            target=rng.choice([40, 120]),
            opening=rng.choice(["must_hit", "deal"]),
            flip_three_on_bust=rng.choice(["discard", "resolve"]),
        )
        yield rng, Game([f"P{i}" for i in range(n)], rules, seed=k, start=False)


class _Mirror:
    """In play, the tray and the queue, moved by the events alone (no rule of its own)."""

    def __init__(self):
        self.in_play: list[str] = []
        self.staged: list[str] = []
        self.queue: list[tuple[str, int]] = []

    def see(self, e):
        assert not any(isinstance(v, int) and v < 0 for v in e)  # no -1 sentinel
        if isinstance(e, ev.CardInPlay):
            self.in_play.append(e.card)
        elif isinstance(e, ev.TargetChosen):
            self.in_play.remove(e.card)
        elif isinstance(e, ev.SecondChanceGiven):
            self.in_play.remove(SECOND_CHANCE)
        elif isinstance(e, ev.FlipThreeStarted):
            if e.from_queue:
                assert self.queue.pop(0) == (FLIP_THREE, e.seat)
            self.in_play.append(FLIP_THREE)
        elif isinstance(e, ev.Frozen):
            if e.from_queue:
                assert self.queue.pop(0) == ("freeze", e.seat)
        elif isinstance(e, ev.FlipThreeEnded):
            self.in_play.remove(FLIP_THREE)
        elif isinstance(e, ev.Staged):
            self.staged.append(e.card)
        elif isinstance(e, ev.EffectQueued):
            assert self.staged.pop(0) == e.card
            self.queue.append((e.card, e.target))
        elif isinstance(e, ev.CardDiscarded):
            self.discarded(e)

    def discarded(self, e):
        assert isinstance(e.reason, ev.DiscardReason)
        assert isinstance(e.origin, ev.Place)
        assert (e.seat is None) == (e.reason == ev.DiscardReason.ROUND_OVER)
        if e.origin == ev.Place.IN_PLAY:
            self.in_play.remove(e.card)
        elif e.origin == ev.Place.TRAY:
            assert self.staged.pop(0) == e.card
        elif e.origin == ev.Place.QUEUE:
            assert self.queue.pop(0)[0] == e.card


def test_events_alone_say_where_every_waiting_card_is():
    """A screen that mirrors in play / tray / queue from the events, with no rule of its own."""
    for rng, game in _random_games(120):
        mirror = _Mirror()
        batch = game.start()
        while True:
            for e in batch:
                mirror.see(e)
            snap = game.snapshot()
            assert sorted(mirror.in_play) == sorted(snap.in_play)
            assert tuple(mirror.staged) == snap.staged
            assert mirror.queue == [(q.card, q.target) for q in snap.queue]
            if game.over:
                break
            batch = game.apply(rng.choice(game.legal_actions()))


def test_snapshot_is_plain_values_and_counts_every_card():
    for rng, game in _random_games(30):
        game.start()
        for _ in range(40):
            if game.over:
                break
            snap = game.snapshot()
            waiting = len(snap.staged) + len(snap.queue) + len(snap.in_play)
            in_hands = sum(
                len(h.numbers) + len(h.modifiers) + h.second_chance + h.freezes for h in snap.hands
            )
            deck = sum(game.card_counts().values())
            assert snap.draw_count + snap.discard_count + waiting + in_hands == deck
            assert snap.totals == tuple(game.totals) and snap.pending == game.pending
            assert all(
                h.score == hand.score() for h, hand in zip(snap.hands, game.hands, strict=True)
            )
            game.apply(rng.choice(game.legal_actions()))
        with pytest.raises(AttributeError):
            snap.round_no = 5  # read-only
