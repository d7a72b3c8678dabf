"""Bot strength and speed figures (issue targets), printed as a table.

    python -m tools.bench_bots                 # the full set (several minutes)
    python -m tools.bench_bots --quick         # smaller samples, a rough look
    python -m tools.bench_bots --only speed,decision

Every figure is reproducible with the command printed beside it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from game import bots
from game.engine import Game
from game.simulate import game_seed, simulate_games, simulate_solo


def winrate(levels: list[str], games: int, seed: int, workers: int) -> str:
    result = simulate_games(levels, games, seed, workers)
    share = result["wins"][0] / games
    margin = 1.96 * (share * (1 - share) / games) ** 0.5
    cmd = (f"python -m game.simulate --bots {','.join(levels)} --games {games} "
           f"--seed {seed} --workers {workers}")
    return f"{share:.1%} ± {margin:.1%} of {games} games   [{cmd}]"


def solo(level: str, rounds: int, seed: int, workers: int) -> str:
    r = simulate_solo(level, rounds, seed, workers)
    return (f"mean {r['mean']:.3f}, bust {r['bust_rate']:.1%}, Flip 7 {r['flip7_rate']:.2%} "
            f"over {rounds} rounds ({r['seconds']:.0f} s)   "
            f"[python -m game.simulate --solo-rounds {rounds} --bots {level} --seed {seed} "
            f"--workers {workers}]")


def speed(games: int) -> str:
    start = time.perf_counter()
    simulate_games(["baseline"] * 4, games, seed=1, workers=1)
    rate = games / (time.perf_counter() - start)
    return (f"{rate:.0f} games/s, 4 × baseline, one process   "
            f"[python -m game.simulate --bots baseline,baseline,baseline,baseline "
            f"--games {games}]")


def decision_times(games: int) -> str:
    """Time every expert decision over whole games against baselines."""
    expert = bots.get("expert")
    baseline = bots.get("baseline")
    times: list[float] = []
    for k in range(games):
        seed = game_seed(99, k)
        game = Game(["E", "B1", "B2", "B3"], seed=seed, record_events=False)
        rng = random.Random(seed)
        while game.pending is not None:
            seat = game.pending.seat
            view, legal = game.view(seat), game.legal_actions()
            if seat == 0:
                start = time.perf_counter()
                action = expert(view, legal, rng)
                times.append(time.perf_counter() - start)
            else:
                action = baseline(view, legal, rng)
            game.apply(action)
    times.sort()
    ms = [t * 1000 for t in times]
    return (f"median {statistics.median(ms):.3f} ms, 99th pct {ms[int(len(ms) * .99)]:.2f} ms, "
            f"slowest {ms[-1]:.2f} ms over {len(ms)} decisions ({games} games)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", default="", help="comma-separated: solo,win,speed,decision")
    args = parser.parse_args(argv)
    games = 1000 if args.quick else 4000
    rounds = 20_000 if args.quick else 200_000
    only = set(filter(None, args.only.split(","))) or {"solo", "win", "speed", "decision"}
    w = args.workers
    rows: list[tuple[str, str]] = []
    if "solo" in only:
        rows.append(("expert solo mean round score (target ≥ 20.10)", solo("expert", rounds, 1, w)))
    if "win" in only:
        rows += [
            ("expert vs 3 × baseline (target ≥ 33%)",
             winrate(["expert"] + ["baseline"] * 3, games, 1, w)),
            ("expert vs 1 × baseline (target ≥ 60%)", winrate(["expert", "baseline"], games, 1, w)),
            ("normal vs 3 × baseline (target 23–28%)",
             winrate(["normal"] + ["baseline"] * 3, games, 1, w)),
            ("easy vs 3 × baseline (target < 25%)",
             winrate(["easy"] + ["baseline"] * 3, games, 1, w)),
        ]
    if "speed" in only:
        rows.append(("speed (target ≥ 1,000 games/s)", speed(2000 if args.quick else 5000)))
    if "decision" in only:
        rows.append(("expert decision time (median ≤ 1 ms, slowest ≤ 50 ms)",
                     decision_times(100 if args.quick else 400)))
    for name, figure in rows:
        print(f"{name}\n    {figure}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
