"""The app around the table: the demo, animations that really run, the command line,
languages, the hint, a missing bot level."""

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.engine import Game
from ui import i18n
from ui.config import Seat
from ui.driver import (
    button_center,
    click,
    make_app,
    press,
    pump,
    scratch_home,
    settle,
    table_of,
)
from ui.screens.menu import MenuScene
from ui.table.bot_seats import resolve_bot
from ui.table.hint import odds as hint_odds
from ui.table.pause import PauseScene
from ui.table.summary import GameOver
from ui.table.table import TableScene

PROJECT = Path(__file__).resolve().parent.parent


def test_the_demo_plays_three_whole_games():
    bots = [Seat(name, "baseline") for name in ("Ada", "Bo", "Cyd", "Dee")]
    app = make_app(demo=True, players=bots, seed=5, speed=20.0, lang="en")
    table = table_of(app)
    assert table.demo and not table.driver.human_turn()
    winners = []
    for _ in range(40000):
        if isinstance(app.stack.top, GameOver) and (
            not winners or winners[-1][0] != id(table.game)
        ):
            winners.append((id(table.game), table.game.winner))
        if table.driver.games_played >= 3:
            break
        app.step(dt=0.05, draw=False)  # nobody looks: the games are what is checked
    assert table.driver.games_played >= 3 and len(winners) >= 3
    assert all(w is not None for _g, w in winners)


def test_animations_really_run_card_by_card(two_humans):
    app = make_app(seed=1, speed=1.0, lang="en")
    table = app.start_game(two_humans, deck=["5", "6", "9"], dealer=1)
    assert table.shown.hands[0].numbers == []  # the opening deal has not been shown yet
    for _ in range(40):
        pump(app, 1, dt=1 / 60)
        if table.presenter.sprites:
            break
    assert table.presenter.sprites  # a card is on its way from the pile
    assert table.shown.hands[0].numbers == []  # and has not landed yet
    settle(app)
    assert table.shown.hands[0].numbers == ["5"]
    click(app, button_center(table, "hit"), frames=2)
    assert table.game.hands[0].numbers == ["5", "9"]  # the game has moved on at once...
    assert table.shown.hands[0].numbers == ["5"]  # ...the screen has not
    positions = []
    for _ in range(10):
        pump(app, 1, dt=1 / 60)
        if table.presenter.sprites:
            positions.append(table.presenter.sprites[0].pos)
    assert len(set(positions)) > 4  # the card travels frame by frame
    pump(app, 60, dt=1 / 60)
    assert table.presenter.settled and table.shown.hands[0].numbers == ["5", "9"]


def test_a_click_finishes_the_animations_at_once(two_humans):
    app = make_app(seed=1, speed=1.0, lang="en")
    table = app.start_game(two_humans, deck=["5", "6", "9"], dealer=1)
    pump(app, 1)
    assert not table.presenter.settled
    click(app, table.layout.center.center, frames=1)
    assert table.presenter.settled and table.shown.differences(table.game) == []


def test_reduced_motion_places_cards_without_travel_and_captions_them(two_humans):
    app = make_app(seed=1, reduced_motion=True, lang="en")
    table = app.start_game(two_humans, deck=["5", "6", "5"], dealer=1)
    settle(app)
    press(app, pygame.K_h, frames=2)
    sprite = table.presenter.sprites[0]
    assert sprite.pos == table.presenter.line_slot(0).center  # already where it lands
    settle(app)
    assert "5" in str(table.presenter.caption) and table.game.hands[0].status == "busted"


def test_a_bot_acts_after_a_visible_beat_and_is_captioned():
    app = make_app(seed=2, think_time=0.5, lang="en")
    table = app.start_game(
        [Seat("Ada", "baseline"), Seat("Bo", None)], deck=["7", "6", "12"], dealer=1
    )
    settle(app)
    assert table.game.pending.seat == 0 and not table.game.actions
    assert table.driver.bar()[0] == "Ada is thinking…"  # "bot" is the seat's badge, not a name
    assert table.driver.seat_states()[0].turn
    pump(app, 5, dt=0.05)
    assert not table.game.actions  # still thinking
    pump(app, 10, dt=0.05)
    assert table.game.actions
    pump(app, 6, dt=0.05)
    assert str(table.presenter.caption) == "Ada hits: 12"  # the log names the card


