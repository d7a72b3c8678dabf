"""The coach (game/commands/review.py): figures on hand-built positions against the exact solver."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from game.bots.solo import solo_values_exact
from game.cards import composition
from game.commands.review import review_data

HUGO = ["0", "1", "2", "12", "11", "10"]
LEA = ["3", "5", "7", "9", "6", "5"]  # busts on the second 5
LUCAS = ["4", "6", "8", "3", "9", "4"]  # busts on the second 4


def position(totals: list[int], last: str) -> dict:
    """Hugo alone in the round with 0 1 2 12 11 10 (36 points), then ``last``."""
    deck = [card for three in zip(HUGO, LEA, LUCAS, strict=True) for card in three]
    actions = [{"player": p, "do": "hit"} for _ in range(5) for p in ("Hugo", "Léa", "Lucas")]
    actions.append({"player": "Hugo", "do": last})
    return {
        "format": "flip7/1",
        "seed": 1,
        "dealer": 2,
        "totals": totals,
        "deck": deck,
        "players": ["Hugo", {"name": "Léa", "bot": "expert"}, {"name": "Lucas", "bot": "normal"}],
        "actions": actions,
    }


def exact_values() -> tuple[float, float, float]:
    unseen = Counter(composition(1))
    unseen.subtract(HUGO + LEA + LUCAS)
    risk = sum(unseen[n] for n in HUGO) / sum(unseen.values())
    stay, hit = solo_values_exact(HUGO, (), False, dict(unseen))
    return risk, stay, hit


def test_a_stay_at_41_percent_that_loses_the_game_is_found_with_the_exact_cost():
    # Léa (195) is ahead: staying on 186 leaves her the favourite; a Flip 7 (59%) wins now
    review = review_data(position([150, 195, 100], "stay"))
    assert review.seats == ["Hugo"]  # --seat defaults to every human
    d = review.decisions[-1]
    risk, stay, hit = exact_values()
    assert round(risk * 100) == 41 and stay == 36
    assert (d.did, d.expert, d.matched, d.score, d.exact) == ("stay", "hit", False, 36, True)
    assert d.bust_risk == pytest.approx(risk, abs=1e-4)
    assert d.points["stay"] == 36 and d.points["hit"] == pytest.approx(hit, abs=1e-3)
    assert d.cost_points == pytest.approx(hit - stay, abs=1e-3)  # negative: staying keeps points
    assert d.cost_win > 0.1 and d.costly
    assert d.text.startswith(
        "Round 1: Hugo stayed at 41% bust risk holding 36 points: +4.9 expected points, −"
    )
    summary = review.summary("Hugo")
    assert summary["costliest"] == [15] and summary["matched"] == summary["reviewed"] - 1


def test_a_hit_at_41_percent_costs_what_the_exact_solver_says():
    review = review_data(position([0, 0, 0], "hit"))
    d = review.decisions[-1]
    _risk, stay, hit = exact_values()
    assert (d.did, d.expert, d.matched) == ("hit", "stay", False)
    assert d.cost_points == pytest.approx(stay - hit, abs=1e-3) and d.cost_points > 4.5
    assert d.cost_win > 0 and d.costly
    assert "−4.9 expected points" in d.text


def test_a_decision_identical_to_the_experts_costs_nothing():
    review = review_data(position([0, 0, 0], "stay"), seats=["Hugo", "Léa", "Lucas"])
    assert review.seats == ["Hugo", "Léa", "Lucas"]
    for d in review.decisions:
        if d.matched:
            assert d.cost_points == 0 and d.cost_win == 0 and not d.costly
    last = review.decisions[-1]
    assert last.matched and last.did == last.expert == "stay"
    assert review.summary("Hugo")["points_left"] == 0 or not all(
        d.matched for d in review.of("Hugo")
    )


def test_win_probability_through_the_game_sums_to_one_and_ends_with_the_winner():
    review = review_data(json.loads(Path("examples/seed004_last_round.json").read_text("utf-8")))
    assert len(review.win_probability) == 2  # before the round, after it (the end)
    for row in review.win_probability:
        assert sum(row) == pytest.approx(1, abs=1e-3)
    assert review.win_probability[-1] == [1.0, 0.0, 0.0, 0.0] and review.winner == "Hugo"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game.review", *args], capture_output=True, text=True, timeout=120
    )


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_command_line_json_and_errors(tmp_path):
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(position([150, 195, 100], "stay")), encoding="utf-8")
    out = run(str(path), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == {"players", "seats", "winner", "summary", "decisions", "win_probability"}
    assert data["summary"]["Hugo"]["costliest"] == [15]
    assert set(data["win_probability"]) == {"Hugo", "Léa", "Lucas"}
    text = run(str(path), "--seat", "Léa")
    assert text.returncode == 0 and text.stdout.startswith("Léa: ")
    bad = run(str(path), "--seat", "Zed")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Zed" in bad.stderr
    broken = tmp_path / "broken.json"
    data = position([0, 0, 0], "stay")
    data["actions"].append({"player": "Léa", "do": "stay"})
    broken.write_text(json.dumps(data), encoding="utf-8")
    out = run(str(broken))
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "action 16" in out.stderr
    assert out.stdout == ""
