"""tools.numbers_only: the expert in the published analysis's model, a deck of numbers only."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow  # starts a process: the deck changes in that process only

DEALT = """
from collections import Counter
from tools.numbers_only import use_numbers_only
from game.engine import Game
from game.state import Action
use_numbers_only()
game = Game(["A", "B", "C"], seed=5)
every = Counter(game.draw_pile) + Counter(c for h in game.hands for c in h.numbers)
print(sum(every.values()), sorted(every) == sorted(str(n) for n in range(13)), every["12"])
while not game.over:
    game.apply(game.pending.actions[0] if game.pending.kind != "hit_or_stay" else
               Action.stay(game.pending.seat) if game.hands[game.pending.seat].score() >= 20
               else Action.hit(game.pending.seat))
print(game.winner is not None)
"""


def test_the_deck_holds_the_79_number_cards_and_a_game_plays_to_its_end():
    out = subprocess.run(
        [sys.executable, "-c", DEALT], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["79", "True", "12", "True"]


def test_the_tool_plays_the_expert_in_every_seat_and_says_its_wins_with_an_interval():
    out = subprocess.run(
        [sys.executable, "-m", "tools.numbers_only", "--games", "6", "--seeds", "1,2"]
        + ["--rounds", "200"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    last = out.stdout.strip().splitlines()[-1]
    assert "3 seats, numbers only (79 cards)" in last and "in 12 games" in last, last
    assert "±" in last and "fair share 33.3%" in last
