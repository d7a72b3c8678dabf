"""Settings: stored in the config folder (redirected by FLIP7_HOME / Config.home), a
round trip, a broken file kept aside and reported once; three languages with the same
keys and placeholders; the language switched mid-game without losing the game."""

import doctest
import json

import pygame
import pytest

from ui import config, i18n, paths, settings
from ui.config import Seat
from ui.driver import button_center, click, make_app, press, pump, settle
from ui.screens import setup_model
from ui.screens.settings_screen import SettingsScene
from ui.settings import Settings


def test_the_doctests_of_the_settings_paths_setup_i18n_and_config_modules():
    for module in (paths, settings, setup_model, i18n, config):
        assert doctest.testmod(module).failed == 0, module.__name__


def test_every_language_has_every_key_with_the_same_placeholders():
    assert i18n.mismatches() == []
    assert set(i18n.FR) == set(i18n.EN) == set(i18n.DE)


def test_the_key_check_catches_a_missing_key_and_a_wrong_placeholder(monkeypatch):
    monkeypatch.setitem(i18n.FR, "caption.hit", "{qui} pioche")
    monkeypatch.delitem(i18n.DE, "menu.rules")
    problems = i18n.mismatches()
    assert any("de: missing 'menu.rules'" in p for p in problems)
    assert any("fr: 'caption.hit'" in p for p in problems)


def test_french_uses_the_french_edition_names_and_german_the_english_ones():
    i18n.set_language("fr")
    assert i18n.t("rules.tricky.tray").count("Stop") == 1
    assert "Trois à la suite" in i18n.t("rules.tricky.last")
    i18n.set_language("de")
    assert "Freeze" in i18n.t("rules.tricky.tray") and "Flip Three" in i18n.t("rules.tricky.tray")


def test_home_redirects_the_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("FLIP7_HOME", str(tmp_path))
    d = paths.dirs()
    assert d.settings == tmp_path / "config" / "settings.json"
    assert d.autosave.parent == tmp_path / "data"
    assert paths.dirs(tmp_path / "other").config == tmp_path / "other" / "config"
    monkeypatch.delenv("FLIP7_HOME")
    assert "flip7" in str(paths.dirs().config)  # the user's folders otherwise


def test_settings_round_trip(tmp_path):
    path = tmp_path / "settings.json"
    chosen = Settings(
        language="de",
        speed=2.0,
        reduced_motion=True,
        hints=False,
        volume=0.25,
        window=(1600, 900),
        fullscreen=True,
    )
    assert settings.save(chosen, path)
    assert settings.load(path) == (chosen, None, None)
    assert json.loads(path.read_text())["format"] == "flip7-settings/1"


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b"[1, 2]",
        b'"hello"',
        b"\xff\xfe\x00",
        b'{"speed": "fast", "volume": 0.5}',
        b"[" * 100_000 + b"]" * 100_000,
        b"[" * 20_000 + b"]" * 20_000,
    ],
)
def test_a_broken_settings_file_is_kept_aside_and_defaults_used(tmp_path, content):
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    loaded, problem, kept = settings.load(path)
    assert problem
    assert kept is not None and kept.name.startswith("settings.json.broken-")
    assert kept.read_bytes() == content  # kept as it was
    assert loaded.speed == 1.0
    if b"volume" in content:
        assert loaded.volume == 0.5  # what was fine is kept
    # a fresh file was written: the next start has nothing to report
    assert settings.load(path)[1] is None


def test_the_app_reports_a_broken_settings_file_once(tmp_path):
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text("{oops")
    app = make_app(home=str(tmp_path))
    assert len(app.notices.texts) == 1 and "settings.json.broken-" in app.notices.texts[0]
    assert len(list((tmp_path / "config").glob("settings.json.broken-*"))) == 1
    pygame.display.quit()
    again = make_app(home=str(tmp_path))
    assert again.notices.texts == []


def test_first_start_follows_the_system_locale(tmp_path, monkeypatch):
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    app = make_app(home=str(tmp_path))
    assert app.config.lang == "fr" and app.settings.language is None
    assert app.stack.top.buttons["new"].text == "Nouvelle partie (N)"


def test_flags_win_for_the_run_and_are_not_stored(tmp_path):
    settings.save(Settings(language="de", speed=2.0), paths.dirs(tmp_path).settings)
    app = make_app(home=str(tmp_path), lang="fr", speed=3.0)
    assert (app.config.lang, app.config.speed) == ("fr", 3.0)
    assert settings.load(app.dirs.settings)[0].language == "de"


