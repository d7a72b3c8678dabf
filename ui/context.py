"""What a scene may use of the window: the narrow contexts scenes and drivers are given.

A scene never holds the whole :class:`ui.app.App` (its stack, screen, clock, saves…):
it holds a :class:`Context` — the window's size and look, the way to other screens,
the notices, the settings and where files go. A scene that needs more says so in its
own type, one of the contexts below, each listing exactly what it adds: the table and
its drivers play sounds and autosave (:class:`TableContext`), the menu starts and
continues games (:class:`MenuContext`), and so on. :class:`ui.app.App` is the one
implementation of them all (mypy checks that it is, in ``ui/app.py``) and every use
against the scene's own context, so "find usages" of a member lists every scene that
depends on it.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame_gui

    from game.engine import Game
    from game.rules import RuleOptions
    from ui.assets import Assets
    from ui.config import Resolved, Seat
    from ui.paths import Dirs
    from ui.scene import Scene
    from ui.screens.setup_model import TableSetup
    from ui.settings import Settings
    from ui.sound import Sound
    from ui.storage.saves import Saves


class Context(Protocol):
    """What every scene may use of the window."""

    # -- the screen: its size, the art and texts, the widgets, a redraw asked for
    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def assets(self) -> Assets: ...

    @property
    def manager(self) -> pygame_gui.UIManager: ...

    def invalidate(self) -> None: ...

    # -- navigation by name (ui/routes.py)
    def go(
        self, name: str, *args: Any, home: bool = False, replace: bool = False, **kw: Any
    ) -> Any:
        """Open the scene ``name`` on top (``home``: over the menu); it answers to the asker."""
        ...

    def back(self, result: object = None) -> bool:
        """Close the top scene, ``result`` to the scene that opened it."""
        ...

    def on_top(self, scene: Scene) -> bool:
        """Whether ``scene`` gets the input now."""
        ...

    def to_menu(self) -> None: ...

    # -- the notices at the top of the window
    def notify(self, text: str, error: bool = False, screen: bool = False) -> None: ...

    # -- the settings as they stand, and changing them (kept in the settings file)
    @property
    def config(self) -> Resolved: ...

    def change_settings(self, **changes: Any) -> None: ...

    # -- where the program keeps its files
    @property
    def dirs(self) -> Dirs: ...


class TableContext(Context, Protocol):
    """What a table, its drivers and the screens over it use besides: the sounds (and
    whether the person muted them), the autosave, the plug-ins the person agreed to run,
    withdrawing a notice that no longer holds, the game just played reviewed or watched."""

    @property
    def sound(self) -> Sound: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def trusted(self) -> set[str]: ...

    def autosave(self, game: Game, new: bool = False) -> None: ...

    def flush_autosave(self) -> None:
        """Wait until the autosave's last write is on the disk (a table is left)."""
        ...

    def keep(self, game: Game, path: Path) -> None:
        """Write ``game`` to ``path`` off the window's thread (a live table's file)."""
        ...

    def withdraw_notices(self, texts: Iterable[str]) -> None: ...

    def review_game(self, game: Game) -> Any: ...

    def watch_game(self, game: Game) -> Any: ...


class Starts(Protocol):
    """Starting a new game: the seats, the rules, the seed, whatever ``Game`` takes."""

    def start_game(
        self,
        seats: list[Seat],
        demo: bool = False,
        rules: RuleOptions | None = None,
        seed: int | None = None,
        **game_args: Any,
    ) -> Any: ...


class MenuContext(Context, Starts, Protocol):
    """The main menu: the unfinished game Continue takes up, a new game (the demo's),
    leaving the program."""

    def check_unfinished(self) -> Any: ...

    def continue_game(self) -> Any: ...

    def quit(self) -> None: ...


class SetupContext(Context, Starts, Protocol):
    """The new-game screen (and the score sheet's, for its names): the table set up
    last, kept while the program runs."""

    last_setup: TableSetup | None


class FilesContext(Context, Protocol):
    """Save, load and the replays list: the saved games, a game or a replay opened."""

    @property
    def saves(self) -> Saves: ...

    def load_game(self, path: Any) -> Any: ...

    def open_replay(self, path: Any, from_menu: bool = True) -> Any: ...


class SettingsContext(Context, Protocol):
    """The settings screen: the sound, to try the volume (and say when there is none)."""

    @property
    def sound(self) -> Sound: ...
