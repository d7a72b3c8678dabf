"""Bots: always legal, the public view only, and the expert's game sense."""

import random
from collections import Counter

import pytest

from game import bots
from game.bots.analysis import bust_probability
from game.bots.common import bust_risk, next_draws
from game.cards import composition
from game.commands.simulate import simulate_games
from game.engine import Game
from game.rules import RuleOptions
from game.state import Action
from tests.helpers import play

LEVELS = ["easy", "normal", "expert", "baseline"]


@pytest.mark.slow  # 60 whole games
@pytest.mark.parametrize("opening", ["must_hit", "deal"])
def test_every_bot_returns_only_legal_actions(opening):
    decisions = 0
    for k in range(30):
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
    assert decisions > 2500


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
    game, _ = play(
        ["Ana", "Ben", "Cy"], ["7", "12", "3", "9", "4", "5"], ["Ana hit", "Ben hit", "Cy hit"]
    )
    assert bust_probability(game.hands[0].numbers, False, game.view(0).unseen()) == pytest.approx(
        (6 + 8) / 88
    )


def _decide(level, game):
    seat = game.pending.seat
    return bots.get(level)(game.view(seat), game.legal_actions(), random.Random(1))


def test_expert_stays_when_banking_wins_the_game():
    # Ana at 185 holds 9 + 8 = 17: banking takes her to 202, ahead of everyone
    game, _ = play(["Ana", "Ben"], ["9", "2", "8", "3"], ["Ana hit", "Ben hit"], totals=[185, 150])
    assert _decide("expert", game) == Action.stay(0)


def test_expert_hits_when_staying_loses_for_sure():
    # Ben stayed on 193 + 13 = 206; Ana's 10 + 9 + 11 = 30 would leave her on 200
    game, _ = play(
        ["Ana", "Ben"],
        ["10", "12", "9", "1", "11"],
        ["Ana hit", "Ben hit", "Ana hit", "Ben stay"],
        totals=[170, 193],
    )
    assert game.hands[1].status == "stayed" and game.hands[0].score() == 30
    assert _decide("expert", game) == Action.hit(0)
    assert _decide("baseline", game) == Action.stay(0)  # baseline banks 30 and loses


ABCD = ["A", "B", "C", "D"]


def test_expert_does_not_freeze_a_risky_big_hand():
    # C draws a Freeze: B holds 12 + 11 (big, risky: a Freeze would bank it for him),
    # A holds 5 + 4, D a lone 8. Baseline freezes B; the expert stops a small hand.
    game, _ = play(ABCD, ["5", "12", "2", "8", "4", "11", "freeze"], ["A hit", "B hit", "C hit"])
    assert game.pending.card == "freeze"
    assert _decide("baseline", game) == Action.choose(2, 1)
    assert _decide("expert", game).target in (0, 3)


def test_expert_sends_flip_three_to_the_player_most_likely_to_bust():
    game, _ = play(
        ABCD, ["5", "12", "2", "8", "4", "11", "flip_three"], ["A hit", "B hit", "C hit"]
    )
    assert game.pending.card == "flip_three"
    assert _decide("baseline", game) == Action.choose(2, 0)  # first with most numbers
    assert _decide("expert", game) == Action.choose(2, 1)  # twelves and elevens abound


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_expert_results_do_not_depend_on_workers():
    one = simulate_games(["expert", "normal", "easy"], 12, seed=3, workers=1)
    two = simulate_games(["expert", "normal", "easy"], 12, seed=3, workers=2)
    assert one["wins"] == two["wins"]


@pytest.mark.parametrize("level", LEVELS)
def test_every_bot_can_play_solo_rounds(level):
    from game.commands.simulate import simulate_solo

    result = simulate_solo(level, 40, seed=1)
    assert result["rounds"] == 40 and 0 <= result["bust_rate"] <= 1


# -- the win-probability expert ---------------------------------------------------------
from game.bots import winprob  # noqa: E402
from game.bots.expert import Outlook, survive_three  # noqa: E402