def test_a_missing_bot_level_falls_back_to_baseline(monkeypatch):
    from game import bots

    real_get = bots.get

    def get(level):
        if level == "expert":
            raise ModuleNotFoundError("No module named 'game.bots.expert'")
        return real_get(level)

    monkeypatch.setattr(bots, "get", get)
    fn, fell_back = resolve_bot("expert")
    assert fell_back and fn is real_get("baseline")
    app = make_app(seed=2, lang="en")
    table = app.start_game([Seat("Ana", None), Seat("Zed", "expert")])
    assert table.game.bots[1] == "baseline"
    assert "expert" in " ".join(map(str, table.presenter.log))


def test_escape_pauses_quit_goes_to_the_menu_and_new_game_starts_in_two_clicks():
    app = make_app(seed=2, lang="en")
    table = app.start_game([Seat("Ana", None), Seat("Bo", "baseline")])
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene) and app.stack.scenes[-2] is table
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is table  # Esc again resumes
    press(app, pygame.K_ESCAPE)
    click(app, button_center(app.stack.top, "quit"))
    assert isinstance(app.stack.top, MenuScene)
    click(app, button_center(app.stack.top, "new"))
    click(app, button_center(app.stack.top, "start"))
    assert isinstance(app.stack.top, TableScene)
    assert [s.bot is None for s in app.stack.top.driver.seats] == [True, False, False, False]


def test_every_string_exists_in_every_language():
    for lang in i18n.LANGS:
        assert set(i18n.TABLES[lang]) == set(i18n.EN), lang
    i18n.set_language("fr")
    assert [i18n.card_name(c) for c in ("freeze", "flip_three", "second_chance")] == [
        "Stop",
        "Trois à la suite",
        "Seconde Chance",
    ]
    i18n.set_language("de")
    assert i18n.card_name("freeze") == "Freeze"
    assert i18n.t("prompt.hit_or_stay", name="Léa") == "Léa — ziehen oder aufhören?"


def test_the_hint_counts_the_unseen_cards():
    game = Game(["Ana", "Bo"], seed=3, dealer=1, deck=["12", "11"])
    odds = hint_odds(game, 0)
    unseen = game.view(0).unseen()
    assert odds.bust == pytest.approx(unseen["12"] / sum(unseen.values()))
    assert -12 < odds.gain < 12
    # the pile runs out: the next card comes from the discard shuffled in (R2.4)
    game.discard.extend(game.draw_pile)
    game.draw_pile.clear()
    odds = hint_odds(game, 0)
    assert odds.bust == pytest.approx(unseen["12"] / sum(unseen.values()))


def test_the_screen_shows_the_french_edition_names():
    app = make_app(seed=1, lang="fr")
    table = app.start_game(
        [Seat("Léa", None), Seat("Hugo", None), Seat("Ana", None)],
        deck=["5", "6", "7", "freeze"],
        dealer=2,
    )
    settle(app)
    press(app, pygame.K_h)
    settle(app)
    assert table.driver.bar()[0] == "Léa — qui reçoit la carte Stop\u00a0?"


