"""``python -m game.tournament``: the schedule, the statistics, the CLI."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from game.commands.tournament import main, schedule, tournament, wilson


@pytest.mark.parametrize(("bots", "seats"), [(2, 2), (3, 2), (4, 3), (5, 4), (2, 4), (3, 5)])
def test_every_bot_meets_every_other_in_every_seat(bots, seats):
    lineups = schedule(bots, seats)
    assert all(len(line) == seats for line in lineups)
    for seat in range(seats):  # each bot sits in each seat equally often
        counts = Counter(line[seat] for line in lineups)
        assert set(counts) == set(range(bots)) and len(set(counts.values())) == 1
    for a in range(bots):
        for b in range(a + 1, bots):
            assert any(a in line and b in line for line in lineups)


def test_wilson_interval_holds_the_rate():
    low, high = wilson(30, 100)
    assert low < 0.3 < high and high - low < 0.2
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_tournament_counts_add_up_and_repeat_on_two_workers():
    bots = ["normal", "easy", "examples/bots/coin.py:choose"]
    one = tournament(bots, 30, 2, seed=3)
    two = tournament(bots, 30, 2, seed=3, workers=2)
    assert [r for r in one["ranking"]] == [r for r in two["ranking"]]
    assert sum(r["wins"] for r in one["ranking"]) == 30
    assert sum(r["seats_played"] for r in one["ranking"]) == 60
    assert [r["rank"] for r in one["ranking"]] == [1, 2, 3]
    rates = [r["win_rate"] for r in one["ranking"]]
    assert rates == sorted(rates, reverse=True)
    assert set(one["head_to_head"]["normal"]) == {"easy", "examples/bots/coin.py:choose"}


def test_cli_json_and_table(capsys):
    assert main(["--bots", "baseline,easy", "--games", "12", "--seats", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 12 and out["seats"] == 3 and out["bots"] == ["baseline", "easy"]
    assert main(["--bots", "baseline,easy", "--games", "6"]) == 0
    text = capsys.readouterr().out
    assert "rank" in text and "95%" in text and "baseline" in text


@pytest.mark.parametrize(
    "argv",
    [
        ["--bots", "easy"],
        ["--bots", "easy,easy"],
        ["--bots", "easy,,normal"],
        ["--bots", "easy,god"],
        ["--bots", "easy,normal", "--seats", "1"],
        ["--bots", "easy,missing.py:choose"],
        ["--bots", "easy,normal", "--games", "0"],
    ],
)
@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_cli_errors_are_one_line_exit_2(capsys, argv):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1