class PublicView:
    """Only the members docs/bots.md documents for plug-ins (a plug-in's view)."""

    class Hand:
        def __init__(self, hand):
            self.numbers, self.distinct = hand.numbers, hand.distinct
            self.modifiers, self.second_chance = hand.modifiers, hand.second_chance
            self.status, self.score = hand.status, hand.score

    class Rules:
        def __init__(self, rules):
            self.target = rules.target

    def __init__(self, view):
        self._view = view
        self.seat, self.players, self.dealer = view.seat, view.players, view.dealer
        self.round_no, self.totals = view.round_no, view.totals
        self.rules = self.Rules(view.rules)
        self.pending, self.staged, self.queue = view.pending, view.staged, view.queue

    def hand(self, seat):
        return self.Hand(self._view.hand(seat))

    @property
    def me(self):
        return self.hand(self.seat)

    def unseen(self):
        return self._view.unseen()


PLUGINS = ["counter", "leader_hunter", "racer"]


def _plugin(name):
    from tools.bench_bots import load_bot

    return load_bot(f"examples/opponents/{name}.py:choose")


@pytest.mark.parametrize("seats", [2, 4])
def test_expert_and_plugins_play_legally_from_the_public_view_alone(seats):
    players = [bots.get("expert")] + [_plugin(p) for p in PLUGINS]
    for k in range(12):
        rng = random.Random(k)
        chosen = [players[(k + i) % 4] for i in range(seats)]
        game = Game([f"P{i}" for i in range(seats)], seed=100 + k)
        while not game.over:
            seat = game.pending.seat
            legal = game.legal_actions()
            action = chosen[seat](PublicView(game.view(seat)), legal, rng)
            assert action in legal
            game.apply(action)


def test_expert_never_looks_at_the_draw_order():
    # two games identical on the table but with different draw piles: same decisions
    game, _ = play(["Ana", "Ben"], ["7", "12", "3", "5"], ["Ana hit", "Ben hit"])
    twin, _ = play(["Ana", "Ben"], ["7", "12", "3", "5"], ["Ana hit", "Ben hit"], seed=99)
    assert game.view(0).unseen() == twin.view(0).unseen()
    assert game.draw_pile != twin.draw_pile
    assert _decide("expert", game) == _decide("expert", twin)


def test_win_table_is_sane():
    table = winprob.win_table(200, 25)
    # more points of one's own never hurt, more points of the opponent never help
    for b in (0, 60, 120, 180):
        row = [table.at(a, b) for a in range(0, 200, 10)]
        assert all(x <= y + 1e-9 for x, y in zip(row, row[1:], strict=False)), b
    for a in (0, 60, 120, 180):
        col = [table.at(a, b) for b in range(0, 200, 10)]
        assert all(x >= y - 1e-9 for x, y in zip(col, col[1:], strict=False)), a
    assert all(0.0 <= table.at(a, b) <= 1.0 for a in range(0, 200, 7) for b in range(0, 200, 7))
    # the round that reaches the target ends the game: highest wins, a tie plays on (R8)
    assert table.after_round(205, 190) == 1.0 and table.after_round(190, 205) == 0.0
    assert table.after_round(210, 210) == 0.5
    assert table.at(195, 0) > 0.95 and table.at(0, 195) < 0.05


def test_win_table_is_symmetric_when_both_play_alike():
    table = winprob.WinTable(200, opponent=25, mine=(25,))
    for a, b in [(0, 0), (50, 120), (150, 100), (190, 185), (10, 195)]:
        assert table.at(a, b) + table.at(b, a) == pytest.approx(1.0, abs=1e-6)
    assert table.at(100, 100) == pytest.approx(0.5, abs=1e-6)


