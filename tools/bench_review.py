"""How long the coach takes to review a game.

    python -m tools.bench_review [--games N] [--seed S]

Plays 4-player games between bots (``normal, easy, baseline, expert``) until
it finds N of at least 10 rounds, writes each as a ``flip7/1`` file with every
seat a human (so the coach reviews all four), and times ``game.commands.review`` on it
(file read, replay and every decision of every seat). Prints the time of each
and the slowest; the target is under 5 s for a 10-round 4-player game.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from game.commands.review import review_file
from game.commands.simulate import play_game
from game.gamefile import to_dict

LEVELS = ("normal", "easy", "baseline", "expert")


def games(count: int, seed: int, rounds: int = 10):
    k = seed
    while count:
        game = play_game(LEVELS, k)
        k += 1
        if len(game.rounds) >= rounds:
            count -= 1
            data = to_dict(game)
            data["players"] = [p["name"] if isinstance(p, dict) else p for p in data["players"]]
            yield data, len(game.rounds), len(game.actions)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_review")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", help="keep the game files in this folder (game1.json, …)")
    args = parser.parse_args(argv)
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(args.out or tmp)
        folder.mkdir(parents=True, exist_ok=True)
        for i, (data, rounds, actions) in enumerate(games(args.games, args.seed)):
            path = folder / f"game{i + 1}.json"
            path.write_text(json.dumps(data))
            t = time.perf_counter()
            review = review_file(str(path))
            took = time.perf_counter() - t
            worst = max(worst, took)
            print(
                f"game {i + 1}: {rounds} rounds, 4 players, {actions} decisions in the file, "
                f"{len(review.decisions)} reviewed in {took:.2f} s"
            )
    print(f"slowest: {worst:.2f} s (target: under 5 s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
