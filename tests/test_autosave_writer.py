"""The autosave leaves the frame: a writer thread writes the latest game, a slow disk
never holds the window, decisions made during a write go together into the next one,
and the file is always the game as it stands once the writer is flushed."""

import json
import threading
import time

import pytest

from game import atomic, gamefile
from game.engine import Game
from game.state import Action
from ui.config import Seat
from ui.driver import make_app
from ui.storage.writer import AutosaveWriter

BOTS = [Seat("Ana", "baseline"), Seat("Bo", "baseline"), Seat("Cy", "baseline")]


@pytest.mark.slow  # real time: a whole game at 200 ms a write, every frame timed
def test_a_slow_disk_never_holds_a_frame(tmp_path, monkeypatch):
    real = atomic.os.fsync

    def slow(fd):  # a disk that takes a whole second a write
        time.sleep(1.0)
        real(fd)

    app = make_app(home=str(tmp_path), seed=4, think_time=0.0, speed=20.0, lang="en")
    table = app.start_game(BOTS)
    for _ in range(120):  # the card art drawn once, before the timing
        app.step(dt=1 / 60)
    monkeypatch.setattr(atomic.os, "fsync", slow)
    made = len(table.game.actions)
    slowest = 0.0
    for _ in range(1500):
        if table.game.over:
            break
        if app.stack.top is not table:  # a round summary
            app.stack.top.choose(app.stack.top.BUTTONS[0][0])
        t0 = time.perf_counter()
        app.step(dt=1 / 60)
        slowest = max(slowest, time.perf_counter() - t0)
    assert len(table.game.actions) > made + 5  # the game went on, decision after decision
    # never a frame that waited for a write (a loaded machine may stretch one by a little)
    assert slowest < 0.6
    app.saves.writer.flush()
    if table.game.over:  # filed as the last finished game, counted: all off the frame
        assert not app.dirs.autosave.exists()
        saved = json.loads(app.dirs.last_finished.read_text(encoding="utf-8"))
    else:
        saved = json.loads(app.dirs.autosave.read_text(encoding="utf-8"))
    assert saved == gamefile.to_dict(table.game)


def test_decisions_made_during_a_write_go_together_into_the_next_one():
    written: list[int] = []
    gate = threading.Event()

    def write(game: Game, new: bool) -> list:
        gate.wait(5)  # the first write holds the disk while the table plays on
        written.append(len(game.actions))
        return []

    writer = AutosaveWriter(write, lambda: False)
    game = Game(["Ana", "Bo"], seed=2, deck=["3", "5"] + ["1"] * 0)
    writer.submit(game)
    time.sleep(0.05)  # the first write has begun
    for _ in range(6):
        d = game.pending
        if d is None or game.over:
            break
        game.apply(Action.hit(d.seat) if game.hands[d.seat].score() < 10 else Action.stay(d.seat))
        writer.submit(game)
    gate.set()
    writer.flush()
    assert written[0] == 0 and written[-1] == len(game.actions)
    assert len(written) <= 2  # the decisions made meanwhile: one write, not one each


def test_a_failed_write_is_told_once_and_the_writer_goes_on():
    calls: list[int] = []

    def write(game: Game, new: bool) -> list:
        calls.append(len(game.actions))
        return [("notice.autosave_failed", {"reason": "full"})] if len(calls) == 1 else []

    writer = AutosaveWriter(write, lambda: False)
    game = Game(["Ana", "Bo"], seed=2)
    writer.submit(game)
    writer.flush()
    assert writer.take_messages() == [("notice.autosave_failed", {"reason": "full"})]
    writer.submit(game)
    writer.flush()
    assert writer.take_messages() == [] and len(calls) == 2


def test_a_games_first_save_and_another_games_saves_are_never_skipped():
    written: list[tuple[int, bool]] = []
    gate = threading.Event()

    def write(game: Game, new: bool) -> list:
        gate.wait(5)
        written.append((game.seed, new))
        return []

    writer = AutosaveWriter(write, lambda: False)
    first, second = Game(["Ana", "Bo"], seed=1), Game(["Ana", "Bo"], seed=2)
    writer.submit(first)  # being written
    time.sleep(0.05)
    writer.submit(first)
    writer.submit(second, new=True)  # play again: a new game
    writer.submit(second)  # its first decision: the keeping aside stays
    gate.set()
    writer.flush()
    assert written == [(1, False), (1, False), (2, True)]
