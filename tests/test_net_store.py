"""Tables on disk: the table files and the journal of the decisions made since.

The server runs in the test's own event loop, its tables played by bots; blocking the
loop on :meth:`Writer.flush` stops it where it is, so what the disk holds is known.
"""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

from game.gamefile import to_dict
from game.net import store
from game.net.protocol import parse
from game.net.server import SWEEP_SECONDS, Server
from game.net.store import SNAPSHOT_EVERY, load_tables
from game.net.table import Settings, Table

SIX = [
    "me",
    *({"bot": "normal", "name": f"Bot{i}"} for i in range(5)),
]
CREATE = json.dumps({"type": "create", "name": "Host", "seats": SIX, "rules": {"target": 300}})


class Member:
    def send(self, text: str, state: bool = False) -> None:
        pass

    def close(self, reason: str) -> None:
        pass


async def _bots_play(folder: Path, decisions: int) -> tuple[Server, Table]:
    """A server on ``folder`` with one table of bots that made ``decisions`` decisions or
    more, some of them not yet in its file, stopped there (its loop blocked until the
    writer has written all it was given)."""
    server = Server(folder, wait=0.0, bot_delay=0.002)  # a game takes a second or so
    loop = asyncio.get_running_loop()
    server._loop = loop
    server.writer = store.Writer(folder)
    server.writer.done = lambda code: server._call(server._saved, code)
    host = Member()
    table, _token = Table.create(parse(CREATE), host, "TAB123", server.settings)
    server.tables[table.code] = table
    table.start(host)
    table.drop(host)  # its seat is played by a bot at once (wait 0)
    server._changed(table)
    game = table.game
    while game is not None and not game.over and len(game.actions) < decisions:
        await asyncio.sleep(0.001)
    while game is not None and not game.over and (server._saving or table.filed[1] >= table.logged):
        await asyncio.sleep(0.001)  # no file write under way, and decisions its file does not hold
    server.writer.flush()  # blocks the loop: no decision is made meanwhile
    return server, table


def _kept(folder: Path, copy: Path) -> Table:
    """The table a server started on a copy of ``folder`` would go on with."""
    shutil.copytree(folder, copy)
    tables, problems = load_tables(copy, Settings())
    assert not problems
    assert len(tables) == 1
    return tables[0]


def test_every_decision_is_on_disk_the_file_and_journal_give_the_whole_game(tmp_path):
    async def run() -> None:
        server, table = await _bots_play(tmp_path / "tables", min(100, SNAPSHOT_EVERY - 1))
        assert table.game is not None and not table.game.over
        file = json.loads((tmp_path / "tables" / "TAB123.json").read_text())
        assert len(file["game"]["actions"]) < len(table.game.actions)  # the journal has the rest
        assert list((tmp_path / "tables").glob("journal-*.log"))
        kept = _kept(tmp_path / "tables", tmp_path / "copy")
        assert kept.game is not None and to_dict(kept.game) == to_dict(table.game)
        assert kept.cards == table.cards
        assert kept.version > table.version  # a decision for a state shown before is stale
        assert not list((tmp_path / "copy").glob("journal-*.log"))  # folded into the file
        again = json.loads((tmp_path / "copy" / "TAB123.json").read_text())
        assert again["game"] == to_dict(table.game)
        await server.stop()
        assert server.writer is not None
        after = json.loads((tmp_path / "tables" / "TAB123.json").read_text())
        assert after["game"] == to_dict(table.game)  # the file alone is the whole game
        assert not list((tmp_path / "tables").glob("journal-*.log"))

    asyncio.run(run())


def test_a_line_cut_short_is_passed_over_and_a_wrong_one_stops_its_table(tmp_path):
    async def run() -> list:
        server, table = await _bots_play(tmp_path / "tables", 10)
        halt(server)  # as a server killed: no decision more, its file holds none
        server._loop = None
        assert server.writer is not None and table.game is not None
        server.writer.close()
        return list(table.game.actions)

    actions = asyncio.run(run())
    folder = tmp_path / "tables"
    (journal,) = folder.glob("journal-*.log")
    lines = journal.read_text().splitlines()
    n = len(actions)
    good = [json.loads(line) for line in lines]
    assert [item["action"] for item in good][-1] == n - 1
    wrong = dict(good[-1], action=n - 1, do=[0, "target", 99])
    journal.write_text(
        "\n".join(lines[:-1]) + "\n" + lines[-1][:-5] + "\n" + json.dumps(wrong) + "\n"
    )
    shutil.copytree(folder, tmp_path / "copy")
    tables, problems = load_tables(tmp_path / "copy", Settings())
    kept = tables[0].game
    assert kept is not None
    assert len(kept.actions) == n - 1  # the cut line is passed over, the wrong one refused
    assert kept.actions == actions[: n - 1]
    assert len(problems) == 1 and "TAB123" in problems[0]


def test_a_game_that_waits_has_its_file_written_whole_so_no_journal_waits_for_it(tmp_path):
    async def run() -> None:
        server, table = await _bots_play(tmp_path / "tables", 20)
        halt(server)  # the game now waits (as for a person who does not act)
        assert table.game is not None and server.writer is not None
        file = json.loads((tmp_path / "tables" / "TAB123.json").read_text())
        assert len(file["game"]["actions"]) < len(table.game.actions)
        table.changed_at -= 2 * SWEEP_SECONDS
        server._sweep()
        server.writer.flush()
        file = json.loads((tmp_path / "tables" / "TAB123.json").read_text())
        assert file["game"] == to_dict(table.game)
        server.writer.close()
        assert not list((tmp_path / "tables").glob("journal-*.log"))

    asyncio.run(run())


def halt(server: Server) -> None:
    """No table of ``server`` is ticked again: its pass over the tables due is called off."""
    if server._wake is not None:
        server._wake.cancel()
    server._wake, server._wake_at = None, float("inf")
    server._due.clear()
