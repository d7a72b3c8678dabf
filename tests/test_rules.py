"""One or more scenarios per clause of docs/rules.md (Flip Three cases: test_faq_flip_three)."""

from collections import Counter

import pytest

from game import events as ev
from game.cards import composition, hand_score
from game.engine import Game
from game.rules import RuleError, RuleOptions
from game.state import ACTIVE, BUSTED, FROZEN, STAYED, Action, IllegalActionError
from tests.helpers import numbers, of, play, waiting

ABC = ["Ana", "Ben", "Cy"]


# R1 ------------------------------------------------------------------------
def test_r1_composition():
    c = composition()
    assert sum(c.values()) == 94
    assert sum(c[str(n)] for n in range(13)) == 79
    assert [c[str(n)] for n in range(13)] == [1, 1] + list(range(2, 13))
    assert all(c[m] == 1 for m in ("+2", "+4", "+6", "+8", "+10", "x2"))
    assert all(c[a] == 3 for a in ("freeze", "flip_three", "second_chance"))


def test_r1_4_second_deck_above_18_players():
    assert RuleOptions().deck_count(18) == 1
    assert RuleOptions().deck_count(19) == 2
    game = Game([f"P{i}" for i in range(19)], seed=3)
    assert sum(game.card_counts().values()) == 188


# R2 ------------------------------------------------------------------------
def test_r2_3_dealer_passes_left_and_r2_4_pile_not_reshuffled_between_rounds():
    game, events = play(ABC, ["1", "2", "3"], ["Cy stay", "Ana stay", "Ben stay"], dealer=1)
    assert [e.dealer for e in of(events, ev.RoundStarted)] == [1, 2]
    assert of(events, ev.DealerPassed) == [ev.DealerPassed(1, 2)]
    # the three cards of round 1 went to the discard pile, the draw pile goes on
    assert len(game.discard) == 3 and not of(events, ev.Reshuffled)
    # round 2: Ana, left of the new dealer Cy, is offered the first card
    assert of(events, ev.Hit)[3] == ev.Hit(0, True)


def test_r2_4_reshuffle_keeps_cards_in_front_of_players():
    game = Game(ABC, seed=5, dealer=2, deck=["1", "2", "3", "4"])
    before = {s: list(h.numbers) for s, h in enumerate(game.hands)}
    game.discard.extend(game.draw_pile[:-1])  # only the 4 is left to draw
    game.draw_pile = game.draw_pile[-1:]
    events = game.apply(Action.hit(0))
    assert not of(events, ev.Reshuffled)
    events = game.apply(Action.hit(1))
    assert of(events, ev.Reshuffled)
    assert all(game.hands[s].numbers[: len(nums)] == nums for s, nums in before.items())
    assert game.card_counts() == composition()


def test_r2_5_no_cards_left_to_draw_ends_the_round_as_stays():
    game = Game(ABC, seed=5, dealer=2)
    game.discard.extend(game.draw_pile)
    game.draw_pile = []
    game.reshuffled_this_round = True
    seat = game.pending.seat
    events = game.apply(Action.hit(seat))
    stays = of(events, ev.Stayed)
    assert [s.forced for s in stays] == [True, True, True]
    assert of(events, ev.RoundScored)[0].round == 1


# R3 ------------------------------------------------------------------------
def test_r3_1_order_starts_left_of_dealer_and_ends_with_dealer():
    game, events = play(ABC, ["1", "2", "3"], dealer=0)
    assert [e.seat for e in of(events, ev.Hit)] == [1, 2, 0]
    assert waiting(game) == ("Ben", "hit_or_stay", None, [])


def test_r3_3_first_pass_is_forced_hits_and_stay_needs_a_card():
    game, events = play(ABC, ["4", "5", "6"])
    assert [(e.seat, e.forced) for e in of(events, ev.Hit)] == [(0, True), (1, True), (2, True)]
    with pytest.raises(IllegalActionError, match="Ben cannot stay: the game waits for Ana"):
        game.apply(Action.stay(1))