def test_round_outcomes_are_distributions():
    for t in winprob.thresholds():
        dist = winprob.round_dist(t)
        assert sum(p for _, p in dist) == pytest.approx(1.0)
        early = sum(p for s, p in dist if 0 < s < t)  # only a Freeze stops a hand early
        assert dist[0][0] == 0 and early < 0.15
    assert winprob.cond_dist(25, 30) == ((30, 1.0),)  # already past the stop: stays
    busts = [dict(winprob.cond_dist(25, s)).get(0, 0) for s in (0, 10, 20)]
    # an empty hand is a fresh start (the opening hit is forced, R3.3): it busts
    # as often as a whole round does; a hand at 20 is a card or two from the stop
    assert busts[0] == pytest.approx(dict(winprob.round_dist(25))[0], abs=0.02)
    assert busts[2] < busts[0]


def test_outlook_rises_with_the_round_score():
    game, _ = play(["Ana", "Ben"], ["7", "12", "3", "5"], ["Ana hit", "Ben hit"], totals=[120, 130])
    u = Outlook(game.view(0))
    values = [u(x) for x in range(0, 80, 5)]
    assert all(x <= y + 1e-9 for x, y in zip(values, values[1:], strict=False))
    assert 0 < values[0] < values[-1] < 1


def test_survive_three_counts_duplicates():
    unseen = {"5": 4, "9": 4, "7": 3, "3": 2, "x2": 1}
    # holding a 5: any 5 busts; two 9s bust too
    assert survive_three(("5",), False, {"9": 3, "x2": 1}) == pytest.approx(0.0)
    assert survive_three((), False, {"9": 1, "x2": 2}) == pytest.approx(1.0)
    assert 0 < survive_three(("5",), False, unseen) < survive_three(("5",), True, unseen) <= 1


def test_expert_freezes_the_leader_on_a_small_hand():
    # Cy draws a Freeze. Ana (185) holds 2 + 1; Ben (100) holds 10 + 9.
    # Stopping Ana now keeps her below the target this round.
    game, _ = play(
        ["Ana", "Ben", "Cy"],
        ["2", "10", "4", "1", "9", "freeze"],
        ["Ana hit", "Ben hit", "Cy hit"],
        totals=[185, 100, 120],
        dealer=2,
    )
    assert game.pending.card == "freeze" and game.players[game.pending.seat] == "Cy"
    assert _decide("expert", game) == Action.choose(2, 0)
    assert _decide("baseline", game) == Action.choose(2, 1)  # the biggest hand


def test_expert_sends_flip_three_to_a_big_hand_rather_than_keep_it():
    # heads-up: Ben holds 12 + 11 (many copies left); Ana 2 + 3
    game, _ = play(
        ["Ana", "Ben"],
        ["2", "12", "3", "11", "flip_three"],
        ["Ana hit", "Ben hit", "Ana hit"],
        dealer=1,
    )
    assert game.pending.card == "flip_three" and game.pending.seat == 0
    assert _decide("expert", game) == Action.choose(0, 1)


def test_expert_hits_when_behind_a_leader_who_stayed_over_the_target_four_seats():
    # Ben stayed on 195 + 12 = 207; Ana's 20 from 180 would leave her on 200 < 207
    game, _ = play(
        ABCD,
        ["10", "12", "2", "3", "8", "5", "4"],
        ["A hit", "B stay", "C hit", "D hit"],
        totals=[180, 195, 50, 60],
    )
    assert game.hands[1].status == "stayed"
    assert game.pending.seat == 0 and game.hands[0].score() == 18
    assert _decide("expert", game) == Action.hit(0)


def test_bench_harness_plays_like_the_simulator_and_loads_plugins():
    from tools.bench_bots import match

    levels = ["normal", "baseline", "easy"]
    assert match(levels, 10, seed=5) == simulate_games(levels, 10, seed=5)["wins"]
    wins = match(["baseline", "examples/opponents/racer.py:choose"], 6, seed=2)
    assert sum(wins) == 6


