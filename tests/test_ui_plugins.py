"""Plug-in bots at the table (docs/bots.md): they play; a bad one falls back to baseline."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import gamefile
from ui.config import Seat
from ui.driver import make_app, pump, settle

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "bots"


APP = {"size": (1024, 640), "seed": 3, "speed": 20.0}  # the app fixture (tests/conftest.py)


def _play(app, table, decisions: int) -> None:
    for _ in range(5000):
        if len(table.game.actions) >= decisions or table.game.over:
            return
        table.presenter.skip()
        if table.presenter.gate:
            table.driver.gate_closed()
        pump(app)


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_a_plugin_plays_at_the_table(app):
    table = app.start_game(
        [Seat("Cato", "examples/bots/cautious.py:choose"), Seat("Bo", "baseline")]
    )
    _play(app, table, 12)
    assert len(table.game.actions) >= 12
    assert not any("baseline" in line for line in map(str, table.presenter.log))  # no fallback
    assert table.game.bots[0] == "examples/bots/cautious.py:choose"


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_a_misbehaving_plugin_falls_back_to_baseline_with_a_notice(app, tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def choose(view, legal, rng):\n    return 'cheat'\n")
    table = app.start_game([Seat("Bad", f"{bad}:choose"), Seat("Bo", "baseline")])
    _play(app, table, 12)
    assert len(table.game.actions) >= 12  # the game went on
    assert any("baseline" in line for line in map(str, table.presenter.log))


def test_a_plugin_that_cannot_load_plays_baseline(app, tmp_path):
    table = app.start_game([Seat("Gone", f"{tmp_path}/gone.py:choose"), Seat("Bo", "baseline")])
    _play(app, table, 6)
    assert len(table.game.actions) >= 6
    assert any("baseline" in line for line in map(str, table.presenter.log))


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_a_game_with_a_plugin_seat_is_continued(tmp_path):
    """The autosave records the plug-in's spec; Continue sits down at it again."""
    spec = f"{EXAMPLES / 'cautious.py'}:choose"
    app = make_app(home=str(tmp_path), seed=3, lang="en", think_time=0.0)
    app.start_game([Seat("Ana", None), Seat("Cau", spec)])
    settle(app)
    saved = json.loads(app.dirs.autosave.read_text())
    assert saved["players"][1] == {"name": "Cau", "bot": spec}
    resumed = app.continue_game()
    assert resumed is not None and resumed.driver.seats[1].bot == spec
    gamefile.from_dict({**saved, "players": ["Ana", {"name": "X", "bot": "nowhere.py:f"}]})
