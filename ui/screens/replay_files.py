"""Replays (main menu): the saved games and the last finished one, or any file, to watch.

The same screen as "Load game" (:class:`ui.screens.files.FilesScene`); its button opens the
replay viewer over this list, so Esc in the viewer comes back here. Also the ways in:
:func:`open_replay` (a file: this list, ``--replay FILE``) and :func:`watch_game`
(the game-over screen's "Watch replay").
"""

from __future__ import annotations

from pathlib import Path

from game.limits import printable
from ui.i18n import t
from ui.screens.files import FilesScene
from ui.storage.saves import LoadError
from ui.table.replay import ReplayScene
from ui.table.replay_model import Replay, load_replay


class ReplayFilesScene(FilesScene):
    def __init__(self, app) -> None:
        super().__init__(app, "load")
        self.TITLE = "replay.files_title"

    def build(self, u: float) -> None:
        super().build(u)
        self.widgets["ok"].set_text(t("replay.watch"))

    def confirm(self) -> None:
        path = self.target()
        if path is None:
            self.app.notify(t("files.no_name"), error=True, screen=True)
            return
        open_replay(self.app, path, from_menu=False)


# ---------------------------------------------------------------- opening
def show(app, replay: Replay, title: str, play: bool = False,
         from_menu: bool = True) -> ReplayScene:
    """Put ``replay`` on screen: over the menu, or (``from_menu`` False) over the current
    scene, so that Esc goes back to it (the list of files)."""
    from ui.screens.menu import MenuScene

    if from_menu:
        app.stack.pop_to(MenuScene)
    scene = ReplayScene(app, replay, title, play=play)
    app.stack.push(scene)
    app.invalidate()
    return scene


def open_replay(app, path, from_menu: bool = True) -> ReplayScene | None:
    """Open a game file as a replay; one that cannot be played is a notice, and nothing else."""
    try:
        replay = load_replay(path)
    except LoadError as e:
        app.notify(t("notice.load_failed", file=Path(path).name, reason=e), error=True,
                   screen=True)
        return None
    # the file's name is its title: a name that is not UTF-8 or holds a newline still draws
    return show(app, replay, printable(Path(path).name), from_menu=from_menu)


def watch_game(app, game) -> ReplayScene | None:
    """The game just played, from its first card, playing (the game-over screen's button)."""
    try:
        replay = Replay.of_game(game)
    except (LoadError, ValueError) as e:  # never expected: the table only plays legal moves
        app.notify(t("notice.load_failed", file=t("replay.this_game"), reason=e), error=True)
        return None
    return show(app, replay, t("replay.this_game"), play=True)
