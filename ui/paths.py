"""Where the program keeps its files: settings, the autosave, saved games.

By default the user's folders (``platformdirs``): settings in
``user_config_dir("flip7")``, games in ``user_data_dir("flip7")``. A home
folder — ``Config.home`` (``--home DIR``) or the ``FLIP7_HOME`` environment
variable — redirects both, to ``HOME/config`` and ``HOME/data``, so tests and
tools never touch the real ones.

>>> d = dirs("/tmp/somewhere")
>>> d.settings.as_posix(), d.autosave.as_posix()
('/tmp/somewhere/config/settings.json', '/tmp/somewhere/data/autosave.json')
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

HOME_ENV = "FLIP7_HOME"


@dataclass(frozen=True)
class Dirs:
    config: Path
    data: Path

    @property
    def settings(self) -> Path:
        return self.config / "settings.json"

    @property
    def autosave(self) -> Path:
        """The game being played, rewritten after every decision."""
        return self.data / "autosave.json"

    @property
    def last_finished(self) -> Path:
        """The last game played to its end (kept for a replay to come)."""
        return self.data / "last-finished.json"

    @property
    def saves(self) -> Path:
        """Where "Save as…" proposes to write, and "Load game" lists files."""
        return self.data / "saves"


def shown(path: Path) -> str:
    """A path as a player reads it: the home folder as ``~``."""
    text, home = str(path), str(Path.home())
    return "~" + text[len(home) :] if home != "/" and text.startswith(home + os.sep) else text


def dirs(home: str | os.PathLike[str] | None = None) -> Dirs:
    """The folders to use: ``home`` if given, else ``$FLIP7_HOME``, else the user's."""
    home = home or os.environ.get(HOME_ENV) or None
    if home:
        root = Path(home).expanduser()
        return Dirs(root / "config", root / "data")
    from platformdirs import user_config_dir, user_data_dir

    return Dirs(
        Path(user_config_dir("flip7", appauthor=False)),
        Path(user_data_dir("flip7", appauthor=False)),
    )