def test_r3_3_a_player_with_nothing_in_front_cannot_stay():
    # Ana's first card is a Freeze: while she chooses its target, Ben holds nothing
    game, _ = play(ABC, ["freeze"])
    with pytest.raises(IllegalActionError, match="Ben cannot stay: no card in front of them"):
        game.apply(Action.stay(1))


def test_r3_3_modifier_or_second_chance_counts_as_a_card():
    game, _ = play(ABC, ["+4", "second_chance", "6"])
    assert waiting(game) == ("Ana", "hit_or_stay", None, [])
    game.apply(Action.stay(0))
    assert waiting(game) == ("Ben", "hit_or_stay", None, [])


def test_r3_4_deal_variant_one_card_each_even_after_a_flip_three():
    deck = ["flip_three", "1", "2", "3", "4", "5", "6"]
    game, events = play(["A", "B", "C", "D"], deck, ["A > C"], rules={"opening": "deal"})
    # A's deal card is a Flip Three given to C (1, 2, 3); the deal goes on: B 4, C 5, D 6
    assert numbers(game, 2) == [1, 2, 3, 5]
    assert numbers(game, 1) == [4] and numbers(game, 3) == [6]
    assert [e.cause for e in of(events, ev.CardDrawn)][4:] == ["deal", "deal", "deal", "hit"]
    # after the deal A, who has nothing in front of her, must hit (R3.3)
    assert of(events, ev.Hit) == [ev.Hit(0, True)]


def test_r3_4_deal_variant_frozen_before_the_deal_gets_nothing():
    deck = ["freeze", "1", "2", "3"]
    game, events = play(["A", "B", "C", "D"], deck, ["A > D"], rules={"opening": "deal"})
    assert game.hands[3].status == FROZEN and numbers(game, 3) == []
    assert [e.seat for e in of(events, ev.CardDrawn) if e.cause == "deal"] == [0, 1, 2]


# R4 ------------------------------------------------------------------------
def test_r4_2_duplicate_busts_and_stays_in_the_line():
    game, events = play(ABC, ["7", "8", "9", "7"], ["Ana hit"])
    assert game.hands[0].status == BUSTED and numbers(game, 0) == [7, 7]
    assert ev.Busted(0, "7") in events
    assert waiting(game) == ("Ben", "hit_or_stay", None, [])


def test_r4_2_bust_scores_zero_modifiers_included():
    game, events = play(
        ABC, ["7", "8", "9", "+10", "7"], ["Ana hit", "Ben stay", "Cy stay", "Ana hit"]
    )
    assert of(events, ev.RoundScored)[0].results[0].score == 0
    assert game.totals == [0, 8, 9]


def test_r4_3_modifiers_never_bust_nor_count_for_flip_7():
    deck = ["1", "2", "3", "+2", "+4", "+6"]
    game, _ = play(ABC, deck, ["Ana hit", "Ben hit", "Cy hit"])
    assert [h.status for h in game.hands] == [ACTIVE] * 3


def test_r4_4_flip_7_ends_the_round_for_everyone_with_15_bonus():
    moves = ["Ana hit", "Ben stay", "Cy stay"] + ["Ana hit"] * 5
    deck = ["0", "5", "6", "1", "2", "3", "4", "7", "8"]
    game, events = play(ABC, deck, moves)
    scored = of(events, ev.RoundScored)[0]
    assert scored.results[0].flip7 and scored.results[0].score == 0 + 1 + 2 + 3 + 4 + 7 + 8 + 15
    assert game.totals == [40, 5, 6]
    assert game.rounds[0].flip7 == 0


def test_r4_4_flip_7_stops_other_active_players_too():
    moves = ["Ana hit", "Ben hit", "Cy stay"] + ["Ana hit", "Ben hit"] * 4 + ["Ana hit"]
    deck = ["0", "5", "6", "1", "10", "2", "11", "3", "12", "4", "9", "7", "+2", "8"]
    game, events = play(ABC, deck, moves)
    assert of(events, ev.Flip7) == [ev.Flip7(0)]
    # Ben was still in the round: he scores what lies in front of him
    assert game.totals == [0 + 1 + 2 + 3 + 4 + 7 + 8 + 15, 5 + 10 + 11 + 12 + 9 + 2, 6]


