"""Shared by the generators of assets made on start (card art, sounds)."""

from __future__ import annotations

import tempfile
from pathlib import Path


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
    """Where generated ``kind`` goes when the project's assets folder is read-only."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("flip7", appauthor=False)) / kind
