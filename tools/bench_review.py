"""How long the coach takes to review a game.

    python -m tools.bench_review [--games N] [--seed S]

Plays 4-player games between bots (``normal, easy, baseline, expert``) until
it finds N of at least 10 rounds, writes each as a ``flip7/1`` file with every
seat a human (so the coach reviews all four), and times ``game.commands.review`` on it
(file read, replay and every decision of every seat). Prints the time of each
and the slowest; the target is under 5 s for a 10-round 4-player game.

``python -m tools.bench_review --sizes 100,1000,10000,26000`` measures how the review
grows: one 18-seat game of ``baseline`` bots to 10,000 points (the largest table and
target the program allows), every seat a human, reviewed on its first N decisions, each
size in a fresh process. Prints the CPU seconds (the process's own, so that other work on
the machine does not count), per decision, the wall time, and the peak memory (the
process's maximum resident set) of each: a review must grow linearly.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from game.commands.review import review_data, review_file
from game.commands.simulate import play_game
from game.gamefile import to_dict
from game.limits import MAX_PLAYERS, MAX_TARGET
from game.rules import RuleOptions

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


def largest_game(seed: int) -> dict:
    """An 18-seat game of baseline bots to 10,000 points, as a file of 18 humans."""
    game = play_game(("baseline",) * MAX_PLAYERS, seed, RuleOptions(target=MAX_TARGET))
    data = to_dict(game)
    data["players"] = [p["name"] if isinstance(p, dict) else p for p in data["players"]]
    return data


def one_size(decisions: int, seed: int) -> None:
    """Review the first ``decisions`` of the largest game; print one JSON line."""
    data = largest_game(seed)
    data["actions"] = data["actions"][:decisions]
    start, cpu = time.perf_counter(), time.process_time()
    review = review_data(data)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # kB on Linux
    print(
        json.dumps(
            {"decisions": len(review.decisions), "seconds": seconds, "cpu": cpu, "peak_kb": peak}
        )
    )


def sizes(counts: list[int], seed: int) -> None:
    total = len(largest_game(seed)["actions"])
    print(f"an 18-seat game to {MAX_TARGET} points, seed {seed}: {total} decisions")
    for count in counts:
        if count > total:
            print(f"{count:>6} decisions: the game has only {total}")
            continue
        out = subprocess.run(
            [sys.executable, "-m", "tools.bench_review", "--one", str(count), "--seed", str(seed)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        r = json.loads(out)
        print(
            f"{r['decisions']:>6} decisions: {r['cpu']:8.1f} s of CPU "
            f"({r['cpu'] / r['decisions'] * 1000:6.2f} ms per decision; {r['seconds']:.1f} s "
            f"of wall time), peak memory {r['peak_kb'] / 1024:6.0f} MB"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_review")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", help="keep the game files in this folder (game1.json, …)")
    parser.add_argument("--sizes", help="comma-separated decision counts of the largest game")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)  # a size, in its own process
    args = parser.parse_args(argv)
    if args.one:
        one_size(args.one, args.seed)
        return 0
    if args.sizes:
        sizes([int(n) for n in args.sizes.split(",")], args.seed)
        return 0
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
