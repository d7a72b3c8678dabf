"""How long ``python -m game.advise`` takes, and an undo at the live table.

    python -m tools.bench_advise [--positions 200] [--seats 4,18] [--runs 3] [--process 20]

Positions: ``--positions`` games of ``--seats`` bots (``normal``, ``baseline`` and
``easy`` in turn; seeds 0, 1, 2 …) played to the end, each cut at a random
decision (its file's ``actions`` up to there). Targets: median ≤ 200 ms at 4
seats, ≤ 1 s at 18.

- **In-process**: the time of what the command does once Python is running and
  the expert's tables it reads are built (a few positions are advised first) —
  read the file's JSON, rebuild the game as an observed one, every player's odds
  and chance to win, the expert's advice, the JSON printed. Each run prints the
  median, the 90th percentile and the slowest.
- **Whole process**: ``--process N`` whole ``python -m game.advise FILE --json``
  processes, on N positions spread over the set: the interpreter's start and the
  imports included, and the expert's tables that position reads — *on disk* as any
  process after the first finds them (:mod:`game.bots.tablecache`; one untimed
  process per position first), and *built* as the very first process builds them (an
  empty cache folder each time). The cache folder is a scratch ``FLIP7_HOME``; the
  bytecode is cached in ``__pycache__`` as an installed copy has it (a
  ``PYTHONDONTWRITEBYTECODE`` of the caller's is not passed on). Each run prints the
  median, the range and the 90th percentile, and the median CPU time of the processes
  (user and system), which other work on a shared machine changes far less.

Last, ``game.live.undo`` on the same positions as observed games: the game without
its last entry, rebuilt.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from game.bots.tablecache import HOME_ENV
from game.commands.advise import advise_data
from game.commands.simulate import play_game
from game.gamefile import to_dict
from game.live import observed_equivalent, undo

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ("normal", "baseline", "easy")


def positions(seats: int, count: int) -> list[dict[str, Any]]:
    """``count`` game files of ``seats`` bots, each cut at a random decision."""
    out = []
    for seed in range(count):
        levels = tuple(LEVELS[(seed + i) % len(LEVELS)] for i in range(seats))
        data = to_dict(play_game(levels, seed))
        cut = random.Random(seed).randrange(len(data["actions"]))
        out.append({**data, "actions": data["actions"][:cut]})
    return out


def timed(files: list[str]) -> list[float]:
    """Seconds per position of what ``game.advise --json`` does once Python runs."""
    out = []
    for text in files:
        start = time.perf_counter()
        json.dumps(advise_data(json.loads(text)), ensure_ascii=False, indent=2)
        out.append(time.perf_counter() - start)
    return out


def process_times(files: list[str], cached: bool) -> tuple[list[float], list[float]]:
    """Seconds per whole ``python -m game.advise FILE --json`` process, bytecode cached:
    on the clock, and of CPU (user and system). ``cached``: the expert's tables each
    position reads are on disk already (one untimed process per position first); else
    every process starts with none and builds them."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    out, cpu = [], []
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for i, text in enumerate(files):
            paths.append(Path(folder) / f"p{i}.json")
            paths[-1].write_text(text, encoding="utf-8")
        home = Path(folder) / "home"
        env[HOME_ENV] = str(home)
        advise(paths[0], env)  # the bytecode written
        if cached:
            for path in paths:
                advise(path, env)
        for path in paths:
            if not cached:
                shutil.rmtree(home, ignore_errors=True)
            start, used = time.perf_counter(), children_cpu()
            advise(path, env)
            out.append(time.perf_counter() - start)
            cpu.append(children_cpu() - used)
    return out, cpu


def children_cpu() -> float:
    """CPU seconds of the processes this one waited for (0 where not counted): the
    machine's other work slows the clock far more than it adds to these."""
    try:
        import resource
    except ImportError:  # not on Windows
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def advise(path: Path, env: dict[str, str]) -> None:
    subprocess.run(
        [sys.executable, "-m", "game.advise", str(path), "--json"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )


def undo_times(data: list[dict[str, Any]]) -> list[float]:
    """Seconds per ``game.live.undo`` of an observed game at each position."""
    out = []
    for d in data:
        game = observed_equivalent(d, record_events=False)
        if not game.turned() and not game.actions:
            continue
        start = time.perf_counter()
        undo(game, record_events=False)
        out.append(time.perf_counter() - start)
    return out


def describe(seconds: list[float]) -> str:
    ms = sorted(s * 1000 for s in seconds)
    p90 = ms[min(len(ms) - 1, int(len(ms) * 0.9))]
    return f"median {statistics.median(ms):7.1f} ms   p90 {p90:7.1f} ms   max {ms[-1]:7.1f} ms"


def spread(times: tuple[list[float], list[float]]) -> str:
    """Median, range and 90th percentile of whole processes; the median of their CPU."""
    seconds, cpu = times
    ms = sorted(s * 1000 for s in seconds)
    p90 = ms[min(len(ms) - 1, int(len(ms) * 0.9))]
    return (
        f"median {statistics.median(ms):6.0f} ms   range {ms[0]:.0f}–{ms[-1]:.0f} ms   "
        f"p90 {p90:.0f} ms   CPU median {statistics.median(cpu) * 1000:.0f} ms "
        f"({len(ms)} processes)"
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.bench_advise", description=__doc__)
    p.add_argument("--positions", type=int, default=200)
    p.add_argument("--seats", default="4,18")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--process", type=int, default=20, help="whole processes a run (0: none)")
    args = p.parse_args(argv)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"game.advise, {args.positions} positions per table size, {args.runs} runs; "
        f"load average {load:.1f} on {os.cpu_count()} cores"
    )
    for seats in (int(s) for s in args.seats.split(",")):
        data = positions(seats, args.positions)
        files = [json.dumps(d, ensure_ascii=False) for d in data]
        timed(files[:3])  # warm: imports, caches
        for run in range(1, args.runs + 1):
            print(f"{seats:>2} seats, in-process, run {run}: {describe(timed(files))}", flush=True)
        if args.process:
            spaced = files[:: max(1, len(files) // args.process)][: args.process]
            for run in range(1, args.runs + 1):
                for cached, what in ((True, "tables on disk"), (False, "tables built")):
                    whole = spread(process_times(spaced, cached))
                    print(
                        f"{seats:>2} seats, whole process, {what}, run {run}: {whole}", flush=True
                    )
        print(f"{seats:>2} seats, undo of the last entry: {describe(undo_times(data))}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