def run_main(*args, timeout=60, home=None):
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        FLIP7_HOME=str(home or scratch_home()),
    )
    return subprocess.run(
        [sys.executable, str(PROJECT / "main.py"), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=PROJECT,
        env=env,
    )


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_the_command_line_runs_frames_and_saves_a_screenshot(tmp_path):
    shot = tmp_path / "frame.png"
    done = run_main(
        "--players",
        "Ana,bot:baseline,bot:baseline",
        "--seed",
        "4",
        "--frames",
        "20",
        "--size",
        "1024x640",
        "--lang",
        "de",
        "--screenshot",
        str(shot),
    )
    assert done.returncode == 0, done.stderr
    assert pygame.image.load(str(shot)).get_size() == (1024, 640)


@pytest.mark.parametrize(
    "args",
    [
        ["--size", "huge"],
        ["--speed", "0"],
        ["--frames", "-3"],
        ["--players", "Ana"],
        ["--players", "Ana,bot:genius"],
        ["--players", "Ana,Ana"],
        ["--lang", "xx"],
        ["--nope"],
        ["--screenshot", "/nonexistent/x.png"],
        ["--screenshot", "shot.jpg"],
        ["--home", "README.md"],
    ],
)
@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_bad_flags_are_one_line_and_exit_2(args):
    done = run_main(*args)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("flip7: error:")


def test_a_round_summary_waits_for_next_round(two_humans):
    app = make_app(seed=1, lang="en")
    table = app.start_game(two_humans, deck=["5", "6"], dealer=1)
    settle(app)
    click(app, button_center(table, "stay"))
    settle(app)
    click(app, button_center(table, "stay"))
    settle(app)
    summary = app.stack.top
    assert summary is not table and table.presenter.gate == "round_over"
    results = table.shown.last_results
    assert [r.score for r in results] == [5, 6]
    pump(app, 30)
    assert app.stack.top is summary  # it waits
    click(app, button_center(summary, "next"))
    settle(app)
    assert app.stack.top is table and table.game.round_no == 2
    assert table.shown.differences(table.game) == []


def test_a_tie_at_the_top_is_shown_and_another_round_is_played(two_humans):
    """R8.2: both reach 200 with the same total: the table says so and deals again."""
    app = make_app(seed=1, lang="en")
    table = app.start_game(two_humans, deck=["5", "5"], dealer=1, totals=[195, 195])
    settle(app)
    click(app, button_center(table, "stay"))
    settle(app)
    click(app, button_center(table, "stay"))
    settle(app)
    click(app, button_center(app.stack.top, "next"))
    for _ in range(200):
        if any(b.text == i18n.t("caption.tie") for b in table.presenter.banners):
            break
        pump(app, 1, dt=1 / 60)
    assert i18n.t("caption.tie") in map(str, table.presenter.log)
    settle(app)
    assert table.game.round_no == 2 and not table.game.over


def test_plus_and_minus_step_through_the_settings_speeds(two_humans):
    """+ and − step through the speeds the Settings screen shows, never ×2.25."""
    from ui.settings import SPEEDS

    app = make_app(seed=1, lang="en")
    table = app.start_game(two_humans)
    seen = []
    for _ in range(len(SPEEDS) + 1):
        press(app, pygame.K_PLUS)
        seen.append(table.presenter.timeline.speed)
    faster = sorted(s for s in SPEEDS if s > 1.0)
    assert seen == faster + [max(SPEEDS)] * (len(seen) - len(faster))
    for _ in range(len(SPEEDS) + 1):
        press(app, pygame.K_MINUS)
        assert table.presenter.timeline.speed in SPEEDS
    assert table.presenter.timeline.speed == min(SPEEDS) == app.settings.speed


def test_the_demo_pause_menu_does_not_promise_a_save(tmp_path, two_humans):
    """The demo's pause menu never says "Your game is saved after every move"."""
    app = make_app(demo=True, seed=5, lang="en", home=str(tmp_path))
    press(app, pygame.K_ESCAPE)
    assert app.stack.top.note_key() == "pause.not_saved"
    assert not app.dirs.autosave.exists()
    app.start_game(two_humans)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top.note_key() == "pause.autosaved" and app.dirs.autosave.exists()


def test_the_table_stops_redrawing_while_a_summary_waits(two_humans):
    app = make_app(seed=1, lang="en")
    table = app.start_game(two_humans, deck=["5", "6"], dealer=1)
    settle(app)
    assert not app.stack.busy()  # a human decides: nothing moves
    click(app, button_center(table, "stay"))
    assert app.stack.busy()
    settle(app)
    click(app, button_center(table, "stay"))
    settle(app)
    pump(app, 5)
    assert table.presenter.gate == "round_over" and not app.stack.busy()


def test_a_failing_bot_is_replaced_by_baseline_rather_than_crashing():
    app = make_app(seed=2, think_time=0.0, lang="en")
    table = app.start_game(
        [Seat("Ada", "baseline"), Seat("Bo", "baseline")], deck=["7", "6", "12"], dealer=1
    )

    def broken(view, legal, rng):
        raise RuntimeError("half-written bot")

    table.driver.bot_fns[0] = broken
    settle(app)
    pump(app, 3)
    assert table.game.actions  # baseline played instead
    assert any("baseline" in str(line) for line in table.presenter.log)
