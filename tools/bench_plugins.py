"""What a plug-in's own process costs: ``python -m tools.bench_plugins [--runs R] [--games N]``.

Runs ``python -m game.simulate --bots SPEC,baseline,baseline,baseline --games N --seed S
--json`` R times (seeds 1..R) and prints the games per second of each run (the
simulation's own ``seconds``, and the whole command's wall time, interpreter and
plug-in start included), their range, and the same for four built-in seats. With
``--root DIR`` (repeatable) the commands run in each checkout given
(``git archive REV | tar -x -C DIR``), one run of each in turn, so that two versions are
compared under the same load of the machine.

Then the start of a plug-in's process: one program starts ``--starts`` plug-ins one
after the other, each closed once it is ready, and prints how long the first took (on
Linux, the fork server starts with it) and the median and range of the others.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

CAUTIOUS = "examples/bots/cautious.py:choose"


def python(root: Path, *args: str) -> str:
    """What ``python ARGS`` prints, run in the checkout ``root``."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(root)},
    ).stdout


def run(root: Path, bots: str, games: int, seed: int) -> tuple[float, float]:
    """(games/s of the simulation, games/s of the whole command)."""
    start = time.perf_counter()
    simulate = ["-m", "game.simulate", "--bots", bots, "--games", str(games)]
    out = python(root, *simulate, "--seed", str(seed), "--json")
    wall = time.perf_counter() - start
    result = json.loads(out)
    return games / result["seconds"], games / wall


STARTS = """\
import json, sys, time
from game.bots.sandbox import PluginBot
times = []
for _ in range(int(sys.argv[2])):
    start = time.perf_counter()
    bot = PluginBot(sys.argv[1], 10.0)
    bot.wait_ready()
    times.append(time.perf_counter() - start)
    bot.close()
print(json.dumps(times))
"""


def starts(root: Path, spec: str, count: int) -> str:
    """The start of ``count`` plug-ins in one program, in words."""
    out = python(root, "-c", STARTS, spec, str(count))
    first, *rest = [t * 1000 for t in json.loads(out)]
    text = f"plug-in started and ready, in {root}: the first {first:.0f} ms"
    if rest:
        rest.sort()
        text += (
            f", the next {len(rest)}: median {rest[len(rest) // 2]:.1f} ms "
            f"({rest[0]:.1f}–{rest[-1]:.1f})"
        )
    return text


def line(name: str, rates: list[tuple[float, float]]) -> str:
    sim = [r[0] for r in rates]
    wall = [r[1] for r in rates]
    runs = ", ".join(f"{r:.0f}" for r in sim)
    return (
        f"{name}: {min(sim):.0f}–{max(sim):.0f} games/s simulated ({runs}); "
        f"{min(wall):.0f}–{max(wall):.0f} games/s for the whole command"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_plugins")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--spec", default=CAUTIOUS, help="the plug-in in seat 0")
    parser.add_argument("--starts", type=int, default=20, help="plug-ins started in a row")
    parser.add_argument(
        "--root", action="append", help="a checkout to run the commands in (default: here)"
    )
    args = parser.parse_args(argv)
    roots = [Path(r).resolve() for r in args.root or ["."]]
    print(f"{args.runs} runs of {args.games} games each, seeds 1..{args.runs}")
    for name, bots in (
        (f"{args.spec} + 3 × baseline", f"{args.spec},baseline,baseline,baseline"),
        ("4 × baseline (no plug-in)", "baseline,baseline,baseline,baseline"),
    ):
        rates: dict[Path, list[tuple[float, float]]] = {root: [] for root in roots}
        for seed in range(1, args.runs + 1):
            for root in roots:
                rates[root].append(run(root, bots, args.games, seed))
        for root in roots:
            print(line(f"{name}, in {root}", rates[root]), flush=True)
    print(
        f"[python -m game.simulate --bots {args.spec},baseline,baseline,baseline "
        f"--games {args.games} --seed S --json]"
    )
    for root in roots:
        print(starts(root, args.spec, args.starts), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
