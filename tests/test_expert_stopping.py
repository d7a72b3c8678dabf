"""The expert's own-hand search (game/bots/stopping.py, issue 15): exact optimal stopping
with a utility, checked against the exact solo solver and against hand counts."""

import random

import pytest

from game.bots.analysis import _State
from game.bots.solo import SoloSolver
from game.bots.stopping import Stopping, TooBig
from game.cards import ALL_CARDS, NUMBERS


def _random_hand(rng):
    unseen = {c: rng.randint(1, 2) for c in rng.sample(ALL_CARDS, 9)}
    free = [n for n in NUMBERS if n not in unseen]
    held = tuple(rng.sample(free, min(len(free), rng.randint(1, 3))))
    mods = ("x2",) if rng.random() < 0.3 and "x2" not in unseen else ()
    return held, mods, rng.random() < 0.3, unseen


def test_with_the_score_as_utility_it_is_the_exact_solo_solver():
    # U(x) = x and no pruning: the expected score of optimal play, Flip Three
    # staging, Second Chance and Flip 7 included (R4, R5)
    rng = random.Random(3)
    for _ in range(30):
        held, mods, sch, unseen = _random_hand(rng)
        st = _State.of(held, mods, sch, unseen)
        exact = SoloSolver(unseen, held, mods, sch).values()[1]
        assert Stopping(st, float, prune=0.0, budget=10**7).hit() == pytest.approx(exact)


def test_a_fixed_bar_counts_the_chance_to_pass_it():
    # holding 10, pile {5, 6, 10}: the bar is "more than 15". Hit: 5 or 6 (2 of 3)
    # reaches 15 or 16; after 5 (15, not enough) hit again: 6 passes, 10 busts
    st = _State.of(("10",), (), False, {"5": 1, "6": 1, "10": 1})
    u = lambda x: 1.0 if x > 15 else 0.0  # noqa: E731
    assert Stopping(st, u, prune=0.0).hit() == pytest.approx(1 / 3 + 1 / 3 * 1 / 2)


def test_a_search_over_its_budget_gives_up():
    st = _State.of((), (), False, {n: 3 for n in NUMBERS})
    with pytest.raises(TooBig):
        Stopping(st, float, prune=0.0, budget=50).hit()
