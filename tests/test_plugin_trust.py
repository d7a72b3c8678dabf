"""A file never runs code (docs/bots.md, "Trust"), and a spec names a plug-in's own function.

A save naming a plug-in is opened (Continue, Load game, the replay viewer,
``game.replay``, ``game.review``, the statistics) without importing it; the window asks
first, for that spec, and a "no" lets ``baseline`` play the seat while the file keeps the
spec. ``--trust-bot SPEC`` answers "yes" in advance.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.bots import sandbox
from game.bots.plugins import PluginError, check, load, static_problem
from ui.config import Config, ConfigError, parse_players
from ui.driver import make_app, press, pump
from ui.screens.trust import TrustScene
from ui.table.table import TableScene

MARKING = """\
from pathlib import Path

Path(__file__).with_suffix(".ran").write_text("imported")


def choose(view, legal, rng):
    Path(__file__).with_suffix(".chose").write_text("chose")
    return legal[0]
"""


@pytest.fixture(autouse=True)
def _no_plugin_left_running(monkeypatch):
    # a plug-in module an earlier test of this process loaded on purpose (plugins.load) is
    # out of sight, so "not in this process" speaks of this test's plug-in alone
    for name in [m for m in sys.modules if m.startswith("flip7_plugin_")]:
        monkeypatch.delitem(sys.modules, name)
    yield
    sandbox.close_all()


def marking_plugin(folder: Path) -> tuple[str, Path]:
    """A plug-in that leaves a file ``.ran`` beside itself when it is imported."""
    path = folder / "mine.py"
    path.write_text(MARKING)
    return f"{path}:choose", path.with_suffix(".ran")


def save_naming(path: Path, spec: str, actions: int = 0) -> dict:
    data = {
        "format": "flip7/1",
        "players": ["Ana", {"name": "Evil", "bot": spec}, {"name": "Bo", "bot": "baseline"}],
        "seed": 11,
        "dealer": 2,
        "actions": [],
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return data


def home_with_autosave(tmp_path: Path, spec: str) -> Path:
    home = tmp_path / "home"
    save_naming(home / "data" / "autosave.json", spec)
    return home


def play_a_while(app, seconds: float = 1.5) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        table = app.stack.top
        if isinstance(table, TableScene):
            table.presenter.skip()
        pump(app)
        time.sleep(0.01)


def test_continue_asks_first_and_a_no_plays_baseline_and_keeps_the_file(tmp_path):
    spec, ran = marking_plugin(tmp_path)
    home = home_with_autosave(tmp_path, spec)
    before = (home / "data" / "autosave.json").read_text()
    app = make_app(home=str(home), seed=1, lang="en", think_time=0.0, speed=20.0)
    assert app.continue_game() is None  # the question comes first
    dialog = app.stack.top
    assert isinstance(dialog, TrustScene) and dialog.spec == spec
    assert dialog.where == f"{tmp_path / 'mine.py'}:choose"
    pump(app, 2)
    press(app, pygame.K_ESCAPE)  # no
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.driver.bots.levels[1] == "baseline" and table.game.bots[1] == spec
    assert "Evil's plug-in bot was not run" in " ".join(map(str, table.presenter.log))
    play_a_while(app)
    assert not ran.exists()  # never imported, not even in a process of its own
    saved = json.loads(app.dirs.autosave.read_text())
    assert saved["players"][1] == {"name": "Evil", "bot": spec}
    assert before  # the file was read, and its spec kept


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_continue_with_a_yes_runs_the_plugin_in_its_own_process(tmp_path):
    spec, ran = marking_plugin(tmp_path)
    app = make_app(home=str(home_with_autosave(tmp_path, spec)), lang="en", think_time=0.0)
    app.continue_game()
    press(app, pygame.K_y)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.driver.bots.levels[1] == spec
    deadline = time.monotonic() + 20
    while not ran.exists() and time.monotonic() < deadline:
        play_a_while(app, 0.2)
    assert ran.exists() and "flip7_plugin" not in " ".join(sys.modules)  # not in this process


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_load_game_asks_too_and_trust_bot_answers_in_advance(tmp_path):
    spec, ran = marking_plugin(tmp_path)
    save = tmp_path / "friend.json"
    save_naming(save, spec)
    app = make_app(home=str(tmp_path / "h1"), lang="en")
    assert app.load_game(save) is None and isinstance(app.stack.top, TrustScene)
    trusting = make_app(home=str(tmp_path / "h2"), lang="en", trusted_bots=(spec,))
    table = trusting.load_game(save)
    assert isinstance(table, TableScene) and table.driver.bots.levels[1] == spec
    assert not isinstance(trusting.stack.top, TrustScene)


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_the_trust_flag_is_repeatable_and_checked():
    from ui.cli import parse_args

    config = parse_args(["--trust-bot", "a.py:f", "--trust-bot", "pkg.mod:g"])
    assert isinstance(config, Config) and config.trusted_bots == ("a.py:f", "pkg.mod:g")
    for bad in ("os:system", "nocolon", "a.py:not-a-name"):
        result = subprocess.run(
            [sys.executable, "main.py", "--trust-bot", bad, "--frames", "1"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr


def test_the_replay_viewer_and_the_commands_never_import_a_plugin(tmp_path, capsys):
    from game.commands import replay as replay_cli
    from game.commands import review as review_cli
    from game.engine import Game
    from game.gamefile import save
    from ui.storage.stats_store import StatsStore

    spec, ran = marking_plugin(tmp_path)
    game = Game(["Ana", "Evil"], seed=3, bots=[None, spec], record_events=False)
    while game.pending is not None:  # a whole game, every decision recorded
        game.apply(game.pending.actions[0])
    path = tmp_path / "played.json"
    save(game, path)
    app = make_app(home=str(tmp_path / "home"), lang="en", speed=8.0)
    scene = app.open_replay(path)
    assert scene is not None
    press(app, pygame.K_END)
    play_a_while(app, 0.5)
    assert replay_cli.main([str(path)]) == 0
    assert review_cli.main([str(path), "--json"]) == 0
    store = StatsStore(tmp_path / "stats")
    store.record(game)
    assert store.load().problem is None
    capsys.readouterr()
    assert not ran.exists()


def test_a_dotted_spec_in_a_file_is_never_imported(tmp_path, capsys):
    """``this:x`` in a save: Python's own module is never a plug-in, so nothing is asked
    and nothing of it runs; a module of one's own is asked about by name."""
    app = make_app(home=str(home_with_autosave(tmp_path, "this:x")), lang="en", think_time=0.0)
    table = app.continue_game()
    assert isinstance(table, TableScene) and table.driver.bots.levels[1] == "baseline"
    play_a_while(app, 0.5)
    assert "this" not in sys.modules and "Zen of Python" not in capsys.readouterr().out
    (tmp_path / "mybots").mkdir()
    (tmp_path / "mybots" / "__init__.py").write_text("raise SystemExit(9)\n")
    sys.path.insert(0, str(tmp_path))
    try:
        other = make_app(home=str(home_with_autosave(tmp_path / "b", "mybots.x:f")), lang="en")
        assert other.continue_game() is None
        assert other.stack.top.where == "module mybots.x:f" and "mybots" not in sys.modules
    finally:
        sys.path.remove(str(tmp_path))


