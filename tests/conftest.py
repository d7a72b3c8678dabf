"""Every test runs headless: set before any test module imports pygame."""

import os
import sys

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# the hostile-bot zoo is code no test process may import (only a plug-in's own process)
collect_ignore_glob = ["bots_zoo/*"]


@pytest.fixture(autouse=True)
def _close_display():
    """After each test: a window it opened is closed, and the language is English again."""
    yield
    if "pygame" in sys.modules:
        sys.modules["pygame"].display.quit()
    if "ui.i18n" in sys.modules:
        sys.modules["ui.i18n"].set_language("en")
