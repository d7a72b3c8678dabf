"""Engine speed, side by side with the engine of another git revision, in one run.

    python -m tools.bench_engine --ref REV [--seconds 1.5] [--rounds 3] [--profile]
    python -m tools.bench_engine --ref REV --instructions [--games 300] [--seats 2,4,8,18]
    python -m tools.bench_engine --ref REV --same 300

For 2, 4, 8 and 18 seats of ``baseline`` bots it measures full games per second
the way ``python -m game.simulate --workers 1`` reports them, for this checkout
and for the ``game/`` package of git revision ``--ref`` (``--ref main``,
``--ref HEAD~3``, a tag or a hash), extracted into a temporary folder.
Each measure runs in its own process, both engines interleaved, ``--rounds``
times; the best of each is kept (a shared machine only ever makes a run
slower). Both clocks are shown: the wall clock, as ``game.commands.simulate`` reports
it, and the CPU time of the process, which other jobs on the machine disturb
less. ``--profile`` then prints this checkout's top functions for 2,000
four-seat games.

``--instructions`` counts instead the machine instructions a game costs, which
other jobs on the machine do not change: ``valgrind --tool=callgrind`` runs
``simulate_games`` (seed 7, ``PYTHONHASHSEED=0``) for ``--games`` + 1 games and
for 1 game, and the difference is divided by ``--games`` (start-up, imports
and the first game left out). Each count takes about a minute under valgrind.

``--same N`` checks that the two engines play the same games: N random games
(1 to 19 seats, random rules, stacked decks, starting totals, random and
baseline decisions, clones) digested event by event, with the snapshot after
every decision, every seat's view now and then (``unseen()`` included) and the
game file, then N ``game.simulate`` games of baseline, easy and normal bots
(actions, rounds, totals) and N solo rounds; one digest per engine, which
must be equal.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import os
import random
import re
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SEATS = (2, 4, 8, 18)
IMPORT = """
from game.commands.simulate import simulate_games
"""

#: ``--instructions``' second count of this engine: no ``Game(stay_at=...)``, every
#: hit-or-stay asked of the bot through its view, as for plug-ins and other levels
ASKED = """
import game.commands.simulate
game.commands.simulate.stay_limits = lambda levels: [None] * len(levels)
"""

COUNT = """
import sys
sys.path.insert(0, {root!r})
{IMPORT}
{PATCH}
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


SAME = """
import sys
sys.path[:0] = [{root!r}, {tools!r}]  # this engine's game/, then the tools beside it
from tools.bench_engine import digest
print(digest({games}))
"""


def _view_digest(view: Any) -> tuple[object, ...]:
    hands = [view.hand(s) for s in range(len(view.players))]
    return (
        (view.seat, view.players, view.totals, view.dealer, view.round_no, view.pending),
        (sorted(view.unseen().items()), view.draw_count, view.discard_count, view.discard),
        (view.staged, view.queue, view.active_seats(), view.rules),
        [
            (h.numbers, h.number_count, sorted(h.distinct), h.modifiers, h.second_chance)
            + (h.status, h.active, h.has_cards, h.score, h.number_sum, h.bonus, h.x2)
            for h in hands
        ],
    )


def _random_game(i: int) -> list[str]:
    """Game ``i`` of ``--same``: everything it shows, as text."""
    from game import gamefile
    from game.bots import baseline
    from game.engine import Game
    from game.rules import RuleOptions

    r = random.Random(i)
    n = r.randint(1, 19)
    rules = RuleOptions(
        target=r.choice([1, 30, 80, 200]),
        opening=r.choice(["must_hit", "deal"]),
        flip_three_on_bust=r.choice(["discard", "resolve"]),
        decks=r.choice([None, None, 1, 2, 3]),
    )
    cards = ["0", "5", "freeze", "flip_three", "second_chance", "x2", "+4", "12"]
    deck = r.sample(cards, r.randint(0, 4)) if r.random() < 0.3 else None
    totals = [r.randrange(100) for _ in range(n)] if r.random() < 0.2 else None
    dealer = r.choice([None, 0, n - 1])
    game = Game([f"p{k}" for k in range(n)], rules, r.randrange(10**9), dealer, totals, deck)
    out = [repr(game.opening_events), repr(game.snapshot())]
    while game.pending is not None and len(game.actions) < 3000:
        legal = game.legal_actions()
        if r.random() < 0.5 and legal[0].kind == "hit":
            action = baseline.choose(game.view(game.pending.seat), legal, r)
        else:
            action = r.choice(legal)
        if r.random() < 0.05:
            out.append(repr(game.clone().apply(action)))
        out.append(repr(game.apply(action)))
        out.append(repr(game.snapshot()))
        if r.random() < 0.2:
            out.append(repr([_view_digest(game.view(s)) for s in range(n)]))
    out.append(repr((game.winner, game.rounds, game.actions, gamefile.dumps(game))))
    return out


