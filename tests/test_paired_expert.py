"""tools/paired_expert.py: the expert against itself at another git revision."""

from __future__ import annotations

import subprocess

import pytest

from game.commands.simulate import simulate_games
from tools import paired_expert


def _unchanged_since_head() -> bool:
    git = ["git", "diff", "--quiet", "HEAD", "--", paired_expert.EXPERT]
    return subprocess.run(git, cwd=paired_expert.ROOT).returncode == 0


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_against_itself_no_game_differs_and_the_wins_are_the_simulators():
    if not _unchanged_since_head():
        pytest.skip("game/bots/expert.py has uncommitted changes")
    got = paired_expert.compare(("HEAD", 7, 0, 6, "baseline", 2))
    assert got["differed"] == got["changed"] == 0
    assert got["current"] == got["base"]
    # the same games as python -m game.simulate --bots expert,baseline --seed 7
    wins = simulate_games(("expert", "baseline"), 6, seed=7, workers=1)
    assert got["current"] == wins["wins"][0]


def test_a_changed_expert_is_replayed_only_where_it_decided_differently(monkeypatch):
    def always_stay(view, legal, rng):  # a "base" that stays whenever it may
        return next((a for a in legal if a.kind == "stay"), legal[0])

    monkeypatch.setattr(paired_expert, "base_expert", lambda rev: always_stay)
    got = paired_expert.compare(("any", 7, 0, 6, "baseline", 2))
    expert = paired_expert.bots.get("expert")
    alone = [paired_expert._play(7, k, expert)[0] for k in range(6)]
    staying = [paired_expert._play(7, k, always_stay)[0] for k in range(6)]
    assert got["differed"] == 6  # the expert hits at some point in every game
    assert got["current"] == sum(alone) and got["base"] == sum(staying)
    assert got["changed"] == sum(a != b for a, b in zip(alone, staying, strict=True))


def test_an_unknown_revision_is_one_line():
    with pytest.raises(SystemExit, match="no game/bots/expert.py at 'no-such-rev'"):
        paired_expert.base_expert("no-such-rev")


@pytest.mark.parametrize("bad", ["2,x", "seven", "5-3"])
def test_seeds_that_are_not_numbers_or_ranges_are_one_line(bad, capsys):
    with pytest.raises(SystemExit):
        paired_expert.main(["--base", "HEAD", "--seeds", bad])
    err = capsys.readouterr().err.strip().splitlines()
    assert "error: argument --seeds" in err[-1]
    assert "Traceback" not in "\n".join(err)


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_the_report_names_every_seed_and_the_total(capsys):
    if not _unchanged_since_head():
        pytest.skip("game/bots/expert.py has uncommitted changes")
    assert (
        paired_expert.main(["--base", "HEAD", "--seeds", "3-4", "--games", "3", "--workers", "1"])
        == 0
    )
    out = capsys.readouterr().out
    assert "seed 3: 3 games" in out and "seed 4: 3 games" in out and "all: 6 games" in out
    assert "difference +0 (+0.00 ± 0.00 points)" in out


def test_a_full_table_seats_the_expert_as_the_tournament_rotates_it():
    from game.commands.tournament import schedule

    names = ["expert", "C", "./C", "././C"]
    for k in range(8):
        seat, seats = paired_expert.lineup(k, "counter.py:choose", 4)
        rotation = schedule(4, 4)[k % 4]
        assert seats == tuple(names[i] for i in rotation)
        assert seats[seat] == "expert" and rotation[seat] == 0
    assert paired_expert.lineup(5, "baseline", 2) == (0, ("expert", "baseline"))


def test_against_itself_at_a_full_table_no_game_differs():
    if not _unchanged_since_head():
        pytest.skip("game/bots/expert.py has uncommitted changes")
    got = paired_expert.compare(("HEAD", 7, 0, 3, "examples/opponents/counter.py:choose", 3))
    assert got["games"] == 3 and got["differed"] == got["changed"] == 0
    assert got["current"] == got["base"]


def test_an_opponent_that_cannot_be_loaded_is_one_line():
    with pytest.raises(SystemExit, match="paired_expert: 'no/such/file.py:choose'"):
        args = ["--base", "HEAD", "--against", "no/such/file.py:choose", "--seats", "3"]
        paired_expert.main(args)


def test_a_table_size_out_of_bounds_is_refused(capsys):
    with pytest.raises(SystemExit):
        paired_expert.main(["--base", "HEAD", "--seats", "19"])
    assert "--seats must be 2 to 18" in capsys.readouterr().err


def test_a_replay_starts_with_an_expert_that_remembers_nothing():
    from game.bots import expert
    from game.commands.simulate import game_seed, play_game

    play_game(("expert", "baseline"), game_seed(7, 0))
    assert expert._memory
    paired_expert.forget(expert.choose)
    assert not expert._memory
