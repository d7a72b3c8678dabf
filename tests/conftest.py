"""Every test runs headless: set before any test module imports pygame."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# the hostile-bot zoo is code no test process may import (only a plug-in's own process)
collect_ignore_glob = ["bots_zoo/*"]
