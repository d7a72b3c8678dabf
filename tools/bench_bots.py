"""Bot strength and speed figures (the README's table), with 95% intervals.

    python -m tools.bench_bots                 # the full set (about 40 minutes on 2 cores)
    python -m tools.bench_bots --quick         # smaller samples, a rough look
    python -m tools.bench_bots --only solo,win,seats,ladder,plugins,speed,decision
    python -m tools.bench_bots --only seats --markdown  # expert vs counters at 2, 3, 4, 6 seats
    python -m tools.bench_bots --only more-seeds   # heads-up on 18 further seeds (16 minutes)
    python -m tools.bench_bots --match expert,examples/opponents/counter.py:choose --games 2000

Every figure is reproducible with the command printed beside it. Built-in
levels are played exactly as ``python -m game.simulate`` plays them (same
seeds, same results); a spec ``PATH.py:FUNCTION`` or ``package.module:FUNCTION``
is a plug-in bot (docs/bots.md), loaded here by this harness itself.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from game import bots
from game.bots import plugins
from game.commands.simulate import game_seed, simulate_games, simulate_solo
from game.commands.tournament import tournament
from game.engine import Game

OPPONENTS = "examples/opponents"


def load_bot(spec: str) -> bots.Bot:
    """A built-in level, ``PATH.py:FUNCTION`` or ``package.module:FUNCTION``
    (:func:`game.bots.plugins.load`), imported in this process: the tool measures code
    its user names, as fast as it runs (``game.simulate`` runs a plug-in in a process of
    its own, :mod:`game.bots.sandbox`)."""
    return bots.get(spec) if spec in bots.LEVELS else plugins.load(spec)


def play_game(specs: tuple[str, ...], seed: int) -> Game:
    """One game, exactly as :func:`game.commands.simulate.play_game` plays built-in levels."""
    choosers = [load_bot(s) for s in specs]
    levels = [s if s in bots.LEVELS else None for s in specs]
    game = Game([f"p{i}" for i in range(len(specs))], seed=seed, bots=levels, record_events=False)
    rng = random.Random(seed ^ 0x5EED)
    while game.pending is not None:
        seat = game.pending.seat
        legal = game.legal_actions()
        action = choosers[seat](game.view(seat), legal, rng)
        if action not in legal:
            raise RuntimeError(f"{specs[seat]} returned {action!r}, not one of {legal}")
        game.apply(action)
    return game


def _chunk(args: tuple[tuple[str, ...], int, int, int]) -> list[int]:
    specs, seed, start, stop = args
    wins = [0] * len(specs)
    for k in range(start, stop):
        winner = play_game(specs, game_seed(seed, k)).winner
        assert winner is not None  # a played game is over
        wins[winner] += 1
    return wins


def match(specs: list[str], games: int, seed: int, workers: int = 1) -> list[int]:
    """Wins per seat over ``games`` games (game k seeded as in game.commands.simulate)."""
    size = max(1, min(250, games // (workers * 4) or 1))
    chunks = [(tuple(specs), seed, a, min(a + size, games)) for a in range(0, games, size)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_chunk, chunks))
    else:
        parts = [_chunk(c) for c in chunks]
    return [sum(p[i] for p in parts) for i in range(len(specs))]


def interval(wins: int, games: int) -> str:
    p = wins / games
    return f"{p:.1%} ± {1.96 * (p * (1 - p) / games) ** 0.5:.1%}"


def winrate(specs: list[str], games: int, seeds: list[int], workers: int) -> str:
    """Seat 0's share over several seeds, pooled, with each seed's own figure
    (``python -m game.simulate``, which takes plug-in specs too)."""
    per = [simulate_games(specs, games, seed, workers)["wins"][0] for seed in seeds]
    n = games * len(seeds)
    cmds = "; ".join(f"seed {s}: {w / games:.1%}" for s, w in zip(seeds, per, strict=True))
    return (
        f"{interval(sum(per), n)} of {n} games, {sum(per)} wins ({cmds})   "
        f"[python -m game.simulate --bots {','.join(specs)} --games {games} "
        f"--seed {{{','.join(map(str, seeds))}}}]"
    )


def tournament_rate(specs: list[str], games: int, seats: int, workers: int) -> str:
    """The first bot's win rate in ``python -m game.tournament`` (rotating seats)."""
    result = tournament(specs, games, seats, 1, workers)
    row = next(r for r in result["ranking"] if r["bot"] == specs[0])
    low, high = row["ci95"]
    return (
        f"{row['win_rate']:.1%} ({low:.1%} – {high:.1%}) of {row['seats_played']} games, "
        f"a fair share {result['fair_share']:.0%}   [python -m game.tournament --bots "
        f"{','.join(specs)} --seats {seats} --games {games} --seed 1 --workers {workers}]"
    )


