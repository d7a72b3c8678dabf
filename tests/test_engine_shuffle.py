"""The engine's inline shuffle is ``random.Random.shuffle``, bit for bit (the shuffles
are part of the file format; tests/test_shuffle_golden.py pins their results)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import full_deck
from game.engine import shuffle


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**64), st.integers(0, 400))
def test_same_order_and_same_rng_state_as_random_shuffle(seed, size):
    cards = [str(i) for i in range(size)]
    theirs, ours = random.Random(seed), random.Random(seed)
    expected = cards.copy()
    theirs.shuffle(expected)
    shuffle(ours, cards)
    assert cards == expected
    assert ours.getstate() == theirs.getstate()  # later draws stay the same too


def test_the_full_decks():
    for decks in (1, 2, 3):
        for seed in range(50):
            a, b = full_deck(decks), full_deck(decks)
            random.Random(seed).shuffle(a)
            shuffle(random.Random(seed), b)
            assert a == b
