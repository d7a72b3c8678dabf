"""Small marks the window leaves in its config folder (the tutorial was offered)."""

from __future__ import annotations

from game.atomic import write_atomic
from ui.paths import Dirs

OFFERED = "tutorial-offered"  # a marker in the config folder: the offer was made


def first_offer(dirs: Dirs) -> bool:
    """True on the very first start (and never again): the menu then offers the tutorial."""
    marker = dirs.config / OFFERED
    try:
        if marker.exists():
            return False
        marker.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(marker, "1\n")
    except OSError:
        return False
    return True
