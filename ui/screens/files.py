"""Save as… and Load game: a file name to type, the saved games to pick, or "Browse…".

Loading a file that cannot be played shows why and leaves the file alone;
saving on a full disk shows why and the game goes on (its autosave intact).
"""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path

import pygame
import pygame_gui

from game import gamefile
from game.gamefile import GameFileError
from game.limits import clean_text, printable
from ui.assets import MUTED
from ui.context import FilesContext
from ui.i18n import t
from ui.paths import shown
from ui.screens.forms import FormScene
from ui.storage.saves import SaveError, describe

PATH_LIMIT = 1000
MAX_LISTED = 200
#: the games shipped with the program (a checkout's; an installed copy has none)
EXAMPLES = Path(__file__).resolve().parent.parent.parent / "examples"


class FilesScene(FormScene):
    """``mode`` "save" (writes ``game``) or "load"."""

    app: FilesContext
    HOSTS_NOTICES = True  # "Could not open…" under the title, never over it or the list

    def __init__(self, app: FilesContext, mode: str, game=None) -> None:
        super().__init__(app)
        self.mode = mode
        self.game = game
        self.TITLE = "files.save_title" if mode == "save" else "files.load_title"
        self.path = str(app.saves.suggested_path()) if mode == "save" else ""
        self.files: dict[str, Path | None] = {}  # each row of the list: its file (None: a heading)
        self.browser: pygame_gui.windows.UIFileDialog | None = None

    def build(self, u: float) -> None:
        p = self.panel_rect()
        pad, row = round(20 * u), round(40 * u)
        x, w = p.x + pad, p.w - 2 * pad
        self.files = self.rows()
        list_top = p.y + round(44 * u)
        y = p.bottom - pad - row
        if self.files:
            listing = pygame_gui.elements.UISelectionList(
                pygame.Rect(x, list_top, w, y - round(16 * u) - list_top),
                list(self.files),
                self.app.manager,
            )
            self.widgets["list"] = listing
            self.fit_rows(listing)
        browse_w = round(200 * u)
        self.entry(
            "path",
            (x, y, w - browse_w - round(10 * u), row),
            self.path,
            PATH_LIMIT,
            placeholder=f"({t('files.path_hint')})",
        )
        self.button("browse", (x + w - browse_w, y, browse_w, row), t("files.browse"))
        bw, bh = round(200 * u), round(48 * u)
        by = p.bottom + round(20 * u)
        self.button(
            "cancel", (p.centerx - bw - round(8 * u), by, bw, bh), t("files.cancel"), "#menu_button"
        )
        self.button(
            "ok",
            (p.centerx + round(8 * u), by, bw, bh),
            t("files.save" if self.mode == "save" else "files.load"),
            "#primary_button",
        )

    def rows(self) -> dict[str, Path | None]:
        """The list: a row a saved game, newest first."""
        rows: dict[str, Path | None] = {}
        for path in self.app.saves.list_saves()[:MAX_LISTED]:
            label = printable(f"{path.name}   ·   {_when(path)}   ·   {describe(path)}")
            if path == self.app.dirs.last_finished:
                label = f"{t('files.last_finished')}   ·   {label}"
            rows[label] = path
        return rows

    def fit_rows(self, listing: pygame_gui.elements.UISelectionList) -> None:
        """Rows wider than the list lose their tail (the players' names) to "…";
        a row that could then be mistaken for another stays whole."""
        button = listing.item_list[0]["button_element"]
        if button is None or button.font is None:
            return
        border = button.border_width
        if isinstance(border, dict):
            border = max(border.get("left", 0), border.get("right", 0))
        room = button.rect.w - 2 * (border + button.shadow_width)
        fitted: dict[str, Path | None] = {}
        for label, path in self.files.items():
            short = cut_to(label, button.font.size, room)
            fitted[label if short in fitted else short] = path
        if list(fitted) != list(self.files):
            self.files = fitted
            listing.set_item_list(list(fitted))

    def kill_ui(self) -> None:
        super().kill_ui()
        if self.browser is not None:
            self.browser.kill()
            self.browser = None

    def render_body(self, img, u: float) -> None:
        p = self.panel_rect()
        self.panel(img, p, u)
        pad = round(20 * u)
        folder = t("files.folder", folder=shown(self.app.dirs.saves))
        self.text(
            img,
            folder,
            max(10, round(14 * u)),
            MUTED,
            max_width=p.w - 2 * pad,
            topleft=(p.x + pad, p.y + round(14 * u)),
        )
        if not self.files:
            self.text(
                img, t("files.none"), round(18 * u), MUTED, center=(p.centerx, p.y + round(120 * u))
            )

    # ------------------------------------------------------------ input
    def on_text(self, name: str, text: str) -> None:
        if name == "path":
            self.path = text

    def on_submit(self, name: str) -> None:
        if name == "path":
            self.confirm()

    def on_button(self, name: str) -> None:
        if name == "cancel":
            self.back()
        elif name == "ok":
            self.confirm()
        elif name == "browse":
            self.browse()

    def on_event(self, event) -> bool:
        if event.type in (
            pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
            pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION,
        ):
            path = self.files.get(event.text)
            if path is not None:
                self.set_path(str(path))
                if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION:
                    self.confirm()
            return True
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            self.browser = None
            self.set_path(event.text)
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.browser:
            self.browser = None
            return True
        return False

    def on_key(self, key: int) -> bool:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
            return True
        return False

    def set_path(self, text: str) -> None:
        self.path = text
        if "path" in self.widgets:
            # shown without what a field cannot draw (a file name may hold anything);
            # self.path keeps the real name for Load / Save
            self.widgets["path"].set_text(clean_text(text)[:PATH_LIMIT])
        self.app.invalidate()

    def browse(self) -> None:
        if self.browser is not None:
            return
        w, h = self.app.size
        rect = pygame.Rect(0, 0, max(420, w * 2 // 3), max(320, h * 3 // 4))
        rect.center = (w // 2, h // 2)
        with contextlib.suppress(OSError):
            self.app.dirs.saves.mkdir(parents=True, exist_ok=True)
        start = Path(self.path).expanduser().parent if self.path else self.app.dirs.saves
        if not start.is_dir():
            start = Path.home()
        self.browser = pygame_gui.windows.UIFileDialog(
            rect,
            self.app.manager,
            window_title=t("files.browse_title"),
            initial_file_path=str(start),
            allow_existing_files_only=self.mode == "load",
        )

    def target(self) -> Path | None:
        text = self.path.strip()
        if not text:
            return None
        path = Path(text).expanduser()
        if self.mode == "save" and not path.suffix:
            path = path.with_name(path.name + ".json")  # so that the load list shows it
        return path if path.is_absolute() else self.app.dirs.saves / path

    def confirm(self) -> None:
        path = self.target()
        if path is None:
            self.app.notify(t("files.no_name"), error=True, screen=True)
            return
        if self.mode == "load":
            self.app.load_game(path)  # a table on success; a message otherwise
            return
        try:
            written = self.app.saves.save_as(self.game, path)
        except SaveError as e:
            self.app.notify(t("notice.save_failed", file=path.name, reason=e), error=True)
            return
        self.app.notify(t("notice.saved", file=str(written)))
        self.back()


class ReplayFilesScene(FilesScene):
    """Replays (main menu): the same list as "Load game", then the games shipped in
    ``examples/`` under a heading of their own (read where they are, never copied); its
    button opens the replay viewer over this list (``App.open_replay``), so Esc in the
    viewer comes back here."""

    def __init__(self, app: FilesContext) -> None:
        super().__init__(app, "load")
        self.TITLE = "replay.files_title"

    def rows(self) -> dict[str, Path | None]:
        rows = super().rows()
        shipped = example_games()
        if shipped:
            rows[f"——  {t('replay.examples')}  ——"] = None
            for path in shipped:
                name = path.relative_to(EXAMPLES).as_posix()
                rows[printable(f"{name}   ·   {describe(path)}")] = path
        return rows

    def build(self, u: float) -> None:
        super().build(u)
        self.widgets["ok"].set_text(t("replay.watch"))

    def confirm(self) -> None:
        path = self.target()
        if path is None:
            self.app.notify(t("files.no_name"), error=True, screen=True)
            return
        self.app.open_replay(path, from_menu=False)


def example_games(folder: Path = EXAMPLES) -> list[Path]:
    """The replayable games of ``examples/`` and ``examples/*/`` (not a table of real
    cards, which only ``game.advise`` follows), by name; none in an installed copy."""
    games = []
    for path in sorted(folder.glob("*.json")) + sorted(folder.glob("*/*.json")):
        try:
            data = json.loads(gamefile.read_text(path, 1024 * 1024))
        except (OSError, ValueError, GameFileError):
            continue
        replayable = isinstance(data, dict) and data.get("dealing") != "observed"
        if replayable and isinstance(data.get("actions"), list):
            games.append(path)
    return games


def _when(path: Path) -> str:
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
    except OSError:
        return "?"


def cut_to(text: str, measure, room: int) -> str:
    """``text`` or its longest start + "…" that ``measure`` (a font's ``size``)
    finds no wider than ``room`` pixels.

    >>> cut_to("abcdef", lambda s: (len(s), 1), 4)
    'abc…'
    >>> cut_to("abc", lambda s: (len(s), 1), 4)
    'abc'
    """
    if measure(text)[0] <= room:
        return text
    low, high = 0, len(text)  # text[:low] + "…" fits; text[:high] + "…" does not
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (mid, high) if measure(text[:mid] + "…")[0] <= room else (low, mid)
    return text[:low].rstrip(" ·") + "…"
