"""The card calculator: every scoring example of the seeds, and what it refuses."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game import events as ev
from game.bots import get as get_bot
from game.cards import MODIFIERS
from game.engine import Game
from game.state import Hand
from game.tabletop.calculator import (
    CardHand,
    ImpossibleHandError,
    ImpossibleRoundError,
    calculation,
    check_round,
    count,
    max_points,
)


@pytest.mark.parametrize(
    ("numbers", "modifiers", "points", "text"),
    [
        # docs/rules.md R7.5
        ([7, 11], ["+8", "x2"], 44, "18 × 2 + 8 = 44"),
        ([], ["+2", "+6", "x2"], 8, "0 × 2 + 2 + 6 = 8"),
        ([3, 5, 9, 12], ["x2", "+4"], 62, "29 × 2 + 4 = 62"),
        ([0, 1, 2, 4, 6, 9, 12], [], 49, "34 + 15 = 49"),
        ([0, 1, 3, 5, 7, 9, 12], ["x2", "+6"], 95, "37 × 2 + 6 + 15 = 95"),
        ([11, 5, 12], ["+4"], 32, "28 + 4 = 32"),
        # seed 004, the last round of the example game
        ([12, 10, 7], ["x2", "+6"], 64, "29 × 2 + 6 = 64"),  # Hugo
        ([1, 3, 5, 6, 8, 9, 11], ["+4"], 62, "43 + 4 + 15 = 62"),  # Léa, Flip 7
        ([11, 2, 8], [], 21, "21"),  # Lucas
    ],
)
def test_counts_of_the_seeds(numbers, modifiers, points, text):
    hand = count(numbers, modifiers)
    assert hand.points == points
    assert hand.text == text
    assert not hand.busted


def test_chloe_busted_on_a_second_nine_scores_zero():
    hand = count([9, 4, 5, 12, 9], busted=True)
    assert (hand.points, hand.calculation, hand.text) == (0, "0", "0")
    assert count(busted=True).points == 0  # only "busted" was tapped


def test_flip7_bonus_comes_by_itself_at_seven_numbers():
    assert not count([1, 2, 3, 4, 5, 6]).flip7
    assert count([1, 2, 3, 4, 5, 6, 7]).flip7
    assert count([1, 2, 3, 4, 5, 6, 7]).points == 28 + 15


def test_numbers_as_card_names_and_x2_spellings():
    assert count(["12", "10", "7"], ["×2", "+6"]) == count([7, 10, 12], ["+6", "x2"])
    assert count([12, 10, 7], ["+6", "x2"]).modifiers == ("+6", "x2")


def test_most_a_hand_can_score():
    best = count([12, 11, 10, 9, 8, 7, 6], list(MODIFIERS))
    assert best.points == max_points() == 171


@pytest.mark.parametrize(
    ("numbers", "modifiers", "busted", "message"),
    [
        ([7, 11, 7], [], False, "7 twice: a hand with the same number twice has busted"),
        ([0, 1, 2, 3, 4, 5, 6, 7], [], False, "8 different numbers: the round ends at the 7th"),
        ([5], ["x2", "x2"], False, "x2 twice in one hand: the deck holds only one"),
        ([5], ["+4", "+4"], False, "+4 twice in one hand: the deck holds only one"),
        ([1, 1], [], True, "1 twice in one hand: the deck holds only one"),
        ([2, 2, 2], [], True, "3 cards 2: a hand busts at its first duplicate"),
        ([5, 5, 7, 7], [], True, "5 and 7 twice: a hand busts at its first duplicate"),
        ([5, 6], [], True, "a busted hand shows its duplicate"),
        ([1, 2, 3, 4, 5, 6, 7, 7], [], True, "7 different numbers: the 7th made a Flip 7"),
        ([13], [], False, "13 is not a number card (0 to 12)"),
        ([True], [], False, "True is not a number card"),
        ([], ["+3"], False, "'+3' is not a modifier card"),
        ([], ["freeze"], False, "'freeze' is not a modifier card"),
    ],
)
def test_refuses_what_cannot_exist(numbers, modifiers, busted, message):
    with pytest.raises(ImpossibleHandError) as info:
        count(numbers, modifiers, busted)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_two_decks_allow_two_of_a_modifier_but_x2_doubles_once():
    hand = count([5], ["x2", "x2", "+4", "+4"], decks=2)
    assert hand.points == 5 * 2 + 8


def test_round_refuses_more_copies_than_the_deck_holds():
    twelves = [count([12, n], busted=False) for n in range(11)]  # 11 twelves
    check_round(twelves)
    check_round([*twelves, count([12])])  # the 12th
    with pytest.raises(
        ImpossibleRoundError, match="13 cards 12 on the table in one round: the deck holds 12"
    ):
        check_round([*twelves, count([12]), count([12, 3])])
    with pytest.raises(ImpossibleRoundError, match="x2 twice on the table"):
        check_round([count([3], ["x2"]), None, count([4], ["x2"])])


def test_a_busted_hand_counts_its_duplicate_on_the_table():
    with pytest.raises(ImpossibleRoundError, match="3 cards 2"):
        check_round([count([2, 2], busted=True), count([2])])


def test_only_one_flip7_per_round():
    a = count([0, 1, 2, 3, 4, 5, 6])
    b = count([6, 7, 8, 9, 10, 11, 12])
    with pytest.raises(ImpossibleRoundError, match="two Flip 7s in one round"):
        check_round([a, b])


def test_hand_dict_round_trip_and_checks():
    hand = count([12, 10, 7], ["x2", "+6"])
    assert CardHand.from_dict(hand.to_dict()) == hand
    with pytest.raises(ImpossibleHandError, match="written as 60 points counts 29 × 2 \\+ 6"):
        CardHand.from_dict({**hand.to_dict(), "points": 60})
    for bad in ([], {"numbers": 3}, {"numbers": [1], "busted": "no"}, {"cards": []}):
        with pytest.raises(ImpossibleHandError):
            CardHand.from_dict(bad)


hands = st.tuples(
    st.lists(st.integers(0, 12), unique=True, max_size=7),
    st.lists(st.sampled_from(MODIFIERS), unique=True),
)


@given(hands)
def test_same_calculation_as_the_engine_hand(hand):
    numbers, modifiers = hand
    modifiers = [m for m in MODIFIERS if m in modifiers]
    ours = count(numbers, modifiers)
    theirs = Hand()
    theirs.numbers = [str(n) for n in numbers]
    theirs.number_sum = sum(numbers)
    theirs.modifiers = modifiers
    theirs.x2 = "x2" in modifiers
    theirs.bonus = sum(int(m[1:]) for m in modifiers if m != "x2")
    theirs.flip7 = len(numbers) == 7
    assert ours.calculation == theirs.calculation()
    assert ours.points == theirs.score()
    assert calculation(29, True, [6], False) == "29 × 2 + 6"


def test_every_hand_the_engine_scores_is_accepted_and_counted_alike():
    hands_seen = busts = 0
    for seed in range(6):
        levels = ("baseline", "normal", "easy", "baseline")
        game = Game(list("ABCD"), seed=seed, bots=levels)
        bots = [get_bot(level) for level in levels]
        rng = random.Random(seed)
        while game.pending is not None:
            seat = game.pending.seat
            for event in game.apply(bots[seat](game.view(seat), game.legal_actions(), rng)):
                if isinstance(event, ev.RoundScored):
                    table = []
                    for r in event.results:
                        hand = count(r.numbers, r.modifiers, r.busted)
                        assert hand.points == r.score
                        assert hand.flip7 == r.flip7
                        assert sorted(hand.calculation.split(" + ")) == sorted(
                            r.calculation.split(" + ")
                        )
                        table.append(hand)
                        hands_seen += 1
                        busts += r.busted
                    check_round(table)
    assert hands_seen > 100 and busts > 10  # busted hands keep their duplicate last
