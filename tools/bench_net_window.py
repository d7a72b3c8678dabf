"""From a click on one screen to the card moving on another, on loopback.

    python -m tools.bench_net_window [--runs 3] [--decisions 150]

A ``python -m game.server`` process (``--bot-delay 0``) holds a table of a person and two
``normal`` bots; the person's decisions come from a client as the window's Hit button
sends them; a window (the game's own, headless: ``SDL_VIDEODRIVER=dummy``) watches the
table through Play online, its loop running in real time as it does on a screen — idle
naps, a look at the network every 30 ms at most. For each decision the figure is the
time from the ``act`` to the end of the window's pass in which its network driver
handed the decision's events to the animations: that pass draws the frame in which the
card leaves the pile. Median, 99th percentile and worst per run, then the range over the runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.net.client import Client  # noqa: E402
from tools.bench_net import ServerProcess, _awaiting, decide  # noqa: E402
from ui.app import App  # noqa: E402
from ui.config import Config  # noqa: E402
from ui.driver import scratch_home  # noqa: E402
from ui.online.session import OnlineSession  # noqa: E402
from ui.table.net import NetDriver  # noqa: E402


def one_run(decisions: int) -> list[float]:
    server = ServerProcess("--bot-delay", "0", "--wait", "60")
    app = App(Config(size=(1280, 720), lang="en", think_time=0.0, home=scratch_home()))
    times: list[float] = []
    try:
        while len(times) < decisions:
            times += _one_game(app, server.url, decisions - len(times))
    finally:
        app.stack.shutdown()
        server.stop()
    return times


def _one_game(app: App, url: str, most: int) -> list[float]:
    ana = Client(url, reconnect=False)
    ana.wait_connected()
    ana.create("Ana", ["me", {"bot": "normal", "name": "No"}, {"bot": "normal", "name": "Ne"}])
    code = ana.wait_for("joined")["table"]
    ana.start()
    session = OnlineSession(url, app.dirs.data / "online" / "seats.json")
    session.watch(code)
    app.go("lobby", session, home=True)
    while not isinstance(getattr(app.stack.top, "driver", None), NetDriver):
        app.step()
    driver: NetDriver = app.stack.top.driver  # type: ignore[union-attr]
    times: list[float] = []
    acted = 0
    try:
        while len(times) < most:
            state = _awaiting(ana, acted)
            if state is None:
                break
            acted = state["version"]
            fed = len(driver.game.actions)
            t0 = time.perf_counter()
            decide(ana, state)
            while len(driver.game.actions) <= fed:  # the window's own loop, in real time
                app.step()
                if time.perf_counter() - t0 > 10:
                    raise RuntimeError("the window never saw the decision")
            times.append(time.perf_counter() - t0)
            presenter = driver.play.presenter
            while not presenter.settled and presenter.gate is None:  # at rest before the next
                driver.table.skip()
                app.step()
    finally:
        ana.close()
    return times


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.bench_net_window", description=__doc__)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--decisions", type=int, default=150)
    args = p.parse_args(argv)
    medians, p99s = [], []
    for run in range(args.runs):
        ms = sorted(1000 * t for t in one_run(args.decisions))
        median, p99 = statistics.median(ms), ms[min(len(ms) - 1, round(0.99 * len(ms)))]
        medians.append(median)
        p99s.append(p99)
        print(
            f"run {run + 1}: click to the other screen's frame: median {median:.1f} ms, "
            f"99th percentile {p99:.1f} ms, worst {ms[-1]:.1f} ms ({len(ms)} decisions)",
            flush=True,
        )
    print(
        f"over {args.runs} runs: median {min(medians):.1f}–{max(medians):.1f} ms, "
        f"99th percentile {min(p99s):.1f}–{max(p99s):.1f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
