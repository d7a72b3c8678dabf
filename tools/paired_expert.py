"""The expert against itself at another git revision, on the same games (paired).

    python -m tools.paired_expert --base REV --seeds 13-18             # ~3 min a seed
    python -m tools.paired_expert --base HEAD~1 --seeds 1 --games 500  # a rough look
    python -m tools.paired_expert --base REV --against examples/opponents/counter.py:choose \
        --seats 3 --games 2000 --workers 1                             # a full table

``--base REV`` is ``game/bots/expert.py`` as it was at that git revision,
loaded beside the current one; everything else it imports is the current
tree, so compare revisions that changed only that file. Games of ``expert``
against ``baseline`` are seeded as in ``python -m game.simulate``: the win
counts of the current expert are the ones ``game.simulate`` prints.
``--against SPEC --seats N`` seats the expert against ``N - 1`` copies of another
bot (a level or a plug-in, run in this process), the expert in seat ``-k % N`` in
game ``k``: the lineups of ``python -m game.tournament --bots expert,C,./C,...
--seats N`` and its win counts.

Every game is played by the current expert while the base decides every one
of those positions too; the games in which some decision differed are played
again by the base. All other games end the same way for both, so the
difference in wins is exact on these games and only the changed games carry
noise: its 95% interval is ±1.96·√(changed games) wins. That is two to three
times tighter than comparing two independent win rates over the same number
of games.
"""

from __future__ import annotations

import argparse
import math
import random
import subprocess
import types
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from pathlib import Path

from game import bots
from game.bots import Bot
from game.commands.simulate import game_seed, play_game
from game.state import Action
from game.view import SeatView
from tools.bench_bots import load_bot

ROOT = Path(__file__).resolve().parent.parent
SEATS = ("expert", "baseline")
EXPERT = "game/bots/expert.py"


@cache
def base_expert(rev: str) -> Bot:
    """The ``choose`` of ``game/bots/expert.py`` at git revision ``rev``."""
    source = subprocess.run(
        ["git", "show", f"{rev}:{EXPERT}"], cwd=ROOT, capture_output=True, text=True
    )
    if source.returncode:
        raise SystemExit(f"paired_expert: no {EXPERT} at {rev!r}: {source.stderr.strip()}")
    module = types.ModuleType(f"expert_at_{rev}")
    exec(compile(source.stdout, f"{rev}:{EXPERT}", "exec"), module.__dict__)  # noqa: S102
    choose: Bot = module.choose
    return choose


def lineup(k: int, against: str, seats: int) -> tuple[int, tuple[str, ...]]:
    """The expert's seat in game ``k`` and the seats' names: heads-up against
    ``baseline`` the expert always sits first (``game.simulate``); at a table of
    copies its seat rotates as ``game.tournament`` rotates ``expert,C,./C,...``."""
    if against == "baseline" and seats == 2:
        return 0, SEATS
    names = ["expert"] + ["./" * i + "C" for i in range(seats - 1)]
    turn = k % seats  # game.tournament.schedule: rotation ``turn`` of the one table
    return -turn % seats, tuple(names[(s + turn) % seats] for s in range(seats))