def solo(level: str, rounds: int, seed: int, workers: int) -> str:
    r = simulate_solo(level, rounds, seed, workers)
    return (
        f"mean {r['mean']:.3f}, bust {r['bust_rate']:.1%}, Flip 7 {r['flip7_rate']:.2%} "
        f"over {rounds} rounds ({r['seconds']:.0f} s)   "
        f"[python -m game.simulate --solo-rounds {rounds} --bots {level} --seed {seed} "
        f"--workers {workers}]"
    )


def speed(games: int) -> str:
    start = time.perf_counter()
    simulate_games(["baseline"] * 4, games, seed=1, workers=1)
    rate = games / (time.perf_counter() - start)
    return (
        f"{rate:.0f} games/s, 4 × baseline, one process   "
        f"[python -m game.simulate --bots baseline,baseline,baseline,baseline "
        f"--games {games}]"
    )


def decision_times(games: int, seats: int = 4) -> str:
    """Time every expert decision over whole games at ``seats`` seats, the expert in
    seat 0 and baselines in the others; its tables for the target built first, as the
    window does beside its loop (:func:`game.bots.expert.warm`)."""
    from game.bots import expert as expert_module

    expert_module.warm()
    expert = bots.get("expert")
    baseline = bots.get("baseline")
    times: list[float] = []
    for k in range(games):
        seed = game_seed(99, k)
        game = Game(["E"] + [f"B{i}" for i in range(1, seats)], seed=seed, record_events=False)
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
    return (
        f"median {statistics.median(ms):.3f} ms, 99th pct {ms[int(len(ms) * 0.99)]:.2f} ms, "
        f"slowest {ms[-1]:.2f} ms over {len(ms)} decisions ({games} games of {seats} seats)   "
        f"[python -m tools.bench_bots --only decision]"
    )


def strength_rows(row: Callable[[str, str], None], only: set[str], quick: bool, w: int) -> None:
    """The win-rate rows: heads-up against the baseline
    (three seeds of 10,000 games), then the 4-seat tables."""
    games = 1000 if quick else 4000
    duel_games = 1000 if quick else 10_000
    if "win" in only:
        row(
            "expert vs 1 × baseline (target ≥ 66%)",
            winrate(["expert", "baseline"], duel_games, [1] if quick else [1, 2, 3], w),
        )
        if not quick:
            row(
                "expert vs 1 × baseline, three more seeds",
                winrate(["expert", "baseline"], duel_games, [4, 5, 6], w),
            )
        for name, first, others in (
            ("expert vs 3 × baseline (target ≥ 46%)", "expert", "baseline"),
            ("expert vs 3 × normal (above normal vs 3 × baseline)", "expert", "normal"),
            ("normal vs 3 × baseline (target 23–28%)", "normal", "baseline"),
            ("easy vs 3 × baseline (target < 25%)", "easy", "baseline"),
        ):
            row(name, winrate([first] + [others] * 3, games, [1], w))
    if "more-seeds" in only:  # not in the full set: 72,000 more games, about 16 minutes
        row(
            "expert vs 1 × baseline, eighteen further seeds",
            winrate(["expert", "baseline"], games, [*range(13, 19), *range(21, 33)], w),
        )


TABLE_SIZES = (2, 3, 4, 6)
COUNTER = f"{OPPONENTS}/counter.py:choose"


def copies(spec: str, n: int) -> list[str]:
    """``n`` names of the same plug-in file (``./`` in front, once more each time), so
    that ``game.tournament``, which takes each bot once, seats it ``n`` times."""
    return ["./" * k + spec for k in range(n)]


def seats_rows(row: Callable[[str, str], None], games: int, w: int) -> None:
    """The expert against ``counter`` in every other seat, at each table size."""
    for seats in TABLE_SIZES:
        specs = ["expert", *copies(COUNTER, seats - 1)]
        row(
            f"expert vs {seats - 1} × counter, {seats} seats, seats rotating",
            tournament_rate(specs, games, seats, w),
        )


