"""The statistics screen: figures of a set of known finished games, a damaged statistics
file reported and rebuilt, and a game finished at the table counted."""

from pathlib import Path

import pygame
import pytest

from game import gamefile
from game.commands.simulate import play_game
from game.tabletop.stats import compute
from ui.driver import button_center, click, make_app, press, settle
from ui.storage.stats_store import StatsStore
from ui.tabletop.stats_screen import StatsScene, figures, rows_of

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "seed004_last_round.json"


def known_games():
    return [
        gamefile.load(EXAMPLE, record_events=False),
        play_game(("baseline", "easy", "baseline"), seed=3),
        play_game(("expert", "baseline"), seed=8),
    ]


def shown(scene: StatsScene, tab: str) -> dict[str, dict[str, str]]:
    return {name: figures(record) for name, record in rows_of(scene.stats, tab)}


def test_the_screen_shows_the_figures_of_known_games(tmp_path):
    app = make_app(home=str(tmp_path), lang="en", size=(1280, 720))
    games = known_games()
    store = StatsStore(app.dirs.data)
    for game in games:
        assert store.record(game)
    assert not store.record(games[0])  # never counted twice
    press(app, pygame.K_t)
    scene = app.stack.top
    assert isinstance(scene, StatsScene) and scene.tab == "players"
    app.draw()
    players = shown(scene, "players")
    # the last round of the seed-004 game (its earlier rounds are starting totals)
    assert players["Hugo"] == {
        "games": "1",
        "wins": "1",
        "win_rate": "100%",
        "average": "64.0",
        "bust_rate": "0%",
        "flip7s": "0",
        "best": "64",
    }
    assert players["Léa"]["flip7s"] == "1" and players["Léa"]["best"] == "62"
    assert players["Chloé"]["bust_rate"] == "100%" and players["Chloé"]["wins"] == "0"
    assert list(players) == ["Hugo", "Chloé", "Léa", "Lucas"]  # by wins, then by name
    click(app, button_center(scene, "tab:bots"))
    assert scene.tab == "bots"
    app.draw()
    expected = compute(games[1:]).bots
    bots = shown(scene, "bots")
    assert bots["baseline"] == figures(expected["baseline"])
    assert bots["baseline"]["games"] == "3"
    assert bots["easy"] == figures(expected["easy"]) and bots["expert"] == figures(
        expected["expert"]
    )
    wins = sum(r.wins for r in expected.values())
    assert wins == 2
    press(app, pygame.K_ESCAPE)
    # a damaged statistics file: reported once, kept aside, rebuilt from the game files
    (app.dirs.data / "stats.json").write_text("{not json", encoding="utf-8")
    press(app, pygame.K_t)
    scene = app.stack.top
    assert any(
        "damaged" in text and "rebuilt from 3 saved games" in text for text in app.notices.texts
    )
    assert list(app.dirs.data.glob("stats.json.broken-*"))
    assert shown(scene, "players") == players and shown(scene, "bots") == bots
    app.draw()


@pytest.mark.parametrize(
    ("lang", "figures_of_hugo"),
    [
        ("en", ("100%", "64.0", "0%")),
        ("fr", ("100\u00a0%", "64,0", "0\u00a0%")),
        ("de", ("100\u00a0%", "64,0", "0\u00a0%")),
    ],
)
def test_the_figures_are_written_the_language_s_way(tmp_path, lang, figures_of_hugo):
    """The decimal comma and a space before % in French and German, as everywhere else."""
    app = make_app(home=str(tmp_path), lang=lang, size=(1280, 720))
    StatsStore(app.dirs.data).record(known_games()[0])
    press(app, pygame.K_t)
    hugo = shown(app.stack.top, "players")["Hugo"]
    assert (hugo["win_rate"], hugo["average"], hugo["bust_rate"]) == figures_of_hugo


def test_the_speeds_are_written_the_language_s_way(tmp_path):
    app = make_app(home=str(tmp_path), lang="fr", size=(1280, 720), replay=str(EXAMPLE))
    replay = app.stack.top
    press(app, pygame.K_MINUS)
    assert replay.driver.speed == 0.5
    (speed,) = [c.text for c in replay.driver.controls() if c.name == "speed"]
    assert speed == "0,5×"
    app.go("settings")
    labels = {name: w.text for name, w in app.stack.top.widgets.items() if hasattr(w, "text")}
    assert labels["speed:1.5"] == "×1,5" and labels["speed:2.0"] == "×2"


def test_a_game_finished_at_the_table_is_counted(tmp_path, two_humans):
    app = make_app(home=str(tmp_path), seed=1, think_time=0.0, lang="de")
    table = app.start_game(two_humans, deck=["9", "5"], dealer=1, totals=[195, 150])
    settle(app)
    click(app, button_center(table, "stay"))
    settle(app)
    click(app, button_center(table, "stay"))
    settle(app)
    assert table.game.over
    stats = StatsStore(app.dirs.data).load().statistics
    assert stats.games == 1 and stats.players["Ana"].wins == 1
    assert stats.players["Ana"].points == 9 and stats.players["Bo"].best_round == 5
    assert len(list((app.dirs.data / "finished").glob("*.json"))) == 1
    app.autosave(table.game)  # saved again: still one game
    assert StatsStore(app.dirs.data).load().statistics.games == 1
    app.to_menu()
    press(app, pygame.K_t)
    scene = app.stack.top
    assert isinstance(scene, StatsScene)
    assert shown(scene, "players")["Ana"]["wins"] == "1"
    app.draw()
    assert not app.notices.texts


def test_no_games_yet(tmp_path):
    app = make_app(home=str(tmp_path), lang="fr", size=(1024, 640))
    press(app, pygame.K_t)
    scene = app.stack.top
    assert isinstance(scene, StatsScene) and scene.stats.games == 0
    app.draw()
    click(app, button_center(scene, "back"))
    assert not isinstance(app.stack.top, StatsScene)
