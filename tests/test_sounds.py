"""The project's own sounds: synthesised the same every time, regenerated when missing,
played at the table's moments, and silent without an audio device."""

import shutil
import wave
from pathlib import Path

import pygame
import pytest

from game import events as ev
from tools import make_sounds
from ui import sound as sound_module
from ui.config import Seat
from ui.driver import make_app, press, pump, settle
from ui.sound import Sound


def game_sounds() -> Path:
    """The folder of the set the game itself plays (made first if due)."""
    return Path(make_sounds.ensure_sounds()["dir"])


def test_the_sounds_are_deterministic_short_wav_files(tmp_path):
    made = make_sounds.generate_sounds(tmp_path)
    # the game's own set, made by this or another process, holds the same bytes
    assert made["version"] == make_sounds.ensure_sounds()["version"]
    for name in make_sounds.SOUNDS:
        first = (tmp_path / f"{name}.wav").read_bytes()
        assert first == (game_sounds() / f"{name}.wav").read_bytes()
        with wave.open(str(tmp_path / f"{name}.wav")) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
            seconds = w.getnframes() / w.getframerate()
            assert 0.05 < seconds < 1.5, name


def test_missing_or_stale_sounds_are_made_again(tmp_path):
    shutil.copytree(game_sounds(), tmp_path, dirs_exist_ok=True)
    made = make_sounds.ensure_sounds(tmp_path)
    (tmp_path / "bust.wav").unlink()
    again = make_sounds.ensure_sounds(tmp_path)
    assert (tmp_path / "bust.wav").stat().st_size > 1000 and again["dir"] == made["dir"]
    before = (tmp_path / "flip.wav").stat().st_mtime_ns
    make_sounds.ensure_sounds(tmp_path)  # fresh: nothing rewritten
    assert (tmp_path / "flip.wav").stat().st_mtime_ns == before


def test_no_audio_device_means_silence_not_an_error(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    silent = Sound(0.8, directory=game_sounds())
    assert not silent.enabled and silent.play("flip") is False
    app = make_app(lang="en", seed=1, think_time=0.0)
    assert not app.sound.enabled
    app.start_game([Seat("Ada", "baseline"), Seat("Bo", "baseline")])
    pump(app, 60)  # cards fly, nothing breaks
    assert app.running
    pygame.display.quit()


def test_sounds_follow_the_table_and_the_volume(monkeypatch, two_humans):
    played = []
    monkeypatch.setattr(Sound, "play", lambda self, name: played.append(name) or True)
    app = make_app(lang="en", seed=1, speed=1.0)
    table = app.start_game(two_humans, deck=["5", "6", "5"], dealer=1)
    pump(app, 40, dt=1 / 30)
    assert "flip" in played  # the opening cards, as each is shown
    settle(app)
    played.clear()
    press(app, pygame.K_h)
    pump(app, 60, dt=1 / 30)
    assert played[:2] == ["flip", "bust"] and table.game.hands[0].status == "busted"
    played.clear()
    press(app, pygame.K_s)
    settle(app)  # a click or skip finishes at once: no burst of sounds
    assert played.count("flip") <= 1
    assert app.sound.for_event(ev.Frozen(0, 0, 0)) == "freeze"
    pygame.display.quit()


def test_volume_zero_is_silent():
    sound = Sound(0.0, directory=game_sounds())
    if not sound.enabled:
        pytest.skip("no mixer here")
    assert sound.play("flip") is False
    sound.set_volume(0.5)
    assert sound.play("flip") is True
    assert sound.play("flip") is False  # the same sound twice at once: once
    assert sound_module.MIN_GAP > 0
