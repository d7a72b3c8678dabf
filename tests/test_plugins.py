"""Plug-in bots (docs/bots.md): loading, the call, bad bots, every place a level goes."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from game.bots import sandbox
from game.bots.plugins import BotError, PluginError, load
from game.commands.simulate import main, play_game, simulate_games, simulate_solo

CAUTIOUS = "examples/bots/cautious.py:choose"
COIN = "examples/bots/coin.py:choose"


@pytest.fixture(autouse=True)
def _no_plugin_left_running():
    yield
    sandbox.close_all()


def _write(tmp_path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return str(path)


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_examples_load_and_play_a_whole_game():
    for spec in (CAUTIOUS, COIN):
        assert callable(load(spec))
        game = play_game((spec, "baseline", spec), 3)
        assert game.over and game.bots[0] == spec


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_a_module_spec_loads_like_a_file(tmp_path, monkeypatch):
    pkg = tmp_path / "mybots"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "first.py").write_text("def play(view, legal, rng):\n    return legal[0]\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert play_game(("mybots.first:play", "baseline"), 1).over


@pytest.mark.slow  # 40 games against a plug-in in its own process, half on two workers
def test_plugins_see_the_documented_view(tmp_path):
    spec = (
        _write(
            tmp_path,
            "probe.py",
            """
        from pathlib import Path

        from game.cards import composition

        SEEN = Path(__file__).with_suffix(".seen")

        def choose(view, legal, rng):
            d = view.pending
            assert d.kind in ("hit_or_stay", "target") and legal
            assert all(a.seat == view.seat and a.kind in ("hit", "stay", "target") for a in legal)
            if d.kind == "target":
                assert d.card in ("freeze", "flip_three", "second_chance")
                assert sorted(a.target for a in legal) == sorted(d.options)
            else:
                assert all(a.target is None for a in legal)
            me = view.me
            assert me.status == "active" and isinstance(me.score, int)
            assert set(me.numbers) == set(me.distinct) and isinstance(me.second_chance, bool)
            assert all(m.startswith(("+", "x")) for m in me.modifiers)
            assert len(view.players) == len(view.totals) and 0 <= view.dealer < len(view.players)
            assert view.round_no >= 1 and view.rules.target == 200
            assert view.hand((view.seat + 1) % len(view.players)).status
            unseen = view.unseen()  # counts of a real deck: none negative, none too many
            deck = composition(view.rules.deck_count(len(view.players)))
            assert all(0 <= unseen[c] <= deck[c] for c in unseen)
            assert isinstance(view.staged, tuple) and isinstance(view.queue, tuple)
            with SEEN.open("a") as seen:
                seen.write(d.kind + "\\n")
            return rng.choice(legal)
    """,
        )
        + ":choose"
    )
    one = simulate_games([spec, "expert", "normal"], 20, seed=4)
    two = simulate_games([spec, "expert", "normal"], 20, seed=4, workers=2)
    assert one["wins"] == two["wins"] and one["bots"][0] == spec
    assert "target" in Path(tmp_path / "probe.seen").read_text().split()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("def choose(view, legal, rng):\n    return None\n", "not a legal action"),
        ("def choose(view, legal, rng):\n    raise KeyError('x')\n", "raised KeyError"),
    ],
)
@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_a_misbehaving_plugin_stops_the_run_with_one_line(tmp_path, capsys, text, reason):
    spec = _write(tmp_path, "bad.py", text) + ":choose"
    with pytest.raises(BotError, match=reason):
        play_game((spec, "baseline"), 1)
    with pytest.raises(SystemExit) as stop:
        main(["--bots", f"baseline,{spec}", "--games", "5", "--json"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1
    assert spec in err and "game 0" in err and reason in err


@pytest.mark.parametrize(
    ("spec", "reason"),
    [
        ("nowhere/missing.py:choose", "no such file"),
        ("examples/bots/coin.py:nope", "no function 'nope'"),
        ("no_such_package.mod:choose", "no module named"),
        ("SYNTAX:choose", "syntax error"),
    ],
)
@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_a_spec_that_cannot_load_exits_2_with_one_line(tmp_path, capsys, spec, reason):
    if spec.startswith("SYNTAX"):
        spec = _write(tmp_path, "broken.py", "def choose(:\n") + ":choose"
    with pytest.raises(PluginError, match=reason):
        load(spec)
    with pytest.raises(SystemExit) as stop:
        main(["--bots", f"baseline,{spec}", "--games", "5"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1 and spec in err and reason in err


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_simulate_echoes_specs_and_repeats_on_workers(capsys):
    assert (
        main(
            [
                "--bots",
                f"{CAUTIOUS},baseline",
                "--games",
                "30",
                "--seed",
                "2",
                "--json",
                "--workers",
                "2",
            ]
        )
        == 0
    )
    two = json.loads(capsys.readouterr().out)
    assert two["bots"] == [CAUTIOUS, "baseline"]
    assert two["wins"] == simulate_games([CAUTIOUS, "baseline"], 30, seed=2)["wins"]
    assert simulate_solo(COIN, 20, seed=1)["rounds"] == 20


@pytest.mark.parametrize("bots_arg", ["easy,,easy", ",easy,easy", "easy,easy,", " , "])
def test_simulate_refuses_an_empty_bot_in_one_line(capsys, bots_arg):
    with pytest.raises(SystemExit) as stop:
        main(["--bots", bots_arg, "--games", "3"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1 and "empty" in err


def test_every_simulate_error_is_one_line(capsys):
    for argv in (
        ["--games", "3"],
        ["--bots", "easy,easy", "--games", "x"],
        ["--bots", "easy,easy", "--workers", "0"],
        ["--bots", "easy"],
        ["--bots", "easy,easy", "--nope"],
    ):
        with pytest.raises(SystemExit) as stop:
            main(argv)
        err = capsys.readouterr().err
        assert stop.value.code == 2 and err.count("\n") == 1, (argv, err)


def test_players_flag_takes_plugin_specs():
    from ui.config import ConfigError, parse_players

    seats = parse_players(f"Ana,bot:{CAUTIOUS},bot:{COIN}:Zed,bot:expert:Q")
    assert [(s.name, s.bot) for s in seats[1:]] == [
        ("Ada", CAUTIOUS),
        ("Zed", COIN),
        ("Q", "expert"),
    ]
    with pytest.raises(ConfigError, match="cannot load bot 'x.py:f'"):
        parse_players("Ana,bot:x.py:f")
    with pytest.raises(ConfigError, match="unknown bot level 'god'"):
        parse_players("Ana,bot:god")
