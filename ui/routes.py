"""Navigation by name: every scene the app can open, under the name scenes ask for.

A scene never imports another scene: it asks the app, ``app.go("sheet", sheet, store)``,
and closes itself with ``app.back(result)``, the result going to the scene that asked
(:meth:`ui.scene.Scene.returned`). Only this module knows the scene classes, and only
:mod:`ui.app` imports it, so the arrows run one way: app → routes → scenes.
"""

from __future__ import annotations

from collections.abc import Callable

from ui.online.screens import LobbyScene, OnlineScene
from ui.scene import Scene
from ui.screens.files import FilesScene, ReplayFilesScene
from ui.screens.menu import MenuScene
from ui.screens.rules_screen import RulesScene
from ui.screens.settings_screen import SettingsScene
from ui.screens.setup import SetupScene
from ui.screens.trust import TrustScene
from ui.table.live import live_table
from ui.table.net import net_table
from ui.table.pause import PauseScene
from ui.table.play import table
from ui.table.replay import replay
from ui.table.review_screen import ReviewProgressScene, ReviewScene
from ui.table.summary import GameOver, RoundSummary
from ui.table.table import TableScene
from ui.table.tutorial import tutorial
from ui.tabletop.calculator_screen import CalculatorScene
from ui.tabletop.history_screen import ConfirmScene, HistoryScene
from ui.tabletop.sheet_screen import SheetScene
from ui.tabletop.sheet_setup import SheetSetupScene
from ui.tabletop.stats_screen import StatsScene

HOME = "menu"  # the bottom of the stack: "to the menu" pops down to it
HOME_SCENE: type[Scene] = MenuScene
TABLE_SCENE = TableScene  # every table, whatever drives it
CONFIRM_SCENE = ConfirmScene  # a question before something is ended

ROUTES: dict[str, Callable[..., Scene]] = {
    "menu": MenuScene,
    "setup": SetupScene,
    "files": FilesScene,
    "replay_files": ReplayFilesScene,
    "rules": RulesScene,
    "settings": SettingsScene,
    "table": table,  # the table view (ui.table.table) and its drivers (ui.table.drive)
    "tutorial": tutorial,
    "replay": replay,
    "live": live_table,
    "online": OnlineScene,
    "lobby": LobbyScene,
    "net_table": net_table,
    "review": ReviewScene,
    "review_progress": ReviewProgressScene,
    "pause": PauseScene,
    # a table's gates: the presenter's gate (ui.table.timeline) names the screen it opens
    "round_over": RoundSummary,
    "game_over": GameOver,
    "history": HistoryScene,
    "sheet_setup": SheetSetupScene,
    "sheet": SheetScene,
    "calculator": CalculatorScene,
    "stats": StatsScene,
    "trust": TrustScene,
    "confirm": ConfirmScene,
}
