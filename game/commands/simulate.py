"""``python -m game.simulate``: headless bot-versus-bot games (docs/files-and-commands.md).

Game ``k`` of a run is seeded from ``(seed, k)`` alone, so results do not
depend on how games are spread over ``--workers`` processes. Plug-in bots run
in their own processes (:mod:`game.bots.sandbox`), ``--bot-timeout`` seconds per
decision; one that fails ends the run with exit status 2 and one line.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from game import bots as bot_registry
from game.bots import Bot, baseline, plugins, sandbox
from game.bots.plugins import BotError, PluginError
from game.commands.cli import ArgumentParser, run
from game.commands.pool import run_chunks, stopped
from game.engine import Game
from game.limits import (
    BOT_TIMEOUT,
    MAX_BOT_TIMEOUT,
    MAX_GAMES,
    MAX_SOLO_ROUNDS,
    max_workers,
)
from game.rules import RuleOptions

SOLO_TARGET = 10**9  # a solo "game" is one round: the target is never reached


def game_seed(seed: int, k: int) -> int:
    return (seed * 1_000_003 + k * 7_919) % 2**63


def load_bots(levels: Sequence[str], timeout: float = BOT_TIMEOUT) -> list[Bot]:
    """Each seat's bot: a built-in level, or a plug-in in its own process (one per spec in
    this process, started the first time, ``timeout`` seconds per decision)."""
    return [
        bot_registry.get(level) if level in bot_registry.LEVELS else sandbox.shared(level, timeout)
        for level in levels
    ]


def stay_limits(levels: Sequence[str]) -> list[int | None]:
    """Per seat, the score at which its bot stays when the engine may decide for it.

    The ``baseline`` bot hits below :data:`~game.bots.baseline.STAY_AT` and
    stays from there, whatever else is on the table: the engine makes that
    choice in its turn loop (``Game(stay_at=...)``) instead of asking the bot
    for a view and a decision. Every other bot is asked.
    """
    return [baseline.STAY_AT if level == "baseline" else None for level in levels]


def play_game(
    levels: tuple[str, ...],
    seed: int,
    rules: RuleOptions | None = None,
    choosers: Sequence[Bot] | None = None,
    timeout: float = BOT_TIMEOUT,
) -> Game:
    """One whole game between bots; returns the finished game.

    A misbehaving plug-in raises :class:`~game.bots.plugins.BotError` (the game stays
    as it was before that decision). ``choosers`` replaces the seats' bots
    (tools that watch a level's decisions); ``levels`` still names the seats.
    """
    if choosers is None:
        choosers = load_bots(levels, timeout)
    game = Game(
        [f"{level}{i}" for i, level in enumerate(levels)],
        rules,
        seed=seed,
        bots=levels,
        record_events=False,
        stay_at=stay_limits(levels),
    )
    rng = random.Random(seed ^ 0x5EED)
    views = [game.view(seat) for seat in range(len(levels))]
    apply = game.apply
    # built-in bots return one of pending.actions, and a plug-in's answer is taken
    # from the legal actions it was sent: no second legality check
    while (d := game.pending) is not None:
        seat, _kind, _card, _options, legal = d  # (unpacking is faster than names)
        apply(choosers[seat](views[seat], legal, rng), False)
    return game


def play_solo_round(level: str, seed: int, timeout: float = BOT_TIMEOUT) -> tuple[int, bool, bool]:
    """One player alone for one round from a freshly shuffled full deck:
    (score, busted, flip7). Freeze and Flip Three land on that player (R5.1)."""
    choose = load_bots([level], timeout)[0]
    game = Game(
        ["solo"], RuleOptions(target=SOLO_TARGET), seed=seed, bots=(level,), record_events=False
    )
    rng = random.Random(seed ^ 0x5EED)
    view = game.view(0)
    while not game.rounds:
        assert game.pending is not None  # a round always ends before the game does
        game.apply(choose(view, game.pending.actions, rng), False)
    record = game.rounds[0]
    return record.scores[0], bool(record.busted), record.flip7 is not None


def _games_chunk(args: tuple[tuple[str, ...], float, int, int, int]) -> list[int]:
    levels, timeout, seed, start, stop = args
    wins = [0] * len(levels)
    for k in range(start, stop):
        if stopped():
            break
        try:
            winner = play_game(levels, game_seed(seed, k), timeout=timeout).winner
        except BotError as error:
            raise BotError(f"game {k}: {error}") from None
        assert winner is not None
        wins[winner] += 1
    return wins


def _solo_chunk(args: tuple[str, float, int, int, int]) -> tuple[int, int, int]:
    level, timeout, seed, start, stop = args
    total = busts = flips = 0
    for k in range(start, stop):
        if stopped():
            break
        try:
            score, busted, flip7 = play_solo_round(level, game_seed(seed, k), timeout)
        except BotError as error:
            raise BotError(f"round {k}: {error}") from None
        total += score
        busts += busted
        flips += flip7
    return total, busts, flips


def simulate_games(
    levels: list[str],
    games: int,
    seed: int,
    workers: int = 1,
    progress: bool = False,
    timeout: float = BOT_TIMEOUT,
) -> dict[str, Any]:
    start = time.perf_counter()
    parts = run_chunks(
        _games_chunk, lambda a, b: (tuple(levels), timeout, seed, a, b), games, workers, progress
    )
    wins = [sum(p[i] for p in parts) for i in range(len(levels))]
    return {
        "games": games,
        "bots": list(levels),
        "wins": wins,
        "seconds": round(time.perf_counter() - start, 3),
    }


def simulate_solo(
    level: str,
    rounds: int,
    seed: int,
    workers: int = 1,
    progress: bool = False,
    timeout: float = BOT_TIMEOUT,
) -> dict[str, Any]:
    start = time.perf_counter()
    parts = run_chunks(
        _solo_chunk, lambda a, b: (level, timeout, seed, a, b), rounds, workers, progress
    )
    total, busts, flips = (sum(p[i] for p in parts) for i in range(3))
    return {
        "rounds": rounds,
        "bot": level,
        "mean": total / rounds,
        "bust_rate": busts / rounds,
        "flip7_rate": flips / rounds,
        "seconds": round(time.perf_counter() - start, 3),
    }


def _table(result: dict[str, Any]) -> str:
    if "rounds" in result:
        return (
            f"{result['bot']} alone, {result['rounds']} rounds: mean {result['mean']:.3f}, "
            f"bust {result['bust_rate']:.1%}, Flip 7 {result['flip7_rate']:.2%} "
            f"({result['seconds']} s)"
        )
    games = result["games"]
    width = max(9, *(len(level) for level in result["bots"]))
    lines = [
        f"{games} games in {result['seconds']} s "
        f"({games / max(result['seconds'], 1e-9):.0f} games/s)",
        f"{'seat':>4}  {'bot':<{width}} {'wins':>7}  {'share':>6}  ±95%",
    ]
    for i, (level, wins) in enumerate(zip(result["bots"], result["wins"], strict=True)):
        p = wins / games
        margin = 1.96 * (p * (1 - p) / games) ** 0.5
        lines.append(f"{i:>4}  {level:<{width}} {wins:>7}  {p:>6.1%}  {margin:.1%}")
    return "\n".join(lines)


def parse_bots(
    parser: argparse.ArgumentParser, text: str, timeout: float, keep: bool = True
) -> list[str]:
    """The comma-separated bots, one per seat: built-in levels or plug-in specs, every
    plug-in started in its own process and loaded there (exit 2 and one line if not).
    ``keep``: the processes stay for the run (False: each worker starts its own)."""
    levels = [b.strip() for b in text.split(",")]
    if any(not b for b in levels):
        parser.error(f"--bots {text!r}: an empty bot in the list (one per seat)")
    for level in levels:
        if level not in bot_registry.LEVELS and not plugins.is_spec(level):
            parser.error(
                f"unknown bot level {level!r} (known: {', '.join(bot_registry.LEVELS)}, "
                "or PATH.py:FUNCTION, package.module:FUNCTION)"
            )
    specs = [level for level in levels if level not in bot_registry.LEVELS]
    try:
        for spec in specs:
            plugins.check(spec)
        sandbox.check_loads(specs, timeout)
    except PluginError as error:
        parser.error(f"cannot load {error}")
    finally:
        if not keep:
            sandbox.close_all()
    return levels


def add_run_arguments(parser: argparse.ArgumentParser, games: int = 1000) -> None:
    """The flags game.simulate and game.tournament share: games, seed, workers, timeout."""
    parser.add_argument("--games", type=int, default=games, help=f"at most {MAX_GAMES}")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--workers", type=int, default=1, help=f"processes (at most {max_workers()} here)"
    )
    parser.add_argument(
        "--bot-timeout",
        type=float,
        default=BOT_TIMEOUT,
        metavar="SECONDS",
        help=f"time a plug-in bot has per decision (default {BOT_TIMEOUT:g})",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def check_run_arguments(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """--games, --workers and --bot-timeout within their limits (game.limits)."""
    if not 1 <= args.games <= MAX_GAMES:
        parser.error(f"--games must be from 1 to {MAX_GAMES}")
    if not 1 <= args.workers <= max_workers():
        parser.error(f"--workers must be from 1 to {max_workers()} (4 per core)")
    if not 0 < args.bot_timeout <= MAX_BOT_TIMEOUT:  # also refuses nan
        parser.error(f"--bot-timeout must be more than 0 and at most {MAX_BOT_TIMEOUT:g} seconds")


def main(argv: list[str] | None = None) -> int:
    parser = ArgumentParser(
        prog="python -m game.simulate", description="Headless games between bots."
    )
    levels_help = ", ".join(bot_registry.LEVELS)
    parser.add_argument(
        "--bots",
        required=True,
        help=f"comma-separated bots, one per seat ({levels_help}, or a plug-in "
        "PATH.py:FUNCTION / package.module:FUNCTION)",
    )
    parser.add_argument(
        "--solo-rounds",
        type=int,
        default=0,
        help=f"play one bot alone for this many independent rounds (at most {MAX_SOLO_ROUNDS})",
    )
    add_run_arguments(parser)
    args = parser.parse_args(argv)
    check_run_arguments(parser, args)
    if not 0 <= args.solo_rounds <= MAX_SOLO_ROUNDS:
        parser.error(f"--solo-rounds must be from 1 to {MAX_SOLO_ROUNDS}")
    levels = parse_bots(parser, args.bots, args.bot_timeout, keep=args.workers == 1)
    progress = not args.json and sys.stderr.isatty()
    try:
        if args.solo_rounds:
            if len(levels) != 1:
                parser.error("--solo-rounds takes exactly one bot")
            result = simulate_solo(
                levels[0], args.solo_rounds, args.seed, args.workers, progress, args.bot_timeout
            )
        else:
            if len(levels) < 2:
                parser.error("a game needs at least 2 bots")
            result = simulate_games(
                levels, args.games, args.seed, args.workers, progress, args.bot_timeout
            )
    except BotError as error:
        parser.error(str(error))
    finally:
        sandbox.close_all()
    print(json.dumps(result) if args.json else _table(result))
    return 0


if __name__ == "__main__":
    run(main)
