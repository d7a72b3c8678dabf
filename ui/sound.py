"""Short sounds for what happens at the table, at the player's volume.

The WAV files are made by ``tools.make_sounds`` through :mod:`ui.artcache` (generated on
start if missing, like the card art). Without an audio device — ``pygame.mixer`` fails to start,
or a file will not load — the game is simply silent: :meth:`Sound.play`
never raises. What the C library says meanwhile on the terminal (ALSA's eight lines
about a missing card) goes nowhere; Settings says instead that no sound device was
found (:attr:`Sound.no_device`).
"""

from __future__ import annotations

import logging
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pygame

from game import events as ev
from ui.artcache import sound_folder

log = logging.getLogger(__name__)

#: The engine event whose step, when it plays on screen, makes each sound. The win
#: sounds when the game-over screen opens (even after a click skipped the last cards).
EVENT_SOUNDS = {ev.CardDrawn: "flip", ev.Busted: "bust", ev.Frozen: "freeze", ev.Flip7: "flip7"}
NAMES = ("flip", "bust", "freeze", "flip7", "win")
MIN_GAP = 0.05  # the same sound at most this often (a fast-forward would be a rattle)


class Sound:
    def __init__(self, volume: float = 0.7, directory: Path | None = None) -> None:
        self.volume = volume
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self._last: dict[str, float] = {}
        self.enabled = False
        self.no_device = False  # the mixer could not start: no sound device
        try:
            if directory is None:
                directory = sound_folder()
            if not pygame.mixer.get_init():
                try:
                    quietly(
                        lambda: pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
                    )
                except pygame.error:
                    self.no_device = True
                    raise
            for name in NAMES:
                self.sounds[name] = pygame.mixer.Sound(str(directory / f"{name}.wav"))
            self.enabled = True
        except (pygame.error, OSError, ValueError, KeyError) as e:
            log.info("no sound: %s", e)
            self.sounds.clear()

    def set_volume(self, volume: float) -> None:
        self.volume = min(1.0, max(0.0, volume))

    def play(self, name: str) -> bool:
        """Play a sound now; False when silent (no device, volume 0, just played)."""
        sound = self.sounds.get(name)
        if sound is None or self.volume <= 0:
            return False
        now = time.perf_counter()
        if now - self._last.get(name, -1.0) < MIN_GAP:
            return False
        self._last[name] = now
        try:
            sound.set_volume(self.volume)
            sound.play()
        except pygame.error:
            return False
        return True

    def for_event(self, event) -> str | None:
        """The sound an engine event makes, if any."""
        return EVENT_SOUNDS.get(type(event))

    def cue(self, event) -> None:
        """The table shows ``event``: its sound, if it makes one."""
        name = self.for_event(event)
        if name is not None:
            self.play(name)


def quietly(call: Callable[[], object]) -> None:
    """``call()`` with the process's stderr (file descriptor 2, where C libraries write)
    sent to the null device meanwhile, then given back, whatever happens."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):  # no stderr to keep quiet
        call()
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 2)
        finally:
            os.close(null)
        call()
    finally:
        os.dup2(saved, 2)
        os.close(saved)
