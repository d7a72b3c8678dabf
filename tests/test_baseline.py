"""The ``baseline`` bot follows its rule in docs/bots.md to the letter; the simulator CLI."""

import json
import random

import pytest

from game.bots import baseline, get
from game.commands.simulate import main, play_game, simulate_games, simulate_solo
from game.state import Action
from tests.helpers import play

ABCD = ["A", "B", "C", "D"]


def decide(game):
    seat = game.pending.seat
    return baseline.choose(game.view(seat), game.legal_actions(), random.Random(0))


def test_stays_at_exactly_25_and_counts_x2():
    game, _ = play(
        ABCD, ["12", "4", "3", "8", "x2", "1", "2", "5", "6"], ["A hit", "B hit", "C hit", "D hit"]
    )
    assert game.hands[0].score() == 24 and decide(game) == Action.hit(0)
    game, _ = play(
        ABCD, ["12", "4", "3", "8", "+8", "5"], ["A hit", "B stay", "C stay", "D stay", "A hit"]
    )
    assert game.hands[0].score() == 25 and decide(game) == Action.stay(0)


def test_freeze_goes_to_highest_hand_ties_first_after_itself():
    # A 9, B 4+1, C draws the Freeze, D 9: A and D tie; after C comes D
    game, _ = play(ABCD, ["9", "4", "3", "9", "0", "1", "freeze"], ["A hit", "B hit", "C hit"])
    assert game.pending.card == "freeze"
    assert decide(game) == Action.choose(2, 3)
    game, _ = play(ABCD, ["9", "4", "3", "8", "12", "1", "freeze"], ["A hit", "B hit", "C hit"])
    assert decide(game) == Action.choose(2, 0)  # A 21 beats D 8 and B 5


def test_flip_three_goes_to_most_numbers_ties_first_after_itself():
    game, _ = play(ABCD, ["9", "4", "3", "9", "0", "1", "flip_three"], ["A hit", "B hit", "C hit"])
    assert game.pending.card == "flip_three"
    assert decide(game) == Action.choose(2, 0)  # A and B hold 2 numbers; A comes first after C


def test_spare_second_chance_to_first_eligible_after_itself():
    game, _ = play(
        ABCD,
        ["5", "6", "second_chance", "8", "1", "2", "second_chance"],
        ["A hit", "B hit", "C hit"],
    )
    assert game.pending.card == "second_chance"
    assert decide(game) == Action.choose(2, 3)


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown bot level 'god'"):
        get("god")


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_simulation_is_the_same_on_one_or_two_workers():
    one = simulate_games(["baseline"] * 3, 40, seed=5, workers=1)
    two = simulate_games(["baseline"] * 3, 40, seed=5, workers=2)
    assert one["wins"] == two["wins"] and sum(one["wins"]) == 40
    solo1 = simulate_solo("baseline", 60, seed=2, workers=1)
    solo2 = simulate_solo("baseline", 60, seed=2, workers=2)
    assert {k: v for k, v in solo1.items() if k != "seconds"} == {
        k: v for k, v in solo2.items() if k != "seconds"
    }


def test_simulate_cli_json(capsys):
    assert main(["--bots", "baseline,baseline", "--games", "20", "--seed", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"games", "bots", "wins", "seconds"} and sum(out["wins"]) == 20
    assert main(["--bots", "baseline", "--solo-rounds", "50", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"rounds", "bot", "mean", "bust_rate", "flip7_rate", "seconds"}
    assert 0 < out["mean"] < 60 and 0 <= out["bust_rate"] <= 1


def test_simulate_cli_bad_level_exits_2(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--bots", "baseline,wizard"])
    assert stop.value.code == 2 and "wizard" in capsys.readouterr().err


def test_bot_games_are_reproducible_and_end():
    a = play_game(("baseline",) * 4, 99)
    b = play_game(("baseline",) * 4, 99)
    assert a.over and a.totals == b.totals and a.actions == b.actions