def _play(
    seed: int,
    k: int,
    expert: Bot,
    base: Bot | None = None,
    against: str = "baseline",
    seats: int = 2,
) -> tuple[bool, bool]:
    """Game ``k`` of ``seed`` as ``game.simulate`` (or ``game.tournament``) plays it:
    (the expert won, ``base`` would have decided some position differently)."""
    differed = False
    own_rng = random.Random(0)  # the base draws nothing from the game's generator

    def watched(view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        nonlocal differed
        action = expert(view, legal, rng)
        if base is not None and not differed:
            differed = base(view, legal, own_rng) != action
        return action

    mine, names = lineup(k, against, seats)
    other = opponent(against)
    choosers = [watched if s == mine else other for s in range(len(names))]
    game = play_game(names, game_seed(seed, k), choosers=choosers)
    return game.winner == mine, differed


def forget(bot: Bot) -> None:
    """Empty what an expert remembers of the games it watched (its ``_memory``): a game
    replayed from the start is then read afresh, also when it differed in its first round
    (the expert starts anew only when the round number goes back)."""
    memory = getattr(bot, "__globals__", {}).get("_memory")
    if isinstance(memory, dict):
        memory.clear()


@cache
def opponent(spec: str) -> Bot:
    """A level, or a plug-in loaded in this process (:func:`tools.bench_bots.load_bot`)."""
    return load_bot(spec)


def compare(job: tuple[str, int, int, int, str, int]) -> dict[str, int]:
    """Games ``start`` to ``stop - 1`` of ``seed``: wins of both and the changed games."""
    rev, seed, start, stop, against, seats = job
    current, base = bots.get("expert"), base_expert(rev)
    out = {"games": stop - start, "current": 0, "base": 0, "differed": 0, "changed": 0}
    for k in range(start, stop):
        won, differed = _play(seed, k, current, base, against, seats)
        if differed:
            forget(base)  # what it saw while watching is not the game it replays
        base_won = _play(seed, k, base, None, against, seats)[0] if differed else won
        out["current"] += won
        out["base"] += base_won
        out["differed"] += differed
        out["changed"] += won != base_won
    return out


def seeds(text: str) -> list[int]:
    """Seeds given as a list of seeds and ranges.

    >>> seeds("13-15"), seeds("2,3"), seeds("1,7-8")
    ([13, 14, 15], [2, 3], [1, 7, 8])
    """
    out: list[int] = []
    for part in text.split(","):
        first, _, last = part.strip().partition("-")
        try:
            out += range(int(first), int(last or first) + 1)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{text!r}: seeds are numbers or ranges, e.g. 13-18,21"
            ) from None
    if not out:
        raise argparse.ArgumentTypeError(f"{text!r}: no seed in that range")
    return out


def _line(name: str, r: dict[str, int]) -> str:
    diff = r["current"] - r["base"]
    half = 196 * math.sqrt(r["changed"]) / r["games"]
    return (
        f"{name}: {r['games']} games, current {r['current']} wins, base {r['base']}; "
        f"{r['differed']} games with a different decision, {r['changed']} with another winner; "
        f"difference {diff:+d} ({100 * diff / r['games']:+.2f} ± {half:.2f} points)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="git revision of the expert to compare with")
    parser.add_argument(
        "--seeds", type=seeds, default=[1], help="seeds and ranges, e.g. 13-18 or 2,3"
    )
    parser.add_argument("--games", type=int, default=4000, help="games per seed")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--against", default="baseline", help="the other seats' bot")
    parser.add_argument("--seats", type=int, default=2, help="seats at the table (2 to 18)")
    args = parser.parse_args(argv)
    if not 2 <= args.seats <= 18:
        parser.error("--seats must be 2 to 18")
    base_expert(args.base)  # a bad revision fails here, in one line
    try:
        opponent(args.against)
    except Exception as error:  # noqa: BLE001 -- a bad spec is one line
        raise SystemExit(f"paired_expert: {args.against!r}: {error}") from None
    chunk = max(1, -(-args.games // (4 * args.workers)))
    jobs = [
        (args.base, seed, start, min(args.games, start + chunk), args.against, args.seats)
        for seed in args.seeds
        for start in range(0, args.games, chunk)
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        parts = list(pool.map(compare, jobs))
    where = (
        "heads-up vs baseline"
        if (args.against, args.seats) == ("baseline", 2)
        else f"{args.seats} seats vs {args.seats - 1} x {args.against}, seats rotating"
    )
    print(f"expert (current) against expert at {args.base}, {where}, paired")
    total = {key: 0 for key in parts[0]}
    for seed in args.seeds:
        mine = [p for p, job in zip(parts, jobs, strict=True) if job[1] == seed]
        row = {key: sum(p[key] for p in mine) for key in total}
        print("  " + _line(f"seed {seed}", row))
        for key in total:
            total[key] += row[key]
    if len(args.seeds) > 1:
        print("  " + _line("all", total))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
