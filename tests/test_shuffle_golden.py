"""The shuffle is part of the ``flip7/1`` format (INTERFACES §1): a saved file replays
the same only while the shuffle stays the same. These figures pin it: for fixed seeds,
the first dealer, the first cards drawn, and the cards drawn after the first reshuffle.
A change to the shuffle (or to how the seed is used) must fail here, and would need a
new format version."""

import random

import pytest

from game.bots import baseline
from game.engine import Game

GOLDEN = {
    7: (
        3,
        ["9", "6", "10", "+10", "3", "4", "12", "5", "10", "12", "4", "11"],
        ["7", "5", "10", "5", "10", "11", "12", "3"],
    ),
    2024: (
        2,
        ["11", "7", "12", "9", "7", "10", "8", "12", "8", "+6", "11", "9"],
        ["10", "11", "flip_three", "10", "6", "3", "12", "6"],
    ),
}


def trace(seed: int, seats: int = 4):
    """The first dealer, the first 12 cards drawn, the first 8 after the first reshuffle
    (baseline bots, whose play is fixed forever, make the decisions)."""
    game = Game([f"P{i}" for i in range(seats)], seed=seed)
    dealer, events, rng = game.dealer, list(game.opening_events), random.Random(seed)

    def drawn(evs):
        return [e.card for e in evs if type(e).__name__ == "CardDrawn"]

    def after_reshuffle():
        names = [type(e).__name__ for e in events]
        return drawn(events[names.index("Reshuffled") :]) if "Reshuffled" in names else []

    while not game.over and len(after_reshuffle()) < 8:
        d = game.pending
        events += game.apply(baseline.choose(game.view(d.seat), game.legal_actions(), rng))
    return dealer, drawn(events)[:12], after_reshuffle()[:8]


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_the_shuffle_of_the_format_is_pinned(seed):
    assert trace(seed) == GOLDEN[seed]