def ladder(games: int, seats: int, w: int) -> str:
    """``easy``, ``normal`` and ``expert`` at one table of ``seats`` (with fewer levels
    than seats, each takes the extra seats in turn: ``game.tournament``)."""
    levels = ["expert", "normal", "easy"]
    result = tournament(levels, games, seats, 1, w)
    ranks = {r["bot"]: r for r in result["ranking"]}
    parts = [
        f"{name} {ranks[name]['win_rate']:.1%} ({ranks[name]['ci95'][0]:.1%} – "
        f"{ranks[name]['ci95'][1]:.1%})"
        for name in levels
    ]
    rates = [ranks[name]["win_rate"] for name in levels]
    holds = rates[0] > rates[1] > rates[2]
    return (
        f"{' > '.join(parts)} of {games} games{'' if holds else ' (NOT a ladder)'}   "
        f"[python -m game.tournament --bots {','.join(levels)} --seats {seats} "
        f"--games {games} --seed 1 --workers {w}]"
    )


def plugin_specs() -> list[tuple[str, str]]:
    return [
        ("counter", f"{OPPONENTS}/counter.py:choose"),
        ("leader_hunter", f"{OPPONENTS}/leader_hunter.py:choose"),
        ("racer", f"{OPPONENTS}/racer.py:choose"),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--only",
        default="",
        help="comma-separated: solo,win,seats,ladder,plugins,speed,decision (the full set), "
        "more-seeds",
    )
    parser.add_argument("--markdown", action="store_true", help="end with a markdown table")
    parser.add_argument(
        "--table-games", type=int, default=0, help="games per seats and ladder row (4000)"
    )
    parser.add_argument("--match", default="", help="play these specs against each other")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    w = args.workers
    if args.match:
        specs = [s.strip() for s in args.match.split(",") if s.strip()]
        wins = match(specs, args.games, args.seed, w)
        for spec, n in zip(specs, wins, strict=True):
            print(f"{spec:<50} {n:>6}  {interval(n, args.games)}")
        return 0
    rounds = 20_000 if args.quick else 200_000
    plugin_games = 500 if args.quick else 2000  # x 2 for the tournament rows
    only = set(filter(None, args.only.split(","))) or {
        "solo",
        "win",
        "seats",
        "ladder",
        "plugins",
        "speed",
        "decision",
    }
    rows: list[tuple[str, str]] = []

    def row(name: str, figure: str) -> None:
        print(f"{name}\n    {figure}", flush=True)
        rows.append((name, figure))

    if "solo" in only:
        row("expert solo mean round score (target ≥ 20.25)", solo("expert", rounds, 1, w))
    strength_rows(row, only, args.quick, w)
    table_rows(row, only, args.table_games or (500 if args.quick else 4000), w)
    if "plugins" in only:
        specs = [spec for _name, spec in plugin_specs()]
        for name, spec in plugin_specs():
            row(
                f"expert vs {name}, heads-up, seats rotating",
                tournament_rate(["expert", spec], 2 * plugin_games, 2, w),
            )
        row(
            "expert at a 4-seat table with the three plug-ins, seats rotating",
            tournament_rate(["expert", *specs], 2 * plugin_games, 4, w),
        )
        for name, spec in plugin_specs():
            row(f"expert vs 3 × {name}", winrate(["expert"] + [spec] * 3, plugin_games, [1], w))
            row(f"{name} vs 3 × baseline", winrate([spec] + ["baseline"] * 3, plugin_games, [1], w))
    if "speed" in only:
        row("speed (target ≥ 1,000 games/s)", speed(2000 if args.quick else 5000))
    if "decision" in only:
        for seats, games in ((4, 200), (18, 20)):
            row(
                f"expert decision time, {seats} seats (median ≤ 5 ms, slowest ≤ 100 ms)",
                decision_times(games // 4 if args.quick else games, seats),
            )
    if args.markdown:
        print_markdown(rows)
    return 0


def table_rows(row: Callable[[str, str], None], only: set[str], games: int, w: int) -> None:
    """The rows by table size: against counters, and the ladder of the levels."""
    if "seats" in only:
        seats_rows(row, games, w)
    if "ladder" in only:
        for seats in TABLE_SIZES:
            row(f"easy < normal < expert, {seats} seats", ladder(games, seats, w))


def print_markdown(rows: list[tuple[str, str]]) -> None:
    print("\n| table | measured (95% interval) | command |\n| --- | --- | --- |")
    for name, figure in rows:
        measured, _, command = figure.partition("   [")
        print(f"| {name} | {measured} | `{command.rstrip(']')}` |")


if __name__ == "__main__":
    raise SystemExit(main())
