"""Bots: always legal, the public view only, and the expert's game sense (issue 3)."""

import random

import pytest

from game import bots
from game.analysis import bust_probability
from game.bots.common import bust_risk
from game.cards import composition
from game.engine import Game
from game.rules import RuleOptions
from game.simulate import simulate_games
from game.state import Action

from .helpers import play

LEVELS = ["easy", "normal", "expert", "baseline"]


@pytest.mark.parametrize("opening", ["must_hit", "deal"])
def test_every_bot_returns_only_legal_actions(opening):
    decisions = 0
    for k in range(60):
        rng = random.Random(k)
        n = 2 + k % 6
        levels = [LEVELS[(k + i) % 4] for i in range(n)]
        game = Game([f"P{i}" for i in range(n)], RuleOptions(opening=opening), seed=k)
        while not game.over:
            seat = game.pending.seat
            legal = game.legal_actions()
            action = bots.get(levels[seat])(game.view(seat), legal, rng)
            assert action in legal, (levels[seat], game.pending, action)
            game.apply(action)
            decisions += 1
    assert decisions > 5000


def test_view_never_shows_the_draw_order():
    game = Game(["A", "B", "C"], seed=4)
    view = game.view(0)
    assert not hasattr(view, "draw_pile") and not hasattr(view, "rng")
    # what a player can count: everything minus the cards in sight
    seen = composition()
    seen.subtract(c for h in game.hands for c in h.cards())
    seen.subtract(view.discard)
    assert view.unseen() == +seen and sum(view.unseen().values()) == view.draw_count


def test_bust_probability_matches_a_hand_count():
    # first pass 7, 12, 3; Ana holds a 7: five 7s left among 91 unseen cards
    game, _ = play(["Ana", "Ben", "Cy"], ["7", "12", "3"])
    view = game.view(0)
    assert view.draw_count == 91 and view.unseen()["7"] == 6
    assert bust_risk(view) == pytest.approx(6 / 91)
    # after a second pass (Ana 9, Ben 4, Cy 5): 6 sevens and 8 nines of 88 are fatal
    game, _ = play(["Ana", "Ben", "Cy"], ["7", "12", "3", "9", "4", "5"],
                   ["Ana hit", "Ben hit", "Cy hit"])
    assert bust_probability(game.hands[0].numbers, False, game.view(0).unseen()) == \
        pytest.approx((6 + 8) / 88)


def _decide(level, game):
    seat = game.pending.seat
    return bots.get(level)(game.view(seat), game.legal_actions(), random.Random(1))


def test_expert_stays_when_banking_wins_the_game():
    # Ana at 185 holds 9 + 8 = 17: banking takes her to 202, ahead of everyone
    game, _ = play(["Ana", "Ben"], ["9", "2", "8", "3"], ["Ana hit", "Ben hit"],
                   totals=[185, 150])
    assert _decide("expert", game) == Action.stay(0)


def test_expert_hits_when_staying_loses_for_sure():
    # Ben stayed on 193 + 13 = 206; Ana's 10 + 9 + 11 = 30 would leave her on 200
    game, _ = play(["Ana", "Ben"], ["10", "12", "9", "1", "11"],
                   ["Ana hit", "Ben hit", "Ana hit", "Ben stay"], totals=[170, 193])
    assert game.hands[1].status == "stayed" and game.hands[0].score() == 30
    assert _decide("expert", game) == Action.hit(0)
    assert _decide("baseline", game) == Action.stay(0)  # baseline banks 30 and loses


ABCD = ["A", "B", "C", "D"]


def test_expert_does_not_freeze_a_risky_big_hand():
    # C draws a Freeze: B holds 12 + 11 (big, risky: a Freeze would bank it for him),
    # A holds 5 + 4, D a lone 8. Baseline freezes B; the expert stops a small hand.
    game, _ = play(ABCD, ["5", "12", "2", "8", "4", "11", "freeze"],
                   ["A hit", "B hit", "C hit"])
    assert game.pending.card == "freeze"
    assert _decide("baseline", game) == Action.choose(2, 1)
    assert _decide("expert", game).target in (0, 3)


def test_expert_sends_flip_three_to_the_player_most_likely_to_bust():
    game, _ = play(ABCD, ["5", "12", "2", "8", "4", "11", "flip_three"],
                   ["A hit", "B hit", "C hit"])
    assert game.pending.card == "flip_three"
    assert _decide("baseline", game) == Action.choose(2, 0)  # first with most numbers
    assert _decide("expert", game) == Action.choose(2, 1)  # twelves and elevens abound


def test_expert_results_do_not_depend_on_workers():
    one = simulate_games(["expert", "normal", "easy"], 12, seed=3, workers=1)
    two = simulate_games(["expert", "normal", "easy"], 12, seed=3, workers=2)
    assert one["wins"] == two["wins"]


@pytest.mark.parametrize("level", LEVELS)
def test_every_bot_can_play_solo_rounds(level):
    from game.simulate import simulate_solo
    result = simulate_solo(level, 40, seed=1)
    assert result["rounds"] == 40 and 0 <= result["bust_rate"] <= 1
