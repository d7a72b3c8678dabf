"""The one door from the window to ``tools/``: the generated art and sound cache.

The card faces and the sounds are made by the generators of ``tools/`` on first
start and kept in a cache; the fonts and the theme are the shipped ``assets/``
(found by :mod:`tools.generated`). Every other ``ui`` module asks here, so the
import-linter contract "ui reaches tools only through ui.artcache" holds.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tools.generated import ASSETS, FONT_PATH, THEME_PATH
from tools.make_cards import card_path, ensure_cards
from tools.make_sounds import ensure_sounds

__all__ = ["ASSETS", "FONT_PATH", "THEME_PATH", "card_path", "ensure_cards", "sound_folder"]


def sound_folder() -> Path:
    """The folder of the generated WAV files, made first if missing or stale."""
    info: dict[str, Any] = ensure_sounds()
    return Path(info["dir"])
