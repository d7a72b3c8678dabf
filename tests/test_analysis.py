"""game.bots.analysis and game.bots.solo: hand computations and a brute force over draw orders."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from game.bots.analysis import (
    bust_probability,
    hand_value,
    hit_gain,
    should_hit,
    solo_hit_value,
    solo_policy_value,
    unseen_from_seen,
)
from game.bots.solo import SoloSolver
from game.cards import composition, hand_score, is_modifier, is_number

# -- bust probability (R4.2, R5.3) ------------------------------------------------


def test_bust_probability_counts_duplicates_of_held_numbers():
    unseen = {"3": 2, "7": 1, "5": 1}
    assert bust_probability(("3", "7"), False, unseen) == pytest.approx(3 / 4)


def test_second_chance_means_no_bust_on_the_next_card():
    assert bust_probability(("3", "7"), True, {"3": 2, "7": 1, "5": 1}) == 0.0


def test_bust_probability_of_an_empty_hand_or_pile_is_zero():
    assert bust_probability((), False, {"3": 2}) == 0.0
    assert bust_probability(("3",), False, {}) == 0.0


def test_bust_probability_on_the_full_deck():
    unseen = unseen_from_seen(Counter(["12"]))
    assert bust_probability(("12",), False, unseen) == pytest.approx(11 / 93)


# -- unseen_from_seen ---------------------------------------------------------------


def test_unseen_from_seen_subtracts_and_never_goes_negative():
    unseen = unseen_from_seen({"12": 3, "x2": 4, "freeze": 1})
    assert unseen["12"] == 9 and unseen["x2"] == 0 and unseen["freeze"] == 2
    assert sum(unseen.values()) == 94 - 3 - 1 - 1
    assert unseen_from_seen({}, decks=2)["7"] == 14


# -- scoring (R7) ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("numbers", "modifiers", "expected"),
    [
        (("7", "11"), ("+8", "x2"), 44),
        ((), ("+2", "+6", "x2"), 8),
        (("3", "5", "9", "12"), ("x2", "+4"), 62),
        (("0", "1", "2", "4", "6", "9", "12"), (), 49),
        (("0", "1", "3", "5", "7", "9", "12"), ("x2", "+6"), 95),
        (("11", "5", "12"), ("+4",), 32),
    ],
)
def test_hand_value_matches_the_rule_book_checks(numbers, modifiers, expected):
    assert hand_value(numbers, modifiers) == expected  # R7.5


def test_solver_stay_value_is_hand_score():
    rng = random.Random(4)
    for _ in range(50):
        numbers = tuple(rng.sample([str(n) for n in range(13)], rng.randint(0, 6)))
        modifiers = tuple(rng.sample(["+2", "+4", "+6", "+8", "+10", "x2"], rng.randint(0, 3)))
        unseen = {"5": 1, "+2": 1, "x2": 1}
        stay, _ = SoloSolver(unseen, numbers, modifiers).values(hits=1)
        assert stay == hand_score(numbers, modifiers)
        assert solo_hit_value(numbers, modifiers, False, unseen)[0] == stay


# -- hit_gain -------------------------------------------------------------------------


@pytest.mark.parametrize("exact", [True, False])
def test_hit_gain_by_hand(exact):
    # stay: 10. Next card: 3 busts (-10), 5 -> +5, +4 -> +4, Freeze -> 0.
    unseen = {"3": 1, "5": 1, "+4": 1, "freeze": 1}
    assert hit_gain(("3", "7"), (), False, unseen, exact) == pytest.approx((-10 + 5 + 4) / 4)
    # with x2 (stay 20): 3 -> 0, 5 -> 30, +4 -> 24, Freeze -> 20.
    assert hit_gain(("3", "7"), ("x2",), False, unseen, exact) == pytest.approx(
        (0 + 30 + 24 + 20) / 4 - 20
    )
    # with a Second Chance the duplicate is absorbed (R5.3): change 0.
    assert hit_gain(("3", "7"), (), True, unseen, exact) == pytest.approx((5 + 4) / 4)


@pytest.mark.parametrize("exact", [True, False])
def test_hit_gain_counts_the_flip_7_bonus(exact):
    numbers = ("0", "1", "2", "3", "4", "5")  # 15
    unseen = {"6": 1, "2": 1}
    # 6 -> Flip 7: 21 + 15 = 36 (+21); 2 -> bust (-15)
    assert hit_gain(numbers, (), False, unseen, exact) == pytest.approx((21 - 15) / 2)


@pytest.mark.parametrize("exact", [True, False])
def test_hit_gain_with_a_flip_three_among_numbers(exact):
    # stay 3. 5 -> 8, 6 -> 9, 3 -> bust; Flip Three -> the other three cards are
    # all drawn, the 3 among them busts (R5.4): 0.
    unseen = {"flip_three": 1, "5": 1, "6": 1, "3": 1}
    assert hit_gain(("3",), (), False, unseen, exact) == pytest.approx((8 + 9) / 4 - 3)


@pytest.mark.parametrize(
    ("numbers", "unseen"),
    [
        (("3",), {"flip_three": 1, "2": 2, "5": 1, "9": 1, "11": 1}),
        (("3", "8"), {"flip_three": 1, "2": 2, "5": 1, "8": 1, "+6": 1, "x2": 1}),
        (("0", "1", "2", "3", "4"), {"flip_three": 1, "5": 1, "6": 1, "3": 1, "12": 2}),
    ],
)
def test_flip_three_fast_form_is_exact_without_actions_inside(numbers, unseen):
    exact = hit_gain(numbers, ("+4",), False, unseen, True)
    assert hit_gain(numbers, ("+4",), False, unseen, False) == pytest.approx(exact)


def test_values_at_a_later_turn_match_a_fresh_solve():
    pile = Counter(
        {"2": 2, "5": 2, "9": 1, "+4": 1, "x2": 1, "second_chance": 1, "flip_three": 1, "freeze": 1}
    )
    solver = SoloSolver(pile)
    solver.optimum()
    later = pile - Counter(["5", "x2", "second_chance"])
    expected = SoloSolver(later, ("5",), ("x2",), True).values()
    assert solver.values_at(("5",), True, later) == pytest.approx(expected)


# -- brute force over every draw order (R3–R5 solo, R7) ---------------------------------


class _Walk:
    """A player who hits at every free turn: the rules walked card by card."""

    def __init__(self):
        self.numbers, self.modifiers, self.second, self.busted = [], [], False, False
        self.flipping, self.tray, self.queue = 0, [], []

    def score(self):
        if self.busted:
            return 0
        return hand_score(self.numbers, self.modifiers, len(self.numbers) >= 7)

    def take(self, card):
        """True when ``card`` ends the round."""
        if self.flipping and card in ("freeze", "flip_three"):
            self.tray.append(card)  # staged (R5.4.2)
        elif card == "freeze":
            return True  # R5.2
        elif card == "flip_three":
            self.flipping = 4  # this card, then three forced ones (R5.4)
        elif is_number(card):
            return self._number(card)
        elif is_modifier(card):
            self.modifiers.append(card)
        else:
            self.second = True  # R5.3 (a second one is discarded)
        return False

    def _number(self, card):
        if card in self.numbers:
            if not self.second:
                self.busted = True  # R4.2
                return True
            self.second = False  # R5.3
            return False
        self.numbers.append(card)
        return len(self.numbers) >= 7  # R4.4

    def flip_on(self):
        """A forced card was taken: True when a staged Freeze ends the round."""
        if self.flipping:
            self.flipping -= 1
            while not self.flipping and (self.tray or self.queue):
                self.queue, self.tray = self.queue + self.tray, []  # R5.4.4
                if self.queue.pop(0) == "freeze":
                    return True  # R5.5
                self.flipping = 3
        return False


def _replay(drawn):
    """Walk the rules over cards drawn by a player who hit at every free turn.

    Returns ``(kind, score)``: kind ``"end"``, ``"free"`` (may stay) or ``"forced"``.
    """
    walk = _Walk()
    for card in drawn:
        if walk.take(card) or walk.flip_on():
            return "end", walk.score()
    return ("forced" if walk.flipping else "free"), walk.score()


def brute_force(deck, hits_left=None):
    """Best expected score, by enumerating every permutation of ``deck``.

    The player sees only the cards drawn so far, so each prefix of the
    permutations is one information state: stay, or average over the permutations
    that extend it.
    """
    children: dict[tuple, Counter] = {}
    for order in set(itertools.permutations(deck)):
        for i in range(len(order)):
            children.setdefault(order[:i], Counter())[order[i]] += 1

    def expect(prefix, hits):
        nxt = children[prefix]
        total = sum(nxt.values())
        return sum(n * value(prefix + (card,), hits) for card, n in nxt.items()) / total

    def value(prefix, hits):
        kind, score = _replay(prefix)
        if kind == "end" or prefix not in children:
            return score  # over, or the pile ran out (R2.5)
        if kind == "forced":
            return expect(prefix, hits)
        used = None if hits is None else hits - 1
        if not prefix:
            return expect(prefix, used)  # no card yet: must hit (R3.3)
        if hits == 0:
            return score
        return max(score, expect(prefix, used))

    return value((), hits_left)


TINY_DECKS = [
    ["3", "3", "5", "+4", "freeze"],
    ["2", "2", "7", "second_chance", "x2", "12"],
    ["5", "5", "flip_three", "9", "+10", "freeze"],
    ["1", "4", "4", "flip_three", "flip_three", "freeze"],
    ["6", "6", "6", "second_chance", "flip_three", "x2"],
    ["0", "8", "8", "second_chance", "second_chance", "flip_three"],
]


@pytest.mark.parametrize("deck", TINY_DECKS)
def test_solo_optimum_matches_brute_force_on_tiny_decks(deck):
    expected = brute_force(deck)
    assert solo_policy_value((), (), False, Counter(deck)) == pytest.approx(expected)
    assert solo_hit_value((), (), False, Counter(deck), None)[1] == pytest.approx(expected)


@pytest.mark.parametrize("deck", TINY_DECKS)
def test_one_card_then_stay_matches_brute_force(deck):
    expected = brute_force(deck, hits_left=1)
    stay, hit = SoloSolver(Counter(deck)).values(hits=1)
    assert hit == pytest.approx(expected)
    assert stay == 0


def test_solo_optimum_mid_hand_matches_a_hand_computation():
    # Holding 6 with pile {6, 9}: stay 6; hit -> 1/2 bust, 1/2 15 then (only 6
    # left) stay at 15: 7.5. Optimal: hit.
    assert solo_policy_value(("6",), (), False, {"6": 1, "9": 1}) == pytest.approx(7.5)
    assert solo_policy_value(("6",), (), True, {"6": 1, "9": 1}) == pytest.approx(15)


# -- decisions --------------------------------------------------------------------------


@pytest.mark.parametrize("second_chance", [False, True])
def test_should_hit_stays_when_only_duplicates_remain(second_chance):
    unseen = {"5": 4, "7": 6}
    assert not should_hit(("5", "7"), (), second_chance, unseen)
    assert not should_hit(("5", "7"), (), second_chance, unseen, depth_limit=None)


def test_should_hit_with_no_card_must_hit():
    assert should_hit((), (), False, {"5": 4})


def test_fast_lookahead_is_exact_without_flip_three_when_deep_enough():
    unseen = {"2": 2, "4": 1, "9": 2, "+6": 1, "x2": 1, "second_chance": 1, "freeze": 1}
    for hand in [(("4",), ()), (("9", "2"), ("+4",)), ((), ("x2",))]:
        exact = solo_hit_value(*hand, False, unseen, depth_limit=None)
        fast = solo_hit_value(*hand, False, unseen, depth_limit=sum(unseen.values()))
        assert fast == pytest.approx(exact)


def test_fast_rule_decides_like_the_exact_solver_late_in_a_round():
    rng = random.Random(11)
    for _ in range(8):
        deck = [c for c, n in composition().items() for _ in range(n)]
        rng.shuffle(deck)
        unseen = Counter(deck[:14])  # a late, thin pile
        numbers = tuple(sorted({c for c in deck[14:30] if is_number(c)}, key=int)[:4])
        exact = solo_hit_value(numbers, ("+2",), False, unseen, None)
        fast = solo_hit_value(numbers, ("+2",), False, unseen)
        assert fast[0] == exact[0] == hand_score(numbers, ("+2",))
        assert (fast[1] > fast[0]) == (exact[1] > exact[0])
        if not unseen["flip_three"]:  # looking fewer cards ahead can only undervalue
            assert fast[1] <= exact[1] + 1e-9
