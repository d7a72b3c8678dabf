"""The expert at a full table: opponents read from what they do, the race of the whole table."""

import random
from collections import Counter

import pytest

from game.bots import expert, winprob
from game.bots.analysis import _State
from game.bots.common import next_draws
from game.cards import composition
from game.state import Action
from tests.helpers import play


def _mean_t(weights):
    return sum(m * w for m, w in zip(expert.MODELS, weights, strict=True))


def _turns(game, seats, moves):
    """Apply ``moves`` ("hit"/"stay" per seat in turn order) and return the game."""
    for seat, move in zip(seats, moves, strict=True):
        assert game.pending.seat == seat
        game.apply(Action.hit(seat) if move == "hit" else Action.stay(seat))
    return game


def test_the_opponent_model_moves_up_after_hits_at_high_scores():
    expert._memory.clear()
    # Ben is dealt a 12 and keeps drawing: 11, 10 (hits on 12, 23, 33)
    deck = ["1", "12", "2", "3", "11", "4", "5", "10", "6", "7", "9", "8"]
    game, _ = play(["Ana", "Ben", "Cy"], deck, dealer=2)
    seen = [expert.opponent_models(game.view(0))[1]]
    for _ in range(3):
        _turns(game, (0, 1, 2), ("hit", "hit", "hit"))
        seen.append(expert.opponent_models(game.view(0))[1])
    means = [_mean_t(w) for w in seen]
    assert means[0] == pytest.approx(_mean_t(expert.PRIOR), abs=0.1)  # nothing seen yet
    assert means[0] == means[1] < means[2] < means[3]  # every model hits on 12

    # a hit on 33 says it stops above 33: most of the weight moves past 33
    def low(weights):
        return sum(w for m, w in zip(expert.MODELS, weights, strict=True) if m <= 33)

    assert low(seen[0]) > 0.8 and low(seen[3]) < 0.5
    # Cy was seen hitting on low scores only: it says little about how high Cy goes
    assert _mean_t(expert.opponent_models(game.view(0))[2]) < means[3] - 5


def test_a_stay_moves_the_opponent_model_down():
    expert._memory.clear()
    deck = ["1", "12", "2", "3", "6", "4", "5"]
    game, _ = play(["Ana", "Ben", "Cy"], deck, dealer=2)
    before = _mean_t(expert.opponent_models(game.view(0))[1])
    _turns(game, (0, 1, 2), ("hit", "hit", "hit"))  # Ben on 18
    _turns(game, (0, 1, 2), ("hit", "stay", "hit"))  # Ben stays on 18
    after = expert.opponent_models(game.view(0))[1]
    assert _mean_t(after) < before
    low = [m for m in expert.MODELS if m <= 18]
    assert sum(after[: len(low)]) > 2 * sum(expert.PRIOR[: len(low)])


def test_the_race_counts_every_pair_once():
    race = winprob.race(200)
    for a, b in ((0, 0), (150, 100), (60, 185), (195, 195)):
        ab = sum(x * y for x, y in zip(race.finish(25, a), race.below(25, b), strict=False))
        ba = sum(x * y for x, y in zip(race.finish(25, b), race.below(25, a), strict=False))
        assert ab + ba == pytest.approx(1.0, abs=5e-3)  # one of the two wins (ties half)
    ahead = sum(x * y for x, y in zip(race.finish(25, 150), race.below(25, 100), strict=False))
    assert ahead > 0.75


def _played_out(totals, t, games, rng):
    """The first seat's share of wins when every seat plays stop-at-``t`` rounds from
    ``totals`` until a round ends with someone at the target (R8.1; a tie at the top
    shared, R8.2)."""
    dist = winprob.round_dist(t)
    scores, weights = [y for y, _ in dist], [p for _, p in dist]
    won = 0.0
    for _ in range(games):
        now = list(totals)
        while max(now) < 200:
            rounds = rng.choices(scores, weights, k=len(now))
            now = [a + y for a, y in zip(now, rounds, strict=True)]
        top = max(now)
        won += (now[0] == top) / now.count(top)
    return won / games


def test_the_race_of_a_full_table_agrees_with_playing_the_rounds_out():
    # the race multiplies one player's finish by the others' chances to be below it:
    # at the end of the game too, three and five seats, against a count of games
    race = winprob.race(200)
    rng = random.Random(7)
    for totals in ((180, 150, 190), (120, 170, 100), (195, 195, 195), (175,) * 5):
        chance = [1.0] * race.rounds * race.width
        for b in totals[1:]:
            chance = [x * y for x, y in zip(chance, race.below(25, b), strict=True)]
        raced = sum(x * y for x, y in zip(race.finish(25, totals[0]), chance, strict=False))
        assert raced == pytest.approx(_played_out(totals, 25, 8000, rng), abs=0.03)