def test_expert_keeps_a_flip_three_when_nobody_else_can_be_hurt_by_it():
    # Ben's first card was a +8 (no number to bust), Ana's first card is the Flip
    # Three: three cards cost her empty hand nothing and would only help Ben
    game, _ = play(["Ana", "Ben"], ["+8", "flip_three"], dealer=0)
    assert game.pending.card == "flip_three" and game.pending.seat == 0
    assert game.pending.options == (0, 1)
    assert _decide("expert", game) == Action.choose(0, 0)


@pytest.mark.parametrize("first", ["12", "7", "3"])
def test_expert_keeps_a_flip_three_on_an_empty_hand_against_a_single_number(first):
    # heads-up, Ben holds one number, Ana's first card is the Flip Three. Three
    # cards cost her empty hand little; a Freeze among them she can aim at Ben,
    # while Ben would aim one he meets at her (rollouts: keeping it wins more)
    game, _ = play(["Ana", "Ben"], [first, "flip_three"], dealer=0)
    assert game.pending.card == "flip_three" and game.pending.seat == 0
    assert _decide("expert", game) == Action.choose(0, 0)


def test_a_flip_three_on_a_rival_may_bring_back_a_freeze():
    from game.bots.expert import _staged_freeze

    game, _ = play(["Ana", "Ben"], ["12", "flip_three"], dealer=0)
    hand, unseen = game.view(0).hand(1), dict(game.view(0).unseen())
    q = _staged_freeze(hand, unseen)
    # it needs Ben to survive the three cards and one of them to be a Freeze
    assert 0 < q < survive_three(hand.numbers, False, unseen)
    assert _staged_freeze(hand, {**unseen, "freeze": 0}) == 0.0
    assert _staged_freeze(hand, {**unseen, "freeze": 1}) < q


def _empty_the_pile(game):
    """The draw pile runs out: every card left in it lies in the discard instead."""
    game.discard.extend(game.draw_pile)
    game.draw_pile.clear()


def test_next_draws_is_the_pile_or_the_discard_a_draw_shuffles_in():
    game, _ = play(["Ana", "Ben"], ["10", "9"], totals=[172, 182])
    view = game.view(0)
    assert view.next_draws() == view.unseen() and view.draw_count == 92
    _empty_the_pile(game)
    discard = Counter(game.discard)
    assert view.unseen() == Counter() and view.next_draws() == discard  # R2.4
    game.apply(Action.hit(0))  # the discard is shuffled in, the hit takes its top card
    drawn = game.hands[0].cards()[-1]
    assert discard[drawn] and view.unseen() == discard - Counter([drawn])
    assert view.refill() == Counter()  # shuffled in once this round already (R2.5)


def test_expert_hits_on_a_small_hand_when_the_pile_is_empty():
    # Ana (172) holds a lone 10, Ben (182) a 9; the pile has run out. The next
    # card comes from the discard shuffled in (R2.4), so a hit is as good as ever:
    # counting only the (empty) pile would bank 10 and lose.
    game, _ = play(["Ana", "Ben"], ["10", "9"], totals=[172, 182])
    _empty_the_pile(game)
    assert _decide("expert", game) == Action.hit(0)
    assert _decide("normal", game) == Action.hit(0)
    # from a view with only the members docs/bots.md lists for plug-ins (no discard), the
    # cards out of sight are counted instead: here exactly the discard
    public = PublicView(game.view(0))
    assert next_draws(public) == Counter(game.discard)
    assert bots.get("expert")(public, game.legal_actions(), random.Random(1)) == Action.hit(0)


def test_expert_stays_in_to_answer_the_rivals_last_round():
    # Ana (180) holds 9 + 12: staying banks 201 and ends the game. Ben (195) holds
    # 11 + 12 and, below 25, draws again: he busts on 2 of the 10 cards left, else
    # he stays above 220. Staying wins only when he busts; a hit keeps Ana in the
    # round to answer his total (tools.expert_regret-style playouts, 2,000 each:
    # hit 58%, stay 21.5%). The plain lookahead drew Ben's result as if already
    # decided and banked 201.
    game, _ = play(
        ["Ana", "Ben"], ["9", "11", "12", "12"], ["Ana hit", "Ben hit"], totals=[180, 195]
    )
    pile = ["+4", "1", "10", "11", "12", "3", "4", "6", "7", "8"]
    game.draw_pile[:] = pile
    game.discard[:] = (composition() - Counter(pile) - Counter(["9", "11", "12", "12"])).elements()
    assert _decide("expert", game) == Action.hit(0)


