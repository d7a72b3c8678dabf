"""tools/expert_regret.py: the playouts that judge the expert's decisions."""

from __future__ import annotations

import pytest

from game import bots
from game.state import HIT_OR_STAY
from tools import expert_regret


def test_every_choice_meets_the_same_reshuffles():
    # the same action twice must give the same playouts, game by game: the
    # choices are compared on equal luck (common random numbers)
    game, _kind, actions, chosen, _n = expert_regret._position(3, 0)
    runs = expert_regret._playouts(game, [actions[chosen]] * 2, 12, "salt")
    assert runs[0] == runs[1]
    assert len(runs[0]) == 12
    other = expert_regret._playouts(game, [actions[chosen]], 12, "another salt")
    assert game.pending is not None and game.pending.seat == 0  # the position is untouched
    assert len(other[0]) == 12


def test_the_position_is_a_decision_of_the_expert_and_its_own_choice():
    kinds = set()
    for k in range(8):
        game, hit_or_stay, actions, chosen, decisions = expert_regret._position(4, k)
        d = game.pending
        assert d is not None and d.seat == 0 and len(actions) > 1
        assert hit_or_stay == (d.kind == HIT_OR_STAY)
        assert bots.get("expert")(game.view(0), actions, None) == actions[chosen]
        assert decisions >= 1
        kinds.add(hit_or_stay)
    assert True in kinds  # hit or stay is the common decision


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_the_report_names_each_kind_and_the_recheck(capsys):
    assert expert_regret.main(["--positions", "3", "--playouts", "4", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "3 positions (all decisions), 4 playouts per choice" in out
    assert "hit or stay:" in out and "per game" in out
    assert "disagreements beyond two standard errors" in out


def test_a_target_study_picks_only_freeze_and_flip_three_choices():
    for k in range(4):
        game, hit_or_stay, actions, _chosen, decisions = expert_regret._position(4, k, "target")
        assert not hit_or_stay and game.pending.kind != HIT_OR_STAY
        assert game.pending.card in ("freeze", "flip_three", "second_chance")
        assert all(a.target is not None for a in actions) and decisions >= 1


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_a_late_study_picks_only_decisions_near_the_end():
    for k in range(4):
        game, _hit_or_stay, _actions, _chosen, decisions = expert_regret._position(4, k, late=150)
        assert game.pending.seat == 0 and max(game.totals) >= 150 and decisions >= 1
    assert (
        expert_regret.main(
            ["--positions", "2", "--playouts", "2", "--workers", "1", "--late", "150"]
        )
        == 0
    )


COUNTER = "examples/opponents/counter.py:choose"


def test_a_full_table_study_seats_the_expert_in_turn_and_picks_game_ending_rounds():
    table = expert_regret.Table(COUNTER, 3, ending=True)
    seats = set()
    for k in range(6):
        game, hit_or_stay, actions, chosen, decisions = expert_regret._position(
            5, k, "hit", table=table
        )
        mine = game.pending.seat
        # the seats named as game.tournament names expert,C,./C, rotating
        assert sorted(game.view(mine).players) == ["./C", "C", "expert"]
        assert game.view(mine).players[mine] == "expert"
        assert hit_or_stay and expert_regret._ending(game) and decisions >= 1
        assert bots.get("expert")(game.view(mine), actions, None) == actions[chosen]
        seats.add(mine)
    assert len(seats) > 1


def test_a_round_ends_the_game_once_a_total_and_a_hand_reach_the_target():
    game, *_ = expert_regret._position(5, 0, "hit", table=expert_regret.Table(COUNTER, 3))
    target = game.rules.target
    game.totals[:] = [0, 0, 0]
    assert not expert_regret._ending(game)
    seat = game.pending.seat
    score = game.view(seat).me.score
    game.totals[seat] = target - score - 1
    assert not expert_regret._ending(game)
    game.totals[seat] += 1  # with the hand in front of it, this total reaches the target
    assert expert_regret._ending(game)


def test_the_playouts_follow_the_table_they_were_asked_for():
    table = expert_regret.Table(COUNTER, 3, ending=True)
    game, _hit, actions, chosen, _n = expert_regret._position(5, 1, "hit", table=table)
    runs = expert_regret._playouts(game, [actions[chosen]] * 2, 6, "salt", COUNTER)
    assert runs[0] == runs[1] and len(runs[0]) == 6
    assert game.view(game.pending.seat).players[game.pending.seat] == "expert"  # untouched