# R5.1–R5.3 -------------------------------------------------------------------
def test_r5_1_receiver_chooses_any_active_player_herself_included():
    game, _ = play(ABC, ["1", "2", "3", "freeze"], ["Ana hit"])
    assert waiting(game) == ("Ana", "target", "freeze", ABC)


def test_r5_1_only_active_player_must_target_herself():
    game, events = play(
        ABC, ["1", "2", "3", "4", "freeze"], ["Ana hit", "Ben stay", "Cy stay", "Ana hit"]
    )
    assert of(events, ev.TargetChosen) == [ev.TargetChosen(0, "freeze", 0, True)]
    assert game.rounds[0].scores == (5, 2, 3)


def test_r5_2_freeze_a_player_with_no_card_yet_scores_zero():
    game, events = play(ABC, ["freeze", "5", "6"], ["Ana > Ben"])
    assert game.hands[1].status == FROZEN and game.hands[1].score() == 0
    assert of(events, ev.Frozen) == [ev.Frozen(1, 0, 0)]
    # the Freeze lies in front of Ben (R5.2), not on the discard pile
    assert game.discard == [] and game.hands[1].cards() == ["freeze"]
    # play resumes after Ana (R5.6): Cy, then Ana again, forced: she has no card yet
    assert [e.seat for e in of(events, ev.Hit)] == [0, 2, 0]
    assert numbers(game, 2) == [5] and numbers(game, 0) == [6]


def test_r5_2_second_chance_does_not_protect_against_freeze():
    game, _ = play(ABC, ["second_chance", "1", "2", "freeze"], ["Ana hit", "Ana > Ana"])
    assert game.hands[0].status == FROZEN and game.hands[0].second_chance


def test_r5_3_second_chance_saves_the_duplicate_and_ends_the_turn():
    game, events = play(
        ABC,
        ["5", "1", "2", "second_chance", "3", "4", "5", "9"],
        ["Ana hit", "Ben hit", "Cy hit", "Ana hit"],
    )
    assert ev.SecondChanceUsed(0, "5") in events
    assert game.hands[0].status == ACTIVE and numbers(game, 0) == [5]
    assert not game.hands[0].second_chance
    assert game.discard == ["5", "second_chance"]
    assert waiting(game) == ("Ben", "hit_or_stay", None, [])


def test_r5_3_second_second_chance_given_to_player_without_one():
    deck = ["second_chance", "1", "second_chance", "second_chance"]
    game, events = play(ABC, deck, ["Ana hit"])
    # only Ben holds none: the engine gives it to him (a forced choice)
    assert ev.SecondChanceGiven(0, 1, True) in events
    assert [h.second_chance for h in game.hands] == [True, True, True]


def test_r5_3_spare_second_chance_choice_and_discard_when_nobody_can_take_it():
    game, _ = play(ABC, ["second_chance", "1", "2", "second_chance"], ["Ana hit"])
    assert waiting(game) == ("Ana", "target", "second_chance", ["Ben", "Cy"])
    with pytest.raises(IllegalActionError, match="must go to another player"):
        game.apply(Action.choose(0, 0))
    game.apply(Action.choose(0, 2))
    assert game.hands[2].second_chance
    # Ana holds one, Ben holds one, Cy has stayed: nobody can take a third
    deck = ["second_chance", "second_chance", "1", "2", "3", "second_chance"]
    game, events = play(ABC, deck, ["Ana hit", "Ben hit", "Cy stay", "Ana hit"])
    assert ev.CardDiscarded("second_chance", "in_play", 0, "nobody_can_take") in events


def test_r5_3_unused_second_chance_scores_nothing():
    game, _ = play(
        ABC, ["second_chance", "4", "5", "3"], ["Ana hit", "Ben stay", "Cy stay", "Ana stay"]
    )
    assert game.totals == [3, 4, 5]


# R5.6 ---------------------------------------------------------------------
def test_r5_6_play_resumes_after_the_drawer_not_the_target():
    game, _ = play(ABC, ["1", "2", "3", "freeze"], ["Ana hit", "Ana > Ben"])
    assert waiting(game) == ("Cy", "hit_or_stay", None, [])