def open_settings(app) -> SettingsScene:
    click(app, button_center(app.stack.top, "settings"))
    assert isinstance(app.stack.top, SettingsScene)
    return app.stack.top


def test_every_setting_changes_through_the_screen_and_is_stored(tmp_path):
    app = make_app(home=str(tmp_path), lang="en", size=(1280, 720))
    scene = open_settings(app)
    for name in ("speed:2.0", "reduced_motion:on", "hints:off", "window:1600x900"):
        click(app, button_center(scene, name))
    assert app.size == (1600, 900)
    scene = app.stack.top
    slider = scene.widgets["volume"]
    click(app, slider.left_button.rect.center, frames=3)
    stored = settings.load(app.dirs.settings)[0]
    assert stored.speed == 2.0 and stored.reduced_motion and not stored.hints
    assert stored.window == (1600, 900) and stored.volume == pytest.approx(0.6)
    assert app.config.hints is False and app.sound.volume == pytest.approx(0.6)
    click(app, button_center(app.stack.top, "fullscreen:on"))
    click(app, button_center(app.stack.top, "fullscreen:off"))
    assert not app.config.fullscreen
    press(app, pygame.K_ESCAPE)
    assert app.stack.top.__class__.__name__ == "MenuScene"
    # the next start uses them
    pygame.display.quit()
    again = make_app(home=str(tmp_path))
    assert again.size == (1600, 900) and again.config.speed == 2.0
    assert again.config.reduced_motion and again.config.volume == pytest.approx(0.6)


def test_switching_language_mid_game_keeps_the_game_and_changes_the_cards(tmp_path):
    app = make_app(home=str(tmp_path), lang="en", seed=4, think_time=0.0)
    table = app.start_game(
        [Seat("Léa", None), Seat("Hugo", None), Seat("Ana", None)],
        deck=["5", "6", "7", "freeze"],
        dealer=2,
    )
    settle(app)
    press(app, pygame.K_h)
    settle(app)
    game, actions = table.game, list(table.game.actions)
    assert table.driver.bar()[0] == "Léa — who gets this Freeze?"
    press(app, pygame.K_ESCAPE)
    click(app, button_center(app.stack.top, "settings"))
    click(app, button_center(app.stack.top, "language:fr"))
    assert app.stack.top.widgets["back"].text == "Retour"
    press(app, pygame.K_ESCAPE)  # back to the pause menu, in French
    assert app.stack.top.buttons["resume"].text == "Reprendre"
    press(app, pygame.K_ESCAPE)
    pump(app, 2)
    assert app.stack.top is table and table.game is game and table.game.actions == actions
    assert table.driver.bar()[0] == "Léa — qui reçoit la carte Stop\u00a0?"
    assert app.assets.lang == "fr"
    assert table.shown.differences(game) == []
    assert settings.load(app.dirs.settings)[0].language == "fr"
    press(app, pygame.K_1)  # and the game goes on
    assert len(table.game.actions) == len(actions) + 1


def test_the_log_and_caption_follow_a_language_switch(tmp_path):
    """A language switch rewrites the log and caption: never a German table that says
    "Marc reste avec 30", nor an English one "Spiel fortgesetzt — Runde 3"."""
    app = make_app(home=str(tmp_path), lang="fr", seed=4, think_time=0.0)
    table = app.start_game(
        [Seat("Marc", None), Seat("Bot", "baseline")], deck=["5", "6", "7"], dealer=1
    )
    settle(app)
    press(app, pygame.K_h)
    settle(app)
    french = [str(line) for line in table.presenter.log]
    assert "Marc pioche\u00a0: 7" in french
    app.change_settings(language="de")
    german = [str(line) for line in table.presenter.log]
    assert "Marc zieht: 7" in german and "Marc pioche\u00a0: 7" not in german
    assert str(table.presenter.caption) in german and str(table.presenter.caption) not in french
    app.change_settings(language="en")
    resumed = app.load_game(app.dirs.autosave)
    assert str(resumed.presenter.caption) == "Game resumed — round 1"
    app.change_settings(language="de")
    assert str(resumed.presenter.caption) == "Spiel fortgesetzt — Runde 1"