def _three_seats(totals, deck=("10", "5", "4")):
    expert._memory.clear()
    game, _ = play(["Ana", "Ben", "Cy"], list(deck), totals=totals, dealer=2)
    return game


def test_a_second_rival_lowers_the_chance_to_win():
    game = _three_seats([100, 100, 100])
    u = expert.outlook(game.view(0))
    assert isinstance(u, expert.FieldOutlook)
    heads_up = expert.Outlook(game.view(0), leader_only=True)  # against Ben alone
    values = [u(x) for x in range(0, 60, 5)]
    assert all(x <= y + 1e-9 for x, y in zip(values, values[1:], strict=False))
    assert 0.2 < u(10) < 0.45  # about a third each
    assert u(10) < heads_up(10)


def test_the_whole_table_counts_a_rival_one_round_from_the_target():
    # Cy on 190 is the threat, not Ben on 120: whoever finishes above 200 first wins
    game = _three_seats([150, 120, 190])
    u = expert.outlook(game.view(0))
    frozen_cy = u.changed(2, ((4, 1.0),))  # Cy frozen on 4: 194, below the target
    frozen_ben = u.changed(1, ((5, 1.0),))
    assert frozen_cy(10) > frozen_ben(10)


def test_a_freeze_it_may_draw_is_weighed_on_the_rivals_at_three_seats():
    # Ana holds a 10; Cy on 190 holds a 4 and draws on. Two cards are left: a Freeze
    # and a 9. Keeping the Freeze banks Ana's 10; freezing Cy on 194 keeps him
    # below the target, and Ana still takes the 9.
    game = _three_seats([100, 100, 190])
    held = Counter(c for hand in game.hands for c in hand.cards())
    pile = ["freeze", "9"]
    game.draw_pile[:] = pile
    game.discard[:] = (composition() - Counter(pile) - held).elements()
    view = game.view(0)
    u = expert.outlook(view)
    draws = next_draws(view)
    st = _State.of(view.me.numbers, view.me.modifiers, view.me.second_chance, draws)
    plain = expert.hit_value(st, u)
    aimed = expert.aimed_hit_value(view, u, st, draws)
    assert aimed > 1.5 * plain


def _ben_one_from_flip7(totals=(100, 100, 100)):
    # Ben holds 0 1 2 3 4 5 (15 points, one number from a Flip 7); Ana 10 +4 +6 +8 +10
    # x2 (48 points); Cy draws a Freeze
    deck = ["10", "0", "12", "+4", "1", "11", "+6", "2", "+2", "+8", "3", "second_chance"]
    deck += ["+10", "4", "9", "x2", "5", "freeze"]
    moves = [f"{who} hit" for _ in range(5) for who in ("Ana", "Ben", "Cy")]
    expert._memory.clear()
    game, _ = play(["Ana", "Ben", "Cy"], deck, moves, totals=list(totals), dealer=2)
    assert game.pending.card == "freeze" and game.pending.seat == 2
    assert len(game.hands[1].numbers) == 6 and game.hands[1].score() == 15
    return game


def test_a_hand_one_number_from_a_flip_7_may_end_with_the_bonus():
    game = _ben_one_from_flip7()
    view = game.view(2)
    weights = expert.opponent_models(view)[1]
    dist = dict(expert.opponent_outcome(view, 1, 25, weights))
    plain = dict(expert.mixed_dist(weights, 15))
    # a new number (6 to 12: most of the pile) ends the round on 15 + v + 15
    assert sum(p for y, p in dist.items() if y >= 15 + 6 + 15) > 0.5
    assert sum(p for y, p in plain.items() if y >= 36) < 0.2


def test_the_freeze_goes_to_the_hand_one_number_from_a_flip_7():
    game = _ben_one_from_flip7()
    assert _decide(game, "expert") == Action.choose(2, 1)
    assert _decide(game, "baseline") == Action.choose(2, 0)  # the biggest hand


def _decide(game, level):
    import random

    from game import bots

    seat = game.pending.seat
    return bots.get(level)(game.view(seat), game.legal_actions(), random.Random(1))


def test_past_the_race_target_the_action_cards_weigh_every_rival():
    # a target of 1000 is past the race's: the product of heads-up tables weighs them
    game, _ = play(
        ["Ana", "Ben", "Cy"],
        ["2", "10", "4", "1", "9", "freeze"],
        ["Ana hit", "Ben hit", "Cy hit"],
        totals=[985, 500, 600],
        dealer=2,
        rules={"target": 1000},
    )
    assert not expert.whole_table(game.view(2))
    assert _decide(game, "expert") == Action.choose(2, 0)  # Ana, 15 from the target