# R6, R7 --------------------------------------------------------------------
@pytest.mark.parametrize(
    "numbers_, modifiers, flip7, expected",
    [
        (["7", "11"], ["+8", "x2"], False, 44),
        ([], ["+2", "+6", "x2"], False, 8),
        (["3", "5", "9", "12"], ["x2", "+4"], False, 62),
        (["0", "1", "2", "4", "6", "9", "12"], [], True, 49),
        (["0", "1", "3", "5", "7", "9", "12"], ["x2", "+6"], True, 95),
        (["11", "5", "12"], ["+4"], False, 32),
    ],
)
def test_r7_5_scoring_checks(numbers_, modifiers, flip7, expected):
    assert hand_score(numbers_, modifiers, flip7) == expected


def test_r7_scoring_through_play_x2_doubles_numbers_only():
    deck = ["7", "1", "2", "11", "3", "4", "+8", "x2"]
    moves = [
        "Ana hit",
        "Ben hit",
        "Cy hit",
        "Ana hit",
        "Ben stay",
        "Cy stay",
        "Ana hit",
        "Ana stay",
    ]
    game, events = play(ABC, deck, moves)
    result = of(events, ev.RoundScored)[0].results[0]
    assert (result.score, result.calculation) == (44, "18 × 2 + 8")


def test_r6_3_all_cards_go_to_the_discard_pile():
    game, events = play(
        ABC, ["second_chance", "4", "5", "3"], ["Ana hit", "Ben stay", "Cy stay", "Ana stay"]
    )
    assert of(events, ev.CardsCleared) == [ev.CardsCleared(4)]
    assert Counter(game.discard) == Counter(["second_chance", "4", "5", "3"])


# R8 ------------------------------------------------------------------------
def test_r8_1_game_ends_after_the_round_reaching_the_target():
    game, events = play(
        ABC, ["10", "5", "6"], ["Ana stay", "Ben stay", "Cy stay"], totals=[190, 198, 100]
    )
    assert game.over and game.winner == 1 and game.totals == [200, 203, 106]
    assert of(events, ev.GameWon) == [ev.GameWon(1, (200, 203, 106))]
    assert game.pending is None and game.legal_actions() == []


def test_r8_2_tie_at_the_top_plays_another_round():
    game, events = play(
        ABC, ["10", "5", "6"], ["Ana stay", "Ben stay", "Cy stay"], totals=[190, 195, 100]
    )
    assert not game.over
    assert of(events, ev.TieContinues) == [ev.TieContinues((0, 1))]
    assert game.round_no == 2


def test_r8_1_totals_at_target_in_the_file_still_play_a_round():
    game = Game(ABC, seed=1, totals=[250, 0, 0])
    assert not game.over and game.pending is not None


# R9 ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "bad",
    [
        {"target": 0},
        {"target": "200"},
        {"opening": "deal2"},
        {"flip_three_on_bust": "keep"},
        {"decks": 0},
        {"colour": 1},
    ],
)
def test_r9_bad_options_are_refused(bad):
    with pytest.raises((RuleError, TypeError)):
        RuleOptions.from_dict(bad)


def test_r9_target_option():
    game, _ = play(ABC, ["10", "5", "6"], ["Ana stay", "Ben stay", "Cy stay"], rules={"target": 10})
    assert game.over and game.winner == 0


def test_illegal_actions_name_the_player_and_why():
    game, _ = play(ABC, ["1", "2", "3", "freeze"], ["Ana hit", "Ana > Ben"])
    with pytest.raises(IllegalActionError, match="Ana cannot hit: the game waits for Cy"):
        game.apply(Action.hit(0))
    with pytest.raises(IllegalActionError, match="Cy cannot choose a target"):
        game.apply(Action.choose(2, 0))
    game, _ = play(ABC, ["1", "2", "3", "freeze"], ["Ana stay", "Ben hit"])
    with pytest.raises(IllegalActionError, match="cannot give the Freeze to Ana: Ana is out"):
        game.apply(Action.choose(1, 0))
    assert game.hands[0].status == STAYED