def digest(games: int) -> str:
    """The digest of ``--same``, for the engine that ``import game`` finds."""
    sim = importlib.import_module("game.commands.simulate")

    h = hashlib.sha256()
    for i in range(games):
        h.update("\n".join(_random_game(i)).encode())
    for i in range(games):
        pick = random.Random(i)
        levels = tuple(
            pick.choice(["baseline", "baseline", "easy", "normal"]) for _ in range(2 + i % 17)
        )
        g = sim.play_game(levels, i * 7919)
        h.update(repr((g.winner, g.actions, g.rounds, g.totals)).encode())
        h.update(repr(sim.play_solo_round("baseline", i)).encode())
    return h.hexdigest()


def same_games(ref_root: Path, ref: str, games: int) -> bool:
    """Both engines' digests of ``--same``; True when equal."""
    digests = []
    for root in (ref_root, ROOT):
        code = SAME.format(root=str(root), tools=str(ROOT), games=games)
        run = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            cwd=tempfile.gettempdir(),
        )
        if run.returncode:  # e.g. an engine from before the API these games use
            last = run.stderr.strip().splitlines()[-1:]
            name = ref if root == ref_root else "this checkout"
            print(f"the engine of {name} cannot play these games: {' '.join(last)}")
            return False
        digests.append(run.stdout.strip())
    same = digests[0] == digests[1]
    print(
        f"{games} random games, {games} simulated games and {games} solo rounds: "
        f"{ref[:10]} {digests[0][:16]}, this engine {digests[1][:16]}: "
        + ("the same" if same else "DIFFERENT")
    )
    return same


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


def instructions(root: Path, seats: int, games: int, asked: bool = False) -> float:
    """Machine instructions per game of ``seats`` baseline bots, counted by callgrind
    (``asked``: with every hit-or-stay asked of the bot, see :data:`ASKED`)."""

    def count(n: int) -> int:
        patch = ASKED if asked else ""
        code = COUNT.format(root=str(root), seats=seats, games=n, IMPORT=IMPORT, PATCH=patch)
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


def count_instructions(ref_root: Path, ref: str, seats: list[int], games: int) -> None:
    print(
        f"machine instructions per game of baseline bots (callgrind, {games} games "
        f"less the first), the engine of {ref[:10]} and this checkout's"
    )
    print(f"{'seats':>5}  {'ref':>9}  {'here':>9}  {'ratio':>7}  {'all asked':>9}  {'ratio':>7}")
    for n in seats:
        old, new = instructions(ref_root, n, games), instructions(ROOT, n, games)
        asked = instructions(ROOT, n, games, asked=True)
        print(
            f"{n:>5}  {old / 1e6:>8.2f}M  {new / 1e6:>8.2f}M  {old / new:>6.2f}×"
            f"  {asked / 1e6:>8.2f}M  {old / asked:>6.2f}×",
            flush=True,
        )


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
        required=True,
        help="the git revision whose engine this checkout's is measured against (main, HEAD~3, …)",
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
    p.add_argument(
        "--same",
        type=int,
        metavar="N",
        help="check that both engines play the same N random games (events, snapshots, views)",
    )
    args = p.parse_args(argv)
    ref = args.ref
    seats = [int(s) for s in args.seats.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        ref_root = extract(ref, Path(tmp))
        if args.same:
            return 0 if same_games(ref_root, ref, args.same) else 1
        if args.instructions:
            count_instructions(ref_root, ref, seats, args.games)
            return 0
        print(
            f"games/s of baseline bots, one process, best of {args.rounds} × {args.seconds} s, "
            f"the engine of {ref[:10]} and this checkout's interleaved; load average "
            f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
        )
        print(f"{'':>5}  {'wall clock (as game.commands.simulate)':^31}  {'CPU time':^31}")
        print(
            f"{'seats':>5}  {'ref':>9}  {'here':>9}  {'ratio':>9}  "
            f"{'ref':>9}  {'here':>9}  {'ratio':>9}"
        )
        for n in seats:
            at_ref, here = [], []
            for _ in range(args.rounds):  # interleaved: both see the same machine
                at_ref.append(measure(ref_root, n, args.seconds))
                here.append(measure(ROOT, n, args.seconds))
            ow, nw = max(w for w, _c in at_ref), max(w for w, _c in here)
            oc, nc = max(c for _w, c in at_ref), max(c for _w, c in here)
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