# ------------------------------------------------------------ what a spec may name
@pytest.mark.parametrize(
    ("spec", "reason"),
    [
        ("os:system", "'os' is part of Python, not a plug-in"),
        ("this:x", "'this' is part of Python"),
        ("antigravity:x", "'antigravity' is part of Python"),
        ("os.path:join", "'os' is part of Python"),
        ("../bots:choose", "neither a .py file nor a module name"),
        ("x.py:not a name", "is not a function name"),
    ],
)
def test_a_spec_that_cannot_name_a_plugin_is_refused_unread(spec, reason):
    with pytest.raises(PluginError, match=reason):
        check(spec)
    assert static_problem(spec) is not None and "this" not in sys.modules


@pytest.mark.parametrize(
    ("source", "reason"),
    [
        ("from os import system as choose\n", "is not a function"),
        ("from textwrap import dedent as choose\n", "is defined in textwrap, not in"),
        ("class choose:\n    pass\n", "is not a function"),
        (
            "class B:\n    def __call__(self, v, l, r):\n        return l[0]\n\nchoose = B()\n",
            "is not a function",
        ),
        ("import builtins\nchoose = builtins.print\n", "is not a function"),
    ],
)
def test_a_spec_names_a_function_defined_in_its_own_file(tmp_path, source, reason):
    path = tmp_path / "borrowed.py"
    path.write_text(source)
    with pytest.raises(PluginError, match=reason):
        load(f"{path}:choose")


def test_the_setup_checks_read_a_plugin_without_running_it(tmp_path):
    spec, ran = marking_plugin(tmp_path)
    assert static_problem(spec) is None
    assert "has no function 'nope'" in (static_problem(f"{tmp_path / 'mine.py'}:nope") or "")
    (tmp_path / "broken.py").write_text("def choose(:\n")
    assert "syntax error in broken.py line 1" in (static_problem(f"{tmp_path}/broken.py:f") or "")
    assert parse_players(f"Ana,bot:{spec}")[1].bot == spec
    with pytest.raises(ConfigError, match="part of Python"):
        parse_players("Ana,bot:os:system")
    assert not ran.exists()


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_a_trusted_plugin_that_exits_at_import_never_ends_the_program(tmp_path):
    """A save whose plug-in calls sys.exit as it is imported: every Continue reaches the
    table, baseline plays the seat, and the autosave stays where it is, as it was."""
    spec = f"{Path(__file__).resolve().parent / 'bots_zoo' / 'exits_at_import.py'}:choose"
    home = home_with_autosave(tmp_path, spec)
    for _ in range(2):  # and again at the next start
        app = make_app(home=str(home), lang="en", think_time=0.0, trusted_bots=(spec,))
        table = app.continue_game()
        assert isinstance(table, TableScene)
        deadline = time.monotonic() + 30
        while table.driver.bots.levels[1] != "baseline":
            assert time.monotonic() < deadline
            play_a_while(app, 0.2)
        assert app.running and "failed" in " ".join(map(str, table.presenter.log))
        assert json.loads(app.dirs.autosave.read_text())["players"][1]["bot"] == spec
        assert not list(app.dirs.data.glob("autosave.json.broken-*"))
        sandbox.close_all()
        pygame.display.quit()
