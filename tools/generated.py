"""Where the game's own files are: the packaged ones it reads (fonts, theme) and the
ones it generates on start (card art, sounds). The one place that knows both layouts:

- **the checkout** (``python main.py``): ``assets/`` beside ``main.py``; generated
  art and sounds go to ``assets/cards`` and ``assets/sounds`` (git-ignored), or to
  the user cache folder when ``assets/`` is read-only;
- **an installed copy** (``pip install .``, ``pipx install .``, the ``flip7``
  command): the same files, installed as the package data ``flip7_assets`` beside
  ``game``, ``ui`` and ``tools``; generated files always go to the user cache folder
  (``platformdirs.user_cache_dir("flip7")``), never into site-packages nor the
  current folder.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent  # the checkout, or site-packages
#: The packaged files of an installed copy (``[tool.setuptools.package-dir]``).
INSTALLED_ASSETS = _ROOT / "flip7_assets"
#: True when running from an installed copy rather than from the checkout.
INSTALLED = INSTALLED_ASSETS.is_dir()
#: The folder of the fonts and the theme.
ASSETS = INSTALLED_ASSETS if INSTALLED else _ROOT / "assets"
FONT_PATH = ASSETS / "fonts" / "DejaVuSans-Bold.ttf"
THEME_PATH = ASSETS / "theme.json"


def default_dir(kind: str) -> Path:
    """Where generated ``kind`` (``"cards"``, ``"sounds"``) goes first."""
    return user_cache(kind) if INSTALLED else ASSETS / kind


def writable(path: Path) -> bool:
    """True if files can be created in ``path`` (made if missing)."""
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path, prefix=".probe-"):
            pass
        return True
    except OSError:
        return False


def user_cache(kind: str) -> Path:
    """The user cache folder for generated ``kind``: always for an installed copy, and
    the fallback of the checkout when its assets folder is read-only."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("flip7", appauthor=False)) / kind
