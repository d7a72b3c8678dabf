"""``python -m game.simulate``: headless bot-versus-bot games
(docs/files-and-commands.md).

Game ``k`` of a run is seeded from ``(seed, k)`` alone, so results do not
depend on how games are spread over ``--workers`` processes.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, NoReturn

from game import bots as bot_registry
from game.bots import Bot, baseline, plugins
from game.bots.plugins import BotError, PluginError
from game.commands.cli import run
from game.engine import Game
from game.rules import RuleOptions

SOLO_TARGET = 10**9  # a solo "game" is one round: the target is never reached


def game_seed(seed: int, k: int) -> int:
    return (seed * 1_000_003 + k * 7_919) % 2**63


def load_bots(levels: Sequence[str]) -> list[Bot]:
    """Each seat's bot; plug-ins (docs/bots.md, plug-ins) are checked at every call.

    :class:`~game.bots.plugins.PluginError` (one line) for a spec that cannot be loaded.
    """
    out = []
    for level in levels:
        bot = bot_registry.get(level)
        out.append(bot if level in bot_registry.LEVELS else plugins.guarded(level, bot))
    return out


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
) -> Game:
    """One whole game between bots; returns the finished game.

    A misbehaving plug-in raises :class:`~game.bots.plugins.BotError` (the game stays
    as it was before that decision). ``choosers`` replaces the seats' bots
    (tools that watch a level's decisions); ``levels`` still names the seats.
    """
    if choosers is None:
        choosers = load_bots(levels)
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
    # built-in bots return one of pending.actions and plug-ins are checked by
    # load_bots: no second legality check, no list per decision
    while (d := game.pending) is not None:
        seat, _kind, _card, _options, legal = d  # (unpacking is faster than names)
        apply(choosers[seat](views[seat], legal, rng), False)
    return game


def play_solo_round(level: str, seed: int) -> tuple[int, bool, bool]:
    """One player alone for one round from a freshly shuffled full deck:
    (score, busted, flip7). Freeze and Flip Three land on that player (R5.1)."""
    choose = load_bots([level])[0]
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


def _games_chunk(args: tuple[tuple[str, ...], int, int, int]) -> list[int]:
    levels, seed, start, stop = args
    wins = [0] * len(levels)
    for k in range(start, stop):
        try:
            winner = play_game(levels, game_seed(seed, k)).winner
            assert winner is not None
            wins[winner] += 1
        except BotError as error:
            raise BotError(f"game {k}: {error}") from None
    return wins


def _solo_chunk(args: tuple[str, int, int, int]) -> tuple[int, int, int]:
    level, seed, start, stop = args
    total = busts = flips = 0
    for k in range(start, stop):
        try:
            score, busted, flip7 = play_solo_round(level, game_seed(seed, k))
        except BotError as error:
            raise BotError(f"round {k}: {error}") from None
        total += score
        busts += busted
        flips += flip7
    return total, busts, flips


def _run_chunks(
    func: Callable[..., Any],
    make_args: Callable[[int, int], Any],
    count: int,
    workers: int,
    progress: bool,
) -> list[Any]:
    """Run ``count`` items in chunks, on ``workers`` processes, with a progress bar."""
    size = max(1, min(2000, count // (workers * 8) or 1))
    chunks = [make_args(i, min(i + size, count)) for i in range(0, count, size)]
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=count, unit=" games", file=sys.stderr, leave=False)
    results = []
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            for args, result in zip(chunks, pool.map(func, chunks), strict=True):
                results.append(result)
                if bar:
                    bar.update(args[3] - args[2])
    else:
        for args in chunks:
            results.append(func(args))
            if bar:
                bar.update(args[3] - args[2])
    if bar:
        bar.close()
    return results


def simulate_games(
    levels: list[str], games: int, seed: int, workers: int = 1, progress: bool = False
) -> dict[str, Any]:
    start = time.perf_counter()
    parts = _run_chunks(
        _games_chunk, lambda a, b: (tuple(levels), seed, a, b), games, workers, progress
    )
    wins = [sum(p[i] for p in parts) for i in range(len(levels))]
    return {
        "games": games,
        "bots": list(levels),
        "wins": wins,
        "seconds": round(time.perf_counter() - start, 3),
    }


def simulate_solo(
    level: str, rounds: int, seed: int, workers: int = 1, progress: bool = False
) -> dict[str, Any]:
    start = time.perf_counter()
    parts = _run_chunks(_solo_chunk, lambda a, b: (level, seed, a, b), rounds, workers, progress)
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


class ArgumentParser(argparse.ArgumentParser):
    """Every error is one line on stderr and exit status 2 (no usage block)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def parse_bots(parser: argparse.ArgumentParser, text: str) -> list[str]:
    """The comma-separated bots, one per seat: built-in levels or plug-in specs, all loaded."""
    levels = [b.strip() for b in text.split(",")]
    if any(not b for b in levels):
        parser.error(f"--bots {text!r}: an empty bot in the list (one per seat)")
    for level in levels:
        if level not in bot_registry.LEVELS and not plugins.is_spec(level):
            parser.error(
                f"unknown bot level {level!r} (known: {', '.join(bot_registry.LEVELS)}, "
                "or PATH.py:FUNCTION, package.module:FUNCTION)"
            )
    try:
        load_bots(levels)
    except PluginError as error:
        parser.error(f"cannot load {error}")
    return levels


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
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument(
        "--solo-rounds",
        type=int,
        default=0,
        help="play one bot alone for this many independent rounds",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    levels = parse_bots(parser, args.bots)
    if args.workers < 1 or args.games < 1 or args.solo_rounds < 0:
        parser.error("--workers and --games must be at least 1")
    progress = not args.json and sys.stderr.isatty()
    try:
        if args.solo_rounds:
            if len(levels) != 1:
                parser.error("--solo-rounds takes exactly one bot")
            result = simulate_solo(levels[0], args.solo_rounds, args.seed, args.workers, progress)
        else:
            if len(levels) < 2:
                parser.error("a game needs at least 2 bots")
            result = simulate_games(levels, args.games, args.seed, args.workers, progress)
    except BotError as error:
        parser.error(str(error))
    print(json.dumps(result) if args.json else _table(result))
    return 0


if __name__ == "__main__":
    run(main)
