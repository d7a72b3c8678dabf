"""``python -m game.tournament``: every bot meets every other, in rotating seats.

    python -m game.tournament --bots expert,normal,easy,examples/bots/cautious.py:choose \\
        --games 4000 --seats 3 --seed 1 [--workers 2] [--json]

The tables are every group of ``--seats`` bots (with fewer bots than seats,
all of them round the table, each bot in turn taking the extra seats); each table is played in
every rotation of its seats, and game ``k`` takes the ``k``-th lineup of that
schedule in turn, seeded from ``(seed, k)`` like ``game.commands.simulate`` — so the
result does not depend on ``--workers``. A bot's win rate is its wins over the
seats it played, with a 95% (Wilson) confidence interval; the ranking sorts by
it. ``head_to_head[a][b]`` is a's win rate in the games b also played.
"""

from __future__ import annotations

import json
import sys
import time
from itertools import combinations
from typing import Any

from game.bots import sandbox
from game.bots.plugins import BotError
from game.commands.cli import ArgumentParser, run
from game.commands.pool import run_chunks, stopped
from game.commands.simulate import (
    add_run_arguments,
    check_run_arguments,
    game_seed,
    parse_bots,
    play_game,
)
from game.limits import BOT_TIMEOUT, MAX_PLAYERS, MIN_PLAYERS

Lineup = tuple[int, ...]  # bot index per seat


def schedule(bots: int, seats: int) -> list[Lineup]:
    """Every table of ``seats`` bots, each in all its seat rotations.

    >>> schedule(3, 2)
    [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]
    >>> schedule(2, 3)[:3]
    [(0, 1, 0), (1, 0, 0), (0, 0, 1)]
    """
    if bots >= seats:
        tables = list(combinations(range(bots), seats))
    else:  # every bot in turn takes the extra seats
        tables = [tuple((i + o) % bots for i in range(seats)) for o in range(bots)]
    return [
        tuple(table[(s + r) % seats] for s in range(seats))
        for table in tables
        for r in range(seats)
    ]


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% confidence interval of a win rate (Wilson score interval).

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) + z * z / (4 * n)) / n) ** 0.5 / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _chunk(
    args: tuple[tuple[str, ...], tuple[Lineup, ...], float, int, int, int],
) -> tuple[list[int], list[int], list[list[int]], list[list[int]]]:
    """Games ``start``..``stop``: per bot seats played and wins; per pair games together
    and the row bot's wins in them."""
    bots, lineups, timeout, seed, start, stop = args
    b = len(bots)
    played, wins = [0] * b, [0] * b
    together = [[0] * b for _ in range(b)]
    won_with = [[0] * b for _ in range(b)]
    for k in range(start, stop):
        if stopped():
            break
        lineup = lineups[k % len(lineups)]
        try:
            game = play_game(tuple(bots[i] for i in lineup), game_seed(seed, k), timeout=timeout)
        except BotError as error:
            raise BotError(f"game {k}: {error}") from None
        assert game.winner is not None
        winner = lineup[game.winner]
        wins[winner] += 1
        present = set(lineup)
        for i in lineup:
            played[i] += 1
        for i in present:
            for j in present:
                if i != j:
                    together[i][j] += 1
                    if i == winner:
                        won_with[i][j] += 1
    return played, wins, together, won_with


def tournament(
    bots: list[str],
    games: int,
    seats: int,
    seed: int,
    workers: int = 1,
    progress: bool = False,
    timeout: float = BOT_TIMEOUT,
) -> dict[str, Any]:
    """Play the tournament; a JSON-friendly result (see the module docstring)."""
    start = time.perf_counter()
    lineups = tuple(schedule(len(bots), seats))
    parts = run_chunks(
        _chunk, lambda a, z: (tuple(bots), lineups, timeout, seed, a, z), games, workers, progress
    )
    b = len(bots)
    played = [sum(p[0][i] for p in parts) for i in range(b)]
    wins = [sum(p[1][i] for p in parts) for i in range(b)]
    together = [[sum(p[2][i][j] for p in parts) for j in range(b)] for i in range(b)]
    won_with = [[sum(p[3][i][j] for p in parts) for j in range(b)] for i in range(b)]
    rows = []
    for i, bot in enumerate(bots):
        low, high = wilson(wins[i], played[i])
        rows.append(
            {
                "bot": bot,
                "seats_played": played[i],
                "wins": wins[i],
                "win_rate": wins[i] / played[i] if played[i] else 0.0,
                "ci95": [round(low, 4), round(high, 4)],
            }
        )
    order = sorted(range(b), key=lambda i: (-rows[i]["win_rate"], i))
    for rank, i in enumerate(order, 1):
        rows[i]["rank"] = rank
    head = {
        bots[i]: {
            bots[j]: (won_with[i][j] / together[i][j] if together[i][j] else None)
            for j in range(b)
            if j != i
        }
        for i in range(b)
    }
    return {
        "games": games,
        "seats": seats,
        "bots": list(bots),
        "fair_share": 1 / seats,
        "ranking": [rows[i] for i in order],
        "head_to_head": head,
        "seconds": round(time.perf_counter() - start, 3),
    }


def table(result: dict[str, Any]) -> str:
    """The readable form: the ranking with win rates and their 95% intervals."""
    width = max(4, *(len(r["bot"]) for r in result["ranking"]))
    lines = [
        f"{result['games']} games, {result['seats']} seats, {len(result['bots'])} bots, "
        f"in {result['seconds']} s (a fair share is {result['fair_share']:.1%})",
        f"rank  {'bot':<{width}}  {'seats':>6}  {'wins':>6}  {'win rate':>8}  95% interval",
    ]
    for r in result["ranking"]:
        low, high = r["ci95"]
        lines.append(
            f"{r['rank']:>4}  {r['bot']:<{width}}  {r['seats_played']:>6}  "
            f"{r['wins']:>6}  {r['win_rate']:>8.1%}  {low:.1%} – {high:.1%}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = ArgumentParser(
        prog="python -m game.tournament",
        description="Every bot meets every other, in rotating seats.",
    )
    parser.add_argument(
        "--bots",
        required=True,
        help="comma-separated bots: levels or plug-ins (PATH.py:FUNCTION, "
        "package.module:FUNCTION), each once",
    )
    parser.add_argument("--seats", type=int, help="seats per table (default: 4, or fewer bots)")
    add_run_arguments(parser)
    args = parser.parse_args(argv)
    check_run_arguments(parser, args)
    if args.seats is not None and not MIN_PLAYERS <= args.seats <= MAX_PLAYERS:
        parser.error(f"--seats must be between {MIN_PLAYERS} and {MAX_PLAYERS}")
    bots = parse_bots(parser, args.bots, args.bot_timeout, keep=args.workers == 1)
    if len(bots) < 2:
        parser.error("a tournament needs at least 2 bots")
    if len(set(bots)) != len(bots):
        parser.error("--bots: name each bot once (seats are filled by the schedule)")
    seats = args.seats if args.seats is not None else min(4, len(bots))
    progress = not args.json and sys.stderr.isatty()
    try:
        result = tournament(
            bots, args.games, seats, args.seed, args.workers, progress, args.bot_timeout
        )
    except BotError as error:
        parser.error(str(error))
    finally:
        sandbox.close_all()
    print(json.dumps(result) if args.json else table(result))
    return 0


if __name__ == "__main__":
    run(main)
