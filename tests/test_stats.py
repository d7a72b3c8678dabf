"""Statistics from finished games: per player name, per bot level."""

from pathlib import Path

import pytest

from game import gamefile
from game.commands.simulate import play_game
from game.engine import Game
from game.tabletop.stats import GameSummary, Record, StatsError, compute, summarize

ROOT = Path(__file__).resolve().parent.parent
SEED004 = ROOT / "examples" / "seed004_last_round.json"


def test_the_last_round_of_seed_004():
    stats = compute([gamefile.load(SEED004)])
    assert stats.games == 1 and stats.bots == {}
    hugo, lea, lucas, chloe = (stats.players[n] for n in ("Hugo", "Léa", "Lucas", "Chloé"))
    assert (hugo.games, hugo.wins, hugo.rounds, hugo.points, hugo.best_round) == (1, 1, 1, 64, 64)
    assert hugo.average_round == 64 and hugo.bust_rate == 0 and hugo.win_rate == 1
    assert (lea.wins, lea.flip7s, lea.best_round) == (0, 1, 62)
    assert lucas.average_round == 21
    assert (chloe.busts, chloe.bust_rate, chloe.best_round, chloe.points) == (1, 1.0, 0, 0)


def expected(games):
    """The figures counted the slow way, straight from the rounds."""
    out = {}
    for game in games:
        for seat, name in enumerate(game.players):
            key = game.bots[seat] or name
            r = out.setdefault(
                key, dict(games=0, wins=0, rounds=0, points=0, busts=0, flip7s=0, best_round=0)
            )
            r["games"] += 1
            r["wins"] += game.winner == seat
            for record in game.rounds:
                r["rounds"] += 1
                r["points"] += record.scores[seat]
                r["busts"] += seat in record.busted
                r["flip7s"] += record.flip7 == seat
                r["best_round"] = max(r["best_round"], record.scores[seat])
    return out


def test_statistics_match_known_game_files(tmp_path):
    levels = ("expert", "normal", "easy", "baseline")
    for seed in range(8):
        gamefile.save(play_game(levels[seed % 2 :], seed), tmp_path / f"bots{seed}.json")
    gamefile.save(Game(["Ana", "Ben"], seed=3), tmp_path / "unfinished.json")  # not counted
    gamefile.save(gamefile.load(SEED004), tmp_path / "seed004.json")
    games = [gamefile.load(p, record_events=False) for p in sorted(tmp_path.glob("*.json"))]
    stats = compute(games)
    finished = [g for g in games if g.over]
    assert stats.games == len(finished) == 9
    want = expected(finished)
    for level, record in stats.bots.items():
        assert vars(record) == want[level], level
    assert set(stats.bots) == set(levels)
    assert stats.bots["expert"].games == 4 and stats.bots["easy"].games == 8
    assert sum(r.wins for r in stats.bots.values()) == 8
    assert set(stats.players) == {"Hugo", "Léa", "Lucas", "Chloé"}
    assert all(0 < r.average_round < 40 for r in stats.bots.values())
    assert all(0 < r.bust_rate < 1 for r in stats.bots.values())


def test_only_finished_games_are_summarized():
    game = Game(["Ana", "Ben"], seed=1)
    with pytest.raises(StatsError, match="not over"):
        summarize(game)
    assert compute([game]).games == 0


def test_summary_round_trip_and_checks():
    summary = summarize(play_game(("baseline", "normal"), 2))
    assert GameSummary.from_dict(summary.to_dict()) == summary
    assert compute([summary]).bots["normal"].games == 1
    bad = summary.to_dict()
    bad["seats"][0]["busts"] = 10_000
    for data in (
        bad,
        {},
        {"format": "flip7-summary/1", "seats": []},
        {"format": "flip7-summary/1", "seats": [{"name": "A"}]},
    ):
        with pytest.raises(StatsError):
            GameSummary.from_dict(data)


def test_an_empty_record():
    assert (Record().average_round, Record().bust_rate, Record().win_rate) == (0, 0, 0)
