"""The expert against copies of another bot with a deck of number cards only.

    python -m tools.numbers_only --games 2000 --seeds 1,2            # numbers only
    python -m tools.numbers_only --games 2000 --seeds 1,2 --full     # the rule book's deck

The published exact analysis of competitive Flip 7 (a win-probability player against
score maximisers, first to 200) counts the number cards alone. This plays the expert
against copies of ``--against`` (a level or a plug-in; default ``counter``, a one-card-deep
score maximiser) with that deck — one ``0``, one ``1`` and *n* copies of *n*, 79 cards —
or, with ``--full``, with the rule book's 94 cards as the control; the expert's seat
rotates, one process a seed, and it prints the expert's wins with a 95% interval.

The expert reads a numbers-only game from tables of that deck: its stop-at-T rounds
(:mod:`tools.make_expert_tables`, ``--rounds`` solo rounds a stop) and the win tables
built from them, kept in a scratch cache folder. The deck is changed inside this tool's
own processes only, by replacing :func:`game.cards.composition` where the engine and the
bots read it: a research tool, never the game.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from tools.bench_bots import interval

COUNTER = "examples/opponents/counter.py:choose"
#: the modules that read the deck's composition by name
READERS = ("game.cards", "game.bots.common", "game.bots.analysis", "game.engine", "game.gamefile")


def numbers_only(decks: int = 1) -> Counter[str]:
    """The deck of the numbers-only model: one 0, one 1, n copies of n.

    >>> sum(numbers_only().values()), numbers_only()["12"], sorted(numbers_only())[:3]
    (79, 12, ['0', '1', '10'])
    """
    one = Counter({"0": 1, "1": 1, **{str(n): n for n in range(2, 13)}})
    return Counter({card: count * decks for card, count in one.items()})


def use_numbers_only(tables: Path | None = None) -> None:
    """From now on, in this process: the deck holds number cards only, and the expert
    reads ``tables`` (made for that deck), if given."""
    import importlib

    from game import cards
    from game.bots import winprob

    for name in READERS:
        module = importlib.import_module(name)
        if hasattr(module, "composition"):
            module.composition = numbers_only  # type: ignore[attr-defined]
    cards._full_deck.cache_clear()
    if tables is not None:
        winprob.TABLES = tables


def play(against: str, seats: int, games: int, seed: int) -> int:
    """Games with the expert in every seat in turn and ``against`` in the others; its wins."""
    from game.bots import expert
    from game.engine import Game
    from tools.bench_bots import load_bot

    other = load_bot(against)  # a level, or a plug-in named by the person running this tool
    wins = 0
    for g in range(games):
        mine = g % seats
        names = [f"P{s}" for s in range(seats)]
        game = Game(names, seed=seed * 1_000_003 + g, record_events=False)
        rng = random.Random(g)
        while not game.over:
            d = game.pending
            assert d is not None  # the game is not over
            bot = expert.choose if d.seat == mine else other
            game.apply(bot(game.view(d.seat), list(d.actions), rng))
        wins += game.winner == mine
    return wins


def _job(args: tuple[str, int, int, int, str | None, str]) -> int:
    against, seats, games, seed, tables, home = args
    os.environ["FLIP7_HOME"] = home  # the win tables of this deck, apart from the game's
    if tables is not None:
        use_numbers_only(Path(tables))
    return play(against, seats, games, seed)


def _tables(folder: str, rounds: int) -> str:
    """The stop-at-T tables of the numbers-only deck, made in this process."""
    from tools import make_expert_tables

    use_numbers_only()
    out = str(Path(folder) / "numbers_only_tables.json")
    make_expert_tables.main(["--rounds", str(rounds), "--out", out])
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default=COUNTER, help="the other seats' bot (a plug-in)")
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--games", type=int, default=2000, help="games a seed")
    parser.add_argument("--seeds", default="1,2", help="one process each")
    parser.add_argument("--rounds", type=int, default=20_000, help="solo rounds a stop")
    parser.add_argument("--full", action="store_true", help="the rule book's deck (control)")
    args = parser.parse_args(argv)
    seeds = [int(s) for s in args.seeds.split(",")]
    if not 2 <= args.seats <= 18 or args.games < 1:
        parser.error("--seats must be 2 to 18 and --games at least 1")
    with tempfile.TemporaryDirectory(prefix="flip7-numbers-") as folder:
        os.environ["FLIP7_HOME"] = folder
        tables = None if args.full else _tables(folder, args.rounds)
        jobs = [(args.against, args.seats, args.games, s, tables, folder) for s in seeds]
        with ProcessPoolExecutor(len(seeds)) as pool:
            wins = list(pool.map(_job, jobs))
    n = args.games * len(seeds)
    deck = "the rule book's 94 cards" if args.full else "numbers only (79 cards)"
    print(
        f"expert vs {args.seats - 1} x {args.against}, {args.seats} seats, {deck}: "
        f"{sum(wins)} wins in {n} games, {interval(sum(wins), n)} "
        f"(seeds {args.seeds}: {', '.join(map(str, wins))}; fair share {1 / args.seats:.1%})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