def _heads_up_lookahead(pile):
    """Ana (10) and Ben (5, who draws again) on 100 each, heads-up, over the draw
    pile ``pile`` (every other card not in a hand is in the discard): Ana's view,
    outlook, next draws and hand state, and the outlook once Ben is frozen on 5."""
    from game.bots.analysis import _State

    game, _ = play(["Ana", "Ben"], ["10", "5"], totals=[100, 100])
    held = Counter(c for hand in game.hands for c in hand.cards())
    game.draw_pile[:] = pile
    game.discard[:] = (composition() - Counter(pile) - held).elements()
    view = game.view(0)
    u = Outlook(view, leader_only=True)
    draws = next_draws(view)
    st = _State.of(view.me.numbers, view.me.modifiers, view.me.second_chance, draws)
    return view, u, draws, st, u.changed(1, ((5, 1.0),))


def test_expert_counts_freezing_the_rival_with_a_freeze_it_draws():
    # Ana holds a 10, Ben a 5 and draws again (below 25). Two cards are left: a
    # Freeze and a 9. The plain lookahead banks Ana's 10 when she draws the
    # Freeze; heads-up she may freeze Ben on 5 instead (R5.1) and then take the 9.
    from game.bots.expert import aimed_hit_value, hit_value

    view, u, pile, st, ben_frozen = _heads_up_lookahead(["freeze", "9"])
    # the 9 first: Ana on 19, and Ben's next card is the Freeze, aimed at her: 19
    # the Freeze first: the better of banking 10 and freezing Ben, then the 9
    expected = (u(19) + max(u(10), ben_frozen(19))) / 2
    assert ben_frozen(19) > u(10)
    assert aimed_hit_value(view, u, st, pile) == pytest.approx(expected)
    assert hit_value(st, u) == pytest.approx((u(19) + u(10)) / 2)


def test_expert_counts_the_rivals_freeze_aimed_at_it():
    # Ana holds a 10 and Ben a 5 (he draws again). Left: a 1, a 2 and a Freeze.
    # After Ana's 1 she would draw again (the 2 or her own Freeze), but Ben
    # draws before her: half the time the Freeze, which he aims at her (the
    # baseline's rule, docs/bots.md) and she banks 11. The 2 likewise.
    from game.bots.expert import aimed_hit_value

    view, u, pile, st, ben_frozen = _heads_up_lookahead(["1", "2", "freeze"])

    def after(score, other):  # Ana on `score`, `other` and the Freeze left
        again = (u(score + other) + u(score)) / 2  # her own Freeze at the leaf: banks
        return (max(u(score), again) + u(score)) / 2  # Ben's Freeze half the time

    freeze = max(u(10), (ben_frozen(11) + ben_frozen(12)) / 2)
    expected = (after(11, 2) + after(12, 1) + freeze) / 3
    assert aimed_hit_value(view, u, st, pile) == pytest.approx(expected)


def test_a_table_built_beside_the_loop_is_the_one_a_decision_reads():
    """The window builds the expert's tables in a thread of their own (expert.warm): a
    decision that needs one meanwhile waits for it and reads that very table, never a
    second one built beside it."""
    import threading

    from game.bots import expert, winprob

    warming = threading.Thread(target=expert.warm)
    warming.start()
    tables = [winprob.win_table(200, t) for t in expert.MODELS]
    warming.join()
    assert all(a is winprob.win_table(200, t) for a, t in zip(tables, expert.MODELS, strict=True))
