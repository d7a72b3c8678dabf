"""Engine speed, side by side with a previous engine, in one run.

    python -m tools.bench_engine [--ref REV] [--seconds 1.5] [--rounds 3] [--profile]
    python -m tools.bench_engine --instructions [--games 300] [--seats 2,4,8,18]

For 2, 4, 8 and 18 seats of ``baseline`` bots it measures full games per second
the way ``python -m game.simulate --workers 1`` reports them, for this checkout
and for the ``game/`` package of git revision ``--ref`` (by default
:data:`PREVIOUS`, the engine before issue 14, which the speed target is measured
against; ``--ref main`` compares with main), extracted into a temporary folder.
Each measure runs in its own process, old and new interleaved, ``--rounds``
times; the best of each is kept (a shared machine only ever makes a run
slower). Both clocks are shown: the wall clock, as ``game.commands.simulate`` reports
it, and the CPU time of the process, which other jobs on the machine disturb
less. ``--profile`` then prints the new engine's top functions for 2,000
four-seat games.

``--instructions`` counts instead the machine instructions a game costs, which
other jobs on the machine do not change: ``valgrind --tool=callgrind`` runs
``simulate_games`` (seed 7, ``PYTHONHASHSEED=0``) for ``--games`` + 1 games and
for 1 game, and the difference is divided by ``--games`` (start-up, imports
and the first game left out). Each count takes about a minute under valgrind.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEATS = (2, 4, 8, 18)
#: the engine before issue 14 ("three times the speed" is measured against it)
PREVIOUS = "8aaa08b"

#: the simulator of either layout (game/commands/ since issue 12, game/ before)
IMPORT = """
try:
    from game.commands.simulate import simulate_games
except ImportError:
    from game.simulate import simulate_games
"""

COUNT = """
import sys
sys.path.insert(0, {root!r})
{IMPORT}
simulate_games(["baseline"] * {seats}, {games}, seed=7)
"""

MEASURE = """
import json, sys, time
sys.path.insert(0, {root!r})
{IMPORT}
seats, budget = {seats}, {seconds}
simulate_games(["baseline"] * seats, 20, seed=99)  # warm up: imports, caches
games, wall, cpu, k = 0, 0.0, 0.0, 0
while wall < budget:
    n = max(20, int(games / wall * 0.3) if wall else 50)
    c = time.process_time()
    r = simulate_games(["baseline"] * seats, n, seed=k)
    cpu += time.process_time() - c
    games, wall, k = games + n, wall + r["seconds"], k + 1
print(json.dumps([games / wall, games / cpu]))
"""


def extract(ref: str, into: Path) -> Path:
    """``game/`` of git revision ``ref`` under ``into``."""
    data = subprocess.run(
        ["git", "archive", ref, "game"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return into


def measure(root: Path, seats: int, seconds: float) -> tuple[float, float]:
    """(games per wall-clock second as game.simulate reports them, games per CPU second)."""
    code = MEASURE.format(root=str(root), seats=seats, seconds=seconds, IMPORT=IMPORT)
    out = subprocess.run(
        [sys.executable, "-c", code],
        check=True,
        capture_output=True,
        text=True,
        cwd=tempfile.gettempdir(),
    ).stdout
    wall, cpu = json.loads(out)
    return wall, cpu


def instructions(root: Path, seats: int, games: int) -> float:
    """Machine instructions per game of ``seats`` baseline bots, counted by callgrind."""

    def count(n: int) -> int:
        code = COUNT.format(root=str(root), seats=seats, games=n, IMPORT=IMPORT)
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
            + [sys.executable, "-c", code],
            check=True,
            capture_output=True,
            text=True,
            cwd=tempfile.gettempdir(),
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
        return int(re.findall(r"Collected : (\d+)", run.stderr)[-1])

    return (count(games + 1) - count(1)) / games


def count_instructions(old_root: Path, ref: str, seats: list[int], games: int) -> None:
    print(
        f"machine instructions per game of baseline bots (callgrind, {games} games "
        f"less the first), previous engine {ref[:10]} and this one"
    )
    print(f"{'seats':>5}  {'previous':>9}  {'now':>9}  {'ratio':>7}")
    for n in seats:
        old, new = instructions(old_root, n, games), instructions(ROOT, n, games)
        print(f"{n:>5}  {old / 1e6:>8.2f}M  {new / 1e6:>8.2f}M  {old / new:>6.2f}×", flush=True)


def profile(games: int = 2000, top: int = 15) -> None:
    import cProfile
    import pstats

    sys.path.insert(0, str(ROOT))
    from game.commands.simulate import simulate_games

    prof = cProfile.Profile()
    prof.runcall(simulate_games, ["baseline"] * 4, games, 1)
    pstats.Stats(prof).strip_dirs().sort_stats("tottime").print_stats(top)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.bench_engine")
    p.add_argument(
        "--ref",
        default=PREVIOUS,
        help=f"the previous engine's git revision (default {PREVIOUS}, the engine before issue 14)",
    )
    p.add_argument("--seconds", type=float, default=1.5, help="time per measure")
    p.add_argument("--rounds", type=int, default=3, help="measures per engine and seat count")
    p.add_argument("--seats", default=",".join(map(str, SEATS)))
    p.add_argument("--profile", action="store_true")
    p.add_argument(
        "--instructions",
        action="store_true",
        help="count machine instructions per game with valgrind instead of timing",
    )
    p.add_argument("--games", type=int, default=300, help="games per count (--instructions)")
    args = p.parse_args(argv)
    ref = args.ref
    seats = [int(s) for s in args.seats.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        old_root = extract(ref, Path(tmp))
        if args.instructions:
            count_instructions(old_root, ref, seats, args.games)
            return 0
        print(
            f"games/s of baseline bots, one process, best of {args.rounds} × {args.seconds} s, "
            f"previous engine {ref[:10]} and this one interleaved; load average "
            f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
        )
        print(f"{'':>5}  {'wall clock (as game.commands.simulate)':^31}  {'CPU time':^31}")
        print(
            f"{'seats':>5}  {'previous':>9}  {'now':>9}  {'ratio':>9}  "
            f"{'previous':>9}  {'now':>9}  {'ratio':>9}"
        )
        for n in seats:
            old, new = [], []
            for _ in range(args.rounds):  # interleaved: both see the same machine
                old.append(measure(old_root, n, args.seconds))
                new.append(measure(ROOT, n, args.seconds))
            ow, nw = max(w for w, _c in old), max(w for w, _c in new)
            oc, nc = max(c for _w, c in old), max(c for _w, c in new)
            print(
                f"{n:>5}  {ow:>9.0f}  {nw:>9.0f}  {nw / ow:>8.2f}×  "
                f"{oc:>9.0f}  {nc:>9.0f}  {nc / oc:>8.2f}×",
                flush=True,
            )
    if args.profile:
        profile()
    return 0


if __name__ == "__main__":
    sys.exit(main())
