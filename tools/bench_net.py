"""The network play's figures on loopback: latency, and tables a core serves.

    python -m tools.bench_net [--runs 3] [--decisions 300] [--tables 200] [--seconds 8]

Each measure starts its own ``python -m game.server`` process (a fresh ``--home``)
and prints one line per run, then the range over the runs:

* **latency** — the time from one client's ``act`` to another client (a spectator
  at the same table, ``game.net.client.Client`` as the window uses it) holding the
  state that decision made: ``--decisions`` decisions of a person at a table with
  two ``normal`` bots (``--bot-delay 0``); median and 99th percentile. The window
  adds up to one frame to draw it.
* **load** — ``--tables`` tables of six bots (the creator starts its table and
  leaves; ``--wait 0`` hands its seat to a ``normal`` bot at once; five ``normal``
  bots), each followed by one spectator, each making 10 decisions a second
  (``--bot-delay 0.1``: a bot decides 0.1 s after the last one was due, so a table
  makes 10 a second whenever the server keeps up), target 300 so no game ends during
  the measure. Over ``--seconds`` it counts the decisions made (the states' versions
  the spectators see) and the server process's CPU time (``/proc``: Linux; time on a
  core, which other work on the machine changes far less than the time on the clock):
  CPU per table, the decisions a second each table really made (said when under 9.9:
  the figures are then not those of 10 a second), tables one core serves at 10
  decisions a second (one second of CPU divided by what a table takes in one second),
  and memory per table (the server's resident memory with the tables running, less
  that before, per table). Then the server is killed at once (SIGKILL) and its folder
  read back as a restarted server reads it (``game.net.store.load_tables``):
  **lost at a kill** counts the decisions the spectators had seen that the disk does
  not hold — the ones on their way to it at that instant — so that the CPU counted is
  that of a server saving every decision as it goes.

Every figure is measured on this machine as it is: a busy machine makes them worse.
Each run prints the load average (``uptime``'s) before and after it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from websockets.asyncio.client import connect

from game.net.client import Client
from game.net.store import VERSION_GAP, load_tables, tables_folder
from game.net.table import Settings

ROOT = Path(__file__).resolve().parent.parent
VERSION = re.compile(r'"version":([0-9]+)')
SIX_BOTS = ["me", *({"bot": "normal", "name": f"Bot{i}"} for i in range(5))]


# ---------------------------------------------------------------------- the server
class ServerProcess:
    """``python -m game.server`` on a free loopback port, in a home of its own."""

    def __init__(self, *flags: str) -> None:
        self.home = tempfile.TemporaryDirectory(prefix="bench_net_")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "game.server", "--port", "0", "--home", self.home.name, *flags],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        self.url = self.process.stdout.readline().split()[-1]

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_kib(self) -> int:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(60)
        self.home.cleanup()

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(60)


# ------------------------------------------------------------------------- latency
def latency(decisions: int) -> list[float]:
    """Seconds from a person's act to a spectator's holding the state it made."""
    server = ServerProcess("--bot-delay", "0", "--wait", "60")
    times: list[float] = []
    try:
        while len(times) < decisions:
            times += _one_game(server.url, decisions - len(times))
    finally:
        server.stop()
    return times


def _one_game(url: str, most: int) -> list[float]:
    ana, watcher = Client(url, reconnect=False), Client(url, reconnect=False)
    ana.wait_connected()
    watcher.wait_connected()
    ana.create("Ana", ["me", {"bot": "normal", "name": "No"}, {"bot": "normal", "name": "Ne"}])
    ana.wait_for("joined")
    watcher.watch(ana.table or "")
    watcher.wait_for("watching")
    ana.start()
    times: list[float] = []
    acted = 0
    try:
        while len(times) < most:
            state = _awaiting(ana, acted)
            if state is None:
                break
            watcher.poll()
            acted = state["version"]
            t0 = time.perf_counter()
            decide(ana, state)
            while True:
                seen = watcher.wait_for("state", timeout=10)
                if any(e.get("by") == "person" for e in seen["events"]):
                    times.append(time.perf_counter() - t0)
                    break
    finally:
        ana.close()
        watcher.close()
    return times


def decide(client: Client, state: dict) -> None:
    """The person's decision in ``state``: hit below 20 points, else stay; a target: the
    first seat offered."""
    waiting = state["game"]["waiting_for"]
    if waiting["decision"] == "target":
        client.act("target", waiting["options"][0], state["version"])
    else:
        hand = state["game"]["round"]["hands"][waiting["player"]]
        client.act("hit" if sum(hand["numbers"]) < 20 else "stay", None, state["version"])


def _awaiting(client: Client, after: int) -> dict | None:
    """The first state past version ``after`` in which the game waits for the client's
    seat (None: the game is over)."""
    while True:
        state = client.state
        if state is not None and state["game"] is not None and state["version"] > after:
            if state["game"]["over"]:
                return None
            waiting = state["game"]["waiting_for"]
            if waiting["player"] == state["seats"][client.seat or 0]["name"]:
                return state
        client.wait_for("state", timeout=10)


# ---------------------------------------------------------------------------- load
def load(tables: int, seconds: float) -> dict[str, float]:
    server = ServerProcess("--bot-delay", "0.1", "--wait", "0", "--max-tables", str(tables + 10))
    seen: dict[str, int] = {}  # table -> the last state version a spectator saw
    try:
        figures = asyncio.run(_load(server, tables, seconds, seen))
        kept, _problems = load_tables(tables_folder(server.home.name), Settings())
        on_disk = {t.code: t.version - VERSION_GAP for t in kept}
        figures["lost"] = sum(max(0, v - on_disk.get(code, 0)) for code, v in seen.items())
        return figures
    finally:
        server.stop()


async def _load(
    server: ServerProcess, tables: int, seconds: float, seen: dict[str, int]
) -> dict[str, float]:
    await asyncio.sleep(0.5)
    rss_before = server.rss_kib()
    watchers = [await _table(server.url, seen) for _ in range(tables)]
    await asyncio.sleep(2.0)  # every table under way
    start, cpu0, t0 = dict(seen), server.cpu_seconds(), time.perf_counter()
    await asyncio.sleep(seconds)
    cpu, wall = server.cpu_seconds() - cpu0, time.perf_counter() - t0
    # a state's version counts the table's changes, here its decisions: a spectator that
    # reads late and gets fewer states (each whole) still sees how many were made
    made = sum(version - start[code] for code, version in seen.items() if code in start)
    rss = server.rss_kib()
    server.kill()  # at once: what the spectators saw last is what it had shown
    for task in watchers:
        task.cancel()
    await asyncio.gather(*watchers, return_exceptions=True)
    per_table_cpu = cpu / wall / tables  # of one core
    rate = made / wall / tables
    return {
        "cpu_per_table": per_table_cpu,
        "rate": rate,
        "per_core": 1.0 / (per_table_cpu * 10.0 / rate) if made else 0.0,
        "kib_per_table": (rss - rss_before) / tables,
    }


async def _table(url: str, seen: dict[str, int]) -> asyncio.Task[None]:
    async with connect(url) as creator:
        await creator.send(
            json.dumps(
                {"type": "create", "name": "Host", "seats": SIX_BOTS, "rules": {"target": 300}}
            )
        )
        code = json.loads(await creator.recv())["table"]
        await creator.send('{"type": "start"}')
        while json.loads(await creator.recv()).get("game") is None:
            pass
    return asyncio.create_task(_watch(url, code, seen))


async def _watch(url: str, code: str, seen: dict[str, int]) -> None:
    async with connect(url, max_size=1 << 20) as ws:
        await ws.send(json.dumps({"type": "watch", "table": code}))
        async for raw in ws:
            if isinstance(raw, str) and '"Decided"' in raw:
                version = VERSION.search(raw, 0, 80)
                if version is not None:
                    seen[code] = int(version[1])


# ---------------------------------------------------------------------------- main
def _range(values: Sequence[float], fmt: str) -> str:
    low, high = min(values), max(values)
    return fmt.format(low) if low == high else f"{fmt.format(low)} to {fmt.format(high)}"


def _load_average() -> str:
    """The load average over 1, 5 and 15 minutes, as ``uptime`` says it."""
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m tools.bench_net", description=__doc__.split("\n")[0]
    )
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--decisions", type=int, default=300)
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--seconds", type=float, default=8.0)
    args = p.parse_args(argv)
    if not Path("/proc/self/stat").exists():
        print("bench_net: the load figures read /proc (Linux)", file=sys.stderr)
        return 2
    medians, p99s, loads = [], [], []
    for run in range(1, args.runs + 1):
        print(f"run {run} load average before: {_load_average()}", flush=True)
        times = sorted(latency(args.decisions))
        median, p99 = statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.99))]
        medians.append(median * 1000)
        p99s.append(p99 * 1000)
        print(
            f"run {run} latency: {len(times)} decisions, act -> other client's state: "
            f"median {median * 1000:.1f} ms, 99th pct {p99 * 1000:.1f} ms",
            flush=True,
        )
        figures = load(args.tables, args.seconds)
        loads.append(figures)
        print(
            f"run {run} load: {args.tables} tables of 6 bots, each watched: "
            f"{figures['rate']:.2f} decisions/s a table, CPU {figures['cpu_per_table'] * 100:.3f}% "
            f"of a core a table -> {figures['per_core']:.0f} tables a core at 10/s; "
            f"{figures['kib_per_table']:.0f} KiB a table; "
            f"lost at a kill {figures['lost']:.0f} decisions",
            flush=True,
        )
        if figures["rate"] < 9.9:
            print(f"run {run}: the server fell behind 10 decisions a second", flush=True)
        print(f"run {run} load average after: {_load_average()}", flush=True)
    print(f"\nover {args.runs} runs:")
    print(f"  latency median    {_range(medians, '{:.1f}')} ms   (target <= 50 ms)")
    print(f"  latency 99th pct  {_range(p99s, '{:.1f}')} ms")
    cpu = _range([f["cpu_per_table"] * 100 for f in loads], "{:.3f}")
    print(f"  CPU per table     {cpu} % of a core")
    print(f"  decisions a table {_range([f['rate'] for f in loads], '{:.2f}')} /s (asked: 10)")
    print(
        f"  tables a core     {_range([f['per_core'] for f in loads], '{:.0f}')}   (target >= 500)"
    )
    print(f"  memory per table  {_range([f['kib_per_table'] for f in loads], '{:.0f}')} KiB")
    lost = _range([f["lost"] for f in loads], "{:.0f}")
    print(f"  lost at a kill    {lost} decisions (of those the spectators saw)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
