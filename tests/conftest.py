"""Every test runs headless: set before any test module imports pygame.

The fixtures every test file shares: after each test the window is closed and the
language is English again; ``app`` is a window driven by posted events (ui/driver.py).
"""

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


@pytest.fixture
def app(request):
    """A 1280×720 window in English whose bots decide at once, in a scratch home; a test
    module's ``APP`` dict changes or adds to that configuration (``ui.config.Config``)."""
    from ui.driver import make_app

    config = {"size": (1280, 720), "lang": "en", "think_time": 0.0}
    return make_app(**{**config, **getattr(request.module, "APP", {})})
